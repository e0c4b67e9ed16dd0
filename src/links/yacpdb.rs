//! yacpdb's diagram links: `…/xfen/?<XFEN>` (the trailing `/` optional), the query up to its first `&` being the
//! position, read in the XFEN dialect with the default look.

use super::{ends_with_any, Family, FamilyLink, LinkError, LinkUrl};
use crate::notation::ffen::{self, Dialect};
use crate::options::render_options::RenderOptions;
use crate::output::format::Format;

pub(super) static FAMILY: Family = Family {
    name: "yacpdb",
    form: "…/xfen/?<XFEN>, the whole query being the position",
    at: |path| ends_with_any(path, &["/xfen"]),
    read,
};

/// The query string up to its first `&`, decoded once as a query value is (`%XX`, `+` as a space; invalid UTF-8
/// replaced).
///
/// The query is not split into parameters: XFEN has no `&`, `=` or `+`, so a yacpdb link's whole query is the
/// position. A raw `&` ends it (what a site appends, `&fbclid=…`, is ignored, as a `d.php` link's other parameters
/// are); a raw `=` is a character of the position (which the reader then rejects at its column); a `+` is a space,
/// which ends the board like the FEN fields of a `d.php` link.
fn read(url: &LinkUrl<'_>) -> Result<FamilyLink, LinkError> {
    let raw = url.query.unwrap_or("").split('&').next().unwrap_or("");
    if raw.is_empty() {
        return Err(LinkError::Missing(&FAMILY));
    }
    Ok(FamilyLink {
        ffen: String::from_utf8_lossy(&ffen::wild::percent_decode(raw)).into_owned(),
        dialect: Dialect::Xfen,
        options: RenderOptions::default(),
        format: Format::Png,
    })
}
