//! chessup's diagram script: `…/php/pictureParser.php?fen=<FEN>&coord=on&.png`, the links of chat bots (the
//! trailing `&.png` only makes the URL end like an image). `coord=on` draws the coordinates; the FEN's board field is
//! the position.

use super::{ends_with_any, fen_board, is_yes, Family, FamilyLink, LinkError, Options, Pairs};
use crate::options::params;

pub(super) static FAMILY: Family = Family {
    name: "chessup",
    form: "…/pictureParser.php?fen=<FEN>",
    // at the host's root too: a host name pointed here serves the script where the old host did
    at: |path| ends_with_any(path, &["/pictureParser.php"]),
    read: |url| read(&url.pairs),
};

fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let mut options = Options::default();
    if pairs.get(&["coord"]).is_some_and(|c| c.eq_ignore_ascii_case("on") || is_yes(c)) {
        options.set(&params::COORDS, "1", "coord");
    }
    options.link(fen_board(fen), &FAMILY, "fen")
}
