//! lila-gif's animated game (`POST /game.gif`, docs/animation.md): frames of ready positions, each with its last
//! move, its check and its delay, drawn as lila-gif lays them out — 90-px squares, no frame, the players' names in
//! bars above and below the board, coordinates inside the squares of the bottom rank and the right file — on one
//! palette, each frame after the first cut to the squares that changed.
//!
//! The board's frames are [`animation::animate_shots`]'s, cut out of its framed picture; the bars and the
//! coordinates are put onto them here, in palette indices, so the board is drawn exactly as every other animation.

use crate::draw::badge;
use crate::draw::layout::Layout;
use crate::draw::raster::quantize;
use crate::draw::scene::Scene;
use crate::draw::sprite;
use crate::draw::text::{self, Coverage};
use crate::encode::deflate::frames::{SquareFrame, UNCHANGED_BYTE};
use crate::encode::gif::IndexSet;
use crate::notation::board::{Board, Cell};
use crate::notation::paint;
use crate::notation::pgn::Glyph;
use crate::options::furniture::{LastMoveStyle, Move, SquareName};
use crate::options::piece_set::PieceSet;
use crate::options::render_options::{RenderOptions, SquareSize};
use crate::output::animation::replay::{self, Replay};
use crate::output::animation::{self, Animation, AnimationError, Shot, Still};
use crate::output::cost::{self, RenderCost};
use crate::output::format::{self, WriteError};
use crate::pixels::Rgb;
use crate::work::Work;
use std::borrow::Cow;

/// lila-gif's square, in pixels.
pub const SQUARE: u32 = 90;
/// The board's side: eight squares.
pub const BOARD: u32 = 8 * SQUARE;
/// The height of a name's bar, as lila-gif's.
pub const BAR: u32 = 60;

/// lila-gif's bar colour and the inks of its names: the name, a title (`GM `, …) and `BOT `.
const BAR_COLOUR: Rgb = Rgb(0x26, 0x24, 0x21);
const NAME_INK: Rgb = Rgb(0xba, 0xba, 0xba);
const TITLE_INK: Rgb = Rgb(0xbf, 0x81, 0x1d);
const BOT_INK: Rgb = Rgb(0xb7, 0x2f, 0xc6);

/// The titles lila-gif writes in its title colour when a name starts with one and a space.
const TITLES: [&str; 11] = ["GM", "WGM", "IM", "WIM", "FM", "WFM", "NM", "CM", "WCM", "WNM", "LM"];

/// Font sizes (em, px) and pen positions matching lila-gif's Noto Sans at its scales (30 px for coordinates, 40
/// for names, each ascent to descent: an em of 22 and 29.4 px): a name's pen 10 px from the bar's left and its
/// baseline 41 px from its top; a file letter 5 px from its square's left, its baseline 6 px above the square's
/// bottom; a rank number 15 px from its square's right, its baseline 24 px below its top.
const NAME_PX: f32 = 29.4;
const NAME_PEN: (i64, i64) = (10, 41);
const LABEL_PX: f32 = 22.0;
const FILE_PEN: (i64, i64) = (5, 84);
const RANK_PEN: (i64, i64) = (75, 24);

/// One frame of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFrame {
    /// The position, 8×8.
    pub board: Board,
    /// The last move's squares, highlighted in lichess' colour.
    pub last: Option<Move>,
    /// The square of a king in check, under the red glow.
    pub check: Option<SquareName>,
    /// How long it shows, in hundredths of a second.
    pub delay: u16,
    /// The move's glyph, drawn as lichess does: a badge on the moved piece's square.
    pub glyph: Option<Glyph>,
}

impl GameFrame {
    /// The glyph as drawn: as lila-gif, only on a frame with a last move whose square holds a piece.
    pub fn drawn_glyph(&self) -> Option<Glyph> {
        let to = self.last?.to;
        let piece = matches!(self.board.get(to.file(), 8 - to.rank().min(8)), Some(Cell::Piece(_)));
        self.glyph.filter(|_| piece)
    }
}

/// The squares that carry coordinates, (column, row) from the top left, in the order they are painted: the bottom
/// row's letters, then the right column's numbers.
fn edge_squares() -> impl Iterator<Item = (u32, u32)> {
    (0..8).map(|d| (d, 7)).chain((0..7).map(|d| (7, d)))
}

