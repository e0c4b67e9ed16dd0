//! lichess' glyph badge (lila-gif's `render_glyph_badge`), drawn once for every route that shows a move's glyph: a
//! disc in the top right corner of the moved piece's square, in lichess' colour for the glyph, the glyph in white on
//! it. lila-gif draws it on its 90-px squares; here it is scaled to the square's side, so that it is lila-gif's
//! pixel for pixel at 90 px:
//! - the disc's radius is a fifth of the side (18 px at 90), centred that far from the square's top and right edges,
//!   every pixel whose centre is within half a pixel less than the radius filled (no antialiasing);
//! - the glyph is Roboto Bold at 23.5/90 of the side (lila-gif's 32-px Noto Sans scale, the names' ratio in
//!   `POST /game.gif`: 40 → 29.4), its ink's box centred on the disc, its coverage rounded to the sprites' five
//!   levels between the disc's colour and white (four colours a glyph), clipped to the square;
//! - the font has no `□` or `⨀` (it would write `?`): their badges are the disc alone.
//!
//! The badge is opaque where it is drawn and absent elsewhere ([`pixels`]): the square's mark
//! ([`crate::draw::mark_art`]'s artwork, so a frame's tile holds it) and `POST /game.gif`'s frames, which put it over
//! their coordinates as lila-gif does, put down the same pixels.

use crate::draw::raster::{quantize, Bitmap};
use crate::draw::sprite::Sprite;
use crate::draw::text;
use crate::notation::pgn::Glyph;
use crate::pixels::Rgb;

/// The glyph's ink.
const INK: Rgb = Rgb(0xff, 0xff, 0xff);

/// lila-gif's square, on which its numbers are given.
const LILA_SQUARE: f32 = 90.0;
/// The disc's radius on lila-gif's square.
const RADIUS: f32 = 18.0;
/// The glyph's em on lila-gif's square.
const PX: f32 = 23.5;

/// The badge's colour of each glyph, as lila-gif's `theme/make-sprites.py` (lichess' own colours).
pub(crate) fn colour(glyph: Glyph) -> Rgb {
    match glyph {
        Glyph::Good => Rgb(0x22, 0xac, 0x38),
        Glyph::Brilliant => Rgb(0x16, 0x82, 0x26),
        Glyph::Mistake => Rgb(0xe6, 0x9f, 0x00),
        Glyph::Blunder => Rgb(0xdf, 0x53, 0x53),
        Glyph::Interesting => Rgb(0xea, 0x45, 0xd8),
        Glyph::Dubious => Rgb(0x56, 0xb4, 0xe9),
        Glyph::OnlyMove => Rgb(0xa0, 0x40, 0x48),
        Glyph::Zugzwang => Rgb(0x91, 0x71, 0xf2),
    }
}

/// The badge's colours in the order a palette is asked for them: the disc's, then the glyph's four levels of
/// coverage (a quarter, half, three quarters and all of the way to white).
pub(crate) fn colours(glyph: Glyph) -> [Rgb; 5] {
    let disc = colour(glyph);
    let mut out = [disc; 5];
    for (k, level) in out.iter_mut().enumerate().skip(1) {
        *level = mix(disc, INK, quantize((k * 64).min(255) as u8));
    }
    out
}

