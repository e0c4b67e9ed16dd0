//! The words of each language: headings, the orthodox letters and names, the names of the marks and of the lines.
//! Fairy names are not translated: they stay as the fairy table names them (docs/words.md).

use crate::notation::board::{Color, Figure, Marker};
use crate::options::language::Lang;

/// The words of one language.
pub struct Vocab {
    /// White, Black, Neutral.
    sides: [&'static str; 3],
    /// The heading of an extra colour, before its digit.
    colour: &'static str,
    /// The letters of K Q R B N P.
    piece_letters: [char; 6],
    /// The names of K Q R B N P, and whether the name is feminine (French agreement).
    names: [(&'static str, bool); 6],
    /// The names of the markers C X S T.
    marks: [&'static str; 4],
    /// What ends a heading before its list: `: `, or French `\u{a0}: `.
    pub colon: &'static str,
    /// "Board", before its size.
    pub board: &'static str,
    /// A board without pieces.
    pub empty: &'static str,
    /// The line headings: holes, marks, letters, framed squares, highlighted squares, arrows, circles, last move.
    pub holes: &'static str,
    /// See `holes`.
    pub marks_line: &'static str,
    /// See `holes`.
    pub letters: &'static str,
    /// See `holes`.
    pub framed: &'static str,
    /// See `holes`.
    pub highlighted: &'static str,
    /// See `holes`.
    pub arrows: &'static str,
    /// See `holes`.
    pub circles: &'static str,
    /// See `holes`.
    pub last_move: &'static str,
    /// A piece named by one letter (Bodlaender's, Game Courier's), before the letter.
    piece: &'static str,
    /// The SVG's `<title>` without a `title`.
    pub diagram: &'static str,
    /// A turned glyph's words from its name, whether the name is feminine, and the degrees.
    turn: fn(&str, bool, u16) -> String,
}

const EN: Vocab = Vocab {
    sides: ["White", "Black", "Neutral"],
    colour: "Colour",
    piece_letters: ['K', 'Q', 'R', 'B', 'N', 'P'],
    names: [("King", false), ("Queen", false), ("Rook", false), ("Bishop", false), ("Knight", false), ("Pawn", false)],
    marks: ["circle", "cross", "square", "triangle"],
    colon: ": ",
    board: "Board",
    empty: "Empty board",
    holes: "Holes",
    marks_line: "Marks",
    letters: "Letters",
    framed: "Framed squares",
    highlighted: "Highlighted squares",
    arrows: "Arrows",
    circles: "Circles",
    last_move: "Last move",
    piece: "Piece",
    diagram: "Chess diagram",
    turn: |name, _, degrees| format!("{name} turned {degrees}°"),
};

const DE: Vocab = Vocab {
    sides: ["Weiß", "Schwarz", "Neutral"],
    colour: "Farbe",
    piece_letters: ['K', 'D', 'T', 'L', 'S', 'B'],
    names: [
        ("König", false),
        ("Dame", false),
        ("Turm", false),
        ("Läufer", false),
        ("Springer", false),
        ("Bauer", false),
    ],
    marks: ["Kreis", "Kreuz", "Quadrat", "Dreieck"],
    colon: ": ",
    board: "Brett",
    empty: "Leeres Brett",
    holes: "Löcher",
    marks_line: "Markierungen",
    letters: "Buchstaben",
    framed: "Umrandete Felder",
    highlighted: "Hervorgehobene Felder",
    arrows: "Pfeile",
    circles: "Kreise",
    last_move: "Letzter Zug",
    piece: "Figur",
    diagram: "Schachdiagramm",
    turn: |name, _, degrees| format!("{name} um {degrees}° gedreht"),
};

const FR: Vocab = Vocab {
    sides: ["Blancs", "Noirs", "Neutres"],
    colour: "Couleur",
    piece_letters: ['R', 'D', 'T', 'F', 'C', 'P'],
    names: [("Roi", false), ("Dame", true), ("Tour", true), ("Fou", false), ("Cavalier", false), ("Pion", false)],
    marks: ["cercle", "croix", "carré", "triangle"],
    colon: "\u{a0}: ",
    board: "Échiquier",
    empty: "Échiquier vide",
    holes: "Trous",
    marks_line: "Marques",
    letters: "Lettres",
    framed: "Cases encadrées",
    highlighted: "Cases en évidence",
    arrows: "Flèches",
    circles: "Cercles",
    last_move: "Dernier coup",
    piece: "Pièce",
    diagram: "Diagramme d'échecs",
    turn: |name, feminine, degrees| format!("{name} tourné{} de {degrees}°", if feminine { "e" } else { "" }),
};

impl Vocab {
    /// The words of `lang`.
    pub fn of(lang: Lang) -> &'static Vocab {
        match lang {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Fr => &FR,
        }
    }

    /// The heading of a colour's group: `White`, `Weiß`, `Colour 3`.
    pub fn side(&self, color: Color) -> String {
        match color {
            Color::White => self.sides[0].to_string(),
            Color::Black => self.sides[1].to_string(),
            Color::Neutral => self.sides[2].to_string(),
            Color::Extra(extra) => format!("{} {}", self.colour, extra.digit()),
        }
    }

    /// The letter of an orthodox piece.
    pub fn letter(&self, figure: Figure) -> char {
        self.piece_letters[figure as usize]
    }

    /// A glyph turned by `degrees`, without a name: `Queen turned 180°`, `Dame um 180° gedreht`,
    /// `Dame tournée de 180°`.
    pub fn turned(&self, figure: Figure, degrees: u16) -> String {
        let (name, feminine) = self.names[figure as usize];
        (self.turn)(name, feminine, degrees)
    }

    /// The name of a marker.
    pub fn mark(&self, marker: Marker) -> &'static str {
        self.marks[marker as usize]
    }

    /// A piece named by one letter: `Piece A`.
    pub fn lettered_piece(&self, letter: char) -> String {
        format!("{} {}", self.piece, letter.to_ascii_uppercase())
    }
}

/// A fairy name as the words write it: the table's name with its first letter upper-case (`Grasshopper`,
/// `Nightriderhopper`), or, for a name of one letter, `Piece A` in the language.
pub fn fairy_name(name: &str, vocab: &Vocab) -> String {
    let mut letters = name.chars();
    match (letters.next(), letters.next()) {
        (Some(only), None) => vocab.lettered_piece(only),
        (Some(first), Some(_)) => format!("{}{}", first.to_ascii_uppercase(), &name[first.len_utf8()..]),
        (None, _) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_turns_in_each_language() {
        let letters = |lang| Figure::ALL.map(|f| Vocab::of(lang).letter(f)).iter().collect::<String>();
        assert_eq!([letters(Lang::En), letters(Lang::De), letters(Lang::Fr)], ["KQRBNP", "KDTLSB", "RDTFCP"]);
        assert_eq!(Vocab::of(Lang::En).turned(Figure::Queen, 180), "Queen turned 180°");
        assert_eq!(Vocab::of(Lang::De).turned(Figure::Knight, 90), "Springer um 90° gedreht");
        assert_eq!(Vocab::of(Lang::Fr).turned(Figure::Rook, 270), "Tour tournée de 270°");
        assert_eq!(Vocab::of(Lang::Fr).turned(Figure::Bishop, 90), "Fou tourné de 90°");
        assert_eq!(fairy_name("grasshopper", Vocab::of(Lang::De)), "Grasshopper");
        assert_eq!(fairy_name("a", Vocab::of(Lang::Fr)), "Pièce A");
        let marks = Marker::ALL.map(|m| Vocab::of(Lang::En).mark(m));
        assert_eq!(marks, ["circle", "cross", "square", "triangle"]);
    }
}
