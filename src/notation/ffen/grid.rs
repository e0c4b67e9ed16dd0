//! Building a board from squares read one after another: the size limits, rank padding and border marks every
//! reader shares.
//!
//! Two shapes of input exist. [`Ranks`]: each rank ends where the notation says (`/` in janko, Bodlaender, XFEN),
//! and a short rank is padded with empty squares up to the widest. [`Stream`]: squares run on across rank ends and
//! the board's width cuts them into ranks (Game Courier, and janko or XFEN strings written without any `/`).

use super::error::{ParseError, ParseErrorKind};
use crate::notation::board::{Board, Cell, Checkering, MAX_BOARD_SIDE};

/// A square as read: its cell and whether `[]` / XFEN's `B` bordered it.
#[derive(Clone, Debug)]
struct Square {
    cell: Cell,
    bordered: bool,
}

/// A rank as read, and the column it starts at (for the error about too many ranks).
struct Row {
    squares: Vec<Square>,
    column: usize,
}

/// A border mark waiting for the square it borders: `[]` stands before that square.
#[derive(Default)]
struct PendingBorder(Option<usize>);

impl PendingBorder {
    fn mark(&mut self, column: usize) {
        self.0 = Some(column);
    }

    /// Whether the next square is bordered; the mark is used up.
    fn take(&mut self) -> bool {
        self.0.take().is_some()
    }

    /// Errs if a mark is still waiting where no square can follow (a rank's end, the input's end).
    fn check_none(&self) -> Result<(), ParseError> {
        match self.0 {
            Some(column) => Err(ParseError::new(column, ParseErrorKind::BorderWithoutSquare)),
            None => Ok(()),
        }
    }
}

/// Appends `run` empty squares to `squares`, the first bordered if a mark waits (and `run` > 0).
fn push_empties(squares: &mut Vec<Square>, run: usize, border: &mut PendingBorder) {
    if run == 0 {
        return;
    }
    squares.push(Square { cell: Cell::Empty, bordered: border.take() });
    squares.resize(squares.len() + run - 1, Square { cell: Cell::Empty, bordered: false });
}

/// What a reader hands squares to, whichever shape its input has.
pub(super) trait Builder {
    /// Appends one square written at `column`.
    fn push(&mut self, cell: Cell, column: usize) -> Result<(), ParseError>;
    /// Appends `run` empty squares written at `column`.
    fn push_empty(&mut self, run: usize, column: usize) -> Result<(), ParseError>;
    /// Borders the next square; `column` is where the mark was written.
    fn mark_border(&mut self, column: usize);
}

/// Ranks whose ends are written; each rank holds at most [`MAX_BOARD_SIDE`] squares.
pub(super) struct Ranks {
    done: Vec<Row>,
    current: Row,
    border: PendingBorder,
}

impl Ranks {
    /// No squares yet; the first rank starts at `column`.
    pub(super) fn new(column: usize) -> Ranks {
        Ranks { done: Vec::new(), current: Row { squares: Vec::new(), column }, border: PendingBorder::default() }
    }

    /// The number of squares in the rank being read.
    pub(super) fn width(&self) -> usize {
        self.current.squares.len()
    }

    /// The number of ranks begun so far, the one being read included.
    pub(super) fn count(&self) -> usize {
        self.done.len() + 1
    }

    fn check_width(&self, added: usize, column: usize) -> Result<(), ParseError> {
        let width = self.width().saturating_add(added);
        if width > MAX_BOARD_SIDE {
            return Err(ParseError::new(column, ParseErrorKind::TooWide { width }));
        }
        Ok(())
    }

    /// Ends the rank (a `/`); the next one starts at `next_column`.
    pub(super) fn end_rank(&mut self, next_column: usize) -> Result<(), ParseError> {
        self.border.check_none()?;
        let next = Row { squares: Vec::new(), column: next_column };
        self.done.push(std::mem::replace(&mut self.current, next));
        Ok(())
    }

    /// The board: one trailing `/` is ignored, short ranks are padded with empty squares to the widest.
    pub(super) fn finish(mut self, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
        self.border.check_none()?;
        if self.done.is_empty() || !self.current.squares.is_empty() {
            self.done.push(self.current);
        }
        assemble(self.done, checkering, end_column)
    }
}

