//! A GIF89a encoder for palette pictures: one global palette of up to 256 colours, then frames, each a rectangle of
//! palette indices placed on the canvas (so an animation's later frames carry only what changed), with its delay,
//! and an endless loop when there is more than one frame.
//!
//! Every frame is disposed `NONE` (the next is drawn over it). Frames after the first may have a transparent index
//! (`unchanged`): their pixels of that index show what the frames before left, so a frame's rectangle codes the
//! squares that did not change as long runs of one index. The image data is LZW-coded as the format asks (variable-width codes from
//! the minimum code size + 1 up to 12 bits, least significant bit first, a clear code when the table is full; each
//! frame's minimum code size is its own largest index's, so a frame of few colours starts with short codes), in
//! sub-blocks of at most 255 bytes.
//!
//! ```
//! use ffen_diagram::gif::{encode, Frame};
//! use ffen_diagram::Rgb;
//! let frame = Frame { left: 0, top: 0, width: 2, height: 2, indices: &[0, 1, 1, 0], delay: 100 };
//! let bytes = encode(2, 2, &[Rgb(255, 255, 255), Rgb(0, 0, 0)], &[frame], None).unwrap();
//! assert!(bytes.starts_with(b"GIF89a") && bytes.ends_with(&[0x3b]));
//! ```

use crate::pixels::Rect;
use crate::pixels::Rgb;
use std::fmt;

/// One frame: a rectangle of the canvas, its palette indices row by row, and how long it shows.
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    /// Its left edge on the canvas, in pixels.
    pub left: u16,
    /// Its top edge on the canvas, in pixels.
    pub top: u16,
    /// Its width in pixels (at least 1).
    pub width: u16,
    /// Its height in pixels (at least 1).
    pub height: u16,
    /// `width × height` palette indices, row by row.
    pub indices: &'a [u8],
    /// How long it shows, in hundredths of a second (GIF's unit).
    pub delay: u16,
}

/// A stretch of a frame's indices, in the order they are coded (row by row): one index repeated, or indices as
/// they are. An animation's later frame is mostly squares that did not change: given as runs, the coder follows
/// them without reading them, and the frame's indices are never put together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span<'a> {
    /// The index, this many times.
    Run(u8, usize),
    /// These indices.
    Indices(&'a [u8]),
}

/// A set of palette indices, a bit each: the colours a frame shows, for [`Writer::frame_showing`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndexSet([u64; 4]);

impl IndexSet {
    /// The indices `indices` holds.
    pub fn of(indices: &[u8]) -> IndexSet {
        let mut seen = [false; 256];
        let mut at = 0;
        // Eight at a time, the eight before skipped (a square's ground), and thirty-two 0s at a time (an
        // animation's frame is mostly unchanged pixels).
        let mut before = None;
        while at + 8 <= indices.len() {
            let bytes: [u8; 8] = indices[at..at + 8].try_into().unwrap();
            let skip = if bytes == [0; 8] { zeros(&indices[at..]) } else { 0 };
            if skip > 0 {
                (seen[0], at) = (true, at + skip);
                continue;
            }
            if before != Some(u64::from_le_bytes(bytes)) {
                bytes.iter().for_each(|&i| seen[usize::from(i)] = true);
                before = Some(u64::from_le_bytes(bytes));
            }
            at += 8;
        }
        for &i in &indices[at..] {
            seen[usize::from(i)] = true;
        }
        let mut set = IndexSet::default();
        for (i, _) in seen.iter().enumerate().filter(|(_, &seen)| seen) {
            set.insert(i as u8);
        }
        set
    }

    /// Adds `index`.
    pub fn insert(&mut self, index: u8) {
        self.0[usize::from(index / 64)] |= 1 << (index % 64);
    }

    /// Whether it holds `index`.
    pub fn contains(&self, index: u8) -> bool {
        self.0[usize::from(index / 64)] >> (index % 64) & 1 == 1
    }

    /// Whether it holds an index of `other`.
    pub fn meets(&self, other: &IndexSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// Adds every index of `other`.
    pub fn add(&mut self, other: &IndexSet) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
    }
}

/// Why a picture cannot be written as a GIF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GifError {
    /// No colours, or more than 256.
    Palette(usize),
    /// No frames.
    NoFrames,
    /// A frame that is empty, outside the canvas, has the wrong number of indices, or an index past the palette:
    /// which frame (from 0).
    BadFrame(usize),
}

impl fmt::Display for GifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GifError::Palette(n) => write!(f, "a GIF holds 1 to 256 colours, not {n}"),
            GifError::NoFrames => f.write_str("a GIF needs a frame"),
            GifError::BadFrame(i) => write!(f, "frame {i} does not fit the canvas or the palette"),
        }
    }
}

impl std::error::Error for GifError {}

