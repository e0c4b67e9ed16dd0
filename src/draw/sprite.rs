//! Square sprites: every piece, marker, text and fallback disc drawn once per square size and cached.
//!
//! A sprite is a premultiplied RGBA bitmap exactly one square in size. The upright white and black versions are
//! drawn from vectors (tiny-skia paths, `fontdue` glyphs); everything else is derived from them pixel by pixel, so
//! it is exact and cheap:
//! - **rotation**: a quarter turn of the pixel grid (lossless);
//! - **neutral**: the left half of the white sprite beside the right half of the black one (the middle column of an
//!   odd size is their average), split before rotating so the split turns with the piece;
//! - **extra colours 3–6**, and the pieces of a side with a fill (`white_fill`, `black_fill`): the white sprite with
//!   its white tinted (black outlines stay black).
//!
//! The cache is a process-wide map from (what, colour, rotation, size) to sprite, so a Worker isolate renders each
//! sprite once and then only copies pixels. Past [`CACHE_BUDGET_BYTES`] it drops what the latest requests did not
//! use, never what the request being drawn uses ([`crate::work::Epoch`]); the cost model charges each sprite it
//! does not hold ([`predicted_work`]).
//!
//! **Prepared sprites**: at the default square size ([`PREPARED_SIZE`]) the upright white and black pieces are not
//! drawn at run time but read from `sprites/prepared-40.bin`, made by this same code ahead of time
//! (`UPDATE_PREPARED_SPRITES=1 cargo test --lib prepared`; a test fails when the file is stale). A fresh Worker
//! isolate then never runs the rasteriser for an ordinary diagram at the default size: drawing the vectors in
//! code that is not yet compiled would be most of a cold isolate's first render (docs/cost.md).

use crate::draw::assets::{self, Paint as SpritePaint, Prepared, SPRITE_VIEWBOX};
use crate::draw::fill;
use crate::draw::raster::{div255, quantize, Bitmap, Canvas, Layer, Mask};
use crate::draw::text;
use crate::notation::board::{Cell, Color, Figure, Marker, PieceKind};
use crate::notation::fairy::{self, Art, FairyFigure};
use crate::options::piece_set::PieceSet;
use crate::options::render_options::DEFAULT_SQUARE_SIZE;
use crate::options::theme::extra_tint;
use crate::pixels::Rgb;
use crate::work::{self, Epoch, Unit, Work};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Stroke, Transform};

/// The most bytes of sprite bitmaps kept in the cache before it is emptied (a few sizes' worth of full sets).
pub const CACHE_BUDGET_BYTES: usize = 8 << 20;

/// The thinnest outline drawn, in pixels: keeps small diagrams (12–20 px squares) crisp instead of grey, while the
/// interior lines of white pieces stay thin enough that the pieces still read as white at 12 px.
pub(crate) const MIN_STROKE_PX: f32 = 0.75;

/// What a sprite shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    /// An orthodox piece glyph.
    Figure(Figure),
    /// A drawn fairy glyph (`sprites/fairy/`).
    Fairy(FairyFigure),
    /// A marker shape.
    Marker(Marker),
    /// Black text (letters and numbers); colour is ignored.
    Text(String),
    /// Black text with a thin white halo, for hatched squares where bare text would drown in the lines.
    HaloText(String),
    /// A disc of the piece's colour with a short label: the fallback for unknown fairy pieces.
    Disc(String),
}

/// The cache key of a sprite.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub shape: Shape,
    /// The piece set an orthodox figure, or a fairy glyph the set has its own drawing of, is drawn from; cburnett for
    /// every other shape (whose drawing no set changes), so that equal pictures share a key.
    pub set: PieceSet,
    pub color: Color,
    pub turns: u8,
    pub size: u32,
    /// The fills that colour this piece ([`Fills::for_color`]): none for text, so that equal pictures share a key.
    pub fills: Fills,
}

/// The fill colours of the white and the black pieces (`white_fill`, `black_fill`), where given. A piece of a side
/// with a fill is the white sprite with its white tinted to the fill, as an extra colour's is, so turned pieces,
/// fairy glyphs, markers and discs take it alike; a neutral piece takes each on its half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Fills {
    /// The white pieces' fill.
    pub white: Option<Rgb>,
    /// The black pieces' fill.
    pub black: Option<Rgb>,
}

impl Fills {
    /// The fills a piece of `color` shows: a white piece the white one, a black piece the black one, a neutral piece
    /// both, an extra colour neither (kept out of the other keys, so that one picture is one sprite).
    pub(crate) fn for_color(self, color: Color) -> Fills {
        match color {
            Color::White => Fills { black: None, ..self },
            Color::Black => Fills { white: None, ..self },
            Color::Neutral => self,
            Color::Extra(_) => Fills::default(),
        }
    }

    /// The colour that replaces white in the white sprite a piece of `color` is drawn from: an extra colour's tint,
    /// or its side's fill; `None` where the piece is drawn as it is (and for a neutral piece, whose halves are).
    pub(crate) fn tint(self, color: Color) -> Option<Rgb> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
            Color::Extra(_) => Some(extra_tint(color)),
            Color::Neutral => None,
        }
    }
}

/// A square premultiplied-RGBA bitmap, one square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sprite {
    /// The pixels, `side`×`side`.
    pub pixels: Bitmap,
    /// The box (x0, y0, x1, y1; end exclusive) of the pixels that are not fully transparent, `None` if none is.
    pub bounds: Option<(usize, usize, usize, usize)>,
}

/// A sprite is drawn onto the diagram with [`Canvas::draw`]; only its non-transparent box is visited.
impl Layer for Sprite {
    fn ink_box(&self) -> Option<(usize, usize, usize, usize)> {
        self.bounds
    }

