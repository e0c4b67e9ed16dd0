//! Where layers ink the picture: the box of a mask's ink, and the arrows and circles with their rows' spans of ink
//! (which squares they cover, and that they stay inside the squares).

use crate::draw::marks::PlacedMask;
use crate::draw::raster::Mask;
use crate::pixels::Rect;
use std::ops::Range;

/// A box of pixels: x0, y0, x1, y1 (end exclusive), picture coordinates.
pub(super) type PixelBox = (i64, i64, i64, i64);

/// Whether two of `boxes` share a pixel: text layers that do not blend only over the background.
pub(super) fn any_meet(boxes: &[PixelBox]) -> bool {
    boxes.iter().enumerate().any(|(i, &a)| boxes[i + 1..].iter().any(|&b| meet(a, b)))
}

/// Whether boxes `a` and `b` share a pixel.
pub(super) fn meet(a: PixelBox, b: PixelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The pixels (x0, y0, x1, y1; end exclusive) `mask` inks placed at (`x`, `y`), in picture coordinates; `None` if
/// it inks none.
pub(super) fn inked_box(mask: &Mask, x: i64, y: i64) -> Option<(i64, i64, i64, i64)> {
    spans_box(&mask.ink_spans(), x, y)
}

/// The box of the rows' ink `spans` ([`Mask::ink_spans`]) placed at (`x`, `y`), as [`inked_box`].
fn spans_box(spans: &[Range<usize>], x: i64, y: i64) -> Option<(i64, i64, i64, i64)> {
    let y0 = spans.iter().position(|s| !s.is_empty())?;
    let y1 = spans.iter().rposition(|s| !s.is_empty())? + 1;
    let inked = spans[y0..y1].iter().filter(|s| !s.is_empty());
    let x0 = inked.clone().map(|s| s.start).min()?;
    let x1 = inked.map(|s| s.end).max()?;
    Some((x + x0 as i64, y + y0 as i64, x + x1 as i64, y + y1 as i64))
}

/// An arrow or circle: its layer, the rows' ink spans and the box of its ink (picture coordinates).
pub(super) struct OverlayLayer {
    pub(super) layer: PlacedMask,
    pub(super) spans: Vec<Range<usize>>,
    pub(super) ink: (i64, i64, i64, i64),
}

impl OverlayLayer {
    pub(super) fn new(layer: PlacedMask) -> Option<OverlayLayer> {
        let spans = layer.mask.ink_spans();
        let ink = spans_box(&spans, layer.x, layer.y)?;
        Some(OverlayLayer { layer, spans, ink })
    }

    /// Whether it inks any pixel of `rect` (picture coordinates): only the columns of each row's span are looked at.
    pub(super) fn inks_within(&self, rect: Rect) -> bool {
        let Mask { width, height, data } = &self.layer.mask;
        let clip = |start: i64, len: u32, origin: i64, extent: usize| {
            let a = (start - origin).clamp(0, extent as i64) as usize;
            let b = (start + i64::from(len) - origin).clamp(0, extent as i64) as usize;
            a..b
        };
        let (xs, ys) = (
            clip(i64::from(rect.x), rect.width, self.layer.x, *width),
            clip(i64::from(rect.y), rect.height, self.layer.y, *height),
        );
        ys.into_iter().any(|y| {
            let span = &self.spans[y];
            let (a, b) = (xs.start.max(span.start), xs.end.min(span.end));
            a < b && data[y * width + a..y * width + b].iter().any(|&v| v != 0)
        })
    }
}
