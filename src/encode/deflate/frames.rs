//! The zlib stream of an animation's later frame that is whole squares, written from its squares alone: each
//! square either unchanged (every byte [`UNCHANGED_BYTE`]) or a tile, whose rows are packed once an animation and
//! whose tokens are its [`TileCode`]'s. The frame's scanlines are never made: a row equal to the row above (each
//! tile's row is its row above) is a copy, unchanged squares are runs, a tile shown again to the left is a copy,
//! and the Adler-32 is summed from the tiles' rows. A frame's unchanged squares are most of its bytes (the old
//! highlight cleared far from the move), so this costs a frame its squares and tokens, not its pixels. The frames of
//! one width share one Huffman code. The first frame is coded so too where it is the board in its frame: its squares
//! in a [`Ring`] of one colour.

use super::adler::ADLER_BASE;
use super::tile::{TileCode, TileCodes};
use super::tokens::{literal, matched, push_matches, Token, MAX_MATCH, MIN_MATCH, WINDOW};
use super::zlib::SharedCode;
use crate::encode::gif::Span;
use crate::encode::png::pack_row;
use crate::pixels::Rect;
use std::borrow::Cow;
use std::sync::Arc;

/// A frame's scanline length (the frames of one share a code), its tokens, the Adler-32 of its scanlines and their
/// length in bytes.
struct SquareTokens {
    stride: usize,
    tokens: Vec<Token>,
    adler: u32,
    len: usize,
}

/// The byte of an unchanged square's samples: palette index 0 at every depth.
pub(crate) const UNCHANGED_BYTE: u8 = 0;

/// A frame of whole squares: `files` squares of `side` pixels a band, each band's squares left to right, each its
/// tile (an index into the coder's tiles) or `None`, unchanged; in a `ring` (none for a later frame).
pub(crate) struct SquareFrame<'a> {
    pub side: usize,
    pub files: usize,
    pub cells: &'a [Option<usize>],
    pub ring: Ring,
}

/// The frame around a first frame's squares: `width` pixels of palette index `index` on each side (none: 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ring {
    pub width: usize,
    pub index: u8,
}

impl SquareFrame<'_> {
    /// Its width and height in pixels.
    pub(crate) fn size(&self) -> (usize, usize) {
        let bands = self.cells.len() / self.files.max(1);
        (self.files * self.side + 2 * self.ring.width, bands * self.side + 2 * self.ring.width)
    }

    /// Its palette indices, row by row, unchanged squares' 0 (`tiles`: each tile's `side`×`side` indices).
    pub(crate) fn indices(&self, tiles: &[Vec<u8>]) -> Vec<u8> {
        let (side, files, ring) = (self.side as u32, self.files.max(1), self.ring.width as u32);
        let (width, height) = self.size();
        let mut out = vec![self.ring.index; width * height];
        // (Unchanged squares are put only in a ring of another index: copying them is most of a later frame's.)
        let n = self.side * self.side;
        let unchanged = if self.ring.index == UNCHANGED_BYTE { Vec::new() } else { vec![UNCHANGED_BYTE; n] };
        // (The squares of whole bands: those `size` counts.)
        for (i, cell) in self.cells.iter().take(self.cells.len() / files * files).enumerate() {
            let tile = match cell.and_then(|id| tiles.get(id)).filter(|tile| tile.len() == n) {
                Some(tile) => tile,
                None if unchanged.is_empty() => continue,
                None => &unchanged,
            };
            let at = Rect::new(ring + (i % files) as u32 * side, ring + (i / files) as u32 * side, side, side);
            at.put_into(&mut out, width as u32, tile);
        }
        out
    }

    /// Its palette indices as [`SquareFrame::indices`] makes them, as spans ([`Span`]): the ring and the
    /// unchanged squares as runs (one run where they meet), each tile's rows as they are.
    pub(crate) fn spans<'t>(&self, tiles: &'t [Vec<u8>]) -> Vec<Span<'t>> {
        let (side, files, ring) = (self.side, self.files.max(1), self.ring);
        let (width, _) = self.size();
        let n = side * side;
        let tile = |cell: &Option<usize>| cell.and_then(|id| tiles.get(id)).filter(|tile| tile.len() == n);
        let mut spans = Vec::with_capacity(self.cells.len() * side + 2 * side + 2);
        let run = |spans: &mut Vec<Span<'t>>, index: u8, len: usize| match spans.last_mut() {
            Some(Span::Run(last, n)) if *last == index => *n += len,
            _ => spans.push(Span::Run(index, len)),
        };
        run(&mut spans, ring.index, ring.width * width);
        // A band's row, once: its runs (the ring's and the unchanged squares', merged) and its tiles.
        let mut items: Vec<Span<'t>> = Vec::with_capacity(files + 2);
        for band in self.cells.chunks_exact(files) {
            items.clear();
            run(&mut items, ring.index, ring.width);
            for cell in band {
                match tile(cell) {
                    Some(tile) => items.push(Span::Indices(tile)),
                    None => run(&mut items, UNCHANGED_BYTE, side),
                }
            }
            run(&mut items, ring.index, ring.width);
            for row in 0..side {
                for item in &items {
                    match *item {
                        Span::Run(index, len) => run(&mut spans, index, len),
                        Span::Indices(tile) => spans.push(Span::Indices(&tile[row * side..(row + 1) * side])),
                    }
                }
            }
        }
        run(&mut spans, ring.index, ring.width * width);
        spans
    }
}

