//! One diagram as a scene: everything a picture shows, where, and in drawing order, built once from the board, its
//! options and their [`Layout`]. Three painters are loops over it: the RGB painter ([`crate::draw::render`]), the
//! palette painter ([`crate::draw::indexed`]) and the SVG writer ([`crate::draw::svg`]). So the decisions — which
//! square is light, what the flip shows where, which paint a pattern gives, which sprite a cell shows, where the
//! frame, the lines and the labels go — are taken here once, and the painters only differ in how they put paint
//! down.
//!
//! Drawing order (every painter keeps it): the background (paper, or the `rim`); holes in the `hole` paint; the
//! frame; the squares; the highlights and the check's glow under the pieces ([`FurnitureLayout::under`]); the
//! pieces; the crossed squares ([`FurnitureLayout::crosses`]); the lines between squares (`borders`); XFEN's
//! bordered squares ([`FurnitureLayout::borders`]); arrows and circles ([`FurnitureLayout::over`]); the
//! coordinates; the text around the board (title, caption, count). The raster painters put a square's layers down
//! together ([`crate::draw::marks::draw_square`]: fill, highlights and glow, piece, X, border), which paints the
//! same pixels: each layer stays inside its square, an X keeps clear of the square's edges, and the lines between
//! squares and the borders are both opaque ink.

use crate::draw::coords::{self, PlacedLabel};
use crate::draw::layout::{FurnitureLayout, Layout, MarkPaint, SquareMark, TextLine};
use crate::draw::sprite::{cell_key, Fills, Key};
use crate::notation::board::{Board, Cell};
use crate::notation::paint::Paint;
use crate::options::render_options::RenderOptions;
use crate::options::theme::{DarkSquares, INK, PAPER};
use crate::pixels::Rect;
use crate::pixels::Rgb;

/// How one square (or hole) is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SquarePaint {
    /// A flat colour.
    Solid(Rgb),
    /// Diagonal lines (the `print` theme's dark squares).
    Hatched { paper: Rgb, ink: Rgb },
    /// Nothing: the page shows through (`transparent`).
    Clear,
}

impl From<DarkSquares> for SquarePaint {
    fn from(dark: DarkSquares) -> SquarePaint {
        match dark {
            DarkSquares::Solid(c) => SquarePaint::Solid(c),
            DarkSquares::Hatched { paper, ink } => SquarePaint::Hatched { paper, ink },
        }
    }
}

impl From<Paint> for SquarePaint {
    fn from(paint: Paint) -> SquarePaint {
        match paint {
            Paint::Solid(c) => SquarePaint::Solid(c),
            Paint::Transparent => SquarePaint::Clear,
        }
    }
}

/// One square of the board as shown: where, its paint, and the sprite on it.
#[derive(Clone, Debug)]
pub(crate) struct Square {
    /// The square's pixels.
    pub rect: Rect,
    /// Its paint.
    pub paint: SquarePaint,
    /// The piece, marker or text on it, if any (text on hatching gets a halo: the key says so).
    pub sprite: Option<Key>,
}

/// A diagram's scene: see the module's documentation for the drawing order.
pub(crate) struct Scene {
    /// The geometry, and the furniture placed (marks, overlays, text lines).
    pub layout: Layout,
    /// The board's files and ranks.
    pub files_ranks: (usize, usize),
    /// What covers the whole picture first: paper, the `rim` colour, or nothing (a transparent `rim`).
    pub background: Paint,
    /// The missing squares, in display order.
    pub holes: Vec<Rect>,
    /// Their paint (`hole`); `None` leaves the background there.
    pub hole_paint: Option<SquarePaint>,
    /// The outline around the squares (and around holes' edges), in ink: the diagram's frame.
    pub outline: Vec<Rect>,
    /// The squares, in display order (rows top down, left to right), holes left out.
    pub squares: Vec<Square>,
    /// The lines between squares (`borders`), in ink; empty without.
    pub grid: Vec<Rect>,
    /// The coordinate labels, in display order; empty without coordinates.
    pub labels: Vec<PlacedLabel>,
    /// The ink of the coordinates and of the text around the board (`coord_color`, else black).
    pub text_ink: Rgb,
}

impl Scene {
    /// The sprites [`Scene::build`] puts on `board`'s squares drawn with `options`, without the rest of the scene
    /// (the cost model asks the sprite cache for them before anything is drawn); only on the squares `at` (column,
    /// row from the top) where given.
    pub(crate) fn sprite_keys(board: &Board, options: &RenderOptions, at: Option<&[(usize, usize)]>) -> Vec<Key> {
        let side = Layout::drawn(board, options).square;
        let fills = Fills { white: options.white_fill, black: options.black_fill };
        let all: Vec<(usize, usize)>;
        let squares = match at {
            Some(squares) => squares,
            None => {
                all = (0..board.height()).flat_map(|y| (0..board.width()).map(move |x| (x, y))).collect();
                &all
            }
        };
        let key = |&(x, y): &(usize, usize)| match board.get(x, y)? {
            cell @ Cell::Text(_) => {
                let hatched = matches!(square_paint(board, options, x, y), SquarePaint::Hatched { .. });
                cell_key(cell, side, hatched, fills, options.piece)
            }
            cell => cell_key(cell, side, false, fills, options.piece),
        };
        squares.iter().filter_map(key).collect()
    }

