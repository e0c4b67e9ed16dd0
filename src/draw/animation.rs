//! Animated diagrams: the diagram, then one frame a move of each line played on it ([`crate::moves`]), each
//! frame showing its move as `lastmove` does, drawn on one palette for every frame and cut to the rectangle that
//! changed since the frame before, for the animated PNG ([`crate::draw::apng`]) and GIF ([`crate::draw::gif`])
//! containers.
//!
//! The frames are painted by the RGB painter, which puts a square's layers down square by square
//! (`draw_square` in `src/draw/marks.rs`): a frame repaints only the squares whose paint, marks or piece differ from
//! the frame before, on a copy of it, and its rectangle is the one around them. A frame whose other parts change
//! (the piece count after a capture) or that has arrows (which cross squares) is painted whole and cut to the
//! rectangle of the pixels that differ. A frame that changes nothing adds its time to the frame before (no empty
//! frames). Between lines the diagram comes back, and the last frame of each line shows [`PAUSE_FACTOR`] times as
//! long.

use crate::draw::layout::{MarkPaint, SquareMark};
use crate::draw::marks::{draw_square, SquareLayers};
use crate::draw::raster::{Image, Rect};
use crate::draw::render::paint;
use crate::draw::scene::Scene;
use crate::moves::Frame as Played;
use crate::notation::board::Board;
use crate::notation::paint::Rgb;
use crate::options::furniture::{Move, SquareName};
use crate::options::render_options::RenderOptions;
use std::fmt;

/// How many times longer than a move the last frame of a line shows.
pub const PAUSE_FACTOR: u32 = 3;

/// An animation ready for a container: the canvas, one palette, and the frames (the first the whole canvas).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// The canvas's width in pixels.
    pub width: u32,
    /// The canvas's height in pixels.
    pub height: u32,
    /// Every frame's colours, in order of first use (at most 256).
    pub palette: Vec<Rgb>,
    /// The frames, in order.
    pub frames: Vec<Still>,
}

/// One frame: where it goes on the canvas, its palette indices row by row, and how long it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Still {
    /// Left edge, top edge, width and height, in pixels.
    pub rect: (u32, u32, u32, u32),
    /// `width × height` palette indices.
    pub indices: Vec<u8>,
    /// How long it shows, in milliseconds.
    pub delay_ms: u32,
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

/// One picture of the sequence: a board, the move it shows, and how long it shows.
struct Shot<'a> {
    board: &'a Board,
    last: Option<Move>,
    delay_ms: u32,
}

/// The animation of `lines` played from `board` and drawn with `options` (already fitted to the board): the
/// diagram, each line's frames (the diagram again before every line after the first), `delay_ms` a move.
pub fn animate(
    board: &Board,
    lines: &[Vec<Played>],
    options: &RenderOptions,
    delay_ms: u32,
) -> Result<Animation, AnimationError> {
    let diagram = options.furniture.last_move;
    let mut shots = vec![Shot { board, last: diagram, delay_ms }];
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            shots.push(Shot { board, last: diagram, delay_ms });
        }
        for (j, frame) in line.iter().enumerate() {
            let last = frame.last.and_then(|(from, to)| Some(Move { from: name(from)?, to: name(to)? }));
            let pause = if j + 1 == line.len() { PAUSE_FACTOR } else { 1 };
            shots.push(Shot { board: &frame.board, last, delay_ms: delay_ms.saturating_mul(pause) });
        }
    }
    draw(&shots, options)
}

/// A move's square as the furniture names it (every square of a board up to 32×32 has a name).
fn name(square: crate::moves::Square) -> Option<SquareName> {
    SquareName::new(square.file, square.rank)
}

