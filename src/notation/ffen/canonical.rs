//! The canonical FFEN printer: one string per distinct diagram, the cache key's main part.

use crate::notation::board::{Board, Cell, Checkering, Color, Piece, PieceKind, Rotation, Text};
use std::fmt::Write as _;

/// The canonical FFEN of `board`: the cache key's main part.
///
/// A janko string whenever janko can express the board (neutral as `-` + lower case, `-*2r` order, empty runs as
/// single digits with runs of ten or more written as `9` plus the rest, ranks always complete), with the bracketed
/// extension for holes, named pieces, extra colours, other texts, bordered squares and board options. The janko
/// reader reads it back as the same board.
///
/// ```
/// use ffen_diagram::ffen::{self, Dialect};
///
/// let board = ffen::parse("{W}(Grasshopper)(nightrider2)6", Dialect::Bodlaender).unwrap();
/// let text = ffen::canonical(&board);
/// assert_eq!(text, "{W}[grasshopper:w][nightrider:n]6");
/// assert_eq!(ffen::parse(&text, Dialect::Janko).unwrap(), board);
/// ```
pub fn canonical(board: &Board) -> String {
    let mut out = String::with_capacity(board.width() * board.height() + board.height());
    match board.checkering {
        Checkering::DarkLowerLeft => {}
        Checkering::LightLowerLeft => out.push_str("{W}"),
        Checkering::Uncheckered => out.push_str("{U}"),
    }
    for (y, rank) in board.rows().enumerate() {
        if y > 0 {
            out.push('/');
        }
        let mut empties = 0;
        for (x, cell) in rank.iter().enumerate() {
            let bordered = board.is_bordered(x, y);
            if *cell == Cell::Empty && !bordered {
                empties += 1;
                continue;
            }
            push_empties(&mut out, empties);
            empties = 0;
            if bordered {
                // "[]" borders the square after it; a bordered empty square starts the run it belongs to.
                out.push_str("[]");
            }
            if *cell == Cell::Empty {
                empties = 1;
            } else {
                push_cell(&mut out, cell);
            }
        }
        push_empties(&mut out, empties);
    }
    // A single rank without a '/' would be read as 8 files wide if it held more than eight squares.
    if board.height() == 1 && board.width() > 8 {
        out.push('/');
    }
    out
}

fn push_empties(out: &mut String, mut run: usize) {
    while run > 9 {
        out.push('9');
        run -= 9;
    }
    if run > 0 {
        out.push(char::from(b'0' + run as u8));
    }
}

fn push_rotation(out: &mut String, rotation: Rotation) {
    if rotation.quarter_turns() != 0 {
        let _ = write!(out, "*{}", rotation.quarter_turns());
    }
}

fn push_cell(out: &mut String, cell: &Cell) {
    match cell {
        Cell::Empty => out.push('1'),
        Cell::Hole => out.push_str("[-]"),
        Cell::Text(text) => push_text(out, text),
        Cell::Piece(piece) => push_piece(out, piece),
    }
}

fn push_text(out: &mut String, text: &Text) {
    push_rotation(out, text.rotation);
    let s = text.as_str();
    let bytes = s.as_bytes();
    if bytes.len() == 1 {
        out.push('\'');
        out.push_str(s);
    } else if bytes.iter().all(u8::is_ascii_digit) {
        out.push_str("''");
        out.push_str(s);
    } else {
        let _ = write!(out, "['{s}]");
    }
}

fn push_piece(out: &mut String, piece: &Piece) {
    let letter = match &piece.kind {
        PieceKind::Figure(figure) => figure.letter(),
        PieceKind::Marker(marker) => marker.letter(),
        PieceKind::Named(name) => {
            push_rotation(out, piece.rotation);
            let _ = write!(out, "[{}:{}]", name.as_str(), piece.color.code());
            return;
        }
    };
    match piece.color {
        Color::Extra(extra) => {
            push_rotation(out, piece.rotation);
            let _ = write!(out, "[{letter}:{}]", extra.digit());
        }
        Color::White => {
            push_rotation(out, piece.rotation);
            out.push(letter);
        }
        Color::Black | Color::Neutral => {
            if piece.color == Color::Neutral {
                out.push('-');
            }
            push_rotation(out, piece.rotation);
            out.push(letter.to_ascii_lowercase());
        }
    }
}
