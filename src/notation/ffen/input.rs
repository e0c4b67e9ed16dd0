//! What the readers share before a board is built: the lenient clean-up of the input, the `{W}`/`{U}` board option
//! and piece names.

use super::error::{ParseError, ParseErrorKind};
use crate::notation::board::{Checkering, NameError, PieceKind};

/// One input character with its 1-based column in the original input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ch {
    pub(super) c: char,
    pub(super) column: usize,
}

/// The column just after the last character: where "found the end" errors point.
pub(super) fn end_column(chars: &[Ch]) -> usize {
    chars.last().map_or(1, |ch| ch.column + 1)
}

/// The lenient clean-up all dialects share, keeping each character's original column:
/// typographic quotes become `'` / `"`; white space next to a `/` is dropped (wrapped links), other white space ends
/// the board (FEN fields such as `w - - 0 1` follow it); then a trailing `.png` / `.gif` is dropped.
pub(super) fn prepare(input: &str) -> Vec<Ch> {
    let all: Vec<Ch> = input
        .chars()
        .enumerate()
        .map(|(i, c)| Ch {
            c: match c {
                '\u{2019}' | '\u{2018}' | '\u{00B4}' | '`' | '\u{2032}' => '\'',
                '\u{201C}' | '\u{201D}' | '\u{2033}' => '"',
                c => c,
            },
            column: i + 1,
        })
        .collect();
    let mut kept: Vec<Ch> = Vec::with_capacity(all.len());
    let mut i = 0;
    while i < all.len() {
        if !all[i].c.is_whitespace() {
            kept.push(all[i]);
            i += 1;
            continue;
        }
        let gap_end = all[i..].iter().position(|ch| !ch.c.is_whitespace()).map_or(all.len(), |p| i + p);
        let after_slash = kept.last().is_some_and(|ch| ch.c == '/');
        let before_slash = all.get(gap_end).is_some_and(|ch| ch.c == '/');
        if kept.is_empty() || after_slash || before_slash {
            i = gap_end;
        } else {
            break;
        }
    }
    if kept.len() >= 4 {
        let tail: String = kept[kept.len() - 4..].iter().map(|ch| ch.c.to_ascii_lowercase()).collect();
        if tail == ".png" || tail == ".gif" {
            kept.truncate(kept.len() - 4);
        }
    }
    kept
}

/// Reads a leading `{W}` / `{U}` board option (either case); returns the checkering and the rest.
pub(super) fn board_option(chars: &[Ch]) -> Result<(Checkering, &[Ch]), ParseError> {
    if chars.first().map(|ch| ch.c) != Some('{') {
        return Ok((Checkering::DarkLowerLeft, chars));
    }
    let checkering = match chars.get(1).map(|ch| ch.c.to_ascii_uppercase()) {
        Some('W') => Checkering::LightLowerLeft,
        Some('U') => Checkering::Uncheckered,
        _ => return Err(ParseError::new(chars[0].column, ParseErrorKind::BadOption)),
    };
    match chars.get(2) {
        Some(ch) if ch.c == '}' => Ok((checkering, &chars[3..])),
        Some(ch) => Err(ParseError::new(
            ch.column,
            ParseErrorKind::Unexpected { found: ch.c, expected: "'}' closing the board option" },
        )),
        None => Err(ParseError::new(
            chars[1].column + 1,
            ParseErrorKind::UnexpectedEnd { expected: "'}' closing the board option" },
        )),
    }
}

/// Whether `c` can stand in a piece name as written: an ASCII letter, or a separator `-` / `_` (`rook-hopper`).
pub(super) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '-' || c == '_'
}

/// The piece a name written at `name` gives (an orthodox name the figure), or the error at the offending column.
pub(super) fn piece_kind_from_name(name: &[Ch]) -> Result<PieceKind, ParseError> {
    let text: String = name.iter().map(|ch| ch.c).collect();
    PieceKind::from_name(&text).map_err(|e| {
        let at = match e {
            NameError::Separator { index } | NameError::NotALetter { index } => name.get(index),
            NameError::Empty | NameError::TooLong { .. } | NameError::Orthodox(_) => name.first(),
        };
        ParseError::new(at.map_or(1, |ch| ch.column), ParseErrorKind::BadName(e))
    })
}

/// Reading position in prepared input, for the readers whose tokens need no look-ahead beyond a number or a
/// parenthesised group (Bodlaender, Game Courier, XFEN).
pub(super) struct Cursor<'a> {
    chars: &'a [Ch],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(chars: &'a [Ch]) -> Cursor<'a> {
        Cursor { chars, pos: 0 }
    }

    /// The next character, consumed.
    pub(super) fn next(&mut self) -> Option<Ch> {
        let ch = self.chars.get(self.pos).copied();
        self.pos += usize::from(ch.is_some());
        ch
    }

    /// The next character, not consumed.
    pub(super) fn peek(&self) -> Option<Ch> {
        self.chars.get(self.pos).copied()
    }

    /// The whole number whose first digit `first` was just consumed, consuming the rest of its digits (saturating;
    /// leading zeros count for nothing, as Kurnia's notes say: `007` is 7).
    pub(super) fn number(&mut self, first: Ch) -> usize {
        let mut value = first.c.to_digit(10).map_or(0, |d| d as usize);
        while let Some(d) = self.peek().and_then(|ch| ch.c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(d as usize);
            self.pos += 1;
        }
        value
    }

    /// What stands between the `(` just consumed and the next `)`, consuming both; errs at the end of the input if
    /// no `)` follows (`expected` names it).
    pub(super) fn parenthesised(&mut self, expected: &'static str) -> Result<&'a [Ch], ParseError> {
        let rest = &self.chars[self.pos..];
        let Some(len) = rest.iter().position(|ch| ch.c == ')') else {
            return Err(ParseError::new(end_column(self.chars), ParseErrorKind::UnexpectedEnd { expected }));
        };
        self.pos += len + 1;
        Ok(&rest[..len])
    }
}
