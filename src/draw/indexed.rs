//! The fast path of [`crate::draw::render::render_png`]: a diagram drawn square by square straight into palette
//! indices, with the same palette and indices as drawing it in RGB and indexing it, so the same PNG bytes (or, where
//! the encoder codes a large picture's bands from the tiles, [`BandPlan`], the same scanlines in other bytes).
//!
//! Why: in WebAssembly, giving each pixel of an RGB picture its palette index and drawing the squares and sprites pixel
//! by pixel is most of what a cache miss costs (docs/cost.md). But a diagram is a frame plus squares, and a square is a
//! fill colour, its highlights, at most one sprite and perhaps XFEN's border: the start position has 22 different
//! squares among 64, a full 32×32 board a few dozen among 1,024. So each different square (a *tile*) is drawn once in
//! RGB (and kept for the isolate's next diagrams, [`TILES`]), each tile row is given its palette indices once, the
//! first time the picture shows it, and every row of the board is then copies of index rows, written packed at the
//! picture's bit depth (known before the first row: [`Census`]), a square's row on whole bytes packed once a picture
//! and copied. What lies outside the framed board (the coordinates' margins, the bands of title, caption and count, the
//! background or `rim` around them) is drawn in RGB in four strips around the board and indexed there only; a square
//! under an arrow or a circle is a tile of its own, drawn in RGB with the overlays clipped to it.
//!
//! Exactness: the palette is in order of first appearance, scanning rows top down, as [`crate::encode::png`] builds
//! it. Every row is assembled left to right, and a pixel's colour is looked up the first time the scan meets it, in
//! picture order; a tile row met again brings no new colour. So palette and indices equal those of the RGB path, and a
//! picture with more than 256 colours is left to the RGB path (which encodes it as RGB). Each layer is painted as the
//! RGB painter paints it, in its order (a square's by the same function, [`draw_square`]: fill, highlights, piece,
//! border; then overlays; labels and text outside the board), and every one of them stays inside its square or its
//! strip (checked: anything else takes the RGB path). Tested against the RGB path over generated boards and options
//! (`tests` below: byte for byte, or the same scanlines where the bands may be coded from the tiles) and by every
//! golden.
//!
//! What it draws is decided by [`indexed_path_applies`]: everything but holes, the lines between squares
//! (`borders`) and see-through colours. `print`'s hatched squares are tiles per phase of the hatching (the lines
//! run on across squares).

use crate::draw::layout::MarkPaint;
use crate::draw::marks::{draw_square, overlay_layer, text_line_layer, PlacedMask, SquareLayers};
use crate::draw::raster::{Canvas, Mask};
use crate::draw::scene::{Scene, Square, SquarePaint};
use crate::draw::sprite;
use crate::encode::deflate::{BandPlan, Span, TileCodes};
use crate::encode::png;
use crate::notation::board::{Board, Cell};
use crate::notation::paint::Paint;
use crate::options::params;
use crate::options::render_options::RenderOptions;
use crate::options::theme::{hatching, INK, PAPER};
use crate::pixels::{Image, Rect, Rgb};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

/// Whether [`paint`] draws this diagram: no holes, and every parameter as the options set it one the palette
/// painter draws. That set is an allow-list kept by the declarations (`palette` in [`crate::options::params`]):
/// any theme, colours, pattern, labels, size, flip, coordinates and furniture; not the lines between squares
/// (`borders`), nor a `transparent` rim or square colour. (`hole` colours only holes, which this path never draws.)
/// A parameter not declared palette-safe takes the RGB path wherever it is set.
///
/// The property test `furnished_render_png_is_the_rgb_paths_png` compares this path's PNG with the RGB painter's for
/// generated options.
pub(crate) fn indexed_path_applies(board: &Board, options: &RenderOptions) -> bool {
    let (w, h) = (board.width(), board.height());
    let holes = (0..h).any(|y| (0..w).any(|x| matches!(board.get(x, y), Some(Cell::Hole) | None)));
    !holes && params::palette_draws(&params::OPTION_PARAMS, options)
}

/// A picture as PNG scanlines of palette indices: what [`crate::encode::png::encode_indexed`] encodes.
pub(crate) struct IndexedPicture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The colours, RGB, in order of first appearance.
    pub palette: Vec<u8>,
    /// Bits a sample: the fewest of 1, 2, 4 and 8 that index the palette ([`crate::encode::png::depth_for`]).
    pub depth: u8,
    /// Each row a filter byte (0, none) and its indices packed at `depth` bits, as PNG's scanlines.
    pub scanlines: Vec<u8>,
    /// What the painter knows of the rows, for the encoder.
    pub band_plan: BandPlan,
}

/// The palette as it grows: colour to index, at most 256 colours, in an open-addressing table of 1024 slots (a
/// general-purpose hash map costs more than all the rest of this path: it is asked once per pixel of every new
/// tile row). An animation's palette is one too ([`crate::output::animation`]).
pub(crate) struct Palette {
    keys: [u32; Palette::SLOTS],
    values: [u8; Palette::SLOTS],
    rgb: Vec<u8>,
}

impl Palette {
    const SLOTS: usize = 1024;
    /// Not a pixel (`0x00RRGGBB` has a zero top byte).
    const EMPTY: u32 = u32::MAX;

    pub(crate) fn new() -> Palette {
        Palette { keys: [Palette::EMPTY; Palette::SLOTS], values: [0; Palette::SLOTS], rgb: Vec::with_capacity(48) }
    }

    /// Takes the next index for `colour` without entering it in the table: no pixel is given it (an animation's
    /// index for "unchanged").
    pub(crate) fn set_aside(&mut self, colour: Rgb) {
        self.rgb.extend_from_slice(&colour.to_array());
    }

    /// The colours, RGB, in order of their indices.
    pub(crate) fn rgb(&self) -> &[u8] {
        &self.rgb
    }

    /// The index of `pixel` (`0x00RRGGBB`), given the next one if it is new; `None` for a 257th colour.
    pub(crate) fn index_of(&mut self, pixel: u32) -> Option<u8> {
        let mut slot = (pixel.wrapping_mul(0x9E37_79B1) >> 22) as usize;
        loop {
            if self.keys[slot] == pixel {
                return Some(self.values[slot]);
            }
            if self.keys[slot] == Palette::EMPTY {
                let next = u8::try_from(self.rgb.len() / 3).ok()?;
                self.keys[slot] = pixel;
                self.values[slot] = next;
                self.rgb.extend_from_slice(&Rgb::from_pixel(pixel).to_array());
                return Some(next);
            }
            slot = (slot + 1) % Palette::SLOTS;
        }
    }

    /// Gives the indices of `pixels` to `out` ([`index_pixels`]).
    fn index_row(&mut self, pixels: &[u32], out: &mut [u8]) -> Option<()> {
        index_pixels(pixels, out, |pixel| self.index_of(pixel))
    }
}

/// Gives the indices of `pixels` (`index_of` each) to `out`, looking up only where the colour changes: a diagram's
/// rows are runs of one colour.
pub(crate) fn index_pixels(pixels: &[u32], out: &mut [u8], mut index_of: impl FnMut(u32) -> Option<u8>) -> Option<()> {
    let mut last = (Palette::EMPTY, 0);
    for (out, &pixel) in out.iter_mut().zip(pixels) {
        if pixel != last.0 {
            last = (pixel, index_of(pixel)?);
        }
        *out = last.1;
    }
    Some(())
}

/// One different square: its fill and sprite, its RGB pixels, and the palette indices of each row once the picture
/// has shown it.
struct Tile {
    fill: Fill,
    /// Its sprite's key: equal keys draw equal sprites (sprites are told apart by key, not by their place in the
    /// sprite cache, so that which squares share a tile, and so the encoder's plan, never depends on the cache).
    sprite: Option<sprite::Key>,
    /// Its highlights and border, in painting order.
    marks: Vec<MarkPaint>,
    /// Whether an arrow or circle covers part of it (then it is this square's alone).
    overlaid: bool,
    art: Arc<TileArt>,
    /// The picture's palette index of each of the tile's own colours the picture has met so far (`met`), and
    /// whether it is the one `kept` has.
    to_global: Vec<u8>,
    met: Vec<bool>,
    agrees: Vec<bool>,
    /// Its rows' indices as an earlier picture gave them, if any ([`LocalColours::kept`]): a row whose colours got
    /// the same indices in this picture has the same indices.
    kept: Option<Arc<Translation>>,
    /// Rows given their indices by this picture where `kept` does not hold them (`side`×`side`, made when first
    /// needed).
    own: Vec<u8>,
    /// Where each row's indices are.
    rows: Vec<TileRow>,
}

/// Where a tile row's palette indices are.
#[derive(Clone, Copy, PartialEq, Eq)]
enum TileRow {
    /// Not shown yet: no index asked for.
    Unseen,
    /// In the [`Translation`] kept from an earlier picture.
    Kept,
    /// In the tile's own indices.
    Own,
}

/// A tile's pixels in one picture's palette: the index of each of its own colours and of each pixel.
struct Translation {
    to_global: Vec<u8>,
    indices: Vec<u8>,
}

impl Tile {
    /// The tile of a square (its fill and `marks`), from the tile cache or drawn now as the RGB painter draws the
    /// square ([`draw_square`]), at (0, 0): the blends do not depend on the position. Its colours are counted into
    /// `census`. Under `overlays` (some of which ink the square) it is a tile of its own, with their ink over it
    /// ([`overlaid`]).
    fn new(
        (square, fill, marks): (&Square, Fill, &[MarkPaint]),
        overlays: Option<&[OverlayLayer]>,
        mut census: Option<&mut Census>,
    ) -> Option<Tile> {
        let side = square.rect.width;
        let mut art = square_art(square, fill, marks)?;
        if let Some(census) = census.as_deref_mut() {
            census.add(art.local.as_ref().map_or(&art.pixels, |local| &local.colours));
        }
        if let Some(overlays) = overlays {
            art = overlaid(&art, square.rect, overlays, census);
        }
        let (colours, kept) = match &art.local {
            Some(local) => (local.colours.len(), local.kept.lock().unwrap_or_else(|e| e.into_inner()).clone()),
            None => (0, None),
        };
        Some(Tile {
            fill,
            sprite: square.sprite.clone(),
            marks: marks.to_vec(),
            overlaid: overlays.is_some(),
            art,
            to_global: vec![0; colours],
            met: vec![false; colours],
            agrees: vec![false; colours],
            kept,
            own: Vec::new(),
            rows: vec![TileRow::Unseen; side as usize],
        })
    }