/// The coder of an animation's frames of squares at one bit depth: the tiles' palette indices and codes, and each
/// tile's rows packed at that depth when first shown.
pub(crate) struct SquareCoder<'t> {
    depth: u8,
    indices: &'t [Vec<u8>],
    codes: &'t [Option<Arc<TileCodes>>],
    /// Each tile's rows once packed (`Some(None)`: it has no code at this depth).
    packed: Vec<Option<Option<TileRows<'t>>>>,
}

/// A tile's rows at the coder's depth: their bytes, its code, and each row's sums for the Adler-32.
struct TileRows<'t> {
    /// Bytes a row.
    width: usize,
    bytes: Cow<'t, [u8]>,
    code: &'t TileCode,
    sums: Vec<Sums>,
    /// The rows that are the row above, a bit a row in two words (bit 0: the first row is the last).
    copies: [u64; 2],
}

/// The two sums of Adler-32 over a run of bytes, unreduced: the bytes' sum, and each byte weighted by how many
/// bytes from it to the end of the run (itself included).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Sums {
    sum: u64,
    weighted: u64,
}

/// The Adler-32 of a frame's scanlines, summed row by row, reduced only when the sums grow large (a remainder of
/// a 64-bit division is slow in the wasm).
struct Adler {
    a: u64,
    b: u64,
}

impl Adler {
    /// Adds `n` rows of `stride` bytes of `sums` each: a grows by their sum, b by a (before it) each byte and
    /// their weighted sum. (Below 2^31, a adds under 2^46 a row of 32 KB to b, and b stays under 2^60 for 2^14 such
    /// rows: both are reduced before either bound is passed.)
    fn rows(&mut self, sums: Sums, stride: usize, n: usize) {
        for _ in 0..n {
            if self.a >= 1 << 31 || self.b >= 1 << 60 {
                self.reduce();
            }
            self.b += stride as u64 * self.a + sums.weighted;
            self.a += sums.sum;
        }
    }

    fn reduce(&mut self) {
        (self.a, self.b) = (self.a % u64::from(ADLER_BASE), self.b % u64::from(ADLER_BASE));
    }

    fn value(mut self) -> u32 {
        self.reduce();
        (self.b << 16 | self.a) as u32
    }
}

impl Sums {
    /// The sums of `bytes`: each byte is in the weighted sum once for itself and once for each byte after it, so
    /// the weighted sum is the sum of the running sums.
    fn of(bytes: &[u8]) -> Sums {
        let (mut sum, mut weighted) = (0u64, 0u64);
        for &b in bytes {
            sum += u64::from(b);
            weighted += sum;
        }
        Sums { sum, weighted }
    }

    /// These sums followed by `len` bytes of sums `then`.
    fn then(self, len: usize, then: Sums) -> Sums {
        Sums { sum: self.sum + then.sum, weighted: self.weighted + len as u64 * self.sum + then.weighted }
    }
}

