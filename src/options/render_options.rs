//! Rendering options: one plain struct of what a diagram looks like, fitted to its board ([`RenderOptions::for_board`]),
//! with the square size as a type that holds only the sizes drawn. Each field is a query parameter declared once in
//! [`crate::options::params`], which reads it, writes it back into the modern link and prints the cache key's
//! canonical form.
//!
//! ```
//! use ffen_diagram::{RenderOptions, SquareSize};
//! let options = RenderOptions::from_pairs([("size", "60"), ("flip", "yes"), ("theme", "Print")]).unwrap();
//! assert_eq!(options.size, SquareSize::new(60).unwrap());
//! assert_eq!(options.canonical(), "s60.f1.c0.print");
//! let bad = RenderOptions::from_pairs([("size", "200")]).unwrap_err();
//! assert_eq!(bad.to_string(), "bad value \"200\" for `size`: expected a square size in pixels from 12 to 128");
//! ```

use crate::notation::board::{file_name, Board};
use crate::notation::ffen::DefinitionLook;
use crate::notation::paint::Paint;
use crate::options::error::OptionError;
use crate::options::furniture::Furniture;
use crate::options::language::{Form, Lang};
use crate::options::look::{Labels, Pattern, SquareColors};
use crate::options::piece_set::PieceSet;
use crate::options::theme::{DarkSquares, Theme};
use crate::pixels::Rgb;
use std::fmt;
use std::str::FromStr;

/// The smallest square size, in pixels.
pub const MIN_SQUARE_SIZE: u32 = 12;
/// The largest square size, in pixels.
pub const MAX_SQUARE_SIZE: u32 = 128;
/// The default square size, in pixels.
pub const DEFAULT_SQUARE_SIZE: u32 = 40;

/// The side of one square in pixels: always within [`MIN_SQUARE_SIZE`]..=[`MAX_SQUARE_SIZE`], since it can only be
/// made by [`SquareSize::new`] or parsed, which check the range.
///
/// ```
/// use ffen_diagram::SquareSize;
/// let size: SquareSize = "48".parse().unwrap();
/// assert_eq!(size.pixels(), 48);
/// assert_eq!(size.to_string().parse::<SquareSize>(), Ok(size));
/// assert_eq!(SquareSize::new(11), None);
/// assert_eq!(SquareSize::new(129), None);
/// assert_eq!(SquareSize::default(), SquareSize::new(40).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSize(u32);

impl SquareSize {
    /// The smallest, [`MIN_SQUARE_SIZE`] pixels.
    pub const MIN: SquareSize = SquareSize(MIN_SQUARE_SIZE);
    /// The largest, [`MAX_SQUARE_SIZE`] pixels.
    pub const MAX: SquareSize = SquareSize(MAX_SQUARE_SIZE);
    /// The default, [`DEFAULT_SQUARE_SIZE`] pixels.
    pub const DEFAULT: SquareSize = SquareSize(DEFAULT_SQUARE_SIZE);

    /// The size of `pixels`, or `None` outside [`MIN_SQUARE_SIZE`]..=[`MAX_SQUARE_SIZE`].
    pub const fn new(pixels: u32) -> Option<SquareSize> {
        if pixels >= MIN_SQUARE_SIZE && pixels <= MAX_SQUARE_SIZE {
            Some(SquareSize(pixels))
        } else {
            None
        }
    }

    /// The side in pixels.
    pub const fn pixels(self) -> u32 {
        self.0
    }
}

impl Default for SquareSize {
    fn default() -> Self {
        SquareSize::DEFAULT
    }
}

impl fmt::Display for SquareSize {
    /// The number of pixels in decimal, as the `size` parameter and the canonical options write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is not a square size: not a whole number, or outside [`MIN_SQUARE_SIZE`]..=[`MAX_SQUARE_SIZE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidSquareSize;

impl fmt::Display for InvalidSquareSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(SIZE_EXPECTED)
    }
}

impl std::error::Error for InvalidSquareSize {}

impl FromStr for SquareSize {
    type Err = InvalidSquareSize;

    /// A decimal number of pixels (`"40"`, also `"040"` and `"+40"`, as Rust reads a `u32`).
    fn from_str(text: &str) -> Result<SquareSize, InvalidSquareSize> {
        text.parse::<u32>().ok().and_then(SquareSize::new).ok_or(InvalidSquareSize)
    }
}

