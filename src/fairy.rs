//! Named fairy pieces and the glyphs problemists print for them.
//!
//! Printed problem diagrams have no special artwork for fairy pieces: they turn an orthodox glyph. The conventions
//! below are the ones of Popeye's diagram output and of `diagram.sty` / the FIDE Album, as the issue tracker listed
//! them (grasshopper = queen upside down, nightrider = knight upside down, zebra = knight rotated right, camel = knight
//! rotated left, lion = queen rotated left, leo = queen rotated right), extended by the same families: the Chinese
//! pieces (pao, vao, leo) turn right, the lion family (rook-lion, bishop-lion, lion) turns left, the hoppers
//! (grasshopper, rook-hopper, bishop-hopper, king-hopper, nightrider-hopper) are upside down.
//!
//! A name that is not in the table still renders: [`fallback_label`] gives up to two letters that the renderer draws
//! inside a disc of the piece's colour.

use crate::board::{FairyName, Figure, Rotation};

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
/// Names are stored without separators; [`glyph`] looks names up that way. Orthodox names map to their own glyph so
/// that Bodlaender's `(Queen)` draws a queen.
pub const TABLE: &[(&str, Figure, u8)] = &[
    // Orthodox names.
    ("king", Figure::King, 0),
    ("queen", Figure::Queen, 0),
    ("rook", Figure::Rook, 0),
    ("bishop", Figure::Bishop, 0),
    ("knight", Figure::Knight, 0),
    ("pawn", Figure::Pawn, 0),
    // Hoppers and riders: upside down.
    ("grasshopper", Figure::Queen, 2),
    ("nightrider", Figure::Knight, 2),
    ("rookhopper", Figure::Rook, 2),
    ("bishophopper", Figure::Bishop, 2),
    ("kinghopper", Figure::King, 2),
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
            assert_eq!(FairyName::new(n).unwrap().as_str(), *n);
            assert!(*turns < 4);
            assert!(TABLE[i + 1..].iter().all(|(m, _, _)| m != n), "{n} twice");
        }
    }

    #[test]
    fn unknown_names_fall_back_to_letters() {
        assert_eq!(glyph(&name("camelrider")), None);
        assert_eq!(fallback_label(&name("CamelRider")), "Ca");
        assert_eq!(fallback_label(&name("g")), "G");
    }
}
