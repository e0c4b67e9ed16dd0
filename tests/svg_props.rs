//! Properties of the SVG output over generated boards and options (furniture included: titles and captions full of
//! markup, highlights, arrows, circles): it is a well-formed document `resvg` reads, of the PNG's size, whose only
//! text is the canonical FFEN (escaped) in `<title>`; and rasterised it matches the PNG within the parity tolerance
//! of `tests/svg_parity.rs`.

mod common;

use common::arb_cell;
use common::pictures::{difference, over, rasterise, Difference};
use ffen_diagram::{Board, Theme};
use ffen_diagram::{RenderOptions, SquareSize};
use proptest::prelude::*;

/// Boards up to 10×10 with any cells, some squares bordered.
fn arb_board() -> impl Strategy<Value = Board> {
    (1usize..=10, 1usize..=10).prop_flat_map(|(w, h)| {
        (proptest::collection::vec(arb_cell(), w * h), proptest::collection::vec(any::<bool>(), w * h)).prop_map(
            move |(cells, borders)| {
                let mut board = Board::from_cells(w, h, cells).expect("board");
                for (i, bordered) in borders.into_iter().enumerate() {
                    if bordered && i % 5 == 0 {
                        board.set_bordered(i % w, i / w, true);
                    }
                }
                board
            },
        )
    })
}

/// The furniture parameters of a problem diagram: title and caption with markup, accents and separators, the count,
/// and squares, arrows and a last move on the first files and ranks (some off small boards: skipped when drawn).
fn arb_furniture() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    let square = "[a-d][1-4]";
    let text = "([ -~]|[éŠłüÆ]|<script>|&amp;|\\|){0,30}";
    (
        proptest::option::of(text),
        proptest::option::of(text),
        any::<bool>(),
        proptest::collection::vec(("[GRYB]?", square), 0..3),
        proptest::collection::vec(("[GRYB]?", square, square), 0..3),
        proptest::option::of((square, square)),
    )
        .prop_map(|(title, caption, count, squares, arrows, last)| {
            let mut pairs = Vec::new();
            pairs.extend(title.map(|t| ("title", t)));
            pairs.extend(caption.map(|t| ("caption", t)));
            if count {
                pairs.push(("count", "1".to_string()));
            }
            let squares: Vec<String> = squares.into_iter().map(|(c, s)| c + &s).collect();
            pairs.push(("squares", squares.join(",")));
            let arrows: Vec<String> = arrows.into_iter().map(|(c, a, b)| c + &a + &b).collect();
            pairs.push(("arrows", arrows.join(",")));
            pairs.extend(last.map(|(a, b)| ("lastmove", a + &b)));
            pairs
        })
}

/// Looks of issue 11, as query pairs: colours and board patterns (transparent ones too), rim, coordinate colour,
/// hole colour, the grid, labels and the first rank.
fn arb_look() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    let colors = proptest::option::of(prop::sample::select(vec![
        "white #b4b4b4 #8ca2ad",
        "transparent #769656",
        "#ffeedd transparent red",
        "navy silver",
    ]));
    let board = proptest::option::of(prop::sample::select(vec!["10.21.", "01", "0", "210.012."]));
    let paint = || proptest::option::of(prop::sample::select(vec!["#3a2a1e", "transparent", "white", "#5b3a29"]));
    (colors, board, paint(), paint(), proptest::option::of("#[0-9a-f]{6}"), any::<bool>(), any::<bool>(), 0u16..3)
        .prop_map(|(colors, board, rim, hole, coord_color, borders, labels, first_rank)| {
            let mut pairs: Vec<(&'static str, String)> = Vec::new();
            pairs.extend(colors.map(|c| ("colors", c.to_string())));
            pairs.extend(board.map(|b| ("board", b.to_string())));
            pairs.extend(rim.map(|r| ("rim", r.to_string())));
            pairs.extend(hole.map(|h| ("hole", h.to_string())));
            pairs.extend(coord_color.map(|c| ("coord_color", c)));
            if borders {
                pairs.push(("borders", "1".to_string()));
            }
            if labels {
                pairs.push(("files", "α b <c> & d".to_string()));
            }
            pairs.push(("first_rank", first_rank.to_string()));
            pairs
        })
}