    /// The palette indices of row `ty` (of `side` pixels), given them the first time the picture shows the row:
    /// its colours are asked of `palette` in scan order (so new colours get the indices a pixel-by-pixel scan gives
    /// them), then the row is the kept one if those colours got the same indices, else translated; `None` at a
    /// 257th colour.
    fn row(&mut self, palette: &mut Palette, ty: usize, side: usize) -> Option<&[u8]> {
        let range = ty * side..(ty + 1) * side;
        if self.rows[ty] == TileRow::Unseen {
            self.rows[ty] = match &self.art.local {
                None => {
                    self.own.resize(side * side, 0);
                    palette.index_row(&self.art.pixels[range.clone()], &mut self.own[range.clone()])?;
                    TileRow::Own
                }
                Some(local) => {
                    let mut agrees = true;
                    for &c in &local.row_colours[ty] {
                        let c = usize::from(c);
                        // A colour this tile met in an earlier row is in the palette: asking again changes nothing.
                        if !self.met[c] {
                            let global = palette.index_of(local.colours[c])?;
                            self.to_global[c] = global;
                            self.met[c] = true;
                            self.agrees[c] = self.kept.as_ref().is_some_and(|kept| kept.to_global[c] == global);
                        }
                        agrees &= self.agrees[c];
                    }
                    if agrees {
                        TileRow::Kept
                    } else {
                        self.own.resize(side * side, 0);
                        for (out, &c) in self.own[range.clone()].iter_mut().zip(&local.codes.indices()[range.clone()]) {
                            *out = self.to_global[usize::from(c)];
                        }
                        TileRow::Own
                    }
                }
            };
        }
        Some(match (self.rows[ty], &self.kept) {
            (TileRow::Kept, Some(kept)) => &kept.indices[range],
            _ => &self.own[range],
        })
    }

    /// After the picture: keeps the tile's indices in this picture's palette for the next picture, unless they are
    /// the kept ones already. A row the picture copied from the row above it (the same in every tile of its band)
    /// was not asked for: its colours are those of a row that was.
    fn keep(&self) {
        let Some(local) = &self.art.local else { return };
        if self.kept.is_some() && !self.rows.contains(&TileRow::Own) {
            return;
        }
        if !self.met.iter().all(|&met| met) {
            return; // (every colour of a shown tile is met; kept whole or not at all)
        }
        let indices = local.codes.indices().iter().map(|&c| self.to_global[usize::from(c)]).collect();
        let translation = Translation { to_global: self.to_global.clone(), indices };
        *local.kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(translation));
    }
}

/// The tile of `square` filled with `fill` under `marks`, from the tile cache or drawn now as the RGB painter draws
/// the square ([`draw_square`]), at (0, 0): the blends do not depend on the position.
fn square_art(square: &Square, fill: Fill, marks: &[MarkPaint]) -> Option<Arc<TileArt>> {
    let side = square.rect.width;
    let key = TileKey::new(side, (fill, square.paint), square.sprite.clone(), marks)?;
    Some(tile_art(key, side as usize, || {
        // (Every pixel is then painted by the square's fill.)
        let mut image = Image::new(side, side, PAPER);
        let hatch_phase = match fill {
            Fill::Hatched(phase) => phase,
            Fill::Solid(_) => 0,
        };
        let layers = SquareLayers { paint: square.paint, marks, sprite: square.sprite.as_ref() };
        draw_square(&mut image, (Rect::new(0, 0, side, side), hatch_phase), &layers);
        image.pixels
    }))
}

/// The palette indices of `square` under `marks` as it shows at its place (`side`×`side`, row by row), each of its
/// colours given its index by `index_of` in order of first appearance, and the tile's deflate codes (`None` for a
/// tile of more than 256 colours): the animations' frames are made of these, from the isolate's tile cache. `None`
/// if `index_of` refuses a colour, or for a see-through square.
pub(crate) fn square_indices(
    square: &Square,
    marks: &[MarkPaint],
    mut index_of: impl FnMut(u32) -> Option<u8>,
) -> Option<(Vec<u8>, Option<Arc<TileCodes>>)> {
    let rect = square.rect;
    let fill = match square.paint {
        SquarePaint::Solid(c) => Fill::Solid(c),
        SquarePaint::Hatched { .. } => Fill::Hatched((rect.x + rect.y) % hatching(rect.width).period),
        SquarePaint::Clear => return None,
    };
    let art = square_art(square, fill, marks)?;
    match &art.local {
        Some(local) => {
            let mut to_global = Vec::with_capacity(local.colours.len());
            for &colour in &local.colours {
                to_global.push(index_of(colour)?);
            }
            let indices = local.codes.indices().iter().map(|&c| to_global[usize::from(c)]).collect();
            Some((indices, Some(Arc::clone(&local.codes))))
        }
        None => {
            let mut out = vec![0; art.pixels.len()];
            index_pixels(&art.pixels, &mut out, index_of)?;
            Some((out, None))
        }
    }
}

/// A tile's pixels, and the same as the index of each pixel's colour among the tile's own colours: a row of a tile
/// then gets its palette indices by looking up a handful of colours, not one per pixel (looking up every pixel of
/// each new tile row is a large share of a miss).
struct TileArt {
    /// RGB, `side`×`side`.
    pixels: Vec<u32>,
    /// `None` for a tile of more than 256 colours (its rows are indexed pixel by pixel, and searched by the encoder).
    local: Option<LocalColours>,
    /// Whether each row is the same as the row above it (the first is not).
    same_above: Vec<bool>,
}

/// A tile's colours in order of first appearance (rows top down); each pixel's index among them, held by its
/// deflate codes ([`TileCodes::indices`], which are made from them); and for each row the colours it shows in order
/// of first appearance in that row: the order in which a scan of the row meets them, so the order in which the
/// picture's palette must be asked for them.
struct LocalColours {
    colours: Vec<u32>,
    codes: Arc<TileCodes>,
    row_colours: Vec<Vec<u8>>,
    /// The tile's indices in the last picture that showed it: the next start-like position's palette usually gives
    /// its colours the same indices, and then its rows need no translating.
    kept: Mutex<Option<Arc<Translation>>>,
}

impl TileArt {
    fn new(pixels: Vec<u32>, side: usize) -> TileArt {
        let mut palette = Palette::new();
        let mut indices = vec![0; pixels.len()];
        let mut row_colours = Vec::with_capacity(side);
        let mut local = Some(());
        for (row, out) in pixels.chunks_exact(side.max(1)).zip(indices.chunks_exact_mut(side.max(1))) {
            if palette.index_row(row, out).is_none() {
                local = None;
                break;
            }
            // The row's colours in order of first appearance: 256 flags, cleared for the next row.
            let mut seen = [false; 256];
            let mut order = Vec::new();
            for &i in out.iter() {
                if !std::mem::replace(&mut seen[usize::from(i)], true) {
                    order.push(i);
                }
            }
            row_colours.push(order);
        }
        let local = local.map(|()| {
            // Each colour as the pixel that brought it (indices are given in order of first appearance).
            let mut colours = Vec::new();
            for (&pixel, &i) in pixels.iter().zip(&indices) {
                if usize::from(i) == colours.len() {
                    colours.push(pixel);
                }
            }
            LocalColours {
                colours,
                codes: Arc::new(TileCodes::new(indices, side)),
                row_colours,
                kept: Mutex::new(None),
            }
        });
        TileArt { same_above: same_above(&pixels, side), pixels, local }
    }

    /// A tile of its own (a square under an arrow or circle): its rows indexed pixel by pixel.
    fn unshared(pixels: Vec<u32>, side: usize) -> TileArt {
        TileArt { same_above: same_above(&pixels, side), pixels, local: None }
    }

    fn bytes(&self) -> usize {
        // (The kept translation: a byte a pixel.)
        self.pixels.len() * 4
            + self.local.as_ref().map_or(0, |l| l.colours.len() * 4 + l.codes.bytes() + self.pixels.len())
    }
}

/// Whether each row of `side`-pixel rows is the same as the row above it (the first is not).
fn same_above(pixels: &[u32], side: usize) -> Vec<bool> {
    let rows: Vec<&[u32]> = pixels.chunks_exact(side.max(1)).collect();
    (0..rows.len()).map(|y| y > 0 && same_pixels(rows[y], rows[y - 1])).collect()
}

/// Whether two rows of pixels are the same, compared pixel by pixel: the slices' `==` is wasm's `memcmp`, a byte at
/// a time.
fn same_pixels(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a == b)
}

/// How a square is filled: one colour, or the hatching at a phase (`(x + y) % period` of its top-left pixel).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    Solid(Rgb),
    Hatched(u32),
}

/// What a tile's RGB pixels are a function of: the square's side, its paint (the hatching's phase with it), its
/// sprite's key and its marks. The key of [`TILES`].
#[derive(Clone, PartialEq, Eq, Hash)]
struct TileKey {
    side: u32,
    /// The fill colour, or paper and ink of the hatching.
    paint: (u32, u32),
    /// The hatching's phase, `u32::MAX` for a solid fill.
    phase: u32,
    sprite: Option<sprite::Key>,
    /// The marks in painting order: a highlight's colour and opacity; `u32::MAX` and a border's thickness;
    /// `u32::MAX - 1` for the glow; `u32::MAX - 2` and an X's colour.
    marks: Vec<(u32, u32)>,
}

impl TileKey {
    /// The key of a square's tile: its `side`, its fill (of its paint), its sprite's key and its marks.
    fn new(
        side: u32,
        (fill, paint): (Fill, SquarePaint),
        sprite: Option<sprite::Key>,
        marks: &[MarkPaint],
    ) -> Option<TileKey> {
        let (paint, phase) = match (fill, paint) {
            (Fill::Hatched(phase), SquarePaint::Hatched { paper, ink }) => ((paper.to_pixel(), ink.to_pixel()), phase),
            (Fill::Solid(c), _) => ((c.to_pixel(), 0), u32::MAX),
            _ => return None,
        };
        // (A pixel's top byte is 0, so the three marks that are not tints never look like one.)
        let mark_key = |mark: &MarkPaint| match *mark {
            MarkPaint::Tint { rgb, alpha } => (rgb.to_pixel(), u32::from(alpha)),
            MarkPaint::Border { thickness } => (u32::MAX, thickness),
            MarkPaint::Glow => (u32::MAX - 1, 0),
            MarkPaint::Cross { rgb } => (u32::MAX - 2, rgb.to_pixel()),
        };
        Some(TileKey { side, paint, phase, sprite, marks: marks.iter().map(mark_key).collect() })
    }
}

