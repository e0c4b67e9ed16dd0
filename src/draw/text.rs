//! Text with the embedded Roboto Bold: a string laid out and rasterised into a coverage [`Mask`] cropped to its ink,
//! and the font size that makes a label fit a box. Drawing the mask is the caller's (see [`crate::draw::raster`]).
//!
//! The font has printable ASCII, Latin-1, Latin Extended-A and some punctuation (`fonts/README.md`); any other
//! character is drawn as `?` ([`can_draw`] tells which are there).

use crate::draw::assets;
use crate::draw::raster::Mask;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The height of Roboto's capitals and digits, in em: a font size of `h / CAP_HEIGHT_EM` pixels gives ink `h` pixels
/// tall (the font's own cap height is 1456/2048 = 0.711 em).
pub(crate) const CAP_HEIGHT_EM: f32 = 0.71;

/// The smallest font size a label is shrunk to, in pixels: below it the glyphs are only grey smudges.
pub(crate) const MIN_PX: f32 = 4.0;

/// A string rasterised: its ink as a mask, and where the mask sits relative to the pen.
pub(crate) struct Coverage {
    /// The ink, cropped to its bounding box.
    pub mask: Mask,
    /// Left edge of the ink relative to the pen's start, in pixels.
    pub left: i32,
    /// Top edge of the ink relative to the baseline (negative = above), in pixels.
    pub top: i32,
}

use crate::options::charset::can_draw;

fn printable(c: char) -> char {
    if can_draw(c) {
        c
    } else {
        '?'
    }
}

/// Glyph placements of `text` at `px`: (char, left x of the bitmap, top y relative to the baseline, metrics).
fn layout(text: &str, px: f32) -> Vec<(char, i32, i32, fontdue::Metrics)> {
    let Some(font) = assets::font() else { return Vec::new() };
    let mut pen = 0.0f32;
    let mut prev: Option<char> = None;
    let mut out = Vec::new();
    for c in text.chars().map(printable) {
        if let Some(p) = prev {
            pen += font.horizontal_kern(p, c, px).unwrap_or(0.0);
        }
        let m = font.metrics(c, px);
        let left = pen.round() as i32 + m.xmin;
        let top = -(m.ymin + m.height as i32);
        out.push((c, left, top, m));
        pen += m.advance_width;
        prev = Some(c);
    }
    out
}

/// The characters of `text` as [`rasterize`] places them at `px` (after the `?` substitution), each with its pen
/// position rounded to whole pixels as the bitmaps are: what the SVG output needs to put glyph outlines exactly
/// where the PNG puts their bitmaps.
pub(crate) fn pen_positions(text: &str, px: f32) -> Vec<(char, i32)> {
    let px = drawn_px(px);
    layout(text, px).into_iter().map(|(c, left, _, metrics)| (c, left - metrics.xmin)).collect()
}

/// The width of the ink of `text` at `px`, or `None` if nothing would be drawn.
pub(crate) fn ink_width(text: &str, px: f32) -> Option<f32> {
    let glyphs = layout(text, px);
    let inked = glyphs.iter().filter(|g| g.3.width > 0 && g.3.height > 0);
    let left = inked.clone().map(|g| g.1).min()?;
    let right = inked.map(|g| g.1 + g.3.width as i32).max()?;
    Some((right - left) as f32)
}

/// The horizontal extent of the ink of `text` at `px` relative to the pen's start, `(left, right)` in pixels (the
/// `left` of [`rasterize`]'s coverage, and its right edge), or `None` if nothing would be drawn.
pub(crate) fn ink_span(text: &str, px: f32) -> Option<(i32, i32)> {
    let glyphs = layout(text, px);
    let inked = glyphs.iter().filter(|g| g.3.width > 0 && g.3.height > 0);
    let left = inked.clone().map(|g| g.1).min()?;
    let right = inked.map(|g| g.1 + g.3.width as i32).max()?;
    Some((left, right))
}

