//! The tokens the coders make and the block writer writes (a literal byte, a match, or a run of stamps), deflate's
//! limits on a match, the comparison of bytes every coder uses, and the appending of copies and checked matches.

/// The deflate window: the farthest a back-reference may reach.
pub(super) const WINDOW: usize = 32 * 1024;
/// Shortest and longest deflate matches.
pub(super) const MIN_MATCH: usize = 3;
pub(super) const MAX_MATCH: usize = 258;

/// A literal byte (`byte << 1`), a match (`distance << 9 | (length - 3) << 1 | 1`), or a run of a picture's
/// stamps (`STAMPED | run << 10`: tokens made once and named again, [`Stamps::runs`](super::stamps::Stamps::runs)).
pub(crate) type Token = u32;

/// The bit of a [`Token`] that names a run of stamps' tokens (above every literal's `byte << 1`).
pub(super) const STAMPED: u32 = 1 << 9;

pub(super) fn literal(byte: u8) -> Token {
    u32::from(byte) << 1
}

pub(super) fn matched(length: usize, distance: usize) -> Token {
    debug_assert!((MIN_MATCH..=MAX_MATCH).contains(&length) && (1..=WINDOW).contains(&distance));
    (distance as u32) << 9 | ((length - MIN_MATCH) as u32) << 1 | 1
}

/// How many of the first bytes of `x` and `y` are equal.
#[inline]
pub(super) fn common_prefix(x: &[u8], y: &[u8]) -> usize {
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
pub(super) fn common(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    common_prefix(&data[a..a + max], &data[b..b + max])
}

/// Whether the `len` bytes from `a` equal those from `b` (`a < b`): eight bytes a step, the last eight overlapping
/// the step before (no byte-at-a-time tail: a planned match is mostly a few bytes to a hundred).
#[inline(always)]
pub(super) fn same(data: &[u8], a: usize, b: usize, len: usize) -> bool {
    let word = |i: usize| u64::from_le_bytes(data[i..i + 8].try_into().unwrap());
    if len < 8 {
        // A word's first `len` bytes where eight fit, else byte by byte (the data's last bytes).
        if b + 8 > data.len() {
            return data[a..a + len] == data[b..b + len];
        }
        let mask = (1u64 << (8 * len)).wrapping_sub(1);
        return (word(a) ^ word(b)) & mask == 0;
    }
    let mut i = 0;
    while i + 8 < len {
        if word(a + i) != word(b + i) {
            return false;
        }
        i += 8;
    }
    word(a + len - 8) == word(b + len - 8)
}

/// Lengthens the last token, if it is a match, over the bytes from `p` (up to `end`) that repeat at its distance;
/// returns how many it took.
pub(super) fn extend_last(tokens: &mut [Token], data: &[u8], p: usize, end: usize) -> usize {
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
pub(super) fn emit_checked(tokens: &mut Vec<Token>, data: &[u8], p: usize, length: usize, distance: usize) {
    if distance == 0 || distance > p || distance > WINDOW || !same(data, p - distance, p, length) {
        debug_assert!(false, "a planned copy that is not one: {length} bytes at {p} from {distance} back");
        tokens.extend(data[p..p + length].iter().map(|&b| literal(b)));
    } else {
        emit_copy(tokens, data, p + length, distance, length);
    }
}

/// A copy of the `length` bytes before `end` from `distance` back, as matches of at most 258 bytes (none shorter
/// than 3), or as literals if it is shorter than a match (rows of one or two bytes).
pub(super) fn emit_copy(tokens: &mut Vec<Token>, data: &[u8], end: usize, distance: usize, length: usize) {
    if length < MIN_MATCH {
        tokens.extend(data[end - length..end].iter().map(|&b| literal(b)));
        return;
    }
    push_matches(tokens, distance, length);
}

/// `length` bytes (at least [`MIN_MATCH`]) from `distance` back as matches of at most [`MAX_MATCH`], none shorter
/// than a match.
pub(super) fn push_matches(tokens: &mut Vec<Token>, distance: usize, mut length: usize) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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

        /// `same` (words, the last overlapping; a masked word under eight bytes) says what a byte-by-byte
        /// comparison says, at every length and overlap, up to the data's last byte.
        #[test]
        fn same_says_whether_the_bytes_are_equal(
            unit in proptest::collection::vec(0..3u8, 1..6),
            flip in 0..90usize,
            a in 0..60usize,
            distance in 1..40usize,
            len in 0..40usize,
        ) {
            let mut data: Vec<u8> = unit.iter().copied().cycle().take(90).collect();
            data[flip] = 7;
            let b = a + distance;
            prop_assume!(b + len <= data.len());
            let naive = (0..len).all(|i| data[a + i] == data[b + i]);
            prop_assert_eq!(same(&data, a, b, len), naive);
        }
    }
}
