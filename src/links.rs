//! Layer 4, the link families: the URL grammars of other diagram services, each read into the position and the
//! render options the modern route would have built for the same picture.
//!
//! A family is recognised by its path's ending on any host ([`Family::at`]), as `d.php` links are, so that a site
//! or a community that points a dead service's host name here sees every old picture come back. Each family is one
//! file with one pure function from the path and the raw query to a [`FamilyLink`]: an FFEN (in the dialect the
//! family's positions are written in), [`RenderOptions`] and the picture format. Everything after (the canonical
//! key, the cache, the `ETag`, the headers) is the modern route's, so one picture reached through two families is
//! one cache entry.
//!
//! The rules, their sources and what each family ignores are in `docs/links.md`. The shared habits:
//! - **Faithful, not identical**: the position, the side at the bottom, coordinates, highlights, arrows and
//!   captions are the original's; the square size is the original's where it is 12–128 px, else the nearest; the
//!   board's colours are the family's own (a named theme or `light`/`dark`). Piece sets are ours.
//! - **Unknown parameters are ignored**, and so is a value of a known one that the family's own service would not
//!   have understood (it drew its default); a broken **position** is an error naming the parameter and the column.
//! - Chess FENs are read by the janko reader (orthodox letters, `N` or `S` the knight) from their board field: the
//!   other fields, a crazyhouse pocket (`[…]`) and promoted marks (`~`) are dropped first.

use crate::notation::ffen::{parse_link, Dialect};
use crate::options::error::OptionError;
use crate::options::render_options::RenderOptions;
use std::borrow::Cow;
use std::fmt;

mod apronus;
mod boardimage;
mod chesscom;
mod courier;
mod fen_path;
mod jinchess;
mod lichess;

#[cfg(test)]
mod tests;

/// A diagram service whose links are answered here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// jinchess.com: `…/chessboard/?p=<64 squares from a8, or a FEN>&…`.
    Jinchess,
    /// fen-to-image.com: `…/image/[<options>/]<FEN>[.png]`.
    FenToImage,
    /// Apronus: `…/stilldiagram.php?d=…`, `…/stagram.php?d=…`, `…/arrowgram.php?…` (64 squares from a1).
    Apronus,
    /// web-boardimage (backscattering.de): `…/board.png?fen=…`, `…/board.svg?fen=…`.
    BoardImage,
    /// lichess: `…/export/fen.gif?fen=…` and lila-gif's own `…/image.gif?fen=…`.
    Lichess,
    /// chessboardimage.com: `/<FEN>.png`, with `-flip` and `-<square><square>` suffixes.
    ChessboardImage,
    /// chessvision.ai's fen2image: `…/fen2image…/<FEN>` or `/<FEN>`, a FEN with its fields as the path.
    Chessvision,
    /// chess.com: `…/dynboard?fen=…`.
    ChessCom,
    /// Game Courier's own diagram script: `…/drawdiagram.php?code=…` (chessvariants.com).
    Courier,
}

impl Family {
    /// Every family, in the order `docs/links.md` lists them.
    pub const ALL: [Family; 9] = [
        Family::Jinchess,
        Family::FenToImage,
        Family::Apronus,
        Family::BoardImage,
        Family::Lichess,
        Family::ChessboardImage,
        Family::Chessvision,
        Family::ChessCom,
        Family::Courier,
    ];