/// Whether a frame at `rect` (left, top, width, height in the picture) covers the whole square whose top left pixel
/// is (`sx`, `sy`).
fn covers(rect: (u32, u32, u32, u32), (sx, sy): (u32, u32)) -> bool {
    sx >= rect.0 && sy >= rect.1 && sx + SQUARE <= rect.0 + rect.2 && sy + SQUARE <= rect.1 + rect.3
}

/// A game as lila-gif draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The frames, at least one.
    pub frames: Vec<GameFrame>,
    /// The names of the top and the bottom bar; `None`: no bars (the picture is the board).
    pub bars: Option<[String; 2]>,
    /// Black at the bottom.
    pub flip: bool,
    /// Coordinates inside the squares.
    pub coordinates: bool,
    /// The light and the dark squares' colours.
    pub colours: (Rgb, Rgb),
    /// The GIF's comment (none when empty).
    pub comment: String,
    /// What reading its moves cost, in microseconds: a PGN's (`cost::reading_micros`), 0 for ready frames.
    pub reading_micros: u64,
    /// The set the pieces are drawn from.
    pub piece: PieceSet,
}

impl Game {
    /// The options the board is drawn with: lila-gif's square, the theme's colours, lichess' last move, the flip.
    pub fn options(&self) -> RenderOptions {
        let mut options = RenderOptions {
            size: SquareSize::new(SQUARE).unwrap_or(SquareSize::DEFAULT),
            flip: self.flip,
            light: Some(paint::Paint::Solid(self.colours.0)),
            dark: Some(paint::Paint::Solid(self.colours.1)),
            piece: self.piece,
            ..RenderOptions::default()
        };
        options.furniture.last_move_style = LastMoveStyle::Lichess;
        options
    }

    /// The picture's width and height: the board, and the bars if any.
    pub fn size(&self) -> (u32, u32) {
        (BOARD, BOARD + if self.bars.is_some() { 2 * BAR } else { 0 })
    }

    /// Where the board's top is in the picture.
    fn top(&self) -> u32 {
        BAR * u32::from(self.bars.is_some())
    }

    /// The predicted CPU of [`Game::write`], as [`crate::animation_cost`] predicts an animation: the first frame as
    /// a still of the first position, then each frame's rectangle around the squares that differ from the frame
    /// before (pieces, last move, check), the names' characters and the coordinates.
    pub fn cost(&self) -> RenderCost {
        let areas: Vec<u64> = self.frames.windows(2).map(|pair| changed_area(&pair[0], &pair[1])).collect();
        let chars = self.bars.iter().flatten().map(|name| name.chars().count()).sum::<usize>();
        let first = self.frames.first().map(|f| &f.board);
        let options = self.options();
        let rebuilt =
            self.frames.windows(2).filter(|pair| cost::builds_whole(&options, &pair[0].board, &pair[1].board));
        let frames = (&areas[..], rebuilt.count() as u64);
        let cost = cost::frames_cost(first, &options, self.size(), chars + 16 * usize::from(self.coordinates), frames);
        let cost = RenderCost { micros: cost.micros + self.reading_micros, ..cost };
        cost.with_new_sprites(self.new_sprites(&options))
    }

    /// The sprites the isolate has not drawn yet that the frames show ([`cost::new_sprites`]), and the tiles
    /// ([`replay::new_tiles`]).
    fn new_sprites(&self, options: &RenderOptions) -> Work {
        let tiles = replay::new_tiles(Replay { shots: &self.shots(), key: None }, options);
        sprite::predicted_work(&self.sprite_keys(options)).plus(tiles.work)
    }

    /// Draws what `budget` microseconds allow of the sprites and tiles the isolate has not drawn yet
    /// ([`crate::output::cost::TooCostly::for_new_sprites`]), the sprites first: a refusal for them is then
    /// temporary. Returns how many were drawn.
    pub fn draw_new_sprites(&self, budget: u64) -> u64 {
        let options = self.options();
        cost::draw_within(
            &self.sprite_keys(&options),
            || replay::new_tiles(Replay { shots: &self.shots(), key: None }, &options),
            budget,
        )
    }

