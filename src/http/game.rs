//! `POST /game.gif`: lila-gif's JSON body read into a [`Game`] (docs/animation.md, "lila-gif's `/game.gif`") and its
//! cache key (the job that draws it is `http.rs`'s `GameJob`).
//!
//! The body is lila-gif's `RequestBody` (its `src/api.rs`): `white`, `black`, `comment`, `orientation`, `delay`
//! (hundredths of a second, 50 by default), `theme`, `piece`, `coordinates` and `frames`, each frame a `fen`, a
//! `delay`, a `lastMove`, a `check` and a `glyph` (`!`, `?`, `!!`, `??`, `!?`, `?!`, `□`, `⨀`: drawn as lichess' badge
//! on the moved piece). In place of `frames`, a `pgn`: the game's mainline from its `FEN` tag or the start
//! position, a frame a move with its check and its glyph (the move's NAG or mark), the names from its `White` and
//! `Black` tags unless `white` and `black` are given ([`crate::pgn`]). Read strictly, as lila-gif's derived reader does: a value of the wrong
//! type, a name or comment over its length, an unknown theme, a position that is not a chess board, a repeated
//! field are refused, each with the field's place (`frames[3].fen: …`); unknown fields are ignored.

use super::cache::CACHE_VERSION;
use super::json::{json, Json};
use crate::notation::board::{Board, Cell, Color, Figure, PieceKind};
use crate::notation::ffen::{self, Dialect};
use crate::notation::legal::{Castling, Position};
use crate::notation::moves::{MoveError, MAX_MOVES};
use crate::notation::pgn::{Glyph, Pgn};
use crate::notation::replay::{self, Start};
use crate::options::furniture::{Move, SquareName};
use crate::options::piece_set::PieceSet;
use crate::output::cost::{CostLimit, BODY_BYTE_NANOS};
use crate::output::game::{Game, GameFrame};
use crate::pixels::Rgb;
use crate::words::json::string;
use std::fmt;

/// The route.
pub const GAME_PATH: &str = "/game.gif";

/// The most bytes a frame's JSON object takes: a FEN of an 8×8 board with its fields (at most about 90 bytes), the
/// last move, the check, the delay and the glyph, with indentation (lila-gif's example: about 110 bytes a frame).
pub const MAX_FRAME_BYTES: u64 = 256;

/// The largest body read, in bytes: [`MAX_FRAMES`] frames of [`MAX_FRAME_BYTES`] and 4 KB for the rest (the
/// names, the comment, the look), so that a limit on the frames is a limit on what is read. lila-gif's 93-frame
/// example is 12 KB. A deployment's CPU limit may read less ([`max_body_bytes`]).
pub const MAX_BODY_BYTES: u64 = MAX_FRAMES as u64 * MAX_FRAME_BYTES + 4096;

/// The most body bytes read under the CPU limit `limit` (`None`: no limit): a byte costs [`BODY_BYTE_NANOS`] to read
/// and parse, charged before any of it is parsed, so a body cannot cost more to read than the limit allows
/// (8 ms: 80,000 bytes, a game of about 500 frames as lila-gif writes them); never more than [`MAX_BODY_BYTES`].
pub fn max_body_bytes(limit: Option<CostLimit>) -> u64 {
    limit.map_or(MAX_BODY_BYTES, |limit| MAX_BODY_BYTES.min(u64::from(limit.millis()) * 1_000_000 / BODY_BYTE_NANOS))
}

/// The most frames: a start position and [`MAX_MOVES`] moves, as many as `moves=` plays.
pub const MAX_FRAMES: usize = MAX_MOVES + 1;

/// The longest player's name and comment, in bytes (lila-gif's limits).
pub const MAX_NAME_BYTES: usize = 100;
/// See [`MAX_NAME_BYTES`].
pub const MAX_COMMENT_BYTES: usize = 255;

/// The frame delay without `delay`, in hundredths of a second.
pub const DEFAULT_DELAY: u16 = 50;

