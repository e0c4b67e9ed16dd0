//! Property tests of the FFEN core: generated boards round-trip through the canonical form, and no string makes the
//! parser panic.

use ffen_diagram::board::{
    Board, Cell, Checkering, Color, ExtraColor, FairyName, Figure, Marker, Piece, PieceKind, Rotation, Text,
    MAX_BOARD_SIDE,
};
use ffen_diagram::ffen::{canonical, parse, Dialect, MAX_INPUT_LEN};
use proptest::prelude::*;

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![
        Just(Color::White),
        Just(Color::Black),
        Just(Color::Neutral),
        prop::sample::select(ExtraColor::ALL.to_vec()).prop_map(Color::Extra),
    ]
}

fn kind() -> impl Strategy<Value = PieceKind> {
    prop_oneof![
        prop::sample::select(Figure::ALL.to_vec()).prop_map(PieceKind::Figure),
        prop::sample::select(Marker::ALL.to_vec()).prop_map(PieceKind::Marker),
        // Names of any case and length; orthodox names ("queen") are no fairy names, so FairyName refuses them.
        "[a-zA-Z]{1,24}"
            .prop_filter_map("orthodox names are figures", |n| FairyName::new(&n).ok().map(PieceKind::Named)),
    ]
}

fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        6 => Just(Cell::Empty),
        1 => Just(Cell::Hole),
        6 => (kind(), color(), 0u32..4).prop_map(|(kind, color, turns)| Cell::Piece(Piece {
            kind,
            color,
            rotation: Rotation::new(turns),
        })),
        2 => ("[a-zA-Z0-9]{1,2}", 0u32..4)
            .prop_map(|(s, turns)| Cell::Text(Text::new(&s, Rotation::new(turns)).unwrap())),
    ]
}

fn board() -> impl Strategy<Value = Board> {
    (1usize..=MAX_BOARD_SIDE, 1usize..=12, 0u8..3).prop_flat_map(|(w, h, check)| {
        prop::collection::vec(cell(), w * h).prop_map(move |cells| {
            let mut board = Board::from_cells(w, h, cells).unwrap();
            board.checkering =
                [Checkering::DarkLowerLeft, Checkering::LightLowerLeft, Checkering::Uncheckered][usize::from(check)];
            board
        })
    })
}

/// Strings from the characters both dialects give meaning to, so the generator reaches deep into the grammar.
fn ffen_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(
            "KQRBNPkqrbnpCXSTcxst0123456789/-*'\"()[]{}:!WUwbn.png @ \u{2019}é".chars().collect::<Vec<_>>(),
        ),
        0..120,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn generated_boards_round_trip(board in board()) {
        let text = canonical(&board);
        let back = parse(&text, Dialect::Janko).map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(&back, &board, "{}", text);
        prop_assert_eq!(canonical(&back), text);
    }

    #[test]
    fn ffen_like_strings_never_panic_and_canonical_is_stable(s in ffen_like()) {
        for dialect in [Dialect::Janko, Dialect::Bodlaender] {
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
        for dialect in [Dialect::Janko, Dialect::Bodlaender] {
            match parse(&s, dialect) {
                Ok(board) => prop_assert!(board.width() <= MAX_BOARD_SIDE && board.height() <= MAX_BOARD_SIDE),
                Err(e) => prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1, "{e}"),
            }
        }
    }

    #[test]
    fn long_inputs_are_refused_without_work(extra in 1usize..64) {
        let s = "8/".repeat(MAX_INPUT_LEN / 2 + extra);
        prop_assert!(parse(&s, Dialect::Janko).is_err());
    }
}
