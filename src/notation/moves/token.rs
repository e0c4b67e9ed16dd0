//! One written move read into what it does: the coordinates (`e2e4`, `e7e8q`), the long notation and everything
//! Popeye prints on a move (`nRd4*a4[+wBf1]`, `Sc3*d5[wSd5->c3]`, `aPe6-e7[=na]`, `e7-e8=N`, `Ke1-g1/Rh1-f1`).

use crate::notation::board::{Color, Figure, Piece, PieceKind, Rotation};
use crate::notation::moves::codes;
use crate::notation::moves::types::{Action, Mirror, Square, Transform};

const EXPECTED: &str =
    "expected a move such as e2e4, e7e8q, Sg1-f3, Qd1*d7, e7-e8=Q, e7-e8=(nightrider), 0-0 or [+wRh8]";

/// What a written move does: its move (or castling) and what its brackets do, or why it reads as nothing.
pub fn read_move(word: &str) -> Result<Vec<Action>, String> {
    let mut brackets = Vec::new();
    let mut main = String::new();
    let mut rest = word;
    while let Some(open) = rest.find('[') {
        main.push_str(&rest[..open]);
        let close = rest[open..].find(']').ok_or("a '[' without its ']'")? + open;
        brackets.push(&rest[open + 1..close]);
        rest = &rest[close + 1..];
    }
    main.push_str(rest);
    let main = main.trim_end_matches(['+', '#', '!', '?']);
    let mut actions = if main.is_empty() { Vec::new() } else { read_main(main)? };
    let moved = actions.iter().rev().find_map(|a| match a {
        Action::Step { to, .. } => Some(*to),
        _ => None,
    });
    for inner in brackets {
        actions.extend(read_bracket(inner, moved)?);
    }
    if actions.is_empty() && !word.contains('[') {
        return Err("no move".to_string());
    }
    Ok(actions)
}

/// Whether a word is only brackets (`[+bRh8]`, `[+wPe2][-bSg8]`): printed apart from its move, it belongs to it.
pub fn is_bracket_word(word: &str) -> bool {
    let bare = word.trim_end_matches(['+', '#', '!', '?']);
    bare.starts_with('[') && bare.ends_with(']') && read_move(word).is_ok()
}

/// The move outside the brackets: castling, a step, an exchange, or castling chess' king and rook (`/`).
fn read_main(main: &str) -> Result<Vec<Action>, String> {
    match main {
        "0-0" | "O-O" => return Ok(vec![Action::Castle { long: false }]),
        "0-0-0" | "O-O-O" => return Ok(vec![Action::Castle { long: true }]),
        _ => {}
    }
    if let Some((a, b)) = main.split_once("<->") {
        let a = read_square(skip_piece(a)).filter(|(_, r)| r.is_empty()).ok_or(EXPECTED)?.0;
        let b = read_square(skip_piece(b)).filter(|(_, r)| r.is_empty()).ok_or(EXPECTED)?.0;
        return Ok(vec![Action::Exchange { a, b }]);
    }
    let mut parts = main.split('/');
    let mut actions = read_step(parts.next().unwrap_or_default())?;
    for partner in parts {
        // Castling chess' partner (`Ke1-g1/Rh1-f1`) moves with the king: no move of its own.
        for action in read_step(partner)? {
            actions.push(match action {
                Action::Step { from, to, promotion } => Action::Relocate { from, to, becomes: promotion },
                other => other,
            });
        }
    }
    Ok(actions)
}

/// A spec's colour (Popeye's `w`, `b`, `n` before the other attributes) and the rest after its lower-case
/// letters, when they stand before a piece (`nR`, `ca(`) or alone.
fn read_spec(text: &str) -> (Option<Color>, &str) {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_lowercase());
    if rest.len() == text.len() || !(rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_uppercase() || c == '('))
    {
        return (None, text);
    }
    let color = match text.as_bytes()[0] {
        b'w' => Some(Color::White),
        b'b' => Some(Color::Black),
        b'n' => Some(Color::Neutral),
        _ => None,
    };
    (color, rest)
}

/// A piece at the start of `text`: a Popeye code (`S` the knight, `N` the nightrider, `LE`, `G2`) or a name in
/// parentheses; and the rest.
pub fn read_piece(text: &str) -> Result<Option<(PieceKind, &str)>, String> {
    if let Some(inner) = text.strip_prefix('(') {
        let (name, rest) = inner.split_once(')').ok_or("a '(' without its ')'")?;
        let kind = PieceKind::from_name(name.trim()).map_err(|e| format!("({name}): {e}"))?;
        return Ok(Some((kind, rest)));
    }
    let bytes = text.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_uppercase) {
        return Ok(None);
    }
    let second = bytes.get(1).is_some_and(|b| b.is_ascii_uppercase() || b.is_ascii_digit());
    if second {
        if let Some(kind) = codes::kind(&text[..2]) {
            return Ok(Some((kind, &text[2..])));
        }
        if bytes[1].is_ascii_uppercase() {
            return Err(format!("{} is no piece code of Popeye's", &text[..2]));
        }
    }
    let code = &text[..1];
    let kind = codes::kind(code).ok_or_else(|| format!("{code} is no piece code of Popeye's"))?;
    Ok(Some((kind, &text[1..])))
}