/// How to draw a board. Every field is part of the cache key (see [`RenderOptions::canonical`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Side of one square in pixels.
    pub size: SquareSize,
    /// Turn the board by 180° (seen from the upper side: h8 lower left on an 8×8 board).
    pub flip: bool,
    /// Draw file letters below and rank numbers left of the board, outside the frame.
    pub coords: bool,
    /// The named colour theme.
    pub theme: Theme,
    /// A custom colour for the light squares, replacing the theme's (any colour of the one colour grammar,
    /// [`Paint`], `transparent` included).
    pub light: Option<Paint>,
    /// A custom colour for the dark squares, replacing the theme's (and its hatching).
    pub dark: Option<Paint>,
    /// Game Courier's `Colors`: the colours the digits of [`RenderOptions::pattern`] index, replacing the theme's
    /// squares and `light`/`dark` (which are ignored when this is given). Without a pattern, light squares get
    /// colour 0 and dark squares colour 1 (colour 0 again if there is only one).
    pub colors: Option<SquareColors>,
    /// Game Courier's `Board` pattern, laid from the bottom rank up (see [`Pattern`]); it replaces the board's
    /// checkering. Without `colors` its digit 0 is the light squares' paint and 1 the dark squares'.
    pub pattern: Option<Pattern>,
    /// File labels, left to right (as the position is written, before any flip); one per file.
    pub files: Option<Labels>,
    /// Rank labels, bottom up; one per rank.
    pub ranks: Option<Labels>,
    /// The number shown for the bottom rank when ranks are numbered (HGM's `firstRank`): 1 by default, 0 allowed.
    pub first_rank: u16,
    /// The colour of everything outside the squares: the coordinate margin, and holes without a `hole` colour.
    pub rim: Option<Paint>,
    /// The colour of the coordinate labels.
    pub coord_color: Option<Rgb>,
    /// The colour of missing squares (HGM's `holeColor`); by default they show the background.
    pub hole: Option<Paint>,
    /// Lines between neighbouring squares (HGM's `borders`).
    pub borders: bool,
    /// The fill colour of the white pieces (`white_fill`, HGM's `w`): each white piece, and the white half of a
    /// neutral one, drawn as the white piece with its white tinted to this colour, as the extra colours 3–6 are
    /// drawn; `None` for the pieces as they are. White itself is `None` (it draws the same pixels).
    pub white_fill: Option<Rgb>,
    /// The fill colour of the black pieces (`black_fill`, HGM's `b`): each black piece, and the black half of a
    /// neutral one, drawn as the white piece tinted to this colour, the black outlines and inner lines black. Black
    /// itself is `None`: the black pieces as they are, whose inner lines are white (a white piece tinted black would
    /// be a silhouette).
    pub black_fill: Option<Rgb>,
    /// The set the pieces are drawn from (`piece`): cburnett by default.
    pub piece: PieceSet,
    /// The piece count, title, caption, highlights, arrows, last move and check (`count`, `title`, `caption`,
    /// `squares`, `arrows`, `lastmove`, `check`, and the looks `lastmove_style` and `squares_style`; see
    /// [`Furniture`]): none by default.
    pub furniture: Furniture,
    /// The language of the words: the description of `/diagram.txt` and `/diagram.json`, and the SVG's
    /// `<title>` and `<desc>` (`lang`; docs/words.md).
    pub lang: Lang,
    /// The form of `/diagram.txt`'s words (`form`): the piece list, or Popeye's input.
    pub form: Form,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            size: SquareSize::DEFAULT,
            flip: false,
            coords: false,
            theme: Theme::default(),
            light: None,
            dark: None,
            colors: None,
            pattern: None,
            files: None,
            ranks: None,
            first_rank: DEFAULT_FIRST_RANK,
            rim: None,
            coord_color: None,
            hole: None,
            borders: false,
            white_fill: None,
            black_fill: None,
            piece: PieceSet::default(),
            furniture: Furniture::default(),
            lang: Lang::default(),
            form: Form::default(),
        }
    }
}

/// The number of the bottom rank unless `first_rank` says otherwise.
pub const DEFAULT_FIRST_RANK: u16 = 1;
/// The largest `first_rank`.
pub const MAX_FIRST_RANK: u16 = 999;

const SIZE_EXPECTED: &str = "a square size in pixels from 12 to 128";
const FIRST_RANK_EXPECTED: &str = "the number of the bottom rank, 0 to 999";

