//! `POST /game.gif` with a `pgn` in place of `frames`, and the glyph badges lila-gif draws: lila-gif's own example
//! game (its `RequestBody::example`'s PGN) gives the frames of its JSON (`tests/fixtures/lila-gif-example.json`,
//! made from the same PGN by python-chess), and a glyph is lichess' coloured disc on the moved piece's square.

mod common;

use common::animation::{decode_gif, GifFrames};
use ffen_diagram::http::{plan, GameBody, Plan, Rendered, RequestInfo};

const EXAMPLE: &str = include_str!("fixtures/lila-gif-example.json");

/// lila-gif's example game, as its `src/api.rs` writes it.
const EXAMPLE_PGN: &str = "1. c4 Nf6 2. Nc3 e5 3. d4 exd4 4. Qxd4 Nc6 5. Qd1 Bb4 6. Bd2 O-O \
    7. e3 Bxc3 8. Bxc3 Ne4 9. Ne2 d6 10. Qc2 Re8 11. Nf4 Bf5 \
    12. Bd3 Qg5 13. O-O g6?! 14. Rae1? Nxc3 15. Qxc3 Bxd3 16. Qxd3 Ne5 \
    17. Qd1? Rad8?? 18. b3?? c6 19. Kh1 Qf5 20. Qa1 h5 21. Rd1 Ng4 \
    22. h3 Nf6 23. Qd4 a6 24. f3 Qe5 25. Rfe1 Qxd4 26. exd4 Rxe1+ \
    27. Rxe1 Kf8 28. h4 Re8?! 29. Rxe8+ Kxe8 30. Kg1 Ng8 31. Kf2 Nh6 \
    32. g3 Ke7 33. Ng2 Ke6 34. Ne3 a5 35. g4 f6 36. Kg3 d5 37. c5 Nf7? \
    38. Ng2? hxg4 39. fxg4 Nd8 40. Nf4+ Kf7 41. h5 g5 42. Ne2 Ne6 \
    43. Kf3 Kg7 44. Ke3 Kh6 45. Ng3 Ng7 46. Nf5+?? Nxf5+";

fn body(json: &str) -> GameBody {
    GameBody::read(json.as_bytes()).unwrap_or_else(|e| panic!("{e}"))
}

fn drawn(json: &str) -> GifFrames {
    let info = RequestInfo {
        method: "POST",
        path: "/game.gif",
        url_len: 40,
        body: Some(json.as_bytes()),
        ..RequestInfo::default()
    };
    let Plan::Game(job) = plan(&info) else { panic!("no game") };
    let Rendered::Diagram(r) = job.render() else { panic!("not drawn") };
    decode_gif(&r.body)
}

#[test]
fn lila_gifs_example_as_pgn_gives_the_frames_of_its_json() {
    let json = body(EXAMPLE).game;
    let pgn = body(&format!(r#"{{"pgn":"{EXAMPLE_PGN}","white":"GM DrDrunkenstein (2888)","delay":50}}"#)).game;
    assert_eq!(pgn.frames.len(), 93);
    for (i, (a, b)) in json.frames.iter().zip(&pgn.frames).enumerate() {
        assert_eq!((&a.board, a.last, a.check, a.glyph), (&b.board, b.last, b.check, b.glyph), "frame {i}");
    }
    // The names: the body's, else the tags'.
    let tagged = body(r#"{"pgn":"[White \"Anna\"]\n[Black \"Ben\"]\n1. e4 e5","black":"B"}"#).game;
    assert_eq!(tagged.bars, Some(["B".to_string(), "Anna".to_string()]));
}

#[test]
fn a_bad_pgn_is_refused_naming_the_move() {
    for (json, want) in [
        (r#"{"pgn":"1. e4 e5 2. Nf4"}"#, "pgn: move 3, Nf4: no knight can reach f4"),
        (r#"{"pgn":"1. e4","frames":[{}]}"#, "pgn: give frames or a pgn, not both"),
        (r#"{"pgn":"[FEN \"8/8/8 w - - 0 1\"] 1. Kb1"}"#, "pgn: the FEN tag: expected a chess board"),
        (r#"{"pgn":7}"#, "pgn: expected a string"),
        (r#"{"frames":[{"glyph":"!!!"}]}"#, "frames[0].glyph: expected one of"),
    ] {
        let error = GameBody::read(json.as_bytes()).unwrap_err().to_string();
        assert!(error.starts_with(want), "{json}: {error}");
    }
}

#[test]
fn a_glyph_is_lichess_badge_on_the_moved_piece_for_its_frame_only() {
    let d = drawn(r#"{"pgn":"1. e4?? e5! 2. Nf3!? Nc6?! 3. Bb5!!","white":"A"}"#);
    d.save(1, "badge-e4");
    d.save(5, "badge-bb5");
    // e4's square (file 4, rank 4) under the 60-px bar: the disc's right edge, 18 px down.
    let (sx, sy) = (4 * 90, 60 + 4 * 90);
    assert_eq!(d.pixel(1, sx + 88, sy + 18), [0xdf, 0x53, 0x53], "?? is red");
    assert_eq!(d.pixel(1, sx + 72, sy + 1), [0xdf, 0x53, 0x53], "the disc's top");
    assert_ne!(d.pixel(1, sx + 50, sy + 18), [0xdf, 0x53, 0x53], "outside the disc");
    assert_ne!(d.pixel(2, sx + 88, sy + 18), [0xdf, 0x53, 0x53], "gone with the next move");
    // e5's square (file 4, rank 5): `!` green.
    let (sx, sy) = (4 * 90, 60 + 3 * 90);
    assert_eq!(d.pixel(2, sx + 88, sy + 18), [0x22, 0xac, 0x38], "! is green");
    // White ink in the middle of the disc.
    let white =
        (0..36).flat_map(|y| (54..90).map(move |x| (x, y))).filter(|&(x, y)| d.pixel(2, sx + x, sy + y) == [255; 3]);
    assert!(white.count() > 10);
}

#[test]
fn a_pgn_tags_long_name_is_cut_within_the_name_limit_at_a_characters_end() {
    // (Found by the game fuzz target: 100 characters of a tag were taken, up to 400 bytes.)
    let long = "é".repeat(80);
    let pgn = format!("[White \"{long}\"]\n[Black \"B\"]\n\n1. e4 e5 *");
    let body = format!("{{\"pgn\":{}}}", serde_json::to_string(&pgn).unwrap());
    let read = ffen_diagram::http::GameBody::read(body.as_bytes()).unwrap();
    let [top, bottom] = read.game.bars.clone().expect("names");
    assert_eq!(bottom, "é".repeat(50));
    assert_eq!(top, "B");
}
