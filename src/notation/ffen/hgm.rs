//! H. G. Muller's Interactive Diagram definitions (`dialect=hgm`): the start position of a diagram as the
//! chessvariants.com pages define it, read into a [`Board`] and the look parameters that become render options.
//!
//! A definition is a list of items, one a line (a URL may carry them separated by spaces instead):
//!
//! * `key=value` parameters. Read: `files`, `ranks` (1–32, default 8), `symmetry` (`mirror` default, `rotate`,
//!   `none`), and the look: `squareSize`, `lightShade`, `darkShade`, `startShade` (replaces `darkShade` in a static
//!   picture, as HGM describes it), `rimColor`, `coordColor`, `holeColor`, `borders`, `firstRank`. Every other key
//!   (`graphicsDir`, `promoChoice`, `morph`, …) is ignored.
//! * piece lines `name:ID:moves:image:squares[:in hand]`. `squares` is a comma-separated list of squares (`c1`) and
//!   rectangles (`a2-j2`, `d4-e5`), ranks counted from 1 at the bottom whatever `firstRank` shows; they are White's,
//!   and Black's are placed by the symmetry (`mirror`: the same file, the rank counted from the top; `rotate`: the
//!   square turned 180°; `none`: the squares after an empty item, `a1,h1,,a8,h8`, are Black's). A later piece on
//!   a square replaces an earlier one. The in-hand count is ignored: pieces in hand are not on the board, and a
//!   static picture of the board does not show them. A piece named `hole` makes its squares missing squares.
//!
//! A piece is drawn as the orthodox piece its name (or else its image name) names, or the fairy glyph
//! ([`crate::notation::fairy`]) its name (or else its image name) has, or else as a disc with its ID letter (a named piece
//! whose name is the ID letter, so the canonical FFEN stays short).

use super::error::{ParseError, ParseErrorKind};
use crate::notation::board::{Board, Cell, Color, FairyName, Figure, Piece, PieceKind, Rotation, MAX_BOARD_SIDE};
use crate::notation::fairy;
use crate::notation::paint::{css_colour, Paint};
use crate::pixels::Rgb;

/// A definition read: the start position and the look it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The start position.
    pub board: Board,
    /// The look, as the definition gives it ([`crate::options::render_options::RenderOptions::from_definition`] turns it into options).
    pub look: DefinitionLook,
}

/// One item of the definition: its text and the 1-based column (in characters of the whole input) it starts at.
#[derive(Clone, Copy, Debug)]
struct Item<'a> {
    text: &'a str,
    column: usize,
}

impl Item<'_> {
    /// An error at `offset` characters into this item.
    fn error(&self, offset: usize, what: String) -> ParseError {
        ParseError::new(self.column + offset, ParseErrorKind::Definition { what })
    }
}

/// The items of `input`: its lines, each split at white space into tokens; a token with neither `=` nor `:` is
/// part of the next one (a piece name with a space, `Gold General:G::…`), so a definition whose lines were joined
/// by spaces reads as the lines did.
fn items(input: &str) -> Vec<Item<'_>> {
    let mut items = Vec::new();
    // The start (byte, column) of a run of tokens waiting for one with `=` or `:`, and of the current token.
    let mut pending: Option<(usize, usize)> = None;
    let mut token: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, c) in input.char_indices().chain(std::iter::once((input.len(), '\n'))) {
        column += 1;
        if !c.is_whitespace() {
            token.get_or_insert((byte, column));
            continue;
        }
        if let Some((start, col)) = token.take() {
            let (start, col) = pending.take().unwrap_or((start, col));
            // The last token of the pending run starts after the last white space before it (which may be a
            // character of several bytes, such as U+2000).
            let after_space =
                input[..byte].char_indices().rfind(|(_, c)| c.is_whitespace()).map_or(0, |(i, c)| i + c.len_utf8());
            let last = &input[after_space.max(start)..byte];
            if last.contains('=') || last.contains(':') {
                items.push(Item { text: &input[start..byte], column: col });
            } else {
                pending = Some((start, col));
            }
        }
        if c == '\n' || c == '\r' {
            if let Some((start, col)) = pending.take() {
                items.push(Item { text: input[start..byte].trim_end(), column: col });
            }
        }
    }
    items
}

/// How Black's squares follow from White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    Mirror,
    Rotate,
    None,
}

