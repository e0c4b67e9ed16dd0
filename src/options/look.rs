//! The values of the look parameters that Game Courier presets and H. G. Muller's Interactive Diagrams bring along:
//! a square or margin colour that may be `transparent` ([`Paint`]), a list of up to ten colours ([`SquareColors`]),
//! Game Courier's `Board` pattern ([`Pattern`]) and coordinate labels ([`Labels`]).
//!
//! Each type reads the URL's spelling with [`FromStr`] and prints its canonical spelling with
//! [`Display`](fmt::Display); the canonical spelling reads back to the same value, and it never contains `.` or
//! `=`, the separators of [`crate::options::render_options::RenderOptions::canonical`].
//!
//! ```
//! use ffen_diagram::{Labels, Paint, SquareColors, Pattern, Rgb};
//! assert_eq!("#FF8000".parse::<Paint>(), Ok(Paint::Solid(Rgb(0xff, 0x80, 0x00))));
//! assert_eq!("SteelBlue".parse::<Paint>().unwrap().to_string(), "4682b4");
//! assert_eq!("transparent".parse::<Paint>(), Ok(Paint::Transparent));
//! let palette: SquareColors = "white #B4B4B4 transparent".parse().unwrap();
//! assert_eq!(palette.to_string(), "ffffff-b4b4b4-transparent");
//! let pattern: Pattern = "10.21.".parse().unwrap();
//! assert_eq!(pattern.expanded(4, 3).to_string(), "1010-2121-1010");
//! let files: Labels = "a b  d".parse().unwrap();
//! assert_eq!(files.len(), 4);
//! assert_eq!(files.to_string(), "a,b,,d");
//! ```

use crate::notation::paint::{Paint, PAINT_EXPECTED};
use std::fmt;
use std::str::FromStr;

/// The most colours a [`SquareColors`] holds (Game Courier's `Colors`: "a series of up to ten colors").
pub const MAX_COLORS: usize = 10;

/// Up to [`MAX_COLORS`] colours, which the digits of a [`Pattern`] index from 0: Game Courier's `Colors`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SquareColors(Vec<Paint>);

/// Why a `colors` value cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadSquareColors {
    /// No colour at all.
    Empty,
    /// More than [`MAX_COLORS`] colours.
    TooMany(usize),
    /// The colour at this position (from 1) is none.
    Colour(usize),
}

impl fmt::Display for BadSquareColors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadSquareColors::Empty => write!(f, "1 to {MAX_COLORS} colours separated by spaces"),
            BadSquareColors::TooMany(n) => write!(f, "at most {MAX_COLORS} colours separated by spaces, not {n}"),
            BadSquareColors::Colour(i) => write!(f, "colour {i} to be {PAINT_EXPECTED}"),
        }
    }
}

impl std::error::Error for BadSquareColors {}

impl SquareColors {
    /// A palette of `paints` (1 to [`MAX_COLORS`]), or `None`.
    pub fn new(paints: Vec<Paint>) -> Option<SquareColors> {
        (1..=MAX_COLORS).contains(&paints.len()).then_some(SquareColors(paints))
    }

    /// The colours, colour 0 first.
    pub fn paints(&self) -> &[Paint] {
        &self.0
    }

    /// Colour `index`, if the palette has it.
    pub fn get(&self, index: u8) -> Option<Paint> {
        self.0.get(usize::from(index)).copied()
    }
}

impl FromStr for SquareColors {
    type Err = BadSquareColors;

    /// Colours separated by white space or commas (Game Courier separates them by one space; a URL often carries
    /// `+`, which is a space, or a comma), each as [`Paint::from_str`] reads it.
    fn from_str(text: &str) -> Result<SquareColors, BadSquareColors> {
        let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
        if words.is_empty() {
            return Err(BadSquareColors::Empty);
        }
        if words.len() > MAX_COLORS {
            return Err(BadSquareColors::TooMany(words.len()));
        }
        let paints = words.iter().enumerate().map(|(i, w)| w.parse().map_err(|_| BadSquareColors::Colour(i + 1)));
        Ok(SquareColors(paints.collect::<Result<_, _>>()?))
    }
}

impl fmt::Display for SquareColors {
    /// The colours joined by `-`: `ffffff-b4b4b4-transparent`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, paint) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            paint.fmt(f)?;
        }
        Ok(())
    }
}

