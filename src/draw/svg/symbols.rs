//! Pieces, markers and fallback discs as `<symbol>`s, each defined once and placed with `<use>`: the cburnett
//! sprites' paths with their fills and strokes, tinted as `sprite` tints pixels.

use super::markup::{hex, num};
use super::writer::Writer;
use crate::draw::assets::{self, SvgOp, SPRITE_VIEWBOX};
use crate::draw::raster::div255;
use crate::draw::sprite::{self, Fills, Key, Shape, MIN_STROKE_PX};
use crate::draw::text;
use crate::notation::board::{Color, Marker};
use crate::notation::fairy::FairyFigure;
use crate::options::piece_set::PieceSet;
use crate::pixels::{Rect, Rgb};
use std::fmt::Write as _;

impl Writer {
    /// The `<use>` of the symbol of sprite `key` on the square `rect`, turned as the key says.
    pub(super) fn placed(&mut self, key: &Key, rect: Rect) -> String {
        let color = if matches!(key.shape, Shape::Text(_) | Shape::HaloText(_)) { Color::White } else { key.color };
        let id = self.symbol(&key.shape, key.set, color, key.fills);
        let s = rect.width;
        let mut out = format!(r##"<use xlink:href="#s{id}" x="{}" y="{}" width="{s}" height="{s}""##, rect.x, rect.y);
        if !key.turns.is_multiple_of(4) {
            let centre = |v: u32| num(v as f32 + s as f32 / 2.0, 1);
            let _ = write!(
                out,
                r#" transform="rotate({} {} {})""#,
                90 * u32::from(key.turns % 4),
                centre(rect.x),
                centre(rect.y)
            );
        }
        out.push_str("/>\n");
        out
    }

    /// The id of the symbol showing `shape` in `color` with `fills` (those of [`Fills::for_color`]), defined now if
    /// it is new.
    fn symbol(&mut self, shape: &Shape, set: PieceSet, color: Color, fills: Fills) -> usize {
        let key = (shape.clone(), set, color, fills);
        if let Some(&(_, id)) = self.symbols.iter().find(|(known, _)| *known == key) {
            return id;
        }
        // Neutral symbols refer to the white and black ones, which are defined first.
        let (view, content) = self.symbol_content(shape, set, color, fills);
        let id = self.symbol_defs.len();
        self.symbol_defs.push(format!("<symbol id=\"s{id}\" viewBox=\"0 0 {view} {view}\">{content}</symbol>\n"));
        self.symbols.push((key, id));
        id
    }

    /// The side of the symbol's viewBox and its content: 45-unit sprite box for pieces and markers, pixels for
    /// text and discs (whose labels are placed in whole pixels, as the PNG places them). A piece with a tint (an
    /// extra colour, or its side's fill) is the white piece tinted, as `sprite` draws it.
    fn symbol_content(&mut self, shape: &Shape, set: PieceSet, color: Color, fills: Fills) -> (u32, String) {
        let size = self.size;
        let tint = fills.tint(color);
        let black = color == Color::Black && tint.is_none();
        match (shape, color) {
            (Shape::Text(text), _) => (size, self.text_symbol(text, false)),
            (Shape::HaloText(text), _) => (size, self.text_symbol(text, true)),
            (_, Color::Neutral) => {
                let white = self.symbol(shape, set, Color::White, fills.for_color(Color::White));
                let black = self.symbol(shape, set, Color::Black, fills.for_color(Color::Black));
                self.halves = true;
                let half = |id: usize, side: char| {
                    format!(r##"<use xlink:href="#s{id}" width="45" height="45" clip-path="url(#{side})"/>"##)
                };
                (45, format!("{}{}", half(white, 'L'), half(black, 'R')))
            }
            (Shape::Figure(figure), _) => {
                (45, self.sprite_paths(assets::figure_ops(set, *figure, black), tint, None, 1.0))
            }
            (Shape::Fairy(figure), _) => match assets::own_fairy_ops(set, *figure, black) {
                Some(ops) => (45, self.sprite_paths(ops, tint, None, 1.0)),
                None if assets::set_has_fairy(set, *figure) => (45, self.composed(set, *figure, black, tint)),
                None => (45, self.sprite_paths(assets::fairy_ops(*figure, black), tint, None, 1.0)),
            },
            (Shape::Marker(marker), _) => (45, self.marker(*marker, Self::body_color(black, tint))),
            (Shape::Disc(label), _) => (size, self.disc(label, Self::body_color(black, tint), black)),
        }
    }

    /// A colour of the cburnett sprites as drawn with `tint`: as it is without one, else its grey level times the
    /// tint (what `sprite` does to the white sprite's pixels).
    fn paint(rgb: [u8; 3], tint: Option<Rgb>) -> Rgb {
        match tint {
            Some(tint) => {
                let level = u16::from(rgb[0]);
                Rgb(
                    div255(level * u16::from(tint.0)),
                    div255(level * u16::from(tint.1)),
                    div255(level * u16::from(tint.2)),
                )
            }
            None => Rgb(rgb[0], rgb[1], rgb[2]),
        }
    }

    /// A fairy glyph composed of `set`'s pieces ([`assets::parts`]): each part's paths in a group that moves and
    /// scales it, as `sprite` places them; a seam (the black glyph's only) all in its colour.
    fn composed(&self, set: PieceSet, figure: FairyFigure, black: bool, tint: Option<Rgb>) -> String {
        let mut out = String::new();
        for part in assets::parts(figure).iter().filter(|p| black || !p.seam) {
            let ink = part.seam.then(|| Rgb(assets::SEAM[0], assets::SEAM[1], assets::SEAM[2]));
            let ops = assets::figure_ops(set, part.figure, black);
            let (x, y, s) = (num(part.x, 3), num(part.y, 3), num(part.scale, 3));
            let paths = self.sprite_paths(ops, tint, ink, part.scale);
            let _ = write!(out, r#"<g transform="translate({x} {y}) scale({s})">{paths}</g>"#);
        }
        out
    }

    /// The paths of a sprite, with their fills and strokes, the white one tinted with `tint`, every colour `ink`
    /// where given (a seam); `scale` is the group's it is drawn in (the thinnest stroke is that of the picture).
    fn sprite_paths(&self, ops: &[SvgOp], tint: Option<Rgb>, ink: Option<Rgb>, scale: f32) -> String {
        let paint = |rgb: [u8; 3]| ink.unwrap_or_else(|| Self::paint(rgb, tint));
        let mut out = String::new();
        for op in ops {
            let d = sprite_path_data(op);
            let fill = op.fill.as_ref().map(|f| {
                let rule = if f.even_odd { r#" fill-rule="evenodd""# } else { "" };
                format!(r#" fill="{}"{rule}{}"#, hex(paint(f.rgb)), opacity("fill", f.alpha))
            });
            let stroke = op.stroke.as_ref().map(|s| {
                let mut a = format!(
                    r#" stroke="{}" stroke-width="{}"{}"#,
                    hex(paint(s.rgb)),
                    num(s.width.max(self.min_stroke() / scale), 3),
                    opacity("stroke", s.alpha)
                );
                match s.cap {
                    1 => a.push_str(r#" stroke-linecap="round""#),
                    2 => a.push_str(r#" stroke-linecap="square""#),
                    _ => {}
                }
                match s.join {
                    1 => a.push_str(r#" stroke-linejoin="round""#),
                    2 => a.push_str(r#" stroke-linejoin="bevel""#),
                    _ if s.miter_limit != 4.0 => {
                        let _ = write!(a, r#" stroke-miterlimit="{}""#, num(s.miter_limit, 3));
                    }
                    _ => {}
                }
                a
            });
            match (fill, stroke) {
                // Stroke under the fill: two elements, in that order (what tiny-skia draws).
                (Some(fill), Some(stroke)) if op.stroke_first => {
                    let _ = write!(out, r#"<path d="{d}" fill="none"{stroke}/><path d="{d}"{fill}/>"#);
                }
                (Some(fill), stroke) => {
                    let _ = write!(out, r#"<path d="{d}"{fill}{}/>"#, stroke.unwrap_or_default());
                }
                (None, Some(stroke)) => {
                    let _ = write!(out, r#"<path d="{d}" fill="none"{stroke}/>"#);
                }
                (None, None) => {}
            }
        }
        out
    }

    /// The body colour of a marker or disc: the tint (an extra colour's, a side's fill), else black or white.
    fn body_color(black: bool, tint: Option<Rgb>) -> Rgb {
        tint.unwrap_or(if black { Rgb::BLACK } else { Rgb::WHITE })
    }

    /// A marker in the 45-unit box: its `body`, the pieces' black outline (as `sprite::marker_path`).
    fn marker(&self, marker: Marker, body: Rgb) -> String {
        let paint = format!(
            r#" fill="{}" stroke="{}" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round""#,
            hex(body),
            hex(Rgb::BLACK),
            num(1.5f32.max(self.min_stroke()), 3)
        );
        match marker {
            Marker::Circle => format!(
                r#"<circle cx="{c}" cy="{c}" r="{}"{paint}/>"#,
                num(sprite::MARKER_CIRCLE_RADIUS, 2),
                c = num(sprite::BOX_CENTRE, 2)
            ),
            Marker::Square => {
                let (corner, side) = (num(sprite::MARKER_SQUARE.0, 2), num(sprite::MARKER_SQUARE.1, 2));
                format!(r#"<rect x="{corner}" y="{corner}" width="{side}" height="{side}"{paint}/>"#)
            }
            Marker::Triangle => {
                let p = |(x, y): (f32, f32)| format!("{} {}", num(x, 2), num(y, 2));
                let [apex, right, left] = sprite::triangle_vertices();
                format!(r#"<path d="M{}L{}L{}Z"{paint}/>"#, p(apex), p(right), p(left))
            }
            Marker::Cross => {
                // `sprite::CROSS_OUTLINE` turned 45°: (x, y) → ((x − y)/√2, (x + y)/√2), no trigonometry.
                let points = sprite::CROSS_OUTLINE;
                let r = std::f32::consts::FRAC_1_SQRT_2;
                let mut d = String::new();
                for (i, (x, y)) in points.iter().enumerate() {
                    let (tx, ty) = ((x - y) * r + sprite::BOX_CENTRE, (x + y) * r + sprite::BOX_CENTRE);
                    let _ = write!(d, "{}{} {}", if i == 0 { 'M' } else { 'L' }, num(tx, 2), num(ty, 2));
                }
                format!(r#"<path d="{d}Z"{paint}/>"#)
            }
        }
    }

    /// The fallback disc of an unknown fairy piece, in pixels: the `body` with its outline and the label, black on a
    /// white or tinted disc, white on a `black` one (as `sprite` draws it).
    fn disc(&mut self, label: &str, body: Rgb, black: bool) -> String {
        let size = self.size as f32;
        let k = size / SPRITE_VIEWBOX;
        let mut out = format!(
            r#"<circle cx="{c}" cy="{c}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
            num(sprite::DISC_RADIUS * k, 3),
            hex(body),
            hex(Rgb::BLACK),
            num((1.5 * k).max(MIN_STROKE_PX), 3),
            c = num(sprite::BOX_CENTRE * k, 3),
        );
        let ink = if black { Rgb::WHITE } else { Rgb::BLACK };
        let label_box = size * sprite::DISC_LABEL_BOX;
        let px = text::fitted_px([label], label_box, label_box, 1.0);
        if let Some(run) = self.centred_run(label, px) {
            let _ = write!(out, r#"<g fill="{}">{run}</g>"#, hex(ink));
        }
        out
    }
}

/// A see-through paint's `fill-opacity` or `stroke-opacity` (none for an opaque one, as all of cburnett's are).
fn opacity(what: &str, alpha: u8) -> String {
    if alpha == 255 {
        return String::new();
    }
    format!(r#" {what}-opacity="{}""#, num(f32::from(alpha) / 255.0, 3))
}

/// The path data of one sprite path, in its 45-unit box (two decimals: 0.01 unit is 0.03 px at 128-px
/// squares).
fn sprite_path_data(op: &SvgOp) -> String {
    let mut d = String::new();
    let mut points = op.points.chunks_exact(2).map(|c| format!("{} {}", num(c[0], 2), num(c[1], 2)));
    let mut next = || points.next().unwrap_or_default();
    for &verb in op.verbs {
        let _ = match verb {
            0 => write!(d, "M{}", next()),
            1 => write!(d, "L{}", next()),
            2 => write!(d, "Q{} {}", next(), next()),
            3 => write!(d, "C{} {} {}", next(), next(), next()),
            _ => write!(d, "Z"),
        };
    }
    d
}