impl<'t> SquareCoder<'t> {
    /// A coder at `depth` bits a sample of the tiles whose palette indices are `indices` (a tile's `side`×`side`
    /// indices) and whose codes are `codes`.
    pub(crate) fn new(depth: u8, indices: &'t [Vec<u8>], codes: &'t [Option<Arc<TileCodes>>]) -> SquareCoder<'t> {
        let packed = indices.iter().map(|_| None).collect();
        SquareCoder { depth, indices, codes, packed }
    }

    /// The bit depth at which frames of squares of `side` pixels (if any) are coded from their squares: the
    /// palette's `depth`, or the next at which each square starts on a byte and has three bytes a row (8 bits,
    /// always). The animation then costs its unchanged squares nothing (at 4 bits, 9-px squares have samples of
    /// two squares in a byte).
    /// (`ring`: the first frame's [`Ring`] width in pixels, on whole bytes too where it can be: a depth it is not
    /// on leaves the first frame to its bytes.)
    pub(crate) fn depth(depth: u8, side: Option<usize>, ring: usize) -> u8 {
        let whole = |depth: u8| {
            let per_byte = 8 / usize::from(depth);
            ring.is_multiple_of(per_byte)
                && side.is_none_or(|side| side.is_multiple_of(per_byte) && side * usize::from(depth) >= 8 * MIN_MATCH)
        };
        [1, 2, 4, 8].into_iter().find(|&d| d >= depth && whole(d)).unwrap_or(8)
    }

    /// The zlib streams of `frames`' scanlines (a filter byte 0 and the samples a row), each `None` where this
    /// coder cannot code it ([`SquareCoder::tokens`]) or the bytes stored would be smaller (a frame of a few bytes,
    /// whose stream would be mostly the code's trees); the frame is then coded from its bytes. Frames of one width
    /// share one Huffman code ([`SharedCode`]): making a block's trees cost a frame of a few squares a fifth of its
    /// time, and frames of one width share their distances (a row up is a scanline back) and most of their literals
    /// (the tiles' bytes), so that the code shared costs them about 2 % more bytes (one code for every frame: 9 %).
    pub(crate) fn zlib_all(&mut self, frames: &[Option<&SquareFrame>]) -> Vec<Option<Vec<u8>>> {
        let coded: Vec<Option<SquareTokens>> = frames.iter().map(|&frame| self.tokens(frame?)).collect();
        // Each width's code, made at its first frame.
        let mut codes: Vec<(usize, Option<SharedCode>)> = Vec::new();
        let mut streams = Vec::with_capacity(coded.len());
        for frame in &coded {
            let stream = frame.as_ref().and_then(|frame| {
                let width = frame.stride;
                if !codes.iter().any(|(stride, _)| *stride == width) {
                    let same = coded.iter().flatten().filter(|other| other.stride == width);
                    codes.push((width, SharedCode::new(same.map(|other| &other.tokens[..]))));
                }
                let (_, code) = codes.iter().find(|(stride, _)| *stride == width)?;
                code.as_ref()?.zlib(frame.len, &frame.tokens, frame.adler)
            });
            streams.push(stream);
        }
        streams
    }

    /// The tokens of `frame`'s scanlines (a filter byte 0 and the samples a row), or `None` where this coder
    /// cannot code it: a square or the ring not on whole bytes, fewer than three bytes a square's row, a tile
    /// without a code at the depth (the frame is then coded from its bytes).
    fn tokens(&mut self, frame: &SquareFrame) -> Option<SquareTokens> {
        let depth = self.depth.clamp(1, 8);
        let per_byte = 8 / usize::from(depth);
        let (side, files, ring) = (frame.side, frame.files, frame.ring);
        // (At most 128 rows a square: a band's rows are bits of two words.)
        let fits = side <= 128 && side.is_multiple_of(per_byte) && side / per_byte >= MIN_MATCH;
        if !fits || files == 0 || frame.cells.is_empty() || !frame.cells.len().is_multiple_of(files) {
            return None;
        }
        if !ring.width.is_multiple_of(per_byte) || u32::from(ring.index) >> depth != 0 {
            return None;
        }
        let (width, edge) = (side / per_byte, ring.width / per_byte);
        let stride = 1 + files * width + 2 * edge;
        if stride > WINDOW {
            return None;
        }
        for id in frame.cells.iter().flatten() {
            self.prepare(*id, side)?;
        }
        let tiles: Vec<Option<&TileRows>> =
            frame.cells.iter().map(|cell| cell.and_then(|id| self.packed[id].as_ref()?.as_ref())).collect();
        // A row of the ring: a filter byte and its index packed (none without a ring).
        let mut row = Vec::new();
        if edge > 0 {
            row.push(0);
            pack_row(&vec![ring.index; files * side + 2 * ring.width], depth, &mut row);
        }
        let rows = Rows { side, files, width, stride, frame, tiles, ring: RingRows { rows: ring.width, edge, row } };
        let (tokens, adler) = rows.tokens();
        let bands = rows.tiles.len() / files;
        Some(SquareTokens { stride, tokens, adler, len: stride * (bands * side + 2 * rows.ring.rows) })
    }

    /// Packs tile `id`'s rows at the coder's depth the first time it is shown (`None`: it cannot be coded here).
    fn prepare(&mut self, id: usize, side: usize) -> Option<()> {
        if self.packed.get(id)?.is_none() {
            let (codes, indices) = (self.codes.get(id)?.as_deref(), self.indices.get(id)?);
            let rows = codes.and_then(|codes| TileRows::new(codes, indices, side, self.depth));
            self.packed[id] = Some(rows);
        }
        self.packed[id].as_ref()?.as_ref().map(|_| ())
    }
}

