//! Fairy FEN: reading the notations diagram links use, and printing the one canonical form of each diagram.
//!
//! Four dialects are read ([`Dialect`]); they cannot be told apart by looking (`-` is a neutral prefix in janko's
//! notation and a missing square in the others, `S` a square marker in one and a knight in another), so the caller
//! chooses. All produce a [`Board`], and [`canonical`] prints any board as the canonical FFEN: a janko string whenever
//! janko's notation can express the board, plus a bracketed extension (`[-]`, `[name:c]`, `[Q:3]`, `['ab]`, `[]`,
//! `{W}`/`{U}`) for what it cannot. The janko reader accepts that extension, so `parse(canonical(b)) == b`. The
//! grammar of every dialect and of the canonical form is in `README.md` ("FFEN").
//!
//! ```
//! use ffen_diagram::ffen::{self, Dialect};
//!
//! let board = ffen::parse("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR", Dialect::courier()).unwrap();
//! assert_eq!(ffen::canonical(&board), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
//!
//! let error = ffen::parse("8/3%4", Dialect::Janko).unwrap_err();
//! assert_eq!(error.column, 4);
//! ```

mod bodlaender;
mod canonical;
mod courier;
mod grid;
mod hgm;
mod input;
mod janko;
mod wild;
mod xfen;

pub use canonical::canonical;
pub use hgm::Definition;
pub(crate) use wild::percent_decode;
pub use wild::{parse_link, undo_double_encoding, MAX_EXTRA_DECODINGS};

use crate::board::{Board, NameError, MAX_BOARD_SIDE};
use std::fmt;
use std::str::FromStr;

/// The longest FFEN input accepted, in bytes (a 32×32 board of four-character cells fits).
pub const MAX_INPUT_LEN: usize = 4096;

/// How many files a Game Courier board has: 1 to [`MAX_BOARD_SIDE`], 8 unless the link says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Width(u8);

impl Width {
    /// Game Courier's default width, 8 files.
    pub const DEFAULT: Width = Width(8);

    /// The width of `files` files, if it is 1 to [`MAX_BOARD_SIDE`].
    pub fn new(files: usize) -> Option<Width> {
        (1..=MAX_BOARD_SIDE).contains(&files).then_some(Width(files as u8))
    }

    /// The number of files.
    pub fn files(self) -> usize {
        usize::from(self.0)
    }
}

impl Default for Width {
    fn default() -> Width {
        Width::DEFAULT
    }
}

