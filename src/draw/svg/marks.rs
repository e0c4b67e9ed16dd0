//! What lies over and under the squares: highlights, the check's glow (its gradient), crossed squares, bordered
//! squares, arrows and circles; and the hatching's pattern.

use super::markup::{hex, num, opacity, rect_path};
use crate::draw::assets::SPRITE_VIEWBOX;
use crate::draw::layout::{MarkPaint, Overlay, SquareMark};
use crate::draw::mark_art::{GLOW_RADIUS, GLOW_STOPS, X_CORE, X_ENDS, X_OUTLINE};
use crate::draw::sprite::MIN_STROKE_PX;
use crate::options::theme::{hatching, INK};
use crate::pixels::{Rect, Rgb};
use std::fmt::Write as _;

/// A marked square as the PNG paints it (`marks::draw_mark`): a highlight, the square in its colour at its opacity;
/// the check's glow, the square filled with its gradient; an X, its bars stroked; or XFEN's border, a box of ink
/// along the inside of the square's edges.
pub(super) fn square_mark(mark: &SquareMark) -> String {
    let Rect { x, y, width: s, .. } = mark.rect;
    match mark.paint {
        MarkPaint::Tint { rgb, alpha } => {
            let mut d = String::new();
            rect_path(&mut d, mark.rect);
            format!("<path fill=\"{}\" fill-opacity=\"{}\" d=\"{d}\"/>\n", hex(rgb), opacity(alpha))
        }
        MarkPaint::Border { thickness } => {
            let thick = thickness.min(s);
            let mut d = String::new();
            rect_path(&mut d, Rect::new(x, y, s, thick));
            rect_path(&mut d, Rect::new(x, y + s - thick, s, thick));
            rect_path(&mut d, Rect::new(x, y, thick, s));
            rect_path(&mut d, Rect::new(x + s - thick, y, thick, s));
            format!("<path fill=\"{}\" d=\"{d}\"/>\n", hex(INK))
        }
        MarkPaint::Glow => format!(r#"<rect x="{x}" y="{y}" width="{s}" height="{s}" fill="url(#{GLOW_ID})"/>"#) + "\n",
        MarkPaint::Cross { rgb } => {
            // The two diagonal bars with round ends, as `mark_art` strokes them: the white outline, then the core.
            let k = s as f32 / SPRITE_VIEWBOX;
            let (a, b) = (X_ENDS.0 * k, X_ENDS.1 * k);
            let p = |dx: f32, dy: f32| format!("{} {}", num(x as f32 + dx, 2), num(y as f32 + dy, 2));
            let d = format!("M{}L{}M{}L{}", p(a, a), p(b, b), p(b, a), p(a, b));
            let bars = |colour: Rgb, width: f32| {
                format!(
                    r#"<path fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" d="{d}"/>"#,
                    hex(colour),
                    num(width, 3)
                )
            };
            format!("{}{}\n", bars(Rgb::WHITE, X_OUTLINE * k), bars(rgb, (X_CORE * k).max(MIN_STROKE_PX)))
        }
        // A glyph's badge belongs to an animation's frame: an SVG is a still of the diagram, whose own last move
        // (`lastmove`) has no glyph, and `pgn=` on /diagram.svg is refused (docs/san-pgn.md), so none reaches here.
        MarkPaint::Badge(_) => String::new(),
    }
}

/// The id of the check's gradient in `<defs>` (no other id of the document is `c`: glyphs are `g…`, symbols `s…`,
/// the clip paths `L`, `R` and `f`, the hatching `h`).
const GLOW_ID: &str = "c";

/// The check's glow as a radial gradient over the box of what it fills (a square): [`GLOW_STOPS`] out to
/// [`GLOW_RADIUS`] of the side, transparent beyond the last stop, as `mark_art` draws it in rings.
pub(super) fn glow_gradient() -> String {
    let mut out = format!(r#"<radialGradient id="{GLOW_ID}" r="{}">"#, num(GLOW_RADIUS, 4));
    for (offset, rgb, opacity) in GLOW_STOPS {
        let _ = write!(out, r#"<stop offset="{}" stop-color="{}""#, num(offset, 2), hex(rgb));
        if opacity < 1.0 {
            let _ = write!(out, r#" stop-opacity="{}""#, num(opacity, 2));
        }
        out.push_str("/>");
    }
    out.push_str("</radialGradient>\n");
    out
}

/// An arrow (its seven corners, non-zero fill) or a circle (the ring between two circles, even-odd fill) in its
/// colour at its opacity, as the PNG paints it (`render::draw_overlay`).
pub(super) fn overlay_path(overlay: &Overlay) -> String {
    let p = |(x, y): (f32, f32)| format!("{} {}", num(x, 2), num(y, 2));
    match *overlay {
        Overlay::Arrow { outline, rgb, alpha } => {
            let mut d = format!("M{}", p(outline[0]));
            for &corner in &outline[1..] {
                let _ = write!(d, "L{}", p(corner));
            }
            format!("<path fill=\"{}\" fill-opacity=\"{}\" d=\"{d}Z\"/>\n", hex(rgb), opacity(alpha))
        }
        Overlay::Circle { centre, outer, inner, rgb, alpha } => {
            // Each circle as two half-circle arcs from its leftmost point.
            let circle = |r: f32| {
                // The radius as written, so that the arcs end exactly where they started.
                let r = (r * 100.0).round() / 100.0;
                format!(
                    "M{}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0Z",
                    p((centre.0 - r, centre.1)),
                    r = num(r, 2),
                    d = num(2.0 * r, 2)
                )
            };
            format!(
                "<path fill=\"{}\" fill-opacity=\"{}\" fill-rule=\"evenodd\" d=\"{}{}\"/>\n",
                hex(rgb),
                opacity(alpha),
                circle(outer),
                circle(inner)
            )
        }
    }
}

/// The pattern `print` paints dark squares with: diagonal bands of ink on white rising to the right, a period of
/// `hatching(size).period` pixels and `thickness` wide along a row, anchored at the image's origin like the PNG's
/// (whose pixel (x, y) is ink where (x + y) mod period < thickness: the band between the lines x + y = 0.5 and
/// x + y = thickness + 0.5 of the pixel grid, repeated).
pub(super) fn hatch_pattern(size: u32, paper: Rgb, ink: Rgb) -> String {
    let hatch = hatching(size);
    let (p, t) = (hatch.period as f32, hatch.thickness as f32);
    let n = |v: f32| num(v, 1);
    // One band from the tile's top-left corner, one crossing it; each continues in the neighbouring tiles.
    let d = format!("M.5 0H{t5}L0 {t5}V.5ZM{p} .5V{t5}L{t5} {p}H.5Z", t5 = n(t + 0.5), p = n(p));
    format!(
        "<pattern id=\"h\" width=\"{p}\" height=\"{p}\" patternUnits=\"userSpaceOnUse\"><rect width=\"{p}\" height=\"{p}\" fill=\"{}\"/><path fill=\"{}\" shape-rendering=\"crispEdges\" d=\"{d}\"/></pattern>\n",
        hex(paper),
        hex(ink),
        p = n(p)
    )
}
