//! Fairy FEN: reading the notations diagram links use, and printing the one canonical form of each diagram.
//!
//! Two dialects are read ([`Dialect`]); they cannot be told apart by looking (`-` is a neutral prefix in one and a
//! missing square in the other), so the caller chooses. Both produce a [`Board`], and [`canonical`] prints any board
//! as the canonical FFEN: a janko string whenever janko's notation can express the board, plus a bracketed extension
//! (`[-]`, `[name:c]`, `[Q:3]`, `['ab]`, `{W}`/`{U}`) for what it cannot. The janko reader accepts that extension, so `parse(canonical(b)) == b`. The
//! grammar of every dialect and of the canonical form is in `README.md` ("FFEN").
//!
//! ```
//! use ffen_diagram::ffen::{self, Dialect};
//!
//! let board = ffen::parse("rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR", Dialect::Janko).unwrap();
//! assert_eq!(ffen::canonical(&board), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
//!
//! let error = ffen::parse("8/3%4", Dialect::Janko).unwrap_err();
//! assert_eq!(error.column, 4);
//! ```

mod bodlaender;
mod canonical;
mod grid;
mod input;
mod janko;

pub use canonical::canonical;

use crate::board::{Board, NameError, MAX_BOARD_SIDE};
use std::fmt;
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
    /// Every dialect name [`Dialect::from_str`] knows, in the order error messages list them.
    pub const NAMES: [&'static str; 2] = ["janko", "bodlaender"];

    /// The name used in URLs: `janko` or `bodlaender`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Janko => "janko",
            Dialect::Bodlaender => "bodlaender",
        }
    }
}

/// A dialect name that is none of [`Dialect::NAMES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownDialect;

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown dialect: expected one of {}", Dialect::NAMES.join(", "))
    }
}

impl std::error::Error for UnknownDialect {}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// Reads a dialect name in any case.
    fn from_str(s: &str) -> Result<Dialect, UnknownDialect> {
        match s.to_ascii_lowercase().as_str() {
            "janko" => Ok(Dialect::Janko),
            "bodlaender" => Ok(Dialect::Bodlaender),
            _ => Err(UnknownDialect),
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
    /// A fairy-piece name that cannot be one; the column is the offending character's.
    BadName(NameError),
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
            ParseErrorKind::BadName(e) => e.fmt(f),
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
///
/// Every dialect first gets the same clean-up of what links do to a string: typographic quotes become `'`/`"`,
/// white space next to a `/` is dropped, other white space ends the board (FEN fields follow it), and a trailing
/// `.png`/`.gif` is dropped. Columns in errors count characters of `input` as given, from 1.
pub fn parse(input: &str, dialect: Dialect) -> Result<Board, ParseError> {
    if input.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(1, ParseErrorKind::TooLong { len: input.len() }));
    }
    let chars = input::prepare(input);
    match dialect {
        Dialect::Janko => janko::parse(&chars),
        Dialect::Bodlaender => bodlaender::parse(&chars),
    }
}

impl FromStr for Board {
    type Err = ParseError;

    /// Reads a janko-dialect (or canonical) FFEN string.
    ///
    /// ```
    /// use ffen_diagram::board::Board;
    ///
    /// let board: Board = "-P*2r'a''23/2[grasshopper:b]".parse().unwrap();
    /// assert_eq!((board.width(), board.height()), (4, 2));
    /// assert_eq!(board.to_string(), "-p*2r'a''23/2[grasshopper:b]1");
    /// assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
    /// ```
    fn from_str(s: &str) -> Result<Board, ParseError> {
        parse(s, Dialect::Janko)
    }
}

impl fmt::Display for Board {
    /// Writes the canonical FFEN ([`canonical`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&canonical(self))
    }
}

#[cfg(test)]
mod tests;