/// The tile `art` of the square at `rect` with the overlays' ink over it, clipped to it, in their order: a tile of
/// its own. Its colours where the overlays ink it are counted into `census`.
fn overlaid(art: &TileArt, rect: Rect, overlays: &[OverlayLayer], census: Option<&mut Census>) -> Arc<TileArt> {
    let (x, y) = (i64::from(rect.x), i64::from(rect.y));
    let mut image = Image { width: rect.width, height: rect.height, pixels: art.pixels.clone() };
    for OverlayLayer { layer, spans, .. } in overlays {
        let inked = layer.mask.inked(layer.ink).within(spans);
        image.draw(&inked, layer.x - x, layer.y - y);
    }
    if let Some(census) = census {
        for overlay in overlays {
            census.add_overlay(&image, (x, y), overlay);
        }
    }
    Arc::new(TileArt::unshared(image.pixels, rect.width as usize))
}

/// The tiles' RGB pixels drawn in this isolate, with the bytes they hold: a warm isolate meets the same squares in
/// diagram after diagram (the twelve pieces on two colours at the sizes in use), and drawing a sprite onto its square
/// is a large share of a miss (docs/cost.md). Emptied when it would hold more than [`TILE_BUDGET_BYTES`]. The pixels
/// are a pure function of the key, so a cached tile and a new one are the same picture.
type TileCache = Mutex<(HashMap<TileKey, Arc<TileArt>>, usize)>;

/// The most bytes of tile pixels kept (a full set of 24 tiles at 128 px is 1.6 MB).
const TILE_BUDGET_BYTES: usize = 8 << 20;

static TILES: OnceLock<TileCache> = OnceLock::new();

/// Empties the tile cache (for benchmarks of the cold path, with the sprite cache).
pub(crate) fn clear_tile_cache() {
    if let Some(cache) = TILES.get() {
        let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
        guard.0.clear();
        guard.1 = 0;
    }
}

/// The tile `key`, from the cache or drawn now by `draw` (`side`×`side` RGB pixels).
fn tile_art(key: TileKey, side: usize, draw: impl FnOnce() -> Vec<u32>) -> Arc<TileArt> {
    let cache = TILES.get_or_init(|| Mutex::new((HashMap::new(), 0)));
    if let Some(hit) = cache.lock().unwrap_or_else(|e| e.into_inner()).0.get(&key) {
        return Arc::clone(hit);
    }
    let pixels = Arc::new(TileArt::new(draw(), side));
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let (map, bytes) = &mut *guard;
    let size = pixels.bytes();
    if *bytes + size > TILE_BUDGET_BYTES {
        map.clear();
        *bytes = 0;
    }
    *bytes += size;
    // Another thread may have drawn it meanwhile (host tests run in parallel; an isolate has one thread): the one
    // replaced is no longer counted.
    if let Some(replaced) = map.insert(key, Arc::clone(&pixels)) {
        *bytes = bytes.saturating_sub(replaced.bytes());
    }
    pixels
}

/// The part of the picture outside the framed board, drawn in RGB: a strip of `image` at (`x`, `y`).
struct Strip {
    x: i64,
    y: i64,
    image: Image,
}

impl Strip {
    fn new(x: u32, y: u32, width: u32, height: u32, background: Rgb) -> Strip {
        Strip { x: i64::from(x), y: i64::from(y), image: Image::new(width, height, background) }
    }

    /// Row `y` of the picture, inside the strip.
    fn row(&self, y: usize) -> &[u32] {
        let (w, y) = (self.image.width as usize, y - self.y as usize);
        &self.image.pixels[y * w..(y + 1) * w]
    }

    /// Whether row `y` of the picture is the same as the row above it, inside the strip.
    #[inline]
    fn same_above(&self, y: usize) -> bool {
        same_pixels(self.row(y), self.row(y - 1))
    }
}

/// The pixels (x0, y0, x1, y1; end exclusive) `mask` inks placed at (`x`, `y`), in picture coordinates; `None` if
/// it inks none.
fn inked_box(mask: &Mask, x: i64, y: i64) -> Option<(i64, i64, i64, i64)> {
    spans_box(&mask.ink_spans(), x, y)
}

/// The box of the rows' ink `spans` ([`Mask::ink_spans`]) placed at (`x`, `y`), as [`inked_box`].
fn spans_box(spans: &[Range<usize>], x: i64, y: i64) -> Option<(i64, i64, i64, i64)> {
    let y0 = spans.iter().position(|s| !s.is_empty())?;
    let y1 = spans.iter().rposition(|s| !s.is_empty())? + 1;
    let inked = spans[y0..y1].iter().filter(|s| !s.is_empty());
    let x0 = inked.clone().map(|s| s.start).min()?;
    let x1 = inked.map(|s| s.end).max()?;
    Some((x + x0 as i64, y + y0 as i64, x + x1 as i64, y + y1 as i64))
}

/// An arrow or circle: its layer, the rows' ink spans and the box of its ink (picture coordinates).
struct OverlayLayer {
    layer: PlacedMask,
    spans: Vec<Range<usize>>,
    ink: (i64, i64, i64, i64),
}

impl OverlayLayer {
    fn new(layer: PlacedMask) -> Option<OverlayLayer> {
        let spans = layer.mask.ink_spans();
        let ink = spans_box(&spans, layer.x, layer.y)?;
        Some(OverlayLayer { layer, spans, ink })
    }

    /// Whether it inks any pixel of `rect` (picture coordinates): only the columns of each row's span are looked at.
    fn inks_within(&self, rect: Rect) -> bool {
        let Mask { width, height, data } = &self.layer.mask;
        let clip = |start: i64, len: u32, origin: i64, extent: usize| {
            let a = (start - origin).clamp(0, extent as i64) as usize;
            let b = (start + i64::from(len) - origin).clamp(0, extent as i64) as usize;
            a..b
        };
        let (xs, ys) = (
            clip(i64::from(rect.x), rect.width, self.layer.x, *width),
            clip(i64::from(rect.y), rect.height, self.layer.y, *height),
        );
        ys.into_iter().any(|y| {
            let span = &self.spans[y];
            let (a, b) = (xs.start.max(span.start), xs.end.min(span.end));
            a < b && data[y * width + a..y * width + b].iter().any(|&v| v != 0)
        })
    }
}

/// Index rows of a strip, each given its indices once: a row equal to the strip's previous one (a blank row of a
/// band, a margin beside a square's rows without a label) copies the indices that row got.
#[derive(Default)]
struct StripRows {
    /// The previous row of the strip, if any, and its indices.
    previous: Option<usize>,
    indices: Vec<u8>,
}

impl StripRows {
    /// Appends the indices of row `y` of `strip` to `out`.
    fn index(&mut self, strip: &Strip, y: usize, palette: &mut Palette, out: &mut Vec<u8>) -> Option<()> {
        let row = strip.row(y);
        if !self.previous.is_some_and(|before| same_pixels(strip.row(before), row)) {
            self.indices.resize(row.len(), 0);
            palette.index_row(row, &mut self.indices)?;
        }
        self.previous = Some(y);
        out.extend_from_slice(&self.indices);
        Some(())
    }
}

/// A box of pixels: x0, y0, x1, y1 (end exclusive), picture coordinates.
type PixelBox = (i64, i64, i64, i64);

/// The colours a picture will show, counted before its first row is written, so that rows are written packed at
/// its bit depth (writing a 4-bit picture a byte a pixel and packing it afterwards costs a pass over it). At
/// least the picture's colours: the frame's ink (asked for on every row of squares), the strips' (each shows all
/// its pixels: its background, and the text's blends, [`Census::add_text`]), every tile's (each shows all its rows:
/// a row not asked for is the same as the one above it); a square under an arrow or circle counts its tile's
/// colours and those where the overlays ink it, so that an overlay hiding all of a colour counts one too many (the
/// picture is then packed again, [`png::repack`]).
/// It stops at the 17th colour: more take 8 bits too (and the painter's palette still stops at the 257th).
struct Census {
    colours: Palette,
    /// More than 16 colours: 8 bits, whatever else is counted (text and arrows are blends of many colours: the
    /// count of a furnished diagram stops at its first lines, where a full count costs a large share of a miss).
    eight_bits: bool,
}

impl Census {
    fn new() -> Census {
        let mut census = Census { colours: Palette::new(), eight_bits: false };
        census.add(&[INK.to_pixel()]);
        census
    }

