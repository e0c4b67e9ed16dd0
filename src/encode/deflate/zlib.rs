//! The zlib streams (RFC 1950): a still's scanlines ([`zlib_scanlines`]), and an animation's frames in one shared
//! code ([`SharedCode`]).

use super::bands::Bands;
use super::block::{stored_len, write_block, write_stored, BlockCode, DynamicTrees};
use super::coder::tokenize;
use super::codes::count_symbols;
use super::tokens::Token;

/// The zlib stream (RFC 1950, one deflate block of RFC 1951) of `data`, PNG scanlines of `stride` bytes each (the
/// filter byte and the samples; `data.len()` is a multiple of `stride`), with what the painter knows of the rows
/// ([`Bands`]), if anything: its bands' rows are coded from their tiles' codes instead of searched.
pub(crate) fn zlib_scanlines(data: &[u8], stride: usize, bands: Option<(&Bands, u8)>) -> Vec<u8> {
    debug_assert!(stride > 0 && data.len().is_multiple_of(stride));
    let (tokens, adler, stamps) = tokenize(data, stride.max(1), bands);
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

/// One dynamic Huffman code for several zlib streams of tokens (an animation's later frames): its trees are made
/// once, not a stream.
pub(crate) struct SharedCode(BlockCode);

impl SharedCode {
    /// The code of every symbol of `blocks`, or `None` for more than 2^30 tokens in all (a tree's weights are summed
    /// in 32 bits, `depth_counts` in [`huffman`](super::huffman); a wasm's memory holds fewer).
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

#[cfg(test)]
mod tests {
    use super::super::adler::adler32;
    use super::super::tokens::literal;
    use super::*;
    use proptest::prelude::*;
    use std::io::Read;

    fn inflate(stream: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::ZlibDecoder::new(stream).read_to_end(&mut out).expect("a valid zlib stream");
        out
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
