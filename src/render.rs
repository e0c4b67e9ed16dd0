//! The renderer: a [`Board`] and [`RenderOptions`] to a PNG diagram.
//!
//! This module draws the board (frame, squares, pieces) and is the renderer's public face; the rest lives next to
//! it, one concern each: the pixel geometry and size limits (`layout.rs`), the coordinates (`coords.rs`), the error
//! card (`card.rs`), the sprites of pieces, markers and text (`sprite.rs`, `text.rs`), the canvas and blending
//! (`raster.rs`) and the encoder ([`crate::pngenc`]).

use crate::board::{Board, Cell, Color, PieceKind};
use crate::coords;
use crate::fairy;
use crate::layout::{Layout, MarkPaint, Overlay, SquareMark, TextLine};
use crate::options::RenderOptions;
use crate::pngenc::{self, EncodeError};
use crate::raster::{quantize, Canvas, Image, Mask, Rect};
use crate::text;
use crate::sprite::{self, Key, Shape};
use crate::theme::{hatching, DarkSquares, INK, PAPER};

pub use crate::card::{message_png, MESSAGE_MAX_LINES, MESSAGE_WIDTH};
pub use crate::coords::file_name;
pub use crate::layout::{check_image_size, image_size, ImageTooLarge, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};

/// The renderer's version, part of the cache key: bumped whenever the pixels of any diagram change.
pub const RENDERER_VERSION: &str = "r2";

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

/// Draws the diagram into an RGB image (no encoding).
pub fn render_image(board: &Board, options: &RenderOptions) -> Image {
    let l = Layout::drawn(board, options);
    let (w, h) = (board.width(), board.height());
    let mut image = Image::new(l.width, l.height, PAPER);
    // The board square shown at display position (dx, dy).
    let source = |dx: usize, dy: usize| Layout::display(board, options.flip, (dx, dy));
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
    // Squares first, then the highlights over them, then the pieces; each sprite stays inside its own square, so
    // without highlights this draws what one pass over the squares drew.
    let mut pieces = Vec::new();
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
                pieces.push((key, square));
            }
        }
    }
    let furniture = &l.furniture;
    for mark in &furniture.under {
        draw_mark(&mut image, mark);
    }
    for (key, square) in pieces {
        image.draw(&*sprite::get(&key), i64::from(square.x), i64::from(square.y));
    }
    for mark in &furniture.borders {
        draw_mark(&mut image, mark);
    }
    for overlay in &furniture.over {
        draw_overlay(&mut image, overlay);
    }
    if options.coords {
        coords::draw(&mut image, board, options.flip, &l);
    }
    for line in furniture.title.iter().chain(&furniture.caption).chain(&furniture.count) {
        draw_text_line(&mut image, line);
    }
    image
}

/// Paints one marked square: a highlight (the tint blended over the square) or XFEN's border (a box of ink along
/// the inside of the square's edges, over whatever the square shows). The border's pixels are those the renderer
/// drew before highlights existed, so [`RENDERER_VERSION`] stays.
fn draw_mark(image: &mut Image, mark: &SquareMark) {
    let Rect { x, y, width: s, .. } = mark.rect;
    match mark.paint {
        MarkPaint::Tint { rgb, alpha } => image.blend_rect(mark.rect, rgb, alpha),
        MarkPaint::Border { thickness } => {
            let thick = thickness.min(s);
            image.fill_rect(Rect::new(x, y, s, thick), INK);
            image.fill_rect(Rect::new(x, y + s - thick, s, thick), INK);
            image.fill_rect(Rect::new(x, y, thick, s), INK);
            image.fill_rect(Rect::new(x + s - thick, y, thick, s), INK);
        }
    }
}

/// Paints an arrow or a circle: its path's anti-aliased coverage (rounded to the sprites' levels, so it adds few
/// colours to the palette) times its opacity, in its colour.
fn draw_overlay(image: &mut Image, overlay: &Overlay) {
    let mut pb = tiny_skia::PathBuilder::new();
    let (rule, rgb, alpha) = match *overlay {
        Overlay::Arrow { outline, rgb, alpha } => {
            pb.move_to(outline[0].0, outline[0].1);
            for &(x, y) in &outline[1..] {
                pb.line_to(x, y);
            }
            pb.close();
            (tiny_skia::FillRule::Winding, rgb, alpha)
        }
        Overlay::Circle { centre, outer, inner, rgb, alpha } => {
            pb.push_circle(centre.0, centre.1, outer);
            pb.push_circle(centre.0, centre.1, inner);
            (tiny_skia::FillRule::EvenOdd, rgb, alpha)
        }
    };
    let Some(path) = pb.finish() else { return };
    // Rasterise into a mask covering the path's bounds only (clipped to the image).
    let b = path.bounds();
    let x0 = (b.left().floor().max(0.0) as u32).min(image.width);
    let y0 = (b.top().floor().max(0.0) as u32).min(image.height);
    let x1 = (b.right().ceil().max(0.0) as u32).min(image.width);
    let y1 = (b.bottom().ceil().max(0.0) as u32).min(image.height);
    let Some(mut coverage) = tiny_skia::Mask::new(x1.saturating_sub(x0), y1.saturating_sub(y0)) else { return };
    let shift = tiny_skia::Transform::from_translate(-(x0 as f32), -(y0 as f32));
    coverage.fill_path(&path, rule, true, shift);
    let data =
        coverage.data().iter().map(|&c| crate::raster::div255(u16::from(quantize(c)) * u16::from(alpha))).collect();
    let mask = Mask { width: coverage.width() as usize, height: coverage.height() as usize, data };
    image.draw(&mask.inked(rgb), i64::from(x0), i64::from(y0));
}

/// Draws one line of the title, caption or count in ink, where the layout put it.
fn draw_text_line(image: &mut Image, line: &TextLine) {
    if let Some(coverage) = text::rasterize(&line.text, line.px) {
        let mask = coverage.mask.quantized();
        image.draw(&mask.inked(INK), line.pen_x + i64::from(coverage.left), line.baseline + i64::from(coverage.top));
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
