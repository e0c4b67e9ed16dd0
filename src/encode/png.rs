//! PNG encoding: an indexed (palette) PNG at the smallest bit depth when the image has at most 256 colours, else
//! 8-bit RGB; always with an sRGB chunk (and the matching gAMA for old decoders), so colours are the same everywhere.
//!
//! Output is byte-for-byte deterministic: the palette is in order of first appearance (scanning rows top down),
//! and the encoder settings are fixed.

use crate::encode::deflate::bands::Bands;
use crate::pixels::{Image, Rgb};
use std::sync::OnceLock;

/// The colours of an image and each pixel's index, if there are at most 256 colours.
struct Indexed {
    palette: Vec<u8>,
    /// The `tRNS` chunk: the alpha of each palette entry up to the last that is not opaque; empty if all are.
    alphas: Vec<u8>,
    indices: Vec<u8>,
}

/// Palette and indices in one pass: an open-addressing table from colour to index (at most 256 entries in 1024
/// slots), skipped while a run of one colour lasts. `None` at the 257th colour.
fn index_colours(pixels: &[u32]) -> Option<Indexed> {
    const SLOTS: usize = 1024;
    const EMPTY: u32 = u32::MAX;
    let mut keys = [EMPTY; SLOTS];
    let mut values = [0u8; SLOTS];
    let mut palette = Vec::with_capacity(256 * 3);
    let mut alphas = Vec::new();
    let mut indices = vec![0u8; pixels.len()];
    let mut last_key = EMPTY;
    let mut last_index = 0u8;
    for (out, &key) in indices.iter_mut().zip(pixels) {
        if key != last_key {
            let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
            loop {
                if keys[slot] == key {
                    last_index = values[slot];
                    break;
                }
                if keys[slot] == EMPTY {
                    let count = palette.len() / 3;
                    if count == 256 {
                        return None;
                    }
                    keys[slot] = key;
                    values[slot] = count as u8;
                    palette.extend_from_slice(&Rgb::from_pixel(key).to_array());
                    alphas.push(255 - (key >> 24) as u8);
                    last_index = count as u8;
                    break;
                }
                slot = (slot + 1) % SLOTS;
            }
            last_key = key;
        }
        *out = last_index;
    }
    // tRNS lists alphas up to the last entry that is not opaque; an opaque image gets none (its bytes unchanged).
    let translucent = alphas.iter().rposition(|&a| a != 255).map_or(0, |last| last + 1);
    alphas.truncate(translucent);
    Some(Indexed { palette, alphas, indices })
}

/// PNG scanlines of 8-bit indices packed into `depth`-bit samples (1, 2, 4 or 8): each row a filter byte (0, none)
/// and its samples, starting on a byte.
#[inline(never)] // called once a picture; kept apart in profiles
pub(crate) fn pack(indices: &[u8], width: usize, depth: u8) -> Vec<u8> {
    let per_byte = 8 / depth.min(8) as usize;
    let row_bytes = width.div_ceil(per_byte);
    let rows = indices.len().checked_div(width).unwrap_or(0);
    let mut out = Vec::with_capacity((row_bytes + 1) * rows);
    for row in indices.chunks_exact(width.max(1)) {
        out.push(0);
        pack_row(row, depth, &mut out);
    }
    out
}