    /// The sprites the frames show: the first frame's, then each later frame's on the squares where it differs
    /// from the one before.
    fn sprite_keys(&self, options: &RenderOptions) -> Vec<sprite::Key> {
        let Some(first) = self.frames.first() else { return Vec::new() };
        let mut keys = Scene::sprite_keys(&first.board, options, None);
        for pair in self.frames.windows(2) {
            let (before, after) = (&pair[0].board, &pair[1].board);
            let at: Vec<(usize, usize)> = (0..after.height())
                .flat_map(|y| (0..after.width()).map(move |x| (x, y)))
                .filter(|&(x, y)| before.get(x, y) != after.get(x, y))
                .collect();
            keys.extend(Scene::sprite_keys(after, options, Some(&at)));
        }
        keys
    }

    /// The board's shots, a frame each.
    fn shots(&self) -> Vec<Shot<'_>> {
        (self.frames.iter())
            .map(|f| Shot {
                board: &f.board,
                last: f.last,
                check: f.check,
                delay_ms: u32::from(f.delay) * 10,
                glyph: None,
            })
            .collect()
    }

    /// The GIF: the board's animation, its frames cut out of the framed picture and put between the bars, with the
    /// coordinates on the squares that carry them and the comment. An `Err` is a palette that cannot hold the
    /// frames (`400`), or the encoder refusing them (internal).
    pub fn write(&self) -> Result<Vec<u8>, WriteError> {
        let options = self.options();
        let board = animation::animate_shots(&self.shots(), &options)?;
        let origin = self.frames.first().map_or((0, 0), |f| {
            let layout = Layout::requested(&f.board, &options);
            (layout.board_x, layout.board_y)
        });
        let (width, height) = self.size();
        let palette = board.palette.clone();
        let mut game = Animation {
            width,
            height,
            palette,
            unchanged: board.unchanged,
            frames: Vec::new(),
            tiles: Default::default(),
        };
        // The board as shown so far, in indices: where a later frame's pixels stay as they were (`unchanged`), a
        // coordinate's square keeps its colour from here.
        let mut shown = Shown { corners: [0; 64], unchanged: board.unchanged };
        // The game's frame each of the board's frames shows (a frame that changes nothing joins the one before).
        let shown_frames: Vec<&GameFrame> = (self.frames.iter().enumerate())
            .filter(|&(i, f)| {
                i == 0
                    || (&f.board, f.last, f.check)
                        != (&self.frames[i - 1].board, self.frames[i - 1].last, self.frames[i - 1].check)
            })
            .map(|(_, f)| f)
            .collect();
        let badges = shown_frames.len() == board.frames.len();
        // The squares painted with their coordinates, shown by frames kept as squares: after the board's tiles.
        let mut painted = Vec::new();
        for (i, still) in board.frames.iter().enumerate() {
            let badge = shown_frames.get(i).filter(|_| badges);
            let plain = badge.and_then(|frame| frame.drawn_glyph()).is_none();
            let (kept_as, paint) = ((&board, i), (&mut game.palette, &mut painted));
            if let Some(kept) = self.squares_as_they_are(kept_as, (plain, origin), &mut shown, paint)? {
                game.frames.push(kept);
                continue;
            }
            let mut still = self.frame(&mut game.palette, (still, board.indices(i)), (i == 0, origin), &mut shown)?;
            if let Some(frame) = badge {
                self.badge(&mut game.palette, &mut still, frame, board.unchanged)?;
            }
            game.frames.push(still);
        }
        // (The frames kept as squares show the board's tiles and the painted ones.)
        game.tiles = board.tiles;
        for (pixels, shows) in painted {
            game.tiles.indices.push(pixels);
            game.tiles.shows.push(shows);
        }
        game.tiles.codes.resize(game.tiles.indices.len(), None);
        Ok(with_comment(format::write_gif(&game)?, &self.comment))
    }

    /// The board's later frame `i` moved under the top bar, its squares kept (the GIF codes its unchanged squares
    /// as runs, without putting its indices together), where it is inside the board (whose squares start at
    /// `origin`) and `plain` (no badge). `shown` then takes its squares' corners; the squares it covers that carry
    /// coordinates are painted with them into new tiles (`painted`, after the board's), as [`Game::frame`] paints
    /// them, square by square in the same order, so that the palette meets their colours in the same order.
    fn squares_as_they_are(
        &self,
        (board, i): (&Animation, usize),
        (plain, origin): (bool, (u32, u32)),
        shown: &mut Shown,
        (palette, painted): (&mut Vec<Rgb>, &mut Vec<(Vec<u8>, IndexSet)>),
    ) -> Result<Option<Still>, AnimationError> {
        let Some(still) = board.frames.get(i).filter(|_| i > 0 && plain) else { return Ok(None) };
        let side = SQUARE as usize;
        let (Some(squares), Some(mut grid)) = (board.squares(i), still.squares.clone()) else { return Ok(None) };
        let (x, y, w, h) = still.rect;
        let inside = x >= origin.0 && y >= origin.1 && x + w <= origin.0 + BOARD && y + h <= origin.1 + BOARD;
        let (left, upper) = (x.wrapping_sub(origin.0), y.wrapping_sub(origin.1));
        if squares.side != side || !inside || left % SQUARE != 0 || upper % SQUARE != 0 {
            return Ok(None);
        }
        shown.put_squares((upper, left), &squares, &board.tiles.indices);
        let rect = (left, upper + self.top(), w, h);
        for (column, row) in edge_squares().filter(|_| self.coordinates) {
            let (sx, sy) = (column * SQUARE, self.top() + row * SQUARE);
            if !covers(rect, (sx, sy)) {
                continue;
            }
            let cell = ((sy - rect.1) / SQUARE * (rect.2 / SQUARE) + (sx - rect.0) / SQUARE) as usize;
            let id = squares.cells.get(cell).copied().flatten();
            let tile = id.and_then(|id| board.tiles.indices.get(id)).filter(|tile| tile.len() == side * side);
            let mut pixels = tile.cloned().unwrap_or_else(|| vec![UNCHANGED_BYTE; side * side]);
            // The indices it shows: its tile's (or the unchanged pixels') and the labels'.
            let known = id.and_then(|id| board.tiles.shows.get(id).copied()).filter(|_| tile.is_some());
            let mut shows = known.unwrap_or_else(|| IndexSet::of(&pixels));
            let (unchanged, labels) = (shown.unchanged, IndexSet::default());
            let mut paint = Paint { palette: &mut *palette, out: &mut pixels, width: SQUARE, unchanged, shows: labels };
            self.coordinates(&mut paint, (sx, sy, SQUARE, SQUARE), shown)?;
            shows.add(&paint.shows);
            grid.show(cell, board.tiles.indices.len() + painted.len());
            painted.push((pixels, shows));
        }
        let (delay_ms, squares) = (still.delay_ms, Some(grid));
        Ok(Some(Still { rect, indices: Vec::new(), delay_ms, plan: None, squares, first: None }))
    }

    /// A frame of the board's animation (whose squares start at `origin` in its picture) in the game's picture,
    /// its colours added to `palette`: the `first` the whole picture with its bars, the others their rectangle
    /// moved under the top bar. `shown` is the board as shown before it, and after it on return.
    fn frame(
        &self,
        palette: &mut Vec<Rgb>,
        (still, indices): (&Still, Cow<'_, [u8]>),
        (first, origin): (bool, (u32, u32)),
        shown: &mut Shown,
    ) -> Result<Still, AnimationError> {
        let top = self.top();
        let (x, y, w, h) = still.rect;
        // The board's part of the rectangle (the frame around it never changes).
        let (left, upper) = (x.max(origin.0), y.max(origin.1));
        let (right, lower) = ((x + w).clamp(left, origin.0 + BOARD), (y + h).clamp(upper, origin.1 + BOARD));
        let (width, height) = self.size();
        let rect = match first {
            true => (0, 0, width, height),
            false => (left - origin.0, upper - origin.1 + top, right - left, lower - upper),
        };
        // A later frame inside the board is the board's frame as it is (most are: the board has no frame).
        let whole = !first && (x, y, w, h) == (left, upper, right - left, lower - upper);
        let span = (right - left) as usize;
        for row in upper..lower {
            let from = ((row - y) * w + left - x) as usize;
            shown.put((row - origin.1, left - origin.0), &indices[from..from + span], first);
        }
        let mut out = match whole {
            true => indices.into_owned(),
            false => {
                let mut out = vec![0u8; (rect.2 * rect.3) as usize];
                for row in upper..lower {
                    let from = ((row - y) * w + left - x) as usize;
                    let to = ((row - origin.1 + top - rect.1) * rect.2 + left - origin.0 - rect.0) as usize;
                    out[to..to + span].copy_from_slice(&indices[from..from + span]);
                }
                out
            }
        };
        let mut paint =
            Paint { palette, out: &mut out, width: rect.2, unchanged: shown.unchanged, shows: IndexSet::default() };
        if let (true, Some([upper_name, lower_name])) = (first, &self.bars) {
            paint.bar(0, upper_name)?;
            paint.bar(BAR + BOARD, lower_name)?;
        }
        if self.coordinates {
            self.coordinates(&mut paint, rect, shown)?;
        }
        Ok(Still { rect, indices: out, delay_ms: still.delay_ms, plan: None, squares: None, first: None })
    }

    /// `frame`'s glyph as lila-gif draws it, on `still` (a frame of the picture): the badge on the square its move
    /// reached, if a piece stands there and the frame covers it.
    fn badge(
        &self,
        palette: &mut Vec<Rgb>,
        still: &mut Still,
        frame: &GameFrame,
        unchanged: Option<u8>,
    ) -> Result<(), AnimationError> {
        let (Some(glyph), Some(last)) = (frame.drawn_glyph(), frame.last) else { return Ok(()) };
        let (file, rank) = (last.to.file(), last.to.rank());
        let (column, row) = if self.flip { (7 - file, rank - 1) } else { (file, 8 - rank) };
        let (sx, sy) = (column as u32 * SQUARE, self.top() + row as u32 * SQUARE);
        let rect = still.rect;
        if !covers(rect, (sx, sy)) {
            return Ok(());
        }
        let (fx, fy) = (sx - rect.0, sy - rect.1);
        let mut paint =
            Paint { palette, out: &mut still.indices, width: rect.2, unchanged, shows: IndexSet::default() };
        // The disc's colour first, then the glyph's four (where it has ink), as the palette has always met them.
        let pixels = badge::pixels(glyph, SQUARE);
        let colours = badge::colours(glyph);
        let mut indices = [paint.index(colours[0])?; 5];
        if pixels.iter().any(|&k| k.is_some_and(|k| k > 0)) {
            for (index, &colour) in indices.iter_mut().zip(&colours).skip(1) {
                *index = paint.index(colour)?;
            }
        }
        for (row, line) in pixels.chunks_exact(SQUARE as usize).enumerate() {
            let from = ((fy + row as u32) * rect.2 + fx) as usize;
            for (pixel, &k) in paint.out[from..from + SQUARE as usize].iter_mut().zip(line) {
                if let Some(k) = k {
                    *pixel = indices[usize::from(k)];
                }
            }
        }
        Ok(())
    }

    /// The coordinates on the squares of `rect` (the frame's place in the picture) that carry them: the file
    /// letters on the bottom row, the rank numbers on the right column, as lila-gif writes them, each in the other
    /// squares' colour (lila-gif's light-to-dark gradient), lit by the last move's highlight where its square is.
    fn coordinates(
        &self,
        paint: &mut Paint<'_>,
        rect: (u32, u32, u32, u32),
        shown: &Shown,
    ) -> Result<(), AnimationError> {
        let (tint, alpha) = LastMoveStyle::Lichess.paint();
        for (column, row) in edge_squares() {
            let (sx, sy) = (column * SQUARE, self.top() + row * SQUARE);
            if !covers(rect, (sx, sy)) {
                continue;
            }
            let (fx, fy) = (sx - rect.0, sy - rect.1);
            let (file, rank) = if self.flip { (7 - column, row + 1) } else { (column, 8 - row) };
            let (light, dark) = self.colours;
            let (plain, other) = if (file + rank) % 2 == 1 { (dark, light) } else { (light, dark) };
            // The square's own colour from its corner as shown, which no piece or glow reaches: lit by the last move
            // or not. Its coordinate is written again in every frame that covers it (the same pixels where the
            // square did not change).
            let corner = shown.corners[(row * 8 + column) as usize];
            let own = paint.palette[usize::from(corner)];
            let ink = if own == plain { other } else { mix(other, tint, alpha) };
            let clip = (fx, fy, fx + SQUARE, fy + SQUARE);
            let at = |pen: (i64, i64)| (i64::from(fx) + pen.0, i64::from(fy) + pen.1);
            // The sixteen labels are kept in the labels' cache, drawn again in every frame that covers them.
            if row == 7 {
                let letter = text::rasterize_cached(&char::from(b'a' + file as u8).to_string(), LABEL_PX);
                paint.text(clip, letter.as_deref(), (own, ink), at(FILE_PEN))?;
            }
            if column == 7 {
                let number = text::rasterize_cached(&rank.to_string(), LABEL_PX);
                paint.text(clip, number.as_deref(), (own, ink), at(RANK_PEN))?;
            }
        }
        Ok(())
    }
}

