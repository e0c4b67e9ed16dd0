//! The stamps of a large picture's tiles ([`Stamps`]): each tile row's tokens made once a picture and named again
//! wherever the tile shows that row, as runs in the token stream ([`stamped_segments`]).

use super::bands::ByteSpan;
use super::tile::TileCode;
use super::tokens::{common, literal, matched, Token, MIN_MATCH, STAMPED, WINDOW};

/// A picture's tile rows as tokens, made once a picture and copied wherever the same tile shows the same row:
/// a tile's code resolved for the picture's stride and bytes (its literals the picture's bytes, its matches checked
/// against them at the first showing), valid at every showing whose bytes are the first's (checked once a showing,
/// all its rows at once).
pub(super) struct Stamps {
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
    pub(super) runs: Vec<(u32, u32)>,
    /// Each stamp's runs from its tokens 0–3, once made (`u32::MAX`: not yet).
    slot_runs: Vec<[u32; 4]>,
}

impl Stamps {
    pub(super) fn new(
        data: &[u8],
        stride: usize,
        (first, band_rows): (usize, usize),
        bands: &[Vec<ByteSpan>],
    ) -> Stamps {
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
    pub(super) fn emit(
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
    pub(super) fn run(&self, run: u32) -> &[Token] {
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

/// The run of stamps token `t` names, if it names one (not a literal or a match).
fn run_of(t: Token) -> Option<u32> {
    (t & 1 == 0 && t & STAMPED != 0).then_some(t >> 10)
}

/// `tokens` as stretches of literals and matches, each followed by the run of stamps that ends it, if any.
pub(super) fn stamped_segments(tokens: &[Token]) -> impl Iterator<Item = (&[Token], Option<u32>)> {
    tokens.split_inclusive(|&t| run_of(t).is_some()).map(|segment| match segment.split_last() {
        Some((&t, before)) if run_of(t).is_some() => (before, run_of(t)),
        _ => (segment, None),
    })
}
