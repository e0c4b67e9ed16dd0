//! What a diagram will cost to draw and encode, predicted before drawing it, so that a deployment with a CPU limit
//! per request (Cloudflare's Free plan: 10 ms) refuses only the pictures that would run out of it.
//!
//! Why not a pixel count: pixels are a poor predictor across boards. A plain 8×8 board at `size=128` (1.08 Mpx) is
//! a handful of different squares repeated, cheap to draw and to encode; a 32×32 board of sixteen fairy pieces with
//! coordinates has a fifth of the pixels and costs more. So the prediction adds up what the renderer does, each term
//! measured in workerd and in V8 (docs/cost.md):
//!
//! - a fixed part (parsing, the cache key and lookup, the response);
//! - every pixel of the picture (assembling, packing and hashing rows, the Adler-32, copying): about 3 ns a pixel on
//!   the indexed path, 4 ns with furniture or filled pieces (text, marks and tinted pieces bring more colours, so
//!   8-bit samples), about 6 ns on the RGB path (holes, the lines between squares, see-through colours);
//! - every pixel of every different square (a *tile*: fill and piece), drawn and indexed once, and compressed as
//!   new rows: the square size squared times the tiles;
//! - every different piece's sprite looked up (and derived: turned, tinted) in the isolate's sprite cache;
//! - each coordinate label and each character of a title, caption or count (text layout and rasterising), each
//!   highlighted square and arrow, and the box each arrow spans.
//!
//! Those terms are upper bounds, about twice what they measure. An animation's later frames are fitted to what they
//! measure and charged twice that ([`LATER_FRAMES_MARGIN`]); the sprites and tiles an isolate draws the first time it
//! meets them (asked of its caches: [`new_sprites`]) are charged what V8 measures (a lettered disc twice: its circle
//! and its label count a sprite each), and the sprites bounded apart ([`CostLimit::sprite_budget`]). So what the Free
//! plan's 8 ms admits measures about 5 ms or less above the floor in workerd here, but for some requests of new
//! sprites and tiles (docs/cost.md, "Open"); its edges are tested below and measured by `scripts/cost`.

use crate::draw::indexed::bounds::StillBounds;
use crate::draw::indexed::indexed_path_applies;
use crate::draw::indexed::tile_art::{self, NewTiles};
use crate::draw::layout::Layout;
use crate::draw::scene::Scene;
use crate::draw::sprite;
use crate::notation::board::{Board, Cell};
use crate::notation::moves::{Square, Step};
use crate::options::furniture::PieceCount;
use crate::options::piece_set::PieceSet;
use crate::options::render_options::RenderOptions;
use crate::output::animation::replay::{self, Replay};
use crate::output::format::{AnimationEncoder, Format};
use crate::work::Work;
use std::collections::HashMap;

mod limit;
pub use limit::{
    sprites_micros, CostLimit, InvalidCostLimit, RenderCost, TooCostly, NEW_SPRITE_MICROS, NEW_TILE_CODE_PIXEL_NANOS,
    NEW_TILE_MICROS, NEW_TILE_PIXEL_NANOS, VECTOR_PIXEL_NANOS,
};

/// The fixed part of a miss, in microseconds.
const FIXED_MICROS: u64 = 700;
/// Microseconds a piece, marker or text on a square (its token read, its sprite key built and looked up) and a
/// square (its tile found).
const PIECE_MICROS: u64 = 7;
const SQUARE_NANOS: u64 = 500;
/// Picoseconds a pixel composed by a painter ([`crate::work::Unit::Pixel`]) and a pixel coded by the encoder
/// ([`crate::work::Unit::Coded`]): a still's every pixel is one of each, 2 ns together, what a pixel of the plain
/// indexed path costs past the first [`THOROUGH_PIXELS`]. Split as the host's instruction counts split a plain
/// 1,040-px still's rows, 6.4 a pixel composed and 4.5 coded (docs/cost.md, "Units").
pub const COMPOSED_PIXEL_PS: u64 = 1_200;
/// See [`COMPOSED_PIXEL_PS`].
pub const CODED_PIXEL_PS: u64 = 800;
/// Nanoseconds a pixel adds to those two on the indexed path (the first [`THOROUGH_PIXELS`], which the encoder
/// compresses with more effort, and the rest), the same with furniture (more colours: 8-bit samples, twice the bytes
/// to compress), and on the RGB path (every pixel looked up in the palette, or three bytes coded): what the count of
/// pixels does not tell, from what the plan says of the painter and the samples.
const PIXEL_NANOS_INDEXED: (u64, u64) = (1, 0);
const PIXEL_NANOS_FURNISHED: (u64, u64) = (2, 1);
const THOROUGH_PIXELS: u64 = 512 * 1024;
const PIXEL_NANOS_RGB: u64 = 4;
/// Nanoseconds a pixel of each different square (drawn, indexed, its rows compressed as new).
const TILE_PIXEL_NANOS: u64 = 1;
/// Microseconds a different sprite (found in the isolate's sprite cache; see the module documentation for a cold
/// cache).
const SPRITE_MICROS: u64 = 20;
/// Microseconds a piece set other than cburnett adds: its sprites' paths prepared on its first use in an isolate
/// (the most detailed set, fantasy, has a few hundred paths), and its upright pieces drawn from their vectors at
/// every size, where cburnett's are prepared ahead of time at 40 px. Charged on every request, as the model cannot
/// know what the isolate has seen: an upper bound. (An estimate from the host's timings, not yet measured in workerd.)
const SET_MICROS: u64 = 300;
/// Microseconds a coordinate label (its strip is indexed row by row, equal rows copied).
const LABEL_MICROS: u64 = 20;
/// Microseconds a character of furniture text (laid out and rasterised with fontdue on every request).
const CHAR_MICROS: u64 = 50;
/// Nanoseconds a pixel of a square under a highlight or an arrow (a tile of its own, the overlay rasterised).
const MARK_PIXEL_NANOS: u64 = 10;
/// Nanoseconds a pixel of the box an arrow spans, from its first square to its last: its outline is rasterised in
/// a mask of that box, every pixel of which is then read, though most of a long diagonal's box is empty. In V8, two
/// arrows boxing 39 squares of 128 px took 1.3 ms of a furnished still's 5.7 (2 ns a pixel), a quarter of it
/// (uncharged, the Free plan's furnished edge at 91 px measured 4.9–5.5 ms).
const ARROW_BOX_PIXEL_NANOS: u64 = 3;
/// Nanoseconds a pixel of an animation's first frame adds to its still's cost, and picoseconds a pixel of a later
/// frame's rectangle ([`Coefficients`]), by container: an animated PNG's first frame is unpacked onto the animation's
/// palette and deflated again from its tiles' codes, a GIF's coded whole by the LZW; a later frame's changed squares
/// are copied from tiles, the rest marked unchanged, and encoded: the deflate codes a row of unchanged squares as
/// one copy of the row above, the LZW walks every pixel. Fitted to `scripts/cost`'s animation rows in workerd
/// (docs/cost.md, "Animations"): lila-gif's game at sizes 20, 40 and 90, its first moves, and its body posted; the
/// APNG's with a margin at 90 px, where 54 moves admitted at 300 ps measured 5.4–6.3 ms.
const PNG_PIXEL_NANOS: Coefficients = Coefficients { first: 1, later_ps: 420 };
const GIF_PIXEL_NANOS: Coefficients = Coefficients { first: 2, later_ps: 1000 };
/// A `/game.gif`'s: its first frame is drawn between the bars, and each later frame cut out of the framed picture
/// and put between them.
const GAME_PIXEL_NANOS: Coefficients = Coefficients { first: 3, later_ps: 1000 };
/// Nanoseconds a pixel of a frame painted whole (in RGB, indexed, compared: a count or arrows) and a later frame's
/// fixed part (its scene built and compared with the one before, its changed squares' tiles found, its headers).
const WHOLE_FRAME_PIXEL_NANOS: u64 = 12;
const FRAME_NANOS: u64 = 25_000;
/// Microseconds a character of a `/game.gif`'s text: a name in a bar or a coordinate on a square, a few glyphs drawn
/// once a request (not a caption's lines laid out).
const GAME_CHAR_MICROS: u64 = 8;

