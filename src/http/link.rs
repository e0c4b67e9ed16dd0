//! The routes a diagram link can take ([`Link`]) and the limit every URL meets first: what both the request
//! decoder (`api.rs`) and the refusals (`reject.rs`) name, in a room of its own so that neither imports the other.

use crate::links::Family;

/// The longest request URL accepted, in bytes (scheme, host, path and query).
///
/// An FFEN of [`crate::notation::ffen::MAX_INPUT_LEN`] bytes, percent-encoded throughout, still fits; anything longer is
/// answered with `414` before the query is parsed.
pub const MAX_URL_LEN: usize = 16 * 1024;

/// The path of the modern route.
pub const MODERN_PATH: &str = "/diagram.png";

/// The path of the modern route's SVG form: the same parameters, the same picture, as SVG.
pub const SVG_PATH: &str = "/diagram.svg";

/// The path suffix of the legacy route (`…/Retros/d.php`, `/d.php`).
pub const LEGACY_SUFFIX: &str = "d.php";

/// The path suffix of yacpdb's XFEN links (`…/xfen/?<XFEN>`); the trailing `/` is optional.
pub const XFEN_SUFFIX: &str = "/xfen";

/// Which kind of diagram link was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `…/d.php?ff=…` (janko.at) or `…/d.php?fen=…` (Retro-Wiki): janko dialect, default look, every other
    /// parameter ignored.
    Legacy,
    /// `/diagram.png?ffen=…&dialect=…&width=…&size=…` (or `/diagram.svg?…`): dialect and look as parameters.
    Modern,
    /// `…/xfen/?<XFEN>` (yacpdb): the query up to its first `&` is the position, XFEN dialect, default look.
    Xfen,
    /// Another diagram service's link (jinchess, web-boardimage, lichess, …), read by [`crate::links`].
    Family(Family),
}

impl Link {
    /// The link kind served at `path`, if any: a path ending in [`LEGACY_SUFFIX`], exactly [`MODERN_PATH`] or
    /// [`SVG_PATH`], a path ending in [`XFEN_SUFFIX`] with or without a trailing `/`, or else a path of one of
    /// the link families ([`Family::at`]): the service's own routes come first, so no family shadows them.
    pub fn at(path: &str) -> Option<Link> {
        if path.ends_with(LEGACY_SUFFIX) {
            Some(Link::Legacy)
        } else if path == MODERN_PATH || path == SVG_PATH {
            Some(Link::Modern)
        } else if path.strip_suffix('/').unwrap_or(path).ends_with(XFEN_SUFFIX) {
            Some(Link::Xfen)
        } else {
            Family::at(path).map(Link::Family)
        }
    }
}
