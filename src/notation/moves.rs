//! Moves played on a diagram's board, as a game's or a problem solution's text gives them: the grammar of `moves=`.
//!
//! Moves are applied **mechanically**, with no legality check, so that fairy pieces, fairy boards and problem
//! conditions all work: a move takes whatever stands on its first square to its second, and a piece standing there
//! is gone. The text is a list of moves separated by spaces or commas, in either of two notations:
//! - coordinates, as lichess and UCI write them: `e2e4`, `e7e8q` (a promotion's letter in lower case);
//! - the long notation solvers print (Popeye's solutions): move numbers `1.` and `1...` (which makes the next move
//!   Black's), a piece letter (English `N` or German `S` for the knight, or any other: it is not checked), the
//!   squares joined by `-` for a move or `x`, `*` or `:` for a capture, a promotion `=Q`, `=S` or `=N` (a knight:
//!   Popeye writes a nightrider promotion `=N` too, and it is read as a knight) or `=(nightrider)` (a fairy piece by
//!   name), castling `0-0`, `0-0-0`, `O-O`, `O-O-O` (the king of the side to move two squares towards its rook,
//!   the rook beside it on the square the king crossed), and a piece put on a square, `[+wRh8]` (as Circe rebirths
//!   are printed; `b` black, `n` neutral, a fairy piece as `[+w(grasshopper)h8]`): written onto its move
//!   (`Qd1*d7[+bRh8]`) or apart from it (`Qd1*d7 [+bRh8]`, as Popeye prints it), it belongs to that move; only at
//!   the start of a line is it a move of its own.
//!
//! A pawn moving diagonally to an empty square takes the pawn it passed (en passant). Check, mate and annotation
//! marks (`+`, `#`, `!`, `?`) and Popeye's `ep.` are ignored. `|` ends a line: the next starts from the diagram again
//! (a helpmate's solutions, a try and the key). Sides alternate from the side to move the caller gives (the
//! position's side-to-move field, White when it has none); the side matters only for castling.
//!
//! ```
//! use ffen_diagram::ffen::{parse, Dialect, canonical};
//! use ffen_diagram::moves::Moves;
//! use ffen_diagram::Color;
//! let board = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
//! let moves: Moves = "1.e2-e4 e7-e5 2.Sg1-f3".parse().unwrap();
//! let lines = moves.play(&board, Color::White).unwrap();
//! assert_eq!(canonical(&lines[0].last().unwrap().board), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
//! let error = "e2e4 e3e5".parse::<Moves>().unwrap().play(&board, Color::White).unwrap_err();
//! assert_eq!(error.to_string(), "move 2, e3e5: e3 is empty");
//! ```

use crate::notation::board::{Board, Cell, Color, Figure, Piece, PieceKind, Rotation};
use crate::notation::san::San;
use std::fmt;
use std::str::FromStr;

/// The most moves a text may hold, over all its lines.
pub const MAX_MOVES: usize = 500;

/// The side to move a position's text gives: Black when its second field (after white space, as janko's ` b`
/// and FEN's `… b KQkq - 0 1` write it) is `b`, White otherwise.
///
/// ```
/// use ffen_diagram::moves::side_to_move;
/// use ffen_diagram::Color;
/// assert_eq!(side_to_move("4k3/8/8/8/8/8/8/4K3 b"), Color::Black);
/// assert_eq!(side_to_move("4k3/8/8/8/8/8/8/4K3"), Color::White);
/// ```
pub fn side_to_move(position: &str) -> Color {
    match position.split_whitespace().nth(1) {
        Some("b" | "B") => Color::Black,
        _ => Color::White,
    }
}

/// A square as a move names it: file (0 = a) and rank (1 = the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    /// The file, 0 for `a`.
    pub file: usize,
    /// The rank, 1 for the bottom one.
    pub rank: usize,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", crate::notation::board::file_name(self.file), self.rank)
    }
}

