//! Hans Bodlaender's FFEN 0.02, with the lenient rules of Andy Kurnia's implementation notes.

use super::error::{ParseError, ParseErrorKind};
use super::grid::{Builder, Ranks};
use super::input::{board_option, end_column, is_name_char, piece_kind_from_name, Ch, Cursor};
use crate::notation::board::{Board, Cell, Color, Piece, PieceKind, Rotation};

/// Reads prepared Bodlaender-dialect input.
pub(super) fn parse(chars: &[Ch]) -> Result<Board, ParseError> {
    let end_column = end_column(chars);
    let (checkering, rest) = board_option(chars)?;
    let mut board = Ranks::new(rest.first().map_or(end_column, |ch| ch.column));
    let mut input = Cursor::new(rest);
    while let Some(ch) = input.next() {
        match ch.c {
            '/' => board.end_rank(input.peek().map_or(ch.column + 1, |next| next.column))?,
            // Runs are whole numbers; leading zeros are ignored (Kurnia: 007 is 7, 010 is 10).
            '0'..='9' => board.push_empty(input.number(ch), ch.column)?,
            '-' => board.push(Cell::Hole, ch.column)?,
            '(' => {
                let inside = input.parenthesised("')' closing the piece name")?;
                if let Some(cell) = bracketed(inside)? {
                    board.push(cell, ch.column)?;
                } // "()" is ignored.
            }
            '{' => return Err(ParseError::new(ch.column, ParseErrorKind::BadOption)),
            // Not a vacant square as other unknown symbols: `[name:colour]` is the janko dialect's named piece, and
            // read here it would make every letter of the name a piece. The message names both spellings.
            '[' => {
                return Err(ParseError::new(
                    ch.column,
                    ParseErrorKind::Unexpected {
                        found: '[',
                        expected: "a piece letter, a number, '-', '(' or '/' ([grasshopper:b] is the janko \
                                   dialect's spelling; Bodlaender's is (grasshopper1))",
                    },
                ))
            }
            c => match PieceKind::from_letter_or_fairy(c) {
                Some(kind) => board.push(piece(kind, Color::from_case(c)), ch.column)?,
                // Kurnia: '@' or any other unknown symbol is a vacant square.
                None if c.is_ascii_graphic() => board.push_empty(1, ch.column)?,
                None => {
                    return Err(ParseError::new(
                        ch.column,
                        ParseErrorKind::Unexpected { found: c, expected: "a piece letter, a number, '-', '(' or '/'" },
                    ))
                }
            },
        }
    }
    board.finish(checkering, end_column)
}

fn piece(kind: PieceKind, color: Color) -> Cell {
    Cell::Piece(Piece { kind, color, rotation: Rotation::NONE })
}

/// The inside of `( … )`: nothing (ignored), `-` (missing square), a name (colour by its first letter's case), or a
/// name followed by one colour digit 0–6. Names may join letters with `-` or `_` (`rook-hopper`).
fn bracketed(inside: &[Ch]) -> Result<Option<Cell>, ParseError> {
    let Some(first) = inside.first() else {
        return Ok(None);
    };
    if let [only] = inside {
        if only.c == '-' {
            return Ok(Some(Cell::Hole));
        }
    }
    let name_len = inside.iter().take_while(|ch| is_name_char(ch.c)).count();
    if name_len == 0 {
        return Err(ParseError::new(
            first.column,
            ParseErrorKind::Unexpected { found: first.c, expected: "a piece name (letters) or '-' after '('" },
        ));
    }
    let name = &inside[..name_len];
    let color = match &inside[name_len..] {
        [] => Color::from_case(first.c),
        [digit] => match digit.c.to_digit(10).and_then(Color::from_digit) {
            Some(color) => color,
            None => return Err(ParseError::new(digit.column, ParseErrorKind::BadColor { found: digit.c })),
        },
        [_, extra, ..] => {
            return Err(ParseError::new(
                extra.column,
                ParseErrorKind::Unexpected { found: extra.c, expected: "')' after one colour digit" },
            ))
        }
    };
    let kind = match name {
        [single] => PieceKind::from_letter_or_fairy(single.c),
        _ => None,
    };
    let kind = match kind {
        Some(kind) => kind,
        None => piece_kind_from_name(name)?,
    };
    Ok(Some(piece(kind, color)))
}
