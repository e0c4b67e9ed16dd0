//! What goes on a square and around the board, as both raster painters put it down: a square's layers in their
//! order ([`draw_square`]), a marked square (a highlight or XFEN's border), an arrow or a circle, a line of text. The
//! RGB painter ([`crate::draw::render`]) draws these into the whole picture; the palette painter
//! ([`crate::draw::indexed`]) into a square's tile or a strip around the board. One definition, so the two paint the
//! same pixels.

use crate::draw::layout::{MarkPaint, Overlay, SquareMark, TextLine};
use crate::draw::mark_art::{self, MarkArt};
use crate::draw::raster::{quantize, Canvas, Mask};
use crate::draw::scene::SquarePaint;
use crate::draw::sprite;
use crate::draw::text;
use crate::options::theme::{hatching, INK};
use crate::pixels::{Image, Rect, Rgb};

/// What one square shows, drawn by [`draw_square`].
pub(crate) struct SquareLayers<'a> {
    /// Its fill.
    pub paint: SquarePaint,
    /// Its highlights, glow, X and XFEN's border, in painting order (a highlight's tint and the glow go under the
    /// piece, the X and the border over it).
    pub marks: &'a [MarkPaint],
    /// The piece, marker or text on it.
    pub sprite: Option<&'a sprite::Key>,
}

/// Paints one square into `rect` of `image`, layer by layer: its fill, its highlights and glow, its sprite, its X,
/// XFEN's border.
/// Every layer stays inside the square, so a picture drawn square by square is the picture drawn layer by layer
/// over the whole board, and the palette painter's tiles (a square drawn on its own) are its squares.
/// `hatch_phase` places the hatching of a hatched fill: 0 where `rect` is the square's place in the picture (the
/// lines are a function of the position, so neighbouring squares continue each other's), `(x + y) % period` of that
/// place where the square is drawn on its own.
pub(crate) fn draw_square(image: &mut Image, (rect, hatch_phase): (Rect, u32), square: &SquareLayers) {
    match square.paint {
        SquarePaint::Solid(c) => image.fill_rect(rect, c),
        SquarePaint::Hatched { paper, ink } => {
            image.hatch_rect_shifted(rect, paper, ink, hatching(rect.width), hatch_phase)
        }
        SquarePaint::Clear => image.clear_rect(rect),
    }
    for &paint in square.marks.iter().filter(|paint| paint.is_under_piece()) {
        draw_mark(image, &SquareMark { rect, paint });
    }
    if let Some(key) = square.sprite {
        image.draw(&*sprite::get(key), i64::from(rect.x), i64::from(rect.y));
    }
    for &paint in square.marks.iter().filter(|paint| !paint.is_under_piece()) {
        draw_mark(image, &SquareMark { rect, paint });
    }
}

