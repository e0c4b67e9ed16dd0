//! The zlib stream of a PNG's scanlines, written from what a diagram is made of instead of searched for.
//!
//! Why: a diagram is a frame and a few dozen different squares repeated, so most of its scanlines are copies of a
//! scanline already written (the row above inside a square, or the same row of a square one or two bands up), and
//! a general deflate spends most of a cache miss's time finding that out, byte by byte, again on every request
//! (docs/cost.md). Here:
//!
//! - a scanline equal to an earlier one inside the 32-KB window (found by a hash of whole rows, then compared) is one
//!   back-reference at the distance of the rows, however long the run of equal rows;
//! - runs of the other scanlines are compressed together: at each byte the longest match of the candidates, the run (distance
//!   1), the same column 1–8 rows up, the distance of the last match, and earlier places with the same four bytes
//!   (a short hash chain; how many places, and whether to look one byte ahead, depends on the size: [`Effort`]);
//! - the tokens are coded in one block with Huffman codes built for them (or the fixed codes, or stored, whichever
//!   is smallest), and the Adler-32 of a copied row is the copied row's, combined, not recomputed;
//! - in a large picture (a band of squares nearly the window) whose squares start on whole bytes (or, at 4 bits,
//!   inside one, in up to 512 KB of scanlines: then the byte two squares share is searched), the
//!   palette painter's [`BandPlan`] says which bytes of each band are which square: a square is coded from its tile's
//!   [`TileCode`] (its tokens, searched once per isolate and kept with the tile, matches only inside the tile, so
//!   valid wherever it is shown), a square shown again further left is one copy, and only the margins and frame are
//!   searched; the same squares to the left are tried where the code has a literal, and each match runs on as far
//!   as the bytes repeat. Every planned match is checked against the bytes (a wrong plan costs bytes, never the
//!   picture). Those PNGs' bytes differ from the search's, their pixels do not;
//! - in the largest of them (more than 1,024 × 1,024 pixels of a board larger than 8×8, [`stamped`]) whose tiles
//!   show again, each tile row's tokens are made once a picture and copied wherever the tile shows that row, and
//!   written as bits once and copied too ([`Stamps`]): a 32×32 board's rows are a third
//!   cheaper.
//!
//! Deterministic: the same scanlines always give the same bytes. Tested by decoding with independent inflaters
//! (`png`, `flate2`) over generated and real pictures.

use std::sync::{Arc, OnceLock};

// (Named by its users as `deflate::squares`: it uses this module's tokens and block writer, so this module names
// nothing of it.)
pub(crate) mod squares;

/// The deflate window: the farthest a back-reference may reach.
const WINDOW: usize = 32 * 1024;
/// Shortest and longest deflate matches.
const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 258;
/// The byte hash table: 2^15 heads (128 KB), positions + 1 (0 = empty).
const HASH_BITS: u32 = 15;

/// The zlib stream (RFC 1950, one deflate block of RFC 1951) of `data`, PNG scanlines of `stride` bytes each (the
/// filter byte and the samples; `data.len()` is a multiple of `stride`), with what the painter knows of the rows
/// ([`BandPlan`]), if anything: its bands' rows are coded from their tiles' codes instead of searched.
pub(crate) fn zlib_scanlines(data: &[u8], stride: usize, band_plan: Option<(&BandPlan, u8)>) -> Vec<u8> {
    debug_assert!(stride > 0 && data.len().is_multiple_of(stride));
    let (tokens, adler, stamps) = tokenize(data, stride.max(1), band_plan);
    let mut out = Vec::with_capacity(data.len() / 8 + 64);
    out.extend_from_slice(&ZLIB_HEADER);
    if !write_block(&mut out, data.len(), &tokens, stamps.as_ref()) {
        write_stored(&mut out, data);
    }
    out.extend_from_slice(&adler.to_be_bytes());
    out
}

/// A zlib stream's header. CMF: deflate with a 32-KB window; FLG: default level, no dictionary, the check bits making
/// CMF·256+FLG a multiple of 31 (0x789C, what zlib writes at its default levels).
const ZLIB_HEADER: [u8; 2] = [0x78, 0x9C];

/// A literal byte (`byte << 1`), a match (`distance << 9 | (length - 3) << 1 | 1`), or a run of a picture's
/// stamps (`STAMPED | run << 10`: tokens made once and named again, [`Stamps::runs`]).
pub(crate) type Token = u32;

/// The bit of a [`Token`] that names a run of stamps' tokens (above every literal's `byte << 1`).
const STAMPED: u32 = 1 << 9;

fn literal(byte: u8) -> Token {
    u32::from(byte) << 1
}

fn matched(length: usize, distance: usize) -> Token {
    debug_assert!((MIN_MATCH..=MAX_MATCH).contains(&length) && (1..=WINDOW).contains(&distance));
    (distance as u32) << 9 | ((length - MIN_MATCH) as u32) << 1 | 1
}

