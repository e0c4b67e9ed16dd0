//! Property tests of the FFEN core: generated boards (bordered squares included) round-trip through the canonical
//! form, and no string makes any reader panic.

mod common;

use common::generate::arb_board;
use ffen_diagram::ffen::{canonical, parse, Dialect, Width, MAX_INPUT_LEN};
use ffen_diagram::MAX_BOARD_SIDE;
use proptest::prelude::*;

/// Every dialect, Game Courier at several widths.
fn dialects() -> Vec<Dialect> {
    let courier = |files| Dialect::Courier { width: Width::new(files).unwrap() };
    vec![
        Dialect::Janko,
        Dialect::Bodlaender,
        courier(1),
        courier(3),
        courier(8),
        courier(10),
        courier(32),
        Dialect::Xfen,
    ]
}

/// Strings from the characters the dialects give meaning to, so the generator reaches deep into the grammars.
fn ffen_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(
            "KQRBNPkqrbnpCXSTcxstGgEeAaOoFfWwDd0123456789/-_*'\"()[]{}:!@WUwbn.png @ \u{2019}é"
                .chars()
                .collect::<Vec<_>>(),
        ),
        0..120,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// One XFEN token for a square that is not empty.
const XFEN_TOKEN: &str = "[kqrbsnpKQRBSNPeaofwdxEAOFWDX]|\\((B|b)?!?[kqrbsnpeaofwdxKQRBSNPEAOFWDX][0-9]?\\)";

/// XFEN-shaped strings: ranks of tokens and digits of any length, and whole 8×8 boards (which mostly parse).
fn xfen_like() -> impl Strategy<Value = String> {
    let ragged = prop::collection::vec(prop::collection::vec(prop_oneof!["[1-8]", XFEN_TOKEN], 1..8), 1..10)
        .prop_map(|ranks| ranks.iter().map(|rank| rank.concat()).collect::<Vec<_>>().join("/"));
    let square = prop_oneof![3 => Just(None), 2 => XFEN_TOKEN.prop_map(Some)];
    let rank = prop::collection::vec(square, 8).prop_map(|squares| {
        let mut text = String::new();
        let mut empty = 0;
        for square in squares {
            match square {
                None => empty += 1,
                Some(token) => {
                    if empty > 0 {
                        text += &empty.to_string();
                    }
                    empty = 0;
                    text += &token;
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        text
    });
    let board = prop::collection::vec(rank, 8).prop_map(|ranks| ranks.join("/"));
    prop_oneof![ragged, board]
}

/// Game Courier-shaped strings.
fn courier_like() -> impl Strategy<Value = String> {
    prop::collection::vec("[a-zA-Z]|[0-9]{1,2}|[-@*/]", 0..80).prop_map(|tokens| tokens.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_boards_round_trip(board in arb_board(1..=MAX_BOARD_SIDE, 1..=12)) {
        let text = canonical(&board);
        let back = parse(&text, Dialect::Janko).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(&back, &board, "{}", text);
        prop_assert_eq!(canonical(&back), text);
    }

    #[test]
    fn ffen_like_strings_never_panic_and_canonical_is_stable(
        s in prop_oneof![2 => ffen_like(), 1 => xfen_like(), 1 => courier_like()]
    ) {
        for dialect in dialects() {
            if let Ok(board) = parse(&s, dialect) {
                let once = canonical(&board);
                let again = parse(&once, Dialect::Janko)
                    .map_err(|e| TestCaseError::fail(format!("{s:?} -> {once:?}: {e}")))?;
                prop_assert_eq!(&again, &board);
                prop_assert_eq!(canonical(&again), once);
            }
        }
    }

    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        for dialect in dialects() {
            match parse(&s, dialect) {
                Ok(board) => prop_assert!(board.width() <= MAX_BOARD_SIDE && board.height() <= MAX_BOARD_SIDE),
                Err(e) => prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1, "{e}"),
            }
        }
    }

    #[test]
    fn long_inputs_are_refused_without_work(extra in 1usize..64) {
        let s = "8/".repeat(MAX_INPUT_LEN / 2 + extra);
        for dialect in dialects() {
            prop_assert!(parse(&s, dialect).is_err());
        }
    }
}
