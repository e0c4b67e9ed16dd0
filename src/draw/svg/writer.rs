//! The document's writer: the `<defs>` collected while the body is written, the body in the PNG's order, the
//! background, the frame and the squares.

use super::marks::{glow_gradient, hatch_pattern, overlay_path, square_mark};
use super::markup::{hex, rect_path, rects_path, GlyphPath};
use crate::draw::assets::{FONT_BYTES, SPRITE_VIEWBOX};
use crate::draw::layout::{MarkPaint, TextLine};
use crate::draw::scene::{Scene, SquarePaint};
use crate::draw::sprite::{Fills, Shape, MIN_STROKE_PX};
use crate::notation::board::Color;
use crate::notation::paint::Paint;
use crate::options::piece_set::PieceSet;
use crate::options::theme::INK;
use crate::pixels::{Rect, Rgb};
use std::fmt::Write as _;

/// The background (paper or the `rim` colour; none where it is `transparent`), with the transparent holes and
/// squares cut out of it (even-odd: SVG cannot erase, so what the PNG clears is never painted), then the holes in
/// the `hole` colour.
fn background(scene: &Scene) -> String {
    let l = &scene.layout;
    let mut out = String::new();
    if let Paint::Solid(colour) = scene.background {
        let mut cut = String::new();
        for rect in scene.holes.iter().filter(|_| scene.hole_paint == Some(SquarePaint::Clear)) {
            rect_path(&mut cut, *rect);
        }
        for square in scene.squares.iter().filter(|s| s.paint == SquarePaint::Clear) {
            rect_path(&mut cut, square.rect);
        }
        if cut.is_empty() {
            let _ = writeln!(out, r#"<rect width="{}" height="{}" fill="{}"/>"#, l.width, l.height, hex(colour));
        } else {
            let mut d = String::new();
            rect_path(&mut d, Rect::new(0, 0, l.width, l.height));
            let _ = writeln!(out, r#"<path fill="{}" fill-rule="evenodd" d="{d}{cut}"/>"#, hex(colour));
        }
    }
    if let Some(SquarePaint::Solid(colour)) = scene.hole_paint {
        let d = rects_path(&scene.holes);
        if !d.is_empty() {
            let _ = writeln!(out, r#"<path fill="{}" d="{d}"/>"#, hex(colour));
        }
    }
    out
}

/// What one `<symbol>` shows: a sprite shape of a piece set in a colour with the fills it shows (text shapes have neither: always
/// [`Color::White`], no fills).
type SymbolKey = (Shape, PieceSet, Color, Fills);

/// Collects the `<defs>` while the body is written: symbols in order of first use, glyphs by id.
pub(super) struct Writer {
    /// The square size drawn, in pixels.
    pub(super) size: u32,
    /// The font, for glyph outlines (`None` only if the embedded file were unreadable: then no text is drawn,
    /// as in the PNG).
    pub(super) face: Option<ttf_parser::Face<'static>>,
    /// Symbol ids by what they show (a few dozen at most: a list costs the wasm less than a map).
    pub(super) symbols: Vec<(SymbolKey, usize)>,
    /// The `<symbol>` elements, in the order their ids were given.
    pub(super) symbol_defs: Vec<String>,
    /// Glyph ids whose outlines are used (and have one), in order (a sorted list costs the wasm less than a set).
    pub(super) glyphs: Vec<u16>,
    /// The clip paths of neutral pieces' halves are used.
    pub(super) halves: bool,
    /// The paper and ink of the hatching pattern (`print`'s dark squares), when it is used.
    hatch: Option<(Rgb, Rgb)>,
    /// The clip path of the frame (everything but the squares), when a square is transparent.
    frame_clip: Option<String>,
    /// The check's gradient is used.
    glow: bool,
}

impl Writer {
    pub(super) fn new(size: u32) -> Writer {
        Writer {
            size,
            face: ttf_parser::Face::parse(FONT_BYTES, 0).ok(),
            symbols: Vec::new(),
            symbol_defs: Vec::new(),
            glyphs: Vec::new(),
            halves: false,
            hatch: None,
            frame_clip: None,
            glow: false,
        }
    }

    /// The thinnest stroke in the 45-unit sprite box that is still [`MIN_STROKE_PX`] wide on the diagram.
    pub(super) fn min_stroke(&self) -> f32 {
        MIN_STROKE_PX * SPRITE_VIEWBOX / self.size.max(1) as f32
    }

    /// The `<defs>` element: glyph outlines by id, the clip paths and pattern if used, the symbols in id order.
    pub(super) fn defs(&self) -> String {
        let mut out = String::from("<defs>\n");
        if let Some(face) = &self.face {
            for &id in &self.glyphs {
                let mut path = GlyphPath(String::new());
                if face.outline_glyph(ttf_parser::GlyphId(id), &mut path).is_some() {
                    let _ = writeln!(out, r#"<path id="g{id}" d="{}"/>"#, path.0);
                }
            }
        }
        if self.halves {
            // The two halves of the 45-unit box, split on the piece's own vertical axis.
            out.push_str("<clipPath id=\"L\"><rect width=\"22.5\" height=\"45\"/></clipPath>\n");
            out.push_str("<clipPath id=\"R\"><rect x=\"22.5\" width=\"22.5\" height=\"45\"/></clipPath>\n");
        }
        if let Some((paper, ink)) = self.hatch {
            out.push_str(&hatch_pattern(self.size, paper, ink));
        }
        if self.glow {
            out.push_str(&glow_gradient());
        }
        if let Some(d) = &self.frame_clip {
            let _ = writeln!(out, r#"<clipPath id="f"><path clip-rule="evenodd" d="{d}"/></clipPath>"#);
        }
        for def in &self.symbol_defs {
            out.push_str(def);
        }
        out.push_str("</defs>\n");
        out
    }

    /// The drawing, after `<defs>`, in the PNG's order (`render::render_image`): the background (paper, or the
    /// `rim` colour; none where a look colour is `transparent`), painted holes, the frame, the squares, highlights
    /// and the check's glow, pieces, crossed squares, the `borders` grid, bordered squares, arrows and circles,
    /// coordinates, then title, caption and count.
    pub(super) fn body(&mut self, scene: &Scene) -> String {
        let mut out = background(scene);
        out.push_str(&self.outline(scene));
        let (squares, pieces) = self.squares(scene);
        out.push_str(&squares);
        let furniture = scene.furniture();
        for mark in &furniture.under {
            out.push_str(&square_mark(mark));
        }
        self.glow = furniture.under.iter().any(|mark| mark.paint == MarkPaint::Glow);
        out.push_str(&pieces);
        for mark in &furniture.crosses {
            out.push_str(&square_mark(mark));
        }
        let grid = rects_path(&scene.grid);
        if !grid.is_empty() {
            let _ = writeln!(out, r#"<path fill="{}" d="{grid}"/>"#, hex(INK));
        }
        for mark in &furniture.borders {
            out.push_str(&square_mark(mark));
        }
        for overlay in &furniture.over {
            out.push_str(&overlay_path(overlay));
        }
        if !scene.labels.is_empty() {
            out.push_str(&self.coordinates(&scene.labels, scene.text_ink));
        }
        // The text around the board is inked like the coordinates (readable on a dark `rim`).
        let lines: Vec<&TextLine> = scene.text_lines().collect();
        if !lines.is_empty() {
            let mut runs = String::new();
            for line in lines {
                runs.push_str(&self.glyph_run(&line.text, line.px, line.pen_x, line.baseline));
            }
            let _ = writeln!(out, "<g fill=\"{}\">{runs}</g>", hex(scene.text_ink));
        }
        out
    }

    /// The frame's path in ink. Where a square is transparent, clipped to outside the squares (its clip path
    /// recorded for `<defs>`): the PNG clears a transparent square after the frame, also where a frame bar's end
    /// reaches into it (a corner next to a hole).
    fn outline(&mut self, scene: &Scene) -> String {
        let frame = rects_path(&scene.outline);
        if frame.is_empty() {
            return String::new();
        }
        if !scene.has_clear_squares() {
            return format!("<path fill=\"{}\" d=\"{frame}\"/>\n", hex(INK));
        }
        let l = &scene.layout;
        let mut d = String::new();
        rect_path(&mut d, Rect::new(0, 0, l.width, l.height));
        for square in &scene.squares {
            rect_path(&mut d, square.rect);
        }
        self.frame_clip = Some(d);
        format!("<path fill=\"{}\" clip-path=\"url(#f)\" d=\"{frame}\"/>\n", hex(INK))
    }

    /// The squares' paths, and the pieces' `<use>`s (drawn after the highlights). One path per paint, in order of
    /// first appearance; on a board without holes or transparent squares the most frequent colour is one rectangle
    /// under the others.
    fn squares(&mut self, scene: &Scene) -> (String, String) {
        let l = &scene.layout;
        let (w, h) = scene.files_ranks;
        let mut paints: Vec<(SquarePaint, usize, String)> = Vec::new();
        let mut uses = String::new();
        for square in &scene.squares {
            let (rect, paint) = (square.rect, square.paint);
            match paints.iter_mut().find(|(p, _, _)| *p == paint) {
                Some((_, count, d)) => {
                    *count += 1;
                    rect_path(d, rect);
                }
                None => {
                    let mut d = String::new();
                    rect_path(&mut d, rect);
                    paints.push((paint, 1, d));
                }
            }
            if let Some(key) = &square.sprite {
                uses.push_str(&self.placed(key, rect));
            }
        }
        let base = if scene.holes.is_empty() && !scene.has_clear_squares() {
            let solid = paints.iter().filter(|(p, _, _)| matches!(p, SquarePaint::Solid(_)));
            // The first of the most frequent (max_by_key would take the last).
            solid.fold(None::<&(SquarePaint, usize, String)>, |best, p| match best {
                Some(b) if b.1 >= p.1 => Some(b),
                _ => Some(p),
            })
        } else {
            None
        };
        let mut out = String::new();
        let base_paint = base.map(|(p, _, _)| *p);
        if let Some(SquarePaint::Solid(colour)) = base_paint {
            let mut d = String::new();
            rect_path(&mut d, Rect::new(l.board_x, l.board_y, w as u32 * l.square, h as u32 * l.square));
            let _ = writeln!(out, r#"<path fill="{}" d="{d}"/>"#, hex(colour));
        }
        for (paint, _, d) in &paints {
            if Some(*paint) == base_paint {
                continue;
            }
            let fill = match *paint {
                SquarePaint::Solid(c) => hex(c),
                SquarePaint::Hatched { paper, ink } => {
                    self.hatch.get_or_insert((paper, ink));
                    "url(#h)".to_string()
                }
                SquarePaint::Clear => continue,
            };
            let _ = writeln!(out, r#"<path fill="{fill}" d="{d}"/>"#);
        }
        (out, uses)
    }
}
