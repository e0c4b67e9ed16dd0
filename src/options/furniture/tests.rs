use super::*;
use crate::notation::ffen;

fn read(key: &str, value: &str) -> Result<Furniture, OptionError> {
    crate::options::render_options::RenderOptions::from_pairs([(key, value)]).map(|options| options.furniture)
}

/// The furniture's segments of the canonical options (after the always-present `s40.f0.c0.gray`).
trait Key {
    fn canonical(&self) -> String;
}

impl Key for Furniture {
    fn canonical(&self) -> String {
        let options = crate::options::render_options::RenderOptions {
            furniture: self.clone(),
            ..crate::options::render_options::RenderOptions::default()
        };
        options.canonical().strip_prefix("s40.f0.c0.gray").unwrap().to_string()
    }
}

#[test]
fn square_names_cover_every_file_and_rank() {
    for file in 0..32 {
        for rank in 1..=32 {
            let square = SquareName::new(file, rank).unwrap();
            assert_eq!(square.to_string().parse(), Ok(square));
        }
    }
    assert_eq!(SquareName::new(32, 1), None);
    assert_eq!(SquareName::new(0, 0), None);
    assert_eq!(SquareName::new(0, 33), None);
    for bad in ["", "e", "4", "e04", "e0", "e123", "ag1", "ba1", "aaa1", "E4", "e4x", "é4", "-e4", "e 4"] {
        assert_eq!(bad.parse::<SquareName>(), Err(InvalidSquareName), "{bad:?}");
    }
}

#[test]
fn squares_are_deduplicated_sorted_and_the_last_tint_wins() {
    let f = read("squares", " Ge4, Rd5 ,c3,,Ye4,").unwrap();
    assert_eq!(f.canonical(), ".squares=c3,Rd5,Ye4");
    // Any order and any repetition of one set gives one key.
    let g = read("squares", "c3,Rd5,Ye4,c3").unwrap();
    assert_eq!(f, g);
    let sorted = read("squares", "b2,a10,a2,aa1,z1").unwrap();
    assert_eq!(sorted.canonical(), ".squares=a2,a10,b2,z1,aa1");
    assert!(read("squares", "").unwrap().is_empty());
    assert!(read("squares", " , ").unwrap().is_empty());
}

#[test]
fn arrows_and_circles() {
    let f = read("arrows", "Bh7c2,Ge2e4,e4e4,Ge2e4").unwrap();
    assert_eq!(f.canonical(), ".arrows=Ge2e4,e4e4,Bh7c2");
    assert!(f.arrows.as_slice().iter().any(|(m, _)| m.is_circle()));
    assert_eq!(read("arrows", "aa10ab12").unwrap().canonical(), ".arrows=aa10ab12");
    assert_eq!(read("lastmove", "e2e4").unwrap().canonical(), ".lastmove=e2e4");
    assert!(read("lastmove", "").unwrap().is_empty());
}

#[test]
fn bad_lists_name_their_parameter_and_item() {
    for (key, value, item) in [
        ("squares", "e4,Xe4", "Xe4"),
        ("squares", "e4,e44", "e44"),
        ("squares", "gge4", "gge4"),
        ("arrows", "e2e4,e2", "e2"),
        ("arrows", "e2-e4", "e2-e4"),
        ("arrows", "Ge2e4e6", "Ge2e4e6"),
        ("lastmove", "e2", "e2"),
        ("lastmove", "Ge2e4", "Ge2e4"),
    ] {
        let e = read(key, value).unwrap_err();
        assert_eq!((e.parameter, e.value.as_str()), (key, item), "{value}");
    }
}

#[test]
fn list_limits() {
    let names: Vec<String> =
        (0..32).flat_map(|f| (1..=32).map(move |r| format!("{}{r}", crate::notation::board::file_name(f)))).collect();
    assert_eq!(read("squares", &names.join(",")).unwrap().squares.len(), MAX_SQUARES);
    let arrows: Vec<String> = (1..=8).flat_map(|r| (1..=8).map(move |t| format!("a{r}b{t}"))).collect();
    assert_eq!(read("arrows", &arrows.join(",")).unwrap().arrows.len(), MAX_ARROWS);
    let e = read("arrows", &format!("{},c1c1", arrows.join(","))).unwrap_err();
    assert_eq!(e.parameter, "arrows");
    assert!(e.to_string().contains("at most 64 distinct"), "{e}");
}

