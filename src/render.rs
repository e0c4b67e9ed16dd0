//! The renderer: a [`Board`] and [`RenderOptions`] to a PNG diagram.
//!
//! Layout: squares of `size` pixels; a thin black frame (1 px up to 47 px squares, 2 px up to 95, 3 px above) drawn
//! around the board's real squares, so holes sit outside it and show the white paper; with `coords`, file letters
//! below and rank numbers left of the frame. Pieces, markers and text come from the per-size sprite cache
//! (`sprite.rs`), and the picture is encoded by [`crate::pngenc`].

use crate::board::{Board, Cell, Color, PieceKind};
use crate::fairy;
use crate::options::{RenderOptions, MIN_SQUARE_SIZE};
use crate::pngenc::{self, pack_rgb, unpack_rgb, Image};
use crate::sprite::{self, div255, Key, Shape, Sprite};
use crate::text;
use crate::theme::{DarkSquares, Rgb, INK, PAPER};
use std::fmt;

/// The renderer's version, part of the cache key: bumped whenever the pixels of any diagram change.
pub const RENDERER_VERSION: &str = "r1";

/// The widest or tallest image rendered, in pixels (a 32×32 board at 64 px squares with coordinates fits).
pub const MAX_IMAGE_SIDE: u32 = 2200;

/// The most pixels an image may have (about 19 MB of working memory at this size).
pub const MAX_IMAGE_PIXELS: u64 = 2200 * 2200;

/// The image a request would produce is larger than [`MAX_IMAGE_SIDE`] or [`MAX_IMAGE_PIXELS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageTooLarge {
    /// The width it would have.
    pub width: u32,
    /// The height it would have.
    pub height: u32,
}

impl fmt::Display for ImageTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the diagram would be {}×{} pixels; the limit is {MAX_IMAGE_SIDE} pixels a side and {MAX_IMAGE_PIXELS} \
             pixels in all: choose a smaller size",
            self.width, self.height
        )
    }
}

impl std::error::Error for ImageTooLarge {}

/// Pixel geometry of one diagram.
#[derive(Clone, Copy, Debug)]
struct Layout {
    square: u32,
    frame: u32,
    margin: u32,
    board_x: u32,
    board_y: u32,
    width: u32,
    height: u32,
}

fn layout_with(board: &Board, options: &RenderOptions, square: u32) -> Layout {
    let frame = 1 + square / 48;
    let margin = if options.coords { (square * 45 / 100).clamp(12, 36) } else { 0 };
    let board_x = margin + frame;
    let board_y = frame;
    Layout {
        square,
        frame,
        margin,
        board_x,
        board_y,
        width: board_x + board.width() as u32 * square + frame,
        height: board_y + board.height() as u32 * square + frame + margin,
    }
}

fn fits(width: u32, height: u32) -> bool {
    width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && u64::from(width) * u64::from(height) <= MAX_IMAGE_PIXELS
}

/// The width and height in pixels of the diagram of `board` with `options`.
pub fn image_size(board: &Board, options: &RenderOptions) -> (u32, u32) {
    let l = layout_with(board, options, options.square_size());
    (l.width, l.height)
}

/// The image size, or an error if it is beyond [`MAX_IMAGE_SIDE`] / [`MAX_IMAGE_PIXELS`]: call before rendering.
pub fn check_image_size(board: &Board, options: &RenderOptions) -> Result<(u32, u32), ImageTooLarge> {
    let (width, height) = image_size(board, options);
    if fits(width, height) {
        Ok((width, height))
    } else {
        Err(ImageTooLarge { width, height })
    }
}

/// The layout actually drawn: the requested square size, or the largest smaller one that fits the limits.
fn layout(board: &Board, options: &RenderOptions) -> Layout {
    let mut square = options.square_size();
    loop {
        let l = layout_with(board, options, square);
        if fits(l.width, l.height) || square <= MIN_SQUARE_SIZE {
            return l;
        }
        square -= 1;
    }
}

