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
//!   label laid out, its bounds found): measured in workerd, about 70 µs a sprite beside 26 ns a pixel.
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
}

/// Counted or predicted work, in each [`Unit`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Pixels filled from vectors ([`Unit::Vector`]).
    pub vector: u64,
    /// Sprites drawn from vectors ([`Unit::Sprite`]).
    pub sprites: u64,
}

impl Work {
    /// No work.
    pub const NONE: Work = Work { vector: 0, sprites: 0 };

    /// Whether this (a prediction) is at least `counted` in every unit.
    pub fn covers(&self, counted: &Work) -> bool {
        self.vector >= counted.vector && self.sprites >= counted.sprites
    }

    /// The sum of two, unit by unit.
    pub fn plus(self, other: Work) -> Work {
        Work { vector: self.vector.saturating_add(other.vector), sprites: self.sprites.saturating_add(other.sprites) }
    }
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sprites, {} vector px", self.sprites, self.vector)
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
        assert_eq!(take(), Work { vector: 42, sprites: 1 });
        assert_eq!(take(), Work::NONE);
    }

    #[test]
    fn a_prediction_covers_what_is_no_larger_in_every_unit() {
        let predicted = Work { vector: 10, sprites: 1 };
        assert!(predicted.covers(&Work { vector: 10, sprites: 1 }));
        assert!(!predicted.covers(&Work { vector: 11, sprites: 0 }));
        assert!(!predicted.covers(&Work { vector: 1, sprites: 2 }));
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
