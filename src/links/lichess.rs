//! lichess: the site's `…/export/fen.gif?fen=…&color=…&lastMove=…&theme=…&piece=…` and lila-gif's own
//! `…/image.gif?fen=…&orientation=…&lastMove=…&check=…&theme=…&white=…&black=…`, 90-px squares (720×720).

use super::{fen_board, is_square, is_yes, uci_move, Family, FamilyLink, LinkError, Options, Pairs};

/// lila-gif's square: 90 px, a 720-px board.
const SQUARE: u32 = 90;

pub(super) fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(Family::Lichess))?;
    let board = fen_board(fen);
    let mut options = Options::default();
    options.square(SQUARE, "fen");
    // `color` is lila's name (the export route), `orientation` lila-gif's.
    let black = pairs.get(&["orientation", "color"]).is_some_and(|c| c.eq_ignore_ascii_case("black"));
    if black {
        options.set("flip", "1", "orientation");
    }
    if let Some((light, dark)) = theme(pairs.get(&["theme"]).unwrap_or("brown")) {
        options.set("light", light, "theme").set("dark", dark, "theme");
    } else {
        options.set("theme", "brown", "theme");
    }
    if let Some(pair) = pairs.get(&["lastMove", "lastmove"]).and_then(uci_move) {
        options.set("lastmove", pair, "lastMove");
    }
    // `check` names the square of the king in check, or is a yes for the king of the side to move.
    let check = match pairs.get(&["check"]) {
        Some(square) if is_square(square) => Some(square.to_string()),
        Some(yes) if is_yes(yes) => {
            let white_to_move = fen.trim().split([' ', '_']).nth(1).is_none_or(|side| side != "b");
            king_square(&board, if white_to_move { 'K' } else { 'k' })
        }
        _ => None,
    };
    if let Some(square) = check {
        options.set("squares", format!("R{square}"), "check");
    }
    // lila-gif writes the players' names in bars above and below the board: the one at the top over it.
    let (top, bottom) = if black { ("white", "black") } else { ("black", "white") };
    if let Some(name) = pairs.get(&[top]).filter(|n| !n.is_empty()) {
        options.set("title", name, top);
    }
    if let Some(name) = pairs.get(&[bottom]).filter(|n| !n.is_empty()) {
        options.set("caption", name, bottom);
    }
    options.link(board, Family::Lichess, "fen")
}

/// The light and dark squares of a lila-gif theme other than `brown` (our `brown` theme, its default), as lichess'
/// flat boards of those names colour them: `None` for `brown`, for `pink` (a textured board, folded to the default)
/// and for a name lila-gif does not know (it drew brown).
fn theme(name: &str) -> Option<(&'static str, &'static str)> {
    match name.to_ascii_lowercase().as_str() {
        "blue" => Some(("dee3e6", "8ca2ad")),
        "green" => Some(("ffffdd", "86a666")),
        "ic" => Some(("ececec", "c1c18e")),
        "purple" => Some(("9f90b0", "7d4a8d")),
        _ => None,
    }
}

/// The square of the first `king` (`K` or `k`) on a chess FEN's board field, reading ranks from 8 down.
fn king_square(board: &str, king: char) -> Option<String> {
    for (row, rank) in board.split('/').take(8).enumerate() {
        let mut file = 0u32;
        for c in rank.chars() {
            if c == king {
                let file = char::from(b'a' + u8::try_from(file).ok().filter(|f| *f < 8)?);
                return Some(format!("{file}{}", 8 - row));
            }
            file += c.to_digit(10).unwrap_or(1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::king_square;

    #[test]
    fn the_king_in_check_is_found_on_the_board_field() {
        assert_eq!(king_square("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 'K').as_deref(), Some("e1"));
        assert_eq!(king_square("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 'k').as_deref(), Some("e8"));
        assert_eq!(king_square("7k/8/8/8/8/8/8/8", 'k').as_deref(), Some("h8"));
        assert_eq!(king_square("8/8/8/8/8/8/8/8", 'K'), None);
        assert_eq!(king_square("99k/8", 'k'), None);
    }
}
