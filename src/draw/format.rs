//! The outputs: each [`Format`] a diagram is served in, with everything that differs between them — the modern
//! route that asks for it, its content type, the last line of its cache key, the options its bytes depend on
//! ([`Format::fit`]), its modern link, the painter that writes it and the headers only it needs. The HTTP layer,
//! the link families and the CLI ask the format; none of them matches on it.
//!
//! Two pictures (PNG, SVG) and two outputs of words (`/diagram.txt`, `/diagram.json`: docs/words.md). A new output
//! is a variant here, its painter module, and its tests.
//!
//! ```
//! use ffen_diagram::{ffen, Format, RenderOptions};
//! assert_eq!(Format::at("/diagram.svg"), Some(Format::Svg));
//! assert_eq!(Format::Png.path(), "/diagram.png");
//! let board = ffen::parse("4k3/8/8/8/8/8/8/4K3", ffen::Dialect::Janko).unwrap();
//! let bytes = Format::Png.write(&board, &RenderOptions::default()).unwrap();
//! assert!(bytes.starts_with(b"\x89PNG"));
//! ```

use crate::draw::pngenc::EncodeError;
use crate::draw::{render, svg};
use crate::notation::board::Board;
use crate::notation::ffen;
use crate::options::furniture::Furniture;
use crate::options::language::{Form, Lang};
use crate::options::render_options::RenderOptions;
use crate::words::{self, json};
use std::fmt;
use std::str::FromStr;

/// A way a diagram is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// PNG: `/diagram.png`, and the links of every family that draws pictures in pixels.
    #[default]
    Png,
    /// SVG: `/diagram.svg` (docs/svg.md).
    Svg,
    /// The diagram in words: `/diagram.txt` (docs/words.md), the piece list or Popeye's input.
    Txt,
    /// The diagram as data: `/diagram.json` (docs/words.md).
    Json,
}

impl Format {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [Format; 4] = [Format::Png, Format::Svg, Format::Txt, Format::Json];