fn fill_rect(image: &mut Image, x0: u32, y0: u32, w: u32, h: u32, color: Rgb) {
    let x1 = (x0 + w).min(image.width);
    let y1 = (y0 + h).min(image.height);
    if x0 >= x1 {
        return;
    }
    let c = pack_rgb([color.0, color.1, color.2]);
    for y in y0..y1 {
        let row = y as usize * image.width as usize;
        image.pixels[row + x0 as usize..row + x1 as usize].fill(c);
    }
}

#[allow(clippy::too_many_arguments)]
fn hatch_rect(image: &mut Image, x0: u32, y0: u32, w: u32, h: u32, paper: Rgb, ink: Rgb, square: u32) {
    // Lines rising to the right, continuous across squares: a period of an eighth of the square (3–8 px), lines a
    // quarter of the period thick (at least 1 px), so about a quarter of the square is ink at every size.
    let period = (square / 8).clamp(3, 8);
    let thick = (period / 4).max(1);
    let (paper, ink) = (pack_rgb([paper.0, paper.1, paper.2]), pack_rgb([ink.0, ink.1, ink.2]));
    let x1 = (x0 + w).min(image.width);
    let y1 = (y0 + h).min(image.height);
    for y in y0..y1 {
        let row = y as usize * image.width as usize;
        for x in x0..x1 {
            image.pixels[row + x as usize] = if (x + y) % period < thick { ink } else { paper };
        }
    }
}

fn blend_sprite(image: &mut Image, s: &Sprite, x0: u32, y0: u32) {
    let Some((bx0, by0, bx1, by1)) = s.bounds else { return };
    let n = s.side;
    let w = image.width as usize;
    for y in by0..by1 {
        let iy = y0 as usize + y;
        if iy >= image.height as usize {
            break;
        }
        for x in bx0..bx1 {
            let ix = x0 as usize + x;
            if ix >= w {
                break;
            }
            let si = (y * n + x) * 4;
            let a = s.data[si + 3];
            if a == 0 {
                continue;
            }
            let di = iy * w + ix;
            let src = [s.data[si], s.data[si + 1], s.data[si + 2]];
            if a == 255 {
                image.pixels[di] = pack_rgb(src);
            } else {
                let dst = unpack_rgb(image.pixels[di]);
                let inv = 255 - u16::from(a);
                let mix = |c: usize| src[c].saturating_add(div255(u16::from(dst[c]) * inv));
                image.pixels[di] = pack_rgb([mix(0), mix(1), mix(2)]);
            }
        }
    }
}

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

/// The name of file `x` (0 = a): `a`–`z`, then `aa`–`af` on boards wider than 26.
pub fn file_name(x: usize) -> String {
    let letter = |i: usize| char::from(b'a' + (i % 26) as u8);
    if x < 26 {
        letter(x).to_string()
    } else {
        format!("{}{}", letter(x / 26 - 1), letter(x))
    }
}

/// The font size `px`, shrunk if needed so that the widest of `labels` is at most `max_width` pixels of ink.
fn fit_px(labels: &[String], px: f32, max_width: f32) -> f32 {
    let widest = labels.iter().filter_map(|l| text::ink_width(l, px)).fold(0.0f32, f32::max);
    if widest > max_width && widest > 0.0 {
        (px * max_width / widest).max(4.0)
    } else {
        px
    }
}

