//! fen2png: `…/api/?fen=<FEN>&raw=true`, the links of Discord and Telegram bots. With `raw=true` the original
//! answered the picture; without it, an HTML page holding the picture as a `data:` URL. Both are answered here
//! with the picture: every link that is embedded (`<img>`, a chat's preview) wants the picture, and a scraper of
//! the original's page would need its exact markup, which is not published. Every other parameter is ignored.

use super::{ends_with_any, fen_board, Family, FamilyLink, LinkError, Options, Pairs};

pub(super) static FAMILY: Family = Family {
    name: "fen2png",
    form: "…/api/?fen=<FEN>&raw=true",
    at: |path| ends_with_any(path, &["/api"]),
    read: |url| read(&url.pairs),
};

fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    Options::default().link(fen_board(fen), &FAMILY, "fen")
}
