//! Game Courier's Forsythe code (chessvariants.com), as its PBM instructions describe it.
//!
//! Squares run from the top-left corner along each rank and on into the next: the board's width (a parameter, not
//! part of the code) cuts them into ranks, and the height follows from the length. `/` and `*` are the only
//! characters that know about ranks.

use super::error::{ParseError, ParseErrorKind};
use super::grid::{Builder, Stream};
use super::input::{end_column, Ch, Cursor};
use crate::notation::board::{Board, Cell, Checkering, Color, Piece, PieceKind, Rotation, MAX_BOARD_SIDE};
use std::fmt;
use std::str::FromStr;

/// How many files a Game Courier board has: 1 to [`MAX_BOARD_SIDE`], 8 unless the link says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Width(u8);

impl Width {
    /// Game Courier's default width, 8 files.
    pub const DEFAULT: Width = Width(8);

    /// The width of `files` files, if it is 1 to [`MAX_BOARD_SIDE`].
    pub fn new(files: usize) -> Option<Width> {
        (1..=MAX_BOARD_SIDE).contains(&files).then_some(Width(files as u8))
    }

    /// The number of files.
    pub fn files(self) -> usize {
        usize::from(self.0)
    }
}

impl Default for Width {
    fn default() -> Width {
        Width::DEFAULT
    }
}