/// Nanoseconds a SAN move costs a square of the board (each move's pieces found, their moves tried for the king's
/// safety, the move played: about 4.4 µs a move of an 8×8 game on the host, counted as 10 in V8) and a byte of a PGN
/// read (6 ns on the host).
const SAN_SQUARE_NANOS: u64 = 160;
const PGN_BYTE_NANOS: u64 = 20;

/// Predicts what reading the moves costs beyond playing them: `san` SAN moves found on a board of `squares`
/// squares ([`crate::notation::replay`]) and a PGN of `pgn_bytes` bytes read ([`crate::notation::pgn`]), in
/// microseconds; nothing for moves in coordinates or long notation.
pub fn reading_micros(san: usize, squares: usize, pgn_bytes: usize) -> u64 {
    (san as u64 * squares as u64 * SAN_SQUARE_NANOS + pgn_bytes as u64 * PGN_BYTE_NANOS) / 1000
}

/// Microseconds a glyph's badge drawn on a frame of `pgn=` adds beyond its square's repaint (which its move makes
/// anyway): its artwork (a disc and two characters rasterised, kept once drawn) and its square's tile of its own,
/// each pixel blended as a marked square's. An upper bound: the artwork is drawn once a glyph and size.
const BADGE_MICROS: u64 = 2 * GAME_CHAR_MICROS;

/// Predicts what `badges` glyph badges on squares of `side` pixels add to an animation, in microseconds.
pub fn badge_micros(badges: usize, side: u32) -> u64 {
    badges as u64 * (BADGE_MICROS + u64::from(side) * u64::from(side) * MARK_PIXEL_NANOS / 1000)
}

/// An animation's coefficients: nanoseconds a pixel of its first frame over its still's cost, and picoseconds a
/// pixel of a later frame's rectangle. The later frames' are fitted to what `scripts/cost` measures in workerd, V8's
/// helper threads included, within 1.1–1.4× (docs/cost.md, "Animations"): what the Free plan's 8 ms admits is what
/// fits it; the first frame's, like a still's, stays about twice what it measures.
struct Coefficients {
    first: u64,
    later_ps: u64,
}

/// The sprites the isolate's cache does not hold that drawing `board` with `options` and playing `lines` on it will
/// draw from vectors, and their pixels: the board's sprites, then on each move's board those of the squares it
/// changed; and the tiles the tile cache does not hold (a still's, or an animation's: `animation`, its shots). Asks
/// the caches (and marks what they hold as used by this request, so that nothing drawn meanwhile evicts it): the same
/// diagram costs less in an isolate that drew its pieces before.
pub fn new_sprites(
    board: &Board,
    options: &RenderOptions,
    lines: &[Vec<Step>],
    animation: Option<Replay<'_, '_>>,
) -> Work {
    new_sprites_and_bounds(board, options, lines, animation).0
}

/// [`new_sprites`], and what the plan of a still learnt of its picture from the tile cache ([`StillBounds`]; `None`
/// for an animation, or a picture the palette painter does not draw).
pub(crate) fn new_sprites_and_bounds(
    board: &Board,
    options: &RenderOptions,
    lines: &[Vec<Step>],
    animation: Option<Replay<'_, '_>>,
) -> (Work, Option<StillBounds>) {
    let sprites = sprite::predicted_work(&sprite_keys(board, options, lines));
    let tiles = new_tiles(board, options, animation);
    (sprites.plus(tiles.work), tiles.still)
}

/// The tiles a picture draws that the isolate's tile cache does not hold, or whose codes it searches unpaid: an
/// animation's (`animation`, its shots: [`replay::new_tiles`]), or a still's ([`tile_art::predicted_work`]; none
/// for a picture the palette painter does not draw). A still's scene is built and its tiles asked for on every
/// request, hits included (the planner predicts before the cache lookup): a plan of the start position at the
/// default size under a limit took 21 µs on the host against 9.5 when only large squares were asked (`plan`, 5,000
/// times).
fn new_tiles(board: &Board, options: &RenderOptions, animation: Option<Replay<'_, '_>>) -> NewTiles {
    if let Some(replay) = animation {
        return replay::new_tiles(replay, options);
    }
    if !indexed_path_applies(board, options) {
        return NewTiles::default();
    }
    tile_art::predicted_work(&Scene::build(board, options))
}

/// Draws, of the sprites and tiles [`new_sprites`] counts, what `budget` microseconds allow
/// ([`TooCostly::for_new_sprites`]): the sprites first, then, once every sprite is drawn, the tiles (each draws its
/// sprite). Returns how many sprites and tiles were drawn.
pub fn draw_new_sprites(
    board: &Board,
    options: &RenderOptions,
    (lines, animation): (&[Vec<Step>], Option<Replay<'_, '_>>),
    budget: u64,
) -> u64 {
    draw_within(&sprite_keys(board, options, lines), || new_tiles(board, options, animation), budget)
}

/// Draws, of the sprites of `keys` and the tiles `tiles` finds, what `budget` microseconds allow: the sprites first,
/// then, once every sprite is drawn, the tiles. Returns how many were drawn.
pub(crate) fn draw_within(keys: &[sprite::Key], tiles: impl FnOnce() -> NewTiles, budget: u64) -> u64 {
    let new = sprite::predicted_work(keys);
    let sprites = sprite::draw_within(keys, budget, sprites_micros);
    if sprites < new.sprites {
        return sprites;
    }
    let left = budget.saturating_sub(sprites_micros(new));
    sprites + tile_art::draw_missing(&tiles(), left, sprites_micros)
}

/// The sprites of `board`, then of the squares each move of `lines` changes.
fn sprite_keys(board: &Board, options: &RenderOptions, lines: &[Vec<Step>]) -> Vec<sprite::Key> {
    let mut keys = Scene::sprite_keys(board, options, None);
    for step in lines.iter().flatten() {
        let height = step.board.height();
        let at: Vec<(usize, usize)> = step
            .changed
            .iter()
            .filter(|s| s.rank >= 1 && s.rank <= height)
            .map(|s| (s.file, height - s.rank))
            .collect();
        keys.extend(Scene::sprite_keys(&step.board, options, Some(&at)));
    }
    keys
}