    fn add(&mut self, pixels: &[u32]) {
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
    fn add_overlay(&mut self, tile: &Image, (x, y): (i64, i64), overlay: &OverlayLayer) {
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
    fn add_text(
        &mut self,
        strips: &[Strip],
        (background, ink): (Rgb, Rgb),
        (layers, inked): (&[(&Mask, i64, i64)], &[PixelBox]),
    ) -> bool {
        if self.eight_bits {
            return true; // (nothing more to count)
        }
        let overlap = |a: &PixelBox, b: &PixelBox| a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
        if inked.iter().enumerate().any(|(i, a)| inked[i + 1..].iter().any(|b| overlap(a, b))) {
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
            let mut pixel = Image::new(1, 1, background);
            pixel.draw(&Mask { width: 1, height: 1, data: vec![c] }.inked(ink), 0, 0);
            self.add(&pixel.pixels);
        }
        true
    }

    /// A strip's colours: its `background` but where a layer inked it, inside the boxes `inked`.
    fn add_strip(&mut self, strip: &Strip, background: Rgb, inked: &[PixelBox]) {
        if strip.image.pixels.is_empty() {
            return;
        }
        self.add(&[background.to_pixel()]);
        for &ink_box in inked {
            self.add_box(&strip.image, (strip.x, strip.y), ink_box);
        }
    }

    /// The bit depth of a picture of at least as many colours as counted.
    fn depth(&self) -> u8 {
        if self.eight_bits {
            8
        } else {
            png::depth_for(self.colours.rgb.len() / 3)
        }
    }
}

/// A picture's PNG scanlines at the depth they are written at, row by row: below 8 bits a row's pixels gathered as
/// indices (`pending`) and packed where a whole byte ends, a square's row on whole bytes packed once and copied
/// packed where it shows again; at 8 bits the indices themselves.
struct Scanlines {
    depth: u8,
    /// Pixels a byte (1, 2, 4 or 8) as a shift: divisions by a number not known when compiling cost tens of
    /// cycles in wasm, a few a square.
    per_byte_log2: u32,
    /// A scanline's bytes: the filter byte and the samples.
    stride: usize,
    lines: Vec<u8>,
    /// Bytes of `lines` (start, length) to be copied next: squares' rows next to each other that were written next
    /// to each other before (a rank like an earlier one: one copy, not one a square).
    copy: (usize, usize),
    /// The indices of the row being written that are not packed yet, after `copy` (at most one of them is not
    /// empty; the bytes before them are written, whole).
    pending: Vec<u8>,
    /// Where in `lines` each tile's row (tile × side + row) was first written on whole bytes (`u32::MAX`: not yet;
    /// a picture's scanlines are at most [`crate::draw::layout::MAX_IMAGE_PIXELS`] bytes and a few): copied from
    /// there wherever it shows so again.
    tile_rows_at: Vec<u32>,
}

impl Scanlines {
    /// Scanlines of `width` × `height` pixels at `depth` bits, of squares of `tiles` tiles of `side` pixels.
    fn new((width, height): (usize, usize), depth: u8, (tiles, side): (usize, usize)) -> Scanlines {
        let per_byte = 8 / usize::from(depth);
        let stride = 1 + width.div_ceil(per_byte);
        Scanlines {
            depth,
            per_byte_log2: per_byte.trailing_zeros(),
            stride,
            lines: Vec::with_capacity(stride * height),
            copy: (0, 0),
            pending: Vec::with_capacity(width),
            tile_rows_at: if depth < 8 { vec![u32::MAX; tiles * side] } else { Vec::new() },
        }
    }

    /// Starts a row (its filter byte: 0, none); its indices go into what this returns.
    fn start_row(&mut self) -> &mut Vec<u8> {
        self.lines.push(0);
        self.indices()
    }

    /// Where the row's next indices go (after what is to be copied): at 8 bits the scanlines themselves (an index
    /// is a byte).
    #[inline]
    fn indices(&mut self) -> &mut Vec<u8> {
        self.flush_copy();
        if self.depth == 8 {
            &mut self.lines
        } else {
            &mut self.pending
        }
    }

    /// Whether `pixels` packed samples, a whole number of bytes, may be given next: the row so far ends on a byte.
    fn on_byte(&self, pixels: usize) -> bool {
        let within_a_byte = (1 << self.per_byte_log2) - 1;
        (self.pending.len() | pixels) & within_a_byte == 0
    }

    /// Appends row `ty` of tile `id` (`side` pixels) below 8 bits, where [`Scanlines::on_byte`]: packed the first
    /// time, then copied from there (with the squares before it where they were next to each other there too).
    fn put_tile_row(&mut self, (id, tile): (usize, &mut Tile), palette: &mut Palette, ty: usize) -> Option<()> {
        let side = tile.rows.len();
        debug_assert!(self.depth < 8, "8-bit rows are copied from the tiles");
        let slot = id * side + ty;
        let at = self.tile_rows_at[slot] as usize;
        if at == u32::MAX as usize {
            self.flush();
            self.tile_rows_at[slot] = u32::try_from(self.lines.len()).ok()?;
            png::pack_row(tile.row(palette, ty, side)?, self.depth, &mut self.lines);
        } else {
            if !self.pending.is_empty() {
                self.flush();
            }
            let bytes = side >> self.per_byte_log2;
            match &mut self.copy {
                (start, len) if *len > 0 && *start + *len == at => *len += bytes,
                _ => {
                    self.flush_copy();
                    self.copy = (at, bytes);
                }
            }
        }
        Some(())
    }

    /// Writes what is to be copied.
    fn flush_copy(&mut self) {
        if self.copy.1 > 0 {
            let (start, len) = std::mem::take(&mut self.copy);
            self.lines.extend_from_within(start..start + len);
        }
    }

    /// Writes what is to be copied and packs the indices gathered (on whole bytes, or at the row's end).
    fn flush(&mut self) {
        self.flush_copy();
        if !self.pending.is_empty() {
            png::pack_row(&self.pending, self.depth, &mut self.lines);
            self.pending.clear();
        }
    }

    /// Ends the row: the last of its indices packed (a last partial byte padded with zero bits).
    fn end_row(&mut self) {
        self.flush();
        debug_assert!(self.lines.len().is_multiple_of(self.stride));
    }

    /// A row the same as the one above.
    fn copy_row_above(&mut self) {
        let start = self.lines.len();
        self.lines.extend_from_within(start - self.stride..start);
    }
}

/// The palette painter: the scene of a diagram for which [`indexed_path_applies`], drawn in palette indices; `None`
/// if it has more than 256 colours, or shows anything this painter does not draw (then the RGB painter draws it).
pub(crate) fn paint(scene: &Scene) -> Option<IndexedPicture> {
    let mut painting = Painting::new(scene)?;
    painting.count_strip_colours();
    painting.write(painting.depth())
}

/// Where a picture's parts are, in pixels (end exclusive): `files` × `ranks` squares of `square` pixels at
/// `[sx0, sx1) × [sy0, sy1)`, inside the framed board `[bx0, bx1) × [by0, by1)` (a frame `frame` pixels wide), in a
/// picture of `width` × `height`.
#[derive(Clone, Copy)]
struct Geometry {
    files: usize,
    ranks: usize,
    square: usize,
    frame: usize,
    width: usize,
    height: usize,
    sx0: usize,
    sy0: usize,
    sx1: usize,
    sy1: usize,
    bx0: usize,
    by0: usize,
    bx1: usize,
    by1: usize,
}

impl Geometry {
    /// The scene's; `None` where the framed board does not fit in the picture.
    fn of(scene: &Scene) -> Option<Geometry> {
        let l = &scene.layout;
        let (files, ranks) = scene.files_ranks;
        let (square, frame, width, height) = (l.square as usize, l.frame as usize, l.width as usize, l.height as usize);
        let (sx0, sy0) = (l.board_x as usize, l.board_y as usize);
        let (sx1, sy1) = (sx0 + files * square, sy0 + ranks * square);
        let (bx0, by0, bx1, by1) = (sx0.checked_sub(frame)?, sy0.checked_sub(frame)?, sx1 + frame, sy1 + frame);
        let geometry = Geometry { files, ranks, square, frame, width, height, sx0, sy0, sx1, sy1, bx0, by0, bx1, by1 };
        (bx1 <= width && by1 <= height).then_some(geometry)
    }

    /// Whether the box lies inside the squares.
    fn inside_squares(&self, (x0, y0, x1, y1): PixelBox) -> bool {
        x0 >= self.sx0 as i64 && y0 >= self.sy0 as i64 && x1 <= self.sx1 as i64 && y1 <= self.sy1 as i64
    }

    /// Whether the box lies outside the framed board.
    fn outside_board(&self, (x0, y0, x1, y1): PixelBox) -> bool {
        x1 <= self.bx0 as i64 || x0 >= self.bx1 as i64 || y1 <= self.by0 as i64 || y0 >= self.by1 as i64
    }

    /// Whether every square starts on a byte at `depth` bits a pixel, so that its rows can be packed once and
    /// copied packed.
    fn squares_on_bytes(&self, depth: u8) -> bool {
        let per_byte = 8 / usize::from(depth);
        self.sx0.is_multiple_of(per_byte) && self.square.is_multiple_of(per_byte)
    }

    /// The four strips around the framed board (above it, left of it, right of it, below it) in `background`, with
    /// the text `layers` drawn into them in `ink`.
    fn strips(&self, background: Rgb, layers: &[TextLayer], ink: Rgb) -> [Strip; 4] {
        let (board_rows, u) = ((self.by1 - self.by0) as u32, |n: usize| n as u32);
        let mut strips = [
            Strip::new(0, 0, u(self.width), u(self.by0), background),
            Strip::new(0, u(self.by0), u(self.bx0), board_rows, background),
            Strip::new(u(self.bx1), u(self.by0), u(self.width - self.bx1), board_rows, background),
            Strip::new(0, u(self.by1), u(self.width), u(self.height - self.by1), background),
        ];
        for strip in &mut strips {
            for &(mask, x, y) in layers {
                strip.image.draw(&mask.inked(ink), x - strip.x, y - strip.y);
            }
        }
        strips
    }
}

/// The strips of [`Geometry::strips`], by place.
const TOP: usize = 0;
const LEFT: usize = 1;
const RIGHT: usize = 2;
const BOTTOM: usize = 3;

/// A layer of text outside the board (a coordinate, a line of the title, caption or count): its coverage, and where
/// it goes in the picture.
type TextLayer<'a> = (&'a Mask, i64, i64);

/// The scene's coordinates and its lines of text `texts` (their layers, [`text_line_layer`]), as layers to draw.
fn text_layers<'a>(scene: &'a Scene, texts: &'a [PlacedMask]) -> Vec<TextLayer<'a>> {
    (scene.labels.iter())
        .map(|label| (&label.coverage.mask, label.left, label.top))
        .chain(texts.iter().map(|text| (&text.mask, text.x, text.y)))
        .collect()
}

/// A diagram for the palette painter, ready to be written row by row: its geometry, what lies around the board
/// (drawn in RGB strips), each square's tile, and the census of its colours.
struct Painting<'s> {
    scene: &'s Scene,
    geometry: Geometry,
    background: Rgb,
    /// The lines of text around the board, as layers (the coordinates are the scene's labels).
    texts: Vec<PlacedMask>,
    /// Where each text layer inks: the strips' pixels elsewhere are their background.
    inked: Vec<PixelBox>,
    /// Top, left, right and bottom ([`TOP`], …).
    strips: [Strip; 4],
    tiles: Vec<Tile>,
    /// Each square's tile, in display order (rows top down, left to right).
    tile_of: Vec<usize>,
    /// The colours the picture will show, where the squares start on bytes at 4 bits (elsewhere the rows are
    /// written at 8 bits: no census).
    census: Option<Census>,
}

