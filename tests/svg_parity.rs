//! The SVG output against the PNG: every golden case of `tests/golden/cases.tsv` is drawn both ways, the SVG is
//! rasterised at 1:1 with `resvg` (an SVG renderer independent of this crate's drawing code: it parses the document
//! and resolves `<symbol>`, `<use>`, `<clipPath>` and `<pattern>` itself), and the pixels are compared with the
//! PNG's within [`Tolerance`]. The SVG bytes of every case are also compared with `tests/golden/svg/<name>.svg`
//! (the Worker's test `tests/e2e/golden.test.mjs` checks the wasm build writes the same bytes).
//!
//! Regenerate the SVG goldens after an intended change (and bump `http::CACHE_VERSION`):
//! `UPDATE_GOLDENS=1 cargo test --test svg_parity`. The rasterised SVGs of the last run are written to
//! `target/svg-parity/<name>.png`, next to the PNG as `<name>.ref.png`, for looking at.

mod common;

use common::golden::{board_and_options, cases, updating_goldens};
use common::janko;
use common::pictures::{difference, over, rasterise, Difference};
use ffen_diagram::{Image, RenderOptions};
use std::path::PathBuf;

/// How close the rasterised SVG must be to the PNG, per channel of 0–255.
///
/// Pixel by pixel the two differ along every antialiased edge (the PNG's sprites are rounded to 5 alpha levels and
/// filled by the crate's own rasteriser, each pixel's exact area, where resvg supersamples; its text is fontdue's
/// coverage, its hatching a pixel staircase where the SVG has smooth bands), so a single
/// pixel can differ by nearly the full range without anything being misplaced. What must hold is that the pictures
/// are the same at the scale of a pixel's neighbourhood: the mean difference over the image is small, and the
/// largest difference of 4×4-pixel block averages is bounded, which any shape moved, missing, mis-coloured or
/// mis-sized by more than about a pixel breaks (tested by `a_misplaced_piece_breaks_the_tolerance`).
#[derive(Clone, Copy, Debug)]
struct Tolerance {
    /// The largest mean absolute channel difference over the whole image.
    mean: f64,
    /// The largest channel difference between 4×4 block averages.
    block_max: f64,
}

/// The mean allows 8: the small boards of fairy pieces (20 px, each square a piece of fine lines) differ by 6.5–7.3
/// since the sprites are no longer drawn by resvg's rasteriser, and a piece one square off differs by far more.
const TOLERANCE: Tolerance = Tolerance { mean: 8.0, block_max: 64.0 };

/// The difference of the SVG's raster from the PNG's picture: the larger of the two over white and over black.
fn compare(width: u32, height: u32, raster: &[u8], png: &Image) -> Difference {
    let reference = png.to_rgba();
    let [white, black] =
        [255u8, 0].map(|bg| difference(width, height, &over(raster, true, bg), &over(&reference, false, bg)));
    Difference {
        mean: white.mean.max(black.mean),
        max: white.max.max(black.max),
        block_max: white.block_max.max(black.block_max),
    }
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/svg-parity");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

fn write_png(path: &PathBuf, width: u32, height: u32, rgb: &[u8]) {
    let pixels = rgb.chunks_exact(3).map(|p| ffen_diagram::Rgb(p[0], p[1], p[2]).to_pixel()).collect();
    let image = Image::from_pixels(width, height, pixels).expect("width × height pixels");
    let _ = std::fs::write(path, ffen_diagram::encode_png(&image).expect("encode"));
}

#[test]
fn every_golden_case_matches_the_png_within_the_tolerance() {
    let mut failures = Vec::new();
    let mut report = String::from("case | size | SVG bytes | PNG bytes | mean | max | 4×4 max\n");
    for case in cases() {
        let (board, options) = board_and_options(&case);
        let png = ffen_diagram::render_image(&board, &options);
        let svg = ffen_diagram::render_svg(&board, &options);
        let (w, h, rgba) = rasterise(&svg);
        assert_eq!((w, h), (png.width(), png.height()), "{}: the SVG's size is the PNG's", case.name);
        let d = compare(w, h, &rgba, &png);
        // For looking at: both over white.
        let (raster, reference) = (over(&rgba, true, 255), over(&png.to_rgba(), false, 255));
        let png_bytes = ffen_diagram::render_png(&board, &options).unwrap().len();
        report.push_str(&format!(
            "{} | {w}×{h} | {} | {png_bytes} | {:.2} | {} | {:.1}\n",
            case.name,
            svg.len(),
            d.mean,
            d.max,
            d.block_max
        ));
        write_png(&out_dir().join(format!("{}.png", case.name)), w, h, &raster);
        write_png(&out_dir().join(format!("{}.ref.png", case.name)), w, h, &reference);
        // Where they differ: white paper, the difference in black, four times as strong.
        let diff: Vec<u8> = raster
            .iter()
            .zip(&reference)
            .map(|(a, b)| 255u8.saturating_sub(a.abs_diff(*b).saturating_mul(4)))
            .collect();
        write_png(&out_dir().join(format!("{}.diff.png", case.name)), w, h, &diff);
        if d.mean > TOLERANCE.mean || d.block_max > TOLERANCE.block_max {
            failures.push(format!("{}: {d:?} beyond {TOLERANCE:?}", case.name));
        }
    }
    let _ = std::fs::write(out_dir().join("report.txt"), &report);
    eprintln!("{report}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The tolerance is not so loose that a wrong picture passes: a piece drawn one square off, a piece of the wrong
/// colour, and the other theme all break it.
#[test]
fn a_misplaced_piece_breaks_the_tolerance() {
    let options = RenderOptions::default();
    let reference = ffen_diagram::render_image(&janko("8/8/8/3Q4/8/8/8/8"), &options);
    for (wrong, wrong_options) in [
        ("8/8/8/4Q3/8/8/8/8", options.clone()),
        ("8/8/8/3q4/8/8/8/8", options.clone()),
        ("8/8/8/3*1Q4/8/8/8/8", options.clone()),
        ("8/8/8/3Q4/8/8/8/8", RenderOptions::from_pairs([("theme", "brown")]).unwrap()),
    ] {
        let (w, h, raster) = rasterise(&ffen_diagram::render_svg(&janko(wrong), &wrong_options));
        let d = compare(w, h, &raster, &reference);
        assert!(d.mean > TOLERANCE.mean || d.block_max > TOLERANCE.block_max, "{wrong} passed: {d:?}");
    }
}

#[test]
fn svg_bytes_are_deterministic_and_equal_the_goldens() {
    let update = updating_goldens();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/svg");
    let mut failures = Vec::new();
    for case in cases() {
        let (board, options) = board_and_options(&case);
        let svg = ffen_diagram::render_svg(&board, &options);
        assert_eq!(svg, ffen_diagram::render_svg(&board, &options), "{}", case.name);
        let path = dir.join(format!("{}.svg", case.name));
        if update {
            std::fs::create_dir_all(&dir).expect("create tests/golden/svg");
            std::fs::write(&path, &svg).expect("write golden");
            continue;
        }
        let expected = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run UPDATE_GOLDENS=1 cargo test --test svg_parity)", path.display()));
        if svg != expected {
            let _ = std::fs::write(out_dir().join(format!("{}.svg", case.name)), &svg);
            failures.push(case.name.clone());
        }
    }
    assert!(failures.is_empty(), "SVG golden mismatches (new output in target/svg-parity/): {failures:?}");
}
