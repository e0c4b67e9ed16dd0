//! The canvas and its pixel maths: the [`Image`] a diagram is drawn into (opaque unless a look colour is
//! `transparent`; one `0xTTRRGGBB` word a pixel), flat and hatched fills, alpha masks, and the one source-over blend
//! every drawing step goes through.
//!
//! Everything here works in 8-bit sRGB integers, rounded the same way on every platform, so a picture is the same
//! bytes wherever it is drawn. Colours over a canvas are *premultiplied* (`[r, g, b, a]` with each colour at most
//! `a`), which makes source-over one multiply and one add per channel.

use crate::options::theme::Hatch;
use crate::pixels::{pixel_rgba, Image, Rect, Rgb, CLEAR};
use std::ops::Range;

/// `x / 255` rounded, for `x <= 255 * 255`.
pub(crate) fn div255(x: u16) -> u8 {
    let x = u32::from(x) + 128;
    ((x + (x >> 8)) >> 8) as u8
}

/// The number of alpha and colour levels sprites and coordinate labels are rounded to: 0, 64, 128, 191, 255.
pub(crate) const LEVELS: u32 = 5;

/// `v` rounded to the nearest of the [`LEVELS`] levels.
pub(crate) fn quantize(v: u8) -> u8 {
    let steps = LEVELS - 1;
    let k = (u32::from(v) * steps + 127) / 255;
    ((k * 255 + steps / 2) / steps) as u8
}

/// The pixel that text in `ink` at coverage `c` makes over a pixel of colour `under` (`0x00RRGGBB`), as drawing its
/// mask there does: the colours text adds to a picture, counted before it is drawn.
pub(crate) fn text_over(under: u32, ink: Rgb, c: u8) -> u32 {
    text_over_all(vec![under], ink, c)[0]
}

/// The pixels text in `ink` at coverage `c` makes over each of `under` ([`text_over`]), drawn as one row.
#[inline(never)]
pub(crate) fn text_over_all(under: Vec<u32>, ink: Rgb, c: u8) -> Vec<u32> {
    let width = under.len();
    let mut row = Image { width: width as u32, height: 1, pixels: under };
    row.draw(&Mask { width, height: 1, data: vec![c; width] }.inked(ink), 0, 0);
    row.pixels
}

/// Source-over for one channel: the premultiplied `src` over `dst`, where the source covers `alpha` of the pixel.
/// The one blend of the crate: sprites onto the diagram, text onto the diagram and text into sprites all use it.
fn over(src: u8, alpha: u8, dst: u8) -> u8 {
    src.saturating_add(div255(u16::from(dst) * (255 - u16::from(alpha))))
}

/// Drawing into an [`Image`]: clearing, filling, blending and hatching rectangles.
impl Image {
    /// Makes `rect` (clipped to the image) fully transparent.
    pub(crate) fn clear_rect(&mut self, rect: Rect) {
        let (rows, columns) = self.clip(rect);
        let width = self.width as usize;
        for y in rows {
            self.pixels[y * width + columns.start..y * width + columns.end].fill(CLEAR);
        }
    }

    /// The rows (`y` range) and columns (`x` range) of `rect` that are inside the image.
    fn clip(&self, rect: Rect) -> (Range<usize>, Range<usize>) {
        let span = |start: u32, length: u32, limit: u32| {
            visible(start as usize..start.saturating_add(length) as usize, 0, limit as usize)
        };
        (span(rect.y, rect.height, self.height), span(rect.x, rect.width, self.width))
    }

    /// Paints `rect` (clipped to the image) in one colour.
    pub(crate) fn fill_rect(&mut self, rect: Rect, color: Rgb) {
        let (rows, columns) = self.clip(rect);
        let pixel = color.to_pixel();
        let width = self.width as usize;
        for y in rows {
            self.pixels[y * width + columns.start..y * width + columns.end].fill(pixel);
        }
    }

