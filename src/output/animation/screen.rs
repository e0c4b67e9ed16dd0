//! What a GIF's decoder shows after each frame, in palette indices: a later frame's pixels that show already are
//! left transparent ([`UNCHANGED`]), inside its changed squares too; and the palette in the order that starts most
//! later frames' codes narrowest.
//!
//! A square changes when its piece, paint or marks do, but many of its pixels often stay: the piece that moved a
//! frame before keeps its body when its square's highlight goes. Coded transparent, such a stretch is a run the
//! coder follows without reading it (a stretch of a piece's body costs LZW codes; a run of one index costs few).
//! On lila-gif's 93-frame game this takes 14 % off the later frames' bytes. The animated PNG keeps its squares
//! whole: its deflate codes a changed square from the tile's own codes, which a cut square would lose.

use super::{Animation, FrameTiles, SquareGrid, UNCHANGED};
use crate::encode::gif::{run_length, zeros, IndexSet, Span};

/// The shortest stretch already showing that a frame leaves transparent: a shorter one between changed pixels
/// costs the coder more as a run than as the indices it holds (measured on lila-gif's game: 4 saves most).
const SHORTEST: usize = 4;

/// The smallest squares whose tiles are cut against what shows: in smaller ones a row is a few words, and cutting
/// costs more than it saves (lila-gif's 93 moves at the default 45 px: 6 % fewer bytes for 10 % more CPU in V8;
/// at 90 px 7 % fewer for 9 % more, and 15 % fewer for 3–5 % more in `POST /game.gif`).
const CUT_FROM: usize = 64;

/// The canvas as a decoder shows it: in palette indices, row by row, except the squares that show a tile whole,
/// which are kept as the tile (a later frame's square is cut against the tile before it, and the pixels are put
/// only when a frame painted whole needs them); the palette's order for the GIF, and the colours each later frame
/// shows.
pub(crate) struct Screen {
    width: usize,
    indices: Vec<u8>,
    /// The squares showing a tile whole, by their place on the lattice (in rows from the top left): the tile.
    squares: Vec<Option<usize>>,
    /// The side of those squares and where their lattice starts (each edge modulo the side).
    lattice: Option<(usize, usize, usize)>,
    order: Order,
}

/// The GIF's order of an animation's palette ([`Order::of`]).
struct Order {
    /// Each index of the animation's palette, its index in the GIF's.
    order: [u8; 256],
    /// The indices each frame shows (the first: none counted).
    frames: Vec<IndexSet>,
}

/// A cell of a later frame of squares: its tile (`None`: unchanged), and what it is cut against.
type Cell<'t> = (Option<&'t [u8]>, Against<'t>);

/// A stretch of a band's row of cells: from `column` to `end` (unchanged cells, one run), or one tile's cell.
struct Item<'t> {
    column: usize,
    end: usize,
    cell: Cell<'t>,
}

/// What a tile is cut against.
#[derive(Clone, Copy)]
enum Against<'t> {
    /// The tile shown there before (the tile has no pixel of [`UNCHANGED`]).
    Tile(&'t [u8]),
    /// Nothing: the tile shown there before has none of the tile's colours, so no pixel shows already.
    Nothing,
    /// The screen's pixels; `whole`: the tile has no pixel of [`UNCHANGED`] (else it is shown on them).
    Pixels { whole: bool },
}

impl Screen {
    /// The first frame of `animation` as shown, when there are later frames, it covers the canvas (as every
    /// animation's first frame does), and there is something to cut: squares of [`CUT_FROM`] pixels or more, or a
    /// frame painted whole (else the frames are coded as they are, in the palette's order).
    pub(crate) fn new(animation: &Animation) -> Option<Screen> {
        let first = animation.frames.first().filter(|_| animation.frames.len() > 1)?;
        let (width, height) = (animation.width as usize, animation.height as usize);
        if first.rect != (0, 0, animation.width, animation.height) {
            return None;
        }
        let later = &animation.frames[1..];
        if !later.iter().any(|still| still.squares.as_ref().is_none_or(|grid| grid.side >= CUT_FROM)) {
            return None;
        }
        let (indices, order) = (animation.indices(0).into_owned(), Order::of(animation));
        (indices.len() == width * height).then_some(Screen {
            width,
            indices,
            squares: Vec::new(),
            lattice: None,
            order,
        })
    }

    /// Each index of the animation's palette, its index in the GIF's ([`crate::encode::gif::Writer::in_order`]).
    pub(crate) fn order(&self) -> &[u8; 256] {
        &self.order.order
    }

