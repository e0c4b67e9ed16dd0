//! Fuzzes the SAN and PGN readers (`san`, `replay`, `pgn`): any text gives moves or an error naming the move,
//! never a panic, on the start position and on fairy boards (the first byte picks the board). Moves read and found
//! on the board play mechanically as found, and their canonical text (coordinates) reads back and plays the same
//! frames; a PGN read keeps its limits (at most `MAX_MOVES` moves, a glyph a move) and its mainline is played the
//! same way from its own start.
#![no_main]

use ffen_diagram::ffen::{parse, Dialect};
use ffen_diagram::moves::{side_to_move, Moves, MAX_MOVES};
use ffen_diagram::pgn::Pgn;
use ffen_diagram::replay::{resolve, Start};
use ffen_diagram::{Board, Color};
use libfuzzer_sys::fuzz_target;

/// The boards the first byte picks: chess, a fairy 10×10 with holes and fairy pieces, a small one, a problem.
const BOARDS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k4r/pppp2pppp/91/2[-]1Q2-N2/4*3b[grasshopper:b]4/91/PPPP2PPPP/R3K4R",
    "k1K/3/P1p",
    "5r2/2P1p3/1K1k2N1/1bN1p1p1/2P1P1pB/6PB/5P2/5r1R b - e3 0 1",
];

/// `moves` found on `board` and played: the frames agree with their canonical text's.
fn check(moves: &Moves, board: &Board, position: &str) {
    let first = side_to_move(position);
    let Ok(resolved) = resolve(moves, board, first, Start::read(position)) else { return };
    let Ok(frames) = resolved.play(board, first) else { return };
    // (Moves whose canonical text unfolds past the reader's limit are refused as too many.)
    let Ok(canonical) = resolved.checked_canonical(first) else { return };
    let again: Moves = canonical.parse().expect("the canonical text reads back");
    assert_eq!(again.play(board, Color::White).expect("and plays"), frames);
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let position = BOARDS[usize::from(pick) % BOARDS.len()];
    let board = parse(position.split(' ').next().unwrap(), Dialect::Janko).expect("a board");
    if let Ok(moves) = text.parse::<Moves>() {
        check(&moves, &board, position);
    }
    match text.parse::<Pgn>() {
        Ok(pgn) => {
            assert!(pgn.moves.len() <= MAX_MOVES && pgn.glyphs.len() == pgn.moves.len());
            if let Ok(start) = pgn.start() {
                check(&pgn.moves, &start.board, &start.fen);
            }
            check(&pgn.moves, &board, position);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
