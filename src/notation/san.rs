//! Standard algebraic notation (SAN), as players, databases and PGN write a move: `e4`, `Nf3`, `exd6`, `Nbd2`,
//! `R1e2`, `Qh4xe7`, `e8=Q` (or `e8Q`), `O-O`, `0-0-0`, with `+`, `#`, `!`, `?` and `e.p.` after it read and
//! ignored. A move is found on the board by the rules of orthodox chess ([`crate::notation::legal`]): the one
//! legal move of a piece of that kind to that square, the file or rank given deciding between two, a pin or a
//! check deciding what the SAN leaves out.
//!
//! A file is one letter (`a` to `z`), a rank one or two digits, so SAN reaches boards of up to 26 files. The knight
//! is `N` (or the German `S`); a pawn's move has no letter (`P` is read too).
//!
//! ```
//! use ffen_diagram::san::San;
//! let san: San = "Nbd2+".parse().unwrap();
//! assert_eq!(san.to_string(), "Nbd2");
//! assert!("Nf3x".parse::<San>().is_err());
//! ```

use crate::notation::board::{file_name, Figure};
use crate::notation::legal::{LegalMove, Position};
use std::fmt;
use std::str::FromStr;

/// A move in SAN, read; [`San::find`] finds it on a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// `O-O` (short) or `O-O-O` (long).
    Castle {
        /// `O-O-O`.
        long: bool,
    },
    /// A piece's move.
    Move {
        /// The piece (a pawn's move names none).
        figure: Figure,
        /// The file it leaves, if written (`Nbd2`, `exd5`).
        file: Option<usize>,
        /// The rank it leaves, if written (`R1e2`).
        rank: Option<usize>,
        /// Whether it is written as a capture.
        capture: bool,
        /// The square reached: file (0 = a) and rank (1 = the bottom).
        to: (usize, usize),
        /// What a pawn becomes.
        promotion: Option<Figure>,
    },
}

/// Why a SAN word is none.
const EXPECTED: &str = "expected a move in SAN (e4, Nf3, exd6, Nbd2, e8=Q, O-O) or in coordinates (e2e4)";

impl FromStr for San {
    type Err = String;

    fn from_str(word: &str) -> Result<San, String> {
        let word = word.strip_suffix("e.p.").unwrap_or(word);
        let word = word.trim_end_matches(['+', '#', '!', '?']);
        match word {
            "O-O" | "0-0" => return Ok(San::Castle { long: false }),
            "O-O-O" | "0-0-0" => return Ok(San::Castle { long: true }),
            _ => {}
        }
        let bytes = word.as_bytes();
        let (figure, mut rest) = match bytes.first() {
            Some(b'S') => (Figure::Knight, &bytes[1..]),
            Some(&c @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P')) => {
                (Figure::from_letter(c as char).ok_or(EXPECTED)?, &bytes[1..])
            }
            _ => (Figure::Pawn, bytes),
        };
        // The promotion, at the end: `=Q` or `Q` (a pawn's only).
        let mut promotion = None;
        if let [head @ .., letter @ (b'Q' | b'R' | b'B' | b'N' | b'S')] = rest {
            let head = head.strip_suffix(b"=").unwrap_or(head);
            promotion = Some(if *letter == b'S' {
                Figure::Knight
            } else {
                Figure::from_letter(*letter as char).ok_or(EXPECTED)?
            });
            rest = head;
        }
        // The square reached, at the end: a letter and one or two digits.
        let digits = rest.iter().rev().take_while(|b| b.is_ascii_digit()).count();
        if !(1..=2).contains(&digits) || rest.len() < digits + 1 {
            return Err(EXPECTED.into());
        }
        let (head, number) = rest.split_at(rest.len() - digits);
        let [head @ .., letter @ b'a'..=b'z'] = head else { return Err(EXPECTED.into()) };
        let to = (usize::from(letter - b'a'), rank_of(number).ok_or(EXPECTED)?);
        let (head, capture) = match head {
            [head @ .., b'x' | b':'] => (head, true),
            _ => (head, false),
        };
        // The file and rank it leaves, both optional, in that order.
        let (file, head) = match head {
            [f @ b'a'..=b'z', head @ ..] => (Some(usize::from(f - b'a')), head),
            _ => (None, head),
        };
        let rank = match head {
            [] => None,
            digits => Some(rank_of(digits).ok_or(EXPECTED)?),
        };
        let pawn = figure == Figure::Pawn;
        if promotion.is_some() && !pawn || pawn && (rank.is_some() || capture && file.is_none()) {
            return Err(EXPECTED.into());
        }
        Ok(San::Move { figure, file, rank, capture, to, promotion })
    }
}

/// A rank of one or two digits, from 1.
fn rank_of(digits: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(digits).ok()?;
    (!text.is_empty() && text.len() <= 2 && !text.starts_with('0')).then(|| text.parse().ok()).flatten()
}

impl fmt::Display for San {
    /// The move as read, without its marks: `O-O`, `Nbd2`, `exd6`, `e8=Q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            San::Castle { long } => f.write_str(if *long { "O-O-O" } else { "O-O" }),
            San::Move { figure, file, rank, capture, to, promotion } => {
                if *figure != Figure::Pawn {
                    write!(f, "{}", figure.letter())?;
                }
                if let Some(file) = file {
                    f.write_str(&file_name(*file))?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                let x = if *capture { "x" } else { "" };
                write!(f, "{x}{}{}", file_name(to.0), to.1)?;
                match promotion {
                    Some(p) => write!(f, "={}", p.letter()),
                    None => Ok(()),
                }
            }
        }
    }
}

