//! Fuzzes the `POST /game.gif` body reader (`http::GameBody::read`, over the JSON reader `http::json`): any bytes
//! give a body or an error naming a field, never a panic. A body read keeps its limits (1 to `MAX_FRAMES` frames,
//! names and comment within their bytes), its key is the cache version's and reads back: the game written out again
//! as a body (canonical FENs, explicit delays, the squares of its marks) has the same key. The JSON reader agrees
//! with the body reader (a body read was JSON; a JSON error is the body's error at `body`).
//!
//! Drawing a game (90-px squares, 720×840 pixels) costs a thousand times what reading it costs, so only one input in
//! [`DRAW_ONE_IN`] (chosen by a hash of the input, so a crash reproduces) with at most [`DRAW_FRAMES`] frames is
//! drawn, and its GIF checked: its size, its frames' count bound, its trailer.
#![no_main]

use ffen_diagram::http::{fnv1a64, json, GameBody, Json, CACHE_VERSION, MAX_COMMENT_BYTES, MAX_FRAMES, MAX_NAME_BYTES};
use libfuzzer_sys::fuzz_target;

/// One input in this many with few enough frames is drawn.
const DRAW_ONE_IN: u64 = 16;

/// The most frames an input drawn may have.
const DRAW_FRAMES: usize = 3;

fuzz_target!(|data: &[u8]| {
    let read = GameBody::read(data);
    let body = match (read, json(data)) {
        (Ok(body), Ok(_)) => body,
        (Err(e), Err(json)) => {
            assert_eq!((e.field.as_str(), e.message), ("body", json.to_string()));
            return;
        }
        (Err(e), Ok(value)) => {
            // JSON, but not the body: a field named, or a value that is no object.
            let object = matches!(value, Json::Object(_));
            assert!(e.field != "body" || (!object && e.message == "expected an object"), "{e}");
            assert!(!e.message.is_empty());
            return;
        }
        (Ok(_), Err(e)) => panic!("a body read that is no JSON: {e}"),
    };
    let game = &body.game;
    assert!((1..=MAX_FRAMES).contains(&game.frames.len()));
    assert!(game.comment.len() <= MAX_COMMENT_BYTES);
    for name in game.bars.iter().flatten() {
        assert!(name.len() <= MAX_NAME_BYTES);
    }
    assert!(game.bars.as_ref().is_none_or(|[a, b]| !a.is_empty() || !b.is_empty()));
    assert!(body.key.starts_with(&format!("{CACHE_VERSION}\ngame\n")) && body.key.ends_with("\ngif"));
    assert_eq!(
        body.key.lines().count(),
        4 + game.frames.len() + usize::from(game.bars.is_some()) + usize::from(!game.comment.is_empty())
    );
    // The game written out again reads back to the same key.
    let again = GameBody::read(rewrite(&body).as_bytes()).expect("a rewritten body reads");
    assert_eq!(again.key, body.key);
    // A PGN's reading cost is no part of the game drawn.
    assert_eq!(again.game, ffen_diagram::game::Game { reading_micros: 0, ..body.game.clone() });
    if game.frames.len() <= DRAW_FRAMES && fnv1a64(data) % DRAW_ONE_IN == 0 {
        let gif = game.write().expect("a game of chess boards is drawn");
        let (width, height) = game.size();
        assert!(gif.starts_with(b"GIF89a") && gif.ends_with(b";"));
        assert_eq!(
            [u32::from(u16::from_le_bytes([gif[6], gif[7]])), u32::from(u16::from_le_bytes([gif[8], gif[9]]))],
            [width, height]
        );
        let frames = gif.windows(2).filter(|w| w == &[0x21, 0xf9]).count();
        assert!(frames >= 1, "a frame at least");
    }
});

/// The body of `body`'s game as lila-gif's JSON: every value the reader resolved written out.
fn rewrite(body: &GameBody) -> String {
    let game = &body.game;
    let quote = |s: &str| {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
                c => out.push(c),
            }
        }
        out + "\""
    };
    let theme = body.key.lines().nth(2).and_then(|l| l.split(' ').nth(1)).expect("the theme in the key");
    let mut out = format!(
        "{{\"orientation\":\"{}\",\"theme\":\"{theme}\",\"coordinates\":{},\"comment\":{},\"delay\":7",
        if game.flip { "black" } else { "white" },
        game.coordinates,
        quote(&game.comment),
    );
    // The set, as the body names it (the key has it unless it is cburnett, the default).
    out += &format!(",\"piece\":\"{}\"", game.piece.name());
    if let Some([top, bottom]) = &game.bars {
        let (white, black) = if game.flip { (top, bottom) } else { (bottom, top) };
        out += &format!(",\"white\":{},\"black\":{}", quote(white), quote(black));
    }
    out += ",\"frames\":[";
    for (i, frame) in game.frames.iter().enumerate() {
        let last = frame.last.map_or("null".to_string(), |m| format!("\"{}{}\"", m.from, m.to));
        let check = frame.check.map_or("false".to_string(), |s| format!("\"{s}\""));
        let fen = ffen_diagram::ffen::canonical(&frame.board);
        let glyph = frame.glyph.map_or("null".to_string(), |g| quote(g.symbol()));
        out += &format!(
            "{}{{\"fen\":\"{fen}\",\"lastMove\":{last},\"check\":{check},\"delay\":{},\"glyph\":{glyph}}}",
            if i > 0 { "," } else { "" },
            frame.delay
        );
    }
    out + "]}"
}