    /// Blends `color` at opacity `alpha` (0–255) over every pixel of `rect` (clipped to the image).
    pub(crate) fn blend_rect(&mut self, rect: Rect, color: Rgb, alpha: u8) {
        let (rows, columns) = self.clip(rect);
        let premultiply = |c: u8| div255(u16::from(c) * u16::from(alpha));
        let src = [premultiply(color.0), premultiply(color.1), premultiply(color.2), alpha];
        let width = self.width as usize;
        for y in rows {
            for x in columns.clone() {
                self.blend(y * width + x, src);
            }
        }
    }

    /// Paints `rect` (clipped) with diagonal lines of `ink` on `paper`, rising to the right. The pattern is a function
    /// of the image position, so neighbouring rectangles continue each other's lines.
    pub(crate) fn hatch_rect(&mut self, rect: Rect, paper: Rgb, ink: Rgb, hatch: Hatch) {
        self.hatch_rect_shifted(rect, paper, ink, hatch, 0);
    }

    /// [`Image::hatch_rect`] as if this image's (0, 0) were at `shift` on the diagonal (`x + y = shift`) of a larger
    /// picture: a square drawn on its own then has the lines it has in the picture (only `(x + y) % period`
    /// matters).
    pub(crate) fn hatch_rect_shifted(&mut self, rect: Rect, paper: Rgb, ink: Rgb, hatch: Hatch, shift: u32) {
        let (rows, columns) = self.clip(rect);
        let (paper, ink) = (paper.to_pixel(), ink.to_pixel());
        let width = self.width as usize;
        let shift = shift % hatch.period;
        for y in rows {
            let row = &mut self.pixels[y * width..(y + 1) * width];
            for x in columns.clone() {
                // In u32: a 64-bit remainder costs a range check and a slower division per pixel.
                row[x] = if ((x + y) as u32 + shift) % hatch.period < hatch.thickness { ink } else { paper };
            }
        }
    }
}

/// A premultiplied RGBA bitmap, row by row, 4 bytes a pixel: what sprites are made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bitmap {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height * 4` bytes: premultiplied red, green, blue, alpha.
    pub data: Vec<u8>,
}

impl Bitmap {
    /// A fully transparent `width`×`height` bitmap.
    pub fn transparent(width: usize, height: usize) -> Bitmap {
        Bitmap { width, height, data: vec![0; width * height * 4] }
    }
}

/// A coverage mask: 0 = nothing, 255 = the whole pixel, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Mask {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height` coverage values.
    pub data: Vec<u8>,
}

impl Mask {
    /// This mask grown by `radius` pixels on every side (each pixel the maximum of its neighbourhood); the result is
    /// `2 * radius` wider and taller, so the old (0, 0) is the new (`radius`, `radius`).
    pub fn dilated(&self, radius: usize) -> Mask {
        let (width, height) = (self.width + 2 * radius, self.height + 2 * radius);
        let mut data = vec![0u8; width * height];
        for y in 0..self.height {
            for x in 0..self.width {
                let v = self.data[y * self.width + x];
                if v == 0 {
                    continue;
                }
                for dy in 0..=2 * radius {
                    for dx in 0..=2 * radius {
                        let d = &mut data[(y + dy) * width + x + dx];
                        *d = (*d).max(v);
                    }
                }
            }
        }
        Mask { width, height, data }
    }

    /// Every coverage value rounded to the [`LEVELS`] levels.
    pub fn quantized(mut self) -> Mask {
        self.data.iter_mut().for_each(|v| *v = quantize(*v));
        self
    }

    /// This mask as a layer of colour `ink`.
    pub fn inked(&self, ink: Rgb) -> Inked<'_> {
        Inked { coverage: &self.data, width: self.width, height: self.height, ink, spans: None }
    }

    /// Each row's inked columns: from its first pixel with coverage to just after its last (`0..0` for a row with
    /// none). What lies between may be uninked (the hole of a ring).
    pub fn ink_spans(&self) -> Vec<Range<usize>> {
        (self.data.chunks_exact(self.width.max(1)).take(self.height))
            .map(|row| match row.iter().position(|&a| a != 0) {
                Some(first) => first..row.iter().rposition(|&a| a != 0).map_or(first, |last| last + 1),
                None => 0..0,
            })
            .collect()
    }
}

