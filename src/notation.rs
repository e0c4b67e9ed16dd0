//! Layer 1, the notation: what a diagram's text says. The board model ([`board`]), the colour grammar every colour
//! parameter and definition shares ([`colour`]), the fairy glyph table ([`fairy`]) and the dialect readers with the
//! canonical printer ([`ffen`]). Nothing here knows about options, pixels or HTTP.

pub mod board;
pub mod colour;
pub mod fairy;
pub mod ffen;
