//! Layer 6, drawing: a board and its options to pixels or vectors. The geometry ([`layout`], [`coords`]), what a
//! diagram shows ([`scene`]), the artwork ([`assets`], [`sprite`], [`mark_art`], [`badge`], [`text`]), the paths'
//! coverage ([`fill`]), the canvas ([`raster`]), and the three painters over one scene: RGB ([`render`]), palette
//! indices ([`indexed`]), both drawing the furniture with [`marks`], and SVG ([`svg`]); the error card ([`card`]).
//! Built on the pixels, encoders, notation, options and words layers; the outputs above it choose a painter and a
//! container.

pub mod assets;
pub mod badge;
pub mod card;
pub mod coords;
pub mod fill;
pub mod indexed;
pub mod layout;
pub mod mark_art;
pub mod marks;
pub mod raster;
pub mod render;
pub mod scene;
pub mod sprite;
pub mod svg;
pub mod text;