/// How many of the first bytes of `x` and `y` are equal.
#[inline]
fn common_prefix(x: &[u8], y: &[u8]) -> usize {
    let max = x.len().min(y.len());
    let mut n = 0;
    while n + 8 <= max {
        let u = u64::from_le_bytes(x[n..n + 8].try_into().unwrap());
        let v = u64::from_le_bytes(y[n..n + 8].try_into().unwrap());
        if u != v {
            return n + ((u ^ v).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && x[n] == y[n] {
        n += 1;
    }
    n
}

/// How many bytes from `a` and `b` (`a < b`) are equal, up to `max`.
#[inline]
fn common(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    common_prefix(&data[a..a + max], &data[b..b + max])
}

/// A hash of a whole scanline (equal rows are then compared byte for byte).
fn row_hash(row: &[u8]) -> u64 {
    // Two lanes of eight bytes each, independent of each other, so that one's multiplication need not wait for the
    // other's (a single lane is latency-bound). Which row a row copies does not depend on the hash, only on the rows'
    // bytes (`row_copies` compares them).
    let (mut h, mut g) = (row.len() as u64, 0x2545_F491_4F6C_DD1D);
    let mut pairs = row.chunks_exact(16);
    for pair in &mut pairs {
        let (x, y) = pair.split_at(8);
        h = (h ^ u64::from_le_bytes(x.try_into().unwrap())).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        g = (g ^ u64::from_le_bytes(y.try_into().unwrap())).wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
    }
    for &b in pairs.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    let h = h ^ g.wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^ h >> 29
}

/// The hash table slot of the four bytes at `p`.
#[inline]
fn byte_hash(data: &[u8], p: usize) -> usize {
    let v = u32::from_le_bytes(data[p..p + 4].try_into().unwrap());
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

const ADLER_BASE: u32 = 65_521;

/// Adler-32 of `data` continued from `adler`.
fn adler32(adler: u32, data: &[u8]) -> u32 {
    // Eight bytes x0..x7 a step: a grows by their sum, b by 8a + 8x0 + 7x1 + … + 1x7. The sums are made in 16-bit
    // lanes of one u64 and gathered into its top lane by a multiplication (the even bytes' lanes weighted 8, 6, 4, 2,
    // the odd ones' 7, 5, 3, 1; at most 5,100 a lane, no carry between lanes): three multiplications instead of
    // sixteen additions in a chain, a byte at a time.
    const LANES: u64 = 0x00FF_00FF_00FF_00FF;
    const ONES: u64 = 0x0001_0001_0001_0001;
    const EVEN_WEIGHTS: u64 = 0x0008_0006_0004_0002;
    const ODD_WEIGHTS: u64 = 0x0007_0005_0003_0001;
    let (mut a, mut b) = (adler & 0xFFFF, adler >> 16);
    // 5552 bytes is the most that can be summed before the 32-bit sums could overflow (zlib's NMAX); a multiple of 8.
    for chunk in data.chunks(5552) {
        let mut words = chunk.chunks_exact(8);
        for word in &mut words {
            let v = u64::from_le_bytes(word.try_into().unwrap());
            let (even, odd) = (v & LANES, v >> 8 & LANES);
            let sum = ((even + odd).wrapping_mul(ONES) >> 48) as u32;
            let weighted =
                ((even.wrapping_mul(EVEN_WEIGHTS) >> 48) as u32) + ((odd.wrapping_mul(ODD_WEIGHTS) >> 48) as u32);
            b += 8 * a + weighted;
            a += sum;
        }
        for &byte in words.remainder() {
            a += u32::from(byte);
            b += a;
        }
        a %= ADLER_BASE;
        b %= ADLER_BASE;
    }
    b << 16 | a
}

/// The Adler-32 of `x` followed by `y`, from the Adler-32 of each and the length of `y` (zlib's
/// `adler32_combine`).
fn adler32_combine(x: u32, y: u32, y_len: usize) -> u32 {
    let rem = (y_len % ADLER_BASE as usize) as u32;
    let a1 = x & 0xFFFF;
    let b1 = x >> 16;
    let a = (a1 + (y & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE;
    let b = ((rem * a1) % ADLER_BASE + b1 + (y >> 16) + ADLER_BASE - rem) % ADLER_BASE;
    b << 16 | a
}

/// The tokens of `data` and its Adler-32; see the module documentation. A row of `band_plan`'s bands that is not a
/// copy of an earlier row is coded from its spans; every other row is searched.
// Not inlined, here and on `compress` and `write_block` (each called once a picture): the profiles of
// `scripts/bench-wasm --profile` then show the three steps apart.
#[inline(never)]
fn tokenize(data: &[u8], stride: usize, band_plan: Option<(&BandPlan, u8)>) -> (Vec<Token>, u32, Option<Stamps>) {
    let rows = data.len() / stride;
    let same_above = band_plan.map_or(&[][..], |(plan, _)| plan.same_above.as_slice());
    let (copies, adler) = row_copies(data, stride, same_above);
    let mut coder = Coder {
        data,
        stride,
        chains: Chains::new(Effort::for_len(data.len()), data.len()),
        tokens: Vec::with_capacity(data.len() / 16 + 16),
    };
    let stamped = band_plan.is_some_and(|(plan, _)| plan.is_stamped(rows));
    let stamps = match band_plan.and_then(|(plan, depth)| plan.bytes(depth, data.len(), stamped)) {
        Some(bands) => coder.code_planned(&copies, &bands, stamped),
        None => {
            coder.code_searched(&copies);
            None
        }
    };
    (coder.tokens, adler, stamps)
}

/// The rows of scanlines `data` (`stride` bytes each): each one's distance back to an equal row inside the window
/// (0: none, to be compressed), and the Adler-32 of them all, each row's computed once (a copied row's is the
/// earlier row's, combined). `same_above`: the rows the painter made as copies of the row above (one flag a row;
/// shorter: the rest are not), which are not compared again.
fn row_copies(data: &[u8], stride: usize, same_above: &[bool]) -> (Vec<usize>, u32) {
    let rows = data.len() / stride;
    let mut copies = vec![0usize; rows];
    // Rows by hash: an open-addressing table of (hash, row + 1), at most half full.
    let slots = (rows * 2).next_power_of_two().max(16);
    let mut row_table: Vec<(u64, u32)> = vec![(0, 0); slots];
    let mut row_adler: Vec<u32> = Vec::with_capacity(rows);
    let mut adler = 1;
    // The row above's hash and slot.
    let mut above = (0, 0);
    for r in 0..rows {
        let row = &data[r * stride..(r + 1) * stride];
        // Most often a row is the one above (a band's blank rows, empty squares): then that is the most recent
        // earlier row with its content, its hash and its slot are this row's, and no hash is needed. The rows the
        // painter copied are known to be (checked in debug builds), the others compared.
        let copied = same_above.get(r) == Some(&true);
        debug_assert!(!copied || r > 0 && common(data, (r - 1) * stride, r * stride, stride) == stride);
        if r > 0 && (copied || common(data, (r - 1) * stride, r * stride, stride) == stride) {
            let (hash, slot) = above;
            row_table[slot] = (hash, r as u32 + 1);
            if stride <= WINDOW {
                copies[r] = stride;
            }
            let this = row_adler[r - 1];
            row_adler.push(this);
            adler = adler32_combine(adler, this, stride);
            continue;
        }
        let hash = row_hash(row);
        // The most recent earlier row with this content, if any.
        let mut slot = (hash as usize) & (slots - 1);
        let mut earlier = None;
        loop {
            let (h, entry) = row_table[slot];
            if entry == 0 {
                break;
            }
            let e = entry as usize - 1;
            // (`common`, not `==`: the slices' `==` is wasm's `memcmp`, a byte at a time.)
            if h == hash && common(data, e * stride, r * stride, stride) == stride {
                earlier = Some(e);
                break;
            }
            slot = (slot + 1) & (slots - 1);
        }
        row_table[slot] = (hash, r as u32 + 1);
        above = (hash, slot);
        let this = match earlier {
            Some(e) => {
                if (r - e) * stride <= WINDOW {
                    copies[r] = (r - e) * stride;
                }
                row_adler[e]
            }
            None => adler32(1, row),
        };
        row_adler.push(this);
        adler = if r == 0 { this } else { adler32_combine(adler, this, stride) };
    }
    (copies, adler)
}

/// The scanlines being coded (`stride` bytes a row), the byte search's state and the tokens so far.
struct Coder<'a> {
    data: &'a [u8],
    stride: usize,
    chains: Chains,
    tokens: Vec<Token>,
}

/// One scanline of a band, to be coded from the band's spans.
struct BandRow<'s, 'a> {
    /// Where the scanline starts in the data, and where it ends.
    start: usize,
    end: usize,
    /// Its band, and its row in the band (the row of each tile the band shows).
    band: usize,
    y: usize,
    /// The band's spans, left to right.
    spans: &'s [ByteSpan<'a>],
}

impl Coder<'_> {
    /// Codes the rows without a plan: each run of rows copied from one distance (`copies`, [`row_copies`]) as one
    /// copy, each run of other rows compressed as one stretch (so that matches run on across their ends).
    fn code_searched(&mut self, copies: &[usize]) {
        let (data, stride) = (self.data, self.stride);
        let mut r = 0;
        while r < copies.len() {
            let distance = copies[r];
            let run = copies[r..].iter().take_while(|&&d| d == distance).count();
            let (start, end) = (r * stride, (r + run) * stride);
            if distance == 0 {
                compress(data, (start, end, end), stride, &mut self.chains, &mut self.tokens);
            } else {
                emit_copy(&mut self.tokens, data, end, distance, end - start);
            }
            r += run;
        }
    }

    /// Codes the rows with the painter's plan in bytes (`bands`): a row copied from an earlier one (`copies`) as
    /// a copy, a row of a band from the band's spans, the other rows searched; with [`Stamps`] where `stamped`,
    /// which the block writer needs then.
    fn code_planned(&mut self, copies: &[usize], bands: &BandBytes, stamped: bool) -> Option<Stamps> {
        let (data, stride) = (self.data, self.stride);
        let planned = |q: usize| {
            let i = q.checked_sub(bands.first_row)?;
            Some((i / bands.band_rows, bands.bands.get(i / bands.band_rows)?.as_slice(), i % bands.band_rows))
        };
        let mut stamps = stamped.then(|| Stamps::new(data, stride, (bands.first_row, bands.band_rows), &bands.bands));
        // `p`: the bytes before it are coded. A match may run on past the end of its rows (the run of a margin into
        // the next row's), and what follows codes only what is left.
        let mut p = 0;
        let mut r = 0;
        while r < copies.len() {
            let distance = copies[r];
            if distance != 0 {
                let run = copies[r..].iter().take_while(|&&d| d == distance).count();
                let end = (r + run) * stride;
                if p < end {
                    emit_copy(&mut self.tokens, data, end, distance, end - p);
                    p = end;
                }
                r += run;
            } else if let Some((band, spans, y)) = planned(r) {
                let row = BandRow { start: r * stride, end: (r + 1) * stride, band, y, spans };
                p = self.code_row(p, &row, bands, stamps.as_mut());
                r += 1;
            } else {
                let run = (r..copies.len()).take_while(|&q| copies[q] == 0 && planned(q).is_none()).count();
                let end = (r + run) * stride;
                if p < end {
                    p = compress(data, (p, end, data.len()), stride, &mut self.chains, &mut self.tokens);
                }
                r += run;
            }
            p += extend_last(&mut self.tokens, data, p, data.len());
        }
        stamps
    }

    /// Codes the scanline `row` from its band's spans, from `p` on (the bytes before it are coded); returns where
    /// its tokens end. After each span the last match runs on as far as the bytes repeat at its distance (a
    /// square's background into the next square's, a copied row of squares into the frame), and the next span codes
    /// only what is left of it.
    fn code_row(&mut self, mut p: usize, row: &BandRow, bands: &BandBytes, mut stamps: Option<&mut Stamps>) -> usize {
        let (data, stride) = (self.data, self.stride);
        let mut at = row.start;
        for (i, span) in row.spans.iter().enumerate() {
            let span_end = (at + span.len()).min(row.end);
            if p < span_end {
                p = match span {
                    ByteSpan::Search(len) if bands.frames && *len < MIN_MATCH => {
                        let distances = [stride, self.chains.last];
                        code_unsearched(data, (p, span_end, data.len()), distances, &mut self.tokens)
                    }
                    ByteSpan::Search(_) => {
                        compress(data, (p, span_end, data.len()), stride, &mut self.chains, &mut self.tokens)
                    }
                    ByteSpan::Copy { distance, .. } => {
                        emit_checked(&mut self.tokens, data, p, span_end - p, *distance);
                        span_end
                    }
                    ByteSpan::Tile(code) => {
                        let stamped = match stamps.as_deref_mut() {
                            Some(stamps) if span_end == at + code.width => {
                                stamps.emit((row.band, i, row.y), code, (data, stride, at, p), &mut self.tokens)
                            }
                            _ => false,
                        };
                        if stamped {
                            span_end
                        } else {
                            let shown = TileRowShown {
                                y: row.y,
                                at,
                                row_start: row.start,
                                square: bands.band_rows,
                                per_byte: bands.per_byte,
                                cross: !bands.frames,
                            };
                            code.emit(shown, p, self)
                        }
                    }
                };
            }
            p += extend_last(&mut self.tokens, data, p, data.len());
            at = span_end;
        }
        if p < row.end {
            p = compress(data, (p, row.end, data.len()), stride, &mut self.chains, &mut self.tokens);
        }
        p
    }
}

/// What the painter knows of the rows of a picture drawn in tiles: the rows of each band of squares as spans of
/// pixels, the same for every row of the band but for the row of the tile each one shows, and which rows are copies
/// of the row above. Coded at a bit depth where every span starts on a byte ([`BandPlan::bytes`]).
pub(crate) struct BandPlan {
    /// The picture's row of the first band's first row.
    pub first_row: usize,
    /// The rows of a band (a square's side).
    pub band_rows: usize,
    /// Each band's spans, left to right, covering its rows.
    pub bands: Vec<Vec<Span>>,
    /// The rows the painter made as copies of the row above (one flag a row of the picture; shorter: the rest are
    /// not): not compared with it again.
    pub same_above: Vec<bool>,
    /// Whether its bands are coded from the tiles whatever their size: an animation's frames, squares of tiles
    /// whose codes are kept, where what a search would find beyond them saves less than it costs.
    pub any_size: bool,
}

/// A stretch of each row of a band, in pixels.
pub(crate) enum Span {
    /// `len` pixels the painter knows nothing of (margins, the frame, a square under an arrow): searched.
    Search(usize),
    /// A tile, coded as its [`TileCodes`] say.
    Tile(Arc<TileCodes>),
    /// `len` pixels the same as those `distance` pixels back: a tile shown again further left in the band.
    Copy { len: usize, distance: usize },
}

impl Span {
    /// The spans of a band of squares of `side` pixels showing `tiles` (one a square, left to right): a square whose
    /// tile shows further left in the band is a copy of the nearest, any other its tile's code (`code`), or searched
    /// where the tile has none.
    pub(crate) fn squares<'a, T: PartialEq>(
        tiles: &'a [T],
        side: usize,
        code: impl Fn(&T) -> Option<Arc<TileCodes>> + 'a,
    ) -> impl Iterator<Item = Span> + 'a {
        tiles.iter().enumerate().map(move |(x, tile)| match tiles[..x].iter().rposition(|other| other == tile) {
            Some(left) => Span::Copy { len: side, distance: (x - left) * side },
            None => code(tile).map_or(Span::Search(side), Span::Tile),
        })
    }

    /// Its pixels.
    fn len(&self) -> usize {
        match self {
            Span::Search(len) | Span::Copy { len, .. } => *len,
            Span::Tile(codes) => codes.side,
        }
    }
}

/// A band's span in the bytes of scanlines: its bytes, and its distance or its tile's code.
enum ByteSpan<'a> {
    Search(usize),
    Tile(&'a TileCode),
    Copy { len: usize, distance: usize },
}

impl ByteSpan<'_> {
    fn len(&self) -> usize {
        match self {
            ByteSpan::Search(len) | ByteSpan::Copy { len, .. } => *len,
            ByteSpan::Tile(code) => code.width,
        }
    }
}

/// A [`BandPlan`] in the bytes of scanlines at one bit depth ([`BandPlan::bytes`]).
struct BandBytes<'a> {
    /// The picture's row of the first band's first row.
    first_row: usize,
    /// The rows of a band: a square's side in pixels.
    band_rows: usize,
    /// Pixels a byte.
    per_byte: usize,
    /// Each band's spans of bytes, left to right, the filter byte added to the first.
    bands: Vec<Vec<ByteSpan<'a>>>,
    /// Whether these are an animation's frames ([`BandPlan::any_size`]), coded with less searching: a searched span
    /// shorter than a match (a row's filter byte) without the byte search ([`code_unsearched`]), whose tables (up
    /// to 256 KB, made for one byte a row) cost a tenth of a later frame's coding; and a tile's short tokens not
    /// tried against the squares to the left ([`TileRowShown::match_to_the_left`]), which made a 20-move solution's
    /// frames 0.2 % larger and 6 % slower in V8 (`scripts/bench-wasm`), the squares to the left being mostly
    /// unchanged ones.
    frames: bool,
}

impl BandPlan {
    /// Whether a picture of this plan, `rows` high, is coded by stamps where its bands are coded from the tiles.
    fn is_stamped(&self, rows: usize) -> bool {
        // The board's squares: each band's spans but its margins.
        let squares = self.bands.iter().map(|band| band.len().saturating_sub(2)).sum();
        stamped(self.width(), rows, squares) && self.tiles_shown_again()
    }

    /// Whether its tiles are shown, on average, in two places or more (not counting the copies of a square to its
    /// left): then a stamp is made once and written again, and stamps pay; a tile shown once is coded as before.
    fn tiles_shown_again(&self) -> bool {
        let (mut shown, mut tiles) = (0, Vec::<*const TileCodes>::new());
        for span in self.bands.iter().flatten() {
            if let Span::Tile(codes) = span {
                shown += 1;
                if !tiles.contains(&Arc::as_ptr(codes)) {
                    tiles.push(Arc::as_ptr(codes));
                }
            }
        }
        shown >= 2 * tiles.len()
    }

    /// The picture's width in pixels: the sum of a band's spans.
    fn width(&self) -> usize {
        self.bands.first().map_or(0, |band| band.iter().map(Span::len).sum())
    }

