//! Rendering options: one plain struct, read from URL query pairs, with a canonical text form for the cache key.
//!
//! | parameter | values | default |
//! |---|---|---|
//! | `size` | square size in pixels, [`MIN_SQUARE_SIZE`]..=[`MAX_SQUARE_SIZE`] | [`DEFAULT_SQUARE_SIZE`] (40) |
//! | `flip` | `1`/`true`/`yes`/`on` or `0`/`false`/`no`/`off` (empty = on) | off: the board as written, a1 lower left |
//! | `coords` | same as `flip` | off |
//! | `theme` | `gray` (alias `grey`), `print`, `brown`, `blue`, `green` | `gray` |
//! | `light`, `dark` | `RRGGBB` hex, optional `#`: custom square colours replacing the theme's | the theme's |
//!
//! Unknown parameters are ignored; when a parameter is repeated the last value wins.

use crate::theme::{Rgb, Theme};
use std::fmt;

/// The smallest square size, in pixels.
pub const MIN_SQUARE_SIZE: u32 = 12;
/// The largest square size, in pixels.
pub const MAX_SQUARE_SIZE: u32 = 128;
/// The default square size, in pixels.
pub const DEFAULT_SQUARE_SIZE: u32 = 40;

/// How to draw a board. Every field is part of the cache key (see [`RenderOptions::canonical`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Side of one square in pixels, [`MIN_SQUARE_SIZE`]..=[`MAX_SQUARE_SIZE`].
    pub size: u32,
    /// Turn the board by 180° (seen from the upper side: h8 lower left on an 8×8 board).
    pub flip: bool,
    /// Draw file letters below and rank numbers left of the board, outside the frame.
    pub coords: bool,
    /// The named colour theme.
    pub theme: Theme,
    /// A custom colour for the light squares, replacing the theme's.
    pub light: Option<Rgb>,
    /// A custom colour for the dark squares, replacing the theme's (and its hatching).
    pub dark: Option<Rgb>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            size: DEFAULT_SQUARE_SIZE,
            flip: false,
            coords: false,
            theme: Theme::default(),
            light: None,
            dark: None,
        }
    }
}

/// An option value that cannot be used: which parameter, the value given, and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    /// The query parameter name (`size`, `flip`, …).
    pub parameter: &'static str,
    /// The value given (shortened to 32 characters).
    pub value: String,
    /// What the parameter accepts.
    pub expected: &'static str,
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad value {:?} for `{}`: expected {}", self.value, self.parameter, self.expected)
    }
}

impl std::error::Error for OptionError {}

const SIZE_EXPECTED: &str = "a square size in pixels from 12 to 128";
const BOOL_EXPECTED: &str = "1, 0, true or false";
const THEME_EXPECTED: &str = "one of gray, print, brown, blue, green";
const COLOR_EXPECTED: &str = "a colour as six hex digits RRGGBB, with or without #";

fn error(parameter: &'static str, value: &str, expected: &'static str) -> OptionError {
    OptionError { parameter, value: value.chars().take(32).collect(), expected }
}

fn parse_bool(parameter: &'static str, value: &str) -> Result<bool, OptionError> {
    match value.to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(error(parameter, value, BOOL_EXPECTED)),
    }
}