/// The badge of `glyph` on a square of `side` pixels, row by row: the index into [`colours`] of each pixel it
/// covers, `None` where the square shows through.
pub(crate) fn pixels(glyph: Glyph, side: u32) -> Vec<Option<u8>> {
    let n = side as usize;
    let mut out = vec![None; n * n];
    let scale = side as f32 / LILA_SQUARE;
    let (radius, px) = (RADIUS * scale, PX * scale);
    let (cx, cy) = (side as f32 - radius, radius);
    let inner = (radius - 0.5) * (radius - 0.5);
    // lila-gif's box around the disc, inside the square.
    let (min_x, max_x) = ((cx - radius).max(0.0) as usize, ((cx + radius).ceil() as usize).min(n));
    let (min_y, max_y) = ((cy - radius).max(0.0) as usize, ((cy + radius).ceil() as usize).min(n));
    for y in min_y..max_y {
        for x in min_x..max_x {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            if dx * dx + dy * dy <= inner {
                out[y * n + x] = Some(0);
            }
        }
    }
    if matches!(glyph, Glyph::OnlyMove | Glyph::Zugzwang) {
        return out;
    }
    let Some(coverage) = text::rasterize(glyph.symbol(), px) else { return out };
    let width = coverage.mask.width.max(1);
    let height = coverage.mask.data.len() / width;
    let pen_x = (cx - (coverage.left as f32 + width as f32 / 2.0)).round() as i64;
    let pen_y = (cy - (coverage.top as f32 + height as f32 / 2.0)).round() as i64;
    let (x0, y0) = (pen_x + i64::from(coverage.left), pen_y + i64::from(coverage.top));
    for (dy, row) in coverage.mask.data.chunks_exact(width).enumerate() {
        for (dx, &c) in row.iter().enumerate() {
            let (x, y) = (x0 + dx as i64, y0 + dy as i64);
            // The level `quantize` rounds the coverage to, 0 to 4.
            let level = (u32::from(c) * 4 + 127) / 255;
            if level > 0 && (0..n as i64).contains(&x) && (0..n as i64).contains(&y) {
                out[y as usize * n + x as usize] = Some(level as u8);
            }
        }
    }
    out
}

/// The badge as a square's artwork: opaque where [`pixels`] covers, transparent elsewhere.
pub(crate) fn sprite(glyph: Glyph, side: u32) -> Sprite {
    let n = side as usize;
    let colours = colours(glyph);
    let mut bitmap = Bitmap { width: n, height: n, data: vec![0; n * n * 4] };
    for (pixel, covered) in bitmap.data.chunks_exact_mut(4).zip(pixels(glyph, side)) {
        if let Some(k) = covered {
            let Rgb(r, g, b) = colours[usize::from(k)];
            pixel.copy_from_slice(&[r, g, b, 255]);
        }
    }
    Sprite::from_bitmap(bitmap)
}

/// `over` at opacity `alpha` (0–255) on `under`, each channel rounded.
pub(crate) fn mix(under: Rgb, over: Rgb, alpha: u8) -> Rgb {
    let (a, b) = (u32::from(alpha), 255 - u32::from(alpha));
    let channel = |u: u8, o: u8| ((u32::from(u) * b + u32::from(o) * a + 127) / 255) as u8;
    Rgb(channel(under.0, over.0), channel(under.1, over.1), channel(under.2, over.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_disc_is_lila_gifs_at_90_px_and_scaled_at_other_sides() {
        let p = pixels(Glyph::OnlyMove, 90);
        let at = |x: usize, y: usize| p[y * 90 + x];
        assert_eq!(
            (at(88, 18), at(72, 1), at(55, 18), at(89, 18), at(72, 36)),
            (Some(0), Some(0), Some(0), None, None)
        );
        assert_eq!(
            p.iter().flatten().count(),
            (0..36 * 36)
                .filter(|i| {
                    let (dx, dy) = ((i % 36) as f32 - 17.5, (i / 36) as f32 - 17.5);
                    dx * dx + dy * dy <= 17.5 * 17.5
                })
                .count()
        );
        for side in [20, 40, 96] {
            let covered = pixels(Glyph::Blunder, side).iter().flatten().count() as f32;
            let disc = std::f32::consts::PI * (side as f32 / 5.0 - 0.5).powi(2);
            assert!((covered - disc).abs() < disc * 0.2, "{side}: {covered} vs {disc}");
        }
    }

    #[test]
    fn the_glyph_is_white_ink_on_the_disc() {
        let p = pixels(Glyph::Blunder, 90);
        assert!(p.iter().filter(|&&k| k == Some(4)).count() > 20);
        // The ink stays inside the disc's box.
        for (i, k) in p.iter().enumerate() {
            if k.is_some() {
                assert!(i % 90 >= 54 && i / 90 < 36, "{i}");
            }
        }
        assert_eq!(colours(Glyph::Blunder)[4], INK);
    }
}
