//! Where a picture's parts are ([`Geometry`]), and what lies outside the framed board: four strips drawn in RGB
//! (the coordinates' margins, the bands of title, caption and count, the background or `rim`), their rows indexed
//! once each.

use super::ink::PixelBox;
use super::palette::Palette;
use crate::draw::marks::PlacedMask;
use crate::draw::raster::{Canvas, Mask};
use crate::draw::scene::Scene;
use crate::pixels::{same_pixels, Image, Rgb};

/// Where a picture's parts are, in pixels (end exclusive): `files` × `ranks` squares of `square` pixels at
/// `[sx0, sx1) × [sy0, sy1)`, inside the framed board `[bx0, bx1) × [by0, by1)` (an outline `outline` pixels wide), in a
/// picture of `width` × `height`.
#[derive(Clone, Copy)]
pub(super) struct Geometry {
    pub(super) files: usize,
    pub(super) ranks: usize,
    pub(super) square: usize,
    pub(super) outline: usize,
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) sx0: usize,
    pub(super) sy0: usize,
    pub(super) sx1: usize,
    pub(super) sy1: usize,
    pub(super) bx0: usize,
    pub(super) by0: usize,
    pub(super) bx1: usize,
    pub(super) by1: usize,
}

impl Geometry {
    /// The scene's; `None` where the framed board does not fit in the picture.
    pub(super) fn of(scene: &Scene) -> Option<Geometry> {
        let l = &scene.layout;
        let (files, ranks) = scene.files_ranks;
        let (square, outline, width, height) =
            (l.square as usize, l.outline as usize, l.width as usize, l.height as usize);
        let (sx0, sy0) = (l.board_x as usize, l.board_y as usize);
        let (sx1, sy1) = (sx0 + files * square, sy0 + ranks * square);
        let (bx0, by0, bx1, by1) = (sx0.checked_sub(outline)?, sy0.checked_sub(outline)?, sx1 + outline, sy1 + outline);
        let geometry =
            Geometry { files, ranks, square, outline, width, height, sx0, sy0, sx1, sy1, bx0, by0, bx1, by1 };
        (bx1 <= width && by1 <= height).then_some(geometry)
    }

    /// Whether the box lies inside the squares.
    pub(super) fn inside_squares(&self, (x0, y0, x1, y1): PixelBox) -> bool {
        x0 >= self.sx0 as i64 && y0 >= self.sy0 as i64 && x1 <= self.sx1 as i64 && y1 <= self.sy1 as i64
    }

    /// Whether the box lies outside the framed board.
    pub(super) fn outside_board(&self, (x0, y0, x1, y1): PixelBox) -> bool {
        x1 <= self.bx0 as i64 || x0 >= self.bx1 as i64 || y1 <= self.by0 as i64 || y0 >= self.by1 as i64
    }

    /// Whether every square starts on a byte at `depth` bits a pixel, so that its rows can be packed once and
    /// copied packed.
    pub(super) fn squares_on_bytes(&self, depth: u8) -> bool {
        let per_byte = 8 / usize::from(depth);
        self.sx0.is_multiple_of(per_byte) && self.square.is_multiple_of(per_byte)
    }

    /// The four strips around the framed board (above it, left of it, right of it, below it) in `background`, with
    /// the text `layers` drawn into them in `ink`; their pixels counted ([`crate::work::Unit::StripPixel`]), as the
    /// cost model predicts them from the layout.
    pub(super) fn strips(&self, background: Rgb, layers: &[TextLayer], ink: Rgb) -> [Strip; 4] {
        let (board_rows, u) = ((self.by1 - self.by0) as u32, |n: usize| n as u32);
        let mut strips = [
            Strip::new(0, 0, u(self.width), u(self.by0), background),
            Strip::new(0, u(self.by0), u(self.bx0), board_rows, background),
            Strip::new(u(self.bx1), u(self.by0), u(self.width - self.bx1), board_rows, background),
            Strip::new(0, u(self.by1), u(self.width), u(self.height - self.by1), background),
        ];
        for strip in &mut strips {
            for &(mask, x, y) in layers {
                strip.image.draw(&mask.inked(ink), x - strip.x, y - strip.y);
            }
        }
        let pixels = strips.iter().map(|strip| u64::from(strip.image.width) * u64::from(strip.image.height)).sum();
        crate::work::count(crate::work::Unit::StripPixel, pixels);
        strips
    }
}

/// The strips of [`Geometry::strips`], by place.
pub(super) const TOP: usize = 0;
pub(super) const LEFT: usize = 1;
pub(super) const RIGHT: usize = 2;
pub(super) const BOTTOM: usize = 3;

/// A layer of text outside the board (a coordinate, a line of the title, caption or count): its coverage, and where
/// it goes in the picture.
pub(super) type TextLayer<'a> = (&'a Mask, i64, i64);

/// The scene's coordinates and its lines of text `texts` (their layers,
/// [`text_line_layer`](crate::draw::marks::text_line_layer)), as layers to draw.
pub(super) fn text_layers<'a>(scene: &'a Scene, texts: &'a [PlacedMask]) -> Vec<TextLayer<'a>> {
    (scene.labels.iter())
        .map(|label| (&label.coverage.mask, label.left, label.top))
        .chain(texts.iter().map(|text| (&text.mask, text.x, text.y)))
        .collect()
}

/// The part of the picture outside the framed board, drawn in RGB: a strip of `image` at (`x`, `y`).
pub(super) struct Strip {
    pub(super) x: i64,
    pub(super) y: i64,
    pub(super) image: Image,
}

impl Strip {
    fn new(x: u32, y: u32, width: u32, height: u32, background: Rgb) -> Strip {
        Strip { x: i64::from(x), y: i64::from(y), image: Image::new(width, height, background) }
    }

    /// Row `y` of the picture, inside the strip.
    fn row(&self, y: usize) -> &[u32] {
        let (w, y) = (self.image.width as usize, y - self.y as usize);
        &self.image.pixels[y * w..(y + 1) * w]
    }

    /// Whether row `y` of the picture is the same as the row above it, inside the strip.
    #[inline]
    pub(super) fn same_above(&self, y: usize) -> bool {
        same_pixels(self.row(y), self.row(y - 1))
    }
}

/// Index rows of a strip, each given its indices once: a row equal to the strip's previous one (a blank row of a
/// band, a margin beside a square's rows without a label) copies the indices that row got.
#[derive(Default)]
pub(super) struct StripRows {
    /// The previous row of the strip, if any, and its indices.
    previous: Option<usize>,
    indices: Vec<u8>,
}

impl StripRows {
    /// Appends the indices of row `y` of `strip` to `out`.
    pub(super) fn index(&mut self, strip: &Strip, y: usize, palette: &mut Palette, out: &mut Vec<u8>) -> Option<()> {
        let row = strip.row(y);
        if !self.previous.is_some_and(|before| same_pixels(strip.row(before), row)) {
            self.indices.resize(row.len(), 0);
            palette.index_row(row, &mut self.indices)?;
        }
        self.previous = Some(y);
        out.extend_from_slice(&self.indices);
        Some(())
    }
}
