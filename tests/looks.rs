//! The look parameters (Game Courier's `Colors`, `Board`, `Files`, `Ranks`; HGM's `firstRank`,
//! `rimColor`, `coordColor`, `holeColor`, `borders`, `#`): what they draw, how they are keyed, and that no value
//! of them panics.

mod common;

use common::generate::arb_look_junk;
use common::{janko, png_size, square_centre};
use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::{Board, Image, RenderOptions, Rgb};
use proptest::prelude::*;

/// The options of `pairs` fitted to `board`; panics if they do not read or fit.
fn options_for(pairs: &[(&str, &str)], board: &Board) -> RenderOptions {
    RenderOptions::from_pairs(pairs.iter().copied()).expect("options").for_board(board).expect("fits the board")
}

/// The picture of `board` with the options of `pairs`.
fn draw(board: &Board, pairs: &[(&str, &str)]) -> Image {
    ffen_diagram::render_image(board, &options_for(pairs, board))
}

#[test]
fn ten_oh_one_with_two_colours_is_the_chess_board() {
    // The pattern starts on rank 1 (the bottom rank) at the a-file: `10.01.` with the colours listed light first
    // gives a1 dark and h1 light, and with the gray theme's two colours, exactly the default picture.
    let board = janko("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    for flip in ["0", "1"] {
        let plain = draw(&board, &[("flip", flip)]);
        let patterned = draw(&board, &[("flip", flip), ("colors", "white #B4B4B4"), ("board", "10.01.")]);
        assert_eq!(plain, patterned, "flip={flip}");
    }
    let empty = janko("8/8/8/8/8/8/8/8");
    let image = draw(&empty, &[("colors", "red blue"), ("board", "10.01.")]);
    let (red, blue) = ([255, 0, 0], [0, 0, 255]);
    assert_eq!(square_centre(&image, 40, 0, 7), blue, "a1: colour 1, dark");
    assert_eq!(square_centre(&image, 40, 7, 7), red, "h1: colour 0, light");
    assert_eq!(square_centre(&image, 40, 0, 0), red, "a8: light");
    // Colours without a pattern: light squares colour 0, dark squares colour 1.
    assert_eq!(draw(&empty, &[("colors", "red blue")]), image);
}

#[test]
fn the_three_colour_pattern_repeats_across_and_up() {
    // Cavalier Chess's `10.21.` on a 5-wide, 3-high board, from the bottom: rank 1 = 1 0 1 0 1, rank 2 = 2 1 2 1 2,
    // rank 3 = 1 0 1 0 1 again.
    let board = janko("5/5/5");
    let image = draw(&board, &[("colors", "white gray black"), ("board", "10.21.")]);
    let (w, g, k) = ([255; 3], [128; 3], [0; 3]);
    let rows: Vec<Vec<[u8; 3]>> =
        (0..3).map(|dy| (0..5).map(|dx| square_centre(&image, 40, dx, dy)).collect()).collect();
    assert_eq!(rows, [vec![g, w, g, w, g], vec![k, g, k, g, k], vec![g, w, g, w, g]]);
}

#[test]
fn equal_pictures_get_equal_keys() {
    let board = janko("8/8/8/8/8/8/8/8");
    let key = |pairs: &[(&str, &str)]| options_for(pairs, &board).canonical();
    // A pattern and its expansion, a short rank and a long one, unused colours and a different numbering.
    let a = key(&[("colors", "red blue"), ("board", "10.01.")]);
    assert_eq!(a, key(&[("colors", "red blue"), ("board", "10101010.01010101.")]));
    assert_eq!(a, key(&[("colors", "blue red"), ("board", "01.10.")]));
    assert_eq!(a, key(&[("colors", "green blue yellow red"), ("board", "13.31.")]));
    assert_eq!(a, key(&[("colors", "#0000FF #ff0000"), ("board", "0101.1010.")]));
    assert_eq!(a, "s40.f0.c0.gray.colors=0000ff-ff0000.board=01010101-10101010-01010101-10101010-01010101-10101010-01010101-10101010");
    // light/dark under colors, first_rank/coord_color without coordinates, a hole colour without holes: dropped.
    assert_eq!(key(&[("colors", "red"), ("light", "00ff00")]), key(&[("colors", "red")]));
    assert_eq!(key(&[("first_rank", "0"), ("coord_color", "red"), ("hole", "red")]), "s40.f0.c0.gray");
    // Labels turn coordinates on; labels equal to the default ones drop out.
    assert_eq!(key(&[("files", "a b c d e f g h")]), "s40.f0.c1.gray");
    assert_eq!(key(&[("files", "a b c d e f g i")]), "s40.f0.c1.gray.files=a,b,c,d,e,f,g,i");
    assert_eq!(key(&[("files", "a b c d e f g i"), ("coords", "0")]), key(&[("files", "a b c d e f g i")]));
}

