//! Unit tests built from the examples of the source documents (janko.at's "The Chess Diagrammer", Retro-Wiki's
//! "Help:Diagrams", Bodlaender's FFEN 0.02 and Game Courier's PBM instructions: copies in `tests/fixtures/spec/`)
//! and from the issues.

use super::*;
use crate::notation::board::{
    Cell, Checkering, Color, ExtraColor, FairyName, Figure, Marker, NameError, Piece, PieceKind, Rotation, Text,
    MAX_BOARD_SIDE, MAX_NAME_LEN,
};
use crate::testing::janko;

fn bod(s: &str) -> Board {
    parse(s, Dialect::Bodlaender).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn canon(s: &str) -> String {
    canonical(&janko(s))
}

fn err(s: &str, dialect: Dialect) -> ParseError {
    match parse(s, dialect) {
        Ok(board) => panic!("{s:?} parsed as {board}"),
        Err(e) => e,
    }
}

/// Each input of `cases` fails in `dialect` at its column with a message containing its text.
pub(super) fn assert_errors(dialect: Dialect, cases: &[(&str, usize, &str)]) {
    for &(input, column, message) in cases {
        let e = err(input, dialect);
        assert_eq!(e.column, column, "{input:?}: {e}");
        assert!(e.to_string().contains(message), "{input:?}: {e}");
        assert!(e.to_string().starts_with(&format!("column {column}: ")), "{e}");
    }
}

fn piece(kind: PieceKind, color: Color, turns: u32) -> Cell {
    Cell::Piece(Piece { kind, color, rotation: Rotation::new(turns) })
}

fn fig(f: Figure, color: Color, turns: u32) -> Cell {
    piece(PieceKind::Figure(f), color, turns)
}

fn text(s: &str, turns: u32) -> Cell {
    Cell::Text(Text::new(s, Rotation::new(turns)).unwrap())
}

/// Every janko.at example (`tests/fixtures/spec/000_*`), with its size; all are already canonical except the mixed-case neutrals.
const JANKO_EXAMPLES: &[(&str, usize, usize)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 8, 8),
    (
        "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR",
        8,
        8,
    ),
    (
        "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2",
        11,
        11,
    ),
    ("k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8", 8, 8),
    ("4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3", 8, 8),
    ("8/1Q6/4c3/4cc2/8/8/6K1/8", 8, 8),
    ("8/1P6/1k6/4cK2/8/8/8/8", 8, 8),
];

#[test]
fn janko_examples_parse_with_their_sizes() {
    for &(s, w, h) in JANKO_EXAMPLES {
        let board = janko(s);
        assert_eq!((board.width(), board.height()), (w, h), "{s}");
    }
}

#[test]
fn janko_examples_in_canonical_form_come_back_unchanged() {
    for &(s, _, _) in JANKO_EXAMPLES {
        if s.contains("-P") {
            continue; // mixed-case neutrals; see the next test
        }
        assert_eq!(canon(s), s);
    }
}

#[test]
fn neutral_pieces_are_case_insensitive_and_print_lower_case() {
    let s = JANKO_EXAMPLES[1].0;
    let expected = s.replace("-p-P-r-R-n-N-b-B", "-p-p-r-r-n-n-b-b");
    assert_eq!(canon(s), expected);
    assert_eq!(janko("-B"), janko("-b"));
    assert_eq!(janko("-B").get(0, 0), Some(&fig(Figure::Bishop, Color::Neutral, 0)));
}

#[test]
fn janko_example_cells() {
    let board = janko(JANKO_EXAMPLES[1].0);
    assert_eq!(board.get(1, 1), Some(&fig(Figure::Pawn, Color::Black, 1)));
    assert_eq!(board.get(3, 1), Some(&fig(Figure::Pawn, Color::Black, 3)));
    assert_eq!(board.get(0, 2), Some(&text("a", 0)));
    assert_eq!(board.get(1, 3), Some(&fig(Figure::Pawn, Color::Neutral, 0)));
    assert_eq!(board.get(0, 4), Some(&piece(PieceKind::Marker(Marker::Circle), Color::Black, 0)));
    assert_eq!(board.get(7, 4), Some(&piece(PieceKind::Marker(Marker::Triangle), Color::White, 0)));
    assert_eq!(board.get(0, 5), Some(&text("A", 0)));
    assert_eq!(board.get(4, 6), Some(&text("4", 0)));
    assert_eq!(board.get(5, 6), Some(&text("11", 0)));
    assert_eq!(board.get(7, 6), Some(&text("33", 0)));
    // F307: -*2r style order and rotated knights.
    let f307 = janko(JANKO_EXAMPLES[2].0);
    assert_eq!(f307.get(3, 0), Some(&fig(Figure::Rook, Color::Black, 2)));
    assert_eq!(f307.get(7, 0), Some(&fig(Figure::Knight, Color::White, 3)));
    // G161: neutral rotated queen.
    let g161 = janko(JANKO_EXAMPLES[4].0);
    assert_eq!(g161.get(1, 1), Some(&fig(Figure::Queen, Color::Neutral, 2)));
}