    /// The plan in the bytes of scanlines of `depth`-bit samples (`len` bytes in all): the first row, the rows of
    /// a band and each band's spans of bytes, the filter byte added to the first; `None` (the picture is searched
    /// like any other) where a band is under [`PLANNED_BAND_BYTES`], or its squares do not start on bytes but at 4
    /// bits in a picture of at most [`QUICK_SEARCH_ABOVE`] bytes. A byte two spans
    /// share is searched.
    ///
    /// Why: where the 32-KB window holds two bands or more, the search finds what a tile's code cannot (the same
    /// glyph's rows in another band or another tile): 1–4 % fewer bytes on boards of many different pieces at 40 px
    /// (and 1 % on the glyph sheet at 40 px, whose band is 88 % of the window); where a band nearly fills the
    /// window, the codes make fewer bytes than the search on every golden and gallery sheet. Squares starting inside
    /// bytes (a 3-px frame at `size=96`) are coded so too: 2–3.5 % more bytes than the thorough search, within the
    /// goldens' byte ceilings, for 7–25 % less CPU in V8; above [`QUICK_SEARCH_ABOVE`] the quick search is as fast as
    /// the codes and makes fewer bytes (docs/cost.md). At 1 and 2 bits, not measured: searched.
    fn bytes(&self, depth: u8, len: usize, stamped: bool) -> Option<BandBytes<'_>> {
        let per_byte = 8 / usize::from(depth.clamp(1, 8));
        let whole = |pixels: usize| pixels.is_multiple_of(per_byte).then_some(pixels / per_byte);
        let band_bytes = |band: &[Span]| band.iter().map(Span::len).sum::<usize>().div_ceil(per_byte) + 1;
        let small = |band: &Vec<Span>| !self.any_size && band_bytes(band) * self.band_rows < PLANNED_BAND_BYTES;
        if self.bands.first().is_none_or(small) {
            return None;
        }
        let inside_bytes = depth == 4 && (len <= QUICK_SEARCH_ABOVE || stamped);
        let bands = (self.bands.iter())
            .map(|band| {
                let mut spans: Vec<ByteSpan> = vec![ByteSpan::Search(1)];
                // Next to each other, searched bytes are one span.
                fn push<'a>(spans: &mut Vec<ByteSpan<'a>>, span: ByteSpan<'a>) {
                    match (spans.last_mut(), &span) {
                        (Some(ByteSpan::Search(before)), ByteSpan::Search(len)) => *before += len,
                        _ => spans.push(span),
                    }
                }
                // `x`: the span's first pixel; `given`: the bytes of the row's samples given a span so far.
                let (mut x, mut given) = (0, 0);
                for (i, span) in band.iter().enumerate() {
                    let (start, end) = (x, x + span.len());
                    x = end;
                    // (The last span, the right margin, may end inside the row's last byte.)
                    if !inside_bytes && (start % per_byte != 0 || i + 1 < band.len() && end % per_byte != 0) {
                        return None;
                    }
                    // The bytes wholly inside the span; a byte it shares with the span before is searched.
                    let (first, last) = (start.div_ceil(per_byte), end / per_byte);
                    if first > given {
                        push(&mut spans, ByteSpan::Search(first - given));
                        given = first;
                    }
                    if last <= first {
                        continue;
                    }
                    let inner = last - first;
                    let span = match span {
                        Span::Search(_) => ByteSpan::Search(inner),
                        Span::Tile(codes) => ByteSpan::Tile(codes.at(depth, first * per_byte - start)?),
                        Span::Copy { distance, .. } => ByteSpan::Copy { len: inner, distance: whole(*distance)? },
                    };
                    debug_assert_eq!(span.len(), inner);
                    push(&mut spans, span);
                    given = last;
                }
                // The row's last byte may hold fewer pixels than a byte has room for.
                if x.div_ceil(per_byte) > given {
                    push(&mut spans, ByteSpan::Search(x.div_ceil(per_byte) - given));
                }
                Some(spans)
            })
            .collect::<Option<Vec<_>>>()?;
        let (first_row, band_rows, frames) = (self.first_row, self.band_rows.max(1), self.any_size);
        Some(BandBytes { first_row, band_rows, per_byte, bands, frames })
    }
}

#[cfg(test)]
impl BandPlan {
    /// Whether the plan at `depth` bits, for scanlines of `len` bytes, codes its bands by [`Stamps`].
    pub(crate) fn codes_by_stamps(&self, depth: u8, len: usize) -> bool {
        self.stamped_at(depth, len) && self.bytes(depth, len, true).is_some()
    }

    /// [`BandPlan::is_stamped`] for scanlines of `len` bytes at `depth` bits.
    fn stamped_at(&self, depth: u8, len: usize) -> bool {
        let per_byte = 8 / usize::from(depth.clamp(1, 8));
        self.is_stamped(len / (1 + self.width().div_ceil(per_byte)))
    }

    /// Whether the plan at `depth` bits, for scanlines of `len` bytes, codes squares that start inside a byte.
    pub(crate) fn codes_inside_bytes(&self, depth: u8, len: usize) -> bool {
        let per_byte = 8 / usize::from(depth.clamp(1, 8));
        let starts_inside = self.bands.iter().any(|band| {
            let mut x = 0usize;
            band.iter().any(|span| {
                let inside = !x.is_multiple_of(per_byte);
                x += span.len();
                inside
            })
        });
        starts_inside && self.bytes(depth, len, self.stamped_at(depth, len)).is_some()
    }
}

/// The fewest bytes of scanlines in a band of squares for which its rows are coded from their tiles: nearly the
/// window, so that the search could reach little more than the band's own rows (see [`BandPlan::bytes`]).
const PLANNED_BAND_BYTES: usize = WINDOW / 16 * 15;

/// Whether a PNG of squares of `square` pixels in a picture `width` pixels wide may have its bands coded from the
/// tiles: true for every picture [`BandPlan::bytes`] plans at any depth (its band's bytes at 8 bits are the most it
/// can have), so a test knows, before the picture is drawn, whether the painters' bytes may differ.
#[cfg(test)]
pub(crate) fn may_code_from_tiles(square: u32, width: u32) -> bool {
    square as usize * (width as usize + 1) >= PLANNED_BAND_BYTES
}

/// A tile's own colour indices and its [`TileCode`] at each bit depth, made when first asked for (kept with the
/// tile in the tile cache).
pub(crate) struct TileCodes {
    /// Its side in pixels.
    side: usize,
    /// Its pixels' indices among its own colours, row by row.
    indices: Vec<u8>,
    /// At 8 bits a sample, at 4 bits from its first pixel on and from its second, at 2 and at 1 bit: `None` if its
    /// colours do not fit.
    codes: [OnceLock<Option<TileCode>>; 5],
}

impl TileCodes {
    /// The codes of a tile of `side`×`side` pixels, `indices` among its own colours.
    pub(crate) fn new(indices: Vec<u8>, side: usize) -> TileCodes {
        debug_assert_eq!(indices.len(), side * side);
        TileCodes { side, indices, codes: Default::default() }
    }

    /// Its pixels' indices among its own colours, row by row.
    pub(crate) fn indices(&self) -> &[u8] {
        &self.indices
    }

    /// About the bytes it keeps (for the tile cache's budget): its indices, and one code (a picture asks for one
    /// depth; a code takes about a third of the tile's bytes in four-byte tokens).
    pub(crate) fn bytes(&self) -> usize {
        self.indices.len() * 3
    }

    /// Its code at `depth` bits a sample for its pixels from `skip` on, in whole bytes (at 4 bits a tile may start
    /// inside a byte, `skip` 1: its first pixel then shares a byte with the square on its left; at the other depths
    /// `skip` is 0).
    fn at(&self, depth: u8, skip: usize) -> Option<&TileCode> {
        let per_byte = 8 / usize::from(depth.clamp(1, 8));
        let slot = match (depth, skip) {
            (8, 0) => 0,
            (4, 0 | 1) => 1 + skip,
            (2, 0) => 3,
            (1, 0) => 4,
            _ => return None,
        };
        self.codes[slot]
            .get_or_init(|| {
                let side = self.side;
                let width = side.saturating_sub(skip) / per_byte;
                if width == 0 || self.indices.iter().any(|&i| usize::from(i) >> depth != 0) {
                    return None;
                }
                // Packed as the scanlines pack them: the first pixel in the high bits.
                let packed: Vec<u8> = (self.indices.chunks_exact(side))
                    .flat_map(|row| row[skip..skip + width * per_byte].chunks_exact(per_byte))
                    .map(|px| px.iter().fold(0u32, |byte, &i| byte << depth | u32::from(i)) as u8)
                    .collect();
                Some(TileCode::new(&packed, width))
            })
            .as_ref()
    }
}

/// Codes `data[start..end]` without the byte search: at each byte the longer match from one of `distances` back (the
/// row above, the last match's distance), which may run on to `reach`, if it is a match's length, else a literal;
/// returns where the last token ends.
fn code_unsearched(
    data: &[u8],
    (start, end, reach): (usize, usize, usize),
    distances: [usize; 2],
    tokens: &mut Vec<Token>,
) -> usize {
    let mut p = start;
    while p < end {
        let max = (reach - p).min(MAX_MATCH);
        let (length, distance) = (distances.into_iter())
            .filter(|&d| d > 0 && d <= p && d <= WINDOW)
            .map(|d| (common(data, p - d, p, max), d))
            .max_by_key(|&(length, _)| length)
            .unwrap_or((0, 0));
        if length >= MIN_MATCH {
            tokens.push(matched(length, distance));
            p += length;
        } else {
            tokens.push(literal(data[p]));
            p += 1;
        }
    }
    p
}

/// Lengthens the last token, if it is a match, over the bytes from `p` (up to `end`) that repeat at its distance;
/// returns how many it took.
fn extend_last(tokens: &mut [Token], data: &[u8], p: usize, end: usize) -> usize {
    let Some(last) = tokens.last_mut() else { return 0 };
    if *last & 1 == 0 || p >= end {
        return 0;
    }
    let (length, distance) = (((*last >> 1) & 0xFF) as usize + MIN_MATCH, (*last >> 9) as usize);
    let n = common(data, p - distance, p, (MAX_MATCH - length).min(end - p));
    *last = matched(length + n, distance);
    n
}

/// `length` bytes at `p` as a copy from `distance` back, checked: bytes that do not repeat there (a painter's plan
/// that is wrong) are literals, so the stream always holds the picture.
fn emit_checked(tokens: &mut Vec<Token>, data: &[u8], p: usize, length: usize, distance: usize) {
    if distance == 0 || distance > p || distance > WINDOW || common(data, p - distance, p, length) < length {
        debug_assert!(false, "a planned copy that is not one: {length} bytes at {p} from {distance} back");
        tokens.extend(data[p..p + length].iter().map(|&b| literal(b)));
    } else {
        emit_copy(tokens, data, p + length, distance, length);
    }
}

/// Pictures of more pixels than this whose bands are coded from their tiles may be coded by [`Stamps`]:
/// 1,024 × 1,024, above every golden and every picture whose squares start inside bytes at 4 bits (at most 512 KB),
/// where stamps would gain little.
pub(crate) const STAMPED_ABOVE_PIXELS: usize = 1 << 20;

/// Boards of more squares than this may be coded by [`Stamps`]: an 8×8 board shows few tiles again (the start
/// position none: its 20 tiles of pieces are 20 different ones).
pub(crate) const STAMPED_ABOVE_SQUARES: usize = 64;

/// Whether the bands of a picture `width` pixels wide and `height` high of a board of `squares` squares, if coded
/// from their tiles, may be coded by [`Stamps`]; the encoder adds that the tiles show again
/// ([`BandPlan::tiles_shown_again`]).
pub(crate) fn stamped(width: usize, height: usize, squares: usize) -> bool {
    width * height > STAMPED_ABOVE_PIXELS && squares > STAMPED_ABOVE_SQUARES
}