#[test]
fn text_is_collapsed_split_and_limited() {
    let f = read("title", "  Ladislav   Šulc |\tPhénix\r\n").unwrap();
    assert_eq!(f.title.lines(), ["Ladislav Šulc", "Phénix"]);
    let f = read("caption", "Łukasz\nBakcsi").unwrap();
    assert_eq!(f.caption.lines(), ["Łukasz", "Bakcsi"]);
    assert_eq!(f.canonical(), ".caption=%C5%81ukasz|Bakcsi");
    // Empty lines are dropped; nothing but white space is no text.
    assert_eq!(read("title", "|a||").unwrap().title.lines(), ["a"]);
    assert!(read("title", " | \n ").unwrap().is_empty());
    // Limits, at the edge.
    let line = "é".repeat(MAX_LINE_CHARS);
    assert_eq!(read("title", &format!("{line}|{line}")).unwrap().title.lines().len(), 2);
    let e = read("title", &format!("{line}x")).unwrap_err();
    assert_eq!(e.parameter, "title");
    assert!(e.to_string().contains("at most 80 characters"), "{e}");
    let e = read("caption", "a|b|c").unwrap_err();
    assert_eq!(e.parameter, "caption");
    assert!(e.to_string().contains("at most two lines"), "{e}");
}

#[test]
fn characters_the_font_lacks_are_named_with_their_position() {
    let e = read("title", "Šulc ж").unwrap_err();
    assert_eq!(e.parameter, "title");
    let message = e.to_string();
    assert!(message.contains("'ж' (U+0436) at position 6"), "{message}");
    for bad in ["\u{0}", "\u{7f}", "\u{1F600}", "中"] {
        assert_eq!(read("caption", bad).unwrap_err().parameter, "caption", "{bad:?}");
    }
    // The letters problemists' names come in.
    for good in ["Phénix", "Šulc", "Łukasz", "Bakcsi", "Dvořák", "Ţară", "Œuvre – ‘quoted’ … ×2", "Ørsted Ærø ß"]
    {
        assert!(read("title", good).is_ok(), "{good}");
    }
}

#[test]
fn canonical_text_is_injective() {
    // A `.` `=` `%` `,` or `|` inside a value never reads as a separator.
    let pairs =
        [("a.b", "a%2Eb"), ("a=b", "a%3Db"), ("100%", "100%25"), ("1.e4, 2.d4", "1%2Ee4%2C 2%2Ed4"), ("A|B", "A|B")];
    for (value, want) in pairs {
        assert_eq!(read("title", value).unwrap().title.canonical(), want, "{value}");
    }
    assert_ne!(read("title", "A|B").unwrap().canonical(), read("title", "A B").unwrap().canonical());
}

#[test]
fn the_count_of_hand_counted_positions() {
    // The example positions of janko's "The Chess Diagrammer" (tests/fixtures/spec/000_*), counted by hand rank by
    // rank; the markers `c` of G148 and G106 (imitators) are not pieces.
    let spec = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "(16+16)"),
        ("rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR", "(8+16+8n)"),
        ("3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2", "(13+23)"),
        ("k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8", "(5+4+4n)"),
        ("4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3", "(4+14+6n)"),
        ("8/1Q6/4c3/4cc2/8/8/6K1/8", "(2+0)"),
        ("8/1P6/1k6/4cK2/8/8/8/8", "(2+1)"),
    ];
    for (ffen, want) in spec {
        let board = ffen::parse(ffen, ffen::Dialect::Janko).unwrap();
        assert_eq!(PieceCount::of(&board).to_string(), want, "{ffen}");
    }
    for (ffen, dialect, want) in [
        // Markers, letters and numbers are not pieces.
        ("kCsXt'a''12/8/8/8/8/8/8/7K", ffen::Dialect::Janko, "(1+1)"),
        ("(Grasshopper)(nightrider2)(rook3)(queen5)(pawn5)-", ffen::Dialect::Bodlaender, "(1+0+1n+1c3+2c5)"),
        ("8/8/8/8/8/8/8/8", ffen::Dialect::Janko, "(0+0)"),
    ] {
        let board = ffen::parse(ffen, dialect).unwrap();
        assert_eq!(PieceCount::of(&board).to_string(), want, "{ffen}");
    }
}
