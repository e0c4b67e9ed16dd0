//! SVG output: the diagram [`crate::draw::render`] draws, as a vector picture with the same layout, colours and shapes.
//!
//! Everything is placed with the PNG's own geometry ([`Layout`], the sprite keys of `render`, the text placement
//! of `text` and `coords`), so the SVG rasterised at 1:1 matches the PNG up to antialiasing (the parity tests in
//! `tests/svg_parity.rs` measure how closely). What differs is only what a vector picture does better:
//!
//! - **Pieces and markers** come from the same build-time vector data as the sprites (`assets::SPRITE_OPS`, the
//!   cburnett SVGs read by `build.rs`), each shape once in `<defs>` as a `<symbol>` in its 45×45 box and placed
//!   with `<use>`; a turned piece is the same symbol under `rotate()`. Neutral pieces are the white and black
//!   symbols clipped to their halves (the split turns with the piece, as in the PNG); extra colours 3–6 and the
//!   pieces of a side with a fill (`white_fill`, `black_fill`) are the white piece with its colours tinted exactly
//!   as `sprite` tints pixels. Outlines are widened to the PNG's
//!   0.75 px minimum at small sizes.
//! - **Text** (letters, numbers, fallback-disc labels, coordinates) is glyph outlines of the embedded font, read
//!   with `ttf-parser`: each glyph once in `<defs>` in font units, placed where the PNG puts its bitmap. No text
//!   from the request ever becomes markup.
//! - **Words** for screen readers: the root is `role="img"`, its `<title>` is the `title` furniture (or "Chess
//!   diagram" in `lang`) and its `<desc>` the description of docs/words.md, both XML-escaped: the only text
//!   elements, and text they stay.
//! - **Hatching** (`print`): a pattern tile of two diagonal bands anchored at the image origin, so the lines run on
//!   across squares as the PNG's do and stay straight lines at any zoom (a pixel staircase would print as one).
//!   The bands are drawn with `shape-rendering="crispEdges"`: at 1:1 a pixel is ink exactly where its centre is
//!   inside a band, which is exactly the PNG's set of ink pixels, so the hatching is as crisp on screen.
//! - **The check's glow** is a `<radialGradient>` with the PNG's stops (`mark_art`), smooth where the PNG draws
//!   it in rings of one colour; **an X** is its two bars stroked with round ends, the white outline under the core.
//!
//! Bytes are deterministic: numbers are written with a fixed number of decimals (trailing zeros dropped), ids are
//! given in drawing order, glyphs sorted by id, and no sine or cosine is computed (so the host and the wasm build
//! write the same digits). A change of these bytes is a new cache version (`http::CACHE_VERSION`).

use crate::draw::assets::{self, SvgOp, FONT_BYTES, SPRITE_OPS, SPRITE_VIEWBOX};
use crate::draw::coords::PlacedLabel;
use crate::draw::layout::{MarkPaint, Overlay, SquareMark, TextLine};
use crate::draw::mark_art::{GLOW_RADIUS, GLOW_STOPS, X_CORE, X_ENDS, X_OUTLINE};
use crate::draw::raster::div255;
use crate::draw::scene::{Scene, SquarePaint};
use crate::draw::sprite::{self, Fills, Key, Shape, MIN_STROKE_PX};
use crate::draw::text;
use crate::notation::board::{Board, Color, Marker};
use crate::notation::paint::Paint;
use crate::options::render_options::RenderOptions;
use crate::options::theme::{hatching, INK};
use crate::pixels::{Rect, Rgb};
use std::fmt::Write as _;

/// `Content-Security-Policy` of an SVG diagram: nothing may load or run (no scripts, styles, fonts, images or
/// connections), and an SVG opened on its own is a sandboxed document. The SVG needs none of it: it is
/// presentation attributes, and every reference in it is to its own `<defs>`.
pub const SVG_CONTENT_SECURITY_POLICY: &str = "default-src 'none'; sandbox";