#[test]
fn retro_wiki_examples() {
    // Retro-Wiki (`tests/fixtures/spec/001_*`): `fen=` links with ".png" glued on.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(canon(&format!("{start}.png")), start);
    let example = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4'1'2'3/RNBQKBNR.png";
    let board = janko(example);
    assert_eq!(board.get(5, 6), Some(&text("1", 0)));
    // The Retro-Wiki F307 drops the last rank's trailing "2": the short rank is padded.
    let wiki_f307 = "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN.png";
    assert_eq!(canon(wiki_f307), JANKO_EXAMPLES[2].0);
    for (s, _, _) in &JANKO_EXAMPLES[3..] {
        assert_eq!(canon(&format!("{s}.png")), canon(s));
    }
    // Wrapped as the Retro-Wiki page shows them: line breaks after '/'.
    let wrapped = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/\n -p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/\n '0'1'2'3'4'1'2'3/RNBQKBNR.png";
    assert_eq!(janko(wrapped), board);
}

#[test]
fn numbers_and_digits_as_janko_reads_them() {
    // '32 is the number 3 then two empty squares; ''32 the number 32; ''122 the number 12 then two empty squares.
    let b = janko("'32");
    assert_eq!((b.width(), b.get(0, 0)), (3, Some(&text("3", 0))));
    let b = janko("''32");
    assert_eq!((b.width(), b.get(0, 0)), (1, Some(&text("32", 0))));
    let b = janko("''122");
    assert_eq!((b.width(), b.get(0, 0)), (3, Some(&text("12", 0))));
    // '2'3 is two squares.
    assert_eq!(janko("'2'3").width(), 2);
    // Digits are read singly: 11 is two empty squares.
    assert_eq!(janko("11K/3").width(), 3);
    assert_eq!(canon("11K/3"), "2K/3");
    // Rotated letters and numbers.
    assert_eq!(janko("*1'a").get(0, 0), Some(&text("a", 1)));
    assert_eq!(janko("*3''23").get(0, 0), Some(&text("23", 3)));
}

#[test]
fn equivalent_spellings_share_one_canonical_string() {
    let groups: &[&[&str]] = &[
        &["-b", "-B", "(!b)", "(!B)"],
        &["Q", "*0Q", "*4Q"],
        &["*1Q", "*5Q", "*9Q"],
        &["-*2r", "*2-r", "(!r2)", "(!R2)", "-*6R"],
        &["-*2b", "(!b2)"],
        &["*1k", "(k1)"],
        &["-p", "(!p)"],
        &["''23", "\"23", "\u{2019}\u{2019}23", "\u{201C}23"],
        &["'a", "\u{2019}a", "\u{2018}a", "\u{00B4}a", "`a"],
        &["8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8.png", "8/8/8/8/8/8/8/8.gif", "8/8/8/8/8/8/8/8.PNG"],
        &["4k3/8/8/8/8/8/8/4K3", "4k/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3/"],
        &["4Q3/8/8/2C5/8/2P5/1P*2n5/8", "31Q12/211112/111113/2C5/1111211/11P113/1P*2n14/111113"],
        &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR",
            "rnbqkbnrpppppppp44444444PPPPPPPPRNBQKBNR",
        ],
        // Multi-digit spelling: read singly the ranks are unequal, read whole they make an 11-wide rectangle.
        &["92/5k5/92/5K5", "11/5k5/11/5K5"],
        &["{W}8/8", "{w}8/8"],
    ];
    for group in groups {
        let first = canon(group[0]);
        for s in &group[1..] {
            assert_eq!(canon(s), first, "{s:?} vs {:?}", group[0]);
        }
    }
}