/// The box [`rasterize`]'s mask of `text` at `px` fills, relative to the pen's start and the baseline (left, top,
/// right, bottom), or `None` if it has no ink: where the text inks, known without drawing it (a still's plan asks,
/// [`crate::draw::indexed`]).
pub(crate) fn ink_box(text: &str, px: f32) -> Option<[i32; 4]> {
    placed(text, px).map(|(_, ink)| ink)
}

/// The font size text asked at `px` is drawn at: 1–512 pixels, 12 for a size that is no number.
fn drawn_px(px: f32) -> f32 {
    if px.is_finite() {
        px.clamp(1.0, 512.0)
    } else {
        12.0
    }
}

/// The glyphs [`rasterize`] draws of `text` at `px` (clamped to 1–512) and the box of their bitmaps, as [`ink_box`].
#[allow(clippy::type_complexity)]
fn placed(text: &str, px: f32) -> Option<(Vec<(char, i32, i32, fontdue::Metrics)>, [i32; 4])> {
    let px = drawn_px(px);
    let glyphs: Vec<_> = layout(text, px).into_iter().filter(|g| g.3.width > 0 && g.3.height > 0).collect();
    let left = glyphs.iter().map(|g| g.1).min()?;
    let top = glyphs.iter().map(|g| g.2).min()?;
    let right = glyphs.iter().map(|g| g.1 + g.3.width as i32).max()?;
    let bottom = glyphs.iter().map(|g| g.2 + g.3.height as i32).max()?;
    Some((glyphs, [left, top, right, bottom]))
}

/// `text` rasterised at `px` (clamped to 1–512) into a mask cropped to its ink, or `None` if it has no ink.
pub(crate) fn rasterize(text: &str, px: f32) -> Option<Coverage> {
    let font = assets::font()?;
    let (glyphs, [left, top, right, bottom]) = placed(text, px)?;
    let px = drawn_px(px);
    let (width, height) = ((right - left) as usize, (bottom - top) as usize);
    let mut data = vec![0u8; width * height];
    for (c, gx, gy, _) in glyphs {
        let glyph = glyph(font, c, px);
        let (m, bitmap) = (&glyph.0, &glyph.1);
        let (ox, oy) = ((gx - left) as usize, (gy - top) as usize);
        for row in 0..m.height {
            for col in 0..m.width {
                let v = bitmap[row * m.width + col];
                let d = &mut data[(oy + row) * width + ox + col];
                *d = d.saturating_add(v);
            }
        }
    }
    Some(Coverage { mask: Mask { width, height, data }, left, top })
}

/// A character's coverage at `px` from the font, through a process-wide cache: text repeats across requests (the
/// players' names of `POST /game.gif`, a site's captions), and a glyph rasterised is the same bitmap every time.
/// Bounded: emptied when its bitmaps pass [`GLYPH_CACHE_BYTES`].
fn glyph(font: &fontdue::Font, c: char, px: f32) -> Arc<(fontdue::Metrics, Vec<u8>)> {
    type Glyphs = Mutex<(HashMap<(char, u32), Arc<(fontdue::Metrics, Vec<u8>)>>, usize)>;
    static GLYPHS: OnceLock<Glyphs> = OnceLock::new();
    let cache = GLYPHS.get_or_init(|| Mutex::new((HashMap::new(), 0)));
    let key = (c, px.to_bits());
    if let Some(hit) = cache.lock().unwrap_or_else(|e| e.into_inner()).0.get(&key) {
        return hit.clone();
    }
    let glyph = Arc::new(font.rasterize(c, px));
    let mut held = cache.lock().unwrap_or_else(|e| e.into_inner());
    if held.1 + glyph.1.len() > GLYPH_CACHE_BYTES {
        *held = (HashMap::new(), 0);
    }
    held.1 += glyph.1.len();
    held.0.insert(key, glyph.clone());
    glyph
}

/// The most bytes of glyph bitmaps [`glyph`] keeps (a few thousand glyphs of a caption's or a name's size).
const GLYPH_CACHE_BYTES: usize = 4 << 20;

