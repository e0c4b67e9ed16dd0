//! The palette as the scan meets the colours: each colour's index, in order of first appearance (as
//! [`crate::encode::png`] builds it), and a row of pixels given its indices.

use crate::pixels::Rgb;

/// The palette as it grows: colour to index, at most 256 colours, in an open-addressing table of 1024 slots (a
/// general-purpose hash map costs more than all the rest of this path: it is asked once per pixel of every new
/// tile row). An animation's palette is one too ([`crate::output::animation`]).
pub(crate) struct Palette {
    keys: [u32; Palette::SLOTS],
    values: [u8; Palette::SLOTS],
    /// The colours, RGB, in order of their indices.
    pub(super) rgb: Vec<u8>,
}

impl Palette {
    const SLOTS: usize = 1024;
    /// Not a pixel (`0x00RRGGBB` has a zero top byte).
    pub(super) const EMPTY: u32 = u32::MAX;

    pub(crate) fn new() -> Palette {
        Palette { keys: [Palette::EMPTY; Palette::SLOTS], values: [0; Palette::SLOTS], rgb: Vec::with_capacity(48) }
    }

    /// Takes the next index for `colour` without entering it in the table: no pixel is given it (an animation's
    /// index for "unchanged").
    pub(crate) fn set_aside(&mut self, colour: Rgb) {
        self.rgb.extend_from_slice(&colour.to_array());
    }

    /// The colours, RGB, in order of their indices.
    pub(crate) fn rgb(&self) -> &[u8] {
        &self.rgb
    }

    /// The index of `pixel` (`0x00RRGGBB`), given the next one if it is new; `None` for a 257th colour.
    pub(crate) fn index_of(&mut self, pixel: u32) -> Option<u8> {
        let mut slot = (pixel.wrapping_mul(0x9E37_79B1) >> 22) as usize;
        loop {
            if self.keys[slot] == pixel {
                return Some(self.values[slot]);
            }
            if self.keys[slot] == Palette::EMPTY {
                let next = u8::try_from(self.rgb.len() / 3).ok()?;
                self.keys[slot] = pixel;
                self.values[slot] = next;
                self.rgb.extend_from_slice(&Rgb::from_pixel(pixel).to_array());
                return Some(next);
            }
            slot = (slot + 1) % Palette::SLOTS;
        }
    }

    /// Enters each of `pixels` ([`Palette::index_of`]); false at a 257th colour. (Not inlined: the plans' bounds
    /// call it in several places, and the lookup inlined at each is wasm for nothing.)
    #[inline(never)]
    pub(crate) fn enter_all(&mut self, pixels: &[u32]) -> bool {
        pixels.iter().all(|&pixel| self.index_of(pixel).is_some())
    }

    /// Gives the indices of `pixels` to `out` ([`index_pixels`]).
    pub(super) fn index_row(&mut self, pixels: &[u32], out: &mut [u8]) -> Option<()> {
        index_pixels(pixels, out, |pixel| self.index_of(pixel))
    }
}

/// Gives the indices of `pixels` (`index_of` each) to `out`, looking up only where the colour changes: a diagram's
/// rows are runs of one colour.
pub(crate) fn index_pixels(pixels: &[u32], out: &mut [u8], mut index_of: impl FnMut(u32) -> Option<u8>) -> Option<()> {
    let mut last = (Palette::EMPTY, 0);
    for (out, &pixel) in out.iter_mut().zip(pixels) {
        if pixel != last.0 {
            last = (pixel, index_of(pixel)?);
        }
        *out = last.1;
    }
    Some(())
}
