//! The picture's rows put together, top down: the strips' rows, the frame's ink and the squares' tile rows, a row
//! the same as the one above copied.

use super::palette::Palette;
use super::scanlines::Scanlines;
use super::strips::{Geometry, Strip, StripRows, LEFT, RIGHT};
use super::tile::Tile;
use crate::options::theme::INK;

/// Appends `n` pixels of ink (the frame) to `pending`, its index taken in scan order like every colour's.
#[inline]
fn push_ink(palette: &mut Palette, pending: &mut Vec<u8>, n: usize) -> Option<()> {
    let ink = palette.index_of(INK.to_pixel())?;
    pending.resize(pending.len() + n, ink);
    Some(())
}

/// The picture's rows as they are written, top down: the scanlines, the palette as it grows (in scan order), each
/// strip's index rows, and which rows were written as copies of the row above.
pub(super) struct RowWriter<'a> {
    pub(super) strips: &'a [Strip; 4],
    pub(super) out: Scanlines,
    pub(super) palette: Palette,
    pub(super) strip_rows: [StripRows; 4],
    pub(super) same_above: Vec<bool>,
}

impl RowWriter<'_> {
    /// Row `y` of the picture above or below the framed board: the row of strip `strip` ([`TOP`](super::strips::TOP) or
    /// [`BOTTOM`](super::strips::BOTTOM)).
    #[inline]
    pub(super) fn strip_row(&mut self, strip: usize, y: usize) -> Option<()> {
        self.strip_rows[strip].index(&self.strips[strip], y, &mut self.palette, self.out.start_row())?;
        self.out.end_row();
        Some(())
    }

    /// Row `y` of the frame above or below the squares: the left strip's row, `ink` pixels of the frame, the right
    /// strip's row.
    #[inline]
    pub(super) fn frame_row(&mut self, y: usize, ink: usize) -> Option<()> {
        let pending = self.out.start_row();
        self.strip_rows[LEFT].index(&self.strips[LEFT], y, &mut self.palette, pending)?;
        push_ink(&mut self.palette, pending, ink)?;
        self.strip_rows[RIGHT].index(&self.strips[RIGHT], y, &mut self.palette, pending)?;
        self.out.end_row();
        Some(())
    }

    /// Row `y` of the picture, row `ty` of the band of squares whose tiles are `band`: the left strip's row, the
    /// frame, each square's row, the frame, the right strip's row. A row the same as the row above in every tile of
    /// the band and in both margins (an empty square's rows, the rows above and below the pieces) is the row above:
    /// copied, its tiles' rows not asked for (half the rows of a large start position).
    pub(super) fn band_row(
        &mut self,
        g: &Geometry,
        (y, ty): (usize, usize),
        band: &[usize],
        tiles: &mut [Tile],
    ) -> Option<()> {
        let (left, right) = (&self.strips[LEFT], &self.strips[RIGHT]);
        if ty > 0 && band.iter().all(|&id| tiles[id].art.same_above[ty]) && left.same_above(y) && right.same_above(y) {
            self.out.copy_row_above();
            self.same_above.resize(y, false);
            self.same_above.push(true);
            return Some(());
        }
        let pending = self.out.start_row();
        self.strip_rows[LEFT].index(left, y, &mut self.palette, pending)?;
        push_ink(&mut self.palette, pending, g.outline)?;
        self.squares_row(band, tiles, ty, g.square)?;
        let pending = self.out.indices();
        push_ink(&mut self.palette, pending, g.outline)?;
        self.strip_rows[RIGHT].index(right, y, &mut self.palette, pending)?;
        self.out.end_row();
        Some(())
    }

    /// Row `ty` of each square of the band whose tiles are `band`, squares `side` pixels wide.
    #[inline]
    fn squares_row(&mut self, band: &[usize], tiles: &mut [Tile], ty: usize, side: usize) -> Option<()> {
        if self.out.depth == 8 {
            // An index is a byte: each square's row as its tile has it (no call a square).
            let lines = self.out.indices();
            for &id in band {
                lines.extend_from_slice(tiles[id].row(&mut self.palette, ty, side)?);
            }
        } else {
            for &id in band {
                // A square's row on whole bytes is packed once a picture and copied; else its indices are packed
                // with the rest of the row.
                if self.out.on_byte(side) {
                    self.out.put_tile_row((id, &mut tiles[id]), &mut self.palette, ty)?;
                } else {
                    self.out.indices().extend_from_slice(tiles[id].row(&mut self.palette, ty, side)?);
                }
            }
        }
        Some(())
    }
}
