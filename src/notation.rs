//! Layer 3, the notation: what a diagram's text says. The board model ([`board`], where `Color` is a piece's
//! colour), the grammar every paint of a diagram is written in ([`paint`]: `Rgb`, `Paint`), the fairy glyph table
//! ([`fairy`]) and the dialect readers with the canonical printer ([`ffen`]). Nothing here knows about options,
//! pixels or HTTP.

pub mod board;
pub mod fairy;
pub mod ffen;
pub mod legal;
pub mod moves;
pub mod paint;
pub mod pgn;
pub mod replay;
pub mod san;