/// Appends `row`'s indices packed into `depth`-bit samples (1, 2, 4 or 8; each index below `1 << depth`), the first
/// pixel in a byte's high bits: `row.len()` pixels in whole bytes, a last partial byte padded with zero bits.
pub(crate) fn pack_row(row: &[u8], depth: u8, out: &mut Vec<u8>) {
    if depth >= 8 {
        out.extend_from_slice(row);
        return;
    }
    let per_byte = 8 / depth.clamp(1, 8) as usize;
    let start = out.len();
    out.resize(start + row.len().div_ceil(per_byte), 0);
    let dst = &mut out[start..];
    // Whole bytes in fixed-size groups (which the compiler turns into wide operations), then the last partial one.
    let whole = row.len() / per_byte;
    match depth {
        4 => {
            // Eight indices (each below 16) a step: byte 2k of `y` is index 2k << 4 | index 2k + 1.
            let eights = row.len() / 8;
            for (d, r) in dst[..eights * 4].chunks_exact_mut(4).zip(row.chunks_exact(8)) {
                let x = u64::from_le_bytes(r.try_into().expect("8 bytes"));
                let y = (x << 4 | x >> 8) & 0x00FF_00FF_00FF_00FF;
                let y = (y | y >> 8) & 0x0000_FFFF_0000_FFFF;
                d.copy_from_slice(&((y | y >> 16) as u32).to_le_bytes());
            }
            for (d, pair) in dst[eights * 4..].iter_mut().zip(row[eights * 8..].chunks_exact(2)) {
                *d = pair[0] << 4 | pair[1];
            }
        }
        // (1 and 2 bits, pictures of at most four colours: rare, so a byte at a time, in less code.)
        _ => {
            for (d, g) in dst.iter_mut().zip(row.chunks_exact(per_byte)) {
                *d = g.iter().fold(0, |byte, &v| byte << depth | v);
            }
        }
    }
    if whole < dst.len() {
        let mut byte = 0u8;
        for (i, &v) in row[whole * per_byte..].iter().enumerate() {
            byte |= v << (8 - depth as usize * (i + 1));
        }
        dst[whole] = byte;
    }
}

/// Scanlines of `width` pixels at `from` bits a sample, at `to` bits (fewer; each index below `1 << to`): the palette
/// painter's rows where it wrote them a byte a pixel, or counted more colours than the picture has. A row flagged in
/// `same_above` (the row above it, as the painter knows) is copied.
pub(crate) fn repack(scanlines: &[u8], width: usize, from: u8, to: u8, same_above: &[bool]) -> Vec<u8> {
    let (per_byte, mask) = (8 / usize::from(from), ((1u16 << from) - 1) as u8);
    let stride = 1 + width.div_ceil(per_byte);
    let out_stride = 1 + width.div_ceil(8 / usize::from(to));
    let mut out = Vec::with_capacity(scanlines.len() / stride * out_stride);
    let mut row = Vec::with_capacity(width);
    for (r, line) in scanlines.chunks_exact(stride).enumerate() {
        if r > 0 && same_above.get(r) == Some(&true) {
            debug_assert_eq!(line, &scanlines[(r - 1) * stride..r * stride]);
            let start = out.len();
            out.extend_from_within(start - out_stride..start);
            continue;
        }
        out.push(line[0]);
        if from == 8 {
            pack_row(&line[1..], to, &mut out);
        } else {
            row.clear();
            row.extend(
                (0..width).map(|x| line[1 + x / per_byte] >> (8 - usize::from(from) * (x % per_byte + 1)) & mask),
            );
            pack_row(&row, to, &mut out);
        }
    }
    out
}

/// The bit depth of a PNG of `colours` palette entries: the smallest of 1, 2, 4 and 8 bits that indexes them.
pub(crate) fn depth_for(colours: usize) -> u8 {
    match colours {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    }
}

/// PNG scanlines of unfiltered rows of `row_bytes` bytes: a filter byte (0, none) before each.
fn scanlines(rows: &[u8], row_bytes: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(rows.len() + rows.len() / row_bytes.max(1));
    for row in rows.chunks_exact(row_bytes) {
        out.push(0);
        out.extend_from_slice(row);
    }
    out
}

/// Why an image could not be encoded. Never expected for images this crate makes; the HTTP layer answers it with a
/// `500` that is never cached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// The image has no pixels (a zero width or height).
    Empty,
    /// The pixel buffer's length is not width × height.
    SizeMismatch,
}

impl std::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EncodeError::Empty => f.write_str("the image has no pixels"),
            EncodeError::SizeMismatch => f.write_str("the pixel buffer does not match the image size"),
        }
    }
}

impl std::error::Error for EncodeError {}

/// Encodes `image` as PNG; see the module documentation.
pub fn encode(image: &Image) -> Result<Vec<u8>, EncodeError> {
    let (w, h) = (image.width as usize, image.height as usize);
    if w == 0 || h == 0 {
        return Err(EncodeError::Empty);
    }
    if image.pixels.len() != w * h {
        return Err(EncodeError::SizeMismatch);
    }
    match index_colours(&image.pixels) {
        Some(indexed) => encode_palette(image.width, image.height, indexed.palette, indexed.alphas, &indexed.indices),
        None if image.has_transparency() => write_png(image.width, image.height, Samples::Rgba(image.to_rgba()), None),
        None => write_png(image.width, image.height, Samples::Rgb(image.to_rgb()), None),
    }
}

