//! What can be wrong with an FFEN string or a definition, and where: [`ParseError`] (a column and a
//! [`ParseErrorKind`]), and the input limit every reader checks first.

use crate::notation::board::{NameError, MAX_BOARD_SIDE};
use std::fmt;

/// The longest FFEN input accepted, in bytes (a 32×32 board of four-character cells fits).
pub const MAX_INPUT_LEN: usize = 4096;

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
    /// A letter that is no piece or marker of the janko dialect.
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
    /// A rank of a fixed-size dialect (XFEN) that does not have the dialect's number of squares.
    RankWidth {
        /// Squares the rank has (or reaches, when too wide).
        width: usize,
        /// Squares a rank must have.
        expected: usize,
    },
    /// A fixed-size dialect's board (XFEN) with another number of ranks.
    RankCount {
        /// Ranks found.
        height: usize,
        /// Ranks the board must have.
        expected: usize,
    },
    /// A fairy-piece name that cannot be one; the column is the offending character's.
    BadName(NameError),
    /// A colour that is not one of the dialect's.
    BadColor {
        /// The colour as written.
        found: char,
    },
    /// A board option (`{W}` / `{U}`) that is unknown or not at the start.
    BadOption,
    /// A border mark `[]` with no square after it.
    BorderWithoutSquare,
    /// An item of an Interactive Diagram definition that cannot be read: what is wrong with it.
    Definition {
        /// What is wrong, naming the parameter or piece field.
        what: String,
    },
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
    pub(crate) fn new(column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { column, kind }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
            ParseErrorKind::RankWidth { width, expected } => {
                write!(f, "this rank has {width} squares; every rank has exactly {expected}")
            }
            ParseErrorKind::RankCount { height, expected } => {
                write!(f, "the board has {height} ranks; it must have exactly {expected}")
            }
            ParseErrorKind::BadName(e) => e.fmt(f),
            ParseErrorKind::BadColor { found } => {
                write!(f, "{} is not a colour (0/w white, 1/b black, 2/n neutral, 3-6 extra colours)", Shown(*found))
            }
            ParseErrorKind::BadOption => {
                f.write_str("board options are {W} (light lower-left square) or {U} (uncheckered), at the very start")
            }
            ParseErrorKind::BorderWithoutSquare => {
                f.write_str("'[]' borders the square written right after it, and none follows")
            }
            ParseErrorKind::Definition { what } => f.write_str(what),
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
