//! Fuzzes every FFEN reader: no input may panic, and whatever parses must round-trip through the canonical form.
//!
//! The first byte picks Game Courier's width (1 to 32); the rest is the input, read in every dialect (Game Courier
//! at that width and at its default 8), and through `parse_link` (the service's reading of a link's value, which
//! undoes double percent-encoding): a value that reads is read the same, and what `parse_link` reads round-trips.
//! In the Interactive Diagram dialect (`hgm`) the look it returns must be valid render options. The same input is
//! read as a list of moves (`moves=`) and played.
#![no_main]

use ffen_diagram::ffen::{canonical, parse, parse_link, undo_double_encoding, Dialect, Width};
use libfuzzer_sys::fuzz_target;

fn check(input: &str, dialect: Dialect) {
    let direct = parse(input, dialect);
    if let Ok(board) = &direct {
        round_trip(input, dialect, board);
    }
    let linked = parse_link(input, dialect);
    match (&direct, &linked) {
        // A value that reads is never decoded; one that reads in no decoding keeps its own error.
        (Ok(_), _) | (Err(_), Err(_)) => assert_eq!(direct, linked, "{input:?} ({dialect:?})"),
        (Err(_), Ok(board)) => {
            let text = undo_double_encoding(input, dialect);
            assert_ne!(text, input);
            assert_eq!(parse(&text, dialect).as_ref(), Ok(board));
            round_trip(&text, dialect, board);
        }
    }
}

fn round_trip(input: &str, dialect: Dialect, board: &ffen_diagram::Board) {
    let text = canonical(board);
    let again = parse(&text, Dialect::Janko).expect("canonical FFEN must parse");
    assert_eq!(&again, board, "{input:?} ({dialect:?}) -> {text:?}");
    assert_eq!(canonical(&again), text);
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(input) = std::str::from_utf8(rest) else {
        return;
    };
    let width = Width::new(1 + usize::from(first) % 32).expect("1 to 32 files");
    let dialects = [
        Dialect::Janko,
        Dialect::Bodlaender,
        Dialect::Courier { width },
        Dialect::courier(),
        Dialect::Xfen,
        Dialect::Hgm,
    ];
    for dialect in dialects {
        check(input, dialect);
    }
    if let Ok(definition) = ffen_diagram::ffen::read_definition(input) {
        let options = ffen_diagram::RenderOptions::from_definition(&definition.look, [])
            .expect("a definition's look is valid options");
        options.for_board(&definition.board).expect("and fits its board");
    }
    moves(input, first);
});

/// The moves reader: whatever reads is played on a board (the start position, or an empty board of the first
/// byte's size with holes) without a panic, every frame on the board's squares; its canonical text (the cache
/// key's) reads back to itself and plays, from White, the frames the text played.
fn moves(input: &str, first: u8) {
    use ffen_diagram::moves::Moves;
    let Ok(moves) = input.parse::<Moves>() else {
        return;
    };
    assert!(moves.len() <= ffen_diagram::moves::MAX_MOVES);
    let side = if first % 2 == 0 { ffen_diagram::Color::White } else { ffen_diagram::Color::Black };
    let canonical = moves.canonical(side);
    let again: Moves = canonical.parse().expect("the canonical moves read");
    assert_eq!(again.canonical(ffen_diagram::Color::White), canonical, "{input:?}");
    for ffen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "r3k2r/91/4[-][-]4/K9/91"] {
        let board = parse(ffen, Dialect::Janko).expect("a board");
        if let Ok(lines) = moves.play(&board, side) {
            for frame in lines.iter().flatten() {
                assert!(frame.changed.iter().all(|s| s.file < board.width() && s.rank <= board.height()));
            }
            assert_eq!(again.play(&board, ffen_diagram::Color::White).ok(), Some(lines), "{input:?} → {canonical:?}");
        }
    }
}
