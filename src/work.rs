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
//!   a frame whose piece count or arrows may change);
//! - [`Unit::Pixel`]: a pixel of a picture composed by a painter, the palette painter's or the RGB painter's (a still,
//!   an animation's first frame, a frame painted whole);
//! - [`Unit::Coded`]: a pixel coded by an encoder (a still PNG's rows, each frame of an animated PNG or a GIF);
//! - [`Unit::Tile`], [`Unit::TilePixel`]: a square's tile drawn for the first time in the isolate by the palette
//!   painter or for an animation's frames, and its pixels (the square's art composed in RGB and indexed): paid once
//!   per isolate for each piece, square colour and marks at a size, on every request for squares of colours no
//!   request asked for before;
//! - [`Unit::TileCodePixel`]: a pixel of such a tile drawn for a picture that may be coded from its tiles (an
//!   animation's frames; a still whose bands are wide enough, `tile_art::codes_tiles`), whose code is then searched
//!   too: about as much again as the drawing;
//! - [`Unit::Searched`]: a byte of a PNG's scanlines matched by the deflate's search (`search::compress`), where
//!   the encoder cannot code it from its tiles' codes, a copy or stamps: the dearest coded byte, many times what
//!   a pixel coded from tiles costs;
//! - [`Unit::Glyph`]: a character of furniture text or a `/game.gif`'s players' names, laid out and drawn from the
//!   font (fontdue) on every request (a coordinate label is drawn once a size and kept: its scene's work);
//! - [`Unit::Shown`], [`Unit::ShownPixel`]: each different tile a palette painter's picture shows, whether drawn
//!   now or found in the cache, and its pixels (its colours counted, its rows indexed and coded once): a board of
//!   many different squares costs more than a plain one of the same size;
//! - [`Unit::Piece`]: a square of a scene with something on it (its sprite's key made and looked up);
//! - [`Unit::Animation`]: an answer drawn on the animation's path (an animated PNG, every GIF, a `/game.gif`),
//!   once: what an animation costs beyond its frames and pixels (fitted at about 1 ms in workerd, where V8 alone
//!   draws an animated PNG of one move in less than its still: docs/cost.md's calibration);
//! - [`Unit::StripPixel`]: a pixel of a palette painter's picture outside its framed board (the margins of the
//!   coordinates, the bands of title, caption and count): drawn in RGB with its text, its rows indexed, and coded
//!   by the byte search where the board's rows are coded from their tiles. Coordinates make a 96-px still's miss
//!   half again its instructions for a tenth more pixels (callgrind, `examples/still_loop`), and its measured ÷
//!   model was the band's top where the bare still was its bottom (docs/cost.md's calibration);
//! - [`Unit::Cell`], [`Unit::Square`], [`Unit::Item`]: the words' (`/diagram.txt`, `/diagram.json`): a cell
//!   described (a piece, a marker, a letter), a square walked, a highlighted square or arrow listed; and a
//!   picture's squares placed in its scenes ([`Unit::Square`] too: the calibration tells the two apart by path).
//!
//! A counter is a thread-local cell (an isolate runs one request at a time on one thread; host tests run in
//! parallel threads, each with its own counts). Counting is an addition per bitmap, picture, frame or answer, never per pixel.

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
    /// A pixel composed by a painter (palette or RGB).
    Pixel,
    /// A pixel coded by an encoder (PNG, animated PNG, GIF).
    Coded,
    /// A cell described in words.
    Cell,
    /// A square walked by the words, or placed in a scene.
    Square,
    /// A highlighted square or arrow listed in words.
    Item,
    /// A square's tile drawn for the first time (by the palette painter, or for an animation's frames).
    Tile,
    /// A pixel of such a tile.
    TilePixel,
    /// A pixel of such a tile whose code is searched for the picture it is drawn for.
    TileCodePixel,
    /// A byte of scanlines matched by the deflate's search (not coded from tiles, copied or stamped).
    Searched,
    /// A character laid out and drawn from the font: a line of the title, caption or count, a `/game.gif`'s name.
    Glyph,
    /// A different tile a picture drawn by the palette painter shows (found in the cache or drawn, compared with
    /// the others).
    Shown,
    /// A pixel of such a tile (its colours counted, its rows indexed and coded once).
    ShownPixel,
    /// A square of a scene with something on it (its sprite's key made, the sprite found in the cache).
    Piece,
    /// An answer drawn on the animation's path: an animated PNG, a GIF (still or not), a `/game.gif`.
    Animation,
    /// A pixel of a palette painter's picture outside its framed board (drawn in RGB, indexed, searched).
    StripPixel,
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
    /// Pixels composed by a painter ([`Unit::Pixel`]).
    pub pixels: u64,
    /// Pixels coded by an encoder ([`Unit::Coded`]).
    pub coded: u64,
    /// Cells described in words ([`Unit::Cell`]).
    pub cells: u64,
    /// Squares walked by the words ([`Unit::Square`]).
    pub squares: u64,
    /// Furniture items listed in words ([`Unit::Item`]).
    pub items: u64,
    /// Tiles drawn for the first time ([`Unit::Tile`]).
    pub tiles: u64,
    /// Their pixels ([`Unit::TilePixel`]).
    pub tile_pixels: u64,
    /// The pixels of those whose code is searched ([`Unit::TileCodePixel`]).
    pub tile_code_pixels: u64,
    /// Bytes of scanlines searched ([`Unit::Searched`]).
    pub searched: u64,
    /// Characters drawn from the font ([`Unit::Glyph`]).
    pub glyphs: u64,
    /// Different tiles shown ([`Unit::Shown`]).
    pub shown: u64,
    /// Their pixels ([`Unit::ShownPixel`]).
    pub shown_pixels: u64,
    /// Squares with something on them ([`Unit::Piece`]).
    pub pieces: u64,
    /// Answers drawn on the animation's path ([`Unit::Animation`]).
    pub animations: u64,
    /// Pixels outside a palette painter's framed board ([`Unit::StripPixel`]).
    pub strip_pixels: u64,
}

