//! The declaration of one query parameter ([`Param`]) and the rules it carries: what it changes ([`Changes`]), when
//! it is idle on a board ([`Idle`]), whether the palette painter draws it ([`PaletteSafe`]), and the values the
//! generated tests try.

use crate::notation::board::Board;
use crate::options::error::OptionError;

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

/// What a parameter changes: a set of the things an output may show. Each output says which of them it shows
/// (`Format::shows`, in the output layer), and its cache key and modern link keep only the parameters that change
/// one of them ([`crate::options::params`]' `RenderOptions::keeping`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Changes(u8);

impl Changes {
    /// Nothing.
    pub const NOTHING: Changes = Changes(0);
    /// The picture: what the PNG, the GIF and the SVG draw.
    pub const PICTURE: Changes = Changes(1);
    /// The piece list in words: `/diagram.txt`'s list, the SVG's `<desc>`, the JSON's description (its language,
    /// the title and caption around it, the marks it names).
    pub const LIST: Changes = Changes(2);
    /// Popeye's input (`/diagram.txt` with `form=popeye`, the JSON's `popeye`): its title and remarks.
    pub const POPEYE: Changes = Changes(4);
    /// Which words `/diagram.txt` writes.
    pub const TEXT_FORM: Changes = Changes(8);
    /// Everything.
    pub const ALL: Changes = Changes(15);

    /// Both sets.
    pub const fn and(self, other: Changes) -> Changes {
        Changes(self.0 | other.0)
    }

    /// Whether the two sets share anything.
    pub const fn meets(self, other: Changes) -> bool {
        self.0 & other.0 != 0
    }
}

/// When a parameter cannot show on a board, whatever its value: then fitting the options to the board
/// (`RenderOptions::for_board`) puts it back at its default, so that equal pictures get equal keys.
pub enum Idle<T: 'static> {
    /// It always may show.
    Never,
    /// It cannot show when this is true of the board and the options (as fitted so far: `coords` on where there
    /// are labels, see-through `light` or `dark` made `colors`; every parameter is judged on the same options).
    When(fn(&Board, &T) -> bool),
}

/// Whether the palette painter (`draw::indexed`) draws a parameter. A parameter that does not say so sends any
/// diagram where it is set to the RGB painter: the same bytes, slower.
pub enum PaletteSafe<T: 'static> {
    /// Every value.
    Always,
    /// No value but the default (where the link omits it).
    Never,
    /// Every value but those where this is true.
    Unless(fn(&T) -> bool),
}

/// One query parameter: its names, its grammar, how it is read and written, its documentation, and its rules.
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
    pub read: fn(&mut T, &str) -> Result<(), OptionError>,
    /// The value the modern link writes for the target's setting; `None` at the default (omitted).
    pub link: fn(&T) -> Option<String>,
    /// The cache key's segment for the target's setting; `None` where the key omits it.
    pub key: fn(&T) -> Option<String>,
    /// Puts the target's setting back at its default.
    pub reset: fn(&mut T),
    /// What it changes.
    pub changes: Changes,
    /// When it cannot show on a board.
    pub idle: Idle<T>,
    /// Whether the palette painter draws it.
    pub palette: PaletteSafe<T>,
    /// A few good values, for the generated tests (every parameter of the tables is in them).
    pub samples: &'static [&'static str],
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

    /// Whether it cannot show on `board` with the options `target`.
    pub fn is_idle(&self, board: &Board, target: &T) -> bool {
        match self.idle {
            Idle::Never => false,
            Idle::When(idle) => idle(board, target),
        }
    }

    /// Whether the palette painter draws `target`'s setting of it.
    pub fn palette_draws(&self, target: &T) -> bool {
        match self.palette {
            PaletteSafe::Always => true,
            PaletteSafe::Never => self.link(target).is_none(),
            PaletteSafe::Unless(rgb) => !rgb(target),
        }
    }
}

// Every field is a reference or a function pointer: a declaration copies whatever `T` is.
impl<T> Clone for Idle<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Idle<T> {}

impl<T> Clone for PaletteSafe<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PaletteSafe<T> {}

impl<T> Clone for Param<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Param<T> {}
