//! Every query parameter of the modern route, declared once.
//!
//! A [`Param`] names a parameter (and its aliases), says how it is read, how it is written back into the modern
//! link and into the cache key, which flag the CLI gives it, and what the documentation says of it. Two tables hold
//! them all: [`POSITION_PARAMS`] (the position's text, its dialect and Game Courier's width) and [`OPTION_PARAMS`]
//! (how the board is drawn: the look and the furniture). Everything else follows from the tables:
//!
//! - reading ([`read`]): each parameter takes the last value of its name, else of its first alias given; a
//!   required parameter's absence is named before any value is read; the values are read in table order, so the
//!   first bad value in that order is the error, and it names its parameter;
//! - [`RenderOptions::link_pairs`] (the `Link: rel="canonical"` header, the editor) and
//!   [`RenderOptions::canonical`] (the cache key);
//! - the CLI's flags and usage ([`cli_usage`]), and the parameter table of `docs/parameters.md`
//!   ([`markdown_table`], checked by a test).
//!
//! A new parameter is a field where it is stored, one entry here, what draws it, and its tests.
//!
//! ```
//! use ffen_diagram::params::{read, OPTION_PARAMS};
//! use ffen_diagram::RenderOptions;
//! let mut options = RenderOptions::default();
//! read(&OPTION_PARAMS, &mut options, &[("size", "20"), ("size", "60"), ("flip", "yes")]).unwrap();
//! assert_eq!(options.canonical(), "s60.f1.c0.gray");
//! assert_eq!(options.link_pairs(), [("size", "60".to_string()), ("flip", "1".to_string())]);
//! ```

use crate::notation::ffen::{Dialect, Width};
use crate::notation::paint::{Paint, PAINT_EXPECTED};
use crate::options::error::OptionError;
use crate::options::furniture::{LastMoveStyle, Marks, Move, SquareName, SquaresStyle, TextLines};
use crate::options::language::{Form, Lang};
use crate::options::look::{BadPalette, Labels, Palette};
use crate::options::render_options::{RenderOptions, SquareSize, DEFAULT_FIRST_RANK, MAX_FIRST_RANK};
use crate::options::theme::Theme;
use crate::pixels::Rgb;
use std::fmt::Write as _;

/// How the CLI (`ffen-render`) takes a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cli {
    /// The first argument that is not a flag, shown as `<NAME>` in the usage.
    Positional(&'static str),
    /// A flag without a value (`--flip`): the parameter set to `1`.
    Switch,
    /// A flag followed by its value (`--size N`), the value shown as the text given.
    Value(&'static str),
}

/// One query parameter: its names, its grammar, how it is read and written, and its documentation.
pub struct Param<T: 'static> {
    /// The name in a query (`size`, `coord_color`).
    pub name: &'static str,
    /// Other names read when `name` is absent, the first given winning (`fen` for `ffen`).
    pub aliases: &'static [&'static str],
    /// Whether a query without it is refused (before any value is read).
    pub required: bool,
    /// How the CLI takes it; its flag is `--` and the name with `-` for `_`.
    pub cli: Cli,
    /// The values it takes, for the documentation.
    pub values: &'static str,
    /// Its default, for the documentation.
    pub default: &'static str,
    /// What it does, one line of documentation.
    pub about: &'static str,
    /// Reads a value (as given: each reader trims what it does not keep) into the target.
    read: fn(&mut T, &str) -> Result<(), OptionError>,
    /// The value the modern link writes for the target's setting; `None` at the default (omitted).
    link: fn(&T) -> Option<String>,
    /// The cache key's segment for the target's setting; `None` where the key omits it.
    key: fn(&T) -> Option<String>,
}

impl<T> Param<T> {
    /// The CLI's flag: `--` and the name with `-` for `_` (`--first-rank`); empty for a positional argument.
    pub fn flag(&self) -> String {
        match self.cli {
            Cli::Positional(_) => String::new(),
            Cli::Switch | Cli::Value(_) => format!("--{}", self.name.replace('_', "-")),
        }
    }

