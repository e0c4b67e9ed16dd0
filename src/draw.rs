//! Layer 4, drawing: a board and its options to pixels or vectors. The geometry ([`layout`], [`coords`]), the
//! artwork ([`assets`], [`sprite`], [`mark_art`], [`text`]), the canvas ([`raster`]), the RGB and palette painters
//! ([`render`], [`indexed`], drawing the furniture with [`marks`]), the PNG container ([`pngenc`]), the SVG writer
//! ([`svg`]), the error card ([`card`]), and the animations ([`animation`]) with their containers ([`apng`], [`gif`]), and lila-gif's game ([`game`]).
//! Built on the notation and options layers only.

pub mod animation;
pub mod apng;
pub mod assets;
pub mod card;
pub mod coords;
pub mod cost;
pub mod deflate;
pub mod format;
pub mod game;
pub mod gif;
pub mod indexed;
pub mod layout;
pub mod mark_art;
pub mod marks;
pub mod pngenc;
pub mod raster;
pub mod render;
pub mod scene;
pub mod sprite;
pub mod svg;
pub mod text;
