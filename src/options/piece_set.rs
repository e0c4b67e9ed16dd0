//! The piece sets (`piece=`): cburnett, the default, and eight free sets beside it, each drawn from its own SVGs in
//! `sprites/<name>/` (with its licence and author there; docs/pieces.md shows them).

/// A set of piece drawings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceSet {
    /// Colin M. L. Burnett's pieces (BSD): the default, the only set whose fairy glyphs are all drawn.
    #[default]
    Cburnett,
    /// Alexis Luengas' chessnut (Apache-2.0).
    Chessnut,
    /// Maurizio Monge's celtic (MIT).
    Celtic,
    /// Maurizio Monge's fantasy (MIT).
    Fantasy,
    /// Maurizio Monge's spatial (MIT).
    Spatial,
    /// RhosGFX's pixel-art pieces (CC0 1.0).
    Rhosgfx,
    /// flugsio's shapes (CC BY-SA 4.0).
    Shapes,
    /// neverRare's kiwen-suwi (CC BY 4.0).
    KiwenSuwi,
    /// James Faure's Firi (CC BY 4.0).
    Firi,
}

impl PieceSet {
    /// Every set, in the order `build.rs` compiles their sprites (a test compares the two lists).
    pub const ALL: [PieceSet; 9] = [
        PieceSet::Cburnett,
        PieceSet::Chessnut,
        PieceSet::Celtic,
        PieceSet::Fantasy,
        PieceSet::Spatial,
        PieceSet::Rhosgfx,
        PieceSet::Shapes,
        PieceSet::KiwenSuwi,
        PieceSet::Firi,
    ];

    /// The set's name in a query and its directory under `sprites/`.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Cburnett => "cburnett",
            PieceSet::Chessnut => "chessnut",
            PieceSet::Celtic => "celtic",
            PieceSet::Fantasy => "fantasy",
            PieceSet::Spatial => "spatial",
            PieceSet::Rhosgfx => "rhosgfx",
            PieceSet::Shapes => "shapes",
            PieceSet::KiwenSuwi => "kiwen-suwi",
            PieceSet::Firi => "firi",
        }
    }

    /// The set named `name`, any case.
    pub fn from_name(name: &str) -> Option<PieceSet> {
        PieceSet::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The set drawn for a set name of lichess and lila-gif (their `piece=`, any case): the set itself where we
    /// have it; `pixel` as rhosgfx (pixel art both), `xkcd` as kiwen-suwi (plain line drawings both); every other
    /// lila set (Staunton-style drawings whose licences do not let us serve them) as cburnett, lila-gif's own
    /// default. Never an error: a family link that names a set draws. (docs/links.md lists the mapping.)
    pub fn from_lila(name: &str) -> PieceSet {
        match name.trim().to_ascii_lowercase().as_str() {
            "pixel" => PieceSet::Rhosgfx,
            "xkcd" => PieceSet::KiwenSuwi,
            other => PieceSet::from_name(other).unwrap_or_default(),
        }
    }

    /// The set's place in [`PieceSet::ALL`] (and in the compiled sprites).
    pub fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_index_is_the_place_in_all() {
        for (i, set) in PieceSet::ALL.into_iter().enumerate() {
            assert_eq!(PieceSet::from_name(set.name()), Some(set));
            assert_eq!(PieceSet::from_name(&set.name().to_uppercase()), Some(set));
            assert_eq!(set.index(), i);
        }
        assert_eq!(PieceSet::from_name("merida"), None);
        assert_eq!(PieceSet::from_lila("merida"), PieceSet::Cburnett);
        assert_eq!(PieceSet::from_lila("Firi"), PieceSet::Firi);
        assert_eq!(PieceSet::from_lila("pixel"), PieceSet::Rhosgfx);
    }
}
