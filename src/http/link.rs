//! The kinds of diagram link ([`LinkKind`]) and the limit every URL meets first: what both the request
//! decoder (`api.rs`) and the refusals (`reject.rs`) name, in a room of its own so that neither imports the other.

use crate::links::Family;
use crate::output::format::Format;

/// The longest request URL accepted, in bytes (scheme, host, path and query).
///
/// An FFEN of [`crate::notation::ffen::MAX_INPUT_LEN`] bytes, percent-encoded throughout, still fits; anything longer is
/// answered with `414` before the query is parsed.
pub const MAX_URL_LEN: usize = 16 * 1024;

/// Which kind of diagram link was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// The service's own route of a format (`/diagram.png?ffen=…&dialect=…&size=…`, `/diagram.svg?…`): the
    /// position, its dialect and the look as parameters ([`crate::params`]).
    Modern(Format),
    /// A link family's URL (janko.at's `d.php`, yacpdb's `/xfen/`, lichess, …), read by [`crate::links`].
    Family(&'static Family),
}

impl LinkKind {
    /// The link kind served at `path`, if any: exactly a format's route ([`Format::at`]), else a path of one of
    /// the link families ([`Family::at`]): the service's own routes come first, so no family shadows them.
    pub fn at(path: &str) -> Option<LinkKind> {
        Format::at(path).map(LinkKind::Modern).or_else(|| Family::at(path).map(LinkKind::Family))
    }
}
