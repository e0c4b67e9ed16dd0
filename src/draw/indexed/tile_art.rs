//! A square's art, shared across pictures: its RGB pixels drawn once as the RGB painter draws the square, its own
//! colours and each pixel's index among them (with the tile's deflate codes), each row's colours in scan order, and
//! the indices the last picture gave it; kept in the isolate's tile cache ([`TILES`]).

use super::bounds::{OverlayReach, StillBounds};
use super::palette::{index_pixels, Palette};
use crate::draw::layout::MarkPaint;
use crate::draw::marks::{draw_square, SquareLayers};
use crate::draw::scene::{Scene, Square, SquarePaint};
use crate::draw::sprite;
use crate::encode::deflate::tile::TileCodes;
use crate::encode::gif::IndexSet;
use crate::options::piece_set::PieceSet;
use crate::options::theme::{hatching, PAPER};
use crate::pixels::{same_pixels, Image, Rect, Rgb};
use crate::work::{self, Epoch, Unit, Work};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// A tile's pixels in one picture's palette: the index of each of its own colours and of each pixel.
pub(super) struct Translation {
    pub(super) to_global: Vec<u8>,
    pub(super) indices: Vec<u8>,
}

/// How a tile drawn now is counted: not (the tiles a refusal draws, [`draw_missing`]), or as a painter's, which the
/// cost model predicts ([`Unit::Tile`], [`Unit::TilePixel`]) — with its code's search ([`Unit::TileCodePixel`]) for
/// a picture that may be coded from its tiles ([`codes_tiles`]; an animation's frames always are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counted {
    No,
    Drawn,
    Coded,
}

impl Counted {
    /// A painter's tile for `scene`'s still.
    pub(super) fn still(scene: &Scene) -> Counted {
        if codes_tiles(scene) {
            Counted::Coded
        } else {
            Counted::Drawn
        }
    }
}

/// Whether the still of `scene` may be coded from its tiles' codes (`bands::may_code_from_tiles`: its bands at 8
/// bits as wide as the encoder plans from, a piece set's from a quarter of the deflate window): then a new tile's
/// code is searched as well as its art drawn. An upper bound, decided from the layout, as the picture's depth is
/// known only once it is drawn.
pub(crate) fn codes_tiles(scene: &Scene) -> bool {
    let set = scene.squares.iter().filter_map(|square| square.sprite.as_ref()).any(|key| key.set != PieceSet::Cburnett);
    crate::encode::deflate::bands::may_code_from_tiles(scene.layout.square, scene.layout.width, set)
}

