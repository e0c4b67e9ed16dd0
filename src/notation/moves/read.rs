//! The text of `moves=` read into lines: its words, move numbers and marks, a solution's tree unfolded into its
//! variations, and Popeye's twins.
//!
//! A solution as Popeye prints it is a tree: each move is numbered (`1.` White's first half of the move, `1...`
//! its second half) or follows the one before it. A move numbered at or before the last move read starts a new
//! variation from the position before that move: `1.Rg8 threat: 2.Bg6# 1...Be8 2.Be6#` is the lines `Rg8 Bg6` and
//! `Rg8 Be8 Be6`.

use crate::notation::moves::token::{is_bracket_word, mirror_named, read_move, read_piece, read_square, shift};
use crate::notation::moves::types::{Action, Move, MoveError, Moves, Transform, MAX_MOVES, MAX_PLAYED};

/// A piece of the text: a word (a move, a number or a mark) or the end of a line.
enum Token<'t> {
    Word(&'t str),
    LineEnd,
}

/// The words of `text` (split at white space and commas) and its `|`s, in order.
fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    text.split('|').enumerate().flat_map(|(i, part)| {
        let end = (i > 0).then_some(Token::LineEnd);
        end.into_iter()
            .chain(part.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).map(Token::Word))
    })
}

/// A move's place in the tree: its move number and whether it is the second half (`1...`).
type Ply = (usize, bool);

/// The ply after `ply` (a move number as large as `usize` holds stays there: only its order matters).
fn next(ply: Ply) -> Ply {
    if ply.1 {
        (ply.0.saturating_add(1), false)
    } else {
        (ply.0, true)
    }
}

/// The lines being read: the variation so far, the twin every line starts with, and the lines done.
#[derive(Default)]
struct Reader {
    moves: Moves,
    path: Vec<(Ply, Move)>,
    /// Whether `path` has a move no line holds yet.
    open: bool,
    /// The move number read before a move (`1.` standing apart).
    pending: Option<Ply>,
    twin: Option<Move>,
    /// The twin's changes so far (a continued twin `+c)` adds to them).
    twin_actions: Vec<Action>,
    number: usize,
    played: usize,
}

impl Reader {
    /// Closes the variation read so far as a line.
    fn close(&mut self) -> Result<(), MoveError> {
        if self.open {
            let mut line: Vec<Move> = self.twin.iter().cloned().collect();
            line.extend(self.path.iter().map(|(_, m)| m.clone()));
            self.played += line.len();
            if self.played > MAX_PLAYED {
                return Err(MoveError::TooManyPlayed(self.played));
            }
            self.moves.lines.push(line);
            self.open = false;
        }
        Ok(())
    }

    /// Ends a line (`|`, a twin): the next move starts from the diagram.
    fn end(&mut self) -> Result<(), MoveError> {
        self.close()?;
        self.path.clear();
        self.pending = None;
        Ok(())
    }

    /// Adds a move at `ply`, starting a variation if the tree goes back.
    fn push(&mut self, ply: Option<Ply>, text: &str, actions: Vec<Action>) -> Result<(), MoveError> {
        let last = self.path.last().map(|(p, _)| *p);
        let black_by_number = ply.is_some_and(|p| p.1);
        let ply = ply.unwrap_or_else(|| last.map_or((1, false), next));
        if last.is_some_and(|last| ply <= last) {
            self.close()?;
            self.path.retain(|(p, _)| *p < ply);
        }
        let played = Move { number: self.number, text: text.to_string(), black_by_number, actions };
        self.path.push((ply, played));
        self.open = true;
        Ok(())
    }

    fn count(&mut self) -> Result<usize, MoveError> {
        self.number += 1;
        if self.number > MAX_MOVES {
            return Err(MoveError::TooMany(self.number));
        }
        Ok(self.number)
    }

