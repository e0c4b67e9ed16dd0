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
//! The crate is six layers, each a folder, each importing only from the layers before it (a test,
//! `tests/layers.rs`, reads every `use crate::…` against this order and fails on an upward import or a circle):
//!
//! 1. `notation/`: the board model, the colour grammar, the fairy glyph table and the dialect readers ([`ffen`]);
//! 2. `options/`: [`RenderOptions`], looks, a problem's furniture, themes, the words' language and form;
//! 3. `words/`: the diagram in words (the piece list in three languages, Popeye's input, the JSON);
//! 4. `draw/`: the outputs ([`Format`]), layout, sprites, text, the canvas, the RGB and palette painters, the PNG
//!    container, the SVG writer;
//! 5. `links/` ([`links`]): other diagram services' URL grammars, read into the modern route's inputs;
//! 6. `http/` ([`http`]): every decision of the Worker in plain Rust, and the editor [`page`];
//!
//! and on top the private `worker_glue` (wasm32 only), which talks to the Workers runtime. The layers' modules are
//! private; their public items are re-exported here. `docs/architecture.md` draws the map.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(clippy::too_many_lines)]

mod draw;
mod encode;
pub mod http;
pub mod links;
mod notation;
mod options;
mod output;
mod pixels;
#[cfg(test)]
mod testing;
mod words;
pub mod work;
#[cfg(target_arch = "wasm32")]
mod worker_glue;

pub use draw::card::{message_png, MESSAGE_MAX_LINES, MESSAGE_WIDTH};
pub use draw::layout::{
    check_image_size, check_image_size_within, image_size, ImageTooLarge, InvalidPixelLimit, PixelLimit,
    MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE,
};
pub use draw::render::{clear_sprite_cache, render_image, render_png};
pub use draw::svg::{render_svg, SVG_CONTENT_SECURITY_POLICY, SVG_CONTENT_TYPE};
pub use encode::png::{encode as encode_png, EncodeError};
pub use encode::{apng, gif};
pub use http::page;
pub use notation::board::{
    file_name, Board, BoardSizeError, Cell, Checkering, Color, ExtraColor, FairyName, Figure, Marker, NameError, Piece,
    PieceKind, Rotation, Text, MAX_BOARD_SIDE, MAX_NAME_LEN, MAX_TEXT_LEN,
};
pub use notation::paint::{css_colour, BadPaint, Paint, CSS_COLOURS};
pub use notation::{fairy, ffen, legal, moves, pgn, replay, san};
pub use options::error::OptionError;
pub use options::furniture::{
    Furniture, InvalidSquareName, LastMoveStyle, Marks, Move, PieceCount, SquareName, SquaresStyle, TextLines, Tint,
    LINE_BREAK, MAX_ARROWS, MAX_LINES, MAX_LINE_CHARS, MAX_SQUARES, SQUARES_COLOR_ALPHA,
};
pub use options::language::{Form, Lang};
pub use options::look::{
    BadLabels, BadPattern, BadSquareColors, Labels, Pattern, SquareColors, MAX_COLORS, MAX_LABEL_CHARS,
    MAX_PATTERN_DIGITS,
};
pub use options::params;
pub use options::render_options::{
    InvalidSquareSize, RenderOptions, SquareSize, DEFAULT_FIRST_RANK, DEFAULT_SQUARE_SIZE, MAX_FIRST_RANK,
    MAX_SQUARE_SIZE, MIN_SQUARE_SIZE,
};
pub use options::theme::{extra_tint, DarkSquares, Theme, INK, PAPER};
pub use output::cost::{
    animation_cost, new_sprites, render_cost, sprites_micros, words_cost, CostLimit, InvalidCostLimit, RenderCost,
    TooCostly, BODY_BYTE_NANOS, NEW_SPRITE_MICROS, NEW_TILE_CODE_PIXEL_NANOS, NEW_TILE_MICROS, NEW_TILE_PIXEL_NANOS,
    VECTOR_PIXEL_NANOS,
};
pub use output::format::{AnimationEncoder, Format, Playback, UnknownFormat, WriteError};
pub use output::{animation, game, pipeline};
pub use pixels::{Image, Rgb};