/// The most digits a [`Pattern`] may have: a whole 32×32 board's worth.
pub const MAX_PATTERN_DIGITS: usize = crate::notation::board::MAX_BOARD_SIDE * crate::notation::board::MAX_BOARD_SIDE;

/// Game Courier's `Board` pattern: ranks of colour digits, each rank ended by `.`.
///
/// **This service lays the pattern from the bottom rank up, from the left file on:** the pattern's first rank
/// colours the board's first rank (rank 1, the bottom one as the position is written, before any `flip`), its first
/// digit the a-file. A rank shorter than the board repeats across it, and the pattern's ranks repeat up the board.
/// So `10.01.` with `colors=white gray` is the chess board: a1 colour 1 (dark), h1 colour 0 (light). Game Courier's
/// instructions do not say which rank the pattern starts on; starting from rank 1 makes the default `10.01.` give
/// a1 dark with the colours listed light first, on boards of any height, and keeps the pattern fixed to the squares'
/// names whatever the board's height.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    /// Ranks of digits, the bottom rank first.
    ranks: Vec<Vec<u8>>,
}

/// Why a `board` pattern cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadPattern {
    /// A character other than a digit or `.` at this position (from 1).
    Character(usize),
    /// A rank with no digit (`..`), at the position of its `.`.
    EmptyRank(usize),
    /// Digits after the last `.`.
    Unfinished,
    /// No rank at all.
    Empty,
    /// More than [`MAX_PATTERN_DIGITS`] digits.
    TooLong,
}

impl fmt::Display for BadPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = "ranks of colour digits 0-9, each ended by '.' (e.g. 10.01.)";
        match self {
            BadPattern::Character(at) => write!(f, "{what}; character {at} is neither"),
            BadPattern::EmptyRank(at) => write!(f, "{what}; the rank ended at character {at} has no digit"),
            BadPattern::Unfinished => write!(f, "{what}; the last rank has no '.'"),
            BadPattern::Empty => f.write_str(what),
            BadPattern::TooLong => write!(f, "{what}, at most {MAX_PATTERN_DIGITS} digits"),
        }
    }
}

impl std::error::Error for BadPattern {}

impl Pattern {
    /// The ranks of digits, the bottom rank first.
    pub fn ranks(&self) -> &[Vec<u8>] {
        &self.ranks
    }

    /// The largest digit used.
    pub fn max_digit(&self) -> u8 {
        self.ranks.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The colour digit of file `file` (0 = a) on rank `rank` (0 = the bottom rank).
    pub fn digit(&self, file: usize, rank: usize) -> u8 {
        let row = &self.ranks[rank % self.ranks.len()];
        row[file % row.len()]
    }

    /// The pattern written out for a whole board of `width` files and `height` ranks: every rank complete, one
    /// rank per board rank. Two patterns that colour a board alike give equal expansions.
    pub fn expanded(&self, width: usize, height: usize) -> Pattern {
        let ranks = (0..height.max(1)).map(|rank| (0..width.max(1)).map(|file| self.digit(file, rank)).collect());
        Pattern { ranks: ranks.collect() }
    }

    /// The pattern with its digits renumbered in order of first appearance (bottom rank first), and the map from
    /// new digit to old: so that the colours it uses can be listed in that order and unused ones dropped.
    pub(crate) fn renumbered(&self) -> (Pattern, Vec<u8>) {
        let mut order: Vec<u8> = Vec::new();
        let ranks = self
            .ranks
            .iter()
            .map(|rank| {
                rank.iter()
                    .map(|&d| match order.iter().position(|&o| o == d) {
                        Some(i) => i as u8,
                        None => {
                            order.push(d);
                            (order.len() - 1) as u8
                        }
                    })
                    .collect()
            })
            .collect();
        (Pattern { ranks }, order)
    }
}

#[cfg(test)]
impl Pattern {
    /// Reads the canonical spelling that [`Pattern`]'s `Display` writes (`1010-0101`), for the tests of its
    /// injectivity.
    pub(crate) fn from_canonical(text: &str) -> Option<Pattern> {
        let game_courier: String = text.split('-').flat_map(|rank| rank.chars().chain(['.'])).collect();
        game_courier.parse().ok()
    }
}

impl FromStr for Pattern {
    type Err = BadPattern;