    fn width(&self) -> usize {
        self.pixels.width
    }

    #[inline]
    fn pixel(&self, index: usize) -> Option<[u8; 4]> {
        let p = &self.pixels.data[index * 4..index * 4 + 4];
        (p[3] != 0).then(|| [p[0], p[1], p[2], p[3]])
    }
}

impl Sprite {
    fn blank(side: usize) -> Sprite {
        Sprite { pixels: Bitmap::transparent(side, side), bounds: None }
    }

    /// Side in pixels.
    pub fn side(&self) -> usize {
        self.pixels.width
    }

    /// This sprite with [`Sprite::bounds`] computed.
    fn with_bounds(mut self) -> Sprite {
        let n = self.side();
        let mut b: Option<(usize, usize, usize, usize)> = None;
        for y in 0..n {
            for x in 0..n {
                if self.pixels.data[(y * n + x) * 4 + 3] != 0 {
                    b = Some(match b {
                        None => (x, y, x + 1, y + 1),
                        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)),
                    });
                }
            }
        }
        self.bounds = b;
        self
    }

    /// A sprite of a square premultiplied bitmap (`width` = `height`), its [`Sprite::bounds`] computed.
    pub(crate) fn from_bitmap(pixels: Bitmap) -> Sprite {
        Sprite { pixels, bounds: None }.with_bounds()
    }

    /// This sprite turned `turns` quarter turns clockwise.
    pub fn rotated(&self, turns: u8) -> Sprite {
        let n = self.side();
        let mut out = Sprite::blank(n);
        for y in 0..n {
            for x in 0..n {
                // Source pixel that lands on (x, y).
                let (sx, sy) = match turns % 4 {
                    0 => (x, y),
                    1 => (y, n - 1 - x),
                    2 => (n - 1 - x, n - 1 - y),
                    _ => (n - 1 - y, x),
                };
                let s = (sy * n + sx) * 4;
                let d = (y * n + x) * 4;
                out.pixels.data[d..d + 4].copy_from_slice(&self.pixels.data[s..s + 4]);
            }
        }
        out
    }

    /// Left half of `white`, right half of `black` (same size); an odd middle column is their average.
    fn split(white: &Sprite, black: &Sprite) -> Sprite {
        let n = white.side();
        let mut out = Sprite::blank(n);
        for y in 0..n {
            for x in 0..n {
                let i = (y * n + x) * 4;
                for c in 0..4 {
                    let (w, b) = (white.pixels.data[i + c], black.pixels.data[i + c]);
                    out.pixels.data[i + c] = match (2 * x + 1).cmp(&n) {
                        std::cmp::Ordering::Less => w,
                        std::cmp::Ordering::Greater => b,
                        std::cmp::Ordering::Equal => ((u16::from(w) + u16::from(b)).div_ceil(2)) as u8,
                    };
                }
            }
        }
        out
    }

    /// Rounds alpha and colour to [`crate::draw::raster::LEVELS`] levels. Side by side with exact antialiasing the
    /// difference is not visible even at 4× zoom, and it keeps an ordinary diagram within 16 colours: a 4-bit palette
    /// PNG, about a quarter smaller and half as slow to compress as 17 levels (see README, "PNG").
    fn quantized(mut self) -> Sprite {
        for p in self.pixels.data.chunks_exact_mut(4) {
            let a = quantize(p[3]);
            p[3] = a;
            for c in &mut p[..3] {
                *c = quantize(*c).min(a);
            }
        }
        self
    }

    /// Rounds alpha to the levels and each pixel's colour to the nearest of `inks` (a set's own colours, where
    /// cburnett's sprites round to five greys): a set keeps its colours (rounding each channel to five levels
    /// would turn its light blue grey), and a sprite has at most four colours an ink, so that a diagram or an
    /// animation of a set fits a palette as cburnett's does.
    fn ink_quantized(mut self, inks: &[[u8; 3]]) -> Sprite {
        // A piece is mostly flat colour: the last pixel's ink is looked up once, not again for each like it.
        let mut last: Option<([u32; 3], [u8; 3])> = None;
        for p in self.pixels.data.chunks_exact_mut(4) {
            let (alpha, level) = (u32::from(p[3]), u32::from(quantize(p[3])));
            if alpha == 0 || level == 0 {
                p.copy_from_slice(&[0; 4]);
                continue;
            }
            let straight = [0, 1, 2].map(|c| (u32::from(p[c]) * 255 + alpha / 2) / alpha);
            let distance =
                |ink: &[u8; 3]| (0..3).map(|c| (i64::from(ink[c]) - i64::from(straight[c])).pow(2)).sum::<i64>();
            let ink = match last {
                Some((colour, ink)) if colour == straight => ink,
                _ => {
                    let ink = inks.iter().min_by_key(|ink| distance(ink)).copied().unwrap_or([0; 3]);
                    last = Some((straight, ink));
                    ink
                }
            };
            for c in 0..3 {
                p[c] = ((u32::from(ink[c]) * level + 127) / 255) as u8;
            }
            p[3] = level as u8;
        }
        self
    }

    /// The white parts (grey level of each pixel) replaced by `tint`.
    fn tinted(&self, tint: Rgb) -> Sprite {
        let mut out = self.clone();
        for p in out.pixels.data.chunks_exact_mut(4) {
            let level = u16::from(p[0]);
            p[0] = div255(level * u16::from(tint.0));
            p[1] = div255(level * u16::from(tint.1));
            p[2] = div255(level * u16::from(tint.2));
        }
        out
    }
}

/// The sprites held, each with the request that last used it, and the bytes they hold.
type Cache = Mutex<(Held, usize)>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new((HashMap::new(), 0)))
}