/// A [`Mask`] painted in one colour: a [`Layer`].
pub(crate) struct Inked<'a> {
    // The mask's fields, not a `&Mask`: one reference less lets the draw loop keep them in registers.
    coverage: &'a [u8],
    width: usize,
    height: usize,
    ink: Rgb,
    /// The mask's [`Mask::ink_spans`], where known: then a row is visited only between its first and last inked
    /// pixels (a diagonal arrow's box is mostly empty).
    spans: Option<&'a [Range<usize>]>,
}

impl<'a> Inked<'a> {
    /// The same layer, visiting each row only inside `spans` (the mask's [`Mask::ink_spans`]).
    pub fn within(self, spans: &'a [Range<usize>]) -> Inked<'a> {
        Inked { spans: Some(spans), ..self }
    }
}

/// Something to draw over a [`Canvas`]: premultiplied pixels in a box, addressed row by row.
pub(crate) trait Layer {
    /// The box (x0, y0, x1, y1; end exclusive) outside which every pixel is transparent, `None` if all are.
    fn ink_box(&self) -> Option<(usize, usize, usize, usize)>;
    /// Pixels a row.
    fn width(&self) -> usize;
    /// The columns of row `row` that may be inked, if the layer knows them more narrowly than its box (every
    /// other pixel of the row is transparent).
    fn row_columns(&self, _row: usize) -> Option<Range<usize>> {
        None
    }
    /// The premultiplied `[r, g, b, a]` of pixel `index` (`y * width + x`) inside the box, `None` where it is fully
    /// transparent (most pixels of a glyph's box: checked first, so they cost nothing more).
    fn pixel(&self, index: usize) -> Option<[u8; 4]>;
}

impl Layer for Inked<'_> {
    fn ink_box(&self) -> Option<(usize, usize, usize, usize)> {
        Some((0, 0, self.width, self.height))
    }

    fn width(&self) -> usize {
        self.width
    }

    fn row_columns(&self, row: usize) -> Option<Range<usize>> {
        self.spans.map(|spans| spans.get(row).cloned().unwrap_or(0..0))
    }

    #[inline]
    fn pixel(&self, index: usize) -> Option<[u8; 4]> {
        let a = self.coverage[index];
        if a == 0 {
            return None;
        }
        // Black, the ink of all text on a diagram, premultiplies to black: skipping the arithmetic (for one
        // well-predicted test) keeps text as cheap to draw as a blend loop written for black alone.
        if self.ink == Rgb::BLACK {
            return Some([0, 0, 0, a]);
        }
        let premultiply = |c: u8| div255(u16::from(c) * u16::from(a));
        Some([premultiply(self.ink.0), premultiply(self.ink.1), premultiply(self.ink.2), a])
    }
}

/// Something to draw on: an [`Image`] or a [`Bitmap`].
pub(crate) trait Canvas {
    /// Width and height in pixels.
    fn size(&self) -> (usize, usize);
    /// Blends the premultiplied `src` over pixel `index` (`y * width + x`), which is inside the canvas.
    fn blend(&mut self, index: usize, src: [u8; 4]);

    /// Draws `layer` with its (0, 0) at (`x`, `y`) of this canvas (either may be negative), clipped to the canvas.
    fn draw(&mut self, layer: &impl Layer, x: i64, y: i64) {
        let Some((x0, y0, x1, y1)) = layer.ink_box() else { return };
        let (width, height) = self.size();
        let columns = visible(x0..x1, x, width);
        for ly in visible(y0..y1, y, height) {
            let from = ly * layer.width();
            // Canvas index of the layer's column 0 on this row (the visible columns land at or right of 0).
            let to = ((y + ly as i64) * width as i64 + x) as usize;
            let row = match layer.row_columns(ly) {
                Some(inked) => inked.start.max(columns.start)..inked.end.min(columns.end),
                None => columns.clone(),
            };
            for lx in row {
                if let Some(src) = layer.pixel(from + lx) {
                    self.blend(to.wrapping_add(lx), src);
                }
            }
        }
    }
}