impl RenderOptions {
    /// Options from query pairs such as `[("size", "60"), ("flip", "1")]`; unknown keys are ignored, the last of a
    /// repeated key wins, missing keys keep their defaults.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<RenderOptions, OptionError> {
        let mut options = RenderOptions::default();
        for (key, value) in pairs {
            let value = value.trim();
            match key {
                "size" => {
                    options.size = value
                        .parse::<u32>()
                        .ok()
                        .filter(|s| (MIN_SQUARE_SIZE..=MAX_SQUARE_SIZE).contains(s))
                        .ok_or_else(|| error("size", value, SIZE_EXPECTED))?;
                }
                "flip" => options.flip = parse_bool("flip", value)?,
                "coords" => options.coords = parse_bool("coords", value)?,
                "theme" => {
                    options.theme = Theme::from_name(value).ok_or_else(|| error("theme", value, THEME_EXPECTED))?
                }
                "light" => {
                    options.light = Some(Rgb::parse_hex(value).ok_or_else(|| error("light", value, COLOR_EXPECTED))?)
                }
                "dark" => {
                    options.dark = Some(Rgb::parse_hex(value).ok_or_else(|| error("dark", value, COLOR_EXPECTED))?)
                }
                _ => {}
            }
        }
        Ok(options)
    }

    /// The square size clamped into [`MIN_SQUARE_SIZE`]..=[`MAX_SQUARE_SIZE`] (the renderer never sees another).
    pub fn square_size(&self) -> u32 {
        self.size.clamp(MIN_SQUARE_SIZE, MAX_SQUARE_SIZE)
    }

    /// A short stable text form for the cache key, e.g. `s40.f0.c0.gray` or `s60.f1.c1.print.l=ffffff.d=b0b0b0`:
    /// options that draw the same picture give equal strings (the size is the clamped one that is drawn), different ones
    /// different strings.
    pub fn canonical(&self) -> String {
        let mut text = format!(
            "s{}.f{}.c{}.{}",
            self.square_size(),
            u8::from(self.flip),
            u8::from(self.coords),
            self.theme.name()
        );
        if let Some(light) = self.light {
            text.push_str(&format!(".l={light}"));
        }
        if let Some(dark) = self.dark {
            text.push_str(&format!(".d={dark}"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(pairs: &[(&'static str, &'static str)]) -> Result<RenderOptions, OptionError> {
        RenderOptions::from_pairs(pairs.iter().copied())
    }

    #[test]
    fn canonical_names_the_size_actually_drawn() {
        // A struct built in code may hold any size; the renderer clamps it, and so must the cache key.
        let big = RenderOptions { size: 500, ..RenderOptions::default() };
        let max = RenderOptions { size: MAX_SQUARE_SIZE, ..RenderOptions::default() };
        assert_eq!(big.canonical(), max.canonical());
        let tiny = RenderOptions { size: 1, ..RenderOptions::default() };
        assert_eq!(tiny.canonical(), "s12.f0.c0.gray");
    }

    #[test]
    fn defaults() {
        let o = opts(&[]).unwrap();
        assert_eq!(o, RenderOptions::default());
        assert_eq!(o.canonical(), "s40.f0.c0.gray");
    }

    #[test]
    fn reads_every_parameter_and_ignores_unknown_ones() {
        let o = opts(&[
            ("size", "60"),
            ("flip", "1"),
            ("coords", "true"),
            ("theme", "Print"),
            ("light", "#FFEEDD"),
            ("dark", "102030"),
            ("ffen", "8/8"),
            ("whatever", "x"),
        ])
        .unwrap();
        assert_eq!(o.size, 60);
        assert!(o.flip && o.coords);
        assert_eq!(o.theme, Theme::Print);
        assert_eq!(o.light, Some(Rgb(0xff, 0xee, 0xdd)));
        assert_eq!(o.dark, Some(Rgb(0x10, 0x20, 0x30)));
        assert_eq!(o.canonical(), "s60.f1.c1.print.l=ffeedd.d=102030");
    }

    #[test]
    fn size_range_edges() {
        assert_eq!(opts(&[("size", "12")]).unwrap().size, 12);
        assert_eq!(opts(&[("size", "128")]).unwrap().size, 128);
        for bad in ["11", "129", "0", "-5", "40px", "", "4e1", "99999999999999999999"] {
            let e = opts(&[("size", bad)]).unwrap_err();
            assert_eq!(e.parameter, "size");
            assert!(e.to_string().contains("12 to 128"), "{e}");
        }
    }

    #[test]
    fn booleans() {
        for (v, want) in [("0", false), ("1", true), ("true", true), ("FALSE", false), ("", true), ("off", false)] {
            assert_eq!(opts(&[("flip", v)]).unwrap().flip, want, "{v}");
            assert_eq!(opts(&[("coords", v)]).unwrap().coords, want, "{v}");
        }
        let e = opts(&[("flip", "2")]).unwrap_err();
        assert_eq!(e.parameter, "flip");
        assert!(e.to_string().contains("`flip`"));
    }

    #[test]
    fn bad_theme_and_colours_name_the_parameter() {
        assert_eq!(opts(&[("theme", "pink")]).unwrap_err().parameter, "theme");
        assert_eq!(opts(&[("light", "fff")]).unwrap_err().parameter, "light");
        assert_eq!(opts(&[("dark", "zzzzzz")]).unwrap_err().parameter, "dark");
        let long = "x".repeat(1000);
        let e = RenderOptions::from_pairs([("theme", long.as_str())]).unwrap_err();
        assert!(e.value.len() <= 32);
    }

    #[test]
    fn last_value_wins() {
        assert_eq!(opts(&[("size", "20"), ("size", "30")]).unwrap().size, 30);
    }

    #[test]
    fn canonical_separates_different_options() {
        let variants = [
            opts(&[]).unwrap(),
            opts(&[("size", "41")]).unwrap(),
            opts(&[("flip", "1")]).unwrap(),
            opts(&[("coords", "1")]).unwrap(),
            opts(&[("theme", "blue")]).unwrap(),
            opts(&[("light", "ffffff")]).unwrap(),
            opts(&[("dark", "ffffff")]).unwrap(),
            opts(&[("light", "ffffff"), ("dark", "ffffff")]).unwrap(),
        ];
        for (i, a) in variants.iter().enumerate() {
            for b in &variants[i + 1..] {
                assert_ne!(a.canonical(), b.canonical());
            }
        }
    }
}