/// The area of the rectangle around the squares that differ between two frames: their pieces, or whether the last
/// move or the check marks them.
fn changed_area(before: &GameFrame, after: &GameFrame) -> u64 {
    let marks = |f: &GameFrame, square: Option<SquareName>| {
        (f.last.is_some_and(|m| square == Some(m.from) || square == Some(m.to)), f.check.is_some() && f.check == square)
    };
    let (mut xs, mut ys) = ((8, 0), (8, 0));
    for (i, (a, b)) in before.board.cells().iter().zip(after.board.cells()).enumerate() {
        let (x, y) = (i % 8, i / 8);
        let square = SquareName::new(x, 8 - y);
        if a != b || marks(before, square) != marks(after, square) {
            (xs, ys) = ((xs.0.min(x), xs.1.max(x + 1)), (ys.0.min(y), ys.1.max(y + 1)));
        }
    }
    (xs.1.saturating_sub(xs.0) * ys.1.saturating_sub(ys.0)) as u64 * u64::from(SQUARE * SQUARE)
}

/// Where a frame's bars and coordinates go: its indices, `width` a row, on the palette grown as they need.
struct Paint<'a> {
    palette: &'a mut Vec<Rgb>,
    out: &'a mut [u8],
    width: u32,
    /// The unchanged pixels' entry of the palette, if any: never a colour drawn here.
    unchanged: Option<u8>,
    /// The indices of the colours it was asked for.
    shows: IndexSet,
}