    /// The first frame's indices.
    pub(crate) fn first(&self) -> &[u8] {
        &self.indices
    }

    /// Later frame `i` of `animation` as spans handed to `code` with the indices it shows, its pixels that show
    /// already as runs of [`UNCHANGED`]; then shows it.
    pub(crate) fn with_spans<R>(
        &mut self,
        animation: &Animation,
        i: usize,
        code: impl FnOnce(&[Span<'_>], &IndexSet) -> R,
    ) -> R {
        let shows = self.order.frames.get(i).copied().unwrap_or_default();
        let Some(still) = animation.frames.get(i).filter(|_| i > 0) else { return code(&[], &shows) };
        let (x, y, w, h) = (still.rect.0 as usize, still.rect.1 as usize, still.rect.2 as usize, still.rect.3);
        let fits = x + w <= self.width && (y + h as usize) * self.width <= self.indices.len();
        let mut spans = Vec::new();
        match &still.squares {
            Some(grid) if fits && grid.ring.width == 0 => {
                self.squares_spans(grid, (x, y), &animation.tiles, &mut spans);
                code(&spans, &shows)
            }
            _ if fits => {
                self.put_squares(&animation.tiles.indices);
                let indices = animation.indices(i);
                for (row, now) in indices.chunks_exact(w.max(1)).enumerate() {
                    let at = (y + row) * self.width + x;
                    cut::<false, _>(now, &mut self.indices[at..at + now.len()], &mut spans);
                }
                code(&spans, &shows)
            }
            // (Outside the canvas: no spans, which the writer refuses.)
            _ => code(&[], &shows),
        }
    }

    /// The spans of a later frame of squares, `grid` at `(x, y)` showing `tiles`.
    fn squares_spans<'t>(
        &mut self,
        grid: &SquareGrid,
        (x, y): (usize, usize),
        tiles: &'t FrameTiles,
        spans: &mut Vec<Span<'t>>,
    ) {
        let (side, files) = (grid.side, grid.files.max(1));
        let cells: Vec<Cell<'t>> = (grid.cells.iter().enumerate())
            .map(|(cell, &id)| self.cell((x + cell % files * side, y + cell / files * side, side), id, tiles))
            .collect();
        // A band's row, once: its unchanged cells as runs (one run where they meet) and its tiles.
        let mut items: Vec<Item<'t>> = Vec::with_capacity(files);
        for (band, cells) in cells.chunks_exact(files).enumerate() {
            items.clear();
            for (column, &cell) in cells.iter().enumerate() {
                match (cell.0, items.last_mut()) {
                    (None, Some(Item { cell: (None, _), end, .. })) => *end += 1,
                    _ => items.push(Item { column, end: column + 1, cell }),
                }
            }
            for r in 0..side {
                let (row, at) = (r * side, (y + band * side + r) * self.width + x);
                for &Item { column, end, cell: (tile, against) } in &items {
                    let Some(tile) = tile else {
                        run(spans, (end - column) * side);
                        continue;
                    };
                    let (now, shown) = (&tile[row..row + side], at + column * side);
                    let pixels = &mut self.indices[shown..shown + side];
                    match against {
                        Against::Tile(before) => cut::<true, _>(now, &before[row..row + side], spans),
                        Against::Nothing => spans.push(Span::Indices(now)),
                        Against::Pixels { whole: true } => cut::<true, _>(now, &*pixels, spans),
                        Against::Pixels { whole: false } => cut::<false, _>(now, pixels, spans),
                    }
                }
            }
        }
    }

    /// The cell at `(left, top, side)` of a later frame of squares showing tile `id` of `tiles` (`None`: unchanged):
    /// a tile whole is kept as the square's from now on; a tile with pixels of [`UNCHANGED`] is cut and shown on
    /// the screen's pixels.
    fn cell<'t>(
        &mut self,
        (left, top, side): (usize, usize, usize),
        id: Option<usize>,
        FrameTiles { indices: tiles, shows: colours, .. }: &'t FrameTiles,
    ) -> Cell<'t> {
        let Some((id, tile)) = id.and_then(|id| Some((id, tiles.get(id).filter(|tile| tile.len() == side * side)?)))
        else {
            return (None, Against::Nothing);
        };
        let on = (side, left % side, top % side);
        if self.lattice.is_some_and(|lattice| lattice != on) {
            // (Squares of another lattice would overlap those kept: their pixels are put first.)
            self.put_squares(tiles);
        }
        let (columns, place) = (self.width.div_ceil(side), top / side * self.width.div_ceil(side) + left / side);
        // (A tile whose colours are not known is cut as one with pixels of UNCHANGED: against the pixels.)
        let Some(&shows) = colours.get(id).filter(|shows| !shows.contains(UNCHANGED)) else {
            if let Some(before) = self.squares.get_mut(place).and_then(Option::take) {
                self.put((left, top, side), &tiles[before]);
            }
            return (Some(tile), Against::Pixels { whole: false });
        };
        if self.lattice.is_none() {
            let rows = (self.indices.len() / self.width.max(1)).div_ceil(side);
            (self.lattice, self.squares) = (Some(on), vec![None; columns * rows]);
        }
        // (Off the lattice's room, which holds the canvas: cut against the pixels, and shown on them.)
        let Some(slot) = self.squares.get_mut(place) else { return (Some(tile), Against::Pixels { whole: false }) };
        let against = match slot.replace(id) {
            _ if side < CUT_FROM => Against::Nothing,
            Some(before) if !colours.get(before).is_some_and(|b| b.meets(&shows)) => Against::Nothing,
            Some(before) => Against::Tile(&tiles[before]),
            None => Against::Pixels { whole: true },
        };
        (Some(tile), against)
    }

    /// Puts the pixels of the squares kept as tiles on the screen.
    fn put_squares(&mut self, tiles: &[Vec<u8>]) {
        let Some((side, left, top)) = self.lattice.take() else { return };
        let (squares, columns) = (std::mem::take(&mut self.squares), self.width.div_ceil(side));
        for (place, id) in squares.into_iter().enumerate() {
            if let Some(id) = id {
                self.put((left + place % columns * side, top + place / columns * side, side), &tiles[id]);
            }
        }
    }

    /// Puts `tile`'s pixels on the square at `(left, top, side)`.
    fn put(&mut self, (left, top, side): (usize, usize, usize), tile: &[u8]) {
        for (row, pixels) in tile.chunks_exact(side).enumerate() {
            let at = (top + row) * self.width + left;
            if let Some(shown) = self.indices.get_mut(at..at + side) {
                shown.copy_from_slice(pixels);
            }
        }
    }
}

