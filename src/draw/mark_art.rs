//! The artwork of two square marks, drawn once per square size (and colour) and kept: lichess' check glow, under
//! the piece, and `chess.svg`'s X, over it. Both are premultiplied bitmaps of one square ([`Sprite`]), put down by
//! [`crate::draw::marks`] like a piece, so the RGB and the palette painters draw the same pixels; the SVG writer draws
//! the same shapes from the same numbers ([`GLOW_RADIUS`] and [`GLOW_STOPS`], [`X_ENDS`] and the widths).
//!
//! Where the numbers come from:
//! - **The glow** is lila-gif's `theme/check-gradient.svg` (the gradient its sprite script pastes under a king in
//!   check; lichess' board CSS draws the same one): a radial gradient from the square's centre reaching its corners
//!   (`r="0.7071"` of the square), opaque `#ff0000` at the centre, opaque `#e70000` at a quarter of the radius,
//!   fading to a transparent `#a90000` at 89 % of it. Drawn over lichess' brown square this gives the pixels of
//!   lila-gif's own sprite (`theme/sprites/brown-cburnett.gif`, its check row) within a few units: (224, 148, 124)
//!   there and (224, 154, 128) here at the middle of an edge, the corners untouched. python-chess's `chess/svg.py`
//!   (`CHECK_GRADIENT`) has the same colours on a tighter gradient (`r="0.5"`, opaque `#e70000` at half of it,
//!   transparent `#9e0000` at the edge's middle); lichess' is the one drawn.
//! - **The X** is the shape of python-chess's `xx` symbol (`chess/svg.py`, what `chess.svg.board(squares=…)` puts
//!   on each square), measured in its 45-unit box: two bars along the diagonals between the points at 10.47 and
//!   34.53 with round ends, a black core 2.09 units wide inside a white outline 5.47 units wide.
//!
//! The raster glow is drawn in [`GLOW_BANDS`] rings of one colour each (a ring a pixel or two wide even at 128-px
//! squares, which the eye does not tell from the smooth gradient the SVG draws), so that it adds a few dozen colours
//! to a picture, not thousands: a diagram with a check stays a palette PNG. The X's coverage is rounded to the
//! sprites' levels ([`quantize`]) for the same reason.

use crate::draw::assets::SPRITE_VIEWBOX;
use crate::draw::badge;
use crate::draw::raster::{div255, quantize, Bitmap, Canvas, Mask};
use crate::draw::sprite::{Sprite, MIN_STROKE_PX};
use crate::notation::pgn::Glyph;
use crate::pixels::Rgb;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{LineCap, PathBuilder, Stroke, Transform};

/// The glow's radius, as a share of the square's side: to the corners (lila-gif writes `r="0.7071"`).
pub(crate) const GLOW_RADIUS: f32 = std::f32::consts::FRAC_1_SQRT_2;

/// The glow's colour stops: where along the radius (0 at the centre, 1 at the radius), the colour and its opacity.
/// Beyond the last stop the glow is transparent.
pub(crate) const GLOW_STOPS: [(f32, Rgb, f32); 3] =
    [(0.0, Rgb(0xff, 0, 0), 1.0), (0.25, Rgb(0xe7, 0, 0), 1.0), (0.89, Rgb(0xa9, 0, 0), 0.0)];

/// The rings the raster glow is drawn in, over its radius.
pub(crate) const GLOW_BANDS: u32 = 32;

/// The ends of the X's two bars on the diagonals of the 45-unit sprite box (round ends centred there).
pub(crate) const X_ENDS: (f32, f32) = (10.47, 34.53);
/// The width of the X's core (its colour), in box units.
pub(crate) const X_CORE: f32 = 2.09;
/// The width of the X's white outline, the core included, in box units.
pub(crate) const X_OUTLINE: f32 = 5.47;

/// A mark's artwork.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MarkArt {
    /// The check glow.
    Glow,
    /// The X in a colour.
    Cross(Rgb),
    /// A move's glyph: lichess' badge ([`crate::draw::badge`]).
    Badge(Glyph),
}

