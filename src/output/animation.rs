//! Animated diagrams: the diagram, then one frame a move of each line played on it ([`crate::moves`]), each
//! frame showing its move as `lastmove` does, drawn on one palette for every frame and cut to the rectangle that
//! changed since the frame before, for the animated PNG ([`crate::encode::apng`]) and GIF ([`crate::encode::gif`])
//! containers.
//!
//! The frames are painted by the RGB painter, which puts a square's layers down square by square
//! (`draw_square` in `src/draw/marks.rs`): a frame repaints only the squares whose paint, marks or piece differ from
//! the frame before, on a copy of it, and its rectangle is the one around them. A frame whose other parts change
//! (the piece count after a capture) or that has arrows (which cross squares) is painted whole and cut to the
//! rectangle of the pixels that differ. A frame that changes nothing adds its time to the frame before (no empty
//! frames). Between lines the diagram comes back, and the last frame of each line shows [`PAUSE_FACTOR`] times as
//! long.

use crate::draw::indexed::palette::{index_pixels, Palette};
use crate::draw::indexed::tile_art::square_indices;
use crate::draw::indexed::{self, indexed_path_applies, IndexedPicture};
use crate::draw::layout::{MarkPaint, SquareMark};
use crate::draw::render::paint;
use crate::draw::scene::{Scene, Square, SquarePaint};
use crate::draw::sprite::Key;
use crate::encode::deflate::bands::{Bands, Coding};
use crate::encode::deflate::frames::{Ring, SquareCoder, SquareFrame};
use crate::encode::deflate::tile::TileCodes;
use crate::encode::gif::{IndexSet, Span};
use crate::encode::png::depth_for;
use crate::notation::board::Board;
use crate::notation::moves::Step;
use crate::notation::pgn::Glyph;
use crate::options::furniture::{Move, SquareName};
use crate::options::render_options::RenderOptions;
use crate::options::theme::{hatching, INK};
use crate::pixels::Rgb;
use crate::pixels::{Image, Rect};
use crate::work::{self, Unit};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

pub mod replay;
pub(crate) mod screen;

/// How many times longer than a move the last frame of a line shows.
pub const PAUSE_FACTOR: u32 = 3;

/// An animation ready for a container: the canvas, one palette, and the frames (the first the whole canvas).
pub struct Animation {
    /// The canvas's width in pixels.
    pub width: u32,
    /// The canvas's height in pixels.
    pub height: u32,
    /// Every frame's colours, in order of first use (at most 256, [`UNCHANGED`]'s entry first if it is set aside).
    pub palette: Vec<Rgb>,
    /// The index that stands for "as the frame before left it" in every frame after the first ([`UNCHANGED`]), if
    /// there is more than one shot.
    pub unchanged: Option<u8>,
    /// The frames, in order.
    pub frames: Vec<Still>,
    /// The tiles the frames' squares show ([`Still::squares`]).
    pub(crate) tiles: FrameTiles,
}

/// The tiles of an animation's squares: each one's palette indices, the indices it shows and deflate codes.
#[derive(Default)]
pub(crate) struct FrameTiles {
    pub indices: Vec<Vec<u8>>,
    pub shows: Vec<IndexSet>,
    pub codes: Vec<Option<Arc<TileCodes>>>,
}