    /// The value this parameter takes from `pairs`: the last of its name, else the last of its first alias given.
    pub fn value_in<'p>(&self, pairs: &[(&str, &'p str)]) -> Option<&'p str> {
        let last = |name: &str| pairs.iter().rev().find(|(k, _)| *k == name).map(|&(_, v)| v);
        last(self.name).or_else(|| self.aliases.iter().find_map(|alias| last(alias)))
    }

    /// The value the modern link writes for `target`'s setting, if it is not the default.
    pub fn link(&self, target: &T) -> Option<String> {
        (self.link)(target)
    }

    /// The cache key's segment for `target`'s setting, if the key shows it.
    pub fn key(&self, target: &T) -> Option<String> {
        (self.key)(target)
    }
}

/// Why a query cannot be read: a required parameter is absent, or a value is bad.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// A required parameter is absent: its name and aliases.
    Missing {
        /// The parameter's name.
        name: &'static str,
        /// Its aliases.
        aliases: &'static [&'static str],
    },
    /// A value the parameter cannot take.
    Bad(OptionError),
}

/// Reads `pairs` into `target` with `params`: required parameters checked first, then each parameter's value
/// ([`Param::value_in`]) read in table order; parameters not in the table are ignored.
pub fn read<T>(params: &[Param<T>], target: &mut T, pairs: &[(&str, &str)]) -> Result<(), QueryError> {
    if let Some(missing) = params.iter().find(|p| p.required && p.value_in(pairs).is_none()) {
        return Err(QueryError::Missing { name: missing.name, aliases: missing.aliases });
    }
    for param in params {
        if let Some(value) = param.value_in(pairs) {
            (param.read)(target, value).map_err(QueryError::Bad)?;
        }
    }
    Ok(())
}

/// The position a modern link names: its text and the dialect to read it in (Game Courier's with its width), and
/// the moves played on it with their pace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionQuery {
    /// The position as given (decoded once); an Interactive Diagram definition with `dialect=hgm`.
    pub ffen: String,
    /// The dialect.
    pub dialect: Dialect,
    /// The moves as given (read and played once the board is known: [`crate::moves`]); empty for none.
    pub moves: String,
    /// How long each move shows.
    pub delay: Delay,
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

/// The parameters of the position, in the order they are checked: the position itself, its dialect, then
/// Game Courier's board width (read only with `dialect=courier`; with another dialect it could change nothing and
/// is ignored like an unknown parameter, so a link keeps working when only its dialect is changed); then the moves
/// played on it and their delay (content like the position: an animation's frames are the position's).
pub static POSITION_PARAMS: [Param<PositionQuery>; 5] = [
    Param {
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
    },
    Param {
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
    },
    Param {
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
    },
    Param {
        name: "moves",
        aliases: &[],
        required: false,
        cli: Cli::Value("MOVES"),
        values: "moves as `e2e4 e7e5` or `1.e2-e4 e7-e5 2.Sg1-f3`, lines split by `|` (docs/animation.md)",
        default: "none",
        about:
            "animates the diagram along the moves: an animated PNG or a GIF; refused by the SVG, ignored by the words",
        // Read and played once the board is known; its canonical form (the cache key's, the link's) is made then,
        // as the FFEN's is.
        read: |q, v| {
            q.moves = v.to_string();
            Ok(())
        },
        link: |_| None,
        key: |_| None,
    },
    Param {
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
    },
];

const DELAY_EXPECTED: &str = "a number of milliseconds from 20 to 10000";

const WIDTH_EXPECTED: &str = "a number of files from 1 to 32 (Game Courier's board width)";
const DIALECT_EXPECTED: &str = "one of janko, bodlaender, courier, xfen, hgm";
const SIZE_EXPECTED: &str = "a square size in pixels from 12 to 128";
const BOOL_EXPECTED: &str = "1, true, yes, on or empty for on; 0, false, no or off for off";
const THEME_EXPECTED: &str = "one of gray, print, brown, blue, green, wikipedia";
const FIRST_RANK_EXPECTED: &str = "the number of the bottom rank, 0 to 999";
const LANG_EXPECTED: &str = "one of en, de, fr";
const FORM_EXPECTED: &str = "one of list, popeye";
const COORD_COLOR_EXPECTED: &str = "a colour: RRGGBB hex (with or without #) or a CSS colour name";
const FILL_EXPECTED: &str = "a colour: RRGGBB hex (with or without #) or a CSS colour name; empty for none";