impl<'t> TileRows<'t> {
    /// The rows of a tile of `side` pixels whose palette indices are `indices`, at `depth` bits a sample.
    fn new(codes: &'t TileCodes, indices: &'t [u8], side: usize, depth: u8) -> Option<TileRows<'t>> {
        let code = codes.at(depth, 0)?;
        if codes.side != side || indices.len() != side * side || indices.iter().any(|&i| usize::from(i) >> depth != 0) {
            return None;
        }
        let width = code.width;
        // At 8 bits the indices are the bytes.
        let bytes = if depth == 8 {
            Cow::Borrowed(indices)
        } else {
            let mut bytes = Vec::with_capacity(width * side);
            for row in indices.chunks_exact(side) {
                pack_row(row, depth, &mut bytes);
            }
            Cow::Owned(bytes)
        };
        if bytes.len() != width * side || code.rows.len() != side + 1 || code.above.len() != side {
            return None;
        }
        let sums = bytes.chunks_exact(width).map(Sums::of).collect();
        let mut copies = [0u64; 2];
        for y in (0..side).filter(|&y| usize::from(code.above[y].0) == width) {
            copies[y / 64] |= 1 << (y % 64);
        }
        Some(TileRows { width, bytes, code, sums, copies })
    }

    fn row(&self, y: usize) -> &[u8] {
        &self.bytes[y * self.width..(y + 1) * self.width]
    }

    /// Whether row `y` is the row above (row 0: the last row).
    fn same_above(&self, y: usize) -> bool {
        self.copies[y / 64] >> (y % 64) & 1 == 1
    }
}

/// A frame's scanlines, known by their squares.
struct Rows<'f, 't> {
    side: usize,
    files: usize,
    /// Bytes a square's row, and a scanline's bytes (the filter byte and the squares').
    width: usize,
    stride: usize,
    frame: &'f SquareFrame<'f>,
    /// Each square's tile rows (`None`: unchanged).
    tiles: Vec<Option<&'f TileRows<'t>>>,
    ring: RingRows,
}

/// The ring around a first frame's squares as scanlines: its rows above and below the squares, its bytes on
/// either side of each row of squares, and a scanline of it (a filter byte and the ring's byte; empty without).
struct RingRows {
    rows: usize,
    edge: usize,
    row: Vec<u8>,
}

