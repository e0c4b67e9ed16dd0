//! The outputs: each [`Format`] a diagram is served in, with everything that differs between them — the modern
//! route that asks for it, its content type, the last line of its cache key, the painter that writes it and the
//! headers only it needs. The HTTP layer, the link families and the CLI ask the format; none of them matches on it.
//!
//! A new output is a variant here, its painter module, and its tests.
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
use crate::options::render_options::RenderOptions;
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
}

impl Format {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [Format; 2] = [Format::Png, Format::Svg];

    /// The file extension, also the name of the format in the CLI (`--format svg`) and the cache key's last line.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }

    /// The modern route that answers this format: `/diagram.` and the extension.
    pub const fn path(self) -> &'static str {
        match self {
            Format::Png => "/diagram.png",
            Format::Svg => "/diagram.svg",
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
        }
    }

    /// The `Content-Security-Policy` a diagram in this format is sent with, where it needs one: an SVG is a
    /// document a browser may open on its own ([`svg::SVG_CONTENT_SECURITY_POLICY`]).
    pub const fn security_policy(self) -> Option<&'static str> {
        match self {
            Format::Png => None,
            Format::Svg => Some(svg::SVG_CONTENT_SECURITY_POLICY),
        }
    }

    /// The diagram of `board` drawn with `options` in this format. Never panics; an `Err` is an internal failure
    /// of the PNG encoder, never the input's fault.
    pub fn write(self, board: &Board, options: &RenderOptions) -> Result<Vec<u8>, EncodeError> {
        match self {
            Format::Png => render::render_png(board, options),
            Format::Svg => Ok(svg::render_svg(board, options).into_bytes()),
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
        assert_eq!(Format::at("/diagram.svg/"), None);
    }
}