    /// The moves a text holds past the limit, for the message: the rest of its words that are moves.
    fn too_many(&self, rest: &[Token<'_>]) -> MoveError {
        let more = rest
            .iter()
            .filter(|t| match t {
                Token::Word(w) => {
                    let rest = strip_move_number(w).1;
                    !(rest.is_empty() || is_ignored(rest) || rest.len() == w.len() && is_bracket_word(rest))
                }
                Token::LineEnd => false,
            })
            .count();
        MoveError::TooMany(self.number + more)
    }
}

/// Reads `text` into lines.
pub fn read(text: &str) -> Result<Moves, MoveError> {
    let mut reader = Reader::default();
    let words: Vec<Token<'_>> = tokens(text).collect();
    let mut i = 0;
    while i < words.len() {
        let word = match words[i] {
            Token::LineEnd => {
                reader.end()?;
                i += 1;
                continue;
            }
            Token::Word(word) => word,
        };
        i += 1;
        if let Some(continued) = twin_label(word) {
            let start = i;
            while let Some(Token::Word(w)) = words.get(i) {
                if twin_label(w).is_some() || starts_with_number(w) {
                    break;
                }
                i += 1;
            }
            let header: Vec<&str> = words[start..i]
                .iter()
                .filter_map(|t| match t {
                    Token::Word(w) => Some(*w),
                    Token::LineEnd => None,
                })
                .collect();
            start_twin(&mut reader, word, continued, &header)?;
            continue;
        }
        let (ply, rest) = strip_move_number(word);
        if rest.is_empty() {
            reader.pending = ply.or(reader.pending);
            continue;
        }
        if is_ignored(rest) {
            continue;
        }
        let ply = ply.or(reader.pending.take());
        // A bracket printed apart from its move (Popeye's `1.Qd1*d7 [+bRh8]`) belongs to that move.
        if ply.is_none() && rest.len() == word.len() && is_bracket_word(rest) {
            if let Some((_, last)) = reader.path.last_mut().filter(|_| reader.open) {
                last.actions.extend(read_move(rest).unwrap_or_default());
                last.text = format!("{} {rest}", last.text);
                continue;
            }
        }
        let number = reader.count().map_err(|_| reader.too_many(&words[i..]))?;
        // A word that is no coordinate or long move may be SAN, found on the board when played.
        let actions = read_move(rest)
            .or_else(|why| rest.parse().map(|san| vec![Action::San(san)]).map_err(|_| why))
            .map_err(|why| MoveError::Unreadable { number, text: rest.into(), why })?;
        reader.push(ply, rest, actions)?;
    }
    reader.end()?;
    Ok(reader.moves)
}

/// Whether a word starts with a move number (`1.`, `12...`).
fn starts_with_number(word: &str) -> bool {
    strip_move_number(word).0.is_some()
}

/// A twin's label (`a)`, `b)`, `z1)`; `+c)` continues the twin before it): whether it continues.
fn twin_label(word: &str) -> Option<bool> {
    let (continued, label) = match word.strip_prefix('+') {
        Some(label) => (true, label),
        None => (false, word),
    };
    let name = label.strip_suffix(')')?;
    let ok = match name.as_bytes() {
        [c] => c.is_ascii_lowercase(),
        [b'z', digits @ ..] => !digits.is_empty() && digits.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    ok.then_some(continued)
}

/// Starts a twin: the lines after it start from the diagram changed by its header's words (its pieces moved, put,
/// taken off or swapped, the board turned, mirrored or shifted; conditions and stipulations change no piece).
fn start_twin(reader: &mut Reader, label: &str, continued: bool, header: &[&str]) -> Result<(), MoveError> {
    reader.end()?;
    let number = reader.count()?;
    let text = std::iter::once(label).chain(header.iter().copied()).collect::<Vec<_>>().join(" ");
    let unreadable = |why: String| MoveError::Unreadable { number, text: text.clone(), why };
    let actions = twin_actions(header).map_err(unreadable)?;
    if !continued {
        reader.twin_actions.clear();
    }
    reader.twin_actions.extend(actions);
    reader.twin = (!reader.twin_actions.is_empty()).then(|| Move {
        number,
        text: text.clone(),
        black_by_number: false,
        actions: reader.twin_actions.clone(),
    });
    Ok(())
}

/// What a twin's header words do to the board.
fn twin_actions(header: &[&str]) -> Result<Vec<Action>, String> {
    let mut actions = Vec::new();
    let mut i = 0;
    while i < header.len() {
        let word = header[i];
        let after = header.get(i + 1).copied().unwrap_or_default();
        i += 1;
        let lower = word.to_ascii_lowercase();
        if lower == "rotate" {
            let turns = match after {
                "90" => 1,
                "180" => 2,
                "270" => 3,
                _ => return Err(format!("rotate {after}: expected 90, 180 or 270")),
            };
            actions.push(Action::Transform(Transform::Rotate(turns)));
            i += 1;
        } else if lower == "mirror" {
            let mirror = mirror_named(after)
                .ok_or_else(|| format!("mirror {after}: expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1"))?;
            actions.push(Action::Transform(Transform::Mirror(mirror)));
            i += 1;
        } else if lower == "shift" {
            let to = header.get(i + 2).copied().unwrap_or_default();
            let shifted = shift(after, to).filter(|_| header.get(i + 1) == Some(&"==>"));
            actions.push(Action::Transform(shifted.ok_or_else(|| format!("shift {after}: expected shift a1 ==> b2"))?));
            i += 3;
        } else if lower == "polishtype" || lower == "polish" {
            actions.push(Action::Transform(Transform::Polish));
        } else if after == "==>" {
            let to = header.get(i + 1).copied().unwrap_or_default();
            let substitute = match (read_piece(word)?, read_piece(to)?) {
                (Some((from, "")), Some((to, ""))) => Transform::Substitute { from, to },
                _ => return Err(format!("{word} ==> {to}: expected a substitution such as Q ==> S")),
            };
            actions.push(Action::Transform(substitute));
            i += 2;
        } else {
            actions.extend(twin_piece(word)?);
        }
    }
    Ok(actions)
}

/// A twin's word about pieces: `+bPc3` put, `-wSd4` taken off, `wKd7-->b5` moved, `wRa1<-->bQd8` swapped,
/// `bQd4` put in place of what stood there; any other word (a condition, a stipulation) changes no piece.
fn twin_piece(word: &str) -> Result<Vec<Action>, String> {
    let is_piece_word = |w: &str| {
        let body = w.trim_start_matches(|c: char| c.is_ascii_lowercase());
        body.len() < w.len()
            && matches!(w.as_bytes()[0], b'w' | b'b' | b'n')
            && read_piece(body).is_ok_and(|p| p.is_some_and(|(_, rest)| read_square(rest).is_some()))
    };
    if let Some((a, b)) = word.split_once("<-->") {
        return read_move(&format!("[{a}<->{b}]"));
    }
    if let Some((a, b)) = word.split_once("-->") {
        return read_move(&format!("[{a}->{b}]"));
    }
    if let Some(body) = word.strip_prefix('-').filter(|b| is_piece_word(b)) {
        return read_move(&format!("[-{body}]"));
    }
    let body = word.strip_prefix('+').unwrap_or(word);
    if is_piece_word(body) {
        return read_move(&format!("[+{body}]"));
    }
    Ok(Vec::new())
}

/// A leading move number (`12.`, `1...`, `1…`) taken off a word: its ply (`None` without a number), and the rest.
fn strip_move_number(word: &str) -> (Option<Ply>, &str) {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return (None, word);
    }
    let after = &word[digits..];
    let rest = after.trim_start_matches(['.', '…']);
    if rest.len() == after.len() {
        return (None, word);
    }
    let dots = &after[..after.len() - rest.len()];
    let number = word[..digits].parse().unwrap_or(usize::MAX);
    (Some((number, dots.len() >= 3 || dots.contains('…'))), rest)
}

/// Words that change no piece: results, Popeye's words (`threat:`, `zugzwang.`, `but`, `ep.`: en passant is
/// found from the board), the marks of a try (`?`), a key (`!`), a check and the goals (`#`, `=`, `#=`, `==`, `z`,
/// `x`, `+`, `%`, `dia`, `ct`, …), a null move's `...`.
fn is_ignored(word: &str) -> bool {
    const WORDS: &[&str] = &[
        "ep.",
        "e.p.",
        "1-0",
        "0-1",
        "1/2-1/2",
        "½-½",
        "*",
        "threat:",
        "zugzwang.",
        "but",
        "z",
        "x",
        "dia",
        "ct",
        "a=>b",
        "00",
        "...",
        "…",
        "~",
    ];
    let marks = |c: char| "+#!?=%<>~".contains(c);
    word.chars().all(marks) || WORDS.contains(&word.trim_end_matches(['+', '#', '!', '?']))
}