impl Order {
    /// The GIF's order of `animation`'s palette: [`UNCHANGED`] first, then the colours by how many later frames
    /// show them, most first (then by index). A frame's LZW codes start one bit wider than its largest index needs
    /// (`min_code_size` in `src/encode/gif.rs`): most later frames show a few colours that most frames show, so
    /// their codes start at 6 bits rather than 9 (on lila-gif's game, 9.7 KB fewer).
    fn of(animation: &Animation) -> Order {
        let mut frames = vec![IndexSet::default(); animation.frames.len()];
        let mut count = [0u32; 256];
        for (i, still) in animation.frames.iter().enumerate().skip(1) {
            let shows = &mut frames[i];
            match &still.squares {
                Some(grid) => {
                    let FrameTiles { indices, shows: colours, .. } = &animation.tiles;
                    for &id in grid.cells.iter().flatten() {
                        match (colours.get(id), indices.get(id)) {
                            (Some(colours), _) => shows.add(colours),
                            // (A tile whose colours are not known: read from its indices.)
                            (None, Some(tile)) => shows.add(&IndexSet::of(tile)),
                            (None, None) => {}
                        }
                    }
                }
                None => *shows = IndexSet::of(&animation.indices(i)),
            }
            // (Every later frame may leave pixels as they show.)
            shows.insert(UNCHANGED);
            for (index, count) in count.iter_mut().enumerate() {
                *count += u32::from(shows.contains(index as u8));
            }
        }
        let mut by_use: Vec<u8> = (0..=255).collect();
        by_use.sort_by_key(|&i| (i != UNCHANGED, std::cmp::Reverse(count[usize::from(i)]), i));
        let mut order = [0u8; 256];
        for (new, &old) in by_use.iter().enumerate() {
            order[usize::from(old)] = new as u8;
        }
        Order { order, frames }
    }
}

/// Adds `len` pixels of [`UNCHANGED`] to `spans`, one run with the run before if it is one.
fn run(spans: &mut Vec<Span<'_>>, len: usize) {
    match spans.last_mut() {
        Some(Span::Run(UNCHANGED, n)) => *n += len,
        _ => spans.push(Span::Run(UNCHANGED, len)),
    }
}