/// The board as shown after the frames so far: the palette index of each square's top left pixel (its own colour,
/// lit by the last move or not, which no piece or glow reaches), the squares in rows from the top.
struct Shown {
    corners: [u8; 64],
    /// The index of a later frame's pixel that stays as it was, if any.
    unchanged: Option<u8>,
}

impl Shown {
    /// A later frame's `squares` from board pixel (`y`, `x`) (a square's corner), `tiles` their indices: each
    /// changed square's corner.
    fn put_squares(&mut self, (y, x): (u32, u32), squares: &SquareFrame<'_>, tiles: &[Vec<u8>]) {
        let files = squares.files.max(1);
        for (i, cell) in squares.cells.iter().enumerate().take(squares.cells.len() / files * files) {
            let (row, column) = (y / SQUARE + (i / files) as u32, x / SQUARE + (i % files) as u32);
            let corner = cell.and_then(|id| tiles.get(id)?.first().copied());
            if let (Some(corner), true) = (corner, row < 8 && column < 8) {
                self.corners[(row * 8 + column) as usize] = corner;
            }
        }
    }

    /// A row of the board's pixels, `indices` from board pixel (`y`, `x`): every one in the `first` frame, the
    /// others where they change. Only a row of the squares' top edges holds corners.
    fn put(&mut self, (y, x): (u32, u32), indices: &[u8], first: bool) {
        if y % SQUARE != 0 {
            return;
        }
        let unchanged = self.unchanged.filter(|_| !first);
        for column in x.div_ceil(SQUARE)..8 {
            let Some(&index) = indices.get((column * SQUARE - x) as usize) else { break };
            if Some(index) != unchanged {
                self.corners[(y / SQUARE * 8 + column) as usize] = index;
            }
        }
    }
}

