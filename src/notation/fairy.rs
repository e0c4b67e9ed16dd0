//! Named fairy pieces and the glyphs problemists print for them.
//!
//! Printed problem diagrams have no special artwork for the classic fairy pieces: they turn an orthodox glyph.
//! [`TABLE`] follows Popeye's diagram output and `diagram.sty` / the FIDE Album for those (grasshopper = queen
//! upside down, nightrider = knight upside down, zebra = knight turned right, camel = knight turned left, lion =
//! queen turned left, leo = queen turned right), extended by the same families: hoppers upside down, the Chinese
//! pieces turned right, the lion family turned left. The variant pieces (compounds, short leapers) are drawn as
//! variant sets draw them, as two halves side by side ([`Art::Halves`]): the knight's head beside the slider for the
//! compounds, the king's (one step) or the pawn's (two steps) half beside the rider of their directions for the
//! leapers. The "Fairy pieces" table of docs/notation.md lists the same names; a test keeps the two equal.
//!
//! Names are stored without separators, so `rook-hopper`, `rook_hopper` and `rookhopper` are one piece (see
//! [`FairyName::new`]). Orthodox names are no fairy names: the readers turn `(Queen)` into the orthodox queen
//! through [`crate::notation::board::Figure::from_name`].
//!
//! A name that is not in the table still renders: [`fallback_label`] gives up to two letters that the renderer draws
//! inside a disc of the piece's colour.

use crate::notation::board::{FairyName, Figure, Rotation};

/// The artwork of a fairy glyph: an orthodox glyph, or the left half of one beside the right half of another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Art {
    /// One orthodox glyph.
    Figure(Figure),
    /// The left half of the first glyph beside the right half of the second, cut on the pieces' common vertical
    /// axis (as a neutral piece is its white and black halves): the compounds, as variant sets draw them.
    Halves(Figure, Figure),
    /// An orthodox glyph mirrored left to right (a knight facing right).
    Mirrored(Figure),
}

/// How a fairy piece is drawn: its [`Art`] turned by some quarter turns clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The artwork.
    pub art: Art,
    /// Quarter turns clockwise applied before the piece's own rotation.
    pub rotation: Rotation,
}

use Art::Halves;
use Figure::{Bishop, King, Knight, Pawn, Queen, Rook};

/// An orthodox glyph as [`Art`] (the table's shorthand).
const fn glyph_of(figure: Figure) -> Art {
    Art::Figure(figure)
}

/// The table of known names: (name, artwork, quarter turns clockwise).
///
/// Names are stored as [`FairyName`] keeps them: lower case, without separators.
pub const TABLE: &[(&str, Art, u8)] = &[
    // Hoppers and riders: upside down.
    ("grasshopper", glyph_of(Queen), 2),
    ("nightrider", glyph_of(Knight), 2),
    ("rookhopper", glyph_of(Rook), 2),
    ("bishophopper", glyph_of(Bishop), 2),
    ("kinghopper", glyph_of(King), 2),
    ("nightriderhopper", glyph_of(Knight), 2),
    ("berolinapawn", glyph_of(Pawn), 2),
    // Leapers: knight turned (Popeye, FIDE Album).
    ("zebra", glyph_of(Knight), 1),
    ("camel", glyph_of(Knight), 3),
    // Chinese pieces: turned right.
    ("leo", glyph_of(Queen), 1),
    ("pao", glyph_of(Rook), 1),
    ("vao", glyph_of(Bishop), 1),
    ("mao", glyph_of(Knight), 1),
    // Xiangqi's cannon is the pao.
    ("cannon", glyph_of(Rook), 1),
    // Lion family: turned left.
    ("lion", glyph_of(Queen), 3),
    ("rooklion", glyph_of(Rook), 3),
    ("bishoplion", glyph_of(Bishop), 3),
    // Compounds with the knight (renderer r5): the knight's head (its left half) beside the other piece's right
    // half, as variant sets draw their hybrids; the names variant pages (Interactive Diagrams, Game Courier) use.
    ("archbishop", Halves(Knight, Bishop), 0),
    ("cardinal", Halves(Knight, Bishop), 0),
    ("princess", Halves(Knight, Bishop), 0),
    ("chancellor", Halves(Knight, Rook), 0),
    ("marshall", Halves(Knight, Rook), 0),
    ("empress", Halves(Knight, Rook), 0),
    ("amazon", Halves(Knight, Queen), 0),
    ("centaur", Halves(Knight, King), 0),
    // Popeye's dragon moves as knight and pawn.
    ("dragon", Halves(Knight, Pawn), 0),
    // Bishop and nightrider: the archbishop's halves turned as the nightrider is.
    ("unicorn", Halves(Knight, Bishop), 2),
    // One-step leapers: the king's left half (one step) beside the rider of their directions.
    ("wazir", Halves(King, Rook), 0),
    ("ferz", Halves(King, Bishop), 0),
    ("fers", Halves(King, Bishop), 0),
    ("mann", Halves(King, Queen), 0),
    ("man", Halves(King, Queen), 0),
    ("commoner", Halves(King, Queen), 0),
    // Two-step leapers: the pawn's left half (its double step) beside the rider of their directions.
    ("dabbaba", Halves(Pawn, Rook), 0),
    ("alfil", Halves(Pawn, Bishop), 0),
    // The giraffe, the knight's longer cousin: the knight facing the other way (its four turns are the knight,
    // zebra, nightrider and camel).
    ("giraffe", Art::Mirrored(Knight), 0),
    // Shatranj pieces of Bodlaender's example: the elephant is the alfil, the general the ferz.
    ("elephant", Halves(Pawn, Bishop), 0),
    ("general", Halves(King, Bishop), 0),
];

