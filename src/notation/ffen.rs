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
pub(crate) mod wild;
mod xfen;

mod dialect;
mod error;

pub use canonical::canonical;
pub use courier::{BadWidth, Width};
pub use dialect::{parse, read_definition, Dialect, UnknownDialect, MAX_DEFINITION_LEN};
pub use error::{ParseError, ParseErrorKind, MAX_INPUT_LEN};
pub use hgm::{Definition, DefinitionLook};
pub use wild::{parse_link, read_definition_link, undo_double_encoding, MAX_EXTRA_DECODINGS};

use crate::notation::board::Board;
use std::fmt;
use std::str::FromStr;

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
