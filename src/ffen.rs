//! Fairy FEN: reading the dialects diagram links use, and printing the one canonical form of each diagram.
//!
//! Two dialects are read ([`Dialect`]); they cannot be told apart by looking (`-` is a neutral prefix in one and a
//! missing square in the other), so the caller chooses. Both produce a [`Board`], and [`canonical`] prints any board
//! as the canonical FFEN: a janko string whenever janko's notation can express the board, plus a bracketed extension
//! (`[-]`, `[name:c]`, `[Q:3]`, `['ab]`, `{W}`/`{U}`) for what it cannot. The janko reader accepts that extension, so
//! `parse(canonical(b)) == b`. The grammar of both dialects and of the canonical form is in `README.md`.

mod bodlaender;
mod janko;

use crate::board::{Board, Cell, Checkering, Color, FairyName, Figure, Marker, Piece, PieceKind, Rotation, Text};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// The longest FFEN input accepted, in bytes (a 32×32 board of four-character cells fits).
pub const MAX_INPUT_LEN: usize = 4096;

/// Which FFEN dialect to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// janko.at / Retro-Wiki (`d.php?ff=` / `fen=`), with the lenient rules and the canonical extension.
    #[default]
    Janko,
    /// Hans Bodlaender's FFEN 0.02 with Andy Kurnia's lenient rules.
    Bodlaender,
}

impl Dialect {
    /// The name used in URLs: `janko` or `bodlaender`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Janko => "janko",
            Dialect::Bodlaender => "bodlaender",
        }
    }
}

impl FromStr for Dialect {
    type Err = String;

    fn from_str(s: &str) -> Result<Dialect, String> {
        match s.to_ascii_lowercase().as_str() {
            "janko" => Ok(Dialect::Janko),
            "bodlaender" => Ok(Dialect::Bodlaender),
            _ => Err(format!("unknown dialect {s:?}: expected \"janko\" or \"bodlaender\"")),
        }
    }
}

/// What was wrong with an FFEN string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The input is longer than [`MAX_INPUT_LEN`] bytes.
    TooLong {
        /// The input's length in bytes.
        len: usize,
    },
    /// The input describes no square at all.
    Empty,
    /// A character that cannot stand here.
    Unexpected {
        /// The character found.
        found: char,
        /// What could have stood here.
        expected: &'static str,
    },
    /// The input ended where something else was needed.
    UnexpectedEnd {
        /// What was needed.
        expected: &'static str,
    },
    /// A letter that is no piece or marker of the dialect.
    UnknownLetter {
        /// The letter.
        letter: char,
    },
    /// A `-` (neutral) before a letter or number, which have no colour.
    NeutralText,
    /// A rank wider than the largest board.
    TooWide {
        /// Width reached.
        width: usize,
    },
    /// More ranks than the largest board.
    TooTall {
        /// Ranks reached.
        height: usize,
    },
    /// A fairy-piece name that is not 1 to 24 letters.
    BadName,
    /// A colour that is not one of the dialect's.
    BadColor {
        /// The colour as written.
        found: char,
    },
    /// A board option (`{W}` / `{U}`) that is unknown or not at the start.
    BadOption,
}

/// An FFEN string that could not be read: what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based column (in characters) of the input where the problem was found.
    pub column: usize,
    /// What was wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    fn new(column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { column, kind }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::board::{MAX_BOARD_SIDE, MAX_NAME_LEN};
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            ParseErrorKind::TooLong { len } => {
                write!(f, "the FFEN is {len} bytes long; at most {MAX_INPUT_LEN} are accepted")
            }
            ParseErrorKind::Empty => f.write_str("the FFEN describes no square"),
            ParseErrorKind::Unexpected { found, expected } => {
                write!(f, "expected {expected}, found {}", Shown(*found))
            }
            ParseErrorKind::UnexpectedEnd { expected } => write!(f, "expected {expected}, found the end"),
            ParseErrorKind::UnknownLetter { letter } => write!(
                f,
                "'{letter}' is not a piece or marker (K Q R B N P, C X S T); write '{letter} for the letter {letter}"
            ),
            ParseErrorKind::NeutralText => {
                f.write_str("letters and numbers have no colour, so '-' (neutral) cannot stand before them")
            }
            ParseErrorKind::TooWide { width } => {
                write!(f, "rank is {width} squares wide; a board has at most {MAX_BOARD_SIDE} files")
            }
            ParseErrorKind::TooTall { height } => {
                write!(f, "{height} ranks; a board has at most {MAX_BOARD_SIDE} ranks")
            }
            ParseErrorKind::BadName => write!(f, "a piece name is 1 to {MAX_NAME_LEN} letters a-z"),
            ParseErrorKind::BadColor { found } => {
                write!(f, "{} is not a colour (0/w white, 1/b black, 2/n neutral, 3-6 extra colours)", Shown(*found))
            }
            ParseErrorKind::BadOption => {
                f.write_str("board options are {W} (light lower-left square) or {U} (uncheckered), at the very start")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// A character as shown in an error message: quoted, or named when it would not be visible.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            c if c.is_control() || c.is_whitespace() => write!(f, "U+{:04X}", c as u32),
            c => write!(f, "'{c}'"),
        }
    }
}