impl Animation {
    /// Frame `i`'s squares, for its deflate ([`SquareCoder`]), where it is whole squares.
    pub(crate) fn squares(&self, i: usize) -> Option<SquareFrame<'_>> {
        self.frames.get(i)?.squares.as_ref().map(SquareGrid::frame)
    }

    /// The animated PNG's bit depth: the palette's, or more where its frames' squares would not start on whole
    /// bytes ([`SquareCoder::depth`]).
    pub(crate) fn png_depth(&self) -> u8 {
        let side = self.frames.iter().find_map(|frame| Some(frame.squares.as_ref()?.side));
        let ring = self.frames.first().and_then(|frame| Some(frame.squares.as_ref()?.ring.width));
        SquareCoder::depth(depth_for(self.palette.len()), side, ring.unwrap_or(0))
    }

    /// Frame `i`'s scanlines at `depth` bits (with their filter bytes), where they are made without its indices:
    /// the first frame as the palette painter drew it, at 8 bits ([`FirstFrame`]; `None` otherwise).
    pub(crate) fn scanlines(&self, i: usize, depth: u8) -> Option<Vec<u8>> {
        self.frames.get(i)?.first.as_ref()?.scanlines(depth)
    }

    /// Frame `i`'s palette indices as spans ([`Span`]: a frame of squares' unchanged squares as runs), handed to
    /// `code`; as [`Animation::indices`] makes them.
    pub(crate) fn with_spans<R>(&self, i: usize, code: impl FnOnce(&[Span<'_>]) -> R) -> R {
        match (self.squares(i), self.frames.get(i)) {
            (Some(squares), _) => code(&squares.spans(&self.tiles.indices)),
            (None, Some(Still { first: Some(first), .. })) => code(&[Span::Indices(&first.indices())]),
            (None, Some(still)) => code(&[Span::Indices(&still.indices)]),
            (None, None) => code(&[]),
        }
    }

    /// Frame `i`'s palette indices, row by row (`width × height` of its rectangle; empty past the last frame).
    pub fn indices(&self, i: usize) -> Cow<'_, [u8]> {
        match (self.squares(i), self.frames.get(i)) {
            (Some(squares), _) => Cow::Owned(squares.indices(&self.tiles.indices)),
            (None, Some(Still { first: Some(first), .. })) => Cow::Owned(first.indices()),
            (None, Some(still)) => Cow::Borrowed(&still.indices),
            (None, None) => Cow::Borrowed(&[]),
        }
    }
}

/// A frame of whole squares of one side: `files` squares a band, each its tile in [`FrameTiles`] or `None`,
/// unchanged; the first frame's in the board's frame, a [`Ring`].
#[derive(Clone)]
pub(crate) struct SquareGrid {
    side: usize,
    files: usize,
    cells: Vec<Option<usize>>,
    ring: Ring,
}

/// One frame: where it goes on the canvas, its palette indices row by row, how long it shows, and what the
/// deflate of an animated PNG is told of its rows.
pub struct Still {
    /// Left edge, top edge, width and height, in pixels.
    pub rect: (u32, u32, u32, u32),
    /// `width × height` palette indices; none for a frame of squares, which has them from its tiles
    /// ([`Animation::indices`]).
    pub(crate) indices: Vec<u8>,
    /// How long it shows, in milliseconds.
    pub delay_ms: u32,
    /// The first frame's bands of squares for the deflate, each square's tile codes.
    pub(crate) plan: Option<Bands>,
    /// Its squares, when it is whole squares of one side after the first frame.
    pub(crate) squares: Option<SquareGrid>,
    /// The first frame as the palette painter drew it, when it did: its indices are unpacked only if asked for.
    pub(crate) first: Option<Arc<FirstFrame>>,
}

/// The first frame as the palette painter drew it: its scanlines (a filter byte and the samples a row) at `depth`
/// bits, each index `offset` below the animation's (its palette's colours follow the set-aside index).
pub(crate) struct FirstFrame {
    width: u32,
    depth: u8,
    offset: u8,
    scanlines: Vec<u8>,
}

impl FirstFrame {
    /// Its palette indices, row by row.
    fn indices(&self) -> Vec<u8> {
        let width = self.width as usize;
        let mut indices = Vec::with_capacity(self.scanlines.len() * (8 / usize::from(self.depth.clamp(1, 8))));
        for line in self.scanlines.chunks_exact(self.stride()) {
            unpack_row(&line[1..], self.depth, self.offset, width, &mut indices);
        }
        indices
    }

    fn stride(&self) -> usize {
        1 + (self.width as usize).div_ceil(8 / usize::from(self.depth.clamp(1, 8)))
    }

    /// Its scanlines at 8 bits a sample with the animation's indices (`None` at another `depth`: the animation's
    /// palette most often outgrows 16 colours, and its scanlines are then made here, without indices between).
    fn scanlines(&self, depth: u8) -> Option<Vec<u8>> {
        if depth != 8 {
            return None;
        }
        let width = self.width as usize;
        let mut out = Vec::with_capacity(self.scanlines.len() / self.stride() * (1 + width));
        for line in self.scanlines.chunks_exact(self.stride()) {
            out.push(0);
            unpack_row(&line[1..], self.depth, self.offset, width, &mut out);
        }
        Some(out)
    }
}

/// Why a diagram cannot be animated on one palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnimationError {
    /// Its frames have more colours than a palette holds.
    TooManyColours,
    /// It has transparent pixels (a `transparent` look colour), which the frames do not carry.
    Transparent,
}

