//! A small, strict JSON reader (RFC 8259) for request bodies: objects, arrays, strings with every escape (`\u`
//! with surrogate pairs), numbers, `true`, `false` and `null`, nested at most [`MAX_DEPTH`] deep. Anything else is
//! an error naming the byte where reading stopped. The Worker's wasm cannot afford `serde_json` with derived
//! readers; a body is read into a [`Json`] tree and its fields taken from it by hand (`game.rs`).
//!
//! Numbers are kept as their text (checked against the grammar): the one number read (a delay) is a whole number,
//! and turning every number into a float would link the float parser for nothing.

use std::fmt;

/// The deepest nesting of arrays and objects read (a lila-gif body nests four deep).
pub const MAX_DEPTH: usize = 32;

/// A JSON value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string, unescaped.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object's members, in order (a name may repeat: the reader of the fields decides).
    Object(Vec<(String, Json)>),
}

/// Why a body is not JSON: what was wrong, and at which byte (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// What was found or missing.
    pub what: &'static str,
    /// The byte where reading stopped.
    pub at: usize,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.what, self.at)
    }
}

impl std::error::Error for JsonError {}

/// Reads `bytes` as one JSON value, with nothing but whitespace around it.
///
/// ```
/// use ffen_diagram::http::{json, Json};
/// assert_eq!(json(br#" {"a": [1, "\u00e9\ud83d\ude00"]} "#), Ok(Json::Object(vec![(
///     "a".into(),
///     Json::Array(vec![Json::Number("1".into()), Json::Str("é😀".into())]),
/// )])));
/// assert_eq!(json(b"[1,]").unwrap_err().to_string(), "unexpected character at byte 3");
/// ```
pub fn json(bytes: &[u8]) -> Result<Json, JsonError> {
    if let Err(e) = std::str::from_utf8(bytes) {
        return Err(JsonError { what: "invalid UTF-8", at: e.valid_up_to() });
    }
    let mut reader = Reader { bytes, at: 0 };
    let value = reader.value(0)?;
    reader.space();
    match reader.at < bytes.len() {
        true => Err(reader.error("unexpected character after the value")),
        false => Ok(value),
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &'static str) -> JsonError {
        JsonError { what, at: self.at }
    }

    /// The next byte (after whitespace), not taken; `None` at the end.
    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Takes `byte` (after whitespace), or fails there.
    fn expect(&mut self, byte: u8) -> Result<(), JsonError> {
        match self.peek() {
            Some(b) if b == byte => {
                self.at += 1;
                Ok(())
            }
            Some(_) => Err(self.error("unexpected character")),
            None => Err(self.error("unexpected end")),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, JsonError> {
        let Some(first) = self.peek() else { return Err(self.error("unexpected end")) };
        if matches!(first, b'[' | b'{') && depth >= MAX_DEPTH {
            return Err(self.error("nested too deep"));
        }
        match first {
            b'{' => self.members(depth + 1),
            b'[' => self.list(b']', |reader| reader.value(depth + 1)).map(Json::Array),
            b'"' => self.string().map(Json::Str),
            b'-' | b'0'..=b'9' => self.number(),
            _ => {
                let (word, value): (&[u8], _) = match first {
                    b't' => (b"true", Json::Bool(true)),
                    b'f' => (b"false", Json::Bool(false)),
                    _ => (b"null", Json::Null),
                };
                match self.bytes[self.at..].starts_with(word) {
                    true => {
                        self.at += word.len();
                        Ok(value)
                    }
                    false => Err(self.error("unexpected character")),
                }
            }
        }
    }

    /// An object, at its `{`.
    fn members(&mut self, depth: usize) -> Result<Json, JsonError> {
        let members = self.list(b'}', |reader| {
            if reader.peek() != Some(b'"') {
                let at_end = reader.at >= reader.bytes.len();
                return Err(reader.error(if at_end { "unexpected end" } else { "expected a name" }));
            }
            let name = reader.string()?;
            reader.expect(b':')?;
            Ok((name, reader.value(depth)?))
        })?;
        Ok(Json::Object(members))
    }

    /// The items of an array or an object, at its opening bracket: each read by `item`, separated by commas, up to
    /// `close`.
    fn list<T>(
        &mut self,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Result<T, JsonError>,
    ) -> Result<Vec<T>, JsonError> {
        self.at += 1;
        let mut items = Vec::new();
        if self.peek() == Some(close) {
            self.at += 1;
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            if self.peek() == Some(close) {
                self.at += 1;
                return Ok(items);
            }
            self.expect(b',')?;
        }
    }

    /// A string, at its opening quote.
    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let run = self.bytes[self.at..].iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20);
            let Some(run) = run else {
                self.at = self.bytes.len();
                return Err(self.error("unterminated string"));
            };
            out.extend_from_slice(&self.bytes[self.at..self.at + run]);
            self.at += run;
            match self.bytes[self.at] {
                b'"' => {
                    self.at += 1;
                    // The body was checked to be UTF-8, and escapes add whole characters.
                    return Ok(String::from_utf8(out).unwrap_or_default());
                }
                b'\\' => {
                    let c = self.escape()?;
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => return Err(self.error("control character in a string")),
            }
        }
    }

    /// An escape, at its backslash.
    fn escape(&mut self) -> Result<char, JsonError> {
        let simple = match self.bytes.get(self.at + 1) {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => return self.unicode(),
            _ => return Err(self.error("invalid escape")),
        };
        self.at += 2;
        Ok(simple)
    }

    /// A `\uXXXX` escape (two of them for a character beyond the first plane), at its backslash.
    fn unicode(&mut self) -> Result<char, JsonError> {
        let start = self.at;
        let high = self.hex()?;
        let code = match high {
            0xd800..=0xdbff if self.bytes[self.at..].starts_with(b"\\u") => match self.hex()? {
                low @ 0xdc00..=0xdfff => 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00),
                _ => 0xd800,
            },
            code => code,
        };
        char::from_u32(code).ok_or(JsonError { what: "lone surrogate in an escape", at: start })
    }

    /// The four hex digits of a `\u` escape, at its backslash.
    fn hex(&mut self) -> Result<u32, JsonError> {
        let mut code = 0;
        for i in 2..6 {
            let digit = self.bytes.get(self.at + i).and_then(|&b| char::from(b).to_digit(16));
            code = code * 16 + digit.ok_or(self.error("invalid escape"))?;
        }
        self.at += 6;
        Ok(code)
    }

    /// A number: `-`, an integer part without leading zeros, a fraction, an exponent.
    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.at;
        let digits = |r: &mut Self| {
            let n = r.bytes[r.at..].iter().take_while(|b| b.is_ascii_digit()).count();
            r.at += n;
            n
        };
        self.at += usize::from(self.bytes[self.at] == b'-');
        let leading_zero = self.bytes.get(self.at) == Some(&b'0');
        let whole = digits(self);
        let mut fine = whole > 0 && !(leading_zero && whole > 1);
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            fine &= digits(self) > 0;
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            self.at += usize::from(matches!(self.bytes.get(self.at), Some(b'+' | b'-')));
            fine &= digits(self) > 0;
        }
        match fine {
            // The bytes are ASCII digits and signs.
            true => Ok(Json::Number(String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned())),
            false => Err(self.error("invalid number")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        json(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn values_read_as_written() {
        let s = |t: &str| Json::Str(t.into());
        let n = |t: &str| Json::Number(t.into());
        assert_eq!(json(b"null"), Ok(Json::Null));
        assert_eq!(json(b" true "), Ok(Json::Bool(true)));
        assert_eq!(json(b"\t\r\nfalse"), Ok(Json::Bool(false)));
        for number in ["0", "-0", "12", "-3.25", "1e5", "1E+5", "2.5e-3"] {
            assert_eq!(json(number.as_bytes()), Ok(n(number)));
        }
        assert_eq!(json(br#""a\"\\\/\b\f\n\r\t""#), Ok(s("a\"\\/\u{8}\u{c}\n\r\t")));
        assert_eq!(json(br#""\u0041\u00e9\u20AC\ud83d\ude00""#), Ok(s("Aé€😀")));
        assert_eq!(json("\"é😀\"".as_bytes()), Ok(s("é😀")));
        assert_eq!(json(b"[]"), Ok(Json::Array(vec![])));
        assert_eq!(json(b"{}"), Ok(Json::Object(vec![])));
        assert_eq!(
            json(br#"{"a":{"b":[null,1]},"a":2}"#),
            Ok(Json::Object(vec![
                ("a".into(), Json::Object(vec![("b".into(), Json::Array(vec![Json::Null, n("1")]))])),
                ("a".into(), n("2")),
            ]))
        );
    }

    #[test]
    fn anything_else_names_its_byte() {
        let cases = [
            ("", "unexpected end at byte 0"),
            ("   ", "unexpected end at byte 3"),
            ("[1,]", "unexpected character at byte 3"),
            ("[1 2]", "unexpected character at byte 3"),
            ("{\"a\" 1}", "unexpected character at byte 5"),
            ("{\"a\":1,}", "expected a name at byte 7"),
            ("{a:1}", "expected a name at byte 1"),
            ("{\"a\":1", "unexpected end at byte 6"),
            ("[1", "unexpected end at byte 2"),
            ("\"abc", "unterminated string at byte 4"),
            ("\"a\nb\"", "control character in a string at byte 2"),
            ("\"\\x\"", "invalid escape at byte 1"),
            ("\"\\u12g4\"", "invalid escape at byte 1"),
            ("\"\\u12", "invalid escape at byte 1"),
            ("\"\\ud83d\"", "lone surrogate in an escape at byte 1"),
            ("\"\\ude00\"", "lone surrogate in an escape at byte 1"),
            ("\"\\ud83d\\u0041\"", "lone surrogate in an escape at byte 1"),
            ("01", "invalid number at byte 2"),
            ("-", "invalid number at byte 1"),
            ("1.", "invalid number at byte 2"),
            ("1e", "invalid number at byte 2"),
            ("+1", "unexpected character at byte 0"),
            ("tru", "unexpected character at byte 0"),
            ("nul", "unexpected character at byte 0"),
            ("1 2", "unexpected character after the value at byte 2"),
            ("{} x", "unexpected character after the value at byte 3"),
        ];
        for (text, want) in cases {
            assert_eq!(err(text), want, "{text:?}");
        }
        assert_eq!(json(b"\"\xff\"").unwrap_err().to_string(), "invalid UTF-8 at byte 1");
    }

    #[test]
    fn nesting_is_limited() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(json(deep(MAX_DEPTH).as_bytes()).is_ok());
        assert_eq!(err(&deep(MAX_DEPTH + 1)), format!("nested too deep at byte {MAX_DEPTH}"));
        let objects = format!("{}1{}", "{\"a\":".repeat(MAX_DEPTH + 1), "}".repeat(MAX_DEPTH + 1));
        assert!(err(&objects).starts_with("nested too deep"));
        // A body of brackets only, far deeper: refused, not a stack overflow.
        assert!(err(&"[".repeat(100_000)).starts_with("nested too deep"));
    }
}