/// Predicts what drawing and encoding `board` with `options` costs; see the module documentation.
///
/// ```
/// use ffen_diagram::{ffen, render_cost, RenderOptions};
/// let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ffen::Dialect::Janko).unwrap();
/// let cost = render_cost(&start, &RenderOptions::default());
/// assert_eq!((cost.width, cost.height, cost.tiles), (322, 322, 22));
/// assert!(cost.micros < 3_000);
/// ```
// Not inlined: its callers (the still, the GIF, the animations, lila-gif's game) share one copy in the wasm.
#[inline(never)]
pub fn render_cost(board: &Board, options: &RenderOptions) -> RenderCost {
    let l = Layout::requested(board, options);
    let pixels = u64::from(l.width) * u64::from(l.height);
    let square = u64::from(l.square) * u64::from(l.square);
    let (tiles, sprites) = distinct_squares(board);
    let labels = if options.coords { (board.width() + board.height()) as u64 } else { 0 };
    let furniture = &options.furniture;
    let mut chars = text_chars(options);
    if furniture.count {
        chars += 8; // "(16+16)" and the like
    }
    let pieces = pieces(board);
    let squares = board.cells().len() as u64;
    // (A square's glow or X is drawn once a size and kept, like a sprite: a mark like a tint.)
    let marks = (furniture.squares.len()
        + furniture.arrows.len()
        + 2 * usize::from(furniture.last_move.is_some())
        + usize::from(furniture.check_square.is_some())) as u64;
    // Filled pieces, like furniture, bring more colours (their tinted edges on each square colour): 8-bit samples;
    // so does a piece set other than cburnett (its own colours, antialiased on each square colour).
    let other_set = options.piece != PieceSet::default();
    let filled = options.white_fill.is_some() || options.black_fill.is_some() || other_set;
    // Every pixel composed once (by the palette painter, or the RGB painter where it gives up) and coded once; its
    // scanlines searched at most whole, in RGBA (the most bytes a pixel a PNG of ours has); its text drawn by both
    // painters at most.
    let searched = u64::from(l.height) * (1 + 4 * u64::from(l.width));
    let glyphs = 2 * scene_glyphs(options, || PieceCount::of(board).to_string().chars().count());
    // At most every square a tile of its own (marks, overlays, hatching and patterns make more than `tiles`). Its
    // scene built twice: asked of the tile cache while planning, then drawn.
    let (shown, shown_pixels) = (squares, squares * square);
    let scenes = Work { pieces: 2 * pieces, squares: 2 * squares, ..Work::NONE };
    let indexed = indexed_path_applies(board, options);
    let strip_pixels = if indexed { strip_pixels(board, &l) } else { 0 };
    let still = Work { pixels, coded: pixels, searched, glyphs, shown, shown_pixels, strip_pixels, ..scenes };
    let pixel_cost = units_nanos(Work { pixels, coded: pixels, ..Work::NONE })
        + if indexed {
            let furnished = chars > 0 || marks > 0 || filled;
            let (first, rest) = if furnished { PIXEL_NANOS_FURNISHED } else { PIXEL_NANOS_INDEXED };
            pixels.min(THOROUGH_PIXELS) * first + pixels.saturating_sub(THOROUGH_PIXELS) * rest
        } else {
            pixels * PIXEL_NANOS_RGB
        };
    let marked = marks * MARK_PIXEL_NANOS + arrow_squares(options) * ARROW_BOX_PIXEL_NANOS;
    let micros = FIXED_MICROS
        + pieces * PIECE_MICROS
        + (squares * SQUARE_NANOS + pixel_cost + tiles * square * TILE_PIXEL_NANOS + marked * square) / 1000
        + chars as u64 * CHAR_MICROS
        + sprites * SPRITE_MICROS
        + labels * LABEL_MICROS
        + u64::from(other_set) * SET_MICROS;
    RenderCost::one_frame(micros, &l, tiles, (false, still))
}

/// The pixels of a picture of `board` laid out as `l` outside its framed board (the squares and their outline):
/// what the palette painter draws in RGB strips ([`crate::work::Unit::StripPixel`]).
fn strip_pixels(board: &Board, l: &Layout) -> u64 {
    let (width, height) = framed_board(board, l);
    (u64::from(l.width) * u64::from(l.height)).saturating_sub(width * height)
}

/// The width and height of `board`'s squares and their outline laid out as `l`, in pixels.
fn framed_board(board: &Board, l: &Layout) -> (u64, u64) {
    let framed = |squares: usize| u64::from(l.square) * squares as u64 + 2 * u64::from(l.outline);
    (framed(board.width()), framed(board.height()))
}

/// The squares of the boxes the arrows of `options` span (a circle: its square).
fn arrow_squares(options: &RenderOptions) -> u64 {
    let boxes = options.furniture.arrows.as_slice().iter().map(|(m, _)| spans(&[at(m.from), at(m.to)]));
    boxes.map(|(files, ranks)| files * ranks).sum()
}

/// Nanoseconds of a still's pixels composed and coded ([`COMPOSED_PIXEL_PS`], [`CODED_PIXEL_PS`]) and of the words'
/// cells, squares and items ([`WORDS_CELL_MICROS`], …): the part of a prediction that is its units times their
/// coefficients.
pub fn units_nanos(work: Work) -> u64 {
    let pixels =
        work.pixels.saturating_mul(COMPOSED_PIXEL_PS).saturating_add(work.coded.saturating_mul(CODED_PIXEL_PS));
    (pixels / 1000)
        .saturating_add(work.cells.saturating_mul(WORDS_CELL_MICROS * 1000))
        .saturating_add(work.squares.saturating_mul(WORDS_SQUARE_NANOS))
        .saturating_add(work.items.saturating_mul(WORDS_ITEM_MICROS * 1000))
}

/// The cells of `board` that show something: neither empty nor a hole.
fn pieces(board: &Board) -> u64 {
    board.cells().iter().filter(|c| !matches!(c, Cell::Empty | Cell::Hole)).count() as u64
}

/// The characters a scene drawn with `options` lays out and draws from the font ([`Unit::Glyph`]
/// (crate::work::Unit::Glyph)): its title and caption and a piece count of `count()` characters where it shows one
/// (asked only then: most diagrams show none). Not its coordinate labels: drawn once a size and kept as strips,
/// they are no glyphs of a request's.
fn scene_glyphs(options: &RenderOptions, count: impl FnOnce() -> usize) -> u64 {
    let count = if options.furniture.count { count() } else { 0 };
    (text_chars(options) + count) as u64
}

/// The most characters a piece count of a board of `cells` cells prints (`(W+B+Nn+Kc3+Kc4+Kc5+Kc6)`, each number
/// at most `cells`).
fn longest_count(cells: usize) -> usize {
    let digits = cells.max(1).ilog10() as usize + 1;
    7 * digits + 17
}

/// The characters of the title and the caption.
fn text_chars(options: &RenderOptions) -> usize {
    let furniture = &options.furniture;
    furniture.title.lines().iter().chain(furniture.caption.lines()).map(|l| l.chars().count()).sum()
}