impl<'s> Painting<'s> {
    /// The scene prepared for writing, the tiles' colours counted; `None` where it shows anything this painter does
    /// not draw: holes, lines between squares, a see-through background or square, an arrow or circle reaching
    /// outside the squares, text reaching into the framed board.
    fn new(scene: &'s Scene) -> Option<Painting<'s>> {
        let g = Geometry::of(scene)?;
        let Paint::Solid(background) = scene.background else { return None };
        if scene.squares.len() != g.files * g.ranks || !scene.holes.is_empty() || !scene.grid.is_empty() {
            return None; // holes or lines between squares: the RGB painter's
        }
        // Arrows and circles, each inside the squares.
        let overlays: Vec<OverlayLayer> = (scene.furniture().over.iter())
            .filter_map(|overlay| overlay_layer(overlay, scene.layout.width, scene.layout.height))
            .filter_map(OverlayLayer::new)
            .collect();
        if !overlays.iter().all(|overlay| g.inside_squares(overlay.ink)) {
            return None;
        }
        // The coordinates and the text around the board (all in the text ink), each outside the framed board: drawn
        // into the strips.
        let texts: Vec<PlacedMask> =
            scene.text_lines().filter_map(|line| text_line_layer(line, scene.text_ink)).collect();
        let layers = text_layers(scene, &texts);
        let mut inked = Vec::with_capacity(layers.len());
        for &(mask, x, y) in &layers {
            if let Some(ink_box) = inked_box(mask, x, y) {
                if !g.outside_board(ink_box) {
                    return None;
                }
                inked.push(ink_box);
            }
        }
        let strips = g.strips(background, &layers, scene.text_ink);
        // The bit depth the rows are written at is known before the first row: the picture's, from a census of its
        // colours, where the squares start on bytes at it, so that their rows are copied packed. Where they start
        // inside a byte (a 1-px frame at the default size, a 3-px one at `size=96`), 8 bits (every square's row
        // then starts on a byte), packed once at the end: cheaper than packing each row as it is made. Squares
        // starting on odd pixels start inside a byte at every depth but 8: no census.
        let mut census = g.squares_on_bytes(4).then(Census::new);
        let (tiles, tile_of) = square_tiles(scene, &overlays, census.as_mut())?;
        Some(Painting { scene, geometry: g, background, texts, inked, strips, tiles, tile_of, census })
    }

    /// Counts the strips' colours into the census, where one is taken and the squares start on bytes at the depth
    /// of the tiles' colours (more colours only make a byte hold fewer pixels, so squares on bytes then are on bytes
    /// at any depth the strips add). Returns whether they were counted from the text layers' coverages, not pixel
    /// by pixel ([`Census::add_text`]); `None` where they were not counted.
    fn count_strip_colours(&mut self) -> Option<bool> {
        let geometry = self.geometry;
        let census = self.census.as_mut().filter(|census| geometry.squares_on_bytes(census.depth()))?;
        let layers = text_layers(self.scene, &self.texts);
        let by_text = census.add_text(&self.strips, (self.background, self.scene.text_ink), (&layers, &self.inked));
        if !by_text {
            for strip in &self.strips {
                census.add_strip(strip, self.background, &self.inked);
            }
        }
        Some(by_text)
    }

    /// The bit depth the rows are written at, after [`Painting::count_strip_colours`]: the census's where the
    /// squares start on bytes at it, else 8.
    fn depth(&self) -> u8 {
        match &self.census {
            Some(census) if self.geometry.squares_on_bytes(census.depth()) => census.depth(),
            _ => 8,
        }
    }

    /// The picture, its rows written at `depth` bits (at least the census's) and packed at its own depth if that is
    /// fewer bits; `None` at a 257th colour.
    fn write(&mut self, depth: u8) -> Option<IndexedPicture> {
        let g = self.geometry;
        let out = Scanlines::new((g.width, g.height), depth, (self.tiles.len(), g.square));
        let mut rows = RowWriter {
            strips: &self.strips,
            out,
            palette: Palette::new(),
            strip_rows: Default::default(),
            same_above: Vec::new(),
        };
        for y in 0..g.by0 {
            rows.strip_row(TOP, y)?;
        }
        // The frame is a closed ring of ink (no holes) around the squares.
        for y in g.by0..g.sy0 {
            rows.frame_row(y, g.bx1 - g.bx0)?;
        }
        for dy in 0..g.ranks {
            let band = &self.tile_of[dy * g.files..(dy + 1) * g.files];
            for ty in 0..g.square {
                rows.band_row(&g, (g.sy0 + dy * g.square + ty, ty), band, &mut self.tiles)?;
            }
        }
        for y in g.sy1..g.by1 {
            rows.frame_row(y, g.bx1 - g.bx0)?;
        }
        for y in g.by1..g.height {
            rows.strip_row(BOTTOM, y)?;
        }
        let RowWriter { out, palette, same_above, .. } = rows;
        debug_assert_eq!(out.lines.len(), g.height * (1 + g.width.div_ceil(8 / usize::from(depth))));
        let colours = palette.rgb.len() / 3;
        // Written at more bits than the colours need (a byte a pixel, or counted more colours than the picture has:
        // an overlay hid all of one): packed at the picture's depth. (Never fewer: the census counts every colour.)
        let fewer = png::depth_for(colours);
        if fewer > depth {
            debug_assert!(false, "{colours} colours written at {depth} bits");
            return None;
        }
        let scanlines =
            if fewer == depth { out.lines } else { png::repack(&out.lines, g.width, depth, fewer, &same_above) };
        for tile in &self.tiles {
            tile.keep();
        }
        let band_plan = self.band_plan(same_above);
        let (width, height) = (g.width as u32, g.height as u32);
        Some(IndexedPicture { width, height, palette: palette.rgb, depth: fewer, scanlines, band_plan })
    }

    /// What the encoder is told of the rows: each band of squares as spans of its rows (the left margin and frame;
    /// each square, a copy of the nearest same tile to its left, or its tile's code; the frame and right margin),
    /// and the rows written as copies of the row above (`same_above`).
    fn band_plan(&self, same_above: Vec<bool>) -> BandPlan {
        let g = &self.geometry;
        let bands = (0..g.ranks)
            .map(|dy| {
                let row = &self.tile_of[dy * g.files..(dy + 1) * g.files];
                let code = |&id: &usize| self.tiles[id].art.local.as_ref().map(|l| Arc::clone(&l.codes));
                let mut spans = vec![Span::Search(g.sx0)];
                spans.extend(Span::squares(row, g.square, code));
                spans.push(Span::Search(g.width - g.sx1));
                spans
            })
            .collect();
        BandPlan { first_row: g.sy0, band_rows: g.square, bands, same_above, any_size: false }
    }
}

/// Each square's tile (in display order) and the tiles, each new tile's colours counted into `census`. A tile is
/// found by its fill, marks and its sprite's key: a linear search, as a diagram has a few dozen tiles and even 1,024
/// of them cost less than a millisecond, where a hash map of sprite keys would add 3 KB to the gzipped wasm. The
/// sprite itself is fetched only to draw a tile the tile cache does not hold. A square under an overlay is a tile
/// of its own. `None` where a mark covers no square or a square is see-through (the RGB painter's).
fn square_tiles(
    scene: &Scene,
    overlays: &[OverlayLayer],
    mut census: Option<&mut Census>,
) -> Option<(Vec<Tile>, Vec<usize>)> {
    let (marks, elsewhere) = scene.marks_by_square();
    if !elsewhere.is_empty() {
        return None;
    }
    let hatch = hatching(scene.layout.square);
    let mut tiles: Vec<Tile> = Vec::new();
    let mut tile_of = Vec::with_capacity(scene.squares.len());
    for (square, marks) in scene.squares.iter().zip(&marks) {
        let rect = square.rect;
        let fill = match square.paint {
            SquarePaint::Solid(c) => Fill::Solid(c),
            SquarePaint::Hatched { .. } => Fill::Hatched((rect.x + rect.y) % hatch.period),
            SquarePaint::Clear => return None,
        };
        let overlaid = overlays.iter().any(|overlay| overlay.inks_within(rect));
        let same = |t: &Tile| !t.overlaid && t.fill == fill && t.marks == *marks && t.sprite == square.sprite;
        let found = if overlaid { None } else { tiles.iter().position(same) };
        let id = match found {
            Some(id) => id,
            None => {
                let over = overlaid.then_some(overlays);
                tiles.push(Tile::new((square, fill, marks), over, census.as_deref_mut())?);
                tiles.len() - 1
            }
        };
        tile_of.push(id);
    }
    Some((tiles, tile_of))
}

/// Appends `n` pixels of ink (the frame) to `pending`, its index taken in scan order like every colour's.
#[inline]
fn push_ink(palette: &mut Palette, pending: &mut Vec<u8>, n: usize) -> Option<()> {
    let ink = palette.index_of(INK.to_pixel())?;
    pending.resize(pending.len() + n, ink);
    Some(())
}

/// The picture's rows as they are written, top down: the scanlines, the palette as it grows (in scan order), each
/// strip's index rows, and which rows were written as copies of the row above.
struct RowWriter<'a> {
    strips: &'a [Strip; 4],
    out: Scanlines,
    palette: Palette,
    strip_rows: [StripRows; 4],
    same_above: Vec<bool>,
}