/// What a move does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// What stands on `from` goes to `to` (becoming `promotion` if one is given).
    Step {
        /// The square left.
        from: Square,
        /// The square reached.
        to: Square,
        /// What the piece becomes, in its own colour.
        promotion: Option<PieceKind>,
    },
    /// Castling: the king of the side to move two squares towards its rook, the rook beside it.
    Castle {
        /// `0-0-0`: towards the queen's side (the lower files).
        long: bool,
    },
    /// A move in SAN (`Nf3`, `exd6`, `O-O`), found on the board by the rules of chess before it is played
    /// ([`crate::notation::replay`] makes it a `Step` or a `Castle`).
    San(San),
    /// A piece put on a square, as a rebirth is printed (`[+wRh8]`).
    Put {
        /// The piece.
        piece: Piece,
        /// Its square.
        square: Square,
    },
}

/// One move: its place in the text (from 1, counted over all lines), as written, and what it does (a written move
/// with a rebirth is two actions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Its place in the list, from 1.
    pub number: usize,
    /// The move as written (without move numbers).
    pub text: String,
    /// Whether Black makes it by the text's own say (`1...`): the sides then go on alternating from here.
    pub black_by_number: bool,
    /// What it does, in order.
    pub actions: Vec<Action>,
}

/// A list of moves, in lines (`|` between them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    /// The lines, each a list of moves; none when the text holds no move.
    pub lines: Vec<Vec<Move>>,
}

/// Why a list of moves cannot be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A move that is none of the notations.
    Unreadable {
        /// Its place in the list, from 1.
        number: usize,
        /// As written.
        text: String,
        /// What was expected.
        why: String,
    },
    /// A move that cannot be played on the board as it stands.
    Unplayable {
        /// Its place in the list, from 1.
        number: usize,
        /// As written.
        text: String,
        /// What stands in the way.
        why: String,
    },
    /// More than [`MAX_MOVES`] moves.
    TooMany(usize),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Unreadable { number, text, why } => write!(f, "move {number}, {text}: {why}"),
            MoveError::Unplayable { number, text, why } => write!(f, "move {number}, {text}: {why}"),
            MoveError::TooMany(n) => write!(f, "{n} moves: at most {MAX_MOVES} are played"),
        }
    }
}

impl std::error::Error for MoveError {}

/// One position of a played line: the board after a move, the move's own squares (from and to, for the last-move
/// highlight) and every square whose contents changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The board after the move.
    pub board: Board,
    /// The squares the move went from and to (the king's, for castling); `None` for a bare rebirth.
    pub last: Option<(Square, Square)>,
    /// Every square whose cell changed.
    pub changed: Vec<Square>,
}

impl FromStr for Moves {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Moves, MoveError> {
        let mut moves = Moves::default();
        let mut line: Vec<Move> = Vec::new();
        let mut number = 0;
        let mut black_next = false;
        for part in tokens(text) {
            let token = match part {
                Token::LineEnd => {
                    if !line.is_empty() {
                        moves.lines.push(std::mem::take(&mut line));
                    }
                    continue;
                }
                Token::Word(word) => word,
            };
            let (numbered_black, rest) = strip_move_number(token);
            black_next |= numbered_black;
            if rest.is_empty() || is_ignored(rest) {
                continue;
            }
            // A rebirth printed apart from its move (Popeye's `1.Qd1*d7 [+bRh8]`) belongs to that move.
            if let Some(last) = line.last_mut().filter(|_| rest.len() == token.len() && is_put_word(rest)) {
                last.actions.extend(read_move(rest).unwrap_or_default());
                last.text = format!("{} {rest}", last.text);
                continue;
            }
            number += 1;
            if number > MAX_MOVES {
                return Err(MoveError::TooMany(count_moves(text)));
            }
            // A word that is no coordinate or long move may be SAN, found on the board when played.
            let actions = read_move(rest)
                .or_else(|why| rest.parse().map(|san| vec![Action::San(san)]).map_err(|_| why))
                .map_err(|why| MoveError::Unreadable { number, text: rest.into(), why })?;
            line.push(Move { number, text: rest.to_string(), black_by_number: black_next, actions });
            black_next = false;
        }
        if !line.is_empty() {
            moves.lines.push(line);
        }
        Ok(moves)
    }
}

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

