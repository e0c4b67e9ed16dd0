//! Text as glyph outlines of the embedded font: letters and numbers on squares, the coordinates, each glyph
//! placed where the PNG puts its bitmap.

use super::markup::{hex, num};
use super::writer::Writer;
use crate::draw::coords::PlacedLabel;
use crate::draw::sprite;
use crate::draw::text;
use crate::pixels::Rgb;
use std::fmt::Write as _;

impl Writer {
    /// Letters and numbers in pixels: black, as tall and wide as the PNG's ([`sprite::TEXT_HEIGHT`],
    /// [`sprite::TEXT_WIDTH`]), centred; with a white halo on hatched squares (the PNG dilates the ink by
    /// [`sprite::halo_radius`] pixels; here a round stroke twice as wide).
    pub(super) fn text_symbol(&mut self, text: &str, halo: bool) -> String {
        let size = self.size as f32;
        let px = text::fitted_px([text], size * sprite::TEXT_HEIGHT, size, sprite::TEXT_WIDTH);
        let radius = sprite::halo_radius(self.size) as f32;
        let mut out = String::new();
        if halo {
            if let Some(run) = self.centred_run(text, px) {
                let width = 2.0 * 1.12 * radius / (px / self.units_per_em());
                let _ = write!(
                    out,
                    r#"<g fill="{w}" stroke="{w}" stroke-width="{}" stroke-linejoin="round">{run}</g>"#,
                    num(width, 1),
                    w = hex(Rgb::WHITE)
                );
            }
        }
        if let Some(run) = self.centred_run(text, px) {
            let _ = write!(out, r#"<g fill="{}">{run}</g>"#, hex(Rgb::BLACK));
        }
        out
    }

    fn units_per_em(&self) -> f32 {
        self.face.as_ref().map_or(2048.0, |f| f32::from(f.units_per_em()))
    }

    /// `text` at `px` with its ink centred in the square as `sprite::draw_centred` centres the bitmap (an odd
    /// leftover pixel right and down); `None` if it has no ink.
    pub(super) fn centred_run(&mut self, text: &str, px: f32) -> Option<String> {
        let coverage = text::rasterize(text, px)?;
        let size = i64::from(self.size);
        let x = (size - coverage.mask.width as i64).div_euclid(2) - i64::from(coverage.left);
        let y = (size - coverage.mask.height as i64).div_euclid(2) - i64::from(coverage.top);
        Some(self.glyph_run(text, px, x, y))
    }

    /// The glyphs of `text` at `px` with the pen starting at `x` on the baseline `y` (pixels), each placed where
    /// [`text::rasterize`] puts its bitmap: `<use>`s of the glyph outlines, painted by the enclosing element.
    pub(super) fn glyph_run(&mut self, text: &str, px: f32, x: i64, y: i64) -> String {
        let mut out = String::new();
        let Some(face) = &self.face else { return out };
        let px = if px.is_finite() { px.clamp(1.0, 512.0) } else { 12.0 };
        let k = num(px / f32::from(face.units_per_em()), 6);
        for (c, pen) in text::pen_positions(text, px) {
            let Some(glyph) = face.glyph_index(c) else { continue };
            if face.glyph_bounding_box(glyph).is_none() {
                continue; // no outline (a space)
            }
            if let Err(at) = self.glyphs.binary_search(&glyph.0) {
                self.glyphs.insert(at, glyph.0);
            }
            let _ = write!(
                out,
                r##"<use xlink:href="#g{}" transform="matrix({k} 0 0 -{k} {} {y})"/>"##,
                glyph.0,
                x + i64::from(pen)
            );
        }
        out
    }

    /// File letters below and rank numbers left of the board (the `files` / `ranks` labels when given, blank ones
    /// drawing nothing, else letters from `a` and numbers from `first_rank`) in `ink`, where the scene placed
    /// their bitmaps.
    pub(super) fn coordinates(&mut self, labels: &[PlacedLabel], ink: Rgb) -> String {
        let mut runs = String::new();
        for label in labels {
            // The pen position the bitmap was placed from.
            let (pen_x, baseline) =
                (label.left - i64::from(label.coverage.left), label.top - i64::from(label.coverage.top));
            runs.push_str(&self.glyph_run(&label.text, label.px, pen_x, baseline));
        }
        format!("<g fill=\"{}\">\n{runs}\n</g>\n", hex(ink))
    }
}
