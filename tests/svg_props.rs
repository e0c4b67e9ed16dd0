//! Properties of the SVG output over generated boards and options (furniture included: titles and captions full of
//! markup, highlights, arrows, circles): it is a well-formed document `resvg` reads, of the PNG's size, whose only
//! text is the canonical FFEN (escaped) in `<title>`; and rasterised it matches the PNG within the parity tolerance
//! of `tests/svg_parity.rs`.

use ffen_diagram::{Board, Cell, Color, ExtraColor, Figure, Marker, Piece, PieceKind, Rgb, Rotation, Text, Theme};
use ffen_diagram::{RenderOptions, SquareSize};
use proptest::prelude::*;

fn arb_cell() -> impl Strategy<Value = Cell> {
    let color = prop_oneof![
        Just(Color::White),
        Just(Color::Black),
        Just(Color::Neutral),
        prop::sample::select(ExtraColor::ALL.to_vec()).prop_map(Color::Extra),
    ];
    let kind = prop_oneof![
        (0usize..6).prop_map(|i| PieceKind::Figure(Figure::ALL[i])),
        (0usize..4).prop_map(|i| PieceKind::Marker(Marker::ALL[i])),
        "[a-z]{1,12}".prop_filter_map("a valid name", |n| ffen_diagram::FairyName::new(&n).ok().map(PieceKind::Named)),
    ];
    prop_oneof![
        Just(Cell::Empty),
        Just(Cell::Hole),
        (kind, color, 0u32..4).prop_map(|(kind, color, turns)| Cell::Piece(Piece {
            kind,
            color,
            rotation: Rotation::new(turns)
        })),
        ("[A-Za-z0-9]{1,2}", 0u32..4)
            .prop_map(|(t, turns)| Cell::Text(Text::new(&t, Rotation::new(turns)).expect("text"))),
    ]
}

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

fn arb_options(sizes: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = RenderOptions> {
    let colour = proptest::option::of(any::<(u8, u8, u8)>().prop_map(|(r, g, b)| Rgb(r, g, b)));
    (sizes, any::<bool>(), any::<bool>(), 0usize..5, colour.clone(), colour, proptest::option::of(arb_furniture()))
        .prop_map(|(size, flip, coords, theme, light, dark, furniture)| {
            // Furniture the options refuse (a title with a character the font lacks, …) is left out.
            let furniture = furniture
                .and_then(|pairs| RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).ok())
                .map(|o| o.furniture)
                .unwrap_or_default();
            RenderOptions {
                size: SquareSize::new(size).expect("in range"),
                flip,
                coords,
                theme: Theme::ALL[theme],
                light,
                dark,
                furniture,
            }
        })
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

/// The SVG rasterised at 1:1 by resvg, as RGB bytes.
fn rasterise(svg: &str) -> (u32, u32, Vec<u8>) {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("resvg reads the SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    (size.width(), size.height(), pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_board_is_a_well_formed_svg_of_the_png_size(board in arb_board(), options in arb_options(12..=128)) {
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
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The parity of `tests/svg_parity.rs` (mean ≤ 6, 4×4 blocks ≤ 48) over generated diagrams of 20 to 64 px.
    #[test]
    fn any_board_rasterises_to_its_png(board in arb_board(), options in arb_options(20..=64)) {
        let (w, h, raster) = rasterise(&ffen_diagram::render_svg(&board, &options));
        let png = ffen_diagram::render_image(&board, &options);
        prop_assert_eq!((w, h), (png.width, png.height));
        let reference = png.to_rgb();
        let total: u64 = raster.iter().zip(&reference).map(|(a, b)| u64::from(a.abs_diff(*b))).sum();
        let mean = total as f64 / reference.len() as f64;
        let (w, h) = (w as usize, h as usize);
        let mut block_max = 0.0f64;
        for by in (0..h).step_by(4) {
            for bx in (0..w).step_by(4) {
                for c in 0..3 {
                    let (mut sa, mut sb, mut n) = (0f64, 0f64, 0f64);
                    for y in by..(by + 4).min(h) {
                        for x in bx..(bx + 4).min(w) {
                            let i = (y * w + x) * 3 + c;
                            sa += f64::from(raster[i]);
                            sb += f64::from(reference[i]);
                            n += 1.0;
                        }
                    }
                    block_max = block_max.max((sa - sb).abs() / n);
                }
            }
        }
        prop_assert!(mean <= 6.0 && block_max <= 48.0, "mean {mean:.2}, 4×4 {block_max:.1}");
    }
}