/// `text` after a moving piece's spec and letters (not checked: the move takes what stands on its square).
fn skip_piece(text: &str) -> &str {
    let (_, rest) = read_spec(text);
    if let Some(inner) = rest.strip_prefix('(') {
        return inner.split_once(')').map_or(rest, |(_, after)| after);
    }
    let after = rest.trim_start_matches(|c: char| c.is_ascii_uppercase());
    match after.strip_prefix(|c: char| c.is_ascii_digit()) {
        Some(more) if after.len() < rest.len() && more.starts_with(|c: char| c.is_ascii_lowercase()) => more,
        _ => after,
    }
}

/// A square at the start of `text` (`e4`, `aa10`) and the rest; `None` unless it starts with one.
pub fn read_square(text: &str) -> Option<(Square, &str)> {
    let letters = text.len() - text.trim_start_matches(|c: char| c.is_ascii_lowercase()).len();
    let file = match text.as_bytes().get(..letters)? {
        [a] => usize::from(a - b'a'),
        [a, b] if *a == b'a' => 26 + usize::from(b - b'a'),
        _ => return None,
    };
    let after = &text[letters..];
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rank: usize = after.get(..digits).filter(|d| (1..=2).contains(&d.len()))?.parse().ok()?;
    (rank >= 1 && !after.starts_with('0')).then_some((Square { file, rank }, &after[digits..]))
}

/// A move in coordinates or the long notation, with what follows its squares: a promotion (`=Q`, `=ncaQ`, `q`), a
/// change of colour (`=w`), a locust's square beyond its capture (`*d4-e5`).
fn read_step(text: &str) -> Result<Vec<Action>, String> {
    let (from, rest) = read_square(skip_piece(text)).ok_or(EXPECTED)?;
    let rest = rest.strip_prefix(['-', 'x', '*', ':']).unwrap_or(rest);
    let (mut to, mut rest) = read_square(rest).ok_or(EXPECTED)?;
    let mut actions = Vec::new();
    if let Some((beyond, after)) = rest.strip_prefix('-').and_then(read_square) {
        actions.push(Action::Remove { square: to });
        (to, rest) = (beyond, after);
    }
    let mut promotion = None;
    let mut recolor = None;
    match rest {
        "q" => promotion = Some(Figure::Queen.into()),
        "r" => promotion = Some(Figure::Rook.into()),
        "b" => promotion = Some(Figure::Bishop.into()),
        "n" | "s" => promotion = Some(Figure::Knight.into()),
        _ => {
            while let Some(after) = rest.strip_prefix('=') {
                let (color, body) = read_spec(after);
                match read_piece(body)? {
                    Some((kind, more)) => {
                        promotion = Some(kind);
                        recolor = recolor.or(color.filter(|c| *c == Color::Neutral));
                        rest = more;
                    }
                    None if color.is_some() && body.len() < after.len() => (recolor, rest) = (color, body),
                    None => return Err(EXPECTED.to_string()),
                }
            }
            if !rest.is_empty() {
                return Err(EXPECTED.to_string());
            }
        }
    }
    actions.insert(0, Action::Step { from, to, promotion });
    if let Some(color) = recolor {
        actions.push(Action::Recolor { square: to, color });
    }
    Ok(actions)
}

