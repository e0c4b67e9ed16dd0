//! A prediction ([`RenderCost`]) with what it charges for the sprites and tiles an isolate draws first, the
//! deployment's limit it is checked against ([`CostLimit`], `FFEN_MAX_RENDER_MS`), and the refusal of a diagram over
//! it ([`TooCostly`]).

use crate::draw::indexed::bounds::StillBounds;
use crate::draw::layout::{plain_digits, Layout};
use crate::work::Work;
use std::fmt;
use std::str::FromStr;

/// A diagram's predicted CPU cost and what it was predicted from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderCost {
    /// Predicted CPU time in microseconds (above the floor of a request that renders nothing).
    pub micros: u64,
    /// Width and height of the picture in pixels.
    pub width: u32,
    /// See [`RenderCost::width`].
    pub height: u32,
    /// The different squares (fill and content).
    pub tiles: u32,
    /// The frames: 1 for a still, the diagram and one a move for an animation (before the frames that change
    /// nothing are merged).
    pub frames: u32,
    /// The sprites the isolate's cache does not hold yet, to be drawn from vectors, and their pixels
    /// ([`crate::work::Unit`]), included in [`RenderCost::micros`] ([`RenderCost::with_new_sprites`]); none from
    /// [`render_cost`](super::render_cost) and [`animation_cost`](super::animation_cost), which do not look at the
    /// cache.
    pub new_sprites: Work,
    /// Whether it is the cost of the words (`/diagram.txt`, `/diagram.json`: [`words_cost`](super::words_cost)), not
    /// of a picture.
    pub words: bool,
    /// An animation's frames after its first, their rectangles' pixels and the pixels of those painted whole
    /// ([`crate::work::Unit`]), included in [`RenderCost::micros`]; none for a still.
    pub animation: Work,
    /// The picture's pixels composed and coded (a still's, or every frame's of an animation), or the words' cells,
    /// squares and items ([`crate::work::Unit`]); none for an SVG, which writes vectors (its prediction is the PNG's
    /// milliseconds, an upper bound).
    pub still: Work,
}

impl RenderCost {
    /// The cost of one picture (or of its words, `words`) of layout `l` with `tiles` different squares, before the
    /// sprites the isolate has not drawn ([`RenderCost::with_new_sprites`]).
    pub(super) fn one_frame(micros: u64, l: &Layout, tiles: u64, (words, still): (bool, Work)) -> RenderCost {
        let tiles = tiles as u32;
        let (width, height, animation) = (l.width, l.height, Work::NONE);
        RenderCost { micros, width, height, tiles, frames: 1, new_sprites: Work::NONE, words, animation, still }
    }

    /// This cost with the sprites and tiles to draw ([`new_sprites`](super::new_sprites)) added, at what they measure
    /// ([`sprites_micros`]).
    // Not inlined: a `Work` is a score of fields, and its callers (a diagram's, a game's) share one copy.
    #[inline(never)]
    pub fn with_new_sprites(self, sprites: Work) -> RenderCost {
        let micros = self.micros.saturating_add(sprites_micros(sprites));
        RenderCost { micros, new_sprites: self.new_sprites.plus(sprites), ..self }
    }

    /// This still's cost (a PNG's, [`render_cost`](super::render_cost)) with what its plan knows of its picture
    /// ([`StillBounds`]): the different tiles it shows and the most bytes it searches replace the bounds made from
    /// its layout (a tile a square, the picture in RGBA), and where the palette painter surely draws it, its text is
    /// drawn once (not by both painters). Its microseconds stay.
    pub(crate) fn with_still_bounds(self, bounds: StillBounds) -> RenderCost {
        let mut still = self.still;
        if let Some((shown, pixels)) = bounds.shown {
            (still.shown, still.shown_pixels) = (shown.min(still.shown), pixels.min(still.shown_pixels));
        }
        still.searched = still.searched.min(bounds.searched);
        if bounds.one_painter {
            still.glyphs /= 2;
        }
        RenderCost { still, ..self }
    }

    /// The work predicted in [`crate::work`]'s units, to compare with what drawing counts.
    pub fn work(&self) -> Work {
        self.new_sprites.plus(self.animation).plus(self.still)
    }

