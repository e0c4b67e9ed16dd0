//! Hans Bodlaender's FFEN 0.02, with the lenient rules of Andy Kurnia's implementation notes.

use super::{assemble, board_option, figure_for, named_piece, Ch, ParseError, ParseErrorKind};
use crate::board::{Board, Cell, Color, FairyName, Piece, PieceKind, Rotation, MAX_BOARD_SIDE};

/// Reads prepared Bodlaender-dialect input.
pub(super) fn parse(chars: &[Ch]) -> Result<Board, ParseError> {
    let end_column = chars.last().map_or(1, |ch| ch.column + 1);
    let (checkering, rest) = board_option(chars)?;
    let mut ranks: Vec<(Vec<Cell>, usize)> = vec![(Vec::new(), rest.first().map_or(end_column, |ch| ch.column))];
    let mut pos = 0;
    while let Some(&ch) = rest.get(pos) {
        pos += 1;
        let cells = match ch.c {
            '/' => {
                ranks.push((Vec::new(), rest.get(pos).map_or(ch.column + 1, |next| next.column)));
                continue;
            }
            '0'..='9' => {
                // Runs are whole numbers; leading zeros are ignored (Kurnia: 007 is 7, 010 is 10).
                let mut run = ch.c.to_digit(10).map_or(0, |d| d as usize);
                while let Some(d) = rest.get(pos).and_then(|next| next.c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(d as usize);
                    pos += 1;
                }
                Run::Empty(run)
            }
            '-' => Run::One(Cell::Hole),
            '(' => {
                let close = rest[pos..].iter().position(|next| next.c == ')').map(|p| pos + p);
                let Some(close) = close else {
                    return Err(ParseError::new(
                        rest.last().map_or(end_column, |last| last.column + 1),
                        ParseErrorKind::UnexpectedEnd { expected: "')' closing the piece name" },
                    ));
                };
                let inside = &rest[pos..close];
                pos = close + 1;
                match bracketed(inside)? {
                    Some(cell) => Run::One(cell),
                    None => continue, // "()" is ignored.
                }
            }
            '{' => return Err(ParseError::new(ch.column, ParseErrorKind::BadOption)),
            c if c.is_ascii_alphabetic() => Run::One(Cell::Piece(letter_piece(c, color_of_case(c)))),
            // Kurnia: '@' or any other unknown symbol is a vacant square.
            c if c.is_ascii_graphic() => Run::Empty(1),
            c => {
                return Err(ParseError::new(
                    ch.column,
                    ParseErrorKind::Unexpected { found: c, expected: "a piece letter, a number, '-', '(' or '/'" },
                ))
            }
        };
        let Some((rank, _)) = ranks.last_mut() else {
            continue;
        };
        let width = match &cells {
            Run::Empty(run) => rank.len().saturating_add(*run),
            Run::One(_) => rank.len() + 1,
        };
        if width > MAX_BOARD_SIDE {
            return Err(ParseError::new(ch.column, ParseErrorKind::TooWide { width }));
        }
        match cells {
            Run::Empty(_) => rank.resize(width, Cell::Empty),
            Run::One(cell) => rank.push(cell),
        }
    }
    if ranks.len() > 1 && ranks.last().is_some_and(|(rank, _)| rank.is_empty()) {
        ranks.pop();
    }
    assemble(ranks, checkering, end_column)
}

enum Run {
    Empty(usize),
    One(Cell),
}

fn color_of_case(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// A one-letter piece: K Q R B N P are orthodox, every other letter a fairy piece named by that letter.
fn letter_piece(c: char, color: Color) -> Piece {
    let kind = match figure_for(c) {
        Some(figure) => PieceKind::Figure(figure),
        None => match FairyName::new(c.encode_utf8(&mut [0; 4])) {
            Some(name) => PieceKind::Named(name),
            None => PieceKind::Figure(crate::board::Figure::Pawn), // unreachable: c is an ASCII letter
        },
    };
    Piece { kind, color, rotation: Rotation::NONE }
}

/// The inside of `( … )`: nothing (ignored), `-` (missing square), a name (colour by its first letter's case), or a
/// name followed by one colour digit 0–6.
fn bracketed(inside: &[Ch]) -> Result<Option<Cell>, ParseError> {
    let Some(first) = inside.first() else {
        return Ok(None);
    };
    if inside.len() == 1 && first.c == '-' {
        return Ok(Some(Cell::Hole));
    }
    let letters = inside.iter().take_while(|ch| ch.c.is_ascii_alphabetic()).count();
    if letters == 0 {
        return Err(ParseError::new(
            first.column,
            ParseErrorKind::Unexpected { found: first.c, expected: "a piece name (letters) or '-' after '('" },
        ));
    }
    let name: String = inside[..letters].iter().map(|ch| ch.c).collect();
    let color = match &inside[letters..] {
        [] => color_of_case(first.c),
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
    let piece = if letters == 1 {
        letter_piece(first.c, color)
    } else {
        named_piece(&name, color, Rotation::NONE).ok_or(ParseError::new(first.column, ParseErrorKind::BadName))?
    };
    Ok(Some(Cell::Piece(piece)))
}
