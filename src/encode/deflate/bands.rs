//! What the palette painter hands the encoder of a picture drawn in tiles ([`Bands`]: each band of squares as
//! spans of pixels), the plan in the bytes of scanlines at one bit depth ([`BandBytes`]), and whether it is coded
//! at all, and by stamps ([`stamped`]).

use super::search::QUICK_SEARCH_ABOVE;
use super::tile::{Cross, TileCode, TileCodes};
use super::tokens::WINDOW;
use std::sync::Arc;

/// What the painter knows of the rows of a picture drawn in tiles: the rows of each band of squares as spans of
/// pixels, the same for every row of the band but for the row of the tile each one shows, and which rows are copies
/// of the row above. Coded at a bit depth where every span starts on a byte ([`Bands::bytes`]).
pub(crate) struct Bands {
    /// The picture's row of the first band's first row.
    pub first_row: usize,
    /// The rows of a band (a square's side).
    pub band_rows: usize,
    /// Each band's spans, left to right, covering its rows.
    pub bands: Vec<Vec<Span>>,
    /// The rows the painter made as copies of the row above (one flag a row of the picture; shorter: the rest are
    /// not): not compared with it again.
    pub same_above: Vec<bool>,
    /// How its bands are coded.
    pub coding: Coding,
}

/// How the bands of a picture are coded from their tiles ([`Bands::bytes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coding {
    /// A still: from the tiles where a band nearly fills the window ([`PLANNED_BAND_BYTES`]), else searched.
    Still,
    /// A still of a piece set other than cburnett at 8 bits a sample (a set's usual depth: its inks bring more than
    /// 16 colours) whose bands a still searches: from the tiles where a band is a quarter of the window
    /// ([`SET_PLANNED_BAND_BYTES`]), each tile's tokens shorter than [`Cross::SET`]'s tried against every square
    /// to the left; otherwise as a [`Coding::Still`]. A set's 8-bit picture at the default size is twice the bytes of
    /// cburnett's 4-bit one: searching them made its miss up to 2.5 times cburnett's, while the tiles' codes are
    /// kept by the isolate; so coded it costs about half as much (docs/pieces.md, "Cost"), in fewer bytes (the
    /// same glyph's rows recur along the row, on both square colours: the two rooks, knights and bishops).
    SetStill,
    /// An animation's frames: from the tiles whatever their size (squares of tiles whose codes are kept, where what
    /// a search would find beyond them saves less than it costs), with less searching ([`BandBytes::frames`]).
    Frames,
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
pub(super) enum ByteSpan<'a> {
    Search(usize),
    Tile(&'a TileCode),
    Copy { len: usize, distance: usize },
}

impl ByteSpan<'_> {
    pub(super) fn len(&self) -> usize {
        match self {
            ByteSpan::Search(len) | ByteSpan::Copy { len, .. } => *len,
            ByteSpan::Tile(code) => code.width,
        }
    }
}

/// A [`Bands`] in the bytes of scanlines at one bit depth ([`Bands::bytes`]).
pub(super) struct BandBytes<'a> {
    /// The picture's row of the first band's first row.
    pub(super) first_row: usize,
    /// The rows of a band: a square's side in pixels.
    pub(super) band_rows: usize,
    /// Pixels a byte.
    pub(super) per_byte: usize,
    /// Each band's spans of bytes, left to right, the filter byte added to the first.
    pub(super) bands: Vec<Vec<ByteSpan<'a>>>,
    /// Whether these are an animation's frames ([`Coding::Frames`]), coded with less searching: a searched span
    /// shorter than a match (a row's filter byte) without the byte search
    /// ([`code_unsearched`](super::search::code_unsearched)), whose tables (up to 256 KB, made for one byte a row)
    /// cost a tenth of a later frame's coding when they were made afresh for each picture; and a tile's short tokens
    /// not tried against the squares to the left
    /// ([`TileRowShown::match_to_the_left`](super::tile::TileRowShown::match_to_the_left)), which made a 20-move
    /// solution's frames 0.2 % larger and 6 % slower in V8 (`scripts/bench-wasm`), the squares to the left being
    /// mostly unchanged ones.
    pub(super) frames: bool,
    /// Which of a tile's tokens are tried against the squares to the left, and how many squares.
    pub(super) cross: Cross,
    /// Whether its squares are whole bytes in a still (not an animation's frames), whose tiles are then coded by
    /// [`TileCode::emit_whole`](super::tile::TileCode::emit_whole): the same tokens, for fewer instructions.
    pub(super) whole_squares: bool,
}

