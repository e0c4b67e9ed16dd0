//! Where everything of a diagram goes, in pixels, and the image-size limits: computed without drawing, so a request
//! can be refused before any rendering work.
//!
//! Squares of the square size; a thin black frame (1 px up to 47-px squares, 2 px up to 95, 3 px above) around the
//! board; with `coords`, a margin left of and below the frame for rank numbers and file letters.
//!
//! # Furniture
//!
//! [`Layout::furniture`] says where the furniture of a problem diagram goes: every number a drawing needs,
//! in image pixels, as plain data, so that every painter of the scene (RGB, palette, SVG: [`crate::draw::scene`])
//! draws the same picture from the same numbers and none of them measures anything again. From the top of the image down:
//!
//! ```text
//! ┌──────────────────────────────┐  y = 0
//! │      title line 1 (centred)  │  band of `title.len()` lines of `pitch` pixels, then `gap`
//! │      title line 2            │
//! ├──────────────────────────────┤  y = board_y - frame: the frame's top
//! │ (margin)│ framed board       │
//! │         │                    │
//! │         └────────────────────┤  + coordinate band (`margin`) below the frame with `coords`
//! │ caption line 1      (W+B)    │  `gap`, then max(caption lines, 1 if count) lines of `pitch` pixels
//! │ caption line 2               │
//! └──────────────────────────────┘  y = height
//! ```
//!
//! The text *column* is the framed board (frame included, coordinate margin excluded); text is centred (title),
//! left-aligned (caption) or right-aligned (count) in it. When a line is wider than the column, the image grows by
//! the difference, the board moves right by half of it, and the column becomes the image's width right of the
//! coordinate margin: the board stays centred under the title and the image never cuts text. Without furniture
//! every number is what it was before furniture existed, so no earlier picture changes.

use crate::draw::text;
use crate::notation::board::Board;
use crate::notation::pgn::Glyph;
use crate::options::furniture::{PieceCount, SquareName, SquaresStyle, Tint, SQUARES_COLOR_ALPHA};
use crate::options::render_options::{RenderOptions, MIN_SQUARE_SIZE};
use crate::options::theme::INK;
use crate::pixels::{Rect, Rgb};
use std::fmt;
use std::str::FromStr;

/// The widest or tallest image rendered, in pixels (a 32×32 board at 64 px squares with coordinates fits).
pub const MAX_IMAGE_SIDE: u32 = 2200;

/// The most pixels an image may have (about 19 MB of working memory at this size).
pub const MAX_IMAGE_PIXELS: u64 = 2200 * 2200;

/// The most pixels a diagram may have in one deployment: [`MAX_IMAGE_PIXELS`] (the built-in limit, the default) or
/// less. A Worker on Cloudflare's Free plan (10 ms of CPU per request) sets a lower one in `wrangler.toml`
/// (`FFEN_MAX_IMAGE_PIXELS`), so that no request it accepts can run out of CPU time; see docs/parameters.md, "Limits".
///
/// Read from text as a plain decimal number from 1 to [`MAX_IMAGE_PIXELS`]; [`Display`](fmt::Display) prints it back.
///
/// ```
/// use ffen_diagram::{PixelLimit, MAX_IMAGE_PIXELS};
/// let free: PixelLimit = " 600000 ".parse().unwrap();
/// assert_eq!((free.pixels(), free.to_string()), (600_000, "600000".to_string()));
/// assert_eq!(PixelLimit::default().pixels(), MAX_IMAGE_PIXELS);
/// assert!("0".parse::<PixelLimit>().is_err() && "1e6".parse::<PixelLimit>().is_err());
/// assert!(PixelLimit::new(MAX_IMAGE_PIXELS + 1).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PixelLimit(u64);

impl PixelLimit {
    /// The built-in limit, [`MAX_IMAGE_PIXELS`].
    pub const BUILT_IN: PixelLimit = PixelLimit(MAX_IMAGE_PIXELS);

    /// A limit of `pixels`, or `None` outside 1 to [`MAX_IMAGE_PIXELS`] (a deployment can only lower the built-in
    /// limit: the renderer's memory and time bounds are sized for it).
    pub const fn new(pixels: u64) -> Option<PixelLimit> {
        if pixels >= 1 && pixels <= MAX_IMAGE_PIXELS {
            Some(PixelLimit(pixels))
        } else {
            None
        }
    }

    /// The most pixels allowed.
    pub const fn pixels(self) -> u64 {
        self.0
    }
}

