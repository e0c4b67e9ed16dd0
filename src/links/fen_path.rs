//! The families that write the FEN into the path: fen-to-image (`…/image/[<options>/]<FEN>[.png]`),
//! chessboardimage.com (`/<FEN>.png` with `-flip` and `-<sq><sq>` suffixes, `?turn=&check=`) and chessvision's fen2image
//! (`…/fen2image…/<FEN>?turn=&pov=`).

use super::lichess::king_square;
use super::{fen_board, is_yes, pixels, uci_move, Family, FamilyLink, LinkError, Options, Pairs};
use crate::notation::ffen::wild::percent_decode;
use crate::options::params;

/// The characters of a chess FEN's board field (and the `/` between ranks).
fn is_board_char(c: char) -> bool {
    matches!(c, 'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | '1'..='8' | '/')
}

/// The path decoded once (`%XX`; invalid UTF-8 replaced).
fn decoded(path: &str) -> String {
    String::from_utf8_lossy(&percent_decode(path)).into_owned()
}

/// What follows the first path segment that `segment` accepts, when something does (`a/b/c` for
/// `/x/image/a/b/c` and `image`); `None` without such a segment or with nothing after it.
pub(super) fn after_segment(path: &str, segment: impl Fn(&str) -> bool) -> Option<&str> {
    let mut rest = path.strip_prefix('/')?;
    loop {
        let (head, tail) = rest.split_once('/')?;
        if segment(head) {
            return (!tail.is_empty()).then_some(tail);
        }
        rest = tail;
    }
}

/// fen-to-image.com: `…/image/[<options>/]<FEN>[.png]`.
pub(super) static FEN_TO_IMAGE: Family = Family {
    name: "fen-to-image",
    form: "…/image/[<options>/]<FEN>",
    at: |path| after_segment(path, |s| s == "image").is_some(),
    read: |url| read_fen_to_image(url.path),
};

/// chessvision.ai's fen2image: `…/fen2image…/<FEN>` or `/<FEN>`, a FEN with its fields as the path.
pub(super) static CHESSVISION: Family = Family {
    name: "chessvision",
    form: "…/fen2image/<FEN>",
    at: |path| after_segment(path, |s| s.starts_with("fen2image")).is_some() || is_bare_fen(path),
    read: |url| read_chessvision(url.path, &url.pairs),
};

/// chessboardimage.com: `/<FEN>.png`, with `-flip` and `-<square><square>` suffixes.
pub(super) static CHESSBOARDIMAGE: Family = Family {
    name: "chessboardimage.com",
    form: "/<FEN>.png",
    at: |path| chessboardimage_stem(path).is_some(),
    read: |url| read_chessboardimage(url.path, &url.pairs),
};

/// fen-to-image: the segments after `/image/` are options (a number = the square size, `single` or `double` =
/// the border, `coords` = coordinates) and then the FEN, its eight ranks as eight segments, the last one with an
/// optional `.png` and the FEN's other fields. Unknown option words are ignored; the service drew 24-px squares
/// by default.
pub(super) fn read_fen_to_image(path: &str) -> Result<FamilyLink, LinkError> {
    let rest = decoded(after_segment(path, |s| s == "image").unwrap_or(""));
    let rest = rest.trim_end_matches('/');
    let segments: Vec<&str> = rest.split('/').collect();
    if segments.len() < 8 {
        return Err(LinkError::Missing(&FEN_TO_IMAGE));
    }
    // The FEN is the last eight segments: every option word is a single segment before it.
    let split = segments.len().saturating_sub(8);
    let (words, ranks) = segments.split_at(split);
    let mut fen = ranks.join("/");
    if let Some(stem) = fen.strip_suffix(".png") {
        fen = stem.to_string();
    }
    if fen_board(&fen).is_empty() {
        return Err(LinkError::Missing(&FEN_TO_IMAGE));
    }
    let mut options = Options::default();
    options.square(24, "path");
    for word in words {
        match word.to_ascii_lowercase().as_str() {
            "coords" => {
                options.set(&params::COORDS, "1", "path");
            }
            number if pixels(number).is_some() => {
                // The service's own range for a cell: 16 to 128 pixels.
                options.square(pixels(number).unwrap_or(24).clamp(16, 128), "path");
            }
            _ => {}
        }
    }
    options.link(fen_board(&fen), &FEN_TO_IMAGE, "path")
}

/// The stem of a chessboardimage.com path (the path without its leading `/` and `.png`, decoded), when its board
/// field is made of FEN board characters only: what makes a `.png` path a position rather than a `404`.
pub(super) fn chessboardimage_stem(path: &str) -> Option<String> {
    let stem = decoded(path.strip_prefix('/')?.strip_suffix(".png")?);
    let board = stem.split([' ', '-']).next().unwrap_or("");
    (board.chars().any(|c| c != '/') && board.chars().all(is_board_char)).then_some(stem)
}

/// chessboardimage.com: `/<FEN>.png`, the board's ranks with or without `/` between them, optionally the FEN's
/// other fields after a space (`%20`), then any of the suffixes `-flip` (black at the bottom) and
/// `-<square><square>` (the two squares highlighted, as a last move).
pub(super) fn read_chessboardimage(path: &str, pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let stem = chessboardimage_stem(path).ok_or(LinkError::Missing(&CHESSBOARDIMAGE))?;
    let mut parts = stem.split('-');
    let fen = parts.next().unwrap_or("");
    let mut options = Options::default();
    for suffix in parts {
        let suffix = suffix.trim();
        if suffix.eq_ignore_ascii_case("flip") {
            options.set(&params::FLIP, "1", "-flip");
        } else if let Some(pair) = uci_move(suffix) {
            options.set(&params::LASTMOVE, pair, "-<square><square>");
        }
    }
    let board = with_rank_breaks(&fen_board(fen));
    if let Some(square) = checked_king(fen, &board, pairs) {
        options.set(&params::CHECK, square, "check");
    }
    options.link(board, &CHESSBOARDIMAGE, "path")
}

/// The square of the king in check on a chessboardimage.com link: bots write `?turn=<white|black>&check=<true|false>`
/// from their game (`turn` the side to move, `check` whether it is in check), so `check=true` (or any yes) marks
/// the king of the side to move, as lila-gif's `check=1` does; the side is `turn`'s, else the FEN's own second
/// field, else White. `turn` alone changes nothing (the side to move is not drawn).
fn checked_king(fen: &str, board: &str, pairs: &Pairs<'_>) -> Option<String> {
    if !pairs.get(&["check"]).is_some_and(is_yes) {
        return None;
    }
    let field = decoded(fen);
    let side = pairs.get(&["turn"]).or_else(|| field.split([' ', '_']).nth(1)).unwrap_or("w").to_ascii_lowercase();
    let king = if side.starts_with('b') { 'k' } else { 'K' };
    king_square(board, king)
}

/// A board field written without `/` (`rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR`) cut into ranks of eight squares; a
/// field with any `/` is left as it is, and so is one whose squares do not fall into ranks (the reader then says
/// what is wrong).
fn with_rank_breaks(board: &str) -> String {
    if board.contains('/') {
        return board.to_string();
    }
    let mut out = String::with_capacity(board.len() + 8);
    let mut width = 0;
    for c in board.chars() {
        if width == 8 {
            out.push('/');
            width = 0;
        }
        width += c.to_digit(10).unwrap_or(1);
        out.push(c);
        if width > 8 {
            return board.to_string();
        }
    }
    out
}

/// Whether the whole path is a chess FEN: eight segments of board characters, the last one optionally followed by
/// the FEN's other fields after a space (`%20`). chessvision's own host serves its diagrams at such paths.
pub(super) fn is_bare_fen(path: &str) -> bool {
    let path = decoded(path);
    let fen = path.trim_matches('/');
    let board = fen.split(' ').next().unwrap_or("");
    board.split('/').count() == 8 && board.chars().all(is_board_char) && path.starts_with('/')
}

/// chessvision's fen2image: the FEN (with its fields, `%20` between them) is the rest of the path after the
/// `fen2image…` segment, or the whole path; `pov=black` puts black at the bottom, and without `pov` the side to move is at the bottom
/// (`turn=`, or the FEN's second field).
pub(super) fn read_chessvision(path: &str, pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = match after_segment(path, |s| s.starts_with("fen2image")) {
        Some(rest) => decoded(rest),
        None => decoded(path.trim_start_matches('/')),
    };
    let fen = fen.trim_end_matches('/').strip_suffix(".png").unwrap_or(fen.trim_end_matches('/')).to_string();
    if fen_board(&fen).is_empty() {
        return Err(LinkError::Missing(&CHESSVISION));
    }
    let mut options = Options::default();
    let black = match pairs.get(&["pov"]) {
        Some(pov) => pov.eq_ignore_ascii_case("black"),
        None => {
            let turn = pairs.get(&["turn"]).map(str::to_string);
            let turn = turn.or_else(|| fen.split_whitespace().nth(1).map(str::to_string));
            turn.is_some_and(|t| t.eq_ignore_ascii_case("black") || t.eq_ignore_ascii_case("b"))
        }
    };
    if black {
        options.set(&params::FLIP, "1", "pov");
    }
    options.link(fen_board(&fen), &CHESSVISION, "path")
}
