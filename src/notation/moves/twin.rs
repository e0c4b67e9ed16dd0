//! A twin's changes of the whole board: turned, mirrored, shifted, its colours swapped, a kind replaced.

use crate::notation::board::{Board, Cell, Color, Piece};
use crate::notation::moves::types::{Mirror, Square, Transform};

/// Changes the whole board as `change` says, noting every square whose contents changed.
pub fn transform(board: &mut Board, change: &Transform, changed: &mut Vec<Square>) -> Result<(), String> {
    let (width, height) = (board.width(), board.height());
    let mut next = board.clone();
    for y in 0..height {
        for x in 0..width {
            if let Some(Cell::Hole) = board.get(x, y) {
                continue;
            }
            let _ = next.set(x, y, Cell::Empty);
        }
    }
    for y in 0..height {
        for x in 0..width {
            let here = board.get(x, y).cloned().unwrap_or_default();
            if matches!(here, Cell::Empty | Cell::Hole) {
                continue;
            }
            let (tx, ty, cell) = moved(change, (x, y), (width, height), here)?;
            match next.get(tx, ty) {
                Some(Cell::Empty) => {
                    next.set(tx, ty, cell);
                }
                Some(Cell::Hole) => return Err(format!("{} would go to a hole", name((tx, ty), height))),
                _ => return Err("two pieces would share a square".to_string()),
            }
        }
    }
    for y in 0..height {
        for x in 0..width {
            if board.get(x, y) != next.get(x, y) {
                changed.push(name((x, y), height));
            }
        }
    }
    *board = next;
    Ok(())
}

/// The square of column `x` and row `y` (row 0 at the top).
fn name((x, y): (usize, usize), height: usize) -> Square {
    Square { file: x, rank: height - y }
}

/// Where the cell on column `x`, row `y` goes, and what it is there.
fn moved(
    change: &Transform,
    (x, y): (usize, usize),
    (w, h): (usize, usize),
    cell: Cell,
) -> Result<(usize, usize, Cell), String> {
    // Files and ranks from the bottom left, as Popeye counts them.
    let (f, r) = (x, h - 1 - y);
    let square_only =
        || if w == h { Ok(()) } else { Err(format!("a {w}×{h} board cannot be turned or mirrored on a diagonal")) };
    let (f, r) = match change {
        Transform::Rotate(turns) => {
            square_only()?;
            let mut at = (f, r);
            for _ in 0..*turns {
                // Popeye's `rotate 90`: a1 to h1, h1 to h8 (anticlockwise).
                at = (w - 1 - at.1, at.0);
            }
            at
        }
        Transform::Mirror(Mirror::Files) => (w - 1 - f, r),
        Transform::Mirror(Mirror::Ranks) => (f, h - 1 - r),
        Transform::Mirror(Mirror::Diagonal) => {
            square_only()?;
            (r, f)
        }
        Transform::Mirror(Mirror::AntiDiagonal) => {
            square_only()?;
            (w - 1 - r, h - 1 - f)
        }
        Transform::Shift { files, ranks } => {
            let to = |at: usize, by: i32, size: usize| {
                i64::try_from(at)
                    .ok()
                    .map(|a| a + i64::from(by))
                    .and_then(|t| usize::try_from(t).ok())
                    .filter(|t| *t < size)
            };
            match (to(f, *files, w), to(r, *ranks, h)) {
                (Some(f), Some(r)) => (f, r),
                _ => return Err(format!("the shift takes {} off the board", name((x, y), h))),
            }
        }
        Transform::Polish | Transform::Substitute { .. } => (f, r),
    };
    let cell = match (change, cell) {
        (Transform::Polish, Cell::Piece(piece)) => {
            let color = match piece.color {
                Color::White => Color::Black,
                Color::Black => Color::White,
                other => other,
            };
            Cell::Piece(Piece { color, ..piece })
        }
        (Transform::Substitute { from, to }, Cell::Piece(piece)) if piece.kind == *from => {
            Cell::Piece(Piece { kind: to.clone(), ..piece })
        }
        (_, cell) => cell,
    };
    Ok((f, h - 1 - r, cell))
}
