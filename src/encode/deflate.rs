//! The zlib stream of a PNG's scanlines, written from what a diagram is made of instead of searched for.
//!
//! Why: a diagram is a frame and a few dozen different squares repeated, so most of its scanlines are copies of a
//! scanline already written (the row above inside a square, or the same row of a square one or two bands up), and
//! a general deflate spends most of a cache miss's time finding that out, byte by byte, again on every request
//! (docs/cost.md). Here:
//!
//! - a scanline equal to an earlier one inside the 32-KB window (found by a hash of whole rows, then compared) is one
//!   back-reference at the distance of the rows, however long the run of equal rows;
//! - runs of the other scanlines are compressed together: at each byte the longest match of the candidates, the run
//!   (distance 1), the same column 1–8 rows up, the distance of the last match, and earlier places with the same four
//!   bytes (a short hash chain; how many places, and whether to look one byte ahead, depends on the size:
//!   [`Effort`](search::Effort));
//! - the tokens are coded in one block with Huffman codes built for them (or the fixed codes, or stored, whichever
//!   is smallest), and the Adler-32 of a copied row is the copied row's, combined, not recomputed;
//! - in a large picture (a band of squares nearly the window) whose squares start on whole bytes (or, at 4 bits,
//!   inside one, in up to 512 KB of scanlines: then the byte two squares share is searched), the
//!   palette painter's [`Bands`] says which bytes of each band are which square: a square is coded from its tile's
//!   [`TileCode`](tile::TileCode) (its tokens, searched once per isolate and kept with the tile, matches only inside
//!   the tile, so valid wherever it is shown), a square shown again further left is one copy, and only the margins
//!   and frame are searched; the same squares to the left are tried where the code has a literal, and each match
//!   runs on as far as the bytes repeat. Every planned match is checked against the bytes (a wrong plan costs bytes,
//!   never the picture). Those PNGs' bytes differ from the search's, their pixels do not;
//! - in the largest of them (more than 1,024 × 1,024 pixels of a board larger than 8×8, [`stamped`](bands::stamped))
//!   whose tiles show again, each tile row's tokens are made once a picture and copied wherever the tile shows that
//!   row, and written as bits once and copied too ([`Stamps`](stamps::Stamps)): a 32×32 board's rows are a third
//!   cheaper.
//!
//! Deterministic: the same scanlines always give the same bytes. Tested by decoding with independent inflaters
//! (`png`, `flate2`) over generated and real pictures.
//!
//! The steps, each a module, each naming only the ones before it: [`tokens`] (what the coders make), [`adler`],
//! [`search`] (the byte search), [`tile`] (a tile's own code), [`bands`] (the bands of squares the painter hands in),
//! [`stamps`], [`coder`] (the scanlines as tokens), then the writing: [`huffman`] (code lengths and canonical codes),
//! [`bits`], [`codes`] (the symbols and a block's codes), [`block`] (the one block) and [`zlib`] (the streams).
//! [`frames`] codes an animation's frame from its squares with the tile codes and the shared code.

mod adler;
pub(crate) mod bands;
mod bits;
mod block;
mod coder;
mod codes;
mod huffman;
mod search;
mod stamps;
pub(crate) mod tile;
mod tokens;
pub(crate) mod zlib;

// (Named by its users as `deflate::frames`: it uses the other modules' tokens, tile codes and shared code, so no
// other module names anything of it.)
pub(crate) mod frames;
