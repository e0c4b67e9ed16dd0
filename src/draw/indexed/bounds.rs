//! What a still's plan knows of its picture before drawing it ([`StillBounds`]), from the tiles the tile cache
//! holds, the layout and the text's place: bounds of the cost model's units tighter than those it makes from the
//! layout alone (a tile a square shown; the picture searched whole in RGBA, 4–30 times what a still of ours
//! searches; its text drawn by both painters).

use super::ink::{any_meet, inked_box, meet, PixelBox};
use super::palette::Palette;
use super::strips::Geometry;
use crate::draw::marks::overlay_reach;
use crate::draw::raster::{div255, text_over, text_over_all};
use crate::draw::scene::Scene;
use crate::draw::text;
use crate::encode::deflate::bands::surely_planned;
use crate::encode::png::depth_for;
use crate::notation::paint::Paint;
use crate::pixels::{Rect, Rgb};
use std::cell::Cell;

/// What a still's plan knows of its picture before it is drawn, asked of the tile cache
/// ([`super::tile_art::predicted_work`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StillBounds {
    /// The different tiles it shows and their pixels ([`Unit::Shown`](crate::work::Unit::Shown),
    /// [`Unit::ShownPixel`](crate::work::Unit::ShownPixel)): the different tiles asked for, and a tile more for
    /// each square an arrow's or circle's box meets (a square under one is a tile of its own); `None` where there
    /// are more overlays than [`OverlayReach`] follows.
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
    /// marks are all on squares (`Scene::marks_by_square`: else the RGB painter draws it); `reach`: where its
    /// arrows and circles may ink, and over which colours.
    ///
    /// Where the palette painter surely draws it ([`colours`]), the bytes searched are the most over the bit
    /// depths its colours may take: the picture's scanlines at that depth, or, where the encoder surely codes its
    /// bands from the tiles' codes ([`surely_planned`]), the bytes around its squares and those of the squares an
    /// overlay's box meets; elsewhere the picture in RGB (the RGB painter's PNG of an opaque picture: at most 3
    /// bytes a pixel, a palette's at most 1).
    pub(crate) fn of(
        scene: &Scene,
        tiles: Option<&Palette>,
        (shown, marks_on_squares): ((u64, u64), bool),
        reach: &OverlayReach,
    ) -> StillBounds {
        let side = u64::from(scene.layout.square);
        let shown = reach.all.then(|| {
            let met = reach.met;
            (shown.0 + met, shown.1.saturating_add(met * side * side))
        });
        let (width, height) = (u64::from(scene.layout.width), u64::from(scene.layout.height));
        let rgb = height.saturating_mul(1 + 3 * width);
        let Some((g, fewest, most)) = tiles.and_then(|tiles| colours(scene, tiles, marks_on_squares, reach)) else {
            return StillBounds { shown, searched: rgb, one_painter: false };
        };
        // A tile's colours may all lie under overlays: then its fewest colours are not known.
        let lowest = if reach.overlays.is_empty() { depth_for(fewest) } else { 1 };
        let searched = [1, 2, 4, 8]
            .into_iter()
            .filter(|&depth| lowest <= depth && depth <= depth_for(most))
            .map(|depth| searched_at(&g, depth, reach.met))
            .max()
            .unwrap_or(rgb);
        StillBounds { shown, searched, one_painter: true }
    }
}

/// Where a still's arrows and circles may ink, before they are drawn, and the colours they may blend: each one's
/// mask box, colour and coverages ([`overlay_reach`]), and the colours of the tiles of the squares its box meets,
/// gathered as the still's plan asks the tile cache for them ([`super::tile_art::predicted_work`]).
pub(crate) struct OverlayReach {
    overlays: Vec<Reach>,
    /// The squares some box meets.
    met: u64,
    /// Whether it follows every overlay of its scene (at most [`OverlayReach::MOST`]).
    all: bool,
    /// Whether every square a box meets showed its tile's colours ([`OverlayReach::add`]).
    known: bool,
}

/// One overlay's [`overlay_reach`] (its box in picture pixels), and the colours under its box.
struct Reach {
    area: PixelBox,
    ink: Rgb,
    alpha: u8,
    under: Palette,
}

impl OverlayReach {
    /// The most overlays followed: beyond, the squares each tile of their own and the colours not known (blending
    /// every colour under each is work the plan would pay on every request).
    const MOST: usize = 16;

    /// The overlays of `scene`, none of their squares met yet.
    // (Not inlined, as `add` and `blends`: the plan's loop over the squares stays small in the wasm.)
    #[inline(never)]
    pub(crate) fn of(scene: &Scene) -> OverlayReach {
        let (width, height) = (scene.layout.width, scene.layout.height);
        let over = &scene.furniture().over;
        let overlays: Vec<Reach> = if over.len() > OverlayReach::MOST {
            Vec::new()
        } else {
            (over.iter().filter_map(|overlay| overlay_reach(overlay, width, height)))
                .map(|([x0, y0, x1, y1], ink, alpha)| {
                    let area = (i64::from(x0), i64::from(y0), i64::from(x1), i64::from(y1));
                    Reach { area, ink, alpha, under: Palette::new() }
                })
                .collect()
        };
        OverlayReach { overlays, met: 0, all: over.len() <= OverlayReach::MOST, known: true }
    }

