//! Fuzzes every FFEN reader: no input may panic, and whatever parses must round-trip through the canonical form.
//!
//! The first byte picks Game Courier's width (1 to 32); the rest is the input, read in every dialect (Game Courier
//! at that width and at its default 8), and again after `undo_double_encoding`.
#![no_main]

use ffen_diagram::ffen::{canonical, parse, undo_double_encoding, Dialect, Width};
use libfuzzer_sys::fuzz_target;

fn check(input: &str, dialect: Dialect) {
    if let Ok(board) = parse(input, dialect) {
        let text = canonical(&board);
        let again = parse(&text, Dialect::Janko).expect("canonical FFEN must parse");
        assert_eq!(again, board, "{input:?} ({dialect:?}) -> {text:?}");
        assert_eq!(canonical(&again), text);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(input) = std::str::from_utf8(rest) else {
        return;
    };
    let width = Width::new(1 + usize::from(first) % 32).expect("1 to 32 files");
    let dialects = [Dialect::Janko, Dialect::Bodlaender, Dialect::Courier { width }, Dialect::courier(), Dialect::Xfen];
    for dialect in dialects {
        check(input, dialect);
    }
    let decoded = undo_double_encoding(input);
    if decoded != input {
        for dialect in dialects {
            check(&decoded, dialect);
        }
    }
});