impl Rows<'_, '_> {
    /// The tokens of the scanlines and their Adler-32. (Not inlined: an entry of its own in the profiles.)
    #[inline(never)]
    fn tokens(&self) -> (Vec<Token>, u32) {
        let (side, files, stride) = (self.side, self.files, self.stride);
        let bands = self.tiles.len() / files;
        let mut tokens = Vec::with_capacity(bands * side * (files + 2));
        let mut adler = Adler { a: 1, b: 0 };
        self.ring_rows(&mut tokens, &mut adler);
        let mut sums = Sums::default();
        for band in 0..bands {
            let cells = &self.tiles[band * files..(band + 1) * files];
            // The rows that are the scanline above, a bit a row: inside the band, those each tile repeats from its
            // row above; its first row, if each square is the one above it and each tile's first row its last.
            let mut copies = [u64::MAX; 2];
            for tile in cells.iter().flatten() {
                copies = [copies[0] & tile.copies[0], copies[1] & tile.copies[1]];
            }
            let ids = |band: usize| &self.frame.cells[band * files..(band + 1) * files];
            if band == 0 || ids(band) != ids(band - 1) {
                copies[0] &= !1;
            }
            let mut y = 0;
            while y < side {
                let copy = |y: usize| copies[y / 64] >> (y % 64) & 1 == 1;
                let run = (y..side).take_while(|&y| copy(y)).count();
                if run > 0 {
                    push_run(&mut tokens, stride, run * stride, &UNCHANGED_RUN);
                    adler.rows(sums, stride, run);
                    y += run;
                } else {
                    sums = self.code_row(cells, y, &mut tokens);
                    adler.rows(sums, stride, 1);
                    y += 1;
                }
            }
        }
        self.ring_rows(&mut tokens, &mut adler);
        (tokens, adler.value())
    }

    /// The ring's rows above the squares or below them: the filter byte, the ring's byte and a run of it, then
    /// rows that repeat the one above.
    fn ring_rows(&self, tokens: &mut Vec<Token>, adler: &mut Adler) {
        let (ring, stride) = (&self.ring, self.stride);
        if ring.rows == 0 || ring.row.len() != stride {
            return;
        }
        tokens.extend([literal(0), literal(ring.row[1])]);
        push_run(tokens, 1, stride - 2, &ring.row[1..]);
        push_run(tokens, stride, (ring.rows - 1) * stride, &ring.row);
        adler.rows(Sums::of(&ring.row), stride, ring.rows);
    }

    /// Codes one scanline, row `y` of the band of squares `cells`; returns its sums.
    fn code_row(&self, cells: &[Option<&TileRows>], y: usize, tokens: &mut Vec<Token>) -> Sums {
        let (width, stride) = (self.width, self.stride);
        // Inside a band the row above holds the same squares: unchanged bytes and each tile's row above.
        let above = y > 0;
        // The run of unchanged bytes before `x` not yet coded (the filter byte is one), and the row's sums so far;
        // in a ring, the filter byte and the ring's left edge are the row above's.
        let (mut zeros, mut x) = (1, 1);
        let mut sums = Sums::default();
        let edge = self.ring.edge;
        if edge > 0 {
            push_run(tokens, stride, 1 + edge, &self.ring.row);
            sums = Sums::of(&self.ring.row[..1 + edge]);
            (zeros, x) = (0, 1 + edge);
        }
        for (i, cell) in cells.iter().enumerate() {
            let Some(tile) = cell else {
                zeros += width;
                sums = sums.then(width, Sums::default());
                x += width;
                continue;
            };
            code_zeros(tokens, zeros, above.then_some(stride));
            zeros = 0;
            sums = sums.then(width, tile.sums[y]);
            let here = tile.row(y);
            // The same tile nearer to the left in the band: its row, again.
            let left = cells[..i].iter().rposition(|c| c.is_some_and(|c| std::ptr::eq(c, *tile)));
            if above && tile.same_above(y) {
                push_run(tokens, stride, width, here);
            } else if let Some(left) = left.filter(|&left| (i - left) * width <= WINDOW) {
                push_run(tokens, (i - left) * width, width, here);
            } else {
                // The bytes the row above shares at either end are copies from it; the rest is the tile's code.
                let (prefix, suffix) = if above { tile.code.above[y] } else { (0, 0) };
                let skip = usize::from(prefix).min(width);
                let stop = width.saturating_sub(suffix.into()).max(skip);
                push_run(tokens, stride, skip, here);
                tile_row(tokens, tile, (y, skip, stop), stride);
                push_run(tokens, stride, width - stop, &here[stop..]);
            }
            x += width;
        }
        code_zeros(tokens, zeros, above.then_some(stride));
        if edge > 0 {
            push_run(tokens, stride, edge, &self.ring.row[1..]);
            sums = sums.then(edge, Sums::of(&self.ring.row[1..1 + edge]));
            x += edge;
        }
        debug_assert_eq!(x, stride);
        sums
    }
}