    /// Notes the square at `rect` where some box meets it, and the colours of its tile (`colours`: `None` where
    /// the tile cache does not hold it with its own colours).
    #[inline(never)]
    pub(crate) fn add<'c>(&mut self, rect: Rect, colours: impl FnOnce() -> Option<&'c [u32]>) {
        let (x, y) = (i64::from(rect.x), i64::from(rect.y));
        let rect = (x, y, x + i64::from(rect.width), y + i64::from(rect.height));
        if !self.overlays.iter().any(|o| meet(o.area, rect)) {
            return;
        }
        self.met += 1;
        let colours = colours();
        for o in self.overlays.iter_mut().filter(|o| meet(o.area, rect)) {
            self.known &= colours.is_some_and(|colours| o.under.enter_all(colours));
        }
        self.known &= colours.is_some();
    }

    /// The most colours the overlays add to the picture: each blends, at each of its coverages, the colours under
    /// its box: those of the tiles, and, where the box of an overlay before it meets its own, every blend so far
    /// (drawn in order, each over the picture the ones before it made); `None` where not known or more than 256.
    #[inline(never)]
    fn blends(&self) -> Option<usize> {
        if !(self.all && self.known) {
            return None;
        }
        let mut all = Palette::new();
        for (k, o) in self.overlays.iter().enumerate() {
            let mut under = pixels(&o.under);
            if self.overlays[..k].iter().any(|earlier| meet(earlier.area, o.area)) {
                under.extend(pixels(&all));
            }
            for level in text_levels() {
                let coverage = div255(u16::from(level) * u16::from(o.alpha));
                if !all.enter_all(&text_over_all(under.clone(), o.ink, coverage)) {
                    return None;
                }
            }
        }
        Some(all.rgb().len() / 3)
    }
}

/// A palette's colours as pixels.
fn pixels(palette: &Palette) -> Vec<u32> {
    let mut pixels = Vec::with_capacity(palette.rgb().len() / 3);
    for c in palette.rgb().chunks_exact(3) {
        pixels.push(Rgb(c[0], c[1], c[2]).to_pixel());
    }
    pixels
}

/// The most bytes searched of a picture of geometry `g` at `depth` bits a sample drawn by the palette painter, `met`
/// of its squares under arrows or circles (tiles of their own, without codes: searched).
// Not inlined: called for each depth, it would be unrolled into four copies.
#[inline(never)]
fn searched_at(g: &Geometry, depth: u8, met: u64) -> u64 {
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
    ((g.height - band_rows) * stride + band_rows * around) as u64 + met * (g.square * square_bytes) as u64
}

/// The picture's geometry and the fewest and most colours it shows, where the palette painter surely draws it
/// (what `Painting::new` checks: every arrow and circle inside the squares, marks only on squares, every text
/// outside the framed board) and they are at most 256: at least the tiles' (each shown whole where no overlay
/// inks it), at most theirs, the frame's ink, the strips' ([`strip_colours`]) and the overlays' blends
/// ([`OverlayReach::blends`]).
fn colours(
    scene: &Scene,
    tiles: &Palette,
    marks_on_squares: bool,
    reach: &OverlayReach,
) -> Option<(Geometry, usize, usize)> {
    let g = Geometry::of(scene)?;
    let Paint::Solid(background) = scene.background else { return None };
    let overlays_inside = reach.all && reach.overlays.iter().all(|o| g.inside_squares(o.area));
    let plain = scene.squares.len() == g.files * g.ranks
        && scene.holes.is_empty()
        && scene.grid.is_empty()
        && overlays_inside
        && marks_on_squares;
    let texts = text_boxes(scene);
    if !plain || !texts.iter().all(|&ink| g.outside_board(ink)) {
        return None;
    }
    let fewest = tiles.rgb().len() / 3;
    // Text layers apart blend the background once each: at most a colour a coverage.
    let apart = !any_meet(&texts);
    let strips = match texts.is_empty() {
        true => 1,
        false if apart => 1 + text_levels().len(),
        false => strip_colours(background, scene.text_ink)?,
    };
    let blends = if reach.overlays.is_empty() { 0 } else { reach.blends()? };
    let most = fewest + 1 + strips + blends;
    (most <= 256).then_some((g, fewest, most))
}

