//! What links in the wild do to an FFEN before any reader sees it: percent-encoding applied more than once.

use std::borrow::Cow;

/// How many decodings are tried after the one every query value gets.
const MAX_EXTRA_DECODINGS: usize = 2;

/// The FFEN a query value meant when the link was percent-encoded twice or three times over (pasted through two
/// encoders: `%252F`, `%2527`), or the value unchanged.
///
/// Call it on a value that has been decoded once (as every query value is). While the value still holds `%XX`
/// escapes it is decoded again (`+` as a space, as in any query), at most twice more, and the first result that is
/// notation is taken: one with no escapes left, made only of visible ASCII (no `%`), spaces and the typographic
/// quotes the readers accept. A value with no escape, or one whose decodings never become notation, comes back as it
/// was, so a string that is already notation is never changed.
///
/// ```
/// use ffen_diagram::ffen::undo_double_encoding;
///
/// assert_eq!(undo_double_encoding("4k3%2F8%2F4K3"), "4k3/8/4K3"); // the link had %252F
/// assert_eq!(undo_double_encoding("%2527a%2B%2B"), "'a  "); // %25252527a: three encoders
/// assert_eq!(undo_double_encoding("4k3/8/4K3"), "4k3/8/4K3");
/// assert_eq!(undo_double_encoding("K%00k"), "K%00k"); // decodes to a control character: not notation
/// ```
pub fn undo_double_encoding(value: &str) -> Cow<'_, str> {
    let mut current = Cow::Borrowed(value);
    for _ in 0..MAX_EXTRA_DECODINGS {
        let Some(decoded) = decode_once(&current) else {
            break;
        };
        if is_notation(&decoded) {
            return Cow::Owned(decoded);
        }
        current = Cow::Owned(decoded);
    }
    Cow::Borrowed(value)
}

/// `value` with its `%XX` escapes decoded and `+` as a space, if it has at least one escape and the result is UTF-8.
fn decode_once(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let hex = |b: u8| char::from(b).to_digit(16);
    let escape_at = |i: usize| -> Option<u8> {
        match bytes.get(i..i + 3) {
            Some([b'%', high, low]) => Some((hex(*high)? * 16 + hex(*low)?) as u8),
            _ => None,
        }
    };
    if !(0..bytes.len()).any(|i| escape_at(i).is_some()) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if let Some(byte) = escape_at(i) {
            out.push(byte);
            i += 3;
        } else {
            out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Whether `s` could be meant as notation in some dialect: visible ASCII but `%`, spaces (FEN fields follow one),
/// and the typographic quotes the readers take for `'` and `"`.
fn is_notation(s: &str) -> bool {
    s.chars().all(|c| {
        (c.is_ascii_graphic() && c != '%')
            || c == ' '
            || matches!(c, '\u{2019}' | '\u{2018}' | '\u{00B4}' | '\u{2032}' | '\u{201C}' | '\u{201D}' | '\u{2033}')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_encoded_twice_or_three_times_are_decoded() {
        // What serde_urlencoded hands over after its one decoding, and what the link meant.
        let cases = [
            (
                "rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            ),
            ("%27a%2A1Q", "'a*1Q"),
            ("4k3%2F8+w+-+-+0+1", "4k3/8 w - - 0 1"),
            ("%252F%2527", "/'"),
            ("%E2%80%9923", "\u{2019}23"),
        ];
        for (value, meant) in cases {
            assert_eq!(undo_double_encoding(value), meant, "{value}");
        }
    }

    #[test]
    fn notation_and_values_that_never_become_notation_are_left_alone() {
        for value in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "4k3/8 w - - 0 1",
            "100%",      // a lone '%' is no escape
            "%zz",       // neither is '%' without two hex digits
            "%0A8",      // a line feed is no notation
            "%FF",       // not UTF-8
            "%2525252F", // would need a third decoding more
            "%E2%98%83", // a snowman is no notation
            "",
        ] {
            assert_eq!(undo_double_encoding(value), value, "{value:?}");
        }
        // Three encoders: the second extra decoding gives notation.
        assert_eq!(undo_double_encoding("%252F"), "/");
    }
}
