//! Named fairy pieces and the glyphs problemists print for them.
//!
//! Printed problem diagrams have no special artwork for fairy pieces: they turn an orthodox glyph. [`TABLE`] follows
//! Popeye's diagram output and `diagram.sty` / the FIDE Album, as the issue tracker listed them (grasshopper = queen
//! upside down, nightrider = knight upside down, zebra = knight turned right, camel = knight turned left, lion =
//! queen turned left, leo = queen turned right), extended by the same families: hoppers upside down, the Chinese
//! pieces turned right, the lion family turned left. The "Fairy pieces" table of docs/notation.md lists the same names; a test
//! keeps the two equal.
//!
//! Names are stored without separators, so `rook-hopper`, `rook_hopper` and `rookhopper` are one piece (see
//! [`FairyName::new`]). Orthodox names are no fairy names: the readers turn `(Queen)` into the orthodox queen
//! through [`crate::notation::board::Figure::from_name`].
//!
//! A name that is not in the table still renders: [`fallback_label`] gives up to two letters that the renderer draws
//! inside a disc of the piece's colour.

use crate::notation::board::{FairyName, Figure, Rotation};

/// How a fairy piece is drawn: an orthodox glyph turned by some quarter turns clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The orthodox glyph.
    pub figure: Figure,
    /// Quarter turns clockwise applied before the piece's own rotation.
    pub rotation: Rotation,
}

/// The table of known names: (name, figure, quarter turns clockwise).
///
/// Names are stored as [`FairyName`] keeps them: lower case, without separators.
pub const TABLE: &[(&str, Figure, u8)] = &[
    // Hoppers and riders: upside down.
    ("grasshopper", Figure::Queen, 2),
    ("nightrider", Figure::Knight, 2),
    ("rookhopper", Figure::Rook, 2),
    ("bishophopper", Figure::Bishop, 2),
    ("kinghopper", Figure::King, 2),
    ("nightriderhopper", Figure::Knight, 2),
    ("berolinapawn", Figure::Pawn, 2),
    // Leapers: knight turned.
    ("zebra", Figure::Knight, 1),
    ("camel", Figure::Knight, 3),
    ("giraffe", Figure::Knight, 1),
    // Chinese pieces: turned right.
    ("leo", Figure::Queen, 1),
    ("pao", Figure::Rook, 1),
    ("vao", Figure::Bishop, 1),
    ("mao", Figure::Knight, 1),
    // Lion family: turned left.
    ("lion", Figure::Queen, 3),
    ("rooklion", Figure::Rook, 3),
    ("bishoplion", Figure::Bishop, 3),
    // Shatranj pieces of Bodlaender's example: the elephant (alfil) and general (ferz) stand where bishop and queen do.
    ("elephant", Figure::Bishop, 0),
    ("general", Figure::Queen, 0),
    // Issue 11: the names variant pages (Interactive Diagrams, Game Courier) use most.
    // Compounds with the knight: their slider turned right. Variant sets draw them as slider-and-knight hybrids, which
    // the six orthodox glyphs cannot show; the turn marks "slider plus", as problemists turn glyphs for every fairy
    // piece (so they share the Chinese pieces' glyphs, which variant pages do not use beside them).
    ("archbishop", Figure::Bishop, 1),
    ("cardinal", Figure::Bishop, 1),
    ("princess", Figure::Bishop, 1),
    ("chancellor", Figure::Rook, 1),
    ("marshall", Figure::Rook, 1),
    ("empress", Figure::Rook, 1),
    ("amazon", Figure::Queen, 1),
    // The one-step leapers, the king's two halves: the king turned right (wazir, orthogonal) and left (ferz,
    // diagonal), the two turns of the king glyph nothing else uses.
    ("wazir", Figure::King, 1),
    ("ferz", Figure::King, 3),
    ("fers", Figure::King, 3),
    // The two-step leapers stand as the slider they are short forms of, like the Shatranj elephant above: alfil
    // (the elephant's Arabic name) as the bishop, dabbaba as the rook.
    ("alfil", Figure::Bishop, 0),
    ("dabbaba", Figure::Rook, 0),
    // Xiangqi's cannon is the pao.
    ("cannon", Figure::Rook, 1),
];

/// The glyph for a named piece, or `None` if the name is not in [`TABLE`].
pub fn glyph(name: &FairyName) -> Option<Glyph> {
    TABLE
        .iter()
        .find(|(known, _, _)| *known == name.as_str())
        .map(|&(_, figure, turns)| Glyph { figure, rotation: Rotation::new(u32::from(turns)) })
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
            ("grasshopper", Figure::Queen, 2),
            ("nightrider", Figure::Knight, 2),
            ("zebra", Figure::Knight, 1),
            ("camel", Figure::Knight, 3),
            ("lion", Figure::Queen, 3),
            ("leo", Figure::Queen, 1),
        ];
        for (n, figure, turns) in cases {
            let g = glyph(&name(n)).unwrap();
            assert_eq!((g.figure, g.rotation.quarter_turns()), (figure, turns), "{n}");
        }
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
                let figure = Figure::from_name(glyph_name).unwrap_or_else(|| panic!("README glyph {glyph_name:?}"));
                let g = glyph(&name(n)).unwrap_or_else(|| panic!("README names {n:?}, the table does not"));
                assert_eq!((g.figure, g.rotation.quarter_turns()), (figure, turns), "{n}");
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