/// Where each text of `scene` may ink: the coordinates' masks (the scene's), the title, caption and count where
/// their glyphs' bitmaps go ([`text::ink_box`]).
fn text_boxes(scene: &Scene) -> Vec<PixelBox> {
    let mut boxes: Vec<PixelBox> =
        scene.labels.iter().filter_map(|label| inked_box(&label.coverage.mask, label.left, label.top)).collect();
    for line in scene.text_lines() {
        if let Some([left, top, right, bottom]) = text::ink_box(&line.text, line.px).map(|b| b.map(i64::from)) {
            boxes.push((line.pen_x + left, line.baseline + top, line.pen_x + right, line.baseline + bottom));
        }
    }
    boxes
}

/// Each coverage [`quantize`] leaves but 0, once.
fn text_levels() -> [u8; 4] {
    [64, 128, 191, 255]
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
    let levels = text_levels();
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
    use crate::draw::raster::quantize;
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
        let levels: Vec<u8> = (1..=255).filter(|&c| quantize(c) != quantize(c - 1)).map(quantize).collect();
        assert_eq!(levels, text_levels());
    }

    /// With its tiles' colours known (here 12, as if the tile cache held them), the start position's bounds: at the
    /// default size its picture searched whole at 4 bits (322 rows of 162 bytes, its bands too narrow to be coded
    /// from the tiles); at 90 px only around its squares (4 rows of 363 bytes, and 3 of each of the 720 others);
    /// with a caption, at 4 or 8 bits (its text's blends), whole at 8; under an arrow, its blends of the colours
    /// under it known too (at most 48 more: whole at 8 bits, one painter; the 3 squares its box meets a tile each);
    /// with colours not known, the picture in RGB, two painters; past [`OverlayReach::MOST`] overlays, nothing known.
    #[test]
    fn the_bounds_of_known_colours() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let twelve: Vec<u32> = (0..12).map(|i| i * 0x10_1010).collect();
        let mut palette = Palette::new();
        for &colour in &twelve {
            let _ = palette.index_of(colour);
        }
        let bounds = |pairs: &[(&str, &str)], tiles: Option<&Palette>| {
            let o = RenderOptions::from_pairs(pairs.iter().copied()).unwrap();
            let scene = Scene::build(&start, &o);
            let mut reach = OverlayReach::of(&scene);
            for square in &scene.squares {
                reach.add(square.rect, || tiles.map(|_| twelve.as_slice()));
            }
            let bounds = StillBounds::of(&scene, tiles, ((22, 0), true), &reach);
            (bounds.searched, bounds.one_painter, bounds.shown.map(|shown| shown.0))
        };
        let twelve = Some(&palette);
        assert_eq!(bounds(&[], twelve), (322 * 162, true, Some(22)));
        assert_eq!(bounds(&[("size", "90")], twelve), (4 * 363 + 720 * 3, true, Some(22)));
        assert_eq!(bounds(&[("caption", "#2")], twelve), (354 * 323, true, Some(22)));
        assert_eq!(bounds(&[("arrows", "Ge2e4")], twelve), (322 * 323, true, Some(25)));
        assert_eq!(bounds(&[("arrows", "Ge2e4")], None), (322 * (1 + 3 * 322), false, Some(25)));
        assert_eq!(bounds(&[], None), (322 * (1 + 3 * 322), false, Some(22)));
        let file = |i: usize| char::from(b"abcdefgh"[i % 8]);
        let many: Vec<String> = (0..17).map(|i| format!("{}1{}8", file(i), file(i + i / 8 * 3))).collect();
        let many = many.join(",");
        assert_eq!(bounds(&[("arrows", &many)], twelve), (322 * (1 + 3 * 322), false, None));
    }

    /// The colours overlays blend: each over the colours under its box at its coverages, and over what the
    /// overlays before it blended where their boxes meet; none from an overlay whose box meets no earlier one's.
    #[test]
    fn overlays_blend_what_lies_under_them() {
        let start = ffen::parse("8/8/8/8/8/8/8/8", Dialect::Janko).unwrap();
        let blends = |arrows: &str, under: &[u32]| {
            let o = RenderOptions::from_pairs([("arrows", arrows)]).unwrap();
            let scene = Scene::build(&start, &o);
            let mut reach = OverlayReach::of(&scene);
            for square in &scene.squares {
                reach.add(square.rect, || Some(under));
            }
            reach.blends()
        };
        let (white, black) = (0xff_ffff, 0);
        let one = blends("Ga1a3", &[white]).unwrap();
        assert!((1..=4).contains(&one), "{one}");
        assert_eq!(blends("Ga1a3", &[white, black]), Some(2 * one));
        // Apart, two arrows of one colour blend the same colours; crossing, the second also blends the first's.
        assert_eq!(blends("Ga1a3,Gh1h3", &[white]), Some(one));
        assert!(blends("Ga1h8,Gh1a8", &[white]).unwrap() > one);
        let many: Vec<u32> = (0..200).map(|i| i * 0x1_0101).collect();
        assert_eq!(blends("Ga1h8,Rh1a8,Ba1a8", &many), None, "over 256");
    }
}