/// A picture's tile rows as tokens, made once a picture and copied wherever the same tile shows the same row:
/// a tile's code resolved for the picture's stride and bytes (its literals the picture's bytes, its matches checked
/// against them at the first showing), valid at every showing whose bytes are the first's (checked once a showing,
/// all its rows at once).
struct Stamps {
    /// Each band's spans: the tile's number where the span is a tile showing the same bytes as its first showing.
    showings: Vec<Vec<Option<u32>>>,
    band_rows: usize,
    /// Each tile's rows: where its stamp lies in `store` (`u32::MAX`: not made yet).
    ranges: Vec<(u32, u32)>,
    store: Vec<Token>,
    /// Tiles whose code did not hold for their bytes (a wrong plan): coded as without stamps.
    wrong: Vec<bool>,
    /// Runs of `store` that tokens name (`STAMPED | run << 10`): a stamp but for its last token (which a match
    /// running on into the next span may lengthen), from its first token or one of the next three.
    runs: Vec<(u32, u32)>,
    /// Each stamp's runs from its tokens 0–3, once made (`u32::MAX`: not yet).
    slot_runs: Vec<[u32; 4]>,
}

impl Stamps {
    fn new(data: &[u8], stride: usize, (first, band_rows): (usize, usize), bands: &[Vec<ByteSpan>]) -> Stamps {
        // Each tile's code (by address) and first showing (the byte of its first row), in the order first shown: a
        // search along the few tiles a picture has (no hash table or sort, which would add to the Worker's size).
        let mut firsts: Vec<(*const TileCode, usize)> = Vec::new();
        let showings: Vec<Vec<Option<u32>>> = (bands.iter().enumerate())
            .map(|(b, band)| {
                let mut at = (first + b * band_rows) * stride;
                band.iter()
                    .map(|span| {
                        let here = at;
                        at += span.len();
                        let ByteSpan::Tile(code) = span else { return None };
                        let (key, width) = (*code as *const TileCode, code.width);
                        if here + (band_rows - 1) * stride + width > data.len() {
                            return None;
                        }
                        let Some(t) = firsts.iter().position(|&(k, _)| k == key) else {
                            firsts.push((key, here));
                            return Some(firsts.len() as u32 - 1);
                        };
                        let there = firsts[t].1;
                        let same =
                            (0..band_rows).all(|y| common(data, there + y * stride, here + y * stride, width) == width);
                        same.then_some(t as u32)
                    })
                    .collect()
            })
            .collect();
        Stamps {
            showings,
            band_rows,
            ranges: vec![(u32::MAX, 0); firsts.len() * band_rows],
            store: Vec::new(),
            wrong: vec![false; firsts.len()],
            runs: Vec::new(),
            slot_runs: vec![[u32::MAX; 4]; firsts.len() * band_rows],
        }
    }

    /// The stamp of row `y` of the tile shown as span `span` of band `band` at `at`, appended to `tokens`; false
    /// (nothing appended) where that showing has no stamp.
    fn emit(
        &mut self,
        (band, span, y): (usize, usize, usize),
        code: &TileCode,
        (data, stride, at, p): (&[u8], usize, usize, usize),
        tokens: &mut Vec<Token>,
    ) -> bool {
        let Some(t) = self.showings[band][span].map(|t| t as usize) else { return false };
        if self.wrong[t] {
            return false;
        }
        let slot = t * self.band_rows + y;
        if self.ranges[slot].0 == u32::MAX && !self.make(slot, t, y, code, (data, stride, at)) {
            return false;
        }
        let (start, end) = (self.ranges[slot].0 as usize, self.ranges[slot].1 as usize);
        // The bytes before `p` are coded (the match before ran on into the tile): its tokens from there.
        let mut q = at;
        let mut from = start;
        while from < end && q < p {
            let token = self.store[from];
            let length = if token & 1 == 0 { 1 } else { ((token >> 1) & 0xFF) as usize + MIN_MATCH };
            from += 1;
            if q + length > p {
                // What is left of a match: a match if three bytes or more, else the bytes.
                let left = q + length - p;
                if left >= MIN_MATCH {
                    tokens.push(matched(left, (token >> 9) as usize));
                } else {
                    tokens.extend(data[p..p + left].iter().map(|&b| literal(b)));
                }
            }
            q += length;
        }
        if end - from >= 2 {
            // All but the last token as one run, named once for each place it starts from.
            let skip = from - start;
            let known = self.slot_runs[slot].get(skip).copied().unwrap_or(u32::MAX);
            let run = if known != u32::MAX {
                known
            } else {
                self.runs.push((from as u32, end as u32 - 1));
                let run = self.runs.len() as u32 - 1;
                if let Some(entry) = self.slot_runs[slot].get_mut(skip) {
                    *entry = run;
                }
                run
            };
            tokens.push(STAMPED | run << 10);
            from = end - 1;
        }
        tokens.extend_from_slice(&self.store[from..end]);
        true
    }

    /// The tokens of run `run`.
    fn run(&self, run: u32) -> &[Token] {
        let (start, end) = self.runs[run as usize];
        &self.store[start as usize..end as usize]
    }

    /// Makes the stamp of row `y` of tile `t` from its code and its showing at `at`, checked; false where the
    /// code does not hold there (then the tile has no stamps).
    fn make(
        &mut self,
        slot: usize,
        t: usize,
        y: usize,
        code: &TileCode,
        (data, stride, at): (&[u8], usize, usize),
    ) -> bool {
        let begin = self.store.len();
        let mut q = at;
        for &token in &code.tokens[code.rows[y] as usize..code.rows[y + 1] as usize] {
            let (length, distance) = code.resolve(token, stride);
            if distance == 0 {
                self.store.push(literal(data[q]));
            } else if length >= MIN_MATCH && distance <= WINDOW {
                if common(data, q - distance, q, length) < length {
                    debug_assert!(
                        false,
                        "a tile's code that does not hold: {length} bytes at {q} from {distance} back"
                    );
                    self.wrong[t] = true;
                    self.store.truncate(begin);
                    return false;
                }
                self.store.push(matched(length, distance));
            } else {
                self.store.extend(data[q..q + length].iter().map(|&b| literal(b)));
            }
            q += length;
        }
        self.ranges[slot] = (begin as u32, self.store.len() as u32);
        true
    }
}

/// The tokens of a tile on its own, row by row: literals, and matches inside the tile (the run, the rows above, and
/// earlier places with the same three bytes, at most [`TileCode::ROWS_UP`] rows up), each inside one row of the
/// tile and reaching only bytes of the tile, so that they hold wherever the tile is shown in a band: a match `dy`
/// rows up and `dx` bytes left is `dy` scanlines and `dx` bytes back in any picture. Searched once per tile and
/// kept with it (the tile cache), thoroughly: a warm picture's rows are then coded without a search.
pub(crate) struct TileCode {
    width: usize,
    /// Each row's tokens: `x << 1` a literal (the picture's byte there, byte `x` of the row), or
    /// `1 | length << 1 | dy << 9 | (dx + 256) << 14`.
    tokens: Vec<u32>,
    /// Where each row's tokens start in `tokens` (and where the last ends).
    rows: Vec<u32>,
    /// How many of each row's first and last bytes are those of the row above (the first row's: of the last row,
    /// which is above it where the tile shows under itself): an animation's frame copies them from the scanline
    /// above ([`squares`]).
    above: Vec<(u16, u16)>,
}

/// The search inside one tile ([`TileCode::new`]): hash chains of three bytes over the tile's positions.
struct TileMatcher<'a> {
    indices: &'a [u8],
    width: usize,
    head: Vec<u32>,
    prev: Vec<u32>,
}

impl TileMatcher<'_> {
    fn hash(&self, i: usize) -> usize {
        let b = &self.indices[i..i + 3];
        let v = u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16;
        (v.wrapping_mul(0x9E37_79B1) >> 20) as usize
    }

    /// Enters position `i` in the chains if three bytes of its row start there.
    fn insert(&mut self, i: usize) {
        if i % self.width + 3 <= self.width {
            let h = self.hash(i);
            self.prev[i] = self.head[h];
            self.head[h] = i as u32;
        }
    }

    /// The longest match at (`y`, `x`) inside the tile: length, rows up, bytes left. Enters the position.
    fn longest(&mut self, y: usize, x: usize) -> (usize, usize, isize) {
        let (width, indices) = (self.width, self.indices);
        let i = y * width + x;
        let max = (width - x).min(MAX_MATCH);
        let mut best = (0, 0, 0);
        let consider = |c: usize, limit: usize, best: &mut (usize, usize, isize)| {
            let n = common(indices, c, i, limit);
            if n > best.0 {
                *best = (n, y - c / width, x as isize - (c % width) as isize);
            }
        };
        if x >= 1 {
            consider(i - 1, max, &mut best);
        }
        for dy in 1..=y.min(TileCode::ROWS_UP) {
            consider(i - dy * width, max, &mut best);
        }
        if x + 3 <= width {
            let mut c = self.head[self.hash(i)];
            let mut tries = TileCode::CHAIN;
            while c != u32::MAX && tries > 0 && best.0 < max {
                let c_at = c as usize;
                if y - c_at / width > TileCode::ROWS_UP {
                    break;
                }
                consider(c_at, max.min(width - c_at % width), &mut best);
                c = self.prev[c_at];
                tries -= 1;
            }
        }
        self.insert(i);
        best
    }
}

impl TileCode {
    /// How far up a match may reach: 8 rows stay inside the 32-KB window up to a stride of 4,096 bytes (wider
    /// pictures have such matches written as literals).
    const ROWS_UP: usize = 8;
    /// How many earlier places with the same three bytes are tried.
    const CHAIN: usize = 64;

    /// The code of a tile's rows of `width` bytes (`bytes`, its samples as the picture's scanlines hold them, but
    /// in any colour indices that tell its colours apart).
    pub(crate) fn new(indices: &[u8], width: usize) -> TileCode {
        debug_assert!(width > 0 && indices.len().is_multiple_of(width));
        let height = indices.len() / width.max(1);
        let mut matcher =
            TileMatcher { indices, width, head: vec![u32::MAX; 1 << 12], prev: vec![u32::MAX; indices.len()] };
        let mut tokens = Vec::new();
        let mut rows = Vec::with_capacity(height + 1);
        let encode = |(length, dy, dx): (usize, usize, isize)| {
            1 | (length as u32) << 1 | (dy as u32) << 9 | ((dx + 256) as u32) << 14
        };
        for y in 0..height {
            rows.push(tokens.len() as u32);
            let mut x = 0;
            let mut here = matcher.longest(y, 0);
            while x < width {
                if here.0 < MIN_MATCH {
                    tokens.push((x as u32) << 1);
                    x += 1;
                    if x < width {
                        here = matcher.longest(y, x);
                    }
                    continue;
                }
                // One step lazy: a longer match at the next byte wins over this one.
                let next = if x + 1 < width { matcher.longest(y, x + 1) } else { (0, 0, 0) };
                if next.0 > here.0 {
                    tokens.push((x as u32) << 1);
                    x += 1;
                    here = next;
                    continue;
                }
                tokens.push(encode(here));
                // The positions inside the match enter the chains too (the one after x is in already).
                for q in x + 2..x + here.0 {
                    matcher.insert(y * width + q);
                }
                x += here.0;
                if x < width {
                    here = matcher.longest(y, x);
                }
            }
        }
        rows.push(tokens.len() as u32);
        let row = |y: usize| &indices[y * width..(y + 1) * width];
        let above: Vec<(u16, u16)> = (0..height)
            .map(|y| {
                let (here, above) = (row(y), row((y + height - 1) % height));
                let prefix = common_prefix(here, above);
                let suffix = here.iter().rev().zip(above.iter().rev()).take_while(|(a, b)| a == b).count();
                (prefix.min(usize::from(u16::MAX)) as u16, suffix.min(usize::from(u16::MAX)) as u16)
            })
            .collect();
        TileCode { width, tokens, rows, above }
    }