impl fmt::Display for Width {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A `width` that is not a whole number from 1 to [`MAX_BOARD_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadWidth;

impl fmt::Display for BadWidth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a number of files from 1 to {MAX_BOARD_SIDE}")
    }
}

impl std::error::Error for BadWidth {}

impl FromStr for Width {
    type Err = BadWidth;

    /// Reads a decimal number of files (`"10"`), as the `width=` parameter gives it.
    fn from_str(s: &str) -> Result<Width, BadWidth> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadWidth);
        }
        s.parse::<usize>().ok().and_then(Width::new).ok_or(BadWidth)
    }
}

/// Which FFEN dialect to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// janko.at / Retro-Wiki (`d.php?ff=` / `fen=`), with the lenient rules and the canonical extension.
    #[default]
    Janko,
    /// Hans Bodlaender's FFEN 0.02 with Andy Kurnia's lenient rules.
    Bodlaender,
    /// Game Courier's Forsythe code (chessvariants.com): squares run on across rank ends, so the board's width is
    /// part of the dialect.
    Courier {
        /// Files per rank.
        width: Width,
    },
    /// yacpdb's XFEN (`…/xfen/?…` diagram links), 8×8.
    Xfen,
    /// H. G. Muller's Interactive Diagram definitions (chessvariants.com): the start position, and a look that
    /// [`read_definition`] returns as render-option pairs.
    Hgm,
}

impl Dialect {
    /// Every dialect name [`Dialect::from_str`] knows, in the order error messages list them.
    pub const NAMES: [&'static str; 5] = ["janko", "bodlaender", "courier", "xfen", "hgm"];

    /// Game Courier's Forsythe code at its default width of 8 files.
    pub fn courier() -> Dialect {
        Dialect::Courier { width: Width::DEFAULT }
    }

    /// The name used in URLs: `janko`, `bodlaender`, `courier` or `xfen`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Janko => "janko",
            Dialect::Bodlaender => "bodlaender",
            Dialect::Courier { .. } => "courier",
            Dialect::Xfen => "xfen",
            Dialect::Hgm => "hgm",
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

    /// Reads a dialect name in any case; `courier` has the default width (see [`Dialect::Courier`]).
    fn from_str(s: &str) -> Result<Dialect, UnknownDialect> {
        match s.to_ascii_lowercase().as_str() {
            "janko" => Ok(Dialect::Janko),
            "bodlaender" => Ok(Dialect::Bodlaender),
            "courier" => Ok(Dialect::courier()),
            "xfen" => Ok(Dialect::Xfen),
            "hgm" => Ok(Dialect::Hgm),
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

/// Reads `input` in `dialect`.
///
/// Every dialect first gets the same clean-up of what links do to a string: typographic quotes become `'`/`"`,
/// white space next to a `/` is dropped, other white space ends the board (FEN fields follow it), and a trailing
/// `.png`/`.gif` is dropped. Columns in errors count characters of `input` as given, from 1.
pub fn parse(input: &str, dialect: Dialect) -> Result<Board, ParseError> {
    if dialect == Dialect::Hgm {
        return read_definition(input).map(|definition| definition.board);
    }
    if input.len() > MAX_INPUT_LEN {
        return Err(ParseError::new(1, ParseErrorKind::TooLong { len: input.len() }));
    }
    let chars = input::prepare(input);
    match dialect {
        Dialect::Janko => janko::parse(&chars),
        Dialect::Bodlaender => bodlaender::parse(&chars),
        Dialect::Courier { width } => courier::parse(&chars, width),
        Dialect::Xfen => xfen::parse(&chars),
        Dialect::Hgm => hgm::read(input).map(|definition| definition.board),
    }
}

/// The longest Interactive Diagram definition accepted, in bytes: definitions carry move descriptors, promotion
/// rules and image names that a picture does not need, so they get more room than an FFEN.
pub const MAX_DEFINITION_LEN: usize = 8192;

/// Reads an Interactive Diagram definition (`dialect=hgm`): the start position and the look it asks for, as query
/// pairs for [`crate::RenderOptions::from_pairs`] (see [`crate::RenderOptions::from_definition`] for merging them
/// with a link's own parameters). Columns in errors count characters of `input`, from 1.
///
/// ```
/// use ffen_diagram::ffen::{canonical, read_definition};
/// let definition = read_definition("files=10\nranks=8\nsquareSize=35\nrook::::a1,j1\nking::::e1").unwrap();
/// assert_eq!(canonical(&definition.board), "r3k4r/91/91/91/91/91/91/R3K4R");
/// assert!(definition.look.contains(&("size", "35".to_string())));
/// let bad = read_definition("files=10 knight:N:::b1,z1").unwrap_err();
/// assert_eq!(bad.to_string(), "column 24: \"z1\" is not a square of this 10×8 board");
/// ```
pub fn read_definition(input: &str) -> Result<Definition, ParseError> {
    if input.len() > MAX_DEFINITION_LEN {
        return Err(ParseError::new(
            1,
            ParseErrorKind::Definition {
                what: format!(
                    "the definition is {} bytes long; at most {MAX_DEFINITION_LEN} are accepted",
                    input.len()
                ),
            },
        ));
    }
    hgm::read(input)
}

/// The look a link's value asks for in `dialect`: the [`read_definition`] pairs of an Interactive Diagram
/// definition (after [`parse_link`]'s decoding), nothing for the FFEN dialects.
pub fn link_look(value: &str, dialect: Dialect) -> Vec<(&'static str, String)> {
    if dialect != Dialect::Hgm {
        return Vec::new();
    }
    read_definition(&undo_double_encoding(value, dialect)).map(|d| d.look).unwrap_or_default()
}

impl FromStr for Board {
    type Err = ParseError;

    /// Reads a janko-dialect (or canonical) FFEN string.
    ///
    /// ```
    /// use ffen_diagram::Board;
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