impl Default for PixelLimit {
    /// [`PixelLimit::BUILT_IN`].
    fn default() -> PixelLimit {
        PixelLimit::BUILT_IN
    }
}

impl fmt::Display for PixelLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is not a pixel limit: not a plain decimal number, or outside 1 to [`MAX_IMAGE_PIXELS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidPixelLimit;

impl fmt::Display for InvalidPixelLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a number of pixels from 1 to {MAX_IMAGE_PIXELS}, digits only")
    }
}

impl std::error::Error for InvalidPixelLimit {}

impl FromStr for PixelLimit {
    type Err = InvalidPixelLimit;

    /// Digits only (surrounding whitespace trimmed): no sign, separator or exponent, so a typo is refused rather
    /// than read as some other limit.
    fn from_str(text: &str) -> Result<PixelLimit, InvalidPixelLimit> {
        let digits = plain_digits(text, 19).ok_or(InvalidPixelLimit)?;
        digits.parse().ok().and_then(PixelLimit::new).ok_or(InvalidPixelLimit)
    }
}

/// `text` without surrounding whitespace, if that is a plain decimal number of at most `max_len` digits: no sign,
/// separator or exponent (a deployment's limits, [`PixelLimit`] and the cost limit, are read this way).
pub(crate) fn plain_digits(text: &str, max_len: usize) -> Option<&str> {
    let digits = text.trim();
    let plain = !digits.is_empty() && digits.len() <= max_len && digits.bytes().all(|b| b.is_ascii_digit());
    plain.then_some(digits)
}

/// The image a request would produce is larger than [`MAX_IMAGE_SIDE`] a side or than the pixel limit in force
/// ([`MAX_IMAGE_PIXELS`], or a deployment's lower [`PixelLimit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageTooLarge {
    /// The width it would have.
    pub width: u32,
    /// The height it would have.
    pub height: u32,
    /// The pixel limit it was checked against (named in the message).
    pub max_pixels: u64,
}

impl fmt::Display for ImageTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the diagram would be {}×{} pixels; the limit is {MAX_IMAGE_SIDE} pixels a side and {} pixels in all: \
             choose a smaller size",
            self.width, self.height, self.max_pixels
        )
    }
}

impl std::error::Error for ImageTooLarge {}

/// One line of text of the furniture, placed: draw `text` in Roboto Bold (the embedded font, [`crate::draw::assets`]) at
/// `px` pixels per em, its pen starting at `pen_x` on the baseline `baseline`. `ink_left..ink_right` is where its
/// ink lands horizontally (fontdue's glyph boxes: what the alignment was computed from).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TextLine {
    /// The text, white space collapsed; every character one the font draws.
    pub text: String,
    /// The font size in pixels per em.
    pub px: f32,
    /// The pen's start (the text's origin) in image pixels.
    pub pen_x: i64,
    /// The baseline in image pixels.
    pub baseline: i64,
    /// The left edge of the ink in image pixels.
    pub ink_left: i64,
    /// The right edge (exclusive) of the ink in image pixels.
    pub ink_right: i64,
}

/// How a marked square is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MarkPaint {
    /// The whole square covered by `rgb` at opacity `alpha` (0–255, source-over): a highlight, under the pieces.
    Tint {
        /// The colour.
        rgb: Rgb,
        /// Its opacity.
        alpha: u8,
    },
    /// An opaque box of [`INK`](crate::options::theme::INK) along the inside of the square's four edges, `thickness` pixels
    /// wide: XFEN's bordered square, over the pieces.
    Border {
        /// The width of each side of the box.
        thickness: u32,
    },
    /// lichess' check: a red radial glow over the square and its highlights, under the piece
    /// ([`crate::draw::mark_art`]).
    Glow,
    /// `chess.svg`'s X over the square and its piece: a bar along each diagonal in `rgb`, outlined in white
    /// ([`crate::draw::mark_art`]).
    Cross {
        /// The colour of the bars.
        rgb: Rgb,
    },
    /// lichess' badge of a move's glyph in the square's top right corner, over everything else on the square
    /// ([`crate::draw::badge`]).
    Badge(Glyph),
}

impl MarkPaint {
    /// Whether it goes under the piece (a highlight, the check's glow) rather than over it.
    pub(crate) fn is_under_piece(&self) -> bool {
        matches!(self, MarkPaint::Tint { .. } | MarkPaint::Glow)
    }
}

/// A square to paint: which pixels (the square's `rect`, as [`Layout::square_at`] gives it) and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SquareMark {
    /// The square's pixels.
    pub rect: Rect,
    /// The paint.
    pub paint: MarkPaint,
}