/// A colour of an HGM look parameter: `#` alone is transparent, else `#RRGGBB`, `#RGB` or a CSS name.
fn paint(value: &str) -> Option<Paint> {
    let value = value.trim();
    if value == "#" {
        return Some(Paint::Transparent);
    }
    let hex = value.strip_prefix('#').unwrap_or(value);
    if hex.len() == 3 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        let long: String = hex.chars().flat_map(|c| [c, c]).collect();
        return Rgb::parse_hex(&long).map(Paint::Solid);
    }
    Rgb::parse_hex(value).or_else(|| css_colour(value)).map(Paint::Solid)
}

/// The look parameters of a definition, as found (`None` where the definition is silent; HGM's defaults are
/// filled in by [`crate::options::render_options::RenderOptions::from_definition`]). Colours are read with HGM's grammar: `#` alone is
/// transparent, else `#RRGGBB`, `#RGB` or a CSS name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DefinitionLook {
    /// `lightShade`: the light squares.
    pub light: Option<Paint>,
    /// `darkShade`: the dark squares.
    pub dark: Option<Paint>,
    /// `startShade`, which replaces `darkShade` in a static picture.
    pub start: Option<Paint>,
    /// `rimColor`.
    pub rim: Option<Paint>,
    /// `coordColor`.
    pub coord: Option<Paint>,
    /// `holeColor`.
    pub hole: Option<Paint>,
    /// `borders`: lines between the squares.
    pub borders: Option<bool>,
    /// `squareSize` in pixels, as written (at most 100,000; the options clamp it to the sizes drawn).
    pub size: Option<u32>,
    /// `firstRank`: the number of the bottom rank, 0 to 999.
    pub first_rank: Option<u16>,
}

/// A piece line, split.
struct PieceLine<'a> {
    item: Item<'a>,
    name: &'a str,
    id: &'a str,
    image: &'a str,
    /// The squares field and its offset in the item, in characters.
    squares: (&'a str, usize),
}

/// Reads an Interactive Diagram definition.
pub(crate) fn read(input: &str) -> Result<Definition, ParseError> {
    let mut parameters = Parameters { files: 8, ranks: 8, symmetry: Symmetry::Mirror, look: DefinitionLook::default() };
    let mut pieces = Vec::new();
    for item in items(input) {
        let text = item.text;
        match (text.find('='), text.find(':')) {
            (Some(e), c) if c.is_none_or(|c| e < c) => parameters.set(item, e)?,
            (_, Some(_)) => pieces.push(PieceLine::read(item)?),
            _ => {
                let found = shorten(text);
                let what = format!("expected key=value or a piece line name:ID:moves:image:squares, found {found:?}");
                return Err(item.error(0, what));
            }
        }
    }
    let Parameters { files, ranks, symmetry, look } = parameters;
    let mut board = Board::empty(files, ranks).map_err(|_| ParseError::new(1, ParseErrorKind::Empty))?;
    // A later piece on a square replaces an earlier one.
    for line in &pieces {
        let cell = |color: Color| -> Result<Cell, ParseError> {
            if line.name.eq_ignore_ascii_case("hole") {
                return Ok(Cell::Hole);
            }
            Ok(Cell::Piece(Piece { kind: piece_kind(line)?, color, rotation: Rotation::NONE }))
        };
        let (white, black) = squares(line, files, ranks, symmetry)?;
        for (squares, color) in [(white, Color::White), (black, Color::Black)] {
            for (x, y) in squares {
                board.set(x, y, cell(color)?);
            }
        }
    }
    Ok(Definition { board, look })
}

/// What a definition's `key=value` parameters set: the board's size, how Black's squares follow from White's, and
/// the look.
struct Parameters {
    files: usize,
    ranks: usize,
    symmetry: Symmetry,
    look: DefinitionLook,
}