/// Codes a run of `n` unchanged bytes: a copy from the row above (`above`, its distance) where it holds them too,
/// else one byte and a run of it.
fn code_zeros(tokens: &mut Vec<Token>, n: usize, above: Option<usize>) {
    match above {
        Some(stride) => push_run(tokens, stride, n, &UNCHANGED_RUN),
        None if n > 0 => {
            tokens.push(literal(UNCHANGED_BYTE));
            push_run(tokens, 1, n - 1, &UNCHANGED_RUN);
        }
        None => {}
    }
}

/// The tokens of row `y` of `tile` for its bytes from `skip` to `stop`, in scanlines of `stride` bytes: the code's
/// tokens, each match `dy` rows up `dy` scanlines back, the first one lengthening the token before where it can; a
/// match cut short stays a match (its bytes repeat at its distance) unless shorter than one, and a match that would
/// reach out of the window (scanlines of over 4 KB) is literals.
fn tile_row(tokens: &mut Vec<Token>, tile: &TileRows, (y, skip, stop): (usize, usize, usize), stride: usize) {
    let here = tile.row(y);
    let mut first = true;
    // Where each token starts.
    let mut q = 0;
    for &t in tile.code.row_tokens(y) {
        let (length, distance) = match t & 1 {
            0 => (1, 0),
            _ => {
                let (dy, dx) = (((t >> 9) & 0x1F) as usize, ((t >> 14) & 0x1FF) as isize - 256);
                (((t >> 1) & 0xFF) as usize, (dy * stride).wrapping_add_signed(dx))
            }
        };
        let (from, to) = (q.max(skip), (q + length).min(stop));
        q += length;
        if from >= to {
            if q >= stop {
                break;
            }
            continue;
        }
        if distance == 0 || distance > WINDOW || to - from < MIN_MATCH {
            tokens.extend(here[from..to].iter().map(|&b| literal(b)));
        } else if first {
            push_run(tokens, distance, to - from, &here[from..]);
        } else {
            tokens.push(matched(to - from, distance));
        }
        first = false;
    }
}

/// A run of unchanged bytes for [`push_run`]: one byte, repeated.
const UNCHANGED_RUN: [u8; 1] = [UNCHANGED_BYTE];

/// Appends `len` bytes that repeat `distance` bytes back: the last token lengthened if it is a match at that
/// distance, then matches of at most [`MAX_MATCH`], or the bytes themselves where fewer than a match are left
/// (`bytes`: the run's, from its first, or a run of one byte repeated: that byte).
#[inline(never)]
fn push_run(tokens: &mut Vec<Token>, distance: usize, len: usize, bytes: &[u8]) {
    let mut done = 0;
    if let Some(last) = tokens.last_mut() {
        if *last & 1 == 1 && (*last >> 9) as usize == distance {
            let have = ((*last >> 1) & 0xFF) as usize + MIN_MATCH;
            let mut take = (MAX_MATCH - have).min(len);
            // Never leave fewer bytes than a match behind when a match could take them.
            let left = len - take;
            if left > 0 && left < MIN_MATCH {
                take = take.saturating_sub(MIN_MATCH - left);
            }
            *last = matched(have + take, distance);
            done = take;
        }
    }
    if len - done < MIN_MATCH {
        tokens.extend((done..len).map(|k| literal(bytes[k % bytes.len()])));
    } else {
        push_matches(tokens, distance, len - done);
    }
}

#[cfg(test)]
mod tests {
    use super::super::adler::adler32;
    use super::*;
    use proptest::prelude::*;
    use std::io::Read;

    /// A tile of `side` pixels: a background, a blot of `ink` from row `top`, a stripe where `stripe`.
    fn tile(side: usize, background: u8, ink: u8, top: usize, stripe: bool) -> Vec<u8> {
        (0..side * side)
            .map(|i| {
                let (x, y) = (i % side, i / side);
                let blot = y >= top && x > side / 4 && x < side - side / 4 && (x + y) % 3 != 0;
                if stripe && x == side / 2 || blot {
                    ink
                } else {
                    background
                }
            })
            .collect()
    }