    /// The file extension, also the name of the format in the CLI (`--format svg`) and the cache key's last line.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Txt => "txt",
            Format::Json => "json",
        }
    }

    /// The modern route that answers this format: `/diagram.` and the extension.
    pub const fn path(self) -> &'static str {
        match self {
            Format::Png => "/diagram.png",
            Format::Svg => "/diagram.svg",
            Format::Txt => "/diagram.txt",
            Format::Json => "/diagram.json",
        }
    }

    /// The format whose modern route is exactly `path`, if any.
    pub fn at(path: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.path() == path)
    }

    /// The `Content-Type` of a diagram in this format.
    pub const fn content_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Svg => svg::SVG_CONTENT_TYPE,
            Format::Txt => "text/plain; charset=utf-8",
            Format::Json => "application/json",
        }
    }

    /// The `Content-Security-Policy` a diagram in this format is sent with, where it needs one: an SVG is a
    /// document a browser may open on its own ([`svg::SVG_CONTENT_SECURITY_POLICY`]).
    pub const fn security_policy(self) -> Option<&'static str> {
        match self {
            Format::Svg => Some(svg::SVG_CONTENT_SECURITY_POLICY),
            Format::Png | Format::Txt | Format::Json => None,
        }
    }

    /// Whether this format is a picture: its size in pixels and its predicted cost are checked against the limits
    /// before it is drawn. Words are never refused for the size their picture would have.
    pub const fn is_picture(self) -> bool {
        matches!(self, Format::Png | Format::Svg)
    }

    /// `options` with only what changes this format's bytes kept, everything else at its default, so that the cache
    /// key, the `ETag` and the modern link hold only that: a PNG drops `lang` and `form`; an SVG and the JSON drop
    /// `form` (the SVG's `<desc>` and the JSON's `description` are the piece list in `lang`; the JSON carries
    /// Popeye's input besides); the text keeps the words — `lang`, `form`, `title`, `caption`, and for the piece list
    /// `squares`, `arrows` and `lastmove` — and no look (Popeye's input is English and has no marks).
    ///
    /// ```
    /// use ffen_diagram::{Format, RenderOptions};
    /// let options = RenderOptions::from_pairs([("size", "60"), ("lang", "de"), ("caption", "#2")]).unwrap();
    /// assert_eq!(Format::Png.fit(&options).canonical(), "s60.f0.c0.gray.caption=#2");
    /// assert_eq!(Format::Svg.fit(&options).canonical(), "s60.f0.c0.gray.caption=#2.lang=de");
    /// assert_eq!(Format::Txt.fit(&options).canonical(), "s40.f0.c0.gray.caption=#2.lang=de");
    /// ```
    pub fn fit(self, options: &RenderOptions) -> RenderOptions {
        let mut fitted = options.clone();
        match self {
            Format::Png => (fitted.lang, fitted.form) = (Lang::default(), Form::default()),
            Format::Svg | Format::Json => fitted.form = Form::default(),
            Format::Txt => {
                let given = &options.furniture;
                let mut furniture =
                    Furniture { title: given.title.clone(), caption: given.caption.clone(), ..Furniture::default() };
                let mut lang = options.lang;
                match options.form {
                    Form::List => {
                        furniture.squares = given.squares.clone();
                        furniture.arrows = given.arrows.clone();
                        furniture.last_move = given.last_move;
                    }
                    Form::Popeye => lang = Lang::default(),
                }
                fitted = RenderOptions { furniture, lang, form: options.form, ..RenderOptions::default() };
            }
        }
        fitted
    }

    /// The modern link of this format for a canonical FFEN and options (relative to the origin): the route, the
    /// FFEN and the parameters of [`RenderOptions::link_pairs`] of the options [`Format::fit`] keeps. Following it
    /// gives the same response, with the same `ETag`.
    ///
    /// ```
    /// use ffen_diagram::{Format, RenderOptions};
    /// let options = RenderOptions::from_pairs([("size", "60"), ("lang", "fr")]).unwrap();
    /// assert_eq!(Format::Png.link("8/8", &options), "/diagram.png?ffen=8%2F8&size=60");
    /// assert_eq!(Format::Txt.link("8/8", &options), "/diagram.txt?ffen=8%2F8&lang=fr");
    /// ```
    pub fn link(self, canonical_ffen: &str, options: &RenderOptions) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("ffen", canonical_ffen);
        for (key, value) in self.fit(options).link_pairs() {
            query.append_pair(key, &value);
        }
        format!("{}?{}", self.path(), query.finish())
    }

    /// The diagram of `board` drawn with `options` in this format. Never panics; an `Err` is an internal failure
    /// of the PNG encoder, never the input's fault.
    pub fn write(self, board: &Board, options: &RenderOptions) -> Result<Vec<u8>, EncodeError> {
        match self {
            Format::Png => render::render_png(board, options),
            Format::Svg => Ok(svg::render_svg(board, options).into_bytes()),
            Format::Txt => Ok(words::text(board, options).into_bytes()),
            Format::Json => {
                let canonical = ffen::canonical(board);
                let links = json::Links {
                    png: Format::Png.link(&canonical, options),
                    svg: Format::Svg.link(&canonical, options),
                    txt: Format::Txt.link(&canonical, options),
                };
                Ok(json::json(board, options, &links).into_bytes())
            }
        }
    }
}

impl fmt::Display for Format {
    /// The extension.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

/// A name that is no format's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownFormat;

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.extension()).collect();
        write!(f, "unknown format: expected one of {}", names.join(", "))
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    /// A format's extension, in any case.
    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::ALL.into_iter().find(|f| f.extension().eq_ignore_ascii_case(name)).ok_or(UnknownFormat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_round_trips_through_its_name_and_its_route() {
        for format in Format::ALL {
            assert_eq!(format.to_string().parse(), Ok(format));
            assert_eq!(format.extension().to_uppercase().parse(), Ok(format));
            assert_eq!(Format::at(format.path()), Some(format));
            assert_eq!(format.path(), format!("/diagram.{format}"));
        }
        assert_eq!("gif".parse::<Format>(), Err(UnknownFormat));
        assert_eq!(Format::ALL.map(Format::is_picture), [true, true, false, false]);
        assert_eq!(Format::at("/diagram.svg/"), None);
    }
}