/// Predicts what drawing and encoding the animation of `lines` played on `board` in `format` costs (a still drawn
/// as an animation, [`Format::still_is_animation`], has no line): the first frame, the whole picture, as a still's
/// tiles and sprites plus every pixel painted, indexed on the animation's palette and encoded; then each later frame
/// from what it changes — a frame's fixed part (the scene built, compared with the one before) and the pixels of the
/// rectangle around the squares it changes (the move's squares and the highlights it sets and clears), painted and
/// encoded. A frame whose other parts may change (a piece count, arrows) and the diagram shown again before each
/// line after the first count as the whole picture. Not frames × picture: a 93-move game at 90-px squares is about
/// a first frame and a third of the board a move.
pub fn animation_cost(board: &Board, options: &RenderOptions, lines: &[Vec<Step>], format: Format) -> RenderCost {
    let l = Layout::requested(board, options);
    let pixels = u64::from(l.width) * u64::from(l.height);
    let still = render_cost(board, options);
    let square = u64::from(l.square);
    // Arrows cross squares, so every frame with them is painted whole; with a piece count, a frame whose count
    // changes (a capture, a piece put or taken away) is painted whole and its text differs too.
    let arrows = !options.furniture.arrows.is_empty();
    let count = |board: &Board| options.furniture.count.then(|| PieceCount::of(board));
    // The pixels cost what the format's animation encoder makes them cost; a format that does not animate is not
    // asked here, and would count as the PNG, the default.
    let per_pixel = match format.animation_encoder() {
        Some(AnimationEncoder::Gif) => GIF_PIXEL_NANOS,
        Some(AnimationEncoder::Apng) | None => PNG_PIXEL_NANOS,
    };
    let whole = Work { frames: 1, frame_pixels: pixels, repainted: pixels, ..Work::NONE };
    // A later frame: the rectangle around the squares it changes and those whose last-move marks it sets or
    // clears; the whole picture where something else may change.
    let frame = |(before, before_last): Shown<'_>, (after, last): Shown<'_>, changed: &[Square]| {
        let resized = (before.width(), before.height()) != (after.width(), after.height());
        if resized || count(before) != count(after) {
            return whole;
        }
        let marked = [before_last, last].into_iter().flatten().flat_map(|(a, b)| [a, b]);
        let squares: Vec<Square> = changed.iter().copied().chain(marked).collect();
        let (files, ranks) = spans(&squares);
        // (Arrows are painted again with the whole frame, alike: only the squares differ. So is a frame whose
        // last-move marks are set or cleared on a hole, which is no square of the scene.)
        let on_hole = |board: &Board, mark: Option<(Square, Square)>| {
            let hole =
                |s: Square| board.height().checked_sub(s.rank).and_then(|y| board.get(s.file, y)) == Some(&Cell::Hole);
            mark.is_some_and(|(a, b)| hole(a) || hole(b))
        };
        let repainted = if arrows || on_hole(before, before_last) || on_hole(after, last) { pixels } else { 0 };
        Work { frames: 1, frame_pixels: (files * ranks * square * square).min(pixels), repainted, ..Work::NONE }
    };
    let diagram: Shown<'_> = (board, options.furniture.last_move.map(|m| (m.from, m.to)).map(|(a, b)| (at(a), at(b))));
    let (mut work, mut shown) = (Work::NONE, diagram);
    // The most pieces and squares a frame's scene shows, and the later frames whose scene is built whole.
    let (mut most, mut cells, mut rebuilt) = (pieces(board), board.cells().len() as u64, 0u64);
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            // The diagram again: the squares where the line left other cells.
            work = work.plus(frame(shown, diagram, &differing(shown.0, board)));
            rebuilt += u64::from(builds_whole(options, shown.0, board));
            shown = diagram;
        }
        for step in line {
            work = work.plus(frame(shown, (&step.board, step.last), &step.changed));
            rebuilt += u64::from(builds_whole(options, shown.0, &step.board));
            shown = (&step.board, step.last);
            most = most.max(pieces(&step.board));
            cells = cells.max(step.board.cells().len() as u64);
        }
    }
    let nanos = still.micros.saturating_sub(FIXED_MICROS) * 1000 + pixels * per_pixel.first;
    let nanos = nanos.saturating_add(later_frames_nanos(work, per_pixel.later_ps));
    // The diagram, each line's moves, and the diagram again before each line after the first.
    let frames = u32::try_from(work.frames.saturating_add(1)).unwrap_or(u32::MAX);
    // The first frame is composed by the palette painter, and again by the RGB painter where its colours do not
    // take the animation's palette in order (neither where it is its squares' tiles, its tiles then not shown);
    // each frame painted whole is composed again; every frame is coded.
    let of_squares = first_frame_of_squares(board, options, &l);
    let first = if of_squares { 0 } else { pixels * (1 + u64::from(indexed_path_applies(board, options))) };
    let shown = if of_squares { Work::NONE } else { still.still };
    let coded = pixels.saturating_add(work.frame_pixels);
    // The scenes' text: the first frame's (twice, as a still's) and each later frame's painted whole, twice as many
    // (frames whose squares alone change paint no text). Their pieces: the first frame's scene and each later one
    // built whole (not patched from the one before), each built once drawing and once while planning (the frames
    // replayed for their new tiles).
    let paintings = work.repainted.div_ceil(pixels.max(1)).saturating_add(2).saturating_mul(2);
    let glyphs = paintings.saturating_mul(scene_glyphs(options, || longest_count(board.cells().len())));
    let scenes = rebuilt.saturating_add(1).saturating_mul(2);
    let pixels = Work {
        pixels: first.saturating_add(work.repainted),
        coded,
        searched: searched_by_apng(format, (pixels, of_squares), options.borders, work),
        glyphs,
        shown: shown.shown,
        shown_pixels: shown.shown_pixels,
        strip_pixels: shown.strip_pixels,
        pieces: scenes.saturating_mul(most),
        squares: scenes.saturating_mul(cells),
        animations: 1,
        ..Work::NONE
    };
    RenderCost { micros: FIXED_MICROS + nanos / 1000, frames, animation: work, still: pixels, ..still }
}

/// A board as an animation's frame shows it, with the move it marks.
type Shown<'a> = (&'a Board, Option<(Square, Square)>);

/// Whether the frame showing `after` after `before` builds its scene whole rather than patching the one before
/// (`Scene::patched`): a piece count shown, or a board of another size or with other holes.
pub(crate) fn builds_whole(options: &RenderOptions, before: &Board, after: &Board) -> bool {
    let hole = |cell: &Cell| matches!(cell, Cell::Hole);
    options.furniture.count
        || (before.width(), before.height()) != (after.width(), after.height())
        || before.cells().iter().zip(after.cells()).any(|(a, b)| hole(a) != hole(b))
}