impl Bands {
    /// Whether a picture of this plan, `rows` high, is coded by stamps where its bands are coded from the tiles.
    pub(super) fn is_stamped(&self, rows: usize) -> bool {
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
    pub(super) fn bytes(&self, depth: u8, len: usize, stamped: bool) -> Option<BandBytes<'_>> {
        let per_byte = 8 / usize::from(depth.clamp(1, 8));
        let whole = |pixels: usize| pixels.is_multiple_of(per_byte).then_some(pixels / per_byte);
        let band_bytes = |band: &[Span]| band.iter().map(Span::len).sum::<usize>().div_ceil(per_byte) + 1;
        // (A set's still whose bands a still's coding plans already is coded as a still: its own coding is smaller
        // there but slower.)
        let planned_as_still = |band: &Vec<Span>| band_bytes(band) * self.band_rows >= PLANNED_BAND_BYTES;
        let coding = match self.coding {
            Coding::SetStill if depth != 8 || self.bands.first().is_some_and(planned_as_still) => Coding::Still,
            coding => coding,
        };
        let fewest = match coding {
            Coding::Still => PLANNED_BAND_BYTES,
            Coding::SetStill => SET_PLANNED_BAND_BYTES,
            Coding::Frames => 0,
        };
        let small = |band: &Vec<Span>| band_bytes(band) * self.band_rows < fewest;
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
        let (first_row, band_rows) = (self.first_row, self.band_rows.max(1));
        let cross = match coding {
            Coding::Still => Cross::STILL,
            Coding::SetStill => Cross::SET,
            Coding::Frames => Cross::NONE,
        };
        let whole_squares = coding != Coding::Frames && self.band_rows.is_multiple_of(per_byte);
        Some(BandBytes {
            first_row,
            band_rows,
            per_byte,
            bands,
            frames: coding == Coding::Frames,
            cross,
            whole_squares,
        })
    }
}

#[cfg(test)]
impl Bands {
    /// Whether the plan at `depth` bits, for scanlines of `len` bytes, codes its bands by
    /// [`Stamps`](super::stamps::Stamps).
    pub(crate) fn codes_by_stamps(&self, depth: u8, len: usize) -> bool {
        self.stamped_at(depth, len) && self.bytes(depth, len, true).is_some()
    }