/// The tile of `square` filled with `fill` under `marks`, from the tile cache or drawn now as the RGB painter draws
/// the square ([`draw_square`]), at (0, 0): the blends do not depend on the position; a tile drawn now is
/// `counted`.
pub(super) fn square_art(square: &Square, fill: Fill, marks: &[MarkPaint], counted: Counted) -> Option<Arc<TileArt>> {
    let side = square.rect.width;
    let key = TileKey::new(side, (fill, square.paint), square.sprite.clone(), marks)?;
    Some(tile_art(key, (side as usize, counted), || {
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
/// colours given its index by `index_of` in order of first appearance, the indices it shows, and the tile's deflate
/// codes (`None` for a tile of more than 256 colours): the animations' frames are made of these, from the isolate's
/// tile cache. `None` if `index_of` refuses a colour, or for a see-through square.
pub(crate) fn square_indices(
    square: &Square,
    marks: &[MarkPaint],
    mut index_of: impl FnMut(u32) -> Option<u8>,
) -> Option<(Vec<u8>, IndexSet, Option<Arc<TileCodes>>)> {
    let fill = Fill::of(square, hatching(square.rect.width).period)?;
    let art = square_art(square, fill, marks, Counted::Coded)?;
    match &art.local {
        Some(local) => {
            let mut to_global = Vec::with_capacity(local.colours.len());
            for &colour in &local.colours {
                to_global.push(index_of(colour)?);
            }
            let indices = local.codes.indices().iter().map(|&c| to_global[usize::from(c)]).collect();
            let mut shows = IndexSet::default();
            to_global.iter().for_each(|&i| shows.insert(i));
            Some((indices, shows, Some(Arc::clone(&local.codes))))
        }
        None => {
            let mut out = vec![0; art.pixels.len()];
            index_pixels(&art.pixels, &mut out, index_of)?;
            let shows = IndexSet::of(&out);
            Some((out, shows, None))
        }
    }
}

/// The tiles of some squares that the tile cache does not hold, or whose code a picture coded from them will
/// search unpaid: their count and pixels ([`Unit::Tile`], [`Unit::TilePixel`], [`Unit::TileCodePixel`]), and the
/// first square showing each ([`NewTile`]), for [`draw_missing`]; `coded`: whether their codes are wanted.
#[derive(Default)]
pub(crate) struct NewTiles {
    pub(crate) work: Work,
    pub(crate) squares: Vec<NewTile>,
    coded: bool,
    /// The different tiles asked for and their pixels, held or not (a square whose tile has no key counts one of
    /// its own): the most a painter's picture of those squares shows ([`Unit::Shown`], [`Unit::ShownPixel`]).
    shown: (u64, u64),
    /// What a still's plan knows of its picture ([`predicted_work`]); `None` for an animation's tiles.
    pub(crate) still: Option<StillBounds>,
}

/// The first square showing a tile of [`NewTiles`], with its marks, and whether the cache holds the tile already
/// (drawn, its code not searched: only the code is wanted).
pub(crate) struct NewTile {
    pub(crate) square: Square,
    pub(crate) marks: Vec<MarkPaint>,
    pub(crate) held: bool,
}

/// Asks the tile cache for squares' tiles as a painter would ([`square_art`]'s key), each tile once, and marks what it
/// holds as used by this request, so that nothing drawn meanwhile evicts it. Holds the cache until [`TileQuery::done`].
pub(crate) struct TileQuery {
    cache: MutexGuard<'static, Held>,
    /// The keys met (as the cache's own map type, its values one shared blank tile: a set would be one more hash
    /// table's code in the wasm).
    seen: HashMap<TileKey, (Arc<TileArt>, Epoch)>,
    blank: Arc<TileArt>,
    new: NewTiles,
    /// The colours of the tiles met, while the cache holds each with its own colours, at most 256 in all; gathered
    /// for a still's plan only ([`predicted_work`]: an animation's query never has them).
    colours: Option<Palette>,
}

impl TileQuery {
    /// A query for the tiles a painter draws and counts as `counted`.
    pub(crate) fn new(counted: Counted) -> TileQuery {
        let cache = TILES.get_or_init(|| Mutex::new((HashMap::new(), 0)));
        TileQuery {
            cache: cache.lock().unwrap_or_else(|e| e.into_inner()),
            seen: HashMap::new(),
            blank: Arc::new(TileArt { pixels: Vec::new(), local: None, same_above: Vec::new() }),
            new: NewTiles { coded: counted == Counted::Coded, ..NewTiles::default() },
            colours: None,
        }
    }

    /// Asks for the tile of `square` under `marks`: whether this query met its tile for the first time.
    pub(crate) fn ask(&mut self, square: &Square, marks: &[MarkPaint]) -> bool {
        let side = square.rect.width;
        let pixels = u64::from(side) * u64::from(side);
        let key = TileKey::of(square, marks);
        let first = key.as_ref().is_none_or(|key| !self.seen.contains_key(key));
        if first {
            self.new.shown = (self.new.shown.0 + 1, self.new.shown.1.saturating_add(pixels));
        }
        if key.is_none() {
            self.colours = None;
        }
        let Some(key) = key.filter(|_| first) else { return false };
        let code = |work: &mut Work| work.tile_code_pixels = work.tile_code_pixels.saturating_add(pixels);
        match self.cache.0.get_mut(&key) {
            Some(hit) => {
                hit.1 = Epoch::now();
                add_colours(&mut self.colours, hit.0.local.as_ref());
                // Drawn for a picture searched as a whole (or by a refusal), its code not searched since: charged.
                let paid = hit.0.local.as_ref().is_none_or(|local| local.code_paid || local.codes.any_searched());
                if self.new.coded && !paid {
                    code(&mut self.new.work);
                    self.new.squares.push(NewTile { square: square.clone(), marks: marks.to_vec(), held: true });
                }
            }
            None => {
                self.colours = None;
                self.new.work.tiles += 1;
                self.new.work.tile_pixels = self.new.work.tile_pixels.saturating_add(pixels);
                if self.new.coded {
                    code(&mut self.new.work);
                }
                self.new.squares.push(NewTile { square: square.clone(), marks: marks.to_vec(), held: false });
            }
        }
        self.seen.insert(key, (Arc::clone(&self.blank), Epoch::now()));
        true
    }

    /// The colours of the tile of `square` under `marks`, where the cache holds it with its own colours.
    pub(crate) fn held_colours(&self, square: &Square, marks: &[MarkPaint]) -> Option<&[u32]> {
        let (art, _) = self.cache.0.get(&TileKey::of(square, marks)?)?;
        art.local.as_ref().map(|local| local.colours.as_slice())
    }

    /// What it met that the cache does not hold; the cache is let go.
    pub(crate) fn done(self) -> NewTiles {
        self.new
    }
}

/// Adds the colours of a tile the cache holds (`local`: its own colours, `None` for more than 256) to `colours`,
/// which turns `None` where they are not known or more than 256 in all.
fn add_colours(colours: &mut Option<Palette>, local: Option<&LocalColours>) {
    let known = match (colours.as_mut(), local) {
        (Some(palette), Some(local)) => palette.enter_all(&local.colours),
        _ => false,
    };
    if !known {
        *colours = None;
    }
}

/// The tiles of `scene`'s squares the palette painter would draw that the tile cache does not hold ([`TileQuery`]):
/// every square's, overlaid or not (an overlaid square's tile is drawn under its overlay). An upper bound: the
/// painter may hand the picture to the RGB painter first. With them, what the plan knows of the still
/// ([`StillBounds`]: the different tiles it shows, the most bytes it searches, whether one painter draws it).
pub(crate) fn predicted_work(scene: &Scene) -> NewTiles {
    let (marks, elsewhere) = scene.marks_by_square();
    let mut query = TileQuery { colours: Some(Palette::new()), ..TileQuery::new(Counted::still(scene)) };
    let mut reach = OverlayReach::of(scene);
    for (square, marks) in scene.squares.iter().zip(&marks) {
        query.ask(square, marks);
        reach.add(square.rect, || query.held_colours(square, marks));
    }
    // (Asked while the cache is held: the tiles' colours are those the painter will show.)
    let still = StillBounds::of(scene, query.colours.as_ref(), (query.new.shown, elsewhere.is_empty()), &reach);
    NewTiles { still: Some(still), ..query.done() }
}

/// Draws the tiles of `missing` ([`NewTiles::squares`]) into the tile cache, and searches their codes where they
/// are wanted ([`TileCodes::search_likely`]), in order, as long as `micros` of their pixels stay within `budget`
/// microseconds: a request refused for the tiles it would draw first spends what it was allowed on some of them, so
/// that asking again finds them. A code is charged at each depth searched: a tile of few colours is searched twice,
/// or not at all where the second search does not fit (the next picture coded from it is then charged its code).
/// Returns the tiles drawn or searched.
pub(crate) fn draw_missing(missing: &NewTiles, budget: u64, micros: impl Fn(Work) -> u64) -> u64 {
    let (mut spent, mut drawn) = (0, 0);
    for NewTile { square, marks, held } in &missing.squares {
        let side = square.rect.width;
        let Some(fill) = Fill::of(square, hatching(side).period) else { continue };
        let pixels = u64::from(side) * u64::from(side);
        let code = if missing.coded { pixels } else { 0 };
        let (tiles, drawn_pixels) = if *held { (0, 0) } else { (1, pixels) };
        let cost = micros(Work { tiles, tile_pixels: drawn_pixels, tile_code_pixels: code, ..Work::NONE });
        if spent + cost > budget {
            break;
        }
        spent += cost;
        let Some(art) = square_art(square, fill, marks, Counted::No) else { continue };
        if let Some(local) = art.local.as_ref().filter(|_| missing.coded) {
            // A tile of few colours is searched at both depths or at neither: searched at one, it would count as
            // paid, and the next picture's search at the other would be work no request was charged.
            let shallow = local.colours.len() <= TileCodes::SHALLOW_COLOURS;
            let second = if shallow { micros(Work { tile_code_pixels: pixels, ..Work::NONE }) } else { 0 };
            if spent + second <= budget {
                spent += second;
                local.codes.search_likely(shallow);
            }
        }
        drawn += 1;
    }
    drawn
}

/// A tile's pixels, and the same as the index of each pixel's colour among the tile's own colours: a row of a tile
/// then gets its palette indices by looking up a handful of colours, not one per pixel (looking up every pixel of
/// each new tile row is a large share of a miss).
pub(super) struct TileArt {
    /// RGB, `side`×`side`.
    pub(super) pixels: Vec<u32>,
    /// `None` for a tile of more than 256 colours (its rows are indexed pixel by pixel, and searched by the encoder).
    pub(super) local: Option<LocalColours>,
    /// Whether each row is the same as the row above it (the first is not).
    pub(super) same_above: Vec<bool>,
}

/// A tile's colours in order of first appearance (rows top down); each pixel's index among them, held by its
/// deflate codes ([`TileCodes::indices`], which are made from them); and for each row the colours it shows in order
/// of first appearance in that row: the order in which a scan of the row meets them, so the order in which the
/// picture's palette must be asked for them.
pub(super) struct LocalColours {
    pub(super) colours: Vec<u32>,
    pub(super) codes: Arc<TileCodes>,
    pub(super) row_colours: Vec<Vec<u8>>,
    /// The tile's indices in the last picture that showed it: the next start-like position's palette usually gives
    /// its colours the same indices, and then its rows need no translating.
    pub(super) kept: Mutex<Option<Arc<Translation>>>,
    /// Whether the request that drew it paid for its code's search ([`Counted::Coded`]): a tile drawn for a
    /// picture searched as a whole (or by a refusal) is charged its code where a later picture may be coded from
    /// it, until a code is searched.
    code_paid: bool,
}

impl TileArt {
    fn new(pixels: Vec<u32>, side: usize, code_paid: bool) -> TileArt {
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
                code_paid,
            }
        });
        TileArt { same_above: same_above(&pixels, side), pixels, local }
    }

    /// A tile of its own (a square under an arrow or circle): its rows indexed pixel by pixel.
    pub(super) fn unshared(pixels: Vec<u32>, side: usize) -> TileArt {
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

/// How a square is filled: one colour, or the hatching at a phase (`(x + y) % period` of its top-left pixel).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Fill {
    Solid(Rgb),
    Hatched(u32),
}

impl Fill {
    /// How `square` is filled, its hatching (of `period`) at its place; `None` for a see-through square.
    pub(super) fn of(square: &Square, period: u32) -> Option<Fill> {
        let rect = square.rect;
        match square.paint {
            SquarePaint::Solid(c) => Some(Fill::Solid(c)),
            SquarePaint::Hatched { .. } => Some(Fill::Hatched((rect.x + rect.y) % period)),
            SquarePaint::Clear => None,
        }
    }
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
    /// `u32::MAX - 1` for the glow; `u32::MAX - 2` and an X's colour; `u32::MAX - 3` and a badge's glyph.
    marks: Vec<(u32, u32)>,
}

impl TileKey {
    /// The key of the tile of `square` under `marks` ([`TileKey::new`]).
    fn of(square: &Square, marks: &[MarkPaint]) -> Option<TileKey> {
        let side = square.rect.width;
        let fill = Fill::of(square, hatching(side).period)?;
        TileKey::new(side, (fill, square.paint), square.sprite.clone(), marks)
    }

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
            MarkPaint::Badge(glyph) => (u32::MAX - 3, glyph as u32),
        };
        Some(TileKey { side, paint, phase, sprite, marks: marks.iter().map(mark_key).collect() })
    }
}