impl RenderOptions {
    /// Options for an Interactive Diagram definition: its `look` ([`crate::ffen::Definition::look`]) with HGM's
    /// defaults where it is silent (light squares `#FFFFFF`, dark `#E0E0E0`, lines between squares, black holes;
    /// coordinates only with `firstRank`; `squareSize` clamped to the sizes drawn), then the link's own `pairs`,
    /// which win parameter by parameter (the last value of a key wins). A link that names a `theme` or `colors`
    /// drops the definition's square colours, so that the theme or the colours show.
    ///
    /// ```
    /// use ffen_diagram::{ffen::DefinitionLook, Paint, RenderOptions, Rgb};
    /// let look = DefinitionLook { size: Some(50), ..DefinitionLook::default() };
    /// let o = RenderOptions::from_definition(&look, [("size", "30")]).unwrap();
    /// assert_eq!(o.canonical(), "s30.f0.c0.gray.l=ffffff.d=e0e0e0.hole=000000.borders");
    /// let themed = RenderOptions::from_definition(&look, [("theme", "brown")]).unwrap();
    /// assert_eq!(themed.canonical(), "s50.f0.c0.brown.hole=000000.borders");
    /// let huge = DefinitionLook { size: Some(100_000), light: Some(Paint::Transparent), ..DefinitionLook::default() };
    /// let o = RenderOptions::from_definition(&huge, []).unwrap();
    /// assert_eq!((o.size.pixels(), o.colors.unwrap().to_string()), (128, "transparent-e0e0e0".to_string()));
    /// ```
    pub fn from_definition<'a>(
        look: &DefinitionLook,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<RenderOptions, OptionError> {
        let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        let mut options = RenderOptions::default();
        if !pairs.iter().any(|(k, _)| *k == "theme" || *k == "colors") {
            let light = look.light.unwrap_or(Paint::Solid(Rgb(0xff, 0xff, 0xff)));
            let dark = look.start.or(look.dark).unwrap_or(Paint::Solid(Rgb(0xe0, 0xe0, 0xe0)));
            match (light, dark) {
                (Paint::Solid(_), Paint::Solid(_)) => (options.light, options.dark) = (Some(light), Some(dark)),
                _ => options.colors = SquareColors::new(vec![light, dark]),
            }
        }
        options.rim = look.rim;
        options.coord_color = look.coord.and_then(Paint::solid);
        options.hole = Some(look.hole.unwrap_or(Paint::Solid(Rgb(0, 0, 0))));
        options.borders = look.borders.unwrap_or(true);
        if let Some(size) = look.size {
            options.size = SquareSize(size.clamp(MIN_SQUARE_SIZE, MAX_SQUARE_SIZE));
        }
        if let Some(first) = look.first_rank {
            options.coords = true;
            options.first_rank = first.min(MAX_FIRST_RANK);
        }
        options.read_pairs(pairs)?;
        Ok(options)
    }

