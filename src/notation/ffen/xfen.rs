//! yacpdb's XFEN, as yacpdb's own diagram script reads it: 8×8 boards, tokens of one character or several inside
//! parentheses.
//!
//! A token is `B?` `!?` glyph digit? (the `B` in either case): `B` borders the square, `!` makes the piece neutral,
//! the glyph is one of `k q r b s n p e a o f w d x` (upper case white, lower case black; `s` and `n` the knight),
//! and a digit 1–7 turns it. Outside parentheses `1`–`8` are empty squares and `/` ends a rank.

use super::error::{ParseError, ParseErrorKind};
use super::grid::{Builder, Ranks, Stream};
use super::input::{end_column, Ch, Cursor};
use crate::notation::board::{Board, Cell, Checkering, Color, Figure, Marker, Piece, PieceKind, Rotation};

/// Files and ranks of every XFEN board.
const SIDE: usize = 8;

/// One token as read.
enum Token {
    /// Empty squares.
    Empty(usize),
    /// One square, possibly bordered.
    Square { cell: Cell, bordered: bool },
    /// `/`.
    EndRank,
}

/// Reads prepared XFEN.
pub(super) fn parse(chars: &[Ch]) -> Result<Board, ParseError> {
    let end_column = end_column(chars);
    let mut tokens = tokens(chars)?;
    if !tokens.iter().any(|(token, _)| matches!(token, Token::EndRank)) {
        return flat(tokens, end_column);
    }
    if matches!(tokens.last(), Some((Token::EndRank, _))) {
        tokens.pop(); // one trailing '/'
    }
    let mut board = Ranks::new(chars.first().map_or(end_column, |ch| ch.column));
    for (token, column) in tokens {
        match token {
            Token::EndRank => {
                if board.width() != SIDE {
                    return Err(rank_width(board.width(), column));
                }
                if board.count() == SIDE {
                    return Err(ParseError::new(
                        column,
                        ParseErrorKind::RankCount { height: SIDE + 1, expected: SIDE },
                    ));
                }
                board.end_rank(column + 1)?;
            }
            Token::Empty(run) => {
                if board.width() + run > SIDE {
                    return Err(rank_width(board.width() + run, column));
                }
                board.push_empty(run, column)?;
            }
            Token::Square { cell, bordered } => {
                if board.width() == SIDE {
                    return Err(rank_width(SIDE + 1, column));
                }
                if bordered {
                    board.mark_border(column);
                }
                board.push(cell, column)?;
            }
        }
    }
    if board.width() != SIDE {
        return Err(rank_width(board.width(), end_column));
    }
    if board.count() != SIDE {
        return Err(ParseError::new(end_column, ParseErrorKind::RankCount { height: board.count(), expected: SIDE }));
    }
    board.finish(Checkering::DarkLowerLeft, end_column)
}

fn rank_width(width: usize, column: usize) -> ParseError {
    ParseError::new(column, ParseErrorKind::RankWidth { width, expected: SIDE })
}

/// XFEN without any `/`: the 64 squares fill the board row by row, as yacpdb's script reads every XFEN.
fn flat(tokens: Vec<(Token, usize)>, end_column: usize) -> Result<Board, ParseError> {
    let mut board = Stream::new(SIDE);
    for (token, column) in tokens {
        let added = match &token {
            Token::Empty(run) => *run,
            Token::Square { .. } => 1,
            Token::EndRank => 0, // not in a board without '/'
        };
        if board.len() + added > SIDE * SIDE {
            let height = (board.len() + added).div_ceil(SIDE);
            return Err(ParseError::new(column, ParseErrorKind::RankCount { height, expected: SIDE }));
        }
        match token {
            Token::Empty(run) => board.push_empty(run, column)?,
            Token::Square { cell, bordered } => {
                if bordered {
                    board.mark_border(column);
                }
                board.push(cell, column)?;
            }
            Token::EndRank => {}
        }
    }
    match board.len() {
        n if n == SIDE * SIDE => board.finish(Checkering::DarkLowerLeft, end_column),
        0 => Err(ParseError::new(end_column, ParseErrorKind::Empty)),
        n if n % SIDE != 0 => Err(rank_width(n % SIDE, end_column)),
        n => Err(ParseError::new(end_column, ParseErrorKind::RankCount { height: n / SIDE, expected: SIDE })),
    }
}

/// Splits the input into tokens with their columns.
fn tokens(chars: &[Ch]) -> Result<Vec<(Token, usize)>, ParseError> {
    let mut tokens = Vec::new();
    let mut input = Cursor::new(chars);
    while let Some(ch) = input.next() {
        let token = match ch.c {
            '1'..='8' => Token::Empty(ch.c as usize - '0' as usize),
            '/' => Token::EndRank,
            '(' => {
                let inside = input.parenthesised("')' closing the token")?;
                if inside.is_empty() {
                    Token::Empty(1) // yacpdb's script draws "()" as an empty square
                } else {
                    square(inside)?
                }
            }
            _ => square(&[ch])?,
        };
        tokens.push((token, ch.column));
    }
    Ok(tokens)
}

