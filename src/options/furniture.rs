//! The furniture of a printed problem diagram, as render options: the piece count, a title above the board, a
//! caption below it, highlighted squares, arrows and circles, and the last move.
//!
//! | parameter | values | default |
//! |---|---|---|
//! | `count` | as `flip` (`1`, `true`, …): the piece count `(W+B)` under the board at its right edge | off |
//! | `title` | up to two lines ([`LINE_BREAK`] or a line feed between them) of up to [`MAX_LINE_CHARS`] characters | none |
//! | `caption` | the same, below the board, left of the count | none |
//! | `squares` | comma list of squares, each with an optional colour letter: `Ge4,Rd5,c3` | none |
//! | `arrows` | comma list of from-to pairs, each with an optional colour letter: `Ge2e4,Bh7c2`; `e4e4` a circle | none |
//! | `lastmove` | one from-to pair, `e2e4`: both squares highlighted | none |
//! | `check` | one square, `e1`: a red glow under its piece, as lichess marks a king in check | none |
//! | `lastmove_style` | `tint` or `lichess` ([`LastMoveStyle`]): how the last move's squares are coloured | `tint` |
//! | `squares_style` | `tint` or `x` ([`SquaresStyle`]): `squares` tinted, or crossed out as `chess.svg` marks them | `tint` |
//! | `squares_color` | a colour: that of the `squares` without a colour letter, at [`SQUARES_COLOR_ALPHA`] | grey |
//!
//! Square names are the coordinate labels: files `a`…`z`, `aa`…`af`, ranks from 1 ([`SquareName`]). The colour
//! letters are `G` `R` `Y` `B` (upper case only, so `b3` stays a square); without one a mark has the default tint
//! ([`Tint`]). Lists are kept sorted with one entry per square (per from-to pair): when a square comes twice, the
//! last one wins, as with a repeated parameter.
//!
//! Whether a square is on the board is known only once the FFEN is read: [`Furniture::check`] answers that.
//!
//! ```
//! use ffen_diagram::{RenderOptions, Tint};
//! let options = RenderOptions::from_pairs([("squares", "Ge4,c3,Rd5,c3"), ("count", "1"), ("title", "Šulc|Phénix 1999")])
//!     .unwrap();
//! assert_eq!(options.canonical(), "s40.f0.c0.gray.count.title=%C5%A0ulc|Ph%C3%A9nix 1999.squares=c3,Rd5,Ge4");
//! assert_eq!(options.furniture.title.lines(), ["Šulc", "Phénix 1999"]);
//! assert_eq!(options.furniture.squares.as_slice().iter().filter(|(_, t)| *t == Tint::Default).count(), 1);
//! ```

use crate::notation::board::{Board, Cell, Color};
use crate::notation::pgn::Glyph;
use crate::options::charset;
use crate::options::error::OptionError;
use crate::pixels::Rgb;
use std::fmt;
use std::str::FromStr;

/// The most characters (Unicode scalar values, after white space is collapsed) in one line of a title or caption.
pub const MAX_LINE_CHARS: usize = 80;

/// The most lines of a title or caption.
pub const MAX_LINES: usize = 2;

/// What separates the lines of a title or caption in a link (a line feed, `%0A`, does too).
pub const LINE_BREAK: char = '|';

/// The most distinct highlighted squares (every square of the largest board).
pub const MAX_SQUARES: usize = 1024;

/// The most distinct arrows and circles.
pub const MAX_ARROWS: usize = 64;