/// Reads `input` in `dialect`.
pub fn parse(input: &str, dialect: Dialect) -> Result<Board, ParseError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(1, ParseErrorKind::TooLong { len: input.len() }));
    }
    let chars = prepare(input);
    match dialect {
        Dialect::Janko => janko::parse(&chars),
        Dialect::Bodlaender => bodlaender::parse(&chars),
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// Reads a janko-dialect (or canonical) FFEN string.
    fn from_str(s: &str) -> Result<Board, ParseError> {
        parse(s, Dialect::Janko)
    }
}

impl fmt::Display for Board {
    /// Writes the canonical FFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&canonical(self))
    }
}

/// One input character with its 1-based column in the original input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ch {
    c: char,
    column: usize,
}

/// The lenient clean-up both dialects share, keeping each character's original column:
/// typographic quotes become `'` / `"`; white space next to a `/` is dropped (wrapped links), other white space ends
/// the board (FEN fields such as `w - - 0 1` follow it); then a trailing `.png` / `.gif` is dropped.
fn prepare(input: &str) -> Vec<Ch> {
    let all: Vec<Ch> = input
        .chars()
        .enumerate()
        .map(|(i, c)| Ch {
            c: match c {
                '\u{2019}' | '\u{2018}' | '\u{00B4}' | '`' | '\u{2032}' => '\'',
                '\u{201C}' | '\u{201D}' | '\u{2033}' => '"',
                c => c,
            },
            column: i + 1,
        })
        .collect();
    let mut kept: Vec<Ch> = Vec::with_capacity(all.len());
    let mut i = 0;
    while i < all.len() {
        if !all[i].c.is_whitespace() {
            kept.push(all[i]);
            i += 1;
            continue;
        }
        let gap_end = all[i..].iter().position(|ch| !ch.c.is_whitespace()).map_or(all.len(), |p| i + p);
        let after_slash = kept.last().is_some_and(|ch| ch.c == '/');
        let before_slash = all.get(gap_end).is_some_and(|ch| ch.c == '/');
        if kept.is_empty() || after_slash || before_slash {
            i = gap_end;
        } else {
            break;
        }
    }
    if kept.len() >= 4 {
        let tail: String = kept[kept.len() - 4..].iter().map(|ch| ch.c.to_ascii_lowercase()).collect();
        if tail == ".png" || tail == ".gif" {
            kept.truncate(kept.len() - 4);
        }
    }
    kept
}

/// Reads a leading `{W}` / `{U}` board option; returns the checkering and the rest.
fn board_option(chars: &[Ch]) -> Result<(Checkering, &[Ch]), ParseError> {
    if chars.first().map(|ch| ch.c) != Some('{') {
        return Ok((Checkering::DarkLowerLeft, chars));
    }
    let checkering = match chars.get(1).map(|ch| ch.c.to_ascii_uppercase()) {
        Some('W') => Checkering::LightLowerLeft,
        Some('U') => Checkering::Uncheckered,
        _ => return Err(ParseError::new(chars[0].column, ParseErrorKind::BadOption)),
    };
    match chars.get(2) {
        Some(ch) if ch.c == '}' => Ok((checkering, &chars[3..])),
        Some(ch) => Err(ParseError::new(
            ch.column,
            ParseErrorKind::Unexpected { found: ch.c, expected: "'}' closing the board option" },
        )),
        None => Err(ParseError::new(
            chars[1].column + 1,
            ParseErrorKind::UnexpectedEnd { expected: "'}' closing the board option" },
        )),
    }
}

/// A piece from a name: orthodox names and letters become the orthodox piece, the rest a named fairy piece.
fn named_piece(name: &str, color: Color, rotation: Rotation) -> Option<Piece> {
    let figure = match name.to_ascii_lowercase().as_str() {
        "king" => Some(Figure::King),
        "queen" => Some(Figure::Queen),
        "rook" => Some(Figure::Rook),
        "bishop" => Some(Figure::Bishop),
        "knight" => Some(Figure::Knight),
        "pawn" => Some(Figure::Pawn),
        _ => None,
    };
    let kind = match figure {
        Some(figure) => PieceKind::Figure(figure),
        None => PieceKind::Named(FairyName::new(name)?),
    };
    Some(Piece { kind, color, rotation })
}

/// The orthodox piece for a letter K Q R B N P (either case).
fn figure_for(letter: char) -> Option<Figure> {
    Figure::ALL.into_iter().find(|f| f.letter() == letter.to_ascii_uppercase())
}

/// The marker for a letter C X S T (either case).
fn marker_for(letter: char) -> Option<Marker> {
    Marker::ALL.into_iter().find(|m| m.letter() == letter.to_ascii_uppercase())
}

