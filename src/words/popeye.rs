//! The position as the input of Popeye, the problemists' solving program (`form=popeye`): `title` and `remark`
//! lines for the furniture's text, `pieces white … black … neutral …` with Popeye's piece codes, `condition hole`
//! for the missing squares (and for the squares of Popeye's 8×8 board that a smaller board lacks), and a `remark`
//! line for every piece Popeye cannot be given.
//!
//! A fairy piece is mapped by what it moves like, never by its name alone ([`POPEYE`], the table of docs/words.md,
//! from Popeye's English manual `py-engl.txt`): our archbishop (bishop + knight) is Popeye's princess `pr`, our
//! chancellor its empress `em`, our elephant its alfil `al`. A piece the table cannot name — a name Popeye uses for
//! another piece, a name of no known piece, a turned glyph, an extra colour, a square off Popeye's 8×8 board — is a
//! `remark` line saying so, never a code that would be wrong.

use crate::notation::board::{Color, Figure};
use crate::options::furniture::{Furniture, SquareName};
use crate::options::language::Lang;
use crate::words::reading::{degrees, Placed, Reading, What};
use crate::words::vocab::{fairy_name, Vocab};

/// The fairy table's names Popeye has a piece for: (names, what they move like, Popeye's code).
pub const POPEYE: &[(&[&str], &str, &str)] = &[
    (&["grasshopper"], "along queen lines over one piece, to the square just beyond it", "g"),
    (&["rookhopper"], "as the grasshopper, on rook lines", "rh"),
    (&["bishophopper"], "as the grasshopper, on bishop lines", "bh"),
    (&["kinghopper"], "over a neighbouring piece to the square just beyond it", "kh"),
    (&["nightriderhopper"], "as the grasshopper, on nightrider lines", "nh"),
    (&["berolinapawn"], "a pawn that moves diagonally and captures straight ahead", "bp"),
    (&["leo"], "along queen lines; captures over one piece, anywhere beyond it", "le"),
    (&["pao", "cannon"], "along rook lines; captures over one piece, anywhere beyond it", "pa"),
    (&["vao"], "along bishop lines; captures over one piece, anywhere beyond it", "va"),
    (&["mao"], "the knight's leap, stepping orthogonally first (it can be blocked there)", "ma"),
    (&["rooklion"], "along rook lines over one piece, to any square beyond it", "rl"),
    (&["bishoplion"], "along bishop lines over one piece, to any square beyond it", "bl"),
    (&["archbishop", "cardinal", "princess"], "bishop + knight", "pr"),
    (&["chancellor", "marshall", "marshal", "empress"], "rook + knight", "em"),
    (&["amazon"], "queen + knight", "am"),
    (&["nightrider", "knightrider"], "knight's leaps repeated in one line", "n"),
    (&["zebra"], "the (2,3) leaper", "z"),
    (&["giraffe"], "the (1,4) leaper", "gi"),
    (&["camel"], "the (1,3) leaper", "ca"),
    (&["wazir"], "one step orthogonally", "we"),
    (&["ferz", "fers", "general"], "one step diagonally", "fe"),
    (&["dabbaba", "dabbabah"], "the (0,2) leaper", "da"),
    (&["alfil", "elephant"], "the (2,2) leaper (Popeye's `et` elephant is another piece)", "al"),
];

/// The fairy table's names Popeye's manual has no piece for, and why: (names, why).
pub const NOT_MAPPED: &[(&[&str], &str)] = &[
    (&["centaur"], "king + knight, not royal: no piece of Popeye's manual moves like it"),
    (&["mann", "man", "commoner"], "a king that is not royal: no piece of Popeye's manual moves like it"),
    (&["unicorn"], "the variant pages give the name to different pieces; Popeye's manual has none"),
    (&["dragon"], "the variant pages' dragon; Popeye's `dr` (knight + pawn) is another piece"),
    (&["lion"], "the variant pages' lion (Chu Shogi's two-step leaper); Popeye's `li` is a hopper"),
];

/// Popeye's code of the orthodox pieces K Q R B N P (its knight is `s`).
const ORTHODOX: [&str; 6] = ["k", "q", "r", "b", "s", "p"];