#[test]
fn different_diagrams_get_different_strings() {
    let distinct = [
        "8",
        "7",
        "K",
        "k",
        "-k",
        "*1K",
        "*2K",
        "*3K",
        "C",
        "c",
        "-c",
        "'c",
        "'C",
        "'1",
        "''10",
        "'12",
        "''12",
        "[K:3]",
        "[K:4]",
        "[grasshopper:w]",
        "[grasshopper:b]",
        "*2[grasshopper:w]",
        "[-]",
        "['ab]",
        "{W}8",
        "{U}8",
        "8/8",
        "K/1",
        "1/K",
    ];
    let mut seen = std::collections::HashMap::new();
    for s in distinct {
        let c = canon(s);
        if let Some(prev) = seen.insert(c.clone(), s) {
            panic!("{s:?} and {prev:?} both print {c:?}");
        }
    }
}

#[test]
fn canonical_uses_nine_plus_rest_for_long_runs() {
    let mut board = Board::empty(20, 1).unwrap();
    board.set(19, 0, fig(Figure::King, Color::White, 0));
    let c = canonical(&board);
    assert_eq!(c, "991K/");
    assert_eq!(janko(&c), board);
    let board = Board::empty(10, 2).unwrap();
    assert_eq!(canonical(&board), "91/91");
}

#[test]
fn no_slash_reading() {
    // More than eight squares without '/': eight files wide, the last rank padded.
    let b = janko("KQRBNPkqr");
    assert_eq!((b.width(), b.height()), (8, 2));
    // Eight or fewer: one rank as written.
    let b = janko("3K3");
    assert_eq!((b.width(), b.height()), (7, 1));
    // A single rank wider than eight keeps a trailing '/' in canonical form so it reads back as one rank.
    let b = janko("92/");
    assert_eq!((b.width(), b.height()), (11, 1));
    assert_eq!(canonical(&b), "92/");
}

#[test]
fn extension_round_trips() {
    for s in [
        "{W}8/8/8/8/8",
        "{U}8/8",
        "[-]7/8/8/8/8/8/8/7[-]",
        "*2[grasshopper:w]1[nightrider:n]1/[Q:3][q:4]*3[T:6][c:b]",
        "['ab]*1['A1]''07'7",
        "[zebra:5]7",
    ] {
        assert_eq!(canon(s), s);
    }
    // Upper case inside brackets is the orthodox piece; in a standard colour it prints the janko way.
    assert_eq!(canon("[Q:w][Q:b][Q:n][queen:w][Q:0]"), "Qq-qQQ");
    // Lower case is a named piece (Bodlaender's fairy letters), kept apart from the marker.
    assert_eq!(canon("[c:w]C"), "[c:w]C");
}

#[test]
fn yacpdb_named_tokens_in_janko_strings() {
    let b = janko("(gh)(!NR1)");
    let gh = FairyName::new("gh").unwrap();
    assert_eq!(b.get(0, 0), Some(&piece(PieceKind::Named(gh), Color::Black, 0)));
    let nr = FairyName::new("nr").unwrap();
    assert_eq!(b.get(1, 0), Some(&piece(PieceKind::Named(nr), Color::Neutral, 1)));
}

