//! The output's forms: its one number format, colours and opacities, and path data (rectangles, glyph outlines).

use crate::pixels::{Rect, Rgb};
use std::fmt::Write as _;

/// `v` with at most `decimals` (0–6) decimals, rounded half away from zero, trailing zeros and a trailing point
/// dropped (`12`, `12.5`, `-0.25`): the one number format of the output. Integer arithmetic on the exact product
/// (an `f32` times a power of ten up to 10⁶ is exact in `f64`), so the digits are the same on every platform, and no
/// float formatting code is linked into the Worker.
pub(super) fn num(v: f32, decimals: u32) -> String {
    let decimals = decimals.min(6);
    let scaled = f64::from(v) * 10f64.powi(decimals as i32);
    if !scaled.is_finite() || scaled.abs() >= 1e15 {
        return "0".to_string();
    }
    let scaled = scaled.round() as i64;
    let unit = 10i64.pow(decimals);
    let (whole, mut fraction) = (scaled.abs() / unit, scaled.abs() % unit);
    let mut out = if scaled < 0 { format!("-{whole}") } else { whole.to_string() };
    if fraction != 0 {
        let mut digits = decimals as usize;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        out.push_str(&format!(".{fraction:0digits$}"));
    }
    out
}

/// `#rgb` when every channel is a doubled hex digit, else `#rrggbb`.
pub(super) fn hex(c: Rgb) -> String {
    let Rgb(r, g, b) = c;
    if [r, g, b].iter().all(|v| v % 17 == 0) {
        format!("#{:x}{:x}{:x}", r / 17, g / 17, b / 17)
    } else {
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// A rectangle as a closed subpath (`M x y h w v h h -w z`), to collect many rectangles of one colour in one path.
pub(super) fn rect_path(out: &mut String, r: Rect) {
    let _ = write!(out, "M{} {}h{}v{}h-{}z", r.x, r.y, r.width, r.height, r.width);
}

/// Rectangles (holes, the bars of `Layout::frame_bars` and `Layout::grid_bars`) as one path's data.
pub(super) fn rects_path(bars: &[Rect]) -> String {
    let mut d = String::new();
    for &bar in bars {
        rect_path(&mut d, bar);
    }
    d
}

/// An opacity of 0–255 as SVG writes it (4 decimals: every byte value comes back when a viewer multiplies by 255).
pub(super) fn opacity(alpha: u8) -> String {
    num(f32::from(alpha) / 255.0, 4)
}

/// Path data of a glyph outline in font units (y up), collected by `ttf-parser`.
pub(super) struct GlyphPath(pub(super) String);

impl ttf_parser::OutlineBuilder for GlyphPath {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{} {}", num(x, 1), num(y, 1));
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{} {}", num(x, 1), num(y, 1));
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{} {} {} {}", num(x1, 1), num(y1, 1), num(x, 1), num(y, 1));
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ =
            write!(self.0, "C{} {} {} {} {} {}", num(x1, 1), num(y1, 1), num(x2, 1), num(y2, 1), num(x, 1), num(y, 1));
    }

    fn close(&mut self) {
        self.0.push('Z');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_a_fixed_form() {
        assert_eq!(num(12.0, 2), "12");
        assert_eq!(num(12.5, 2), "12.5");
        assert_eq!(num(-0.001, 2), "0");
        assert_eq!(num(-0.25, 2), "-0.25");
        assert_eq!(num(0.125, 2), "0.13");
        assert_eq!(num(0.05, 1), "0.1");
        assert_eq!(num(1234.5, 0), "1235");
        assert_eq!(num(0.000_001, 6), "0.000001");
        assert_eq!(num(1e30, 2), "0");
        assert_eq!(num(1.0 / 3.0, 6), "0.333333");
        assert_eq!(num(f32::NAN, 2), "0");
        assert_eq!(hex(Rgb(255, 255, 255)), "#fff");
        assert_eq!(hex(Rgb(0xb4, 0xb4, 0xb4)), "#b4b4b4");
    }
}