/// Empties the sprite cache (for benchmarks of the cold path).
pub(crate) fn clear_cache() {
    let mut guard = cache().lock().unwrap_or_else(|e| e.into_inner());
    guard.0.clear();
    guard.1 = 0;
}

/// The sprite for `key`, from the cache or drawn now.
pub(crate) fn get(key: &Key) -> Arc<Sprite> {
    let cache = cache();
    if let Some(hit) = cache.lock().unwrap_or_else(|e| e.into_inner()).0.get_mut(key) {
        hit.1 = Epoch::now();
        return Arc::clone(&hit.0);
    }
    let sprite = Arc::new(draw(key));
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let (map, bytes) = &mut *guard;
    if *bytes + sprite.pixels.data.len() > CACHE_BUDGET_BYTES {
        evict_old(map, bytes);
    }
    *bytes += sprite.pixels.data.len();
    // Another thread may have drawn it meanwhile (host tests run in parallel; an isolate has one thread): the one
    // replaced is no longer counted, so that the bytes stay the sum of the sprites held.
    if let Some(replaced) = map.insert(key.clone(), (Arc::clone(&sprite), Epoch::now())) {
        *bytes = bytes.saturating_sub(replaced.0.pixels.data.len());
    }
    sprite
}

/// Makes room: drops every sprite the latest requests did not use ([`Epoch::is_recent`]), never one the request
/// being drawn uses. So a request whose own sprites are more than the budget keeps them all (it was admitted for
/// them: the cost model counts what it draws) and the next request finds them; without this, emptying the cache
/// mid-request made such a request draw its sprites again on every miss.
/// A process that never starts a request (a benchmark, the CLI drawing many diagrams) keeps everything recent: past
/// [`HARD_BUDGET_BYTES`] the cache is emptied, as it was before epochs.
fn evict_old(map: &mut Held, bytes: &mut usize) {
    map.retain(|_, (_, used)| used.is_recent());
    *bytes = map.values().map(|(sprite, _)| sprite.pixels.data.len()).sum();
    if *bytes > HARD_BUDGET_BYTES {
        map.clear();
        *bytes = 0;
    }
}

/// The most bytes the latest requests' sprites may hold before the cache is emptied all the same: far more than
/// one admitted request draws (every glyph variant at `size=128` is about 7 MB), with the tiles' hard budget well
/// within an isolate's 128 MB.
const HARD_BUDGET_BYTES: usize = 32 << 20;

/// The sprites the rasteriser will draw to make those of `keys`, and their pixels ([`Unit::Sprite`],
/// [`Unit::Vector`]), from what the cache holds
/// now: a sprite held costs nothing (and is marked as used by this request, so no eviction takes it before it is
/// drawn), one missing costs its upright drawing from vectors unless it is prepared or derived from others (a
/// turned, neutral or tinted sprite: then what its parts cost). Each sprite is counted once. The prediction
/// [`get`] is checked against by the counts [`upright_exact`] and [`text_sprite`] make.
pub(crate) fn predicted_work<'a>(keys: impl IntoIterator<Item = &'a Key>) -> Work {
    // The keys seen are kept in a map of the cache's own type (its values unused): a set of keys would be one more
    // hash table's code in the wasm.
    let mut seen: Held = HashMap::new();
    let blank = Arc::new(Sprite::blank(0));
    let mut guard = cache().lock().unwrap_or_else(|e| e.into_inner());
    keys.into_iter().fold(Work::NONE, |work, key| work.plus(missing_work(key, &mut guard.0, (&mut seen, &blank))))
}

/// Draws the sprites of `keys` the cache does not hold, in order, as long as what they cost (`micros` of their
/// [`predicted_work`]) stays within `budget` microseconds: a request refused only for the sprites it would draw
/// first spends what it was allowed on some of them, so that asking again finds them and is admitted. Returns the
/// sprites drawn.
pub(crate) fn draw_within<'a>(
    keys: impl IntoIterator<Item = &'a Key>,
    budget: u64,
    micros: impl Fn(Work) -> u64,
) -> u64 {
    let (mut spent, mut drawn) = (0, 0);
    for key in keys {
        let work = predicted_work([key]);
        let cost = micros(work);
        if work == Work::NONE || spent + cost > budget {
            continue;
        }
        spent += cost;
        drawn += work.sprites;
        drop(get(key));
    }
    drawn
}

/// What the cache holds: each sprite with the request that last used it.
type Held = HashMap<Key, (Arc<Sprite>, Epoch)>;

/// `seen`: the keys counted already (with one blank sprite as their value, shared).
fn missing_work(key: &Key, held: &mut Held, seen: (&mut Held, &Arc<Sprite>)) -> Work {
    let (seen, blank) = seen;
    if seen.insert(key.clone(), (Arc::clone(blank), Epoch::now())).is_some() {
        return Work::NONE;
    }
    if let Some(hit) = held.get_mut(key) {
        hit.1 = Epoch::now();
        return Work::NONE;
    }
    if !key.turns.is_multiple_of(4) {
        return missing_work(&Key { turns: 0, ..key.clone() }, held, (seen, blank));
    }
    let drawn = Work::sprites(1, u64::from(key.size.max(1)).pow(2));
    // A disc is two sprites' work: its circle, and its label laid out and rasterised as a text sprite is.
    let drawn = if matches!(key.shape, Shape::Disc(_)) { drawn.plus(drawn) } else { drawn };
    let plain = |color: Color| Key { color, turns: 0, fills: key.fills.for_color(color), ..key.clone() };
    match (&key.shape, key.color, key.fills.tint(key.color)) {
        (Shape::Text(_) | Shape::HaloText(_), _, _) => drawn,
        (_, Color::Neutral, _) => missing_work(&plain(Color::White), held, (seen, blank)).plus(missing_work(
            &plain(Color::Black),
            held,
            (seen, blank),
        )),
        (_, _, Some(_)) => {
            let white = Key { color: Color::White, turns: 0, fills: Fills::default(), ..key.clone() };
            missing_work(&white, held, (seen, blank))
        }
        (Shape::Figure(_), _, None) if key.size.max(1) == PREPARED_SIZE && key.set == PieceSet::Cburnett => Work::NONE,
        _ => drawn,
    }
}