/// How the board is drawn, in the order of the cache key's segments and of the modern link's parameters.
pub static OPTION_PARAMS: [Param<RenderOptions>; 29] = [
    Param {
        name: "size",
        aliases: &[],
        required: false,
        cli: Cli::Value("N"),
        values: "square size in pixels, 12–128",
        default: "40",
        about: "the side of a square",
        read: |o, v| {
            o.size = v.trim().parse().map_err(|_| bad("size", v.trim(), SIZE_EXPECTED))?;
            Ok(())
        },
        link: |o| (o.size != SquareSize::DEFAULT).then(|| o.size.to_string()),
        key: |o| Some(format!("s{}", o.size)),
    },
    Param {
        name: "flip",
        aliases: &[],
        required: false,
        cli: Cli::Switch,
        values: "`1` `true` `yes` `on` or empty / `0` `false` `no` `off`, any case",
        default: "off",
        about: "the board turned by 180° (h8 lower left)",
        read: |o, v| {
            o.flip = switch("flip", v)?;
            Ok(())
        },
        link: |o| on(o.flip),
        key: |o| Some(format!("f{}", u8::from(o.flip))),
    },
    Param {
        name: "coords",
        aliases: &[],
        required: false,
        cli: Cli::Switch,
        values: "as `flip`",
        default: "off",
        about: "file letters below and rank numbers left of the board",
        read: |o, v| {
            o.coords = switch("coords", v)?;
            Ok(())
        },
        link: |o| on(o.coords),
        key: |o| Some(format!("c{}", u8::from(o.coords))),
    },
    Param {
        name: "theme",
        aliases: &[],
        required: false,
        cli: Cli::Value("NAME"),
        values: "`gray` (`grey`), `print`, `brown`, `blue`, `green`, `wikipedia`, any case",
        default: "`gray`",
        about: "the colours of the squares (the themes' table below)",
        read: |o, v| {
            let v = v.trim();
            o.theme = Theme::from_name(v).ok_or_else(|| bad("theme", v, THEME_EXPECTED))?;
            Ok(())
        },
        link: |o| (o.theme != Theme::default()).then(|| o.theme.name().to_string()),
        key: |o| Some(o.theme.name().to_string()),
    },
    Param {
        name: "light",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "a colour: `RRGGBB` (optional `#`), a CSS name, `transparent`",
        default: "the theme's",
        about: "the light squares' colour",
        read: |o, v| {
            o.light = Some(paint("light", v)?);
            Ok(())
        },
        link: |o| o.light.map(|c| c.to_string()),
        key: |o| o.light.map(|c| format!("l={c}")),
    },
    Param {
        name: "dark",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "as `light`",
        default: "the theme's",
        about: "the dark squares' colour (replaces `print`'s hatching)",
        read: |o, v| {
            o.dark = Some(paint("dark", v)?);
            Ok(())
        },
        link: |o| o.dark.map(|c| c.to_string()),
        key: |o| o.dark.map(|c| format!("d={c}")),
    },
    Param {
        name: "colors",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOURS"),
        values: "1–10 colours as `light`, separated by spaces or commas",
        default: "the theme's",
        about: "Game Courier's colours, indexed by `board` (without it: light 0, dark 1)",
        read: |o, v| {
            o.colors = Some(palette(v.trim())?);
            Ok(())
        },
        link: |o| o.colors.as_ref().map(|p| p.paints().iter().map(ToString::to_string).collect::<Vec<_>>().join(",")),
        key: |o| o.colors.as_ref().map(|p| format!("colors={p}")),
    },
    Param {
        name: "board",
        aliases: &[],
        required: false,
        cli: Cli::Value("PATTERN"),
        values: "Game Courier's pattern of digits, ranks ended by `.`, from rank 1 up",
        default: "the checkering",
        about: "which colour of `colors` each square takes",
        read: |o, v| {
            let v = v.trim();
            o.pattern = Some(v.parse().map_err(|e| bad("board", v, format!("{e}")))?);
            Ok(())
        },
        // Game Courier's spelling: each rank's digits ended by `.`, rank 1 first.
        link: |o| o.pattern.as_ref().map(|p| format!("{}.", p.to_string().replace('-', "."))),
        key: |o| o.pattern.as_ref().map(|p| format!("board={p}")),
    },
    Param {
        name: "files",
        aliases: &[],
        required: false,
        cli: Cli::Value("LABELS"),
        values: "one label a file, separated by single spaces (a blank label between two), up to 8 characters each",
        default: "`a b c …`",
        about: "the file labels, left to right as written; turns `coords` on",
        // Labels are not trimmed: a leading or trailing space is a blank label.
        read: |o, v| {
            o.files = Some(labels("files", v)?);
            Ok(())
        },
        link: |o| o.files.as_ref().map(|l| l.labels().join(" ")),
        key: |o| o.files.as_ref().map(|l| format!("files={l}")),
    },
    Param {
        name: "ranks",
        aliases: &[],
        required: false,
        cli: Cli::Value("LABELS"),
        values: "as `files`, one a rank",
        default: "`1 2 3 …`",
        about: "the rank labels, bottom up; turns `coords` on",
        read: |o, v| {
            o.ranks = Some(labels("ranks", v)?);
            Ok(())
        },
        link: |o| o.ranks.as_ref().map(|l| l.labels().join(" ")),
        key: |o| o.ranks.as_ref().map(|l| format!("ranks={l}")),
    },
    Param {
        name: "first_rank",
        aliases: &[],
        required: false,
        cli: Cli::Value("N"),
        values: "0–999",
        default: "1",
        about: "the number of the bottom rank",
        read: |o, v| {
            let v = v.trim();
            let rank = v.parse().ok().filter(|&n| n <= MAX_FIRST_RANK);
            o.first_rank = rank.ok_or_else(|| bad("first_rank", v, FIRST_RANK_EXPECTED))?;
            Ok(())
        },
        link: |o| (o.first_rank != DEFAULT_FIRST_RANK).then(|| o.first_rank.to_string()),
        key: |o| (o.first_rank != DEFAULT_FIRST_RANK).then(|| format!("first_rank={}", o.first_rank)),
    },
    Param {
        name: "rim",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "as `light`",
        default: "white",
        about: "the background around the board",
        read: |o, v| {
            o.rim = Some(paint("rim", v)?);
            Ok(())
        },
        link: |o| o.rim.map(|c| c.to_string()),
        key: |o| o.rim.map(|c| format!("rim={c}")),
    },
    Param {
        name: "coord_color",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "`RRGGBB` (optional `#`) or a CSS name",
        default: "black",
        about: "the ink of the coordinates, title, caption and count",
        read: |o, v| {
            let v = v.trim();
            let ink = v.parse::<Paint>().ok().and_then(Paint::solid);
            o.coord_color = Some(ink.ok_or_else(|| bad("coord_color", v, COORD_COLOR_EXPECTED))?);
            Ok(())
        },
        link: |o| o.coord_color.map(|c| c.to_string()),
        key: |o| o.coord_color.map(|c| format!("coord_color={c}")),
    },
    Param {
        name: "hole",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "as `light`",
        default: "the background",
        about: "the colour of missing squares",
        read: |o, v| {
            o.hole = Some(paint("hole", v)?);
            Ok(())
        },
        link: |o| o.hole.map(|c| c.to_string()),
        key: |o| o.hole.map(|c| format!("hole={c}")),
    },
    Param {
        name: "borders",
        aliases: &[],
        required: false,
        cli: Cli::Switch,
        values: "as `flip`",
        default: "off",
        about: "lines between the squares",
        read: |o, v| {
            o.borders = switch("borders", v)?;
            Ok(())
        },
        link: |o| on(o.borders),
        key: |o| o.borders.then(|| "borders".to_string()),
    },
    Param {
        name: "white_fill",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "`RRGGBB` (optional `#`) or a CSS name; empty for none",
        default: "none",
        about: "the white pieces' colour: each drawn as the white piece with its white tinted to it (HGM's `w`)",
        read: |o, v| {
            o.white_fill = fill("white_fill", v, Some(Rgb::WHITE))?;
            Ok(())
        },
        link: |o| o.white_fill.map(|c| c.to_string()),
        key: |o| o.white_fill.map(|c| format!("white_fill={c}")),
    },
    Param {
        name: "black_fill",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "as `white_fill`",
        default: "none",
        about: "the black pieces' colour: each drawn as the white piece tinted to it, its black lines kept (HGM's `b`)",
        read: |o, v| {
            o.black_fill = fill("black_fill", v, Some(Rgb::BLACK))?;
            Ok(())
        },
        link: |o| o.black_fill.map(|c| c.to_string()),
        key: |o| o.black_fill.map(|c| format!("black_fill={c}")),
    },
    Param {
        name: "count",
        aliases: &[],
        required: false,
        cli: Cli::Switch,
        values: "as `flip`",
        default: "off",
        about: "the piece count `(W+B)` under the board, right",
        read: |o, v| {
            o.furniture.count = switch("count", v)?;
            Ok(())
        },
        link: |o| on(o.furniture.count),
        key: |o| o.furniture.count.then(|| "count".to_string()),
    },
    Param {
        name: "title",
        aliases: &[],
        required: false,
        cli: Cli::Value("TEXT"),
        values: "two lines of 80 characters at most, separated by `\\|`",
        default: "none",
        about: "the text above the board (author, source)",
        read: |o, v| {
            o.furniture.title = TextLines::parse("title", v)?;
            Ok(())
        },
        link: |o| text_link(&o.furniture.title),
        key: |o| text_key("title", &o.furniture.title),
    },
    Param {
        name: "caption",
        aliases: &[],
        required: false,
        cli: Cli::Value("TEXT"),
        values: "as `title`",
        default: "none",
        about: "the text below the board (stipulation, twins)",
        read: |o, v| {
            o.furniture.caption = TextLines::parse("caption", v)?;
            Ok(())
        },
        link: |o| text_link(&o.furniture.caption),
        key: |o| text_key("caption", &o.furniture.caption),
    },
    Param {
        name: "squares",
        aliases: &[],
        required: false,
        cli: Cli::Value("LIST"),
        values: "squares separated by commas, each with an optional tint `G` `R` `Y` `B` (`Ge4,Rd5,c3`)",
        default: "none",
        about: "highlighted squares, under the pieces",
        read: |o, v| {
            o.furniture.squares = Marks::parse_squares(v.trim())?;
            Ok(())
        },
        link: |o| marks(&o.furniture.squares),
        key: |o| marks(&o.furniture.squares).map(|text| format!("squares={text}")),
    },
    Param {
        name: "arrows",
        aliases: &[],
        required: false,
        cli: Cli::Value("LIST"),
        values: "from-to pairs as `squares` (`Ge2e4,Bh7c2`; `e4e4` a circle)",
        default: "none",
        about: "arrows and circles, over the pieces",
        read: |o, v| {
            o.furniture.arrows = Marks::parse_arrows(v.trim())?;
            Ok(())
        },
        link: |o| marks(&o.furniture.arrows),
        key: |o| marks(&o.furniture.arrows).map(|text| format!("arrows={text}")),
    },
    Param {
        name: "lastmove",
        aliases: &[],
        required: false,
        cli: Cli::Value("FROMTO"),
        values: "two square names (`e2e4`); empty for none",
        default: "none",
        about: "the last move's squares, highlighted under any other",
        read: |o, v| {
            o.furniture.last_move = Move::parse_last(v.trim())?;
            Ok(())
        },
        link: |o| o.furniture.last_move.map(|m| m.to_string()),
        key: |o| o.furniture.last_move.map(|m| format!("lastmove={m}")),
    },
    Param {
        name: "check",
        aliases: &[],
        required: false,
        cli: Cli::Value("SQUARE"),
        values: "a square name (`e1`); empty for none",
        default: "none",
        about: "a king in check: a red glow on its square, under the piece (lichess' look)",
        read: |o, v| {
            o.furniture.check_square = SquareName::parse_check(v.trim())?;
            Ok(())
        },
        link: |o| o.furniture.check_square.map(|s| s.to_string()),
        key: |o| o.furniture.check_square.map(|s| format!("check={s}")),
    },
    Param {
        name: "lastmove_style",
        aliases: &[],
        required: false,
        cli: Cli::Value("STYLE"),
        values: "`tint`, `lichess`, any case",
        default: "`tint`",
        about: "the last move's colour: our yellow, or lichess' yellow-green",
        read: |o, v| {
            o.furniture.last_move_style = LastMoveStyle::parse(v)?;
            Ok(())
        },
        link: |o| style(o.furniture.last_move_style, LastMoveStyle::name),
        key: |o| style(o.furniture.last_move_style, LastMoveStyle::name).map(|name| format!("lastmove_style={name}")),
    },
    Param {
        name: "squares_style",
        aliases: &[],
        required: false,
        cli: Cli::Value("STYLE"),
        values: "`tint`, `x`, any case",
        default: "`tint`",
        about: "how `squares` are marked: tinted under the piece, or an X over it (chess.svg's look)",
        read: |o, v| {
            o.furniture.squares_style = SquaresStyle::parse(v)?;
            Ok(())
        },
        link: |o| style(o.furniture.squares_style, SquaresStyle::name),
        key: |o| style(o.furniture.squares_style, SquaresStyle::name).map(|name| format!("squares_style={name}")),
    },
    Param {
        name: "squares_color",
        aliases: &[],
        required: false,
        cli: Cli::Value("COLOUR"),
        values: "as `white_fill`",
        default: "grey",
        about:
            "the colour of `squares` without a colour letter, at half opacity (chess.com's `highlight_squares_color`)",
        read: |o, v| {
            o.furniture.squares_color = fill("squares_color", v, None)?;
            Ok(())
        },
        link: |o| o.furniture.squares_color.map(|c| c.to_string()),
        key: |o| o.furniture.squares_color.map(|c| format!("squares_color={c}")),
    },
    Param {
        name: "lang",
        aliases: &[],
        required: false,
        cli: Cli::Value("LANG"),
        values: "`en`, `de`, `fr`, any case",
        default: "`en`",
        about: "the language of the words: `/diagram.txt`, `/diagram.json`, the SVG's `<title>` and `<desc>` (docs/words.md)",
        read: |o, v| {
            let v = v.trim();
            o.lang = match v {
                "" => Lang::default(),
                name => Lang::from_name(name).ok_or_else(|| bad("lang", v, LANG_EXPECTED))?,
            };
            Ok(())
        },
        link: |o| (o.lang != Lang::default()).then(|| o.lang.name().to_string()),
        key: |o| (o.lang != Lang::default()).then(|| format!("lang={}", o.lang.name())),
    },
    Param {
        name: "form",
        aliases: &[],
        required: false,
        cli: Cli::Value("FORM"),
        values: "`list`, `popeye`, any case",
        default: "`list`",
        about: "the form of `/diagram.txt`: the piece list, or Popeye's input (docs/words.md)",
        read: |o, v| {
            let v = v.trim();
            o.form = match v {
                "" => Form::default(),
                name => Form::from_name(name).ok_or_else(|| bad("form", v, FORM_EXPECTED))?,
            };
            Ok(())
        },
        link: |o| (o.form != Form::default()).then(|| o.form.name().to_string()),
        key: |o| (o.form != Form::default()).then(|| format!("form={}", o.form.name())),
    },
];

