//! Helpers the unit tests of several modules share (compiled for tests only; `tests/common/` is the integration
//! tests' counterpart, which `src/` cannot reach).

use crate::notation::board::Board;
use crate::notation::ffen::{parse, Dialect};
use crate::options::render_options::RenderOptions;

/// The board of an FFEN in janko's dialect; panics naming the FFEN and the error.
pub(crate) fn janko(ffen: &str) -> Board {
    parse(ffen, Dialect::Janko).unwrap_or_else(|e| panic!("{ffen:?}: {e}"))
}

/// The options of query `pairs` (not fitted to a board); panics if they do not read.
pub(crate) fn options_from(pairs: &[(&str, &str)]) -> RenderOptions {
    RenderOptions::from_pairs(pairs.iter().copied()).unwrap_or_else(|e| panic!("{pairs:?}: {e}"))
}