/// A square by its coordinate name: file `a`…`z`, `aa`…`af` (0–31) and rank 1–32, counted from the lower left of
/// the board as written (so a name means the same square whether or not the diagram is flipped).
///
/// ```
/// use ffen_diagram::SquareName;
/// let e4: SquareName = "e4".parse().unwrap();
/// assert_eq!((e4.file(), e4.rank()), (4, 4));
/// assert_eq!("af32".parse::<SquareName>().unwrap().to_string(), "af32");
/// assert!("ag1".parse::<SquareName>().is_err() && "a0".parse::<SquareName>().is_err());
/// assert!("E4".parse::<SquareName>().is_err() && "a33".parse::<SquareName>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl SquareName {
    /// The square on file `file` (0 = a, up to 31 = af) and rank `rank` (1–32), if both are in range.
    pub fn new(file: usize, rank: usize) -> Option<SquareName> {
        (file < 32 && (1..=32).contains(&rank)).then_some(SquareName { file: file as u8, rank: rank as u8 })
    }

    /// The file, 0 for `a`.
    pub fn file(self) -> usize {
        usize::from(self.file)
    }

    /// The rank, 1 for the lowest.
    pub fn rank(self) -> usize {
        usize::from(self.rank)
    }

    /// The board position (`x` from the left, `y` from the top, as [`Board::get`] takes them) of this square on
    /// `board`, or `None` if the board has no such file or rank.
    pub fn position(self, board: &Board) -> Option<(usize, usize)> {
        (self.file() < board.width() && self.rank() <= board.height())
            .then(|| (self.file(), board.height() - self.rank()))
    }

    /// Reads a name at the start of `text`: the square and the bytes it took.
    fn read(text: &str) -> Option<(SquareName, usize)> {
        let bytes = text.as_bytes();
        let letters = bytes.iter().take_while(|b| b.is_ascii_lowercase()).count();
        let digits = bytes[letters..].iter().take_while(|b| b.is_ascii_digit()).count();
        let file = match &bytes[..letters] {
            [f] => usize::from(f - b'a'),
            [b'a', f @ b'a'..=b'f'] => 26 + usize::from(f - b'a'),
            _ => return None,
        };
        // One or two digits, no leading zero.
        if !(1..=2).contains(&digits) || bytes[letters] == b'0' {
            return None;
        }
        let rank = text[letters..letters + digits].parse().ok()?;
        Some((SquareName::new(file, rank)?, letters + digits))
    }
}

impl SquareName {
    /// Reads the `check` parameter: a square name, or none for an empty value.
    pub(crate) fn parse_check(value: &str) -> Result<Option<SquareName>, OptionError> {
        if value.is_empty() {
            return Ok(None);
        }
        value.parse().map(Some).map_err(|_| OptionError::new("check", value, SQUARE_EXPECTED))
    }
}

impl fmt::Display for SquareName {
    /// The coordinate name, `e4`, `aa10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", crate::notation::board::file_name(self.file()), self.rank)
    }
}

/// Text that is not a square name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidSquareName;

impl fmt::Display for InvalidSquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(SQUARE_EXPECTED)
    }
}

impl std::error::Error for InvalidSquareName {}

impl FromStr for SquareName {
    type Err = InvalidSquareName;

    fn from_str(text: &str) -> Result<SquareName, InvalidSquareName> {
        match SquareName::read(text) {
            Some((square, len)) if len == text.len() => Ok(square),
            _ => Err(InvalidSquareName),
        }
    }
}

/// The colour of a highlighted square, an arrow or a circle: a letter before the square name, or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tint {
    /// No letter: grey ink, which prints in black and white as problem books are printed.
    #[default]
    Default,
    /// `G`: green.
    Green,
    /// `R`: red.
    Red,
    /// `Y`: yellow (also the last move's).
    Yellow,
    /// `B`: blue.
    Blue,
}

impl Tint {
    /// The tints with a letter.
    pub const LETTERED: [Tint; 4] = [Tint::Green, Tint::Red, Tint::Yellow, Tint::Blue];

    /// The letter that chooses this tint (`None` for the default).
    pub fn letter(self) -> Option<char> {
        match self {
            Tint::Default => None,
            Tint::Green => Some('G'),
            Tint::Red => Some('R'),
            Tint::Yellow => Some('Y'),
            Tint::Blue => Some('B'),
        }
    }

    /// The tint of a colour letter (upper case only).
    pub fn from_letter(letter: char) -> Option<Tint> {
        Tint::LETTERED.into_iter().find(|t| t.letter() == Some(letter))
    }

    /// The colour, before any transparency.
    pub fn rgb(self) -> Rgb {
        match self {
            Tint::Default => Rgb(0x30, 0x30, 0x30),
            Tint::Green => Rgb(0x15, 0x78, 0x1b),
            Tint::Red => Rgb(0xc8, 0x1e, 0x1e),
            Tint::Yellow => Rgb(0xf0, 0xc0, 0x00),
            Tint::Blue => Rgb(0x00, 0x48, 0xc8),
        }
    }

