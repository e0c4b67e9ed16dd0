//! Fuzzes the move reader (`moves=`): any text either reads or is refused with a message, never a panic; what
//! reads plays on a board (an 8×8 one with pieces, or a small one with holes) or is refused naming the move; and a
//! text that plays gives a canonical form that reads back, writes itself again and plays to the same frames.
//!
//! Input: one byte choosing the board, then the text (lossy UTF-8). Seeds in `fuzz/seeds-moves`: Popeye's
//! solutions (tries, threats, twins, Circe, Anticirce, Anda, neutrals, fairy promotions), UCI castling, games.
#![no_main]

use ffen_diagram::ffen::{parse, Dialect};
use ffen_diagram::moves::Moves;
use ffen_diagram::Color;
use libfuzzer_sys::fuzz_target;

const BOARDS: [&str; 3] =
    ["r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R", "4k3/1(berolinapawn1)6/8/2P5/3(grasshopper2)4/8/8/R3K2R", "k2/1-1/2K"];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, text)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(text);
    let board = parse(BOARDS[usize::from(choice) % BOARDS.len()], Dialect::Bodlaender).unwrap();
    let first = if choice & 0x80 != 0 { Color::Black } else { Color::White };
    let Ok(moves) = text.parse::<Moves>() else { return };
    let Ok(frames) = moves.play(&board, first) else { return };
    // (Moves whose canonical text unfolds past the reader's limit are refused as too many.)
    let Ok(canonical) = moves.checked_canonical(first) else { return };
    let again: Moves = canonical.parse().unwrap_or_else(|e| panic!("{canonical:?} does not read back: {e}"));
    assert_eq!(again.canonical(Color::White), canonical);
    if let Ok(replayed) = again.play(&board, Color::White) {
        assert_eq!(replayed, frames, "{canonical}");
    }
});