/// How a glyph turns in yacpdb's drawings.
#[derive(Clone, Copy)]
enum Turns {
    /// By any number of quarter turns (the pieces).
    Any,
    /// By an odd or even number of them (the square marker `e`).
    Parity,
    /// Not at all (the other markers, `w d x`).
    Never,
}

/// What an XFEN glyph (either case) draws and how it turns, or `None` for a character that is no glyph.
///
/// `e a o f` are the square, triangle, circle and cross markers, as converters between XFEN and janko's notation
/// map them; `w d x` have no counterpart in janko's notation and are drawn as fairy pieces named by the letter.
fn glyph(c: char) -> Option<(PieceKind, Turns)> {
    let letter = c.to_ascii_lowercase();
    Some(match letter {
        's' | 'n' => (PieceKind::Figure(Figure::Knight), Turns::Any),
        'e' => (PieceKind::Marker(Marker::Square), Turns::Parity),
        'a' => (PieceKind::Marker(Marker::Triangle), Turns::Never),
        'o' => (PieceKind::Marker(Marker::Circle), Turns::Never),
        'f' => (PieceKind::Marker(Marker::Cross), Turns::Never),
        'w' | 'd' | 'x' => (PieceKind::from_letter_or_fairy(letter)?, Turns::Never),
        _ => (PieceKind::Figure(Figure::from_letter(letter)?), Turns::Any),
    })
}

/// One token `B? !? glyph digit?`.
fn square(token: &[Ch]) -> Result<Token, ParseError> {
    // The B of a border is told from a bishop by what follows it: a glyph or '!' (yacpdb's pattern, tried with the
    // B first, reads "Bk" as a bordered king and "B1" as a turned bishop).
    let (bordered, rest) = match token {
        [b, rest @ ..]
            if b.c.eq_ignore_ascii_case(&'b') && rest.first().is_some_and(|c| c.c == '!' || glyph(c.c).is_some()) =>
        {
            (true, rest)
        }
        _ => (false, token),
    };
    let (neutral, rest) = match rest {
        [bang, rest @ ..] if bang.c == '!' => (true, rest),
        _ => (false, rest),
    };
    let Some((glyph_ch, rest)) = rest.split_first() else {
        let column = token.last().map_or(1, |ch| ch.column + 1);
        return Err(ParseError::new(column, ParseErrorKind::UnexpectedEnd { expected: GLYPH_EXPECTED }));
    };
    let Some((kind, turning)) = glyph(glyph_ch.c) else {
        return Err(unexpected(glyph_ch, GLYPH_EXPECTED));
    };
    let turns = match rest {
        [] => 0,
        [digit] => match digit.c.to_digit(10) {
            // 4–7 stand for 45° turns, which yacpdb's script does not draw either: it takes them modulo 4, 0 as 1.
            Some(d @ 1..=3) => d,
            Some(d @ 4..=7) => (d % 4).max(1),
            _ => return Err(unexpected(digit, "a rotation digit 1-7")),
        },
        [_, extra, ..] => return Err(unexpected(extra, "')' after the rotation digit")),
    };
    let turns = match turning {
        Turns::Any => turns,
        Turns::Parity => turns % 2,
        Turns::Never => 0,
    };
    // yacpdb's script draws `x` white whatever its case or `!`.
    let color = match (neutral, glyph_ch.c) {
        (_, 'x' | 'X') => Color::White,
        (true, _) => Color::Neutral,
        (false, c) => Color::from_case(c),
    };
    let piece = Piece { kind, color, rotation: Rotation::new(turns) };
    Ok(Token::Square { cell: Cell::Piece(piece), bordered })
}

const GLYPH_EXPECTED: &str = "an XFEN glyph (k q r b s n p e a o f w d x; upper case white, lower case black)";

fn unexpected(ch: &Ch, expected: &'static str) -> ParseError {
    ParseError::new(ch.column, ParseErrorKind::Unexpected { found: ch.c, expected })
}

#[cfg(test)]
mod tests {
    use crate::notation::ffen::tests::assert_errors;
    use crate::notation::ffen::{canonical, parse, Dialect, ParseErrorKind};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    fn xfen(s: &str) -> String {
        canonical(&parse(s, Dialect::Xfen).unwrap_or_else(|e| panic!("{s:?}: {e}")))
    }

    /// The canonical string of `token` standing on a1 of an otherwise empty board, without the empty ranks.
    fn on_a1(token: &str) -> String {
        let text = xfen(&format!("8/8/8/8/8/8/8/{token}"));
        text.strip_prefix("8/8/8/8/8/8/8/").unwrap().to_string()
    }