/// lila-gif's board themes' names: its six, then the lichess board names it reads as one of them ([`THEME_OF`]).
const THEME_NAMES: [&str; 25] = [
    "blue",
    "brown",
    "green",
    "ic",
    "pink",
    "purple",
    "blue2",
    "blue3",
    "blue-marble",
    "canvas",
    "wood",
    "wood2",
    "wood3",
    "wood4",
    "maple",
    "maple2",
    "marble",
    "grey",
    "metal",
    "olive",
    "newspaper",
    "horsey",
    "green-plastic",
    "leather",
    "purple-diag",
];
/// The theme each of [`THEME_NAMES`] is (an index of [`THEME_COLOURS`]).
const THEME_OF: [usize; 25] = [0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 5];
/// lila-gif's themes' light and dark squares (its `theme/make-sprites.py`).
const THEME_COLOURS: [(Rgb, Rgb); 6] = [
    (Rgb(0xde, 0xe3, 0xe6), Rgb(0x8c, 0xa2, 0xad)),
    (Rgb(0xf0, 0xd9, 0xb5), Rgb(0xb5, 0x88, 0x63)),
    (Rgb(0xff, 0xff, 0xdd), Rgb(0x86, 0xa6, 0x66)),
    (Rgb(0xec, 0xec, 0xec), Rgb(0xc1, 0xc1, 0x8e)),
    (Rgb(0xf1, 0xf1, 0xc9), Rgb(0xf0, 0x72, 0x72)),
    (Rgb(0x9f, 0x90, 0xb0), Rgb(0x7d, 0x4a, 0x8d)),
];

/// lila-gif's piece sets: each is read, and drawn as [`PieceSet::from_lila`] says (the set itself where we have it).
const PIECES: [&str; 38] = [
    "alpha",
    "anarcandy",
    "caliente",
    "california",
    "cardinal",
    "cburnett",
    "celtic",
    "chess7",
    "chessnut",
    "companion",
    "cooke",
    "disguised",
    "dubrovny",
    "fantasy",
    "firi",
    "fresca",
    "gioco",
    "governor",
    "horsey",
    "icpieces",
    "kiwen-suwi",
    "kosal",
    "leipzig",
    "letter",
    "maestro",
    "merida",
    "monarchy",
    "mpchess",
    "pirouetti",
    "pixel",
    "reillycraig",
    "rhosgfx",
    "riohacha",
    "shapes",
    "spatial",
    "staunty",
    "tatiana",
    "xkcd",
];

/// The fields read, of the body and of a frame (lila-gif's `clock` is not drawn: ignored, as every other field).
const BODY_FIELDS: [&str; 10] =
    ["white", "black", "comment", "orientation", "delay", "theme", "piece", "coordinates", "frames", "pgn"];
const FRAME_FIELDS: [&str; 5] = ["fen", "delay", "lastMove", "check", "glyph"];

/// What lila-gif reads as yes and as no (`coordinates`, `check`).
const YES: [&str; 3] = ["1", "yes", "true"];
const NO: [&str; 3] = ["0", "no", "false"];

/// A field of the body that cannot be read: where (`frames[3].fen`, or `body` for the JSON itself) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyError {
    /// The field's place.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for BodyError {}

/// The members of an object, where a field's value is taken from: the body's, or frame `frame`'s.
struct Fields<'a> {
    members: &'a [(String, Json)],
    frame: Option<usize>,
}

impl<'a> Fields<'a> {
    /// The object `value` (the body, or frame `frame`), whose fields `known` may each be given once (as lila-gif's
    /// reader refuses a field given twice; another name may repeat).
    fn of(value: &'a Json, frame: Option<usize>, known: &[&str]) -> Result<Fields<'a>, BodyError> {
        let Json::Object(members) = value else {
            let place = frame.map_or("body".to_string(), |i| format!("frames[{i}]"));
            return Err(BodyError { field: place, message: "expected an object".into() });
        };
        let fields = Fields { members, frame };
        for (i, (name, _)) in members.iter().enumerate() {
            if known.contains(&name.as_str()) && members[..i].iter().any(|(n, _)| n == name) {
                return Err(fields.bad(name, "given twice"));
            }
        }
        Ok(fields)
    }

    /// The error of field `name`: its place and `message`.
    fn bad(&self, name: &str, message: &str) -> BodyError {
        let field = match self.frame {
            Some(i) => format!("frames[{i}].{name}"),
            None => name.to_string(),
        };
        BodyError { field, message: message.to_string() }
    }

    /// The value of `name`, if given (`null` is given).
    fn get(&self, name: &str) -> Option<&'a Json> {
        self.members.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// A string field, `None` when absent or `null`; at most `max` bytes.
    fn text(&self, name: &str, max: usize) -> Result<Option<&'a str>, BodyError> {
        match self.get(name) {
            None | Some(Json::Null) => Ok(None),
            Some(Json::Str(s)) if s.len() <= max => Ok(Some(s)),
            Some(Json::Str(_)) => Err(self.bad(name, &format!("longer than {max} bytes"))),
            Some(_) => Err(self.bad(name, "expected a string")),
        }
    }