/// An arrow or a circle, drawn over the pieces in `rgb` at opacity `alpha` (source-over, anti-aliased).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Overlay {
    /// A filled arrow: the polygon `outline` (image pixels, non-zero fill), which is the shaft's start corner on
    /// one side, the shaft's end on that side, the head's barb, the tip (the centre of the target square), the
    /// other barb, the shaft's end and start on the other side.
    Arrow {
        /// The seven corners, in order.
        outline: [(f32, f32); 7],
        /// The colour.
        rgb: Rgb,
        /// Its opacity.
        alpha: u8,
    },
    /// A ring: the area between two concentric circles around the centre of a square (even-odd fill).
    Circle {
        /// The centre, in image pixels.
        centre: (f32, f32),
        /// The outer radius.
        outer: f32,
        /// The inner radius.
        inner: f32,
        /// The colour.
        rgb: Rgb,
        /// Its opacity.
        alpha: u8,
    },
}

/// Where the furniture of one diagram goes (see the module documentation): everything a writer needs besides the
/// board itself. Empty lists and `None` for furniture not asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct FurnitureLayout {
    /// The title's lines, top first, centred in the text column above the board.
    pub title: Vec<TextLine>,
    /// The caption's lines, top first, left-aligned in the text column below the board.
    pub caption: Vec<TextLine>,
    /// The piece count, `(W+B)`, right-aligned on the caption's first baseline.
    pub count: Option<TextLine>,
    /// Highlights to paint after the squares and before the pieces, in this order (the last move's squares, then
    /// `squares` sorted by name, then the check's glow; a later one is painted over an earlier one).
    pub under: Vec<SquareMark>,
    /// Squares crossed out (`squares` with `squares_style=x`), sorted by name: to paint after the pieces, before the
    /// lines between squares and the bordered squares (neither of which an X reaches).
    pub crosses: Vec<SquareMark>,
    /// Bordered squares (XFEN's `B`), to paint after the pieces and before the overlays, in display order.
    pub borders: Vec<SquareMark>,
    /// Arrows and circles, to paint last, in this order (sorted by from and to square).
    pub over: Vec<Overlay>,
}

/// The font size of the furniture's text at squares of `square` pixels: 45 % of a square, 11 to 40 px (below 11 px
/// accents blur, above 40 px the text outgrows what printed diagrams show).
fn text_px(square: u32) -> f32 {
    (square * 45 / 100).clamp(11, 40) as f32
}

/// Vertical metrics of the furniture's text at `px`: (ascent, pitch, gap). `ascent` clears the accents on capitals
/// (Roboto's `Š` reaches 0.93 em), `pitch` is one line (ascent and descenders), `gap` the space between the board
/// and a band of text.
fn text_metrics(px: f32) -> (u32, u32, u32) {
    let ascent = (px * 0.95).ceil() as u32;
    let descent = (px * 0.3).ceil() as u32;
    (ascent, ascent + descent, ((px * 0.4).ceil() as u32).max(2))
}

/// Pixel geometry of one diagram.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Layout {
    /// Side of a square.
    pub square: u32,
    /// Thickness of the outline around the squares (the diagram's frame, in ink).
    pub outline: u32,
    /// Width of the coordinate margin left of the frame and height of the one below it (0 without `coords`).
    pub margin: u32,
    /// Left edge of the board's first column of squares.
    pub board_x: u32,
    /// Top edge of the board's first row of squares.
    pub board_y: u32,
    /// Width of the image.
    pub width: u32,
    /// Height of the image.
    pub height: u32,
    /// Where the furniture goes (empty without any).
    pub furniture: FurnitureLayout,
}

/// A line of text measured: the text and its ink's extent relative to the pen (zero for a line without ink).
fn measured(text: &str, px: f32) -> (String, (i32, i32)) {
    (text.to_string(), text::ink_span(text, px).unwrap_or((0, 0)))
}

fn ink_width(span: (i32, i32)) -> u32 {
    (span.1 - span.0).max(0) as u32
}

