//! The furniture's parameters (count, title, caption, marks, the last move, the check and their styles) and the
//! words' (`lang`, `form`). Each is a `pub const` so that a link family names it by its declaration
//! (`params::CAPTION`); `params::OPTION_PARAMS` lists them.

use super::param::{Changes, Cli, Idle, PaletteSafe, Param};
use super::values::{bad, fill, marks, on, style, switch, text_key, text_link};
use crate::options::furniture::{LastMoveStyle, Marks, Move, SquareName, SquaresStyle, TextLines, Tint};
use crate::options::language::{Form, Lang};
use crate::options::render_options::RenderOptions;

const LANG_EXPECTED: &str = "one of en, de, fr";
const FORM_EXPECTED: &str = "one of list, popeye";

/// `count`: the piece count `(W+B)` under the board, right.
pub const COUNT: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.count = false,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["0", "1"],
};

/// `title`: the text above the board (author, source).
pub const TITLE: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.title = TextLines::default(),
    changes: Changes::PICTURE.and(Changes::LIST).and(Changes::POPEYE),
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["Šulc", "A. B|Prize 1999, 1st Prize", "W", ""],
};

/// `caption`: the text below the board (stipulation, twins).
pub const CAPTION: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.caption = TextLines::default(),
    changes: Changes::PICTURE.and(Changes::LIST).and(Changes::POPEYE),
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["#2", "#2 Circe|b) wKe1-h1", "="],
};

/// `squares`: highlighted squares, under the pieces.
pub const SQUARES: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.squares = Marks::default(),
    changes: Changes::PICTURE.and(Changes::LIST),
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["a1", "Ga1,Rb2,c3", "Rb1,Ba2", ""],
};

/// `arrows`: arrows and circles, over the pieces.
pub const ARROWS: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.arrows = Marks::default(),
    changes: Changes::PICTURE.and(Changes::LIST),
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["Ga1b2", "Ba2a2", "Ra1c3,Gb2a1", "Ga1a1"],
};

/// `lastmove`: the last move's squares, highlighted under any other.
pub const LASTMOVE: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.last_move = None,
    changes: Changes::PICTURE.and(Changes::LIST),
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["a1b2", "b1a1", ""],
};

/// `check`: a king in check: a red glow on its square, under the piece (lichess' look).
pub const CHECK: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.check_square = None,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["a1", "b2", ""],
};

/// `lastmove_style`: the last move's colour: our yellow, or lichess' yellow-green.
pub const LASTMOVE_STYLE: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.last_move_style = LastMoveStyle::default(),
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| o.furniture.last_move.is_none()),
    palette: PaletteSafe::Always,
    samples: &["tint", "lichess", "Lichess", ""],
};

/// `squares_style`: how `squares` are marked: tinted under the piece, or an X over it (chess.svg's look).
pub const SQUARES_STYLE: Param<RenderOptions> = Param {
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
    reset: |o| o.furniture.squares_style = SquaresStyle::default(),
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| o.furniture.squares.is_empty()),
    palette: PaletteSafe::Always,
    samples: &["tint", "x", "X", ""],
};

/// `squares_color`: the colour of `squares` without a colour letter, at half opacity (chess.com's `highlight_squares_color`).
pub const SQUARES_COLOR: Param<RenderOptions> = Param {
    name: "squares_color",
    aliases: &[],
    required: false,
    cli: Cli::Value("COLOUR"),
    values: "as `white_fill`",
    default: "grey",
    about: "the colour of `squares` without a colour letter, at half opacity (chess.com's `highlight_squares_color`)",
    read: |o, v| {
        o.furniture.squares_color = fill("squares_color", v, None)?;
        Ok(())
    },
    link: |o| o.furniture.squares_color.map(|c| c.to_string()),
    key: |o| o.furniture.squares_color.map(|c| format!("squares_color={c}")),
    reset: |o| o.furniture.squares_color = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| !o.furniture.squares.as_slice().iter().any(|&(_, tint)| tint == Tint::Default)),
    palette: PaletteSafe::Always,
    samples: &["ffcccc", "#102030", "Gold", ""],
};

/// `lang`: the language of the words: `/diagram.txt`, `/diagram.json`, the SVG's `<title>` and `<desc>` (docs/words.md).
pub const LANG: Param<RenderOptions> = Param {
    name: "lang",
    aliases: &[],
    required: false,
    cli: Cli::Value("LANG"),
    values: "`en`, `de`, `fr`, any case",
    default: "`en`",
    about:
        "the language of the words: `/diagram.txt`, `/diagram.json`, the SVG's `<title>` and `<desc>` (docs/words.md)",
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
    reset: |o| o.lang = Lang::default(),
    changes: Changes::LIST,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["en", "de", "fr"],
};

/// `form`: the form of `/diagram.txt`: the piece list, or Popeye's input (docs/words.md).
pub const FORM: Param<RenderOptions> = Param {
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
    reset: |o| o.form = Form::default(),
    changes: Changes::TEXT_FORM,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["list", "popeye"],
};