/// The media type of [`render_svg`]'s output.
pub const SVG_CONTENT_TYPE: &str = "image/svg+xml";

/// Renders the diagram of `board` as an SVG document: the same picture as [`crate::render_png`], at the same
/// size in pixels (`width`/`height` and the `viewBox`), with a `<title>` and a `<desc>` in words. Never panics;
/// beyond the image limits it is drawn at the largest square size that fits, as the PNG is.
///
/// ```
/// use ffen_diagram::{ffen, render_svg, RenderOptions};
/// let board = ffen::parse("4k3/8/8/8/8/8/8/4K3", ffen::Dialect::Janko).unwrap();
/// let svg = render_svg(&board, &RenderOptions::default());
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains(r#"width="322" height="322" viewBox="0 0 322 322""#));
/// assert!(svg.contains("<title>Chess diagram</title>\n<desc>White (1): Ke1\nBlack (1): Ke8\n(1+1)</desc>"));
/// ```
pub fn render_svg(board: &Board, options: &RenderOptions) -> String {
    let scene = Scene::build(board, options);
    let l = &scene.layout;
    let mut writer = Writer::new(l.square);
    let body = writer.body(&scene);
    let mut out = String::with_capacity(body.len() + 4096);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img">"#,
        w = l.width,
        h = l.height
    );
    let (title, desc) = crate::words::title_and_desc(board, options);
    let _ = write!(out, "\n<title>{}</title>\n<desc>{}</desc>\n", xml_escape(&title), xml_escape(&desc));
    out.push_str(&writer.defs());
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// `text` safe inside an XML element or attribute: `&`, `<`, `>`, `"` and `'` as entities, and characters XML
/// cannot hold at all (control characters but tab and line breaks) as U+FFFD.
pub(crate) fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{fffe}' | '\u{ffff}') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// `v` with at most `decimals` (0–6) decimals, rounded half away from zero, trailing zeros and a trailing point
/// dropped (`12`, `12.5`, `-0.25`): the one number format of the output. Integer arithmetic on the exact product
/// (an `f32` times a power of ten up to 10⁶ is exact in `f64`), so the digits are the same on every platform, and no
/// float formatting code is linked into the Worker.
fn num(v: f32, decimals: u32) -> String {
    let decimals = decimals.min(6);
    let scaled = f64::from(v) * 10f64.powi(decimals as i32);
    if !scaled.is_finite() || scaled.abs() >= 1e15 {
        return "0".to_string();
    }
    let scaled = scaled.round() as i64;
    let unit = 10i64.pow(decimals);
    let (whole, mut fraction) = (scaled.abs() / unit, scaled.abs() % unit);
    let mut out = if scaled < 0 { format!("-{whole}") } else { whole.to_string() };
    if fraction != 0 {
        let mut digits = decimals as usize;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        out.push_str(&format!(".{fraction:0digits$}"));
    }
    out
}

/// `#rgb` when every channel is a doubled hex digit, else `#rrggbb`.
fn hex(c: Rgb) -> String {
    let Rgb(r, g, b) = c;
    if [r, g, b].iter().all(|v| v % 17 == 0) {
        format!("#{:x}{:x}{:x}", r / 17, g / 17, b / 17)
    } else {
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// A rectangle as a closed subpath (`M x y h w v h h -w z`), to collect many rectangles of one colour in one path.
fn rect_path(out: &mut String, r: Rect) {
    let _ = write!(out, "M{} {}h{}v{}h-{}z", r.x, r.y, r.width, r.height, r.width);
}

/// Path data of a glyph outline in font units (y up), collected by `ttf-parser`.
struct GlyphPath(String);

impl ttf_parser::OutlineBuilder for GlyphPath {
    fn move_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "M{} {}", num(x, 1), num(y, 1));
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let _ = write!(self.0, "L{} {}", num(x, 1), num(y, 1));
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let _ = write!(self.0, "Q{} {} {} {}", num(x1, 1), num(y1, 1), num(x, 1), num(y, 1));
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let _ =
            write!(self.0, "C{} {} {} {} {} {}", num(x1, 1), num(y1, 1), num(x2, 1), num(y2, 1), num(x, 1), num(y, 1));
    }

    fn close(&mut self) {
        self.0.push('Z');
    }
}

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

/// What one `<symbol>` shows: a sprite shape in a colour with the fills it shows (text shapes have neither: always
/// [`Color::White`], no fills).
type SymbolKey = (Shape, Color, Fills);

/// Collects the `<defs>` while the body is written: symbols in order of first use, glyphs by id.
struct Writer {
    /// The square size drawn, in pixels.
    size: u32,
    /// The font, for glyph outlines (`None` only if the embedded file were unreadable: then no text is drawn,
    /// as in the PNG).
    face: Option<ttf_parser::Face<'static>>,
    /// Symbol ids by what they show (a few dozen at most: a list costs the wasm less than a map).
    symbols: Vec<(SymbolKey, usize)>,
    /// The `<symbol>` elements, in the order their ids were given.
    symbol_defs: Vec<String>,
    /// Glyph ids whose outlines are used (and have one), in order (a sorted list costs the wasm less than a set).
    glyphs: Vec<u16>,
    /// The clip paths of neutral pieces' halves are used.
    halves: bool,
    /// The paper and ink of the hatching pattern (`print`'s dark squares), when it is used.
    hatch: Option<(Rgb, Rgb)>,
    /// The clip path of the frame (everything but the squares), when a square is transparent.
    frame_clip: Option<String>,
    /// The check's gradient is used.
    glow: bool,
}

impl Writer {
    fn new(size: u32) -> Writer {
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
    fn min_stroke(&self) -> f32 {
        MIN_STROKE_PX * SPRITE_VIEWBOX / self.size.max(1) as f32
    }

    /// The `<defs>` element: glyph outlines by id, the clip paths and pattern if used, the symbols in id order.
    fn defs(&self) -> String {
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
    fn body(&mut self, scene: &Scene) -> String {
        let mut out = background(scene);
        out.push_str(&self.frame(scene));
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
    fn frame(&mut self, scene: &Scene) -> String {
        let frame = rects_path(&scene.frame);
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

    /// The `<use>` of the symbol of sprite `key` on the square `rect`, turned as the key says.
    fn placed(&mut self, key: &Key, rect: Rect) -> String {
        let color = if matches!(key.shape, Shape::Text(_) | Shape::HaloText(_)) { Color::White } else { key.color };
        let id = self.symbol(&key.shape, color, key.fills);
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
    fn symbol(&mut self, shape: &Shape, color: Color, fills: Fills) -> usize {
        let key = (shape.clone(), color, fills);
        if let Some(&(_, id)) = self.symbols.iter().find(|(known, _)| *known == key) {
            return id;
        }
        // Neutral symbols refer to the white and black ones, which are defined first.
        let (view, content) = self.symbol_content(shape, color, fills);
        let id = self.symbol_defs.len();
        self.symbol_defs.push(format!("<symbol id=\"s{id}\" viewBox=\"0 0 {view} {view}\">{content}</symbol>\n"));
        self.symbols.push((key, id));
        id
    }

    /// The side of the symbol's viewBox and its content: 45-unit sprite box for pieces and markers, pixels for
    /// text and discs (whose labels are placed in whole pixels, as the PNG places them). A piece with a tint (an
    /// extra colour, or its side's fill) is the white piece tinted, as `sprite` draws it.
    fn symbol_content(&mut self, shape: &Shape, color: Color, fills: Fills) -> (u32, String) {
        let size = self.size;
        let tint = fills.tint(color);
        let black = color == Color::Black && tint.is_none();
        match (shape, color) {
            (Shape::Text(text), _) => (size, self.text_symbol(text, false)),
            (Shape::HaloText(text), _) => (size, self.text_symbol(text, true)),
            (_, Color::Neutral) => {
                let white = self.symbol(shape, Color::White, fills.for_color(Color::White));
                let black = self.symbol(shape, Color::Black, fills.for_color(Color::Black));
                self.halves = true;
                let half = |id: usize, side: char| {
                    format!(r##"<use xlink:href="#s{id}" width="45" height="45" clip-path="url(#{side})"/>"##)
                };
                (45, format!("{}{}", half(white, 'L'), half(black, 'R')))
            }
            (Shape::Figure(figure), _) => {
                let index = crate::notation::board::Figure::ALL.iter().position(|f| f == figure).unwrap_or(0);
                let ops = SPRITE_OPS[index + if black { 6 } else { 0 }];
                (45, self.sprite_paths(ops, tint))
            }
            (Shape::Fairy(figure), _) => (45, self.sprite_paths(assets::fairy_ops(*figure, black), tint)),
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

    /// The paths of a cburnett sprite, with their fills and strokes, the white one tinted with `tint`.
    fn sprite_paths(&self, ops: &[SvgOp], tint: Option<Rgb>) -> String {
        let mut out = String::new();
        for op in ops {
            let d = sprite_path_data(op);
            let fill = op.fill.as_ref().map(|f| {
                let rule = if f.even_odd { r#" fill-rule="evenodd""# } else { "" };
                format!(r#" fill="{}"{rule}"#, hex(Self::paint(f.rgb, tint)))
            });
            let stroke = op.stroke.as_ref().map(|s| {
                let mut a = format!(
                    r#" stroke="{}" stroke-width="{}""#,
                    hex(Self::paint(s.rgb, tint)),
                    num(s.width.max(self.min_stroke()), 3)
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

    /// Letters and numbers in pixels: black, as tall and wide as the PNG's ([`sprite::TEXT_HEIGHT`],
    /// [`sprite::TEXT_WIDTH`]), centred; with a white halo on hatched squares (the PNG dilates the ink by
    /// [`sprite::halo_radius`] pixels; here a round stroke twice as wide).
    fn text_symbol(&mut self, text: &str, halo: bool) -> String {
        let size = self.size as f32;
        let px = text::fitted_px([text], size * sprite::TEXT_HEIGHT, size, sprite::TEXT_WIDTH);
        let radius = sprite::halo_radius(self.size) as f32;
        let mut out = String::new();
        if halo {
            if let Some(run) = self.centred_run(text, px) {
                let width = 2.0 * 1.12 * radius / (px / self.units_per_em());
                let _ = write!(
                    out,
                    r#"<g fill="{w}" stroke="{w}" stroke-width="{}" stroke-linejoin="round">{run}</g>"#,
                    num(width, 1),
                    w = hex(Rgb::WHITE)
                );
            }
        }
        if let Some(run) = self.centred_run(text, px) {
            let _ = write!(out, r#"<g fill="{}">{run}</g>"#, hex(Rgb::BLACK));
        }
        out
    }

    fn units_per_em(&self) -> f32 {
        self.face.as_ref().map_or(2048.0, |f| f32::from(f.units_per_em()))
    }

    /// `text` at `px` with its ink centred in the square as `sprite::draw_centred` centres the bitmap (an odd
    /// leftover pixel right and down); `None` if it has no ink.
    fn centred_run(&mut self, text: &str, px: f32) -> Option<String> {
        let coverage = text::rasterize(text, px)?;
        let size = i64::from(self.size);
        let x = (size - coverage.mask.width as i64).div_euclid(2) - i64::from(coverage.left);
        let y = (size - coverage.mask.height as i64).div_euclid(2) - i64::from(coverage.top);
        Some(self.glyph_run(text, px, x, y))
    }

    /// The glyphs of `text` at `px` with the pen starting at `x` on the baseline `y` (pixels), each placed where
    /// [`text::rasterize`] puts its bitmap: `<use>`s of the glyph outlines, painted by the enclosing element.
    fn glyph_run(&mut self, text: &str, px: f32, x: i64, y: i64) -> String {
        let mut out = String::new();
        let Some(face) = &self.face else { return out };
        let px = if px.is_finite() { px.clamp(1.0, 512.0) } else { 12.0 };
        let k = num(px / f32::from(face.units_per_em()), 6);
        for (c, pen) in text::pen_positions(text, px) {
            let Some(glyph) = face.glyph_index(c) else { continue };
            if face.glyph_bounding_box(glyph).is_none() {
                continue; // no outline (a space)
            }
            if let Err(at) = self.glyphs.binary_search(&glyph.0) {
                self.glyphs.insert(at, glyph.0);
            }
            let _ = write!(
                out,
                r##"<use xlink:href="#g{}" transform="matrix({k} 0 0 -{k} {} {y})"/>"##,
                glyph.0,
                x + i64::from(pen)
            );
        }
        out
    }

    /// File letters below and rank numbers left of the board (the `files` / `ranks` labels when given, blank ones
    /// drawing nothing, else letters from `a` and numbers from `first_rank`) in `ink`, where the scene placed
    /// their bitmaps.
    fn coordinates(&mut self, labels: &[PlacedLabel], ink: Rgb) -> String {
        let mut runs = String::new();
        for label in labels {
            // The pen position the bitmap was placed from.
            let (pen_x, baseline) =
                (label.left - i64::from(label.coverage.left), label.top - i64::from(label.coverage.top));
            runs.push_str(&self.glyph_run(&label.text, label.px, pen_x, baseline));
        }
        format!("<g fill=\"{}\">\n{runs}\n</g>\n", hex(ink))
    }
}

/// The path data of one cburnett sprite path, in its 45-unit box (two decimals: 0.01 unit is 0.03 px at 128-px
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

/// Rectangles (holes, the bars of `Layout::frame_bars` and `Layout::grid_bars`) as one path's data.
fn rects_path(bars: &[Rect]) -> String {
    let mut d = String::new();
    for &bar in bars {
        rect_path(&mut d, bar);
    }
    d
}

/// A marked square as the PNG paints it (`marks::draw_mark`): a highlight, the square in its colour at its opacity;
/// the check's glow, the square filled with its gradient; an X, its bars stroked; or XFEN's border, a box of ink
/// along the inside of the square's edges.
fn square_mark(mark: &SquareMark) -> String {
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
    }
}

/// The id of the check's gradient in `<defs>` (no other id of the document is `c`: glyphs are `g…`, symbols `s…`,
/// the clip paths `L`, `R` and `f`, the hatching `h`).
const GLOW_ID: &str = "c";

/// The check's glow as a radial gradient over the box of what it fills (a square): [`GLOW_STOPS`] out to
/// [`GLOW_RADIUS`] of the side, transparent beyond the last stop, as `mark_art` draws it in rings.
fn glow_gradient() -> String {
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

/// An opacity of 0–255 as SVG writes it (4 decimals: every byte value comes back when a viewer multiplies by 255).
fn opacity(alpha: u8) -> String {
    num(f32::from(alpha) / 255.0, 4)
}

/// An arrow (its seven corners, non-zero fill) or a circle (the ring between two circles, even-odd fill) in its
/// colour at its opacity, as the PNG paints it (`render::draw_overlay`).
fn overlay_path(overlay: &Overlay) -> String {
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
fn hatch_pattern(size: u32, paper: Rgb, ink: Rgb) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::janko;

    #[test]
    fn numbers_have_a_fixed_form() {
        assert_eq!(num(12.0, 2), "12");
        assert_eq!(num(12.5, 2), "12.5");
        assert_eq!(num(-0.001, 2), "0");
        assert_eq!(num(-0.25, 2), "-0.25");
        assert_eq!(num(0.125, 2), "0.13");
        assert_eq!(num(0.05, 1), "0.1");
        assert_eq!(num(1234.5, 0), "1235");
        assert_eq!(num(0.000_001, 6), "0.000001");
        assert_eq!(num(1e30, 2), "0");
        assert_eq!(num(1.0 / 3.0, 6), "0.333333");
        assert_eq!(num(f32::NAN, 2), "0");
        assert_eq!(hex(Rgb(255, 255, 255)), "#fff");
        assert_eq!(hex(Rgb(0xb4, 0xb4, 0xb4)), "#b4b4b4");
    }

    /// Every `id="…"` of a document, in order.
    fn ids(svg: &str) -> Vec<&str> {
        svg.split(" id=\"").skip(1).filter_map(|rest| rest.split('"').next()).collect()
    }

    /// The check is a rectangle filled with one radial gradient of lichess' stops, defined once, only when used,
    /// under an id no other element of the document has; crossed squares are two stroked bars each, white then the
    /// core, over the pieces.
    #[test]
    fn the_check_is_a_radial_gradient_and_an_x_is_two_strokes() {
        let board = janko("4k3/8/8/8/8/8/8/R3K3");
        let plain = render_svg(&board, &RenderOptions::default());
        assert!(!plain.contains("radialGradient") && !plain.contains(r#"stroke-linecap="round" d="M"#));
        let pairs = [("check", "e8"), ("squares", "a1,Gd8,Rb8"), ("squares_style", "x"), ("borders", "1")];
        let svg = render_svg(&board, &crate::testing::options_from(&pairs));
        let gradient = concat!(
            r##"<radialGradient id="c" r="0.7071"><stop offset="0" stop-color="#f00"/><stop offset="0.25" "##,
            r##"stop-color="#e70000"/><stop offset="0.89" stop-color="#a90000" stop-opacity="0"/></radialGradient>"##
        );
        assert_eq!(svg.matches(gradient).count(), 1, "{svg}");
        // e8 at 40-px squares, inside the frame (1 px).
        assert_eq!(svg.matches(r##"fill="url(#c)""##).count(), 1);
        assert!(svg.contains(r##"<rect x="161" y="1" width="40" height="40" fill="url(#c)"/>"##), "{svg}");
        let mut all = ids(&svg);
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count, "an id twice: {svg}");
        // Three crossed squares: a white outline and a core each, the core in the colour letter's colour or black.
        assert_eq!(svg.matches(r##"stroke="#fff" stroke-width="4.862""##).count(), 3);
        for core in ["#000", "#15781b", "#c81e1e"] {
            assert_eq!(svg.matches(&format!(r#"stroke="{core}" stroke-width="1.858""#)).count(), 1, "{core}");
        }
        // After the pieces (the glow before them).
        let body = &svg[svg.find("</defs>").unwrap()..];
        let at = |text: &str| body.find(text).unwrap();
        let (glow, piece, cross) = (at("url(#c)"), at("<use xlink:href=\"#s"), at(r#"stroke-linecap="round" d="M"#));
        assert!(glow < piece && piece < cross);
    }

    /// A piece of a side with a fill is the white piece's symbol with its white tinted, as the PNG draws it: a
    /// black king filled blue is the white king filled blue; a neutral one refers to both filled halves. Letters
    /// are no pieces. `squares_color` is a highlight at opacity 128/255.
    #[test]
    fn filled_pieces_are_the_white_symbols_tinted() {
        let fills =
            [("white_fill", "#ffd700"), ("black_fill", "#40a0ff"), ("squares", "e4,Rd4"), ("squares_color", "ffcccc")];
        let o = crate::testing::options_from(&fills);
        // The drawing after the words (whose `<desc>` says which side the king is).
        let body = |svg: String| svg[svg.find("</desc>").unwrap()..].to_string();
        let (white, black) = (render_svg(&janko("8/8/8/8/4K3/8/8/8"), &o), render_svg(&janko("8/8/8/8/4k3/8/8/8"), &o));
        let blue = crate::testing::options_from(&[
            ("white_fill", "#40a0ff"),
            ("squares", "e4,Rd4"),
            ("squares_color", "ffcccc"),
        ]);
        assert_eq!(body(black), body(render_svg(&janko("8/8/8/8/4K3/8/8/8"), &blue)));
        assert!(white.contains(r##"fill="#ffd700""##) && !white.contains(r##"fill="#40a0ff""##), "{white}");
        assert!(white.contains(r##"<path fill="#fcc" fill-opacity="0.502" d="M161 161h40v40h-40z"/>"##), "{white}");
        let neutral = render_svg(&janko("8/8/8/8/4-k'a2/8/8/8"), &o);
        assert_eq!(neutral.matches("<symbol ").count(), 4, "{neutral}");
        for colour in ["#ffd700", "#40a0ff"] {
            assert!(neutral.contains(&format!(r#"fill="{colour}""#)), "{colour}: {neutral}");
        }
        assert!(neutral.contains(r##"clip-path="url(#L)""##) && neutral.contains(r##"clip-path="url(#R)""##));
    }

    #[test]
    fn xml_escape_leaves_no_markup() {
        assert_eq!(xml_escape(r#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
        assert_eq!(xml_escape("a\u{0}b\u{1b}"), "a\u{fffd}b\u{fffd}");
    }

    #[test]
    fn the_title_and_desc_are_words_escaped() {
        let board = janko("'a''12*1'b5/8");
        let svg = render_svg(&board, &RenderOptions::default());
        assert!(svg.contains(r#" role="img">"#), "{svg}");
        assert!(
            svg.contains(
                "<title>Chess diagram</title>\n<desc>Board 8×2\nEmpty board\nLetters: a a2, 12 b2, b c2</desc>"
            ),
            "{svg}"
        );
        assert_eq!(svg.matches("<title>").count(), 1);
        assert!(!svg.contains("<text"));
        let options = RenderOptions::from_pairs([("title", "Šulc & <Ko>"), ("lang", "de")]).unwrap();
        let svg = render_svg(&janko("K"), &options);
        assert!(svg.contains("<title>Šulc &amp; &lt;Ko&gt;</title>\n<desc>Brett 1×1\nWeiß (1): Ka1\n(1+0)</desc>"));
    }

    /// A title and caption full of markup: drawn as glyph outlines, and written in the `<title>` and `<desc>` as
    /// escaped text, so none of it is markup in the document.
    #[test]
    fn furniture_text_is_outlines_never_markup() {
        let board = janko("4k3/8/8/8/8/8/8/4K3");
        let markup = r#"<script>alert("x")</script>&amp;'"#;
        let options =
            RenderOptions::from_pairs([("title", markup), ("caption", "</svg><svg onload=alert(1)>"), ("count", "1")])
                .unwrap();
        let svg = render_svg(&board, &options);
        for bad in ["<script", "</svg><svg", "<svg onload", "&amp;'"] {
            assert!(!svg.contains(bad), "{bad} in {svg}");
        }
        assert_eq!(svg.matches("<svg").count(), 1);
        assert!(svg.contains("<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;amp;&apos;</title>"));
        assert!(svg.contains("(1+1)\n&lt;/svg&gt;&lt;svg onload=alert(1)&gt;</desc>"), "{svg}");
        // Every glyph of the two texts and the count is defined once and used.
        let face = ttf_parser::Face::parse(FONT_BYTES, 0).unwrap();
        for c in "<script>alert(\"x\")&;'/ onload=(1+1)".chars().filter(|c| *c != ' ') {
            let id = face.glyph_index(c).unwrap().0;
            assert_eq!(svg.matches(&format!("<path id=\"g{id}\"")).count(), 1, "{c}");
            assert!(svg.contains(&format!("#g{id}\"")), "{c}");
        }
    }
}
