//! Deflate's length and distance codes, the symbol counts of tokens, and a block's Huffman codes as the writing
//! uses them ([`Codes`]).

use super::bits::{Bits, Words};
use super::huffman::canonical_codes;
use super::stamps::{stamped_segments, Stamps};
use super::tokens::{Token, MAX_MATCH, MIN_MATCH};

/// Base length and extra bits of the length codes 257–285.
const LENGTH_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
pub(super) const LENGTH_EXTRA: [u8; 29] =
    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/// Base distance and extra bits of the distance codes 0–29.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];
pub(super) const DIST_EXTRA: [u8; 30] =
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
pub(super) fn frequencies(tokens: &[Token], stamps: Option<&Stamps>) -> ([u32; 286], [u32; 30]) {
    let mut counts = ([0u32; 286], [0u32; 30]);
    count_symbols(tokens, stamps, &mut counts);
    counts
}

/// Adds the symbol counts of the tokens and their end of block to `(lit, dist)` ([`frequencies`]).
pub(super) fn count_symbols(tokens: &[Token], stamps: Option<&Stamps>, (lit, dist): &mut ([u32; 286], [u32; 30])) {
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

/// A block's Huffman codes as the writing uses them: each literal, and each match length with its extra bits, as
/// one put of the bits it writes (at most 15 + 5), the distances' codes and lengths, and the end of the block.
pub(super) struct Codes {
    literals: [(u32, u32); 256],
    lengths: [(u32, u32); 256],
    /// Each distance code's Huffman code, that code's length, the bits written with its extra bits, and its base
    /// distance: one entry read a match; a 31st writes nothing (a literal's, so that writing a token need not
    /// branch on its kind).
    distances: [(u32, u32, u32, u32); 31],
    pub(super) end_of_block: (u32, u32),
}

impl Codes {
    /// The codes of the code lengths `lit_len` (literal/length symbols) and `dist_len` (distances).
    pub(super) fn new(lit_len: &[u8], dist_len: &[u8]) -> Codes {
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
        let distances = std::array::from_fn(|c| {
            if c == 30 {
                return (0, 0, 0, 0);
            }
            let bits = u32::from(dist_len[c]);
            (u32::from(dist_codes[c]), bits, bits + u32::from(DIST_EXTRA[c]), u32::from(DIST_BASE[c]))
        });
        let end_of_block = (u32::from(lit_codes[256]), u32::from(lit_len[256]));
        Codes { literals, lengths, distances, end_of_block }
    }

    /// Writes `tokens` with runs of `stamps` among them: each run written once on its own, in 32-bit words, then
    /// copied a word at a time wherever it is named.
    pub(super) fn put_stamped(&self, bits: &mut Bits, tokens: &[Token], stamps: &Stamps) {
        let mut run_bits: Vec<(u32, u32)> = vec![(u32::MAX, 0); stamps.runs.len()];
        let mut words: Vec<u8> = Vec::new();
        for (segment, run) in stamped_segments(tokens) {
            self.put_all(bits, segment);
            let Some(run) = run.map(|run| run as usize) else { continue };
            if run_bits[run].0 == u32::MAX {
                let start = words.len();
                // (Word by word, as `put_bits` reads it back.)
                let mut own = Bits { out: &mut words, acc: 0, n: 0 };
                for &t in stamps.run(run as u32) {
                    self.put(&mut own, t);
                }
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
    pub(super) fn put_all(&self, bits: &mut Bits, tokens: &[Token]) {
        bits.put_many(tokens.len(), |w| {
            for &t in tokens {
                self.put_into(w, t);
            }
        });
    }

    /// Writes token `t` as [`Codes::put`] does, without a branch on its kind (a literal's distance writes nothing)
    /// or on the words filled: a picture's literals and matches alternate unpredictably.
    #[inline(always)]
    fn put_into(&self, w: &mut Words, t: Token) {
        let is_match = t & 1 == 1;
        let i = ((t >> 1) & 0xFF) as usize;
        let (code, n) = if is_match { self.lengths[i] } else { self.literals[i] };
        let distance = t >> 9;
        let d = if is_match { dist_code(distance.max(1) as usize) } else { 30 };
        let (symbol, symbol_bits, bits_in_all, base) = self.distances[d];
        w.put2(code, n, symbol | distance.saturating_sub(base) << symbol_bits, bits_in_all);
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
            let distance = t >> 9;
            let (symbol, symbol_bits, bits_in_all, base) = self.distances[dist_code(distance as usize)];
            bits.put(symbol | (distance - base) << symbol_bits, bits_in_all);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
