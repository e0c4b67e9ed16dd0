//! The janko.at / Retro-Wiki dialect, read as janko's `d.php` reads it, with the documented lenient rules and the
//! canonical extension tokens.

use super::error::{ParseError, ParseErrorKind};
use super::grid::{Builder, Ranks, Stream};
use super::input::{board_option, end_column, is_name_char, piece_kind_from_name, Ch};
use crate::notation::board::{Board, Cell, Checkering, Color, Piece, PieceKind, Rotation, Text, MAX_BOARD_SIDE};

/// The files of a board written without any `/`.
const FLAT_FILES: usize = 8;

/// One lexical item of a rank.
#[derive(Debug)]
enum Item {
    /// Consecutive digits (an empty run), kept as digits so that both readings (singly, or as a whole number) can be
    /// tried.
    Digits { digits: Vec<u8>, column: usize },
    /// One square.
    Cell { cell: Cell, column: usize },
    /// `[]`: the next square is bordered.
    Border { column: usize },
}

impl Item {
    /// The squares this item stands for: digits read singly (janko: `11` is two squares) or as a whole number.
    fn width(&self, whole: bool) -> usize {
        match self {
            Item::Digits { digits, .. } => run(digits, whole),
            Item::Cell { .. } => 1,
            Item::Border { .. } => 0,
        }
    }
}

/// The empty squares a run of digits stands for: each digit singly, or the digits as one number (saturating).
fn run(digits: &[u8], whole: bool) -> usize {
    if whole {
        digits.iter().fold(0usize, |n, &d| n.saturating_mul(10).saturating_add(usize::from(d)))
    } else {
        digits.iter().map(|&d| usize::from(d)).sum()
    }
}

/// The squares `items` stand for in one reading, saturating.
fn width(items: &[Item], whole: bool) -> usize {
    items.iter().map(|item| item.width(whole)).fold(0usize, usize::saturating_add)
}

/// A rank's items and the column it starts at.
struct Rank {
    items: Vec<Item>,
    column: usize,
}

/// Hands `items` to a board builder, reading digit runs singly or whole.
fn feed(items: Vec<Item>, whole: bool, board: &mut impl Builder) -> Result<(), ParseError> {
    for item in items {
        match item {
            Item::Cell { cell, column } => board.push(cell, column)?,
            Item::Border { column } => board.mark_border(column),
            Item::Digits { digits, column } => board.push_empty(run(&digits, whole), column)?,
        }
    }
    Ok(())
}

/// Reads prepared janko-dialect input.
pub(super) fn parse(chars: &[Ch]) -> Result<Board, ParseError> {
    let end_column = end_column(chars);
    let (checkering, rest) = board_option(chars)?;
    let mut ranks = Lexer { chars: rest, pos: 0, end_column }.ranks()?;

    if !rest.iter().any(|ch| ch.c == '/') {
        let items = ranks.pop().map(|r| r.items).unwrap_or_default();
        return flat(items, checkering, end_column);
    }

    let singly: Vec<usize> = ranks.iter().map(|rank| width(&rank.items, false)).collect();
    let whole: Vec<usize> = ranks.iter().map(|rank| width(&rank.items, true)).collect();
    let rectangle = |widths: &[usize]| widths.windows(2).all(|w| w[0] == w[1]);
    // Janko reads digits singly; only when that gives ranks of unequal width and reading runs as whole numbers gives
    // a rectangle (within the board limit) was the string written with multi-digit runs. (No separate test for a
    // multi-digit run is needed: without one, both readings give the same widths, so they cannot disagree.)
    let read_whole = !rectangle(&singly) && rectangle(&whole) && whole[0] <= MAX_BOARD_SIDE;

    let mut board = Ranks::new(ranks.first().map_or(end_column, |rank| rank.column));
    let mut ranks = ranks.into_iter().peekable();
    while let Some(rank) = ranks.next() {
        feed(rank.items, read_whole, &mut board)?;
        if let Some(next) = ranks.peek() {
            board.end_rank(next.column)?;
        }
    }
    board.finish(checkering, end_column)
}

