//! Golden diagrams: each case is rendered and its PNG compared byte for byte with `tests/golden/<name>.png`.
//!
//! Exact, because the bytes are reproducible: rendering is integer arithmetic over sprites that tiny-skia and fontdue
//! draw with the same `f32` operations wherever they run, and the encoder's settings and palette order are fixed.
//! No platform has been seen to differ: the Worker's wasm32 build (with `simd128`) returns these same bytes for every
//! case (`tests/e2e/golden.test.mjs`, part of `bash scripts/test`). A tolerance would only hide a changed picture
//! that must bump `http::CACHE_VERSION`. The cases are the lines of `tests/golden/cases.tsv`.
//!
//! Regenerate after an intended change of the drawing (and bump `http::CACHE_VERSION`):
//! `UPDATE_GOLDENS=1 cargo test --test render_golden`, then look at the changed PNGs before committing them.
//! On a mismatch the rendered picture is written to `target/golden-failures/<name>.png` for comparison.

mod common;

use common::golden::{board_and_options, cases, updating_goldens, Case};
use common::{one_square, piece};
use ffen_diagram::{Color, FairyName, Figure, PieceKind};
use ffen_diagram::{RenderOptions, SquareSize};
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn decode_rgba(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("buffer size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    // Opaque RGB after expansion, or RGBA for the looks with a `transparent` colour: compared as RGBA.
    let buf = match info.color_type {
        png::ColorType::Rgb => buf.chunks(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        png::ColorType::Rgba => buf,
        other => panic!("a diagram expands to RGB or RGBA, not {other:?}"),
    };
    (info.width, info.height, buf)
}

/// Why two PNGs differ, for the failure message: the picture's size, or how many pixels differ and by how much, or
/// (same pixels) only the encoding.
fn describe_difference(actual: &[u8], expected: &[u8]) -> String {
    let ((aw, ah, a), (ew, eh, e)) = (decode_rgba(actual), decode_rgba(expected));
    if (aw, ah) != (ew, eh) {
        return format!("size {aw}×{ah}, golden {ew}×{eh}");
    }
    let mut differing = 0usize;
    let mut worst = 0u8;
    let mut first = None;
    for (i, (p, q)) in a.chunks(4).zip(e.chunks(4)).enumerate() {
        let d = p.iter().zip(q).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        if d > 0 {
            differing += 1;
            worst = worst.max(d);
            first.get_or_insert((i as u32 % aw, i as u32 / aw));
        }
    }
    match first {
        Some((x, y)) => format!("{differing} pixels differ, by up to {worst}; the first at ({x}, {y})"),
        None => format!("same pixels, different PNG bytes ({} vs {} bytes)", actual.len(), expected.len()),
    }
}

fn golden_png(case: &Case) -> Vec<u8> {
    let (board, options) = board_and_options(case);
    ffen_diagram::check_image_size(&board, &options).expect("within limits");
    ffen_diagram::render_png(&board, &options).unwrap()
}

#[test]
fn goldens() {
    let update = updating_goldens();
    let dir = golden_dir();
    let mut failures = Vec::new();
    for case in &cases() {
        let png = golden_png(case);
        let path = dir.join(format!("{}.png", case.name));
        if update {
            std::fs::create_dir_all(&dir).expect("create tests/golden");
            std::fs::write(&path, &png).expect("write golden");
            continue;
        }
        let expected = std::fs::read(&path).unwrap_or_else(|e| {
            panic!("{}: {e} (run UPDATE_GOLDENS=1 cargo test --test render_golden)", path.display())
        });
        if png != expected {
            let why = describe_difference(&png, &expected);
            let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/golden-failures");
            let _ = std::fs::create_dir_all(&out);
            let _ = std::fs::write(out.join(format!("{}.png", case.name)), &png);
            failures.push(format!("{}: {why}", case.name));
        }
    }
    assert!(failures.is_empty(), "golden mismatches (see target/golden-failures/):\n{}", failures.join("\n"));
}

/// "PNG bytes no larger than their ceiling for any golden": each golden's PNG, as rendered now, is at most its
/// ceiling in `tests/golden/byte-ceilings.tsv` (its size at the commit the file names, or when the golden was added),
/// and every golden has one. The byte-for-byte comparison above passes any size once the goldens are regenerated;
/// this one does not let a change of the encoder regenerate them larger.
#[test]
fn goldens_stay_within_their_byte_ceilings() {
    let text = std::fs::read_to_string(golden_dir().join("byte-ceilings.tsv")).expect("tests/golden/byte-ceilings.tsv");
    let mut ceilings = std::collections::BTreeMap::new();
    for line in text.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
        let [name, bytes, source] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("byte-ceilings.tsv: not three tab-separated columns: {line:?}")
        };
        let bytes: usize = bytes.parse().unwrap_or_else(|e| panic!("byte-ceilings.tsv: {name}: {bytes:?}: {e}"));
        assert!(["f5d0247", "added"].contains(&source), "byte-ceilings.tsv: {name}: unknown source {source:?}");
        assert!(ceilings.insert(name.to_string(), (bytes, source.to_string())).is_none(), "{name} twice");
    }
    let mut failures = Vec::new();
    for case in &cases() {
        let Some((ceiling, source)) = ceilings.remove(&case.name) else {
            failures
                .push(format!("{}: no ceiling in byte-ceilings.tsv (a new golden gets its size, `added`)", case.name));
            continue;
        };
        let bytes = golden_png(case).len();
        if bytes > ceiling {
            failures.push(format!("{}: {bytes} bytes, above its ceiling of {ceiling} ({source})", case.name));
        }
    }
    failures.extend(ceilings.keys().map(|name| format!("{name}: a ceiling for a golden that is not in cases.tsv")));
    assert!(failures.is_empty(), "byte ceilings (tests/golden/byte-ceilings.tsv):\n{}", failures.join("\n"));
}

