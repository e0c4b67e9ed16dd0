//! The look's parameters: the board's size, side and colours, its labels, the background and the pieces' fills.
//! Each is a `pub const` so that a link family names it by its declaration (`params::THEME`);
//! `params::OPTION_PARAMS` lists them.

use super::param::{Changes, Cli, Idle, PaletteSafe, Param};
use super::values::{bad, fill, labels, on, paint, see_through, square_colors, switch};
use crate::notation::board::{Board, Cell, Color};
use crate::notation::paint::Paint;
use crate::options::piece_set::PieceSet;
use crate::options::render_options::{RenderOptions, SquareSize, DEFAULT_FIRST_RANK, MAX_FIRST_RANK};
use crate::options::theme::Theme;
use crate::pixels::Rgb;

const SIZE_EXPECTED: &str = "a square size in pixels from 12 to 128";
const THEME_EXPECTED: &str = "one of gray, print, brown, blue, green, wikipedia";
const PIECE_EXPECTED: &str = "one of cburnett, chessnut, celtic, fantasy, spatial, rhosgfx, shapes, kiwen-suwi, firi";
const FIRST_RANK_EXPECTED: &str = "the number of the bottom rank, 0 to 999";
const COORD_COLOR_EXPECTED: &str = "a colour: RRGGBB hex (with or without #) or a CSS colour name";

/// Whether a band of text (the count, a title, a caption) is drawn around the board.
fn text_bands(options: &RenderOptions) -> bool {
    let furniture = &options.furniture;
    furniture.count || !furniture.title.is_empty() || !furniture.caption.is_empty()
}

/// Whether the board has a piece of `side` (white or black), or a neutral one (of both sides).
fn has_pieces(board: &Board, side: Color) -> bool {
    board
        .cells()
        .iter()
        .any(|cell| matches!(cell, Cell::Piece(piece) if piece.color == side || piece.color == Color::Neutral))
}

/// `size`: the side of a square.
pub const SIZE: Param<RenderOptions> = Param {
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
    reset: |o| o.size = SquareSize::DEFAULT,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["12", "40", "128"],
};

/// `flip`: the board turned by 180° (h8 lower left).
pub const FLIP: Param<RenderOptions> = Param {
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
    reset: |o| o.flip = false,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["0", "1", "yes"],
};

/// `coords`: file letters below and rank numbers left of the board.
pub const COORDS: Param<RenderOptions> = Param {
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
    reset: |o| o.coords = false,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["0", "1", "on"],
};

/// `theme`: the colours of the squares (the themes' table below).
pub const THEME: Param<RenderOptions> = Param {
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
    reset: |o| o.theme = Theme::default(),
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["gray", "print", "brown", "blue", "green", "wikipedia"],
};

/// `light`: the light squares' colour.
pub const LIGHT: Param<RenderOptions> = Param {
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
    reset: |o| o.light = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| o.colors.is_some()),
    palette: PaletteSafe::Unless(|o| see_through(o.light)),
    samples: &["#ffeedd", "102030", "gold", "transparent"],
};

/// `dark`: the dark squares' colour (replaces `print`'s hatching).
pub const DARK: Param<RenderOptions> = Param {
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
    reset: |o| o.dark = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| o.colors.is_some()),
    palette: PaletteSafe::Unless(|o| see_through(o.dark)),
    samples: &["#102030", "#769656", "transparent"],
};

/// `colors`: Game Courier's colours, indexed by `board` (without it: light 0, dark 1).
pub const COLORS: Param<RenderOptions> = Param {
    name: "colors",
    aliases: &[],
    required: false,
    cli: Cli::Value("COLOURS"),
    values: "1–10 colours as `light`, separated by spaces or commas",
    default: "the theme's",
    about: "Game Courier's colours, indexed by `board` (without it: light 0, dark 1)",
    read: |o, v| {
        o.colors = Some(square_colors(v.trim())?);
        Ok(())
    },
    link: |o| o.colors.as_ref().map(|p| p.paints().iter().map(ToString::to_string).collect::<Vec<_>>().join(",")),
    key: |o| o.colors.as_ref().map(|p| format!("colors={p}")),
    reset: |o| o.colors = None,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Unless(|o| o.colors.as_ref().is_some_and(|p| p.paints().contains(&Paint::Transparent))),
    samples: &["white #b4b4b4 #8ca2ad", "transparent #769656", "#ffeedd transparent red", "navy silver", "gold"],
};

