//! Game Courier's own diagram script, `…/play/pbm/drawdiagram.php?code=…`: the Forsythe code read by the
//! `courier` reader, at the width `width` gives (8 files by default, as the modern route's `dialect=courier`).

use super::{ends_with_any, Family, FamilyLink, LinkError, Options, Pairs};
use crate::notation::ffen::{Dialect, Width};
use crate::output::format::Format;
pub(super) static FAMILY: Family = Family {
    name: "Game Courier",
    form: "…/drawdiagram.php?code=<Forsythe code>",
    at: |path| ends_with_any(path, &["drawdiagram.php"]),
    read: |url| read(&url.pairs),
};

pub(super) fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let code = pairs.get(&["code"]).filter(|c| !c.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let width = pairs.get(&["width"]).and_then(|w| w.parse::<Width>().ok()).unwrap_or(Width::DEFAULT);
    // A Game Courier board has any size: the reader alone says what is wrong.
    Ok(FamilyLink {
        ffen: code.to_string(),
        dialect: Dialect::Courier { width },
        options: Options::default().build()?,
        format: Format::Png,
    })
}
