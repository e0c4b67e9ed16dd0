//! Moves played on a board, mechanically: what a move's actions do to the cells.

use crate::notation::board::{Board, Cell, Color, Figure, Piece, PieceKind};
use crate::notation::moves::twin::transform;
use crate::notation::moves::types::{Action, Move, MoveError, Square, Step};

/// One line played from `board`.
pub fn play_line(line: &[Move], board: &Board, first: Color) -> Result<Vec<Step>, MoveError> {
    let mut board = board.clone();
    let mut side = first;
    let mut previous: Option<(Square, Square)> = None;
    let mut frames = Vec::with_capacity(line.len());
    for played in line {
        if played.black_by_number {
            side = Color::Black;
        }
        let unplayable = |why: String| MoveError::Unplayable { number: played.number, text: played.text.clone(), why };
        let mut changed = Vec::new();
        let mut last = None;
        for action in &played.actions {
            if let Some(moved) = act(&mut board, action, (side, previous), &mut changed).map_err(unplayable)? {
                last = Some(moved);
            }
        }
        // The side that moves next is the other one than the piece that just moved (Popeye's helpmates with an
        // odd half-move number start with White's `1...`); by turns where that piece has no side.
        side = match last.and_then(|(_, to)| cell(&board, to).ok()) {
            Some(Cell::Piece(Piece { color: Color::White, .. })) => Color::Black,
            Some(Cell::Piece(Piece { color: Color::Black, .. })) => Color::White,
            _ => other(side),
        };
        previous = last.or(previous);
        frames.push(Step { board: board.clone(), last, changed });
    }
    Ok(frames)
}

/// The other side (Black after anything but Black).
pub fn other(side: Color) -> Color {
    if side == Color::Black {
        Color::White
    } else {
        Color::Black
    }
}

/// Does one action; the squares of a move (a step's, the king's in castling), if it is one.
fn act(
    board: &mut Board,
    action: &Action,
    (side, previous): (Color, Option<(Square, Square)>),
    changed: &mut Vec<Square>,
) -> Result<Option<(Square, Square)>, String> {
    match action {
        Action::Step { from, to, promotion } => {
            if let Some(long) = uci_castling(board, *from, *to)? {
                return castle_king(board, *from, long, changed).map(Some);
            }
            step(board, (*from, *to), promotion.as_ref(), previous, changed)?;
            return Ok(Some((*from, *to)));
        }
        Action::Castle { long } => return castle(board, side, *long, changed).map(Some),
        Action::San(_) => return Err("SAN is played through notation::replay".into()),
        Action::Put { piece, square } => place(board, *square, Cell::Piece(piece.clone()), changed)?,
        Action::Remove { square } => {
            cell(board, *square)?;
            place(board, *square, Cell::Empty, changed)?
        }
        Action::Relocate { from, to, becomes } => {
            let moving = occupied(board, *from)?;
            place(board, *from, Cell::Empty, changed)?;
            place(board, *to, with_kind(moving, becomes.as_ref()), changed)?;
        }
        Action::Exchange { a, b } => {
            let (first, second) = (occupied(board, *a)?, cell(board, *b)?);
            place(board, *a, second, changed)?;
            place(board, *b, first, changed)?;
        }
        Action::Recolor { square, color } => match occupied(board, *square)? {
            Cell::Piece(piece) => place(board, *square, Cell::Piece(Piece { color: *color, ..piece }), changed)?,
            _ => return Err(format!("no piece on {square} to change colour")),
        },
        Action::Become { square, kind } => {
            let piece = occupied(board, *square)?;
            place(board, *square, with_kind(piece, Some(kind)), changed)?
        }
        Action::Transform(change) => transform(board, change, changed)?,
    }
    Ok(None)
}

/// `cell` as the kind `kind`, if one is given and it is a piece.
fn with_kind(cell: Cell, kind: Option<&PieceKind>) -> Cell {
    match (cell, kind) {
        (Cell::Piece(piece), Some(kind)) => Cell::Piece(Piece { kind: kind.clone(), ..piece }),
        (cell, _) => cell,
    }
}

