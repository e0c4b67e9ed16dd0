//! The moves as the cache key and the modern link write them (see `Moves::canonical`).

use crate::notation::board::{Color, PieceKind};
use crate::notation::moves::codes;
use crate::notation::moves::play::other;
use crate::notation::moves::types::{Action, Mirror, Move, Square, Transform};
use std::fmt::Write as _;

/// One line of `Moves::canonical`.
pub fn canonical_line(line: &[Move], first: Color) -> String {
    let castles = line.iter().any(|m| m.actions.iter().any(|a| matches!(a, Action::Castle { .. })));
    let (mut side, mut written) = (first, Color::White);
    let mut words = Vec::with_capacity(line.len());
    for played in line {
        if played.black_by_number {
            side = Color::Black;
        }
        let mut word = String::new();
        if castles && side == Color::Black && written == Color::White {
            // Black's move by its number (the side decides which king castles); past every move before it, so
            // that the line goes on rather than starting a variation when read back.
            let _ = write!(word, "{}...", words.len() + 1);
            written = Color::Black;
        }
        // A move of brackets only is numbered after another move of its line, which a bare bracket word would
        // join when read back (Popeye's `1.Qd1*d7 [+bRh8]`). Its number is past every move before it, so the
        // line goes on rather than starting a variation.
        let bare = played.actions.iter().all(|a| !matches!(a, Action::Step { .. } | Action::Castle { .. }));
        if bare && word.is_empty() && !words.is_empty() {
            let _ = write!(word, "{}.", words.len() + 1);
        }
        if played.actions.is_empty() {
            // An imitator's square alone: the move changes no piece.
            word.push_str("[]");
        }
        for action in &played.actions {
            write_action(&mut word, action);
        }
        words.push(word);
        side = other(side);
        written = other(written);
    }
    words.join(" ")
}

/// An action as `Moves::canonical` writes it.
fn write_action(out: &mut String, action: &Action) {
    match action {
        Action::Step { from, to, promotion } => {
            // A square of file x (the 24th, the only name that starts with an x) after another would read as a
            // capture's `x` (`d1x5`): `d1-x5` reads back.
            let dash = if to.file == usize::from(b'x' - b'a') { "-" } else { "" };
            let _ = write!(out, "{from}{dash}{to}");
            if let Some(kind) = promotion {
                out.push('=');
                write_kind(out, kind);
            }
        }
        Action::Castle { long } => out.push_str(if *long { "0-0-0" } else { "0-0" }),
        Action::San(san) => {
            let _ = write!(out, "{san}");
        }
        Action::Put { piece, square } => {
            let _ = write!(out, "[+{}", colour(piece.color));
            write_kind(out, &piece.kind);
            let _ = write!(out, "{square}]");
        }
        Action::Remove { square } => {
            let _ = write!(out, "[-{square}]");
        }
        Action::Relocate { from, to, becomes } => {
            let _ = write!(out, "[{from}->");
            if let Some(kind) = becomes {
                write_kind(out, kind);
            }
            let _ = write!(out, "{to}]");
        }
        Action::Exchange { a, b } => {
            let _ = write!(out, "[{a}<->{b}]");
        }
        Action::Recolor { square, color } => {
            let _ = write!(out, "[{square}={}]", colour(*color));
        }
        Action::Become { square, kind } => {
            let _ = write!(out, "[{square}=");
            write_kind(out, kind);
            out.push(']');
        }
        Action::Transform(change) => write_transform(out, change),
    }
}

/// A colour as Popeye's specs write it.
fn colour(color: Color) -> char {
    match color {
        Color::Black => 'b',
        Color::Neutral => 'n',
        _ => 'w',
    }
}

/// A change of the whole board, in brackets.
fn write_transform(out: &mut String, change: &Transform) {
    match change {
        Transform::Rotate(turns) => {
            let _ = write!(out, "[rotate{}]", u32::from(*turns) * 90);
        }
        Transform::Mirror(mirror) => {
            let name = match mirror {
                Mirror::Files => "files",
                Mirror::Ranks => "ranks",
                Mirror::Diagonal => "diagonal",
                Mirror::AntiDiagonal => "antidiagonal",
            };
            let _ = write!(out, "[mirror{name}]");
        }
        Transform::Shift { files, ranks } => {
            let corner = |by: i32| usize::try_from(-by.min(0)).unwrap_or(0);
            let start = |by: i32| usize::try_from(by.max(0)).unwrap_or(0);
            let from = Square { file: corner(*files), rank: 1 + corner(*ranks) };
            let to = Square { file: start(*files), rank: 1 + start(*ranks) };
            let _ = write!(out, "[{from}==>{to}]");
        }
        Transform::Polish => out.push_str("[polish]"),
        Transform::Substitute { from, to } => {
            out.push('[');
            write_kind(out, from);
            out.push_str("==>");
            write_kind(out, to);
            out.push(']');
        }
    }
}

/// A piece as the grammar reads it: its Popeye code (`S` the knight, `N` the nightrider) or a name in parentheses.
fn write_kind(out: &mut String, kind: &PieceKind) {
    match (codes::code(kind), kind) {
        (Some(code), _) => out.push_str(code),
        (None, PieceKind::Named(name)) => {
            out.push('(');
            out.push_str(name.as_str());
            out.push(')');
        }
        // The grammar reads no marker; a name keeps it apart from the letters of the figures.
        (None, PieceKind::Marker(marker)) => {
            out.push('(');
            out.push(marker.letter());
            out.push(')');
        }
        (None, PieceKind::Figure(figure)) => out.push(figure.letter()),
    }
}