    /// The scene of `board` drawn with `options` (at the size [`Layout::drawn`] fits).
    pub(crate) fn build(board: &Board, options: &RenderOptions) -> Scene {
        let layout = Layout::drawn(board, options);
        let (w, h) = (board.width(), board.height());
        // The board square shown at display position (dx, dy).
        let source = |dx: usize, dy: usize| Layout::display(board, options.flip, (dx, dy));
        let is_open = |dx: i64, dy: i64| {
            if dx < 0 || dy < 0 || dx >= w as i64 || dy >= h as i64 {
                return true;
            }
            let (x, y) = source(dx as usize, dy as usize);
            matches!(board.get(x, y), Some(Cell::Hole) | None)
        };
        let (squares, holes) = squares_and_holes(board, options, &layout);
        // (Counted here, not in a frame's scene patched from the one before: a frame's part of its `Frame` unit.)
        let pieces = squares.iter().filter(|square| square.sprite.is_some()).count();
        crate::work::count(crate::work::Unit::Piece, pieces as u64);
        crate::work::count(crate::work::Unit::Square, squares.len() as u64);
        let frame = layout.frame_bars((w, h), is_open);
        let grid = if options.borders { layout.grid_bars((w, h), is_open) } else { Vec::new() };
        let labels = if options.coords {
            coords::place(board, options, &layout, &coords::label_texts(board, options))
        } else {
            Vec::new()
        };
        Scene {
            files_ranks: (w, h),
            background: options.rim.unwrap_or(Paint::Solid(PAPER)),
            hole_paint: options.hole.map(SquarePaint::from),
            holes,
            outline: frame,
            squares,
            grid,
            labels,
            text_ink: options.coord_color.unwrap_or(INK),
            layout,
        }
    }

    /// The scene of `board` with `options`, made from this one where only the pieces and the marks can differ: an
    /// animation's next frame (its options differ from this frame's in the last move, the check and a glyph; its
    /// board has this one's size and holes). The frame, the lines, the coordinates and the text are this scene's;
    /// the squares and the marks are placed again. `None` where more may differ (a piece count shown, a board of
    /// another size or with other holes): build it whole ([`Scene::build`], whose scene this equals).
    pub(crate) fn patched(&self, board: &Board, options: &RenderOptions) -> Option<Scene> {
        let (w, h) = (board.width(), board.height());
        if options.furniture.count || (w, h) != self.files_ranks {
            return None;
        }
        let (squares, holes) = squares_and_holes(board, options, &self.layout);
        if holes != self.holes {
            return None;
        }
        Some(Scene {
            layout: self.layout.with_marks(board, options),
            files_ranks: self.files_ranks,
            background: self.background,
            holes,
            hole_paint: self.hole_paint,
            outline: self.outline.clone(),
            squares,
            grid: self.grid.clone(),
            labels: self.labels.clone(),
            text_ink: self.text_ink,
        })
    }

    /// The furniture placed: marks, overlays and text lines.
    pub(crate) fn furniture(&self) -> &FurnitureLayout {
        &self.layout.furniture
    }

    /// The lines of text around the board, in drawing order: title, caption, count.
    pub(crate) fn text_lines(&self) -> impl Iterator<Item = &TextLine> {
        let f = &self.layout.furniture;
        f.title.iter().chain(&f.caption).chain(&f.count)
    }

    /// The highlights, the crossed squares and XFEN's borders ([`FurnitureLayout::under`],
    /// [`FurnitureLayout::crosses`], then [`FurnitureLayout::borders`]) by square:
    /// each square's in painting order, as [`Scene::squares`] lists the squares; and those on no square (a
    /// highlight or border of a hole), in painting order.
    pub(crate) fn marks_by_square(&self) -> (Vec<Vec<MarkPaint>>, Vec<SquareMark>) {
        let mut by_square = vec![Vec::new(); self.squares.len()];
        let mut elsewhere = Vec::new();
        let f = &self.layout.furniture;
        if f.under.is_empty() && f.crosses.is_empty() && f.borders.is_empty() {
            return (by_square, elsewhere);
        }
        // The square at each display position, if any (holes have none).
        let (w, h) = self.files_ranks;
        let position = |rect: Rect| {
            let s = self.layout.square;
            let (x, y) = (rect.x.checked_sub(self.layout.board_x)? / s, rect.y.checked_sub(self.layout.board_y)? / s);
            (x < w as u32 && y < h as u32).then_some(y as usize * w + x as usize)
        };
        let mut square_at = vec![None; w * h];
        for (i, square) in self.squares.iter().enumerate() {
            if let Some(at) = position(square.rect) {
                square_at[at] = Some(i);
            }
        }
        for mark in f.under.iter().chain(&f.crosses).chain(&f.borders) {
            match position(mark.rect).and_then(|at| square_at[at]).filter(|&i| self.squares[i].rect == mark.rect) {
                Some(i) => by_square[i].push(mark.paint),
                None => elsewhere.push(*mark),
            }
        }
        (by_square, elsewhere)
    }