fn draw_coordinates(image: &mut Image, board: &Board, options: &RenderOptions, l: &Layout) {
    let px = l.margin as f32 * 0.6 / 0.71;
    let (w, h) = (board.width(), board.height());
    let s = l.square as i64;
    let files: Vec<String> = (0..w).map(file_name).collect();
    let ranks: Vec<String> = (1..=h).map(|r| r.to_string()).collect();
    // One size for all files and one for all ranks, small enough for the widest label ("aa", "32").
    let file_px = fit_px(&files, px, l.square as f32 * 0.9);
    let rank_px = fit_px(&ranks, px, l.margin as f32 * 0.85);
    // File letters share a baseline that centres the x-height in the bottom margin.
    let x_height = text::rasterize_cached("x", file_px).map_or(0, |c| c.height as i64);
    let band_top = i64::from(l.board_y + h as u32 * l.square + l.frame);
    let baseline = band_top + (i64::from(l.margin) + x_height) / 2;
    for dx in 0..w {
        let x = if options.flip { w - 1 - dx } else { dx };
        if let Some(cov) = text::rasterize_cached(&files[x], file_px) {
            let cx = i64::from(l.board_x) + dx as i64 * s + s / 2;
            cov.blend_rgb(image, cx - cov.width as i64 / 2, baseline + i64::from(cov.top), [INK.0, INK.1, INK.2]);
        }
    }
    for dy in 0..h {
        let y = if options.flip { h - 1 - dy } else { dy };
        if let Some(cov) = text::rasterize_cached(&ranks[h - 1 - y], rank_px) {
            let cy = i64::from(l.board_y) + dy as i64 * s + s / 2;
            let cx = i64::from(l.margin) / 2;
            cov.blend_rgb(image, cx - cov.width as i64 / 2, cy - cov.height as i64 / 2, [INK.0, INK.1, INK.2]);
        }
    }
}