/// Reading and writing the options through [`OPTION_PARAMS`].
impl RenderOptions {
    /// Options from query pairs such as `[("size", "60"), ("flip", "1")]`; unknown keys are ignored, the last of a
    /// repeated key wins, missing keys keep their defaults.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<RenderOptions, OptionError> {
        let mut options = RenderOptions::default();
        options.read_pairs(pairs)?;
        Ok(options)
    }

    /// Reads `pairs` over these options, as [`RenderOptions::from_pairs`] reads them over the defaults: each
    /// parameter of [`OPTION_PARAMS`] takes its last value.
    pub(crate) fn read_pairs<'a>(
        &mut self,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<(), OptionError> {
        let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        read(&OPTION_PARAMS, self, &pairs).map_err(|e| match e {
            QueryError::Bad(e) => e,
            // No option is required.
            QueryError::Missing { name, .. } => OptionError::new(name, "", "a value"),
        })
    }

    /// The modern link's query parameters that give these options (none at the defaults), in the order of
    /// [`OPTION_PARAMS`]: what the `Link: rel="canonical"` header of a diagram and the editor write.
    /// [`RenderOptions::from_pairs`] reads them back to `self`.
    ///
    /// ```
    /// use ffen_diagram::RenderOptions;
    /// let options = RenderOptions::from_pairs([("size", "90"), ("flip", "yes"), ("light", "#F0D9B5")]).unwrap();
    /// let pairs = options.link_pairs();
    /// assert_eq!(pairs, [("size", "90".to_string()), ("flip", "1".to_string()), ("light", "f0d9b5".to_string())]);
    /// let again = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
    /// assert_eq!(again, options);
    /// ```
    pub fn link_pairs(&self) -> Vec<(&'static str, String)> {
        OPTION_PARAMS.iter().filter_map(|p| Some((p.name, p.link(self)?))).collect()
    }

    /// A short stable text form for the cache key, e.g. `s40.f0.c0.gray` or `s60.f1.c1.print.l=ffffff.d=b0b0b0`:
    /// options that draw the same picture give equal strings, different ones different strings. Each parameter of
    /// [`OPTION_PARAMS`] gives its segment in table order, separated by `.`; none of their values holds `.` (the
    /// look values print none, [`TextLines::canonical`](crate::TextLines::canonical) percent-encodes it), so the
    /// string is injective.
    pub fn canonical(&self) -> String {
        let segments: Vec<String> = OPTION_PARAMS.iter().filter_map(|p| p.key(self)).collect();
        segments.join(".")
    }
}

