//! janko.at's and Retro-Wiki's diagram script: `…/Retros/d.php?ff=<FFEN>` (janko.at) or `…/d.php?fen=<FFEN>`
//! (Retro-Wiki), read in the janko dialect with the default look. Every other parameter is ignored: old links
//! carry the old script's (`sb=1`, …), and they draw as they always did.

use super::{Family, FamilyLink, LinkError, LinkUrl};
use crate::notation::ffen::Dialect;
use crate::options::render_options::RenderOptions;
use crate::output::format::Format;

/// A path ending in `d.php`, whatever comes before it.
pub(super) static FAMILY: Family =
    Family { name: "janko.at", form: "…/d.php?ff=<FFEN> (or fen=<FFEN>)", at: |path| path.ends_with("d.php"), read };

fn read(url: &LinkUrl<'_>) -> Result<FamilyLink, LinkError> {
    // janko.at writes ff=, Retro-Wiki fen=; when both are given ff wins, the last of repeats. Not trimmed: the
    // reader names the column of what the link holds.
    let ffen = url.pairs.raw(&["ff", "fen"]).ok_or(LinkError::Missing(&FAMILY))?;
    Ok(FamilyLink {
        ffen: ffen.to_string(),
        dialect: Dialect::Janko,
        options: RenderOptions::default(),
        format: Format::Png,
    })
}