impl RowWriter<'_> {
    /// Row `y` of the picture above or below the framed board: the row of strip `strip` ([`TOP`] or [`BOTTOM`]).
    #[inline]
    fn strip_row(&mut self, strip: usize, y: usize) -> Option<()> {
        self.strip_rows[strip].index(&self.strips[strip], y, &mut self.palette, self.out.start_row())?;
        self.out.end_row();
        Some(())
    }

    /// Row `y` of the frame above or below the squares: the left strip's row, `ink` pixels of the frame, the right
    /// strip's row.
    #[inline]
    fn frame_row(&mut self, y: usize, ink: usize) -> Option<()> {
        let pending = self.out.start_row();
        self.strip_rows[LEFT].index(&self.strips[LEFT], y, &mut self.palette, pending)?;
        push_ink(&mut self.palette, pending, ink)?;
        self.strip_rows[RIGHT].index(&self.strips[RIGHT], y, &mut self.palette, pending)?;
        self.out.end_row();
        Some(())
    }

    /// Row `y` of the picture, row `ty` of the band of squares whose tiles are `band`: the left strip's row, the
    /// frame, each square's row, the frame, the right strip's row. A row the same as the row above in every tile of
    /// the band and in both margins (an empty square's rows, the rows above and below the pieces) is the row above:
    /// copied, its tiles' rows not asked for (half the rows of a large start position).
    fn band_row(&mut self, g: &Geometry, (y, ty): (usize, usize), band: &[usize], tiles: &mut [Tile]) -> Option<()> {
        let (left, right) = (&self.strips[LEFT], &self.strips[RIGHT]);
        if ty > 0 && band.iter().all(|&id| tiles[id].art.same_above[ty]) && left.same_above(y) && right.same_above(y) {
            self.out.copy_row_above();
            self.same_above.resize(y, false);
            self.same_above.push(true);
            return Some(());
        }
        let pending = self.out.start_row();
        self.strip_rows[LEFT].index(left, y, &mut self.palette, pending)?;
        push_ink(&mut self.palette, pending, g.frame)?;
        self.squares_row(band, tiles, ty, g.square)?;
        let pending = self.out.indices();
        push_ink(&mut self.palette, pending, g.frame)?;
        self.strip_rows[RIGHT].index(right, y, &mut self.palette, pending)?;
        self.out.end_row();
        Some(())
    }

    /// Row `ty` of each square of the band whose tiles are `band`, squares `side` pixels wide.
    #[inline]
    fn squares_row(&mut self, band: &[usize], tiles: &mut [Tile], ty: usize, side: usize) -> Option<()> {
        if self.out.depth == 8 {
            // An index is a byte: each square's row as its tile has it (no call a square).
            let lines = self.out.indices();
            for &id in band {
                lines.extend_from_slice(tiles[id].row(&mut self.palette, ty, side)?);
            }
        } else {
            for &id in band {
                // A square's row on whole bytes is packed once a picture and copied; else its indices are packed
                // with the rest of the row.
                if self.out.on_byte(side) {
                    self.out.put_tile_row((id, &mut tiles[id]), &mut self.palette, ty)?;
                } else {
                    self.out.indices().extend_from_slice(tiles[id].row(&mut self.palette, ty, side)?);
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::render::{render_image, render_png};
    use crate::encode::png;
    use crate::notation::ffen::{self, Dialect};
    use crate::notation::paint::Paint;
    use crate::options::render_options::SquareSize;
    use crate::options::theme::Theme;
    use crate::testing::options_from;
    use proptest::prelude::*;

    /// Tile rows the painting's picture took from kept translations (after [`Painting::write`]).
    fn kept_rows(painting: &Painting) -> usize {
        painting.tiles.iter().map(|tile| tile.rows.iter().filter(|&&row| row == TileRow::Kept).count()).sum()
    }

    /// The PNG of the RGB path: draw in RGB, index, encode.
    fn rgb_path(board: &Board, options: &RenderOptions) -> Vec<u8> {
        png::encode(&render_image(board, options)).expect("encodes")
    }

    /// The palette painter's PNG of `board`, with the painter's plan.
    fn palette_path(board: &Board, options: &RenderOptions) -> Vec<u8> {
        encoded(paint(&Scene::build(board, options)).expect("drawn in palette indices"))
    }

    /// The PNG of the palette painter's `picture`, with its plan (as [`render_png`] encodes it).
    fn encoded(picture: IndexedPicture) -> Vec<u8> {
        let size = (picture.width, picture.height);
        png::encode_indexed(size, picture.palette, picture.depth, picture.scanlines, &picture.band_plan)
            .expect("encodes")
    }

    /// Where the encoder codes the bands from the tiles, and that it does: the lichess size (a 2-px frame, squares on
    /// whole bytes at 4 bits) and a 96-px fairy board (8 bits) are coded so, smaller than the search made them and
    /// the same scanlines; `size=96` at 4 bits (a 3-px frame: squares start inside a byte) is coded so too, the
    /// same scanlines; the default size (bands of a third of the window) is searched, byte for byte the RGB
    /// painter's PNG. And which sizes from 12 to 128, with and without coordinates, flipped or not, have squares
    /// coded starting inside bytes: from 96 px on, not at lichess' size nor at 128.
    #[test]
    fn large_pictures_are_coded_from_their_tiles() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let fairy = ffen::parse("-*1q1c*2T*2r3/*3n2''88'a/[Q:3][n:4][B:5][k:6]/8", Dialect::Janko).unwrap();
        for (board, o) in [(&start, options(90, false, Theme::Gray)), (&fairy, options(96, true, Theme::Green))] {
            let (png, rgb) = (palette_path(board, &o), rgb_path(board, &o));
            assert!(png != rgb && png.len() < rgb.len(), "{} {} {}", o.canonical(), png.len(), rgb.len());
            assert!(png::same_but_coding(&png, &rgb), "{}", o.canonical());
        }
        for o in [RenderOptions::default(), options(96, false, Theme::Gray)] {
            let l = crate::draw::layout::Layout::drawn(&start, &o);
            assert_eq!(crate::encode::deflate::may_code_from_tiles(l.square, l.width), o.size.pixels() == 96);
            let (png, rgb) = (palette_path(&start, &o), rgb_path(&start, &o));
            if o.size.pixels() == 96 {
                assert!(png != rgb && png::same_but_coding(&png, &rgb), "{}", o.canonical());
            } else {
                assert!(png == rgb, "{}", o.canonical());
            }
        }
        // Whether the picture's plan at 4 bits codes squares that start inside a byte.
        let coded_inside_bytes = |board: &Board, o: &RenderOptions| {
            let picture = paint(&Scene::build(board, o)).expect("the palette painter draws it");
            let four_bit_bytes = picture.height as usize * (1 + (picture.width as usize).div_ceil(2));
            picture.band_plan.codes_inside_bytes(4, four_bit_bytes)
        };
        let mut coded_inside = Vec::new();
        for size in 12..=128 {
            for (coords, flip) in [(false, false), (true, false), (true, true)] {
                let o = RenderOptions { coords, ..options(size, flip, Theme::Gray) };
                if coded_inside_bytes(&start, &o) {
                    coded_inside.push((size, coords));
                }
            }
        }
        // Both sides met: the 3-px frame from 96 px on, until the scanlines pass 512 KB at 4 bits; not the lichess
        // size (a 2-px frame, a 40-px margin) nor 128 px (searched quickly: an 8×8 board is not coded by stamps).
        assert!(coded_inside.contains(&(96, false)) && coded_inside.contains(&(96, true)), "{coded_inside:?}");
        assert!(!coded_inside.iter().any(|&(size, _)| size == 90 || size == 128), "{coded_inside:?}");
        // Other boards, and furniture whose text column moves the board's left edge: the same rule.
        let wide = "A title wider than the board, so that the board is centred under it";
        let ten = ffen::parse("K9/10/10/10/10/10/10/10/10/9k", Dialect::Janko).unwrap();
        let mut others = 0;
        for board in [&ten, &fairy] {
            for size in [93, 96, 97, 101, 112, 125] {
                for extra in [&[][..], &[("coords", "1")], &[("title", wide), ("count", "1")]] {
                    let size = size.to_string();
                    let pairs = [("size", size.as_str())].into_iter().chain(extra.iter().copied());
                    let o = RenderOptions::from_pairs(pairs).unwrap().for_board(board).unwrap();
                    others += usize::from(coded_inside_bytes(board, &o));
                }
            }
        }
        assert!(others > 0);
    }

    /// Pictures of boards larger than 8×8 of more than 1,024 × 1,024 pixels, coded from their tiles, whose tiles
    /// show twice or more on average, are coded by stamps: the same scanlines as the RGB path's PNG, other bytes;
    /// 8×8 boards and pictures of at most 1,024 × 1,024 pixels are not coded so (stamps gain little there).
    #[test]
    fn the_largest_pictures_are_coded_by_stamps() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let full = ffen::parse(
            &(0..32)
                .map(|y| (0..32).map(|x| char::from(b"KQRBNPkqrbnp"[(x + y) % 12])).collect::<String>())
                .collect::<Vec<_>>()
                .join("/"),
            Dialect::Janko,
        )
        .unwrap();
        let mixed = ffen::parse(
            &(0..16)
                .map(|y| ["(q3)(n4)(r5)(b6)", "(k2)(p2)(s3)(g1)", "(ca3)(Z)(c5)(t6)", "Qn(x4)(q6)"][y % 4].repeat(4))
                .collect::<Vec<_>>()
                .join("/"),
            Dialect::Bodlaender,
        )
        .unwrap();
        let ten =
            ffen::parse(&["pppppppppp/PPPPPPPPPP/nnnnnnnnnn/NNNNNNNNNN"; 3].join("/")[..109], Dialect::Janko).unwrap();
        assert_eq!((ten.width(), ten.height()), (10, 10));
        // Whether the picture's plan is coded by stamps at some bit depth.
        let by_stamps = |picture: &IndexedPicture| {
            let (w, h) = (picture.width as usize, picture.height as usize);
            [8u8, 4, 2, 1].iter().any(|&depth| {
                let per_byte = 8 / usize::from(depth);
                picture.band_plan.codes_by_stamps(depth, h * (1 + w.div_ceil(per_byte)))
            })
        };
        let cases: [(&Board, &[(&str, &str)]); 6] = [
            (&ten, &[("size", "104")]),
            (&ten, &[("size", "104"), ("coords", "1"), ("flip", "1"), ("theme", "print")]),
            (&ten, &[("size", "104"), ("coords", "1"), ("title", "Title"), ("squares", "Ge4"), ("arrows", "Ge2e4")]),
            (&full, &[("size", "60")]),
            (&full, &[("size", "68")]),
            (&mixed, &[("size", "66"), ("theme", "brown"), ("coords", "1")]),
        ];
        for (board, pairs) in cases {
            let o = RenderOptions::from_pairs(pairs.iter().copied()).unwrap().for_board(board).unwrap();
            let picture = paint(&Scene::build(board, &o)).expect("drawn in palette indices");
            let (w, h) = (picture.width as usize, picture.height as usize);
            assert!(w * h > 1 << 20, "{}", o.canonical());
            let (png, rgb) = (palette_path(board, &o), rgb_path(board, &o));
            assert!(png != rgb && png::same_but_coding(&png, &rgb), "{}", o.canonical());
            assert!(by_stamps(&picture), "{}", o.canonical());
        }
        // The sizes around the edge: coded by stamps only for a board larger than 8×8 of more than 1,024 × 1,024
        // pixels.
        let mut seen = (0, 0);
        for (board, sizes) in [(&start, 120..=128), (&ten, 96..=104), (&full, 28..=34)] {
            for size in sizes {
                for coords in [false, true] {
                    let o = RenderOptions { coords, ..options(size, false, Theme::Gray) }.for_board(board).unwrap();
                    let picture = paint(&Scene::build(board, &o)).expect("drawn in palette indices");
                    let (w, h) = (picture.width as usize, picture.height as usize);
                    let stamped = by_stamps(&picture);
                    let larger = board.width() * board.height() > 64;
                    assert!(!stamped || (w * h > 1 << 20 && larger), "{}", o.canonical());
                    if stamped {
                        seen.0 += 1
                    } else {
                        seen.1 += 1
                    }
                }
            }
        }
        assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
    }

    /// The census counts at least every colour of the picture where it counts (squares on bytes at 4 bits), the
    /// strips' from the text layers' coverages where the layers do not overlap: over sizes, themes, coordinates and
    /// text around the board, so that no row is written at too few bits.
    #[test]
    fn the_census_counts_every_colour_of_the_picture() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let empty = Board::empty(8, 8).unwrap();
        let texts: [&[(&str, &str)]; 4] = [
            &[("coords", "1")],
            &[("coords", "1"), ("count", "1"), ("caption", "#2 Circe")],
            &[("title", "Ladislav Šulc|Phénix 1999"), ("caption", "#2|b) wKe1-h1")],
            &[("coords", "1"), ("theme", "print"), ("title", "Problem 12")],
        ];
        let (mut counted, mut by_text) = (0, 0);
        for board in [&start, &empty] {
            for size in [12, 14, 20, 32, 44, 60, 64, 80, 90, 128] {
                for text in texts {
                    let size = size.to_string();
                    let pairs = text.iter().copied().chain([("size", size.as_str())]);
                    let o = RenderOptions::from_pairs(pairs).unwrap();
                    let scene = Scene::build(board, &o);
                    let mut painting = Painting::new(&scene).expect("drawn in palette indices");
                    let from_text = painting.count_strip_colours();
                    let census = painting.census.as_ref().map(|c| (c.colours.rgb.len() / 3, c.eight_bits));
                    let picture = painting.write(painting.depth()).expect("drawn in palette indices");
                    let (Some((colours, eight_bits)), Some(text)) = (census, from_text) else { continue };
                    assert!(eight_bits || colours >= picture.palette.len() / 3, "{}", o.canonical());
                    counted += 1;
                    by_text += usize::from(text);
                }
            }
        }
        assert!(counted >= 16 && by_text >= 16, "{counted} {by_text}");
    }

    /// A picture whose colours were counted as more than it has (an overlay hiding all of a colour) is packed again
    /// at its depth: the same scanlines as counted right, at 1, 2, 4 and 8 bits, with squares on whole bytes and
    /// inside them.
    #[test]
    fn pictures_counted_at_a_larger_depth_are_packed_at_theirs() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let empty = Board::empty(3, 2).unwrap();
        let two = RenderOptions::from_pairs([("light", "000000"), ("dark", "000000")]).unwrap();
        let cases = [
            (&empty, two, 1),
            (&empty, RenderOptions::default(), 2),
            (&start, options(90, false, Theme::Gray), 4),
            (&start, options(45, true, Theme::Gray), 4),
            (&start, options(40, false, Theme::Green), 8),
        ];
        for (board, o, depth) in cases {
            let scene = Scene::build(board, &o);
            let right = paint(&scene).expect("drawn in palette indices");
            assert_eq!(right.depth, depth, "{}", o.canonical());
            for counted in [2, 4, 8] {
                // (As if the census counted more colours than there are, as an overlay hiding a colour makes it.)
                let mut painting = Painting::new(&scene).expect("drawn in palette indices");
                painting.count_strip_colours();
                let again = painting.write(painting.depth().max(counted)).expect("drawn in palette indices");
                assert_eq!(again.depth, right.depth);
                assert!(again.scanlines == right.scanlines, "{} counted {counted} bits", o.canonical());
            }
        }
    }

    /// The rows the painter copies from the row above (the same in every tile of the band and in the margins) are
    /// flagged for the encoder, and each flagged row is the row above: every row of a band that is the one above it,
    /// at small and large sizes, flipped or not, with and without coordinates.
    #[test]
    fn rows_copied_from_the_row_above_are_flagged_and_are_the_row_above() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        for size in [12, 40, 90] {
            for coords in [false, true] {
                let o = RenderOptions { coords, ..options(size, size == 40, Theme::Gray) };
                let picture = paint(&Scene::build(&start, &o)).expect("drawn in palette indices");
                let stride = 1 + (picture.width as usize).div_ceil(8 / usize::from(picture.depth));
                let rows: Vec<&[u8]> = picture.scanlines.chunks_exact(stride).collect();
                let flagged: Vec<usize> = (picture.band_plan.same_above.iter().enumerate())
                    .filter_map(|(y, &same)| same.then_some(y))
                    .collect();
                for &y in &flagged {
                    assert!(y > 0 && rows[y] == rows[y - 1], "{} row {y}", o.canonical());
                }
                // Every row inside the squares' bands that is its band's row above is flagged (the first of a band
                // is compared by the encoder as any other).
                let l = crate::draw::layout::Layout::drawn(&start, &o);
                let (top, square) = (l.board_y as usize, l.square as usize);
                let equal =
                    (top..top + 8 * square).filter(|&y| (y - top) % square != 0 && rows[y] == rows[y - 1]).count();
                assert_eq!(flagged.len(), equal, "{}", o.canonical());
                // (Fewer beside the rank labels, which change the margin's rows.)
                let least = if coords { 1 } else { 8 * square / 3 };
                assert!(flagged.len() >= least, "{}: {} rows", o.canonical(), flagged.len());
            }
        }
    }

    /// `png` (the palette painter's) is the PNG `rgb` (the RGB painter's) is: byte for byte, or, where the encoder
    /// may code the bands of squares from their tiles, the same chunks and the same scanlines.
    fn assert_same_png(board: &Board, options: &RenderOptions, png: &[u8], rgb: &[u8]) {
        let l = crate::draw::layout::Layout::drawn(board, options);
        if crate::encode::deflate::may_code_from_tiles(l.square, l.width) {
            assert!(png::same_but_coding(png, rgb), "{}", options.canonical());
        } else {
            assert!(png == rgb, "{}", options.canonical());
        }
    }

    fn options(size: u32, flip: bool, theme: Theme) -> RenderOptions {
        RenderOptions { size: SquareSize::new(size).unwrap(), flip, theme, ..RenderOptions::default() }
    }

    /// Each of `boards` (janko FFEN) in each of `looks`, drawn with the sprite and tile caches emptied before each.
    fn cold_renders(boards: &[&str], looks: &[RenderOptions]) -> Vec<Vec<u8>> {
        let mut cold = Vec::new();
        for board in boards {
            let board = ffen::parse(board, Dialect::Janko).unwrap();
            for look in looks {
                crate::draw::render::clear_sprite_cache();
                cold.push(render_png(&board, look).unwrap());
            }
        }
        cold
    }

    /// A tile from the isolate's cache draws the same bytes as one drawn now: the same diagrams rendered with the
    /// caches emptied before each, and then again from warm caches in another order.
    #[test]
    fn cached_tiles_draw_the_same_bytes() {
        let boards = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "-*1q-c*2T/*3n6/8/8/8/8/8/K6k"];
        let looks =
            [options(40, false, Theme::Gray), options(23, true, Theme::Print), options(90, false, Theme::Brown)];
        let cold = cold_renders(&boards, &looks);
        let mut warm = Vec::new();
        for board in boards.iter().rev() {
            let board = ffen::parse(board, Dialect::Janko).unwrap();
            for look in looks.iter().rev() {
                warm.push(render_png(&board, look).unwrap());
            }
        }
        warm.reverse();
        assert!(cold == warm);
    }

    #[test]
    fn kept_translations_are_used_only_where_the_palette_agrees() {
        // The same tiles in pictures whose palettes are built in other orders (the kings swapped, the kings on
        // other squares, coordinates added), one after another: each as a cold render draws it, and as the RGB
        // painter's PNG.
        let boards = ["4k3/8/8/8/8/8/8/4K3", "4K3/8/8/8/8/8/8/4k3", "K7/8/8/8/8/8/8/7k", "4k3/8/8/8/8/8/8/4K3"];
        let mut looks = vec![options(40, false, Theme::Gray), options(90, false, Theme::Brown)];
        looks.push(RenderOptions { coords: true, ..options(40, true, Theme::Gray) });
        let cold = cold_renders(&boards, &looks);
        let mut kept = 0;
        let mut warm = Vec::new();
        for board in boards {
            let board = ffen::parse(board, Dialect::Janko).unwrap();
            for look in &looks {
                // `render_png` of a diagram the palette painter draws, in its steps, to count the kept rows.
                assert!(indexed_path_applies(&board, look));
                let scene = Scene::build(&board, look);
                let mut painting = Painting::new(&scene).expect("drawn in palette indices");
                painting.count_strip_colours();
                let picture = painting.write(painting.depth()).expect("drawn in palette indices");
                kept += kept_rows(&painting);
                let png = encoded(picture);
                assert_same_png(&board, look, &png, &rgb_path(&board, look));
                warm.push(png);
            }
        }
        assert!(cold == warm);
        // The last board is the first again: its rows are the kept ones (at least its empty squares').
        assert!(kept > 0);
    }

    #[test]
    fn which_diagrams_take_the_indexed_path() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        assert!(indexed_path_applies(&start, &RenderOptions::default()));
        assert!(indexed_path_applies(&start, &options(90, true, Theme::Green)));
        assert!(indexed_path_applies(&start, &RenderOptions { coords: true, ..RenderOptions::default() }));
        assert!(indexed_path_applies(&start, &options(40, false, Theme::Print)));
        // Looks and furniture too.
        for pairs in FURNISHED {
            let o = options_from(pairs).for_board(&start).unwrap();
            assert!(indexed_path_applies(&start, &o), "{pairs:?}");
            assert!(paint(&Scene::build(&start, &o)).is_some(), "{pairs:?}");
        }
        let bordered = ffen::parse("8/8/8/[]K7", Dialect::Janko).unwrap();
        assert!(bordered.is_bordered(0, 3));
        assert!(indexed_path_applies(&bordered, &RenderOptions::default()));
        // Not: holes, the lines between squares, anything see-through.
        let holes = ffen::parse("8/8/3[-]4/8", Dialect::Janko).unwrap();
        assert!(holes.cells().iter().any(|c| matches!(c, Cell::Hole)));
        assert!(!indexed_path_applies(&holes, &RenderOptions::default()));
        for pairs in [
            &[("borders", "1")][..],
            &[("rim", "transparent")],
            &[("light", "transparent")],
            &[("colors", "white transparent")],
        ] {
            assert!(!indexed_path_applies(&start, &options_from(pairs)), "{pairs:?}");
        }
    }

    /// Looks and furniture the palette painter draws (the goldens' and scripts/cost's, the two families' looks of
    /// lichess and web-boardimage: a check, their last move and crossed squares; HGM's filled pieces and chess.com's
    /// highlight colour).
    const FURNISHED: [&[(&str, &str)]; 9] = [
        &[
            ("size", "37"),
            ("coords", "1"),
            ("count", "1"),
            ("title", "Ladislav Šulc|Phénix 1999, 1st Prize"),
            ("caption", "#2 Circe|b) wKe1-h1"),
            ("squares", "Ge4,Rd5,c3"),
            ("arrows", "Ge2e4,Bh7c2,Ra1a1"),
            ("lastmove", "g1f3"),
        ],
        &[("theme", "brown"), ("rim", "#3a2a1e"), ("coords", "1"), ("coord_color", "#f0d9b5"), ("title", "W")],
        &[("colors", "white #b4b4b4 #8ca2ad"), ("board", "10.21."), ("size", "32")],
        &[("files", "h g f e d c b a"), ("ranks", "i h g f e d c b"), ("coords", "1"), ("first_rank", "0")],
        &[("theme", "print"), ("caption", "#3"), ("count", "1"), ("squares", "a1,Rh8"), ("flip", "1")],
        &[("size", "12"), ("arrows", "Ga1h8,Bh1a8"), ("title", "x"), ("coords", "1")],
        &[
            ("size", "90"),
            ("coords", "1"),
            ("theme", "brown"),
            ("lastmove", "f1e2"),
            ("lastmove_style", "lichess"),
            ("check", "e1"),
            ("title", "Nakamura"),
            ("caption", "Carlsen"),
        ],
        &[
            ("size", "128"),
            ("theme", "blue"),
            ("squares", "a1,Gd8,Re1,e8"),
            ("squares_style", "x"),
            ("check", "e8"),
            ("lastmove", "d7d8"),
            ("lastmove_style", "lichess"),
            ("arrows", "Ge2e4"),
        ],
        &[
            ("size", "90"),
            ("theme", "green"),
            ("white_fill", "#ffd700"),
            ("black_fill", "#40a0ff"),
            ("squares", "e2,e4,Gd7"),
            ("squares_color", "ffcccc"),
        ],
    ];

    #[test]
    fn furnished_diagrams_are_the_same_png_by_both_paths() {
        for ffen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "-*1q1c*2T/*3n2''88'a/[]K6k/8/8/8/8/8"] {
            let board = ffen::parse(ffen, Dialect::Janko).unwrap();
            for pairs in FURNISHED {
                let o = options_from(pairs).for_board(&board).unwrap();
                assert_same_png(&board, &o, &palette_path(&board, &o), &rgb_path(&board, &o));
            }
        }
    }

    #[test]
    fn plain_diagrams_are_the_same_png_by_both_paths() {
        let boards = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            // Neutral and rotated pieces and markers, letters and numbers, extra colours, named pieces.
            "-*1q1c*2T*2r3/*3n2''88'a/[Q:3][n:4][B:5][k:6]/[nightrider:w][camelrider:n][gh:b]1",
            "K",
        ];
        for ffen in boards {
            let board = ffen::parse(ffen, Dialect::Janko).unwrap();
            let coords = RenderOptions { coords: true, ..options(33, true, Theme::Green) };
            let print = RenderOptions { coords: true, ..options(41, false, Theme::Print) };
            let print_flipped = options(96, true, Theme::Print);
            for o in [
                RenderOptions::default(),
                options(90, false, Theme::Gray),
                options(13, true, Theme::Brown),
                coords,
                print,
                print_flipped,
            ] {
                assert!(indexed_path_applies(&board, &o));
                assert_same_png(&board, &o, &palette_path(&board, &o), &rgb_path(&board, &o));
            }
        }
    }

    /// A square of a plain diagram in janko's FFEN with its canonical extension: empty, pieces and markers of
    /// every colour (neutral, extra colours 3–6) and rotation, named fairy pieces (glyphs and fallback discs),
    /// letters and numbers.
    fn plain_token() -> impl Strategy<Value = String> {
        let piece = "[KQRBNPkqrbnpCXSTcxst]";
        prop_oneof![
            6 => Just("1".to_string()),
            6 => piece.prop_map(|p| p.to_string()),
            3 => (any::<bool>(), 0..4u8, piece).prop_map(|(n, t, p)| format!("{}*{t}{p}", if n { "-" } else { "" })),
            1 => "\\[[QRBNPKCXST]:[3-6]\\]",
            1 => "\\[(nightrider|zebra|amazon|camelrider|gh):[wbn3-6]\\]",
            1 => "'[a-zA-Z0-9]",
            1 => "''[0-9]{2}",
        ]
    }

    /// A square of any diagram: a plain one, or a hole, or a bordered square.
    fn any_token() -> impl Strategy<Value = String> {
        prop_oneof![8 => plain_token(), 1 => Just("[-]".to_string()), 1 => plain_token().prop_map(|t| format!("[]{t}"))]
    }

    /// Boards of 1×1 to 9×9, half of them plain (the indexed path), half with holes and bordered squares as well.
    fn any_board() -> impl Strategy<Value = Board> {
        (1..=9usize, 1..=9usize, any::<bool>()).prop_flat_map(|(w, h, plain)| {
            let token = if plain { plain_token().boxed() } else { any_token().boxed() };
            proptest::collection::vec(proptest::collection::vec(token, w), h).prop_map(|ranks| {
                let text: Vec<String> = ranks.into_iter().map(|r| r.concat()).collect();
                let text = text.join("/");
                ffen::parse(&text, Dialect::Janko).unwrap_or_else(|e| panic!("{text}: {e}"))
            })
        })
    }

    fn any_options() -> impl Strategy<Value = RenderOptions> {
        let colour = proptest::option::of(any::<(u8, u8, u8)>().prop_map(|(r, g, b)| Rgb(r, g, b)));
        (12..=64u32, any::<bool>(), any::<bool>(), 0..5usize, colour.clone(), colour).prop_map(
            |(size, flip, coords, theme, light, dark)| RenderOptions {
                size: SquareSize::new(size).unwrap(),
                flip,
                coords,
                theme: [Theme::Gray, Theme::Print, Theme::Brown, Theme::Blue, Theme::Green][theme],
                light: light.map(Paint::Solid),
                dark: dark.map(Paint::Solid),
                ..RenderOptions::default()
            },
        )
    }

    /// Furniture and looks as query pairs (made canonical for the board before drawing): text above and below,
    /// counts, highlights, arrows and circles (some off the board, some reaching into the frame at small sizes),
    /// a rim, text colour, square colours, a check, lichess' last move and crossed squares, filled pieces (one fill
    /// an extra colour's tint) and the colour of unlettered squares.
    fn any_furniture() -> impl Strategy<Value = Vec<(&'static str, &'static str)>> {
        let one = |key: &'static str, values: &'static [&'static str]| {
            proptest::option::of(proptest::sample::select(values)).prop_map(move |v| v.map(|v| (key, v)))
        };
        let text = (
            one("title", &["Šulc", "A. B|Prize 1999, 1st Prize", "W"]),
            one("caption", &["#2", "#2 Circe|b) wKe1-h1", "="]),
            one("count", &["1"]),
        );
        let marks = (
            one("squares", &["a1", "Ga1,Rb2,c3", "Rb1,Ba2"]),
            one("arrows", &["Ga1b2", "Ba2a2", "Ra1c3,Gb2a1", "Ga1a1"]),
            one("lastmove", &["a1b2", "b1a1"]),
            one("check", &["a1", "b2"]),
            one("lastmove_style", &["lichess"]),
            one("squares_style", &["x"]),
            one("squares_color", &["ffcccc", "#102030"]),
        );
        let look = (
            one("rim", &["#3a2a1e", "white"]),
            one("coord_color", &["#f0d9b5", "red"]),
            one("colors", &["white #b4b4b4 #8ca2ad", "#eee"]),
            one("white_fill", &["#ffd700", "navy", "#e03a2f"]),
            one("black_fill", &["#40a0ff", "lightpink", "#ffd700"]),
        );
        (text, marks, look).prop_map(|((a, b, c), (d, e, f, g, h, i, j), (k, l, m, n, o))| {
            [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o].into_iter().flatten().collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The whole point: the PNG `render_png` makes is the RGB path's (byte for byte, or where its bands are
        /// coded from tiles the same scanlines), for any board and options (the indexed path where it applies and
        /// has at most 256 colours, the RGB path otherwise). With furniture and looks as well.
        #[test]
        fn furnished_render_png_is_the_rgb_paths_png(
            board in any_board(),
            options in any_options(),
            furniture in any_furniture(),
        ) {
            let pairs = options.link_pairs();
            let all = pairs.iter().map(|(k, v)| (*k, v.as_str())).chain(furniture.iter().copied());
            let Ok(options) = RenderOptions::from_pairs(all).and_then(|o| o.for_board(&board)) else {
                return Ok(()); // a square or arrow off this board: refused before drawing
            };
            let png = crate::draw::render::render_png(&board, &options).expect("encodes");
            assert_same_png(&board, &options, &png, &rgb_path(&board, &options));
        }

        #[test]
        fn render_png_is_the_rgb_paths_png(board in any_board(), options in any_options()) {
            let png = crate::draw::render::render_png(&board, &options).expect("encodes");
            assert_same_png(&board, &options, &png, &rgb_path(&board, &options));
            if indexed_path_applies(&board, &options) {
                if let Some(picture) = paint(&Scene::build(&board, &options)) {
                    prop_assert_eq!(picture.palette.len() % 3, 0);
                    prop_assert!(picture.palette.len() / 3 <= 256);
                    prop_assert_eq!(picture.depth, png::depth_for(picture.palette.len() / 3));
                    let stride = 1 + (picture.width as usize).div_ceil(8 / usize::from(picture.depth));
                    prop_assert_eq!(picture.scanlines.len(), stride * picture.height as usize);
                }
            }
        }
    }
}
