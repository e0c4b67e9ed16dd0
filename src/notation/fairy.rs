//! Named fairy pieces and how they are drawn.
//!
//! Two kinds of glyph ([`Art`]):
//! - **drawn fairy glyphs** ([`FairyFigure`], `sprites/fairy/`): the compounds with the knight and the common fairy
//!   pieces of the variant pages (Interactive Diagrams, Game Courier) and of Bodlaender's page, drawn in the
//!   cburnett style from the cburnett parts (`docs/glyphs.md`);
//! - **turned orthodox glyphs**, the problemists' convention for the families they print that way (Popeye's diagram
//!   output, `diagram.sty`, the FIDE Album): grasshopper = queen upside down, the other hoppers upside down, the
//!   Chinese pieces (leo, pao, vao, mao) turned right, the rook- and bishop-lions turned left. janko's `*1…*3` turn
//!   any glyph, so a problemist can still print a nightrider as `*2N` and a zebra as `*1N`.
//!
//! The "Fairy pieces" table of docs/notation.md lists the same names; a test keeps the two equal, and another that
//! no two different pieces share a picture (names of one row are one piece under several names).
//!
//! Names are stored without separators, so `rook-hopper`, `rook_hopper` and `rookhopper` are one piece (see
//! [`FairyName::new`]). Orthodox names are no fairy names: the readers turn `(Queen)` into the orthodox queen
//! through [`crate::notation::board::Figure::from_name`].
//!
//! A name that is not in the table still renders: [`fallback_label`] gives up to two letters that the renderer draws
//! inside a disc of the piece's colour.

use crate::notation::board::{FairyName, Figure, Rotation};

/// A fairy glyph drawn for its own piece (`sprites/fairy/w<name>.svg`, `b<name>.svg`), compiled in like the
/// orthodox pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FairyFigure {
    /// Bishop + knight: the knight behind the bishop.
    Archbishop,
    /// Rook + knight: the knight behind the rook.
    Chancellor,
    /// Queen + knight: the knight behind the queen.
    Amazon,
    /// King + knight (non-royal): the knight behind the king.
    Centaur,
    /// The knight's rider: two knights, one behind the other.
    Nightrider,
    /// A knight with a horn.
    Unicorn,
    /// A knight with stripes.
    Zebra,
    /// A knight with spots and a giraffe's horns.
    Giraffe,
    /// A knight with a hump.
    Camel,
    /// A knight with a spiked crest and a horn.
    Dragon,
    /// One orthogonal step: a plus on the pawn's skirt.
    Wazir,
    /// One diagonal step: a saltire on the pawn's skirt.
    Ferz,
    /// The non-royal king (wazir + ferz): plus and saltire in one star on the pawn's skirt.
    Mann,
    /// The orthogonal two-step leaper (the "war engine"): a rook on wheels.
    Dabbaba,
    /// The diagonal two-step leaper, Shatranj's alfil ("the elephant"): an elephant's head.
    Elephant,
    /// Xiangqi's cannon: a cannon.
    Cannon,
    /// The lion of the variant pages: a lion's head.
    Lion,
}

impl FairyFigure {
    /// Every drawn glyph, in the order of the compiled sprites.
    pub const ALL: [FairyFigure; 17] = [
        FairyFigure::Archbishop,
        FairyFigure::Chancellor,
        FairyFigure::Amazon,
        FairyFigure::Centaur,
        FairyFigure::Nightrider,
        FairyFigure::Unicorn,
        FairyFigure::Zebra,
        FairyFigure::Giraffe,
        FairyFigure::Camel,
        FairyFigure::Dragon,
        FairyFigure::Wazir,
        FairyFigure::Ferz,
        FairyFigure::Mann,
        FairyFigure::Dabbaba,
        FairyFigure::Elephant,
        FairyFigure::Cannon,
        FairyFigure::Lion,
    ];