#[test]
fn every_look_segment_in_its_order() {
    let board = ffen::parse("-7/8/8/8/8/8/8/8", Dialect::Bodlaender).unwrap();
    let o = options_for(
        &[
            ("borders", "1"),
            ("hole", "transparent"),
            ("coord_color", "Navy"),
            ("rim", "#FFEEDD"),
            ("first_rank", "0"),
            ("ranks", "8 7 6 5 4 3 2 1"),
            ("files", "a b  d e f g h"),
            ("board", "1."),
            ("colors", "red green"),
            ("dark", "000000"),
        ],
        &board,
    );
    assert_eq!(
        o.canonical(),
        "s40.f0.c1.gray.colors=008000.board=00000000-00000000-00000000-00000000-00000000-00000000-00000000-00000000\
         .files=a,b,,d,e,f,g,h.ranks=8,7,6,5,4,3,2,1.rim=ffeedd.coord_color=000080.hole=transparent.borders",
        "first_rank is dropped under rank labels, which replace the numbers"
    );
    let numbered = options_for(&[("first_rank", "0"), ("coords", "1"), ("rim", "red")], &board);
    assert_eq!(numbered.canonical(), "s40.f0.c1.gray.first_rank=0.rim=ff0000");
    // No margin and no uncoloured hole: nothing shows the rim.
    assert_eq!(options_for(&[("rim", "red"), ("hole", "blue")], &board).canonical(), "s40.f0.c0.gray.hole=0000ff");
    assert_eq!(options_for(&[("rim", "red")], &janko("8")).canonical(), "s40.f0.c0.gray");
    assert_eq!(options_for(&[("rim", "red")], &board).canonical(), "s40.f0.c0.gray.rim=ff0000", "the hole shows it");
}

#[test]
fn bad_values_name_their_parameter() {
    let board = janko("8/8/8/8/8/8/8/8");
    let bad = |pairs: &[(&str, &str)]| {
        RenderOptions::from_pairs(pairs.iter().copied()).and_then(|o| o.for_board(&board)).unwrap_err()
    };
    for (pairs, parameter, message) in [
        (&[("colors", "red bleu")][..], "colors", "bad value \"bleu\" for `colors`: expected colour 2 to be a colour"),
        (&[("colors", "")][..], "colors", "1 to 10 colours"),
        (&[("colors", &["red"; 11].join(" ")[..])][..], "colors", "at most 10 colours"),
        (&[("board", "10.01")][..], "board", "the last rank has no '.'"),
        (&[("board", "1x.")][..], "board", "character 2 is neither"),
        (&[("board", "10.21.")][..], "board", "digits that index the colours: 0 to 1"),
        (&[("colors", "red"), ("board", "10.")][..], "board", "digits that index the colours: 0 (1 colours"),
        (&[("files", "a b c")][..], "files", "one label per file: 8, not 3"),
        (&[("ranks", "1 2 3 4 5 6 7 8 9")][..], "ranks", "one label per rank: 8, not 9"),
        (&[("files", "abcdefghijk")][..], "files", "at most 8 characters"),
        (&[("first_rank", "-1")][..], "first_rank", "0 to 999"),
        (&[("first_rank", "1000")][..], "first_rank", "0 to 999"),
        (&[("rim", "bright")][..], "rim", "a CSS colour name, or transparent"),
        (&[("hole", "#12345")][..], "hole", "RRGGBB"),
        (&[("coord_color", "transparent")][..], "coord_color", "a CSS colour name"),
        (&[("borders", "2")][..], "borders", "1, true, yes, on"),
    ] {
        let e = bad(pairs);
        assert_eq!(e.parameter, parameter, "{pairs:?}");
        assert!(e.to_string().contains(message), "{pairs:?}: {e}");
    }
}

#[test]
fn transparent_squares_rim_and_holes_make_a_png_with_alpha() {
    let board = janko("4/1k2/2K1/4");
    let drawn = |pairs: &[(&str, &str)]| {
        let o = options_for(pairs, &board);
        (ffen_diagram::render_image(&board, &o), ffen_diagram::render_png(&board, &o).unwrap())
    };
    let (image, png) = drawn(&[("colors", "transparent gray")]);
    // Light squares clear, dark squares opaque, the frame opaque; the king on a clear square keeps its own alpha.
    assert_eq!(image.alpha(1 + 20, 1 + 20), Some(0), "a4 is light... a1 is dark, a4 light");
    assert_eq!(image.alpha(1 + 20, 1 + 3 * 40 + 20), Some(255), "a1 dark");
    assert_eq!(image.alpha(0, 0), Some(255), "frame");
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().unwrap();
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    assert!(reader.info().trns.is_some(), "tRNS chunk");
    // The rim: coordinate margin clear, squares untouched.
    let (image, _) = drawn(&[("rim", "transparent"), ("coords", "1")]);
    assert_eq!(image.alpha(2, 2), Some(0));
    assert_eq!(image.alpha(image.width() - 1, image.height() - 1), Some(0), "below the board");
    // Opaque options give an opaque picture, without tRNS.
    let (image, png) = drawn(&[]);
    assert!(!image.has_transparency());
    assert!(png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap().info().trns.is_none());
}

