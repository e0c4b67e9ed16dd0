//! The piece list problem columns print (`form=list`, the default): the title, the board's size when it is not
//! 8×8, each colour's pieces, the holes, marks, letters and framed squares, the furniture's marks, the count, the
//! caption. The rules are in docs/words.md.

use crate::notation::board::{Color, Marker};
use crate::options::furniture::{Furniture, SquareName};
use crate::options::language::Lang;
use crate::words::reading::{degrees, Reading, What};
use crate::words::vocab::{fairy_name, Vocab};

/// A description in three parts: the title's lines, the lines that describe the board, the caption's lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Description {
    /// The `title` furniture's lines (first).
    pub title: Vec<String>,
    /// The board: size, pieces, holes, marks, letters, furniture marks, the count.
    pub body: Vec<String>,
    /// The `caption` furniture's lines (last).
    pub caption: Vec<String>,
}

impl Description {
    /// The description of `reading` with `furniture`, in `lang`.
    pub fn new(reading: &Reading, furniture: &Furniture, lang: Lang) -> Description {
        let vocab = Vocab::of(lang);
        let mut body = Vec::new();
        if (reading.width, reading.height) != (8, 8) {
            body.push(format!("{} {}×{}", vocab.board, reading.width, reading.height));
        }
        if reading.pieces.is_empty() {
            body.push(vocab.empty.to_string());
        }
        for color in reading.colors() {
            body.push(side_line(reading, color, vocab, vocab.colon));
        }
        let mut line = |heading: &str, items: Vec<String>, separator: &str| {
            if !items.is_empty() {
                body.push(format!("{heading}{}{}", vocab.colon, items.join(separator)));
            }
        };
        line(vocab.holes, names(&reading.holes), " ");
        line(vocab.marks_line, marks(&reading.marks, vocab), ", ");
        line(vocab.letters, reading.letters.iter().map(|(s, t)| format!("{t} {s}")).collect(), ", ");
        line(vocab.framed, names(&reading.framed), " ");
        line(vocab.highlighted, furniture.squares.as_slice().iter().map(|(s, _)| s.to_string()).collect(), " ");
        let (circles, arrows): (Vec<_>, Vec<_>) = furniture.arrows.as_slice().iter().partition(|(m, _)| m.is_circle());
        line(vocab.arrows, arrows.iter().map(|(m, _)| format!("{}-{}", m.from, m.to)).collect(), ", ");
        line(vocab.circles, circles.iter().map(|(m, _)| m.from.to_string()).collect(), " ");
        line(vocab.last_move, furniture.last_move.iter().map(|m| format!("{}-{}", m.from, m.to)).collect(), "");
        if !reading.pieces.is_empty() {
            body.push(reading.count.to_string());
        }
        Description { title: furniture.title.lines().to_vec(), body, caption: furniture.caption.lines().to_vec() }
    }

    /// Every line: the title's, the body's, the caption's.
    pub fn lines(&self) -> impl Iterator<Item = &String> {
        self.title.iter().chain(&self.body).chain(&self.caption)
    }

    /// The text: every line, each ended by a line feed.
    pub fn text(&self) -> String {
        self.lines().map(|line| format!("{line}\n")).collect()
    }
}

/// The short form, for an `alt` text: the count and each colour's pieces on one line,
/// `(4+3) White: Kb1 Qc2 Rd3 Pe4; Black: Ka8 Pb7, Grasshopper g5`; `Empty board` without pieces.
pub fn short(reading: &Reading, lang: Lang) -> String {
    let vocab = Vocab::of(lang);
    if reading.pieces.is_empty() {
        return vocab.empty.to_string();
    }
    let sides: Vec<String> = reading
        .colors()
        .into_iter()
        .map(|color| format!("{}{}{}", vocab.side(color), vocab.colon, items(reading, color, vocab)))
        .collect();
    format!("{} {}", reading.count, sides.join("; "))
}

/// One colour's line: `White (4): Kb1 Qc2 Rd3 Pe4, Grasshopper g5`.
fn side_line(reading: &Reading, color: Color, vocab: &Vocab, colon: &str) -> String {
    let n = reading.pieces.iter().filter(|p| p.color == color).count();
    format!("{} ({n}){colon}{}", vocab.side(color), items(reading, color, vocab))
}