/// Draws the diagram into an RGB image (no encoding).
pub fn render_image(board: &Board, options: &RenderOptions) -> Image {
    let l = layout(board, options);
    let (w, h) = (board.width(), board.height());
    let s = l.square;
    let f = l.frame;
    let mut image = Image::new(l.width, l.height, [PAPER.0, PAPER.1, PAPER.2]);
    let source = |dx: usize, dy: usize| if options.flip { (w - 1 - dx, h - 1 - dy) } else { (dx, dy) };
    let is_open = |dx: i64, dy: i64| {
        if dx < 0 || dy < 0 || dx >= w as i64 || dy >= h as i64 {
            return true;
        }
        let (x, y) = source(dx as usize, dy as usize);
        matches!(board.get(x, y), Some(Cell::Hole) | None)
    };
    // Frame: a bar outside every side of a real square that borders a hole or the edge, long enough to close the
    // corners; the squares drawn next cover any overlap.
    for dy in 0..h {
        for dx in 0..w {
            if is_open(dx as i64, dy as i64) {
                continue;
            }
            let (px, py) = (l.board_x + dx as u32 * s, l.board_y + dy as u32 * s);
            let (x, y) = (dx as i64, dy as i64);
            if is_open(x, y - 1) {
                fill_rect(&mut image, px - f, py - f, s + 2 * f, f, INK);
            }
            if is_open(x, y + 1) {
                fill_rect(&mut image, px - f, py + s, s + 2 * f, f, INK);
            }
            if is_open(x - 1, y) {
                fill_rect(&mut image, px - f, py - f, f, s + 2 * f, INK);
            }
            if is_open(x + 1, y) {
                fill_rect(&mut image, px + s, py - f, f, s + 2 * f, INK);
            }
        }
    }
    let light = options.light.unwrap_or(options.theme.light());
    let dark = options.dark.map_or(options.theme.dark(), DarkSquares::Solid);
    for dy in 0..h {
        for dx in 0..w {
            let (x, y) = source(dx, dy);
            let Some(cell) = board.get(x, y) else { continue };
            if matches!(cell, Cell::Hole) {
                continue;
            }
            let (px, py) = (l.board_x + dx as u32 * s, l.board_y + dy as u32 * s);
            let hatched = match (board.is_dark(x, y), dark) {
                (false, _) => {
                    fill_rect(&mut image, px, py, s, s, light);
                    false
                }
                (true, DarkSquares::Solid(c)) => {
                    fill_rect(&mut image, px, py, s, s, c);
                    false
                }
                (true, DarkSquares::Hatched { paper, ink }) => {
                    hatch_rect(&mut image, px, py, s, s, paper, ink, s);
                    true
                }
            };
            if let Some(key) = cell_key(cell, s, hatched) {
                blend_sprite(&mut image, &sprite::get(&key), px, py);
            }
        }
    }
    draw_borders(&mut image, board, options.flip, &l);
    if options.coords {
        draw_coordinates(&mut image, board, options, &l);
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
                fill_rect(image, px, py, s, thick, INK);
                fill_rect(image, px, py + s - thick, s, thick, INK);
                fill_rect(image, px, py, thick, s, INK);
                fill_rect(image, px + s - thick, py, thick, s, INK);
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
pub fn render_png(board: &Board, options: &RenderOptions) -> Result<Vec<u8>, pngenc::EncodeError> {
    pngenc::encode(&render_image(board, options))
}

/// The width of [`message_png`] images, in pixels.
pub const MESSAGE_WIDTH: u32 = 400;
/// The most text lines [`message_png`] draws; longer messages end with `...`.
pub const MESSAGE_MAX_LINES: usize = 6;

/// Splits `message` into at most [`MESSAGE_MAX_LINES`] lines no wider than `max` pixels at `px`.
fn wrap(message: &str, px: f32, max: f32) -> Vec<String> {
    let fits = |s: &str| text::ink_width(s, px).is_none_or(|w| w <= max);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in message.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if fits(&candidate) {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // A word wider than a line is broken between characters.
        for c in word.chars() {
            if lines.len() > MESSAGE_MAX_LINES {
                break;
            }
            let mut next = line.clone();
            next.push(c);
            if !fits(&next) && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                next = c.to_string();
            }
            line = next;
        }
        if lines.len() > MESSAGE_MAX_LINES {
            break;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > MESSAGE_MAX_LINES {
        lines.truncate(MESSAGE_MAX_LINES);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && !fits(&format!("{last}...")) {
                last.pop();
            }
            last.push_str("...");
        }
    }
    lines
}

/// A small PNG ([`MESSAGE_WIDTH`] px wide, at most [`MESSAGE_MAX_LINES`] lines) showing `message` in black on a
/// pale yellow card with a dark red frame: what a Worker returns so that a broken `<img>` explains itself.
pub fn message_png(message: &str) -> Result<Vec<u8>, pngenc::EncodeError> {
    let px = 15.0;
    let pad = 10u32;
    let line_height = 19u32;
    // Seven lines hold at most a few hundred characters: the rest is never laid out.
    let message: String = message.chars().take(1000).collect();
    let lines = wrap(&message, px, (MESSAGE_WIDTH - 2 * pad) as f32);
    let lines = if lines.is_empty() { vec!["(no message)".to_string()] } else { lines };
    let height = 2 * pad + line_height * lines.len() as u32;
    let mut image = Image::new(MESSAGE_WIDTH, height, [0xff, 0xf8, 0xe1]);
    let red = Rgb(0xb0, 0x1c, 0x1c);
    fill_rect(&mut image, 0, 0, MESSAGE_WIDTH, 2, red);
    fill_rect(&mut image, 0, height - 2, MESSAGE_WIDTH, 2, red);
    fill_rect(&mut image, 0, 0, 2, height, red);
    fill_rect(&mut image, MESSAGE_WIDTH - 2, 0, 2, height, red);
    for (i, line) in lines.iter().enumerate() {
        if let Some(cov) = text::rasterize(line, px) {
            let baseline = i64::from(pad + line_height * i as u32 + 14);
            cov.blend_rgb(&mut image, i64::from(pad) + i64::from(cov.left), baseline + i64::from(cov.top), [0, 0, 0]);
        }
    }
    pngenc::encode(&image)
}