    /// A delay in hundredths of a second, `None` when absent (or `null`, where `null` is allowed).
    fn delay(&self, name: &str, null: bool) -> Result<Option<u16>, BodyError> {
        let delay = match self.get(name) {
            None => return Ok(None),
            Some(Json::Null) if null => return Ok(None),
            Some(Json::Number(n)) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse().ok(),
            Some(_) => None,
        };
        delay.map(Some).ok_or_else(|| self.bad(name, "expected a whole number of hundredths of a second, 0 to 65535"))
    }

    /// A yes or no: `true`, `false`, or one of [`YES`] and [`NO`]; `default` when absent. `Err` with another
    /// string (which `check` reads as a square), `Err("")` with another type.
    fn switch(&self, name: &str, default: bool) -> Result<bool, &'a str> {
        match self.get(name) {
            None => Ok(default),
            Some(Json::Bool(b)) => Ok(*b),
            Some(Json::Str(s)) if YES.contains(&s.as_str()) => Ok(true),
            Some(Json::Str(s)) if NO.contains(&s.as_str()) => Ok(false),
            Some(Json::Str(s)) => Err(s),
            Some(_) => Err(""),
        }
    }

    /// Which of `names` the field is, `None` when absent; the first `shown` of them are named in the error.
    fn choice(&self, name: &str, names: &[&str], shown: usize) -> Result<Option<usize>, BodyError> {
        let Some(value) = self.get(name) else { return Ok(None) };
        let text = if let Json::Str(s) = value { s.as_str() } else { "" };
        match names.iter().position(|n| *n == text) {
            Some(i) => Ok(Some(i)),
            None => Err(self.bad(name, &format!("expected one of {}", names[..shown].join(", ")))),
        }
    }
}

/// A `POST /game.gif` body read: the game to draw and its cache key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBody {
    /// What to draw.
    pub game: Game,
    /// The cache key: [`CACHE_VERSION`], `game`, the settings and each frame, one per line, then `gif`.
    pub key: String,
}

impl GameBody {
    /// Reads a body; see the module documentation.
    pub fn read(bytes: &[u8]) -> Result<GameBody, BodyError> {
        let value = json(bytes).map_err(|e| BodyError { field: "body".into(), message: e.to_string() })?;
        let body = Fields::of(&value, None, &BODY_FIELDS)?;
        let [white, black] = [body.text("white", MAX_NAME_BYTES)?, body.text("black", MAX_NAME_BYTES)?];
        let comment = body.text("comment", MAX_COMMENT_BYTES)?.unwrap_or("");
        let flip = body.choice("orientation", &["white", "black"], 2)? == Some(1);
        let delay = body.delay("delay", false)?.unwrap_or(DEFAULT_DELAY);
        let theme = THEME_OF[body.choice("theme", &THEME_NAMES, 6)?.unwrap_or(1)];
        let piece = body
            .choice("piece", &PIECES, PIECES.len())?
            .map_or(PieceSet::default(), |i| PieceSet::from_lila(PIECES[i]));
        let coordinates = body.switch("coordinates", true).map_err(|_| body.bad("coordinates", YES_OR_NO))?;
        let pgn_bytes = body.text("pgn", crate::notation::pgn::MAX_PGN_BYTES)?.map_or(0, str::len);
        let (read, names) = match (body.get("frames"), body.text("pgn", crate::notation::pgn::MAX_PGN_BYTES)?) {
            (Some(_), Some(_)) => return Err(body.bad("pgn", "give frames or a pgn, not both")),
            (None, Some(pgn)) => {
                let game: Pgn = pgn.parse().map_err(|e: MoveError| body.bad("pgn", &e.to_string()))?;
                let frames = pgn_frames(&game, delay).map_err(|why| body.bad("pgn", &why))?;
                // A tag longer than a name may be is cut at a character's end within the limit (a PGN's names are
                // not the poster's to shorten).
                let tag = |name| game.tag(name).map(|v| clipped(v, MAX_NAME_BYTES).to_string());
                (frames, [tag("White"), tag("Black")])
            }
            (frames, None) => (read_frames(&body, frames, delay)?, [None, None]),
        };
        let [white, black] = [(white, &names[0]), (black, &names[1])]
            .map(|(given, tag)| given.map(str::to_string).or_else(|| tag.clone()).unwrap_or_default());
        let shown = !white.is_empty() || !black.is_empty();
        let bars = shown.then_some(if flip { [white, black] } else { [black, white] });
        let (light, dark) = THEME_COLOURS[theme];
        let reading_micros = match pgn_bytes {
            0 => 0,
            bytes => crate::output::cost::reading_micros(read.len() - 1, 64, bytes),
        };
        let colours = (light, dark);
        let game = Game {
            frames: read,
            bars,
            flip,
            coordinates,
            colours,
            comment: comment.to_string(),
            reading_micros,
            piece,
        };
        let key = key(&game, THEME_NAMES[theme]);
        Ok(GameBody { game, key })
    }
}

