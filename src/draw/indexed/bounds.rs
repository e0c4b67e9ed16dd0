//! What a still's plan knows of its picture before drawing it ([`StillBounds`]), from the tiles the tile cache
//! holds, the layout and the text's place: bounds of the cost model's units tighter than those it makes from the
//! layout alone (a tile a square shown; the picture searched whole in RGBA, 4–30 times what a still of ours
//! searches; its text drawn by both painters).

use super::ink::inked_box;
use super::palette::Palette;
use super::strips::Geometry;
use crate::draw::raster::{quantize, text_over};
use crate::draw::scene::Scene;
use crate::draw::text;
use crate::encode::deflate::bands::surely_planned;
use crate::encode::png::depth_for;
use crate::notation::paint::Paint;
use crate::pixels::Rgb;
use std::cell::Cell;

/// What a still's plan knows of its picture before it is drawn, asked of the tile cache
/// ([`super::tile_art::predicted_work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StillBounds {
    /// The different tiles it shows and their pixels ([`Unit::Shown`](crate::work::Unit::Shown),
    /// [`Unit::ShownPixel`](crate::work::Unit::ShownPixel)); `None` under an arrow or circle (a square under one is
    /// a tile of its own, known once the overlay is drawn).
    pub(crate) shown: Option<(u64, u64)>,
    /// The most bytes of its scanlines the encoder searches ([`Unit::Searched`](crate::work::Unit::Searched)).
    pub(crate) searched: u64,
    /// Whether the palette painter surely draws it: the RGB painter then draws nothing, its text included.
    pub(crate) one_painter: bool,
}

impl StillBounds {
    /// The bounds of `scene`, a still for which [`indexed_path_applies`](super::indexed_path_applies), where
    /// `tiles` holds every colour of the tiles its squares show (`None` where the tile cache did not hold one, or
    /// it had more than 256 colours), and `shown` the different tiles and their pixels; `marks_on_squares`: its
    /// marks are all on squares (`Scene::marks_by_square`: else the RGB painter draws it).
    ///
    /// Where the palette painter surely draws it ([`colours`]), the bytes searched are the most over the bit
    /// depths its colours may take: the picture's scanlines at that depth, or, where the encoder surely codes its
    /// bands from the tiles' codes ([`surely_planned`]), the bytes around its squares; elsewhere the picture in RGB
    /// (the RGB painter's PNG of an opaque picture: at most 3 bytes a pixel, a palette's at most 1).
    pub(crate) fn of(
        scene: &Scene,
        tiles: Option<&Palette>,
        (shown, marks_on_squares): ((u64, u64), bool),
    ) -> StillBounds {
        let shown = scene.furniture().over.is_empty().then_some(shown);
        let (width, height) = (u64::from(scene.layout.width), u64::from(scene.layout.height));
        let rgb = height.saturating_mul(1 + 3 * width);
        let Some((g, fewest, most)) = tiles.and_then(|tiles| colours(scene, tiles, marks_on_squares)) else {
            return StillBounds { shown, searched: rgb, one_painter: false };
        };
        let searched = [1, 2, 4, 8]
            .into_iter()
            .filter(|&depth| depth_for(fewest) <= depth && depth <= depth_for(most))
            .map(|depth| searched_at(&g, depth))
            .max()
            .unwrap_or(rgb);
        StillBounds { shown, searched, one_painter: true }
    }
}

/// The most bytes searched of a picture of geometry `g` at `depth` bits a sample drawn by the palette painter.
// Not inlined: called for each depth, it would be unrolled into four copies.
#[inline(never)]
fn searched_at(g: &Geometry, depth: u8) -> u64 {
    let per_byte = 8 / usize::from(depth);
    let stride = 1 + g.width.div_ceil(per_byte);
    let len = g.height * stride;
    if !surely_planned(depth, (g.width, g.sx0, g.square), len) {
        return len as u64;
    }
    // The rows outside the bands whole; in a band's rows, all but the bytes wholly inside each square (a square
    // starting inside a byte shares one with its neighbour, searched).
    let inside = !(g.sx0.is_multiple_of(per_byte) && g.square.is_multiple_of(per_byte));
    let square_bytes = (g.square / per_byte).saturating_sub(usize::from(inside));
    let band_rows = g.ranks * g.square;
    let around = stride.saturating_sub(g.files * square_bytes);
    ((g.height - band_rows) * stride + band_rows * around) as u64
}

/// The picture's geometry and the fewest and most colours it shows, where the palette painter surely draws it
/// (what `Painting::new` checks: no arrows or circles, marks only on squares, every text outside the framed
/// board) and they are at most 256: at least the tiles' (each shown whole), at most theirs, the frame's ink and the
/// strips' ([`strip_colours`]).
fn colours(scene: &Scene, tiles: &Palette, marks_on_squares: bool) -> Option<(Geometry, usize, usize)> {
    let g = Geometry::of(scene)?;
    let Paint::Solid(background) = scene.background else { return None };
    let plain = scene.squares.len() == g.files * g.ranks
        && scene.holes.is_empty()
        && scene.grid.is_empty()
        && scene.furniture().over.is_empty()
        && marks_on_squares
        && texts_outside_board(scene, &g);
    if !plain {
        return None;
    }
    let fewest = tiles.rgb().len() / 3;
    let plain_strips = scene.labels.is_empty() && scene.text_lines().next().is_none();
    let strips = if plain_strips { 1 } else { strip_colours(background, scene.text_ink)? };
    let most = fewest + 1 + strips;
    (most <= 256).then_some((g, fewest, most))
}