    /// These options made to fit `board`, or the parameter that cannot: `files` / `ranks` must have one label per
    /// file / rank, `board`'s digits must index a colour, and the squares of `squares`, `arrows`, `lastmove` and
    /// `check` must be on the board. The result is what is drawn and keyed: the pattern
    /// written out for the whole board with its colours renumbered in order of use (so equal pictures get equal
    /// cache keys), `coords` on when there are labels, and what cannot change the picture put back at its default,
    /// each parameter by the rule its declaration carries (`idle` in [`crate::options::params`]: `light` and
    /// `dark` under `colors`, `first_rank` without coordinates or under `ranks`, `coord_color` without coordinates
    /// or furniture text, `hole` on a board without holes, `rim` where nothing shows it, `lastmove_style` without a
    /// last move, `squares_style` without `squares`, `squares_color` without `squares` that lack a colour letter,
    /// `white_fill` / `black_fill` without a white / black or neutral piece).
    ///
    /// ```
    /// use ffen_diagram::{ffen, RenderOptions};
    /// let board = ffen::parse("8/8/8/8/8/8/8/8", ffen::Dialect::Janko).unwrap();
    /// let options = RenderOptions::from_pairs([("colors", "white gray red"), ("board", "10.01.")]).unwrap();
    /// let fitted = options.for_board(&board).unwrap();
    /// assert_eq!(fitted.canonical(), "s40.f0.c0.gray.colors=808080-ffffff.board=01010101-10101010-01010101-10101010-01010101-10101010-01010101-10101010");
    /// let bad = RenderOptions::from_pairs([("files", "a b c")]).unwrap().for_board(&board).unwrap_err();
    /// assert_eq!(bad.to_string(), "bad value \"a b c\" for `files`: expected one label per file: 8, not 3");
    /// ```
    pub fn for_board(&self, board: &Board) -> Result<RenderOptions, OptionError> {
        let (width, height) = (board.width(), board.height());
        self.check_labels(width, height)?;
        let mut fitted = self.clone();
        if self.files.is_some() || self.ranks.is_some() {
            fitted.coords = true;
        }
        let transparent = |p: Option<Paint>| p == Some(Paint::Transparent);
        if self.colors.is_none() && (transparent(self.light) || transparent(self.dark)) {
            // A see-through light or dark square is the two-colour palette `colors` writes, where the theme's dark
            // squares are a colour (not `print`'s hatching): one key for the one picture.
            let light = self.light.unwrap_or(Paint::Solid(self.theme.light()));
            let dark = match (self.dark, self.theme.dark()) {
                (Some(dark), _) => Some(dark),
                (None, DarkSquares::Solid(c)) => Some(Paint::Solid(c)),
                (None, DarkSquares::Hatched { .. }) => None,
            };
            if let Some(dark) = dark {
                fitted.colors = SquareColors::new(vec![light, dark]);
            }
        }
        // What cannot show on this board goes back to its default: each parameter's own rule (its declaration's
        // `idle`), judged on these options.
        fitted.drop_idle(board);
        // Labels equal to the ones drawn without them (letters from `a`, numbers from 1) draw the same picture, so
        // they drop out of the key; the coordinates they turned on stay.
        let default_files = |labels: &Labels| labels.labels().iter().enumerate().all(|(i, t)| *t == file_name(i));
        let default_ranks = |labels: &Labels| {
            let first = usize::from(DEFAULT_FIRST_RANK);
            labels.labels().iter().enumerate().all(|(i, t)| *t == (first + i).to_string())
        };
        if fitted.files.as_ref().is_some_and(default_files) {
            fitted.files = None;
        }
        if fitted.ranks.as_ref().is_some_and(default_ranks) {
            fitted.ranks = None;
        }
        let colors = fitted.colors.clone();
        if let Some(palette) = &colors {
            if self.pattern.is_none() {
                // Light squares colour 0, dark squares colour 1 (or 0): the rest are never used.
                fitted.colors = SquareColors::new(palette.paints().iter().copied().take(2).collect());
            }
        }
        if let Some(pattern) = &self.pattern {
            let colours = colors.as_ref().map_or(2, |p| p.paints().len());
            if usize::from(pattern.max_digit()) >= colours {
                let expected = format!(
                    "digits that index the colours: {} ({colours} colours, from `colors` or the theme's light and dark)",
                    if colours == 1 { "0".to_string() } else { format!("0 to {}", colours - 1) },
                );
                return Err(OptionError::new("board", &pattern.to_string(), expected));
            }
            let expanded = pattern.expanded(width, height);
            match &colors {
                Some(palette) => {
                    let (renumbered, order) = expanded.renumbered();
                    let used = order.iter().filter_map(|&d| palette.get(d)).collect();
                    fitted.colors = SquareColors::new(used);
                    fitted.pattern = Some(renumbered);
                }
                None => fitted.pattern = Some(expanded),
            }
        }
        // Squares named by `squares`, `arrows`, `lastmove` and `check` must be on this board.
        fitted.furniture.check(board)?;
        Ok(fitted)
    }