/// `board`: which colour of `colors` each square takes.
pub const BOARD: Param<RenderOptions> = Param {
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
    reset: |o| o.pattern = None,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["10.21.", "01.", "0.", "210.012."],
};

/// `files`: the file labels, left to right as written; turns `coords` on.
pub const FILES: Param<RenderOptions> = Param {
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
    reset: |o| o.files = None,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["α b <c> & d", "a b c"],
};

/// `ranks`: the rank labels, bottom up; turns `coords` on.
pub const RANKS: Param<RenderOptions> = Param {
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
    reset: |o| o.ranks = None,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Always,
    samples: &["i h g f", "1 2"],
};

/// `first_rank`: the number of the bottom rank.
pub const FIRST_RANK: Param<RenderOptions> = Param {
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
    reset: |o| o.first_rank = DEFAULT_FIRST_RANK,
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| !o.coords || o.ranks.is_some()),
    palette: PaletteSafe::Always,
    samples: &["0", "1", "2"],
};

/// `rim`: the background around the board.
pub const RIM: Param<RenderOptions> = Param {
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
    reset: |o| o.rim = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|board, o| !o.coords && !text_bands(o) && (!board.has_holes() || o.hole.is_some())),
    palette: PaletteSafe::Unless(|o| see_through(o.rim)),
    samples: &["#3a2a1e", "transparent", "white", "#5b3a29"],
};

/// `coord_color`: the ink of the coordinates, title, caption and count.
pub const COORD_COLOR: Param<RenderOptions> = Param {
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
    reset: |o| o.coord_color = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|_, o| !o.coords && !text_bands(o)),
    palette: PaletteSafe::Always,
    samples: &["#f0d9b5", "red", "#102030"],
};

/// `hole`: the colour of missing squares.
pub const HOLE: Param<RenderOptions> = Param {
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
    reset: |o| o.hole = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|board, _| !board.has_holes()),
    palette: PaletteSafe::Always,
    samples: &["#3a2a1e", "transparent", "white", "#5b3a29"],
};

/// `borders`: lines between the squares.
pub const BORDERS: Param<RenderOptions> = Param {
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
    reset: |o| o.borders = false,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Never,
    samples: &["0", "1"],
};

/// `white_fill`: the white pieces' colour: each drawn as the white piece with its white tinted to it (HGM's `w`).
pub const WHITE_FILL: Param<RenderOptions> = Param {
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
    reset: |o| o.white_fill = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|board, _| !has_pieces(board, Color::White)),
    palette: PaletteSafe::Always,
    samples: &["#ffd700", "gold", "navy", "white", ""],
};

/// `black_fill`: the black pieces' colour: each drawn as the white piece tinted to it, its black lines kept (HGM's `b`).
pub const BLACK_FILL: Param<RenderOptions> = Param {
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
    reset: |o| o.black_fill = None,
    changes: Changes::PICTURE,
    idle: Idle::When(|board, _| !has_pieces(board, Color::Black)),
    palette: PaletteSafe::Always,
    samples: &["#40a0ff", "gold", "navy", "#000000", ""],
};

/// `piece`: the set the pieces are drawn from.
pub const PIECE: Param<RenderOptions> = Param {
    name: "piece",
    aliases: &[],
    required: false,
    cli: Cli::Value("SET"),
    values:
        "`cburnett`, `chessnut`, `celtic`, `fantasy`, `spatial`, `rhosgfx`, `shapes`, `kiwen-suwi`, `firi`, any case",
    default: "`cburnett`",
    about: "the piece set (docs/pieces.md: each set's sheet, author and licence)",
    read: |o, v| {
        o.piece = PieceSet::from_name(v).ok_or_else(|| bad("piece", v.trim(), PIECE_EXPECTED))?;
        Ok(())
    },
    link: |o| (o.piece != PieceSet::default()).then(|| o.piece.name().to_string()),
    key: |o| (o.piece != PieceSet::default()).then(|| format!("piece={}", o.piece.name())),
    reset: |o| o.piece = PieceSet::default(),
    changes: Changes::PICTURE,
    idle: Idle::When(|board, _| !board.cells().iter().any(|cell| matches!(cell, Cell::Piece(_)))),
    palette: PaletteSafe::Always,
    samples: &["chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi", "cburnett"],
};