impl Layout {
    /// The layout of `board` with `options` at squares of `square` pixels.
    fn with_square(board: &Board, options: &RenderOptions, square: u32) -> Layout {
        let frame = 1 + square / 48;
        let margin = if options.coords { (square * 45 / 100).clamp(12, 36) } else { 0 };
        let (board_w, board_h) = (board.width() as u32 * square, board.height() as u32 * square);
        let f = &options.furniture;
        let px = text_px(square);
        let (ascent, pitch, gap) = text_metrics(px);
        let title: Vec<_> = f.title.lines().iter().map(|line| measured(line, px)).collect();
        let caption: Vec<_> = f.caption.lines().iter().map(|line| measured(line, px)).collect();
        let count = f.count.then(|| measured(&PieceCount::of(board).to_string(), px));
        // The text column is the framed board unless a line needs more: the first caption line and the count share
        // a line, with two gaps between them.
        let column = board_w + 2 * frame;
        let shared =
            caption.first().map_or(0, |c| ink_width(c.1) + 2 * gap) + count.as_ref().map_or(0, |c| ink_width(c.1));
        let widest = title.iter().chain(&caption).map(|t| ink_width(t.1)).chain([shared]).max().unwrap_or(0);
        let extra = widest.saturating_sub(column);
        let title_band = if title.is_empty() { 0 } else { title.len() as u32 * pitch + gap };
        let board_x = margin + frame + extra / 2;
        let board_y = title_band + frame;
        let bottom = board_y + board_h + frame + margin;
        let bottom_lines = caption.len().max(usize::from(count.is_some())) as u32;
        let width = margin + column + extra;
        let height = bottom + if bottom_lines == 0 { 0 } else { gap + bottom_lines * pitch };
        let (column_left, column_right) = (i64::from(margin), i64::from(width));
        let place = |(text, span): (String, (i32, i32)), ink_left: i64, baseline: u32| TextLine {
            pen_x: ink_left - i64::from(span.0),
            ink_right: ink_left + i64::from(ink_width(span)),
            ink_left,
            baseline: i64::from(baseline),
            text,
            px,
        };
        let title = title
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                let left = column_left + (column_right - column_left - i64::from(ink_width(t.1))) / 2;
                place(t, left, i as u32 * pitch + ascent)
            })
            .collect();
        let first_baseline = bottom + gap + ascent;
        let caption = caption
            .into_iter()
            .enumerate()
            .map(|(i, t)| place(t, column_left, first_baseline + i as u32 * pitch))
            .collect();
        let count = count.map(|t| {
            let left = column_right - i64::from(ink_width(t.1));
            place(t, left, first_baseline)
        });
        let mut layout = Layout {
            square,
            outline: frame,
            margin,
            board_x,
            board_y,
            width,
            height,
            furniture: FurnitureLayout { title, caption, count, ..FurnitureLayout::default() },
        };
        layout.place_marks(board, options);
        layout
    }

    /// The display position of board square (`x`, `y`): where it is drawn after any flip (a half turn is its own
    /// inverse, so this also gives the board square shown at a display position).
    pub fn display(board: &Board, flip: bool, (x, y): (usize, usize)) -> (usize, usize) {
        if flip {
            (board.width() - 1 - x, board.height() - 1 - y)
        } else {
            (x, y)
        }
    }

    /// Fills in the highlights, the check's glow, the crossed squares, borders, arrows and circles of
    /// [`Layout::furniture`]. Squares off the board are skipped (a request naming one was refused before, by
    /// [`crate::options::furniture::Furniture::check`]).
    fn place_marks(&mut self, board: &Board, options: &RenderOptions) {
        let f = &options.furniture;
        let s = self.square;
        let rect_of = |square: SquareName| {
            let (dx, dy) = Layout::display(board, options.flip, square.position(board)?);
            Some(self.square_at(dx, dy))
        };
        let (rgb, alpha) = f.last_move_style.paint();
        let last_move = f.last_move.iter().flat_map(|m| [m.from, m.to]).map(|sq| (sq, MarkPaint::Tint { rgb, alpha }));
        let crossed = f.squares_style == SquaresStyle::X;
        let marked = f.squares.as_slice().iter().map(|&(sq, t)| {
            // `squares_color` colours the squares without a colour letter, at half opacity.
            let chosen = f.squares_color.filter(|_| t == Tint::Default);
            let paint = match (crossed, chosen) {
                // chess.svg's X is black; a colour letter (or `squares_color`) colours it.
                (true, _) => MarkPaint::Cross { rgb: chosen.unwrap_or(if t == Tint::Default { INK } else { t.rgb() }) },
                (false, Some(rgb)) => MarkPaint::Tint { rgb, alpha: SQUARES_COLOR_ALPHA },
                (false, None) => MarkPaint::Tint { rgb: t.rgb(), alpha: t.square_alpha() },
            };
            (sq, paint)
        });
        let (crosses, tints): (Vec<_>, Vec<_>) = marked.partition(|_| crossed);
        let glow = f.check_square.map(|sq| (sq, MarkPaint::Glow));
        let place = |(sq, paint): (SquareName, MarkPaint)| Some(SquareMark { rect: rect_of(sq)?, paint });
        let under = last_move.chain(tints).chain(glow).filter_map(place).collect();
        let crosses = crosses.into_iter().filter_map(place).collect();
        let mut borders = Vec::new();
        for dy in 0..board.height() {
            for dx in 0..board.width() {
                let (x, y) = Layout::display(board, options.flip, (dx, dy));
                if board.is_bordered(x, y) {
                    let paint = MarkPaint::Border { thickness: (s / 16).max(1) };
                    borders.push(SquareMark { rect: self.square_at(dx, dy), paint });
                }
            }
        }
        let side = s as f32;
        let centre = |r: Rect| (r.x as f32 + side / 2.0, r.y as f32 + side / 2.0);
        let over = f
            .arrows
            .as_slice()
            .iter()
            .filter_map(|&(m, t)| {
                let (from, to) = (centre(rect_of(m.from)?), centre(rect_of(m.to)?));
                let (rgb, alpha) = (t.rgb(), t.arrow_alpha());
                if m.is_circle() {
                    let outer = side * 0.46;
                    let inner = outer - (side * 0.08).max(1.5);
                    return Some(Overlay::Circle { centre: to, outer, inner, rgb, alpha });
                }
                Some(Overlay::Arrow { outline: arrow_outline(from, to, side), rgb, alpha })
            })
            .collect();
        // The last move's glyph, last on its square (over an X and XFEN's border), where a piece stands there.
        let glyph = f.glyph.zip(f.last_move).filter(|(_, m)| Glyph::shows_on(board, m.to.file(), m.to.rank()));
        borders.extend(glyph.and_then(|(glyph, m)| place((m.to, MarkPaint::Badge(glyph)))));
        self.furniture.under = under;
        self.furniture.crosses = crosses;
        self.furniture.borders = borders;
        self.furniture.over = over;
    }

    /// This layout with `options`' marks placed on `board` again (the last move, the check, a glyph's badge):
    /// all that differs between an animation's frames of one board size when no piece count is shown.
    pub(crate) fn with_marks(&self, board: &Board, options: &RenderOptions) -> Layout {
        let furniture = FurnitureLayout {
            title: self.furniture.title.clone(),
            caption: self.furniture.caption.clone(),
            count: self.furniture.count.clone(),
            ..FurnitureLayout::default()
        };
        let mut layout = Layout { furniture, ..*self };
        layout.place_marks(board, options);
        layout
    }

    /// The layout as requested, whatever its size.
    pub fn requested(board: &Board, options: &RenderOptions) -> Layout {
        Layout::with_square(board, options, options.size.pixels())
    }

    /// The layout actually drawn: the requested square size, or the largest smaller one that fits the limits.
    pub fn drawn(board: &Board, options: &RenderOptions) -> Layout {
        let mut square = options.size.pixels();
        loop {
            let l = Layout::with_square(board, options, square);
            if l.fits(PixelLimit::BUILT_IN) || square <= MIN_SQUARE_SIZE {
                return l;
            }
            square -= 1;
        }
    }

    fn fits(&self, limit: PixelLimit) -> bool {
        self.width <= MAX_IMAGE_SIDE
            && self.height <= MAX_IMAGE_SIDE
            && u64::from(self.width) * u64::from(self.height) <= limit.pixels()
    }

    /// The square in display column `dx` and row `dy` (counted from the top left of the picture, after any flip).
    pub fn square_at(&self, dx: usize, dy: usize) -> Rect {
        let s = self.square;
        Rect::new(self.board_x + dx as u32 * s, self.board_y + dy as u32 * s, s, s)
    }

    /// The frame's bars: one outside every side of a real square that borders a hole or the edge, long enough to
    /// close the corners (the squares, painted after it, cover any overlap). `is_open(dx, dy)` says whether a
    /// display position of the `(w, h)` board (which may be off the board) has no square.
    pub fn frame_bars(&self, (w, h): (usize, usize), is_open: impl Fn(i64, i64) -> bool) -> Vec<Rect> {
        let (s, f) = (self.square, self.outline);
        let mut bars = Vec::new();
        for dy in 0..h {
            for dx in 0..w {
                let (x, y) = (dx as i64, dy as i64);
                if is_open(x, y) {
                    continue;
                }
                let Rect { x: px, y: py, .. } = self.square_at(dx, dy);
                if is_open(x, y - 1) {
                    bars.push(Rect::new(px - f, py - f, s + 2 * f, f));
                }
                if is_open(x, y + 1) {
                    bars.push(Rect::new(px - f, py + s, s + 2 * f, f));
                }
                if is_open(x - 1, y) {
                    bars.push(Rect::new(px - f, py - f, f, s + 2 * f));
                }
                if is_open(x + 1, y) {
                    bars.push(Rect::new(px + s, py - f, f, s + 2 * f));
                }
            }
        }
        bars
    }

    /// The `borders` grid (HGM's `borders=1`): a bar as thick as the frame on every edge two real squares share,
    /// centred on it, so both lose the same width; none next to a hole, where the frame already runs. `is_open` as
    /// for [`Layout::frame_bars`].
    pub fn grid_bars(&self, (w, h): (usize, usize), is_open: impl Fn(i64, i64) -> bool) -> Vec<Rect> {
        let (s, t) = (self.square, self.outline);
        let half = t / 2;
        let mut bars = Vec::new();
        for dy in 0..h {
            for dx in 0..w {
                let (x, y) = (dx as i64, dy as i64);
                if is_open(x, y) {
                    continue;
                }
                let Rect { x: px, y: py, .. } = self.square_at(dx, dy);
                if dx > 0 && !is_open(x - 1, y) {
                    bars.push(Rect::new(px - half, py, t, s));
                }
                if dy > 0 && !is_open(x, y - 1) {
                    bars.push(Rect::new(px, py - half, s, t));
                }
            }
        }
        bars
    }
}