/// What a PNG holds: scanlines of packed palette indices (see [`pack`]) with their palette (and the `tRNS` alphas, empty when every entry is
/// opaque), or RGB bytes, or RGBA bytes (a picture with transparency and more than 256 colours).
enum Samples {
    Indexed { palette: Vec<u8>, alphas: Vec<u8>, depth: u8, rows: Vec<u8> },
    Rgb(Vec<u8>),
    Rgba(Vec<u8>),
}

/// Encodes a picture drawn as PNG scanlines of palette indices (`depth`-bit samples, each row a filter byte 0 and its
/// samples; at most 256 colours) at the smallest bit depth for its palette's size ([`depth_for`]): the pixels
/// [`encode`] makes of the RGB picture whose colours, in order of first appearance, are that palette. The painter's
/// band plan ([`Bands`]) codes the rows of squares where it can (other bytes than [`encode`]'s, the same picture).
pub(crate) fn encode_indexed(
    (width, height): (u32, u32),
    palette: Vec<u8>,
    depth: u8,
    scanlines: Vec<u8>,
    bands: &Bands,
) -> Result<Vec<u8>, EncodeError> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 {
        return Err(EncodeError::Empty);
    }
    if depth != depth_for(palette.len() / 3) || scanlines.len() != h * (1 + w.div_ceil(8 / usize::from(depth))) {
        return Err(EncodeError::SizeMismatch);
    }
    let samples = Samples::Indexed { palette, alphas: Vec::new(), depth, rows: scanlines };
    write_png(width, height, samples, Some(bands))
}

/// The palette encoder of [`encode`]: its indices packed at the smallest bit depth for the palette, with the alphas
/// of a `tRNS` chunk (see [`Indexed`]'s `alphas`).
fn encode_palette(
    width: u32,
    height: u32,
    palette: Vec<u8>,
    alphas: Vec<u8>,
    indices: &[u8],
) -> Result<Vec<u8>, EncodeError> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 {
        return Err(EncodeError::Empty);
    }
    if indices.len() != w * h {
        return Err(EncodeError::SizeMismatch);
    }
    let depth = depth_for(palette.len() / 3);
    write_png(width, height, Samples::Indexed { palette, alphas, depth, rows: pack(indices, w, depth) }, None)
}