/// The board's column and row of `square` (row 0 at the top), or why it has none.
pub fn position(board: &Board, square: Square) -> Result<(usize, usize), String> {
    if square.file >= board.width() || square.rank > board.height() {
        return Err(format!("{square} is off the {}×{} board", board.width(), board.height()));
    }
    let at = (square.file, board.height() - square.rank);
    match board.get(at.0, at.1) {
        Some(Cell::Hole) => Err(format!("{square} is a hole")),
        _ => Ok(at),
    }
}

/// The cell on `square`.
pub fn cell(board: &Board, square: Square) -> Result<Cell, String> {
    let (x, y) = position(board, square)?;
    Ok(board.get(x, y).cloned().unwrap_or_default())
}

/// The cell on `square`, which must not be empty.
fn occupied(board: &Board, square: Square) -> Result<Cell, String> {
    match cell(board, square)? {
        Cell::Empty => Err(format!("{square} is empty")),
        cell => Ok(cell),
    }
}

/// Puts `cell` on `square`, noting the square as changed when its contents change.
pub fn place(board: &mut Board, square: Square, cell: Cell, changed: &mut Vec<Square>) -> Result<(), String> {
    let (x, y) = position(board, square)?;
    if board.get(x, y) != Some(&cell) {
        board.set(x, y, cell);
        if !changed.contains(&square) {
            changed.push(square);
        }
    }
    Ok(())
}

/// Whether a cell holds a pawn: the orthodox one or a fairy pawn (`berolinapawn`), which en passant can take.
fn is_pawn(cell: &Cell) -> bool {
    match cell {
        Cell::Piece(Piece { kind: PieceKind::Figure(Figure::Pawn), .. }) => true,
        Cell::Piece(Piece { kind: PieceKind::Named(name), .. }) => name.as_str().ends_with("pawn"),
        _ => false,
    }
}

/// Moves what stands on `from` to `to`, promoting it if asked, and takes en passant: a pawn reaching an empty
/// square that the previous move's pawn crossed takes that pawn (the berolina pawn's diagonal double step too);
/// with no previous move, a pawn moving diagonally to an empty square takes the pawn beside it that it passed.
fn step(
    board: &mut Board,
    (from, to): (Square, Square),
    promotion: Option<&PieceKind>,
    previous: Option<(Square, Square)>,
    changed: &mut Vec<Square>,
) -> Result<(), String> {
    let moving = cell(board, from)?;
    let target = cell(board, to)?;
    if moving == Cell::Empty {
        return Err(format!("{from} is empty"));
    }
    if is_pawn(&moving) && target == Cell::Empty {
        let passed = match previous {
            Some((a, b)) if crossed(a, b, to) => Some(b),
            Some(_) => None,
            None => (from.file != to.file).then_some(Square { file: to.file, rank: from.rank }),
        };
        if let Some(passed) = passed.filter(|p| cell(board, *p).is_ok_and(|c| is_pawn(&c))) {
            place(board, passed, Cell::Empty, changed)?;
        }
    }
    place(board, from, Cell::Empty, changed)?;
    place(board, to, with_kind(moving, promotion), changed)
}

/// Whether a two-square step from `a` to `b` (straight or diagonal) crossed `square` between them.
fn crossed(a: Square, b: Square, square: Square) -> bool {
    let (df, dr) = (b.file.abs_diff(a.file), b.rank.abs_diff(a.rank));
    let two_step = (df == 0 || df == 2) && dr == 2;
    two_step && square.file * 2 == a.file + b.file && square.rank * 2 == a.rank + b.rank
}

/// A king's move that is castling as lichess and chess960 write it: two files along its first rank with a rook
/// of its side beyond (`e1g1`), or onto a rook of its side there (`e1h1`). Whether it is long, if it is castling.
fn uci_castling(board: &Board, from: Square, to: Square) -> Result<Option<bool>, String> {
    let Cell::Piece(king) = cell(board, from)? else { return Ok(None) };
    let first_rank = match king.color {
        Color::White => 1,
        Color::Black => board.height(),
        _ => return Ok(None),
    };
    if king.kind != PieceKind::Figure(Figure::King) || from.rank != first_rank || to.rank != first_rank {
        return Ok(None);
    }
    let own_rook = |square: Square| matches!(cell(board, square), Ok(Cell::Piece(Piece { kind: PieceKind::Figure(Figure::Rook), color, .. })) if color == king.color);
    let long = to.file < from.file;
    if own_rook(to) {
        return Ok(Some(long));
    }
    if from.file.abs_diff(to.file) != 2 || cell(board, to)? != Cell::Empty {
        return Ok(None);
    }
    let beyond: Vec<usize> = if long { (0..to.file).rev().collect() } else { (to.file + 1..board.width()).collect() };
    let rook = beyond
        .into_iter()
        .map(|file| Square { file, rank: from.rank })
        .find(|&square| cell(board, square).is_ok_and(|c| c != Cell::Empty));
    Ok(rook.filter(|&r| own_rook(r)).map(|_| long))
}