impl fmt::Display for Width {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A `width` that is not a whole number from 1 to [`MAX_BOARD_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadWidth;

impl fmt::Display for BadWidth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a number of files from 1 to {MAX_BOARD_SIDE}")
    }
}

impl std::error::Error for BadWidth {}

impl FromStr for Width {
    type Err = BadWidth;

    /// Reads a decimal number of files (`"10"`), as the `width=` parameter gives it.
    fn from_str(s: &str) -> Result<Width, BadWidth> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadWidth);
        }
        s.parse::<usize>().ok().and_then(Width::new).ok_or(BadWidth)
    }
}

/// Reads prepared Forsythe code for a board `width` files wide.
pub(super) fn parse(chars: &[Ch], width: Width) -> Result<Board, ParseError> {
    let end_column = end_column(chars);
    let mut board = Stream::new(width.files());
    let mut input = Cursor::new(chars);
    while let Some(ch) = input.next() {
        match ch.c {
            // A number is that many empty squares and may run across rank ends (`32` is four empty ranks of 8).
            '0'..='9' => board.push_empty(input.number(ch), ch.column)?,
            '-' => board.push(Cell::Hole, ch.column)?,
            '@' => board.push_empty(1, ch.column)?,
            // Before the natural end of a rank, the rest of it are missing squares; at the end, only a visual cue.
            '/' => board.pad_rank(Cell::Hole, ch.column)?,
            // The rest of the rank is empty; at a rank's start that is the whole rank (`****` = four empty ranks).
            '*' if board.at_rank_start() => board.push_empty(width.files(), ch.column)?,
            '*' => board.pad_rank(Cell::Empty, ch.column)?,
            c => match PieceKind::from_letter_or_fairy(c) {
                Some(kind) => {
                    let piece = Piece { kind, color: Color::from_case(c), rotation: Rotation::NONE };
                    board.push(Cell::Piece(piece), ch.column)?;
                }
                None => {
                    return Err(ParseError::new(
                        ch.column,
                        ParseErrorKind::Unexpected {
                            found: c,
                            expected: "a piece letter, a number, '-' (no square), '@' (empty), '*' or '/'",
                        },
                    ))
                }
            },
        }
    }
    // A last partial rank: the squares the code does not reach do not exist.
    board.pad_rank(Cell::Hole, end_column)?;
    board.finish(Checkering::DarkLowerLeft, end_column)
}

#[cfg(test)]
mod tests {
    use crate::notation::ffen::tests::assert_errors;
    use crate::notation::ffen::{canonical, parse, Dialect, ParseErrorKind, Width};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    fn courier(s: &str, files: usize) -> String {
        let dialect = Dialect::Courier { width: Width::new(files).unwrap() };
        canonical(&parse(s, dialect).unwrap_or_else(|e| panic!("{s:?}: {e}")))
    }

    #[test]
    fn every_start_position_of_the_instructions_is_the_janko_start_position() {
        // The spellings the PBM instructions list ("here are some alternate ways of representing the opening
        // position in Chess"), taken from the copy of the page in the repository.
        let page = include_str!("../../../tests/fixtures/spec/003_8a61fa8dcd6f5e18.txt");
        let section = &page[page.find("alternate ways of representing the opening position").unwrap()..];
        let spellings: Vec<&str> = section.lines().filter(|line| line.starts_with("rnbqkbnr")).collect();
        assert_eq!(spellings.len(), 4, "{spellings:?}");
        for s in spellings {
            assert_eq!(courier(s, 8), START, "{s}");
        }
        assert_eq!(courier("rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR", 8), START);
    }

    #[test]
    fn the_rules_of_the_instructions() {
        let cases: &[(&str, usize, &str)] = &[
            // A number is that many empty squares, running across rank ends.
            ("K10k", 8, "K7/3k[-][-][-][-]"),
            ("007K", 8, "7K"),
            // '-' is a square that does not exist.
            ("3-4", 8, "3[-]4"),
            // '/' before the natural end of a rank pads it with missing squares; at the end it is a visual cue.
            ("K/", 8, "K[-][-][-][-][-][-][-]"),
            ("8/8/", 8, "8/8"),
            ("8//8", 8, "8/8"),
            ("2k/K", 4, "2k[-]/K[-][-][-]"),
            // '*' fills the rest of a rank with empty squares; at a rank's start the whole rank.
            ("K*", 8, "K7"),
            ("*", 8, "8"),
            ("****", 8, "8/8/8/8"),
            ("K**k", 3, "K2/3/k[-][-]"),
            // '@' is an empty square.
            ("@@k@", 4, "2k1"),
            // Any other letter is a piece named by that letter, as in Bodlaender's dialect.
            ("GcaZ", 4, "[g:w][c:b][a:b][z:w]"),
            // The width decides the ranks; a last partial rank is padded with missing squares.
            (
                "rnabqkbcnrpppppppppp40PPPPPPPPPPRNABQKBCNR",
                10,
                "rn[a:b]bqkb[c:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/RN[a:w]BQKB[c:w]NR",
            ),
            ("KQ", 32, "KQ[-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-][-]/"),
            // The clean-up every dialect shares: FEN fields after a space, ".png".
            ("8/8 w - - 0 1", 8, "8/8"),
            ("8.png", 8, "8"),
        ];
        for &(input, files, expected) in cases {
            assert_eq!(courier(input, files), expected, "{input} at width {files}");
        }
    }

    #[test]
    fn errors_say_what_and_where() {
        let dialect = Dialect::courier();
        let cases: &[(&str, usize, &str)] = &[
            ("K%k", 2, "expected a piece letter, a number"),
            ("{W}8", 1, "expected a piece letter"),
            ("8/8/\u{e9}", 5, "found '\u{e9}'"),
            ("0", 2, "no square"),
            ("", 1, "no square"),
            ("/", 2, "no square"),
            ("//0", 4, "no square"),
        ];
        assert_errors(dialect, cases);
        // At most 32 ranks: 256 squares fit a board of width 8, one more does not.
        let full = "8/".repeat(32);
        assert_eq!(parse(&full, dialect).map(|b| b.height()), Ok(32));
        let e = parse(&(full + "K"), dialect).unwrap_err();
        assert_eq!((e.column, e.kind), (65, ParseErrorKind::TooTall { height: 33 }));
        let e = parse("K999999999999999999999999999", dialect).unwrap_err();
        assert_eq!(e.column, 2);
        assert!(matches!(e.kind, ParseErrorKind::TooTall { .. }));
        // '*' and '/' past the limit too.
        let e = parse(&("*".repeat(32) + "*"), dialect).unwrap_err();
        assert_eq!(e.column, 33);
        let e = parse(&("*".repeat(32) + "K/"), dialect).unwrap_err();
        assert_eq!(e.column, 33);
    }

    #[test]
    fn widths() {
        assert_eq!(Width::default(), Width::DEFAULT);
        assert_eq!(Width::DEFAULT.files(), 8);
        assert_eq!("10".parse::<Width>().map(Width::files), Ok(10));
        assert_eq!("32".parse::<Width>().map(Width::files), Ok(32));
        for bad in ["", "0", "33", "-1", "+8", "8.0", " 8", "1000", "99999999999999999999"] {
            assert!(bad.parse::<Width>().is_err(), "{bad:?}");
        }
        assert_eq!(Width::new(0), None);
        assert_eq!(Width::new(33), None);
        assert_eq!("Courier".parse(), Ok(Dialect::courier()));
        assert_eq!(Dialect::courier().name(), "courier");
    }
}
