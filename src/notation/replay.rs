//! SAN moves of a list ([`Moves`]) found on the board: each line is followed from the diagram by the rules of
//! orthodox chess (the side to move, the castlings still allowed, the square a pawn just passed), and every SAN move
//! becomes the coordinates it names, so that the list plays mechanically ([`Moves::play`]) and its canonical text
//! (the cache key's, the link's) is coordinates whatever the spelling.
//!
//! Where the list holds SAN, castling (`0-0` too) is checked as SAN's is: the king and the rook on their first
//! squares, the position's castling field (a FEN's `KQkq`) where it gives one, no castling through check. Every
//! other move (coordinates, the solvers' long notation, a rebirth) is played as written; it moves the pieces the
//! rules follow. A list without SAN is left as it is.
//!
//! ```
//! use ffen_diagram::ffen::{parse, Dialect, canonical};
//! use ffen_diagram::moves::Moves;
//! use ffen_diagram::replay::{resolve, Start};
//! use ffen_diagram::Color;
//! let board = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
//! let moves: Moves = "1. e4 e5 2.Nf3 Nc6 3. Bb5 a6 4. O-O".parse().unwrap();
//! let resolved = resolve(&moves, &board, Color::White, Start::default()).unwrap();
//! assert_eq!(resolved.canonical(Color::White), "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 0-0");
//! let error = resolve(&"1. e4 e5 2. Nf4".parse().unwrap(), &board, Color::White, Start::default()).unwrap_err();
//! assert_eq!(error.to_string(), "move 3, Nf4: no knight can reach f4");
//! ```

use crate::notation::board::{Board, Color, Figure, PieceKind};
use crate::notation::legal::{opponent, At, Castling, LegalMove, Position};
use crate::notation::moves::{Action, Move, MoveError, Moves, Square};
use crate::notation::san::San;

/// What a position's text says beyond its board: the castlings allowed and the square a pawn just passed (a FEN's
/// third and fourth fields). A diagram without them allows every castling its pieces stand for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// The castlings allowed.
    pub castling: Castling,
    /// En passant's target.
    pub passed: Option<At>,
}

impl Start {
    /// The castling and en passant fields of a position's text (`… w KQkq e3 0 1`), where it has them.
    ///
    /// ```
    /// use ffen_diagram::replay::Start;
    /// let start = Start::read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Kq e3 0 1");
    /// assert_eq!(start.castling.0, [true, false, false, true]);
    /// assert_eq!(start.passed, Some((4, 3)));
    /// ```
    pub fn read(position: &str) -> Start {
        let mut fields = position.split_whitespace().skip(2);
        let castling = fields.next().and_then(Castling::from_field).unwrap_or_default();
        let passed = fields.next().and_then(|field| match field.as_bytes() {
            [f @ b'a'..=b'z', rank @ ..] => {
                Some((usize::from(f - b'a'), std::str::from_utf8(rank).ok()?.parse().ok()?))
            }
            _ => None,
        });
        Start { castling, passed }
    }
}

/// Whether any move of `moves` is SAN.
pub fn has_san(moves: &Moves) -> bool {
    moves.lines.iter().flatten().flat_map(|m| &m.actions).any(|a| matches!(a, Action::San(_)))
}

/// `moves` with every SAN move found on `board` (each line from `board`, `first` to move, `start` its castlings and
/// en passant): the same moves, numbers and texts, each SAN action now a `Step` or a `Castle`; or the first move
/// that is no legal move, and why. A list without SAN comes back as it is.
pub fn resolve(moves: &Moves, board: &Board, first: Color, start: Start) -> Result<Moves, MoveError> {
    if !has_san(moves) {
        return Ok(moves.clone());
    }
    let lines = moves.lines.iter().map(|line| resolve_line(line, board, first, start)).collect::<Result<_, _>>()?;
    Ok(Moves { lines })
}

/// One line of [`resolve`].
fn resolve_line(line: &[Move], board: &Board, first: Color, start: Start) -> Result<Vec<Move>, MoveError> {
    let mut position = Position { board: board.clone(), side: first, castling: start.castling, passed: start.passed };
    let mut out = Vec::with_capacity(line.len());
    for played in line {
        if played.black_by_number {
            position.side = Color::Black;
        }
        let unplayable = |why: String| MoveError::Unplayable { number: played.number, text: played.text.clone(), why };
        let mut actions = Vec::with_capacity(played.actions.len());
        let mut main = None;
        for action in &played.actions {
            let found = match action {
                Action::San(san) => Some(san.find(&position).map_err(unplayable)?),
                Action::Castle { long } => Some(San::Castle { long: *long }.find(&position).map_err(unplayable)?),
                _ => None,
            };
            actions.push(match found {
                Some(m) => action_of(&m),
                None => action.clone(),
            });
            main = main.or(found).or_else(|| step_of(&position, action));
        }
        let resolved = Move { actions, ..played.clone() };
        let single = Moves { lines: vec![vec![resolved.clone()]] };
        let frames = single.play(&position.board, position.side)?;
        let next = frames.into_iter().flatten().last().map(|step| step.board);
        let (castling, passed) = match main {
            Some(m) => (position.castling_after(m.from, m.to), passed_by(&m)),
            None => (position.castling, None),
        };
        position = Position { board: next.unwrap_or(position.board), side: opponent(position.side), castling, passed };
        out.push(resolved);
    }
    Ok(out)
}

/// The action a legal move is: a castling, or a step with its promotion.
fn action_of(m: &LegalMove) -> Action {
    match m.castle {
        Some(long) => Action::Castle { long },
        None => Action::Step {
            from: Square { file: m.from.0, rank: m.from.1 },
            to: Square { file: m.to.0, rank: m.to.1 },
            promotion: m.promotion.map(PieceKind::Figure),
        },
    }
}

/// A move written in coordinates or long notation as the rules follow it: the piece on its first square.
fn step_of(position: &Position, action: &Action) -> Option<LegalMove> {
    let Action::Step { from, to, .. } = action else { return None };
    let (from, to) = ((from.file, from.rank), (to.file, to.rank));
    let figure = position.figure(from, position.side).unwrap_or(Figure::Queen);
    Some(LegalMove { figure, from, to, promotion: None, castle: None })
}

/// The square a pawn's double step passed.
fn passed_by(m: &LegalMove) -> Option<At> {
    (m.figure == Figure::Pawn && m.from.1.abs_diff(m.to.1) == 2).then_some((m.from.0, (m.from.1 + m.to.1) / 2))
}
