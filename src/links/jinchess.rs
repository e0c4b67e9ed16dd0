//! jinchess: `…/chessboard/?p=…`, the position as 64 squares from a8 to h1 (`-` empty) or as a FEN, with `s`
//! (size class), `cm` (coordinates), `lsc`/`dsc` (square colours), `a` (arrows), `c` (circles) and `tt`/`ct`
//! (captions); `tm`, `bp`, `ps`, `gs`, `filename` and `download` are ignored.

use super::{ends_with_any, fen_board, is_square, Family, FamilyLink, LinkError, Options, Pairs};
use crate::options::params;
pub(super) static FAMILY: Family = Family {
    name: "jinchess",
    form: "…/chessboard/?p=<64 squares or FEN>",
    at: |path| ends_with_any(path, &["/chessboard"]),
    read: |url| read(&url.pairs),
};

/// The rim of `cm=r` on the default board: a grey darker than its dark squares (`b4b4b4`), so that white letters
/// stay readable on it.
const DEFAULT_RIM: &str = "606060";

pub(super) fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let p = pairs.get(&["p"]).filter(|p| !p.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let board = if p.contains('/') { fen_board(p) } else { squares_to_fen(p, &FAMILY, "p", (true, '-'))? };
    let mut options = Options::default();
    // The size classes' pixels are not published; these are the board widths the site's pictures show.
    let square = match pairs.get(&["s"]).map(str::to_ascii_lowercase).as_deref() {
        Some("s") => 24,
        Some("l") => 40,
        Some("xl") => 48,
        _ => 32,
    };
    options.square(square, "s");
    let light = pairs.get(&["lsc"]).filter(|c| is_hex_colour(c));
    let dark = pairs.get(&["dsc"]).filter(|c| is_hex_colour(c));
    // Two coordinate styles: `cm=o` writes them beside the board, `cm=r` on a rim round it (the look a bot
    // switched to because the "rim looks better"). The rim takes the dark squares' colour and its letters the
    // light squares', so a board with its own colours gets a rim of the same two; the default board a dark grey.
    match pairs.get(&["cm"]) {
        Some("o") => {
            options.set(&params::COORDS, "1", "cm");
        }
        Some("r") => {
            options.set(&params::COORDS, "1", "cm");
            options.set(&params::RIM, dark.unwrap_or(DEFAULT_RIM), "cm").set(
                &params::COORD_COLOR,
                light.unwrap_or("ffffff"),
                "cm",
            );
        }
        _ => {}
    }
    if let Some(colour) = light {
        options.set(&params::LIGHT, colour, "lsc");
    }
    if let Some(colour) = dark {
        options.set(&params::DARK, colour, "dsc");
    }
    let mut arrows: Vec<String> = Vec::new();
    for item in pairs.get(&["a"]).unwrap_or("").split([',', ' ', ';']) {
        if item.len() == 4 && item.get(..2).is_some_and(is_square) && item.get(2..).is_some_and(is_square) {
            arrows.push(item.to_string());
        }
    }
    for item in pairs.get(&["c"]).unwrap_or("").split([',', ' ', ';']) {
        if is_square(item) {
            arrows.push(format!("{item}{item}"));
        }
    }
    if !arrows.is_empty() {
        options.set(&params::ARROWS, arrows.join(","), "a");
    }
    if let Some(text) = pairs.get(&["tt"]).filter(|t| !t.is_empty()) {
        options.set(&params::TITLE, text, "tt");
    }
    if let Some(text) = pairs.get(&["ct"]).filter(|t| !t.is_empty()) {
        options.set(&params::CAPTION, text, "ct");
    }
    options.link(board, &FAMILY, "p")
}

/// `#rrggbb` or `rrggbb`.
fn is_hex_colour(text: &str) -> bool {
    let hex = text.strip_prefix('#').unwrap_or(text);
    hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A chess FEN board field from 64 squares, one character each (a piece letter `KQRBNP` / `kqrbnp`, or `empty`
/// for an empty square: jinchess writes `-`, Apronus `_`), read rank by rank from the top (`from_top`: a8…h8,
/// a7…; otherwise a1…h1, a2…).
pub(super) fn squares_to_fen(
    squares: &str,
    family: &'static Family,
    parameter: &'static str,
    (from_top, empty): (bool, char),
) -> Result<String, LinkError> {
    let cells: Vec<char> = squares.chars().collect();
    let bad = |message: String| LinkError::BadPosition { family, parameter, message };
    if let Some((column, c)) = cells.iter().enumerate().find(|(_, c)| **c != empty && !"KQRBNPkqrbnp".contains(**c)) {
        return Err(bad(format!(
            "{c:?} at column {} is no square: expected a piece letter (KQRBNP, kqrbnp) or {empty:?} for an empty one",
            column + 1
        )));
    }
    if cells.len() != 64 {
        return Err(bad(format!("{} squares, expected 64 (eight ranks of eight)", cells.len())));
    }
    let mut ranks: Vec<String> = cells
        .chunks(8)
        .map(|rank| {
            let mut text = String::new();
            let mut run = 0;
            for &c in rank {
                if c == empty {
                    run += 1;
                } else {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c);
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text
        })
        .collect();
    if !from_top {
        ranks.reverse();
    }
    Ok(ranks.join("/"))
}
