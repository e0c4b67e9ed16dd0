//! Apronus' diagram scripts: `…/stilldiagram.php?d=…`, `…/stagram.php?d=…&p=…&c=…&f=…` (64 squares from a1, `_`
//! empty, after a prefix letter) and `…/arrowgram.php?a=…` (a FEN with `H` for `/`).

use super::jinchess::squares_to_fen;
use super::{fen_board, path_ends, pixels, Family, FamilyLink, LinkError, Options, Pairs};
use crate::options::params;
pub(super) static FAMILY: Family = Family {
    name: "Apronus",
    form: "…/stilldiagram.php?d=<prefix letter and 64 squares from a1>",
    at: |path| ["stilldiagram.php", "stagram.php", "arrowgram.php"].iter().any(|name| path_ends(path, name)),
    read: |url| read(url.path, &url.pairs),
};

pub(super) fn read(path: &str, pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let mut options = Options::default();
    let board = if let Some(d) = pairs.get(&["d"]).filter(|d| !d.is_empty()) {
        squares_to_fen(squares(d), &FAMILY, "d", (false, '_'))?
    } else if let Some(a) = pairs.get(&["a"]).filter(|a| !a.is_empty()) {
        fen_board(&a.replace('H', "/"))
    } else {
        return Err(LinkError::Missing(&FAMILY));
    };
    if path.trim_end_matches('/').ends_with("stagram.php") {
        if let Some(px) = pairs.get(&["p"]).and_then(pixels) {
            options.square(px, "p");
        }
        // `c`: the dark squares' colour, then the light squares', as hex (then other colours, ignored).
        let colours = pairs.get(&["c"]).and_then(|c| c.get(..12)).filter(|c| c.bytes().all(|b| b.is_ascii_hexdigit()));
        if let Some(c) = colours {
            options.set(&params::DARK, &c[..6], "c").set(&params::LIGHT, &c[6..], "c");
        }
        if pairs.get(&["r"]).is_some_and(|r| !r.is_empty()) {
            options.set(&params::COORDS, "1", "r");
        }
    }
    if pairs.get(&["f"]) == Some("1") {
        options.set(&params::FLIP, "1", "f");
    }
    options.link(board, &FAMILY, if pairs.get(&["d"]).is_some_and(|d| !d.is_empty()) { "d" } else { "a" })
}

/// The 64 squares of a `d` value: after the prefix letter (`_`, `D`, `P`), without the trailing `0` some links
/// carry. A value of another length is passed on whole, for the error to say how long it is.
fn squares(d: &str) -> &str {
    match d.chars().count() {
        65 => &d[d.chars().next().map_or(0, char::len_utf8)..],
        66 if d.ends_with('0') => &d[d.chars().next().map_or(0, char::len_utf8)..d.len() - 1],
        _ => d,
    }
}