/// The tiles' RGB pixels drawn in this isolate, with the bytes they hold: a warm isolate meets the same squares in
/// diagram after diagram (the twelve pieces on two colours at the sizes in use), and drawing a sprite onto its square
/// is a large share of a miss (docs/cost.md). When it would hold more than [`TILE_BUDGET_BYTES`], the tiles the
/// latest requests did not use are dropped. The pixels are a pure function of the key, so a cached tile and a new one
/// are the same picture.
type TileCache = Mutex<Held>;

/// The tiles held, each with the request that last used it, and the bytes they hold.
type Held = (HashMap<TileKey, (Arc<TileArt>, Epoch)>, usize);

/// The most bytes of tile pixels kept (a full set of 24 tiles at 128 px is 1.6 MB).
const TILE_BUDGET_BYTES: usize = 8 << 20;

/// The most bytes the latest requests' tiles may hold before the cache is emptied all the same: with the sprites'
/// ([`crate::draw::sprite`]'s hard budget) well within an isolate's 128 MB.
const TILE_HARD_BUDGET_BYTES: usize = 24 << 20;

static TILES: OnceLock<TileCache> = OnceLock::new();

/// Empties the tile cache (for benchmarks of the cold path, with the sprite cache).
pub(crate) fn clear_tile_cache() {
    if let Some(cache) = TILES.get() {
        let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
        guard.0.clear();
        guard.1 = 0;
    }
}