/// The outline of an arrow from `from` to `to` (centres of two different squares `s` pixels wide): a shaft 16 % of a
/// square wide and a head 45 % of a square long and 64 % wide, its tip at `to`.
fn arrow_outline(from: (f32, f32), to: (f32, f32), s: f32) -> [(f32, f32); 7] {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    // The normal, and the half widths of the shaft and the head.
    let (nx, ny) = (-uy, ux);
    let (shaft, head, head_length) = ((s * 0.08).max(1.0), s * 0.32, s * 0.45);
    let base = (to.0 - ux * head_length, to.1 - uy * head_length);
    let at = |p: (f32, f32), side: f32| (p.0 + nx * side, p.1 + ny * side);
    [at(from, shaft), at(base, shaft), at(base, head), to, at(base, -head), at(base, -shaft), at(from, -shaft)]
}

/// The width and height in pixels of the diagram of `board` with `options`.
pub fn image_size(board: &Board, options: &RenderOptions) -> (u32, u32) {
    let l = Layout::requested(board, options);
    (l.width, l.height)
}

/// The image size, or an error if it is beyond [`MAX_IMAGE_SIDE`] / [`MAX_IMAGE_PIXELS`]: call before rendering.
pub fn check_image_size(board: &Board, options: &RenderOptions) -> Result<(u32, u32), ImageTooLarge> {
    check_image_size_within(board, options, PixelLimit::BUILT_IN)
}