    /// For frames of `(files, cells, ring)` of the given tiles coded together: each one's stream inflated (`None`
    /// where the coder leaves it to the bytes), and its scanlines made the plain way.
    fn all(
        depth: u8,
        side: usize,
        tiles: &[Vec<u8>],
        frames: &[(usize, &[Option<usize>], Ring)],
    ) -> Vec<(Option<Vec<u8>>, Vec<u8>)> {
        let codes: Vec<Option<Arc<TileCodes>>> =
            tiles.iter().map(|t| Some(Arc::new(TileCodes::new(t.clone(), side)))).collect();
        let mut coder = SquareCoder::new(depth, tiles, &codes);
        let grids: Vec<SquareFrame> =
            frames.iter().map(|&(files, cells, ring)| SquareFrame { side, files, cells, ring }).collect();
        let streams = coder.zlib_all(&grids.iter().map(Some).collect::<Vec<_>>());
        let mut both = Vec::new();
        for (&(files, cells, ring), stream) in frames.iter().zip(streams) {
            let mut plain = Vec::new();
            let edge = vec![ring.index; ring.width];
            let ring_rows = |plain: &mut Vec<u8>| {
                for _ in 0..ring.width {
                    plain.push(0);
                    pack_row(&vec![ring.index; files * side + 2 * ring.width], depth, plain);
                }
            };
            ring_rows(&mut plain);
            for band in cells.chunks_exact(files) {
                for y in 0..side {
                    plain.push(0);
                    let squares = band.iter().flat_map(|cell| match cell {
                        Some(id) => tiles[*id][y * side..(y + 1) * side].to_vec(),
                        None => vec![0; side],
                    });
                    let row: Vec<u8> = edge.iter().copied().chain(squares).chain(edge.iter().copied()).collect();
                    pack_row(&row, depth, &mut plain);
                }
            }
            ring_rows(&mut plain);
            let inflated = stream.map(|stream| {
                assert_eq!(adler32(1, &plain).to_be_bytes(), stream[stream.len() - 4..], "the Adler-32");
                let mut inflated = Vec::new();
                flate2::read::ZlibDecoder::new(&stream[..]).read_to_end(&mut inflated).expect("a zlib stream");
                inflated
            });
            both.push((inflated, plain));
        }
        both
    }

    /// [`all`] for one frame (`None`: left to the bytes).
    fn both(
        depth: u8,
        side: usize,
        files: usize,
        tiles: &[Vec<u8>],
        cells: &[Option<usize>],
    ) -> Option<(Vec<u8>, Vec<u8>)> {
        let (inflated, plain) = all(depth, side, tiles, &[(files, cells, Ring::default())]).pop()?;
        Some((inflated?, plain))
    }

    #[test]
    fn frames_inflate_to_their_scanlines_at_every_depth() {
        for (depth, side) in [(8, 3), (8, 40), (4, 6), (4, 40), (2, 12), (2, 40), (1, 24), (1, 40)] {
            let colours = (1u8 << depth.min(7)) - 1;
            let tiles = vec![
                tile(side, 1, colours.min(2), side / 3, false),
                tile(side, colours.min(3), 1, 0, true),
                vec![colours.min(2); side * side],
            ];
            let cells: Vec<_> = [None, Some(0), None, Some(1), Some(0), Some(2), None, None, Some(2), None, None, None]
                .into_iter()
                .cycle()
                .take(220)
                .collect();
            // (110 squares of 40 bytes: scanlines too wide for the code's matches eight rows up.) Coded together:
            // the frames of one width share a code, which holds every symbol of each.
            let widths = [1, 2, 3, 4, 6, 110];
            let mut frames: Vec<(usize, &[Option<usize>], Ring)> = widths
                .iter()
                .flat_map(|&files| [&cells[..cells.len() / files * files], &cells[files..cells.len() / files * files]])
                .zip(widths.iter().flat_map(|&files| [files, files]))
                .map(|(cells, files)| (files, cells, Ring::default()))
                .collect();
            // First frames in rings of one byte and of two, the squares all shown.
            let shown: Vec<_> = (0..64).map(|i| Some(i % 3)).collect();
            let per_byte = 8 / usize::from(depth);
            frames.extend([1, 2].map(|bytes| (8, &shown[..], Ring { width: bytes * per_byte, index: colours.min(3) })));
            for (k, (inflated, plain)) in all(depth, side, &tiles, &frames).into_iter().enumerate() {
                let files = frames[k].0;
                assert_eq!(inflated.expect("coded"), plain, "depth {depth}, side {side}, {files} files, frame {k}");
            }
        }
    }