impl Work {
    /// No work.
    pub const NONE: Work = Work {
        vector: 0,
        sprites: 0,
        frames: 0,
        frame_pixels: 0,
        repainted: 0,
        pixels: 0,
        coded: 0,
        cells: 0,
        squares: 0,
        items: 0,
        tiles: 0,
        tile_pixels: 0,
        tile_code_pixels: 0,
        searched: 0,
        glyphs: 0,
        shown: 0,
        shown_pixels: 0,
        pieces: 0,
        animations: 0,
        strip_pixels: 0,
    };

    /// The sprites drawn from vectors alone: `sprites` of `vector` pixels in all.
    pub const fn sprites(sprites: u64, vector: u64) -> Work {
        Work { vector, sprites, ..Work::NONE }
    }

    /// Each unit's count, in [`Unit`]'s order.
    const fn units(&self) -> [u64; UNITS] {
        [
            self.vector,
            self.sprites,
            self.frames,
            self.frame_pixels,
            self.repainted,
            self.pixels,
            self.coded,
            self.cells,
            self.squares,
            self.items,
            self.tiles,
            self.tile_pixels,
            self.tile_code_pixels,
            self.searched,
            self.glyphs,
            self.shown,
            self.shown_pixels,
            self.pieces,
            self.animations,
            self.strip_pixels,
        ]
    }

    /// Each unit's name (as [`Work`]'s `Display` writes it) and count, in [`Unit`]'s order.
    pub const fn named(&self) -> [(&'static str, u64); UNITS] {
        let [vector, sprites, frames, frame_pixels, repainted, pixels, coded, cells, squares, items, tiles, tile_pixels, tile_code_pixels, searched, glyphs, shown, shown_pixels, pieces, animations, strip_pixels] =
            self.units();
        [
            ("vector px", vector),
            ("sprites", sprites),
            ("frames", frames),
            ("frame px", frame_pixels),
            ("repainted px", repainted),
            ("px composed", pixels),
            ("px coded", coded),
            ("cells", cells),
            ("squares", squares),
            ("items", items),
            ("tiles", tiles),
            ("tile px", tile_pixels),
            ("tile code px", tile_code_pixels),
            ("bytes searched", searched),
            ("glyphs", glyphs),
            ("tiles shown", shown),
            ("tile px shown", shown_pixels),
            ("pieces", pieces),
            ("animations", animations),
            ("strip px", strip_pixels),
        ]
    }

    /// A work of each unit's count, in [`Unit`]'s order.
    const fn of(units: [u64; UNITS]) -> Work {
        let [vector, sprites, frames, frame_pixels, repainted, pixels, coded, cells, squares, items, tiles, tile_pixels, tile_code_pixels, searched, glyphs, shown, shown_pixels, pieces, animations, strip_pixels] =
            units;
        Work {
            vector,
            sprites,
            frames,
            frame_pixels,
            repainted,
            pixels,
            coded,
            cells,
            squares,
            items,
            tiles,
            tile_pixels,
            tile_code_pixels,
            searched,
            glyphs,
            shown,
            shown_pixels,
            pieces,
            animations,
            strip_pixels,
        }
    }

    /// Whether this (a prediction) is at least `counted` in every unit.
    pub fn covers(&self, counted: &Work) -> bool {
        self.units().iter().zip(counted.units()).all(|(&predicted, counted)| predicted >= counted)
    }

    /// The sum of two, unit by unit.
    pub fn plus(self, other: Work) -> Work {
        let mut units = self.units();
        for (unit, more) in units.iter_mut().zip(other.units()) {
            *unit = unit.saturating_add(more);
        }
        Work::of(units)
    }

    /// All but the sprites and the new tiles (what an isolate draws once).
    pub const fn frames_only(self) -> Work {
        Work { vector: 0, sprites: 0, tiles: 0, tile_pixels: 0, tile_code_pixels: 0, ..self }
    }
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sprites, {} vector px", self.sprites, self.vector)?;
        if self.tiles > 0 || self.tile_pixels > 0 || self.tile_code_pixels > 0 {
            write!(f, ", {} tiles, {} tile px, {} tile code px", self.tiles, self.tile_pixels, self.tile_code_pixels)?;
        }
        if self.frames > 0 || self.frame_pixels > 0 || self.repainted > 0 {
            write!(f, ", {} frames, {} frame px, {} repainted px", self.frames, self.frame_pixels, self.repainted)?;
        }
        if self.pixels > 0 || self.coded > 0 {
            write!(f, ", {} px composed, {} px coded", self.pixels, self.coded)?;
        }
        if self.strip_pixels > 0 {
            write!(f, ", {} strip px", self.strip_pixels)?;
        }
        if self.searched > 0 || self.glyphs > 0 || self.shown > 0 || self.shown_pixels > 0 || self.pieces > 0 {
            let (searched, glyphs, pieces) = (self.searched, self.glyphs, self.pieces);
            write!(f, ", {searched} bytes searched, {glyphs} glyphs")?;
            write!(f, ", {} tiles shown, {} tile px shown, {pieces} pieces", self.shown, self.shown_pixels)?;
        }
        if self.cells > 0 || self.squares > 0 || self.items > 0 {
            write!(f, ", {} cells, {} squares, {} items", self.cells, self.squares, self.items)?;
        }
        if self.animations > 0 {
            write!(f, ", {} animations", self.animations)?;
        }
        Ok(())
    }
}