/// The shots painted one after the other, each cut to what changed, on one palette.
fn draw(shots: &[Shot<'_>], options: &RenderOptions) -> Result<Animation, AnimationError> {
    let mut palette = Palette::default();
    let mut frames: Vec<Still> = Vec::with_capacity(shots.len());
    let mut previous: Option<Drawn> = None;
    for shot in shots {
        let mut shot_options = options.clone();
        shot_options.furniture.last_move = shot.last;
        let scene = Scene::build(shot.board, &shot_options);
        // Each scene's marks are sorted by square once: for its own frame, and for the next frame's comparison.
        let marks = scene.marks_by_square();
        let (image, rect) = match previous.take() {
            None => {
                let image = paint(&scene);
                let whole = Rect::new(0, 0, image.width, image.height);
                (image, Some(whole))
            }
            Some(before) => repaint(before, &scene, &marks),
        };
        match rect {
            Some(rect) => frames.push(Still {
                rect: (rect.x, rect.y, rect.width, rect.height),
                indices: palette.indices(&image, rect)?,
                delay_ms: shot.delay_ms,
            }),
            None => {
                if let Some(last) = frames.last_mut() {
                    last.delay_ms = last.delay_ms.saturating_add(shot.delay_ms);
                }
            }
        }
        previous = Some(Drawn { scene, marks, image });
    }
    let (width, height) = previous.map_or((0, 0), |drawn| (drawn.image.width, drawn.image.height));
    Ok(Animation { width, height, palette: palette.colours, frames })
}

/// A frame as painted: its scene, the scene's marks by square ([`Scene::marks_by_square`]) and its picture.
struct Drawn {
    scene: Scene,
    marks: (Vec<Vec<MarkPaint>>, Vec<SquareMark>),
    image: Image,
}

/// The picture of `scene` (whose marks by square are `marks`) made from the frame `before` it, and the rectangle
/// that changed (`None`: nothing did).
fn repaint(
    before: Drawn,
    scene: &Scene,
    (marks, elsewhere): &(Vec<Vec<MarkPaint>>, Vec<SquareMark>),
) -> (Image, Option<Rect>) {
    let Drawn { scene: before, marks: (marks_before, elsewhere_before), mut image } = before;
    let furniture = (&scene.layout.furniture, &before.layout.furniture);
    let squares_only = furniture.0.over.is_empty()
        && furniture.0.count == furniture.1.count
        && scene.squares.len() == before.squares.len()
        && (scene.layout.width, scene.layout.height) == (before.layout.width, before.layout.height);
    if !squares_only || *elsewhere != elsewhere_before {
        let fresh = paint(scene);
        let rect = difference(&image, &fresh);
        return (fresh, rect);
    }
    let mut changed: Option<Rect> = None;
    for (i, square) in scene.squares.iter().enumerate() {
        let old = &before.squares[i];
        if old.paint == square.paint && old.sprite == square.sprite && marks_before[i] == marks[i] {
            continue;
        }
        let layers = SquareLayers { paint: square.paint, marks: &marks[i], sprite: square.sprite.as_ref() };
        draw_square(&mut image, (square.rect, 0), &layers);
        changed = Some(changed.map_or(square.rect, |r| union(r, square.rect)));
    }
    (image, changed)
}

/// The smallest rectangle holding both.
fn union(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    let right = (a.x + a.width).max(b.x + b.width);
    let bottom = (a.y + a.height).max(b.y + b.height);
    Rect::new(x, y, right - x, bottom - y)
}

/// The rectangle around the pixels that differ between two pictures of one size (`None` if none does).
fn difference(a: &Image, b: &Image) -> Option<Rect> {
    let width = a.width as usize;
    let rows = a.pixels.chunks_exact(width.max(1)).zip(b.pixels.chunks_exact(width.max(1)));
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
    found.map(|(l, t, r, b)| Rect::new(l as u32, t as u32, (r - l) as u32, (b - t) as u32))
}

/// The animation's palette, built as the frames are cut: each colour gets the next index on first use. Its
/// look-up is an open-addressed table of [`SLOTS`] pixels (at most 256 of them used), smaller in the wasm than a
/// `HashMap` of its own and faster.
struct Palette {
    colours: Vec<Rgb>,
    /// Each slot: a pixel and its index + 1 (0: an empty slot).
    slots: Vec<(u32, u16)>,
}

/// The palette's table size: a power of two, four times the most colours.
const SLOTS: usize = 1024;

impl Default for Palette {
    fn default() -> Palette {
        Palette { colours: Vec::new(), slots: vec![(0, 0); SLOTS] }
    }
}

impl Palette {
    /// The indices of `rect` of `image`, adding its new colours.
    fn indices(&mut self, image: &Image, rect: Rect) -> Result<Vec<u8>, AnimationError> {
        let (w, h) = (rect.width as usize, rect.height as usize);
        let mut out = vec![0u8; w * h];
        let width = image.width as usize;
        let at = |y: usize| (rect.y as usize + y) * width + rect.x as usize;
        // A diagram's rows are runs of one colour: the pixel before answers most look-ups.
        let Some(&first) = image.pixels.get(at(0)).filter(|_| w * h > 0) else { return Ok(out) };
        let (mut last_pixel, mut last_index) = (first, self.index_of(first)?);
        for (y, row_out) in out.chunks_exact_mut(w).enumerate() {
            for (index, &pixel) in row_out.iter_mut().zip(&image.pixels[at(y)..at(y) + w]) {
                if pixel != last_pixel {
                    (last_pixel, last_index) = (pixel, self.index_of(pixel)?);
                }
                *index = last_index;
            }
        }
        Ok(out)
    }

    fn index_of(&mut self, pixel: u32) -> Result<u8, AnimationError> {
        // Fibonacci hashing to the table's 10 bits, then the next slots in turn.
        let mut slot = (pixel.wrapping_mul(0x9e37_79b1) >> 22) as usize;
        loop {
            match self.slots[slot] {
                (_, 0) => break,
                (colour, i) if colour == pixel => return Ok((i - 1) as u8),
                _ => slot = (slot + 1) % SLOTS,
            }
        }
        if pixel >> 24 != 0 {
            return Err(AnimationError::Transparent);
        }
        let i = u8::try_from(self.colours.len()).map_err(|_| AnimationError::TooManyColours)?;
        self.colours.push(Rgb((pixel >> 16) as u8, (pixel >> 8) as u8, pixel as u8));
        self.slots[slot] = (pixel, u16::from(i) + 1);
        Ok(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::render::render_image;
    use crate::moves::Moves;
    use crate::notation::board::Color;
    use crate::notation::ffen::{parse, Dialect};
    use crate::testing::options_from;

    /// The canvas after each frame, as RGB pixels, by applying the frames in order.
    fn replay(animation: &Animation) -> Vec<Vec<u32>> {
        let mut canvas = vec![0u32; (animation.width * animation.height) as usize];
        let mut out = Vec::new();
        for frame in &animation.frames {
            let (x, y, w, h) = frame.rect;
            for row in 0..h {
                for col in 0..w {
                    let Rgb(r, g, b) = animation.palette[usize::from(frame.indices[(row * w + col) as usize])];
                    canvas[((y + row) * animation.width + x + col) as usize] =
                        u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
                }
            }
            out.push(canvas.clone());
        }
        out
    }

    /// Every frame of `moves` from `ffen` is, on the canvas, the still picture of its position and last move.
    fn check(ffen: &str, moves: &str, pairs: &[(&'static str, &'static str)]) -> Animation {
        let board = parse(ffen, Dialect::Janko).unwrap();
        let options = options_from(pairs).for_board(&board).unwrap();
        let lines = moves.parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
        let animation = animate(&board, &lines, &options, 1000).unwrap();
        let mut stills = vec![render_image(&board, &options)];
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                stills.push(render_image(&board, &options));
            }
            for frame in line {
                let mut o = options.clone();
                o.furniture.last_move = frame.last.map(|(f, t)| Move { from: name(f).unwrap(), to: name(t).unwrap() });
                stills.push(render_image(&frame.board, &o));
            }
        }
        // Frames that changed nothing are folded into the one before: compare the distinct stills.
        stills.dedup();
        let canvases = replay(&animation);
        assert_eq!(canvases.len(), stills.len(), "{moves}");
        for (i, (canvas, still)) in canvases.iter().zip(&stills).enumerate() {
            assert_eq!(canvas, &still.pixels, "{moves}: frame {i}");
        }
        animation
    }

    #[test]
    fn each_frame_is_its_position_with_its_move_cut_to_what_changed() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let animation = check(start, "e2e4 e7e5 g1f3", &[]);
        assert_eq!(animation.frames.len(), 4);
        assert_eq!(animation.frames[0].rect, (0, 0, animation.width, animation.height));
        // 1.e4: e2 to e4, one file, three ranks of 40 px inside a 1-px frame.
        assert_eq!(animation.frames[1].rect, (1 + 4 * 40, 1 + 4 * 40, 40, 3 * 40));
        // 1...e5 also clears 1.e4's highlight: e2 to e7.
        assert_eq!(animation.frames[2].rect, (1 + 4 * 40, 1 + 40, 40, 6 * 40));
        assert_eq!(
            animation.frames.iter().map(|f| f.delay_ms).collect::<Vec<_>>(),
            [1000, 1000, 1000, 3000],
            "the last frame of the line pauses"
        );
    }

    #[test]
    fn captures_castling_lines_and_looks_are_drawn_as_their_stills() {
        let ffen = "r3k2r/pppq1ppp/8/3pP3/8/8/PPP2PPP/R3K2R";
        check(ffen, "1.0-0 0-0-0 2.e5xd6 ep. Qd7xd6 | 1.Ra1-d1 Qd7-h3", &[("count", "1")]);
        check(ffen, "e1g1 e8c8", &[("coords", "1"), ("theme", "print"), ("size", "23"), ("flip", "1")]);
        check(ffen, "e5d6 c7d6", &[("arrows", "Ge5e6,d7d7"), ("lastmove_style", "lichess"), ("theme", "brown")]);
        check(ffen, "e5e6 e8e7", &[("squares", "e6,Gd5"), ("squares_style", "x"), ("check", "e8")]);
    }

    #[test]
    fn a_move_that_changes_nothing_lengthens_the_frame_before() {
        // The king put back on its own square: no pixel changes, so the diagram shows for two moves' time.
        let animation = check("4k3/8/8/8/8/8/8/R3K3", "[+wKe1] a1a2", &[]);
        assert_eq!(animation.frames.len(), 2);
        assert_eq!(animation.frames[0].delay_ms, 1000 + 1000);
        assert_eq!(animation.frames[1].delay_ms, 3000);
    }

    #[test]
    fn what_one_palette_cannot_hold_is_refused() {
        let board = parse("8/8/8/8/8/8/8/K7", Dialect::Janko).unwrap();
        let options = options_from(&[("light", "transparent")]).for_board(&board).unwrap();
        let lines = "a1a2".parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
        assert_eq!(animate(&board, &lines, &options, 500), Err(AnimationError::Transparent));
    }
}