impl Parameters {
    /// Reads the parameter `item` (its `=` at byte `equals`), if it is one of those read (see the module
    /// documentation); every other key is ignored.
    fn set(&mut self, item: Item, equals: usize) -> Result<(), ParseError> {
        let text = item.text;
        let key = text[..equals].trim();
        let value = text[equals + 1..].trim();
        let value_at = text[..equals + 1].chars().count();
        let bad = |what: &str| item.error(value_at, format!("`{key}` {what}, not {value:?}"));
        let number = |max: u32| value.parse::<u32>().ok().filter(|n| *n <= max);
        let colour = || paint(value).ok_or_else(|| bad("is a colour (#RRGGBB, #RGB, a CSS name or # for none)"));
        let look = &mut self.look;
        match key.to_ascii_lowercase().as_str() {
            "files" | "ranks" => {
                let n = number(MAX_BOARD_SIDE as u32)
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| bad(&format!("is a number from 1 to {MAX_BOARD_SIDE}")))?;
                *(if key.eq_ignore_ascii_case("files") { &mut self.files } else { &mut self.ranks }) = n as usize;
            }
            "symmetry" => {
                self.symmetry = match value.to_ascii_lowercase().as_str() {
                    "mirror" | "" => Symmetry::Mirror,
                    "rotate" => Symmetry::Rotate,
                    "none" => Symmetry::None,
                    _ => return Err(bad("is mirror, rotate or none")),
                }
            }
            "squaresize" => look.size = Some(number(100_000).ok_or_else(|| bad("is a number of pixels"))?),
            "lightshade" => look.light = Some(colour()?),
            "darkshade" => look.dark = Some(colour()?),
            "startshade" => look.start = Some(colour()?),
            "rimcolor" => look.rim = Some(colour()?),
            "coordcolor" => look.coord = Some(colour()?),
            "holecolor" => look.hole = Some(colour()?),
            "borders" => {
                look.borders = Some(match value {
                    "0" => false,
                    "1" | "" => true,
                    _ => return Err(bad("is 0 or 1")),
                })
            }
            "firstrank" if value.is_empty() => look.first_rank = None,
            "firstrank" => {
                let n = number(999).ok_or_else(|| bad("is the number of the bottom rank, 0 to 999"))?;
                look.first_rank = Some(n as u16);
            }
            _ => {}
        }
        Ok(())
    }
}

