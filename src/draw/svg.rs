//! SVG output: the diagram [`crate::draw::render`] draws, as a vector picture with the same layout, colours and shapes.
//!
//! Everything is placed with the PNG's own geometry ([`Layout`](crate::draw::layout::Layout), the sprite keys of
//! `render`, the text placement of `text` and `coords`), so the SVG rasterised at 1:1 matches the PNG up to
//! antialiasing (the parity tests in `tests/svg_parity.rs` measure how closely). What differs is only what a vector
//! picture does better:
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
//!
//! The parts: [`writer`] (the document's `<defs>` and body, the background, frame and squares), [`symbols`] (pieces,
//! markers and discs), [`glyphs`] (text as outlines), [`marks`] (highlights, the glow, crosses, arrows and circles,
//! the hatching) and [`markup`] (the number format, colours and path data).

mod glyphs;
mod marks;
mod markup;
mod symbols;
mod writer;

use writer::Writer;

use crate::draw::scene::Scene;
use crate::notation::board::Board;
use crate::options::render_options::RenderOptions;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::assets::FONT_BYTES;
    use crate::testing::janko;

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