    /// The family's name in messages and documentation.
    pub fn name(self) -> &'static str {
        match self {
            Family::Jinchess => "jinchess",
            Family::FenToImage => "fen-to-image",
            Family::Apronus => "Apronus",
            Family::BoardImage => "web-boardimage",
            Family::Lichess => "lichess",
            Family::ChessboardImage => "chessboardimage.com",
            Family::Chessvision => "chessvision",
            Family::ChessCom => "chess.com",
            Family::Courier => "Game Courier",
        }
    }

    /// The shape of the family's links, for the message of a link without a position.
    pub fn form(self) -> &'static str {
        match self {
            Family::Jinchess => "…/chessboard/?p=<64 squares or FEN>",
            Family::FenToImage => "…/image/[<options>/]<FEN>",
            Family::Apronus => "…/stilldiagram.php?d=<prefix letter and 64 squares from a1>",
            Family::BoardImage => "…/board.png?fen=<FEN>",
            Family::Lichess => "…/export/fen.gif?fen=<FEN> or …/image.gif?fen=<FEN>",
            Family::ChessboardImage => "/<FEN>.png",
            Family::Chessvision => "…/fen2image/<FEN>",
            Family::ChessCom => "…/dynboard?fen=<FEN>",
            Family::Courier => "…/drawdiagram.php?code=<Forsythe code>",
        }
    }

    /// The family whose links are served at `path` (as sent, percent-encoded), if any. The caller has already
    /// tried the service's own routes (`/diagram.png`, `d.php`, `/xfen/`), which no family shadows.
    ///
    /// Most families are matched by their path's ending. fen-to-image's links have the position in the path after
    /// an `/image/` segment; chessvision's after a segment starting `fen2image`, or as the whole path (its host
    /// `fen2image.chessvision.ai` serves `/<FEN>`): eight segments that read as a FEN's ranks; chessboardimage.com's
    /// are a path ending `.png` whose name reads as a board. So `/favicon.png` or `/a/b` stays a `404`.
    pub fn at(path: &str) -> Option<Family> {
        let trimmed = path.strip_suffix('/').unwrap_or(path);
        let ends = |suffix: &str| trimmed.len() > suffix.len() && trimmed.ends_with(suffix);
        let family = if trimmed.ends_with("/chessboard") {
            Family::Jinchess
        } else if ends("stilldiagram.php") || ends("stagram.php") || ends("arrowgram.php") {
            Family::Apronus
        } else if trimmed.ends_with("/board.png") || trimmed.ends_with("/board.svg") {
            Family::BoardImage
        } else if trimmed.ends_with("/fen.gif") || trimmed.ends_with("/image.gif") {
            Family::Lichess
        } else if trimmed.ends_with("/dynboard") {
            Family::ChessCom
        } else if trimmed.ends_with("drawdiagram.php") {
            Family::Courier
        } else if fen_path::after_segment(path, |s| s == "image").is_some() {
            Family::FenToImage
        } else if fen_path::after_segment(path, |s| s.starts_with("fen2image")).is_some() || fen_path::is_bare_fen(path)
        {
            Family::Chessvision
        } else if fen_path::chessboardimage_stem(path).is_some() {
            Family::ChessboardImage
        } else {
            return None;
        };
        Some(family)
    }

    /// Reads a link of this family: `path` as sent (percent-encoded), `query` without its `?`.
    pub fn read(self, path: &str, query: Option<&str>) -> Result<FamilyLink, LinkError> {
        let pairs = Pairs::new(query);
        match self {
            Family::Jinchess => jinchess::read(&pairs),
            Family::FenToImage => fen_path::read_fen_to_image(path),
            Family::Apronus => apronus::read(path, &pairs),
            Family::BoardImage => boardimage::read(path, &pairs),
            Family::Lichess => lichess::read(path, &pairs),
            Family::ChessboardImage => fen_path::read_chessboardimage(path),
            Family::Chessvision => fen_path::read_chessvision(path, &pairs),
            Family::ChessCom => chesscom::read(&pairs),
            Family::Courier => courier::read(&pairs),
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a family's link asks for: the modern route's inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyLink {
    /// The position, as an FFEN in [`FamilyLink::dialect`].
    pub ffen: String,
    /// The dialect [`FamilyLink::ffen`] is written in.
    pub dialect: Dialect,
    /// How to draw it.
    pub options: RenderOptions,
    /// Whether the original answered SVG (web-boardimage's `board.svg`); PNG otherwise, also for `.gif` links.
    pub svg: bool,
}

/// Why a family's link gives no diagram: always the client's (`400`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The link has no position.
    Missing(Family),
    /// The position cannot be read before it reaches an FFEN reader (a 64-square string of the wrong length, a
    /// character no piece has): which parameter, and what is wrong where.
    BadPosition {
        /// The family.
        family: Family,
        /// The parameter (or `path`) that holds the position.
        parameter: &'static str,
        /// What is wrong, and at which column of the parameter's value.
        message: String,
    },
    /// A render option the family translated cannot be drawn (a caption the font cannot draw, say); the parameter
    /// is the family's own name for it.
    BadOption(OptionError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Missing(family) => write!(f, "missing position: a {family} link reads {}", family.form()),
            LinkError::BadPosition { family, parameter, message } => {
                write!(f, "invalid position in `{parameter}` of a {family} link: {message}")
            }
            LinkError::BadOption(e) => write!(f, "invalid option: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// A link's decoded query parameters (`+` a space, `%XX` decoded, invalid UTF-8 replaced), in order.
struct Pairs<'q>(Vec<(Cow<'q, str>, Cow<'q, str>)>);

impl<'q> Pairs<'q> {
    fn new(query: Option<&'q str>) -> Pairs<'q> {
        // A bot's `#<random>` never reaches a server, but a link copied into a query by hand can hold it.
        let query = query.map(|q| q.split('#').next().unwrap_or(""));
        Pairs(form_urlencoded::parse(query.unwrap_or("").as_bytes()).collect())
    }

    /// The value of the first of `names` given (each the last of its repeats), trimmed.
    // Not inlined, nor is `Options::push`: the families call them some seventy times, and one copy of each is about
    // 1 KB less of the gzipped wasm.
    #[inline(never)]
    fn get(&self, names: &[&str]) -> Option<&str> {
        names.iter().find_map(|name| self.0.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_ref().trim()))
    }

    /// Whether parameter `name` is a yes: `1`, `true`, `yes`, `on` in any case.
    fn yes(&self, names: &[&str]) -> bool {
        self.get(names).is_some_and(is_yes)
    }
}

/// A whole number of pixels (decimal digits only, as the services' integer parsers read them), saturated at
/// `u32::MAX`; `None` for anything else. Integers only: a float parser would add kilobytes to the Worker.
fn pixels(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.bytes().fold(0u32, |n, b| n.saturating_mul(10).saturating_add(u32::from(b - b'0'))))
}

/// `1`, `true`, `yes` or `on`, in any case.
fn is_yes(value: &str) -> bool {
    ["1", "true", "yes", "on"].iter().any(|y| value.eq_ignore_ascii_case(y))
}

/// Whether a family's switch says no (`0`, `false`, `no`, `off`, any case).
fn is_no(value: &str) -> bool {
    ["0", "false", "no", "off"].iter().any(|n| value.eq_ignore_ascii_case(n))
}

/// The render options a family asks for, as modern parameters, each with the family's own name for it (the name an
/// error then gives).
#[derive(Default)]
struct Options {
    pairs: Vec<(&'static str, String, &'static str)>,
}

impl Options {
    /// Sets modern parameter `modern` to `value`, from the family's parameter `theirs`.
    fn set(&mut self, modern: &'static str, value: impl Into<String>, theirs: &'static str) -> &mut Options {
        self.push(modern, value.into(), theirs)
    }

    /// [`Options::set`] once its value is a `String` (not inlined: see [`Pairs::get`]).
    #[inline(never)]
    fn push(&mut self, modern: &'static str, value: String, theirs: &'static str) -> &mut Options {
        self.pairs.push((modern, value, theirs));
        self
    }

    /// Sets the square size from the original's pixel size, clamped to the modern route's range.
    fn square(&mut self, pixels: u32, theirs: &'static str) -> &mut Options {
        use crate::options::render_options::{MAX_SQUARE_SIZE, MIN_SQUARE_SIZE};
        self.set("size", pixels.clamp(MIN_SQUARE_SIZE, MAX_SQUARE_SIZE).to_string(), theirs)
    }

    /// The options, or the first error with the family's parameter name in it.
    fn build(&self) -> Result<RenderOptions, LinkError> {
        RenderOptions::from_pairs(self.pairs.iter().map(|(k, v, _)| (*k, v.as_str()))).map_err(|mut e| {
            if let Some((_, _, theirs)) = self.pairs.iter().rev().find(|(k, _, _)| *k == e.parameter) {
                e.parameter = theirs;
            }
            LinkError::BadOption(e)
        })
    }

    /// The link: a chess FEN's board field `board` (from the family's `parameter`), read in the janko dialect,
    /// with these options. A board that reads but is not 8×8 is refused here, as the family's own service
    /// (a chess board) refused it; a board that does not read goes on to the reader, whose error names the column.
    fn link(&self, board: String, family: Family, parameter: &'static str) -> Result<FamilyLink, LinkError> {
        if let Ok(read) = parse_link(&board, Dialect::Janko) {
            if (read.width(), read.height()) != (8, 8) {
                let message = format!(
                    "the board has {} files and {} ranks; a chess board has 8 and 8",
                    read.width(),
                    read.height()
                );
                return Err(LinkError::BadPosition { family, parameter, message });
            }
        }
        Ok(FamilyLink { ffen: board, dialect: Dialect::Janko, options: self.build()?, svg: false })
    }
}

/// The board field of a chess FEN as a family passes it: up to the first space (the other fields are not drawn),
/// without a crazyhouse pocket (`[…]`, or a ninth `/`-field of pocket pieces) or promoted marks (`~`).
fn fen_board(fen: &str) -> String {
    let board = fen.trim().split([' ', '_']).next().unwrap_or("");
    let board = board.split('[').next().unwrap_or("");
    let mut fields: Vec<&str> = board.split('/').collect();
    if fields.len() == 9 && fields[8].chars().all(|c| c.is_ascii_alphabetic()) {
        fields.pop();
    }
    fields.join("/").replace('~', "")
}

/// Whether `text` is a square name of an 8×8 board (`a1`…`h8`, lower case).
fn is_square(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

/// The `from`-`to` pairs of a UCI move list (`e2e4`, `e7e8q`, `e1g1`), as a `lastmove` value; `None` unless
/// `text` is one move.
fn uci_move(text: &str) -> Option<String> {
    let text = text.trim();
    let (from, rest) = text.split_at_checked(2)?;
    let to = rest.get(..2)?;
    (is_square(from) && is_square(to) && rest.len() <= 3).then(|| format!("{from}{to}"))
}