/// Castles for `side`: its king two squares towards the nearest rook of its colour on its rank, the rook to the
/// square the king crossed. Returns the king's squares.
fn castle(board: &mut Board, side: Color, long: bool, changed: &mut Vec<Square>) -> Result<(Square, Square), String> {
    let is_king = |c: &Cell| matches!(c, Cell::Piece(Piece { kind: PieceKind::Figure(Figure::King), color, .. }) if *color == side);
    let colour = colour_name(side);
    let ranks: Vec<usize> =
        if side == Color::Black { (1..=board.height()).rev().collect() } else { (1..=board.height()).collect() };
    let king = ranks
        .iter()
        .flat_map(|&rank| (0..board.width()).map(move |file| Square { file, rank }))
        .find(|&square| cell(board, square).is_ok_and(|c| is_king(&c)))
        .ok_or_else(|| format!("no {colour} king to castle"))?;
    castle_king(board, king, long, changed)
}

/// Castles with the king on `king` and the nearest rook of its colour on its rank towards `long`'s side: the king
/// two squares towards it, the rook to the square the king crossed; in chess960 (a king and rook placed otherwise)
/// the king to the c or g file and the rook beside it, inside. Returns the king's squares.
fn castle_king(
    board: &mut Board,
    king: Square,
    long: bool,
    changed: &mut Vec<Square>,
) -> Result<(Square, Square), String> {
    let Cell::Piece(king_piece) = cell(board, king)? else { return Err(format!("{king} is empty")) };
    let is_rook = |c: &Cell| matches!(c, Cell::Piece(Piece { kind: PieceKind::Figure(Figure::Rook), color, .. }) if *color == king_piece.color);
    let files: Vec<usize> =
        if long { (0..king.file).rev().collect() } else { (king.file + 1..board.width()).collect() };
    let rook = files
        .into_iter()
        .map(|file| Square { file, rank: king.rank })
        .find(|&square| cell(board, square).is_ok_and(|c| is_rook(&c)))
        .ok_or_else(|| format!("no {} rook beside the king on {king} to castle with", colour_name(king_piece.color)))?;
    let on_rank = |file: usize| Square { file, rank: king.rank };
    let towards = |by: usize| if long { king.file.checked_sub(by) } else { Some(king.file + by) };
    let beside_rook = rook.file.abs_diff(king.file) == 1;
    let (king_to, rook_to) = if board.width() == 8 && (king.file != 4 || beside_rook || !matches!(rook.file, 0 | 7)) {
        // Chess960: the king ends on c or g, the rook on d or f, wherever they started.
        if long {
            (on_rank(2), on_rank(3))
        } else {
            (on_rank(6), on_rank(5))
        }
    } else {
        match (towards(2), towards(1)) {
            (Some(k), Some(r)) => (on_rank(k), on_rank(r)),
            _ => return Err(format!("the king on {king} has no two squares to castle into")),
        }
    };
    let rook_cell = cell(board, rook)?;
    for square in [king_to, rook_to] {
        let there = cell(board, square)?;
        if there != Cell::Empty && square != king && square != rook {
            return Err(format!("{square} is not empty to castle into"));
        }
    }
    place(board, king, Cell::Empty, changed)?;
    place(board, rook, Cell::Empty, changed)?;
    place(board, king_to, Cell::Piece(king_piece), changed)?;
    place(board, rook_to, rook_cell, changed)?;
    Ok((king, king_to))
}

/// A side's name in a message.
fn colour_name(side: Color) -> &'static str {
    if side == Color::Black {
        "black"
    } else {
        "white"
    }
}