/// Adds a row of a frame, `now`, to `spans` over the row it covers, `shown`: its stretches of at least
/// [`SHORTEST`] pixels that show already become runs of [`UNCHANGED`] (a pixel of [`UNCHANGED`] in `now` shows
/// already), except their first pixels that go on the run of one index before them, which the coder follows at no
/// cost. `WHOLE`: `now` has no [`UNCHANGED`]. Eight pixels at a time.
fn cut<'a, const WHOLE: bool, S: Shown>(now: &'a [u8], mut shown: S, spans: &mut Vec<Span<'a>>) {
    let n = now.len().min(shown.pixels().len());
    let now = &now[..n];
    let (mut from, mut x) = (0, 0);
    loop {
        x += leading::<WHOLE>(&now[x..], &shown.pixels()[x..n], false);
        if x >= n {
            break;
        }
        let end = x + leading::<WHOLE>(&now[x..], &shown.pixels()[x..n], true);
        let kept = if x > from { x + run_length(&now[x..end], now[x - 1]) } else { x };
        if end - kept >= SHORTEST {
            push(spans, &now[from..kept], &mut shown, from);
            run(spans, end - kept);
            from = end;
        }
        x = end;
    }
    push(spans, &now[from..], &mut shown, from);
}

/// What a row is cut against: the screen's pixels, which then show it, or a tile's row, which does not change.
trait Shown {
    fn pixels(&self) -> &[u8];
    /// Shows `now` from pixel `at` (the stretches of a row coded as they are: what shows already needs nothing).
    fn show(&mut self, at: usize, now: &[u8]);
}

impl Shown for &[u8] {
    fn pixels(&self) -> &[u8] {
        self
    }

    fn show(&mut self, _: usize, _: &[u8]) {}
}

impl Shown for &mut [u8] {
    fn pixels(&self) -> &[u8] {
        self
    }

    fn show(&mut self, at: usize, now: &[u8]) {
        show(now, &mut self[at..at + now.len()]);
    }
}

/// Adds `now` (from pixel `at` of the row) to `spans` as it is, if any, and shows it on `shown`.
fn push<'a, S: Shown>(spans: &mut Vec<Span<'a>>, now: &'a [u8], shown: &mut S, at: usize) {
    if !now.is_empty() {
        spans.push(Span::Indices(now));
        shown.show(at, now);
    }
}

/// Shows `now` on `shown`, but for its pixels of [`UNCHANGED`].
fn show(now: &[u8], shown: &mut [u8]) {
    let (mut words, mut onto) = (now.chunks_exact(8), shown.chunks_exact_mut(8));
    for (now, shown) in (&mut words).zip(&mut onto) {
        let v = u64::from_le_bytes(now.try_into().unwrap());
        if v == 0 {
            // (Eight pixels of UNCHANGED: most of a frame painted whole.)
            continue;
        }
        let was = u64::from_le_bytes((&*shown).try_into().unwrap());
        // 0xff in the bytes of `now` that are UNCHANGED (0), which keep what shows.
        let keep = (!nonzero(v) >> 7 & ONES) * 0xff;
        shown.copy_from_slice(&((was & keep) | (v & !keep)).to_le_bytes());
    }
    for (&now, shown) in words.remainder().iter().zip(onto.into_remainder()) {
        if now != UNCHANGED {
            *shown = now;
        }
    }
}

/// A byte of ones (in each of eight).
const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte of `v` that is not 0.
fn nonzero(v: u64) -> u64 {
    ((v & !(ONES << 7)).wrapping_add(!(ONES << 7)) | v) & (ONES << 7)
}