/// Draws the sprite for `key`. Turned, neutral and tinted sprites (extra colours, filled pieces) are made from the
/// upright white and black ones, taken through the cache, so each shape is drawn from its vectors once per size and
/// colour.
pub(crate) fn draw(key: &Key) -> Sprite {
    if !key.turns.is_multiple_of(4) {
        return get(&Key { turns: 0, ..key.clone() }).rotated(key.turns).with_bounds();
    }
    let plain = |color: Color| get(&Key { color, turns: 0, fills: key.fills.for_color(color), ..key.clone() });
    let size = key.size.max(1);
    let upright = match key.shape {
        Shape::Text(ref text) => text_sprite(text, size, false).quantized(),
        Shape::HaloText(ref text) => text_sprite(text, size, true).quantized(),
        _ => match (key.color, key.fills.tint(key.color)) {
            (Color::Neutral, _) => Sprite::split(&plain(Color::White), &plain(Color::Black)),
            (_, Some(tint)) => {
                get(&Key { color: Color::White, turns: 0, fills: Fills::default(), ..key.clone() }).tinted(tint)
            }
            (color, None) => upright(&key.shape, key.set, color == Color::Black, size),
        },
    };
    upright.with_bounds()
}

/// Draws a path's coverage onto `bitmap` in `rgb` at opacity `alpha`.
fn ink(bitmap: &mut Bitmap, placed: Option<fill::Placed>, rgb: [u8; 3], alpha: u8) {
    let Some(mut placed) = placed else { return };
    if alpha < u8::MAX {
        placed.mask.data.iter_mut().for_each(|c| *c = div255(u16::from(*c) * u16::from(alpha)));
    }
    bitmap.draw(&placed.mask.inked(Rgb(rgb[0], rgb[1], rgb[2])), placed.x, placed.y);
}

/// Fills `path` onto `bitmap` (by `rule`, under `transform`) in `rgb` at opacity `alpha`.
fn fill_path(bitmap: &mut Bitmap, path: &Path, (rgb, alpha): ([u8; 3], u8), rule: FillRule, transform: Transform) {
    let clip = (bitmap.width as u32, bitmap.height as u32);
    ink(bitmap, fill::fill(path, rule, transform, clip), rgb, alpha);
}

/// Strokes `path` onto `bitmap` (under `transform`) in `rgb` at opacity `alpha`.
fn stroke_path(bitmap: &mut Bitmap, path: &Path, (rgb, alpha): ([u8; 3], u8), stroke: &Stroke, transform: Transform) {
    let clip = (bitmap.width as u32, bitmap.height as u32);
    ink(bitmap, fill::stroke(path, stroke, transform, clip), rgb, alpha);
}

/// Strokes no thinner than [`MIN_STROKE_PX`] at this scale.
fn widened(stroke: &Stroke, scale: f32) -> Stroke {
    let mut s = stroke.clone();
    s.width = s.width.max(MIN_STROKE_PX / scale);
    s
}

fn draw_prepared(bitmap: &mut Bitmap, prepared: &Prepared, scale: f32, transform: Transform) {
    for (path, step) in prepared {
        match step {
            SpritePaint::Fill { rgb, alpha, rule } => fill_path(bitmap, path, (*rgb, *alpha), *rule, transform),
            SpritePaint::Stroke { rgb, alpha, stroke } => {
                stroke_path(bitmap, path, (*rgb, *alpha), &widened(stroke, scale), transform)
            }
        }
    }
}

/// The upright white or black sprite of `shape`, quantized: prepared ahead of time at [`PREPARED_SIZE`], drawn
/// from the vectors otherwise.
fn upright(shape: &Shape, set: PieceSet, black: bool, size: u32) -> Sprite {
    if set != PieceSet::Cburnett {
        return upright_exact(shape, set, black, size).ink_quantized(assets::inks(set, size));
    }
    prepared(shape, black, size).unwrap_or_else(|| upright_exact(shape, set, black, size).quantized())
}

/// The square size whose upright pieces are prepared ahead of time: the default, so that a fresh
/// isolate draws an ordinary diagram at the default size without the rasteriser.
pub(crate) const PREPARED_SIZE: u32 = DEFAULT_SQUARE_SIZE;

/// The prepared sprites, in [`prepared_shapes`] order, white then black for each shape, [`PREPARED_SIZE`]² / 2
/// bytes each, the pixels column by column (top to bottom, then the next column to the right), two to a byte (the
/// first in the high nibble). A pixel is its `pixel_code`: every piece is drawn in black and white only, so red,
/// green and blue are equal (checked when the file is made), and a pixel is an alpha level with a grey level at most
/// as high, 15 pairs of [`crate::draw::raster::LEVELS`] levels. Columns compress better than rows (a piece's outline is
/// mostly vertical), and two pixels to a byte better than one: 2.9 → 2.5 KB of the gzipped wasm.
#[cfg(not(ffen_artwork_stub))]
static PREPARED: &[u8] = include_bytes!("../../sprites/prepared-40.bin");
/// (None in a build that measures the code without the artwork, `FFEN_SETS_STUB=all` in build.rs.)
#[cfg(ffen_artwork_stub)]
static PREPARED: &[u8] = &[];

