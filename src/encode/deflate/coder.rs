//! A picture's scanlines as tokens ([`tokenize`]): each row equal to an earlier one inside the window a copy
//! ([`row_copies`], which sums the Adler-32 too), the rows of a planned band from their spans, the other rows
//! searched.

use super::adler::{adler32, adler32_combine};
use super::bands::{BandBytes, Bands, ByteSpan};
use super::search::{code_unsearched, compress, Chains, Effort};
use super::stamps::Stamps;
use super::tile::TileRowShown;
use super::tokens::{common, emit_checked, emit_copy, extend_last, Token, MIN_MATCH, WINDOW};

/// The tokens of `data` and its Adler-32; see the documentation of [`deflate`](super). A row of `bands`'s bands
/// that is not a copy of an earlier row is coded from its spans; every other row is searched.
// Not inlined, here and on `compress` and `write_block` (each called once a picture): the profiles of
// `scripts/bench-wasm --profile` then show the three steps apart.
#[inline(never)]
pub(super) fn tokenize(data: &[u8], stride: usize, bands: Option<(&Bands, u8)>) -> (Vec<Token>, u32, Option<Stamps>) {
    let rows = data.len() / stride;
    let same_above = bands.map_or(&[][..], |(plan, _)| plan.same_above.as_slice());
    let (copies, adler) = row_copies(data, stride, same_above);
    let mut coder = Coder {
        data,
        stride,
        chains: Chains::new(Effort::for_len(data.len()), data.len()),
        tokens: Vec::with_capacity(data.len() / 16 + 16),
    };
    let stamped = bands.is_some_and(|(plan, _)| plan.is_stamped(rows));
    let stamps = match bands.and_then(|(plan, depth)| plan.bytes(depth, data.len(), stamped)) {
        Some(bands) => coder.code_planned(&copies, &bands, stamped),
        None => {
            coder.code_searched(&copies);
            None
        }
    };
    crate::work::count(crate::work::Unit::Searched, coder.chains.searched as u64);
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
                                cross: bands.cross,
                            };
                            if bands.whole_squares {
                                code.emit_whole(shown, p, (data, stride), &mut self.tokens)
                            } else {
                                code.emit(shown, p, (data, stride), &mut self.tokens)
                            }
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
