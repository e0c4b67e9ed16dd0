//! What links in the wild do to an FFEN before any reader sees it: percent-encoding applied more than once.
//!
//! A link pasted through two encoders (a forum that escapes what a CMS escaped already) arrives with its value
//! still percent-encoded after the one decoding every query value gets: `%252F` becomes `%2F`, not `/`. The rule
//! here undoes that, and only that: a value is decoded again only when it does not read as it is, and a further
//! decoding is taken only when it reads. "Reads" means [`parse`] accepts it in the link's dialect; a test of the
//! characters alone would not do, because `%` is itself notation in one dialect (an empty square in Bodlaender's:
//! `%2F4` there is eight squares, one of them a piece `f`, and must stay so).

use super::dialect::{parse, read_definition, Dialect};
use super::error::ParseError;
use super::hgm::Definition;
use crate::notation::board::Board;
use std::borrow::Cow;

/// How many decodings are tried after the one every query value gets.
pub const MAX_EXTRA_DECODINGS: usize = 2;

/// Reads a link's FFEN value in `dialect`, undoing percent-encoding applied two or three times (`%252F`, `%2527`).
///
/// `value` is the value as the query gave it, decoded once (as every query value is). It is read as it is; only if
/// that fails and it holds `%XX` escapes is it decoded again (`%XX` and `+` as a space, as in any query), at most
/// [`MAX_EXTRA_DECODINGS`] times, and the first decoding that reads in `dialect` is taken. If none does, the error
/// is the one of `value` itself, so its column counts characters of the text the link carried.
///
/// A value that reads is never decoded: this can only turn a `400` into a diagram, never change a diagram.
///
/// ```
/// use ffen_diagram::ffen::{parse, parse_link, Dialect};
///
/// let meant = parse("4k3/8/4K3", Dialect::Janko).unwrap();
/// assert_eq!(parse_link("4k3%2F8%2F4K3", Dialect::Janko), Ok(meant.clone())); // the link had %252F
/// assert_eq!(parse_link("4k3%252F8%252F4K3", Dialect::Janko), Ok(meant)); // three encoders: %25252F
/// // '%' is an empty square in Bodlaender's dialect: this value reads as it is and is not decoded.
/// assert_eq!(parse_link("%2F4", Dialect::Bodlaender), parse("%2F4", Dialect::Bodlaender));
/// // Nothing reads: the error of the value as it came, at its column.
/// assert_eq!(parse_link("8%2F3z4", Dialect::Janko).unwrap_err().column, 2);
/// ```
pub fn parse_link(value: &str, dialect: Dialect) -> Result<Board, ParseError> {
    read_link(value, dialect).1
}

/// The text [`parse_link`] reads: `value` itself when it reads in `dialect` (or when no further decoding does),
/// otherwise its first further decoding that reads.
///
/// ```
/// use ffen_diagram::ffen::{undo_double_encoding, Dialect};
///
/// assert_eq!(undo_double_encoding("%2527a%2B%2B", Dialect::Janko), "'a  "); // %25252527a: three encoders
/// assert_eq!(undo_double_encoding("4k3/8/4K3", Dialect::Janko), "4k3/8/4K3");
/// assert_eq!(undo_double_encoding("K%00k", Dialect::Janko), "K%00k"); // K, a control character, k: never reads
/// assert_eq!(undo_double_encoding("%2F4", Dialect::Bodlaender), "%2F4"); // reads as it is
/// ```
pub fn undo_double_encoding(value: &str, dialect: Dialect) -> Cow<'_, str> {
    read_link(value, dialect).0
}

/// The text taken and what it reads as (see [`parse_link`]).
fn read_link(value: &str, dialect: Dialect) -> (Cow<'_, str>, Result<Board, ParseError>) {
    read_link_with(value, |text| parse(text, dialect))
}

/// An Interactive Diagram definition from a link's value (`dialect=hgm`), decoded again as [`parse_link`]
/// decodes an FFEN: the definition is read once, its board and its look together.
///
/// ```
/// use ffen_diagram::ffen::read_definition_link;
/// let definition = read_definition_link("files=10%0Aking::::e1").unwrap();
/// assert_eq!((definition.board.width(), definition.look.size), (10, None));
/// ```
pub fn read_definition_link(value: &str) -> Result<Definition, ParseError> {
    read_link_with(value, read_definition).1
}

/// The first of `value` and its further decodings that `read` accepts, and what it reads as; `value` and its
/// error when none does.
fn read_link_with<T>(
    value: &str,
    read: impl Fn(&str) -> Result<T, ParseError>,
) -> (Cow<'_, str>, Result<T, ParseError>) {
    let as_given = read(value);
    if as_given.is_ok() {
        return (Cow::Borrowed(value), as_given);
    }
    let mut current = Cow::Borrowed(value);
    for _ in 0..MAX_EXTRA_DECODINGS {
        let Some(decoded) = decode_once(&current) else {
            break;
        };
        if let Ok(read) = read(&decoded) {
            return (Cow::Owned(decoded), Ok(read));
        }
        current = Cow::Owned(decoded);
    }
    (Cow::Borrowed(value), as_given)
}

