//! The one final block of a zlib stream: dynamic Huffman codes or the fixed ones, whichever is smaller (counted by
//! the weighted sums of the symbols' lengths), or the bytes stored; a dynamic block's trees and their header.

use super::bits::Bits;
use super::codes::{frequencies, Codes, DIST_EXTRA, LENGTH_EXTRA};
use super::huffman::{canonical_codes, code_lengths};
use super::stamps::Stamps;
use super::tokens::Token;

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
pub(super) fn write_block(out: &mut Vec<u8>, len: usize, tokens: &[Token], stamps: Option<&Stamps>) -> bool {
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
pub(super) fn stored_len(len: usize) -> usize {
    len + 5 * len.div_ceil(65_535).max(1)
}

/// A final block's code as written: a dynamic block's trees (`None`: the fixed codes) and its codes.
pub(super) struct BlockCode {
    trees: Option<DynamicTrees>,
    codes: Codes,
}

impl BlockCode {
    /// The code of a dynamic block of `trees`.
    pub(super) fn dynamic(trees: DynamicTrees) -> BlockCode {
        let codes = Codes::new(&trees.lit_len, &trees.dist_len);
        BlockCode { trees: Some(trees), codes }
    }

    /// The fixed codes (RFC 1951, 3.2.6).
    fn fixed() -> BlockCode {
        BlockCode { trees: None, codes: Codes::new(&FIXED_LIT, &FIXED_DIST) }
    }

    /// Writes the block of `tokens` (with runs of `stamps` among them), padded to a byte.
    pub(super) fn write(&self, out: &mut Vec<u8>, tokens: &[Token], stamps: Option<&Stamps>) {
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

/// `data` as stored blocks (65,535 bytes at most each, the last one final): for data the codes would not shrink.
pub(super) fn write_stored(out: &mut Vec<u8>, data: &[u8]) {
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
pub(super) struct DynamicTrees {
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
    pub(super) fn new(lit_freq: &[u32; 286], dist_freq: &[u32; 30]) -> DynamicTrees {
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
