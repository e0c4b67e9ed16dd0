//! The grammars the declarations share: switches, colours, labels, text, styles and marks, read and written back,
//! and the errors that name their parameter.

use crate::notation::paint::{Paint, PAINT_EXPECTED};
use crate::options::error::OptionError;
use crate::options::furniture::{Marks, TextLines};
use crate::options::look::{BadSquareColors, Labels, SquareColors};
use crate::pixels::Rgb;

const BOOL_EXPECTED: &str = "1, true, yes, on or empty for on; 0, false, no or off for off";
const FILL_EXPECTED: &str = "a colour: RRGGBB hex (with or without #) or a CSS colour name; empty for none";

/// The error of a bad `value` for `parameter`.
pub(crate) fn bad(
    parameter: &'static str,
    value: &str,
    expected: impl Into<std::borrow::Cow<'static, str>>,
) -> OptionError {
    OptionError::new(parameter, value, expected)
}

/// A switch: `1`, `true`, `yes`, `on` or empty for on, `0`, `false`, `no`, `off` for off, any case, trimmed.
pub(crate) fn switch(parameter: &'static str, value: &str) -> Result<bool, OptionError> {
    let value = value.trim();
    match value.to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(bad(parameter, value, BOOL_EXPECTED)),
    }
}

/// A switch as the modern link writes it: `1` when on, omitted when off.
pub(crate) fn on(value: bool) -> Option<String> {
    value.then(|| "1".to_string())
}

/// A colour that may be `transparent` (`light`, `dark`, `rim`, `hole`), trimmed.
pub(crate) fn paint(parameter: &'static str, value: &str) -> Result<Paint, OptionError> {
    let value = value.trim();
    value.parse().map_err(|_| bad(parameter, value, PAINT_EXPECTED))
}

/// Whether a colour is `transparent` (which the palette painter does not draw).
pub(crate) fn see_through(paint: Option<Paint>) -> bool {
    paint == Some(Paint::Transparent)
}

/// A `colors` value; a bad colour is named as the value.
pub(crate) fn square_colors(value: &str) -> Result<SquareColors, OptionError> {
    value.parse().map_err(|e| match e {
        BadSquareColors::Colour(i) => {
            let word = value.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).nth(i - 1);
            bad("colors", word.unwrap_or(value), format!("{e}"))
        }
        other => bad("colors", value, format!("{other}")),
    })
}

/// A colour that may not be `transparent` (`white_fill`, `black_fill`, `squares_color`), trimmed; `None` for an
/// empty value and for `same`, the colour that draws what no value draws (a white piece filled white is the white
/// piece, and a black piece filled black is taken as the black piece, whose white inner lines a black fill would
/// hide): one key for one picture.
pub(crate) fn fill(parameter: &'static str, value: &str, same: Option<Rgb>) -> Result<Option<Rgb>, OptionError> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    let colour =
        value.parse::<Paint>().ok().and_then(Paint::solid).ok_or_else(|| bad(parameter, value, FILL_EXPECTED))?;
    Ok((Some(colour) != same).then_some(colour))
}

/// `files` or `ranks`, untrimmed.
pub(crate) fn labels(parameter: &'static str, value: &str) -> Result<Labels, OptionError> {
    value.parse().map_err(|e| bad(parameter, value, format!("{e}")))
}

/// A title or caption as the modern link writes it: its lines joined by `|`.
pub(crate) fn text_link(text: &TextLines) -> Option<String> {
    (!text.is_empty()).then(|| text.lines().join("|"))
}

/// A title or caption's key segment: `name=` and its lines, percent-encoded where they hold a separator.
pub(crate) fn text_key(name: &str, text: &TextLines) -> Option<String> {
    (!text.is_empty()).then(|| format!("{name}={}", text.canonical()))
}

/// A style as the link and the key write it: its name, or `None` at the default (omitted).
pub(crate) fn style<S: Default + PartialEq>(style: S, name: fn(S) -> &'static str) -> Option<String> {
    (style != S::default()).then(|| name(style).to_string())
}

/// A list of marks as the link and the key write it (`c3,Rd5,Ge4`), or `None` for none.
pub(crate) fn marks<K: Ord + Copy + std::fmt::Display>(marks: &Marks<K>) -> Option<String> {
    (!marks.is_empty()).then(|| marks.text())
}