/// How many moves `text` holds (for the message of a list that is too long): its words that are moves, without
/// the rebirths printed apart from their moves.
fn count_moves(text: &str) -> usize {
    let mut count = 0;
    let mut in_line = false;
    for token in tokens(text) {
        let Token::Word(word) = token else {
            in_line = false;
            continue;
        };
        let rest = strip_move_number(word).1;
        if rest.is_empty() || is_ignored(rest) || (in_line && rest.len() == word.len() && is_put_word(rest)) {
            continue;
        }
        count += 1;
        in_line = true;
    }
    count
}

/// Whether a word is only pieces put on squares (`[+bRh8]`, `[+wPe2][+bSg8]`), as a rebirth printed apart.
fn is_put_word(word: &str) -> bool {
    word.starts_with('[')
        && read_move(word).is_ok_and(|actions| actions.iter().all(|a| matches!(a, Action::Put { .. })))
}

/// A leading move number (`12.`, `1...`, `1…`) taken off a word: whether it says Black moves next, and the rest.
fn strip_move_number(word: &str) -> (bool, &str) {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return (false, word);
    }
    let after = &word[digits..];
    let rest = after.trim_start_matches(['.', '…']);
    if rest.len() == after.len() {
        return (false, word);
    }
    let dots = &after[..after.len() - rest.len()];
    (dots.len() >= 3 || dots.contains('…'), rest)
}

