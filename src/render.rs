//! The renderer: a [`Board`] and [`RenderOptions`] to a PNG diagram.
//!
//! This module draws the board (frame, squares, pieces) and is the renderer's public face; the rest lives next to
//! it, one concern each: the pixel geometry and size limits (`layout.rs`), the coordinates (`coords.rs`), the error
//! card (`card.rs`), the sprites of pieces, markers and text (`sprite.rs`, `text.rs`), the canvas and blending
//! (`raster.rs`) and the encoder ([`crate::pngenc`]).

use crate::board::{Board, Cell, Color, PieceKind};
use crate::coords;
use crate::fairy;
use crate::indexed;
use crate::layout::Layout;
use crate::options::RenderOptions;
use crate::pngenc::{self, EncodeError};
use crate::raster::{Canvas, Image, Rect};
use crate::sprite::{self, Key, Shape};
use crate::theme::{hatching, DarkSquares, INK, PAPER};

pub use crate::card::{message_png, MESSAGE_MAX_LINES, MESSAGE_WIDTH};
pub use crate::coords::file_name;
pub use crate::layout::{
    check_image_size, check_image_size_within, image_size, ImageTooLarge, InvalidPixelLimit, PixelLimit,
    MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE,
};

/// The renderer's version, part of the cache key: bumped whenever the pixels of any diagram change.
pub const RENDERER_VERSION: &str = "r2";

/// What sprite a cell shows, if any.
pub(crate) fn cell_key(cell: &Cell, size: u32, hatched: bool) -> Option<Key> {
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

/// Draws the diagram into an RGB image (no encoding).
pub fn render_image(board: &Board, options: &RenderOptions) -> Image {
    let l = Layout::drawn(board, options);
    let (w, h) = (board.width(), board.height());
    let mut image = Image::new(l.width, l.height, PAPER);
    // The board square shown at display position (dx, dy).
    let source = |dx: usize, dy: usize| if options.flip { (w - 1 - dx, h - 1 - dy) } else { (dx, dy) };
    let is_open = |dx: i64, dy: i64| {
        if dx < 0 || dy < 0 || dx >= w as i64 || dy >= h as i64 {
            return true;
        }
        let (x, y) = source(dx as usize, dy as usize);
        matches!(board.get(x, y), Some(Cell::Hole) | None)
    };
    draw_frame(&mut image, &l, (w, h), is_open);
    let light = options.light.unwrap_or(options.theme.light());
    let dark = options.dark.map_or(options.theme.dark(), DarkSquares::Solid);
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = source(dx, dy);
            let Some(cell) = board.get(x, y) else { continue };
            if matches!(cell, Cell::Hole) {
                continue;
            }
            let square = l.square_at(dx, dy);
            let hatched = match (board.is_dark(x, y), dark) {
                (false, _) => {
                    image.fill_rect(square, light);
                    false
                }
                (true, DarkSquares::Solid(c)) => {
                    image.fill_rect(square, c);
                    false
                }
                (true, DarkSquares::Hatched { paper, ink }) => {
                    image.hatch_rect(square, paper, ink, hatching(l.square));
                    true
                }
            };
            if let Some(key) = cell_key(cell, l.square, hatched) {
                image.draw(&*sprite::get(&key), i64::from(square.x), i64::from(square.y));
            }
        }
    }
    draw_borders(&mut image, board, options.flip, &l);
    if options.coords {
        coords::draw(&mut image, board, options.flip, &l);
    }
    image
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
    // The same bytes either way (see crate::indexed); the indexed path is the fast one, where it applies.
    if indexed::indexed_path_applies(board, options) {
        if let Some(picture) = indexed::render_indexed(board, options) {
            return pngenc::encode_indexed(picture.width, picture.height, picture.palette, &picture.indices);
        }
    }
    pngenc::encode(&render_image(board, options))
}