impl fmt::Display for AnimationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnimationError::TooManyColours => {
                f.write_str("the animation's frames have more than 256 colours, more than one palette holds")
            }
            AnimationError::Transparent => {
                f.write_str("an animation cannot have transparent colours (a `transparent` look colour)")
            }
        }
    }
}

impl std::error::Error for AnimationError {}

/// One picture of the sequence: a board, the move it shows, the square of its check's glow, and how long it shows.
/// What the other options draw is the same in every shot ([`animate_shots`]).
#[derive(Clone, Copy, Debug)]
pub struct Shot<'a> {
    /// The position.
    pub board: &'a Board,
    /// The move it shows as `lastmove` does (in the options' `lastmove_style`), if any.
    pub last: Option<Move>,
    /// The square of its check's glow, if any.
    pub check: Option<SquareName>,
    /// How long it shows, in milliseconds.
    pub delay_ms: u32,
    /// The move's glyph, drawn as lichess' badge on the square `last` reached (the options' `glyph`).
    pub glyph: Option<Glyph>,
}

/// The animation of `lines` played from `board` and drawn with `options` (already fitted to the board): the
/// diagram, each line's frames (the diagram again before every line after the first), `delay_ms` a move; each move
/// with its glyph's badge where `glyphs` (a line's glyphs, move by move) gives one.
pub fn animate(
    board: &Board,
    played: (&[Vec<Step>], &[Vec<Option<Glyph>>]),
    options: &RenderOptions,
    delay_ms: u32,
) -> Result<Animation, AnimationError> {
    draw(&shots(board, played, options, delay_ms), options)
}

/// The shots [`animate`] draws: the diagram, each line's moves (the diagram again before every line after the
/// first), each move with its glyph.
pub(crate) fn shots<'a>(
    board: &'a Board,
    (lines, glyphs): (&'a [Vec<Step>], &[Vec<Option<Glyph>>]),
    options: &RenderOptions,
    delay_ms: u32,
) -> Vec<Shot<'a>> {
    let (diagram, check) = (options.furniture.last_move, options.furniture.check_square);
    let mut shots = vec![Shot { board, last: diagram, check, delay_ms, glyph: None }];
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            shots.push(Shot { board, last: diagram, check, delay_ms, glyph: None });
        }
        for (j, frame) in line.iter().enumerate() {
            let last = frame.last.and_then(|(from, to)| Some(Move { from: name(from)?, to: name(to)? }));
            let pause = if j + 1 == line.len() { PAUSE_FACTOR } else { 1 };
            let delay_ms = delay_ms.saturating_mul(pause);
            let glyph = glyphs.get(i).and_then(|line| line.get(j)).copied().flatten();
            shots.push(Shot { board: &frame.board, last, check, delay_ms, glyph });
        }
    }
    shots
}