/// Whether every text of `scene` inks outside the framed board: the coordinates' masks (the scene's), the title,
/// caption and count where their glyphs' bitmaps go ([`text::ink_box`]).
fn texts_outside_board(scene: &Scene, g: &Geometry) -> bool {
    let labels = scene.labels.iter().filter_map(|label| inked_box(&label.coverage.mask, label.left, label.top));
    let lines = scene.text_lines().filter_map(|line| {
        let [left, top, right, bottom] = text::ink_box(&line.text, line.px)?.map(i64::from);
        Some((line.pen_x + left, line.baseline + top, line.pen_x + right, line.baseline + bottom))
    });
    labels.chain(lines).all(|ink| g.outside_board(ink))
}

/// The most colours of the strips around the board of a `background` with text in `ink`: the background and
/// every colour text layers drawn over each other can make of it at the coverages [`quantize`] leaves (the
/// coordinates, title, caption and count are all in one ink, and may meet), found by drawing them as the strips
/// are drawn; `None` for more than 256. The last answer is kept: most pictures ask for the same colours.
fn strip_colours(background: Rgb, ink: Rgb) -> Option<usize> {
    thread_local! {
        static LAST: Cell<Option<(u32, u32, Option<usize>)>> = const { Cell::new(None) };
    }
    let key = (background.to_pixel(), ink.to_pixel());
    if let Some((b, i, count)) = LAST.get() {
        if (b, i) == key {
            return count;
        }
    }
    // Each coverage `quantize` leaves but 0, once: where it changes.
    let levels: Vec<u8> = (1..=255).filter(|&c| quantize(c) != quantize(c - 1)).map(quantize).collect();
    let (mut seen, mut found) = (Palette::new(), vec![key.0]);
    let _ = seen.index_of(key.0);
    let mut next = 0;
    let count = 'blends: loop {
        let Some(&under) = found.get(next) else { break Some(found.len()) };
        next += 1;
        for &level in &levels {
            let blend = text_over(under, ink, level);
            let known = seen.rgb.len();
            if seen.index_of(blend).is_none() {
                break 'blends None;
            }
            if seen.rgb.len() > known {
                found.push(blend);
            }
        }
    };
    LAST.set(Some((key.0, key.1, count)));
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{self, Dialect};
    use crate::options::render_options::RenderOptions;

    /// Text in the ink on the background of most diagrams (black on white) can make 49 colours, layers over layers
    /// at the four coverages [`quantize`] leaves; the same ink and background, none but the background.
    #[test]
    fn text_makes_few_colours() {
        let (white, black) = (Rgb(255, 255, 255), Rgb(0, 0, 0));
        assert_eq!(strip_colours(white, black), Some(49));
        assert_eq!(strip_colours(Rgb(240, 217, 181), black), Some(104));
        assert_eq!(strip_colours(black, black), Some(1));
        assert_eq!(strip_colours(white, black), Some(49), "kept");
    }

    /// With its tiles' colours known (here 12, as if the tile cache held them), the start position's bounds: at the
    /// default size its picture searched whole at 4 bits (322 rows of 162 bytes, its bands too narrow to be coded
    /// from the tiles); at 90 px only around its squares (4 rows of 363 bytes, and 3 of each of the 720 others);
    /// with a caption, at 4 or 8 bits (its text's blends), whole at 8; under an arrow, not known (the picture in
    /// RGB, two painters); with colours not known, the same.
    #[test]
    fn the_bounds_of_known_colours() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let mut twelve = Palette::new();
        for i in 0..12 {
            let _ = twelve.index_of(i * 0x10_1010);
        }
        let bounds = |pairs: &[(&str, &str)], tiles: Option<&Palette>| {
            let o = RenderOptions::from_pairs(pairs.iter().copied()).unwrap();
            let bounds = StillBounds::of(&Scene::build(&start, &o), tiles, ((22, 0), true));
            (bounds.searched, bounds.one_painter)
        };
        assert_eq!(bounds(&[], Some(&twelve)), (322 * 162, true));
        assert_eq!(bounds(&[("size", "90")], Some(&twelve)), (4 * 363 + 720 * 3, true));
        assert_eq!(bounds(&[("caption", "#2")], Some(&twelve)), (354 * 323, true));
        assert_eq!(bounds(&[("arrows", "Ge2e4")], Some(&twelve)), (322 * (1 + 3 * 322), false));
        assert_eq!(bounds(&[], None), (322 * (1 + 3 * 322), false));
    }
}