#[test]
fn holes_take_the_hole_colour_and_borders_run_between_squares() {
    let board = ffen::parse("-3/4", Dialect::Bodlaender).unwrap();
    let plain = draw(&board, &[]);
    let holed = draw(&board, &[("hole", "red")]);
    assert_eq!(square_centre(&plain, 40, 0, 0), [255; 3], "a hole shows the paper");
    assert_eq!(square_centre(&holed, 40, 0, 0), [255, 0, 0]);
    let lined = draw(&board, &[("borders", "1")]);
    // Between b1 and c1 (x = 1 + 2*40), between b1 and b2 (y = 1 + 40): ink; between a2 (hole) and b2 none.
    assert_eq!(lined.pixel(1 + 80, 1 + 60), Some([0; 3]));
    assert_eq!(lined.pixel(1 + 60, 1 + 40), Some([0; 3]));
    assert_eq!(plain.pixel(1 + 80, 1 + 60), Some([0xb4; 3]), "c1, dark, without borders");
    let differing = lined.pixels().iter().zip(plain.pixels()).filter(|(a, b)| a != b).count();
    // Three inner vertical lines on rank 1, two on rank 2 (none next to the hole), one horizontal line of three
    // squares (none under the hole): 40 px each at size 40, frame 1, less the three pixels where the horizontal
    // line meets the vertical ones of rank 1.
    assert_eq!(differing, 5 * 40 + 3 * 40 - 3);
}

#[test]
fn labels_first_rank_and_coordinate_colour_draw_in_the_margin() {
    let board = janko("8/8/8/8/8/8/8/8");
    let numbered = draw(&board, &[("coords", "1")]);
    let from_zero = draw(&board, &[("coords", "1"), ("first_rank", "0")]);
    let labelled = draw(&board, &[("ranks", "0 1 2 3 4 5 6 7")]);
    assert_ne!(numbered, from_zero);
    assert_eq!(from_zero, labelled, "first_rank=0 is the labels 0..7");
    let blank = draw(&board, &[("files", "a b c d e f g "), ("ranks", "1 2 3 4 5 6 7 8")]);
    assert_ne!(blank, numbered, "the h-file label is blank");
    let red = draw(&board, &[("coords", "1"), ("coord_color", "red")]);
    assert!(red.pixels().iter().any(|&p| p == Rgb(255, 0, 0).to_pixel()));
    assert!(!numbered.pixels().iter().any(|&p| p == Rgb(255, 0, 0).to_pixel()));
    let rim = draw(&board, &[("coords", "1"), ("rim", "yellow")]);
    assert_eq!(rim.pixel(1, 1), Some([255, 255, 0]));
}

#[test]
fn rim_and_coordinate_colour_reach_the_furniture_text() {
    // A title, caption or count puts bands of text around the board: `rim` paints them and `coord_color` inks the
    // text, so both stay in the key there, and are dropped where nothing shows them.
    let board = janko("4k3/8/8/8/8/8/8/4K3");
    let look = [("rim", "#3a2a1e"), ("coord_color", "#f0d9b5")];
    assert_eq!(options_for(&look, &board).canonical(), "s40.f0.c0.gray");
    let titled = options_for(&[look[0], look[1], ("title", "Šulc")], &board);
    assert_eq!(titled.canonical(), "s40.f0.c0.gray.rim=3a2a1e.coord_color=f0d9b5.title=%C5%A0ulc");
    let counted = options_for(&[look[0], look[1], ("count", "1")], &board);
    assert_eq!(counted.canonical(), "s40.f0.c0.gray.rim=3a2a1e.coord_color=f0d9b5.count");
    // The band above the board is the rim's colour, and the title's ink is the coordinates' colour.
    let image = ffen_diagram::render_image(&board, &titled);
    assert_eq!(image.pixel(1, 1), Some([0x3a, 0x2a, 0x1e]));
    let inked = (0..image.width())
        .flat_map(|x| (0..20).map(move |y| (x, y)))
        .any(|(x, y)| image.pixel(x, y) == Some([0xf0, 0xd9, 0xb5]));
    assert!(inked, "the title is drawn in the coordinate colour");
}