    /// Game Courier's spelling: digits, each rank ended by `.` (`10.01.`, `1.`, `10.21.`).
    fn from_str(text: &str) -> Result<Pattern, BadPattern> {
        let mut ranks = Vec::new();
        let mut rank = Vec::new();
        let mut digits = 0usize;
        for (i, c) in text.chars().enumerate() {
            match c {
                '0'..='9' => {
                    digits += 1;
                    if digits > MAX_PATTERN_DIGITS {
                        return Err(BadPattern::TooLong);
                    }
                    rank.push(c as u8 - b'0');
                }
                '.' if rank.is_empty() => return Err(BadPattern::EmptyRank(i + 1)),
                '.' => ranks.push(std::mem::take(&mut rank)),
                _ => return Err(BadPattern::Character(i + 1)),
            }
        }
        if !rank.is_empty() {
            return Err(BadPattern::Unfinished);
        }
        if ranks.is_empty() {
            return Err(BadPattern::Empty);
        }
        Ok(Pattern { ranks })
    }
}

impl fmt::Display for Pattern {
    /// The canonical spelling: the ranks' digits joined by `-`, the bottom rank first (`1010-0101`). It holds no
    /// `.`, so it can stand inside the canonical options; [`Pattern::from_str`] reads it back as well.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, rank) in self.ranks.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            for d in rank {
                write!(f, "{d}")?;
            }
        }
        Ok(())
    }
}

/// The most characters one coordinate label may have.
pub const MAX_LABEL_CHARS: usize = 8;

/// Coordinate labels for the files (left to right) or the ranks (bottom up): Game Courier's `Files` / `Ranks`.
///
/// Labels are separated by single spaces, as Game Courier separates them; two spaces with nothing between them
/// stand for a blank label (no coordinate on that file), so in a URL `files=a+b++d` (or `a%20b%20%20d`) is four
/// labels, the third blank. A leading or trailing space is a blank label too. Labels are text, never markup.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Labels(Vec<String>);

/// Why a `files` / `ranks` value cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadLabels {
    /// More labels than a board has files or ranks.
    TooMany(usize),
    /// Label number `n` (from 1) is longer than [`MAX_LABEL_CHARS`] or holds a control character.
    Label(usize),
}

impl fmt::Display for BadLabels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = "labels separated by single spaces (two spaces for a blank label)";
        match self {
            BadLabels::TooMany(n) => {
                write!(f, "{what}, at most {}; found {n}", crate::notation::board::MAX_BOARD_SIDE)
            }
            BadLabels::Label(i) => {
                write!(f, "{what}, each at most {MAX_LABEL_CHARS} characters, no control characters; label {i} is not")
            }
        }
    }
}

impl std::error::Error for BadLabels {}

impl Labels {
    /// How many labels there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none (never true for labels read from text: an empty value is one blank label).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The labels in order (files left to right, ranks bottom up); blank ones are empty strings.
    pub fn labels(&self) -> &[String] {
        &self.0
    }
}

impl FromStr for Labels {
    type Err = BadLabels;

    /// Labels separated by single spaces (see [`Labels`]).
    fn from_str(text: &str) -> Result<Labels, BadLabels> {
        let labels: Vec<String> = text.split(' ').map(str::to_string).collect();
        if labels.len() > crate::notation::board::MAX_BOARD_SIDE {
            return Err(BadLabels::TooMany(labels.len()));
        }
        for (i, label) in labels.iter().enumerate() {
            if label.chars().count() > MAX_LABEL_CHARS || label.chars().any(char::is_control) {
                return Err(BadLabels::Label(i + 1));
            }
        }
        Ok(Labels(labels))
    }
}