/// What a bracket says (without its brackets), `moved` the square the move went to: a piece put (`+wRh8`), taken
/// off (`-bPb3`), carried (`wSd5->c3`), a change of colour (`=n`, `d4=b`) or of kind (`e4=Q`), two pieces
/// swapped (`Ka1<->Kh8`), an imitator's square (`Ia4`, no piece), or a twin's change of the board.
fn read_bracket(inner: &str, moved: Option<Square>) -> Result<Vec<Action>, String> {
    let bad = || format!("[{inner}]: {EXPECTED}");
    if let Some(transform) = read_transform(inner) {
        return Ok(vec![Action::Transform(transform)]);
    }
    if inner.is_empty()
        || inner.starts_with('I') && inner[1..].bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    {
        return Ok(Vec::new());
    }
    if let Some(put) = inner.strip_prefix('+') {
        let bad = || "a piece put on a square, as [+wRh8]".to_string();
        let (color, rest) = read_spec(put);
        let color = color.ok_or_else(bad)?;
        let (kind, rest) = read_piece(rest)?.ok_or_else(bad)?;
        let (square, rest) = read_square(rest).ok_or_else(bad)?;
        // A reborn pawn's promotion, a change of colour: `[+wPh8=Q]`, `[+bQd8=w]`.
        let (becomes, recolor) = suffixes(rest).ok_or_else(bad)?;
        let piece =
            Piece { kind: becomes.unwrap_or(kind), color: recolor.unwrap_or(color), rotation: Rotation::default() };
        return Ok(vec![Action::Put { piece, square }]);
    }
    if let Some(gone) = inner.strip_prefix('-') {
        let (square, _) = read_square(skip_piece(gone)).filter(|(_, r)| r.is_empty()).ok_or_else(bad)?;
        return Ok(vec![Action::Remove { square }]);
    }
    if let Some(spec) = inner.strip_prefix('=') {
        let (color, rest) = read_spec(spec);
        let (color, square) = color.zip(moved).filter(|_| rest.is_empty()).ok_or_else(bad)?;
        return Ok(vec![Action::Recolor { square, color }]);
    }
    if let Some((a, b)) = inner.split_once("<->") {
        let a = read_square(skip_piece(a)).filter(|(_, r)| r.is_empty()).ok_or_else(bad)?.0;
        let b = read_square(skip_piece(b)).filter(|(_, r)| r.is_empty()).ok_or_else(bad)?.0;
        return Ok(vec![Action::Exchange { a, b }]);
    }
    if let Some((left, right)) = inner.split_once("->") {
        let from = read_square(skip_piece(left)).filter(|(_, r)| r.is_empty()).ok_or_else(bad)?.0;
        let right = right.strip_prefix('=').unwrap_or(right);
        let (_, body) = read_spec(right);
        let (becomes, body) = match read_piece(body)? {
            Some((kind, more)) => (Some(kind), more),
            None => (None, body),
        };
        let (to, rest) = read_square(body).ok_or_else(bad)?;
        let (promoted, recolor) = suffixes(rest).ok_or_else(bad)?;
        let mut actions = vec![Action::Relocate { from, to, becomes: promoted.or(becomes) }];
        actions.extend(recolor.map(|color| Action::Recolor { square: to, color }));
        return Ok(actions);
    }
    let (square, rest) = read_square(inner).ok_or_else(bad)?;
    let after = rest.strip_prefix('=').ok_or_else(bad)?;
    let (color, body) = read_spec(after);
    let mut actions = Vec::new();
    if let Some((kind, more)) = read_piece(body)? {
        if !more.is_empty() {
            return Err(bad());
        }
        actions.push(Action::Become { square, kind });
    } else if !body.is_empty() || color.is_none() {
        return Err(bad());
    }
    if let Some(color) = color {
        actions.push(Action::Recolor { square, color });
    }
    Ok(actions)
}

/// What follows a piece's square in a bracket: a promotion (`=Q`) and a change of colour (`=b`), either or both,
/// or `None` if anything else does.
fn suffixes(mut rest: &str) -> Option<(Option<PieceKind>, Option<Color>)> {
    let (mut kind, mut color) = (None, None);
    while let Some(after) = rest.strip_prefix('=') {
        let (spec, body) = read_spec(after);
        match read_piece(body).ok()? {
            Some((promoted, more)) => (kind, rest) = (Some(promoted), more),
            None if spec.is_some() && body.len() < after.len() => (color, rest) = (spec, body),
            None => return None,
        }
    }
    rest.is_empty().then_some((kind, color))
}

/// A change of the whole board as the canonical text writes it in brackets: `rotate90`, `mirrorfiles`,
/// `a1==>b2` (a shift), `polish`, `Q==>S` (a substitution).
fn read_transform(inner: &str) -> Option<Transform> {
    match inner {
        "rotate90" => return Some(Transform::Rotate(1)),
        "rotate180" => return Some(Transform::Rotate(2)),
        "rotate270" => return Some(Transform::Rotate(3)),
        "polish" => return Some(Transform::Polish),
        _ => {}
    }
    if let Some(mirror) = inner.strip_prefix("mirror") {
        return mirror_named(mirror).map(Transform::Mirror);
    }
    let (a, b) = inner.split_once("==>")?;
    shift(a, b).or_else(|| {
        let (from, rest) = read_piece(a).ok()??;
        let (to, more) = read_piece(b).ok()??;
        (rest.is_empty() && more.is_empty()).then_some(Transform::Substitute { from, to })
    })
}

/// A shift from one square to another (`a1`, `b2`), as files and ranks.
pub fn shift(a: &str, b: &str) -> Option<Transform> {
    let (a, _) = read_square(a).filter(|(_, r)| r.is_empty())?;
    let (b, _) = read_square(b).filter(|(_, r)| r.is_empty())?;
    let files = i32::try_from(b.file).ok()? - i32::try_from(a.file).ok()?;
    let ranks = i32::try_from(b.rank).ok()? - i32::try_from(a.rank).ok()?;
    Some(Transform::Shift { files, ranks })
}

/// A mirror by its canonical name or Popeye's squares (`a1<-->h1`).
pub fn mirror_named(name: &str) -> Option<Mirror> {
    match name {
        "files" | "a1<-->h1" => Some(Mirror::Files),
        "ranks" | "a1<-->a8" => Some(Mirror::Ranks),
        "diagonal" | "a1<-->h8" => Some(Mirror::Diagonal),
        "antidiagonal" | "a8<-->h1" => Some(Mirror::AntiDiagonal),
        _ => None,
    }
}

impl From<Figure> for PieceKind {
    fn from(figure: Figure) -> PieceKind {
        PieceKind::Figure(figure)
    }
}
