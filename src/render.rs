//! The renderer: a [`Board`] and [`RenderOptions`] to a PNG diagram.
//!
//! This module draws the board (frame, squares, pieces) and is the renderer's public face; the rest lives next to
//! it, one concern each: the pixel geometry and size limits (`layout.rs`), the coordinates (`coords.rs`), the error
//! card (`card.rs`), the sprites of pieces, markers and text (`sprite.rs`, `text.rs`), the canvas and blending
//! (`raster.rs`) and the encoder ([`crate::pngenc`]).

use crate::board::{Board, Cell, Color, PieceKind};
use crate::coords;
use crate::fairy;
use crate::layout::Layout;
use crate::look::Paint;
use crate::options::RenderOptions;
use crate::pngenc::{self, EncodeError};
use crate::raster::{Canvas, Image, Rect, Rgb};
use crate::sprite::{self, Key, Shape};
use crate::theme::{hatching, DarkSquares, INK, PAPER};

pub use crate::card::{message_png, MESSAGE_MAX_LINES, MESSAGE_WIDTH};
pub use crate::coords::file_name;
pub use crate::layout::{check_image_size, image_size, ImageTooLarge, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};

/// The renderer's version, part of the cache key: bumped whenever the pixels of any diagram change.
pub const RENDERER_VERSION: &str = "r3";

/// What sprite a cell shows, if any.
fn cell_key(cell: &Cell, size: u32, hatched: bool) -> Option<Key> {
    match cell {
        Cell::Empty | Cell::Hole => None,
        Cell::Text(t) => Some(Key {
            shape: if hatched { Shape::HaloText(t.as_str().to_string()) } else { Shape::Text(t.as_str().to_string()) },
            color: Color::White,
            turns: t.rotation.quarter_turns(),
            size,
        }),
        Cell::Piece(p) => {
            let (shape, rotation) = match &p.kind {
                PieceKind::Figure(f) => (Shape::Figure(*f), p.rotation),
                PieceKind::Marker(m) => (Shape::Marker(*m), p.rotation),
                PieceKind::Named(name) => match fairy::glyph(name) {
                    Some(g) => (Shape::Figure(g.figure), g.rotation.then(p.rotation)),
                    None => (Shape::Disc(fairy::fallback_label(name)), p.rotation),
                },
            };
            Some(Key { shape, color: p.color, turns: rotation.quarter_turns(), size })
        }
    }
}

/// Draws the frame: a bar outside every side of a real square that borders a hole or the edge, long enough to close
/// the corners; the squares drawn next cover any overlap. `is_open(dx, dy)` says whether a display position (which
/// may be off the board) has no square.
fn draw_frame(image: &mut Image, l: &Layout, (w, h): (usize, usize), is_open: impl Fn(i64, i64) -> bool) {
    let (s, f) = (l.square, l.frame);
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = (dx as i64, dy as i64);
            if is_open(x, y) {
                continue;
            }
            let Rect { x: px, y: py, .. } = l.square_at(dx, dy);
            if is_open(x, y - 1) {
                image.fill_rect(Rect::new(px - f, py - f, s + 2 * f, f), INK);
            }
            if is_open(x, y + 1) {
                image.fill_rect(Rect::new(px - f, py + s, s + 2 * f, f), INK);
            }
            if is_open(x - 1, y) {
                image.fill_rect(Rect::new(px - f, py - f, f, s + 2 * f), INK);
            }
            if is_open(x + 1, y) {
                image.fill_rect(Rect::new(px + s, py - f, f, s + 2 * f), INK);
            }
        }
    }
}

/// How one square is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SquarePaint {
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

/// Paints `rect` with `paint`; whether it is hatched (text on it then gets a halo).
fn fill(image: &mut Image, rect: Rect, paint: SquarePaint, square: u32) -> bool {
    match paint {
        SquarePaint::Solid(c) => image.fill_rect(rect, c),
        SquarePaint::Hatched { paper, ink } => image.hatch_rect(rect, paper, ink, hatching(square)),
        SquarePaint::Clear => image.clear_rect(rect),
    }
    matches!(paint, SquarePaint::Hatched { .. })
}

