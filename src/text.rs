//! Text with the embedded Roboto Bold: a string rasterised into a tight coverage mask, then centred on a bitmap.
//!
//! Characters outside printable ASCII (the font subset) are drawn as `?`.

use crate::assets;
use crate::sprite::div255;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A coverage mask (0 = none, 255 = full ink) cropped to the ink of a string.
pub(crate) struct Coverage {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Row-major coverage.
    pub data: Vec<u8>,
    /// Left edge of the ink relative to the pen's start, in pixels.
    pub left: i32,
    /// Top edge of the ink relative to the baseline (negative = above), in pixels.
    pub top: i32,
}

fn printable(c: char) -> char {
    if (' '..='~').contains(&c) {
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

/// The width of the ink of `text` at `px`, or `None` if nothing would be drawn.
pub(crate) fn ink_width(text: &str, px: f32) -> Option<f32> {
    let glyphs = layout(text, px);
    let inked = glyphs.iter().filter(|g| g.3.width > 0 && g.3.height > 0);
    let left = inked.clone().map(|g| g.1).min()?;
    let right = inked.map(|g| g.1 + g.3.width as i32).max()?;
    Some((right - left) as f32)
}

/// `text` rasterised at `px` (clamped to 1–512) into a mask cropped to its ink, or `None` if it has no ink.
pub(crate) fn rasterize(text: &str, px: f32) -> Option<Coverage> {
    let font = assets::font()?;
    let px = if px.is_finite() { px.clamp(1.0, 512.0) } else { 12.0 };
    let glyphs: Vec<_> = layout(text, px).into_iter().filter(|g| g.3.width > 0 && g.3.height > 0).collect();
    let left = glyphs.iter().map(|g| g.1).min()?;
    let top = glyphs.iter().map(|g| g.2).min()?;
    let right = glyphs.iter().map(|g| g.1 + g.3.width as i32).max()?;
    let bottom = glyphs.iter().map(|g| g.2 + g.3.height as i32).max()?;
    let (width, height) = ((right - left) as usize, (bottom - top) as usize);
    let mut data = vec![0u8; width * height];
    for (c, gx, gy, _) in glyphs {
        let (m, bitmap) = font.rasterize(c, px);
        let (ox, oy) = ((gx - left) as usize, (gy - top) as usize);
        for row in 0..m.height {
            for col in 0..m.width {
                let v = bitmap[row * m.width + col];
                let d = &mut data[(oy + row) * width + ox + col];
                *d = d.saturating_add(v);
            }
        }
    }
    Some(Coverage { width, height, data, left, top })
}

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
    let coverage = rasterize(text, px).map(|mut c| {
        c.data.iter_mut().for_each(|v| *v = crate::sprite::quantize(*v));
        Arc::new(c)
    });
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if map.len() >= 1024 {
        map.clear();
    }
    map.insert(key, coverage.clone());
    coverage
}

impl Coverage {
    /// This mask grown by `radius` pixels on every side (each pixel the maximum of its neighbourhood).
    pub fn dilated(&self, radius: usize) -> Coverage {
        let (w, h) = (self.width + 2 * radius, self.height + 2 * radius);
        let mut data = vec![0u8; w * h];
        for y in 0..self.height {
            for x in 0..self.width {
                let v = self.data[y * self.width + x];
                if v == 0 {
                    continue;
                }
                for dy in 0..=2 * radius {
                    for dx in 0..=2 * radius {
                        let d = &mut data[(y + dy) * w + x + dx];
                        *d = (*d).max(v);
                    }
                }
            }
        }
        Coverage { width: w, height: h, data, left: self.left - radius as i32, top: self.top - radius as i32 }
    }

    /// Blends this mask in colour `ink` over an opaque RGB image with its top-left ink pixel at (`x0`, `y0`), clipped.
    pub fn blend_rgb(&self, image: &mut crate::pngenc::Image, x0: i64, y0: i64, ink: [u8; 3]) {
        let (w, h) = (i64::from(image.width), i64::from(image.height));
        for row in 0..self.height {
            let y = y0 + row as i64;
            if y < 0 || y >= h {
                continue;
            }
            for col in 0..self.width {
                let x = x0 + col as i64;
                let a = self.data[row * self.width + col];
                if x < 0 || x >= w || a == 0 {
                    continue;
                }
                let i = (y * w + x) as usize;
                let dst = crate::pngenc::unpack_rgb(image.pixels[i]);
                let inv = 255 - u16::from(a);
                let mix =
                    |c: usize| div255(u16::from(ink[c]) * u16::from(a)).saturating_add(div255(u16::from(dst[c]) * inv));
                image.pixels[i] = crate::pngenc::pack_rgb([mix(0), mix(1), mix(2)]);
            }
        }
    }

    /// Blends this mask in colour `ink` over a premultiplied-RGBA `side`×`side` bitmap, centred.
    pub fn blend_centered(&self, rgba: &mut [u8], side: usize, ink: [u8; 3]) {
        let x0 = (side as i64 - self.width as i64).div_euclid(2);
        let y0 = (side as i64 - self.height as i64).div_euclid(2);
        for row in 0..self.height {
            let y = y0 + row as i64;
            if y < 0 || y >= side as i64 {
                continue;
            }
            for col in 0..self.width {
                let x = x0 + col as i64;
                if x < 0 || x >= side as i64 {
                    continue;
                }
                let a = self.data[row * self.width + col];
                if a == 0 {
                    continue;
                }
                let i = (y as usize * side + x as usize) * 4;
                let inv = 255 - u16::from(a);
                for c in 0..3 {
                    rgba[i + c] =
                        div255(u16::from(ink[c]) * u16::from(a)).saturating_add(div255(u16::from(rgba[i + c]) * inv));
                }
                rgba[i + 3] = a.saturating_add(div255(u16::from(rgba[i + 3]) * inv));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighty_eight_is_two_digits_wide() {
        let one = rasterize("8", 30.0).unwrap();
        let two = rasterize("88", 30.0).unwrap();
        assert!(two.width > one.width * 2 - 2 && two.width < one.width * 3);
        assert_eq!(one.height, two.height);
        assert_eq!(ink_width("88", 30.0), Some(two.width as f32));
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
