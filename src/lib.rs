//! ffen-diagram: Fairy FEN chess-problem positions as PNG diagrams, served by a Cloudflare Worker.
//!
//! Everything here except the `worker_glue` module is plain Rust that runs (and is tested) on the host: the board
//! model ([`board`]), the FFEN dialects and the canonical form ([`ffen`]), fairy glyphs ([`fairy`]).

mod assets;
pub mod board;
mod card;
mod coords;
pub mod fairy;
pub mod ffen;
pub mod http;
mod layout;
pub mod options;
pub mod page;
pub mod pngenc;
pub mod raster;
pub mod render;
mod sprite;
mod text;
pub mod theme;
#[cfg(target_arch = "wasm32")]
pub mod worker_glue;