/// The PNG file: signature, `IHDR`, `sRGB` (perceptual) and `gAMA` (1/2.2), the palette (`PLTE`) and its alphas
/// (`tRNS`, only for a picture with transparency) if any, one
/// `IDAT` (unfiltered scanlines, compressed by [`crate::encode::deflate`]), `IEND`: the chunks and order of the `png`
/// crate's encoder, so that a picture's chunks are those cached PNGs have. Written here because those few chunks are
/// all the Worker needs of that encoder, which links about 30 KB of wasm (its own deflate and a decompressor for text
/// chunks); the `png` crate stays a dev-dependency that decodes in the tests.
fn write_png(width: u32, height: u32, samples: Samples, bands: Option<&Bands>) -> Result<Vec<u8>, EncodeError> {
    const INDEXED: u8 = 3;
    const RGB: u8 = 2;
    const RGBA: u8 = 6;
    let w = width as usize;
    let (depth, color_type, palette, lines, row_bytes) = match samples {
        Samples::Indexed { palette, alphas, depth, rows } => {
            (depth, INDEXED, Some((palette, alphas)), rows, w.div_ceil(8 / depth as usize))
        }
        Samples::Rgb(rgb) => (8, RGB, None, scanlines(&rgb, w * 3), w * 3),
        Samples::Rgba(rgba) => (8, RGBA, None, scanlines(&rgba, w * 4), w * 4),
    };
    // Counted as pixels (not bytes): the same picture at 4 or 8 bits or in RGB takes one count, which the cost model
    // predicts from its size alone.
    crate::work::count(crate::work::Unit::Coded, u64::from(width) * u64::from(height));
    let idat = crate::encode::deflate::zlib::zlib_scanlines(&lines, row_bytes + 1, bands.map(|plan| (plan, depth)));
    let mut out = Vec::with_capacity(idat.len() + palette.as_ref().map_or(0, |(p, a)| p.len() + a.len()) + 112);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = [0; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    // Depth, colour type; compression, filter method and interlacing all 0 (deflate, adaptive filters, none).
    header[8] = depth;
    header[9] = color_type;
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"sRGB", &[0]);
    chunk(&mut out, b"gAMA", &45455u32.to_be_bytes());
    if let Some((palette, alphas)) = palette {
        chunk(&mut out, b"PLTE", &palette);
        if !alphas.is_empty() {
            chunk(&mut out, b"tRNS", &alphas);
        }
    }
    chunk(&mut out, b"IDAT", &idat);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Appends one PNG chunk: length, type, data, the CRC-32 of type and data.
pub(crate) fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    // Every chunk here is far below 2³¹ bytes (the largest, IDAT, is at most a few MB).
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = !crc32_update(crc32_update(!0, kind), data);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The CRC-32 (ISO-HDLC, the PNG's) register after `bytes`, sixteen bytes a step (slicing by 16).
///
/// Written here rather than taken from `flate2`: its CRC (zlib-rs) carries 9 KB of constant tables, which do not
/// compress and were 8.1 KB of the gzipped wasm; these tables are computed once, on the first chunk. Sixteen bytes a
/// step is as fast as zlib-rs' in V8 (eight a step was a quarter slower).
fn crc32_update(mut crc: u32, bytes: &[u8]) -> u32 {
    let t = crc32_tables();
    let mut words = bytes.chunks_exact(16);
    for w in &mut words {
        let a = crc ^ u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        crc = t[15][a as usize & 0xff]
            ^ t[14][(a >> 8) as usize & 0xff]
            ^ t[13][(a >> 16) as usize & 0xff]
            ^ t[12][(a >> 24) as usize]
            ^ t[11][usize::from(w[4])]
            ^ t[10][usize::from(w[5])]
            ^ t[9][usize::from(w[6])]
            ^ t[8][usize::from(w[7])]
            ^ t[7][usize::from(w[8])]
            ^ t[6][usize::from(w[9])]
            ^ t[5][usize::from(w[10])]
            ^ t[4][usize::from(w[11])]
            ^ t[3][usize::from(w[12])]
            ^ t[2][usize::from(w[13])]
            ^ t[1][usize::from(w[14])]
            ^ t[0][usize::from(w[15])];
    }
    for &byte in words.remainder() {
        crc = t[0][((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8);
    }
    crc
}

/// The slicing tables: `[0]` the byte-wise table of the reflected polynomial 0xEDB88320, `[k]` what a byte adds `k`
/// bytes further on.
fn crc32_tables() -> &'static [[u32; 256]; 16] {
    static TABLES: OnceLock<Box<[[u32; 256]; 16]>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut table = Box::new([[0u32; 256]; 16]);
        for n in 0..256 {
            let mut c = n as u32;
            for _ in 0..8 {
                c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
            }
            table[0][n] = c;
        }
        for k in 1..16 {
            for n in 0..256 {
                let previous = table[k - 1][n];
                table[k][n] = table[0][(previous & 0xff) as usize] ^ (previous >> 8);
            }
        }
        table
    })
}

/// Whether two PNGs are the same picture written the same way but for how their `IDAT`'s scanlines are coded: every
/// other chunk byte for byte, and the same scanlines once inflated (tests of the encoder that codes from tiles).
#[cfg(test)]
pub(crate) fn same_but_coding(a: &[u8], b: &[u8]) -> bool {
    use std::io::Read;
    // (kind, data) of each chunk, the IDAT's data inflated.
    let chunks = |png: &[u8]| -> Option<Vec<([u8; 4], Vec<u8>)>> {
        let mut out = Vec::new();
        let mut at = png.get(..8).filter(|s| *s == b"\x89PNG\r\n\x1a\n").map(|_| 8)?;
        while at < png.len() {
            let len = u32::from_be_bytes(png.get(at..at + 4)?.try_into().ok()?) as usize;
            let kind: [u8; 4] = png.get(at + 4..at + 8)?.try_into().ok()?;
            let mut data = png.get(at + 8..at + 8 + len)?.to_vec();
            if &kind == b"IDAT" {
                let mut inflated = Vec::new();
                flate2::read::ZlibDecoder::new(&data[..]).read_to_end(&mut inflated).ok()?;
                data = inflated;
            }
            out.push((kind, data));
            at += 12 + len;
        }
        Some(out)
    };
    a == b || matches!((chunks(a), chunks(b)), (Some(x), Some(y)) if x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The CRC-32 written here is zlib's (flate2's), for every length around the sixteen-byte steps and in pieces.
    #[test]
    fn crc32_is_zlibs() {
        let bytes: Vec<u8> = (0..300u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        for len in 0..bytes.len() {
            let mut zlib = flate2::Crc::new();
            zlib.update(&bytes[..len]);
            assert_eq!(!crc32_update(!0, &bytes[..len]), zlib.sum(), "{len} bytes");
            let (a, b) = bytes[..len].split_at(len / 3);
            assert_eq!(!crc32_update(crc32_update(!0, a), b), zlib.sum(), "{len} bytes in two");
        }
        assert_eq!(!crc32_update(!0, b"IEND"), 0xAE42_6082);
    }

    /// Every sample is where PNG puts it (the first pixel in a byte's high bits, a last partial byte padded with
    /// zero bits), and a row packed in pieces that end on whole bytes is the row packed at once: the palette painter
    /// packs a row so (its margin and frame, then each square's row, then the rest).
    #[test]
    fn rows_pack_in_pieces_as_at_once() {
        for (depth, width) in [(1u8, 13usize), (1, 16), (2, 7), (4, 9), (4, 16), (4, 21), (8, 5)] {
            let per_byte = 8 / usize::from(depth);
            let row: Vec<u8> = (0..width).map(|x| ((x * 7 + 3) % (1 << depth)) as u8).collect();
            let mut whole = Vec::new();
            pack_row(&row, depth, &mut whole);
            assert_eq!(whole.len(), width.div_ceil(per_byte));
            for (x, &v) in row.iter().enumerate() {
                let shift = 8 - usize::from(depth) * (x % per_byte + 1);
                assert_eq!(whole[x / per_byte] >> shift & ((1u16 << depth) - 1) as u8, v, "{depth} bits, {x}");
            }
            let mut padded = row.clone();
            padded.resize(width.next_multiple_of(per_byte), 0);
            let mut zeros = Vec::new();
            pack_row(&padded, depth, &mut zeros);
            assert_eq!(zeros, whole, "{depth} bits, {width}: padding");
            for cut in (0..=width).step_by(per_byte) {
                let mut pieces = Vec::new();
                pack_row(&row[..cut], depth, &mut pieces);
                pack_row(&row[cut..], depth, &mut pieces);
                assert_eq!(pieces, whole, "{depth} bits, {width} cut at {cut}");
            }
        }
    }

    /// Scanlines repacked at fewer bits are the same indices packed at that depth, from every depth to every
    /// smaller one, and rows flagged as the row above are copied: the same scanlines.
    #[test]
    fn repacked_scanlines_are_packed_at_the_new_depth() {
        for width in [1usize, 5, 8, 13, 16, 33] {
            for (from, to) in [(8u8, 4u8), (8, 2), (8, 1), (4, 2), (4, 1), (2, 1), (8, 8), (4, 4)] {
                let top = 1usize << to;
                // Rows 0, 1, 1, 2, 2: rows 2 and 4 are the row above.
                let rows: Vec<Vec<u8>> = [0, 1, 1, 2, 2]
                    .iter()
                    .map(|r| (0..width).map(|x| ((x * 5 + r * 3) % top) as u8).collect())
                    .collect();
                let lines = |depth: u8| {
                    let mut out = Vec::new();
                    for row in &rows {
                        out.push(0);
                        pack_row(row, depth, &mut out);
                    }
                    out
                };
                let flags = [false, false, true, false, true, true];
                for same_above in [&flags[..], &[]] {
                    let repacked = repack(&lines(from), width, from, to, same_above);
                    assert_eq!(repacked, lines(to), "{width} px, {from} to {to} bits");
                }
            }
        }
    }

    fn decode(bytes: &[u8]) -> (png::OutputInfo, Vec<u8>, png::Info<'static>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        let header = reader.info().clone();
        (info, buf, header)
    }

    fn gradient(w: u32, h: u32, colours: u32) -> Image {
        let mut img = Image::new(w, h, Rgb::BLACK);
        for y in 0..h {
            for x in 0..w {
                let v = (x + y * w) % colours;
                img.pixels[(y * w + x) as usize] = Rgb(v as u8, (v >> 8) as u8, 255 - v as u8).to_pixel();
            }
        }
        img
    }

    #[test]
    fn round_trips_at_every_depth() {
        for (colours, depth, color_type) in [
            (2, png::BitDepth::One, png::ColorType::Indexed),
            (3, png::BitDepth::Two, png::ColorType::Indexed),
            (16, png::BitDepth::Four, png::ColorType::Indexed),
            (256, png::BitDepth::Eight, png::ColorType::Indexed),
            (257, png::BitDepth::Eight, png::ColorType::Rgb),
        ] {
            for (w, h) in [(1, 1), (7, 3), (33, 40)] {
                let img = gradient(w, h, colours);
                let bytes = encode(&img).unwrap();
                let (info, buf, header) = decode(&bytes);
                assert_eq!((info.width, info.height), (w, h));
                if w * h >= colours {
                    assert_eq!(header.bit_depth, depth, "{colours} colours");
                    assert_eq!(header.color_type, color_type, "{colours} colours");
                }
                assert_eq!(buf, img.to_rgb(), "{colours} colours {w}x{h}");
                assert!(header.srgb.is_some());
            }
        }
    }

    #[test]
    fn transparent_pixels_get_a_trns_chunk_or_an_alpha_channel() {
        use crate::pixels::CLEAR;
        for colours in [3, 300] {
            let mut img = gradient(30, 30, colours);
            img.pixels[5] = CLEAR;
            img.pixels[7] = 0x80_00_00_ff; // half transparent blue
            let (_, buf, header) = decode(&encode(&img).unwrap());
            assert_eq!(header.color_type, if colours == 3 { png::ColorType::Indexed } else { png::ColorType::Rgba });
            assert_eq!(buf.len(), 30 * 30 * 4, "expanded to RGBA");
            assert_eq!(buf, img.to_rgba(), "{colours} colours");
            assert_eq!((buf[5 * 4 + 3], buf[7 * 4 + 3]), (0, 127));
        }
        // An opaque image has no tRNS, so its bytes are what they were before transparency existed.
        let (_, _, header) = decode(&encode(&gradient(8, 8, 3)).unwrap());
        assert!(header.trns.is_none());
    }

    /// Pictures like diagrams (tiles of a few colours repeated, with rows copied from earlier rows near and far,
    /// some noise), at every depth: the `png` crate decodes the same pixels.
    #[test]
    fn tiled_pictures_decode_to_their_pixels() {
        use proptest::prelude::*;
        let config = proptest::test_runner::Config::with_cases(120);
        proptest::proptest!(config, |(
            tile in 1..24u32, across in 1..12u32, down in 1..12u32, colours in 1..300u32,
            grid in proptest::collection::vec(0..5u32, 144), noise in proptest::collection::vec(any::<u32>(), 0..6),
        )| {
            let (w, h) = (tile * across + 2, tile * down + 2);
            let mut img = Image::new(w, h, Rgb::BLACK);
            for y in 0..h {
                for x in 0..w {
                    let (tx, ty) = ((x.max(1) - 1) / tile, (y.max(1) - 1) / tile);
                    let kind = grid[((ty * 12 + tx) % 144) as usize];
                    let v = (kind * 7 + (x % tile) * kind / 3 + (y % tile) * (kind % 2)) % colours;
                    img.pixels[(y * w + x) as usize] = Rgb(v as u8, (v >> 8) as u8, 3).to_pixel();
                }
            }
            for n in noise {
                let at = n as usize % img.pixels.len();
                img.pixels[at] = Rgb((n >> 8) as u8, 9, (n >> 16) as u8).to_pixel();
            }
            let (info, buf, _) = decode(&encode(&img).unwrap());
            prop_assert_eq!((info.width, info.height), (w, h));
            prop_assert_eq!(buf, img.to_rgb());
        });
    }

    #[test]
    fn deterministic_and_empty_safe() {
        let img = gradient(50, 50, 100);
        assert_eq!(encode(&img), encode(&img));
        assert_eq!(encode(&Image::new(0, 5, Rgb(1, 2, 3))), Err(EncodeError::Empty));
        assert_eq!(encode(&Image::new(5, 0, Rgb(1, 2, 3))), Err(EncodeError::Empty));
        let broken = Image { width: 3, height: 3, pixels: vec![0; 5] };
        assert_eq!(encode(&broken), Err(EncodeError::SizeMismatch));
    }
}