/// One colour's pieces: the orthodox ones as letter and square (`Kb1 Pe4 Pf5`), then each named piece and turned
/// glyph with its squares (`Grasshopper g5 h6`), separated by commas.
fn items(reading: &Reading, color: Color, vocab: &Vocab) -> String {
    let mut orthodox = Vec::new();
    let mut others = Vec::new();
    for (what, squares) in reading.groups(color) {
        match what {
            What::Figure(figure) => {
                orthodox.extend(squares.iter().map(|s| format!("{}{s}", vocab.letter(*figure))));
            }
            What::Named(name) => {
                others.push(format!("{} {}", fairy_name(name.as_str(), vocab), names(&squares).join(" ")))
            }
            What::Turned(figure, rotation) => {
                others.push(format!("{} {}", vocab.turned(*figure, degrees(*rotation)), names(&squares).join(" ")))
            }
        }
    }
    let mut parts = Vec::new();
    if !orthodox.is_empty() {
        parts.push(orthodox.join(" "));
    }
    parts.extend(others);
    parts.join(", ")
}

fn names(squares: &[SquareName]) -> Vec<String> {
    squares.iter().map(ToString::to_string).collect()
}

/// The marks by shape (circle, cross, square, triangle), each with its squares: `circle e4 f4, cross f5`.
fn marks(marks: &[(SquareName, Marker, Color)], vocab: &Vocab) -> Vec<String> {
    Marker::ALL
        .into_iter()
        .filter_map(|marker| {
            let squares: Vec<String> =
                marks.iter().filter(|(_, m, _)| *m == marker).map(|(s, _, _)| s.to_string()).collect();
            (!squares.is_empty()).then(|| format!("{} {}", vocab.mark(marker), squares.join(" ")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{parse, Dialect};
    use crate::options::render_options::RenderOptions;

    fn text(ffen: &str, dialect: Dialect, pairs: &[(&str, &str)]) -> String {
        let board = parse(ffen, dialect).unwrap();
        let options = RenderOptions::from_pairs(pairs.iter().copied()).unwrap();
        Description::new(&Reading::of(&board), &options.furniture, options.lang).text()
    }

    #[test]
    fn the_issues_example() {
        let ffen = "k7/1p6/8/6[grasshopper:b]1/3[rook:n]P3/3R4/2Q5/1K6";
        assert_eq!(
            text(ffen, Dialect::Janko, &[]),
            "White (4): Kb1 Qc2 Rd3 Pe4\nBlack (3): Ka8 Pb7, Grasshopper g5\nNeutral (1): Rd4\n(4+3+1n)\n"
        );
        assert_eq!(
            text(ffen, Dialect::Janko, &[("lang", "de")]),
            "Weiß (4): Kb1 Dc2 Td3 Be4\nSchwarz (3): Ka8 Bb7, Grasshopper g5\nNeutral (1): Td4\n(4+3+1n)\n"
        );
        assert_eq!(
            text(ffen, Dialect::Janko, &[("lang", "fr")]),
            "Blancs (4)\u{a0}: Rb1 Dc2 Td3 Pe4\nNoirs (3)\u{a0}: Ra8 Pb7, Grasshopper g5\nNeutres (1)\u{a0}: Td4\n(4+3+1n)\n"
        );
    }

    #[test]
    fn every_kind_of_line_in_its_place() {
        let pairs = [
            ("title", "Author|Source"),
            ("caption", "#2"),
            ("squares", "Ge4,a1"),
            ("arrows", "e2e4,f6f6"),
            ("lastmove", "b1c3"),
            ("count", "1"),
        ];
        let want = "Author\nSource\nBoard 10×8\nWhite (2): Ka1, Queen turned 180° e4\nBlack (1): Piece C j8\n\
                    Holes: d4 e5\nMarks: circle b2, cross c2\nLetters: A c3, 12 d5\nHighlighted squares: a1 e4\n\
                    Arrows: e2-e4\nCircles: f6\nLast move: b1-c3\n(2+1)\n#2\n";
        let board = "9[c:b]/91/91/3''12[-]5/3[-]*2Q5/2'A7/1CX7/K9";
        assert_eq!(text(board, Dialect::Janko, &pairs), want);
    }

    #[test]
    fn an_empty_board_says_so() {
        assert_eq!(text("8/8/8/8/8/8/8/8", Dialect::Janko, &[]), "Empty board\n");
        assert_eq!(text("8/8/8/8/8/8/8/8", Dialect::Janko, &[("lang", "de")]), "Leeres Brett\n");
    }
}
