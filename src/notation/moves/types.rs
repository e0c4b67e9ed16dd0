//! The types of `moves=`: squares, what a move does, the moves read, why they fail, and the frames played.

use crate::notation::board::{Board, Color, Piece, PieceKind};
use crate::notation::san::San;
use std::fmt;

/// The most moves a text may hold, over all its lines.
pub const MAX_MOVES: usize = 500;

/// The most moves played over all lines once a solution's tree is unfolded (each variation replays the moves it
/// shares with the one before it).
pub const MAX_PLAYED: usize = 4000;

/// A square as a move names it: file (0 = a) and rank (1 = the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    /// The file, 0 for `a`.
    pub file: usize,
    /// The rank, 1 for the bottom one.
    pub rank: usize,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", crate::notation::board::file_name(self.file), self.rank)
    }
}

/// A change of the whole board, as Popeye's twins print it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transform {
    /// `rotate 90`, `180`, `270`: quarter turns anticlockwise (Popeye's a1 goes to h1 by 90).
    Rotate(u8),
    /// `mirror a1<-->h1` (the files reversed, `Files`), `a1<-->a8` (`Ranks`), `a1<-->h8` (`Diagonal`),
    /// `a8<-->h1` (`AntiDiagonal`).
    Mirror(Mirror),
    /// `shift a1 ==> b2`: every piece by the files and ranks between the two squares.
    Shift {
        /// Files to the right (negative: left).
        files: i32,
        /// Ranks up (negative: down).
        ranks: i32,
    },
    /// `PolishType`: White's pieces become Black's and Black's White's.
    Polish,
    /// `Q ==> S`: every piece of the first kind becomes the second, in its own colour.
    Substitute {
        /// The kind replaced.
        from: PieceKind,
        /// What it becomes.
        to: PieceKind,
    },
}

/// The four mirrors of [`Transform::Mirror`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// `a1<-->h1`.
    Files,
    /// `a1<-->a8`.
    Ranks,
    /// `a1<-->h8`.
    Diagonal,
    /// `a8<-->h1`.
    AntiDiagonal,
}

/// What a move does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// What stands on `from` goes to `to` (becoming `promotion` if one is given).
    Step {
        /// The square left.
        from: Square,
        /// The square reached.
        to: Square,
        /// What the piece becomes, in its own colour.
        promotion: Option<PieceKind>,
    },
    /// Castling: the king of the side to move two squares towards its rook, the rook beside it.
    Castle {
        /// `0-0-0`: towards the queen's side (the lower files).
        long: bool,
    },
    /// A move in SAN (`Nf3`, `exd6`, `O-O`), found on the board by the rules of chess before it is played
    /// ([`crate::notation::replay`] makes it a `Step` or a `Castle`).
    San(San),
    /// A piece put on a square, as a rebirth is printed (`[+wRh8]`).
    Put {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
    /// What stands on a square removed (Breton's `[-bPb3]`, a twin's `-wSd4`).
    Remove {
        /// The square emptied.
        square: Square,
    },
    /// What stands on `from` taken to `to`, as Anticirce's `[wSd5->c3]` and a twin's `wKd7-->b5` print it: no
    /// move of the side, no en passant.
    Relocate {
        /// The square left.
        from: Square,
        /// The square reached.
        to: Square,
        /// What it becomes on the way, if anything.
        becomes: Option<PieceKind>,
    },
    /// The pieces of two squares swapped (`Ka1<->Qb2`, a twin's `wRa1<-->bQd8`).
    Exchange {
        /// One square.
        a: Square,
        /// The other.
        b: Square,
    },
    /// The piece on a square changes colour (Anda's `[=n]`, `=w` after a move, `[d4=b]`).
    Recolor {
        /// Its square.
        square: Square,
        /// Its new colour.
        color: Color,
    },
    /// The piece on a square becomes another kind (`[e4=Q]`), in its own colour.
    Become {
        /// Its square.
        square: Square,
        /// What it becomes.
        kind: PieceKind,
    },
    /// The whole board changed, as a twin does.
    Transform(Transform),
}

/// One move: its place in the text (from 1, counted over all lines), as written, and what it does (a written move
/// with a rebirth is two actions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Its place in the list, from 1.
    pub number: usize,
    /// The move as written (without move numbers).
    pub text: String,
    /// Whether Black makes it by the text's own say (`1...`): the sides then go on alternating from here.
    pub black_by_number: bool,
    /// What it does, in order.
    pub actions: Vec<Action>,
}

/// A list of moves, in lines (`|` between them, or a variation of a solution's tree).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    /// The lines, each a list of moves; none when the text holds no move.
    pub lines: Vec<Vec<Move>>,
}

/// Why a list of moves cannot be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A move that is none of the notations.
    Unreadable {
        /// Its place in the list, from 1.
        number: usize,
        /// As written.
        text: String,
        /// What was expected.
        why: String,
    },
    /// A move that cannot be played on the board as it stands.
    Unplayable {
        /// Its place in the list, from 1.
        number: usize,
        /// As written.
        text: String,
        /// What stands in the way.
        why: String,
    },
    /// More than [`MAX_MOVES`] moves.
    TooMany(usize),
    /// More than [`MAX_PLAYED`] moves once the variations are unfolded.
    TooManyPlayed(usize),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable { number, text, why } => write!(f, "move {number}, {text}: {why}"),
            MoveError::Unplayable { number, text, why } => write!(f, "move {number}, {text}: {why}"),
            MoveError::TooMany(n) => write!(f, "{n} moves: at most {MAX_MOVES} are played"),
            MoveError::TooManyPlayed(n) => {
                write!(f, "{n} moves once the variations are unfolded: at most {MAX_PLAYED} are played")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// One position of a played line: the board after a move, the move's own squares (from and to, for the last-move
/// highlight) and every square whose contents changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The board after the move.
    pub board: Board,
    /// The squares the move went from and to (the king's, for castling); `None` for a bare rebirth or a twin.
    pub last: Option<(Square, Square)>,
    /// Every square whose cell changed.
    pub changed: Vec<Square>,
}