    /// This cost without the picture's pixels as units (an SVG's: it composes, codes, searches and shows none).
    pub fn without_pixels(self) -> RenderCost {
        let still = Work { pixels: 0, coded: 0, searched: 0, shown: 0, shown_pixels: 0, strip_pixels: 0, ..self.still };
        RenderCost { still, ..self }
    }
}

/// Microseconds a sprite drawn from its vectors, whatever its size (its paths built and transformed, a text laid
/// out, its bounds found and levels quantized), and nanoseconds a pixel of it (tiny-skia's anti-aliased paths,
/// fontdue's glyphs). Paid once per isolate and size for a piece, but on every request for pieces no request drew
/// before (lettered discs with new names, a new size). Measured in workerd (`scripts/cost`, the "hostile" rows: 64
/// new discs at 40 and 128 px, a disc then one sprite): about 70 µs and 26 ns. A disc counts two sprites (its circle
/// and its label), so discs are charged about twice what they measure, as the rest of a still's prediction is;
/// figures about what V8 measures (`scripts/bench-wasm`'s "start position, size 50, cold sprite cache": 2.8 ms for its
/// 12 sprites and 22 tiles, 2.9 charged), and [`CostLimit::sprite_budget`] bounds them (charged twice, a fresh
/// isolate's first diagram at a size other than the warm-up's, its pieces and tiles new, would be refused).
pub const NEW_SPRITE_MICROS: u64 = 70;
/// See [`NEW_SPRITE_MICROS`].
pub const VECTOR_PIXEL_NANOS: u64 = 26;
/// Microseconds a square's tile drawn for the first time in the isolate (by the palette painter or for an
/// animation's frames: its art composed in RGB and indexed), nanoseconds a pixel of it, and nanoseconds more a pixel
/// of one whose code is searched too (an animation's frames, a still that may be coded from its tiles:
/// [`Unit::TileCodePixel`](crate::work::Unit::TileCodePixel)): like a sprite, paid once per isolate, but on every
/// request for squares of colours no request asked for before, at every size. Measured in workerd (`scripts/cost`,
/// the same picture with its tiles new and cached): every glyph variant on new square colours, 60 new tiles, 205–210
/// µs a tile at 63 and 64 px with codes (10 + 50 ns a pixel predict 208 and 215), 64 µs at 52 px and 12–38 µs at
/// 40 px without (10 + 20 ns: 64 and 42); the start position on a new light colour, 11 new tiles with codes, about
/// 370 µs a tile at 90 px and 770 at 128 (415 and 829 predicted). Uncharged below 64 px, every glyph on new colours
/// at 63 px was admitted at 3.3 ms predicted and measured 14.4, and lila-gif's game on new colours at 63 px at 8.0
/// for 14.1.
pub const NEW_TILE_MICROS: u64 = 10;
/// See [`NEW_TILE_MICROS`].
pub const NEW_TILE_PIXEL_NANOS: u64 = 20;
/// See [`NEW_TILE_MICROS`].
pub const NEW_TILE_CODE_PIXEL_NANOS: u64 = 30;

/// The microseconds of drawing `sprites` ([`NEW_SPRITE_MICROS`], [`VECTOR_PIXEL_NANOS`]) and new tiles
/// ([`NEW_TILE_MICROS`], [`NEW_TILE_PIXEL_NANOS`], [`NEW_TILE_CODE_PIXEL_NANOS`]).
pub fn sprites_micros(sprites: Work) -> u64 {
    sprites
        .sprites
        .saturating_mul(NEW_SPRITE_MICROS)
        .saturating_add(sprites.vector.saturating_mul(VECTOR_PIXEL_NANOS) / 1000)
        .saturating_add(sprites.tiles.saturating_mul(NEW_TILE_MICROS))
        .saturating_add(sprites.tile_pixels.saturating_mul(NEW_TILE_PIXEL_NANOS) / 1000)
        .saturating_add(sprites.tile_code_pixels.saturating_mul(NEW_TILE_CODE_PIXEL_NANOS) / 1000)
}

