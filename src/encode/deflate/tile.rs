//! A tile's own code, searched once per tile and kept with it in the tile cache ([`TileCodes`], a [`TileCode`] at
//! each bit depth), and its rows' tokens where the tile is shown in a band ([`TileCode::emit`]).

use super::tokens::{common, common_prefix, emit_checked, literal, matched, same, Token, MAX_MATCH, MIN_MATCH, WINDOW};
use std::sync::OnceLock;

/// A tile's own colour indices and its [`TileCode`] at each bit depth, made when first asked for (kept with the
/// tile in the tile cache).
pub(crate) struct TileCodes {
    /// Its side in pixels.
    pub(super) side: usize,
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

    /// The most colours a tile may have for a picture of it to be coded at 4 bits a sample.
    pub(crate) const SHALLOW_COLOURS: usize = 16;

    /// Searches its codes at the depths a picture coded from it most likely has: 8 bits a sample, and with `shallow`
    /// (a tile of at most [`TileCodes::SHALLOW_COLOURS`] colours) 4 from its first pixel too (a refusal does, so that
    /// asking again finds them searched).
    pub(crate) fn search_likely(&self, shallow: bool) {
        let _ = self.at(8, 0);
        if shallow {
            let _ = self.at(4, 0);
        }
    }

    /// Whether its code was searched at some depth (a tile drawn for a picture searched as a whole, or by a
    /// refusal, has none yet: the first picture coded from it searches one).
    pub(crate) fn any_searched(&self) -> bool {
        self.codes.iter().any(|code| code.get().is_some())
    }

    /// About the bytes it keeps (for the tile cache's budget): its indices, and one code (a picture asks for one
    /// depth; a code takes about a third of the tile's bytes in four-byte tokens).
    pub(crate) fn bytes(&self) -> usize {
        self.indices.len() * 3
    }

