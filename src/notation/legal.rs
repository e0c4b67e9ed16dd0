//! The legal moves of orthodox chess on a diagram's board: what the SAN reader ([`crate::notation::san`]) needs to
//! find the one move a SAN names (which pieces of a kind reach a square, which of them a pin or a check stops).
//!
//! Any board is read, of any size: only the upright white and black orthodox pieces move (by the rules of chess);
//! every other piece (a fairy piece, a neutral or turned one, a marker, a letter) stands in the way, gives no check
//! and can be taken unless it is of the mover's colour; a hole can be neither crossed nor entered. A pawn steps
//! towards the far rank (White up), two squares from its second rank, takes diagonally and en passant, and
//! promotes on the far rank. Castling: the king on its first rank (the e-file on a board of eight files), the rook
//! in the corner, the squares between them empty, the king not in check and not crossing or reaching an attacked
//! square; the king goes two squares towards the rook and the rook to the square the king crossed. A position may
//! have no king (a problem's sketch): then no move leaves a king in check.

use crate::notation::board::{Board, Cell, Color, Figure, Piece, PieceKind, Rotation};

/// A square: its file (0 = a) and rank (1 = the bottom).
pub type At = (usize, usize);

/// Which castlings are still allowed: White's short and long, Black's short and long. Lost when the king or the
/// corner's rook moves, or the rook is taken; a position's text (a FEN's third field) may take them away at the
/// start. The pieces must still stand on their squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castling(pub [bool; 4]);

impl Default for Castling {
    fn default() -> Castling {
        Castling([true; 4])
    }
}

impl Castling {
    /// The rights a FEN's castling field gives (`KQkq`, `Kq`, `-`); `None` for what is no such field (a Shredder
    /// FEN's files are not read: all rights stay, as for a diagram without the field).
    pub fn from_field(field: &str) -> Option<Castling> {
        if field == "-" {
            return Some(Castling([false; 4]));
        }
        let mut rights = [false; 4];
        for c in field.chars() {
            let i = "KQkq".find(c)?;
            rights[i] = true;
        }
        Some(Castling(rights))
    }

    /// The index of `side`'s right, short or long.
    fn index(side: Color, long: bool) -> usize {
        2 * usize::from(side == Color::Black) + usize::from(long)
    }
}

/// A position: the board, the side to move, the castlings allowed and the square a pawn just passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The board.
    pub board: Board,
    /// White or Black.
    pub side: Color,
    /// The castlings still allowed.
    pub castling: Castling,
    /// The square a pawn passed on the last move (en passant's target).
    pub passed: Option<At>,
}

/// A legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The piece moving (the king, for castling).
    pub figure: Figure,
    /// Where it stands.
    pub from: At,
    /// Where it goes (the king's square, for castling).
    pub to: At,
    /// What a pawn becomes.
    pub promotion: Option<Figure>,
    /// Castling, long or short.
    pub castle: Option<bool>,
}

