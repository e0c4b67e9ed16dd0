//! Board colour themes: the named looks of the `theme` option and the tints of Bodlaender's extra colours.

use crate::notation::board::Color;
use crate::pixels::Rgb;

/// Paper white: the background of the image (holes, the coordinate margin).
pub const PAPER: Rgb = Rgb(255, 255, 255);

/// The frame and the ink of letters, numbers and coordinates.
pub const INK: Rgb = Rgb(0, 0, 0);

/// A named look of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The default: white light squares and mid-grey dark squares, close to a printed diagram but calm on screen.
    #[default]
    Gray,
    /// Print style: white light squares, dark squares hatched with diagonal lines as in problem books.
    Print,
    /// Brown screen theme (the colours of lichess' default board).
    Brown,
    /// Blue-grey screen theme.
    Blue,
    /// Green screen theme (chess.com's default board).
    Green,
    /// Wikipedia's board: the colours of its diagram templates and of web-boardimage's `colors=wikipedia`.
    Wikipedia,
}

impl Theme {
    /// Every theme, default first.
    pub const ALL: [Theme; 6] = [Theme::Gray, Theme::Print, Theme::Brown, Theme::Blue, Theme::Green, Theme::Wikipedia];

    /// The name used by the `theme` option and in the canonical options.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Gray => "gray",
            Theme::Print => "print",
            Theme::Brown => "brown",
            Theme::Blue => "blue",
            Theme::Green => "green",
            Theme::Wikipedia => "wikipedia",
        }
    }

    /// The theme with this name (case-insensitive; `grey` is accepted for `gray`).
    pub fn from_name(name: &str) -> Option<Theme> {
        let lower = name.to_ascii_lowercase();
        if lower == "grey" {
            return Some(Theme::Gray);
        }
        Theme::ALL.into_iter().find(|t| t.name() == lower)
    }

    /// The colour of the light squares.
    pub fn light(self) -> Rgb {
        match self {
            Theme::Gray | Theme::Print => Rgb(255, 255, 255),
            Theme::Brown => Rgb(0xf0, 0xd9, 0xb5),
            Theme::Blue => Rgb(0xde, 0xe3, 0xe6),
            Theme::Green => Rgb(0xee, 0xee, 0xd2),
            Theme::Wikipedia => Rgb(0xff, 0xce, 0x9e),
        }
    }

    /// How the dark squares are painted.
    pub fn dark(self) -> DarkSquares {
        match self {
            Theme::Gray => DarkSquares::Solid(Rgb(0xb4, 0xb4, 0xb4)),
            Theme::Print => DarkSquares::Hatched { paper: Rgb(255, 255, 255), ink: Rgb(0x20, 0x20, 0x20) },
            Theme::Brown => DarkSquares::Solid(Rgb(0xb5, 0x88, 0x63)),
            Theme::Blue => DarkSquares::Solid(Rgb(0x8c, 0xa2, 0xad)),
            Theme::Green => DarkSquares::Solid(Rgb(0x76, 0x96, 0x56)),
            Theme::Wikipedia => DarkSquares::Solid(Rgb(0xd1, 0x8b, 0x47)),
        }
    }
}

/// How dark squares are painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DarkSquares {
    /// One flat colour.
    Solid(Rgb),
    /// Diagonal lines of `ink` on `paper`, rising to the right, continuous across squares.
    Hatched {
        /// Colour between the lines.
        paper: Rgb,
        /// Colour of the lines.
        ink: Rgb,
    },
}

/// The spacing of hatching lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hatch {
    /// Pixels from one line to the next, measured along a row.
    pub period: u32,
    /// Pixels of ink in each period.
    pub thickness: u32,
}

/// The spacing of the hatching of `print`'s dark squares at a square size: a period of an eighth of the square
/// (3–8 px) and lines a quarter of it thick (at least 1 px), so about a quarter of every square is ink at every size.
pub(crate) fn hatching(square: u32) -> Hatch {
    let period = (square / 8).clamp(3, 8);
    Hatch { period, thickness: (period / 4).max(1) }
}

/// The tint of an extra colour 3–6 (Bodlaender): the colour that replaces white in the piece's body.
///
/// 3 red, 4 blue, 5 green, 6 yellow; picked to be told apart from each other, from white and black, and under
/// the common forms of colour blindness by lightness as well as hue. White, black and neutral get grey (never asked).
pub fn extra_tint(color: Color) -> Rgb {
    const TINTS: [Rgb; 4] =
        [Rgb(0xe0, 0x3a, 0x2f), Rgb(0x2f, 0x6f, 0xd8), Rgb(0x3c, 0xb0, 0x4e), Rgb(0xf5, 0xc5, 0x18)];
    match color {
        Color::Extra(extra) => TINTS[extra.index()],
        Color::White | Color::Black | Color::Neutral => Rgb(0x90, 0x90, 0x90),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_names_round_trip() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_name(t.name()), Some(t));
            assert_eq!(Theme::from_name(&t.name().to_uppercase()), Some(t));
        }
        assert_eq!(Theme::from_name("grey"), Some(Theme::Gray));
        assert_eq!(Theme::from_name("pink"), None);
    }
}
