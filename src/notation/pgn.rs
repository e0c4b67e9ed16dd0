//! PGN, as lichess and chess.com export a game: its tags (`[White "…"]`, `[SetUp "1"]`, `[FEN "…"]`), its
//! mainline in SAN with move numbers, comments (`{ [%clk 0:03:00] }`, `; …` to the end of the line), NAGs (`$1`)
//! and marks (`!?`), variations `( … )` (skipped, nested too), and its result. A text of several games gives its
//! first. The moves are [`Moves`] of one line, each SAN, found on the board when played
//! ([`crate::notation::replay`]); each move's glyph is kept ([`Glyph`]: a mark written on it, else its first NAG
//! that is one).
//!
//! ```
//! use ffen_diagram::pgn::{Glyph, Pgn};
//! let pgn: Pgn = "[White \"Anna\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 $2 2. Nf3 (2. f4 exf4) Nc6?! 1-0".parse().unwrap();
//! assert_eq!(pgn.tag("White"), Some("Anna"));
//! assert_eq!(pgn.moves.len(), 4);
//! assert_eq!(pgn.glyphs, [None, Some(Glyph::Mistake), None, Some(Glyph::Dubious)]);
//! ```

use crate::notation::board::{Board, Cell, Color};
use crate::notation::ffen::{self, Dialect};
use crate::notation::moves::token::read_move;
use crate::notation::moves::{side_to_move, Action, Move, MoveError, Moves, MAX_MOVES};
use crate::notation::san::San;
use std::str::FromStr;

/// The longest PGN read, in bytes: room for [`MAX_MOVES`] moves of 128 bytes each (the SAN, its number, a clock
/// and an evaluation comment, as lichess writes them) and 4 KB of tags.
pub const MAX_PGN_BYTES: usize = 4096 + 128 * MAX_MOVES;

