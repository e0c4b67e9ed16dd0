//! The parameters of the position ([`POSITION_PARAMS`]): its text, its dialect and Game Courier's width, and the
//! moves an animation plays with their delay.

use super::param::{Changes, Cli, Idle, PaletteSafe, Param};
use super::values::bad;
use crate::notation::ffen::{Dialect, Width};

/// The position a modern link names: its text and the dialect to read it in (Game Courier's with its width), and
/// the moves played on it with their pace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionQuery {
    /// The position as given (decoded once); an Interactive Diagram definition with `dialect=hgm`.
    pub ffen: String,
    /// The dialect.
    pub dialect: Dialect,
    /// The moves as given (read and played once the board is known: [`crate::moves`]); empty for none. Their
    /// canonical text, once played, is what [`MOVES`] writes into the link and the key.
    pub moves: String,
    /// How long each move shows.
    pub delay: Delay,
    /// A game in PGN, as given (empty for none): its mainline is played as `moves` are, from the diagram if
    /// `ffen` is given, else from the game's `FEN` tag or the start position ([`crate::pgn`]).
    pub pgn: String,
}

/// How long each move of an animation shows, in milliseconds: [`Delay::MIN`] to [`Delay::MAX`], by default
/// [`Delay::DEFAULT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delay(u32);

impl Delay {
    /// One second a move.
    pub const DEFAULT: Delay = Delay(1000);
    /// The shortest: 20 ms (browsers show a GIF frame of 10 ms or less for 100 ms).
    pub const MIN: u32 = 20;
    /// The longest: 10 s.
    pub const MAX: u32 = 10_000;

    /// A delay of `millis` milliseconds, if it is within the range.
    pub const fn new(millis: u32) -> Option<Delay> {
        if millis >= Delay::MIN && millis <= Delay::MAX {
            Some(Delay(millis))
        } else {
            None
        }
    }

    /// The delay in milliseconds.
    pub const fn millis(self) -> u32 {
        self.0
    }

    /// The delay a GIF stores, in hundredths of a second (rounded to the nearest, half up), as milliseconds: the GIF's
    /// canonical delay, so that two delays the GIF cannot tell apart (`1000` and `1001`) share one key.
    ///
    /// ```
    /// use ffen_diagram::params::Delay;
    /// let gif = |ms| Delay::new(ms).unwrap().in_centiseconds().millis();
    /// assert_eq!((gif(1001), gif(1005), gif(20), gif(10_000)), (1000, 1010, 20, 10_000));
    /// ```
    pub const fn in_centiseconds(self) -> Delay {
        Delay((self.0 + 5) / 10 * 10)
    }

    /// The value the modern link writes: the milliseconds, or `None` at the default (omitted).
    pub fn link(self) -> Option<String> {
        (self != Delay::DEFAULT).then(|| self.0.to_string())
    }

    /// The cache key's segment: `d` and the milliseconds (`d1000`).
    pub fn key(self) -> String {
        format!("d{}", self.0)
    }
}

impl Default for Delay {
    fn default() -> Delay {
        Delay::DEFAULT
    }
}

const DELAY_EXPECTED: &str = "a number of milliseconds from 20 to 10000";
const WIDTH_EXPECTED: &str = "a number of files from 1 to 32 (Game Courier's board width)";
const DIALECT_EXPECTED: &str = "one of janko, bodlaender, courier, xfen, hgm";

/// The position: the route writes it on its own (the canonical FFEN), so neither the link nor the key has it here.
pub const FFEN: Param<PositionQuery> = Param {
    name: "ffen",
    aliases: &["fen"],
    required: true,
    cli: Cli::Positional("FFEN"),
    values: "the position in the dialect (`-` on the CLI reads standard input)",
    default: "required",
    about: "the position; `fen` is read when `ffen` is absent",
    read: |q, v| {
        q.ffen = v.to_string();
        Ok(())
    },
    link: |_| None,
    key: |_| None,
    reset: |q| q.ffen.clear(),
    changes: Changes::ALL,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["4k3/8/8/8/8/8/8/4K3", "8/8/8/8"],
};

/// The dialect: the canonical link is always janko's.
pub const DIALECT: Param<PositionQuery> = Param {
    name: "dialect",
    aliases: &[],
    required: false,
    cli: Cli::Value("NAME"),
    values: "`janko`, `bodlaender`, `courier`, `xfen`, `hgm`, any case",
    default: "`janko`",
    about: "the notation of `ffen` (docs/notation.md); the canonical link is always janko's",
    read: |q, v| {
        let v = v.trim();
        q.dialect = match v {
            "" => Dialect::default(),
            name => name.parse().map_err(|_| bad("dialect", v, DIALECT_EXPECTED))?,
        };
        Ok(())
    },
    link: |_| None,
    key: |_| None,
    reset: |q| q.dialect = Dialect::default(),
    changes: Changes::ALL,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["janko", "Courier", "xfen"],
};