fn bad(parameter: &'static str, value: &str, expected: impl Into<std::borrow::Cow<'static, str>>) -> OptionError {
    OptionError::new(parameter, value, expected)
}

/// A switch: `1`, `true`, `yes`, `on` or empty for on, `0`, `false`, `no`, `off` for off, any case, trimmed.
fn switch(parameter: &'static str, value: &str) -> Result<bool, OptionError> {
    let value = value.trim();
    match value.to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(bad(parameter, value, BOOL_EXPECTED)),
    }
}

/// A switch as the modern link writes it: `1` when on, omitted when off.
fn on(value: bool) -> Option<String> {
    value.then(|| "1".to_string())
}

/// A colour that may be `transparent` (`light`, `dark`, `rim`, `hole`), trimmed.
fn paint(parameter: &'static str, value: &str) -> Result<Paint, OptionError> {
    let value = value.trim();
    value.parse().map_err(|_| bad(parameter, value, PAINT_EXPECTED))
}

/// A `colors` value; a bad colour is named as the value.
fn palette(value: &str) -> Result<Palette, OptionError> {
    value.parse().map_err(|e| match e {
        BadPalette::Colour(i) => {
            let word = value.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).nth(i - 1);
            bad("colors", word.unwrap_or(value), format!("{e}"))
        }
        other => bad("colors", value, format!("{other}")),
    })
}