    /// Whether the `files` and `ranks` labels are one a file and one a rank of a `width` × `height` board, and
    /// `first_rank` within its limit.
    fn check_labels(&self, width: usize, height: usize) -> Result<(), OptionError> {
        for (parameter, labels, count, what) in
            [("files", &self.files, width, "file"), ("ranks", &self.ranks, height, "rank")]
        {
            if let Some(labels) = labels {
                if labels.len() != count {
                    let value = labels.labels().join(" ");
                    let expected = format!("one label per {what}: {count}, not {}", labels.len());
                    return Err(OptionError::new(parameter, &value, expected));
                }
            }
        }
        if self.first_rank > MAX_FIRST_RANK {
            return Err(OptionError::new("first_rank", &self.first_rank.to_string(), FIRST_RANK_EXPECTED));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(pairs: &[(&'static str, &'static str)]) -> Result<RenderOptions, OptionError> {
        RenderOptions::from_pairs(pairs.iter().copied())
    }

    /// An Interactive Diagram definition's look gives the options its query pairs give (the typed look and the
    /// parameters spelled out are one set of options).
    #[test]
    fn the_look_of_a_definition_becomes_the_options_its_query_pairs_give() {
        let read = |d: &str| crate::notation::ffen::read_definition(d).unwrap().look;
        let options = |d: &str| RenderOptions::from_definition(&read(d), []).unwrap();
        let pairs = |p: &[(&'static str, &'static str)]| opts(p).unwrap();
        // HGM's defaults: white and #E0E0E0 squares, lines between squares, black holes, no coordinates.
        assert_eq!(
            options("king::::e1"),
            pairs(&[("light", "ffffff"), ("dark", "e0e0e0"), ("hole", "000000"), ("borders", "1")])
        );
        let all = "lightShade=#FFD\ndarkShade=#C08040\nstartShade=Olive\nrimColor=#\ncoordColor=red\nholeColor=#\nborders=0\nsquareSize=200\nfirstRank=0\ngraphicsDir=/x/ promoChoice=NBRQ";
        assert_eq!(
            options(all),
            pairs(&[
                ("light", "ffffdd"),
                ("dark", "808000"),
                ("rim", "transparent"),
                ("coord_color", "ff0000"),
                ("hole", "transparent"),
                ("borders", "0"),
                ("size", "128"),
                ("coords", "1"),
                ("first_rank", "0"),
            ])
        );
        // '#' as a square colour: see-through squares, through `colors`.
        assert_eq!(
            options("lightShade=#"),
            pairs(&[("colors", "transparent e0e0e0"), ("hole", "000000"), ("borders", "1")])
        );
        assert_eq!(
            options("squareSize=35 firstRank=1").canonical(),
            "s35.f0.c1.gray.l=ffffff.d=e0e0e0.hole=000000.borders"
        );
    }

    /// Options written as a modern link's query read back to themselves, once fitted to a board as the planner
    /// does: what makes the `Link: rel="canonical"` header lead back to the same diagram.
    #[test]
    fn query_pairs_read_back_to_the_same_options() {
        use crate::notation::ffen::{parse, Dialect};
        let board = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let queries: [&[(&str, &str)]; 10] = [
            &[],
            &[("size", "90"), ("flip", "on"), ("coords", ""), ("theme", "WIKIPEDIA")],
            &[
                ("light", "#ABCDEF"),
                ("dark", "red"),
                ("rim", "transparent"),
                ("hole", "navy"),
                ("coord_color", "ffffff"),
            ],
            &[("colors", "white #b4b4b4 transparent"), ("board", "10.21."), ("borders", "1"), ("first_rank", "0")],
            &[("files", "8 7 6  4 3 2 1"), ("ranks", "i h g f e d c b"), ("coord_color", "#102030")],
            &[
                ("count", "1"),
                ("title", "Šulc|Phénix 1999"),
                ("squares", "Ge4,c3"),
                ("arrows", "Bh7c2,e4e4"),
                ("lastmove", "e2e4"),
            ],
            &[("check", "e1"), ("lastmove", "f1b5"), ("lastmove_style", "Lichess"), ("squares", "Rd7,e2")],
            &[("squares", "Gd7,e2"), ("squares_style", " X "), ("arrows", "Bd7d7"), ("check", "e8")],
            &[("white_fill", "#FFD700"), ("black_fill", "navy"), ("squares", "e2,Re4"), ("squares_color", "ffcccc")],
            &[("white_fill", "white"), ("black_fill", "#000000"), ("squares_color", "")],
        ];
        for query in queries {
            let options = opts(query).unwrap().for_board(&board).unwrap();
            let pairs = options.link_pairs();
            let again = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
            assert_eq!(again.for_board(&board).unwrap(), options, "{query:?} → {pairs:?}");
        }
    }

    /// The check, `lastmove_style` and `squares_style`: each a segment of its own after the furniture's, omitted at its
    /// default, so every key from before them stays; a style of marks a board does not have is dropped when the
    /// options are fitted to it (the same picture, one key).
    #[test]
    fn the_check_and_the_mark_styles_are_keyed_only_when_they_draw() {
        use crate::notation::ffen::{parse, Dialect};
        let board = parse("4k3/8/8/8/8/8/8/4K3", Dialect::Janko).unwrap();
        let key = |pairs: &[(&'static str, &'static str)]| opts(pairs).unwrap().for_board(&board).unwrap().canonical();
        assert_eq!(key(&[("squares", "Re8"), ("lastmove", "e2e1")]), "s40.f0.c0.gray.squares=Re8.lastmove=e2e1");
        assert_eq!(key(&[("check", "e1")]), "s40.f0.c0.gray.check=e1");
        assert_eq!(
            key(&[("lastmove", "e2e1"), ("lastmove_style", "lichess"), ("check", "e1")]),
            "s40.f0.c0.gray.lastmove=e2e1.check=e1.lastmove_style=lichess"
        );
        assert_eq!(
            key(&[("squares", "a1,Rh8"), ("squares_style", "x")]),
            "s40.f0.c0.gray.squares=a1,Rh8.squares_style=x"
        );
        // At their defaults, empty, or without the marks they style: no segment.
        for pairs in [
            &[("check", ""), ("lastmove_style", "tint"), ("squares_style", "TINT")][..],
            &[("lastmove_style", "lichess"), ("squares_style", "x")],
            &[("lastmove_style", ""), ("squares_style", "")],
        ] {
            assert_eq!(key(pairs), "s40.f0.c0.gray", "{pairs:?}");
        }
        // Unfitted, the key still shows what was asked for (the parameters read back as given).
        let asked = opts(&[("lastmove_style", "LICHESS"), ("squares_style", "x")]).unwrap();
        assert_eq!(asked.canonical(), "s40.f0.c0.gray.lastmove_style=lichess.squares_style=x");
        assert_eq!(asked.link_pairs(), [("lastmove_style", "lichess".to_string()), ("squares_style", "x".to_string())]);
    }

    /// The piece fills and `squares_color`: a segment each, omitted at the default (none), so every key from before
    /// them stays; dropped when fitted to a board where they colour nothing (no piece of that side, no square
    /// without a colour letter); a side's own colour is no fill, and empty is none.
    #[test]
    fn the_fills_and_the_squares_colour_are_keyed_only_when_they_draw() {
        use crate::notation::ffen::{parse, Dialect};
        let key = |ffen: &str, pairs: &[(&'static str, &'static str)]| {
            let board = parse(ffen, Dialect::Janko).unwrap();
            opts(pairs).unwrap().for_board(&board).unwrap().canonical()
        };
        let fills = [("white_fill", "#FFD700"), ("black_fill", "Navy")];
        assert_eq!(key("4k3/8/8/8/8/8/8/4K3", &fills), "s40.f0.c0.gray.white_fill=ffd700.black_fill=000080");
        // A side without pieces: its fill fills nothing. Neutral pieces are of both sides; markers are pieces, text
        // is not.
        assert_eq!(key("4k3/8/8/8/8/8/8/8", &fills), "s40.f0.c0.gray.black_fill=000080");
        assert_eq!(key("8/8/8/8/8/8/8/4K3", &fills), "s40.f0.c0.gray.white_fill=ffd700");
        assert_eq!(key("8/8/8/8/8/8/8/'a'B2''12", &fills), "s40.f0.c0.gray");
        assert_eq!(key("8/8/8/8/8/8/8/-q", &fills), "s40.f0.c0.gray.white_fill=ffd700.black_fill=000080");
        assert_eq!(key("8/8/8/8/8/8/8/C1s", &fills), "s40.f0.c0.gray.white_fill=ffd700.black_fill=000080");
        assert_eq!(key("8/8/8/8/8/8/8/[Q:3]", &fills), "s40.f0.c0.gray");
        // White pieces filled white and black ones filled black are the pieces as they are; empty is none.
        for pairs in [
            &[("white_fill", "white"), ("black_fill", "BLACK")][..],
            &[("white_fill", "#FFFFFF"), ("black_fill", "000000")],
            &[("white_fill", ""), ("black_fill", " ")],
        ] {
            let options = opts(pairs).unwrap();
            assert_eq!((options.white_fill, options.black_fill), (None, None), "{pairs:?}");
            assert_eq!(key("4k3/8/8/8/8/8/8/4K3", pairs), "s40.f0.c0.gray", "{pairs:?}");
        }
        // `squares_color` only with squares that have no colour letter.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let color = ("squares_color", "#FFCCCC");
        assert_eq!(key(start, &[("squares", "e2,Ge4"), color]), "s40.f0.c0.gray.squares=e2,Ge4.squares_color=ffcccc");
        assert_eq!(
            key(start, &[("squares", "e2"), color, ("squares_style", "x")]),
            "s40.f0.c0.gray.squares=e2.squares_style=x.squares_color=ffcccc"
        );
        assert_eq!(key(start, &[("squares", "Ye2,Ge4"), color]), "s40.f0.c0.gray.squares=Ye2,Ge4");
        assert_eq!(key(start, &[color, ("arrows", "e2e4")]), "s40.f0.c0.gray.arrows=e2e4");
        // Unfitted, the key and the link show what was asked for.
        let asked = opts(&[("squares_color", "red"), ("black_fill", "#ABCDEF")]).unwrap();
        assert_eq!(asked.canonical(), "s40.f0.c0.gray.black_fill=abcdef.squares_color=ff0000");
        assert_eq!(asked.link_pairs(), [("black_fill", "abcdef".to_string()), ("squares_color", "ff0000".to_string())]);
    }

    #[test]
    fn bad_fills_and_squares_colours_are_400s_naming_the_parameter() {
        let message = |pairs: &[(&'static str, &'static str)]| opts(pairs).unwrap_err().to_string();
        assert_eq!(
            message(&[("white_fill", "transparent")]),
            "bad value \"transparent\" for `white_fill`: expected a colour: RRGGBB hex (with or without #) or a CSS \
             colour name; empty for none"
        );
        for (parameter, value) in [("black_fill", "12345"), ("squares_color", "Ye4"), ("white_fill", "#ggg000")] {
            let e = opts(&[(parameter, value)]).unwrap_err();
            assert_eq!((e.parameter, e.value.as_str()), (parameter, value));
        }
    }

    #[test]
    fn bad_checks_and_styles_are_400s_naming_the_parameter() {
        use crate::notation::ffen::{parse, Dialect};
        let message = |pairs: &[(&'static str, &'static str)]| opts(pairs).unwrap_err().to_string();
        assert_eq!(
            message(&[("check", "e9x")]),
            "bad value \"e9x\" for `check`: expected a square name: file a to z or aa to af, then rank 1 to 32 (e4, aa10)"
        );
        assert_eq!(message(&[("check", "Re1")]).split(':').next(), Some("bad value \"Re1\" for `check`"));
        assert_eq!(
            message(&[("lastmove_style", "chess.com")]),
            "bad value \"chess.com\" for `lastmove_style`: expected one of tint, lichess"
        );
        assert_eq!(
            message(&[("squares_style", "cross")]),
            "bad value \"cross\" for `squares_style`: expected one of tint, x"
        );
        // Off the board once the FFEN is read, as `squares` is.
        let board = parse("4k3/8/8/8/8/8/8/4K3", Dialect::Janko).unwrap();
        let off = opts(&[("check", "i1")]).unwrap().for_board(&board).unwrap_err();
        assert_eq!(off.parameter, "check");
        assert_eq!(
            off.to_string(),
            "bad value \"i1\" for `check`: expected squares of the board: i1 is off this 8×8 board (files a to h, ranks 1 \
             to 8)"
        );
        let small = parse("k/K", Dialect::Janko).unwrap();
        let off = opts(&[("check", "a3")]).unwrap().for_board(&small).unwrap_err();
        assert_eq!((off.parameter, off.value.as_str()), ("check", "a3"));
        assert!(opts(&[("check", "a2")]).unwrap().for_board(&small).is_ok());
    }

    #[test]
    fn square_sizes_exist_only_in_range() {
        assert_eq!(SquareSize::new(MIN_SQUARE_SIZE - 1), None);
        assert_eq!(SquareSize::new(MAX_SQUARE_SIZE + 1), None);
        assert_eq!(SquareSize::new(0), None);
        assert_eq!(SquareSize::new(u32::MAX), None);
        assert_eq!((SquareSize::MIN.pixels(), SquareSize::MAX.pixels()), (MIN_SQUARE_SIZE, MAX_SQUARE_SIZE));
        assert_eq!(SquareSize::default().pixels(), DEFAULT_SQUARE_SIZE);
        for pixels in 0..=1000 {
            let size = SquareSize::new(pixels);
            assert_eq!(size.is_some(), (MIN_SQUARE_SIZE..=MAX_SQUARE_SIZE).contains(&pixels), "{pixels}");
            assert_eq!(pixels.to_string().parse::<SquareSize>().ok(), size, "{pixels}");
            if let Some(size) = size {
                assert_eq!(size.pixels(), pixels);
                assert_eq!(size.to_string(), pixels.to_string());
            }
        }
        assert_eq!("4e1".parse::<SquareSize>(), Err(InvalidSquareSize));
        assert_eq!(InvalidSquareSize.to_string(), SIZE_EXPECTED);
    }

    /// Every valid option set, in a fixed order (sizes, flip, coords, themes, light, dark).
    fn every_option_set() -> impl Iterator<Item = RenderOptions> {
        let sizes = (MIN_SQUARE_SIZE..=MAX_SQUARE_SIZE).filter_map(SquareSize::new);
        sizes.flat_map(|size| {
            [false, true].into_iter().flat_map(move |flip| {
                [false, true].into_iter().flat_map(move |coords| {
                    // The five themes of the pinned strings; a later theme (`wikipedia`) is pinned on its own below.
                    Theme::ALL[..5].iter().copied().flat_map(move |theme| {
                        [None, Some(Paint::Solid(Rgb(0xff, 0xee, 0xdd)))].into_iter().flat_map(move |light| {
                            [None, Some(Paint::Solid(Rgb(0x10, 0x20, 0x30)))].into_iter().map(move |dark| {
                                RenderOptions { size, flip, coords, theme, light, dark, ..RenderOptions::default() }
                            })
                        })
                    })
                })
            })
        })
    }

    #[test]
    fn canonical_strings_are_pinned() {
        // Cache keys are forever. The 9360 strings of `every_option_set`, one a line, as the code before the square
        // size became a `SquareSize` printed them (`s<size>.f<0|1>.c<0|1>.<theme>[.l=<rrggbb>][.d=<rrggbb>]`):
        // their count, length and FNV-1a 64 hash. Any change to a canonical string fails here.
        let mut all = String::new();
        for options in every_option_set() {
            all.push_str(&options.canonical());
            all.push('\n');
        }
        let fnv = all.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        assert_eq!((all.lines().count(), all.len(), fnv), (9360, 232_576, 0x2341_5f35_2b64_a849));
        // Themes added since have their own strings, at the end of the theme segment.
        let wikipedia = RenderOptions { theme: Theme::Wikipedia, ..RenderOptions::default() };
        assert_eq!(wikipedia.canonical(), "s40.f0.c0.wikipedia");
        // A few of them spelled out.
        let first: Vec<&str> = all.lines().take(4).collect();
        assert_eq!(
            first,
            [
                "s12.f0.c0.gray",
                "s12.f0.c0.gray.d=102030",
                "s12.f0.c0.gray.l=ffeedd",
                "s12.f0.c0.gray.l=ffeedd.d=102030"
            ]
        );
        assert_eq!(all.lines().last(), Some("s128.f1.c1.green.l=ffeedd.d=102030"));
        assert!(all.lines().any(|l| l == "s40.f1.c0.print"));
    }

    #[test]
    fn every_option_set_has_its_own_canonical_string() {
        // Every canonical string names its options uniquely: no two option sets share one.
        let mut seen = std::collections::HashSet::new();
        for options in every_option_set() {
            assert!(seen.insert(options.canonical()), "{}", options.canonical());
        }
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
        assert_eq!(o.size.pixels(), 60);
        assert!(o.flip && o.coords);
        assert_eq!(o.theme, Theme::Print);
        assert_eq!(o.light, Some(Paint::Solid(Rgb(0xff, 0xee, 0xdd))));
        assert_eq!(o.dark, Some(Paint::Solid(Rgb(0x10, 0x20, 0x30))));
        assert_eq!(o.canonical(), "s60.f1.c1.print.l=ffeedd.d=102030");
    }

    #[test]
    fn size_range_edges() {
        assert_eq!(opts(&[("size", "12")]).unwrap().size, SquareSize::MIN);
        assert_eq!(opts(&[("size", "128")]).unwrap().size, SquareSize::MAX);
        assert_eq!(opts(&[("size", " 040 ")]).unwrap().size.pixels(), 40);
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
    fn the_boolean_error_names_every_accepted_spelling() {
        // The message once said "1, 0, true or false" while yes/no/on/off and the empty value were accepted too.
        let message = opts(&[("coords", "maybe")]).unwrap_err().to_string();
        let words: Vec<&str> = message.split(|c: char| !c.is_ascii_alphanumeric()).collect();
        for (spellings, want) in [(["1", "true", "yes", "on"], true), (["0", "false", "no", "off"], false)] {
            for v in spellings {
                assert_eq!(opts(&[("flip", v)]).unwrap().flip, want, "{v}");
                let upper = v.to_uppercase();
                assert_eq!(RenderOptions::from_pairs([("flip", upper.as_str())]).unwrap().flip, want, "{v}");
                assert!(words.contains(&v), "{message:?} does not name {v:?}");
            }
        }
        assert!(opts(&[("flip", "")]).unwrap().flip);
        assert!(words.contains(&"empty"), "{message}");
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
        assert_eq!(opts(&[("size", "20"), ("size", "30")]).unwrap().size.pixels(), 30);
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