/// Game Courier's board width (read only with `dialect=courier`; with another dialect it could change nothing and
/// is ignored like an unknown parameter, so a link keeps working when only its dialect is changed).
pub const WIDTH: Param<PositionQuery> = Param {
    name: "width",
    aliases: &[],
    required: false,
    cli: Cli::Value("N"),
    values: "1–32 files",
    default: "8",
    about: "Game Courier's board width, with `dialect=courier` only",
    read: |q, v| {
        let v = v.trim();
        if let Dialect::Courier { .. } = q.dialect {
            let width = match v {
                "" => Width::DEFAULT,
                files => files.parse().map_err(|_| bad("width", v, WIDTH_EXPECTED))?,
            };
            q.dialect = Dialect::Courier { width };
        }
        Ok(())
    },
    link: |_| None,
    key: |_| None,
    reset: |q| {
        if let Dialect::Courier { .. } = q.dialect {
            q.dialect = Dialect::Courier { width: Width::DEFAULT };
        }
    },
    changes: Changes::ALL,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["8", "10", "1"],
};

/// The moves an animation plays: read and played once the board is known, their canonical text (the cache key's
/// and the link's) made then, as the FFEN's is; the link and the key write that text.
pub const MOVES: Param<PositionQuery> = Param {
    name: "moves",
    aliases: &[],
    required: false,
    cli: Cli::Value("MOVES"),
    values: "moves as `e2e4 e7e5` or `1.e2-e4 e7-e5 2.Sg1-f3`, lines split by `|` (docs/animation.md)",
    default: "none",
    about: "animates the diagram along the moves: an animated PNG or a GIF; refused by the SVG, ignored by the words",
    read: |q, v| {
        q.moves = v.to_string();
        Ok(())
    },
    link: |q| (!q.moves.is_empty()).then(|| q.moves.clone()),
    key: |q| (!q.moves.is_empty()).then(|| q.moves.clone()),
    reset: |q| q.moves.clear(),
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["e2e4 e7e5", "1.e2-e4 e7-e5 2.Sg1-f3", "e2e4 | d2d4"],
};

/// A game in PGN: its mainline played as `moves` plays, from the diagram or, without `ffen`, from the game's own
/// start. Neither the link nor the key has it: once played, its moves' canonical text (coordinates) is what
/// [`MOVES`] writes, and the start's canonical FFEN the route's.
pub const PGN: Param<PositionQuery> = Param {
    name: "pgn",
    aliases: &[],
    required: false,
    cli: Cli::Value("PGN"),
    values: "a game in PGN (tags, comments, NAGs, variations skipped; the first game), at most 68,096 bytes",
    default: "none",
    about: "animates the game's mainline, from its `FEN` tag or the start position when `ffen` is absent (docs/animation.md)",
    read: |q, v| {
        q.pgn = v.to_string();
        Ok(())
    },
    link: |_| None,
    key: |_| None,
    reset: |q| q.pgn.clear(),
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["1. e4 e5 2. Nf3 Nc6"],
};

/// How long each move shows: its key segment is always there, before the moves.
pub const DELAY: Param<PositionQuery> = Param {
    name: "delay",
    aliases: &[],
    required: false,
    cli: Cli::Value("MS"),
    values: "milliseconds a move, 20–10000",
    default: "1000",
    about: "how long each move shows (the last of each line 3× as long); with `moves` only",
    read: |q, v| {
        let v = v.trim();
        q.delay = match v {
            "" => Delay::DEFAULT,
            ms => ms.parse().ok().and_then(Delay::new).ok_or_else(|| bad("delay", v, DELAY_EXPECTED))?,
        };
        Ok(())
    },
    link: |q| q.delay.link(),
    key: |q| Some(q.delay.key()),
    reset: |q| q.delay = Delay::DEFAULT,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["20", "1000", "2500"],
};

/// The parameters of the position, in the order they are checked: the position itself, its dialect, then
/// Game Courier's board width (read after the dialect, which it needs); then the moves played on it and their delay
/// (content like the position: an animation's frames are the position's).
pub static POSITION_PARAMS: [Param<PositionQuery>; 6] = [FFEN, DIALECT, WIDTH, MOVES, DELAY, PGN];

/// The parameters of an animation's line of the cache key, in its order: the delay's segment, then the canonical
/// moves (`d1000 e2e4 e7e5`), separated by a space.
pub static PLAYBACK_KEY: [&Param<PositionQuery>; 2] = [&DELAY, &MOVES];