/// `value` with its `%XX` escapes decoded and `+` as a space, if it has at least one escape and the result is UTF-8.
fn decode_once(value: &str) -> Option<String> {
    if !has_escape(value) {
        return None;
    }
    String::from_utf8(percent_decode(value)).ok()
}

/// Whether `value` holds a `%` followed by two hex digits.
fn has_escape(value: &str) -> bool {
    value.as_bytes().windows(3).any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// The bytes of a query component: `%XX` (two hex digits) decoded, `+` a space, everything else as it is (a `%`
/// without two hex digits too). Total: any text gives bytes.
pub(crate) fn percent_decode(value: &str) -> Vec<u8> {
    let bytes = value.as_bytes();
    let hex = |b: u8| char::from(b).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', high, low]) => hex(*high).zip(hex(*low)).map(|(h, l)| (h * 16 + l) as u8),
            _ => None,
        };
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{canonical, Width};

    fn read(value: &str, dialect: Dialect) -> String {
        match parse_link(value, dialect) {
            Ok(board) => canonical(&board),
            Err(e) => panic!("{value:?} in {dialect:?}: {e}"),
        }
    }

    #[test]
    fn links_encoded_twice_or_three_times_are_decoded() {
        // What the query decoding hands over after its one decoding, and what the link meant.
        let cases = [
            (
                "rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            ),
            ("%27a%2A1Q", "'a*1Q"),
            ("4k3%2F8+w+-+-+0+1", "4k3/8 w - - 0 1"),
            ("8%252F%2527a", "8/'a"),
            ("%E2%80%9923", "\u{2019}23"),
        ];
        for (value, meant) in cases {
            assert_eq!(undo_double_encoding(value, Dialect::Janko), meant, "{value}");
            assert_eq!(read(value, Dialect::Janko), read(meant, Dialect::Janko), "{value}");
        }
    }

    #[test]
    fn every_dialect_gets_the_rule() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let cases = [
            ("rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR", Dialect::Bodlaender),
            ("rnbqkbnr%2Fpppppppp%2F%2A%2A%2A%2A%2FPPPPPPPP%2FRNBQKBNR", Dialect::courier()),
            ("rsbqkbsr%252Fpppppppp%252F8%252F8%252F8%252F8%252FPPPPPPPP%252FRSBQKBSR", Dialect::Xfen),
        ];
        for (value, dialect) in cases {
            assert_eq!(read(value, dialect), start, "{value} in {dialect:?}");
        }
        // Game Courier at width 4: '%2F' is the '/' that pads a rank with holes.
        let narrow = Dialect::Courier { width: Width::new(4).unwrap() };
        assert_eq!(read("K%2Fk", narrow), "K[-][-][-]/k[-][-][-]");
        // XFEN's neutral and bordered tokens, encoded twice.
        assert_eq!(read("%2528B%2521S2%25297%252F8/8/8/8/8/8/8", Dialect::Xfen), "[]-*2n7/8/8/8/8/8/8/8");
    }

    #[test]
    fn a_value_that_reads_is_never_decoded() {
        // Bodlaender (after Kurnia) reads any unknown ASCII symbol as an empty square, so '%' is notation there:
        // "%2F4" is one empty square, two, a white piece f and four.
        let b = Dialect::Bodlaender;
        assert_eq!(undo_double_encoding("%2F4", b), "%2F4");
        assert_eq!(read("%2F4", b), "3[f:w]4");
        assert_eq!(read("4%2F4", Dialect::Janko), read("4/4", Dialect::Janko));
        for value in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "4k3/8 w - - 0 1"] {
            for dialect in [Dialect::Janko, Dialect::Bodlaender, Dialect::courier()] {
                assert_eq!(undo_double_encoding(value, dialect), value, "{value:?}");
            }
        }
    }

    #[test]
    fn values_that_never_read_keep_their_own_error() {
        for value in [
            "100%",       // a lone '%' is no escape
            "%zz",        // neither is '%' without two hex digits
            "8%00",       // a NUL is no notation
            "%FF",        // not UTF-8
            "%2525252F8", // would need a third decoding more
            "%E2%98%83",  // a snowman is no notation
            "8%2F3z4",    // decodes, but 'z' is no piece either way
            "",           // nothing at all
        ] {
            assert_eq!(undo_double_encoding(value, Dialect::Janko), value, "{value:?}");
            assert_eq!(parse_link(value, Dialect::Janko), parse(value, Dialect::Janko), "{value:?}");
        }
        // The second extra decoding gives notation: three encoders.
        assert_eq!(undo_double_encoding("%252F8", Dialect::Janko), "/8");
        // The first decoding that reads is taken: "%2541" is "%41" after one more (no board), "A" after two (no
        // janko piece either), so it keeps its own error; in Game Courier "A" reads.
        assert!(parse_link("%2541", Dialect::Janko).is_err());
        assert_eq!(undo_double_encoding("%2541", Dialect::courier()), "A");
    }

    #[test]
    fn percent_decode_is_total() {
        assert_eq!(percent_decode("a+b%2B%2f%zz%4"), b"a b+/%zz%4");
        assert_eq!(percent_decode("%FF%00"), [0xff, 0]);
        assert_eq!(percent_decode(""), b"");
        assert!(!has_escape("%4") && !has_escape("%g0") && has_escape("x%aFy"));
    }
}