/// The knight's leaps and the king's steps.
const LEAPS: [(i64, i64); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const STEPS: [(i64, i64); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const PROMOTIONS: [Figure; 4] = [Figure::Queen, Figure::Rook, Figure::Bishop, Figure::Knight];

/// The other side.
pub fn opponent(side: Color) -> Color {
    if side == Color::White {
        Color::Black
    } else {
        Color::White
    }
}

impl Position {
    /// The cell on `at`; `None` off the board.
    fn cell(&self, at: At) -> Option<&Cell> {
        let (file, rank) = at;
        if rank == 0 || rank > self.board.height() {
            return None;
        }
        self.board.get(file, self.board.height() - rank)
    }

    /// The orthodox piece of `side` on `at`, if any (upright, white or black).
    pub fn figure(&self, at: At, side: Color) -> Option<Figure> {
        match self.cell(at) {
            Some(Cell::Piece(Piece { kind: PieceKind::Figure(f), color, rotation }))
                if *color == side && *rotation == Rotation::NONE =>
            {
                Some(*f)
            }
            _ => None,
        }
    }

    /// The square `by` away from `at`, if it is on the board.
    fn offset(&self, at: At, by: (i64, i64)) -> Option<At> {
        let file = usize::try_from(at.0 as i64 + by.0).ok()?;
        let rank = usize::try_from(at.1 as i64 + by.1).ok()?;
        (file < self.board.width() && rank >= 1 && rank <= self.board.height()).then_some((file, rank))
    }

    /// Whether `side` may end a move on `at`: on the board, no hole, nothing of its own colour.
    fn enterable(&self, at: At, side: Color) -> bool {
        match self.cell(at) {
            Some(Cell::Empty) => true,
            Some(Cell::Piece(piece)) => piece.color != side,
            Some(Cell::Text(_)) => true,
            Some(Cell::Hole) | None => false,
        }
    }

    fn empty(&self, at: At) -> bool {
        matches!(self.cell(at), Some(Cell::Empty))
    }

    /// The direction `side`'s pawns go, and their second and last ranks.
    fn pawn_ranks(&self, side: Color) -> (i64, usize, usize) {
        let height = self.board.height();
        match side {
            Color::Black => (-1, height.saturating_sub(1), 1),
            _ => (1, 2, height),
        }
    }

    /// The squares a piece `figure` of `side` on `from` reaches (pawns: its steps and captures, en passant too),
    /// castling aside.
    fn targets(&self, figure: Figure, from: At, side: Color) -> Vec<At> {
        let mut out = Vec::new();
        let slide = |dirs: &[(i64, i64)], out: &mut Vec<At>| {
            for &d in dirs {
                let mut at = from;
                while let Some(next) = self.offset(at, d) {
                    if !self.enterable(next, side) {
                        break;
                    }
                    out.push(next);
                    if !self.empty(next) {
                        break;
                    }
                    at = next;
                }
            }
        };
        match figure {
            Figure::Knight | Figure::King => {
                let leaps = if figure == Figure::Knight { LEAPS } else { STEPS };
                out.extend(leaps.iter().filter_map(|&d| self.offset(from, d)).filter(|&at| self.enterable(at, side)));
            }
            Figure::Rook => slide(&STEPS[0..8].iter().step_by(2).copied().collect::<Vec<_>>(), &mut out),
            Figure::Bishop => slide(&STEPS[1..8].iter().step_by(2).copied().collect::<Vec<_>>(), &mut out),
            Figure::Queen => slide(&STEPS, &mut out),
            Figure::Pawn => {
                let (dir, second, _) = self.pawn_ranks(side);
                if let Some(one) = self.offset(from, (0, dir)).filter(|&at| self.empty(at)) {
                    out.push(one);
                    if from.1 == second {
                        out.extend(self.offset(one, (0, dir)).filter(|&at| self.empty(at)));
                    }
                }
                for side_step in [-1, 1] {
                    if let Some(at) = self.offset(from, (side_step, dir)) {
                        let takes = matches!(self.cell(at), Some(Cell::Piece(p)) if p.color != side);
                        if takes || self.passed == Some(at) {
                            out.push(at);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether `at` is attacked by an orthodox piece of `by`.
    pub fn attacked(&self, at: At, by: Color) -> bool {
        let hits = |dirs: &[(i64, i64)], sliders: &[Figure]| {
            dirs.iter().any(|&d| {
                let mut square = at;
                while let Some(next) = self.offset(square, d) {
                    if let Some(f) = self.figure(next, by) {
                        return sliders.contains(&f);
                    }
                    if !self.empty(next) {
                        return false;
                    }
                    square = next;
                }
                false
            })
        };
        let leaps = |dirs: &[(i64, i64)], figure: Figure| {
            dirs.iter().any(|&d| self.offset(at, d).is_some_and(|from| self.figure(from, by) == Some(figure)))
        };
        let (dir, _, _) = self.pawn_ranks(by);
        hits(&[(1, 0), (0, 1), (-1, 0), (0, -1)], &[Figure::Rook, Figure::Queen])
            || hits(&[(1, 1), (-1, 1), (-1, -1), (1, -1)], &[Figure::Bishop, Figure::Queen])
            || leaps(&LEAPS, Figure::Knight)
            || leaps(&STEPS, Figure::King)
            || leaps(&[(-1, -dir), (1, -dir)], Figure::Pawn)
    }

    /// Whether a king of `side` stands attacked.
    pub fn in_check(&self, side: Color) -> bool {
        self.squares().any(|at| self.figure(at, side) == Some(Figure::King) && self.attacked(at, opponent(side)))
    }

    /// The square of the side to move's king, if it stands in check.
    pub fn checked_king(&self) -> Option<At> {
        let side = self.side;
        self.squares().find(|&at| self.figure(at, side) == Some(Figure::King) && self.attacked(at, opponent(side)))
    }

    /// Every square of the board.
    fn squares(&self) -> impl Iterator<Item = At> + '_ {
        (1..=self.board.height()).flat_map(move |rank| (0..self.board.width()).map(move |file| (file, rank)))
    }

    /// The legal moves of the side to move by pieces `figure` (castling with the king) that reach `to`.
    pub fn moves_to(&self, figure: Figure, to: At) -> Vec<LegalMove> {
        self.reaching(figure, to).1
    }

    /// The moves of pieces `figure` of the side to move that reach `to`, as the pieces go (`pseudo`: a pinned
    /// piece's too) and as the rules allow (`legal`).
    pub fn reaching(&self, figure: Figure, to: At) -> (Vec<LegalMove>, Vec<LegalMove>) {
        let side = self.side;
        let mut pseudo = Vec::new();
        for from in self.squares().filter(|&at| self.figure(at, side) == Some(figure)) {
            if !self.targets(figure, from, side).contains(&to) {
                continue;
            }
            let last = self.pawn_ranks(side).2;
            if figure == Figure::Pawn && to.1 == last {
                pseudo.extend(PROMOTIONS.map(|p| LegalMove { figure, from, to, promotion: Some(p), castle: None }));
            } else {
                pseudo.push(LegalMove { figure, from, to, promotion: None, castle: None });
            }
        }
        let legal = pseudo.iter().copied().filter(|m| !self.after(m).in_check(side)).collect();
        (pseudo, legal)
    }

    /// The side to move's castling, long or short, if it is legal.
    pub fn castle(&self, long: bool) -> Result<LegalMove, String> {
        let side = self.side;
        let (width, height) = (self.board.width(), self.board.height());
        let rank = if side == Color::Black { height } else { 1 };
        let king = (0..width).map(|file| (file, rank)).find(|&at| self.figure(at, side) == Some(Figure::King));
        let king = king.filter(|k| width != 8 || k.0 == 4).ok_or("the king is not on its first square")?;
        let corner = (if long { 0 } else { width - 1 }, rank);
        if self.figure(corner, side) != Some(Figure::Rook) {
            return Err("no rook in the corner".into());
        }
        if !self.castling.0[Castling::index(side, long)] {
            return Err("the position does not allow it".into());
        }
        let step = if long { -1 } else { 1 };
        let between = corner.0.min(king.0) + 1..corner.0.max(king.0);
        let (crossed, to) = match (self.offset(king, (step, 0)), self.offset(king, (2 * step, 0))) {
            (Some(c), Some(t)) if between.contains(&c.0) && between.contains(&t.0) => (c, t),
            _ => return Err("no room to castle".into()),
        };
        if between.map(|file| (file, rank)).any(|at| !self.empty(at)) {
            return Err("the squares between the king and the rook are not empty".into());
        }
        let enemy = opponent(side);
        if [king, crossed, to].iter().any(|&at| self.attacked(at, enemy)) {
            return Err("the king is in check or would cross or reach an attacked square".into());
        }
        Ok(LegalMove { figure: Figure::King, from: king, to, promotion: None, castle: Some(long) })
    }

    /// The position after `m`, whoever is to move next.
    pub fn after(&self, m: &LegalMove) -> Position {
        let mut next = self.clone();
        let side = self.side;
        let height = self.board.height();
        let mut set = |at: At, cell: Cell| {
            next.board.set(at.0, height - at.1, cell);
        };
        let moving = self.cell(m.from).cloned().unwrap_or_default();
        if let Some(long) = m.castle {
            let corner = (if long { 0 } else { self.board.width() - 1 }, m.from.1);
            let rook = self.cell(corner).cloned().unwrap_or_default();
            let crossed = ((m.from.0 + m.to.0) / 2, m.from.1);
            set(m.from, Cell::Empty);
            set(corner, Cell::Empty);
            set(m.to, moving);
            set(crossed, rook);
        } else {
            if m.figure == Figure::Pawn && m.from.0 != m.to.0 && self.empty(m.to) {
                set((m.to.0, m.from.1), Cell::Empty);
            }
            let arriving = match (moving, m.promotion) {
                (Cell::Piece(piece), Some(p)) => Cell::Piece(Piece { kind: PieceKind::Figure(p), ..piece }),
                (moving, _) => moving,
            };
            set(m.from, Cell::Empty);
            set(m.to, arriving);
        }
        next.passed = None;
        if m.figure == Figure::Pawn && m.from.1.abs_diff(m.to.1) == 2 {
            next.passed = Some((m.from.0, (m.from.1 + m.to.1) / 2));
        }
        next.castling = self.castling_after(m.from, m.to);
        next.side = opponent(side);
        next
    }

    /// The castlings left once something has gone from `from` to `to`: none of a side whose king left its first
    /// rank's square, none with a corner's rook that moved or was taken.
    pub fn castling_after(&self, from: At, to: At) -> Castling {
        let mut rights = self.castling;
        let (width, height) = (self.board.width(), self.board.height());
        for (side, rank) in [(Color::White, 1), (Color::Black, height)] {
            if from.1 == rank && self.figure(from, side) == Some(Figure::King) {
                rights.0[Castling::index(side, false)] = false;
                rights.0[Castling::index(side, true)] = false;
            }
            for (long, file) in [(true, 0), (false, width - 1)] {
                if from == (file, rank) || to == (file, rank) {
                    rights.0[Castling::index(side, long)] = false;
                }
            }
        }
        rights
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{parse, Dialect};

    fn position(text: &str, side: Color) -> Position {
        let board = parse(text, Dialect::Janko).unwrap();
        Position { board, side, castling: Castling::default(), passed: None }
    }

    #[test]
    fn the_start_has_twenty_moves() {
        let p = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Color::White);
        let count: usize = p.squares().flat_map(|to| Figure::ALL.map(|f| p.moves_to(f, to).len())).sum();
        assert_eq!(count, 20);
    }

    #[test]
    fn a_pinned_knight_cannot_move_and_castling_needs_safe_squares() {
        let p = position("4r1k1/8/8/8/8/8/4N3/R3K2R", Color::White);
        assert!(p.moves_to(Figure::Knight, (2, 3)).is_empty());
        assert_eq!(p.reaching(Figure::Knight, (2, 3)).0.len(), 1);
        assert!(p.castle(false).is_ok(), "the knight shields the king");
        let p = position("5rk1/8/8/8/8/8/8/R3K2R", Color::White);
        assert!(p.castle(false).is_err(), "crosses f1");
        assert!(p.castle(true).is_ok());
    }
}
