//! The board as the words list it: every piece, mark, letter, hole and framed square with its square name, in
//! square order (file by file from the a-file, each file from its first rank up), read once for every form.

use crate::notation::board::{Board, Cell, Color, ExtraColor, FairyName, Figure, Marker, PieceKind, Rotation};
use crate::options::furniture::{PieceCount, SquareName};

/// What a piece is, as the words name it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum What {
    /// An orthodox piece: its letter.
    Figure(Figure),
    /// An orthodox glyph turned by some quarter turns (1–3): janko's `*1Q`, a glyph without a name.
    Turned(Figure, Rotation),
    /// A named fairy piece (the name says what it is; a turn of its glyph is not said).
    Named(FairyName),
}

/// A piece on its square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Its square.
    pub square: SquareName,
    /// Its colour.
    pub color: Color,
    /// What it is.
    pub what: What,
    /// The quarter turns of its glyph, as drawn (for the data: a named piece may be turned too).
    pub rotation: Rotation,
}

/// The board read for the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// Every piece, in square order.
    pub pieces: Vec<Placed>,
    /// Every marker with its colour, in square order.
    pub marks: Vec<(SquareName, Marker, Color)>,
    /// Every letter or number, in square order.
    pub letters: Vec<(SquareName, String)>,
    /// Every missing square, in square order.
    pub holes: Vec<SquareName>,
    /// Every square with a box drawn inside it (XFEN's `B`), in square order.
    pub framed: Vec<SquareName>,
    /// The count, as the `count` furniture draws it.
    pub count: PieceCount,
}

impl Reading {
    /// Reads `board`.
    pub fn of(board: &Board) -> Reading {
        let (width, height) = (board.width(), board.height());
        let mut reading = Reading {
            width,
            height,
            pieces: Vec::new(),
            marks: Vec::new(),
            letters: Vec::new(),
            holes: Vec::new(),
            framed: Vec::new(),
            count: PieceCount::of(board),
        };
        for x in 0..width {
            for rank in 1..=height {
                let y = height - rank;
                // Boards have at most 32 files and ranks, so every square has a name.
                let Some(square) = SquareName::new(x, rank) else { continue };
                if board.is_bordered(x, y) {
                    reading.framed.push(square);
                }
                match board.get(x, y) {
                    Some(Cell::Hole) => reading.holes.push(square),
                    Some(Cell::Text(text)) => reading.letters.push((square, text.as_str().to_string())),
                    Some(Cell::Piece(piece)) => {
                        let (color, rotation) = (piece.color, piece.rotation);
                        let what = match &piece.kind {
                            PieceKind::Marker(marker) => {
                                reading.marks.push((square, *marker, color));
                                continue;
                            }
                            PieceKind::Figure(f) if rotation == Rotation::NONE => What::Figure(*f),
                            PieceKind::Figure(f) => What::Turned(*f, rotation),
                            PieceKind::Named(name) => What::Named(name.clone()),
                        };
                        reading.pieces.push(Placed { square, color, what, rotation });
                    }
                    Some(Cell::Empty) | None => {}
                }
            }
        }
        reading
    }

    /// Counts the work of an answer in words made of this reading ([`crate::work`]): the squares it walked, the cells
    /// it describes (pieces, markers, letters) and the `items` of the furniture it lists (highlighted squares,
    /// arrows). Counted once an answer, not once a reading: the SVG reads the board for its `<desc>` too, and is a
    /// picture's cost.
    pub fn count_work(&self, items: usize) {
        use crate::work::{count, Unit};
        count(Unit::Square, (self.width * self.height) as u64);
        count(Unit::Cell, (self.pieces.len() + self.marks.len() + self.letters.len()) as u64);
        count(Unit::Item, items as u64);
    }

    /// The colours that have pieces, in the order the words list them: white, black, neutral, then 3–6.
    pub fn colors(&self) -> Vec<Color> {
        let all = [Color::White, Color::Black, Color::Neutral].into_iter().chain(ExtraColor::ALL.map(Color::Extra));
        all.filter(|color| self.pieces.iter().any(|p| p.color == *color)).collect()
    }

    /// The groups of one colour's pieces, in the order the words list them: the orthodox pieces (K Q R B N P), then
    /// the named pieces by name, then the turned glyphs (K Q R B N P, each by its turn); each group's squares in
    /// square order.
    pub fn groups(&self, color: Color) -> Vec<(&What, Vec<SquareName>)> {
        // Kept in order as they are made (an insertion by binary search: no sorting code in the Worker for this).
        fn order(what: &What) -> (u8, u8, Option<&str>, u8) {
            match what {
                What::Figure(f) => (0, *f as u8, None, 0),
                What::Named(name) => (1, 0, Some(name.as_str()), 0),
                What::Turned(f, rotation) => (2, *f as u8, None, rotation.quarter_turns()),
            }
        }
        let mut groups: Vec<(&What, Vec<SquareName>)> = Vec::new();
        for piece in self.pieces.iter().filter(|p| p.color == color) {
            match groups.binary_search_by(|(what, _)| order(what).cmp(&order(&piece.what))) {
                Ok(i) => groups[i].1.push(piece.square),
                Err(i) => groups.insert(i, (&piece.what, vec![piece.square])),
            }
        }
        groups
    }
}

/// The degrees of a quarter-turn count: 90, 180 or 270.
pub fn degrees(rotation: Rotation) -> u16 {
    u16::from(rotation.quarter_turns()) * 90
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{parse, Dialect};

    #[test]
    fn squares_run_file_by_file_and_groups_in_the_words_order() {
        let board = parse("k7/8/8/8/8/8/P*2QP5/K2[grasshopper:w]1[amazon:w]2", Dialect::Janko).unwrap();
        let reading = Reading::of(&board);
        let squares: Vec<String> = reading.pieces.iter().map(|p| p.square.to_string()).collect();
        assert_eq!(squares, ["a1", "a2", "a8", "b2", "c2", "d1", "f1"]);
        let groups: Vec<String> =
            reading.groups(Color::White).iter().map(|(what, squares)| format!("{what:?} {}", squares.len())).collect();
        assert_eq!(
            groups,
            [
                "Figure(King) 1",
                "Figure(Pawn) 2",
                "Named(FairyName(\"amazon\")) 1",
                "Named(FairyName(\"grasshopper\")) 1",
                "Turned(Queen, Rotation(2)) 1"
            ]
        );
        assert_eq!(reading.colors(), [Color::White, Color::Black]);
    }
}