/// The colour and opacity of the glow at `t` along its radius (the stops interpolated, colour and opacity apart).
pub(crate) fn glow_at(t: f32) -> (Rgb, f32) {
    let [first, .., last] = GLOW_STOPS;
    if t <= first.0 {
        return (first.1, first.2);
    }
    for pair in GLOW_STOPS.windows(2) {
        let ((t0, c0, a0), (t1, c1, a1)) = (pair[0], pair[1]);
        if t <= t1 {
            let f = (t - t0) / (t1 - t0);
            let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * f).round() as u8;
            return (Rgb(mix(c0.0, c1.0), mix(c0.1, c1.1), mix(c0.2, c1.2)), a0 + (a1 - a0) * f);
        }
    }
    (last.1, 0.0)
}

/// The glow on a square of `side` pixels: each pixel the colour of the ring its centre falls in, premultiplied.
fn glow(side: u32) -> Sprite {
    let n = side as usize;
    let mut bitmap = Bitmap::transparent(n, n);
    // Each ring's premultiplied colour, from the gradient at the ring's middle.
    let rings: Vec<[u8; 4]> = (0..GLOW_BANDS)
        .map(|ring| {
            let (rgb, opacity) = glow_at((ring as f32 + 0.5) / GLOW_BANDS as f32);
            let alpha = (opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
            let premultiply = |c: u8| div255(u16::from(c) * u16::from(alpha));
            [premultiply(rgb.0), premultiply(rgb.1), premultiply(rgb.2), alpha]
        })
        .collect();
    let (centre, radius) = (side as f32 / 2.0, GLOW_RADIUS * side as f32);
    for y in 0..n {
        for x in 0..n {
            let (dx, dy) = (x as f32 + 0.5 - centre, y as f32 + 0.5 - centre);
            let ring = ((dx * dx + dy * dy).sqrt() / radius * GLOW_BANDS as f32) as usize;
            if let Some(&pixel) = rings.get(ring) {
                bitmap.data[(y * n + x) * 4..][..4].copy_from_slice(&pixel);
            }
        }
    }
    Sprite::from_bitmap(bitmap)
}

/// The X on a square of `side` pixels in `ink`: the white outline's coverage, then the core's over it, each
/// rounded to the sprites' levels.
fn cross(side: u32, ink: Rgb) -> Sprite {
    let n = side as usize;
    let mut bitmap = Bitmap::transparent(n, n);
    let scale = side as f32 / SPRITE_VIEWBOX;
    let (a, b) = X_ENDS;
    let mut pb = PathBuilder::new();
    pb.move_to(a, a);
    pb.line_to(b, b);
    pb.move_to(b, a);
    pb.line_to(a, b);
    if let Some(path) = pb.finish() {
        for (width, colour) in [(X_OUTLINE, Rgb::WHITE), (X_CORE.max(MIN_STROKE_PX / scale), ink)] {
            let stroke = Stroke { width, line_cap: LineCap::Round, ..Stroke::default() };
            let transform = Transform::from_scale(scale, scale);
            if let Some(placed) = crate::draw::fill::stroke(&path, &stroke, transform, (side, side)) {
                let data = placed.mask.data.iter().map(|&c| quantize(c)).collect();
                bitmap.draw(&Mask { data, ..placed.mask }.inked(colour), placed.x, placed.y);
            }
        }
    }
    Sprite::from_bitmap(bitmap)
}

/// The most pieces of artwork kept (each a square's bitmap: the glow and the X in a few colours at a few sizes).
const KEPT: usize = 64;

/// The artwork drawn, by what and at which size: a short list searched in order (a hash map of its own would add
/// a table's code to the Worker for a few entries).
type ArtCache = Mutex<Vec<((MarkArt, u32), Arc<Sprite>)>>;

fn cache() -> &'static ArtCache {
    static CACHE: OnceLock<ArtCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// The artwork `art` on a square of `side` pixels, from the cache or drawn now.
pub(crate) fn get(art: MarkArt, side: u32) -> Arc<Sprite> {
    let key = (art, side);
    let found =
        |kept: &[((MarkArt, u32), Arc<Sprite>)]| kept.iter().find(|(k, _)| *k == key).map(|(_, s)| Arc::clone(s));
    if let Some(hit) = found(&cache().lock().unwrap_or_else(|e| e.into_inner())) {
        return hit;
    }
    let drawn = Arc::new(match art {
        MarkArt::Glow => glow(side),
        MarkArt::Cross(ink) => cross(side, ink),
        MarkArt::Badge(glyph) => badge::sprite(glyph, side),
    });
    let mut kept = cache().lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() >= KEPT {
        kept.clear();
    }
    // Another thread may have drawn it meanwhile (host tests run in parallel; an isolate has one thread).
    if found(&kept).is_none() {
        kept.push((key, Arc::clone(&drawn)));
    }
    drawn
}

/// Empties the cache (for benchmarks of the cold path, with the sprite cache).
pub(crate) fn clear_cache() {
    cache().lock().unwrap_or_else(|e| e.into_inner()).clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(sprite: &Sprite, x: usize, y: usize) -> [u8; 4] {
        let i = (y * sprite.side() + x) * 4;
        sprite.pixels.data[i..i + 4].try_into().unwrap()
    }

    #[test]
    fn the_gradient_is_lichess_stops() {
        assert_eq!(glow_at(0.0), (Rgb(0xff, 0, 0), 1.0));
        assert_eq!(glow_at(0.25), (Rgb(0xe7, 0, 0), 1.0));
        assert_eq!(glow_at(0.89).1, 0.0);
        assert_eq!(glow_at(1.0).1, 0.0);
        let (rgb, opacity) = glow_at(0.57);
        assert_eq!(rgb, Rgb(0xc8, 0, 0));
        assert!((opacity - 0.5).abs() < 1e-6, "{opacity}");
    }

    #[test]
    fn the_glow_is_red_at_the_centre_and_clear_at_the_corners() {
        for side in [12, 40, 41, 90, 128] {
            let g = glow(side);
            let n = side as usize;
            let centre = pixel(&g, n / 2, n / 2);
            assert_eq!(centre[3], 255, "{side}");
            assert!(centre[0] >= 0xe7 && centre[1] == 0 && centre[2] == 0, "{side}: {centre:?}");
            for (x, y) in [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)] {
                assert_eq!(pixel(&g, x, y), [0; 4], "{side}: corner ({x}, {y})");
            }
            // Symmetric, and fading from the centre outwards along a row.
            assert_eq!(pixel(&g, 0, n / 2), pixel(&g, n / 2, 0));
            let row: Vec<u8> = (n / 2..n).map(|x| pixel(&g, x, n / 2)[3]).collect();
            assert!(row.windows(2).all(|w| w[0] >= w[1]), "{side}: {row:?}");
        }
    }

    #[test]
    fn the_glow_has_at_most_a_colour_a_ring() {
        let g = glow(128);
        let mut colours: Vec<&[u8]> = g.pixels.data.chunks_exact(4).collect();
        colours.sort_unstable();
        colours.dedup();
        assert!(colours.len() <= GLOW_BANDS as usize + 1, "{}", colours.len());
    }

    #[test]
    fn the_x_lies_on_the_diagonals() {
        for side in [12, 40, 90, 128] {
            let x = cross(side, Rgb::BLACK);
            let n = side as usize;
            // The core on both diagonals, the white outline beside it, nothing at the middles of the edges.
            // (At 12 px the core is 0.75 px wide: partly over the white outline, so a dark grey.)
            let core = |p: [u8; 4]| if side >= 40 { p == [0, 0, 0, 255] } else { p[3] == 255 && p[0] <= 64 };
            for i in [n * 3 / 10, n / 2, n * 7 / 10] {
                assert!(core(pixel(&x, i, i)), "{side} at {i}: {:?}", pixel(&x, i, i));
                assert!(core(pixel(&x, n - 1 - i, i)), "{side} at {i}: {:?}", pixel(&x, n - 1 - i, i));
            }
            for (px, py) in [(n / 2, 0), (0, n / 2), (n / 2, n - 1), (n - 1, n / 2), (0, 0), (n - 1, n - 1)] {
                assert_eq!(pixel(&x, px, py)[3], 0, "{side}: ({px}, {py})");
            }
            if side >= 40 {
                let beside = n * 3 / 10 + (n as f32 * 0.045).ceil() as usize;
                assert_eq!(pixel(&x, beside, n * 3 / 10), [255, 255, 255, 255], "{side}");
            }
        }
        // A colour letter's X.
        let green = cross(40, Rgb(0x15, 0x78, 0x1b));
        assert_eq!(pixel(&green, 20, 20), [0x15, 0x78, 0x1b, 255]);
    }

    #[test]
    fn the_cache_gives_what_is_drawn() {
        assert_eq!(*get(MarkArt::Glow, 33), glow(33));
        assert_eq!(*get(MarkArt::Cross(Rgb::BLACK), 33), cross(33, Rgb::BLACK));
    }
}
