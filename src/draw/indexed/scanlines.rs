//! The picture's PNG scanlines as they are written, at the depth the census gave: rows packed where whole bytes end,
//! a square's row on whole bytes packed once and copied.

use super::palette::Palette;
use super::tile::Tile;
use crate::encode::png;

/// A picture's PNG scanlines at the depth they are written at, row by row: below 8 bits a row's pixels gathered as
/// indices (`pending`) and packed where a whole byte ends, a square's row on whole bytes packed once and copied
/// packed where it shows again; at 8 bits the indices themselves.
pub(super) struct Scanlines {
    pub(super) depth: u8,
    /// Pixels a byte (1, 2, 4 or 8) as a shift: divisions by a number not known when compiling cost tens of
    /// cycles in wasm, a few a square.
    per_byte_log2: u32,
    /// A scanline's bytes: the filter byte and the samples.
    stride: usize,
    pub(super) lines: Vec<u8>,
    /// Bytes of `lines` (start, length) to be copied next: squares' rows next to each other that were written next
    /// to each other before (a rank like an earlier one: one copy, not one a square).
    copy: (usize, usize),
    /// The indices of the row being written that are not packed yet, after `copy` (at most one of them is not
    /// empty; the bytes before them are written, whole).
    pending: Vec<u8>,
    /// Where in `lines` each tile's row (tile × side + row) was first written on whole bytes (`u32::MAX`: not yet;
    /// a picture's scanlines are at most [`crate::draw::layout::MAX_IMAGE_PIXELS`] bytes and a few): copied from
    /// there wherever it shows so again.
    tile_rows_at: Vec<u32>,
}

impl Scanlines {
    /// Scanlines of `width` × `height` pixels at `depth` bits, of squares of `tiles` tiles of `side` pixels.
    pub(super) fn new((width, height): (usize, usize), depth: u8, (tiles, side): (usize, usize)) -> Scanlines {
        let per_byte = 8 / usize::from(depth);
        let stride = 1 + width.div_ceil(per_byte);
        Scanlines {
            depth,
            per_byte_log2: per_byte.trailing_zeros(),
            stride,
            lines: Vec::with_capacity(stride * height),
            copy: (0, 0),
            pending: Vec::with_capacity(width),
            tile_rows_at: if depth < 8 { vec![u32::MAX; tiles * side] } else { Vec::new() },
        }
    }

    /// Starts a row (its filter byte: 0, none); its indices go into what this returns.
    pub(super) fn start_row(&mut self) -> &mut Vec<u8> {
        self.lines.push(0);
        self.indices()
    }

    /// Where the row's next indices go (after what is to be copied): at 8 bits the scanlines themselves (an index
    /// is a byte).
    #[inline]
    pub(super) fn indices(&mut self) -> &mut Vec<u8> {
        self.flush_copy();
        if self.depth == 8 {
            &mut self.lines
        } else {
            &mut self.pending
        }
    }

    /// Whether `pixels` packed samples, a whole number of bytes, may be given next: the row so far ends on a byte.
    pub(super) fn on_byte(&self, pixels: usize) -> bool {
        let within_a_byte = (1 << self.per_byte_log2) - 1;
        (self.pending.len() | pixels) & within_a_byte == 0
    }

    /// Appends row `ty` of tile `id` (`side` pixels) below 8 bits, where [`Scanlines::on_byte`]: packed the first
    /// time, then copied from there (with the squares before it where they were next to each other there too).
    pub(super) fn put_tile_row(
        &mut self,
        (id, tile): (usize, &mut Tile),
        palette: &mut Palette,
        ty: usize,
    ) -> Option<()> {
        let side = tile.rows.len();
        debug_assert!(self.depth < 8, "8-bit rows are copied from the tiles");
        let slot = id * side + ty;
        let at = self.tile_rows_at[slot] as usize;
        if at == u32::MAX as usize {
            self.flush();
            self.tile_rows_at[slot] = u32::try_from(self.lines.len()).ok()?;
            png::pack_row(tile.row(palette, ty, side)?, self.depth, &mut self.lines);
        } else {
            if !self.pending.is_empty() {
                self.flush();
            }
            let bytes = side >> self.per_byte_log2;
            match &mut self.copy {
                (start, len) if *len > 0 && *start + *len == at => *len += bytes,
                _ => {
                    self.flush_copy();
                    self.copy = (at, bytes);
                }
            }
        }
        Some(())
    }

    /// Writes what is to be copied.
    fn flush_copy(&mut self) {
        if self.copy.1 > 0 {
            let (start, len) = std::mem::take(&mut self.copy);
            self.lines.extend_from_within(start..start + len);
        }
    }

    /// Writes what is to be copied and packs the indices gathered (on whole bytes, or at the row's end).
    fn flush(&mut self) {
        self.flush_copy();
        if !self.pending.is_empty() {
            png::pack_row(&self.pending, self.depth, &mut self.lines);
            self.pending.clear();
        }
    }

    /// Ends the row: the last of its indices packed (a last partial byte padded with zero bits).
    pub(super) fn end_row(&mut self) {
        self.flush();
        debug_assert!(self.lines.len().is_multiple_of(self.stride));
    }

    /// A row the same as the one above.
    pub(super) fn copy_row_above(&mut self) {
        let start = self.lines.len();
        self.lines.extend_from_within(start - self.stride..start);
    }
}
