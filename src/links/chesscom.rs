//! chess.com's diagram images: `…/dynboard?fen=…` and the older `…/diagram?fen=…` (chess.com's Android code and
//! puzzle data), both answered by chess.com's public DiagramGenerator library, whose `Config` and `Generator`
//! classes are the source of these rules: `size`, `board`, `caption`, `coordinates`, `light`, `dark`, `flip`,
//! `highlight_squares`, `highlight_squares_color` and `piece` (its piece set: `8_bit` is drawn as our rhosgfx, every
//! other as cburnett); `coordinates_inside` is ignored.

use super::{ends_with_any, fen_board, is_square, is_yes, pixels, Family, FamilyLink, LinkError, Options, Pairs};
use crate::options::params;

pub(super) static FAMILY: Family = Family {
    name: "chess.com",
    form: "…/dynboard?fen=<FEN> or …/diagram?fen=<FEN>",
    at: |path| ends_with_any(path, &["/dynboard", "/diagram"]),
    read: |url| read(&url.pairs),
};

/// The square sizes of the library's deprecated size indexes 0–3 (its `Generator::$deprecatedSizes`).
const SIZE_INDEXES: [u32; 4] = [20, 30, 60, 90];

/// The highlights' colour when the link gives none (or one the library's pattern refuses): its documented default.
const DEFAULT_HIGHLIGHT: &str = "ffcccc";

/// The library's smallest and largest square (`Size::MIN_CUSTOM_SIZE`, `MAX_CUSTOM_SIZE`), and its documented
/// default.
const MIN_SQUARE: u32 = 20;
const MAX_SQUARE: u32 = 200;
const DEFAULT_SQUARE: u32 = 20;

pub(super) fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let mut options = Options::default();
    options.square(pairs.get(&["size"]).map_or(DEFAULT_SQUARE, square), "size");
    // The default board is chess.com's green (our `green`: light eeeed2, dark 769656, the library's defaults);
    // `board=brown` is lichess-like brown.
    let theme = match pairs.get(&["board"]).map(str::to_ascii_lowercase).as_deref() {
        Some("brown" | "wood") => "brown",
        Some("blue") => "blue",
        _ => "green",
    };
    options.set(&params::THEME, theme, "board");
    // chess.com's piece sets are its own (neo, classic, alpha, …), none of them free: each is drawn as cburnett,
    // but for its pixel-art `8_bit`, drawn as rhosgfx (pixel art too). docs/links.md lists the mapping.
    if pairs.get(&["piece"]).is_some_and(|p| p.eq_ignore_ascii_case("8_bit")) {
        options.set(&params::PIECE, "rhosgfx", "piece");
    }
    // `light` and `dark` are six hex digits (the library's pattern; anything else fails its validation, and the
    // board keeps its colours here).
    for (param, name) in [(&params::LIGHT, "light"), (&params::DARK, "dark")] {
        if let Some(hex) = pairs.get(&[name]).filter(|v| is_hex6(v)) {
            options.set(param, hex, name);
        }
    }
    // Bots write `coordinates=inside` (before the library had `coordinates_inside`): a yes, as PHP reads any
    // word; we draw coordinates outside the board either way.
    if pairs.get(&["coordinates"]).is_some_and(|c| is_yes(c) || ["inside", "outside"].contains(&c)) {
        options.set(&params::COORDS, "1", "coordinates");
    }
    if pairs.yes(&["flip"]) {
        options.set(&params::FLIP, "1", "flip");
    }
    // `highlight_squares`: squares written one after the other (`h2h4`), each drawn by the library as
    // `highlight_squares_color` (six hex digits, else its default `ffcccc`) at GD's alpha 63 of 127 over the square:
    // our `squares` without a colour letter in `squares_color`, at half opacity.
    let text = pairs.get(&["highlight_squares"]).unwrap_or("");
    let squares: Vec<&str> =
        (0..text.len() / 2).filter_map(|i| text.get(2 * i..2 * i + 2)).filter(|s| is_square(s)).collect();
    if !squares.is_empty() {
        let colour = pairs.get(&["highlight_squares_color"]).filter(|v| is_hex6(v)).unwrap_or(DEFAULT_HIGHLIGHT);
        options.set(&params::SQUARES, squares.join(","), "highlight_squares").set(
            &params::SQUARES_COLOR,
            colour,
            "highlight_squares_color",
        );
    }
    if let Some(caption) = pairs.get(&["caption"]).filter(|c| !c.is_empty()) {
        options.set(&params::CAPTION, caption, "caption");
    }
    options.link(fen_board(fen), &FAMILY, "fen")
}

/// The square's pixels for a `size` value: `<n>px` (20–200 px, clamped), a deprecated index `0`–`3`
/// (20, 30, 60, 90 px: 160- to 720-px boards), or a bare number above 3, which the library refuses and which is
/// read here as pixels; anything else is the default.
fn square(size: &str) -> u32 {
    let pixels_given = |text: &str| pixels(text).map(|n| n.clamp(MIN_SQUARE, MAX_SQUARE));
    if let Some(px) = size.strip_suffix("px") {
        return pixels_given(px).unwrap_or(DEFAULT_SQUARE);
    }
    match pixels(size) {
        Some(index @ 0..=3) => SIZE_INDEXES[index as usize],
        Some(_) => pixels_given(size).unwrap_or(DEFAULT_SQUARE),
        None => DEFAULT_SQUARE,
    }
}

/// Six hex digits, no `#` (the library's `^[a-fA-F0-9]{6}$`).
fn is_hex6(text: &str) -> bool {
    text.len() == 6 && text.bytes().all(|b| b.is_ascii_hexdigit())
}