/// The paint of the board square at (`x`, `y`) (row 0 at the top): from `board`'s pattern and `colors` when given
/// (a pattern without `colors` indexes the light and dark paints; `colors` without a pattern gives light squares
/// colour 0 and dark squares colour 1), else the light or dark paint of the theme, `light` and `dark`.
fn square_paint(board: &Board, options: &RenderOptions, x: usize, y: usize) -> SquarePaint {
    let light = SquarePaint::Solid(options.light.unwrap_or(options.theme.light()));
    let dark = options.dark.map_or(SquarePaint::from(options.theme.dark()), SquarePaint::Solid);
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

/// Draws the diagram into an image (no encoding): opaque unless a look colour is `transparent`.
pub fn render_image(board: &Board, options: &RenderOptions) -> Image {
    let l = Layout::drawn(board, options);
    let (w, h) = (board.width(), board.height());
    let mut image = Image::new(l.width, l.height, PAPER);
    match options.rim {
        Some(Paint::Solid(c)) => image.fill_rect(Rect::new(0, 0, l.width, l.height), c),
        Some(Paint::Transparent) => image.clear_rect(Rect::new(0, 0, l.width, l.height)),
        None => {}
    }
    // The board square shown at display position (dx, dy).
    let source = |dx: usize, dy: usize| if options.flip { (w - 1 - dx, h - 1 - dy) } else { (dx, dy) };
    let is_open = |dx: i64, dy: i64| {
        if dx < 0 || dy < 0 || dx >= w as i64 || dy >= h as i64 {
            return true;
        }
        let (x, y) = source(dx as usize, dy as usize);
        matches!(board.get(x, y), Some(Cell::Hole) | None)
    };
    // Holes first, so that the frame drawn next still outlines the real squares next to them.
    if let Some(hole) = options.hole {
        for dy in 0..h {
            for dx in 0..w {
                let (x, y) = source(dx, dy);
                if matches!(board.get(x, y), Some(Cell::Hole)) {
                    fill(&mut image, l.square_at(dx, dy), hole.into(), l.square);
                }
            }
        }
    }
    draw_frame(&mut image, &l, (w, h), is_open);
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = source(dx, dy);
            let Some(cell) = board.get(x, y) else { continue };
            let square = l.square_at(dx, dy);
            if matches!(cell, Cell::Hole) {
                continue;
            }
            let hatched = fill(&mut image, square, square_paint(board, options, x, y), l.square);
            if let Some(key) = cell_key(cell, l.square, hatched) {
                image.draw(&*sprite::get(&key), i64::from(square.x), i64::from(square.y));
            }
        }
    }
    if options.borders {
        draw_grid(&mut image, &l, (w, h), is_open);
    }
    draw_borders(&mut image, board, options.flip, &l);
    if options.coords {
        coords::draw(&mut image, board, options, &l);
    }
    image
}

/// Draws lines of ink between neighbouring squares (the `borders` option, HGM's `borders=1`): as thick as the
/// frame, centred on the edge the two squares share, so both lose the same width; none next to a hole, where the
/// frame already runs.
fn draw_grid(image: &mut Image, l: &Layout, (w, h): (usize, usize), is_open: impl Fn(i64, i64) -> bool) {
    let (s, t) = (l.square, l.frame);
    let half = t / 2;
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = (dx as i64, dy as i64);
            if is_open(x, y) {
                continue;
            }
            let Rect { x: px, y: py, .. } = l.square_at(dx, dy);
            if dx > 0 && !is_open(x - 1, y) {
                image.fill_rect(Rect::new(px - half, py, t, s), INK);
            }
            if dy > 0 && !is_open(x, y - 1) {
                image.fill_rect(Rect::new(px, py - half, s, t), INK);
            }
        }
    }
}

/// Outlines every bordered square (XFEN's `B` prefix): a box of ink along the inside of the square's edges, a
/// sixteenth of the square thick (at least 1 px), over whatever the square shows. Only boards with a bordered
/// square look different, and those are new cache keys, so [`RENDERER_VERSION`] stays.
fn draw_borders(image: &mut Image, board: &Board, flip: bool, l: &Layout) {
    let (w, h) = (board.width(), board.height());
    let (s, thick) = (l.square, (l.square / 16).max(1));
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = if flip { (w - 1 - dx, h - 1 - dy) } else { (dx, dy) };
            if board.is_bordered(x, y) {
                let (px, py) = (l.board_x + dx as u32 * s, l.board_y + dy as u32 * s);
                image.fill_rect(Rect::new(px, py, s, thick), INK);
                image.fill_rect(Rect::new(px, py + s - thick, s, thick), INK);
                image.fill_rect(Rect::new(px, py, thick, s), INK);
                image.fill_rect(Rect::new(px + s - thick, py, thick, s), INK);
            }
        }
    }
}

/// Forgets every cached sprite, so that the next render draws its pieces from the vectors again (benchmarks use it
/// to measure a cold isolate; output never depends on the cache).
pub fn clear_sprite_cache() {
    sprite::clear_cache();
}

/// Renders the diagram of `board` as PNG bytes. Never panics; a board and options beyond the image limits are drawn
/// with the largest square size that fits (use [`check_image_size`] to refuse them instead). An `Err` is an internal
/// failure of the encoder, never a property of the input.
///
/// ```
/// use ffen_diagram::{check_image_size, ffen, render_png, RenderOptions};
/// let board = ffen::parse("4k3/8/8/8/8/8/8/4K3", ffen::Dialect::Janko).unwrap();
/// let options = RenderOptions::default();
/// assert_eq!(check_image_size(&board, &options), Ok((322, 322)));
/// let png = render_png(&board, &options).unwrap();
/// assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
/// ```
pub fn render_png(board: &Board, options: &RenderOptions) -> Result<Vec<u8>, EncodeError> {
    pngenc::encode(&render_image(board, options))
}