/// [`check_image_size`] against a deployment's pixel limit (at most [`MAX_IMAGE_PIXELS`]) instead of the built-in
/// one; the side limit stays [`MAX_IMAGE_SIDE`].
pub fn check_image_size_within(
    board: &Board,
    options: &RenderOptions,
    limit: PixelLimit,
) -> Result<(u32, u32), ImageTooLarge> {
    let l = Layout::requested(board, options);
    if l.fits(limit) {
        Ok((l.width, l.height))
    } else {
        Err(ImageTooLarge { width: l.width, height: l.height, max_pixels: limit.pixels() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::board::MAX_BOARD_SIDE;
    use crate::options::render_options::SquareSize;
    use crate::testing::options_from;

    fn options(size: u32, coords: bool) -> RenderOptions {
        RenderOptions { size: SquareSize::new(size).unwrap(), coords, ..RenderOptions::default() }
    }

    #[test]
    fn frame_and_margin_grow_with_the_square() {
        let board = Board::empty(8, 8).unwrap();
        for (size, frame, margin) in
            [(12, 1, 12), (26, 1, 12), (27, 1, 12), (47, 1, 21), (48, 2, 21), (95, 2, 36), (96, 3, 36), (128, 3, 36)]
        {
            let l = Layout::requested(&board, &options(size, true));
            assert_eq!((l.square, l.outline, l.margin), (size, frame, margin), "size {size}");
            assert_eq!((l.width, l.height), (margin + 8 * size + 2 * frame, margin + 8 * size + 2 * frame));
            assert_eq!(Layout::requested(&board, &options(size, false)).margin, 0);
        }
    }

    #[test]
    fn the_largest_board_fits_up_to_64_px_squares_with_coordinates() {
        let board = Board::empty(MAX_BOARD_SIDE, MAX_BOARD_SIDE).unwrap();
        assert_eq!(check_image_size(&board, &options(64, true)), Ok((2080, 2080)));
        let err = check_image_size(&board, &options(69, false)).unwrap_err();
        assert_eq!((err.width, err.height), (2212, 2212));
        // Drawn anyway (render_png never fails on size): at the largest square that fits.
        let drawn = Layout::drawn(&board, &options(128, true));
        assert_eq!(drawn.square, 67);
        let built_in = PixelLimit::BUILT_IN;
        assert!(drawn.fits(built_in) && !Layout::with_square(&board, &options(128, true), 68).fits(built_in));
    }

    #[test]
    fn a_pixel_limit_refuses_one_pixel_more_and_names_itself() {
        // 8×8 at 90 px: 724×724 = 524,176 pixels.
        let board = Board::empty(8, 8).unwrap();
        let at_90 = options(90, false);
        let exactly = PixelLimit::new(724 * 724).unwrap();
        assert_eq!(check_image_size_within(&board, &at_90, exactly), Ok((724, 724)));
        let one_less = PixelLimit::new(724 * 724 - 1).unwrap();
        let err = check_image_size_within(&board, &at_90, one_less).unwrap_err();
        assert_eq!(err, ImageTooLarge { width: 724, height: 724, max_pixels: 524_175 });
        assert_eq!(
            err.to_string(),
            "the diagram would be 724×724 pixels; the limit is 2200 pixels a side and 524175 pixels in all: choose a \
             smaller size"
        );
        // The side limit stays whatever the pixel limit: a 1×32 board at 69 px is 2212 px tall.
        let tall = Board::empty(1, 32).unwrap();
        let err = check_image_size_within(&tall, &options(69, false), PixelLimit::BUILT_IN).unwrap_err();
        assert_eq!((err.width, err.height, err.max_pixels), (73, 2212, MAX_IMAGE_PIXELS));
        // The built-in limit is the default, and what check_image_size uses.
        assert_eq!(PixelLimit::default(), PixelLimit::BUILT_IN);
        let big = Board::empty(MAX_BOARD_SIDE, MAX_BOARD_SIDE).unwrap();
        for size in [12, 40, 64, 68, 69, 128] {
            let o = options(size, false);
            assert_eq!(check_image_size(&big, &o), check_image_size_within(&big, &o, PixelLimit::BUILT_IN), "{size}");
        }
    }

    #[test]
    fn pixel_limits_read_plain_numbers_from_1_to_the_built_in_limit() {
        assert_eq!("1".parse(), Ok(PixelLimit::new(1).unwrap()));
        assert_eq!("4840000".parse(), Ok(PixelLimit::BUILT_IN));
        assert_eq!(" 600000\n".parse::<PixelLimit>().map(PixelLimit::pixels), Ok(600_000));
        for bad in [
            "",
            " ",
            "0",
            "4840001",
            "-5",
            "+5",
            "1_000_000",
            "1,000,000",
            "1e6",
            "0x10",
            "1.5",
            "99999999999999999999",
        ] {
            assert_eq!(bad.parse::<PixelLimit>(), Err(InvalidPixelLimit), "{bad:?}");
        }
        for pixels in [1, 2, 99, 600_000, MAX_IMAGE_PIXELS] {
            let limit = PixelLimit::new(pixels).unwrap();
            assert_eq!(limit.to_string().parse(), Ok(limit));
        }
        assert_eq!(PixelLimit::new(0), None);
        assert_eq!(PixelLimit::new(MAX_IMAGE_PIXELS + 1), None);
    }

    #[test]
    fn text_sits_in_the_column_of_the_framed_board() {
        let board = Board::empty(8, 8).unwrap();
        let o = options_from(&[("title", "Šulc|Phénix"), ("caption", "#2"), ("count", "1"), ("coords", "1")]);
        let l = Layout::requested(&board, &o);
        let f = &l.furniture;
        let (left, right) = (i64::from(l.margin), i64::from(l.width));
        assert_eq!(right - left, i64::from(8 * l.square + 2 * l.outline), "the board is the widest");
        assert_eq!(f.title.len(), 2);
        for line in &f.title {
            // Centred (to a pixel), above the frame.
            assert!(((line.ink_left - left) - (right - line.ink_right)).abs() <= 1, "{line:?}");
            assert!(line.baseline < i64::from(l.board_y - l.outline));
        }
        assert!(f.title[0].baseline < f.title[1].baseline);
        let (caption, count) = (&f.caption[0], f.count.as_ref().unwrap());
        assert_eq!(caption.ink_left, left);
        assert_eq!((count.text.as_str(), count.ink_right), ("(0+0)", right));
        assert_eq!(caption.baseline, count.baseline);
        // Below the coordinate band, inside the image.
        assert!(caption.baseline > i64::from(l.board_y + 8 * l.square + l.outline + l.margin));
        assert!(caption.baseline < i64::from(l.height));
        assert_eq!(caption.pen_x + i64::from(text::ink_span("#2", caption.px).unwrap().0), caption.ink_left);
    }

    #[test]
    fn wide_text_widens_the_image_and_centres_the_board() {
        let board = Board::empty(1, 1).unwrap();
        let plain = Layout::requested(&board, &RenderOptions::default());
        assert_eq!((plain.width, plain.height), (42, 42));
        let o = options_from(&[("title", "Ladislav Šulc, Phénix 1999")]);
        let l = Layout::requested(&board, &o);
        let title = &l.furniture.title[0];
        assert_eq!((title.ink_left, title.ink_right), (0, i64::from(l.width)));
        let extra = l.width - plain.width;
        assert!(extra > 100);
        assert_eq!(l.board_x, plain.board_x + extra / 2);
        // The count of an empty 1×1 board still fits next to a caption wider than the board.
        let o = options_from(&[("caption", "h#2"), ("count", "1")]);
        let l = Layout::requested(&board, &o);
        let (caption, count) = (&l.furniture.caption[0], l.furniture.count.as_ref().unwrap());
        assert!(caption.ink_right < count.ink_left);
        assert_eq!(count.ink_right, i64::from(l.width));
    }

    #[test]
    fn the_size_limits_include_the_furniture() {
        let board = Board::empty(MAX_BOARD_SIDE, MAX_BOARD_SIDE).unwrap();
        let plain = options(64, true);
        assert_eq!(check_image_size(&board, &plain), Ok((2080, 2080)));
        let two_lines = "W".repeat(80) + "|" + &"W".repeat(80);
        let o = RenderOptions {
            size: SquareSize::new(64).unwrap(),
            coords: true,
            ..options_from(&[("title", &two_lines), ("caption", &two_lines), ("count", "1")])
        };
        let err = check_image_size(&board, &o).unwrap_err();
        assert!(err.width >= 2080 && err.height > MAX_IMAGE_SIDE, "{err:?}");
        // Drawn anyway at a square that fits, text and all.
        let drawn = Layout::drawn(&board, &o);
        assert!(drawn.fits(PixelLimit::BUILT_IN) && drawn.square < 64);
        // A board that fits only without its title is refused with it.
        let o = RenderOptions { size: SquareSize::new(68).unwrap(), ..options_from(&[("title", "x")]) };
        assert_eq!(
            check_image_size(&board, &RenderOptions { size: o.size, ..RenderOptions::default() }),
            Ok((2180, 2180))
        );
        assert!(check_image_size(&board, &o).is_err());
    }

    #[test]
    fn marks_land_on_their_squares_flipped_or_not_on_every_board_size() {
        for (w, h) in [(1, 1), (8, 8), (11, 11), (32, 32), (3, 17)] {
            let board = Board::empty(w, h).unwrap();
            let last = format!("{}{h}", crate::notation::board::file_name(w - 1));
            for flip in [false, true] {
                let o = RenderOptions {
                    flip,
                    ..options_from(&[("squares", &format!("a1,{last}")), ("arrows", &format!("a1{last},a1a1"))])
                };
                let l = Layout::requested(&board, &o);
                let (a1, far) = (l.furniture.under[0].rect, l.furniture.under.last().unwrap().rect);
                let lower_left = l.square_at(0, h - 1);
                let upper_right = l.square_at(w - 1, 0);
                assert_eq!((a1, far), if flip { (upper_right, lower_left) } else { (lower_left, upper_right) });
                assert_eq!(l.furniture.over.len(), if w * h == 1 { 1 } else { 2 }, "{w}x{h}");
            }
        }
    }
}