/// A deployment's limit on the predicted CPU of one diagram, in milliseconds: the `FFEN_MAX_RENDER_MS` Worker
/// variable (docs/parameters.md, "Limits"). Read from text as a plain decimal number from 1 to [`CostLimit::MAX_MS`].
///
/// ```
/// use ffen_diagram::CostLimit;
/// let free: CostLimit = "8".parse().unwrap();
/// assert_eq!((free.millis(), free.to_string()), (8, "8".to_string()));
/// assert!("0".parse::<CostLimit>().is_err() && "8.5".parse::<CostLimit>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CostLimit(u32);

impl CostLimit {
    /// The largest limit: 30 s, the paid plan's default CPU limit.
    pub const MAX_MS: u32 = 30_000;

    /// A limit of `millis` milliseconds, or `None` outside 1 to [`CostLimit::MAX_MS`].
    pub const fn new(millis: u32) -> Option<CostLimit> {
        if millis >= 1 && millis <= CostLimit::MAX_MS {
            Some(CostLimit(millis))
        } else {
            None
        }
    }

    /// The limit in milliseconds.
    pub const fn millis(self) -> u32 {
        self.0
    }

    /// `Err` if `cost` is over the limit, or if the sprites it draws from vectors alone take more than
    /// [`CostLimit::sprite_budget`] (boxed: a prediction is a few hundred bytes, and a refusal is rare). Its new
    /// tiles count toward the limit only: their charge is above what they measure at the default size (20 ns a
    /// pixel for 7–24 measured), and a fresh isolate's first diagram of many different pieces draws them all.
    pub fn check(self, cost: RenderCost) -> Result<(), Box<TooCostly>> {
        let sprites = Work::sprites(cost.new_sprites.sprites, cost.new_sprites.vector);
        if cost.micros > self.micros() || sprites_micros(sprites) > self.sprite_budget() {
            Err(Box::new(TooCostly { cost, limit: self, lasting: false }))
        } else {
            Ok(())
        }
    }

    fn micros(self) -> u64 {
        u64::from(self.0) * 1000
    }

    /// The microseconds one request may spend drawing sprites from vectors: five sixteenths of the limit (2.5 ms of
    /// the Free plan's 8). A figure's charge is what V8 measures, where the rest of a prediction is about twice what
    /// it measures: 13 moves each putting a new lettered disc, admitted with three eighths, measured 4.0–5.6 ms above
    /// the floor, against the 5 the Free plan's 10 allow with a margin of 2 for the edge's machines (11 moves, admitted
    /// with five sixteenths: 3.5–4.3). Past it, the refusal draws this much of them, so asking again is admitted (a
    /// fresh isolate's start position at 100 px draws 7 of its 12 pieces, then the rest and their tiles).
    pub const fn sprite_budget(self) -> u64 {
        self.0 as u64 * 1000 * 5 / 16
    }
}