/// Words that are no move: Popeye's `ep.` (en passant is found from the board) and a result.
fn is_ignored(word: &str) -> bool {
    let word = word.trim_end_matches(['+', '#', '!', '?']);
    word.is_empty() || ["ep.", "e.p.", "1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word)
}

/// What a written move does: its move (or castling) and the pieces it puts on squares (`[+wRh8]`), or why it reads
/// as nothing.
fn read_move(word: &str) -> Result<Vec<Action>, String> {
    let mut actions = Vec::new();
    let mut main = String::new();
    let mut rest = word;
    while let Some(open) = rest.find('[') {
        main.push_str(&rest[..open]);
        let close = rest[open..].find(']').ok_or("a '[' without its ']'")? + open;
        actions.push(read_put(&rest[open + 1..close])?);
        rest = &rest[close + 1..];
    }
    main.push_str(rest);
    let main = main.trim_end_matches(['+', '#', '!', '?']);
    if !main.is_empty() {
        actions.insert(0, read_step(main)?);
    }
    if actions.is_empty() {
        return Err("no move".to_string());
    }
    Ok(actions)
}

/// A rebirth as Popeye prints it, without its brackets: `+wRh8`, `+bSa1`, `+n(grasshopper)d4`, `+wPe2`.
fn read_put(text: &str) -> Result<Action, String> {
    const EXPECTED: &str = "a piece put on a square, as [+wRh8]";
    let text = text.strip_prefix('+').ok_or(EXPECTED)?;
    let mut chars = text.chars();
    let color = match chars.next() {
        Some('w') => Color::White,
        Some('b') => Color::Black,
        Some('n') => Color::Neutral,
        _ => return Err(EXPECTED.to_string()),
    };
    let (kind, rest) = read_piece(chars.as_str()).ok_or(EXPECTED)?;
    match read_square(rest) {
        Some((square, "")) => Ok(Action::Put { piece: Piece { kind, color, rotation: Rotation::default() }, square }),
        _ => Err(EXPECTED.to_string()),
    }
}

/// A piece at the start of `text`: an orthodox letter (`S` the knight) or a name in parentheses; and the rest.
fn read_piece(text: &str) -> Option<(PieceKind, &str)> {
    if let Some(inner) = text.strip_prefix('(') {
        let (name, rest) = inner.split_once(')')?;
        return PieceKind::from_name(name.trim()).ok().map(|kind| (kind, rest));
    }
    let letter = text.chars().next()?;
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let figure = if letter == 'S' { Figure::Knight } else { Figure::from_letter(letter)? };
    Some((PieceKind::Figure(figure), &text[1..]))
}

/// A square at the start of `text` (`e4`, `aa10`) and the rest; `None` unless it starts with one.
fn read_square(text: &str) -> Option<(Square, &str)> {
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

/// A move or castling, in coordinates (`e2e4`, `e7e8q`) or the long notation (`Qd1-h5`, `e5*d6`, `e7-e8=S`,
/// `0-0`).
fn read_step(text: &str) -> Result<Action, String> {
    match text {
        "0-0" | "O-O" => return Ok(Action::Castle { long: false }),
        "0-0-0" | "O-O-O" => return Ok(Action::Castle { long: true }),
        _ => {}
    }
    const EXPECTED: &str =
        "expected a move such as e2e4, e7e8q, Sg1-f3, Qd1*d7, e7-e8=Q, e7-e8=(nightrider), 0-0 or [+wRh8]";
    // A piece letter (or name) before the first square is not checked: the move takes what stands there.
    let body = text.trim_start_matches(|c: char| c.is_ascii_uppercase());
    let body = match body.strip_prefix('(') {
        Some(inner) => inner.split_once(')').map_or(body, |(_, rest)| rest),
        None => body,
    };
    let (from, rest) = read_square(body).ok_or(EXPECTED)?;
    let rest = rest.strip_prefix(['-', 'x', '*', ':']).unwrap_or(rest);
    let (to, rest) = read_square(rest).ok_or(EXPECTED)?;
    let promotion = match rest {
        "" => None,
        "q" => Some(Figure::Queen.into()),
        "r" => Some(Figure::Rook.into()),
        "b" => Some(Figure::Bishop.into()),
        "n" | "s" => Some(Figure::Knight.into()),
        _ => {
            let after = rest.strip_prefix('=').ok_or(EXPECTED)?;
            match read_piece(after) {
                Some((kind, "")) => Some(kind),
                _ => return Err(EXPECTED.to_string()),
            }
        }
    };
    Ok(Action::Step { from, to, promotion })
}

impl From<Figure> for PieceKind {
    fn from(figure: Figure) -> PieceKind {
        PieceKind::Figure(figure)
    }
}

impl Moves {
    /// The moves played on `board`, line by line: each line starts from `board`, with `first` to move, and gives
    /// a frame a move; or the first move that cannot be played, and why.
    pub fn play(&self, board: &Board, first: Color) -> Result<Vec<Vec<Step>>, MoveError> {
        self.lines.iter().map(|line| play_line(line, board, first)).collect()
    }

    /// How many moves there are, over all lines.
    pub fn len(&self) -> usize {
        self.lines.iter().map(Vec::len).sum()
    }

    /// Whether there is no move at all.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

impl Moves {
    /// The moves as the cache key and the modern link write them, one text for every spelling of the same moves
    /// played from `first`: each move as its coordinates (`e2e4`, `e7e8=Q`, `e7e8=(nightrider)`), castling `0-0`
    /// or `0-0-0`, a move to file x with a dash (`d1-x5`: `d1x5` reads as a capture), a piece put `[+wRh8]` (after
    /// its move, if any), separated by spaces, lines by ` | `; no marks, and no move numbers but before a move that
    /// only puts pieces after another move (`e2e4 2.[+wQd1]`: a bare `[+wQd1]` would be read as that move's
    /// rebirth). A line that castles says which side moves where the sides could differ: `1...` before the first
    /// move Black makes out of turn counted from White (so the text does not depend on `first`, which the canonical
    /// FFEN does not carry). Reading it back and playing it from White gives the same frames.
    ///
    /// ```
    /// use ffen_diagram::moves::Moves;
    /// use ffen_diagram::Color;
    /// let moves: Moves = "1.e2-e4! e7-e5 2.Sg1-f3 | 1.e7-e8=S+".parse().unwrap();
    /// assert_eq!(moves.canonical(Color::White), "e2e4 e7e5 g1f3 | e7e8=N");
    /// let black: Moves = "0-0 0-0".parse().unwrap();
    /// assert_eq!(black.canonical(Color::Black), "1...0-0 0-0");
    /// ```
    pub fn canonical(&self, first: Color) -> String {
        let lines: Vec<String> = self.lines.iter().map(|line| canonical_line(line, first)).collect();
        lines.join(" | ")
    }
}

/// One line of [`Moves::canonical`].
fn canonical_line(line: &[Move], first: Color) -> String {
    use std::fmt::Write as _;
    let castles = line.iter().any(|m| m.actions.iter().any(|a| matches!(a, Action::Castle { .. })));
    let (mut side, mut written) = (first, Color::White);
    let mut words = Vec::with_capacity(line.len());
    for played in line {
        if played.black_by_number {
            side = Color::Black;
        }
        let mut word = String::new();
        if castles && side == Color::Black && written == Color::White {
            word.push_str("1...");
            written = Color::Black;
        }
        // A move that only puts pieces is numbered after another move of its line, which a bare rebirth word would
        // join when read back (Popeye's `1.Qd1*d7 [+bRh8]`). (The number's value is not read; one dot says White.)
        let bare_put = played.actions.iter().all(|a| matches!(a, Action::Put { .. }));
        if bare_put && word.is_empty() && !words.is_empty() {
            let _ = write!(word, "{}.", words.len() + 1);
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

/// The other side (Black after anything but Black).
fn other(side: Color) -> Color {
    if side == Color::Black {
        Color::White
    } else {
        Color::Black
    }
}

/// An action as [`Moves::canonical`] writes it.
fn write_action(out: &mut String, action: &Action) {
    use std::fmt::Write as _;
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
        Action::San(san) => out.push_str(&san.to_string()),
        Action::Put { piece, square } => {
            let colour = match piece.color {
                Color::Black => 'b',
                Color::Neutral => 'n',
                _ => 'w',
            };
            let _ = write!(out, "[+{colour}");
            write_kind(out, &piece.kind);
            let _ = write!(out, "{square}]");
        }
    }
}

/// A piece as the grammar reads it: an orthodox letter or a name in parentheses.
fn write_kind(out: &mut String, kind: &PieceKind) {
    match kind {
        PieceKind::Figure(figure) => out.push(figure.letter()),
        PieceKind::Named(name) => {
            out.push('(');
            out.push_str(name.as_str());
            out.push(')');
        }
        // The grammar reads no marker; a name keeps it apart from the letters of the figures.
        PieceKind::Marker(marker) => {
            out.push('(');
            out.push(marker.letter());
            out.push(')');
        }
    }
}

/// One line played from `board`.
fn play_line(line: &[Move], board: &Board, first: Color) -> Result<Vec<Step>, MoveError> {
    let mut board = board.clone();
    let mut side = first;
    let mut frames = Vec::with_capacity(line.len());
    for played in line {
        if played.black_by_number {
            side = Color::Black;
        }
        let unplayable = |why: String| MoveError::Unplayable { number: played.number, text: played.text.clone(), why };
        let mut changed = Vec::new();
        let mut last = None;
        for action in &played.actions {
            match action {
                Action::Step { from, to, promotion } => {
                    step(&mut board, (*from, *to), promotion.as_ref(), &mut changed).map_err(unplayable)?;
                    last = Some((*from, *to));
                }
                Action::Castle { long } => {
                    last = Some(castle(&mut board, side, *long, &mut changed).map_err(unplayable)?)
                }
                Action::Put { piece, square } => {
                    place(&mut board, *square, Cell::Piece(piece.clone()), &mut changed).map_err(unplayable)?
                }
                Action::San(_) => return Err(unplayable("SAN is played through notation::replay".into())),
            }
        }
        frames.push(Step { board: board.clone(), last, changed });
        side = if side == Color::Black { Color::White } else { Color::Black };
    }
    Ok(frames)
}

/// The board's column and row of `square` (row 0 at the top), or why it has none.
fn position(board: &Board, square: Square) -> Result<(usize, usize), String> {
    if square.file >= board.width() || square.rank > board.height() {
        return Err(format!("{square} is off the {}×{} board", board.width(), board.height()));
    }
    let at = (square.file, board.height() - square.rank);
    match board.get(at.0, at.1) {
        Some(Cell::Hole) => Err(format!("{square} is a hole")),
        _ => Ok(at),
    }
}

/// The cell on `square`.
fn cell(board: &Board, square: Square) -> Result<Cell, String> {
    let (x, y) = position(board, square)?;
    Ok(board.get(x, y).cloned().unwrap_or_default())
}

/// Puts `cell` on `square`, noting the square as changed when its contents change.
fn place(board: &mut Board, square: Square, cell: Cell, changed: &mut Vec<Square>) -> Result<(), String> {
    let (x, y) = position(board, square)?;
    if board.get(x, y) != Some(&cell) {
        board.set(x, y, cell);
        if !changed.contains(&square) {
            changed.push(square);
        }
    }
    Ok(())
}

/// Moves what stands on `from` to `to`, promoting it if asked, and takes a pawn passed en passant.
fn step(
    board: &mut Board,
    (from, to): (Square, Square),
    promotion: Option<&PieceKind>,
    changed: &mut Vec<Square>,
) -> Result<(), String> {
    let moving = cell(board, from)?;
    let target = cell(board, to)?;
    if moving == Cell::Empty {
        return Err(format!("{from} is empty"));
    }
    let is_pawn = |cell: &Cell| matches!(cell, Cell::Piece(Piece { kind: PieceKind::Figure(Figure::Pawn), .. }));
    if is_pawn(&moving) && from.file != to.file && target == Cell::Empty {
        let passed = Square { file: to.file, rank: from.rank };
        if is_pawn(&cell(board, passed)?) {
            place(board, passed, Cell::Empty, changed)?;
        }
    }
    let arriving = match (moving, promotion) {
        (Cell::Piece(piece), Some(kind)) => Cell::Piece(Piece { kind: kind.clone(), ..piece }),
        (moving, _) => moving,
    };
    place(board, from, Cell::Empty, changed)?;
    place(board, to, arriving, changed)
}

/// Castles for `side`: its king two squares towards the nearest rook of its colour on its rank, the rook to the
/// square the king crossed. Returns the king's squares.
fn castle(board: &mut Board, side: Color, long: bool, changed: &mut Vec<Square>) -> Result<(Square, Square), String> {
    let is = |figure: Figure| move |cell: &Cell| matches!(cell, Cell::Piece(Piece { kind: PieceKind::Figure(f), color, .. }) if *f == figure && *color == side);
    let colour = if side == Color::Black { "black" } else { "white" };
    let ranks: Vec<usize> =
        if side == Color::Black { (1..=board.height()).rev().collect() } else { (1..=board.height()).collect() };
    let king = ranks
        .iter()
        .flat_map(|&rank| (0..board.width()).map(move |file| Square { file, rank }))
        .find(|&square| cell(board, square).is_ok_and(|c| is(Figure::King)(&c)))
        .ok_or_else(|| format!("no {colour} king to castle"))?;
    let files: Vec<usize> =
        if long { (0..king.file).rev().collect() } else { (king.file + 1..board.width()).collect() };
    let rook = files
        .into_iter()
        .map(|file| Square { file, rank: king.rank })
        .find(|&square| cell(board, square).is_ok_and(|c| is(Figure::Rook)(&c)))
        .ok_or_else(|| format!("no {colour} rook beside the king on {king} to castle with"))?;
    let towards = |by: usize| if long { king.file.checked_sub(by) } else { Some(king.file + by) };
    let (king_to, rook_to) = match (towards(2), towards(1)) {
        (Some(k), Some(r)) => (Square { file: k, rank: king.rank }, Square { file: r, rank: king.rank }),
        _ => return Err(format!("the king on {king} has no two squares to castle into")),
    };
    let (king_cell, rook_cell) = (cell(board, king)?, cell(board, rook)?);
    cell(board, king_to)?;
    place(board, king, Cell::Empty, changed)?;
    place(board, rook, Cell::Empty, changed)?;
    place(board, king_to, king_cell, changed)?;
    place(board, rook_to, rook_cell, changed)?;
    Ok((king, king_to))
}

#[cfg(test)]
mod tests;
