//! Moves played on a diagram's board, as a game's or a problem solution's text gives them: the grammar of `moves=`.
//!
//! Moves are applied **mechanically**, with no legality check, so that fairy pieces, fairy boards and problem
//! conditions all work: a move takes whatever stands on its first square to its second, and a piece standing there
//! is gone. The text is a list of moves separated by spaces or commas, in either of two notations:
//! - coordinates, as lichess and UCI write them: `e2e4`, `e7e8q` (a promotion's letter in lower case, `n` the
//!   knight); a king moving two files along its first rank with a rook of its side beyond it castles (`e1g1`,
//!   `e8c8`), and so does a king moving onto a rook of its side there, as chess960 writes it (`e1h1`);
//! - the long notation solvers print, Popeye's solutions pasted whole: move numbers `1.` and `1...`, a piece's
//!   code (not checked: the move takes what stands on its square; a spec before it, `nQf2-d4`, is a neutral's),
//!   the squares joined by `-` for a move or `x`, `*` or `:` for a capture (a locust's `Lc3*d4-e5` lands beyond),
//!   a promotion by **Popeye's codes** (`=Q`, `=S` the knight, `=N` the nightrider, `=G` the grasshopper, `=LE`
//!   the leo; `=(name)` any fairy piece by name), a change of colour `=w`, `=b`, `=n`, castling `0-0`, `0-0-0`,
//!   `O-O`, `O-O-O` (the king of the side to move two squares towards its rook, the rook beside it on the square
//!   the king crossed; in chess960 the king to the c or g file), castling chess' `Ke1-g1/Rh1-f1`, an exchange
//!   `Ka1<->Qb2`, and what Popeye prints in brackets: a piece put `[+wRh8]` (a Circe rebirth), taken off
//!   `[-bPb3]` (Breton), carried `[wSd5->c3]` (Anticirce), changing colour `[=n]` (Anda) or `[d4=b]`, or kind
//!   `[e4=Q]`, an imitator's square `[Ia4]` (no piece). Written onto its move or apart from it (`Qd1*d7 [+bRh8]`),
//!   a bracket belongs to that move; only at the start of a line is it a move of its own.
//!
//! A solution's tree is unfolded into its variations (set play, tries and their refutations after `but`, a threat
//! and the defences): a move numbered at or before the one read last starts a new line from the position before
//! that move. Popeye's twins (`a)`, `b) bKe8-->e7`, `+c) +bPc3 -wSd4`, `wRa1<-->bQd8`, `rotate 90`, `mirror
//! a1<-->h1`, `shift a1 ==> b2`, `PolishType`, `Q ==> S`) start their lines from the diagram so changed: a twin is the
//! first move of each of its lines (a continued twin `+c)` adds to the one before it; a condition or a stipulation
//! changes no piece). Piece letters are Popeye's English codes throughout the long notation: a paste from an
//! English-writing program promotes to a knight with `e7e8n`, `=S` or `=(knight)`.
//!
//! En passant takes the piece that made the previous move: a pawn (or berolina pawn) reaching an empty square its
//! two-square step crossed; on a line's first move, a pawn moving diagonally to an empty square takes the pawn
//! beside it that it passed. Words that change no piece are skipped: check, mate and annotation marks (`+`, `#`,
//! `!`, `?`), Popeye's goals after a move (`=`, `#=`, `==`, `z`, `x`, `%`, `dia`), `threat:`, `zugzwang.`, `but`,
//! `ep.` and a result. `|` ends a line: the next starts from the diagram (or its twin) again. Sides alternate from
//! the side to move the caller gives (the position's side-to-move field, White when it has none); after a move the
//! other side than the piece that moved is to move. The side matters only for castling.
//!
//! ```
//! use ffen_diagram::ffen::{parse, Dialect, canonical};
//! use ffen_diagram::moves::Moves;
//! use ffen_diagram::Color;
//! let board = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
//! let moves: Moves = "1.e2-e4 e7-e5 2.Sg1-f3".parse().unwrap();
//! let lines = moves.play(&board, Color::White).unwrap();
//! assert_eq!(canonical(&lines[0].last().unwrap().board), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
//! let error = "e2e4 e3e5".parse::<Moves>().unwrap().play(&board, Color::White).unwrap_err();
//! assert_eq!(error.to_string(), "move 2, e3e5: e3 is empty");
//! ```

use crate::notation::board::{Board, Color};
use std::str::FromStr;

pub mod canonical;
pub mod codes;
pub mod play;
pub mod read;
pub mod token;
pub mod twin;
pub mod types;

pub use types::{Action, Mirror, Move, MoveError, Moves, Square, Step, Transform, MAX_MOVES, MAX_PLAYED};