/// The 4-bit code of a prepared pixel with alpha level `alpha` and grey level `grey` (`grey <= alpha <= 4`): the
/// pairs in order, `alpha · (alpha + 1) / 2 + grey`, 0 to 14. (Only the file's maker, a test, writes codes.)
/// What sprite a cell shows, if any, its piece filled as `fills` says and drawn from `set` (the SVG output draws the
/// same sprites as vectors). Text is no piece: never filled.
pub(crate) fn cell_key(cell: &Cell, size: u32, hatched: bool, fills: Fills, set: PieceSet) -> Option<Key> {
    match cell {
        Cell::Empty | Cell::Hole => None,
        Cell::Text(t) => Some(Key {
            shape: if hatched { Shape::HaloText(t.as_str().to_string()) } else { Shape::Text(t.as_str().to_string()) },
            color: Color::White,
            turns: t.rotation.quarter_turns(),
            size,
            fills: Fills::default(),
            set: PieceSet::Cburnett,
        }),
        Cell::Piece(p) => {
            let (shape, rotation) = match &p.kind {
                PieceKind::Figure(f) => (Shape::Figure(*f), p.rotation),
                PieceKind::Marker(m) => (Shape::Marker(*m), p.rotation),
                PieceKind::Named(name) => match fairy::glyph(name) {
                    Some(g) => {
                        let shape = match g.art {
                            Art::Orthodox(figure) => Shape::Figure(figure),
                            Art::Drawn(figure) => Shape::Fairy(figure),
                        };
                        (shape, g.rotation.then(p.rotation))
                    }
                    None => (Shape::Disc(fairy::fallback_label(name)), p.rotation),
                },
            };
            let own = match shape {
                Shape::Figure(_) => true,
                Shape::Fairy(figure) => assets::set_has_fairy(set, figure),
                _ => false,
            };
            let set = if own { set } else { PieceSet::Cburnett };
            let (color, turns, fills) = (p.color, rotation.quarter_turns(), fills.for_color(p.color));
            Some(Key { shape, set, color, turns, size, fills })
        }
    }
}

#[cfg(test)]
const fn pixel_code(alpha: u8, grey: u8) -> u8 {
    alpha * (alpha + 1) / 2 + grey
}

/// The (alpha level, grey level) of each `pixel_code`.
const CODE_LEVELS: [(u8, u8); 15] = [
    (0, 0),
    (1, 0),
    (1, 1),
    (2, 0),
    (2, 1),
    (2, 2),
    (3, 0),
    (3, 1),
    (3, 2),
    (3, 3),
    (4, 0),
    (4, 1),
    (4, 2),
    (4, 3),
    (4, 4),
];

/// The shapes prepared at [`PREPARED_SIZE`], in the file's order: the six figures. (Markers, letters and discs
/// are drawn at run time: the four markers in both colours would add about 0.7 KB to the gzipped wasm, for shapes
/// few diagrams show; letters and discs depend on their text.)
fn prepared_shapes() -> impl Iterator<Item = Shape> {
    Figure::ALL.into_iter().map(Shape::Figure)
}

/// The value of each level index of a prepared pixel (what [`quantize`] rounds to).
const LEVEL_VALUES: [u8; 5] = [0, 64, 128, 191, 255];

/// The prepared upright sprite of `shape`, if it is one of [`prepared_shapes`] at [`PREPARED_SIZE`].
fn prepared(shape: &Shape, black: bool, size: u32) -> Option<Sprite> {
    if size != PREPARED_SIZE {
        return None;
    }
    let index = prepared_shapes().position(|s| &s == shape)? * 2 + usize::from(black);
    let side = PREPARED_SIZE as usize;
    let len = side * side / 2;
    let bytes = PREPARED.get(index * len..(index + 1) * len)?;
    let mut sprite = Sprite::blank(side);
    let codes = bytes.iter().flat_map(|&byte| [byte >> 4, byte & 15]);
    for (i, code) in codes.enumerate() {
        let (alpha, grey) = CODE_LEVELS[usize::from(code).min(14)];
        let (x, y) = (i / side, i % side);
        let (alpha, grey) = (LEVEL_VALUES[usize::from(alpha)], LEVEL_VALUES[usize::from(grey)]);
        let at = (y * side + x) * 4;
        sprite.pixels.data[at..at + 4].copy_from_slice(&[grey, grey, grey, alpha]);
    }
    Some(sprite)
}

fn upright_exact(shape: &Shape, set: PieceSet, black: bool, size: u32) -> Sprite {
    work::count(Unit::Vector, u64::from(size) * u64::from(size));
    work::count(Unit::Sprite, 1);
    let mut bitmap = Bitmap::transparent(size as usize, size as usize);
    let scale = size as f32 / SPRITE_VIEWBOX;
    let transform = Transform::from_scale(scale, scale);
    match shape {
        Shape::Figure(figure) => {
            draw_prepared(&mut bitmap, assets::figure_sprite(set, *figure, black), scale, transform)
        }
        Shape::Fairy(figure) => draw_prepared(&mut bitmap, assets::fairy_sprite(set, *figure, black), scale, transform),
        Shape::Marker(marker) => {
            if let Some(path) = marker_path(*marker) {
                let body = if black { [0, 0, 0] } else { [255, 255, 255] };
                fill_path(&mut bitmap, path, (body, 255), FillRule::Winding, transform);
                stroke_path(&mut bitmap, path, ([0, 0, 0], 255), &outline(scale), transform);
            }
        }
        Shape::Disc(label) => {
            let disc = PathBuilder::from_circle(BOX_CENTRE, BOX_CENTRE, DISC_RADIUS);
            if let Some(disc) = disc {
                let body = if black { [0, 0, 0] } else { [255, 255, 255] };
                fill_path(&mut bitmap, &disc, (body, 255), FillRule::Winding, transform);
                stroke_path(&mut bitmap, &disc, ([0, 0, 0], 255), &outline(scale), transform);
            }
            let mut sprite = Sprite { pixels: bitmap, bounds: None };
            // The label: a text sprite's work, counted as one ([`predicted_work`] charges a disc twice).
            work::count(Unit::Vector, u64::from(size) * u64::from(size));
            work::count(Unit::Sprite, 1);
            let ink = if black { Rgb::WHITE } else { Rgb::BLACK };
            let label_box = size as f32 * DISC_LABEL_BOX;
            if let Some(cov) = text::rasterize(label, text::fitted_px([label.as_str()], label_box, label_box, 1.0)) {
                draw_centred(&mut sprite.pixels, &cov.mask, ink);
            }
            return sprite;
        }
        Shape::Text(_) | Shape::HaloText(_) => {}
    }
    Sprite { pixels: bitmap, bounds: None }
}