impl<'a> PieceLine<'a> {
    /// The piece line `item` split into its fields: at least five (a sixth, the count in hand, is ignored).
    fn read(item: Item<'a>) -> Result<PieceLine<'a>, ParseError> {
        let fields: Vec<&str> = item.text.split(':').collect();
        if fields.len() < 5 {
            let what = format!(
                "a piece line has 5 or 6 fields name:ID:moves:image:squares[:in hand], this has {}",
                fields.len()
            );
            return Err(item.error(0, what));
        }
        let squares_at = fields[..4].iter().map(|f| f.chars().count() + 1).sum();
        Ok(PieceLine {
            item,
            name: fields[0].trim(),
            id: fields[1].trim(),
            image: fields[3].trim(),
            squares: (fields[4], squares_at),
        })
    }
}

/// At most 24 characters of `text`, for messages.
fn shorten(text: &str) -> String {
    let short: String = text.chars().take(24).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

/// A name as a fairy-table or orthodox name: letters only, lower case (`Gold General` → `goldgeneral`).
fn normalized(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphabetic).map(|c| c.to_ascii_lowercase()).collect()
}

/// The orthodox piece or known fairy glyph a name stands for.
fn known(name: &str) -> Option<PieceKind> {
    let name = normalized(name);
    if let Some(figure) = Figure::from_name(&name) {
        return Some(PieceKind::Figure(figure));
    }
    let fairy = FairyName::new(&name).ok()?;
    fairy::glyph(&fairy).map(|_| PieceKind::Named(fairy))
}

/// What a piece line draws: its name's piece, its image's, or a disc with its ID letter (the name's first letter
/// when the ID is empty).
fn piece_kind(line: &PieceLine<'_>) -> Result<PieceKind, ParseError> {
    if let Some(kind) = known(line.name).or_else(|| known(line.image)) {
        return Ok(kind);
    }
    let letter = line.id.chars().chain(line.name.chars()).find(char::is_ascii_alphabetic);
    let letter = letter.ok_or_else(|| line.item.error(0, "a piece needs a name or an ID letter".to_string()))?;
    Ok(PieceKind::from_letter_or_fairy(letter).unwrap_or(PieceKind::Figure(Figure::Pawn)))
}

/// White's and Black's squares of a piece line, as (x, y) with y = 0 the top rank.
type Squares = Vec<(usize, usize)>;

fn squares(
    line: &PieceLine<'_>,
    files: usize,
    ranks: usize,
    symmetry: Symmetry,
) -> Result<(Squares, Squares), ParseError> {
    let (field, field_at) = line.squares;
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let mut blacks_now = false;
    let mut offset = field_at;
    for part in field.split(',') {
        let at = offset + (part.len() - part.trim_start().len());
        offset += part.chars().count() + 1;
        let part = part.trim();
        if part.is_empty() {
            if symmetry == Symmetry::None && !white.is_empty() {
                blacks_now = true;
            }
            continue;
        }
        let square = |text: &str, at: usize| -> Result<(usize, usize), ParseError> {
            let file_end = text.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(text.len());
            let (file, rank) = text.split_at(file_end);
            let bad = || line.item.error(at, format!("{text:?} is not a square of this {files}×{ranks} board"));
            let mut letters = file.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else { return Err(bad()) };
            let x = (letter.to_ascii_lowercase() as usize).wrapping_sub('a' as usize);
            let r: usize = rank.parse().map_err(|_| bad())?;
            if x >= files || r == 0 || r > ranks {
                return Err(bad());
            }
            Ok((x, ranks - r))
        };
        let (first, last) = match part.split_once('-') {
            Some((a, b)) => (square(a, at)?, square(b.trim(), at + a.chars().count() + 1)?),
            None => {
                let s = square(part, at)?;
                (s, s)
            }
        };
        let target = if blacks_now { &mut black } else { &mut white };
        for y in first.1.min(last.1)..=first.1.max(last.1) {
            for x in first.0.min(last.0)..=first.0.max(last.0) {
                target.push((x, y));
            }
        }
    }
    match symmetry {
        Symmetry::Mirror => black = white.iter().map(|&(x, y)| (x, ranks - 1 - y)).collect(),
        Symmetry::Rotate => black = white.iter().map(|&(x, y)| (files - 1 - x, ranks - 1 - y)).collect(),
        Symmetry::None => {}
    }
    Ok((white, black))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::canonical;

    fn fen(definition: &str) -> String {
        canonical(&read(definition).unwrap_or_else(|e| panic!("{definition:?}: {e}")).board)
    }

    fn error(definition: &str) -> String {
        match crate::notation::ffen::read_definition(definition) {
            Ok(_) => panic!("{definition:?} reads"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn wide_white_space_between_tokens() {
        // Found by the `parse` fuzz target: U+2000 (three bytes) before a token without `=` or `:` cut the input
        // inside that character. Any white space separates items, whatever its width in bytes.
        assert!(read("G\u{2000}*\u{2000}P").is_err());
        assert_eq!(fen("pawn::::a2-h2\u{2000}rook::::a1,h1"), fen("pawn::::a2-h2 rook::::a1,h1"));
        assert_eq!(fen("Gold\u{3000}General:G:::e1"), fen("Gold General:G:::e1"));
    }

    #[test]
    fn the_piece_lines_of_the_hgm_page() {
        // The examples of "Defining the Pieces" (spec 004), one a line, on the default 8×8 board with mirror
        // symmetry. archbishop stands on c1 until the knight line puts a knight there; the king replaces the
        // knight on f1; the warrior (no known name) is drawn by its image, the centaur's glyph; the hawk is only in
        // hand.
        let definition = "archbishop:A:BN:cardinal:c1\nwarrior:X:mNcK:centaur:b1,g1\nhawk:H:BN:bird::1\n\
                          pawn::::a2-h2\nknight:N:::c1,f1\nking::KisO3:king:f1\nrook::::a1,h1";
        assert_eq!(
            fen(definition),
            "r[centaur:b]n2k[centaur:b]r/pppppppp/8/8/8/8/PPPPPPPP/R[centaur:w]N2K[centaur:w]R"
        );
        // A piece with neither a known name nor a known image is still a disc with its ID letter.
        assert_eq!(fen("warrior:X:mNcK:warrior:b1"), "1[x:b]6/8/8/8/8/8/8/1[x:w]6");
        // The same items separated by spaces, as a URL may carry them.
        assert_eq!(fen(&definition.replace('\n', " ")), fen(definition));
        // Alone, the archbishop has its glyph, under its name or (when the name is unknown) its image name.
        assert_eq!(fen("archbishop:A:BN:cardinal:c1"), "2[archbishop:b]5/8/8/8/8/8/8/2[archbishop:w]5");
        assert_eq!(fen("Hunter:H:BN:cardinal:c1"), "2[cardinal:b]5/8/8/8/8/8/8/2[cardinal:w]5");
    }

    #[test]
    fn the_ten_by_eight_example_of_the_issue() {
        let definition =
            "files=10\nranks=8\npawn::::a2-j2\nKnight:N:::b1,i1\nArchbishop::::c1\nChancellor::::h1\nLion:::::2";
        assert_eq!(
            fen(definition),
            "1n[archbishop:b]4[chancellor:b]n1/pppppppppp/91/91/91/91/PPPPPPPPPP/1N[archbishop:w]4[chancellor:w]N1"
        );
    }

    #[test]
    fn symmetry_rotate_none_and_holes() {
        assert_eq!(fen("files=4 ranks=3 symmetry=rotate king::::a1"), "3k/4/K3");
        assert_eq!(fen("files=4 ranks=3 symmetry=mirror king::::a1"), "k3/4/K3");
        assert_eq!(fen("files=4 ranks=3 symmetry=none king::::a1,,c3 queen::::d1"), "2k1/4/K2Q");
        // Holes follow the symmetry like any piece; a piece may stand on a hole square listed earlier.
        assert_eq!(fen("files=4 ranks=3 hole::::a1,d1 rook::::d1"), "[-]2r/4/[-]2R");
        // A rectangle d4-e5 and the reversed b2-a1.
        assert_eq!(fen("files=5 ranks=5 symmetry=none pawn::::d4-e5,b2-a1"), "3PP/3PP/5/PP3/PP3");
    }

    #[test]
    fn the_look_keeps_what_the_definition_says() {
        // The options it becomes: `options::render_options`' test of `from_definition`.
        let all = "lightShade=#FFD\ndarkShade=#C08040\nstartShade=Olive\nrimColor=#\ncoordColor=red\nholeColor=#\nborders=0\nsquareSize=200\nfirstRank=0\ngraphicsDir=/x/ promoChoice=NBRQ";
        let look = read(all).unwrap().look;
        assert_eq!(
            (look.light, look.size, look.first_rank),
            (Some(Paint::Solid(Rgb(0xff, 0xff, 0xdd))), Some(200), Some(0))
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(error("files=0"), "column 7: `files` is a number from 1 to 32, not \"0\"");
        assert_eq!(error("ranks=8\nfiles=33"), "column 15: `files` is a number from 1 to 32, not \"33\"");
        assert_eq!(error("symmetry=diagonal"), "column 10: `symmetry` is mirror, rotate or none, not \"diagonal\"");
        assert_eq!(
            error("lightShade=#GGG"),
            "column 12: `lightShade` is a colour (#RRGGBB, #RGB, a CSS name or # for none), not \"#GGG\""
        );
        assert_eq!(error("borders=yes"), "column 9: `borders` is 0 or 1, not \"yes\"");
        assert_eq!(error("king::::e1,i1"), "column 12: \"i1\" is not a square of this 8×8 board");
        assert_eq!(error("king::::e0"), "column 9: \"e0\" is not a square of this 8×8 board");
        assert_eq!(error("rook::::a1-z1"), "column 12: \"z1\" is not a square of this 8×8 board");
        assert_eq!(error("king::::ee1"), "column 9: \"ee1\" is not a square of this 8×8 board");
        assert!(error("king:K:e1").starts_with("column 1: a piece line has 5 or 6 fields"));
        assert!(error("files=8 hello").contains("expected key=value or a piece line"));
        assert!(error("::::a1").contains("a piece needs a name or an ID letter"));
        let long = format!("files=8 {}", "x".repeat(9000));
        assert!(error(&long).contains("at most 8192"));
    }

    #[test]
    fn odd_definitions_do_not_panic() {
        for text in [
            "",
            " ",
            "\n\n",
            "=",
            ":",
            "::::",
            "a=b=c",
            "k::::a1-",
            "k::::-a1",
            "k::::,,,",
            "é:é:é:é:é1",
            "files=1 ranks=1 k::::a1",
        ] {
            let _ = read(text);
        }
        assert_eq!(fen(""), "8/8/8/8/8/8/8/8");
    }
}