    /// The opacity (0–255) of a highlighted square in this tint: light enough that a black piece stays readable.
    pub fn square_alpha(self) -> u8 {
        match self {
            Tint::Default => 80,
            Tint::Yellow => 128,
            _ => 100,
        }
    }

    /// The opacity (0–255) of an arrow or circle in this tint: strong, but the piece under it still shows.
    pub fn arrow_alpha(self) -> u8 {
        match self {
            Tint::Default => 170,
            _ => 190,
        }
    }
}

/// How the last move's squares are coloured (`lastmove_style`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LastMoveStyle {
    /// `tint`: [`Tint::Yellow`] at its square opacity, the problem diagrams' yellow.
    #[default]
    Tint,
    /// `lichess`: lichess' yellow-green, `#9bc700` at opacity 105/255 over the square, so light and dark squares
    /// keep a shade of their own. The colour and opacity are lila-gif's `HIGHLIGHT` (`#9bc70069`,
    /// `theme/make-sprites.py`), which its sprite script composites over each board theme's two colours: on lichess'
    /// brown board that is `#cdd26a` light and `#aaa23a` dark (the sprite's palette then rounds them to
    /// (204, 209, 105) and (170, 162, 58)). python-chess's `chess/svg.py` (`DEFAULT_COLORS`, `#cdd16a` / `#aaa23b`)
    /// and web-boardimage's `themes/*.json` (`#ced26b` / `#aaa23b` on brown, `#c3d889` / `#92b167` on blue) write the
    /// same blend as fixed colours, rounded within two units of it.
    Lichess,
}

impl LastMoveStyle {
    /// The styles, in the order the documentation lists them.
    pub const ALL: [LastMoveStyle; 2] = [LastMoveStyle::Tint, LastMoveStyle::Lichess];

    /// The value that chooses it (`tint`, `lichess`).
    pub fn name(self) -> &'static str {
        match self {
            LastMoveStyle::Tint => "tint",
            LastMoveStyle::Lichess => "lichess",
        }
    }

    /// The colour and opacity (0–255) blended over each of the last move's squares.
    pub fn paint(self) -> (Rgb, u8) {
        match self {
            LastMoveStyle::Tint => (Tint::Yellow.rgb(), Tint::Yellow.square_alpha()),
            LastMoveStyle::Lichess => (Rgb(0x9b, 0xc7, 0x00), 0x69),
        }
    }

    /// Reads the `lastmove_style` parameter: a name in any case, or empty for the default.
    pub(crate) fn parse(value: &str) -> Result<LastMoveStyle, OptionError> {
        let names = LastMoveStyle::ALL.map(LastMoveStyle::name);
        style("lastmove_style", value, &names).map(|i| LastMoveStyle::ALL[i])
    }
}

/// How the `squares` are drawn (`squares_style`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SquaresStyle {
    /// `tint`: each square tinted under its piece ([`Tint::square_alpha`]).
    #[default]
    Tint,
    /// `x`: an X over each square and its piece, as python-chess's `chess.svg` draws its `squares` (its `xx`
    /// symbol: a black X with a white outline); a square's colour letter colours the X.
    X,
}

impl SquaresStyle {
    /// The styles, in the order the documentation lists them.
    pub const ALL: [SquaresStyle; 2] = [SquaresStyle::Tint, SquaresStyle::X];

    /// The value that chooses it (`tint`, `x`).
    pub fn name(self) -> &'static str {
        match self {
            SquaresStyle::Tint => "tint",
            SquaresStyle::X => "x",
        }
    }

    /// Reads the `squares_style` parameter: a name in any case, or empty for the default.
    pub(crate) fn parse(value: &str) -> Result<SquaresStyle, OptionError> {
        let names = SquaresStyle::ALL.map(SquaresStyle::name);
        style("squares_style", value, &names).map(|i| SquaresStyle::ALL[i])
    }
}

/// The index of a style among `names` (any case; empty is the first, the default), or an error naming `parameter`
/// and every name it takes. (Not generic over the styles: one copy of it in the Worker.)
fn style(parameter: &'static str, value: &str, names: &[&'static str]) -> Result<usize, OptionError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(0);
    }
    names
        .iter()
        .position(|name| name.eq_ignore_ascii_case(value))
        .ok_or_else(|| OptionError::new(parameter, value, format!("one of {}", names.join(", "))))
}

