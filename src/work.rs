//! The work a request does, counted where it is done, and the same units predicted before drawing.
//!
//! Why counters: the cost model (`output::cost`) admits a request on a prediction, and a prediction is
//! only as good as what it leaves out. Counting the work inside the loops that do it, in the units the prediction
//! uses, lets a test and the planner's fuzz target check **predicted ≥ counted** for every input they try, and
//! `scripts/cost` show both beside the CPU measured.
//!
//! The units ([`Unit`]), each what one kind of loop does once:
//! - [`Unit::Vector`]: a pixel of a bitmap filled from vectors — a sprite, a glyph, a disc, a text drawn by the
//!   rasteriser (tiny-skia, fontdue): the most expensive pixel there is, paid once per isolate and size for a piece
//!   in the sprite cache, on every request for one that is not there yet;
//! - [`Unit::Sprite`]: a sprite drawn from vectors, whatever its size (its paths built and transformed, a disc's
//!   label laid out, its bounds found): measured in workerd, about 70 µs a sprite beside 26 ns a pixel;
//! - [`Unit::Frame`]: a frame of an animation after its first — its scene built and compared with the one before,
//!   its changed squares' tiles found;
//! - [`Unit::FramePixel`]: a pixel of such a frame's rectangle (the squares it changes and what lies between them),
//!   which the encoder codes: runs of unchanged squares and tiles' rows for the deflate, every pixel for GIF's LZW;
//! - [`Unit::Repainted`]: a pixel of such a frame painted whole (in RGB, indexed and compared with the frame before:
//!   a frame whose piece count or arrows may change).
//!
//! A counter is a thread-local cell (an isolate runs one request at a time on one thread; host tests run in
//! parallel threads, each with its own counts). Counting is an addition per bitmap, not per pixel.

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// What one step of counted work is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A pixel filled from vectors by the rasteriser (a sprite, a glyph, a disc, a text).
    Vector,
    /// A sprite drawn from vectors.
    Sprite,
    /// A frame of an animation after its first.
    Frame,
    /// A pixel of a later frame's rectangle, coded.
    FramePixel,
    /// A pixel of a later frame painted whole.
    Repainted,
}

/// Counted or predicted work, in each [`Unit`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Pixels filled from vectors ([`Unit::Vector`]).
    pub vector: u64,
    /// Sprites drawn from vectors ([`Unit::Sprite`]).
    pub sprites: u64,
    /// Frames after an animation's first ([`Unit::Frame`]).
    pub frames: u64,
    /// Pixels of those frames' rectangles ([`Unit::FramePixel`]).
    pub frame_pixels: u64,
    /// Pixels of those frames painted whole ([`Unit::Repainted`]).
    pub repainted: u64,
}

impl Work {
    /// No work.
    pub const NONE: Work = Work { vector: 0, sprites: 0, frames: 0, frame_pixels: 0, repainted: 0 };

    /// The sprites drawn from vectors alone: `sprites` of `vector` pixels in all.
    pub const fn sprites(sprites: u64, vector: u64) -> Work {
        Work { vector, sprites, ..Work::NONE }
    }

    /// Each unit's count, in [`Unit`]'s order.
    const fn units(&self) -> [u64; 5] {
        [self.vector, self.sprites, self.frames, self.frame_pixels, self.repainted]
    }

    /// Whether this (a prediction) is at least `counted` in every unit.
    pub fn covers(&self, counted: &Work) -> bool {
        self.units().iter().zip(counted.units()).all(|(&predicted, counted)| predicted >= counted)
    }

    /// The sum of two, unit by unit.
    pub fn plus(self, other: Work) -> Work {
        let [vector, sprites, frames, frame_pixels, repainted] = self.units();
        let more = other.units();
        Work {
            vector: vector.saturating_add(more[0]),
            sprites: sprites.saturating_add(more[1]),
            frames: frames.saturating_add(more[2]),
            frame_pixels: frame_pixels.saturating_add(more[3]),
            repainted: repainted.saturating_add(more[4]),
        }
    }