/// Popeye's code for a piece, or why it has none.
fn code(what: &What) -> Result<String, &'static str> {
    match what {
        What::Figure(figure) => Ok(ORTHODOX[*figure as usize].to_string()),
        What::Turned(..) => Err("a turned glyph names no piece"),
        What::Named(name) => match POPEYE.iter().find(|(names, _, _)| names.contains(&name.as_str())) {
            Some((_, _, code)) => Ok((*code).to_string()),
            None if NOT_MAPPED.iter().any(|(names, _)| names.contains(&name.as_str())) => {
                Err("no Popeye piece moves like it")
            }
            None => Err("a name the fairy table does not know"),
        },
    }
}

/// The side's word in Popeye's `pieces` command and in the remarks.
fn side(color: Color) -> String {
    match color {
        Color::White => "white".to_string(),
        Color::Black => "black".to_string(),
        Color::Neutral => "neutral".to_string(),
        Color::Extra(extra) => format!("colour {}", extra.digit()),
    }
}

/// A piece as the remarks name it: `Rb2`, `Centaur c3`, `Queen turned 180° e4`.
fn named(piece: &Placed) -> String {
    let vocab = Vocab::of(Lang::En);
    match &piece.what {
        What::Figure(figure) => format!("{}{}", Figure::letter(*figure), piece.square),
        What::Named(name) => format!("{} {}", fairy_name(name.as_str(), vocab), piece.square),
        What::Turned(figure, rotation) => format!("{} {}", vocab.turned(*figure, degrees(*rotation)), piece.square),
    }
}

/// Whether `square` is on Popeye's 8×8 board.
fn on_popeyes_board(square: SquareName) -> bool {
    square.file() < 8 && square.rank() <= 8
}