impl Builder for Ranks {
    fn push(&mut self, cell: Cell, column: usize) -> Result<(), ParseError> {
        self.check_width(1, column)?;
        self.current.squares.push(Square { cell, bordered: self.border.take() });
        Ok(())
    }

    fn push_empty(&mut self, run: usize, column: usize) -> Result<(), ParseError> {
        self.check_width(run, column)?;
        push_empties(&mut self.current.squares, run, &mut self.border);
        Ok(())
    }

    fn mark_border(&mut self, column: usize) {
        self.border.mark(column);
    }
}

/// Squares that run on across rank ends, cut into ranks of a fixed width; at most [`MAX_BOARD_SIDE`] ranks.
pub(super) struct Stream {
    width: usize,
    squares: Vec<Square>,
    border: PendingBorder,
}

impl Stream {
    /// No squares yet; ranks of `width` squares (1 to [`MAX_BOARD_SIDE`]).
    pub(super) fn new(width: usize) -> Stream {
        Stream { width: width.clamp(1, MAX_BOARD_SIDE), squares: Vec::new(), border: PendingBorder::default() }
    }

    /// The number of squares so far.
    pub(super) fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the next square starts a rank.
    pub(super) fn at_rank_start(&self) -> bool {
        self.squares.len().is_multiple_of(self.width)
    }

    fn check_height(&self, added: usize, column: usize) -> Result<(), ParseError> {
        let total = self.squares.len().saturating_add(added);
        if total > self.width * MAX_BOARD_SIDE {
            return Err(ParseError::new(column, ParseErrorKind::TooTall { height: total.div_ceil(self.width) }));
        }
        Ok(())
    }

    /// Fills the rest of the current rank with copies of `cell` (nothing at a rank's start); `column` is where the
    /// instruction was written.
    pub(super) fn pad_rank(&mut self, cell: Cell, column: usize) -> Result<(), ParseError> {
        let rest = (self.width - self.squares.len() % self.width) % self.width;
        self.check_height(rest, column)?;
        self.squares.resize(self.squares.len() + rest, Square { cell, bordered: false });
        Ok(())
    }

    /// The board: ranks of the width, a last partial rank padded with empty squares. A board of no more squares
    /// than the width is one rank of just those squares.
    pub(super) fn finish(self, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
        self.border.check_none()?;
        let rows = self.squares.chunks(self.width).map(|chunk| Row { squares: chunk.to_vec(), column: 1 }).collect();
        assemble(rows, checkering, end_column)
    }
}

impl Builder for Stream {
    fn push(&mut self, cell: Cell, column: usize) -> Result<(), ParseError> {
        self.check_height(1, column)?;
        self.squares.push(Square { cell, bordered: self.border.take() });
        Ok(())
    }

    fn push_empty(&mut self, run: usize, column: usize) -> Result<(), ParseError> {
        self.check_height(run, column)?;
        push_empties(&mut self.squares, run, &mut self.border);
        Ok(())
    }

    fn mark_border(&mut self, column: usize) {
        self.border.mark(column);
    }
}

/// Builds the board from its rows, padding short ones with empty squares (the lenient rule of every dialect).
fn assemble(rows: Vec<Row>, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
    let height = rows.len();
    if height > MAX_BOARD_SIDE {
        let column = rows[MAX_BOARD_SIDE].column;
        return Err(ParseError::new(column, ParseErrorKind::TooTall { height }));
    }
    let width = rows.iter().map(|row| row.squares.len()).max().unwrap_or(0);
    if width == 0 {
        return Err(ParseError::new(end_column, ParseErrorKind::Empty));
    }
    let mut cells = Vec::with_capacity(width * height);
    let mut borders = Vec::new();
    for (y, row) in rows.into_iter().enumerate() {
        for (x, square) in row.squares.into_iter().enumerate() {
            if square.bordered {
                borders.push((x, y));
            }
            cells.push(square.cell);
        }
        cells.resize((y + 1) * width, Cell::Empty);
    }
    let mut board = Board::from_cells(width, height, cells)
        .map_err(|_| ParseError::new(end_column, ParseErrorKind::TooWide { width }))?;
    for (x, y) in borders {
        board.set_bordered(x, y, true);
    }
    board.checkering = checkering;
    Ok(board)
}