/// The animation of `shots` drawn with `options` (fitted to every shot's board, all of one size): each shot with
/// its own last move and check, in order, cut to what changed, on one palette, as [`animate`] draws a line's
/// frames (a shot that changes nothing lengthens the frame before).
pub fn animate_shots(shots: &[Shot<'_>], options: &RenderOptions) -> Result<Animation, AnimationError> {
    draw(shots, options)
}

/// A move's square as the furniture names it (every square of a board up to 32×32 has a name).
fn name(square: crate::notation::moves::Square) -> Option<SquareName> {
    SquareName::new(square.file, square.rank)
}

/// The shots painted one after the other, each cut to what changed, on one palette.
fn draw(shots: &[Shot<'_>], options: &RenderOptions) -> Result<Animation, AnimationError> {
    work::count(Unit::Animation, 1);
    let mut palette = SharedPalette::new(shots.len() > 1);
    let mut tiles = Tiles::default();
    let mut frames: Vec<Still> = Vec::with_capacity(shots.len());
    let mut previous: Option<Drawn> = None;
    let mut shot_options = options.clone();
    for shot in shots {
        let scene = shot_scene(previous.as_ref().map(|drawn| &drawn.scene), shot, &mut shot_options);
        // Each scene's marks are sorted by square once: for its own frame, and for the next frame's comparison.
        let marks = scene.marks_by_square();
        let (cut, canvas) = match previous.take() {
            None => first_frame(&scene, &marks, (shot.board, &shot_options), (&mut palette, &mut tiles))?,
            Some(before) => {
                work::count(Unit::Frame, 1);
                let (cut, canvas) = repaint(before, &scene, &marks, (&mut palette, &mut tiles))?;
                let area = cut.as_ref().map_or(0, |cut| u64::from(cut.rect.width) * u64::from(cut.rect.height));
                work::count(Unit::FramePixel, area);
                (cut, canvas)
            }
        };
        match cut {
            Some(Cut { rect, indices, plan, squares, first }) => frames.push(Still {
                rect: (rect.x, rect.y, rect.width, rect.height),
                indices,
                delay_ms: shot.delay_ms,
                plan,
                squares,
                first,
            }),
            None => {
                if let Some(last) = frames.last_mut() {
                    last.delay_ms = last.delay_ms.saturating_add(shot.delay_ms);
                }
            }
        }
        previous = Some(Drawn { scene, marks, canvas });
    }
    let (width, height) = previous.map_or((0, 0), |drawn| (drawn.canvas.width, drawn.canvas.height));
    let unchanged = palette.unchanged.then_some(UNCHANGED);
    let tiles = FrameTiles { indices: tiles.indices, shows: tiles.shows, codes: tiles.codes };
    Ok(Animation { width, height, palette: palette.colours(), unchanged, frames, tiles })
}

/// The scene of `shot`, drawn with `options` and the shot's last move, check and glyph (set on `options` here). A
/// later frame's scene is the one `before` it with its squares and marks placed again (its frame, lines,
/// coordinates and text are the same), where only they can differ.
fn shot_scene(before: Option<&Scene>, shot: &Shot<'_>, options: &mut RenderOptions) -> Scene {
    options.furniture.last_move = shot.last;
    options.furniture.check_square = shot.check;
    options.furniture.glyph = shot.glyph;
    let patched = before.and_then(|before| before.patched(shot.board, options));
    patched.unwrap_or_else(|| Scene::build(shot.board, options))
}

impl SquareGrid {
    /// The squares of a frame `rect` holding the `placed` tiles (their places in the frame and ids), the others
    /// unchanged; `None` unless the frame is whole squares of one side.
    fn new(rect: Rect, placed: &[(Rect, usize)]) -> Option<SquareGrid> {
        let side = placed.first()?.0.width;
        let whole = |n: u32| side > 0 && n.is_multiple_of(side);
        if !whole(rect.width)
            || !whole(rect.height)
            || placed.iter().any(|(at, _)| at.width != side || at.height != side || !whole(at.x) || !whole(at.y))
        {
            return None;
        }
        let files = (rect.width / side) as usize;
        let mut cells = vec![None; files * (rect.height / side) as usize];
        for &(at, id) in placed {
            cells[(at.y / side) as usize * files + (at.x / side) as usize] = Some(id);
        }
        Some(SquareGrid { side: side as usize, files, cells, ring: Ring::default() })
    }

    /// Shows tile `tile` in cell `at` (the cells in bands of `files`, from the top left).
    pub(crate) fn show(&mut self, at: usize, tile: usize) {
        if let Some(cell) = self.cells.get_mut(at) {
            *cell = Some(tile);
        }
    }

    fn frame(&self) -> SquareFrame<'_> {
        SquareFrame { side: self.side, files: self.files, cells: &self.cells, ring: self.ring }
    }
}

/// A frame as painted: its scene, the scene's marks by square ([`Scene::marks_by_square`]) and its picture.
struct Drawn {
    scene: Scene,
    marks: (Vec<Vec<MarkPaint>>, Vec<SquareMark>),
    canvas: Canvas,
}

/// A frame's rectangle, its indices ([`UNCHANGED`] where a pixel stays as the frame before left it), and its bands
/// for the deflate if it is whole squares.
struct Cut {
    rect: Rect,
    indices: Vec<u8>,
    plan: Option<Bands>,
    squares: Option<SquareGrid>,
    first: Option<Arc<FirstFrame>>,
}

/// The picture of `scene` (whose marks by square are `marks`) made from the frame `before` it, and what changed
/// (`None`: nothing did).
fn repaint(
    before: Drawn,
    scene: &Scene,
    (marks, elsewhere): &(Vec<Vec<MarkPaint>>, Vec<SquareMark>),
    (palette, tiles): (&mut SharedPalette, &mut Tiles),
) -> Result<(Option<Cut>, Canvas), AnimationError> {
    let Drawn { scene: before, marks: (marks_before, elsewhere_before), mut canvas } = before;
    let furniture = (&scene.layout.furniture, &before.layout.furniture);
    let squares_only = furniture.0.over.is_empty()
        && furniture.0.count == furniture.1.count
        && scene.squares.len() == before.squares.len()
        && (scene.layout.width, scene.layout.height) == (before.layout.width, before.layout.height);
    if !squares_only || *elsewhere != elsewhere_before {
        work::count(Unit::Repainted, u64::from(scene.layout.width) * u64::from(scene.layout.height));
        let fresh = Canvas::of(&paint(scene), palette)?;
        return Ok((fresh.changes_from(canvas.indices(&tiles.indices)), fresh));
    }
    let changed: Vec<usize> = (0..scene.squares.len())
        .filter(|&i| {
            let (old, new) = (&before.squares[i], &scene.squares[i]);
            old.paint != new.paint || old.sprite != new.sprite || marks_before[i] != marks[i]
        })
        .collect();
    let Some(rect) = changed.iter().map(|&i| scene.squares[i].rect).reduce(union) else {
        return Ok((None, canvas));
    };
    // The squares that did not change show through: the frame holds only the changed squares' tiles (as its
    // squares, whose indices are made only if asked for, where it is whole squares).
    let mut placed = Vec::with_capacity(changed.len());
    for &i in &changed {
        let square = &scene.squares[i];
        let id = tiles.get(square, &marks[i], palette)?;
        canvas.put(square.rect, id, &tiles.indices);
        let at = Rect::new(square.rect.x - rect.x, square.rect.y - rect.y, square.rect.width, square.rect.height);
        placed.push((at, id));
    }
    let squares = scene.grid.is_empty().then(|| SquareGrid::new(rect, &placed)).flatten();
    let mut indices = Vec::new();
    if squares.is_none() {
        indices = vec![UNCHANGED; (rect.width * rect.height) as usize];
        for &(at, id) in &placed {
            at.put_into(&mut indices, rect.width, &tiles.indices[id]);
        }
    }
    Ok((Some(Cut { rect, indices, plan: None, squares, first: None }), canvas))
}

/// The first frame: its squares where [`first_squares`] has them, else its picture painted whole.
fn first_frame(
    scene: &Scene,
    marks: &(Vec<Vec<MarkPaint>>, Vec<SquareMark>),
    (board, options): (&Board, &RenderOptions),
    (palette, tiles): (&mut SharedPalette, &mut Tiles),
) -> Result<(Option<Cut>, Canvas), AnimationError> {
    if let Some(first) = first_squares(scene, marks, (palette, tiles)) {
        return first.map(|(cut, canvas)| (Some(cut), canvas));
    }
    let (canvas, plan) = Canvas::first(scene, (board, options), palette)?;
    let rect = Rect::new(0, 0, canvas.width, canvas.height);
    let indices = canvas.indices.clone().unwrap_or_default();
    let first = canvas.first.clone();
    Ok((Some(Cut { rect, indices, plan, squares: None, first }), canvas))
}

/// The first frame as its squares in a ring of the frame's ink, where the picture is the board in its frame and
/// nothing else (no coordinates, text, arrows, holes or lines between squares): its squares are tiles as the later
/// frames' are, and the deflate codes it from them ([`SquareCoder`]) with no pixel painted (`None`: it is not).
fn first_squares(
    scene: &Scene,
    (marks, elsewhere): &(Vec<Vec<MarkPaint>>, Vec<SquareMark>),
    (palette, tiles): (&mut SharedPalette, &mut Tiles),
) -> Option<Result<(Cut, Canvas), AnimationError>> {
    let (l, (files, ranks)) = (&scene.layout, scene.files_ranks);
    let (side, ring) = (l.square, l.outline);
    let bare = scene.holes.is_empty() && scene.grid.is_empty() && scene.labels.is_empty() && elsewhere.is_empty();
    let plain = l.furniture.over.is_empty() && scene.text_lines().next().is_none();
    let fits = (l.board_x, l.board_y) == (ring, ring)
        && (l.width, l.height) == (2 * ring + files as u32 * side, 2 * ring + ranks as u32 * side)
        && scene.squares.len() == files * ranks
        && (scene.squares.iter().enumerate()).all(|(i, square)| {
            let (x, y) = ((i % files) as u32, (i / files) as u32);
            square.rect == Rect::new(ring + x * side, ring + y * side, side, side)
        });
    if !(bare && plain && fits) {
        return None;
    }
    let mut squares = || {
        let index = if ring > 0 { palette.index_of(INK.to_pixel())? } else { UNCHANGED };
        let mut cells = Vec::with_capacity(scene.squares.len());
        let mut puts = Vec::with_capacity(scene.squares.len());
        for (square, marks) in scene.squares.iter().zip(marks) {
            let id = tiles.get(square, marks, palette)?;
            cells.push(Some(id));
            puts.push((square.rect, id));
        }
        let (files, ring) = (files, Ring { width: ring as usize, index });
        let squares = Some(SquareGrid { side: side as usize, files, cells, ring });
        let canvas = Canvas { width: l.width, height: l.height, indices: None, first: None, ground: index, puts };
        let rect = Rect::new(0, 0, l.width, l.height);
        Ok((Cut { rect, indices: Vec::new(), plan: None, squares, first: None }, canvas))
    };
    Some(squares())
}

/// The smallest rectangle holding both.
fn union(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    let right = (a.x + a.width).max(b.x + b.width);
    let bottom = (a.y + a.height).max(b.y + b.height);
    Rect::new(x, y, right - x, bottom - y)
}

/// Appends the `width` indices of a scanline's `samples` at `depth` bits (high bits first), each plus `offset`.
fn unpack_row(samples: &[u8], depth: u8, offset: u8, width: usize, out: &mut Vec<u8>) {
    let start = out.len();
    match depth {
        8 => {
            // Eight at a time (no carry: no index overflows a byte), then the rest.
            let add = u64::from(offset) * 0x0101_0101_0101_0101;
            out.extend_from_slice(samples);
            let mut words = out[start..].chunks_exact_mut(8);
            for word in &mut words {
                let sum = u64::from_le_bytes((&*word).try_into().unwrap()).wrapping_add(add);
                word.copy_from_slice(&sum.to_le_bytes());
            }
            for byte in words.into_remainder() {
                *byte = byte.wrapping_add(offset);
            }
        }
        4 => {
            // Eight samples of four bytes at a time: each byte spread into a 16-bit lane, its high nibble in the
            // lane's low byte (the first sample), its low nibble in the high byte. A byte-at-a-time loop made this
            // unpacking a tenth of an animation's first frame in the wasm.
            // Written into the row's room made at once (a push a word checked the room each time).
            let add = u64::from(offset) * 0x0101_0101_0101_0101;
            out.resize(start + 2 * samples.len(), 0);
            let mut words = samples.chunks_exact(4);
            let mut room = out[start..].chunks_exact_mut(8);
            for (word, to) in (&mut words).zip(&mut room) {
                let mut v = u64::from(u32::from_le_bytes(word.try_into().unwrap()));
                v = (v | v << 16) & 0x0000_FFFF_0000_FFFF;
                v = (v | v << 8) & 0x00FF_00FF_00FF_00FF;
                let spread = (v >> 4 & 0x000F_000F_000F_000F) | (v & 0x000F_000F_000F_000F) << 8;
                to.copy_from_slice(&spread.wrapping_add(add).to_le_bytes());
            }
            for (&byte, to) in words.remainder().iter().zip(room.into_remainder().chunks_exact_mut(2)) {
                to.copy_from_slice(&[(byte >> 4).wrapping_add(offset), (byte & 15).wrapping_add(offset)]);
            }
        }
        _ => {
            let (depth, per_byte) = (u32::from(depth.clamp(1, 8)), 8 / usize::from(depth.clamp(1, 8)));
            let mask = ((1u16 << depth) - 1) as u8;
            for &byte in samples {
                out.extend((1..=per_byte as u32).map(|k| (byte >> (8 - depth * k) & mask).wrapping_add(offset)));
            }
        }
    }
    // The last byte's padding cut off.
    out.truncate(start + width);
}

/// The whole picture of the last frame in palette indices, made only when a frame painted whole is compared with
/// it (unpacking the first frame's scanlines was a tenth of a short animation, which most animations never need):
/// until then, the first frame and the tiles put on it since.
struct Canvas {
    width: u32,
    height: u32,
    indices: Option<Vec<u8>>,
    first: Option<Arc<FirstFrame>>,
    /// The index under the tiles where there is no first frame (the ring of a first frame of squares).
    ground: u8,
    /// The tiles put on the first frame since (where, and which), not yet on `indices`.
    puts: Vec<(Rect, usize)>,
}

impl Canvas {
    /// The first frame: the palette painter's picture where it draws the diagram (a still's indices, without every
    /// pixel painted in RGB and looked up: most of a first frame's cost), else the RGB painter's, indexed here.
    fn first(
        scene: &Scene,
        (board, options): (&Board, &RenderOptions),
        palette: &mut SharedPalette,
    ) -> Result<(Canvas, Option<Bands>), AnimationError> {
        let painted = indexed_path_applies(board, options).then(|| indexed::paint(scene)).flatten();
        if let Some(picture) = painted {
            // Its band plan holds for the frame (the indices are the still's, shifted alike), and its bands are coded
            // from the tiles at any size, as the later frames' are: where the still's bands are searched (smaller
            // pictures), the search costs an animation most of its first frame for a few per cent fewer bytes.
            let IndexedPicture { width, height, palette: colours, depth, scanlines, bands } = picture;
            if let Some(offset) = Canvas::offset_on(&colours, palette) {
                let first = Some(Arc::new(FirstFrame { width, depth, offset, scanlines }));
                let canvas = Canvas { width, height, indices: None, first, ground: UNCHANGED, puts: Vec::new() };
                return Ok((canvas, Some(Bands { coding: Coding::Frames, ..bands })));
            }
        }
        Ok((Canvas::of(&paint(scene), palette)?, None))
    }

    /// Where the palette painter's `colours` (RGB) start on `palette`, if they take its next indices in their order
    /// (`None` if they do not: more than the palette holds).
    fn offset_on(colours: &[u8], palette: &mut SharedPalette) -> Option<u8> {
        let offset = palette.len();
        for (i, rgb) in colours.chunks_exact(3).enumerate() {
            let index = palette.index_of(Rgb(rgb[0], rgb[1], rgb[2]).to_pixel()).ok()?;
            if usize::from(index) != offset + i {
                return None;
            }
        }
        u8::try_from(offset).ok()
    }

    /// The indices of `image`, adding its new colours to `palette`.
    fn of(image: &Image, palette: &mut SharedPalette) -> Result<Canvas, AnimationError> {
        let mut indices = vec![0u8; image.pixels.len()];
        palette.index_pixels(&image.pixels, &mut indices)?;
        let (width, height) = (image.width, image.height);
        Ok(Canvas { width, height, indices: Some(indices), first: None, ground: UNCHANGED, puts: Vec::new() })
    }

    /// Puts tile `id` (of `tiles`) on `rect`.
    fn put(&mut self, rect: Rect, id: usize, tiles: &[Vec<u8>]) {
        match &mut self.indices {
            Some(indices) => rect.put_into(indices, self.width, &tiles[id]),
            None => self.puts.push((rect, id)),
        }
    }

    /// Its indices, made from the first frame and the tiles put since if not yet made.
    fn indices(&mut self, tiles: &[Vec<u8>]) -> &[u8] {
        let (width, first, puts) = (self.width, &self.first, &mut self.puts);
        let ground = || vec![self.ground; width as usize * self.height as usize];
        self.indices.get_or_insert_with(|| {
            let mut indices = first.as_ref().map_or_else(ground, |first| first.indices());
            for (rect, id) in puts.drain(..) {
                rect.put_into(&mut indices, width, &tiles[id]);
            }
            indices
        })
    }

    /// The rectangle around the pixels that differ from `before` (a picture of the same size) and this picture's
    /// indices in it, [`UNCHANGED`] where they are the same; `None` if none differs.
    fn changes_from(&self, before: &[u8]) -> Option<Cut> {
        let (width, now) = (self.width as usize, self.indices.as_deref().unwrap_or_default());
        let rows = now.chunks_exact(width.max(1)).zip(before.chunks_exact(width.max(1)));
        let mut found: Option<(usize, usize, usize, usize)> = None;
        for (y, (ra, rb)) in rows.enumerate() {
            if ra == rb {
                continue;
            }
            let left = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
            let right = width - ra.iter().rev().zip(rb.iter().rev()).position(|(p, q)| p != q).unwrap_or(0);
            found = Some(match found {
                None => (left, y, right, y + 1),
                Some((l, t, r, _)) => (l.min(left), t, r.max(right), y + 1),
            });
        }
        let (l, t, r, b) = found?;
        let mut cut = Vec::with_capacity((r - l) * (b - t));
        for y in t..b {
            let (now, then) = (&now[y * width + l..y * width + r], &before[y * width + l..y * width + r]);
            cut.extend(now.iter().zip(then).map(|(&n, &t)| if n == t { UNCHANGED } else { n }));
        }
        let rect = Rect::new(l as u32, t as u32, (r - l) as u32, (b - t) as u32);
        Some(Cut { rect, indices: cut, plan: None, squares: None, first: None })
    }
}

/// The palette index that frames after the first give a pixel that stays as the frame before left it (GIF's
/// transparent index, a see-through entry of the animated PNG's palette): index 0, set aside when there is more
/// than one frame. Unchanged squares inside a frame's rectangle then cost the encoders long runs of one index.
pub const UNCHANGED: u8 = 0;

/// The tiles met so far: a square's look (its paint and hatching phase, sprite and marks), its indices and its
/// deflate codes.
#[derive(Default)]
struct Tiles {
    keys: Vec<(SquarePaint, u32, Option<Key>, Vec<MarkPaint>)>,
    indices: Vec<Vec<u8>>,
    shows: Vec<IndexSet>,
    codes: Vec<Option<Arc<TileCodes>>>,
}

impl Tiles {
    /// The tile of `square` under `marks`, its colours added to `palette` the first time it shows.
    fn get(
        &mut self,
        square: &Square,
        marks: &[MarkPaint],
        palette: &mut SharedPalette,
    ) -> Result<usize, AnimationError> {
        let rect = square.rect;
        let phase = (rect.x + rect.y) % hatching(rect.width).period;
        let same = |(paint, p, sprite, m): &(_, u32, _, Vec<MarkPaint>)| {
            *paint == square.paint && *p == phase && *sprite == square.sprite && m == marks
        };
        let i = match self.keys.iter().position(same) {
            Some(i) => i,
            None => {
                let mut refused = None;
                let index_of = |pixel| palette.index_of(pixel).map_err(|e| refused = Some(e)).ok();
                let tile = square_indices(square, marks, index_of);
                let (indices, shows, codes) = tile.ok_or(refused.unwrap_or(AnimationError::Transparent))?;
                self.keys.push((square.paint, phase, square.sprite.clone(), marks.to_vec()));
                self.indices.push(indices);
                self.shows.push(shows);
                self.codes.push(codes);
                self.indices.len() - 1
            }
        };
        Ok(i)
    }
}

/// The animation's palette, built as the frames are cut: each colour gets the next index on first use, in the palette
/// painter's table ([`Palette`]), with index 0 set aside for [`UNCHANGED`] when there is more than one frame
/// and a partly transparent colour refused (neither container holds one).
struct SharedPalette {
    table: Palette,
    /// Whether index 0 is set aside for [`UNCHANGED`].
    unchanged: bool,
}

impl SharedPalette {
    fn new(unchanged: bool) -> SharedPalette {
        let mut table = Palette::new();
        if unchanged {
            // The unchanged pixels' entry: black, never shown (see-through in both containers).
            table.set_aside(Rgb(0, 0, 0));
        }
        SharedPalette { table, unchanged }
    }

    fn index_of(&mut self, pixel: u32) -> Result<u8, AnimationError> {
        if pixel >> 24 != 0 {
            return Err(AnimationError::Transparent);
        }
        self.table.index_of(pixel).ok_or(AnimationError::TooManyColours)
    }

    /// Gives the indices of `pixels` to `out` ([`indexed::index_pixels`]), or why one has none.
    fn index_pixels(&mut self, pixels: &[u32], out: &mut [u8]) -> Result<(), AnimationError> {
        let mut refused = None;
        let index_of = |pixel| self.index_of(pixel).map_err(|e| refused = Some(e)).ok();
        index_pixels(pixels, out, index_of).ok_or(refused.unwrap_or(AnimationError::TooManyColours))
    }

    /// How many colours it holds.
    fn len(&self) -> usize {
        self.table.rgb().len() / 3
    }

    /// Its colours, in order of their indices.
    fn colours(&self) -> Vec<Rgb> {
        self.table.rgb().chunks_exact(3).map(|c| Rgb(c[0], c[1], c[2])).collect()
    }
}

#[cfg(test)]
mod tests;