    /// Row `y`'s tokens.
    fn row_tokens(&self, y: usize) -> &[u32] {
        &self.tokens[self.rows[y] as usize..self.rows[y + 1] as usize]
    }

    /// A token of the code as a length and a distance back in scanlines of `stride` bytes (distance 0: a literal).
    fn resolve(&self, t: u32, stride: usize) -> (usize, usize) {
        if t & 1 == 0 {
            (1, 0)
        } else {
            let (dy, dx) = (((t >> 9) & 0x1F) as usize, ((t >> 14) & 0x1FF) as isize - 256);
            // Positive: a match up a row may start right of this one, never a whole row right.
            (((t >> 1) & 0xFF) as usize, ((dy * stride) as isize + dx) as usize)
        }
    }

    /// Tokens for a row of the tile where it is `shown`, from `p` on (the bytes before `p` are coded already),
    /// appended to `coder`'s; returns where its tokens end (past the tile when a match runs on). Where the code has
    /// a literal, the same row of the squares to the left is tried for a match ([`TileRowShown::match_to_the_left`]).
    fn emit(&self, shown: TileRowShown, mut p: usize, coder: &mut Coder) -> usize {
        let (data, stride, tokens) = (coder.data, coder.stride, &mut coder.tokens);
        let y = shown.y;
        let mut q = shown.at;
        for &t in &self.tokens[self.rows[y] as usize..self.rows[y + 1] as usize] {
            let (length, distance) = self.resolve(t, stride);
            let token_end = q + length;
            if token_end <= p {
                q = token_end;
                continue;
            }
            let from = q.max(p);
            if shown.cross && token_end - from < CROSS_BELOW {
                if let Some((n, d)) = shown.match_to_the_left(data, from, token_end - from) {
                    tokens.push(matched(n, d));
                    p = from + n;
                    q = token_end;
                    continue;
                }
            }
            if distance == 0 {
                tokens.push(literal(data[from]));
            } else if token_end - from >= MIN_MATCH && distance <= WINDOW {
                emit_checked(tokens, data, from, token_end - from, distance);
            } else {
                // Short, or out of the window of a picture over 4,096 bytes wide: the bytes themselves.
                tokens.extend(data[from..token_end].iter().map(|&b| literal(b)));
            }
            p = token_end;
            q = token_end;
        }
        p
    }
}

/// Where a row of a tile is shown: row `y` of the tile at byte `at` of the scanline starting at `row_start`, in a
/// band of squares `square` pixels wide at `per_byte` pixels a byte; whether its short tokens are tried against the
/// squares to the left (`cross`, [`TileRowShown::match_to_the_left`]).
#[derive(Clone, Copy)]
struct TileRowShown {
    y: usize,
    at: usize,
    row_start: usize,
    square: usize,
    per_byte: usize,
    cross: bool,
}

impl TileRowShown {
    /// The longest match at `from`, longer than `shorter` bytes and at least [`MIN_MATCH`], with the same place of
    /// one of the [`CROSS_SQUARES`] squares to the left in the row (a rook's base on a light square is a knight's
    /// on a light square): length and distance. Those matches depend on the picture, so they are found here, not
    /// kept in the tile's code.
    #[inline]
    fn match_to_the_left(&self, data: &[u8], from: usize, shorter: usize) -> Option<(usize, usize)> {
        let limit = (data.len() - from).min(MAX_MATCH);
        let mut best = (shorter, 0);
        for k in 1..=CROSS_SQUARES {
            let d = k * self.square / self.per_byte;
            if d > from - self.row_start {
                break;
            }
            if data[from - d] == data[from] {
                let n = common(data, from - d, from, limit);
                if n > best.0 {
                    best = (n, d);
                }
            }
        }
        (best.1 != 0 && best.0 >= MIN_MATCH).then_some(best)
    }
}

/// A token of the tile code shorter than this (a literal) is tried against the squares to the left. Trying short
/// matches too (below 8 bytes, against 8 squares) makes a 2,180-px board 6 % smaller and 13 % slower, a 724-px one
/// 2 % smaller and 5 % slower; trying nothing makes the 2,180-px board 14 % faster and 0.5 % smaller, but a golden
/// (`fairy_96_blue`, many different glyphs) 2 % larger than the search makes it (`node scripts/bench-wasm-ab.mjs`).
const CROSS_BELOW: usize = 2;
/// How many squares to the left are tried.
const CROSS_SQUARES: usize = 4;

/// A copy of the `length` bytes before `end` from `distance` back, as matches of at most 258 bytes (none shorter
/// than 3), or as literals if it is shorter than a match (rows of one or two bytes).
fn emit_copy(tokens: &mut Vec<Token>, data: &[u8], end: usize, distance: usize, length: usize) {
    if length < MIN_MATCH {
        tokens.extend(data[end - length..end].iter().map(|&b| literal(b)));
        return;
    }
    push_matches(tokens, distance, length);
}

/// `length` bytes (at least [`MIN_MATCH`]) from `distance` back as matches of at most [`MAX_MATCH`], none shorter
/// than a match.
fn push_matches(tokens: &mut Vec<Token>, distance: usize, mut length: usize) {
    while length > 0 {
        let take = if length <= MAX_MATCH {
            length
        } else if length - MAX_MATCH < MIN_MATCH {
            length - MIN_MATCH
        } else {
            MAX_MATCH
        };
        tokens.push(matched(take, distance));
        length -= take;
    }
}

/// The byte hash table: the latest position of each hash (`head`, positions + 1, 0 = none) and, for each position
/// in the window, the one before it with the same hash (`prev`).
struct Chains {
    head: Vec<u32>,
    prev: Vec<u32>,
    /// The bytes of data the chains are for: `prev` holds `len.min(WINDOW)` links once made.
    len: usize,
    /// The distance of the last match other than a run: patterns repeat at it (print's hatching every few rows,
    /// a square's tile rows one square apart).
    last: usize,
    effort: Effort,
}

impl Chains {
    /// The chains of `len` bytes of data, made when first searched ([`Chains::ready`]): a picture coded from its
    /// tiles may search nothing (an animation's frame), and making the tables cost a tenth of such a frame.
    fn new(effort: Effort, len: usize) -> Chains {
        Chains { head: Vec::new(), prev: Vec::new(), len, last: 0, effort }
    }

    /// Makes the tables, empty, if they are not yet: a position's link is at `p % WINDOW`, inside the data's length
    /// for a shorter input.
    fn ready(&mut self) {
        if self.head.is_empty() {
            self.head = vec![0; 1 << HASH_BITS];
            self.prev = vec![0; self.len.min(WINDOW)];
        }
    }

    /// Enters position `p` (which has four bytes after it) and returns the latest earlier one with its hash.
    #[inline]
    fn insert(&mut self, data: &[u8], p: usize) -> usize {
        let h = byte_hash(data, p);
        let before = self.head[h];
        self.prev[p % WINDOW] = before;
        self.head[h] = p as u32 + 1;
        before as usize
    }
}

/// The longest match at `p` (up to `max` bytes): the run, the row above, then up to [`Effort::chain`] earlier places with
/// the same four bytes. Enters `p` in the chains.
#[inline]
fn longest(data: &[u8], p: usize, max: usize, stride: usize, chains: &mut Chains) -> (usize, usize) {
    let (mut best, mut distance) = (0, 0);
    let hashable = p + 4 <= data.len();
    let mut candidate = if hashable { chains.insert(data, p) } else { 0 };
    if max < MIN_MATCH {
        return (0, 0);
    }
    if p >= 1 {
        best = common(data, p - 1, p, max);
        distance = 1;
    }
    let last = chains.last;
    if best < max && last > 1 && last <= p && data[p - last + best] == data[p + best] {
        let n = common(data, p - last, p, max);
        if n > best {
            (best, distance) = (n, last);
        }
    }
    // The same column 1 to `rows_up` rows up: the row above inside a square, and patterns that repeat every few rows
    // (print's hatching).
    let mut up = stride;
    while best < max && up <= p && up <= WINDOW && up <= chains.effort.rows_up * stride {
        if data[p - up + best] == data[p + best] {
            let n = common(data, p - up, p, max);
            if n > best {
                (best, distance) = (n, up);
            }
        }
        up += stride;
    }
    let mut tries = chains.effort.chain;
    while best < max.min(GOOD_ENOUGH) && candidate != 0 && tries > 0 {
        let c = candidate - 1;
        if p - c > WINDOW {
            break;
        }
        // Only a candidate that beats the best so far at its last byte is worth comparing in full.
        if data[c + best] == data[p + best] {
            let n = common(data, c, p, max);
            if n > best {
                (best, distance) = (n, p - c);
            }
        }
        let next = chains.prev[c % WINDOW] as usize;
        if next == 0 || next > c {
            break;
        }
        candidate = next;
        tries -= 1;
    }
    (best, distance)
}

/// How hard the matcher looks, chosen by the size of the picture's data ([`Effort::for_len`]).
#[derive(Clone, Copy)]
struct Effort {
    /// How many earlier places with the same four bytes are compared at most.
    chain: usize,
    /// How many rows up the same column is tried.
    rows_up: usize,
    /// A match at least this long is taken at once; a shorter one only if the next byte does not start a longer
    /// one (0: never look ahead).
    lazy_below: usize,
    /// Positions inside a match up to this long are entered in the hash table (longer matches are runs and copies,
    /// whose insides are rarely the best place to match again).
    insert_within: usize,
}

impl Effort {
    /// Measured on the goldens and the bench cases (docs/cost.md): up to 64 KB of scanlines (the default
    /// size up to about a 10×10 board) the thorough settings, which the small pictures need to stay smaller than
    /// zlib-rs makes them (`print`'s hatching at small squares) and which cost no more there than any other (the
    /// fixed costs dominate); up to 512 KB (an 8×8 board up to about 900 px) one hash candidate but every row up to
    /// 8 above, 30 % less CPU at 724 px for 2–8 % more bytes; above, where most rows are new (a full 32×32 board),
    /// the quick ones, about half the CPU of the thorough ones for about 8 % more bytes.
    fn for_len(len: usize) -> Effort {
        match len {
            0..=65_536 => Effort { chain: 4, rows_up: 8, lazy_below: 8, insert_within: 16 },
            65_537..=QUICK_SEARCH_ABOVE => Effort { chain: 1, rows_up: 8, lazy_below: 8, insert_within: 16 },
            _ => Effort { chain: 1, rows_up: 1, lazy_below: 0, insert_within: 0 },
        }
    }
}

/// The most bytes of scanlines searched with the middle effort; above, the quick one ([`Effort::for_len`]).
const QUICK_SEARCH_ABOVE: usize = 524_288;

/// The match length at which the search for a longer one stops.
const GOOD_ENOUGH: usize = 32;

/// Matching of `data[start..end]` against everything before it, one step lazy, with matches that may run on to
/// `reach`; returns where the last token ends (`end` or past it).
#[inline(never)]
fn compress(
    data: &[u8],
    (start, end, reach): (usize, usize, usize),
    stride: usize,
    chains: &mut Chains,
    tokens: &mut Vec<Token>,
) -> usize {
    chains.ready();
    let mut p = start;
    // A match found at p - 1, not yet emitted: taken unless the one at p is longer.
    let mut pending: Option<(usize, usize)> = None;
    while p < end {
        let (length, distance) = longest(data, p, (reach - p).min(MAX_MATCH), stride, chains);
        if let Some((l, d)) = pending {
            if length <= l {
                tokens.push(matched(l, d));
                if d > 1 {
                    chains.last = d;
                }
                let after = p - 1 + l;
                for q in p + 1..after.min(p - 1 + chains.effort.insert_within).min(data.len().saturating_sub(3)) {
                    chains.insert(data, q);
                }
                p = after;
                pending = None;
                continue;
            }
            tokens.push(literal(data[p - 1]));
            pending = None;
        }
        if length >= MIN_MATCH {
            if length < chains.effort.lazy_below && p + 1 < end {
                pending = Some((length, distance));
                p += 1;
            } else {
                tokens.push(matched(length, distance));
                if distance > 1 {
                    chains.last = distance;
                }
                for q in p + 1..(p + length.min(chains.effort.insert_within)).min(data.len().saturating_sub(3)) {
                    chains.insert(data, q);
                }
                p += length;
            }
        } else {
            tokens.push(literal(data[p]));
            p += 1;
        }
    }
    if let Some((l, d)) = pending {
        tokens.push(matched(l, d));
        p += l - 1;
    }
    p
}