/// Paints one marked square: a highlight (the tint blended over the square), the check's glow or an X (their
/// artwork, [`mark_art`], over what the square shows) or XFEN's border (a box of ink along the inside of the
/// square's edges, over whatever the square shows). The border's pixels are those the renderer drew before
/// highlights existed (a test keeps them so).
pub(crate) fn draw_mark(image: &mut Image, mark: &SquareMark) {
    let Rect { x, y, width: s, .. } = mark.rect;
    let art = |art: MarkArt| mark_art::get(art, s);
    match mark.paint {
        MarkPaint::Tint { rgb, alpha } => image.blend_rect(mark.rect, rgb, alpha),
        MarkPaint::Glow => image.draw(&*art(MarkArt::Glow), i64::from(x), i64::from(y)),
        MarkPaint::Cross { rgb } => image.draw(&*art(MarkArt::Cross(rgb)), i64::from(x), i64::from(y)),
        MarkPaint::Badge(glyph) => image.draw(&*art(MarkArt::Badge(glyph)), i64::from(x), i64::from(y)),
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
pub(crate) fn draw_overlay(image: &mut Image, overlay: &Overlay) {
    if let Some(layer) = overlay_layer(overlay, image.width, image.height) {
        let spans = layer.mask.ink_spans();
        image.draw(&layer.mask.inked(layer.ink).within(&spans), layer.x, layer.y);
    }
}

/// A coverage mask placed in the picture, to be inked: what an overlay or a line of text puts down. The palette
/// painter draws the same layers as the RGB painter, so the two paint the same pixels.
pub(crate) struct PlacedMask {
    /// The coverage.
    pub mask: Mask,
    /// Its ink.
    pub ink: Rgb,
    /// Left edge in the picture.
    pub x: i64,
    /// Top edge in the picture.
    pub y: i64,
}

/// An overlay's path, fill rule, colour and opacity; `None` for an empty path.
fn overlay_path(overlay: &Overlay) -> Option<(tiny_skia::Path, tiny_skia::FillRule, Rgb, u8)> {
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
    Some((pb.finish()?, rule, rgb, alpha))
}

/// The box (left, top, right, bottom: picture pixels, clipped to `width` × `height`) of the mask [`overlay_layer`]
/// rasterises `path` into (`fill::pixel_box`, the box `fill::fill` covers): the overlay inks nothing outside it.
fn mask_box(path: &tiny_skia::Path, width: u32, height: u32) -> [u32; 4] {
    let found = crate::draw::fill::pixel_box(path, tiny_skia::Transform::identity(), (width, height), 0.0);
    // Clipped to the picture, each value is in 0..=width or 0..=height; an identity keeps the bounds finite.
    found.map_or([0; 4], |b| b.map(|v| v as u32))
}

/// Where an arrow or a circle may ink a picture of `width` × `height` pixels, before it is drawn: the box of its
/// mask ([`overlay_layer`]), its colour and opacity; `None` if it covers nothing.
pub(crate) fn overlay_reach(overlay: &Overlay, width: u32, height: u32) -> Option<([u32; 4], Rgb, u8)> {
    let (path, _, rgb, alpha) = overlay_path(overlay)?;
    Some((mask_box(&path, width, height), rgb, alpha))
}

/// The layer of an arrow or a circle in a picture of `width` × `height` pixels (clipped to it), `None` if it covers
/// nothing.
pub(crate) fn overlay_layer(overlay: &Overlay, width: u32, height: u32) -> Option<PlacedMask> {
    let (path, rule, rgb, alpha) = overlay_path(overlay)?;
    // The mask covers the path's box only, clipped to the picture.
    let placed = crate::draw::fill::fill(&path, rule, tiny_skia::Transform::identity(), (width, height))?;
    // Each coverage level once (a table of 256), not every pixel of the box (most are 0): the box of a diagonal
    // arrow is mostly empty, and at 128-px squares it is hundreds of thousands of pixels.
    let level: [u8; 256] =
        std::array::from_fn(|a| crate::draw::raster::div255(u16::from(quantize(a as u8)) * u16::from(alpha)));
    let data = placed.mask.data.iter().map(|&c| level[usize::from(c)]).collect();
    let mask = Mask { data, ..placed.mask };
    Some(PlacedMask { mask, ink: rgb, x: placed.x, y: placed.y })
}

/// Draws one line of the title, caption or count in ink, where the layout put it.
pub(crate) fn draw_text_line(image: &mut Image, line: &TextLine, ink: Rgb) {
    if let Some(layer) = text_line_layer(line, ink) {
        image.draw(&layer.mask.inked(layer.ink), layer.x, layer.y);
    }
}

/// The layer of one line of the title, caption or count, `None` for a line without ink.
pub(crate) fn text_line_layer(line: &TextLine, ink: Rgb) -> Option<PlacedMask> {
    crate::work::count(crate::work::Unit::Glyph, line.text.chars().count() as u64);
    let coverage = text::rasterize(&line.text, line.px)?;
    let (x, y) = (line.pen_x + i64::from(coverage.left), line.baseline + i64::from(coverage.top));
    Some(PlacedMask { mask: coverage.mask.quantized(), ink, x, y })
}