/// A colour that may not be `transparent` (`white_fill`, `black_fill`, `squares_color`), trimmed; `None` for an
/// empty value and for `same`, the colour that draws what no value draws (a white piece filled white is the white
/// piece, and a black piece filled black is taken as the black piece, whose white inner lines a black fill would
/// hide): one key for one picture.
fn fill(parameter: &'static str, value: &str, same: Option<Rgb>) -> Result<Option<Rgb>, OptionError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let colour =
        value.parse::<Paint>().ok().and_then(Paint::solid).ok_or_else(|| bad(parameter, value, FILL_EXPECTED))?;
    Ok((Some(colour) != same).then_some(colour))
}

/// `files` or `ranks`, untrimmed.
fn labels(parameter: &'static str, value: &str) -> Result<Labels, OptionError> {
    value.parse().map_err(|e| bad(parameter, value, format!("{e}")))
}

/// A title or caption as the modern link writes it: its lines joined by `|`.
fn text_link(text: &TextLines) -> Option<String> {
    (!text.is_empty()).then(|| text.lines().join("|"))
}

/// A title or caption's key segment: `name=` and its lines, percent-encoded where they hold a separator.
fn text_key(name: &str, text: &TextLines) -> Option<String> {
    (!text.is_empty()).then(|| format!("{name}={}", text.canonical()))
}