/// How many units there are.
pub const UNITS: usize = 20;

thread_local! {
    static COUNTED: Cell<Work> = const { Cell::new(Work::NONE) };
}

/// Adds `n` steps of `unit` to this thread's count. (Never inlined: it is called once a picture, frame or answer,
/// and each inlined copy of the thread-local access and the units cost the wasm about a kilobyte.)
#[inline(never)]
pub fn count(unit: Unit, n: u64) {
    COUNTED.with(|c| {
        let mut units = c.get().units();
        units[unit as usize] = units[unit as usize].saturating_add(n);
        c.set(Work::of(units));
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
        count(Unit::Pixel, 100);
        count(Unit::Coded, 101);
        count(Unit::Cell, 3);
        count(Unit::Square, 64);
        count(Unit::Item, 2);
        count(Unit::Tile, 1);
        count(Unit::TilePixel, 1600);
        count(Unit::TileCodePixel, 1600);
        count(Unit::Searched, 900);
        count(Unit::Glyph, 12);
        count(Unit::Shown, 2);
        count(Unit::ShownPixel, 3200);
        count(Unit::Piece, 32);
        count(Unit::Animation, 1);
        count(Unit::StripPixel, 5);
        let still = Work { pixels: 100, coded: 101, cells: 3, squares: 64, items: 2, strip_pixels: 5, ..Work::NONE };
        let frames = Work {
            frames: 2,
            frame_pixels: 1600,
            repainted: 7,
            tiles: 1,
            tile_pixels: 1600,
            tile_code_pixels: 1600,
            searched: 900,
            glyphs: 12,
            shown: 2,
            shown_pixels: 3200,
            pieces: 32,
            animations: 1,
            ..Work::sprites(1, 42)
        };
        let frames = frames.plus(still);
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
        let still = Work { pixels: 100, coded: 100, cells: 4, squares: 64, items: 1, ..Work::NONE };
        assert!(still.covers(&still) && !Work::NONE.covers(&still));
        let units = [Unit::Pixel, Unit::Coded, Unit::Cell, Unit::Square, Unit::Item, Unit::Tile, Unit::TilePixel];
        for unit in units.into_iter().chain([
            Unit::TileCodePixel,
            Unit::Searched,
            Unit::Glyph,
            Unit::Shown,
            Unit::ShownPixel,
            Unit::Piece,
            Unit::Animation,
            Unit::StripPixel,
        ]) {
            let mut units = still.units();
            units[unit as usize] += 1;
            assert!(!still.covers(&Work::of(units)), "{unit:?}");
        }
        let text = still.to_string();
        assert!(text.ends_with("100 px composed, 100 px coded, 4 cells, 64 squares, 1 items"), "{text}");
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