/// An arrow from one square to another, or a circle when both are the same square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where it starts.
    pub from: SquareName,
    /// Where it points.
    pub to: SquareName,
}

impl Move {
    /// Whether this is a circle (the same square twice).
    pub fn is_circle(self) -> bool {
        self.from == self.to
    }

    /// Reads a whole from-to pair such as `e2e4` or `aa10ab12`.
    /// Reads the `lastmove` parameter: a move, or none for an empty value.
    pub(crate) fn parse_last(value: &str) -> Result<Option<Move>, OptionError> {
        if value.is_empty() {
            return Ok(None);
        }
        Move::read(value).map(Some).ok_or_else(|| OptionError::new("lastmove", value, LASTMOVE_EXPECTED))
    }

    fn read(text: &str) -> Option<Move> {
        let (from, used) = SquareName::read(text)?;
        let to = text[used..].parse().ok()?;
        Some(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A title or caption: at most [`MAX_LINES`] lines of at most [`MAX_LINE_CHARS`] characters, white space collapsed,
/// every character one the embedded font draws. Empty when absent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextLines(Vec<String>);

impl TextLines {
    /// The lines, top first (none when absent).
    pub fn lines(&self) -> &[String] {
        &self.0
    }

    /// Whether there is no text.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Reads the value of `parameter`: lines split at [`LINE_BREAK`] or a line feed, each with its white space
    /// collapsed to single spaces and trimmed, empty lines dropped. A character the font cannot draw is refused,
    /// naming it and its position (counted in characters of the value, from 1).
    pub fn parse(parameter: &'static str, value: &str) -> Result<TextLines, OptionError> {
        if let Some((index, c)) =
            value.chars().enumerate().find(|&(_, c)| !(c == LINE_BREAK || c.is_whitespace() || charset::can_draw(c)))
        {
            // The character itself unless it is a control character, which a message should not carry raw.
            let shown = if c.is_control() { String::new() } else { format!("'{c}' ") };
            let expected = format!(
                "text the font can draw (Latin letters with the accents of Latin-1 and Latin Extended-A): the \
                 character {shown}(U+{:04X}) at position {} cannot be drawn",
                u32::from(c),
                index + 1
            );
            return Err(OptionError::new(parameter, value, expected));
        }
        let lines: Vec<String> = value
            .split([LINE_BREAK, '\n'])
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|line| !line.is_empty())
            .collect();
        if lines.len() > MAX_LINES {
            return Err(OptionError::new(parameter, value, LINES_EXPECTED));
        }
        if let Some(line) = lines.iter().find(|line| line.chars().count() > MAX_LINE_CHARS) {
            let expected = format!(
                "at most {MAX_LINE_CHARS} characters a line: a line has {} after white space is collapsed",
                line.chars().count()
            );
            return Err(OptionError::new(parameter, value, expected));
        }
        Ok(TextLines(lines))
    }

    /// The canonical form: lines joined by `|`, every byte that is not printable ASCII, and `%` `.` `=` `,` `|`,
    /// percent-encoded (`%C3%A9` for `é`), so the value can never be read as a separator of the canonical options.
    pub fn canonical(&self) -> String {
        let mut out = String::new();
        for (i, line) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(LINE_BREAK);
            }
            for byte in line.bytes() {
                if byte.is_ascii_graphic() && !b"%.=,|".contains(&byte) || byte == b' ' {
                    out.push(char::from(byte));
                } else {
                    out.push_str(&format!("%{byte:02X}"));
                }
            }
        }
        out
    }
}

/// How many pieces of each colour a board holds (markers, letters, numbers and holes are not pieces).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCount {
    /// White pieces.
    pub white: usize,
    /// Black pieces.
    pub black: usize,
    /// Neutral pieces.
    pub neutral: usize,
    /// Pieces of Bodlaender's extra colours 3–6 (index 0 for colour 3).
    pub extra: [usize; 4],
}