/// Options of every kind; what the options refuse (a title with a character the font lacks, a pattern digit
/// beyond the colours, labels that do not fit the board, …) falls back to the plain options with the size and flags.
fn arb_options(
    sizes: std::ops::RangeInclusive<u32>,
) -> impl Strategy<Value = (RenderOptions, Vec<(&'static str, String)>)> {
    (
        sizes,
        any::<bool>(),
        any::<bool>(),
        0usize..5,
        proptest::option::of(arb_furniture()),
        proptest::option::of(arb_look()),
    )
        .prop_map(|(size, flip, coords, theme, furniture, look)| {
            let mut pairs: Vec<(&'static str, String)> = vec![
                ("size", size.to_string()),
                ("flip", u8::from(flip).to_string()),
                ("coords", u8::from(coords).to_string()),
                ("theme", Theme::ALL[theme].name().to_string()),
            ];
            pairs.extend(furniture.unwrap_or_default());
            pairs.extend(look.unwrap_or_default());
            let plain = RenderOptions {
                size: SquareSize::new(size).expect("in range"),
                flip,
                coords,
                theme: Theme::ALL[theme],
                ..RenderOptions::default()
            };
            (plain, pairs)
        })
}

/// The options of `pairs` fitted to `board` (as the Worker fits them). What the options refuse (labels that do not
/// fit the board, a pattern digit beyond the colours, a title character the font lacks) is left out, one group at a
/// time: the labels, then the look, then the furniture; `plain` when nothing else reads.
fn fitted(board: &Board, (plain, pairs): &(RenderOptions, Vec<(&'static str, String)>)) -> RenderOptions {
    const LOOK: [&str; 8] = ["colors", "board", "rim", "hole", "coord_color", "borders", "files", "first_rank"];
    let read = |skip: &[&str]| {
        RenderOptions::from_pairs(pairs.iter().filter(|(k, _)| !skip.contains(k)).map(|(k, v)| (*k, v.as_str())))
            .and_then(|o| o.for_board(board))
            .ok()
    };
    read(&[])
        .or_else(|| read(&["files"]))
        .or_else(|| read(&LOOK))
        .or_else(|| read(&[&LOOK[..], &["title", "caption", "count", "squares", "arrows", "lastmove"]].concat()))
        .unwrap_or_else(|| plain.clone())
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_board_is_a_well_formed_svg_of_the_png_size(board in arb_board(), options in arb_options(12..=128)) {
        let options = fitted(&board, &options);
        let svg = ffen_diagram::render_svg(&board, &options);
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default());
        prop_assert!(tree.is_ok(), "{:?}", tree.err());
        let size = tree.unwrap().size().to_int_size();
        prop_assert_eq!((size.width(), size.height()), ffen_diagram::image_size(&board, &options));
        let title = format!("<title>{}</title>", escaped(&ffen_diagram::ffen::canonical(&board)));
        prop_assert!(svg.contains(&title));
        prop_assert_eq!(svg.matches("<title>").count(), 1);
        prop_assert!(!svg.contains("<text") && !svg.contains("<script") && !svg.contains("<style"));
        prop_assert_eq!(&svg, &ffen_diagram::render_svg(&board, &options), "deterministic");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// The parity of `tests/svg_parity.rs` (mean ≤ 6, 4×4 blocks ≤ 64) over generated diagrams of 20 to 64 px.
    #[test]
    fn any_board_rasterises_to_its_png(board in arb_board(), options in arb_options(20..=64)) {
        let options = fitted(&board, &options);
        let (w, h, raster) = rasterise(&ffen_diagram::render_svg(&board, &options));
        let png = ffen_diagram::render_image(&board, &options);
        prop_assert_eq!((w, h), (png.width(), png.height()));
        let reference = png.to_rgba();
        for background in [255, 0] {
            let (a, b) = (over(&raster, true, background), over(&reference, false, background));
            let Difference { mean, block_max, .. } = difference(w, h, &a, &b);
            prop_assert!(mean <= 6.0 && block_max <= 64.0, "over {background}: mean {mean:.2}, 4×4 {block_max:.1}");
        }
    }
}