    /// [`Bands::is_stamped`] for scanlines of `len` bytes at `depth` bits.
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
/// window, so that the search could reach little more than the band's own rows (see [`Bands::bytes`]).
const PLANNED_BAND_BYTES: usize = WINDOW / 16 * 15;

/// The fewest for a piece set's still ([`Coding::SetStill`]): a quarter of the window, so that 40-px squares are
/// coded from the tiles (a band of 8 squares at 8 bits is 40 % of the window) and 20-px ones searched, where the
/// window holds eight bands and the search finds what the tiles' codes do not (5-10 % fewer bytes).
const SET_PLANNED_BAND_BYTES: usize = WINDOW / 4;

/// Whether a PNG of squares of `square` pixels in a picture `width` pixels wide may have its bands coded from the
/// tiles: true for every picture [`Bands::bytes`] plans at any depth (its band's bytes at 8 bits are the most it
/// can have), so that the cost model knows, before the picture is drawn, whether its new tiles' codes are searched
/// (and a test whether the painters' bytes may differ); `set`: the picture shows a piece set other than cburnett
/// ([`Coding::SetStill`]).
pub(crate) fn may_code_from_tiles(square: u32, width: u32, set: bool) -> bool {
    let fewest = if set { SET_PLANNED_BAND_BYTES } else { PLANNED_BAND_BYTES };
    square as usize * (width as usize + 1) >= fewest
}

/// Whether [`Bands::bytes`] surely plans, at `depth` bits, a still's bands `width` pixels wide, of squares of
/// `square` pixels from pixel `left` on, in `len` bytes of scanlines, every tile having a code: at 8 bits, and at 4
/// where its squares start on bytes or, an even number of pixels apart, inside them in a picture the quick search
/// does not take ([`QUICK_SEARCH_ABOVE`]), a band filling [`PLANNED_BAND_BYTES`] (a piece set's coding plans from
/// fewer bytes, never from more). False elsewhere, where it may not (1 and 2 bits, a stamped picture's squares
/// inside bytes): the cost model's bound on a still's bytes searched then counts them all.
pub(crate) fn surely_planned(depth: u8, (width, left, square): (usize, usize, usize), len: usize) -> bool {
    let per_byte = match depth {
        8 => 1,
        4 => 2,
        _ => return false,
    };
    let on_bytes = left.is_multiple_of(per_byte) && square.is_multiple_of(per_byte);
    // (A copy of a tile further left is planned only a whole number of bytes back.)
    let inside_bytes = depth == 4 && square.is_multiple_of(2) && len <= QUICK_SEARCH_ABOVE;
    (on_bytes || inside_bytes) && (width.div_ceil(per_byte) + 1) * square >= PLANNED_BAND_BYTES
}

/// Pictures of more pixels than this whose bands are coded from their tiles may be coded by
/// [`Stamps`](super::stamps::Stamps): 1,024 × 1,024, above every golden and every picture whose squares start inside
/// bytes at 4 bits (at most 512 KB), where stamps would gain little.
pub(crate) const STAMPED_ABOVE_PIXELS: usize = 1 << 20;

/// Boards of more squares than this may be coded by [`Stamps`](super::stamps::Stamps): an 8×8 board shows few tiles
/// again (the start position none: its 20 tiles of pieces are 20 different ones).
pub(crate) const STAMPED_ABOVE_SQUARES: usize = 64;

/// Whether the bands of a picture `width` pixels wide and `height` high of a board of `squares` squares, if coded
/// from their tiles, may be coded by [`Stamps`](super::stamps::Stamps); the encoder adds that the tiles show again
/// ([`Bands::tiles_shown_again`]).
pub(crate) fn stamped(width: usize, height: usize, squares: usize) -> bool {
    width * height > STAMPED_ABOVE_PIXELS && squares > STAMPED_ABOVE_SQUARES
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`surely_planned`] says the encoder plans, [`Bands::bytes`] plans: bands of 1 to 16 squares of 8 to 158
    /// px (odd and even), behind margins of 0 to 3 px, each square a tile's code or a copy of one to its left, as a
    /// still and a piece set's still, at 4 and 8 bits, in pictures of two bands and of 600 KB; some at each depth.
    #[test]
    fn what_is_surely_planned_is_planned() {
        let mut planned = [0; 2];
        for square in (8..=158).step_by(5) {
            let codes: Vec<Arc<TileCodes>> =
                (0..2u8).map(|i| Arc::new(TileCodes::new(vec![i; square * square], square))).collect();
            for files in [1, 4, 8, 16] {
                let tiles: Vec<usize> = (0..files).map(|x| usize::from(x % 3 == 1)).collect();
                for left in 0..4 {
                    let width = 2 * left + files * square;
                    let band = || {
                        let squares = Span::squares(&tiles, square, |&id| Some(Arc::clone(&codes[id])));
                        [Span::Search(left)].into_iter().chain(squares).chain([Span::Search(left)]).collect()
                    };
                    for (d, depth) in [4u8, 8].into_iter().enumerate() {
                        let stride = 1 + width.div_ceil(8 / usize::from(depth));
                        for (len, coding) in
                            [(stride * (2 * square + 2 * left), Coding::Still), (600_000, Coding::SetStill)]
                        {
                            let bands = Bands {
                                first_row: left,
                                band_rows: square,
                                bands: vec![band(), band()],
                                same_above: Vec::new(),
                                coding,
                            };
                            if surely_planned(depth, (width, left, square), len) {
                                assert!(
                                    bands.bytes(depth, len, false).is_some(),
                                    "{depth} bits {files}×{square}+{left}"
                                );
                                planned[d] += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(planned[0] > 10 && planned[1] > 10, "{planned:?}");
    }
}