impl PieceCount {
    /// Counts the pieces of `board`: orthodox and named (fairy) pieces, by colour.
    ///
    /// ```
    /// use ffen_diagram::{ffen, PieceCount};
    /// let board = ffen::parse("k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8", ffen::Dialect::Janko).unwrap();
    /// assert_eq!(PieceCount::of(&board).to_string(), "(5+4+4n)");
    /// ```
    pub fn of(board: &Board) -> PieceCount {
        let mut count = PieceCount::default();
        for cell in board.cells() {
            let Cell::Piece(piece) = cell else { continue };
            if matches!(piece.kind, crate::notation::board::PieceKind::Marker(_)) {
                continue;
            }
            match piece.color {
                Color::White => count.white += 1,
                Color::Black => count.black += 1,
                Color::Neutral => count.neutral += 1,
                Color::Extra(extra) => count.extra[extra.index()] += 1,
            }
        }
        count
    }
}

impl fmt::Display for PieceCount {
    /// As printed under a problem: `(W+B)`, then `+Nn` for neutral pieces and `+Kc3` … `+Kc6` for the extra colours,
    /// each only when there are some: `(3+2)`, `(3+2+1n)`, `(3+2+1n+2c3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}+{}", self.white, self.black)?;
        if self.neutral > 0 {
            write!(f, "+{}n", self.neutral)?;
        }
        for (i, &n) in self.extra.iter().enumerate() {
            if n > 0 {
                write!(f, "+{n}c{}", i + 3)?;
            }
        }
        f.write_str(")")
    }
}

/// A list of marks kept sorted by key with one entry per key: what `squares` and `arrows` hold.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Marks<K>(Vec<(K, Tint)>);

impl Marks<SquareName> {
    /// Reads the `squares` parameter: squares with optional tints, at most [`MAX_SQUARES`].
    pub(crate) fn parse_squares(value: &str) -> Result<Self, OptionError> {
        Marks::parse("squares", value, |text| text.parse().ok(), SQUARES_EXPECTED, MAX_SQUARES)
    }
}

impl Marks<Move> {
    /// Reads the `arrows` parameter: from-to pairs with optional tints, at most [`MAX_ARROWS`].
    pub(crate) fn parse_arrows(value: &str) -> Result<Self, OptionError> {
        Marks::parse("arrows", value, Move::read, ARROWS_EXPECTED, MAX_ARROWS)
    }
}

impl<K> Default for Marks<K> {
    fn default() -> Self {
        Marks(Vec::new())
    }
}

impl<K: Ord + Copy + fmt::Display> Marks<K> {
    /// Marks `key` with `tint`, replacing any tint it had (the last one wins, as with a repeated parameter).
    pub fn insert(&mut self, key: K, tint: Tint) {
        match self.0.binary_search_by(|(k, _)| k.cmp(&key)) {
            Ok(i) => self.0[i].1 = tint,
            Err(i) => self.0.insert(i, (key, tint)),
        }
    }

    /// The marks, sorted by key.
    pub fn as_slice(&self) -> &[(K, Tint)] {
        &self.0
    }

    /// How many keys are marked.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Reads a comma list of `parameter`: each item an optional colour letter and what `read` takes, at most `max`
    /// distinct keys.
    fn parse(
        parameter: &'static str,
        value: &str,
        read: fn(&str) -> Option<K>,
        expected: &'static str,
        max: usize,
    ) -> Result<Marks<K>, OptionError> {
        let mut marks = Marks::default();
        for item in value.split(',').map(str::trim).filter(|item| !item.is_empty()) {
            // An upper-case colour letter first, or none (square names are lower case, so `b3` stays a square).
            let (tint, rest) = match item.chars().next().and_then(Tint::from_letter) {
                Some(tint) => (tint, &item[1..]),
                None => (Tint::Default, item),
            };
            marks.insert(read(rest).ok_or_else(|| OptionError::new(parameter, item, expected))?, tint);
        }
        if marks.len() > max {
            return Err(OptionError::new(parameter, value, format!("at most {max} distinct items")));
        }
        Ok(marks)
    }

    /// The list as a query value and in the canonical options: `c3,Rd5,Ge4` (only letters, digits and commas).
    pub(crate) fn text(&self) -> String {
        let mut out = String::new();
        for (i, (key, tint)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.extend(tint.letter());
            out.push_str(&key.to_string());
        }
        out
    }
}

