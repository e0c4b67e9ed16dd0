//! Building a board from squares read one after another: the size limits and rank padding every reader shares.
//!
//! Two shapes of input exist. [`Ranks`]: each rank ends where the notation says (`/`), and a short rank is padded
//! with empty squares up to the widest. [`Stream`]: squares run on across rank ends and a fixed width cuts them into
//! ranks (janko strings written without any `/`).

use super::{ParseError, ParseErrorKind};
use crate::board::{Board, Cell, Checkering, MAX_BOARD_SIDE};

/// A rank as read, and the column it starts at (for the error about too many ranks).
struct Row {
    cells: Vec<Cell>,
    column: usize,
}

/// What a reader hands squares to, whichever shape its input has.
pub(super) trait Builder {
    /// Appends one square written at `column`.
    fn push(&mut self, cell: Cell, column: usize) -> Result<(), ParseError>;
    /// Appends `run` empty squares written at `column`.
    fn push_empty(&mut self, run: usize, column: usize) -> Result<(), ParseError>;
}

/// Ranks whose ends are written; each rank holds at most [`MAX_BOARD_SIDE`] squares.
pub(super) struct Ranks {
    done: Vec<Row>,
    current: Row,
}

impl Ranks {
    /// No squares yet; the first rank starts at `column`.
    pub(super) fn new(column: usize) -> Ranks {
        Ranks { done: Vec::new(), current: Row { cells: Vec::new(), column } }
    }

    /// The number of squares in the rank being read.
    pub(super) fn width(&self) -> usize {
        self.current.cells.len()
    }

    fn check_width(&self, added: usize, column: usize) -> Result<(), ParseError> {
        let width = self.width().saturating_add(added);
        if width > MAX_BOARD_SIDE {
            return Err(ParseError::new(column, ParseErrorKind::TooWide { width }));
        }
        Ok(())
    }

    /// Ends the rank (a `/`); the next one starts at `next_column`.
    pub(super) fn end_rank(&mut self, next_column: usize) {
        let next = Row { cells: Vec::new(), column: next_column };
        self.done.push(std::mem::replace(&mut self.current, next));
    }

    /// The board: one trailing `/` is ignored, short ranks are padded with empty squares to the widest.
    pub(super) fn finish(mut self, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
        if self.done.is_empty() || !self.current.cells.is_empty() {
            self.done.push(self.current);
        }
        assemble(self.done, checkering, end_column)
    }
}

impl Builder for Ranks {
    fn push(&mut self, cell: Cell, column: usize) -> Result<(), ParseError> {
        self.check_width(1, column)?;
        self.current.cells.push(cell);
        Ok(())
    }

    fn push_empty(&mut self, run: usize, column: usize) -> Result<(), ParseError> {
        self.check_width(run, column)?;
        self.current.cells.resize(self.width() + run, Cell::Empty);
        Ok(())
    }
}

/// Squares that run on across rank ends, cut into ranks of a fixed width; at most [`MAX_BOARD_SIDE`] ranks.
pub(super) struct Stream {
    width: usize,
    cells: Vec<Cell>,
}

impl Stream {
    /// No squares yet; ranks of `width` squares (1 to [`MAX_BOARD_SIDE`]).
    pub(super) fn new(width: usize) -> Stream {
        Stream { width: width.clamp(1, MAX_BOARD_SIDE), cells: Vec::new() }
    }

    fn check_height(&self, added: usize, column: usize) -> Result<(), ParseError> {
        let total = self.cells.len().saturating_add(added);
        if total > self.width * MAX_BOARD_SIDE {
            return Err(ParseError::new(column, ParseErrorKind::TooTall { height: total.div_ceil(self.width) }));
        }
        Ok(())
    }

    /// The board: ranks of the width, a last partial rank padded with empty squares. A board of no more squares
    /// than the width is one rank of just those squares.
    pub(super) fn finish(self, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
        let rows = self.cells.chunks(self.width).map(|chunk| Row { cells: chunk.to_vec(), column: 1 }).collect();
        assemble(rows, checkering, end_column)
    }
}

impl Builder for Stream {
    fn push(&mut self, cell: Cell, column: usize) -> Result<(), ParseError> {
        self.check_height(1, column)?;
        self.cells.push(cell);
        Ok(())
    }

    fn push_empty(&mut self, run: usize, column: usize) -> Result<(), ParseError> {
        self.check_height(run, column)?;
        self.cells.resize(self.cells.len() + run, Cell::Empty);
        Ok(())
    }
}

/// Builds the board from its rows, padding short ones with empty squares (the lenient rule of every dialect).
fn assemble(rows: Vec<Row>, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
    let height = rows.len();
    if height > MAX_BOARD_SIDE {
        let column = rows[MAX_BOARD_SIDE].column;
        return Err(ParseError::new(column, ParseErrorKind::TooTall { height }));
    }
    let width = rows.iter().map(|row| row.cells.len()).max().unwrap_or(0);
    if width == 0 {
        return Err(ParseError::new(end_column, ParseErrorKind::Empty));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (y, row) in rows.into_iter().enumerate() {
        cells.extend(row.cells);
        cells.resize((y + 1) * width, Cell::Empty);
    }
    let mut board = Board::from_cells(width, height, cells)
        .map_err(|_| ParseError::new(end_column, ParseErrorKind::TooWide { width }))?;
    board.checkering = checkering;
    Ok(board)
}
