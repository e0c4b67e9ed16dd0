//! Properties of the SVG output over generated boards and options (furniture included: titles and captions full of
//! markup, highlights, arrows, circles): it is a well-formed document `resvg` reads, of the PNG's size, whose only
//! text is the canonical FFEN (escaped) in `<title>`; and rasterised it matches the PNG within the parity tolerance
//! of `tests/svg_parity.rs`.

mod common;

use common::generate::{arb_board, arb_options};
use common::pictures::{difference, over, rasterise, Difference};
use proptest::prelude::*;

/// `text` escaped for XML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn any_board_is_a_well_formed_svg_of_the_png_size(
        board in arb_board(1..=10, 1..=10),
        options in arb_options(12..=128),
    ) {
        let options = options.fitted(&board);
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
    fn any_board_rasterises_to_its_png(board in arb_board(1..=10, 1..=10), options in arb_options(20..=64)) {
        let options = options.fitted(&board);
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
