//! The colours a picture will show, counted before its first row is written: its bit depth, so that rows are
//! written packed at it.

use super::ink::{any_meet, OverlayLayer, PixelBox};
use super::palette::Palette;
use super::strips::Strip;
use crate::draw::raster::{text_over, Mask};
use crate::encode::png;
use crate::options::theme::INK;
use crate::pixels::{Image, Rgb};

/// The colours a picture will show, counted before its first row is written, so that rows are written packed at
/// its bit depth (writing a 4-bit picture a byte a pixel and packing it afterwards costs a pass over it). At
/// least the picture's colours: the frame's ink (asked for on every row of squares), the strips' (each shows all
/// its pixels: its background, and the text's blends, [`Census::add_text`]), every tile's (each shows all its rows:
/// a row not asked for is the same as the one above it); a square under an arrow or circle counts its tile's
/// colours and those where the overlays ink it, so that an overlay hiding all of a colour counts one too many (the
/// picture is then packed again, [`png::repack`]).
/// It stops at the 17th colour: more take 8 bits too (and the painter's palette still stops at the 257th).
pub(super) struct Census {
    pub(super) colours: Palette,
    /// More than 16 colours: 8 bits, whatever else is counted (text and arrows are blends of many colours: the
    /// count of a furnished diagram stops at its first lines, where a full count costs a large share of a miss).
    pub(super) eight_bits: bool,
}

impl Census {
    pub(super) fn new() -> Census {
        let mut census = Census { colours: Palette::new(), eight_bits: false };
        census.add(&[INK.to_pixel()]);
        census
    }

    pub(super) fn add(&mut self, pixels: &[u32]) {
        if self.eight_bits {
            return;
        }
        let mut last = Palette::EMPTY;
        for &pixel in pixels {
            if pixel != last {
                // (Never `None`: the census stops at 17 colours.)
                let _ = self.colours.index_of(pixel);
                if self.colours.rgb.len() / 3 > 16 {
                    self.eight_bits = true;
                    return;
                }
                last = pixel;
            }
        }
    }

    /// The pixels of `image` (at `x`, `y` in the picture) inside the box (x0, y0, x1, y1; picture coordinates).
    fn add_box(&mut self, image: &Image, (x, y): (i64, i64), (x0, y0, x1, y1): PixelBox) {
        let (width, height) = (i64::from(image.width), i64::from(image.height));
        let (x0, x1) = ((x0 - x).clamp(0, width) as usize, (x1 - x).clamp(0, width) as usize);
        for row in (y0 - y).clamp(0, height)..(y1 - y).clamp(0, height) {
            let row = row as usize * width as usize;
            self.add(&image.pixels[row + x0..row + x1]);
        }
    }

    /// The pixels of `tile` (at `x`, `y` in the picture) where `overlay` inks it: each row's span of ink.
    pub(super) fn add_overlay(&mut self, tile: &Image, (x, y): (i64, i64), overlay: &OverlayLayer) {
        let (width, layer) = (i64::from(tile.width), &overlay.layer);
        for row in 0..i64::from(tile.height) {
            let Some(span) = usize::try_from(y + row - layer.y).ok().and_then(|r| overlay.spans.get(r)) else {
                continue;
            };
            let x0 = (layer.x + span.start as i64 - x).clamp(0, width) as usize;
            let x1 = (layer.x + span.end as i64 - x).clamp(0, width) as usize;
            let row = row as usize * width as usize;
            self.add(&tile.pixels[row + x0..row + x1]);
        }
    }

    /// The strips' colours where the text layers' inked boxes (`inked`) do not overlap: the `background` (if a strip
    /// has pixels) and, for each coverage a layer's mask has, that coverage of `ink` over the background (what
    /// `Canvas::draw` makes of it, drawn on one pixel). A handful of colours from a pass over the masks' bytes,
    /// where counting the strips' pixels costs 0.2–0.3 ms of a miss with coordinates and a caption in workerd. False
    /// (nothing counted) where two boxes overlap.
    pub(super) fn add_text(
        &mut self,
        strips: &[Strip],
        (background, ink): (Rgb, Rgb),
        (layers, inked): (&[(&Mask, i64, i64)], &[PixelBox]),
    ) -> bool {
        if self.eight_bits {
            return true; // (nothing more to count)
        }
        if any_meet(inked) {
            return false;
        }
        if strips.iter().any(|strip| !strip.image.pixels.is_empty()) {
            self.add(&[background.to_pixel()]);
        }
        let mut coverages = [false; 256];
        for (mask, _, _) in layers {
            for &c in &mask.data {
                coverages[usize::from(c)] = true;
            }
        }
        for c in (1..=255u8).filter(|&c| coverages[usize::from(c)]) {
            self.add(&[text_over(background.to_pixel(), ink, c)]);
        }
        true
    }

    /// A strip's colours: its `background` but where a layer inked it, inside the boxes `inked`.
    pub(super) fn add_strip(&mut self, strip: &Strip, background: Rgb, inked: &[PixelBox]) {
        if strip.image.pixels.is_empty() {
            return;
        }
        self.add(&[background.to_pixel()]);
        for &ink_box in inked {
            self.add_box(&strip.image, (strip.x, strip.y), ink_box);
        }
    }

    /// The bit depth of a picture of at least as many colours as counted.
    pub(super) fn depth(&self) -> u8 {
        if self.eight_bits {
            8
        } else {
            png::depth_for(self.colours.rgb.len() / 3)
        }
    }
}