impl Paint<'_> {
    /// The index of `rgb`, added to the palette the first time.
    fn index(&mut self, rgb: Rgb) -> Result<u8, AnimationError> {
        let colour = |(i, &c): (usize, &Rgb)| c == rgb && Some(i as u8) != self.unchanged;
        let i = match self.palette.iter().enumerate().position(colour) {
            Some(i) => i as u8,
            None => {
                let i = u8::try_from(self.palette.len()).map_err(|_| AnimationError::TooManyColours)?;
                self.palette.push(rgb);
                i
            }
        };
        self.shows.insert(i);
        Ok(i)
    }

    /// A name's bar, `top` pixels down the picture: the bar's colour, the name in its ink (a title or `BOT ` before
    /// it in theirs), cut at the picture's right edge.
    fn bar(&mut self, top: u32, name: &str) -> Result<(), AnimationError> {
        let fill = self.index(BAR_COLOUR)?;
        self.out[(top * BOARD) as usize..((top + BAR) * BOARD) as usize].fill(fill);
        let first = name.split(' ').next().unwrap_or("");
        let marked = name.len() > first.len();
        let ink = match first {
            "BOT" if marked => BOT_INK,
            _ if marked && TITLES.contains(&first) => TITLE_INK,
            _ => NAME_INK,
        };
        crate::work::count(crate::work::Unit::Glyph, name.chars().count() as u64);
        // The rest of the name where the whole name's layout puts it (its kerning kept).
        let rest_pen = text::pen_positions(name, NAME_PX).get(first.chars().count()).map_or(0, |&(_, x)| x);
        let clip = (0, top, BOARD, top + BAR);
        let baseline = i64::from(top) + NAME_PEN.1;
        // A name is drawn once a game: not kept in the labels' cache.
        self.text(clip, text::rasterize(first, NAME_PX).as_ref(), (BAR_COLOUR, ink), (NAME_PEN.0, baseline))?;
        let pen = (NAME_PEN.0 + i64::from(rest_pen), baseline);
        let rest = text::rasterize(&name[first.len()..], NAME_PX);
        self.text(clip, rest.as_ref(), (BAR_COLOUR, NAME_INK), pen)
    }

    /// A text's `coverage` with its pen at `pen`, each pixel inside `clip` (left, top, right, bottom) its
    /// coverage's share of the way from `paper` to `ink`; the coverage is rounded to the sprites' five levels, so it
    /// adds at most four colours.
    fn text(
        &mut self,
        (left, top, right, bottom): (u32, u32, u32, u32),
        coverage: Option<&Coverage>,
        (paper, ink): (Rgb, Rgb),
        pen: (i64, i64),
    ) -> Result<(), AnimationError> {
        let Some(coverage) = coverage else { return Ok(()) };
        let mut levels = [0u8; 5];
        for (k, level) in levels.iter_mut().enumerate().skip(1) {
            *level = self.index(mix(paper, ink, quantize((k * 64).min(255) as u8)))?;
        }
        let (x0, y0) = (pen.0 + i64::from(coverage.left), pen.1 + i64::from(coverage.top));
        let mask_width = coverage.mask.width.max(1);
        // The mask's columns inside the clip, the same on every row.
        let columns = (i64::from(left) - x0).clamp(0, mask_width as i64) as usize
            ..(i64::from(right) - x0).clamp(0, mask_width as i64) as usize;
        for (dy, row) in coverage.mask.data.chunks_exact(mask_width).enumerate() {
            let y = y0 + dy as i64;
            if !(i64::from(top)..i64::from(bottom)).contains(&y) || columns.is_empty() {
                continue;
            }
            let from = (y * i64::from(self.width) + x0) as usize + columns.start;
            let out = &mut self.out[from..from + columns.len()];
            for (pixel, &c) in out.iter_mut().zip(&row[columns.clone()]) {
                // The level `quantize` rounds the coverage to, 0 to 4.
                let level = (u32::from(c) * 4 + 127) / 255;
                if level > 0 {
                    *pixel = levels[level as usize];
                }
            }
        }
        Ok(())
    }
}

/// `over` at opacity `alpha` (0–255) on `under`, each channel rounded.
fn mix(under: Rgb, over: Rgb, alpha: u8) -> Rgb {
    let (a, b) = (u32::from(alpha), 255 - u32::from(alpha));
    let channel = |u: u8, o: u8| ((u32::from(u) * b + u32::from(o) * a + 127) / 255) as u8;
    Rgb(channel(under.0, over.0), channel(under.1, over.1), channel(under.2, over.2))
}

/// `gif` with a comment extension holding `comment` after its colour table (none for an empty comment).
fn with_comment(gif: Vec<u8>, comment: &str) -> Vec<u8> {
    if comment.is_empty() || gif.len() < 13 {
        return gif;
    }
    let table = 13 + (3 << ((gif[10] & 7) + 1));
    let mut out = Vec::with_capacity(gif.len() + comment.len() + 8);
    out.extend_from_slice(&gif[..table]);
    out.extend_from_slice(&[0x21, 0xfe]);
    for chunk in comment.as_bytes().chunks(255) {
        out.push(chunk.len() as u8);
        out.extend_from_slice(chunk);
    }
    out.push(0);
    out.extend_from_slice(&gif[table..]);
    out
}