/// [`rasterize`] through a small process-wide cache (coordinate labels repeat on every diagram of a size), with the
/// coverage rounded to the sprites' levels so coordinates add no colours to the palette.
pub(crate) fn rasterize_cached(text: &str, px: f32) -> Option<Arc<Coverage>> {
    type Cache = Mutex<HashMap<(String, u32), Option<Arc<Coverage>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (text.to_string(), px.to_bits());
    if let Some(hit) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return hit.clone();
    }
    let coverage = rasterize(text, px).map(|c| Arc::new(Coverage { mask: c.mask.quantized(), ..c }));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() >= 1024 {
        map.clear();
    }
    map.insert(key, coverage.clone());
    coverage
}

/// The font size for `labels` (drawn one at a time, all at one size): ink `cap_height` pixels tall, shrunk (to at
/// least [`MIN_PX`]) if the widest would be wider than `width_share` × `width_of` pixels.
///
/// The width limit is taken as two factors, multiplied in this order, because that order fixes the rounding of the
/// result, and so the pixels of every diagram already cached under today's cache version.
pub(crate) fn fitted_px<'a>(
    labels: impl IntoIterator<Item = &'a str>,
    cap_height: f32,
    width_of: f32,
    width_share: f32,
) -> f32 {
    let px = cap_height / CAP_HEIGHT_EM;
    let widest = labels.into_iter().filter_map(|label| ink_width(label, px)).fold(0.0f32, f32::max);
    if widest > width_of * width_share && widest > 0.0 {
        (px * width_of * width_share / widest).max(MIN_PX)
    } else {
        px
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charset_table_is_the_fonts() {
        let font = assets::font().expect("the embedded font parses");
        let differ: Vec<String> = (0..=0x10ffffu32)
            .filter_map(char::from_u32)
            .filter(|&c| can_draw(c) != (!c.is_control() && font.lookup_glyph_index(c) != 0))
            .map(|c| format!("U+{:04X}", c as u32))
            .collect();
        assert!(differ.is_empty(), "the table and the font differ at {differ:?}");
    }

    #[test]
    fn eighty_eight_is_two_digits_wide() {
        let one = rasterize("8", 30.0).unwrap();
        let two = rasterize("88", 30.0).unwrap();
        let (one, two) = (one.mask, two.mask);
        assert!(two.width > one.width * 2 - 2 && two.width < one.width * 3);
        assert_eq!(one.height, two.height);
        assert_eq!(ink_width("88", 30.0), Some(two.width as f32));
    }

    #[test]
    fn capitals_are_cap_height_tall() {
        // The constant the label sizes are computed from, checked against the embedded font.
        for (px, tall) in [(100.0, 71), (200.0, 142)] {
            let h = rasterize("H", px).unwrap().mask.height;
            assert!(h.abs_diff(tall) <= 1, "H at {px} px is {h} px tall");
            assert!((h as f32 - px * CAP_HEIGHT_EM).abs() <= 1.0);
        }
    }

    #[test]
    fn fitted_px_aims_at_the_cap_height_and_shrinks_to_the_width() {
        let px = fitted_px(["8"], 20.0, 100.0, 1.0);
        assert_eq!(px, 20.0 / CAP_HEIGHT_EM);
        // "WW" at that size is wider than 20 px: shrunk until the widest label is 20 px.
        let px = fitted_px(["8", "WW"], 20.0, 40.0, 0.5);
        assert!(px < 20.0 / CAP_HEIGHT_EM);
        assert!(ink_width("WW", px).unwrap() <= 21.0, "{px}");
        assert_eq!(fitted_px(["WWWWWWWW"], 20.0, 1.0, 1.0), MIN_PX);
        assert_eq!(fitted_px(["   "], 20.0, 1.0, 1.0), 20.0 / CAP_HEIGHT_EM, "no ink, nothing to shrink");
    }

    #[test]
    fn spaces_and_odd_input_do_not_panic() {
        assert!(rasterize(" ", 20.0).is_none());
        assert!(rasterize("", 20.0).is_none());
        assert!(rasterize("é✓", 20.0).is_some());
        assert!(rasterize("x", f32::NAN).is_some());
        assert!(rasterize("x", -3.0).is_some());
    }
}