/// Base length and extra bits of the length codes 257–285.
const LENGTH_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA: [u8; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/// Base distance and extra bits of the distance codes 0–29.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] =
    [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

/// The length code (0–28, symbol 257 + it) of each match length 3–258.
const LENGTH_CODE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut code = 0;
    while code < 29 {
        let mut n = 0;
        while n < 1 << LENGTH_EXTRA[code] {
            let length = LENGTH_BASE[code] as usize + n;
            if length <= MAX_MATCH {
                table[length - MIN_MATCH] = code as u8;
            }
            n += 1;
        }
        code += 1;
    }
    table
};

/// The distance code of `distance` (1–32768).
#[inline]
fn dist_code(distance: usize) -> usize {
    let x = distance - 1;
    if x < 4 {
        x
    } else {
        let bits = (usize::BITS - 1 - x.leading_zeros()) as usize;
        2 * bits + ((x >> (bits - 1)) & 1)
    }
}

/// Symbol counts of the tokens (literal/length symbols 0–285, distance codes 0–29), the end of block counted.
fn frequencies(tokens: &[Token], stamps: Option<&Stamps>) -> ([u32; 286], [u32; 30]) {
    let mut counts = ([0u32; 286], [0u32; 30]);
    count_symbols(tokens, stamps, &mut counts);
    counts
}

/// Adds the symbol counts of the tokens and their end of block to `(lit, dist)` ([`frequencies`]).
fn count_symbols(tokens: &[Token], stamps: Option<&Stamps>, (lit, dist): &mut ([u32; 286], [u32; 30])) {
    // `n` times each of `tokens` (literals and matches).
    let mut count = |tokens: &[Token], n: u32| {
        for &t in tokens {
            if t & 1 == 0 {
                lit[(t >> 1) as usize] += n;
            } else {
                lit[257 + LENGTH_CODE[((t >> 1) & 0xFF) as usize] as usize] += n;
                dist[dist_code((t >> 9) as usize)] += n;
            }
        }
    };
    match stamps {
        None => count(tokens, 1),
        Some(stamps) => {
            // How often each run of stamps is named: its tokens are counted once, that many times.
            let mut uses = vec![0u32; stamps.runs.len()];
            for (segment, run) in stamped_segments(tokens) {
                count(segment, 1);
                if let Some(run) = run {
                    uses[run as usize] += 1;
                }
            }
            for (run, &n) in uses.iter().enumerate().filter(|(_, &n)| n > 0) {
                count(stamps.run(run as u32), n);
            }
        }
    }
    lit[256] += 1;
}

/// The run of stamps token `t` names, if it names one (not a literal or a match).
fn run_of(t: Token) -> Option<u32> {
    (t & 1 == 0 && t & STAMPED != 0).then_some(t >> 10)
}

/// `tokens` as stretches of literals and matches, each followed by the run of stamps that ends it, if any.
fn stamped_segments(tokens: &[Token]) -> impl Iterator<Item = (&[Token], Option<u32>)> {
    tokens.split_inclusive(|&t| run_of(t).is_some()).map(|segment| match segment.split_last() {
        Some((&t, before)) if run_of(t).is_some() => (before, run_of(t)),
        _ => (segment, None),
    })
}

/// Huffman code lengths for `freqs`, none longer than `max_bits`; every used symbol gets a code, and at least two
/// symbols have one (a code of one symbol is not a complete prefix code, which some inflaters refuse).
fn code_lengths(freqs: &[u32], max_bits: usize) -> Vec<u8> {
    debug_assert!(max_bits <= 15);
    let mut lengths = vec![0u8; freqs.len()];
    let (mut keys, n) = sorted_keys(freqs);
    if n < 2 {
        return lengths;
    }
    let keys = &mut keys[..n];
    let mut count = depth_counts(keys, max_bits);
    limit(&mut count, max_bits);
    // The longest codes to the lightest symbols.
    let mut sym = keys.iter().map(|&k| (k & 0xffff_ffff) as usize);
    for len in (1..=max_bits).rev() {
        for _ in 0..count[len] {
            lengths[sym.next().expect("as many codes as symbols")] = len as u8;
        }
    }
    lengths
}

/// The largest alphabet: 286 literal/length symbols.
const MOST_SYMBOLS: usize = 286;

/// The used symbols of `freqs` (and the first unused ones, weighing 1, until there are two) as keys, each its
/// weight in the high half and its symbol in the low one, lightest first (ties by symbol, so the result is
/// deterministic), and how many. On the stack: a block's trees are made once a frame of an animation.
fn sorted_keys(freqs: &[u32]) -> ([u64; MOST_SYMBOLS], usize) {
    debug_assert!(freqs.len() <= MOST_SYMBOLS);
    let mut keys = [0u64; MOST_SYMBOLS];
    let mut n = 0;
    // Each symbol written, the count moved on only for a used one (no branch: most of an alphabet is unused, in no
    // order a branch predictor learns).
    for (s, &f) in freqs.iter().enumerate() {
        keys[n] = u64::from(f) << 32 | s as u64;
        n += usize::from(f > 0);
    }
    // At least two symbols: the first unused ones, weighing 1.
    for (s, _) in freqs.iter().enumerate().filter(|(_, &f)| f == 0) {
        if n >= 2 {
            break;
        }
        keys[n] = 1 << 32 | s as u64;
        n += 1;
    }
    heap_sort(&mut keys[..n]);
    (keys, n)
}

/// How many of the Huffman tree's leaves are at each depth, for `keys` (at least two, sorted; each a weight in its
/// high half, their sum under 2^32), the depths over `max_bits` counted at it. The keys' high halves are used up;
/// their low halves stay.
fn depth_counts(keys: &mut [u64], max_bits: usize) -> [usize; 16] {
    const LOW: u64 = 0xFFFF_FFFF;
    let n = keys.len();
    // Moffat and Katajainen's in-place Huffman ("In-place calculation of minimum-redundancy codes", 1995): the
    // high halves hold the weights, then each internal node's parent, then its depth, with nothing else beside
    // them. The leaves in order and the internal nodes in the order they are made are two sorted queues; a leaf
    // wins a tie, so the tree is the one two queues build.
    let a = |keys: &[u64], i: usize| keys[i] >> 32;
    let set = |keys: &mut [u64], i: usize, v: u64| keys[i] = v << 32 | keys[i] & LOW;
    set(keys, 0, a(keys, 0) + a(keys, 1));
    let (mut root, mut leaf) = (0, 2);
    for next in 1..n - 1 {
        // Each of the two lightest: an internal node (its slot then names its parent) or a leaf.
        for second in [false, true] {
            let internal = root < next && (leaf >= n || a(keys, root) < a(keys, leaf));
            let weight = if internal { a(keys, root) } else { a(keys, leaf) };
            set(keys, next, if second { a(keys, next) + weight } else { weight });
            if internal {
                set(keys, root, next as u64);
                root += 1;
            } else {
                leaf += 1;
            }
        }
    }
    // Internal nodes' depths, from the root (the last made) down.
    set(keys, n - 2, 0);
    for next in (0..n.saturating_sub(2)).rev() {
        let parent = a(keys, next) as usize;
        set(keys, next, a(keys, parent) + 1);
    }
    // Leaves at each depth: the nodes a depth holds (twice the internal nodes above it) less its internal ones.
    let mut count = [0usize; 16];
    let (mut available, mut depth, mut internal) = (1usize, 0u64, n as isize - 2);
    while available > 0 {
        let mut used = 0;
        while internal >= 0 && a(keys, internal as usize) == depth {
            used += 1;
            internal -= 1;
        }
        count[(depth as usize).min(max_bits)] += available - used;
        available = 2 * used;
        depth += 1;
    }
    count
}

/// Codes of `count` lengths (codes over `max_bits` counted at it) made a complete code of at most `max_bits` again.
fn limit(count: &mut [usize; 16], max_bits: usize) {
    // Kraft's sum over-full after clamping: move codes down from the longest length until it is exact (miniz's
    // method).
    let mut total: usize = (1..=max_bits).map(|len| count[len] << (max_bits - len)).sum();
    while total > 1 << max_bits {
        count[max_bits] -= 1;
        for len in (1..max_bits).rev() {
            if count[len] > 0 {
                count[len] -= 1;
                count[len + 1] += 2;
                break;
            }
        }
        total -= 1;
    }
}

/// `keys` in increasing order, by a heapsort. Not the slice's `sort`: its instantiation here was about 7 KB of the
/// wasm (these keys are all different, so every sort puts them in the same order), and a Huffman alphabet has at most
/// 286 symbols.
fn heap_sort(keys: &mut [u64]) {
    // Moves `keys[root]` down the max-heap `keys[..end]` to its place.
    let sift_down = |keys: &mut [u64], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && keys[child] < keys[child + 1] {
            child += 1;
        }
        if keys[root] >= keys[child] {
            break;
        }
        keys.swap(root, child);
        root = child;
    };
    for root in (0..keys.len() / 2).rev() {
        sift_down(keys, root, keys.len());
    }
    for end in (1..keys.len()).rev() {
        keys.swap(0, end);
        sift_down(keys, 0, end);
    }
}

