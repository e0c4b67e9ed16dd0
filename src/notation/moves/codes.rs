//! Popeye's English piece codes, as its solutions print them (`S` the knight, `N` the nightrider, `G` the
//! grasshopper, `LE` the leo), from the table of its English output (`output/plaintext/language_dependant.c`).
//!
//! A code names a piece by its fairy name: the fairy table's where it has the piece Popeye means (`EM` its empress,
//! drawn as the chancellor), Popeye's English name otherwise (`RO` a rose, drawn as a labelled disc). Where the
//! fairy table gives Popeye's name to another piece (the variant pages' lion, dragon and elephant, the
//! archbishop and cardinal of Capablanca's chess), the name says whose piece it is (`LI` the queen-lion).

use crate::notation::board::{FairyName, Figure, PieceKind};

/// Popeye's fairy codes (upper case, as printed) and the names they are read as, `CODE=name` separated by spaces.
/// (One text rather than a table of pairs: in the wasm a pair is 16 bytes of pointers that do not compress.)
pub const CODES: &str = "LE=leo MA=mao PA=pao VA=vao RO=rose G=grasshopper N=nightrider Z=zebra CA=camel GI=giraffe \
    RF=rootfivezeroleaper BU=roottwofiveleaper WE=wazir AL=alfil FE=fers DA=dabbaba LI=queenlion \
    NE=nonstopequihopper L=locust BP=berolinapawn AM=amazon EM=empress PR=princess GN=gnu AN=antelope \
    SQ=squirrel WA=waran DR=knightpawn KA=kangaroo SS=spiralspringer UU=ubiubi HA=hamster M=moose \
    EA=eagle SW=sparrow AR=popeyearchbishop RB=reflectingbishop C=popeyecardinal NH=nightriderhopper \
    DU=dummy CR=camelrider ZR=zebrarider GR=gnurider CH=camelriderhopper ZH=zebrariderhopper \
    GH=gnuriderhopper DS=diagonalspiralspringer BK=bouncyknight EQ=equihoppper CT=cat \
    BS=berolinasuperpawn SP=superpawn RL=rooklion BL=bishoplion SI=sirene TR=triton ND=nereide O=orphan \
    EH=edgehog MO=moa RR=rookbishophunter BR=bishoprookhunter AO=maorider OA=moarider RH=rookhopper \
    BH=bishophopper EK=erlking BT=boyscout GT=girlscout SK=skylla CY=charybdis CG=contragrasshopper \
    RN=roselion RP=rosehopper OK=okapi 37=leaperthreeseven G2=grasshoppertwo G3=grasshopperthree \
    16=leaperonesix 24=leapertwofour 35=leaperthreefive DG=doublegrasshopper KH=kinghopper OR=orix \
    15=leaperonefive 25=leapertwofive GL=gral LR=rooklocust LB=bishoplocust LN=nightriderlocust \
    WR=wazirrider FR=fersrider BI=bison ET=popeyeelephant NA=nao RM=rookmoose RE=rookeagle \
    RW=rooksparrow BM=bishopmoose BE=bishopeagle BW=bishopsparrow RA=rao SO=scorpion MG=marguerite \
    36=leaperthreesix NL=nightriderlion ML=maoriderlion MM=moariderlion F=friend DO=dolphin RT=rabbit \
    BO=bob QE=equienglish QF=equifrench QQ=querquisite B1=bouncer B2=tourbouncer B3=foubouncer \
    CP=chinesepawn RK=radialknight PP=proteanpawn LS=roselocust ZE=zebu BN=bouncynightrider \
    S2=spiralspringertwo S4=spiralspringerfour S1=diagspiralspringerone S3=diagspiralspringerthree \
    QN=quintessence DK=doublerookhopper DB=doublebishopper NO=nonstoporix TH=treehopper LH=leafhopper \
    GE=greatertreehopper GF=greaterleafhopper KL=kangaroulion KO=kao KP=knighthopper SH=ship GY=gryphon \
    MS=marineknight PO=poseidon MP=marinepawn MH=marineship ST=sting SE=senora FA=faro LO=loco \
    SA=saltador AH=maohopper OH=moasauteur HC=contrahamster EE=eagleequihopper \
    EN=eaglenonstopequihopper";

/// The (code, name) pairs of [`CODES`].
pub fn codes() -> impl Iterator<Item = (&'static str, &'static str)> {
    CODES.split(' ').filter_map(|pair| pair.split_once('='))
}

/// The piece a Popeye code names (`K Q R B S P` the orthodox pieces), or `None` for no code of Popeye's.
pub fn kind(code: &str) -> Option<PieceKind> {
    let figure = match code {
        "K" => Some(Figure::King),
        "Q" => Some(Figure::Queen),
        "R" => Some(Figure::Rook),
        "B" => Some(Figure::Bishop),
        "S" => Some(Figure::Knight),
        "P" => Some(Figure::Pawn),
        _ => None,
    };
    if let Some(figure) = figure {
        return Some(PieceKind::Figure(figure));
    }
    let (_, name) = codes().find(|(known, _)| *known == code)?;
    FairyName::new(name).ok().map(PieceKind::Named)
}

/// The code Popeye prints for a piece, if it has one (the canonical text writes the others by name).
pub fn code(kind: &PieceKind) -> Option<&'static str> {
    match kind {
        PieceKind::Figure(figure) => Some(match figure {
            Figure::King => "K",
            Figure::Queen => "Q",
            Figure::Rook => "R",
            Figure::Bishop => "B",
            Figure::Knight => "S",
            Figure::Pawn => "P",
        }),
        PieceKind::Named(name) => codes().find(|(_, known)| *known == name.as_str()).map(|(code, _)| code),
        PieceKind::Marker(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_names_a_piece_of_its_own() {
        let mut names: Vec<&str> = codes().map(|(_, name)| name).collect();
        assert_eq!(names.len(), 155);
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 155);
        for (code, _) in codes() {
            let kind = kind(code).unwrap_or_else(|| panic!("{code}"));
            assert_eq!(super::code(&kind), Some(code));
        }
        assert_eq!(kind("N"), Some(PieceKind::Named(FairyName::new("nightrider").unwrap())));
        assert_eq!(kind("S"), Some(PieceKind::Figure(Figure::Knight)));
    }
}