/// A square's name (`e4`).
fn square(at: (usize, usize)) -> String {
    format!("{}{}", file_name(at.0), at.1)
}

impl San {
    /// The one legal move of `position`'s side to move this SAN names, or why there is none (`no knight can reach
    /// f3`, `ambiguous (Nbd2 or Nfd2)`, `the knight on g1 is pinned`).
    pub fn find(&self, position: &Position) -> Result<LegalMove, String> {
        let (figure, file, rank, to, promotion) = match *self {
            San::Castle { long } => {
                let name = if long { "O-O-O" } else { "O-O" };
                return position.castle(long).map_err(|why| format!("cannot castle ({name}): {why}"));
            }
            San::Move { figure, file, rank, to, promotion, .. } => (figure, file, rank, to, promotion),
        };
        let fits = |m: &LegalMove| file.is_none_or(|f| m.from.0 == f) && rank.is_none_or(|r| m.from.1 == r);
        let (pseudo, legal) = position.reaching(figure, to);
        let name = figure.name();
        let legal: Vec<LegalMove> = legal.into_iter().filter(fits).collect();
        if legal.is_empty() {
            let stopped: Vec<String> = pseudo.iter().filter(|m| fits(m)).map(|m| square(m.from)).collect();
            return Err(match stopped.first() {
                Some(from) => format!("the {name} on {from} cannot go to {}: its king would be in check", square(to)),
                None => format!("no {name} can reach {}", square(to)),
            });
        }
        let chosen: Vec<&LegalMove> = match promotion {
            Some(p) => legal.iter().filter(|m| m.promotion == Some(p)).collect(),
            None => legal.iter().filter(|m| m.promotion.is_none()).collect(),
        };
        match chosen.as_slice() {
            [one] => Ok(**one),
            [] if promotion.is_none() => {
                Err(format!("a pawn reaching {} is promoted: add =Q, =R, =B or =N", square(to)))
            }
            [] => Err(format!("no {name} can reach {}", square(to))),
            many => Err(format!("ambiguous ({})", alternatives(figure, many))),
        }
    }
}

/// The moves `many` written as SAN that tells each apart (`Nbd2 or Nfd2`, `R1e2, R3e2 or Rge2`).
fn alternatives(figure: Figure, many: &[&LegalMove]) -> String {
    let names: Vec<String> = many
        .iter()
        .map(|m| {
            let same_file = many.iter().filter(|o| o.from.0 == m.from.0).count() > 1;
            let same_rank = many.iter().filter(|o| o.from.1 == m.from.1).count() > 1;
            let from = match (same_file, same_rank) {
                (false, _) => file_name(m.from.0),
                (true, false) => m.from.1.to_string(),
                (true, true) => square(m.from),
            };
            let letter = if figure == Figure::Pawn { String::new() } else { figure.letter().to_string() };
            format!("{letter}{from}{}", square(m.to))
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::board::Color;
    use crate::notation::ffen::{parse, Dialect};
    use crate::notation::legal::Castling;

    fn find(text: &str, side: Color, san: &str) -> Result<LegalMove, String> {
        let board = parse(text, Dialect::Janko).unwrap();
        let position = Position { board, side, castling: Castling::default(), passed: None };
        san.parse::<San>()?.find(&position)
    }

    #[test]
    fn reads_the_spellings() {
        for (word, shown) in [
            ("e4", "e4"),
            ("exd6", "exd6"),
            ("exd6e.p.", "exd6"),
            ("e8=Q", "e8=Q"),
            ("e8Q+", "e8=Q"),
            ("Nbd2", "Nbd2"),
            ("R1e2", "R1e2"),
            ("Qh4xe7#", "Qh4xe7"),
            ("Sf3!?", "Nf3"),
            ("0-0-0", "O-O-O"),
            ("Pe4", "e4"),
            ("Nj10", "Nj10"),
        ] {
            assert_eq!(word.parse::<San>().map(|s| s.to_string()), Ok(shown.to_string()), "{word}");
        }
        for word in ["", "N", "Nf", "f0", "Nf3=Q", "e2e4x", "K1", "xe4", "Zf3", "Ne3f"] {
            assert!(word.parse::<San>().is_err(), "{word}");
        }
    }

    #[test]
    fn finds_and_explains() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(find(start, Color::White, "Nf3").map(|m| m.from), Ok((6, 1)));
        assert_eq!(find(start, Color::White, "Nf4").unwrap_err(), "no knight can reach f4");
        let knights = "4k3/8/8/8/8/8/8/1N2KN2";
        assert_eq!(find(knights, Color::White, "Nd2").unwrap_err(), "ambiguous (Nbd2 or Nfd2)");
        assert_eq!(find(knights, Color::White, "Nbd2").map(|m| m.from), Ok((1, 1)));
        // A pin decides: the e2 knight shields its king from the rook on e8.
        let pinned = "4r1k1/8/8/8/8/5N2/4N3/4K3";
        assert_eq!(find(pinned, Color::White, "Nd4").map(|m| m.from), Ok((5, 3)));
        assert!(find("4r1k1/8/8/8/8/8/4N3/4K3", Color::White, "Nd4").unwrap_err().contains("king would be in check"));
        assert!(find("4k3/P7/8/8/8/8/8/4K3", Color::White, "a8").unwrap_err().contains("promoted"));
        assert_eq!(find("4k3/P7/8/8/8/8/8/4K3", Color::White, "a8=N").map(|m| m.promotion), Ok(Some(Figure::Knight)));
        let rooks = "4k3/8/8/8/R7/8/R7/4K3";
        assert_eq!(find(rooks, Color::White, "Ra3").unwrap_err(), "ambiguous (R2a3 or R4a3)");
    }
}