/// Whether an animation's first frame is the board in its frame and nothing else, coded from its squares' tiles
/// with no pixel painted (`animation::first_squares`): no holes, no lines between squares, no coordinates, arrows
/// or text, the board filling the picture inside its outline. Otherwise the palette painter paints it (its tiles
/// shown), and an animated PNG's deflate searches what of its scanlines the tiles' codes do not code. `l`: the
/// layout requested.
fn first_frame_of_squares(board: &Board, options: &RenderOptions, l: &Layout) -> bool {
    let f = &options.furniture;
    !board.has_holes()
        && !options.borders
        && !options.coords
        && !f.count
        && f.arrows.is_empty()
        && f.title.is_empty()
        && f.caption.is_empty()
        && (l.board_x, l.board_y) == (l.outline, l.outline)
        && (u64::from(l.width), u64::from(l.height)) == framed_board(board, l)
}

/// The most bytes of scanlines an animation of `pixels` pixels a frame in `format` searches ([`Work::searched`])
/// whose later frames are `later`: none by the LZW of a GIF; an animated PNG's frames are coded from their squares'
/// tiles, searching nothing, but its first where it is painted (`squares`: it is not, [`first_frame_of_squares`]),
/// each frame painted whole, and every frame where lines run between the squares (`options.borders`). Those have
/// at most 8 bits a pixel and a filter byte a row: at most two bytes a pixel.
fn searched_by_apng(format: Format, (pixels, squares): (u64, bool), borders: bool, later: Work) -> u64 {
    if format.animation_encoder() == Some(AnimationEncoder::Gif) {
        return 0;
    }
    let first = if squares { 0 } else { pixels };
    let later = if borders { later.frame_pixels } else { later.repainted };
    first.saturating_add(later).saturating_mul(2)
}

/// A furniture square as a move names it.
fn at(square: crate::options::furniture::SquareName) -> Square {
    Square { file: square.file(), rank: square.rank() }
}

/// The squares whose cells differ between two boards of the same size (none between boards of two sizes).
fn differing(a: &Board, b: &Board) -> Vec<Square> {
    let (width, height) = (a.width(), a.height());
    if (width, height) != (b.width(), b.height()) {
        return Vec::new();
    }
    let cells = (0..height).flat_map(|y| (0..width).map(move |x| (x, y)));
    cells.filter(|&(x, y)| a.get(x, y) != b.get(x, y)).map(|(x, y)| Square { file: x, rank: height - y }).collect()
}

/// How many times what they measure an animation's later frames are charged ([`later_frames_nanos`]). The rest of a
/// prediction is an upper bound of each pixel's work, about twice what it measures; the later frames' coefficients
/// are fitted to what they measure, so that the Free plan's 8 ms admitted animations measuring 6–8 ms above the floor
/// (lila-gif's 93 moves as a GIF at the default size, 40 moves as an APNG at 90 px). Charged twice, what 8 ms admits
/// measures about 5 ms: the Free plan's 10 with a margin of 2 for the edge's machines (docs/cost.md, "Animations").
const LATER_FRAMES_MARGIN: u64 = 2;

/// Nanoseconds charged for an animation's frames after its first ([`Work`]'s frames, their rectangles' pixels at
/// `later_ps` picoseconds each, and the pixels painted whole): what they measure times [`LATER_FRAMES_MARGIN`].
fn later_frames_nanos(work: Work, later_ps: u64) -> u64 {
    (work.frames.saturating_mul(FRAME_NANOS))
        .saturating_add(work.frame_pixels.saturating_mul(later_ps) / 1000)
        .saturating_add(work.repainted.saturating_mul(WHOLE_FRAME_PIXEL_NANOS))
        .saturating_mul(LATER_FRAMES_MARGIN)
}

/// Nanoseconds a byte of a posted body (`POST /game.gif`): copied out of the runtime's stream, parsed as JSON, its
/// FENs and fields read. Charged on the body's length before it is parsed, and added to the game's cost.
pub const BODY_BYTE_NANOS: u64 = 100;

/// Microseconds of the words' answers (`/diagram.txt`, `/diagram.json`): a cell described (its piece named in the
/// language, its square written, its JSON object), an empty square walked, and an item of the furniture (a square or
/// an arrow listed). Fitted to workerd (`scripts/cost`: a full 28×28 board's JSON 2.9 ms above the floor, 32×32
/// queens with 64 arrows 3.3 ms) with the margin of the animations' (1.3–1.6× what they measure).
const WORDS_CELL_MICROS: u64 = 3;
const WORDS_SQUARE_NANOS: u64 = 1_000;
const WORDS_ITEM_MICROS: u64 = 5;

/// Predicts what describing `board` with `options` in words costs (the text and the JSON; no picture is drawn): the
/// fixed part, every cell neither empty nor a hole, every square, every highlighted square and arrow, and the
/// characters of the title and caption. A 32×32 board full of pieces is about 4.8 ms: the Free plan describes the
/// largest board (which it draws only at small sizes).
pub fn words_cost(board: &Board, options: &RenderOptions) -> RenderCost {
    let squares = board.cells().len() as u64;
    let furniture = &options.furniture;
    let items = (furniture.squares.len() + furniture.arrows.len()) as u64;
    let words = Work { cells: pieces(board), squares, items, ..Work::NONE };
    let micros = FIXED_MICROS + units_nanos(words) / 1000 + text_chars(options) as u64;
    let (tiles, _) = distinct_squares(board);
    RenderCost::one_frame(micros, &Layout::requested(board, options), tiles, (true, words))
}

/// Predicts an animation from its parts (lila-gif's `/game.gif`: [`crate::output::game::Game::cost`]): its first
/// frame as a still of `first` with `options` plus every pixel of the `width × height` picture, the `chars`
/// characters of its text (the players' names, the coordinates), then each later frame's fixed part and the pixels
/// of its changed `areas`, as [`animation_cost`] counts them but for the coefficients of its own below; `rebuilt` of
/// the later frames build their scene whole ([`builds_whole`]).
pub(crate) fn frames_cost(
    first: Option<&Board>,
    options: &RenderOptions,
    (width, height): (u32, u32),
    chars: usize,
    (areas, rebuilt): (&[u64], u64),
) -> RenderCost {
    let still = first.map(|board| render_cost(board, options));
    let (micros, tiles) = still.map_or((FIXED_MICROS, 0), |s| (s.micros, s.tiles));
    let pixels = u64::from(width) * u64::from(height);
    let text = chars as u64 * GAME_CHAR_MICROS;
    let animation = Work { frames: areas.len() as u64, frame_pixels: areas.iter().sum(), ..Work::NONE };
    let nanos = (micros - FIXED_MICROS + text) * 1000 + pixels * GAME_PIXEL_NANOS.first;
    let nanos = nanos.saturating_add(later_frames_nanos(animation, GAME_PIXEL_NANOS.later_ps));
    let frames = u32::try_from(1 + areas.len()).unwrap_or(u32::MAX);
    // The board's first frame composed (twice at most, as [`animation_cost`] counts it: the board is smaller than the
    // picture), then the game's frames coded.
    // Its text: the board's scene's and the players' names (`chars`); a GIF searches no scanlines.
    let glyphs = 2 * u64::from(first.is_some()) * scene_glyphs(options, || 0) + chars as u64;
    let coded = pixels.saturating_add(animation.frame_pixels);
    // The first frame's scene and each later one built whole (`rebuilt`), each of at most every cell a piece; as
    // many while planning.
    let scenes = rebuilt.saturating_add(1).saturating_mul(2);
    let pieces = first.map_or(0, |board| board.cells().len() as u64).saturating_mul(scenes);
    // The first frame's tiles, shown where it is painted.
    let painted = first
        .zip(still)
        .filter(|&(board, _)| !first_frame_of_squares(board, options, &Layout::requested(board, options)));
    let (shown, shown_pixels, strip_pixels) =
        painted.map_or((0, 0, 0), |(_, s)| (s.still.shown, s.still.shown_pixels, s.still.strip_pixels));
    let still = Work {
        pixels: 2 * pixels,
        coded,
        glyphs,
        shown,
        shown_pixels,
        strip_pixels,
        pieces,
        squares: pieces,
        animations: 1,
        ..Work::NONE
    };
    RenderCost {
        micros: FIXED_MICROS + nanos / 1000,
        width,
        height,
        tiles,
        frames,
        new_sprites: Work::NONE,
        words: false,
        animation,
        still,
    }
}

