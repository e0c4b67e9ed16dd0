//! The janko.at / Retro-Wiki dialect, read as janko's `d.php` reads it, with the documented lenient rules and the
//! canonical extension tokens.

use super::{
    assemble, board_option, color_from_code, figure_for, marker_for, named_piece, Ch, ParseError, ParseErrorKind,
};
use crate::board::{Board, Cell, Color, Piece, PieceKind, Rotation, Text, MAX_BOARD_SIDE};

/// One lexical item of a rank.
#[derive(Debug)]
enum Item {
    /// Consecutive digits (an empty run), kept as digits so that both readings (singly, or as a whole number) can be
    /// tried.
    Digits { digits: Vec<u8>, column: usize },
    /// One square.
    Cell { cell: Cell, column: usize },
}

/// A rank's items and the column it starts at.
struct Rank {
    items: Vec<Item>,
    column: usize,
}

impl Rank {
    /// The width when each digit is a run of its own (janko's reading: `11` is two empty squares).
    fn width_singly(&self) -> usize {
        self.items
            .iter()
            .map(|item| match item {
                Item::Digits { digits, .. } => digits.iter().map(|&d| usize::from(d)).sum(),
                Item::Cell { .. } => 1,
            })
            .sum()
    }

    /// The width when each run of digits is one number (`11` is eleven empty squares), saturating.
    fn width_whole(&self) -> usize {
        self.items
            .iter()
            .map(|item| match item {
                Item::Digits { digits, .. } => whole_number(digits),
                Item::Cell { .. } => 1,
            })
            .fold(0usize, usize::saturating_add)
    }

    fn has_multi_digit_run(&self) -> bool {
        self.items.iter().any(|item| matches!(item, Item::Digits { digits, .. } if digits.len() > 1))
    }

    /// The cells, reading digit runs singly or whole; errs when the rank passes the largest board width.
    fn cells(self, whole: bool) -> Result<Vec<Cell>, ParseError> {
        let mut cells = Vec::new();
        for item in self.items {
            let (run, column) = match item {
                Item::Digits { digits, column } if whole => (whole_number(&digits), column),
                Item::Digits { digits, column } => (digits.iter().map(|&d| usize::from(d)).sum(), column),
                Item::Cell { cell, column } => {
                    cells.push(cell);
                    (0, column)
                }
            };
            let width = cells.len().saturating_add(run);
            if width > MAX_BOARD_SIDE {
                return Err(ParseError::new(column, ParseErrorKind::TooWide { width }));
            }
            cells.resize(width, Cell::Empty);
        }
        Ok(cells)
    }
}

fn whole_number(digits: &[u8]) -> usize {
    digits.iter().fold(0usize, |n, &d| n.saturating_mul(10).saturating_add(usize::from(d)))
}

/// Reads prepared janko-dialect input.
pub(super) fn parse(chars: &[Ch]) -> Result<Board, ParseError> {
    let end_column = chars.last().map_or(1, |ch| ch.column + 1);
    let (checkering, rest) = board_option(chars)?;
    let mut ranks = Lexer { chars: rest, pos: 0, end_column }.ranks()?;

    if !rest.iter().any(|ch| ch.c == '/') {
        // No '/' at all: a flattened board, eight files wide, unless it fits in one rank of eight.
        let rank = ranks.pop().map(|r| (r.items, r.column)).unwrap_or_default();
        return flat(rank.0, checkering, end_column);
    }

    let singly: Vec<usize> = ranks.iter().map(Rank::width_singly).collect();
    let whole: Vec<usize> = ranks.iter().map(Rank::width_whole).collect();
    let rectangle = |widths: &[usize]| widths.windows(2).all(|w| w[0] == w[1]);
    // Janko reads digits singly; only when that gives ranks of unequal width and reading runs as whole numbers gives
    // a rectangle (within the board limit) was the string written with multi-digit runs.
    let read_whole = !rectangle(&singly)
        && rectangle(&whole)
        && whole[0] <= MAX_BOARD_SIDE
        && ranks.iter().any(Rank::has_multi_digit_run);

    let mut rows = Vec::with_capacity(ranks.len());
    for rank in ranks {
        let column = rank.column;
        rows.push((rank.cells(read_whole)?, column));
    }
    assemble(rows, checkering, end_column)
}