    #[test]
    fn tokens_as_converters_and_yacpdb_write_them() {
        assert_eq!(xfen(START), START);
        assert_eq!(xfen("rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR"), START);
        assert_eq!(
            xfen("rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            "rnbqkbnr/pppp-pppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        );
        let cases: &[(&str, &str)] = &[
            // Neutral, turned (FEN-Tool writes "-*2N" as "(!S2)", "*1k" as "(k1)", "-k" as "(!k)").
            ("(!S2)7", "-*2n7"),
            ("(k1)7", "*1k7"),
            ("(!k)7", "-k7"),
            ("(!K3)7", "-*3k7"),
        ];
        for &(token, expected) in cases {
            assert_eq!(on_a1(token), expected, "{token}");
        }
        // 4-7 are 45° turns yacpdb's script does not draw: taken modulo 4, 0 as 1.
        for (token, expected) in [("(k4)7", "*1k7"), ("(k5)7", "*1k7"), ("(k6)7", "*2k7"), ("(k7)7", "*3k7")] {
            assert_eq!(on_a1(token), expected, "{token}");
        }
        // A leading B (either case) borders the square; "B" alone, or before a digit, is the bishop.
        for (token, expected) in [
            ("(Bk)7", "[]k7"),
            ("(bK)7", "[]K7"),
            ("(BB)7", "[]B7"),
            ("(bb2)7", "[]*2b7"),
            ("(B!S3)7", "[]-*3n7"),
            ("(B1)7", "*1B7"),
            ("(B)7", "B7"),
            ("(b)7", "b7"),
            ("B7", "B7"),
        ] {
            assert_eq!(on_a1(token), expected, "{token}");
        }
        // Markers: e square, a triangle, o circle, f cross (case = colour, '!' neutral). The square turns by an odd or
        // even number of quarter turns, the others not at all, as yacpdb draws them.
        for (token, expected) in [
            ("E7", "S7"),
            ("(e1)7", "*1s7"),
            ("(e2)7", "s7"),
            ("(E7)7", "*1S7"),
            ("a7", "t7"),
            ("(A3)7", "T7"),
            ("o7", "c7"),
            ("(!f)7", "-x7"),
            ("(BF)7", "[]X7"),
        ] {
            assert_eq!(on_a1(token), expected, "{token}");
        }
        // w and d: fairy pieces named by the letter; x: the same, always white and never turned.
        for (token, expected) in
            [("w7", "[w:b]7"), ("(D)7", "[d:w]7"), ("(!w1)7", "[w:n]7"), ("x7", "[x:w]7"), ("(!x2)7", "[x:w]7")]
        {
            assert_eq!(on_a1(token), expected, "{token}");
        }
        // "()" is an empty square in yacpdb's script.
        assert_eq!(on_a1("()()K5"), "2K5");
    }

    #[test]
    fn boards_without_slashes_fill_row_by_row() {
        assert_eq!(xfen("rnbqkbnrpppppppp8888PPPPPPPPRNBQKBNR"), START);
        let e = parse("rnbqkbnrpppppppp8888PPPPPPPPRNBQKBN", Dialect::Xfen).unwrap_err();
        assert_eq!((e.column, e.kind), (36, ParseErrorKind::RankWidth { width: 7, expected: 8 }));
        let e = parse("88888888K", Dialect::Xfen).unwrap_err();
        assert_eq!((e.column, e.kind), (9, ParseErrorKind::RankCount { height: 9, expected: 8 }));
        let e = parse("8888888", Dialect::Xfen).unwrap_err();
        assert_eq!((e.column, e.kind), (8, ParseErrorKind::RankCount { height: 7, expected: 8 }));
    }

    #[test]
    fn errors_say_what_and_where() {
        let cases: &[(&str, usize, &str)] = &[
            ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 18, "this rank has 9 squares; every rank has exactly 8"),
            ("rnbqkbnr/pppppppp/44/8/8/8/8/PPPPPPPP/RNBQKBNR", 38, "the board has 9 ranks"),
            ("7/8/8/8/8/8/8/8", 2, "this rank has 7 squares"),
            ("8/8/8/8/8/8/8", 14, "the board has 7 ranks"),
            ("8/8/8/8/8/8/8/7", 16, "this rank has 7 squares"),
            ("8/8/8/8/8/8/8/(k9)7", 17, "a rotation digit 1-7"),
            ("8/8/8/8/8/8/8/(k0)7", 17, "a rotation digit 1-7"),
            ("8/8/8/8/8/8/8/(kk)7", 17, "a rotation digit 1-7"),
            ("8/8/8/8/8/8/8/(k1k)7", 18, "')' after the rotation digit"),
            ("8/8/8/8/8/8/8/(z)7", 16, "an XFEN glyph"),
            ("8/8/8/8/8/8/8/c7", 15, "an XFEN glyph"),
            ("8/8/8/8/8/8/8/97", 15, "found '9'"),
            ("8/8/8/8/8/8/8/(!)7", 17, "found the end"),
            ("8/8/8/8/8/8/8/(k7", 18, "')' closing the token"),
            ("{W}8/8/8/8/8/8/8/8", 1, "found '{'"),
            ("", 1, "no square"),
        ];
        assert_errors(Dialect::Xfen, cases);
        assert_eq!(xfen("8/8/8/8/8/8/8/71"), "8/8/8/8/8/8/8/8");
    }

    #[test]
    fn one_trailing_slash_and_the_shared_clean_up() {
        assert_eq!(xfen(&format!("{START}/")), START);
        assert_eq!(xfen(&format!("{START} w - - 0 1")), START);
        assert!(parse(&format!("{START}//"), Dialect::Xfen).is_err());
    }
}
