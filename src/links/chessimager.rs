//! Steve Eddins' ChessImager: `…/ChessImager/ChessImager.php?fen=<board field>/&direction=reverse&coordinates=on`,
//! the links of Slack, Telegram and Twitter bots. Its documentation says it "only uses the position information" of
//! the FEN: the board field (bots write it with a trailing `/`); `direction=reverse` turns the board and
//! `coordinates=on` draws the coordinates. Anything else (`&nonsense=foobar.png`, which bots append so that the URL
//! ends like an image) is ignored.

use super::{ends_with_any, fen_board, is_yes, Family, FamilyLink, LinkError, Options, Pairs};
use crate::options::params;

pub(super) static FAMILY: Family = Family {
    name: "ChessImager",
    form: "…/ChessImager.php?fen=<FEN>",
    // at the host's root too: a host name pointed here serves the script where the old host did
    at: |path| ends_with_any(path, &["/ChessImager.php"]),
    read: |url| read(&url.pairs),
};

fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let mut options = Options::default();
    if pairs.get(&["direction"]).is_some_and(|d| d.eq_ignore_ascii_case("reverse")) {
        options.set(&params::FLIP, "1", "direction");
    }
    if pairs.get(&["coordinates"]).is_some_and(|c| c.eq_ignore_ascii_case("on") || is_yes(c)) {
        options.set(&params::COORDS, "1", "coordinates");
    }
    options.link(fen_board(fen), &FAMILY, "fen")
}
