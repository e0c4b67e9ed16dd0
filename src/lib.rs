//! ffen-diagram: Fairy FEN chess-problem positions as PNG diagrams, served by a Cloudflare Worker.
//!
//! Everything here except the `worker_glue` module is plain Rust that runs (and is tested) on the host: the board
//! model ([`board`]), the FFEN dialects and the canonical form ([`ffen`]), fairy glyphs ([`fairy`]).

pub mod board;
pub mod fairy;
pub mod ffen;