impl fmt::Display for CostLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is not a [`CostLimit`]: not a plain decimal number, or outside 1 to [`CostLimit::MAX_MS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidCostLimit;

impl fmt::Display for InvalidCostLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a number of milliseconds from 1 to {}, digits only", CostLimit::MAX_MS)
    }
}

impl std::error::Error for InvalidCostLimit {}

impl FromStr for CostLimit {
    type Err = InvalidCostLimit;

    /// Digits only (surrounding whitespace trimmed), as [`crate::PixelLimit`].
    fn from_str(text: &str) -> Result<CostLimit, InvalidCostLimit> {
        let digits = plain_digits(text, 9).ok_or(InvalidCostLimit)?;
        digits.parse().ok().and_then(CostLimit::new).ok_or(InvalidCostLimit)
    }
}

/// A diagram whose predicted cost is over the deployment's [`CostLimit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooCostly {
    /// The prediction.
    pub cost: RenderCost,
    /// The limit it was checked against (named in the message).
    pub limit: CostLimit,
    /// Whether asking again is refused the same way: over the limit for new pieces and squares, none of which a
    /// refusal could draw within [`CostLimit::sprite_budget`] (each costs more; [`TooCostly::after_drawing`]).
    pub lasting: bool,
}

impl fmt::Display for TooCostly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.cost;
        let (ms, tenths, limit) = (c.micros / 1000, c.micros % 1000 / 100, self.limit.0);
        if c.words {
            return write!(
                f,
                "the description of the diagram would take about {ms}.{tenths} ms of CPU to write; this service's \
                 limit (FFEN_MAX_RENDER_MS) is {limit} ms: choose a smaller board or fewer marks"
            );
        }
        if self.for_new_sprites().is_some() {
            // Only the pieces this isolate has not drawn yet put it over: say so (they are being drawn: asking
            // again is admitted once they are; a smaller size or fewer different pieces fits now).
            let sprites = sprites_micros(c.new_sprites);
            let (sprites_ms, sprites_tenths) = (sprites / 1000, sprites % 1000 / 100);
            // (With tiles, or their codes: squares in new colours or at a new size, which a smaller size makes
            // cheaper too.)
            let (what, new, advice) = match c.new_sprites.tiles > 0 || c.new_sprites.tile_code_pixels > 0 {
                true => (
                    "pieces and squares this server has not drawn yet at this size and in these colours",
                    "new pieces and squares",
                    "a smaller size",
                ),
                false => (
                    "pieces at a size this server has not drawn them at yet",
                    "new pieces",
                    "a smaller size or fewer different pieces",
                ),
            };
            return write!(
                f,
                "the diagram ({}×{} pixels) would take about {ms}.{tenths} ms of CPU to draw, {sprites_ms}.\
                 {sprites_tenths} ms of it drawing {what}; this service's limit (FFEN_MAX_RENDER_MS) is {limit} ms, \
                 of which {budget} ms may go to {new}: they are being drawn, so ask again in a moment, or choose \
                 {advice}",
                c.width,
                c.height,
                budget = Millis(self.limit.sprite_budget())
            );
        }
        if c.frames > 1 {
            // An animation's frames cost it more than its size.
            return write!(
                f,
                "the animation ({}×{} pixels, {} frames) would take about {ms}.{tenths} ms of CPU to draw; this \
                 service's limit (FFEN_MAX_RENDER_MS) is {limit} ms: choose fewer moves",
                c.width, c.height, c.frames
            );
        }
        write!(
            f,
            "the diagram ({}×{} pixels, {} different squares) would take about {ms}.{tenths} ms of CPU to draw; this \
             service's limit (FFEN_MAX_RENDER_MS) is {limit} ms: choose a smaller size",
            c.width, c.height, c.tiles
        )
    }
}

impl TooCostly {
    /// Whether the diagram is over the limit only for the sprites this isolate has not drawn yet: then the refusal
    /// holds only until they are drawn (the planner draws [`CostLimit::sprite_budget`] of them, and the answer is
    /// never stored), and that budget (in microseconds) is what may be spent on them now. Not what the rest of the
    /// prediction leaves of the limit: a refusal draws nothing else, and where the rest is near the limit that would
    /// be less than one sprite or tile, and the refusal would hold for ever.
    pub fn for_new_sprites(&self) -> Option<u64> {
        let sprites = sprites_micros(self.cost.new_sprites);
        let rest = self.cost.micros.saturating_sub(sprites);
        (sprites > 0 && rest <= self.limit.micros() && !self.lasting).then(|| self.limit.sprite_budget())
    }

    /// This refusal once its budget ([`TooCostly::for_new_sprites`]) drew `drawn` of its new sprites and tiles: where
    /// it drew none (each costs more than the budget: a 128-px tile on a new colour under a limit of 1 ms), asking
    /// again would be refused the same way for ever, so it says to choose a smaller size, and may be stored.
    pub fn after_drawing(self, drawn: u64) -> TooCostly {
        TooCostly { lasting: self.lasting || drawn == 0, ..self }
    }
}

impl std::error::Error for TooCostly {}

/// Microseconds written as milliseconds: whole, or with their tenths (`3`, `3.7`).
struct Millis(u64);

impl fmt::Display for Millis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 1000, self.0 % 1000 / 100) {
            (ms, 0) => write!(f, "{ms}"),
            (ms, tenths) => write!(f, "{ms}.{tenths}"),
        }
    }
}