#[test]
fn rendering_is_deterministic() {
    for case in &cases() {
        assert_eq!(golden_png(case), golden_png(case), "{}", case.name);
    }
}

#[test]
fn start_position_png_is_small_and_indexed() {
    let start = cases().into_iter().find(|c| c.name == "start_40").expect("the start_40 case");
    let png = golden_png(&start);
    assert!(png.len() <= 6 * 1024, "start position PNG is {} bytes", png.len());
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().expect("PNG header");
    let info = reader.info();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    assert!(info.srgb.is_some(), "sRGB chunk");
}

/// Checks that the square of a 1×1 diagram at `size` shows the fallback disc: centred on the square, 20/45 of it in
/// radius, filled with `body`, outlined darker, on the gray theme's dark square, with a label in `label` inside.
/// The points checked (in the 45-unit sprite box, from the centre): the body at 16.5 units in all four directions
/// (between the label, at most 14 units from the centre, and the outline, from 19.25); the dark square at 21.5 units
/// (past the outline's outer edge at 20.75) and in the corners; the outline where the body meets the square; some
/// label ink within 14 units.
fn check_disc(size: u32, kind: PieceKind, color: Color, body: [u8; 3], label: [u8; 3]) -> Result<(), String> {
    let options = RenderOptions { size: SquareSize::new(size).expect("size"), ..RenderOptions::default() };
    let image = ffen_diagram::render_image(&one_square(piece(kind, color, 0)), &options);
    let dark_square = [0xb4, 0xb4, 0xb4];
    let frame = 1 + size / 48;
    let unit = size as f32 / 45.0;
    let centre = frame as f32 + size as f32 / 2.0;
    // The pixel whose centre is `r` units from the square's centre in direction (dx, dy).
    let at = |r: f32, (dx, dy): (f32, f32)| {
        let px = |c: f32| (c - 0.5).round() as u32;
        let (x, y) = (px(centre + dx * r * unit), px(centre + dy * r * unit));
        image.pixel(x, y).map(|p| (x, y, p)).ok_or(format!("({x}, {y}) is outside the image"))
    };
    let expect = |r: f32, dir: (f32, f32), want: [u8; 3], what: &str| -> Result<(), String> {
        let (x, y, got) = at(r, dir)?;
        if got == want {
            Ok(())
        } else {
            Err(format!("size {size}: {what} at ({x}, {y}) is {got:?}, expected {want:?}"))
        }
    };
    let luma = |p: [u8; 3]| p.iter().map(|&c| u32::from(c)).sum::<u32>();
    for dir in [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)] {
        expect(16.5, dir, body, "the disc's body")?;
        expect(21.5, dir, dark_square, "the square outside the disc")?;
        // The outline: somewhere between body and square, a pixel darker than both (a black body has none lighter).
        let ring = (165..=215).map(|tenths| at(tenths as f32 / 10.0, dir)).collect::<Result<Vec<_>, _>>()?;
        let darkest = ring.iter().map(|&(_, _, p)| luma(p)).min().unwrap_or(u32::MAX);
        if darkest > luma(dark_square).min(luma(body)) || (body == [0, 0, 0] && darkest != 0) {
            return Err(format!("size {size}: no outline in direction {dir:?}"));
        }
    }
    for corner in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
        expect(21.0, corner, dark_square, "the corner of the square")?;
    }
    let label_ink = (-14..=14)
        .flat_map(|dy| (-14..=14).map(move |dx| (dx as f32, dy as f32)))
        .filter_map(|(dx, dy)| at(1.0, (dx, dy)).ok())
        .filter(|&(_, _, p)| p == label)
        .count();
    if label_ink == 0 {
        return Err(format!("size {size}: no label pixels in {label:?} inside the disc"));
    }
    Ok(())
}

#[test]
fn unknown_fairy_piece_draws_a_disc() {
    // A programmatic board, independent of the FFEN parser: `wazirrider` has no glyph, so it is drawn as a disc
    // labelled "Wa" in the piece's colour.
    let unknown = || PieceKind::Named(FairyName::new("wazirrider").expect("name"));
    let mut failures = Vec::new();
    // From 40 px up: below, the outline's minimum width (0.75 px) leaves no pixel of the square between disc and edge.
    for size in [40, 41, 57, 64, 96, 128] {
        failures.extend(check_disc(size, unknown(), Color::White, [255, 255, 255], [0, 0, 0]).err());
        failures.extend(check_disc(size, unknown(), Color::Black, [0, 0, 0], [255, 255, 255]).err());
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // The check tells a disc from the piece it replaced before (a pawn) and from a king, the roundest glyph.
    for figure in [Figure::Pawn, Figure::King] {
        for size in [12, 40, 96] {
            let pawn = check_disc(size, PieceKind::Figure(figure), Color::White, [255, 255, 255], [0, 0, 0]);
            assert!(pawn.is_err(), "a white {figure:?} passed as a disc at size {size}");
        }
    }
}