/// The black outline of markers and discs: 1.5 viewBox units like the pieces' outlines.
fn outline(scale: f32) -> Stroke {
    widened(&Stroke { width: 1.5, line_cap: LineCap::Round, line_join: LineJoin::Round, ..Stroke::default() }, scale)
}

/// Letters and numbers: black, centred, [`TEXT_HEIGHT`] of the square tall, no wider than [`TEXT_WIDTH`].
fn text_sprite(text: &str, size: u32, halo: bool) -> Sprite {
    work::count(Unit::Vector, u64::from(size) * u64::from(size));
    work::count(Unit::Sprite, 1);
    let mut sprite = Sprite::blank(size as usize);
    let px = text::fitted_px([text], size as f32 * TEXT_HEIGHT, size as f32, TEXT_WIDTH);
    if let Some(cov) = text::rasterize(text, px) {
        if halo {
            draw_centred(&mut sprite.pixels, &cov.mask.dilated(halo_radius(size) as usize), Rgb::WHITE);
        }
        draw_centred(&mut sprite.pixels, &cov.mask, Rgb::BLACK);
    }
    sprite
}

/// Draws `mask` in `ink` centred on `bitmap` (an odd leftover pixel goes right and down; a larger mask is clipped).
fn draw_centred(bitmap: &mut Bitmap, mask: &Mask, ink: Rgb) {
    let x = (bitmap.width as i64 - mask.width as i64).div_euclid(2);
    let y = (bitmap.height as i64 - mask.height as i64).div_euclid(2);
    bitmap.draw(&mask.inked(ink), x, y);
}

/// The triangle marker's corners in the 45×45 sprite box: equilateral, apex up, its bounding box centred (height
/// 28, half the base 28/√3); apex, then lower right, then lower left.
pub(crate) fn triangle_vertices() -> [(f32, f32); 3] {
    let h = 28.0;
    let half = h / 3f32.sqrt();
    let c = BOX_CENTRE;
    [(c, c - h / 2.0), (c + half, c + h / 2.0), (c - half, c + h / 2.0)]
}

/// The cross marker before it is turned 45° about the centre of the sprite box: a plus sign of arm length 16 and
/// half-width 4 around the origin, its twelve corners in order.
pub(crate) const CROSS_OUTLINE: [(f32, f32); 12] = {
    let (l, w) = (16.0, 4.0);
    [(w, l), (w, w), (l, w), (l, -w), (w, -w), (w, -l), (-w, -l), (-w, -w), (-l, -w), (-l, w), (-w, w), (-w, l)]
};

/// The centre of the sprites' 45-unit box.
pub(crate) const BOX_CENTRE: f32 = SPRITE_VIEWBOX / 2.0;
/// The radius of the circle marker, in box units.
pub(crate) const MARKER_CIRCLE_RADIUS: f32 = 14.0;
/// The square marker's top-left corner and side, in box units.
pub(crate) const MARKER_SQUARE: (f32, f32) = (9.5, 26.0);
/// The radius of the fallback disc of an unknown fairy piece, in box units.
pub(crate) const DISC_RADIUS: f32 = 20.0;
/// The disc's label fits a box of this share of the square, as tall as wide at most (inside the disc's 89 %).
pub(crate) const DISC_LABEL_BOX: f32 = 0.62;
/// Letters and numbers on a square: at most this share of the square tall …
pub(crate) const TEXT_HEIGHT: f32 = 0.55;
/// … and this share wide ("88" fits).
pub(crate) const TEXT_WIDTH: f32 = 0.8;

/// The white halo of text on hatched squares, in pixels at square size `size`: 1 to 3.
pub(crate) fn halo_radius(size: u32) -> u32 {
    (size / 40).clamp(1, 3)
}