/// A style as the link and the key write it: its name, or `None` at the default (omitted).
fn style<S: Default + PartialEq>(style: S, name: fn(S) -> &'static str) -> Option<String> {
    (style != S::default()).then(|| name(style).to_string())
}

/// A list of marks as the link and the key write it (`c3,Rd5,Ge4`), or `None` for none.
fn marks<K: Ord + Copy + std::fmt::Display>(marks: &Marks<K>) -> Option<String> {
    (!marks.is_empty()).then(|| marks.text())
}

/// The usage of the CLI's flags for every parameter, wrapped at `width` characters after `indent` spaces.
pub fn cli_usage(indent: usize, width: usize) -> String {
    let words = POSITION_PARAMS.iter().map(cli_word).chain(OPTION_PARAMS.iter().map(cli_word));
    let mut out = String::new();
    let mut line = String::new();
    for word in words.filter(|w| !w.is_empty()) {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            let _ = writeln!(out, "{:indent$}{line}", "");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    let _ = write!(out, "{:indent$}{line}", "");
    out
}

/// One parameter in the CLI's usage: `[--size N]`, `[--flip]`; empty for the positional one.
fn cli_word<T>(param: &Param<T>) -> String {
    match param.cli {
        Cli::Positional(_) => String::new(),
        Cli::Switch => format!("[{}]", param.flag()),
        Cli::Value(meta) => format!("[{} {meta}]", param.flag()),
    }
}

/// The parameter table of `docs/parameters.md`: every parameter with its values, default, CLI flag and purpose.
pub fn markdown_table() -> String {
    let mut out = String::from("| parameter | values | default | CLI | what |\n|---|---|---|---|---|\n");
    let mut row = |name: &str, aliases: &[&str], cli: String, values: &str, default: &str, about: &str| {
        let names: Vec<String> =
            std::iter::once(name).chain(aliases.iter().copied()).map(|n| format!("`{n}`")).collect();
        let _ = writeln!(out, "| {} | {values} | {default} | {cli} | {about} |", names.join(", "));
    };
    for p in &POSITION_PARAMS {
        let cli = match p.cli {
            Cli::Positional(meta) => format!("`<{meta}>`"),
            _ => format!("`{}`", cli_word(p).trim_matches(['[', ']'])),
        };
        row(p.name, p.aliases, cli, p.values, p.default, p.about);
    }
    for p in &OPTION_PARAMS {
        let cli = format!("`{}`", cli_word(p).trim_matches(['[', ']']));
        row(p.name, p.aliases, cli, p.values, p.default, p.about);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_declared_once() {
        let mut names: Vec<&str> =
            POSITION_PARAMS.iter().flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied())).collect();
        names.extend(OPTION_PARAMS.iter().flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied())));
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");
    }

    #[test]
    fn the_last_value_of_a_name_wins_and_the_name_wins_over_its_alias() {
        let ffen = &POSITION_PARAMS[0];
        assert_eq!(ffen.value_in(&[("fen", "a"), ("ffen", "b"), ("ffen", "c"), ("fen", "d")]), Some("c"));
        assert_eq!(ffen.value_in(&[("fen", "a"), ("fen", "d")]), Some("d"));
        assert_eq!(ffen.value_in(&[("ff", "a")]), None);
    }

    #[test]
    fn a_missing_required_parameter_is_named_before_any_value_is_read() {
        let mut query = PositionQuery::default();
        let error = read(&POSITION_PARAMS, &mut query, &[("dialect", "klingon")]).unwrap_err();
        assert_eq!(error, QueryError::Missing { name: "ffen", aliases: &["fen"] });
    }

    #[test]
    fn width_is_read_only_for_game_courier() {
        let read_width = |pairs: &[(&str, &str)]| {
            let mut query = PositionQuery::default();
            read(&POSITION_PARAMS, &mut query, pairs).map(|()| query.dialect)
        };
        assert_eq!(read_width(&[("ffen", "8"), ("width", "x")]), Ok(Dialect::Janko));
        let courier = Dialect::Courier { width: Width::new(10).unwrap() };
        assert_eq!(read_width(&[("ffen", "8"), ("width", " 10 "), ("dialect", "courier")]), Ok(courier));
        let Err(QueryError::Bad(e)) = read_width(&[("ffen", "8"), ("width", "0"), ("dialect", "courier")]) else {
            panic!()
        };
        assert_eq!(e.parameter, "width");
    }

    #[test]
    fn cli_usage_names_every_flag() {
        let usage = cli_usage(4, 100);
        for p in &OPTION_PARAMS {
            assert!(usage.contains(&p.flag()), "{}", p.name);
        }
        assert!(usage.contains("[--first-rank N]") && usage.contains("[--flip]") && usage.contains("[--dialect NAME]"));
        assert!(usage.lines().all(|l| l.len() <= 100), "{usage}");
    }

    /// `docs/parameters.md` holds the table [`markdown_table`] makes, between its two markers: the documentation
    /// is the declarations' (`UPDATE_DOCS=1 cargo test --lib params` writes it there).
    #[test]
    fn the_documented_table_is_the_declared_one() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/parameters.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let (begin, end) = ("<!-- parameters: made by params::markdown_table -->\n", "<!-- parameters: end -->");
        let start = doc.find(begin).expect("the begin marker") + begin.len();
        let stop = start + doc[start..].find(end).expect("the end marker");
        if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v != "0") {
            std::fs::write(path, format!("{}{}{}", &doc[..start], markdown_table(), &doc[stop..])).unwrap();
            return;
        }
        assert!(
            doc[start..stop] == markdown_table(),
            "docs/parameters.md's table is stale: UPDATE_DOCS=1 cargo test --lib params"
        );
    }
}