/// The part of `range` that lands inside `0..limit` when shifted by `offset` (empty if none does).
fn visible(range: Range<usize>, offset: i64, limit: usize) -> Range<usize> {
    let start = (range.start as i64).max(-offset);
    let end = (range.end as i64).min(limit as i64 - offset);
    if start < end {
        start as usize..end as usize
    } else {
        0..0
    }
}

impl Canvas for Image {
    fn size(&self) -> (usize, usize) {
        (self.width as usize, self.height as usize)
    }

    #[inline]
    fn blend(&mut self, i: usize, [r, g, b, a]: [u8; 4]) {
        // An opaque source replaces the pixel (`over` would give the same, this skips the arithmetic).
        self.pixels[i] = if a == 255 {
            Rgb(r, g, b).to_pixel()
        } else if self.pixels[i] >> 24 != 0 {
            blend_translucent(self.pixels[i], [r, g, b, a])
        } else {
            let dst = Rgb::from_pixel(self.pixels[i]);
            Rgb(over(r, a, dst.0), over(g, a, dst.1), over(b, a, dst.2)).to_pixel()
        };
    }
}

/// Source-over of the premultiplied `src` onto a pixel that is not opaque (see [`CLEAR`]): the same `over` per
/// channel on premultiplied values, then the colour divided by the new alpha, rounded.
fn blend_translucent(dst: u32, [r, g, b, a]: [u8; 4]) -> u32 {
    let [dr, dg, db, da] = pixel_rgba(dst);
    let premultiply = |c: u8| div255(u16::from(c) * u16::from(da));
    let out_a = over(a, a, da);
    if out_a == 0 {
        return CLEAR;
    }
    let unpremultiply = |c: u8| ((u32::from(c) * 255 + u32::from(out_a) / 2) / u32::from(out_a)).min(255) as u8;
    let channel = |s: u8, d: u8| unpremultiply(over(s, a, premultiply(d)));
    let rgb = Rgb(channel(r, dr), channel(g, dg), channel(b, db));
    u32::from(255 - out_a) << 24 | rgb.to_pixel()
}

