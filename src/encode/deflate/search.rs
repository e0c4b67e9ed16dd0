//! The byte search: at each byte the longest match among the run, the same column a few rows up, the last match's
//! distance and a short hash chain, one step lazy, as hard as [`Effort`] says for the picture's size; and the coding
//! of a few bytes without it ([`code_unsearched`]).

use super::tokens::{common, literal, matched, Token, MAX_MATCH, MIN_MATCH, WINDOW};

/// The byte hash table: 2^15 heads (128 KB), positions + 1 (0 = empty).
const HASH_BITS: u32 = 15;

/// The hash table slot of the four bytes at `p`.
#[inline]
fn byte_hash(data: &[u8], p: usize) -> usize {
    let v = u32::from_le_bytes(data[p..p + 4].try_into().unwrap());
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The byte hash table: the latest position of each hash (`head`) and, for each position in the window, the one
/// before it with the same hash (`prev`), both as positions + 1 + [`Tables::base`]: an entry at most `base` (an
/// earlier picture's, or 0) is none.
pub(super) struct Chains {
    tables: Tables,
    /// The bytes of data the chains are for: `prev` holds at least `len.min(WINDOW)` links once made.
    len: usize,
    /// The distance of the last match other than a run: patterns repeat at it (print's hatching every few rows,
    /// a square's tile rows one square apart).
    pub(super) last: usize,
    effort: Effort,
    /// The bytes asked of [`compress`] so far: the picture's [`crate::work::Unit::Searched`].
    pub(super) searched: usize,
}

/// The tables of [`Chains`], kept for the next picture of the thread ([`SPARE`]): zeroing them cost 0.25M
/// instructions a picture (6 % of a 90-px still's miss) even where only its margins are searched. Each picture's
/// entries are offset by its own `base`, above every earlier picture's, so the old ones read as none.
#[derive(Default)]
struct Tables {
    head: Vec<u32>,
    prev: Vec<u32>,
    /// This picture's offset, and the highest entry it may make.
    base: u32,
    top: u32,
}

thread_local! {
    /// The tables of the thread's last picture searched, for its next one.
    static SPARE: std::cell::Cell<Tables> =
        const { std::cell::Cell::new(Tables { head: Vec::new(), prev: Vec::new(), base: 0, top: 0 }) };
}

impl Chains {
    /// The chains of `len` bytes of data, made when first searched ([`Chains::ready`]): a picture coded from its
    /// tiles may search nothing (an animation's frame).
    pub(super) fn new(effort: Effort, len: usize) -> Chains {
        Chains { tables: Tables::default(), len, last: 0, effort, searched: 0 }
    }

    /// Makes the tables, empty, if they are not yet (the thread's spare ones where it has them): a position's link
    /// is at `p % WINDOW`, inside the data's length for a shorter input.
    fn ready(&mut self) {
        if !self.tables.head.is_empty() {
            return;
        }
        let mut tables = SPARE.with(std::cell::Cell::take);
        // Above every entry of the pictures before (their positions + 1 + base are at most `top`); where the
        // offsets would overflow, new tables.
        let top = u32::try_from(self.len).ok().and_then(|len| tables.top.checked_add(len));
        match top {
            Some(top) if !tables.head.is_empty() => (tables.base, tables.top) = (tables.top, top),
            _ => {
                let top = u32::try_from(self.len).unwrap_or(u32::MAX);
                tables = Tables { head: vec![0; 1 << HASH_BITS], prev: Vec::new(), base: 0, top };
            }
        }
        let links = self.len.min(WINDOW);
        if tables.prev.len() < links {
            tables.prev.resize(links, 0);
        }
        self.tables = tables;
    }

    /// A stored entry as a position + 1 of this picture (0: none).
    #[inline]
    fn entry(&self, stored: u32) -> usize {
        stored.saturating_sub(self.tables.base) as usize
    }

    /// Enters position `p` (which has four bytes after it) and returns the latest earlier one with its hash.
    #[inline]
    fn insert(&mut self, data: &[u8], p: usize) -> usize {
        let h = byte_hash(data, p);
        let before = self.tables.head[h];
        self.tables.prev[p % WINDOW] = before;
        self.tables.head[h] = p as u32 + 1 + self.tables.base;
        self.entry(before)
    }

    /// The latest position before `c` with its hash, + 1 (0: none).
    #[inline]
    fn link(&self, c: usize) -> usize {
        self.entry(self.tables.prev[c % WINDOW])
    }
}

impl Drop for Chains {
    fn drop(&mut self) {
        if !self.tables.head.is_empty() {
            let tables = std::mem::take(&mut self.tables);
            SPARE.with(|spare| spare.set(tables));
        }
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
        let next = chains.link(c);
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
pub(super) struct Effort {
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
    pub(super) fn for_len(len: usize) -> Effort {
        match len {
            0..=65_536 => Effort { chain: 4, rows_up: 8, lazy_below: 8, insert_within: 16 },
            65_537..=QUICK_SEARCH_ABOVE => Effort { chain: 1, rows_up: 8, lazy_below: 8, insert_within: 16 },
            _ => Effort { chain: 1, rows_up: 1, lazy_below: 0, insert_within: 0 },
        }
    }
}

/// The most bytes of scanlines searched with the middle effort; above, the quick one ([`Effort::for_len`]).
pub(super) const QUICK_SEARCH_ABOVE: usize = 524_288;

/// The match length at which the search for a longer one stops.
const GOOD_ENOUGH: usize = 32;

/// Matching of `data[start..end]` against everything before it, one step lazy, with matches that may run on to
/// `reach`; returns where the last token ends (`end` or past it).
#[inline(never)]
pub(super) fn compress(
    data: &[u8],
    (start, end, reach): (usize, usize, usize),
    stride: usize,
    chains: &mut Chains,
    tokens: &mut Vec<Token>,
) -> usize {
    chains.ready();
    chains.searched += end.saturating_sub(start);
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

/// Codes `data[start..end]` without the byte search: at each byte the longer match from one of `distances` back (the
/// row above, the last match's distance), which may run on to `reach`, if it is a match's length, else a literal;
/// returns where the last token ends.
pub(super) fn code_unsearched(
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `data` searched whole, with the thread's spare tables as they are.
    fn tokens_of(data: &[u8], stride: usize) -> Vec<Token> {
        let mut chains = Chains::new(Effort::for_len(data.len()), data.len());
        let mut tokens = Vec::new();
        compress(data, (0, data.len(), data.len()), stride, &mut chains, &mut tokens);
        tokens
    }

    /// Tables kept from earlier pictures (larger, smaller, their offsets near the top of `u32`) find what new ones
    /// find: an earlier picture's entries are none.
    #[test]
    fn kept_tables_search_as_new_ones() {
        let picture = |seed: u32, len: usize| -> Vec<u8> {
            (0..len as u32).map(|i| ((i.wrapping_mul(seed) >> 7) % 5 + (i / 97 % 3) * 7) as u8).collect()
        };
        let (a, b, c) = (picture(2_654_435_761, 70_000), picture(40_503, 9_000), picture(2_246_822_519, 40_000));
        let fresh = |data: &[u8]| {
            let data = data.to_vec();
            std::thread::spawn(move || tokens_of(&data, 97)).join().unwrap()
        };
        let (want_b, want_c) = (fresh(&b), fresh(&c));
        tokens_of(&a, 97);
        assert_eq!(tokens_of(&b, 97), want_b, "after a larger picture");
        assert_eq!(tokens_of(&c, 97), want_c, "after a smaller one");
        // Offsets that would pass `u32::MAX`: new tables.
        SPARE.with(|spare| {
            let mut tables = spare.take();
            tables.top = u32::MAX - 100;
            spare.set(tables);
        });
        assert_eq!(tokens_of(&c, 97), want_c, "after the offsets ran out");
        assert_eq!(tokens_of(&b, 97), want_b, "and again");
    }
}