    /// The glyph's name, as its files in `sprites/fairy/` are named (`archbishop`).
    pub fn name(self) -> &'static str {
        match self {
            FairyFigure::Archbishop => "archbishop",
            FairyFigure::Chancellor => "chancellor",
            FairyFigure::Amazon => "amazon",
            FairyFigure::Centaur => "centaur",
            FairyFigure::Nightrider => "nightrider",
            FairyFigure::Unicorn => "unicorn",
            FairyFigure::Zebra => "zebra",
            FairyFigure::Giraffe => "giraffe",
            FairyFigure::Camel => "camel",
            FairyFigure::Dragon => "dragon",
            FairyFigure::Wazir => "wazir",
            FairyFigure::Ferz => "ferz",
            FairyFigure::Mann => "mann",
            FairyFigure::Dabbaba => "dabbaba",
            FairyFigure::Elephant => "elephant",
            FairyFigure::Cannon => "cannon",
            FairyFigure::Lion => "lion",
        }
    }

    /// The drawn glyph of this name (as [`FairyFigure::name`] gives it), if there is one.
    pub fn from_name(name: &str) -> Option<FairyFigure> {
        FairyFigure::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The index of this glyph in [`FairyFigure::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The artwork a glyph starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Art {
    /// An orthodox piece glyph (turned, for the problemists' families).
    Orthodox(Figure),
    /// A drawn fairy glyph.
    Drawn(FairyFigure),
}

/// How a fairy piece is drawn: a glyph turned by some quarter turns clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// The artwork.
    pub art: Art,
    /// Quarter turns clockwise applied before the piece's own rotation.
    pub rotation: Rotation,
}

use Art::{Drawn, Orthodox};
use FairyFigure as F;

/// The table of known names: (name, artwork, quarter turns clockwise).
///
/// Names are stored as [`FairyName`] keeps them: lower case, without separators. Names of one piece (synonyms, the
/// spellings of the variant pages, HGM's image names) share a glyph; different pieces never do.
pub const TABLE: &[(&str, Art, u8)] = &[
    // The problemists' families: turned orthodox glyphs. Hoppers upside down.
    ("grasshopper", Orthodox(Figure::Queen), 2),
    ("rookhopper", Orthodox(Figure::Rook), 2),
    ("bishophopper", Orthodox(Figure::Bishop), 2),
    ("kinghopper", Orthodox(Figure::King), 2),
    ("nightriderhopper", Orthodox(Figure::Knight), 2),
    ("berolinapawn", Orthodox(Figure::Pawn), 2),
    // Chinese pieces: turned right.
    ("leo", Orthodox(Figure::Queen), 1),
    ("pao", Orthodox(Figure::Rook), 1),
    ("vao", Orthodox(Figure::Bishop), 1),
    ("mao", Orthodox(Figure::Knight), 1),
    // The lions' family: turned left (the FIDE Album's lion is the queen turned left: janko's `*3Q`).
    ("rooklion", Orthodox(Figure::Rook), 3),
    ("bishoplion", Orthodox(Figure::Bishop), 3),
    // Drawn glyphs. Compounds with the knight (Capablanca's, Seirawan's and the problemists' names).
    ("archbishop", Drawn(F::Archbishop), 0),
    ("cardinal", Drawn(F::Archbishop), 0),
    ("princess", Drawn(F::Archbishop), 0),
    ("chancellor", Drawn(F::Chancellor), 0),
    ("marshall", Drawn(F::Chancellor), 0),
    ("marshal", Drawn(F::Chancellor), 0),
    ("empress", Drawn(F::Chancellor), 0),
    ("amazon", Drawn(F::Amazon), 0),
    ("centaur", Drawn(F::Centaur), 0),
    // The knight's relatives.
    ("nightrider", Drawn(F::Nightrider), 0),
    ("knightrider", Drawn(F::Nightrider), 0),
    ("unicorn", Drawn(F::Unicorn), 0),
    ("zebra", Drawn(F::Zebra), 0),
    ("giraffe", Drawn(F::Giraffe), 0),
    ("camel", Drawn(F::Camel), 0),
    ("dragon", Drawn(F::Dragon), 0),
    // The short leapers. Bodlaender's Shatranj example calls the ferz `general` and the alfil `elephant`.
    ("wazir", Drawn(F::Wazir), 0),
    ("ferz", Drawn(F::Ferz), 0),
    ("fers", Drawn(F::Ferz), 0),
    ("general", Drawn(F::Ferz), 0),
    ("mann", Drawn(F::Mann), 0),
    ("man", Drawn(F::Mann), 0),
    ("commoner", Drawn(F::Mann), 0),
    ("dabbaba", Drawn(F::Dabbaba), 0),
    ("dabbabah", Drawn(F::Dabbaba), 0),
    ("alfil", Drawn(F::Elephant), 0),
    ("elephant", Drawn(F::Elephant), 0),
    // Xiangqi's cannon (the problemists' pao, turned rook, is the same mover under its problem name).
    ("cannon", Drawn(F::Cannon), 0),
    ("lion", Drawn(F::Lion), 0),
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
    use std::collections::HashMap;

    fn name(s: &str) -> FairyName {
        FairyName::new(s).unwrap()
    }

    fn art_and_turns(n: &str) -> (Art, u8) {
        let g = glyph(&name(n)).unwrap_or_else(|| panic!("{n} has no glyph"));
        (g.art, g.rotation.quarter_turns())
    }

    #[test]
    fn problemists_conventions_and_drawn_glyphs() {
        // The families problemists print as turned glyphs stay turned.
        assert_eq!(art_and_turns("grasshopper"), (Orthodox(Figure::Queen), 2));
        assert_eq!(art_and_turns("nightriderhopper"), (Orthodox(Figure::Knight), 2));
        assert_eq!(art_and_turns("leo"), (Orthodox(Figure::Queen), 1));
        assert_eq!(art_and_turns("rooklion"), (Orthodox(Figure::Rook), 3));
        // Each of these pieces has a drawn glyph of its own, upright.
        let list = [
            ("archbishop", F::Archbishop),
            ("princess", F::Archbishop),
            ("cardinal", F::Archbishop),
            ("chancellor", F::Chancellor),
            ("empress", F::Chancellor),
            ("marshall", F::Chancellor),
            ("amazon", F::Amazon),
            ("centaur", F::Centaur),
            ("camel", F::Camel),
            ("zebra", F::Zebra),
            ("giraffe", F::Giraffe),
            ("unicorn", F::Unicorn),
            ("nightrider", F::Nightrider),
            ("wazir", F::Wazir),
            ("ferz", F::Ferz),
            ("alfil", F::Elephant),
            ("dabbaba", F::Dabbaba),
            ("mann", F::Mann),
            ("commoner", F::Mann),
            ("elephant", F::Elephant),
            ("cannon", F::Cannon),
            ("lion", F::Lion),
            ("dragon", F::Dragon),
        ];
        for (n, figure) in list {
            assert_eq!(art_and_turns(n), (Drawn(figure), 0), "{n}");
        }
        // Every drawn glyph is some name's.
        for figure in FairyFigure::ALL {
            assert!(TABLE.iter().any(|(_, art, _)| *art == Drawn(figure)), "{figure:?} is nobody's glyph");
        }
    }

    #[test]
    fn fairy_figures_are_listed_in_order_with_their_names() {
        for (i, figure) in FairyFigure::ALL.into_iter().enumerate() {
            assert_eq!(figure.index(), i);
            assert_eq!(FairyFigure::from_name(figure.name()), Some(figure));
            // A drawn glyph's name is a valid fairy name that draws that glyph.
            assert_eq!(art_and_turns(figure.name()), (Drawn(figure), 0));
        }
        assert_eq!(FairyFigure::from_name("queen"), None);
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

    /// The rows of the "Fairy pieces" table of docs/notation.md: (names, glyph names, turn word).
    fn documented_rows() -> Vec<(Vec<String>, Vec<String>, String)> {
        let doc = include_str!("../../docs/notation.md");
        let section = &doc[doc.find("### Fairy pieces").expect("docs/notation.md section")..];
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

    /// A glyph as the documentation names it: an orthodox piece (`queen`) or a drawn glyph (`drawn archbishop`).
    fn documented_art(glyph_name: &str) -> Art {
        match glyph_name.strip_prefix("drawn ") {
            Some(drawn) => Drawn(FairyFigure::from_name(drawn).unwrap_or_else(|| panic!("doc glyph {drawn:?}"))),
            None => Orthodox(Figure::from_name(glyph_name).unwrap_or_else(|| panic!("doc glyph {glyph_name:?}"))),
        }
    }

    #[test]
    fn documented_table_and_table_agree() {
        // Every name the documentation lists is in the table with the glyph and turns it documents, and every name
        // of the table is documented.
        let mut documented = Vec::new();
        for (names, glyphs, turned) in documented_rows() {
            let turns = match turned.as_str() {
                "not" => 0,
                "right" => 1,
                "upside down" => 2,
                "left" => 3,
                other => panic!("doc turn {other:?}"),
            };
            for (i, n) in names.iter().enumerate() {
                let glyph_name = if glyphs.len() == 1 { &glyphs[0] } else { &glyphs[i] };
                assert_eq!(art_and_turns(n), (documented_art(glyph_name), turns), "{n}");
                documented.push(name(n).as_str().to_string());
            }
        }
        for (n, _, _) in TABLE {
            assert!(documented.iter().any(|d| d == n), "the table has {n:?}, docs/notation.md does not");
        }
        assert_eq!(documented.len(), TABLE.len());
    }

    #[test]
    fn different_pieces_never_share_a_picture() {
        // One piece is a row of the documented table with one glyph (its names are synonyms), or one name of a row
        // that lists a glyph per name.
        let mut owner: HashMap<(Art, u8), (usize, usize)> = HashMap::new();
        // Nor the orthodox pieces' pictures: no name draws an upright orthodox glyph.
        for (n, art, turns) in TABLE {
            assert!(!(matches!(art, Orthodox(_)) && *turns == 0), "{n} draws an orthodox piece");
        }
        for (row, (names, glyphs, _)) in documented_rows().into_iter().enumerate() {
            for (i, n) in names.iter().enumerate() {
                let piece = (row, if glyphs.len() == 1 { 0 } else { i });
                let picture = art_and_turns(n);
                let first = *owner.entry(picture).or_insert(piece);
                assert_eq!(first, piece, "{n} shares its picture {picture:?} with another piece");
            }
        }
    }

    #[test]
    fn unknown_names_fall_back_to_letters() {
        assert_eq!(glyph(&name("camelrider")), None);
        assert_eq!(fallback_label(&name("CamelRider")), "Ca");
        assert_eq!(fallback_label(&name("g")), "G");
    }
}