/// A board written without '/': more than eight squares are cut into ranks of eight, eight or fewer are one rank.
///
/// Digits are read singly, as janko does, unless that leaves a last rank short while reading runs as whole numbers
/// fills every rank of eight: `rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR` (Game Courier's compact start position) is 37
/// squares read singly and 64 read whole.
fn flat(items: Vec<Item>, checkering: Checkering, end_column: usize) -> Result<Board, ParseError> {
    let singly = width(&items, false);
    let whole = width(&items, true);
    let read_whole = singly > FLAT_FILES
        && !singly.is_multiple_of(FLAT_FILES)
        && whole.is_multiple_of(FLAT_FILES)
        && whole <= FLAT_FILES * MAX_BOARD_SIDE;
    let mut board = Stream::new(FLAT_FILES);
    feed(items, read_whole, &mut board)?;
    board.finish(checkering, end_column)
}

struct Lexer<'a> {
    chars: &'a [Ch],
    pos: usize,
    end_column: usize,
}

const CELL_EXPECTED: &str = "a piece (K Q R B N P), a marker (C X S T), a digit, '-', '*', ''' or '/'";
const AFTER_PREFIX: &str = "a piece or marker letter";

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<Ch> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<Ch> {
        self.chars.get(self.pos + offset).copied()
    }

    fn next(&mut self) -> Option<Ch> {
        let ch = self.peek();
        self.pos += usize::from(ch.is_some());
        ch
    }

    /// Consumes `c`, or errs with what was expected instead.
    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), ParseError> {
        if self.peek().is_some_and(|ch| ch.c == c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Some(ch) => ParseError::new(ch.column, ParseErrorKind::Unexpected { found: ch.c, expected }),
            None => ParseError::new(self.end_column, ParseErrorKind::UnexpectedEnd { expected }),
        }
    }

    /// Whether `[]` (a border mark) starts here.
    fn at_border_mark(&self) -> bool {
        self.peek().is_some_and(|ch| ch.c == '[') && self.peek_at(1).is_some_and(|ch| ch.c == ']')
    }

    /// All ranks; one trailing '/' is dropped.
    fn ranks(&mut self) -> Result<Vec<Rank>, ParseError> {
        let first_column = self.peek().map_or(self.end_column, |ch| ch.column);
        let mut ranks = vec![Rank { items: Vec::new(), column: first_column }];
        while let Some(ch) = self.peek() {
            if ch.c == '/' {
                self.pos += 1;
                let column = self.peek().map_or(ch.column + 1, |next| next.column);
                ranks.push(Rank { items: Vec::new(), column });
                continue;
            }
            let item = self.item()?;
            if let Some(rank) = ranks.last_mut() {
                rank.items.push(item);
            }
        }
        if ranks.len() > 1 && ranks.last().is_some_and(|r| r.items.is_empty()) {
            ranks.pop();
        }
        Ok(ranks)
    }

    fn item(&mut self) -> Result<Item, ParseError> {
        let Some(start) = self.peek() else {
            return Err(self.unexpected(CELL_EXPECTED));
        };
        if self.at_border_mark() {
            self.pos += 2;
            // The mark needs a square right after it, in the same rank.
            let followed = self.peek().is_some_and(|ch| ch.c != '/') && !self.at_border_mark();
            if !followed {
                return Err(ParseError::new(start.column, ParseErrorKind::BorderWithoutSquare));
            }
            return Ok(Item::Border { column: start.column });
        }
        if let Some(d) = start.c.to_digit(10) {
            let mut digits = vec![d as u8];
            self.pos += 1;
            while let Some(d) = self.peek().and_then(|ch| ch.c.to_digit(10)) {
                digits.push(d as u8);
                self.pos += 1;
            }
            return Ok(Item::Digits { digits, column: start.column });
        }
        let cell = match start.c {
            '{' => return Err(ParseError::new(start.column, ParseErrorKind::BadOption)),
            '(' => self.bracket_token()?,
            _ => self.prefixed_cell()?,
        };
        Ok(Item::Cell { cell, column: start.column })
    }

    /// `-` and `*N` prefixes (in either order), then a piece, marker, text or extension token.
    fn prefixed_cell(&mut self) -> Result<Cell, ParseError> {
        let mut neutral: Option<Ch> = None;
        let mut rotation: Option<Rotation> = None;
        loop {
            match self.peek() {
                Some(ch) if ch.c == '-' && neutral.is_none() => {
                    neutral = Some(ch);
                    self.pos += 1;
                }
                Some(ch) if ch.c == '*' && rotation.is_none() => {
                    self.pos += 1;
                    match self.peek().and_then(|ch| ch.c.to_digit(10)) {
                        Some(turns) => {
                            rotation = Some(Rotation::new(turns));
                            self.pos += 1;
                        }
                        None => return Err(self.unexpected("a digit (quarter turns) after '*'")),
                    }
                }
                _ => break,
            }
        }
        let prefixed = neutral.is_some() || rotation.is_some();
        let rotation = rotation.unwrap_or_default();
        let Some(ch) = self.peek() else {
            return Err(self.unexpected(if prefixed { AFTER_PREFIX } else { CELL_EXPECTED }));
        };
        match ch.c {
            '\'' | '"' => {
                if let Some(minus) = neutral {
                    return Err(ParseError::new(minus.column, ParseErrorKind::NeutralText));
                }
                self.text(rotation).map(Cell::Text)
            }
            '[' => {
                if neutral.is_some() {
                    return Err(self.unexpected("a piece or marker letter after '-' (an extension token carries its colour inside the brackets)"));
                }
                self.extension(rotation)
            }
            c if c.is_ascii_alphabetic() => {
                self.pos += 1;
                let color = if neutral.is_some() { Color::Neutral } else { Color::from_case(c) };
                let kind = PieceKind::from_letter(c)
                    .ok_or(ParseError::new(ch.column, ParseErrorKind::UnknownLetter { letter: c }))?;
                Ok(Cell::Piece(Piece { kind, color, rotation }))
            }
            _ => Err(self.unexpected(if prefixed { AFTER_PREFIX } else { CELL_EXPECTED })),
        }
    }

    /// `'a`, `'7`, `''23` or `"23`.
    fn text(&mut self, rotation: Rotation) -> Result<Text, ParseError> {
        let two_digits = match self.next().map(|ch| ch.c) {
            Some('"') => true,
            _ => match self.peek() {
                Some(ch) if ch.c == '\'' || ch.c == '"' => {
                    if ch.c == '"' {
                        return Err(self.unexpected("a letter or digit after '"));
                    }
                    self.pos += 1;
                    true
                }
                _ => false,
            },
        };
        if two_digits {
            let mut digits = String::with_capacity(2);
            for _ in 0..2 {
                match self.peek() {
                    Some(ch) if ch.c.is_ascii_digit() => {
                        digits.push(ch.c);
                        self.pos += 1;
                    }
                    _ => return Err(self.unexpected("two digits after '' (a two-digit number)")),
                }
            }
            return Text::new(&digits, rotation).ok_or_else(|| self.unexpected("two digits"));
        }
        match self.peek() {
            Some(ch) if ch.c.is_ascii_alphanumeric() => {
                self.pos += 1;
                let mut buf = [0u8; 4];
                Text::new(ch.c.encode_utf8(&mut buf), rotation).ok_or_else(|| self.unexpected("a letter or digit"))
            }
            _ => Err(self.unexpected("a letter or digit after '")),
        }
    }

    /// Scans a piece name (letters, with `-`/`_` separators) from here; returns its characters.
    fn name(&mut self) -> &'a [Ch] {
        let start = self.pos;
        while self.peek().is_some_and(|ch| is_name_char(ch.c)) {
            self.pos += 1;
        }
        &self.chars[start..self.pos]
    }

    /// A yacpdb-style token: `(k1)` (king, one quarter turn), `(!p)` (neutral pawn), `(!b2)`, `(gh)` (named piece).
    fn bracket_token(&mut self) -> Result<Cell, ParseError> {
        self.pos += 1; // '('
        let neutral = self.peek().is_some_and(|ch| ch.c == '!');
        self.pos += usize::from(neutral);
        let name = self.name();
        let Some(first) = name.first().copied() else {
            return Err(self.unexpected("a piece letter or name after '('"));
        };
        let rotation = match self.peek().and_then(|ch| ch.c.to_digit(10)) {
            Some(turns) => {
                self.pos += 1;
                Rotation::new(turns)
            }
            None => Rotation::NONE,
        };
        self.expect(')', "')' closing the piece, after at most one rotation digit")?;
        let color = if neutral { Color::Neutral } else { Color::from_case(first.c) };
        let kind = match name {
            [single] => PieceKind::from_letter(single.c)
                .ok_or(ParseError::new(single.column, ParseErrorKind::UnknownLetter { letter: single.c }))?,
            _ => piece_kind_from_name(name)?,
        };
        Ok(Cell::Piece(Piece { kind, color, rotation }))
    }

    /// The canonical extension: `[-]` hole, `['ab]` text, `[Q:3]` orthodox piece or marker in an extra colour,
    /// `[name:c]` named piece (c = w, b, n or 3–6).
    fn extension(&mut self, rotation: Rotation) -> Result<Cell, ParseError> {
        self.pos += 1; // '['
        let is_hole = self.peek().is_some_and(|ch| ch.c == '-') && self.peek_at(1).is_some_and(|ch| ch.c == ']');
        let cell = if is_hole {
            if rotation != Rotation::NONE {
                return Err(self.unexpected("a piece or text: a missing square cannot be rotated"));
            }
            self.pos += 1;
            Cell::Hole
        } else if self.peek().is_some_and(|ch| ch.c == '\'') {
            self.pos += 1;
            let start = self.pos;
            while self.peek().is_some_and(|ch| ch.c.is_ascii_alphanumeric()) && self.pos - start < 2 {
                self.pos += 1;
            }
            let text: String = self.chars[start..self.pos].iter().map(|ch| ch.c).collect();
            Cell::Text(Text::new(&text, rotation).ok_or_else(|| self.unexpected("one or two letters or digits"))?)
        } else {
            let name = self.name();
            if name.is_empty() {
                return Err(self.unexpected("'-', ''' or a piece name after '['"));
            }
            self.expect(':', "':' and a colour after the piece name")?;
            let color = match self.next() {
                Some(ch) => Color::from_code(ch.c)
                    .ok_or(ParseError::new(ch.column, ParseErrorKind::BadColor { found: ch.c }))?,
                None => return Err(self.unexpected("a colour (w b n 3 4 5 6)")),
            };
            // A single upper-case letter is the orthodox piece or marker; lower case or longer, a named piece.
            let kind = match name {
                [single] if single.c.is_ascii_uppercase() => PieceKind::from_letter(single.c)
                    .ok_or(ParseError::new(single.column, ParseErrorKind::UnknownLetter { letter: single.c }))?,
                _ => piece_kind_from_name(name)?,
            };
            Cell::Piece(Piece { kind, color, rotation })
        };
        self.expect(']', "']' closing the bracket")?;
        Ok(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::input::prepare;
    use proptest::prelude::*;

    proptest! {
        /// The reader does not ask for a run of several digits before reading runs whole: such a test could never
        /// change the result, as without such a run every item stands for the same squares in both readings, so the
        /// ranks are a rectangle in both or in neither. This keeps the argument true.
        #[test]
        fn without_multi_digit_runs_both_readings_agree(s in "([KQkqCc/-]|\\*[0-9]N|'[a-z0-9]|[0-9][KQkq/])*") {
            let chars = prepare(&s);
            if let Ok(ranks) = (Lexer { chars: &chars, pos: 0, end_column: 1 }).ranks() {
                for rank in ranks {
                    prop_assert_eq!(width(&rank.items, false), width(&rank.items, true));
                }
            }
        }
    }
}