/// The GIF of `frames` on a `width × height` canvas with `palette`; in the frames after the first, the pixels of
/// index `unchanged` (if any) are transparent: they show what is there.
pub fn encode(
    width: u16,
    height: u16,
    palette: &[Rgb],
    frames: &[Frame<'_>],
    unchanged: Option<u8>,
) -> Result<Vec<u8>, GifError> {
    let mut writer = Writer::new((width, height), palette, frames.len(), unchanged)?;
    for frame in frames {
        writer.frame(frame)?;
    }
    Ok(writer.finish())
}

/// A GIF written a frame at a time ([`encode`] of frames made one by one, so that an animation's frames need not
/// all be held at once: each is coded while its indices are still in the processor's cache).
pub struct Writer {
    out: Vec<u8>,
    lzw: Lzw,
    canvas: (u16, u16),
    colours: usize,
    unchanged: Option<u8>,
    /// Each index of the frames, its index in the GIF's palette ([`Writer::in_order`]).
    order: [u8; 256],
    /// The frames written so far.
    written: usize,
}

impl Writer {
    /// A GIF of `frames` frames (at least one; more loop for ever) on a canvas of `canvas` (width, height) with
    /// `palette`, `unchanged` as in [`encode`]: its header, palette and loop written.
    pub fn new(canvas: (u16, u16), palette: &[Rgb], frames: usize, unchanged: Option<u8>) -> Result<Writer, GifError> {
        Writer::in_order(canvas, palette, &IDENTITY, frames, unchanged)
    }

    /// [`Writer::new`] with the palette in another order: the GIF's palette holds `palette[i]` at `order[i]` (`order`
    /// puts `0..palette.len()` in another order), and its codes carry `order[index]` for every index of the frames,
    /// which stay in `palette`'s indices. A later frame that shows few colours starts its codes one bit wider than
    /// its largest index in the GIF's order needs: ordered by use, that is most often 6 bits rather than 9.
    pub fn in_order(
        canvas: (u16, u16),
        palette: &[Rgb],
        order: &[u8; 256],
        frames: usize,
        unchanged: Option<u8>,
    ) -> Result<Writer, GifError> {
        if palette.is_empty() || palette.len() > 256 {
            return Err(GifError::Palette(palette.len()));
        }
        if unchanged.is_some_and(|i| usize::from(i) >= palette.len()) {
            return Err(GifError::Palette(palette.len()));
        }
        if frames == 0 {
            return Err(GifError::NoFrames);
        }
        let mut ordered = vec![None; palette.len()];
        for (i, &rgb) in palette.iter().enumerate() {
            if let Some(slot) = ordered.get_mut(usize::from(order[i])) {
                *slot = Some(rgb);
            }
        }
        let ordered: Option<Vec<Rgb>> = ordered.into_iter().collect();
        let palette = ordered.ok_or(GifError::Palette(palette.len()))?;
        // The table's size is a power of two from 2 to 256: 2^(bits).
        let bits = (1..=8).find(|b| palette.len() <= 1 << b).unwrap_or(8);
        let mut out = Vec::with_capacity(1024);
        out.extend_from_slice(b"GIF89a");
        push_u16(&mut out, canvas.0);
        push_u16(&mut out, canvas.1);
        // A global table, 8 bits of colour resolution, unsorted, 2^bits entries; background 0; square pixels.
        out.extend_from_slice(&[0x80 | 0x70 | (bits - 1), 0, 0]);
        for i in 0..1usize << bits {
            let Rgb(r, g, b) = palette.get(i).copied().unwrap_or(Rgb(0, 0, 0));
            out.extend_from_slice(&[r, g, b]);
        }
        if frames > 1 {
            // NETSCAPE2.0: loop for ever.
            out.extend_from_slice(&[0x21, 0xff, 0x0b]);
            out.extend_from_slice(b"NETSCAPE2.0");
            out.extend_from_slice(&[0x03, 0x01, 0x00, 0x00, 0x00]);
        }
        let lzw = Lzw::new(bits.max(2));
        let (colours, order) = (palette.len(), *order);
        Ok(Writer { out, lzw, canvas, colours, unchanged, order, written: 0 })
    }

    /// Writes the next frame: `Err` if it is empty, outside the canvas, has the wrong number of indices or an index
    /// past the palette (then the GIF is not to be finished).
    pub fn frame(&mut self, frame: &Frame<'_>) -> Result<(), GifError> {
        let Frame { left, top, width, height, indices, delay } = *frame;
        self.frame_of((left, top, width, height), delay, &[Span::Indices(indices)])
    }

    /// Writes the next frame at `rect` (its left and top edges, width and height on the canvas), showing `delay`
    /// hundredths of a second, its indices `spans` one after the other: as [`Writer::frame`] of the indices they
    /// make.
    pub fn frame_of(&mut self, rect: (u16, u16, u16, u16), delay: u16, spans: &[Span<'_>]) -> Result<(), GifError> {
        self.frame_showing(rect, delay, spans, None)
    }

    /// [`Writer::frame_of`] of a frame that shows only the indices of `shows`, when known: its codes then start as
    /// narrow as the largest of them in the GIF's order allows ([`Writer::in_order`]; without, as the largest of
    /// the indices up to the frame's largest). `Err` if the frame shows another.
    pub fn frame_showing(
        &mut self,
        rect: (u16, u16, u16, u16),
        delay: u16,
        spans: &[Span<'_>],
        shows: Option<&IndexSet>,
    ) -> Result<(), GifError> {
        let (left, top, width, height) = rect;
        let area = Rect::new(left.into(), top.into(), width.into(), height.into());
        let largest = spans_largest(spans, area, (self.canvas.0.into(), self.canvas.1.into()), self.colours)
            .ok_or(GifError::BadFrame(self.written))?;
        let order = &self.order;
        let largest = match shows {
            Some(shows) => (0..=largest).filter(|&i| shows.contains(i)).map(|i| order[usize::from(i)]).max(),
            None => order[..=usize::from(largest)].iter().copied().max(),
        };
        let out = &mut self.out;
        // Graphic control: disposal 1 (do not dispose), the transparent index if any, the delay.
        let transparent = self.unchanged.filter(|_| self.written > 0).map(|i| order[usize::from(i)]);
        out.extend_from_slice(&[0x21, 0xf9, 0x04, 0x04 | u8::from(transparent.is_some())]);
        push_u16(out, delay);
        out.extend_from_slice(&[transparent.unwrap_or(0), 0x00]);
        out.push(0x2c);
        for value in [left, top, width, height] {
            push_u16(out, value);
        }
        out.push(0x00);
        // The frame's own minimum code size: its largest index's.
        let min_code_size = min_code_size(largest.unwrap_or(0));
        out.push(min_code_size);
        crate::work::count(crate::work::Unit::Coded, u64::from(width) * u64::from(height));
        let pixels = usize::from(width) * usize::from(height);
        let codes = self.lzw.code(spans, pixels, (min_code_size, order)).ok_or(GifError::BadFrame(self.written))?;
        write_blocks(out, &codes);
        self.written += 1;
        Ok(())
    }

    /// The GIF's bytes, its trailer written.
    pub fn finish(mut self) -> Vec<u8> {
        self.out.push(0x3b);
        self.out
    }
}

/// The largest index of `spans` if they fit as [`Rect::frame_largest`] asks: `rect` inside `canvas`, as many
/// indices as its pixels, each below `colours`.
fn spans_largest(spans: &[Span<'_>], rect: Rect, canvas: (u32, u32), colours: usize) -> Option<u8> {
    let (mut len, mut largest) = (0u64, 0u8);
    for span in spans {
        match *span {
            Span::Run(_, 0) => {}
            Span::Run(index, n) => (len, largest) = (len + n as u64, largest.max(index)),
            Span::Indices(indices) => {
                // (A fold the compiler vectorises.)
                let most = indices.iter().fold(0u8, |most, &i| most.max(i));
                (len, largest) = (len + indices.len() as u64, largest.max(most));
            }
        }
    }
    let fits = rect.is_inside(canvas) && len == u64::from(rect.width) * u64::from(rect.height);
    (fits && usize::from(largest) < colours).then_some(largest)
}

fn push_u16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

/// `data` as GIF data sub-blocks: a length byte (1–255) before each, a zero-length block at the end.
fn write_blocks(out: &mut Vec<u8>, data: &[u8]) {
    for chunk in data.chunks(255) {
        out.push(chunk.len() as u8);
        out.extend_from_slice(chunk);
    }
    out.push(0);
}

/// The order that leaves every index as it is.
const IDENTITY: [u8; 256] = {
    let mut order = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        order[i] = i as u8;
        i += 1;
    }
    order
};

/// The most codes GIF's LZW table holds (12-bit codes).
const MAX_CODES: usize = 4096;

/// Codes written least significant bit first, as GIF packs them, four bytes at a time.
struct BitWriter {
    bytes: Vec<u8>,
    buffer: u64,
    count: u32,
}

impl BitWriter {
    fn write(&mut self, code: u16, width: u32) {
        self.buffer |= u64::from(code) << self.count;
        self.count += width;
        // Codes are at most 12 bits: one flush makes room for the next.
        if self.count >= 32 {
            self.bytes.extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.count -= 32;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        let tail = self.buffer.to_le_bytes();
        self.bytes.extend_from_slice(&tail[..self.count.div_ceil(8) as usize]);
        self.bytes
    }
}

/// Where the LZW coder finds the code of a string from the code of its prefix and a last index that differs from
/// the prefix's last ([`Chains`] keeps the others), and adds such strings.
trait Dictionary {
    /// The code of (`prefix`, `byte`), or where it goes.
    fn find(&self, prefix: u16, byte: u8) -> Result<u16, usize>;
    /// Gives (`prefix`, `byte`), found missing at `at`, the `code`.
    fn insert(&mut self, at: usize, prefix: u16, byte: u8, code: u16);
    /// Empties the table (after a clear code).
    fn clear(&mut self);
}

/// The table for small palettes (a minimum code size up to [`Children::MAX_BITS`]): a column a palette index, an
/// entry a code in it, so a look-up is one load at `byte << 12 | prefix`; the few indices a picture is mostly made of
/// keep their columns in the cache.
///
/// The table is not emptied when the coder clears its strings: an entry holds its code and the clear it was made
/// after (`generation`), and counts only while no clear came since. So a clear costs nothing, and a look-up is one
/// load.
struct Children {
    /// `generation << 12 | code` an entry.
    codes: Vec<u32>,
    /// The clears so far, from 1 (an entry of 0 was never made).
    generation: u32,
}

impl Children {
    /// The largest minimum code size this table is for: 64 columns, 1 MB.
    const MAX_BITS: u8 = 6;
    /// The generations an entry can tell apart: the table is emptied once they run out.
    const GENERATIONS: u32 = 1 << 20;

    fn new(min_code_size: u8) -> Children {
        Children { codes: vec![0; MAX_CODES << min_code_size], generation: 1 }
    }
}

impl Dictionary for Children {
    fn find(&self, prefix: u16, byte: u8) -> Result<u16, usize> {
        let at = (usize::from(byte) << 12) | usize::from(prefix);
        let entry = self.codes[at];
        match entry >> 12 == self.generation {
            true => Ok((entry & 0xfff) as u16),
            false => Err(at),
        }
    }

    fn insert(&mut self, at: usize, _prefix: u16, _byte: u8, code: u16) {
        self.codes[at] = (self.generation << 12) | u32::from(code);
    }

    fn clear(&mut self) {
        self.generation += 1;
        if self.generation == Children::GENERATIONS {
            self.codes.fill(0);
            self.generation = 1;
        }
    }
}

/// The table for larger palettes: an open-addressed hash table (twice the table's size, so probes stay short).
struct Table {
    slots: Vec<u32>,
}

impl Table {
    const SLOTS: usize = 2 * MAX_CODES;
    const EMPTY: u32 = u32::MAX;

    fn new() -> Table {
        Table { slots: vec![Table::EMPTY; Table::SLOTS] }
    }
}

impl Dictionary for Table {
    /// A slot holds `prefix << 20 | byte << 12 | code`.
    fn find(&self, prefix: u16, byte: u8) -> Result<u16, usize> {
        let key = (u32::from(prefix) << 8) | u32::from(byte);
        let mut slot = (key.wrapping_mul(0x9e37_79b1) >> 19) as usize % Table::SLOTS;
        loop {
            let entry = self.slots[slot];
            if entry == Table::EMPTY {
                return Err(slot);
            }
            if entry >> 12 == key {
                return Ok((entry & 0xfff) as u16);
            }
            slot = (slot + 1) % Table::SLOTS;
        }
    }

    fn insert(&mut self, slot: usize, prefix: u16, byte: u8, code: u16) {
        self.slots[slot] = (((u32::from(prefix) << 8) | u32::from(byte)) << 12) | u32::from(code);
    }

    fn clear(&mut self) {
        self.slots.fill(Table::EMPTY);
    }
}

/// The strings that end in a run: a string `s` whose last index is `b` is the head of a chain `s`, `sb`, `sbb`, …
/// as long as the table has them (`sb` is only ever added after `s` was written before a `b`, so the chain has no
/// gap), and every string is in exactly one chain: a single index heads its own, any other string `pb` where `p`
/// ends in another index heads its own, and `pbb…` is in `pb`'s. A chain's codes are kept in order, so a stretch of
/// `b` after any string of the chain is followed in one step, however long: only the strings that end in another
/// index than their prefix go through the [`Dictionary`].
///
/// The chains live in one array (`codes`), a chain's codes together, moved to its end with twice the room when
/// one outgrows its place; the array is emptied when the table is cleared.
struct Chains {
    /// The chain each code heads (if it heads one).
    chains: Vec<Chain>,
    codes: Vec<u16>,
}

/// Where a chain's codes are in [`Chains::codes`]: from `start`, `len` of them, room for `room` there.
#[derive(Clone, Copy, Default)]
struct Chain {
    start: u32,
    len: u16,
    room: u16,
}

impl Chains {
    /// A new chain's room: most chains stay one code long, the others grow a few before they move.
    const ROOM: u16 = 4;

    fn new() -> Chains {
        Chains { chains: vec![Chain::default(); MAX_CODES], codes: Vec::new() }
    }

    /// Empties every chain but the single indices' (below `roots`), which hold only the index.
    fn clear(&mut self, roots: u16) {
        self.codes.clear();
        for root in 0..roots {
            self.begin(root);
        }
    }

    /// A chain headed by `code`.
    fn begin(&mut self, code: u16) {
        let start = self.codes.len();
        self.chains[usize::from(code)] = Chain { start: start as u32, len: 1, room: Chains::ROOM };
        self.codes.resize(start + usize::from(Chains::ROOM), code);
    }

    /// The code `to` places along `head`'s chain, or its last if it is shorter: (its place, the code).
    #[inline]
    fn along(&self, head: u16, to: usize) -> (usize, u16) {
        let chain = self.chains[usize::from(head)];
        let reach = to.min(usize::from(chain.len) - 1);
        (reach, self.codes[chain.start as usize + reach])
    }

    /// Adds `code` at the end of `head`'s chain.
    fn push(&mut self, head: u16, code: u16) {
        let chain = &mut self.chains[usize::from(head)];
        if chain.len == chain.room {
            // Moved to the end with twice the room.
            let (start, moved) = (chain.start as usize, self.codes.len());
            self.codes.extend_from_within(start..start + usize::from(chain.len));
            self.codes.resize(moved + 2 * usize::from(chain.len), 0);
            (chain.start, chain.room) = (moved as u32, 2 * chain.len);
        }
        self.codes[chain.start as usize + usize::from(chain.len)] = code;
        chain.len += 1;
    }
}

/// A GIF's LZW coder: its tables (the column table for small palettes, else the hash table), made once for all the
/// frames (each frame starts with a clear code, and may have a smaller minimum code size than the palette's).
struct Lzw {
    table: Tables,
    chains: Chains,
}

/// The table of the strings that are not in a chain.
enum Tables {
    Children(Children),
    Hash(Table),
}

impl Lzw {
    /// The coder of a palette of `2^bits` colours.
    fn new(bits: u8) -> Lzw {
        let table = match bits <= Children::MAX_BITS {
            true => Tables::Children(Children::new(bits)),
            false => Tables::Hash(Table::new()),
        };
        Lzw { table, chains: Chains::new() }
    }

    /// The indices of `spans` (`pixels` of them), each put in `order`, LZW-coded with `min_code_size` (2 to the
    /// palette's bits); `None` if one is not below `1 << min_code_size`.
    fn code(&mut self, spans: &[Span<'_>], pixels: usize, coding: (u8, &[u8; 256])) -> Option<Vec<u8>> {
        match &mut self.table {
            Tables::Children(children) => code(spans, pixels, coding, children, &mut self.chains),
            Tables::Hash(table) => code(spans, pixels, coding, table, &mut self.chains),
        }
    }
}

/// The smallest minimum code size (GIF's 2 to 8) for a frame whose largest index is `largest`. A frame that shows
/// only some of the palette's first colours (many later frames of an animation) starts with shorter codes, and its
/// table has room for more strings before it is cleared.
fn min_code_size(largest: u8) -> u8 {
    (2..8).find(|&b| u16::from(largest) < 1 << b).unwrap_or(8)
}

/// Where a new string goes: in the table where the look-up found it missing, or at the end of a chain.
enum Place {
    Table(usize),
    Chain(u16),
}

/// The LZW coder's state: the codes written, the tables, the code width and the next code.
struct Coder<'a, D> {
    writer: BitWriter,
    table: &'a mut D,
    chains: &'a mut Chains,
    /// Each index's code ([`Writer::in_order`]).
    order: &'a [u8; 256],
    /// Whether an index's code was not below the clear code (the frame is then not written).
    outside: bool,
    min_code_size: u8,
    width: u32,
    next: u16,
}

impl<D: Dictionary> Coder<'_, D> {
    fn clear_code(&self) -> u16 {
        1 << self.min_code_size
    }

    /// Writes `prefix`, then gives (`prefix`, `byte`) the next code (or clears the tables when they are full), as
    /// the decoder will, at `place`.
    #[inline]
    fn emit(&mut self, prefix: u16, byte: u8, place: Place) {
        self.writer.write(prefix, self.width);
        if usize::from(self.next) < MAX_CODES {
            match place {
                Place::Table(at) => {
                    self.table.insert(at, prefix, byte, self.next);
                    self.chains.begin(self.next);
                }
                Place::Chain(head) => self.chains.push(head, self.next),
            }
            // The decoder widens its codes once the next code no longer fits.
            if u32::from(self.next) == 1 << self.width && self.width < 12 {
                self.width += 1;
            }
            self.next += 1;
        } else {
            self.writer.write(self.clear_code(), self.width);
            self.clear();
        }
    }

    fn clear(&mut self) {
        self.table.clear();
        self.chains.clear(self.clear_code());
        self.width = u32::from(self.min_code_size) + 1;
        self.next = self.clear_code() + 2;
    }
}

/// How many of `data`'s first bytes are 0 in whole blocks of 32, a block read as four words.
pub(crate) fn zeros(data: &[u8]) -> usize {
    let word = |block: &[u8], i: usize| u64::from_le_bytes(block[i..i + 8].try_into().unwrap());
    let blocks = data.chunks_exact(32);
    32 * blocks.take_while(|block| word(block, 0) | word(block, 8) | word(block, 16) | word(block, 24) == 0).count()
}

/// How many of `data`'s first bytes are `byte`, eight at a time.
pub(crate) fn run_length(data: &[u8], byte: u8) -> usize {
    let splat = u64::from_le_bytes([byte; 8]);
    let mut chunks = data.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let differ =
            u64::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]])
                ^ splat;
        if differ != 0 {
            // The first byte that differs is the lowest nonzero one.
            return n + (differ.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + chunks.remainder().iter().take_while(|&&b| b == byte).count()
}

/// `indices` LZW-coded with `min_code_size` (2–8; every index below `1 << min_code_size`).
#[cfg(test)]
fn lzw(indices: &[u8], min_code_size: u8) -> Vec<u8> {
    let coding = (min_code_size, &IDENTITY);
    Lzw::new(min_code_size).code(&[Span::Indices(indices)], indices.len(), coding).expect("indices below the codes")
}

/// The indices of `spans` (`pixels` of them) LZW-coded with `min_code_size`, the strings that end in another index
/// than their prefix in `table`, the others in `chains`. The codes are those of the plain coder (the longest string
/// in the table each time), wherever the spans start and end.
fn code<D: Dictionary>(
    spans: &[Span<'_>],
    pixels: usize,
    (min_code_size, order): (u8, &[u8; 256]),
    table: &mut D,
    chains: &mut Chains,
) -> Option<Vec<u8>> {
    let clear = 1u16 << min_code_size;
    let writer = BitWriter { bytes: Vec::with_capacity(pixels / 8 + 16), buffer: 0, count: 0 };
    let mut coder = Coder { writer, table, chains, order, outside: false, min_code_size, width: 0, next: 0 };
    coder.clear();
    coder.writer.write(clear, coder.width);
    let mut string = None;
    for span in spans {
        match *span {
            Span::Run(index, n) => coder.run(&mut string, order[usize::from(index)], n),
            Span::Indices(indices) => coder.indices(&mut string, indices),
        }
    }
    if let Some(string) = string {
        coder.writer.write(string.prefix, coder.width);
    }
    coder.writer.write(clear + 1, coder.width);
    (!coder.outside).then(|| coder.writer.finish())
}

/// The string being matched: its code, its last index, and its chain's head and place in it.
#[derive(Clone, Copy)]
struct Matched {
    prefix: u16,
    last: u8,
    head: u16,
    at: usize,
}

impl Matched {
    /// The string of one index.
    fn index(index: u8) -> Matched {
        Matched { prefix: u16::from(index), last: index, head: u16::from(index), at: 0 }
    }
}

impl<D: Dictionary> Coder<'_, D> {
    /// Matches `index` after `string`, a different index from its last: the string one longer if the table has
    /// it, else `string` written and a new one begun.
    #[inline]
    fn other(&mut self, string: Matched, index: u8) -> Matched {
        match self.table.find(string.prefix, index) {
            Ok(code) => Matched { prefix: code, last: index, head: code, at: 0 },
            Err(place) => {
                self.emit(string.prefix, index, Place::Table(place));
                Matched::index(index)
            }
        }
    }

    /// Matches `n` more of `string`'s last index (its stretch: none of the indices before or after are read), along
    /// its chain as far as the chain reaches, writing a string and beginning again where it ends.
    #[inline]
    fn along(&mut self, mut string: Matched, n: usize) -> Matched {
        let mut i = 0;
        while i < n {
            let (reach, code) = self.chains.along(string.head, string.at + n - i);
            (i, string.at, string.prefix) = (i + reach - string.at, reach, code);
            if i < n {
                // The string one longer is new: write this one, start again from the index.
                self.emit(string.prefix, string.last, Place::Chain(string.head));
                string = Matched::index(string.last);
                i += 1;
            }
        }
        string
    }

    /// Codes `n` times `index` after `string` (`None`: the frame's first indices).
    #[inline]
    fn run(&mut self, string: &mut Option<Matched>, index: u8, n: usize) {
        if n == 0 {
            return;
        }
        self.outside |= u16::from(index) >= self.clear_code();
        let (matched, rest) = match *string {
            None => (Matched::index(index), n - 1),
            Some(s) if s.last == index => (s, n),
            Some(s) => (self.other(s, index), n - 1),
        };
        *string = Some(self.along(matched, rest));
    }

    /// Codes `indices` (each put in the coder's order) after `string` (`None`: the frame's first indices).
    #[inline]
    fn indices(&mut self, string: &mut Option<Matched>, indices: &[u8]) {
        let (order, clear) = (self.order, self.clear_code());
        let (mut matched, mut i) = match (*string, indices.first()) {
            (_, None) => return,
            (None, Some(&first)) => (Matched::index(order[usize::from(first)]), 1),
            (Some(s), _) => (s, 0),
        };
        let mut outside = u16::from(matched.last) >= clear;
        while i < indices.len() {
            let (raw, index) = (indices[i], order[usize::from(indices[i])]);
            if index == matched.last {
                // The stretch of equal indices, measured once, followed along the chain.
                let stretch = run_length(&indices[i..], raw);
                matched = self.along(matched, stretch);
                i += stretch;
            } else {
                outside |= u16::from(index) >= clear;
                matched = self.other(matched, index);
                i += 1;
            }
        }
        self.outside |= outside;
        *string = Some(matched);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `bytes` with the `gif` crate: the canvas size, the palette, and each frame's rectangle, delay and
    /// indices.
    #[allow(clippy::type_complexity)]
    fn decode(bytes: &[u8]) -> ((u16, u16), Vec<u8>, Vec<((u16, u16, u16, u16), u16, Vec<u8>)>) {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(bytes).expect("a GIF");
        let size = (decoder.width(), decoder.height());
        let palette = decoder.global_palette().expect("a global palette").to_vec();
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().expect("a frame") {
            assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
            assert_eq!(frame.transparent, None);
            frames.push(((frame.left, frame.top, frame.width, frame.height), frame.delay, frame.buffer.to_vec()));
        }
        (size, palette, frames)
    }

    fn palette(n: usize) -> Vec<Rgb> {
        (0..n).map(|i| Rgb(i as u8, (i * 7) as u8, 255 - i as u8)).collect()
    }

    /// Indices from a small generator, so that long runs, repeats and noise all occur.
    fn pattern(len: usize, colours: usize, seed: u32) -> Vec<u8> {
        let mut state = seed.wrapping_mul(2_654_435_761).max(1);
        (0..len)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                // Runs of one colour (a diagram's squares) broken by noise (its pieces' edges).
                if (i / 37) % 3 == 0 {
                    (state as usize % colours) as u8
                } else {
                    ((i / 90) % colours) as u8
                }
            })
            .collect()
    }

    #[test]
    fn frames_decode_to_their_rectangles_indices_and_delays() {
        for colours in [1, 2, 3, 4, 5, 16, 17, 100, 256] {
            let colours_palette = palette(colours);
            let full = pattern(120 * 90, colours, colours as u32);
            let part = pattern(30 * 20, colours, 7);
            let frames = [
                Frame { left: 0, top: 0, width: 120, height: 90, indices: &full, delay: 100 },
                Frame { left: 40, top: 50, width: 30, height: 20, indices: &part, delay: 250 },
            ];
            let bytes = encode(120, 90, &colours_palette, &frames, None).unwrap();
            let (size, table, decoded) = decode(&bytes);
            assert_eq!(size, (120, 90));
            let entries = colours.next_power_of_two().max(2);
            assert_eq!(table.len(), 3 * entries, "{colours} colours");
            assert_eq!(&table[..3 * colours], colours_palette.iter().flat_map(|c| [c.0, c.1, c.2]).collect::<Vec<_>>());
            assert_eq!(decoded[0], ((0, 0, 120, 90), 100, full), "{colours} colours");
            assert_eq!(decoded[1], ((40, 50, 30, 20), 250, part), "{colours} colours");
        }
    }

    #[test]
    fn a_long_noisy_frame_fills_the_table_and_clears_it() {
        // 1,000 × 1,000 of noise over 256 colours needs many table resets.
        let noise = pattern(1_000_000, 256, 3);
        let frame = Frame { left: 0, top: 0, width: 1000, height: 1000, indices: &noise, delay: 0 };
        let (_, _, decoded) = decode(&encode(1000, 1000, &palette(256), &[frame], None).unwrap());
        assert_eq!(decoded[0].2, noise);
        // One colour only: the shortest codes, very long strings.
        let flat = vec![0u8; 500_000];
        let frame = Frame { left: 0, top: 0, width: 1000, height: 500, indices: &flat, delay: 0 };
        let bytes = encode(1000, 500, &palette(1), &[frame], None).unwrap();
        assert!(bytes.len() < 5_000, "{} bytes", bytes.len());
        assert_eq!(decode(&bytes).2[0].2, flat);
    }

    /// The plain LZW coder: a hash look-up a pixel, the table cleared when full.
    fn plain_lzw(indices: &[u8], min_code_size: u8) -> Vec<u8> {
        let clear = 1u16 << min_code_size;
        let mut writer = BitWriter { bytes: Vec::new(), buffer: 0, count: 0 };
        let mut table = std::collections::HashMap::new();
        let (mut width, mut next) = (u32::from(min_code_size) + 1, clear + 2);
        writer.write(clear, width);
        let mut prefix = u16::from(indices[0]);
        for &byte in &indices[1..] {
            if let Some(&code) = table.get(&(prefix, byte)) {
                prefix = code;
                continue;
            }
            writer.write(prefix, width);
            if usize::from(next) < MAX_CODES {
                table.insert((prefix, byte), next);
                if u32::from(next) == 1 << width && width < 12 {
                    width += 1;
                }
                next += 1;
            } else {
                writer.write(clear, width);
                table.clear();
                (width, next) = (u32::from(min_code_size) + 1, clear + 2);
            }
            prefix = u16::from(byte);
        }
        writer.write(prefix, width);
        writer.write(clear + 1, width);
        writer.finish()
    }

    #[test]
    fn runs_are_coded_as_the_plain_coder_codes_them() {
        // Long runs (past a full table), short runs, runs broken by noise, of few and of many colours.
        for (len, colours, seed) in [(50_000, 2, 1), (200_000, 4, 2), (300_000, 256, 3), (20_000, 16, 4)] {
            let mut data = pattern(len, colours, seed);
            for (i, chunk) in data.chunks_mut(5_000).enumerate() {
                if i % 3 == 1 {
                    chunk.fill((i % colours) as u8);
                }
            }
            data.extend(std::iter::repeat_n(1, 70_000));
            for min_code_size in [2, 4, 6, 7, 8] {
                if colours <= 1 << min_code_size {
                    assert_eq!(lzw(&data, min_code_size), plain_lzw(&data, min_code_size), "{len} {colours}");
                }
            }
        }
        assert_eq!(lzw(&[3; 1], 2), plain_lzw(&[3; 1], 2));
    }

    #[test]
    fn a_table_kept_from_frame_to_frame_codes_as_a_fresh_one() {
        // The column table keeps the entries of the frames before (and of the strings before each clear): they
        // must never be taken for the strings of this one.
        for min_code_size in [2, 5, 6, 8] {
            let mut kept = Lzw::new(min_code_size);
            let colours = 1 << min_code_size.min(5);
            for seed in 1..6 {
                let data = pattern(40_000 * seed as usize, colours, seed);
                assert_eq!(
                    kept.code(&[Span::Indices(&data)], data.len(), (min_code_size, &IDENTITY)),
                    Some(plain_lzw(&data, min_code_size)),
                    "{min_code_size} {seed}"
                );
            }
        }
    }

    #[test]
    fn spans_code_as_the_indices_they_make() {
        // The same indices cut anywhere into runs and slices (a run split in two, a slice that ends inside a stretch,
        // empty spans), as a frame of squares cuts them: each coded as the plain coder codes them whole.
        for (colours, seed) in [(2, 1), (4, 2), (32, 3), (256, 4)] {
            let mut data = pattern(120_000, colours, seed);
            for (i, chunk) in data.chunks_mut(700).enumerate() {
                if i % 2 == 0 {
                    chunk.fill(0);
                }
            }
            let mut spans = Vec::new();
            let (mut at, mut cut) = (0, seed as usize);
            while at < data.len() {
                cut = (cut * 7 + 13) % 997;
                let end = (at + cut).min(data.len());
                match data[at..end].iter().all(|&b| b == data[at]) {
                    true => spans
                        .extend([Span::Run(data[at], (end - at) / 2), Span::Run(data[at], end - at - (end - at) / 2)]),
                    false => spans.extend([Span::Indices(&data[at..end]), Span::Indices(&[])]),
                }
                at = end;
            }
            assert!(spans.iter().any(|s| matches!(s, Span::Run(_, n) if *n > 1)), "{colours}");
            let min_code_size = min_code_size((colours - 1) as u8);
            let mut kept = Lzw::new(8);
            let coding = (min_code_size, &IDENTITY);
            assert_eq!(kept.code(&spans, data.len(), coding), Some(plain_lzw(&data, min_code_size)), "{colours}");
        }
    }

    #[test]
    fn an_index_set_holds_the_indices_met_across_stretches_of_zeros() {
        // Stretches of 0 of every length from 0 to 70 (the 32-byte blocks skipped, and their edges), between
        // indices from a generator, against a plain reading.
        for zeros in 0..70 {
            for seed in 1..4 {
                let mut data = pattern(23 + seed as usize * 7, 40, seed);
                data.splice(5..5, vec![0; zeros]);
                data.extend(vec![0; zeros % 9]);
                data.push(200 + seed as u8);
                let set = IndexSet::of(&data);
                for i in 0..=255u8 {
                    assert_eq!(set.contains(i), data.contains(&i), "{zeros} {seed} {i}");
                }
            }
        }
    }

    #[test]
    fn the_column_table_is_emptied_when_its_generations_run_out() {
        // The first frame's entries (its generation comes again once the generations run out) must not be taken
        // for the strings of a frame after that.
        let mut kept = Lzw::new(5);
        for seed in 1..8 {
            if seed == 2 {
                let Tables::Children(children) = &mut kept.table else { panic!("a 5-bit palette: the column table") };
                children.generation = Children::GENERATIONS - 3;
            }
            let data = pattern(9_000, 32, seed);
            let spans = [Span::Indices(&data)];
            assert_eq!(kept.code(&spans, data.len(), (5, &IDENTITY)), Some(plain_lzw(&data, 5)), "{seed}");
        }
        let Tables::Children(children) = &kept.table else { unreachable!() };
        assert!(children.generation < 10, "{}", children.generation);
    }

    #[test]
    fn a_frame_of_the_palettes_first_colours_codes_with_its_own_minimum_code_size() {
        // One coder of a 256-colour palette codes frames at any smaller minimum code size, as a fresh coder would.
        let mut kept = Lzw::new(8);
        for (min_code_size, seed) in [(2, 1), (8, 2), (5, 3), (7, 4), (2, 5)] {
            let data = pattern(30_000, 1 << min_code_size.min(5), seed);
            assert_eq!(
                kept.code(&[Span::Indices(&data)], data.len(), (min_code_size, &IDENTITY)),
                Some(plain_lzw(&data, min_code_size)),
                "{min_code_size}"
            );
        }
        assert_eq!([0, 3, 4, 31, 32, 127, 128, 255].map(min_code_size), [2, 2, 3, 5, 6, 7, 8, 8]);
        // A frame of indices below 4 in a 200-colour GIF is written with 3-bit codes at first, not 9-bit ones.
        let small = pattern(10_000, 4, 7);
        let frame = Frame { left: 0, top: 0, width: 100, height: 100, indices: &small, delay: 0 };
        let bytes = encode(100, 100, &palette(200), &[frame], None).unwrap();
        let (_, _, frames) = decode(&bytes);
        assert_eq!(frames[0].2, small);
        let data = plain_lzw(&small, 2);
        assert!(bytes.windows(data.len().min(255)).any(|w| w == &data[..w.len()]), "coded at 2 bits");
    }

    #[test]
    fn the_frames_after_the_first_show_through_their_unchanged_index() {
        let (first, second) = ([1u8, 2, 3, 1], [0u8, 3]);
        let frames = [
            Frame { left: 0, top: 0, width: 2, height: 2, indices: &first, delay: 10 },
            Frame { left: 0, top: 1, width: 2, height: 1, indices: &second, delay: 10 },
        ];
        let bytes = encode(2, 2, &palette(4), &frames, Some(0)).unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&bytes[..]).unwrap();
        assert_eq!(decoder.read_next_frame().unwrap().unwrap().transparent, None);
        assert_eq!(decoder.read_next_frame().unwrap().unwrap().transparent, Some(0));
        assert_eq!(encode(2, 2, &palette(4), &frames, Some(4)), Err(GifError::Palette(4)));
    }

    #[test]
    fn one_frame_is_a_still_and_more_loop_for_ever() {
        let one = [0u8];
        let frame = Frame { left: 0, top: 0, width: 1, height: 1, indices: &one, delay: 0 };
        let still = encode(1, 1, &palette(2), &[frame], None).unwrap();
        assert!(!still.windows(11).any(|w| w == b"NETSCAPE2.0"));
        let moving = encode(1, 1, &palette(2), &[frame, frame], None).unwrap();
        let at = moving.windows(11).position(|w| w == b"NETSCAPE2.0").unwrap();
        assert_eq!(moving[at + 11..at + 16], [0x03, 0x01, 0x00, 0x00, 0x00], "loop count 0: for ever");
    }

    #[test]
    fn what_a_gif_cannot_hold_is_an_error() {
        let one = [0u8];
        let frame = Frame { left: 0, top: 0, width: 1, height: 1, indices: &one, delay: 0 };
        assert_eq!(encode(1, 1, &palette(257), &[frame], None), Err(GifError::Palette(257)));
        assert_eq!(encode(1, 1, &[], &[frame], None), Err(GifError::Palette(0)));
        assert_eq!(encode(1, 1, &palette(2), &[], None), Err(GifError::NoFrames));
        let outside = Frame { left: 1, ..frame };
        assert_eq!(encode(1, 1, &palette(2), &[frame, outside], None), Err(GifError::BadFrame(1)));
        let past_palette = [5u8];
        let bad = Frame { indices: &past_palette, ..frame };
        assert_eq!(encode(1, 1, &palette(2), &[bad], None), Err(GifError::BadFrame(0)));
        let short = Frame { width: 2, height: 1, ..frame };
        assert_eq!(encode(2, 1, &palette(2), &[short], None), Err(GifError::BadFrame(0)));
        assert_eq!(GifError::Palette(300).to_string(), "a GIF holds 1 to 256 colours, not 300");
    }
}
