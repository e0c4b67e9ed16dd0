//! lichess: the site's `…/export/fen.gif?fen=…&color=…&lastMove=…&theme=…&piece=…` and lila-gif's own
//! `…/image.gif?fen=…&orientation=…&lastMove=…&check=…&theme=…&piece=…&white=…&black=…&coordinates=…`, 90-px squares
//! (720×720), coordinates on unless `coordinates` says no (lila-gif's default since 2022; lichess' export route
//! passes none, so its GIFs have them). lichess finds the check itself: on `fen.gif` the king of the side to move is
//! marked when it is attacked. The last move and the check have lichess' looks (`lastmove_style=lichess`, the
//! `check` glow).

use super::{
    ends_with_any, fen_board, is_no, is_square, is_yes, uci_move, Family, FamilyLink, LinkError, Options, Pairs,
};
use crate::options::params;
use crate::options::piece_set::PieceSet;

/// lila-gif's square: 90 px, a 720-px board.
const SQUARE: u32 = 90;
pub(super) static FAMILY: Family = Family {
    name: "lichess",
    form: "…/export/fen.gif?fen=<FEN> or …/image.gif?fen=<FEN>",
    at: |path| ends_with_any(path, &["/fen.gif", "/image.gif"]),
    read: |url| read(url.path, &url.pairs),
};

/// Reads a link at `path` (lichess' own `…/export/fen.gif`, or lila-gif's `…/image.gif`).
pub(super) fn read(path: &str, pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["fen"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let board = fen_board(fen);
    let lichess_export = path.trim_end_matches('/').ends_with("/fen.gif");
    let mut options = Options::default();
    options.square(SQUARE, "fen");
    // lichess' export route forwards no `coordinates`: lila-gif's default, on.
    if lichess_export || !pairs.get(&["coordinates"]).is_some_and(is_no) {
        options.set(&params::COORDS, "1", "coordinates");
    }
    // `color` is lila's name (the export route), `orientation` lila-gif's.
    let black = pairs.get(&["orientation", "color"]).is_some_and(|c| c.eq_ignore_ascii_case("black"));
    if black {
        options.set(&params::FLIP, "1", "orientation");
    }
    if let Some((light, dark)) = theme(pairs.get(&["theme"]).unwrap_or("brown")) {
        options.set(&params::LIGHT, light, "theme").set(&params::DARK, dark, "theme");
    } else {
        options.set(&params::THEME, "brown", "theme");
    }
    // lila's set names: ours where we have the set, else the nearest (`PieceSet::from_lila`), never an error.
    let piece = PieceSet::from_lila(pairs.get(&["piece"]).unwrap_or(""));
    if piece != PieceSet::default() {
        options.set(&params::PIECE, piece.name(), "piece");
    }
    // lichess' yellow-green last move, lighter on light squares than on dark ones.
    if let Some(pair) = pairs.get(&["lastMove", "lastmove"]).and_then(uci_move) {
        options.set(&params::LASTMOVE, pair, "lastMove").set(&params::LASTMOVE_STYLE, "lichess", "lastMove");
    }
    // On lila-gif's route `check` names the square of the king in check, or is a yes for the king of the side to
    // move; lichess' export route computes it from the position (its links cannot pass it).
    let white_to_move = fen.trim().split([' ', '_']).nth(1).is_none_or(|side| side != "b");
    let king = if white_to_move { 'K' } else { 'k' };
    let check = if lichess_export {
        king_square(&board, king).filter(|square| attacked(&board, square, !white_to_move))
    } else {
        match pairs.get(&["check"]) {
            Some(square) if is_square(square) => Some(square.to_string()),
            Some(yes) if is_yes(yes) => king_square(&board, king),
            _ => None,
        }
    };
    // The red glow under the king, as lila-gif draws it.
    if let Some(square) = check {
        options.set(&params::CHECK, square, "check");
    }
    // lila-gif writes the players' names in bars above and below the board: the one at the top over it.
    let (top, bottom) = if black { ("white", "black") } else { ("black", "white") };
    if let Some(name) = pairs.get(&[top]).filter(|n| !n.is_empty()) {
        options.set(&params::TITLE, name, top);
    }
    if let Some(name) = pairs.get(&[bottom]).filter(|n| !n.is_empty()) {
        options.set(&params::CAPTION, name, bottom);
    }
    options.link(board, &FAMILY, "fen")
}

/// The light and dark squares of a lila-gif theme other than `brown` (our `brown` theme, its default), in lila-gif's
/// colours (its `theme/make-sprites.py`, `BOARD_THEMES`), its aliases (`src/assets.rs`, enum `BoardTheme`) read as
/// their theme: `None` for `brown` and its aliases (`wood`, `maple`, `marble`, …) and for a name lila-gif does not
/// know (it draws brown).
fn theme(name: &str) -> Option<(&'static str, &'static str)> {
    match name.to_ascii_lowercase().as_str() {
        "blue" | "blue2" | "blue3" | "blue-marble" | "canvas" => Some(("dee3e6", "8ca2ad")),
        "green" | "green-plastic" => Some(("ffffdd", "86a666")),
        "ic" | "leather" => Some(("ececec", "c1c18e")),
        "pink" => Some(("f1f1c9", "f07272")),
        "purple" | "purple-diag" => Some(("9f90b0", "7d4a8d")),
        _ => None,
    }
}

/// A chess FEN's board field as 8×8 squares, `[rank 8 … rank 1][a … h]` (`None` for an empty square); a rank too
/// long is cut, one too short padded, as lila reads only positions it can play (ours are drawn whatever they are).
fn squares(board: &str) -> [[Option<char>; 8]; 8] {
    let mut squares = [[None; 8]; 8];
    for (row, rank) in board.split('/').take(8).enumerate() {
        let mut file = 0usize;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    if let Some(square) = squares[row].get_mut(file) {
                        *square = Some(c);
                    }
                    file += 1;
                }
            }
        }
    }
    squares
}

