//! web-boardimage (Niklas Fiekas' service behind many bots and wikis, python-chess's `chess.svg` as a web server):
//! `…/board.png?fen=…` and `…/board.svg?fen=…`, with `orientation`, `size`, `lastMove`, `check`, `arrows`,
//! `squares`, `coordinates` and `colors`.

use super::{ends_with_any, fen_board, is_square, pixels, uci_move, Family, FamilyLink, LinkError, Options, Pairs};
use crate::options::params;
use crate::output::format::Format;

/// The board of `chess.svg`: 45 units a square, a 15-unit margin on each side with coordinates.
const UNITS_PER_SQUARE: u32 = 45;
const COORDINATE_MARGIN: u32 = 15;
pub(super) static FAMILY: Family = Family {
    name: "web-boardimage",
    form: "…/board.png?fen=<FEN>",
    at: |path| ends_with_any(path, &["/board.png", "/board.svg"]),
    read: |url| read(url.path, &url.pairs),
};

pub(super) fn read(path: &str, pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let mut options = Options::default();
    let coordinates = pairs.get(&["coordinates"]).is_some_and(|v| ["", "1", "true", "True", "yes"].contains(&v));
    // `size` is the whole picture's side, 16–1024 px (360 by default), margins included.
    let size = pairs.get(&["size"]).and_then(pixels).unwrap_or(360).clamp(16, 1024);
    let units = 8 * UNITS_PER_SQUARE + if coordinates { 2 * COORDINATE_MARGIN } else { 0 };
    // The square's pixels, rounded to the nearest.
    options.square((2 * size * UNITS_PER_SQUARE + units) / (2 * units), "size");
    if coordinates {
        options.set(&params::COORDS, "1", "coordinates");
    }
    if pairs.get(&["orientation"]) == Some("black") {
        options.set(&params::FLIP, "1", "orientation");
    }
    // The default colours are lichess' brown board (since 2020), as our `brown` theme; `lichess-blue` is our
    // `blue`, `wikipedia` our `wikipedia`.
    let theme = match pairs.get(&["colors"]) {
        Some("lichess-blue") => "blue",
        Some("wikipedia") => "wikipedia",
        _ => "brown",
    };
    options.set(&params::THEME, theme, "colors");
    // `chess.svg` colours the last move's squares with lichess' yellow-green (fixed colours of the brown board:
    // `lastmove_style=lichess` blends them over any board, the same on brown within a unit), puts a red glow under
    // the checked king, and crosses out each of `squares` with an X.
    if let Some(pair) = pairs.get(&["lastMove", "lastmove"]).and_then(uci_move) {
        options.set(&params::LASTMOVE, pair, "lastMove").set(&params::LASTMOVE_STYLE, "lichess", "lastMove");
    }
    let squares: Vec<&str> =
        pairs.get(&["squares"]).unwrap_or("").split(',').map(str::trim).filter(|s| is_square(s)).collect();
    if !squares.is_empty() {
        options.set(&params::SQUARES, squares.join(","), "squares").set(&params::SQUARES_STYLE, "x", "squares");
    }
    if let Some(check) = pairs.get(&["check"]).filter(|s| is_square(s)) {
        options.set(&params::CHECK, check, "check");
    }
    let arrows: Vec<String> = pairs.get(&["arrows"]).unwrap_or("").split(',').filter_map(arrow).collect();
    if !arrows.is_empty() {
        options.set(&params::ARROWS, arrows.join(","), "arrows");
    }
    let mut link = options.link(fen_board(fen), &FAMILY, "fen")?;
    if path.ends_with(".svg") || path.ends_with(".svg/") {
        link.format = Format::Svg;
    }
    Ok(link)
}

/// One of `chess.svg`'s arrows (`Arrow.from_pgn`): an optional colour letter `G`, `R`, `Y` or `B` (green when
/// none), then two squares, or one square for a circle (our ring: the same square twice).
pub(super) fn arrow(text: &str) -> Option<String> {
    let text = text.trim();
    let (colour, squares) = match text.chars().next()? {
        c @ ('G' | 'R' | 'Y' | 'B') => (c, &text[1..]),
        _ => ('G', text),
    };
    match squares.len() {
        2 if is_square(squares) => Some(format!("{colour}{squares}{squares}")),
        4 if squares.get(..2).is_some_and(is_square) && squares.get(2..).is_some_and(is_square) => {
            Some(format!("{colour}{squares}"))
        }
        _ => None,
    }
}
