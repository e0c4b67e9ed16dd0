//! ffen-diagram: Fairy FEN chess-problem positions as PNG diagrams, served by a Cloudflare Worker.
//!
//! A position is read in one of the dialects of [`ffen`] into a [`Board`]; [`ffen::canonical`] prints the one
//! canonical string of that diagram (the heart of the cache key); [`render_png`] draws it with [`RenderOptions`]; the
//! [`http`] module makes every decision of the Worker (routes, errors, cache identity) in plain Rust, so the host
//! tests reach all of it. Only the private `worker_glue` module (wasm32) talks to the Workers runtime.
//!
//! ```
//! use ffen_diagram::{ffen, image_size, render_png, RenderOptions};
//!
//! // Game Courier's compact start position and janko's spelling are one diagram, with one canonical string.
//! let board = ffen::parse("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR", ffen::Dialect::courier())?;
//! assert_eq!(ffen::canonical(&board), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
//! assert_eq!(board, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".parse()?);
//!
//! let options = RenderOptions::default();
//! let png = render_png(&board, &options)?;
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//! assert_eq!(image_size(&board, &options), (322, 322));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Modules, one concern each (layers run one way: raster ← text ← sprite ← render ← http ← glue):
//! the board model, the render options and themes, the raster canvas, text, sprites, layout, coordinates, the error
//! card and PNG encoding are private, and their public items are re-exported here; [`ffen`] (the dialects),
//! [`fairy`] (the glyph table), [`http`] (the Worker's decisions) and [`page`] (the editor page) are public modules.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod assets;
mod board;
mod card;
mod coords;
mod cost;
mod deflate;
pub mod fairy;
pub mod ffen;
mod furniture;
pub mod http;
mod indexed;
mod layout;
mod look;
mod options;
pub mod page;
mod pngenc;
mod raster;
mod render;
mod sprite;
mod svg;
mod text;
mod theme;
#[cfg(target_arch = "wasm32")]
mod worker_glue;

pub use board::{
    Board, BoardSizeError, Cell, Checkering, Color, ExtraColor, FairyName, Figure, Marker, NameError, Piece, PieceKind,
    Rotation, Text, MAX_BOARD_SIDE, MAX_NAME_LEN, MAX_TEXT_LEN,
};
pub use cost::{render_cost, CostLimit, InvalidCostLimit, RenderCost, TooCostly};
pub use furniture::{
    Furniture, InvalidSquareName, Marks, Move, PieceCount, SquareName, TextLines, Tint, LINE_BREAK, MAX_ARROWS,
    MAX_LINES, MAX_LINE_CHARS, MAX_SQUARES,
};
pub use look::{
    css_colour, BadLabels, BadPaint, BadPalette, BadPattern, Labels, Paint, Palette, Pattern, CSS_COLOURS, MAX_COLORS,
    MAX_LABEL_CHARS, MAX_PATTERN_DIGITS,
};
pub use options::{
    InvalidSquareSize, OptionError, RenderOptions, SquareSize, DEFAULT_FIRST_RANK, DEFAULT_SQUARE_SIZE, MAX_FIRST_RANK,
    MAX_SQUARE_SIZE, MIN_SQUARE_SIZE,
};
pub use pngenc::{encode as encode_png, EncodeError};
pub use raster::{Image, Rgb};
pub use render::{
    check_image_size, check_image_size_within, clear_sprite_cache, file_name, image_size, message_png, render_image,
    render_png, ImageTooLarge, InvalidPixelLimit, PixelLimit, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MESSAGE_MAX_LINES,
    MESSAGE_WIDTH, RENDERER_VERSION,
};
pub use svg::{render_svg, SVG_CONTENT_TYPE, SVG_VERSION};
pub use theme::{extra_tint, DarkSquares, Theme, INK, PAPER};
