//! Layer 2, encoding: pixels, palette indices and palettes into file formats. The zlib stream ([`deflate`], with
//! an animation frame's coder from its squares), the PNG container ([`png`]), the animated PNG ([`apng`]) and the
//! GIF ([`gif`]). Built on [`crate::pixels`] only: nothing here knows a board, an option or a layout.

pub mod apng;
pub mod deflate;
pub mod gif;
pub mod png;