/// The furniture of one diagram. The default has none, and adds nothing to the canonical options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Furniture {
    /// Draw the piece count under the board at its right edge.
    pub count: bool,
    /// The title above the board (author, source).
    pub title: TextLines,
    /// The caption below the board (stipulation, twins), left of the count.
    pub caption: TextLines,
    /// Highlighted squares, drawn under the pieces: one tint per square.
    pub squares: Marks<SquareName>,
    /// Arrows and circles, drawn over the pieces: one tint per from-to pair.
    pub arrows: Marks<Move>,
    /// The last move: both squares highlighted under any other highlight, in the colour of
    /// [`Furniture::last_move_style`].
    pub last_move: Option<Move>,
    /// The square of a king in check (`check`): a red glow over the square and its highlights, under the piece.
    /// (`check` is also the method that checks the squares against a board, hence the longer name.)
    pub check_square: Option<SquareName>,
    /// How the last move's squares are coloured.
    pub last_move_style: LastMoveStyle,
    /// How `squares` are drawn: tinted, or crossed out.
    pub squares_style: SquaresStyle,
    /// The colour of the `squares` without a colour letter (`squares_color`), in place of the grey of
    /// [`Tint::Default`]: blended over the square at [`SQUARES_COLOR_ALPHA`], or the X's core with
    /// [`SquaresStyle::X`]. chess.com's `highlight_squares_color` is this.
    pub squares_color: Option<Rgb>,
    /// The last move's glyph (a PGN's `??` or `$4`), drawn as lichess' badge on its square where a piece stands
    /// there: set by an animation's frame from its move, no query parameter (and so in no key or link of the
    /// options: the moves' key line holds it, `Playback::key`).
    pub glyph: Option<Glyph>,
}

/// The opacity (0–255) of a square in the `squares_color`: half, as chess.com's DiagramGenerator draws its
/// highlights (GD's alpha 63 of 127, 64/127 opaque).
pub const SQUARES_COLOR_ALPHA: u8 = 128;

const SQUARE_EXPECTED: &str = "a square name: file a to z or aa to af, then rank 1 to 32 (e4, aa10)";
const SQUARES_EXPECTED: &str =
    "squares separated by commas, each an optional colour letter G, R, Y or B and a square name (Ge4,Rd5,c3)";
const ARROWS_EXPECTED: &str =
    "from-to pairs separated by commas, each an optional colour letter G, R, Y or B and two square names (Ge2e4,Bh7c2; \
     e4e4 draws a circle)";
const LASTMOVE_EXPECTED: &str = "two square names, from and to (e2e4)";
const LINES_EXPECTED: &str = "at most two lines, separated by | or a line feed";

impl Furniture {
    /// Whether there is no furniture at all (the diagram looks as it always did).
    pub fn is_empty(&self) -> bool {
        *self == Furniture::default()
    }

    /// Every square the furniture names, with its parameter: squares, arrows (from and to), the last move, the check.
    fn named_squares(&self) -> Vec<(&'static str, SquareName)> {
        let mut named: Vec<_> = self.squares.as_slice().iter().map(|&(square, _)| ("squares", square)).collect();
        for &(m, _) in self.arrows.as_slice() {
            named.extend([("arrows", m.from), ("arrows", m.to)]);
        }
        named.extend(self.last_move.iter().flat_map(|m| [("lastmove", m.from), ("lastmove", m.to)]));
        named.extend(self.check_square.map(|square| ("check", square)));
        named
    }

    /// Checks that every square named is on `board`: the first one that is not is an error naming its parameter.
    pub fn check(&self, board: &Board) -> Result<(), OptionError> {
        match self.named_squares().into_iter().find(|(_, square)| square.position(board).is_none()) {
            None => Ok(()),
            Some((parameter, square)) => {
                let (w, h) = (board.width(), board.height());
                let last_file = crate::notation::board::file_name(w.saturating_sub(1));
                let expected = format!(
                    "squares of the board: {square} is off this {w}×{h} board (files a to {last_file}, ranks 1 to {h})"
                );
                Err(OptionError::new(parameter, &square.to_string(), expected))
            }
        }
    }
}

#[cfg(test)]
mod tests;