/// The vector outline of a marker in the 45×45 sprite box.
fn marker_path(marker: Marker) -> Option<&'static Path> {
    static PATHS: OnceLock<[Option<Path>; 4]> = OnceLock::new();
    let paths = PATHS.get_or_init(|| {
        let circle = PathBuilder::from_circle(BOX_CENTRE, BOX_CENTRE, MARKER_CIRCLE_RADIUS);
        let (corner, side) = MARKER_SQUARE;
        let square = tiny_skia::Rect::from_xywh(corner, corner, side, side).map(PathBuilder::from_rect);
        // Equilateral triangle, apex up, its bounding box centred in the square.
        let triangle = {
            let [apex, right, left] = triangle_vertices();
            let mut pb = PathBuilder::new();
            pb.move_to(apex.0, apex.1);
            pb.line_to(right.0, right.1);
            pb.line_to(left.0, left.1);
            pb.close();
            pb.finish()
        };
        // A saltire: the plus sign of `CROSS_OUTLINE`, turned 45°.
        let cross = {
            let pts = CROSS_OUTLINE;
            let mut pb = PathBuilder::new();
            for (i, (x, y)) in pts.iter().enumerate() {
                if i == 0 {
                    pb.move_to(*x, *y);
                } else {
                    pb.line_to(*x, *y);
                }
            }
            pb.close();
            pb.finish().and_then(|p| p.transform(Transform::from_rotate(45.0).post_translate(BOX_CENTRE, BOX_CENTRE)))
        };
        [circle, cross, square, triangle]
    });
    let index = Marker::ALL.iter().position(|&m| m == marker).unwrap_or(0);
    paths[index].as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::board::ExtraColor;

    fn key(shape: Shape, color: Color, turns: u8, size: u32) -> Key {
        Key { shape, set: PieceSet::Cburnett, color, turns, size, fills: Fills::default() }
    }

    /// The prepared sprites as `sprites/prepared-40.bin` holds them, made now from the vectors.
    fn prepared_now() -> Vec<u8> {
        let level = |v: u8| LEVEL_VALUES.iter().position(|&l| l == v).expect("a quantized level") as u8;
        let side = PREPARED_SIZE as usize;
        let mut codes = Vec::new();
        for shape in prepared_shapes() {
            for black in [false, true] {
                let sprite = upright_exact(&shape, PieceSet::Cburnett, black, PREPARED_SIZE).quantized();
                for x in 0..side {
                    for y in 0..side {
                        let p = &sprite.pixels.data[(y * side + x) * 4..][..4];
                        assert!(p[0] == p[1] && p[1] == p[2], "{shape:?}: a pixel that is not grey: {p:?}");
                        codes.push(pixel_code(level(p[3]), level(p[0])));
                    }
                }
            }
        }
        codes.chunks_exact(2).map(|pair| pair[0] << 4 | pair[1]).collect()
    }

    #[test]
    fn pixel_codes_are_the_pairs_in_order() {
        for (code, &(alpha, grey)) in CODE_LEVELS.iter().enumerate() {
            assert!(grey <= alpha && alpha <= 4);
            assert_eq!(usize::from(pixel_code(alpha, grey)), code);
        }
    }

    #[test]
    fn prepared_sprites_are_what_the_vectors_draw() {
        let now = prepared_now();
        if std::env::var_os("UPDATE_PREPARED_SPRITES").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/sprites/prepared-40.bin");
            std::fs::write(path, &now).expect("write sprites/prepared-40.bin");
            return;
        }
        assert!(
            PREPARED == now.as_slice(),
            "sprites/prepared-40.bin is stale: run `UPDATE_PREPARED_SPRITES=1 cargo test --lib prepared` and rebuild"
        );
        // Read back, each is exactly the sprite the vectors give; other sizes are not prepared.
        for shape in prepared_shapes() {
            for black in [false, true] {
                let drawn = upright_exact(&shape, PieceSet::Cburnett, black, PREPARED_SIZE).quantized();
                assert_eq!(prepared(&shape, black, PREPARED_SIZE), Some(drawn), "{shape:?} black={black}");
                assert_eq!(prepared(&shape, black, PREPARED_SIZE + 1), None);
            }
        }
        assert_eq!(prepared(&Shape::Text("1".into()), false, PREPARED_SIZE), None);
        assert_eq!(prepared(&Shape::Disc("Ca".into()), true, PREPARED_SIZE), None);
    }

    #[test]
    fn four_quarter_turns_are_the_identity() {
        let s = draw(&key(Shape::Figure(Figure::Knight), Color::White, 0, 23));
        let mut r = s.clone();
        for _ in 0..4 {
            r = r.rotated(1);
        }
        assert_eq!(r.pixels, s.pixels);
        assert_eq!(s.rotated(1).rotated(1).pixels, s.rotated(2).pixels);
    }

    #[test]
    fn every_shape_draws_something_at_every_size() {
        for size in [1, 12, 13, 40, 128] {
            let mut shapes: Vec<Shape> = Figure::ALL.iter().map(|&f| Shape::Figure(f)).collect();
            shapes.extend(FairyFigure::ALL.iter().map(|&f| Shape::Fairy(f)));
            shapes.extend(Marker::ALL.iter().map(|&m| Shape::Marker(m)));
            shapes.push(Shape::Text("88".into()));
            shapes.push(Shape::Disc("Ca".into()));
            for shape in shapes {
                for color in [Color::White, Color::Black, Color::Neutral, Color::Extra(ExtraColor::ALL[1])] {
                    let s = draw(&key(shape.clone(), color, 1, size));
                    assert_eq!(s.pixels.data.len(), (size * size * 4) as usize);
                    if size >= 12 {
                        assert!(s.bounds.is_some(), "{shape:?} {color:?} {size}");
                    }
                }
            }
        }
    }

    #[test]
    fn cache_returns_the_drawn_sprite() {
        let k = key(Shape::Marker(Marker::Triangle), Color::Neutral, 3, 31);
        assert_eq!(*get(&k), draw(&k));
        // (Not `Arc::ptr_eq` on two gets: another test may empty the cache in between.)
        assert_eq!(get(&k), get(&k));
    }

    #[test]
    fn the_cache_keeps_a_requests_own_sprites_and_drops_older_ones() {
        // 12 sprites of about 60 KB at each of 15 large sizes (11 MB), in one request: more than the budget, and all
        // kept, so that the next request at these sizes draws none again. Filled with colours no other test asks
        // for: a test drawing the start position at these sizes in another thread would keep plain ones in use.
        let _serial = crate::work::tests::CACHES.lock().unwrap_or_else(|e| e.into_inner());
        let fills = Fills { white: Some(Rgb(0xf1, 0xe2, 0xd3)), black: Some(Rgb(0x13, 0x24, 0x35)) };
        let keys: Vec<Key> = (113..=127)
            .flat_map(|size| Figure::ALL.map(|figure| (figure, size)))
            .flat_map(|(figure, size)| {
                [Color::White, Color::Black]
                    .map(|c| Key { fills: fills.for_color(c), ..key(Shape::Figure(figure), c, 0, size) })
            })
            .collect();
        let held = |guard: &std::sync::MutexGuard<'_, _>| {
            let (map, bytes): &(HashMap<Key, (Arc<Sprite>, Epoch)>, usize) = guard;
            assert_eq!(*bytes, map.values().map(|(s, _)| s.pixels.data.len()).sum::<usize>());
            keys.iter().filter(|k| map.contains_key(k)).count()
        };
        // (Tests in other threads draw too, and past the hard budget the cache empties whole: a request whose
        // sprites were emptied meanwhile is asked again.)
        let kept = (0..5)
            .map(|_| {
                crate::work::begin_request();
                for k in &keys {
                    assert_eq!(get(k).pixels, draw(k).pixels);
                }
                held(&cache().lock().unwrap_or_else(|e| e.into_inner()))
            })
            .find(|&kept| kept == keys.len());
        assert_eq!(kept, Some(keys.len()));
        // Later requests: what none of the latest used is dropped when room is needed.
        for _ in 0..crate::work::KEPT_EPOCHS {
            crate::work::begin_request();
        }
        get(&key(Shape::Disc("qz".into()), Color::White, 0, 111));
        assert_eq!(held(&cache().lock().unwrap_or_else(|e| e.into_inner())), 0);
    }

    #[test]
    fn the_prediction_counts_what_drawing_counts() {
        // Sizes no other test draws, so that the cache's state is this test's.
        let _serial = crate::work::tests::CACHES.lock().unwrap_or_else(|e| e.into_inner());
        crate::work::begin_request();
        let keys = [
            key(Shape::Disc("zq".into()), Color::Neutral, 1, 57),
            key(Shape::Figure(Figure::Queen), Color::Extra(ExtraColor::ALL[1]), 2, 57),
            key(Shape::Text("7".into()), Color::White, 3, 57),
            key(Shape::Figure(Figure::Rook), Color::Black, 0, PREPARED_SIZE),
        ];
        let predicted = predicted_work(&keys);
        crate::work::take();
        keys.iter().for_each(|k| drop(get(k)));
        let counted = crate::work::take();
        // Two discs, each its circle and its label, and a queen and a text at 57 px; the prepared rook nothing.
        assert_eq!((predicted, counted), (Work::sprites(6, 6 * 57 * 57), predicted));
        assert_eq!(predicted_work(&keys), Work::NONE);
    }

    /// A piece filled with an extra colour's tint is that extra colour's piece, whichever its side, turned or not,
    /// figure, fairy glyph, marker or disc; a neutral piece's halves are its sides' filled pieces'; a key holds only
    /// the fills its piece shows, and text none.
    #[test]
    fn a_fill_is_the_mechanism_of_the_extra_colours() {
        let extra = Color::Extra(ExtraColor::ALL[2]);
        let tint = extra_tint(extra);
        let both = Fills { white: Some(tint), black: Some(Rgb(0x40, 0xa0, 0xff)) };
        let shapes = [
            Shape::Figure(Figure::Knight),
            Shape::Fairy(FairyFigure::ALL[0]),
            Shape::Marker(Marker::Triangle),
            Shape::Disc("Ca".into()),
        ];
        for shape in shapes {
            for (size, turns) in [(40, 0), (23, 1), (90, 3)] {
                let filled =
                    |color: Color, fills: Fills| draw(&Key { fills, ..key(shape.clone(), color, turns, size) });
                let colour_5 = draw(&key(shape.clone(), extra, turns, size));
                assert_eq!(filled(Color::White, both.for_color(Color::White)), colour_5, "{shape:?} {size}");
                let black = Fills { black: Some(tint), white: None };
                assert_eq!(filled(Color::Black, black), colour_5, "{shape:?} {size}");
                if turns == 0 {
                    let halves = Sprite::split(
                        &filled(Color::White, both.for_color(Color::White)),
                        &filled(Color::Black, both.for_color(Color::Black)),
                    );
                    assert_eq!(filled(Color::Neutral, both), halves.with_bounds(), "{shape:?} {size}");
                }
            }
        }
        assert_eq!(both.for_color(Color::White), Fills { black: None, ..both });
        assert_eq!(both.for_color(Color::Black), Fills { white: None, ..both });
        assert_eq!(both.for_color(extra), Fills::default());
        let text =
            Cell::Text(crate::notation::board::Text::new("a", crate::notation::board::Rotation::new(0)).unwrap());
        assert_eq!(cell_key(&text, 40, false, both, PieceSet::Cburnett).map(|k| k.fills), Some(Fills::default()));
    }

    #[test]
    fn tint_keeps_black_and_colours_white() {
        let white = draw(&key(Shape::Marker(Marker::Square), Color::White, 0, 45));
        let red = draw(&key(Shape::Marker(Marker::Square), Color::Extra(ExtraColor::ALL[0]), 0, 45));
        let centre = (22 * 45 + 22) * 4;
        assert_eq!(&white.pixels.data[centre..centre + 4], &[255, 255, 255, 255]);
        let t = extra_tint(Color::Extra(ExtraColor::ALL[0]));
        assert_eq!(&red.pixels.data[centre..centre + 4], &[t.0, t.1, t.2, 255]);
    }
}