/// How many of the first pixels of `now` show already on `shown` (`same`: equal, or [`UNCHANGED`] in `now`), or
/// how many do not, eight at a time.
fn leading<const WHOLE: bool>(now: &[u8], shown: &[u8], same: bool) -> usize {
    let mut n = 0;
    if !WHOLE && same {
        // (Thirty-two pixels of UNCHANGED at a time: most of a frame painted whole.)
        n = zeros(now);
    }
    for (a, b) in now[n..].chunks_exact(8).zip(shown[n..].chunks_exact(8)) {
        let a = u64::from_le_bytes(a.try_into().unwrap());
        if !WHOLE && a == 0 {
            // (Eight pixels of UNCHANGED: most of a frame painted whole.)
            if !same {
                return n;
            }
            n += 8;
            continue;
        }
        let b = u64::from_le_bytes(b.try_into().unwrap());
        let differ = if WHOLE { nonzero(a ^ b) } else { nonzero(a ^ b) & nonzero(a) };
        let stop = if same { differ } else { !differ & (ONES << 7) };
        if stop != 0 {
            return n + (stop.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    let rest = now[n.min(now.len())..].iter().zip(&shown[n.min(shown.len())..]);
    n + rest.take_while(|&(&a, &b)| (a == b || a == UNCHANGED) == same).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut_of(now: &[u8], shown: &[u8]) -> (Vec<Span<'static>>, Vec<u8>) {
        let now: &'static [u8] = Box::leak(now.to_vec().into_boxed_slice());
        let mut shown = shown.to_vec();
        let mut spans = Vec::new();
        match now.contains(&UNCHANGED) {
            true => cut::<false, _>(now, &mut shown[..], &mut spans),
            false => cut::<true, _>(now, &mut shown[..], &mut spans),
        }
        (spans, shown)
    }

    #[test]
    fn a_stretch_that_shows_already_is_a_run_and_a_short_one_stays() {
        // Pixels 2..8 show already (six): a run; 10..12 (two) stay as they are.
        let (spans, shown) = cut_of(&[5, 6, 7, 7, 7, 7, 7, 7, 8, 9, 3, 3, 4], &[1, 1, 7, 7, 7, 7, 7, 7, 1, 1, 3, 3, 1]);
        assert_eq!(spans, [Span::Indices(&[5, 6][..]), Span::Run(UNCHANGED, 6), Span::Indices(&[8, 9, 3, 3, 4][..])]);
        assert_eq!(shown, [5, 6, 7, 7, 7, 7, 7, 7, 8, 9, 3, 3, 4]);
    }

    #[test]
    fn a_stretch_going_on_the_run_before_keeps_its_first_pixels() {
        // 3 3 shows already and goes on the 3 before it: kept; the 4 pixels after it are a run.
        let (spans, _) = cut_of(&[2, 3, 3, 3, 9, 9, 9, 9], &[1, 1, 3, 3, 9, 9, 9, 9]);
        assert_eq!(spans, [Span::Indices(&[2, 3, 3, 3][..]), Span::Run(UNCHANGED, 4)]);
    }

    #[test]
    fn transparent_pixels_show_what_is_there() {
        let (spans, shown) = cut_of(&[0, 0, 0, 0, 0, 4], &[1, 2, 3, 4, 5, 6]);
        assert_eq!(spans, [Span::Run(UNCHANGED, 5), Span::Indices(&[4][..])]);
        assert_eq!(shown, [1, 2, 3, 4, 5, 4]);
    }

    #[test]
    fn rows_longer_than_a_word_are_cut_where_the_bytewise_rule_cuts() {
        // Against a plain pixel-by-pixel reading of the rule, on rows of every length up to 40 with stretches
        // of every kind.
        let mut state = 7u32;
        for len in 1..40 {
            for _ in 0..50 {
                let mut next = || {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    state
                };
                let shown: Vec<u8> = (0..len).map(|_| (next() % 3 + 1) as u8).collect();
                let now: Vec<u8> =
                    shown.iter().map(|&p| if next() % 4 == 0 { (next() % 4) as u8 } else { p }).collect();
                let (spans, after) = cut_of(&now, &shown);
                let made: Vec<u8> = (spans.iter())
                    .flat_map(|span| match *span {
                        Span::Run(index, n) => vec![index; n],
                        Span::Indices(indices) => indices.to_vec(),
                    })
                    .collect();
                assert_eq!(made.len(), len);
                for (k, (&made, (&now, &shown))) in made.iter().zip(now.iter().zip(&shown)).enumerate() {
                    assert!(made == now || (made == UNCHANGED && now == shown), "{len} {k}: {now} {shown} {made}");
                    assert_eq!(after[k], if now == UNCHANGED { shown } else { now });
                }
                // Every stretch made transparent is one that showed, at least SHORTEST long unless `now` had it.
                let mut x = 0;
                for span in &spans {
                    match *span {
                        Span::Run(_, n) => {
                            let kept = now[x..x + n].iter().all(|&p| p == UNCHANGED);
                            assert!(n >= SHORTEST || kept, "{len}: {spans:?}");
                            x += n;
                        }
                        Span::Indices(indices) => x += indices.len(),
                    }
                }
            }
        }
    }
}