impl Canvas for Bitmap {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    #[inline]
    fn blend(&mut self, index: usize, src: [u8; 4]) {
        let i = index * 4;
        let a = src[3];
        // An opaque source is the pixel (what `over` gives, without its arithmetic): the inside of a filled shape.
        if a == u8::MAX {
            self.data[i..i + 4].copy_from_slice(&src);
            return;
        }
        for (d, s) in self.data[i..i + 4].iter_mut().zip(src) {
            *d = over(s, a, *d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring (a hole in each row's span), a diagonal stroke and empty rows, drawn whole and within its rows' ink
    /// spans, at offsets that clip it on each side in turn (and one that leaves it unseen): the same pixels.
    #[test]
    fn a_mask_drawn_within_its_ink_spans_draws_the_same_pixels() {
        let (width, height) = (23, 19);
        let data = (0..width * height)
            .map(|i| {
                let (x, y) = ((i % width) as i64, (i / width) as i64);
                let ring = (x - 8).pow(2) + (y - 8).pow(2);
                let level =
                    if (25..=49).contains(&ring) || (x - y - 6).abs() <= 1 { 64 * (1 + (x + y) % 4) } else { 0 };
                if y == 17 {
                    0
                } else {
                    level.min(255) as u8
                }
            })
            .collect();
        let mask = Mask { width, height, data };
        let spans = mask.ink_spans();
        assert_eq!(spans[17], 0..0);
        assert!(spans.iter().any(|s| s.len() > 3 && mask.data[s.start + 1..s.end - 1].contains(&0)), "a ring's hole");
        for (x, y) in [(0, 0), (-5, -3), (6, 9), (-20, 15), (10, -12)] {
            let background = Rgb(200, 180, 160);
            let (mut whole, mut within) = (Image::new(24, 24, background), Image::new(24, 24, background));
            whole.draw(&mask.inked(Rgb(20, 90, 200)), x, y);
            within.draw(&mask.inked(Rgb(20, 90, 200)).within(&spans), x, y);
            assert!(whole.pixels == within.pixels, "offset ({x}, {y})");
            assert!(whole.pixels.iter().any(|&p| p != background.to_pixel()) || (x, y) == (-20, 15));
        }
    }

    #[test]
    fn div255_rounds_to_nearest() {
        for x in 0..=255u16 * 255 {
            assert_eq!(u32::from(div255(x)), (u32::from(x) + 127) / 255, "{x}");
        }
    }

    #[test]
    fn quantize_keeps_the_ends_and_rounds_to_five_levels() {
        let levels: std::collections::BTreeSet<u8> = (0..=255).map(quantize).collect();
        assert_eq!(levels.into_iter().collect::<Vec<_>>(), [0, 64, 128, 191, 255]);
        assert_eq!((quantize(31), quantize(32), quantize(223), quantize(224)), (0, 64, 191, 255));
    }

    #[test]
    fn pixels_pack_and_unpack() {
        assert_eq!(Rgb(0x12, 0x34, 0x56).to_pixel(), 0x0012_3456);
        assert_eq!(Rgb::from_pixel(0x00ab_cdef), Rgb(0xab, 0xcd, 0xef));
        let image = Image::new(2, 1, Rgb(1, 2, 3));
        assert_eq!((image.pixel(1, 0), image.pixel(2, 0), image.pixel(0, 1)), (Some([1, 2, 3]), None, None));
        assert_eq!(image.to_rgb(), [1, 2, 3, 1, 2, 3]);
    }

    #[test]
    fn hex_colours() {
        assert_eq!(Rgb::parse_hex("#A0b1C2"), Some(Rgb(0xa0, 0xb1, 0xc2)));
        assert_eq!(Rgb::parse_hex("a0b1c2"), Some(Rgb(0xa0, 0xb1, 0xc2)));
        assert_eq!(Rgb(1, 2, 255).to_string(), "0102ff");
        for bad in ["", "#", "abc", "a0b1c", "a0b1c2d", "g0b1c2", "+0b1c2", "##a0b1c2", "é0b1c"] {
            assert_eq!(Rgb::parse_hex(bad), None, "{bad}");
        }
    }

    #[test]
    fn fills_are_clipped_to_the_image() {
        let mut image = Image::new(4, 3, Rgb::WHITE);
        image.fill_rect(Rect::new(2, 1, 10, 10), Rgb::BLACK);
        image.fill_rect(Rect::new(9, 9, 2, 2), Rgb::BLACK);
        let black: Vec<bool> = image.pixels.iter().map(|&p| p == 0).collect();
        assert_eq!(black, [false, false, false, false, false, false, true, true, false, false, true, true]);
    }

    #[test]
    fn hatching_continues_across_rectangles() {
        let hatch = Hatch { period: 3, thickness: 1 };
        let mut whole = Image::new(6, 6, Rgb::WHITE);
        whole.hatch_rect(Rect::new(0, 0, 6, 6), Rgb::WHITE, Rgb::BLACK, hatch);
        let mut halves = Image::new(6, 6, Rgb::WHITE);
        halves.hatch_rect(Rect::new(0, 0, 3, 6), Rgb::WHITE, Rgb::BLACK, hatch);
        halves.hatch_rect(Rect::new(3, 0, 3, 6), Rgb::WHITE, Rgb::BLACK, hatch);
        assert_eq!(whole, halves);
        // A third of every row is ink: the line through (0, 0), (2, 1), (1, 2), ...
        assert_eq!(whole.pixels.iter().filter(|&&p| p == 0).count(), 12);
        assert_eq!(
            (whole.pixel(0, 0), whole.pixel(2, 1), whole.pixel(1, 0)),
            (Some([0; 3]), Some([0; 3]), Some([255; 3]))
        );
    }

    /// The blend as a formula in exact arithmetic, rounded once per term.
    fn reference(src: u8, alpha: u8, dst: u8) -> u8 {
        let rounded = |x: u32| ((x + 127) / 255) as u8;
        src.saturating_add(rounded(u32::from(dst) * (255 - u32::from(alpha))))
    }

    #[test]
    fn a_mask_blends_the_same_into_an_image_and_a_bitmap() {
        let mask = Mask { width: 3, height: 1, data: vec![0, 128, 255] };
        // Any ink, and black, which takes a shortcut.
        for ink in [Rgb(200, 100, 0), Rgb::BLACK, Rgb(0, 0, 1)] {
            let mut image = Image::new(3, 1, Rgb(10, 20, 250));
            image.draw(&mask.inked(ink), 0, 0);
            let mut bitmap = Bitmap { width: 3, height: 1, data: [10, 20, 250, 255].repeat(3) };
            bitmap.draw(&mask.inked(ink), 0, 0);
            assert_eq!(image.to_rgb(), bitmap.data.chunks(4).flat_map(|p| p[..3].to_vec()).collect::<Vec<_>>());
            // Nothing, half and full coverage: unchanged, the formula, the ink.
            let half = |c: u8, d: u8| reference(div255(u16::from(c) * 128), 128, d);
            let [r, g, b] = ink.to_array();
            assert_eq!(image.to_rgb(), [10, 20, 250, half(r, 10), half(g, 20), half(b, 250), r, g, b], "{ink:?}");
            assert!(bitmap.data.chunks(4).all(|p| p[3] == 255), "opaque stays opaque");
        }
    }

    #[test]
    fn over_a_transparent_bitmap_gives_the_premultiplied_source() {
        let mask = Mask { width: 2, height: 1, data: vec![64, 255] };
        let mut bitmap = Bitmap::transparent(2, 1);
        bitmap.draw(&mask.inked(Rgb::WHITE), 0, 0);
        assert_eq!(bitmap.data, [64, 64, 64, 64, 255, 255, 255, 255]);
        for (src, alpha, dst) in [(0, 0, 0), (10, 64, 200), (64, 64, 255), (255, 255, 17), (128, 128, 128)] {
            assert_eq!(over(src, alpha, dst), reference(src, alpha, dst));
        }
    }

    #[test]
    fn layers_are_clipped_on_every_side() {
        let mask = Mask { width: 3, height: 3, data: vec![255; 9] };
        for (x, y, inked) in
            [(-1, -1, 4), (2, 2, 4), (-3, 0, 0), (4, 0, 0), (0, -2, 3), (0, 0, 9), (2, 0, 6), (1, 1, 9)]
        {
            let mut image = Image::new(4, 4, Rgb::WHITE);
            image.draw(&mask.inked(Rgb::BLACK), x, y);
            assert_eq!(image.pixels.iter().filter(|&&p| p == 0).count(), inked, "at ({x}, {y})");
        }
    }

    #[test]
    fn blending_over_a_transparent_pixel_keeps_the_source_and_its_alpha() {
        let mask = Mask { width: 4, height: 1, data: vec![0, 64, 128, 255] };
        let mut image = Image::new(4, 1, Rgb::WHITE);
        image.clear_rect(Rect::new(0, 0, 4, 1));
        assert!(image.has_transparency());
        image.draw(&mask.inked(Rgb(200, 100, 0)), 0, 0);
        let alphas: Vec<u8> = (0..4).map(|x| image.alpha(x, 0).unwrap()).collect();
        assert_eq!(alphas, [0, 64, 128, 255]);
        // The colour of a partly covered pixel is the ink's (rounded), not darkened towards the clear black.
        for x in 1..4 {
            let [r, g, b] = image.pixel(x, 0).unwrap();
            assert!(r.abs_diff(200) <= 2 && g.abs_diff(100) <= 2 && b == 0, "{x}: {r} {g} {b}");
        }
        // A second layer over a partly transparent pixel raises its alpha.
        image.draw(&mask.inked(Rgb::BLACK), 0, 0);
        assert_eq!(image.alpha(1, 0), Some(over(64, 64, 64)));
        assert_eq!(image.to_rgba()[3], 0);
        // Opaque pixels are untouched by all this: an opaque image has no transparency.
        assert!(!Image::new(2, 2, Rgb::BLACK).has_transparency());
    }

    #[test]
    fn dilation_grows_a_point_into_a_square() {
        let point = Mask { width: 1, height: 1, data: vec![200] };
        let grown = point.dilated(2);
        assert_eq!((grown.width, grown.height), (5, 5));
        assert!(grown.data.iter().all(|&v| v == 200));
    }
}