/// The chess start position.
pub const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A move's glyph, as lichess draws it on the moved piece (lila-gif's `MoveGlyph`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`, NAG 1.
    Good,
    /// `!!`, NAG 3.
    Brilliant,
    /// `?`, NAG 2.
    Mistake,
    /// `??`, NAG 4.
    Blunder,
    /// `!?`, NAG 5.
    Interesting,
    /// `?!`, NAG 6.
    Dubious,
    /// `□`, NAG 7 (the only move).
    OnlyMove,
    /// `⨀`, NAG 22 or 23 (zugzwang).
    Zugzwang,
}

impl Glyph {
    /// Every glyph.
    pub const ALL: [Glyph; 8] = [
        Glyph::Good,
        Glyph::Brilliant,
        Glyph::Mistake,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
        Glyph::OnlyMove,
        Glyph::Zugzwang,
    ];

    /// The glyph as lila-gif's API and lichess write it.
    pub fn symbol(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Brilliant => "!!",
            Glyph::Mistake => "?",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
            Glyph::OnlyMove => "□",
            Glyph::Zugzwang => "⨀",
        }
    }

    /// The glyph a symbol is (lila-gif also reads `O` for zugzwang).
    pub fn from_symbol(symbol: &str) -> Option<Glyph> {
        if symbol == "O" {
            return Some(Glyph::Zugzwang);
        }
        Glyph::ALL.into_iter().find(|g| g.symbol() == symbol)
    }

    /// Whether the badge of a move's glyph shows on the square the move reached, `file` from 0 and `rank` from 1 on
    /// `board` (the position after the move): as lila-gif, only where a piece stands.
    pub fn shows_on(board: &Board, file: usize, rank: usize) -> bool {
        let y = board.height().checked_sub(rank);
        matches!(y.and_then(|y| board.get(file, y)), Some(Cell::Piece(_)))
    }

    /// Its NAG, as a PGN writes it after the move (`$1`; [`Glyph::from_nag`] reads it back).
    pub fn nag(self) -> u32 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
            Glyph::OnlyMove => 7,
            Glyph::Zugzwang => 22,
        }
    }

    /// The glyph of a NAG, if it is one.
    pub fn from_nag(nag: u32) -> Option<Glyph> {
        match nag {
            1 => Some(Glyph::Good),
            2 => Some(Glyph::Mistake),
            3 => Some(Glyph::Brilliant),
            4 => Some(Glyph::Blunder),
            5 => Some(Glyph::Interesting),
            6 => Some(Glyph::Dubious),
            7 => Some(Glyph::OnlyMove),
            22 | 23 => Some(Glyph::Zugzwang),
            _ => None,
        }
    }
}

/// A game read from PGN: its tags, its mainline and each move's glyph.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pgn {
    /// The tags, in order.
    pub tags: Vec<(String, String)>,
    /// The mainline: one line of SAN moves.
    pub moves: Moves,
    /// Each move's glyph.
    pub glyphs: Vec<Option<Glyph>>,
}

/// The start of a game: its board, the side to move and the position's text (for its castling and en passant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// The board.
    pub board: Board,
    /// Who moves first.
    pub side: Color,
    /// The FEN it was read from.
    pub fen: String,
}

impl Pgn {
    /// The value of tag `name`, if given.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The position the game starts from: its `FEN` tag, else the chess start position; or why the tag is no
    /// position.
    pub fn start(&self) -> Result<GameStart, String> {
        let fen = self.tag("FEN").unwrap_or(INITIAL).trim();
        let field = fen.split_whitespace().next().unwrap_or("");
        let board = ffen::parse(field, Dialect::Janko).map_err(|e| format!("the FEN tag: {e}"))?;
        Ok(GameStart { board, side: side_to_move(fen), fen: fen.to_string() })
    }
}

/// Why a PGN does not read: at move `number` (the next move's place), `text`, `why`.
fn bad(number: usize, text: &str, why: &str) -> MoveError {
    MoveError::Unreadable { number, text: text.to_string(), why: why.to_string() }
}

impl FromStr for Pgn {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Pgn, MoveError> {
        if text.len() > MAX_PGN_BYTES {
            return Err(bad(0, "PGN", &format!("{} bytes: at most {MAX_PGN_BYTES} are read", text.len())));
        }
        let mut pgn = Pgn::default();
        let mut line: Vec<Move> = Vec::new();
        let mut rest = text.trim_start_matches('\u{feff}');
        let mut depth = 0usize;
        let next = |line: &Vec<Move>| line.len() + 1;
        while let Some(c) = rest.chars().next() {
            let after = &rest[c.len_utf8()..];
            match c {
                c if c.is_whitespace() => rest = after,
                '{' => rest = after.split_once('}').ok_or_else(|| bad(next(&line), "{", "a comment without its }"))?.1,
                ';' => rest = after.split_once('\n').map_or("", |(_, r)| r),
                '%' if rest.len() == text.len() || text[..text.len() - rest.len()].ends_with('\n') => {
                    rest = after.split_once('\n').map_or("", |(_, r)| r)
                }
                '(' => (depth, rest) = (depth + 1, after),
                ')' => {
                    depth = depth.checked_sub(1).ok_or_else(|| bad(next(&line), ")", "a ) without its ("))?;
                    rest = after;
                }
                '[' if depth == 0 => {
                    // A tag after the moves starts the next game: the first one is played.
                    if !line.is_empty() {
                        break;
                    }
                    let (tag, tail) =
                        read_tag(after).ok_or_else(|| bad(1, "[", "expected a tag such as [White \"Anna\"]"))?;
                    pgn.tags.push(tag);
                    rest = tail;
                }
                _ => {
                    let end = rest.find(|c: char| c.is_whitespace() || "{}()[];".contains(c)).unwrap_or(rest.len());
                    let (word, tail) = rest.split_at(end.max(c.len_utf8()));
                    rest = tail;
                    if depth > 0 {
                        continue;
                    }
                    if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&word) {
                        break;
                    }
                    read_word(word, &mut line, &mut pgn.glyphs)?;
                }
            }
        }
        if depth > 0 {
            return Err(bad(next(&line), "(", "a variation without its )"));
        }
        if !line.is_empty() {
            pgn.moves.lines.push(line);
        }
        Ok(pgn)
    }
}

/// A tag's name and value after its `[`, and the text after its `]`.
fn read_tag(text: &str) -> Option<((String, String), &str)> {
    let text = text.trim_start();
    let name_end = text.find(|c: char| c.is_whitespace() || c == '"')?;
    let (name, rest) = text.split_at(name_end);
    let mut chars = rest.trim_start().strip_prefix('"')?.char_indices();
    let mut value = String::new();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => value.extend(chars.next().map(|(_, c)| c)),
            '"' => {
                let tail = rest.trim_start()[1 + i + 1..].trim_start().strip_prefix(']')?;
                return Some(((name.to_string(), value), tail));
            }
            c => value.push(c),
        }
    }
    None
}

/// A word of the movetext: a move number, a NAG (the last move's glyph), or a move with its marks.
fn read_word(word: &str, line: &mut Vec<Move>, glyphs: &mut Vec<Option<Glyph>>) -> Result<(), MoveError> {
    let number = line.len() + 1;
    if let Some(nag) = word.strip_prefix('$') {
        let nag: u32 = nag.parse().map_err(|_| bad(number, word, "expected a NAG such as $1"))?;
        if let Some(last) = glyphs.last_mut() {
            *last = last.or(Glyph::from_nag(nag));
        }
        return Ok(());
    }
    // A mark standing apart (`e4 !?`) belongs to the move before.
    if let Some(glyph) = Glyph::from_symbol(word).filter(|_| word.starts_with(['!', '?'])) {
        if let Some(last) = glyphs.last_mut() {
            *last = last.or(Some(glyph));
        }
        return Ok(());
    }
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let san_word = match word[digits..].trim_start_matches(['.', '…']) {
        rest if digits > 0 && rest.len() < word.len() - digits => rest,
        _ => word,
    };
    if san_word.is_empty() || san_word == "e.p." {
        return Ok(());
    }
    let body = san_word.trim_end_matches(['!', '?']);
    let glyph = Glyph::from_symbol(&san_word[body.len()..]);
    let actions = match body.parse::<San>() {
        Ok(san) => vec![Action::San(san)],
        // A move in coordinates (`e2e4`, `e7e8q`), as the canonical link of a game with glyphs writes its moves.
        Err(why) => read_move(body)
            .ok()
            .filter(|actions| matches!(actions.as_slice(), [Action::Step { .. }] | [Action::Castle { .. }]))
            .ok_or_else(|| bad(number, san_word, &why))?,
    };
    if number > MAX_MOVES {
        return Err(MoveError::TooMany(number));
    }
    // A game's first move numbered for Black (`1... O-O`) is Black's, as its canonical link writes it.
    let after_number = &word[digits..];
    let black_by_number =
        line.is_empty() && digits > 0 && (after_number.starts_with("...") || after_number.starts_with('…'));
    line.push(Move { number, text: san_word.to_string(), black_by_number, actions });
    glyphs.push(glyph);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_lichess_export() {
        let text = "[Event \"Rated Blitz game\"]\n[White \"A \\\"quoted\\\" name\"]\n[SetUp \"1\"]\n\
            [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O { [%clk 0:03:00] } 1... Kd7 $4 ; a comment\n\
            2. Rd1+ (2. Re1 Kd6 (2... Kc7)) 2... Kc6 3. Rd2 1-0\n\n[Event \"Second\"]\n1. e4 *";
        let pgn: Pgn = text.parse().unwrap();
        assert_eq!(pgn.tag("White"), Some("A \"quoted\" name"));
        let words: Vec<&str> = pgn.moves.lines[0].iter().map(|m| m.text.as_str()).collect();
        assert_eq!(words, ["O-O", "Kd7", "Rd1+", "Kc6", "Rd2"]);
        assert_eq!(pgn.glyphs[1], Some(Glyph::Blunder));
        assert_eq!(pgn.start().unwrap().side, Color::White);
    }

    #[test]
    fn names_what_is_wrong() {
        let error = "1. e4 e5 2. Zf3".parse::<Pgn>().unwrap_err();
        assert!(error.to_string().starts_with("move 3, Zf3: expected a move in SAN"), "{error}");
        assert_eq!("1. e4 (1. d4".parse::<Pgn>().unwrap_err().to_string(), "move 2, (: a variation without its )");
        assert!("1. e4 { clock".parse::<Pgn>().is_err());
        assert!(matches!("e4 ".repeat(MAX_MOVES + 1).parse::<Pgn>(), Err(MoveError::TooMany(_))));
    }
}