#[test]
fn default_labels_draw_the_default_coordinates_and_share_their_key() {
    let board = janko("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    let coords = options_for(&[("coords", "1")], &board);
    for pairs in [
        &[("files", "a b c d e f g h")][..],
        &[("ranks", "1 2 3 4 5 6 7 8")],
        &[("files", "a b c d e f g h"), ("ranks", "1 2 3 4 5 6 7 8"), ("first_rank", "0")],
    ] {
        let labelled = options_for(pairs, &board);
        assert_eq!(labelled, coords, "{pairs:?}");
        assert_eq!(draw(&board, pairs), draw(&board, &[("coords", "1")]), "{pairs:?}");
    }
    // Labels that differ in one place keep their key.
    assert_ne!(options_for(&[("files", "a b c d e f g i")], &board), coords);
    assert_ne!(options_for(&[("ranks", "0 1 2 3 4 5 6 7")], &board), coords);
}

#[test]
fn light_and_dark_read_the_one_colour_grammar() {
    let board = janko("8/8/8/8/8/8/8/8");
    // CSS names are the hex colours they name: the same key as before.
    assert_eq!(
        options_for(&[("light", "white"), ("dark", "SteelBlue")], &board).canonical(),
        "s40.f0.c0.gray.l=ffffff.d=4682b4"
    );
    // A see-through light square is the palette `colors` writes (one picture, one key) ...
    let clear = options_for(&[("light", "transparent")], &board);
    assert_eq!(clear, options_for(&[("colors", "transparent #B4B4B4")], &board));
    assert_eq!(draw(&board, &[("light", "transparent")]), draw(&board, &[("colors", "transparent b4b4b4")]));
    assert_eq!(
        options_for(&[("dark", "transparent"), ("light", "red")], &board),
        options_for(&[("colors", "red transparent")], &board)
    );
    // ... except over `print`'s hatching, which no colour names: then the light squares are cleared.
    let print = options_for(&[("light", "transparent"), ("theme", "print")], &board);
    assert_eq!(print.canonical(), "s40.f0.c0.print.l=transparent");
    let image = draw(&board, &[("light", "transparent"), ("theme", "print")]);
    assert_eq!(image.pixel(1 + 20, 1 + 20), Some([0, 0, 0]), "a8 is light: cleared (black, no alpha shown here)");
    for (key, bad) in [("light", "bleu"), ("dark", "#12345")] {
        let e = RenderOptions::from_pairs([(key, bad)]).unwrap_err();
        assert_eq!((e.parameter, e.value.as_str()), (key, bad));
        assert!(e.to_string().contains("CSS colour name, or transparent"), "{e}");
    }
}

#[test]
fn a_first_rank_above_its_maximum_is_refused_by_for_board() {
    let board = janko("8/8/8/8/8/8/8/8");
    let options =
        RenderOptions { coords: true, first_rank: ffen_diagram::MAX_FIRST_RANK + 1, ..RenderOptions::default() };
    assert_eq!(options.for_board(&board).unwrap_err().parameter, "first_rank");
    let at_max = RenderOptions { first_rank: ffen_diagram::MAX_FIRST_RANK, ..options };
    assert!(at_max.for_board(&board).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Any look values on any small board: an error naming a parameter, or a picture of the announced size; never
    /// a panic.
    #[test]
    fn generated_look_options_never_panic(
        pairs in arb_look_junk(0..6),
        (w, h) in (1usize..=9, 1usize..=9),
    ) {
        let board = Board::empty(w, h).unwrap();
        let parsed = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        if let Ok(options) = parsed.and_then(|o| o.for_board(&board)) {
            let options = RenderOptions { size: ffen_diagram::SquareSize::MIN, ..options };
            let png = ffen_diagram::render_png(&board, &options).unwrap();
            prop_assert_eq!(png_size(&png), ffen_diagram::image_size(&board, &options));
            // Fitting again changes nothing: the fitted options are canonical.
            prop_assert_eq!(options.for_board(&board).unwrap(), options);
        }
    }

    /// Different fitted options, different canonical strings (the cache key is injective).
    #[test]
    fn canonical_options_are_injective(
        a in arb_look_junk(0..4),
        b in arb_look_junk(0..4),
    ) {
        let board = Board::empty(3, 2).unwrap();
        let fit = |pairs: &Vec<(&str, String)>| {
            RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).and_then(|o| o.for_board(&board)).ok()
        };
        if let (Some(x), Some(y)) = (fit(&a), fit(&b)) {
            prop_assert_eq!(x.canonical() == y.canonical(), x == y, "{} / {}", x.canonical(), y.canonical());
        }
    }
}