/// The side to move a position's text gives: Black when its second field (after white space, as janko's ` b`
/// and FEN's `… b KQkq - 0 1` write it) is `b`, White otherwise.
///
/// ```
/// use ffen_diagram::moves::side_to_move;
/// use ffen_diagram::Color;
/// assert_eq!(side_to_move("4k3/8/8/8/8/8/8/4K3 b"), Color::Black);
/// assert_eq!(side_to_move("4k3/8/8/8/8/8/8/4K3"), Color::White);
/// ```
pub fn side_to_move(position: &str) -> Color {
    match position.split_whitespace().nth(1) {
        Some("b" | "B") => Color::Black,
        _ => Color::White,
    }
}

impl FromStr for Moves {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Moves, MoveError> {
        read::read(text)
    }
}

impl Moves {
    /// The moves played on `board`, line by line: each line starts from `board`, with `first` to move, and gives
    /// a frame a move; or the first move that cannot be played, and why.
    pub fn play(&self, board: &Board, first: Color) -> Result<Vec<Vec<Step>>, MoveError> {
        self.lines.iter().map(|line| play::play_line(line, board, first)).collect()
    }

    /// How many moves there are, over all lines.
    pub fn len(&self) -> usize {
        self.lines.iter().map(Vec::len).sum()
    }

    /// Whether there is no move at all.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The moves as the cache key and the modern link write them, one text for every spelling of the same moves
    /// played from `first`: each move as its coordinates (`e2e4`, `e7e8=Q`, `e7e8=S` the knight, `e7e8=N` the
    /// nightrider, `e7e8=(cannon)` a piece Popeye has no code for), castling `0-0` or `0-0-0`, a move to file x
    /// with a dash (`d1-x5`: `d1x5` reads as a capture), what a move's brackets do after it (`[+wRh8]`, `[-b3]`,
    /// `[d5->c3]`, `[a1<->b2]`, `[d4=n]`, `[e4=Q]`, a twin's `[rotate90]`, `[mirrorfiles]`, `[a1==>b2]`,
    /// `[polish]`, `[Q==>S]`), separated by spaces, lines (each variation and twin unfolded) by ` | `; no marks,
    /// and no move numbers but before a move of brackets only after another move (`e2e4 2.[+wQd1]`: a bare
    /// `[+wQd1]` would be read as that move's rebirth). A line that castles says which side moves where the sides
    /// could differ: `1...` before the first move Black makes out of turn counted from White (so the text does
    /// not depend on `first`, which the canonical FFEN does not carry). Reading it back and playing it from White
    /// gives the same frames.
    ///
    /// ```
    /// use ffen_diagram::moves::Moves;
    /// use ffen_diagram::Color;
    /// let moves: Moves = "1.e2-e4! e7-e5 2.Sg1-f3 | 1.e7-e8=S+".parse().unwrap();
    /// assert_eq!(moves.canonical(Color::White), "e2e4 e7e5 g1f3 | e7e8=S");
    /// let black: Moves = "0-0 0-0".parse().unwrap();
    /// assert_eq!(black.canonical(Color::Black), "1...0-0 0-0");
    /// ```
    pub fn canonical(&self, first: Color) -> String {
        let lines: Vec<String> = self.lines.iter().map(|line| canonical::canonical_line(line, first)).collect();
        lines.join(" | ")
    }

    /// [`Moves::canonical`], if it reads back within the reader's limit: the canonical text writes every line
    /// whole (a variation repeats the moves it shares, a twin's changes are written in each of its lines), so a
    /// text within [`MAX_MOVES`] may unfold into more than the reader takes, and its link would not read back.
    /// Such moves are refused as too many ([`MoveError::TooMany`], the count read back).
    ///
    /// ```
    /// use ffen_diagram::moves::{Moves, MoveError};
    /// use ffen_diagram::Color;
    /// let tree: Moves = "1.e2e4 e7e5 2.g1f3 1...d7d5".parse().unwrap();
    /// assert_eq!(tree.checked_canonical(Color::White).unwrap(), "e2e4 e7e5 g1f3 | e2e4 d7d5");
    /// let shared = format!("1.a2a3 {}", (0..300).map(|_| "1...a7a6").collect::<Vec<_>>().join(" "));
    /// let wide: Moves = shared.parse().unwrap();
    /// assert!(matches!(wide.checked_canonical(Color::White), Err(MoveError::TooMany(600))));
    /// ```
    pub fn checked_canonical(&self, first: Color) -> Result<String, MoveError> {
        let text = self.canonical(first);
        // (A move is at least a word: a text of fewer words reads back within the limit without reading it.)
        if text.split_whitespace().count() > MAX_MOVES {
            if let Err(e @ (MoveError::TooMany(_) | MoveError::TooManyPlayed(_))) = text.parse::<Moves>() {
                return Err(e);
            }
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests;