#[test]
fn bodlaender_examples() {
    // Bodlaender's FFEN 0.02 (`tests/fixtures/spec/002_*`).
    assert_eq!(
        canonical(&bod("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    );
    let shatranj = bod("{U}rn(elephant)k(general)(elephant)nr/pppppppp/8/8/8/8/RN(Elephant)K(General)(Elephant)NR");
    assert_eq!(shatranj.checkering, Checkering::Uncheckered);
    assert_eq!((shatranj.width(), shatranj.height()), (8, 7));
    let elephant = FairyName::new("elephant").unwrap();
    assert_eq!(shatranj.get(2, 0), Some(&piece(PieceKind::Named(elephant.clone()), Color::Black, 0)));
    assert_eq!(shatranj.get(2, 6), Some(&piece(PieceKind::Named(elephant), Color::White, 0)));
    let w = bod("{W}8/8/8/8/8");
    assert_eq!((w.width(), w.height(), w.checkering), (8, 5, Checkering::LightLowerLeft));
    assert!(!w.is_dark(0, 4), "{{W}}: light lower-left square");
    assert!(janko("8/8/8/8/8").is_dark(0, 4));
    let corners = bod("7-/8/8/8/8/8/8/-7");
    assert_eq!(corners.get(7, 0), Some(&Cell::Hole));
    assert_eq!(corners.get(0, 7), Some(&Cell::Hole));
    assert_eq!(canonical(&corners), "7[-]/8/8/8/8/8/8/[-]7");
    let center = bod("rnbqkbnr/pppppppp/8/3--3/3--3/PPPPPPPP/RNBQKBNR");
    assert_eq!(center.get(3, 3), Some(&Cell::Hole));
    let row = bod("K12k");
    assert_eq!(row.width(), 14);
    assert_eq!(canonical(&row), "K93k/");
}

#[test]
fn bodlaender_colour_digits_and_kurnia_rules() {
    let b = bod("(Nightrider)(nightrider)(nightrider0)(Nightrider1)(nightrider2)(nightrider3)(nightrider6)");
    let colors: Vec<Color> = b
        .cells()
        .iter()
        .map(|c| match c {
            Cell::Piece(p) => p.color,
            other => panic!("{other:?}"),
        })
        .collect();
    use Color::*;
    let [three, _, _, six] = ExtraColor::ALL;
    assert_eq!(colors, [White, Black, White, Black, Neutral, Extra(three), Extra(six)]);
    // (p) = p, () ignored, (-) missing square, 007 = 7, 010 = 10, '@' a vacant square.
    assert_eq!(bod("(p)()(P)"), bod("pP"));
    assert_eq!(bod("(-)"), bod("-"));
    assert_eq!(bod("007K"), bod("7K"));
    assert_eq!(bod("010").width(), 10);
    assert_eq!(bod("K@k"), bod("K1k"));
    // janko's bracket is refused at its column, with both spellings: read as Kurnia's unknown symbol it made
    // `[grasshopper:b]` a vacant square and eleven pieces named by letters.
    let bracket = err("-P*2r/2[grasshopper:b]", Dialect::Bodlaender);
    assert_eq!(bracket.column, 8);
    assert!(matches!(bracket.kind, ParseErrorKind::Unexpected { found: '[', .. }));
    assert!(bracket
        .to_string()
        .contains("[grasshopper:b] is the janko dialect's spelling; Bodlaender's is (grasshopper1)"));
    assert_eq!(canonical(&bod("-P(grasshopper1)/3")), "[-]P[grasshopper:b]/3");
    // (p2): neutral pawn, the janko way of writing it.
    assert_eq!(canonical(&bod("(p2)")), "-p");
    // Other letters are fairy pieces named by the letter; C is not janko's circle here.
    assert_eq!(canonical(&bod("Gc")), "[g:w][c:b]");
    assert_eq!(canonical(&bod("(Queen)(king)")), "Qk");
    // Errors: a colour digit must be 0-6, names are letters.
    assert!(matches!(err("(name8)", Dialect::Bodlaender).kind, ParseErrorKind::BadColor { found: '8' }));
    assert_eq!(err("(name", Dialect::Bodlaender).column, 6);
    assert!(matches!(err("K{W}", Dialect::Bodlaender).kind, ParseErrorKind::BadOption));
}

#[test]
fn errors_say_what_and_where() {
    let cases: &[(&str, usize, &str)] = &[
        ("rnbqkbnz/8", 8, "'z' is not a piece"),
        ("8/3*x4", 5, "expected a digit (quarter turns) after '*'"),
        ("8/3*", 5, "found the end"),
        ("8/-'a", 3, "letters and numbers have no colour"),
        ("8/''2x", 6, "two digits after ''"),
        ("8/'", 4, "a letter or digit after '"),
        ("8/3%4", 4, "expected a piece"),
        ("8/-/8", 4, "piece or marker letter"),
        ("{X}8", 1, "board options"),
        ("8{W}", 2, "board options"),
        ("[Q:9]", 4, "not a colour"),
        ("[Z:3]", 2, "'Z' is not a piece"),
        ("[queen:w", 9, "']' closing"),
        ("(k12)", 4, "')' closing"),
        ("/", 2, "no square"),
        ("", 1, "no square"),
    ];
    assert_errors(Dialect::Janko, cases);
}

#[test]
fn limits_at_and_beyond_the_edge() {
    let side = MAX_BOARD_SIDE;
    // Widest and tallest board.
    let rank = "9".repeat(side / 9) + &(side % 9).to_string();
    let full = vec![rank.as_str(); side].join("/");
    let b = janko(&full);
    assert_eq!((b.width(), b.height()), (side, side));
    assert_eq!(canonical(&b), full);
    // One file more.
    let wide = format!("{rank}1/8");
    assert!(matches!(err(&wide, Dialect::Janko).kind, ParseErrorKind::TooWide { width } if width == side + 1));
    assert!(matches!(err(&format!("{rank}1"), Dialect::Bodlaender).kind, ParseErrorKind::TooWide { .. }));
    // One rank more.
    let tall = vec!["8"; side + 1].join("/");
    let e = err(&tall, Dialect::Janko);
    assert!(matches!(e.kind, ParseErrorKind::TooTall { height } if height == side + 1), "{e}");
    assert_eq!(e.column, 2 * side + 1);
    let flat_tall = "8".repeat(side + 1);
    assert!(matches!(err(&flat_tall, Dialect::Janko).kind, ParseErrorKind::TooTall { .. }));
    // Input length: exactly the limit is read, one byte more is refused.
    let at_limit = &format!("8 {}", "w".repeat(MAX_INPUT_LEN - 2));
    assert_eq!(at_limit.len(), MAX_INPUT_LEN);
    assert_eq!(janko(at_limit).width(), 8);
    let over = format!("{at_limit}w");
    assert!(matches!(err(&over, Dialect::Janko).kind, ParseErrorKind::TooLong { len } if len == MAX_INPUT_LEN + 1));
    // Names and texts.
    let long_name = format!("[{}:w]", "a".repeat(MAX_NAME_LEN + 1));
    let e = err(&long_name, Dialect::Janko);
    assert_eq!(e.kind, ParseErrorKind::BadName(NameError::TooLong { letters: MAX_NAME_LEN + 1 }));
    assert_eq!(e.column, 2);
    assert!(parse(&format!("[{}:w]", "a".repeat(MAX_NAME_LEN)), Dialect::Janko).is_ok());
    assert!(err("['abc]", Dialect::Janko).to_string().contains("']' closing"));
    // Huge digit runs saturate instead of overflowing.
    assert!(matches!(err(&format!("{}/1", "9".repeat(40)), Dialect::Bodlaender).kind, ParseErrorKind::TooWide { .. }));
}

#[test]
fn dialect_names() {
    assert_eq!("janko".parse(), Ok(Dialect::Janko));
    assert_eq!("Bodlaender".parse(), Ok(Dialect::Bodlaender));
    assert!("popeye".parse::<Dialect>().is_err());
    assert_eq!(Dialect::Bodlaender.name(), "bodlaender");
}

#[test]
fn display_and_from_str_round_trip() {
    for &(s, _, _) in JANKO_EXAMPLES {
        let board: Board = s.parse().unwrap();
        let again: Board = board.to_string().parse().unwrap();
        assert_eq!(again, board);
    }
}

#[test]
fn readme_examples() {
    let janko_cases = [
        ("-P-R", "-p-r"),
        ("(!p)(!r)", "-p-r"),
        ("*5Q", "*1Q"),
        ("*0Q", "Q"),
        ("\"23", "''23"),
        ("8/RNBQKBNR.png", "8/RNBQKBNR"),
        ("31Q12/211112/111113/2C5/1111211/11P113/1P*2n14/111113", "4Q3/8/8/2C5/8/2P5/1P*2n5/8"),
        ("rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        ("11/5k5/11", "92/5k5/92"),
    ];
    for (input, expected) in janko_cases {
        assert_eq!(canon(input), expected, "{input:?}");
    }
    assert_eq!(canonical(&bod("7-/8/8/8/8/8/8/-7")), "7[-]/8/8/8/8/8/8/[-]7");
    assert_eq!(canonical(&bod("{W}(Grasshopper)(nightrider2)6")), "{W}[grasshopper:w][nightrider:n]6");
    assert_eq!(canonical(&bod("(rook-hopper)(Bishop_Lion3)")), "[rookhopper:b][bishoplion:3]");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(canon("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR"), start);
    let courier = |s: &str| canonical(&parse(s, Dialect::courier()).unwrap());
    assert_eq!(courier("rnbqkbnr/pppppppp/****/PPPPPPPP/RNBQKBNR"), start);
    assert_eq!(courier("K10k"), "K7/3k[-][-][-][-]");
    let xfen = |s: &str| canonical(&parse(s, Dialect::Xfen).unwrap());
    assert_eq!(xfen("rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR"), start);
    assert_eq!(xfen("(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8"), "[]-*2n1*1k-pScTx/8/8/8/8/8/8/8");
}

/// Canonical strings as the first printer wrote them (checked against that code): cache keys are forever, so none of
/// them may change.
const PINNED: &[(Dialect, &str, &str)] = &[
    (Dialect::Janko, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
    (
        Dialect::Janko,
        "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR",
        "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-p-r-r-n-n-b-b/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR",
    ),
    (Dialect::Janko, "4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3", "4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3"),
    (Dialect::Janko, "-P-R", "-p-r"),
    (Dialect::Janko, "*5Q", "*1Q"),
    (Dialect::Janko, "\"23", "''23"),
    (Dialect::Janko, "31Q12/211112/111113/2C5/1111211/11P113/1P*2n14/111113", "4Q3/8/8/2C5/8/2P5/1P*2n5/8"),
    (Dialect::Janko, "rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
    (Dialect::Janko, "11/5k5/11", "92/5k5/92"),
    (Dialect::Janko, "KQRBNPkqr", "KQRBNPkq/r7"),
    (Dialect::Janko, "(k1)(!p)(!b2)(gh)['ab][-]", "*1k-p-*2b[gh:b]['ab][-]"),
    (Dialect::Janko, "*2[grasshopper:w]1[nightrider:n]1/[Q:3][q:4]*3[T:6][c:b]", "*2[grasshopper:w]1[nightrider:n]1/[Q:3][q:4]*3[T:6][c:b]"),
    (Dialect::Janko, "[Q:w][Q:b][Q:n][queen:w][Q:0]", "Qq-qQQ"),
    (Dialect::Bodlaender, "7-/8/8/8/8/8/8/-7", "7[-]/8/8/8/8/8/8/[-]7"),
    (Dialect::Bodlaender, "{W}(Grasshopper)(nightrider2)6", "{W}[grasshopper:w][nightrider:n]6"),
    (
        Dialect::Bodlaender,
        "{U}rn(elephant)k(general)(elephant)nr/pppppppp/8/8/8/8/RN(Elephant)K(General)(Elephant)NR",
        "{U}rn[elephant:b]k[general:b][elephant:b]nr/pppppppp/8/8/8/8/RN[elephant:w]K[general:w][elephant:w]NR",
    ),
    (
        Dialect::Bodlaender,
        "(Nightrider)(nightrider)(nightrider0)(Nightrider1)(nightrider2)(nightrider3)(nightrider6)",
        "[nightrider:w][nightrider:b][nightrider:w][nightrider:b][nightrider:n][nightrider:3][nightrider:6]",
    ),
    (Dialect::Bodlaender, "K12k", "K93k/"),
    (Dialect::Bodlaender, "Gc(Queen)(king3)@(p2)", "[g:w][c:b]Q[K:3]1-p"),
];

#[test]
fn canonical_strings_of_today_are_pinned() {
    for &(dialect, input, expected) in PINNED {
        let board = parse(input, dialect).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        assert_eq!(canonical(&board), expected, "{input:?}");
    }
}

#[test]
fn hyphenated_names_read_as_the_table_spells_them() {
    // A hyphen or underscore inside a name is read, not refused at the letter after it.
    let rookhopper = |color| piece(PieceKind::Named(FairyName::new("rookhopper").unwrap()), color, 0);
    for (input, dialect) in [
        ("(Rook-Hopper)", Dialect::Bodlaender),
        ("(rook_hopper0)", Dialect::Bodlaender),
        ("[rook-hopper:w]", Dialect::Janko),
        ("[rook_hopper:w]", Dialect::Janko),
        ("(Rook-Hopper)", Dialect::Janko),
    ] {
        assert_eq!(parse(input, dialect).unwrap().get(0, 0), Some(&rookhopper(Color::White)), "{input}");
    }
    assert_eq!(canonical(&bod("(bishop-lion)(nightrider-hopper3)")), "[bishoplion:b][nightriderhopper:3]");
    assert_eq!(canon("(!rook-hopper1)"), "*1[rookhopper:n]");
    // The table knows the names the documentation spells with hyphens.
    for name in ["rook-hopper", "bishop-lion", "rook-lion", "king-hopper", "bishop-hopper", "nightrider-hopper"] {
        let board = bod(&format!("({name})"));
        let Some(Cell::Piece(Piece { kind: PieceKind::Named(name), .. })) = board.get(0, 0) else { panic!("{name}") };
        assert!(crate::notation::fairy::glyph(name).is_some(), "{name:?} has no glyph");
    }
}

#[test]
fn misplaced_separators_are_refused_at_their_column() {
    let cases: &[(&str, Dialect, usize)] = &[
        ("K(rook--hopper)", Dialect::Bodlaender, 8),
        ("K(-rook)", Dialect::Bodlaender, 3),
        ("K(rook-)", Dialect::Bodlaender, 7),
        ("K(rook-3)", Dialect::Bodlaender, 7),
        ("K(_)", Dialect::Bodlaender, 3),
        ("K(rook-_hopper)", Dialect::Janko, 8),
        ("K(!-rook)", Dialect::Janko, 4),
        ("K(rook-1)", Dialect::Janko, 7),
        ("K[-rook:w]", Dialect::Janko, 3),
        ("K[rook-:w]", Dialect::Janko, 7),
        ("K*1[rook__hopper:b]", Dialect::Janko, 10),
    ];
    for &(input, dialect, column) in cases {
        let e = err(input, dialect);
        assert!(matches!(e.kind, ParseErrorKind::BadName(NameError::Separator { .. })), "{input}: {e}");
        assert_eq!(e.column, column, "{input}: {e}");
        assert!(e.to_string().contains("may only stand between two letters"), "{e}");
    }
    // Letters still count up to the limit, separators do not.
    let name = |letters: usize| vec!["a"; letters].join("-");
    assert!(parse(&format!("({})", name(MAX_NAME_LEN)), Dialect::Bodlaender).is_ok());
    let e = err(&format!("K({})", name(MAX_NAME_LEN + 1)), Dialect::Bodlaender);
    assert_eq!((e.column, e.kind), (3, ParseErrorKind::BadName(NameError::TooLong { letters: MAX_NAME_LEN + 1 })));
}

#[test]
fn every_name_a_caller_can_make_round_trips() {
    // Orthodox names are refused (`[queen:w]` would read back as the orthodox queen); every other name prints as
    // itself.
    for name in ["queen", "King", "PAWN"] {
        assert!(matches!(FairyName::new(name), Err(NameError::Orthodox(_))), "{name}");
    }
    for name in ["k", "q", "c", "queens", "kingrider", "rook-hopper", "nightriderhopper"] {
        let kind = PieceKind::Named(FairyName::new(name).unwrap());
        for color in [Color::White, Color::Black, Color::Neutral].into_iter().chain(ExtraColor::ALL.map(Color::Extra)) {
            let mut board = Board::empty(1, 1).unwrap();
            board.set(0, 0, piece(kind.clone(), color, 1));
            assert_eq!(janko(&canonical(&board)), board, "{name} {color:?}");
        }
    }
}

#[test]
fn project_files_name_no_paths_outside_the_repository() {
    // Neither names the documents' folder outside the repository, which a checkout of it does not have.
    let outside = concat!("shared", "/");
    for (file, text) in
        [("Cargo.toml", include_str!("../../../Cargo.toml")), ("src/notation/ffen/tests.rs", include_str!("tests.rs"))]
    {
        assert!(!text.contains(outside), "{file} names a path outside the repository");
    }
}

#[test]
fn bodlaender_page_examples_read_with_their_sizes() {
    // Every example of the "Examples" section of Bodlaender's page, taken from the copy in the repository.
    let page = include_str!("../../../tests/fixtures/spec/002_f9b7d4c06ca903e3.txt");
    let examples = &page[page.find("## Examples").unwrap()..page.find("# FFEN-to-HTML").unwrap()];
    let found: Vec<(usize, usize)> = examples
        .lines()
        .filter_map(|line| line.strip_prefix("• "))
        .map(|line| {
            let ffen = line.split(' ').next().unwrap();
            let board = bod(ffen);
            assert_eq!(parse(&canonical(&board), Dialect::Janko).unwrap(), board);
            (board.width(), board.height())
        })
        .collect();
    // Chess; Shatranj (as the page writes it, seven ranks); "{W}8/8/8/8/8 gives a 5 by 8 board".
    assert_eq!(found, [(8, 8), (8, 7), (8, 5)]);
}

#[test]
fn bordered_squares_have_a_canonical_form() {
    // XFEN's B prefix borders a square. The canonical form writes "[]" before the square it borders; janko's
    // notation gives "[]" no meaning, so no other string changes.
    let b = janko("[]K1[]2/[]-*2n[]'a[][-]1");
    assert!(b.is_bordered(0, 0) && !b.is_bordered(1, 0) && b.is_bordered(2, 0) && !b.is_bordered(3, 0));
    assert!(b.is_bordered(0, 1) && b.is_bordered(1, 1) && b.is_bordered(2, 1) && !b.is_bordered(3, 1));
    assert_eq!(b.get(2, 1), Some(&Cell::Hole));
    for s in [
        "[]K7",
        "1[]3/4",
        "[]91/91",
        "[][-]7",
        "[]'a[]''12[]['ab]5",
        "[]*1[grasshopper:w][][Q:3]6",
        "[]-*2n7",
        "{W}[]8/8",
        "[]1[]1[]1[]1",
    ] {
        assert_eq!(canon(s), s);
    }
    let equivalent: &[&[&str]] = &[
        &["[]*1k7", "[](k1)7", "[]*5k7"],
        &["[]8", "[]17", "[]08"],
        &["[]92/5k5/92", "[]11/5k5/11"],
        &["[]KQRBNPkq/r7", "[]KQRBNPkqr"],
    ];
    for group in equivalent {
        for s in &group[1..] {
            assert_eq!(canon(s), canon(group[0]), "{s} vs {}", group[0]);
        }
    }
    let mut board = Board::empty(3, 1).unwrap();
    assert_eq!(canonical(&board), "3");
    board.set_bordered(1, 0, true);
    assert_eq!(canonical(&board), "1[]2");
    assert_eq!(janko("1[]2"), board);
    assert!(!board.set_bordered(3, 0, true) && !board.is_bordered(3, 0));
    for (input, column) in [("[]", 1), ("K[]/8", 2), ("[][]K", 1), ("[]0/8", 1), ("K[]", 2), ("-[]K", 2), ("*1[]K", 4)]
    {
        let e = err(input, Dialect::Janko);
        assert_eq!(e.column, column, "{input}: {e}");
    }
    assert_eq!(err("[]", Dialect::Janko).kind, ParseErrorKind::BorderWithoutSquare);
}

#[test]
fn flat_links_with_whole_numbers() {
    // No '/': where digits read singly do not fill ranks of eight and read whole they do, they are read whole.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(canon("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR"), start);
    assert_eq!(canon("K62k"), "K7/8/8/8/8/8/8/7k");
    // Singly 11 squares, whole 65: neither fills ranks of eight, so janko's own reading stays.
    assert_eq!(canon("K63k"), "K7/2k5");
    // Eight squares or fewer read singly stay one rank, as before (whole, K14k would be 16).
    assert_eq!(canon("K14k"), "K5k");
    // Singly a multiple of eight already: unchanged.
    assert_eq!(canon("rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR"), start);
    // Whole beyond 32 ranks of eight: singly.
    assert_eq!(janko("K999k").height(), 4);
}

#[test]
fn one_diagram_in_every_dialect_is_one_canonical_string() {
    use Dialect::{Bodlaender, Janko, Xfen};
    let courier = Dialect::courier();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let groups: &[&[(Dialect, &str)]] = &[
        &[
            (Janko, start),
            (Janko, "rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR"),
            (Bodlaender, start),
            (courier, "rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR"),
            (courier, "rnbqkbnr/pppppppp/****/PPPPPPPP/RNBQKBNR"),
            (Xfen, start),
            (Xfen, "rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR"),
        ],
        &[
            (Janko, "4k3/8/8/8/8/8/8/4K3"),
            (Bodlaender, "4k3/8/8/8/8/8/8/4K3"),
            (courier, "4k55K3"),
            (courier, "4k*/*/*/*/*/*/*/4K*"),
            (Xfen, "4k3/8/8/8/8/8/8/4K3"),
        ],
        // Neutral and turned pieces, markers and a bordered square: janko and XFEN.
        &[(Janko, "[]-*2n1*1k-pScTx/8/8/8/8/8/8/8"), (Xfen, "(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8")],
        // Holes: Bodlaender, Game Courier, the canonical extension.
        &[(Bodlaender, "7-/8/8/8/8/8/8/-7"), (courier, "7-*/*/*/*/*/*/-7"), (Janko, "7[-]/8/8/8/8/8/8/[-]7")],
        // Fairy letters.
        &[(Bodlaender, "Gc6/8"), (courier, "Gc6*"), (Janko, "[g:w][c:b]6/8")],
    ];
    for group in groups {
        let (first_dialect, first) = group[0];
        let expected = canonical(&parse(first, first_dialect).unwrap());
        for &(dialect, input) in &group[1..] {
            let board = parse(input, dialect).unwrap_or_else(|e| panic!("{input:?} ({dialect:?}): {e}"));
            assert_eq!(canonical(&board), expected, "{input:?} ({dialect:?})");
        }
    }
}

#[test]
fn dialects_by_name() {
    for name in Dialect::NAMES {
        let dialect: Dialect = name.parse().unwrap();
        assert_eq!(dialect.name(), name);
        assert_eq!(name.to_uppercase().parse::<Dialect>(), Ok(dialect));
    }
    assert_eq!("XFEN".parse(), Ok(Dialect::Xfen));
    let e = "forsythe".parse::<Dialect>().unwrap_err();
    assert_eq!(e, UnknownDialect);
    assert_eq!(e.to_string(), "unknown dialect: expected one of janko, bodlaender, courier, xfen, hgm");
}