/// A board written without '/': more than eight squares are cut into ranks of eight.
fn flat(items: Vec<Item>, checkering: crate::board::Checkering, end_column: usize) -> Result<Board, ParseError> {
    const FILES: usize = 8;
    let mut cells = Vec::new();
    for item in items {
        let (run, column) = match item {
            Item::Digits { digits, column } => (digits.iter().map(|&d| usize::from(d)).sum(), column),
            Item::Cell { cell, column } => {
                cells.push(cell);
                (0, column)
            }
        };
        let total = cells.len() + run;
        if total > FILES * MAX_BOARD_SIDE {
            return Err(ParseError::new(column, ParseErrorKind::TooTall { height: total.div_ceil(FILES) }));
        }
        cells.resize(total, Cell::Empty);
    }
    let rows = if cells.len() <= FILES {
        vec![(cells, 1)]
    } else {
        cells.chunks(FILES).map(|chunk| (chunk.to_vec(), 1)).collect()
    };
    assemble(rows, checkering, end_column)
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
                let color = match (neutral, c.is_ascii_uppercase()) {
                    (Some(_), _) => Color::Neutral,
                    (None, true) => Color::White,
                    (None, false) => Color::Black,
                };
                let kind = if let Some(figure) = figure_for(c) {
                    PieceKind::Figure(figure)
                } else if let Some(marker) = marker_for(c) {
                    PieceKind::Marker(marker)
                } else {
                    return Err(ParseError::new(ch.column, ParseErrorKind::UnknownLetter { letter: c }));
                };
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

    /// A yacpdb-style token: `(k1)` (king, one quarter turn), `(!p)` (neutral pawn), `(!b2)`, `(gh)` (named piece).
    fn bracket_token(&mut self) -> Result<Cell, ParseError> {
        self.pos += 1; // '('
        let neutral = self.peek().is_some_and(|ch| ch.c == '!');
        self.pos += usize::from(neutral);
        let name_start = self.pos;
        while self.peek().is_some_and(|ch| ch.c.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let name: String = self.chars[name_start..self.pos].iter().map(|ch| ch.c).collect();
        let Some(first) = name.chars().next() else {
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
        let color = match (neutral, first.is_ascii_uppercase()) {
            (true, _) => Color::Neutral,
            (false, true) => Color::White,
            (false, false) => Color::Black,
        };
        let column = self.chars[name_start].column;
        let piece = if name.len() == 1 {
            let kind = figure_for(first)
                .map(PieceKind::Figure)
                .or_else(|| marker_for(first).map(PieceKind::Marker))
                .ok_or(ParseError::new(column, ParseErrorKind::UnknownLetter { letter: first }))?;
            Piece { kind, color, rotation }
        } else {
            named_piece(&name, color, rotation).ok_or(ParseError::new(column, ParseErrorKind::BadName))?
        };
        Ok(Cell::Piece(piece))
    }

    /// The canonical extension: `[-]` hole, `['ab]` text, `[Q:3]` orthodox piece or marker in an extra colour,
    /// `[name:c]` named piece (c = w, b, n or 3–6).
    fn extension(&mut self, rotation: Rotation) -> Result<Cell, ParseError> {
        self.pos += 1; // '['
        let cell = match self.peek().map(|ch| ch.c) {
            Some('-') => {
                if rotation != Rotation::NONE {
                    return Err(self.unexpected("a piece or text: a missing square cannot be rotated"));
                }
                self.pos += 1;
                Cell::Hole
            }
            Some('\'') => {
                self.pos += 1;
                let start = self.pos;
                while self.peek().is_some_and(|ch| ch.c.is_ascii_alphanumeric()) && self.pos - start < 2 {
                    self.pos += 1;
                }
                let text: String = self.chars[start..self.pos].iter().map(|ch| ch.c).collect();
                Cell::Text(Text::new(&text, rotation).ok_or_else(|| self.unexpected("one or two letters or digits"))?)
            }
            _ => {
                let start = self.pos;
                while self.peek().is_some_and(|ch| ch.c.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().map(|ch| ch.c).collect();
                if name.is_empty() {
                    return Err(self.unexpected("'-', ''' or a piece name after '['"));
                }
                self.expect(':', "':' and a colour after the piece name")?;
                let color = match self.next() {
                    Some(ch) => color_from_code(ch.c)
                        .ok_or(ParseError::new(ch.column, ParseErrorKind::BadColor { found: ch.c }))?,
                    None => return Err(self.unexpected("a colour (w b n 3 4 5 6)")),
                };
                let mut letters = name.chars();
                let single = match (letters.next(), letters.next()) {
                    (Some(c), None) if c.is_ascii_uppercase() => Some(c),
                    _ => None,
                };
                let kind = match single {
                    Some(c) => {
                        figure_for(c).map(PieceKind::Figure).or_else(|| marker_for(c).map(PieceKind::Marker)).ok_or(
                            ParseError::new(self.chars[start].column, ParseErrorKind::UnknownLetter { letter: c }),
                        )?
                    }
                    None => {
                        named_piece(&name, color, rotation)
                            .ok_or(ParseError::new(self.chars[start].column, ParseErrorKind::BadName))?
                            .kind
                    }
                };
                Cell::Piece(Piece { kind, color, rotation })
            }
        };
        self.expect(']', "']' closing the bracket")?;
        Ok(cell)
    }
}