/// Canonical codes for `lengths`, bit-reversed for writing least significant bit first.
#[inline(never)]
fn canonical_codes(lengths: &[u8], codes: &mut [u16]) {
    let mut count = [0u16; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    // (Into an array, not a new vector: three a block, and a block a frame of an animation.)
    for (code, &l) in codes.iter_mut().zip(lengths) {
        *code = 0;
        if l != 0 {
            let c = next[l as usize];
            next[l as usize] += 1;
            *code = c.reverse_bits() >> (16 - l);
        }
    }
}

/// A block's Huffman codes as the writing uses them: each literal, and each match length with its extra bits, as
/// one put of the bits it writes (at most 15 + 5), the distances' codes and lengths, and the end of the block.
struct Codes {
    literals: [(u32, u32); 256],
    lengths: [(u32, u32); 256],
    dist_codes: [u16; 30],
    dist_len: [u8; 30],
    end_of_block: (u32, u32),
}

impl Codes {
    /// The codes of the code lengths `lit_len` (literal/length symbols) and `dist_len` (distances).
    fn new(lit_len: &[u8], dist_len: &[u8]) -> Codes {
        let (mut lit_codes, mut dist_codes) = ([0u16; 288], [0u16; 30]);
        canonical_codes(lit_len, &mut lit_codes);
        canonical_codes(dist_len, &mut dist_codes);
        let mut lengths_of_distances = [0u8; 30];
        let n = dist_len.len().min(30);
        lengths_of_distances[..n].copy_from_slice(&dist_len[..n]);
        let dist_len = lengths_of_distances;
        // Each literal, and each match length with its extra bits, as one put of the bits it writes: two tables of
        // 256, built once a block, so that a token costs one or two puts instead of one or four (the writing is a
        // large share of a miss). The bits are the same, in the same order.
        let literals = std::array::from_fn(|s| (u32::from(lit_codes[s]), u32::from(lit_len[s])));
        let lengths = std::array::from_fn(|i| {
            let code = LENGTH_CODE[i] as usize;
            let (symbol, symbol_bits) = (u32::from(lit_codes[257 + code]), u32::from(lit_len[257 + code]));
            let extra = (i + MIN_MATCH - LENGTH_BASE[code] as usize) as u32;
            (symbol | extra << symbol_bits, symbol_bits + u32::from(LENGTH_EXTRA[code]))
        });
        let end_of_block = (u32::from(lit_codes[256]), u32::from(lit_len[256]));
        Codes { literals, lengths, dist_codes, dist_len, end_of_block }
    }

    /// Writes `tokens` with runs of `stamps` among them: each run written once on its own, in 32-bit words, then
    /// copied a word at a time wherever it is named.
    fn put_stamped(&self, bits: &mut Bits, tokens: &[Token], stamps: &Stamps) {
        let mut run_bits: Vec<(u32, u32)> = vec![(u32::MAX, 0); stamps.runs.len()];
        let mut words: Vec<u8> = Vec::new();
        for (segment, run) in stamped_segments(tokens) {
            self.put_all(bits, segment);
            let Some(run) = run.map(|run| run as usize) else { continue };
            if run_bits[run].0 == u32::MAX {
                let start = words.len();
                let mut own = Bits { out: &mut words, acc: 0, n: 0 };
                self.put_all(&mut own, stamps.run(run as u32));
                let tail = own.n;
                own.flush_word();
                // The run's bits: its whole words, less the padding of the last one.
                let padding = if tail > 0 { 32 - tail } else { 0 };
                run_bits[run] = (start as u32, (words.len() - start) as u32 * 8 - padding);
            }
            let (start, n) = run_bits[run];
            bits.put_bits(&words[start as usize..], n);
        }
    }

    /// Writes `tokens` (literals and matches).
    fn put_all(&self, bits: &mut Bits, tokens: &[Token]) {
        for &t in tokens {
            self.put(bits, t);
        }
    }

    /// Writes token `t` (a literal or a match).
    #[inline(always)]
    fn put(&self, bits: &mut Bits, t: Token) {
        if t & 1 == 0 {
            let (code, n) = self.literals[(t >> 1) as usize & 0xFF];
            bits.put(code, n);
        } else {
            let (code, n) = self.lengths[((t >> 1) & 0xFF) as usize];
            bits.put(code, n);
            // A distance's code and extra bits: at most 15 + 13.
            let distance = (t >> 9) as usize;
            let dcode = dist_code(distance);
            let (symbol, symbol_bits) = (u32::from(self.dist_codes[dcode]), u32::from(self.dist_len[dcode]));
            let extra = (distance - DIST_BASE[dcode] as usize) as u32;
            bits.put(symbol | extra << symbol_bits, symbol_bits + u32::from(DIST_EXTRA[dcode]));
        }
    }
}

/// Bits written least significant first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, value: u32, bits: u32) {
        debug_assert!(bits <= 32 && (bits == 32 || value >> bits == 0));
        self.acc |= u64::from(value) << self.n;
        self.n += bits;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    /// Writes the bits held (under 32) as one more 32-bit word, padded with zero bits.
    fn flush_word(&mut self) {
        if self.n > 0 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
        }
    }

    /// Appends the first `n` bits of `words` (32-bit little-endian words, least significant bit first).
    fn put_bits(&mut self, words: &[u8], mut n: u32) {
        let mut at = 0;
        while n >= 32 {
            self.put(u32::from_le_bytes(words[at..at + 4].try_into().unwrap()), 32);
            at += 4;
            n -= 32;
        }
        if n > 0 {
            let word = u32::from_le_bytes(words[at..at + 4].try_into().unwrap());
            self.put(word & ((1u32 << n) - 1), n);
        }
    }

    /// Writes what is left, padded with zero bits to a whole byte.
    fn finish(mut self) {
        while self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n = self.n.saturating_sub(8);
        }
    }
}

/// The order in which the code length code's lengths are sent.
const CL_ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/// The code lengths of both trees run-length coded, as zlib does: (symbol 0–18, extra bits' value). A length is
/// sent once, then repeated with 16 (3–6 times); zeros go in runs of 17 (3–10) and 18 (11–138).
fn run_lengths(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let mut previous = None;
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let run = lengths[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 3 {
            let take = run.min(138);
            out.push(if take >= 11 { (18, (take - 11) as u8) } else { (17, (take - 3) as u8) });
            i += take;
        } else if l != 0 && previous == Some(l) && run >= 3 {
            let take = run.min(6);
            out.push((16, (take - 3) as u8));
            i += take;
        } else {
            out.push((l, 0));
            i += 1;
        }
        previous = Some(l);
    }
    out
}

/// Extra bits of the code length symbols 16, 17, 18.
fn cl_extra(symbol: u8) -> u32 {
    match symbol {
        16 => 2,
        17 => 3,
        18 => 7,
        _ => 0,
    }
}

/// The one final block of `tokens` (the stream of `len` bytes) with Huffman codes, dynamic or fixed, whichever is
/// smaller; `false`, and nothing written, where the bytes stored are smaller still ([`write_stored`]).
#[inline(never)]
fn write_block(out: &mut Vec<u8>, len: usize, tokens: &[Token], stamps: Option<&Stamps>) -> bool {
    let (lit_freq, dist_freq) = frequencies(tokens, stamps);
    // The cost in bits of the tokens' extra bits, the same for both Huffman kinds.
    let extra = weighted(&lit_freq[257..], &LENGTH_EXTRA) + weighted(&dist_freq, &DIST_EXTRA);
    let symbol_bits = |lit: &[u8], dist: &[u8]| weighted(&lit_freq, lit) + weighted(&dist_freq, dist);
    let dynamic = DynamicTrees::new(&lit_freq, &dist_freq);
    let dynamic_bits = dynamic.header_bits() + symbol_bits(&dynamic.lit_len, &dynamic.dist_len) + extra;
    let fixed_bits = symbol_bits(&FIXED_LIT[..286], &FIXED_DIST) + extra;
    if (stored_len(len) as u64) * 8 <= dynamic_bits.min(fixed_bits) + 3 {
        return false;
    }
    let code = if dynamic_bits < fixed_bits { BlockCode::dynamic(dynamic) } else { BlockCode::fixed() };
    code.write(out, tokens, stamps);
    true
}

/// The sum of `counts` weighted by `lengths`.
#[inline(never)]
fn weighted(counts: &[u32], lengths: &[u8]) -> u64 {
    counts.iter().zip(lengths).map(|(&f, &l)| u64::from(f) * u64::from(l)).sum()
}

/// The bytes of `len` bytes stored: 65,535 bytes a block, each with a 5-byte header after the 3 block bits and
/// padding.
fn stored_len(len: usize) -> usize {
    len + 5 * len.div_ceil(65_535).max(1)
}

/// A final block's code as written: a dynamic block's trees (`None`: the fixed codes) and its codes.
struct BlockCode {
    trees: Option<DynamicTrees>,
    codes: Codes,
}

impl BlockCode {
    /// The code of a dynamic block of `trees`.
    fn dynamic(trees: DynamicTrees) -> BlockCode {
        let codes = Codes::new(&trees.lit_len, &trees.dist_len);
        BlockCode { trees: Some(trees), codes }
    }

    /// The fixed codes (RFC 1951, 3.2.6).
    fn fixed() -> BlockCode {
        BlockCode { trees: None, codes: Codes::new(&FIXED_LIT, &FIXED_DIST) }
    }

    /// Writes the block of `tokens` (with runs of `stamps` among them), padded to a byte.
    fn write(&self, out: &mut Vec<u8>, tokens: &[Token], stamps: Option<&Stamps>) {
        let mut bits = Bits { out, acc: 0, n: 0 };
        // The final block's bit, then its kind: 2 dynamic (its trees follow), 1 fixed.
        bits.put(1, 1);
        match &self.trees {
            Some(trees) => {
                bits.put(2, 2);
                trees.write(&mut bits);
            }
            None => bits.put(1, 2),
        }
        match stamps {
            None => self.codes.put_all(&mut bits, tokens),
            Some(stamps) => self.codes.put_stamped(&mut bits, tokens, stamps),
        }
        bits.put(self.codes.end_of_block.0, self.codes.end_of_block.1);
        bits.finish();
    }
}

/// One dynamic Huffman code for several zlib streams of tokens (an animation's later frames): its trees are made
/// once, not a stream.
pub(crate) struct SharedCode(BlockCode);

impl SharedCode {
    /// The code of every symbol of `blocks`, or `None` for more than 2^30 tokens in all (a tree's weights are summed
    /// in 32 bits, [`depth_counts`]; a wasm's memory holds fewer).
    pub(crate) fn new<'a>(blocks: impl Iterator<Item = &'a [Token]>) -> Option<SharedCode> {
        let mut counts = ([0u32; 286], [0u32; 30]);
        let mut total = 0;
        for tokens in blocks {
            total += tokens.len() + 1;
            if total > 1 << 30 {
                return None;
            }
            count_symbols(tokens, None, &mut counts);
        }
        Some(SharedCode(BlockCode::dynamic(DynamicTrees::new(&counts.0, &counts.1))))
    }

    /// The zlib stream of `tokens` (of `len` bytes whose Adler-32 is `adler`) in this code (`tokens` must be one
    /// of the blocks it was made for), or `None` where the bytes stored would be smaller (a stream of a few bytes:
    /// the trees are most of it).
    pub(crate) fn zlib(&self, len: usize, tokens: &[Token], adler: u32) -> Option<Vec<u8>> {
        let mut out = Vec::with_capacity(tokens.len() + 96);
        out.extend_from_slice(&ZLIB_HEADER);
        self.0.write(&mut out, tokens, None);
        out.extend_from_slice(&adler.to_be_bytes());
        (out.len() < stored_len(len) + 6).then_some(out)
    }
}

/// `data` as stored blocks (65,535 bytes at most each, the last one final): for data the codes would not shrink.
fn write_stored(out: &mut Vec<u8>, data: &[u8]) {
    let blocks: Vec<&[u8]> = if data.is_empty() { vec![&[][..]] } else { data.chunks(65_535).collect() };
    let last = blocks.len() - 1;
    for (i, block) in blocks.into_iter().enumerate() {
        out.push(u8::from(i == last));
        out.extend_from_slice(&(block.len() as u16).to_le_bytes());
        out.extend_from_slice(&(!(block.len() as u16)).to_le_bytes());
        out.extend_from_slice(block);
    }
}

/// The code lengths of the fixed Huffman codes (RFC 1951, 3.2.6): literal/length symbols 0–287.
const FIXED_LIT: [u8; 288] = {
    let mut lengths = [8u8; 288];
    let mut s = 144;
    while s < 280 {
        lengths[s] = if s < 256 { 9 } else { 7 };
        s += 1;
    }
    lengths
};
/// The fixed codes' distance code lengths, 0–29.
const FIXED_DIST: [u8; 30] = [5; 30];

/// A dynamic block's Huffman trees and the header that sends them: the code lengths of both trees, run-length
/// coded ([`run_lengths`]) and sent in the code length code.
struct DynamicTrees {
    lit_len: Vec<u8>,
    dist_len: Vec<u8>,
    /// How many literal/length and distance code lengths are sent (the trailing zeros are not).
    hlit: usize,
    hdist: usize,
    /// Both trees' sent code lengths, run-length coded.
    runs: Vec<(u8, u8)>,
    /// The code length code's lengths, and how many of them are sent (in [`CL_ORDER`]).
    cl_len: Vec<u8>,
    hclen: usize,
}