/// The names whose picture renderer `r5` changed (their pieces had a turned orthodox glyph or a disc before): a
/// diagram holding one is keyed under `r5`, every other diagram keeps its `r4` key ([`crate::notation::board::Board`]
/// pictures without them are byte for byte what they were).
pub const REDRAWN_IN_R5: &[&str] = &[
    "archbishop",
    "cardinal",
    "princess",
    "chancellor",
    "marshall",
    "empress",
    "amazon",
    "centaur",
    "dragon",
    "unicorn",
    "wazir",
    "ferz",
    "fers",
    "mann",
    "man",
    "commoner",
    "dabbaba",
    "alfil",
    "giraffe",
    "elephant",
    "general",
];

/// The glyph for a named piece, or `None` if the name is not in [`TABLE`].
pub fn glyph(name: &FairyName) -> Option<Glyph> {
    TABLE
        .iter()
        .find(|(known, _, _)| *known == name.as_str())
        .map(|&(_, art, turns)| Glyph { art, rotation: Rotation::new(u32::from(turns)) })
}

/// What the renderer writes for a name with no glyph: its first letter upper-case and, if it has one, its second
/// letter lower-case (`camelrider` → `Ca`, `g` → `G`).
pub fn fallback_label(name: &FairyName) -> String {
    let mut letters = name.as_str().chars();
    let mut label = String::new();
    if let Some(first) = letters.next() {
        label.push(first.to_ascii_uppercase());
    }
    if let Some(second) = letters.next() {
        label.push(second);
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(s: &str) -> FairyName {
        FairyName::new(s).unwrap()
    }

    #[test]
    fn issue_conventions() {
        let cases = [
            ("grasshopper", Art::Figure(Queen), 2),
            ("nightrider", Art::Figure(Knight), 2),
            ("zebra", Art::Figure(Knight), 1),
            ("camel", Art::Figure(Knight), 3),
            ("lion", Art::Figure(Queen), 3),
            ("leo", Art::Figure(Queen), 1),
            ("archbishop", Halves(Knight, Bishop), 0),
            ("chancellor", Halves(Knight, Rook), 0),
        ];
        for (n, art, turns) in cases {
            let g = glyph(&name(n)).unwrap();
            assert_eq!((g.art, g.rotation.quarter_turns()), (art, turns), "{n}");
        }
    }

    /// Two names share a picture only as synonyms of one piece (listed here, and on one row of docs/notation.md)
    /// or by two printed conventions that meet (the zebra of Popeye and Xiangqi's horse, both the knight turned
    /// right; the nightrider and the hoppers' rule for the nightrider-hopper, both the knight upside down).
    #[test]
    fn different_pieces_have_different_pictures() {
        let synonyms: [&[&str]; 8] = [
            &["archbishop", "cardinal", "princess"],
            &["chancellor", "marshall", "empress"],
            &["ferz", "fers", "general"],
            &["mann", "man", "commoner"],
            &["alfil", "elephant"],
            &["pao", "cannon"],
            &["zebra", "mao"],
            &["nightrider", "nightriderhopper"],
        ];
        let group = |n: &str| synonyms.iter().position(|g| g.contains(&n));
        for (i, (a, art_a, turns_a)) in TABLE.iter().enumerate() {
            for (b, art_b, turns_b) in &TABLE[i + 1..] {
                if (art_a, turns_a) == (art_b, turns_b) {
                    assert!(group(a).is_some() && group(a) == group(b), "{a} and {b} share a picture");
                }
            }
            // And no fairy piece looks like an orthodox one.
            assert!(!(matches!(art_a, Art::Figure(_)) && *turns_a == 0), "{a} is drawn as an orthodox piece");
        }
    }

    /// The names `r5` redrew are exactly those whose picture differs from `r4`'s table (below, as `r4` shipped
    /// it), or that had no glyph (a disc): what keeps every other diagram's `r4` key honest.
    #[test]
    fn the_r5_names_are_those_whose_picture_changed() {
        const R4: [(&str, Figure, u8); 32] = [
            ("grasshopper", Queen, 2),
            ("nightrider", Knight, 2),
            ("rookhopper", Rook, 2),
            ("bishophopper", Bishop, 2),
            ("kinghopper", King, 2),
            ("nightriderhopper", Knight, 2),
            ("berolinapawn", Pawn, 2),
            ("zebra", Knight, 1),
            ("camel", Knight, 3),
            ("giraffe", Knight, 1),
            ("leo", Queen, 1),
            ("pao", Rook, 1),
            ("vao", Bishop, 1),
            ("mao", Knight, 1),
            ("lion", Queen, 3),
            ("rooklion", Rook, 3),
            ("bishoplion", Bishop, 3),
            ("elephant", Bishop, 0),
            ("general", Queen, 0),
            ("archbishop", Bishop, 1),
            ("cardinal", Bishop, 1),
            ("princess", Bishop, 1),
            ("chancellor", Rook, 1),
            ("marshall", Rook, 1),
            ("empress", Rook, 1),
            ("amazon", Queen, 1),
            ("wazir", King, 1),
            ("ferz", King, 3),
            ("fers", King, 3),
            ("alfil", Bishop, 0),
            ("dabbaba", Rook, 0),
            ("cannon", Rook, 1),
        ];
        for (n, art, turns) in TABLE {
            let before = R4.iter().find(|(m, _, _)| m == n).map(|&(_, figure, t)| (Art::Figure(figure), t));
            let changed = before != Some((*art, *turns));
            assert_eq!(REDRAWN_IN_R5.contains(n), changed, "{n}");
        }
        assert!(REDRAWN_IN_R5.iter().all(|n| TABLE.iter().any(|(m, _, _)| m == n)));
    }

    #[test]
    fn table_names_are_valid_and_unique() {
        for (i, (n, _, turns)) in TABLE.iter().enumerate() {
            // Stored as FairyName keeps names (lower case, no separators), and never an orthodox name.
            assert_eq!(FairyName::new(n).unwrap().as_str(), *n);
            assert!(*turns < 4);
            assert!(TABLE[i + 1..].iter().all(|(m, _, _)| m != n), "{n} twice");
        }
    }

    /// The rows of the README's "Fairy pieces" table: (names, glyph names, turn word).
    fn readme_rows() -> Vec<(Vec<String>, Vec<String>, String)> {
        let readme = include_str!("../../docs/notation.md");
        let section = &readme[readme.find("### Fairy pieces").expect("docs/notation.md section")..];
        let table =
            section.lines().skip_while(|l| !l.starts_with("| names")).skip(2).take_while(|l| l.starts_with('|'));
        table
            .map(|line| {
                let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
                let names = cells[0].split('`').skip(1).step_by(2).map(str::to_string).collect();
                let glyphs = cells[1].split(", ").map(str::to_string).collect();
                (names, glyphs, cells[2].to_string())
            })
            .collect()
    }

    #[test]
    fn readme_table_and_table_agree() {
        // Issue 8, defect 3: the documentation listed `nightrider-hopper`, which the table lacked, and the table
        // held `giraffe`, `mao` and `berolinapawn`, which the documentation did not mention.
        let mut documented = Vec::new();
        for (names, glyphs, turned) in readme_rows() {
            let turns = match turned.as_str() {
                "not" => 0,
                "right" => 1,
                "upside down" => 2,
                "left" => 3,
                other => panic!("README turn {other:?}"),
            };
            for (i, n) in names.iter().enumerate() {
                let glyph_name = if glyphs.len() == 1 { &glyphs[0] } else { &glyphs[i] };
                let figure = |n: &str| Figure::from_name(n).unwrap_or_else(|| panic!("README glyph {glyph_name:?}"));
                let art = match (glyph_name.split_once(" + "), glyph_name.strip_suffix(" mirrored")) {
                    (Some((left, right)), _) => Halves(figure(left), figure(right)),
                    (None, Some(mirrored)) => Art::Mirrored(figure(mirrored)),
                    (None, None) => Art::Figure(figure(glyph_name)),
                };
                let g = glyph(&name(n)).unwrap_or_else(|| panic!("README names {n:?}, the table does not"));
                assert_eq!((g.art, g.rotation.quarter_turns()), (art, turns), "{n}");
                documented.push(name(n).as_str().to_string());
            }
        }
        for (n, _, _) in TABLE {
            assert!(documented.iter().any(|d| d == n), "the table has {n:?}, the README does not");
        }
        assert_eq!(documented.len(), TABLE.len());
    }

    #[test]
    fn unknown_names_fall_back_to_letters() {
        assert_eq!(glyph(&name("camelrider")), None);
        assert_eq!(fallback_label(&name("CamelRider")), "Ca");
        assert_eq!(fallback_label(&name("g")), "G");
    }
}