/// Builds the board from ranks of cells, padding short ranks with empty squares (the lenient rule of both dialects).
fn assemble(ranks: Vec<(Vec<Cell>, usize)>, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
    use crate::board::MAX_BOARD_SIDE;
    let height = ranks.len();
    if height > MAX_BOARD_SIDE {
        let column = ranks[MAX_BOARD_SIDE].1;
        return Err(ParseError::new(column, ParseErrorKind::TooTall { height }));
    }
    let width = ranks.iter().map(|(cells, _)| cells.len()).max().unwrap_or(0);
    if width == 0 {
        return Err(ParseError::new(end_column, ParseErrorKind::Empty));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (mut rank, _) in ranks {
        rank.resize(width, Cell::Empty);
        cells.extend(rank);
    }
    let mut board = Board::from_cells(width, height, cells)
        .map_err(|_| ParseError::new(end_column, ParseErrorKind::TooWide { width }))?;
    board.checkering = checkering;
    Ok(board)
}

/// The canonical FFEN of `board`: the cache key's main part.
///
/// A janko string whenever janko can express the board (neutral as `-` + lower case, `-*2r` order, empty runs as
/// single digits with runs of ten or more written as `9` plus the rest, ranks always complete), with the bracketed
/// extension for holes, named pieces, extra colours, other texts and board options.
pub fn canonical(board: &Board) -> String {
    let mut out = String::with_capacity(board.width() * board.height() + board.height());
    match board.checkering {
        Checkering::DarkLowerLeft => {}
        Checkering::LightLowerLeft => out.push_str("{W}"),
        Checkering::Uncheckered => out.push_str("{U}"),
    }
    for (y, rank) in board.rows().enumerate() {
        if y > 0 {
            out.push('/');
        }
        let mut empties = 0;
        for cell in rank {
            if *cell == Cell::Empty {
                empties += 1;
                continue;
            }
            push_empties(&mut out, empties);
            empties = 0;
            push_cell(&mut out, cell);
        }
        push_empties(&mut out, empties);
    }
    // A single rank without a '/' would be read as 8 files wide if it held more than eight squares.
    if board.height() == 1 && board.width() > 8 {
        out.push('/');
    }
    out
}

fn push_empties(out: &mut String, mut run: usize) {
    while run > 9 {
        out.push('9');
        run -= 9;
    }
    if run > 0 {
        out.push(char::from(b'0' + run as u8));
    }
}

fn push_rotation(out: &mut String, rotation: Rotation) {
    if rotation.quarter_turns() != 0 {
        let _ = write!(out, "*{}", rotation.quarter_turns());
    }
}

fn push_cell(out: &mut String, cell: &Cell) {
    match cell {
        Cell::Empty => out.push('1'),
        Cell::Hole => out.push_str("[-]"),
        Cell::Text(text) => push_text(out, text),
        Cell::Piece(piece) => push_piece(out, piece),
    }
}

fn push_text(out: &mut String, text: &Text) {
    push_rotation(out, text.rotation);
    let s = text.as_str();
    let bytes = s.as_bytes();
    if bytes.len() == 1 {
        out.push('\'');
        out.push_str(s);
    } else if bytes.iter().all(u8::is_ascii_digit) {
        out.push_str("''");
        out.push_str(s);
    } else {
        let _ = write!(out, "['{s}]");
    }
}

fn push_piece(out: &mut String, piece: &Piece) {
    let letter = match &piece.kind {
        PieceKind::Figure(figure) => figure.letter(),
        PieceKind::Marker(marker) => marker.letter(),
        PieceKind::Named(name) => {
            push_rotation(out, piece.rotation);
            let _ = write!(out, "[{}:{}]", name.as_str(), color_code(piece.color));
            return;
        }
    };
    match piece.color {
        Color::Extra(digit) => {
            push_rotation(out, piece.rotation);
            let _ = write!(out, "[{letter}:{digit}]");
        }
        Color::White => {
            push_rotation(out, piece.rotation);
            out.push(letter);
        }
        Color::Black | Color::Neutral => {
            if piece.color == Color::Neutral {
                out.push('-');
            }
            push_rotation(out, piece.rotation);
            out.push(letter.to_ascii_lowercase());
        }
    }
}

/// The colour code of the extension syntax: w, b, n or the digit 3–6.
fn color_code(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
        Color::Neutral => 'n',
        Color::Extra(d) => char::from(b'0' + d),
    }
}

/// The colour for an extension colour code (w b n or a digit 0–6).
fn color_from_code(code: char) -> Option<Color> {
    match code.to_ascii_lowercase() {
        'w' => Some(Color::White),
        'b' => Some(Color::Black),
        'n' => Some(Color::Neutral),
        d => d.to_digit(10).and_then(Color::from_digit),
    }
}

#[cfg(test)]
mod tests;