/// How many files and ranks the rectangle around `squares` spans.
fn spans(squares: &[Square]) -> (u64, u64) {
    let files = squares.iter().map(|s| s.file);
    let ranks = squares.iter().map(|s| s.rank);
    let span = |lo: Option<usize>, hi: Option<usize>| lo.zip(hi).map_or(0, |(lo, hi)| (hi - lo + 1) as u64);
    (span(files.clone().min(), files.max()), span(ranks.clone().min(), ranks.max()))
}

/// The different squares of `board` (content and light or dark) and the different contents that draw a sprite.
fn distinct_squares(board: &Board) -> (u64, u64) {
    // Each content with the square colours it stands on (bit 0 light, bit 1 dark). A map rather than a sort and a
    // dedup: a sort of cells is a function of its own in the wasm (5 KB gzipped), for a count. Grown as needed: a
    // board has a few dozen different squares, and room for one a square makes the count of a 32×32 board slower.
    let mut shades: HashMap<&Cell, u8> = HashMap::new();
    for y in 0..board.height() {
        for x in 0..board.width() {
            if let Some(cell) = board.get(x, y) {
                *shades.entry(cell).or_default() |= 1 << u8::from(board.is_dark(x, y));
            }
        }
    }
    let tiles = shades.values().map(|bits| u64::from(bits.count_ones())).sum();
    let contents = shades.keys().filter(|c| !matches!(c, Cell::Empty)).count() as u64;
    (tiles, contents)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{self, Dialect};

    fn cost(ffen: &str, dialect: Dialect, pairs: &[(&str, &str)]) -> RenderCost {
        let board = ffen::parse(ffen, dialect).unwrap();
        let options = RenderOptions::from_pairs(pairs.iter().copied()).unwrap().for_board(&board).unwrap();
        render_cost(&board, &options)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    const FREE: CostLimit = match CostLimit::new(8) {
        Some(l) => l,
        None => panic!(),
    };

    /// What the Free plan (8 ms) serves: every 8×8 board at every size with coordinates, and with a problem diagram's
    /// usual furniture (count, a one-line caption); every board up to 16×16 at the default size with coordinates.
    #[test]
    fn the_free_plan_serves_every_8x8_size_and_16x16_boards() {
        // A worst 8×8 board: 53 different squares (pieces on both colours, markers, letters, numbers, fairies).
        let varied = "KQRBNPkq/rbnpCXST/*1K*2Q*3R-B'a'b'c'd/''12''34''56''78''90''11''22''33/\
                      kqrbnpKQ/RBNP-k-q-r-b/[nightrider:w][zebra:b][camelrider:n][gh:w]cxst/QRBNKPqr";
        for size in 12..=128u32 {
            let size = size.to_string();
            for ffen in [START, varied] {
                let c = cost(ffen, Dialect::Janko, &[("size", &size), ("coords", "1")]);
                assert!(FREE.check(c).is_ok(), "{ffen} size={size}: {c:?}");
                let usual = [("size", size.as_str()), ("coords", "1"), ("count", "1"), ("caption", "#2")];
                let c = cost(ffen, Dialect::Janko, &usual);
                assert!(FREE.check(c).is_ok(), "{ffen} size={size} with furniture: {c:?}");
            }
        }
        for n in 1..=16usize {
            let rank = "QqRrBbNnKkPpCcXx"[..n].to_string();
            let board = vec![rank; n].join("/");
            let c = cost(&board, Dialect::Janko, &[("coords", "1")]);
            assert!(FREE.check(c).is_ok(), "{n}×{n}: {c:?}");
        }
    }

    /// Where the Free plan stops, each at one size: a sparse 32×32 board by its pixels, a problem diagram with two
    /// lines of title and caption, highlights and arrows (text, overlays and 8-bit samples cost: measured 8.5 ms at
    /// `size=128`, so it stops at `size=91`), and a 32×32 board with a piece on every square at any size (1,024
    /// pieces, about 7.5 ms before any pixel: measured 10.8 ms at `size=48`).
    #[test]
    fn the_edges_of_the_free_plan() {
        let sparse = ["k7888", &vec!["8888"; 30].join("/"), "K7888"].join("/");
        let heavy = [
            ("coords", "1"),
            ("count", "1"),
            ("title", "Ladislav Šulc|Phénix 1999, 1st Prize"),
            ("caption", "#2 Circe|b) wKe1-h1"),
            ("squares", "Ge4,Rd5,c3"),
            ("arrows", "Ge2e4,Bh7c2"),
        ];
        let cases: [(&str, &[(&str, &str)]); 2] = [(&sparse, &[]), (START, &heavy)];
        for (ffen, extra) in cases {
            let at = |size: u32| {
                let size = size.to_string();
                let mut pairs = vec![("size", size.as_str())];
                pairs.extend_from_slice(extra);
                cost(ffen, Dialect::Janko, &pairs)
            };
            let edge = (12..=128).rev().find(|&s| FREE.check(at(s)).is_ok()).expect("some size fits");
            if !extra.is_empty() {
                assert_eq!(edge, 78, "the heavy problem diagram");
            }
            assert!(edge < 128 && FREE.check(at(edge + 1)).is_err(), "{ffen}: edge {edge}");
            // Costs grow with the size, so the edge is one size: everything below it is served.
            assert!((12..edge).all(|s| FREE.check(at(s)).is_ok()), "{ffen}");
        }
        let full: String = (0..32)
            .map(|y| (0..32).map(|x| b"KQRBNPkqrbnp"[(x + y) % 12] as char).collect::<String>())
            .collect::<Vec<_>>()
            .join("/");
        let at = |size: u32| cost(&full, Dialect::Janko, &[("size", &size.to_string())]);
        assert!((12..=68).all(|s| FREE.check(at(s)).is_err()));
        let err = FREE.check(at(68)).unwrap_err();
        assert!(err.to_string().contains("FFEN_MAX_RENDER_MS) is 8 ms"), "{err}");
        assert!(err.to_string().starts_with("the diagram (2180×2180 pixels, 12 different squares)"), "{err}");
    }

    /// New sprites take at most five sixteenths of the limit: under the Free plan, 29 new sprites at `size=23` (each
    /// 23² pixels; here without their tiles), not 30, though the whole prediction of 30 is under 8 ms, so 14 new
    /// lettered discs (each two sprites: its circle and its label); the refusal draws the budget's worth, and a fresh
    /// isolate's start position is admitted with its 12 new pieces up to `size=72` (at 100 px the refusal draws 7 of
    /// them; its 22 new tiles then take refusals more).
    #[test]
    fn new_sprites_take_at_most_five_sixteenths_of_the_limit() {
        let sprites = |n: u64| {
            let board: String = ["8"; 8].join("/");
            cost(&board, Dialect::Janko, &[("size", "23")]).with_new_sprites(Work::sprites(n, n * 23 * 23))
        };
        assert_eq!((0..=64).take_while(|&n| FREE.check(sprites(n)).is_ok()).last(), Some(29));
        let discs = |n: u64| sprites(2 * n);
        assert_eq!((0..=64).take_while(|&n| FREE.check(discs(n)).is_ok()).last(), Some(14));
        let refused = FREE.check(sprites(30)).unwrap_err();
        assert!(refused.cost.micros < 8000, "{refused}");
        assert_eq!(refused.for_new_sprites(), Some(2500));
        assert!(refused.to_string().contains("is 8 ms, of which 2.5 ms may go to new pieces"), "{refused}");
        let start = |size: u32| {
            let pixels = u64::from(size * size);
            cost(START, Dialect::Janko, &[("size", &size.to_string())]).with_new_sprites(Work::sprites(12, 12 * pixels))
        };
        assert_eq!((12..=128).take_while(|&s| FREE.check(start(s)).is_ok()).last(), Some(72));
        assert_eq!(FREE.check(start(100)).map_err(|e| e.for_new_sprites()), Err(Some(2500)));
        let tiles = Work { tiles: 22, tile_pixels: 22 * 100 * 100, tile_code_pixels: 22 * 100 * 100, ..Work::NONE };
        let refused = FREE.check(start(100).with_new_sprites(tiles)).unwrap_err();
        assert_eq!((sprites_micros(tiles), refused.for_new_sprites()), (11_220, Some(2500)));
        assert!(refused.to_string().contains("pieces and squares this server has not drawn yet"), "{refused}");
        // Another limit's budget in tenths of a millisecond.
        let ten = CostLimit::new(10).unwrap().check(discs(64)).unwrap_err();
        assert!(ten.to_string().contains("is 10 ms, of which 3.1 ms may go to new pieces"), "{ten}");
    }

    /// lichess' and web-boardimage's looks (a check's glow, their last move, crossed squares) are marks like
    /// highlights: each adds a square drawn on its own, and the Free plan serves both families' largest pictures.
    #[test]
    fn the_families_looks_are_marks() {
        let lichess = [
            ("size", "90"),
            ("coords", "1"),
            ("theme", "brown"),
            ("lastmove", "h5f7"),
            ("lastmove_style", "lichess"),
            ("title", "Nakamura"),
            ("caption", "Carlsen"),
        ];
        let mate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR";
        let without = cost(mate, Dialect::Janko, &lichess);
        let with: Vec<_> = lichess.iter().copied().chain([("check", "e8")]).collect();
        let checked = cost(mate, Dialect::Janko, &with);
        assert!(checked.micros > without.micros && FREE.check(checked).is_ok(), "{checked:?}");
        let crossed = [
            ("size", "128"),
            ("coords", "1"),
            ("squares", "a1,c3,e5,g7,Rh8"),
            ("squares_style", "x"),
            ("check", "e8"),
            ("lastmove", "h5f7"),
            ("lastmove_style", "lichess"),
            ("arrows", "Ge2e4,Rb1c3"),
        ];
        let tinted: Vec<_> = crossed.iter().copied().filter(|(k, _)| *k != "squares_style").collect();
        assert_eq!(cost(mate, Dialect::Janko, &crossed), cost(mate, Dialect::Janko, &tinted));
        assert!(FREE.check(cost(mate, Dialect::Janko, &crossed)).is_ok());
    }

    /// Filled pieces cost what furniture costs a pixel (their tinted edges bring more colours: 8-bit samples), and
    /// nothing where the fill is dropped (no piece of its side); the Free plan still serves the start position
    /// filled at every size.
    #[test]
    fn filled_pieces_cost_the_furnished_pixels() {
        let fills = [("white_fill", "#ffd700"), ("black_fill", "#40a0ff")];
        for size in ["40", "90", "128"] {
            let plain = cost(START, Dialect::Janko, &[("size", size)]);
            let filled = cost(START, Dialect::Janko, &[&[("size", size)][..], &fills].concat());
            let titled = cost(START, Dialect::Janko, &[("size", size), ("squares", "a1")]);
            assert!(filled.micros > plain.micros && filled.micros < titled.micros, "{size}: {filled:?}");
            assert!(FREE.check(filled).is_ok(), "{size}: {filled:?}");
            let bare = cost("8/8/8/8/8/8/8/8", Dialect::Janko, &[&[("size", size)][..], &fills].concat());
            assert_eq!(bare, cost("8/8/8/8/8/8/8/8", Dialect::Janko, &[("size", size)]));
        }
    }

    /// The tiles and sprites counted are the different (content, square colour) pairs and the different contents
    /// other than an empty square, as a sort and a dedup of them count them.
    #[test]
    fn different_squares_are_counted_once() {
        use std::collections::BTreeSet;
        let boards = [
            (START, Dialect::Janko),
            ("8/8/8/8/8/8/8/8", Dialect::Janko),
            ("K", Dialect::Janko),
            (
                "KQRBNPkq/rbnpCXST/*1K*2Q*3R-B'a'b'c'd/''12''34''56''78''90''11''22''33/\
                 kqrbnpKQ/RBNP-k-q-r-b/[nightrider:w][zebra:b][camelrider:n][gh:w]cxst/QRBNKPqr",
                Dialect::Janko,
            ),
            ("{U}KkKk/4/kKkK", Dialect::Bodlaender),
            ("{W}(Grasshopper)(nightrider2)6/8", Dialect::Bodlaender),
        ];
        for (ffen, dialect) in boards {
            let board = ffen::parse(ffen, dialect).unwrap();
            let mut squares = BTreeSet::new();
            for y in 0..board.height() {
                for x in 0..board.width() {
                    squares.insert((board.get(x, y).unwrap(), board.is_dark(x, y)));
                }
            }
            let contents: BTreeSet<&Cell> = squares.iter().map(|&(c, _)| c).filter(|c| **c != Cell::Empty).collect();
            let expected = (squares.len() as u64, contents.len() as u64);
            assert_eq!(distinct_squares(&board), expected, "{ffen}");
        }
        // The start position: 22 tiles (each side's rooks, knights, bishops and pawns on both colours, its king and
        // queen on one, empty squares on both) and 12 sprites.
        assert_eq!(distinct_squares(&ffen::parse(START, Dialect::Janko).unwrap()), (22, 12));
    }

    /// lila-gif's example game (92 moves) in coordinates.
    const GAME: &str = "c2c4 g8f6 b1c3 e7e5 d2d4 e5d4 d1d4 b8c6 d4d1 f8b4 c1d2 0-0 e2e3 b4c3 d2c3 f6e4 g1e2 d7d6 \
        d1c2 f8e8 e2f4 c8f5 f1d3 d8g5 0-0 g7g6 a1e1 e4c3 c2c3 f5d3 c3d3 c6e5 d3d1 a8d8 b2b3 c7c6 g1h1 g5f5 d1a1 h7h5 \
        e1d1 e5g4 h2h3 g4f6 a1d4 a7a6 f2f3 f5e5 f1e1 e5d4 e3d4 e8e1 d1e1 g8f8 h3h4 d8e8 e1e8 f8e8 h1g1 f6g8 g1f2 g8h6 \
        g2g3 e8e7 f4g2 e7e6 g2e3 a6a5 g3g4 f7f6 f2g3 d6d5 c4c5 h6f7 e3g2 h5g4 f3g4 f7d8 g2f4 e6f7 h4h5 g6g5 f4e2 d8e6 \
        g3f3 f7g7 f3e3 g7h6 e2g3 e6g7 g3f5 g7f5";

    /// The prediction of the game's first `moves` moves with `pairs`, as `format`.
    fn game_cost(moves: usize, pairs: &[(&str, &str)], format: Format) -> RenderCost {
        let board = ffen::parse(START, Dialect::Janko).unwrap();
        let options = RenderOptions::from_pairs(pairs.iter().copied()).unwrap().for_board(&board).unwrap();
        let text = GAME.split_whitespace().take(moves).collect::<Vec<_>>().join(" ");
        let lines = text
            .parse::<crate::notation::moves::Moves>()
            .unwrap()
            .play(&board, crate::notation::board::Color::White)
            .unwrap();
        animation_cost(&board, &options, &lines, format)
    }

    /// An animation costs its first frame and what each move changes, not frames × picture; what the Free plan
    /// admits: lila-gif's whole game (92 moves) at sizes 20 and 40, fewer moves at lichess' 90-px squares, a still
    /// GIF up to a size.
    #[test]
    fn an_animation_costs_its_changes_and_the_free_plan_admits_short_ones() {
        let size90 = [("size", "90")];
        let still = game_cost(0, &size90, Format::Gif);
        let game = game_cost(92, &size90, Format::Gif);
        assert!(game.micros < 93 * still.micros / 2, "{game:?} against {still:?}");
        assert!(game.micros > 15_000 && FREE.check(game).is_err());
        // Its refusal names its frames and asks for fewer moves; a still GIF's, a smaller size.
        let refused = FREE.check(game).unwrap_err().to_string();
        assert!(refused.starts_with("the animation (724×724 pixels, 93 frames) would take about"), "{refused}");
        assert!(refused.ends_with("is 8 ms: choose fewer moves"), "{refused}");
        assert_eq!(game_cost(0, &size90, Format::Gif).frames, 1);
        let admitted = |pairs: &[(&str, &str)], format| {
            (0..=92).take_while(|&n| FREE.check(game_cost(n, pairs, format)).is_ok()).last()
        };
        let still_gif = |s: u32| game_cost(0, &[("size", &s.to_string())], Format::Gif);
        let largest = (12..=128u32).rev().find(|&s| FREE.check(still_gif(s)).is_ok());
        let size20 = [("size", "20")];
        let apng = [admitted(&size20, Format::Png), admitted(&[], Format::Png), admitted(&size90, Format::Png)];
        let gif = [admitted(&size20, Format::Gif), admitted(&[], Format::Gif), admitted(&size90, Format::Gif)];
        // (A still GIF at every size: 128 is the largest square.)
        assert_eq!((apng, gif, largest), ([Some(92), Some(78), Some(21)], [Some(92), Some(48), Some(9)], Some(128)));
        // Furniture that may change outside the squares: arrows make every frame count whole, a count the frames
        // whose count changes (the sixth ply takes a pawn).
        let arrows = [("arrows", "e2e4")];
        assert!(game_cost(4, &arrows, Format::Png).micros > game_cost(4, &[], Format::Png).micros + 4 * 1_000);
        let count = [("count", "1")];
        let sixth =
            |pairs: &[(&str, &str)]| game_cost(6, pairs, Format::Png).micros - game_cost(5, pairs, Format::Png).micros;
        let fifth =
            |pairs: &[(&str, &str)]| game_cost(5, pairs, Format::Png).micros - game_cost(4, pairs, Format::Png).micros;
        // (Equal but for the rounding of the still's microseconds.)
        assert!(fifth(&count).abs_diff(fifth(&[])) <= 1, "{} {}", fifth(&count), fifth(&[]));
        assert!(sixth(&count) > sixth(&[]) + 1_000);
    }

    /// A still predicts each pixel composed and coded once, the words their cells, squares and items; the
    /// milliseconds of those units are their coefficients' (the rest of the prediction is what they do not tell).
    #[test]
    fn stills_and_words_predict_their_units() {
        let c = cost(START, Dialect::Janko, &[("squares", "a1,b2"), ("arrows", "a1h8")]);
        let (searched, shown_pixels) = (322 * (1 + 4 * 322), 64 * 40 * 40);
        let (shown, pieces, squares) = (64, 64, 128);
        let units =
            Work { pixels: 322 * 322, coded: 322 * 322, searched, shown, shown_pixels, pieces, squares, ..Work::NONE };
        assert_eq!(c.still, units);
        assert_eq!(c.work(), c.still);
        assert_eq!(units_nanos(Work { squares: 0, ..c.still }), 322 * 322 * 2);
        let board = ffen::parse("K'a-B1/(-)3", Dialect::Bodlaender).unwrap();
        let options = RenderOptions::from_pairs([("squares", "a1"), ("arrows", "a1b1")]).unwrap();
        let words = words_cost(&board, &options.for_board(&board).unwrap());
        let squares = board.cells().len() as u64;
        assert_eq!(words.still, Work { cells: 3, squares, items: 2, ..Work::NONE });
        assert_eq!(words.micros, FIXED_MICROS + units_nanos(words.still) / 1000);
        assert_eq!(c.without_pixels().work(), Work { pieces: 64, squares: 128, ..Work::NONE });
        // Text: the title's and caption's characters and the count's, drawn by both painters at most; not the
        // coordinates' labels (strips kept once drawn).
        let text = [("title", "Šulc|Phénix"), ("caption", "#2"), ("count", "1"), ("coords", "1")];
        let furnished = cost(START, Dialect::Janko, &text);
        assert_eq!(furnished.still.glyphs, 2 * (4 + 6 + 2 + "(16+16)".len() as u64));
        assert_eq!(furnished.without_pixels().work().glyphs, furnished.still.glyphs);
    }

    #[test]
    fn limits_read_plain_numbers() {
        assert_eq!("8".parse(), Ok(FREE));
        assert_eq!(" 30000 ".parse::<CostLimit>().map(CostLimit::millis), Ok(30_000));
        for bad in ["", "0", "30001", "-8", "8ms", "1e3", "8.0"] {
            assert_eq!(bad.parse::<CostLimit>(), Err(InvalidCostLimit), "{bad:?}");
        }
    }
}
