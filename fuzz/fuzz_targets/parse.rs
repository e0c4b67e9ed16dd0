//! Fuzzes both FFEN readers: no input may panic, and whatever parses must round-trip through the canonical form.
#![no_main]

use ffen_diagram::ffen::{canonical, parse, Dialect};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    for dialect in [Dialect::Janko, Dialect::Bodlaender] {
        if let Ok(board) = parse(input, dialect) {
            let text = canonical(&board);
            let again = parse(&text, Dialect::Janko).expect("canonical FFEN must parse");
            assert_eq!(again, board, "{input:?} -> {text:?}");
            assert_eq!(canonical(&again), text);
        }
    }
});