/// The frames of `frames` (the body's field), each read with the body's `delay` as its default.
fn read_frames(body: &Fields<'_>, frames: Option<&Json>, delay: u16) -> Result<Vec<GameFrame>, BodyError> {
    let Some(Json::Array(frames)) = frames else {
        return Err(body.bad("frames", "expected an array of frames (or a pgn)"));
    };
    if frames.is_empty() || frames.len() > MAX_FRAMES {
        return Err(body.bad("frames", &format!("{} frames: 1 to {MAX_FRAMES} are drawn", frames.len())));
    }
    let mut read = Vec::with_capacity(frames.len());
    for (i, frame) in frames.iter().enumerate() {
        read.push(read_frame(&Fields::of(frame, Some(i), &FRAME_FIELDS)?, delay)?);
    }
    Ok(read)
}

/// A PGN's frames: its start, then a frame a move of its mainline (found on the board by the rules of chess), each
/// with its last move, the king of the side to move under the glow when in check, and the move's glyph.
fn pgn_frames(game: &Pgn, delay: u16) -> Result<Vec<GameFrame>, String> {
    let start = game.start()?;
    if (start.board.width(), start.board.height()) != (8, 8) {
        return Err("the FEN tag: expected a chess board of 8 ranks of 8 squares".into());
    }
    let (side, rules) = (start.side, Start::read(&start.fen));
    let moves = replay::resolve(&game.moves, &start.board, side, rules).map_err(|e| e.to_string())?;
    let lines = moves.play(&start.board, side).map_err(|e| e.to_string())?;
    let check = |board: &Board, side: Color| {
        let position = Position { board: board.clone(), side, castling: Castling::default(), passed: None };
        let at = position.checked_king()?;
        SquareName::new(at.0, at.1)
    };
    let mut frames =
        vec![GameFrame { check: check(&start.board, side), board: start.board, last: None, delay, glyph: None }];
    let mut side = side;
    for (i, step) in lines.into_iter().flatten().enumerate() {
        side = if side == Color::White { Color::Black } else { Color::White };
        let last = step.last.and_then(|(from, to)| {
            Some(Move { from: SquareName::new(from.file, from.rank)?, to: SquareName::new(to.file, to.rank)? })
        });
        let glyph = game.glyphs.get(i).copied().flatten();
        frames.push(GameFrame { check: check(&step.board, side), board: step.board, last, delay, glyph });
    }
    Ok(frames)
}

/// What `glyph` takes, for messages.
const GLYPH_EXPECTED: &str = "expected one of \"!\", \"?\", \"!!\", \"??\", \"!?\", \"?!\", \"□\", \"⨀\"";

/// What `check` takes, for messages.
const CHECK_EXPECTED: &str = "expected a yes or no (true, \"yes\", …) or a square such as \"e1\"";

/// What `coordinates` and `check` take as yes or no, for messages.
const YES_OR_NO: &str = "expected true, false, or one of \"1\", \"yes\", \"true\", \"0\", \"no\", \"false\"";

/// A frame: its position (the start position without `fen`), its delay (the body's without one), the squares of
/// its last move, the square of its king in check.
fn read_frame(frame: &Fields<'_>, delay: u16) -> Result<GameFrame, BodyError> {
    let fen = frame.text("fen", usize::MAX)?.unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    let (board, black) = chess_board(fen).ok_or_else(|| {
        frame.bad("fen", "expected a chess FEN: 8 ranks of 8 squares (pnbrqk, PNBRQK, 1 to 8), then w or b")
    })?;
    let delay = frame.delay("delay", true)?.unwrap_or(delay);
    let last = match frame.text("lastMove", usize::MAX)? {
        Some(uci) => {
            uci_move(uci).ok_or_else(|| frame.bad("lastMove", "expected a UCI move: e2e4, e7e8q, P@e4, 0000"))?
        }
        None => None,
    };
    // lila-gif glows only under a king: `yes` is the king of the side to move, a square is that square if a king
    // stands there.
    let king = |color: Option<Color>, square: Option<SquareName>| {
        let cells = board.cells().iter().enumerate();
        let kings = cells.filter(|(_, c)| {
            matches!(c, Cell::Piece(p) if p.kind == PieceKind::Figure(Figure::King)
            && color.is_none_or(|color| p.color == color))
        });
        let at = |i: usize| SquareName::new(i % 8, 8 - i / 8);
        kings.map(|(i, _)| at(i)).find(|&at| square.is_none_or(|square| at == Some(square))).flatten()
    };
    let check = match frame.switch("check", false) {
        Ok(false) => None,
        Ok(true) => king(Some(if black { Color::Black } else { Color::White }), None),
        Err(square) if chess_square(square.as_bytes()).is_some() => king(None, chess_square(square.as_bytes())),
        Err(_) => return Err(frame.bad("check", CHECK_EXPECTED)),
    };
    let glyph = match frame.text("glyph", 8)? {
        Some(symbol) => Some(Glyph::from_symbol(symbol).ok_or_else(|| frame.bad("glyph", GLYPH_EXPECTED))?),
        None => None,
    };
    Ok(GameFrame { board, last, check, delay, glyph })
}

