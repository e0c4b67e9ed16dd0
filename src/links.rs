//! Layer 8, the link families: the URL grammars of other diagram services, each read into the position and the
//! render options the modern route would have built for the same picture.
//!
//! A family is recognised by its path's ending on any host ([`Family::at`]), so that a site or a community that
//! points a dead service's host name here sees every old picture come back: janko.at's and Retro-Wiki's `d.php`,
//! yacpdb's `/xfen/`, and the other services' links. Each family is one file with one static [`Family`] (its
//! name, the shape of its links, its path test and its reader) and one pure function from the path and the query
//! to a [`FamilyLink`]: an FFEN (in the dialect the family's positions are written in), [`RenderOptions`] and the
//! [`Format`]. Everything after (the canonical
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
use crate::options::params::{self, Param};
use crate::options::render_options::RenderOptions;
use crate::output::format::Format;
use std::borrow::Cow;
use std::fmt;

mod apronus;
mod boardimage;
mod chesscom;
mod chessimager;
mod chessup;
mod courier;
mod fen2png;
mod fen_cgi;
mod fen_path;
mod janko;
mod jinchess;
mod lichess;
mod yacpdb;

#[cfg(test)]
mod tests;

/// A diagram service whose links are answered here: its name, the shape of its links, how a path is recognised
/// as one of them, and how such a link is read. One static a family, in the family's own file; [`FAMILIES`] lists
/// them all.
pub struct Family {
    /// The family's name in messages and documentation.
    pub name: &'static str,
    /// The shape of the family's links, for the message of a link without a position.
    pub form: &'static str,
    /// Whether a path (as sent, percent-encoded) is one of the family's links.
    at: fn(&str) -> bool,
    /// Reads a link of the family.
    read: fn(&LinkUrl<'_>) -> Result<FamilyLink, LinkError>,
}

/// Every family, in the order a path is tried against them (the first whose [`Family::at`] matches reads the
/// link), and in which `docs/links.md` lists them. janko's `d.php` comes first: a path ending in `d.php` is
/// janko's whatever comes before it. The service's own routes (`/diagram.png`, …) are tried before any family.
///
/// Most families are matched by their path's ending. fen-to-image's links have the position in the path after
/// an `/image/` segment; chessvision's after a segment starting `fen2image`, or as the whole path (its host
/// `fen2image.chessvision.ai` serves `/<FEN>`): eight segments that read as a FEN's ranks; chessboardimage.com's
/// are a path ending `.png` whose name reads as a board. So `/favicon.png` or `/a/b` stays a `404`.
pub static FAMILIES: [&Family; 15] = [
    &janko::FAMILY,
    &yacpdb::FAMILY,
    &jinchess::FAMILY,
    &apronus::FAMILY,
    &boardimage::FAMILY,
    &lichess::FAMILY,
    &chesscom::FAMILY,
    &courier::FAMILY,
    &chessimager::FAMILY,
    &chessup::FAMILY,
    &fen2png::FAMILY,
    &fen_cgi::FAMILY,
    &fen_path::FEN_TO_IMAGE,
    &fen_path::CHESSVISION,
    &fen_path::CHESSBOARDIMAGE,
];

impl Family {
    /// The family whose links are served at `path` (as sent, percent-encoded), if any: the first of [`FAMILIES`]
    /// that recognises it.
    pub fn at(path: &str) -> Option<&'static Family> {
        FAMILIES.iter().copied().find(|family| (family.at)(path))
    }

    /// The family called `name` ([`Family::name`]), if any.
    pub fn named(name: &str) -> Option<&'static Family> {
        FAMILIES.iter().copied().find(|family| family.name == name)
    }

    /// Reads a link of this family: `path` as sent (percent-encoded), `query` without its `?`.
    pub fn read(&self, path: &str, query: Option<&str>) -> Result<FamilyLink, LinkError> {
        (self.read)(&LinkUrl { path, query, pairs: Pairs::new(query) })
    }
}

/// One family is one static: two are equal when they are the same family.
impl PartialEq for Family {
    fn eq(&self, other: &Family) -> bool {
        self.name == other.name
    }
}

impl Eq for Family {}

impl fmt::Debug for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Family({})", self.name)
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A link as a family reads it: the path as sent, the raw query, and the query's decoded pairs.
struct LinkUrl<'q> {
    path: &'q str,
    query: Option<&'q str>,
    pairs: Pairs<'q>,
}

/// Whether the path, without one trailing `/`, ends in one of `suffixes` (the whole path may be the suffix).
fn ends_with_any(path: &str, suffixes: &[&str]) -> bool {
    let trimmed = path.strip_suffix('/').unwrap_or(path);
    suffixes.iter().any(|suffix| trimmed.ends_with(suffix))
}

/// Whether the path, without one trailing `/`, ends in `suffix` after something.
fn path_ends(path: &str, suffix: &str) -> bool {
    let trimmed = path.strip_suffix('/').unwrap_or(path);
    trimmed.len() > suffix.len() && trimmed.ends_with(suffix)
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
    /// The format to answer in: SVG where the original answered SVG (web-boardimage's `board.svg`); PNG
    /// otherwise, also for `.gif` links.
    pub format: Format,
}

/// Why a family's link gives no diagram: always the client's (`400`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The link has no position.
    Missing(&'static Family),
    /// The position cannot be read before it reaches an FFEN reader (a 64-square string of the wrong length, a
    /// character no piece has): which parameter, and what is wrong where.
    BadPosition {
        /// The family.
        family: &'static Family,
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
            LinkError::Missing(family) => write!(f, "missing position: a {family} link reads {}", family.form),
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
        self.raw(names).map(str::trim)
    }

    /// The value of the first of `names` given (each the last of its repeats), as given.
    fn raw(&self, names: &[&str]) -> Option<&str> {
        names.iter().find_map(|name| self.0.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_ref()))
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
    /// Sets modern parameter `modern` (its declaration, so that a renamed or removed parameter is a compile error)
    /// to `value`, from the family's parameter `theirs`.
    fn set(&mut self, modern: &Param<RenderOptions>, value: impl Into<String>, theirs: &'static str) -> &mut Options {
        self.push(modern.name, value.into(), theirs)
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
        self.set(&params::SIZE, pixels.clamp(MIN_SQUARE_SIZE, MAX_SQUARE_SIZE).to_string(), theirs)
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
    fn link(&self, board: String, family: &'static Family, parameter: &'static str) -> Result<FamilyLink, LinkError> {
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
        Ok(FamilyLink { ffen: board, dialect: Dialect::Janko, options: self.build()?, format: Format::Png })
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