/// The position of `reading` with `furniture`'s text as Popeye's input, each line ended by a line feed.
pub fn text(reading: &Reading, furniture: &Furniture) -> String {
    let mut lines: Vec<String> = furniture.title.lines().iter().map(|l| format!("title {l}")).collect();
    lines.extend(furniture.caption.lines().iter().map(|l| format!("remark {l}")));
    let (w, h) = (reading.width, reading.height);
    if w > 8 || h > 8 {
        lines.push(format!("remark board {w}×{h}: Popeye's board is 8×8"));
    }
    let mut remarks = Vec::new();
    let mut sides: Vec<String> = Vec::new();
    for color in reading.colors() {
        let mut tokens = Vec::new();
        for (what, squares) in reading.groups(color) {
            for square in squares {
                let piece = Placed { square, color, what: what.clone(), rotation: Default::default() };
                let why = match (code(what), color) {
                    (_, Color::Extra(_)) => Err("Popeye has no such colour"),
                    _ if !on_popeyes_board(square) => Err("off Popeye's 8×8 board"),
                    (code, _) => code,
                };
                match why {
                    Ok(code) => tokens.push(format!("{}{square}", code.to_ascii_uppercase())),
                    Err(why) => remarks.push(format!("remark not mapped: {} {} ({why})", side(color), named(&piece))),
                }
            }
        }
        if !tokens.is_empty() {
            sides.push(format!("{} {}", side(color), tokens.join(" ")));
        }
    }
    for (i, side) in sides.iter().enumerate() {
        lines.push(format!("{}{side}", if i == 0 { "pieces " } else { "       " }));
    }
    // Popeye's holes: the board's own, and the squares of its 8×8 board that a smaller board lacks.
    let mut holes: Vec<SquareName> = Vec::new();
    for file in 0..8 {
        for rank in 1..=8 {
            let square = SquareName::new(file, rank);
            if file >= w || rank > h || square.is_some_and(|s| reading.holes.contains(&s)) {
                holes.extend(square);
            }
        }
    }
    if !holes.is_empty() {
        let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
        // One word: Popeye reads the squares of a condition as one list, and a space ends it (`e5` alone would be
        // its next condition).
        lines.push(format!("condition hole {}", names.concat()));
    }
    lines.extend(remarks);
    if reading.pieces.is_empty() {
        lines.push("remark empty board".to_string());
    }
    lines.iter().map(|line| format!("{line}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fairy::TABLE;
    use crate::notation::ffen::{parse, Dialect};
    use crate::options::render_options::RenderOptions;

    fn popeye(ffen: &str, dialect: Dialect, pairs: &[(&str, &str)]) -> String {
        let board = parse(ffen, dialect).unwrap();
        let options = RenderOptions::from_pairs(pairs.iter().copied()).unwrap();
        text(&Reading::of(&board), &options.furniture)
    }

    #[test]
    fn orthodox_fairy_neutral_and_what_cannot_be_said() {
        let ffen = "k7/1p6/8/6[grasshopper:b]1/3[rook:n]P3/3R4/2Q1[archbishop:w]3/1K[centaur:w]3*2q1";
        assert_eq!(
            popeye(ffen, Dialect::Janko, &[("title", "A. Author"), ("caption", "h#2")]),
            "title A. Author\nremark h#2\npieces white Kb1 Qc2 Rd3 Pe4 PRe2\n       black Ka8 Pb7 Gg5\n       \
             neutral Rd4\nremark not mapped: white Centaur c1 (no Popeye piece moves like it)\n\
             remark not mapped: black Queen turned 180° g1 (a turned glyph names no piece)\n"
        );
    }

    #[test]
    fn boards_other_than_eight_by_eight_and_holes() {
        // A 2×2 board: the rest of Popeye's board are holes; a hole of its own too.
        let small = popeye("K[-]/1k", Dialect::Janko, &[]);
        assert!(small.starts_with("pieces white Ka2\n       black Kb1\ncondition hole a3a4a5"), "{small}");
        assert!(small.contains("a8b2b3") && small.ends_with("h7h8\n"), "{small}");
        // A 9×8 board: the i-file is off Popeye's board.
        let wide = popeye("8k/9/9/9/9/9/9/K7R", Dialect::Janko, &[]);
        assert_eq!(
            wide,
            "remark board 9×8: Popeye's board is 8×8\npieces white Ka1\nremark not mapped: white Ri1 (off Popeye's \
             8×8 board)\nremark not mapped: black Ki8 (off Popeye's 8×8 board)\n"
        );
        assert_eq!(popeye("8/8/8/8/8/8/8/8", Dialect::Janko, &[]), "remark empty board\n");
        let extra = popeye("(rook3)(camelrider)", Dialect::Bodlaender, &[]);
        assert!(extra.contains("remark not mapped: colour 3 Ra1 (Popeye has no such colour)"), "{extra}");
        assert!(extra.contains("remark not mapped: black Camelrider b1 (a name the fairy table does not know)"));
    }

    #[test]
    fn every_name_of_the_fairy_table_is_mapped_or_said_not_to_be() {
        let mut listed: Vec<&str> = POPEYE.iter().flat_map(|(names, _, _)| names.iter().copied()).collect();
        listed.extend(NOT_MAPPED.iter().flat_map(|(names, _)| names.iter().copied()));
        let mut table: Vec<&str> = TABLE.iter().map(|(name, _, _)| *name).collect();
        listed.sort_unstable();
        table.sort_unstable();
        assert_eq!(listed, table);
    }

    /// docs/words.md's Popeye table is [`POPEYE`] and [`NOT_MAPPED`], row by row.
    #[test]
    fn the_documented_table_is_this_one() {
        let doc = include_str!("../../docs/words.md");
        let section = &doc[doc.find("### Popeye's pieces").expect("docs/words.md section")..];
        let rows: Vec<&str> = section
            .lines()
            .skip_while(|l| !l.starts_with("| our names"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .collect();
        let mut want: Vec<String> = POPEYE
            .iter()
            .map(|(names, moves, code)| {
                let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                format!("| {} | {moves} | `{code}` |", names.join(", "))
            })
            .collect();
        want.extend(NOT_MAPPED.iter().map(|(names, why)| {
            let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
            format!("| {} | {why} | not mapped |", names.join(", "))
        }));
        assert_eq!(rows, want);
    }
}
