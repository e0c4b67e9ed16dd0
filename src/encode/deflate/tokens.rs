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
    if distance == 0 || distance > p || distance > WINDOW || common(data, p - distance, p, length) < length {
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
    }
}