impl DynamicTrees {
    /// The trees for symbols counted `lit_freq` and `dist_freq` ([`frequencies`]).
    fn new(lit_freq: &[u32; 286], dist_freq: &[u32; 30]) -> DynamicTrees {
        let lit_len = code_lengths(lit_freq, 15);
        let dist_len = code_lengths(dist_freq, 15);
        let hlit = 257 + lit_len[257..].iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        let hdist = 1 + dist_len.iter().rposition(|&l| l != 0).unwrap_or(0);
        let mut all = lit_len[..hlit].to_vec();
        all.extend_from_slice(&dist_len[..hdist]);
        let runs = run_lengths(&all);
        let mut cl_freq = [0u32; 19];
        for &(s, _) in &runs {
            cl_freq[s as usize] += 1;
        }
        let cl_len = code_lengths(&cl_freq, 7);
        let hclen = 4.max(1 + CL_ORDER.iter().rposition(|&s| cl_len[s] != 0).unwrap_or(0));
        DynamicTrees { lit_len, dist_len, hlit, hdist, runs, cl_len, hclen }
    }

    /// The header's bits, after the block's three.
    fn header_bits(&self) -> u64 {
        let runs = self.runs.iter().map(|&(s, _)| u64::from(self.cl_len[s as usize]) + u64::from(cl_extra(s)));
        5 + 5 + 4 + 3 * self.hclen as u64 + runs.sum::<u64>()
    }

    /// Writes the header.
    fn write(&self, bits: &mut Bits) {
        bits.put((self.hlit - 257) as u32, 5);
        bits.put((self.hdist - 1) as u32, 5);
        bits.put((self.hclen - 4) as u32, 4);
        for &s in &CL_ORDER[..self.hclen] {
            bits.put(u32::from(self.cl_len[s]), 3);
        }
        let mut cl_codes = [0u16; 19];
        canonical_codes(&self.cl_len, &mut cl_codes);
        for &(s, x) in &self.runs {
            bits.put(u32::from(cl_codes[s as usize]), u32::from(self.cl_len[s as usize]));
            bits.put(u32::from(x), cl_extra(s));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::io::Read;

    fn inflate(stream: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(stream).read_to_end(&mut out).expect("a valid zlib stream");
        out
    }

    #[test]
    fn adler_matches_a_whole_pass_and_combines() {
        let data: Vec<u8> = (0..20_000u32).map(|i| (i * 7 + i / 13) as u8).collect();
        let whole = adler32(1, &data);
        for cut in [0, 1, 5552, 9999, 20_000] {
            let (x, y) = data.split_at(cut);
            assert_eq!(adler32_combine(adler32(1, x), adler32(1, y), y.len()), whole, "cut at {cut}");
        }
        assert_eq!(adler32(1, b"Wikipedia"), 0x11E6_0398);
        // A byte at a time by another reference: lengths around zlib's NMAX, and the largest sums (0xFF).
        let bytewise = |data: &[u8]| {
            let (a, b) = data.iter().fold((1u64, 0u64), |(a, b), &x| {
                let a = (a + u64::from(x)) % u64::from(ADLER_BASE);
                (a, (b + a) % u64::from(ADLER_BASE))
            });
            (b << 16 | a) as u32
        };
        for len in (0..80).chain([5551, 5552, 5553, 11_104, 20_000]) {
            assert_eq!(adler32(1, &data[..len]), bytewise(&data[..len]), "{len} bytes");
        }
        let most = vec![0xFF; 100_000];
        assert_eq!(adler32(1, &most), bytewise(&most));
        assert_eq!(adler32(0xFFF0_FFF0, &most[..5552]), adler32_combine(0xFFF0_FFF0, bytewise(&most[..5552]), 5552));
    }

    #[test]
    fn distance_and_length_codes() {
        for (d, c) in [(1, 0), (4, 3), (5, 4), (6, 4), (7, 5), (24_577, 29), (32_768, 29), (16_384, 27), (257, 16)] {
            assert_eq!(dist_code(d), c, "distance {d}");
        }
        assert_eq!(LENGTH_CODE[0], 0);
        assert_eq!(LENGTH_CODE[258 - 3], 28);
        assert_eq!(LENGTH_CODE[257 - 3], 27);
        assert_eq!(LENGTH_CODE[11 - 3], 8);
    }

    #[test]
    fn streams_sharing_a_code_inflate_and_what_it_would_not_shrink_is_refused() {
        let pictures: Vec<(Vec<u8>, usize)> = [(40, 7u32), (41, 3), (81, 11)]
            .into_iter()
            .map(|(stride, k)| {
                ((0..stride as u32 * 60).map(|i| ((i % stride as u32) / k + i / 97) as u8).collect(), stride)
            })
            .collect();
        let blocks: Vec<(Vec<Token>, u32)> =
            pictures.iter().map(|(data, stride)| (tokenize(data, *stride, None).0, adler32(1, data))).collect();
        let code = SharedCode::new(blocks.iter().map(|(tokens, _)| &tokens[..])).unwrap();
        for ((data, _), (tokens, adler)) in pictures.iter().zip(&blocks) {
            let stream = code.zlib(data.len(), tokens, *adler).expect("shrinks");
            assert_eq!(&inflate(&stream), data);
        }
        // A few bytes: the trees would be most of the stream, more than the bytes stored.
        let few = b"abcabcabc";
        let (tokens, adler, _) = tokenize(few, few.len(), None);
        let code = SharedCode::new(blocks.iter().map(|(tokens, _)| &tokens[..]).chain([&tokens[..]])).unwrap();
        assert!(code.zlib(few.len(), &tokens, adler).is_none());
        // Bytes of every value once each: no code shrinks them.
        let noise: Vec<Token> = (0..=255u8).map(|b| literal(b.wrapping_mul(167))).collect();
        assert!(SharedCode::new([&noise[..]].into_iter()).unwrap().zlib(256, &noise, 0).is_none());
    }

    #[test]
    fn heap_sort_sorts() {
        for n in 0..300u64 {
            let mut keys: Vec<u64> = (0..n).map(|i| ((i * 2_654_435_761) % 1_000) << 32 | i).collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            heap_sort(&mut keys);
            assert_eq!(keys, sorted, "{n} keys");
        }
    }

    /// The depth counts [`depth_counts`] made before it built the tree in place: the Huffman tree of the sorted
    /// `weights` by two queues (the leaves, and the internal nodes as they are made; a leaf wins a tie), with arrays
    /// of weights, parents and depths, each depth over `max_bits` counted at it. Its result must not change: a
    /// still's bytes would.
    fn depth_counts_by_two_queues(weights: &[u64], max_bits: usize) -> [usize; 16] {
        let n = weights.len();
        let mut weight = weights.to_vec();
        let mut parent = vec![0usize; 2 * n];
        let (mut leaf, mut inner) = (0, n);
        for next in n..2 * n - 1 {
            let mut pick = || {
                let take_leaf = leaf < n && (inner >= next || weight[leaf] <= weight[inner]);
                let picked = if take_leaf { &mut leaf } else { &mut inner };
                *picked += 1;
                *picked - 1
            };
            let (a, b) = (pick(), pick());
            weight.push(weight[a] + weight[b]);
            (parent[a], parent[b]) = (next, next);
        }
        let mut depth = vec![0usize; 2 * n - 1];
        let mut count = [0usize; 16];
        for i in (0..2 * n - 2).rev() {
            depth[i] = depth[parent[i]] + 1;
        }
        for &d in &depth[..n] {
            count[d.min(max_bits)] += 1;
        }
        count
    }

    proptest! {
        #[test]
        fn the_tree_is_the_one_two_queues_build(
            freqs in proptest::collection::vec(prop_oneof![Just(0u32), 1u32..5, 1u32..100_000], 2..286),
            max_bits in prop_oneof![Just(7usize), Just(15usize)],
        ) {
            let (mut keys, n) = sorted_keys(&freqs);
            let weights: Vec<u64> = keys[..n].iter().map(|&k| k >> 32).collect();
            prop_assert_eq!(depth_counts(&mut keys[..n], max_bits), depth_counts_by_two_queues(&weights, max_bits));
        }
    }

    #[test]
    fn code_lengths_are_complete_and_limited() {
        // Fibonacci weights make a Huffman tree deeper than 15.
        let mut freqs = vec![0u32; 40];
        let (mut a, mut b) = (1u32, 1u32);
        for f in freqs.iter_mut().take(30) {
            *f = a;
            (a, b) = (b, a + b);
        }
        let lengths = code_lengths(&freqs, 15);
        let (mut keys, n) = sorted_keys(&freqs);
        let weights: Vec<u64> = keys[..n].iter().map(|&k| k >> 32).collect();
        assert_eq!(depth_counts(&mut keys[..n], 15), depth_counts_by_two_queues(&weights, 15));
        assert!(lengths.iter().all(|&l| l <= 15));
        let kraft: f64 = lengths.iter().filter(|&&l| l > 0).map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-12, "{kraft}");
        assert_eq!(lengths.iter().filter(|&&l| l > 0).count(), 30);
        // One used symbol still gets a complete code of two.
        let one = code_lengths(&[0, 0, 5, 0], 7);
        assert_eq!(one.iter().filter(|&&l| l == 1).count(), 2);
    }

    #[test]
    fn round_trips_rows_runs_and_noise() {
        let mut data = Vec::new();
        let stride = 41;
        for r in 0..300u32 {
            data.push(0);
            for c in 0..stride as u32 - 1 {
                data.push(match r % 7 {
                    0 | 1 => (c / 5) as u8,
                    2 => ((r * 31 + c * 17) ^ (c >> 2)) as u8,
                    _ => (c % 3) as u8,
                });
            }
        }
        assert_eq!(inflate(&zlib_scanlines(&data, stride, None)), data);
        let one = [0u8, 9];
        assert_eq!(inflate(&zlib_scanlines(&one, 2, None)), one);
        // Rows too long to reach the row above: copies are skipped, matching still works.
        let wide: Vec<u8> = (0..3 * 40_000u32).map(|i| (i % 40_000 / 300) as u8).collect();
        assert_eq!(inflate(&zlib_scanlines(&wide, 40_000, None)), wide);
        // Over 512 KB: the quick settings.
        let large: Vec<u8> = (0..700_000u32).map(|i| ((i % 1_000) / 7 + (i / 9_000) % 3) as u8).collect();
        assert_eq!(inflate(&zlib_scanlines(&large, 1_000, None)), large);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// `common` (eight bytes a step, then one at a time) counts what a byte-by-byte comparison counts, at every
        /// length and overlap (a distance under 8 compares overlapping bytes).
        #[test]
        fn common_counts_the_equal_bytes(
            unit in proptest::collection::vec(0..3u8, 1..6),
            flip in 0..90usize,
            a in 0..40usize,
            distance in 1..40usize,
            max in 0..40usize,
        ) {
            // A pattern repeated, one byte changed: long equal runs that end anywhere.
            let mut data: Vec<u8> = unit.iter().copied().cycle().take(90).collect();
            data[flip] = 7;
            let b = a + distance;
            let max = max.min(data.len().saturating_sub(b));
            prop_assume!(b < data.len());
            let naive = (0..max).take_while(|&i| data[a + i] == data[b + i]).count();
            prop_assert_eq!(common(&data, a, b, max), naive);
        }

        /// Any scanlines, made of rows drawn from a few patterns (as diagrams are), some noisy, round-trip.
        #[test]
        fn any_scanlines_round_trip(
            stride in 1..400usize,
            picks in proptest::collection::vec((0..6usize, any::<u8>()), 1..120),
            alphabet in 1..17u8,
        ) {
            let patterns: Vec<Vec<u8>> = (0..6u32)
                .map(|p| (0..stride as u32).map(|c| ((c * (p + 1) / 7 + p) % u32::from(alphabet)) as u8).collect())
                .collect();
            let mut data = Vec::new();
            for (p, noise) in picks {
                let mut row = patterns[p].clone();
                if noise % 5 == 0 {
                    let at = noise as usize % stride;
                    row[at] = noise;
                }
                data.extend_from_slice(&row);
            }
            prop_assert_eq!(inflate(&zlib_scanlines(&data, stride, None)), data);
        }
    }
}
