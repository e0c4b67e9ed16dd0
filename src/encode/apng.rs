//! Animated PNG for palette pictures: one palette for every frame, the first frame the whole canvas (and the PNG's
//! default image, so a viewer without APNG shows it and counts no extra frame), each later frame a rectangle of the
//! canvas drawn over what is there (dispose `NONE`, blend `SOURCE`, or `OVER` where a see-through index shows
//! what is there: the settings every decoder agrees on), with its delay in milliseconds, playing for ever.
//!
//! The chunks: `IHDR`, `acTL` (frames, plays), `sRGB`, `gAMA`, `PLTE` (and `tRNS` making the `unchanged` index
//! see-through, whose pixels the later frames blend `OVER` what is there), then `fcTL` + `IDAT` for frame 0 and `fcTL` +
//! `fdAT` for every later one (one sequence of numbers over both), `IEND`. Each frame's rows are packed at the
//! palette's bit depth and compressed by the deflate of the stills (`src/encode/deflate.rs`).
//!
//! ```
//! use ffen_diagram::apng::{encode, Frame};
//! use ffen_diagram::Rgb;
//! let first = Frame { left: 0, top: 0, width: 2, height: 2, indices: &[0, 1, 1, 0], delay_ms: 1000 };
//! let second = Frame { left: 1, top: 1, width: 1, height: 1, indices: &[1], delay_ms: 2000 };
//! let bytes = encode(2, 2, &[Rgb(255, 255, 255), Rgb(0, 0, 0)], &[first, second], None).unwrap();
//! assert!(bytes.windows(4).any(|w| w == b"acTL") && bytes.windows(4).any(|w| w == b"fdAT"));
//! ```

use crate::encode::deflate::bands::Bands;
use crate::encode::deflate::frames::{SquareCoder, SquareFrame};
use crate::encode::deflate::tile::TileCodes;
use crate::encode::deflate::zlib::zlib_scanlines;
use crate::encode::png::{chunk, depth_for, pack};
use crate::pixels::Rect;
use crate::pixels::Rgb;
use std::fmt;
use std::sync::Arc;

/// One frame: a rectangle of the canvas, its palette indices row by row, and how long it shows.
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    /// Its left edge on the canvas, in pixels.
    pub left: u32,
    /// Its top edge on the canvas, in pixels.
    pub top: u32,
    /// Its width in pixels (at least 1).
    pub width: u32,
    /// Its height in pixels (at least 1).
    pub height: u32,
    /// `width × height` palette indices, row by row.
    pub indices: &'a [u8],
    /// How long it shows, in milliseconds (at most 65,535: APNG's delay is a 16-bit fraction of a second).
    pub delay_ms: u16,
}

/// Why frames cannot be written as an animated PNG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApngError {
    /// No colours, or more than 256.
    Palette(usize),
    /// No frames.
    NoFrames,
    /// The first frame is not the whole canvas (it is the PNG's default image).
    FirstNotWhole,
    /// A frame that is empty, outside the canvas, has the wrong number of indices, or an index past the palette:
    /// which frame (from 0).
    BadFrame(usize),
}

impl fmt::Display for ApngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApngError::Palette(n) => write!(f, "a palette PNG holds 1 to 256 colours, not {n}"),
            ApngError::NoFrames => f.write_str("an animation needs a frame"),
            ApngError::FirstNotWhole => f.write_str("the first frame must be the whole picture"),
            ApngError::BadFrame(i) => write!(f, "frame {i} does not fit the canvas or the palette"),
        }
    }
}

impl std::error::Error for ApngError {}

