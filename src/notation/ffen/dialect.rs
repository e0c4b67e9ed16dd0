//! The dialects ([`Dialect`], Game Courier's [`Width`]) and [`parse`], which hands an input to its reader.

use super::courier::Width;
use super::error::{ParseError, ParseErrorKind, MAX_INPUT_LEN};
use super::hgm::{self, Definition};
use super::{bodlaender, courier, input, janko, xfen};
use crate::notation::board::Board;
use std::fmt;
use std::str::FromStr;

/// Which FFEN dialect to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// janko.at / Retro-Wiki (`d.php?ff=` / `fen=`), with the lenient rules and the canonical extension.
    #[default]
    Janko,
    /// Hans Bodlaender's FFEN 0.02 with Andy Kurnia's lenient rules.
    Bodlaender,
    /// Game Courier's Forsythe code (chessvariants.com): squares run on across rank ends, so the board's width is
    /// part of the dialect.
    Courier {
        /// Files per rank.
        width: Width,
    },
    /// yacpdb's XFEN (`…/xfen/?…` diagram links), 8×8.
    Xfen,
    /// H. G. Muller's Interactive Diagram definitions (chessvariants.com): the start position, and a look that
    /// [`read_definition`] returns as render-option pairs.
    Hgm,
}

impl Dialect {
    /// Every dialect name [`Dialect::from_str`] knows, in the order error messages list them.
    pub const NAMES: [&'static str; 5] = ["janko", "bodlaender", "courier", "xfen", "hgm"];

    /// Game Courier's Forsythe code at its default width of 8 files.
    pub fn courier() -> Dialect {
        Dialect::Courier { width: Width::DEFAULT }
    }

    /// The name used in URLs: `janko`, `bodlaender`, `courier` or `xfen`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Janko => "janko",
            Dialect::Bodlaender => "bodlaender",
            Dialect::Courier { .. } => "courier",
            Dialect::Xfen => "xfen",
            Dialect::Hgm => "hgm",
        }
    }
}

/// A dialect name that is none of [`Dialect::NAMES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownDialect;

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown dialect: expected one of {}", Dialect::NAMES.join(", "))
    }
}

impl std::error::Error for UnknownDialect {}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// Reads a dialect name in any case; `courier` has the default width (see [`Dialect::Courier`]).
    fn from_str(s: &str) -> Result<Dialect, UnknownDialect> {
        match s.to_ascii_lowercase().as_str() {
            "janko" => Ok(Dialect::Janko),
            "bodlaender" => Ok(Dialect::Bodlaender),
            "courier" => Ok(Dialect::courier()),
            "xfen" => Ok(Dialect::Xfen),
            "hgm" => Ok(Dialect::Hgm),
            _ => Err(UnknownDialect),
        }
    }
}

/// Reads `input` in `dialect`.
///
/// Every dialect first gets the same clean-up of what links do to a string: typographic quotes become `'`/`"`,
/// white space next to a `/` is dropped, other white space ends the board (FEN fields follow it), and a trailing
/// `.png`/`.gif` is dropped. Columns in errors count characters of `input` as given, from 1.
pub fn parse(input: &str, dialect: Dialect) -> Result<Board, ParseError> {
    // The FFEN dialects' input, checked against their limit and cleaned up; a definition has its own limit.
    let prepared = || {
        if input.len() > MAX_INPUT_LEN {
            return Err(ParseError::new(1, ParseErrorKind::TooLong { len: input.len() }));
        }
        Ok(input::prepare(input))
    };
    match dialect {
        Dialect::Janko => janko::parse(&prepared()?),
        Dialect::Bodlaender => bodlaender::parse(&prepared()?),
        Dialect::Courier { width } => courier::parse(&prepared()?, width),
        Dialect::Xfen => xfen::parse(&prepared()?),
        Dialect::Hgm => read_definition(input).map(|definition| definition.board),
    }
}

/// The longest Interactive Diagram definition accepted, in bytes: definitions carry move descriptors, promotion
/// rules and image names that a picture does not need, so they get more room than an FFEN.
pub const MAX_DEFINITION_LEN: usize = 8192;

/// Reads an Interactive Diagram definition (`dialect=hgm`): the start position and the look it asks for
/// ([`crate::options::render_options::RenderOptions::from_definition`] merges the look with a link's own parameters). Columns in errors count characters of `input`, from 1.
///
/// ```
/// use ffen_diagram::ffen::{canonical, read_definition};
/// let definition = read_definition("files=10\nranks=8\nsquareSize=35\nrook::::a1,j1\nking::::e1").unwrap();
/// assert_eq!(canonical(&definition.board), "r3k4r/91/91/91/91/91/91/R3K4R");
/// assert_eq!(definition.look.size, Some(35));
/// let bad = read_definition("files=10 knight:N:::b1,z1").unwrap_err();
/// assert_eq!(bad.to_string(), "column 24: \"z1\" is not a square of this 10×8 board");
/// ```
pub fn read_definition(input: &str) -> Result<Definition, ParseError> {
    if input.len() > MAX_DEFINITION_LEN {
        return Err(ParseError::new(
            1,
            ParseErrorKind::Definition {
                what: format!(
                    "the definition is {} bytes long; at most {MAX_DEFINITION_LEN} are accepted",
                    input.len()
                ),
            },
        ));
    }
    hgm::read(input)
}