    /// Whether a square of the board is transparent (`transparent` among the square colours).
    pub(crate) fn has_clear_squares(&self) -> bool {
        self.squares.iter().any(|s| s.paint == SquarePaint::Clear)
    }
}

/// The squares of `board` drawn with `options` in `layout`, in display order (rows top down, left to right), each
/// with its paint and sprite; and the holes' rectangles.
fn squares_and_holes(board: &Board, options: &RenderOptions, layout: &Layout) -> (Vec<Square>, Vec<Rect>) {
    let (w, h) = (board.width(), board.height());
    let fills = Fills { white: options.white_fill, black: options.black_fill };
    let (mut squares, mut holes) = (Vec::with_capacity(w * h), Vec::new());
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = Layout::display(board, options.flip, (dx, dy));
            let Some(cell) = board.get(x, y) else { continue };
            let rect = layout.square_at(dx, dy);
            if matches!(cell, Cell::Hole) {
                holes.push(rect);
                continue;
            }
            let paint = square_paint(board, options, x, y);
            let hatched = matches!(paint, SquarePaint::Hatched { .. });
            let sprite = cell_key(cell, layout.square, hatched, fills, options.piece);
            squares.push(Square { rect, paint, sprite });
        }
    }
    (squares, holes)
}

/// The paint of the board square at (`x`, `y`) (row 0 at the top): from `board`'s pattern and `colors` when given
/// (a pattern without `colors` indexes the light and dark paints; `colors` without a pattern gives light squares
/// colour 0 and dark squares colour 1), else the light or dark paint of the theme, `light` and `dark`.
fn square_paint(board: &Board, options: &RenderOptions, x: usize, y: usize) -> SquarePaint {
    let light = options.light.map_or(SquarePaint::Solid(options.theme.light()), SquarePaint::from);
    let dark = options.dark.map_or(SquarePaint::from(options.theme.dark()), SquarePaint::from);
    let digit = match &options.pattern {
        Some(pattern) => pattern.digit(x, board.height() - 1 - y),
        None => u8::from(board.is_dark(x, y)),
    };
    match &options.colors {
        Some(palette) => palette.get(digit).or_else(|| palette.get(0)).map_or(light, SquarePaint::from),
        None if digit == 0 => light,
        None => dark,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{self, Dialect};
    use crate::options::furniture::{Move, SquareName};
    use crate::testing::options_from;

    /// What a painter reads of a scene, to compare two.
    fn drawn(scene: &Scene) -> String {
        let labels: Vec<_> = scene.labels.iter().map(|l| (&l.text, l.left, l.top)).collect();
        format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {labels:?} {:?}",
            scene.layout,
            scene.files_ranks,
            scene.background,
            scene.holes,
            scene.hole_paint,
            scene.outline,
            (&scene.squares, &scene.grid),
            scene.text_ink
        )
    }

    #[test]
    fn a_patched_scene_is_the_scene_built() {
        let square = |name: &str| name.parse::<SquareName>().unwrap();
        let before = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let after = ffen::parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", Dialect::Janko).unwrap();
        let holes = ffen::parse("4k2-/8/8/8/8/8/8/-3K3", Dialect::Bodlaender).unwrap();
        let moved = ffen::parse("3k3-/8/8/8/8/8/8/-3K3", Dialect::Bodlaender).unwrap();
        let looks: [&[(&str, &str)]; 5] = [
            &[],
            &[("coords", "1"), ("title", "Šulc"), ("caption", "#2"), ("flip", "1"), ("squares", "Ge4,d5")],
            &[("theme", "print"), ("borders", "1"), ("arrows", "e2e4"), ("size", "23")],
            &[("lastmove_style", "lichess"), ("check", "e8"), ("theme", "brown")],
            &[("pattern", "01/10"), ("colors", "ffffff,000000"), ("size", "30")],
        ];
        for look in looks {
            for (one, two) in [(&before, &after), (&holes, &moved)] {
                let mut options = options_from(look);
                let first = Scene::build(one, &options);
                options.furniture.last_move = Some(Move { from: square("e2"), to: square("e4") });
                let patched = first.patched(two, &options).expect("the same board size and holes");
                assert_eq!(drawn(&patched), drawn(&Scene::build(two, &options)), "{look:?}");
            }
        }
        // A piece count, another size or other holes: built whole.
        let counted = options_from(&[("count", "1")]);
        assert!(Scene::build(&before, &counted).patched(&after, &counted).is_none());
        let none = options_from(&[]);
        assert!(Scene::build(&holes, &none).patched(&before, &none).is_none());
        let other_holes = ffen::parse("3k4/7-/8/8/8/8/8/-3K3", Dialect::Bodlaender).unwrap();
        assert!(Scene::build(&holes, &none).patched(&other_holes, &none).is_none());
    }
}
