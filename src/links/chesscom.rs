//! chess.com's diagram images: `…/dynboard?fen=…&size=…&coordinates=…&flip=…&highlight_squares=…&caption=…`.

use super::{ends_with_any, fen_board, is_square, is_yes, pixels, Family, FamilyLink, LinkError, Options, Pairs};
pub(super) static FAMILY: Family = Family {
    name: "chess.com",
    form: "…/dynboard?fen=<FEN>",
    at: |path| ends_with_any(path, &["/dynboard"]),
    read: |url| read(&url.pairs),
};

pub(super) fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let mut options = Options::default();
    // `size` is the square's pixels (20–200); small numbers are the old size classes (1 = 20 px … 5 = 100 px).
    let size = match pairs.get(&["size"]).and_then(pixels) {
        Some(n @ 1..=5) => n * 20,
        Some(n) => n.clamp(20, 200),
        None => 40,
    };
    options.square(size, "size");
    // The default board is chess.com's green (our `green`); `board=brown` is lichess-like brown.
    let theme = match pairs.get(&["board"]).map(str::to_ascii_lowercase).as_deref() {
        Some("brown" | "wood") => "brown",
        Some("blue") => "blue",
        _ => "green",
    };
    options.set("theme", theme, "board");
    if pairs.get(&["coordinates"]).is_some_and(|c| is_yes(c) || ["inside", "outside"].contains(&c)) {
        options.set("coords", "1", "coordinates");
    }
    if pairs.yes(&["flip"]) {
        options.set("flip", "1", "flip");
    }
    // `highlight_squares`: squares written one after the other (`h2h4`).
    let text = pairs.get(&["highlight_squares"]).unwrap_or("");
    let squares: Vec<&str> =
        (0..text.len() / 2).filter_map(|i| text.get(2 * i..2 * i + 2)).filter(|s| is_square(s)).collect();
    if !squares.is_empty() {
        options.set(
            "squares",
            squares.iter().map(|s| format!("Y{s}")).collect::<Vec<_>>().join(","),
            "highlight_squares",
        );
    }
    if let Some(caption) = pairs.get(&["caption"]).filter(|c| !c.is_empty()) {
        options.set("caption", caption, "caption");
    }
    options.link(fen_board(fen), &FAMILY, "fen")
}