impl fmt::Display for Labels {
    /// The canonical spelling: labels joined by `,`, each with `%`, `,`, `.`, `=`, `-`, space and every character
    /// outside printable ASCII percent-encoded (as UTF-8 bytes), so that the whole is injective and holds no
    /// separator of the canonical options (`a b  d` → `a,b,,d`; `1½` → `1%C2%BD`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, label) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            for c in label.chars() {
                if c.is_ascii_graphic() && !matches!(c, '%' | ',' | '.' | '=' | '-') {
                    write!(f, "{c}")?;
                } else {
                    let mut bytes = [0u8; 4];
                    for b in c.encode_utf8(&mut bytes).bytes() {
                        write!(f, "%{b:02X}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
impl Labels {
    /// Reads the canonical spelling that [`Labels`]' `Display` writes (for the tests of its injectivity).
    pub(crate) fn from_canonical(text: &str) -> Option<Labels> {
        let labels = text.split(',').map(|l| {
            let bytes = crate::notation::ffen::wild::percent_decode(l);
            String::from_utf8(bytes).ok()
        });
        labels.collect::<Option<Vec<String>>>().map(Labels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palettes_hold_one_to_ten_colours() {
        let p: SquareColors = " red,#00FF00  0000ff ".parse().unwrap();
        assert_eq!(p.to_string(), "ff0000-00ff00-0000ff");
        assert_eq!(p.to_string().replace('-', " ").parse::<SquareColors>(), Ok(p));
        assert_eq!("".parse::<SquareColors>(), Err(BadSquareColors::Empty));
        assert_eq!(" , ".parse::<SquareColors>(), Err(BadSquareColors::Empty));
        assert_eq!(["red"; 11].join(" ").parse::<SquareColors>(), Err(BadSquareColors::TooMany(11)));
        assert!(["red"; 10].join(" ").parse::<SquareColors>().is_ok());
        assert_eq!("red bleu".parse::<SquareColors>(), Err(BadSquareColors::Colour(2)));
    }

    #[test]
    fn patterns_read_game_courier_spelling_and_print_their_own() {
        let chess: Pattern = "10.01.".parse().unwrap();
        let e = chess.expanded(8, 8);
        assert_eq!(e.ranks().len(), 8);
        // Rank 1 (the pattern's first) is 1010…: a1 colour 1, h1 colour 0; rank 2 is 0101….
        assert_eq!((e.digit(0, 0), e.digit(7, 0), e.digit(0, 1), e.digit(7, 7)), (1, 0, 0, 1));
        assert!(!e.to_string().contains('.'), "the canonical form has no '.'");
        assert_eq!(Pattern::from_canonical(&e.to_string()), Some(e.clone()), "and reads back");
        assert_eq!("1.".parse::<Pattern>().unwrap().expanded(3, 2).to_string(), "111-111");
        assert_eq!("10.21.".parse::<Pattern>().unwrap().expanded(5, 4).to_string(), "10101-21212-10101-21212");
        // Equal colourings, equal expansions.
        assert_eq!(
            "10.01.".parse::<Pattern>().unwrap().expanded(4, 4),
            "1010.0101.".parse::<Pattern>().unwrap().expanded(4, 4)
        );
        assert_eq!("0.".parse::<Pattern>().unwrap().renumbered().0, "0.".parse::<Pattern>().unwrap());
        let (renumbered, order) = "32.23.".parse::<Pattern>().unwrap().renumbered();
        assert_eq!((renumbered.to_string(), order), ("01-10".to_string(), vec![3, 2]));
        for (bad, want) in [
            ("", BadPattern::Empty),
            ("10", BadPattern::Unfinished),
            ("10..01.", BadPattern::EmptyRank(4)),
            (".", BadPattern::EmptyRank(1)),
            ("1a.", BadPattern::Character(2)),
            ("1-0.", BadPattern::Character(2)),
        ] {
            assert_eq!(bad.parse::<Pattern>(), Err(want), "{bad}");
        }
        assert_eq!("1".repeat(MAX_PATTERN_DIGITS + 1).parse::<Pattern>(), Err(BadPattern::TooLong));
    }

    #[test]
    fn labels_keep_blank_ones_and_print_injectively() {
        let l: Labels = "a b  d".parse().unwrap();
        assert_eq!(l.labels(), ["a", "b", "", "d"]);
        assert_eq!(" x".parse::<Labels>().unwrap().labels(), ["", "x"]);
        assert_eq!("".parse::<Labels>().unwrap().labels(), [""]);
        let odd: Labels = "1,5 a.b x=y 50% é -".parse().unwrap();
        assert_eq!(odd.to_string(), "1%2C5,a%2Eb,x%3Dy,50%25,%C3%A9,%2D");
        assert_eq!(Labels::from_canonical(&odd.to_string()), Some(odd));
        assert_eq!(vec!["x"; 33].join(" ").parse::<Labels>(), Err(BadLabels::TooMany(33)));
        assert_eq!("ok toolonglabel".parse::<Labels>(), Err(BadLabels::Label(2)));
        assert_eq!("a\tb".parse::<Labels>(), Err(BadLabels::Label(1)));
    }
}