    #[test]
    fn the_depth_is_raised_until_squares_start_on_bytes() {
        // 4 px a byte at 2 bits: 32-px squares start on bytes; 30-px ones at 4 bits; 23-px ones at 8.
        assert_eq!([32, 30, 23].map(|side| SquareCoder::depth(2, Some(side), 0)), [2, 4, 8]);
        // At 1 bit a square needs three whole bytes (24 px); without squares the palette's depth stays.
        assert_eq!(
            [(1, Some(16)), (1, Some(24)), (4, Some(12)), (4, None), (1, None)]
                .map(|(d, s)| SquareCoder::depth(d, s, 0)),
            [2, 1, 4, 4, 1]
        );
        // The first frame's ring too: 1 px is a byte only at 8 bits, 2 px from 4 bits.
        assert_eq!(
            [(2, 1), (2, 2), (1, 4), (8, 1)].map(|(d, ring)| SquareCoder::depth(d, Some(32), ring)),
            [8, 4, 2, 8]
        );
    }

    #[test]
    fn what_it_cannot_code_is_left_to_the_bytes() {
        let tiles = vec![tile(5, 1, 2, 1, false)];
        // At 4 bits a square of 5 pixels does not start on a byte; at 8 bits a square of 2 is shorter than a match.
        assert!(both(4, 5, 2, &tiles, &[Some(0), None]).is_none());
        let tiles = vec![tile(2, 1, 2, 1, false)];
        assert!(both(8, 2, 2, &tiles, &[Some(0), None]).is_none());
    }

    proptest! {
        #[test]
        fn any_frame_of_squares_inflates_to_its_scanlines(
            depth in prop::sample::select(vec![1u8, 2, 4, 8]),
            side_bytes in 3usize..12,
            files in 1usize..6,
            seeds in prop::collection::vec((1u8..255, 1u8..255, 0usize..12, any::<bool>()), 1..5),
            cells in prop::collection::vec(prop::option::of(0usize..4), 1..30),
            more in prop::collection::vec((1usize..6, 0usize..30), 0..4),
            (ring, ring_index) in (0usize..3, 0u8..255),
        ) {
            let side = side_bytes * (8 / usize::from(depth));
            let top = (1u8 << depth.min(7)) - 1;
            let tiles: Vec<Vec<u8>> =
                seeds.iter().map(|&(bg, ink, row, stripe)| tile(side, 1 + bg % top, 1 + ink % top, row, stripe)).collect();
            let cells: Vec<Option<usize>> = cells.iter().map(|c| c.map(|i| i % tiles.len())).collect();
            let cells = &cells[..cells.len() / files * files];
            prop_assume!(!cells.is_empty());
            // In a ring of 0 to 2 bytes (a first frame); more frames coded with it, cut from the same squares: some
            // of its width, some of others.
            let ring = Ring { width: ring * (8 / usize::from(depth)), index: ring_index % (top + 1) };
            let mut frames = vec![(files, cells, ring)];
            for &(files, start) in &more {
                let start = start.min(cells.len());
                let rest = &cells[start..];
                if rest.len() >= files {
                    frames.push((files, &rest[..rest.len() / files * files], Ring::default()));
                }
            }
            // A frame is left to the bytes only where its stream would be mostly the code's trees.
            for (inflated, plain) in all(depth, side, &tiles, &frames) {
                match inflated {
                    Some(inflated) => prop_assert_eq!(inflated, plain),
                    None => prop_assert!(plain.len() < 300, "{} bytes left to the bytes", plain.len()),
                }
            }
        }
    }
}
