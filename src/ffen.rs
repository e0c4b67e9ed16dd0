//! Fairy FEN: reading the dialects diagram links use, and printing the canonical form.
//! (Being written; the API below is the contract.)

use crate::board::Board;
use std::fmt;

/// The longest FFEN input accepted, in bytes.
pub const MAX_INPUT_LEN: usize = 4096;

/// Which FFEN dialect to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// janko.at / Retro-Wiki, plus the canonical extensions.
    #[default]
    Janko,
    /// Bodlaender's FFEN 0.02.
    Bodlaender,
}

/// A parse error: what was wrong and at which column (1-based, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based character column.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Reads `input` in `dialect`.
pub fn parse(input: &str, dialect: Dialect) -> Result<Board, ParseError> {
    let _ = (input, dialect);
    Err(ParseError { column: 1, message: "not written yet".into() })
}

/// The canonical FFEN of `board`.
pub fn canonical(board: &Board) -> String {
    let _ = board;
    String::new()
}