    /// Its code at `depth` bits a sample for its pixels from `skip` on, in whole bytes (at 4 bits a tile may start
    /// inside a byte, `skip` 1: its first pixel then shares a byte with the square on its left; at the other depths
    /// `skip` is 0).
    pub(super) fn at(&self, depth: u8, skip: usize) -> Option<&TileCode> {
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

/// The tokens of a tile on its own, row by row: literals, and matches inside the tile (the run, the rows above, and
/// earlier places with the same three bytes, at most [`TileCode::ROWS_UP`] rows up), each inside one row of the
/// tile and reaching only bytes of the tile, so that they hold wherever the tile is shown in a band: a match `dy`
/// rows up and `dx` bytes left is `dy` scanlines and `dx` bytes back in any picture. Searched once per tile and
/// kept with it (the tile cache), thoroughly: a warm picture's rows are then coded without a search.
pub(crate) struct TileCode {
    pub(super) width: usize,
    /// Each row's tokens: `x << 1` a literal (the picture's byte there, byte `x` of the row), or
    /// `1 | length << 1 | dy << 9 | (dx + 256) << 14`.
    pub(super) tokens: Vec<u32>,
    /// Where each row's tokens start in `tokens` (and where the last ends).
    pub(super) rows: Vec<u32>,
    /// How many of each row's first and last bytes are those of the row above (the first row's: of the last row,
    /// which is above it where the tile shows under itself): an animation's frame copies them from the scanline
    /// above ([`squares`](super::squares)).
    pub(super) above: Vec<(u16, u16)>,
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

    /// Enters position `i`, byte `x` of its row, in the chains if three bytes of its row start there.
    fn insert(&mut self, i: usize, x: usize) {
        if x + 3 <= self.width {
            let h = self.hash(i);
            self.prev[i] = self.head[h];
            self.head[h] = i as u32;
        }
    }

    /// Whether the bytes from `c` match more than `best`'s of those from `i` (`c < i`), up to `limit` (a function:
    /// a division the chain's candidates mostly need not pay): then `best` is theirs. A candidate can beat the best
    /// only if it also holds the byte just past the best's end, checked first as zlib does, so that most candidates
    /// cost one comparison (the same matches as comparing each whole).
    #[inline(always)]
    fn consider(&self, (c, i): (usize, usize), limit: impl Fn() -> usize, best: &mut (usize, usize)) {
        let at = best.0;
        // `i + at` is inside `i`'s row (`at` is below the longest match there), so `c + at` is inside the tile.
        if self.indices[c + at] != self.indices[i + at] {
            return;
        }
        let limit = limit();
        if limit > at {
            let n = common(self.indices, c, i, limit);
            if n > at {
                *best = (n, c);
            }
        }
    }

    /// The longest match at (`y`, `x`) inside the tile: length, rows up, bytes left. Enters the position.
    fn longest(&mut self, y: usize, x: usize) -> (usize, usize, isize) {
        let width = self.width;
        let i = y * width + x;
        let max = (width - x).min(MAX_MATCH);
        // The longest so far and where it starts.
        let mut best = (0, 0);
        if x >= 1 {
            self.consider((i - 1, i), || max, &mut best);
        }
        for dy in 1..=y.min(TileCode::ROWS_UP) {
            if best.0 == max {
                break;
            }
            self.consider((i - dy * width, i), || max, &mut best);
        }
        if x + 3 <= width {
            // Positions below this one lie more than `ROWS_UP` rows up; the chain's positions fall, so it ends there.
            let lowest = y.saturating_sub(TileCode::ROWS_UP) * width;
            let mut c = self.head[self.hash(i)];
            let mut tries = TileCode::CHAIN;
            while c != u32::MAX && tries > 0 && best.0 < max {
                let c_at = c as usize;
                if c_at < lowest {
                    break;
                }
                self.consider((c_at, i), || max.min(width - c_at % width), &mut best);
                c = self.prev[c_at];
                tries -= 1;
            }
        }
        self.insert(i, x);
        let (length, c) = best;
        (length, y - c / width, x as isize - (c % width) as isize)
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
                    matcher.insert(y * width + q, q);
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
    pub(super) fn row_tokens(&self, y: usize) -> &[u32] {
        &self.tokens[self.rows[y] as usize..self.rows[y + 1] as usize]
    }

    /// A token of the code as a length and a distance back in scanlines of `stride` bytes (distance 0: a literal).
    pub(super) fn resolve(&self, t: u32, stride: usize) -> (usize, usize) {
        if t & 1 == 0 {
            (1, 0)
        } else {
            let (dy, dx) = (((t >> 9) & 0x1F) as usize, ((t >> 14) & 0x1FF) as isize - 256);
            // Positive: a match up a row may start right of this one, never a whole row right.
            (((t >> 1) & 0xFF) as usize, ((dy * stride) as isize + dx) as usize)
        }
    }

    /// Tokens for a row of the tile where it is `shown` in scanlines `data` of `stride` bytes, from `p` on (the
    /// bytes before `p` are coded already), appended to `tokens`; returns where its tokens end (past the tile when a
    /// match runs on). Where the code has a literal, the same row of the squares to the left is tried for a match
    /// ([`TileRowShown::match_to_the_left`]).
    pub(super) fn emit(
        &self,
        shown: TileRowShown,
        mut p: usize,
        (data, stride): (&[u8], usize),
        tokens: &mut Vec<Token>,
    ) -> usize {
        let y = shown.y;
        let mut q = shown.at;
        for &t in self.row_tokens(y) {
            let (length, distance) = self.resolve(t, stride);
            let token_end = q + length;
            if token_end <= p {
                q = token_end;
                continue;
            }
            let from = q.max(p);
            if token_end - from < shown.cross.below {
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

impl TileCode {
    /// [`TileCode::emit`] for a still's tile in squares of whole bytes (a side that is a whole number of bytes at its
    /// depth: any side at 8 bits, an even one at 4): the same tokens, in about half the instructions (its matches
    /// are single tokens, a tile's row being shorter than the longest match; a match is checked at its ends
    /// ([`holds`]); the squares to the left are whole squares of bytes). First written for a piece set's 8-bit
    /// stills, whose tokens are most of their miss; at 4 bits the start position at 90 px is coded in 0.88–0.90× the
    /// time in V8, cburnett's and a set's alike (`node scripts/bench-wasm-ab.mjs`).
    pub(super) fn emit_whole(
        &self,
        shown: TileRowShown,
        mut p: usize,
        (data, stride): (&[u8], usize),
        tokens: &mut Vec<Token>,
    ) -> usize {
        debug_assert!(shown.square.is_multiple_of(shown.per_byte));
        let row = self.row_tokens(shown.y);
        tokens.reserve(row.len());
        let below = shown.cross.below;
        let mut q = shown.at;
        for &t in row {
            let (length, distance) = self.resolve(t, stride);
            let end = q + length;
            if end <= p {
                q = end;
                continue;
            }
            let from = q.max(p);
            let left = end - from;
            q = end;
            if left < below {
                if let Some((n, d)) = shown.match_to_the_left_whole(data, from, left) {
                    tokens.push(matched(n, d));
                    p = from + n;
                    continue;
                }
            }
            p = end;
            if distance == 0 {
                tokens.push(literal(data[from]));
                continue;
            }
            if left >= MIN_MATCH && distance <= WINDOW && distance <= from && holds(data, from, left, distance) {
                tokens.push(matched(left, distance));
            } else {
                debug_assert!(left < MIN_MATCH || distance > WINDOW, "a tile's match that does not hold at {from}");
                tokens.extend(data[from..end].iter().map(|&b| literal(b)));
            }
        }
        p
    }
}

/// Whether a match of a tile's code (`len` bytes at `from`, `distance` back) holds where the tile is shown. It does by
/// construction: a band's tile span shows the tile's bytes (in the picture's indices, which tell apart what the
/// tile's own indices do), and the code's matches reach only bytes of the same tile. So a release build checks the
/// match's two ends (a misplaced span), and debug builds, which every test runs, every byte: comparing every byte
/// was a tenth of a piece set's 90-px miss (`node scripts/bench-wasm-ab.mjs`).
#[inline]
fn holds(data: &[u8], from: usize, len: usize, distance: usize) -> bool {
    if cfg!(debug_assertions) {
        return same(data, from - distance, from, len);
    }
    let last = from + len - 1;
    data[from - distance] == data[from] && data[last - distance] == data[last]
}

/// Where a row of a tile is shown: row `y` of the tile at byte `at` of the scanline starting at `row_start`, in a
/// band of squares `square` pixels wide at `per_byte` pixels a byte; which of its tokens are tried against which
/// squares to the left (`cross`, [`TileRowShown::match_to_the_left`]).
#[derive(Clone, Copy)]
pub(super) struct TileRowShown {
    pub(super) y: usize,
    pub(super) at: usize,
    pub(super) row_start: usize,
    pub(super) square: usize,
    pub(super) per_byte: usize,
    pub(super) cross: Cross,
}

impl TileRowShown {
    /// The longest match at `from`, longer than `shorter` bytes and at least [`MIN_MATCH`], with the same place of
    /// one of the [`Cross::squares`] squares to the left in the row (a rook's base on a light square is a knight's
    /// on a light square): length and distance. Those matches depend on the picture, so they are found here, not
    /// kept in the tile's code.
    #[inline]
    fn match_to_the_left(&self, data: &[u8], from: usize, shorter: usize) -> Option<(usize, usize)> {
        let limit = (data.len() - from).min(MAX_MATCH);
        let mut best = (shorter, 0);
        for k in 1..=self.cross.squares {
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

impl TileRowShown {
    /// [`TileRowShown::match_to_the_left`] where a square is whole bytes: the squares `square / per_byte` bytes apart.
    #[inline]
    fn match_to_the_left_whole(&self, data: &[u8], from: usize, shorter: usize) -> Option<(usize, usize)> {
        let step = self.square / self.per_byte;
        let farthest = (from - self.row_start).min(self.cross.squares * step);
        if farthest < step {
            return None;
        }
        let byte = data[from];
        // (The most bytes a match may take, counted only where a square's first byte is the same.)
        let mut limit = 0;
        let mut best = (shorter, 0);
        let mut d = step;
        while d <= farthest {
            if data[from - d] == byte {
                if limit == 0 {
                    limit = (data.len() - from).min(MAX_MATCH);
                }
                let n = common(data, from - d, from, limit);
                if n > best.0 {
                    best = (n, d);
                }
            }
            d += step;
        }
        (best.1 != 0 && best.0 >= MIN_MATCH).then_some(best)
    }
}

/// Which tokens of a tile's code are tried against the squares to the left where the tile is shown
/// ([`TileRowShown::match_to_the_left`]): those shorter than `below` bytes, against `squares` squares.
#[derive(Clone, Copy, Debug)]
pub(super) struct Cross {
    pub(super) below: usize,
    pub(super) squares: usize,
}

impl Cross {
    /// A still's: its literals, against 4 squares. Trying short matches too (below 8 bytes, against 8 squares) makes
    /// a 2,180-px board 6 % smaller and 13 % slower, a 724-px one 2 % smaller and 5 % slower; trying nothing makes
    /// the 2,180-px board 14 % faster and 0.5 % smaller, but a golden (`fairy_96_blue`, many different glyphs) 2 %
    /// larger than the search makes it (`node scripts/bench-wasm-ab.mjs`).
    pub(super) const STILL: Cross = Cross { below: 2, squares: 4 };
    /// A piece set's still ([`Coding::SetStill`](super::bands::Coding::SetStill)): tokens below 16 bytes, against
    /// every square to the left (8 on a chessboard). Coded from the tiles at 40 px, the start position of six sets is
    /// smaller than the search made it (the literals alone against 4 squares: every set's larger, by up to 14 %),
    /// for 5-7 % more CPU than the literals alone.
    pub(super) const SET: Cross = Cross { below: 16, squares: 8 };
    /// An animation's frames: nothing (the squares to the left are mostly unchanged ones; trying them made a 20-move
    /// solution's frames 0.2 % smaller and 6 % slower).
    pub(super) const NONE: Cross = Cross { below: 0, squares: 0 };
}