    /// The frames' part alone (no sprites).
    pub const fn frames_only(self) -> Work {
        Work { vector: 0, sprites: 0, ..self }
    }
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sprites, {} vector px", self.sprites, self.vector)?;
        if self.frames > 0 || self.frame_pixels > 0 || self.repainted > 0 {
            write!(f, ", {} frames, {} frame px, {} repainted px", self.frames, self.frame_pixels, self.repainted)?;
        }
        Ok(())
    }
}

thread_local! {
    static COUNTED: Cell<Work> = const { Cell::new(Work::NONE) };
}

/// Adds `n` steps of `unit` to this thread's count.
pub fn count(unit: Unit, n: u64) {
    COUNTED.with(|c| {
        let mut work = c.get();
        match unit {
            Unit::Vector => work.vector = work.vector.saturating_add(n),
            Unit::Sprite => work.sprites = work.sprites.saturating_add(n),
            Unit::Frame => work.frames = work.frames.saturating_add(n),
            Unit::FramePixel => work.frame_pixels = work.frame_pixels.saturating_add(n),
            Unit::Repainted => work.repainted = work.repainted.saturating_add(n),
        }
        c.set(work);
    });
}

/// This thread's count since the last [`take`], which it resets.
pub fn take() -> Work {
    COUNTED.with(|c| c.replace(Work::NONE))
}

/// The request the isolate is on: a number raised once a request ([`begin_request`]). The caches keep what the
/// last few requests used (see [`Epoch::is_recent`]): a request never evicts its own working set, so what it was
/// predicted to find cached is still there when it draws.
static EPOCH: AtomicU64 = AtomicU64::new(0);

/// A request's number, as the caches stamp what it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Epoch(u64);

/// How many of the latest requests' entries a cache keeps when it evicts: the request being drawn and a few that
/// may be between their plan and their drawing (workerd interleaves a module's requests at their awaits, the cache
/// lookup among them).
pub const KEPT_EPOCHS: u64 = 8;

impl Epoch {
    /// The current request's number.
    pub fn now() -> Epoch {
        Epoch(EPOCH.load(Ordering::Relaxed))
    }

    /// Whether an entry last used at `self` belongs to one of the latest [`KEPT_EPOCHS`] requests.
    pub fn is_recent(self) -> bool {
        Epoch::now().0.saturating_sub(self.0) < KEPT_EPOCHS
    }
}

/// Starts a request: a new [`Epoch`] for the caches, and this thread's count reset.
pub fn begin_request() {
    EPOCH.fetch_add(1, Ordering::Relaxed);
    take();
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Held by the tests that empty the caches, start requests, or depend on what the caches hold, which run in
    /// parallel threads of one process.
    pub(crate) static CACHES: Mutex<()> = Mutex::new(());

    #[test]
    fn counts_add_up_and_take_resets() {
        take();
        count(Unit::Vector, 40);
        count(Unit::Vector, 2);
        count(Unit::Sprite, 1);
        count(Unit::Frame, 2);
        count(Unit::FramePixel, 1600);
        count(Unit::Repainted, 7);
        let frames = Work { frames: 2, frame_pixels: 1600, repainted: 7, ..Work::sprites(1, 42) };
        assert_eq!(take(), frames);
        assert_eq!(take(), Work::NONE);
    }

    #[test]
    fn a_prediction_covers_what_is_no_larger_in_every_unit() {
        let predicted = Work { frames: 3, frame_pixels: 100, ..Work::sprites(1, 10) };
        assert!(predicted.covers(&Work { frames: 3, ..Work::sprites(1, 10) }));
        assert!(!predicted.covers(&Work::sprites(0, 11)));
        assert!(!predicted.covers(&Work::sprites(2, 1)));
        assert!(!predicted.covers(&Work { frames: 4, ..Work::NONE }));
        assert!(!predicted.covers(&Work { frame_pixels: 101, ..Work::NONE }));
        assert!(!predicted.covers(&Work { repainted: 1, ..Work::NONE }));
    }

    #[test]
    fn the_latest_epochs_are_recent() {
        let _serial = CACHES.lock().unwrap_or_else(|e| e.into_inner());
        let then = Epoch::now();
        assert!(then.is_recent());
        for _ in 0..KEPT_EPOCHS + 1 {
            begin_request();
        }
        assert!(!then.is_recent());
    }
}