/// The animated PNG of `frames` on a `width × height` canvas with `palette`; in the frames after the first, the
/// pixels of index `unchanged` (if any) are see-through: they show what is there.
pub fn encode(
    width: u32,
    height: u32,
    palette: &[Rgb],
    frames: &[Frame<'_>],
    unchanged: Option<u8>,
) -> Result<Vec<u8>, ApngError> {
    let depth = depth_for(palette.len());
    encode_planned((width, height, depth), palette, frames, unchanged, &[], Tiles::default())
}

/// What the deflate knows of a frame's rows: nothing (they are searched), its bands of tiles, or its squares.
pub(crate) enum Rows<'a> {
    /// Searched.
    Searched,
    /// Coded as its band plan says.
    Planned(&'a Bands),
    /// Its scanlines, packed at the animation's depth already (an empty frame's indices stand for them), coded as
    /// the band plan says.
    Packed(Vec<u8>, &'a Bands),
    /// Coded from its squares alone ([`SquareCoder`]), the tiles being [`Tiles`]'.
    Squares(SquareFrame<'a>),
}

/// The tiles that frames of [`Rows::Squares`] show: each one's palette indices and codes.
#[derive(Clone, Copy, Default)]
pub(crate) struct Tiles<'a> {
    pub indices: &'a [Vec<u8>],
    pub codes: &'a [Option<Arc<TileCodes>>],
}

/// [`encode`] at `depth` bits a sample (at least the palette's), each frame's rows coded as `rows` says (`rows[i]`
/// for frame `i`; a frame past its end is searched): the animations' frames are squares of `tiles`, whose codes
/// are kept.
pub(crate) fn encode_planned(
    (width, height, depth): (u32, u32, u8),
    palette: &[Rgb],
    frames: &[Frame<'_>],
    unchanged: Option<u8>,
    rows: &[Rows<'_>],
    tiles: Tiles<'_>,
) -> Result<Vec<u8>, ApngError> {
    let past = unchanged.is_some_and(|i| usize::from(i) >= palette.len());
    let deep = depth >= depth_for(palette.len()) && [1, 2, 4, 8].contains(&depth);
    if palette.is_empty() || palette.len() > 256 || past || !deep {
        return Err(ApngError::Palette(palette.len()));
    }
    let first = frames.first().ok_or(ApngError::NoFrames)?;
    if (first.left, first.top, first.width, first.height) != (0, 0, width, height) {
        return Err(ApngError::FirstNotWhole);
    }
    // A frame of squares has its indices from its tiles: its squares are its rectangle.
    let fits = |(i, f): (usize, &Frame<'_>)| {
        let rect = Rect::new(f.left, f.top, f.width, f.height);
        match rows.get(i) {
            Some(Rows::Packed(scanlines, _)) => {
                let stride = 1 + u64::from(f.width).div_ceil(8 / u64::from(depth));
                rect.is_inside((width, height)) && scanlines.len() as u64 == stride * u64::from(f.height)
            }
            Some(Rows::Squares(squares)) => {
                rect.is_inside((width, height)) && squares.size() == (f.width as usize, f.height as usize)
            }
            _ => rect.holds_frame(f.indices, (width, height), palette.len()),
        }
    };
    if let Some(i) = frames.iter().enumerate().position(|frame| !fits(frame)) {
        return Err(ApngError::BadFrame(i));
    }
    let mut out = Vec::with_capacity(1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = [0; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    header[8] = depth;
    header[9] = 3;
    chunk(&mut out, b"IHDR", &header);
    let mut control = [0; 8];
    control[..4].copy_from_slice(&(frames.len() as u32).to_be_bytes());
    // The number of plays: 0, for ever.
    chunk(&mut out, b"acTL", &control);
    chunk(&mut out, b"sRGB", &[0]);
    chunk(&mut out, b"gAMA", &45455u32.to_be_bytes());
    let table: Vec<u8> = palette.iter().flat_map(|&Rgb(r, g, b)| [r, g, b]).collect();
    chunk(&mut out, b"PLTE", &table);
    if let Some(i) = unchanged {
        // Alpha 0 for that index; the entries after it are opaque.
        let mut alphas = vec![255; usize::from(i) + 1];
        alphas[usize::from(i)] = 0;
        chunk(&mut out, b"tRNS", &alphas);
    }
    let mut sequence = 0u32;
    let mut squares = SquareCoder::new(depth, tiles.indices, tiles.codes);
    let grids: Vec<Option<&SquareFrame>> =
        rows.iter().map(|rows| if let Rows::Squares(grid) = rows { Some(grid) } else { None }).collect();
    let mut streams = squares.zlib_all(&grids);
    for (i, frame) in frames.iter().enumerate() {
        crate::work::count(crate::work::Unit::Coded, u64::from(frame.width) * u64::from(frame.height));
        chunk(&mut out, b"fcTL", &frame_control(sequence, frame, i > 0 && unchanged.is_some()));
        sequence += 1;
        let data = match rows.get(i) {
            Some(Rows::Squares(grid)) => streams[i].take().unwrap_or_else(|| {
                let indices = grid.indices(tiles.indices);
                compressed(&Frame { indices: &indices, ..*frame }, depth, None)
            }),
            Some(Rows::Planned(plan)) => compressed(frame, depth, Some(plan)),
            Some(Rows::Packed(scanlines, plan)) => {
                let stride = 1 + (frame.width as usize).div_ceil(8 / usize::from(depth));
                zlib_scanlines(scanlines, stride, Some((plan, depth)))
            }
            Some(Rows::Searched) | None => compressed(frame, depth, None),
        };
        if i == 0 {
            chunk(&mut out, b"IDAT", &data);
        } else {
            let mut fdat = Vec::with_capacity(data.len() + 4);
            fdat.extend_from_slice(&sequence.to_be_bytes());
            fdat.extend_from_slice(&data);
            chunk(&mut out, b"fdAT", &fdat);
            sequence += 1;
        }
    }
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// An `fcTL` chunk's data: sequence number, the rectangle, the delay as a fraction (milliseconds over 1,000),
/// dispose `NONE` and blend `SOURCE` (or `OVER`).
fn frame_control(sequence: u32, frame: &Frame<'_>, over: bool) -> [u8; 26] {
    let mut data = [0; 26];
    for (i, value) in [sequence, frame.width, frame.height, frame.left, frame.top].into_iter().enumerate() {
        data[4 * i..4 * i + 4].copy_from_slice(&value.to_be_bytes());
    }
    data[20..22].copy_from_slice(&frame.delay_ms.to_be_bytes());
    data[22..24].copy_from_slice(&1000u16.to_be_bytes());
    data[25] = u8::from(over);
    data
}

/// A frame's rows, packed at `depth` with a filter byte each and zlib-compressed (coded from its tiles where its
/// band plan says).
fn compressed(frame: &Frame<'_>, depth: u8, plan: Option<&Bands>) -> Vec<u8> {
    let width = frame.width as usize;
    let rows = pack(frame.indices, width, depth);
    zlib_scanlines(&rows, 1 + width.div_ceil(8 / usize::from(depth)), plan.map(|plan| (plan, depth)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each frame as the `png` crate decodes it: (x, y, width, height), delay (numerator, denominator), dispose
    /// and blend, and its indices (unpacked to one byte each).
    #[allow(clippy::type_complexity)]
    fn decode(bytes: &[u8]) -> (u32, Vec<((u32, u32, u32, u32), (u16, u16), Vec<u8>)>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().expect("a PNG");
        let control = reader.info().animation_control.expect("an acTL");
        let depth = reader.info().bit_depth as usize;
        let mut frames = Vec::new();
        for _ in 0..control.num_frames {
            let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
            let info = reader.next_frame(&mut buffer).expect("a frame");
            let fc = reader.info().frame_control.expect("an fcTL");
            assert_eq!((fc.dispose_op, fc.blend_op), (png::DisposeOp::None, png::BlendOp::Source));
            let indices = unpack(&buffer, info.width as usize, info.height as usize, info.line_size, depth);
            frames.push(((fc.x_offset, fc.y_offset, fc.width, fc.height), (fc.delay_num, fc.delay_den), indices));
        }
        assert_eq!(control.num_plays, 0, "for ever");
        (control.num_frames, frames)
    }

    fn unpack(buffer: &[u8], width: usize, height: usize, line: usize, depth: usize) -> Vec<u8> {
        let per_byte = 8 / depth;
        let mask = ((1u16 << depth) - 1) as u8;
        (0..height)
            .flat_map(|y| {
                let row = &buffer[y * line..(y + 1) * line];
                (0..width).map(move |x| {
                    let shift = 8 - depth * (x % per_byte + 1);
                    (row[x / per_byte] >> shift) & mask
                })
            })
            .collect()
    }

    fn palette(n: usize) -> Vec<Rgb> {
        (0..n).map(|i| Rgb(i as u8, 255 - i as u8, (i * 3) as u8)).collect()
    }

    fn pattern(len: usize, colours: usize) -> Vec<u8> {
        (0..len).map(|i| ((i * 7 + i / 13) % colours) as u8).collect()
    }

    #[test]
    fn frames_decode_to_their_rectangles_delays_and_indices() {
        for colours in [1, 2, 3, 4, 5, 16, 17, 256] {
            let all = pattern(37 * 23, colours);
            let part = pattern(5 * 9, colours);
            let corner = pattern(1, colours);
            let frames = [
                Frame { left: 0, top: 0, width: 37, height: 23, indices: &all, delay_ms: 1000 },
                Frame { left: 30, top: 10, width: 5, height: 9, indices: &part, delay_ms: 2500 },
                Frame { left: 36, top: 22, width: 1, height: 1, indices: &corner, delay_ms: 0 },
            ];
            let (count, decoded) = decode(&encode(37, 23, &palette(colours), &frames, None).unwrap());
            assert_eq!(count, 3);
            assert_eq!(decoded[0], ((0, 0, 37, 23), (1000, 1000), all), "{colours} colours");
            assert_eq!(decoded[1], ((30, 10, 5, 9), (2500, 1000), part), "{colours} colours");
            assert_eq!(decoded[2], ((36, 22, 1, 1), (0, 1000), corner), "{colours} colours");
        }
    }

    #[test]
    fn the_first_frame_is_the_default_image_before_the_first_idat() {
        let all = [0u8; 4];
        let one = [1u8];
        let frames = [
            Frame { left: 0, top: 0, width: 2, height: 2, indices: &all, delay_ms: 1 },
            Frame { left: 1, top: 0, width: 1, height: 1, indices: &one, delay_ms: 1 },
        ];
        let bytes = encode(2, 2, &palette(2), &frames, None).unwrap();
        let at = |kind: &[u8]| bytes.windows(4).position(|w| w == kind).unwrap();
        assert!(at(b"acTL") < at(b"fcTL") && at(b"fcTL") < at(b"IDAT") && at(b"IDAT") < at(b"fdAT"));
        // A decoder without APNG sees the first frame as the picture.
        let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes[..])).read_info().unwrap();
        let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buffer).unwrap();
    }

    #[test]
    fn what_an_animation_cannot_hold_is_an_error() {
        let one = [0u8];
        let frame = Frame { left: 0, top: 0, width: 1, height: 1, indices: &one, delay_ms: 0 };
        assert_eq!(encode(1, 1, &palette(257), &[frame], None), Err(ApngError::Palette(257)));
        assert_eq!(encode(1, 1, &palette(2), &[], None), Err(ApngError::NoFrames));
        assert_eq!(encode(2, 1, &palette(2), &[frame], None), Err(ApngError::FirstNotWhole));
        let outside = Frame { left: u32::MAX, ..frame };
        assert_eq!(encode(1, 1, &palette(2), &[frame, outside], None), Err(ApngError::BadFrame(1)));
        let past = [3u8];
        assert_eq!(encode(1, 1, &palette(2), &[Frame { indices: &past, ..frame }], None), Err(ApngError::BadFrame(0)));
        assert_eq!(ApngError::FirstNotWhole.to_string(), "the first frame must be the whole picture");
    }
}