/// The tile `key`, from the cache or drawn now by `draw` (`side`×`side` RGB pixels, `counted`).
fn tile_art(key: TileKey, (side, counted): (usize, Counted), draw: impl FnOnce() -> Vec<u32>) -> Arc<TileArt> {
    let cache = TILES.get_or_init(|| Mutex::new((HashMap::new(), 0)));
    if let Some(hit) = cache.lock().unwrap_or_else(|e| e.into_inner()).0.get_mut(&key) {
        hit.1 = Epoch::now();
        return Arc::clone(&hit.0);
    }
    if counted != Counted::No {
        work::count(Unit::Tile, 1);
        work::count(Unit::TilePixel, (side * side) as u64);
    }
    if counted == Counted::Coded {
        work::count(Unit::TileCodePixel, (side * side) as u64);
    }
    let pixels = Arc::new(TileArt::new(draw(), side, counted == Counted::Coded));
    let mut guard = cache.lock().unwrap_or_else(|e| e.into_inner());
    let (map, bytes) = &mut *guard;
    let size = pixels.bytes();
    if *bytes + size > TILE_BUDGET_BYTES {
        // Only what the latest requests did not use goes (as in the sprite cache): a request whose own tiles are
        // more than the budget keeps them, instead of emptying the cache under itself and drawing them again on
        // every miss.
        map.retain(|_, (_, used)| used.is_recent());
        *bytes = map.values().map(|(tile, _)| tile.bytes()).sum();
        // The latest requests' tiles may be more than an isolate can hold (eight 32×32 boards of different
        // squares on the paid plan, 20 MB each): past the hard budget, emptied as before.
        if *bytes > TILE_HARD_BUDGET_BYTES {
            map.clear();
            *bytes = 0;
        }
    }
    *bytes += size;
    // Another thread may have drawn it meanwhile (host tests run in parallel; an isolate has one thread): the one
    // replaced is no longer counted.
    if let Some((replaced, _)) = map.insert(key, (Arc::clone(&pixels), Epoch::now())) {
        *bytes = bytes.saturating_sub(replaced.bytes());
    }
    pixels
}