/// Whether `square` (`e1`) is attacked by a piece of the side `by_white` on a chess FEN's board field: a pawn, knight,
/// king, or a slider with nothing in between.
fn attacked(board: &str, square: &str, by_white: bool) -> bool {
    if !is_square(square) {
        return false;
    }
    let squares = squares(board);
    let b = square.as_bytes();
    let (file, row) = (i32::from(b[0] - b'a'), 7 - i32::from(b[1] - b'1'));
    let piece = |f: i32, r: i32| {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            squares[r as usize][f as usize]
        } else {
            None
        }
    };
    let theirs = |f: i32, r: i32, kinds: &str| {
        piece(f, r).is_some_and(|c| c.is_ascii_uppercase() == by_white && kinds.contains(c.to_ascii_lowercase()))
    };
    // A white pawn attacks the squares up the board (rows towards rank 8, smaller row numbers) from below.
    let pawn_row = if by_white { row + 1 } else { row - 1 };
    if theirs(file - 1, pawn_row, "p") || theirs(file + 1, pawn_row, "p") {
        return true;
    }
    let knight = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    if knight.iter().any(|(df, dr)| theirs(file + df, row + dr, "n")) {
        return true;
    }
    let around = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
    if around.iter().any(|(df, dr)| theirs(file + df, row + dr, "k")) {
        return true;
    }
    around.iter().any(|&(df, dr)| {
        let sliders = if df == 0 || dr == 0 { "rq" } else { "bq" };
        let (mut f, mut r) = (file + df, row + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            if piece(f, r).is_some() {
                return theirs(f, r, sliders);
            }
            (f, r) = (f + df, r + dr);
        }
        false
    })
}

/// The square of the first `king` (`K` or `k`) on a chess FEN's board field, reading ranks from 8 down.
pub(super) fn king_square(board: &str, king: char) -> Option<String> {
    squares(board).iter().enumerate().find_map(|(row, rank)| {
        let file = rank.iter().position(|&square| square == Some(king))?;
        Some(format!("{}{}", char::from(b'a' + file as u8), 8 - row))
    })
}

#[cfg(test)]
mod tests {
    use super::{attacked, king_square};

    #[test]
    fn attacks_are_found_as_lichess_finds_a_check() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert!(!attacked(start, "e1", false) && !attacked(start, "e8", true));
        // Scholar's mate: the queen on f7 gives check, defended or not.
        let mate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR";
        assert!(attacked(mate, "e8", true));
        assert!(!attacked(mate, "e1", false));
        // Each kind of attacker, and a blocked slider.
        assert!(attacked("4k3/3P4/8/8/8/8/8/4K3", "e8", true), "a white pawn");
        assert!(!attacked("4k3/4P3/8/8/8/8/8/4K3", "e8", true), "a pawn ahead does not attack");
        assert!(!attacked("8/8/8/8/8/8/5P2/4k3", "e1", true), "white pawns attack up the board");
        assert!(attacked("8/8/8/8/8/8/5p2/4K3", "e1", false), "a black pawn");
        assert!(attacked("4k3/8/3N4/8/8/8/8/4K3", "e8", true), "a knight");
        assert!(attacked("4k3/8/8/8/8/8/8/4R1K1", "e8", true), "a rook up the file");
        assert!(!attacked("4k3/8/8/8/4p3/8/8/4R1K1", "e8", true), "a rook blocked");
        assert!(attacked("4k3/8/8/1B6/8/8/8/6K1", "e8", true), "a bishop on the diagonal");
        assert!(attacked("8/8/8/8/8/8/3k4/4K3", "e1", false), "a king beside it");
        // Whatever the board field holds, no panic.
        assert!(!attacked("99k/8", "e1", false));
        assert!(!attacked("", "a1", true));
    }

    #[test]
    fn the_king_in_check_is_found_on_the_board_field() {
        assert_eq!(king_square("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 'K').as_deref(), Some("e1"));
        assert_eq!(king_square("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 'k').as_deref(), Some("e8"));
        assert_eq!(king_square("7k/8/8/8/8/8/8/8", 'k').as_deref(), Some("h8"));
        assert_eq!(king_square("8/8/8/8/8/8/8/8", 'K'), None);
        assert_eq!(king_square("99k/8", 'k'), None);
    }
}