/// The square of a chess board (`a1` to `h8`) that `name` names, if any.
fn chess_square(name: &[u8]) -> Option<SquareName> {
    match name {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => SquareName::new(usize::from(file - b'a'), usize::from(rank - b'0')),
        _ => None,
    }
}

/// A chess FEN's board and whether Black is to move: the board field 8 ranks of 8 squares (digits and `pnbrqk` in
/// either case; a crazyhouse pocket `[…]` and promoted marks `~` dropped, as the link families drop them), the side
/// to move `w` or `b` if given; castling, en passant and the clocks are not drawn and not read.
fn chess_board(fen: &str) -> Option<(Board, bool)> {
    let mut fields = fen.split(' ');
    let field = fields.next()?.split('[').next()?.replace('~', "");
    let ranks: Vec<usize> = (field.split('/'))
        .map(|rank| {
            rank.chars().map(|c| if "pnbrqkPNBRQK".contains(c) { 1 } else { c.to_digit(9).unwrap_or(9) as usize }).sum()
        })
        .collect();
    let black = match fields.next() {
        None | Some("w") => false,
        Some("b") => true,
        Some(_) => return None,
    };
    if ranks != [8; 8] || field.contains('0') {
        return None;
    }
    Some((ffen::parse(&field, Dialect::Janko).ok()?, black))
}

/// A UCI move's highlighted squares: `Some(None)` for a drop (`P@e4`) or the null move (`0000`), which highlight
/// nothing here; `None` for what is no UCI move.
fn uci_move(uci: &str) -> Option<Option<Move>> {
    match uci.as_bytes() {
        b"0000" | [b'P' | b'N' | b'B' | b'R' | b'Q' | b'K', b'@', b'a'..=b'h', b'1'..=b'8'] => Some(None),
        &[a, b, c, d, ref promotion @ ..] if matches!(promotion, [] | [b'p' | b'n' | b'b' | b'r' | b'q' | b'k']) => {
            Some(Some(Move { from: chess_square(&[a, b])?, to: chess_square(&[c, d])? }))
        }
        _ => None,
    }
}

/// The cache key of a game drawn with the theme `theme`: the parsed values printed again in one order, so the
/// body's spacing, field order, theme alias, the piece set's name (its set drawn counts) and the frames' defaults do
/// not matter.
fn key(game: &Game, theme: &str) -> String {
    let orientation = if game.flip { "black" } else { "white" };
    let mut key = format!("{CACHE_VERSION}\ngame\n{orientation} {theme} coordinates={}", u8::from(game.coordinates));
    // The default set is left out, so that the keys of bodies without `piece` (or naming a set drawn as cburnett)
    // stay as they were.
    if game.piece != PieceSet::default() {
        key += &format!(" piece={}", game.piece.name());
    }
    key.push('\n');
    if let Some([top, bottom]) = &game.bars {
        key += &format!("bars {} {}\n", string(top), string(bottom));
    }
    if !game.comment.is_empty() {
        key += &format!("comment {}\n", string(&game.comment));
    }
    for frame in &game.frames {
        let squares: Vec<String> = frame.last.iter().flat_map(|m| [m.from, m.to]).map(|s| s.to_string()).collect();
        let check = frame.check.map(|s| s.to_string());
        let last = if squares.is_empty() { "-".into() } else { squares.concat() };
        let board = ffen::canonical(&frame.board);
        let glyph = frame.drawn_glyph().map_or(String::new(), |g| format!(" {}", g.symbol()));
        key += &format!("{board} {last} {} {}{glyph}\n", check.as_deref().unwrap_or("-"), frame.delay);
    }
    key + "gif"
}

/// `text` cut to at most `max` bytes, at the end of a character.
fn clipped(text: &str, max: usize) -> &str {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
