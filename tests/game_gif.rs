//! lila-gif's `POST /game.gif` through the planner: its example game (`tests/fixtures/lila-gif-example.json`,
//! rebuilt by `scripts/lila-gif-example.py`) answers a GIF decoded by the `gif` crate, frame by frame, at lila-gif's
//! geometry with the players' bars; its last frame is the still of the final position; the body's errors name
//! their field; the cache URL is the body's canonical key.

mod common;

use common::animation::decode_gif as decode;
use ffen_diagram::http::{
    plan, GameJob, Plan, Rendered, RequestInfo, CACHE_VERSION, MAX_BODY_BYTES, MAX_COMMENT_BYTES, MAX_FRAMES,
    MAX_NAME_BYTES,
};
use ffen_diagram::{CostLimit, Format};

const EXAMPLE: &str = include_str!("fixtures/lila-gif-example.json");

/// Held by each test: what the cost model admits depends on the isolate's sprite and tile caches, which one test's
/// games (93 frames in another theme) could fill and so evict another's tiles between its drawing and its prediction.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn post(body: &[u8]) -> Plan {
    let info =
        RequestInfo { method: "POST", path: "/game.gif", url_len: 40, body: Some(body), ..RequestInfo::default() };
    plan(&info)
}

fn job(body: &str) -> Box<GameJob> {
    match post(body.as_bytes()) {
        Plan::Game(job) => job,
        Plan::Respond(r) => panic!("{} {}", r.status, String::from_utf8_lossy(&r.body)),
        Plan::Diagram(_) => panic!("a diagram"),
    }
}

fn gif(job: &GameJob) -> Vec<u8> {
    match job.render() {
        Rendered::Diagram(r) => {
            assert_eq!(r.header("content-type"), Some("image/gif"));
            assert_eq!(r.header("etag"), Some(job.etag().to_string().as_str()));
            r.body
        }
        Rendered::Failed(r) => panic!("{}", String::from_utf8_lossy(&r.body)),
    }
}

/// The status and message of a refused body.
fn refused(body: &[u8]) -> (u16, String) {
    match post(body) {
        Plan::Respond(r) => (r.status, String::from_utf8_lossy(&r.body).trim_end().to_string()),
        _ => panic!("accepted: {}", String::from_utf8_lossy(body)),
    }
}

#[test]
fn lila_gifs_example_is_93_frames_at_its_geometry_with_the_players_bars() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let job = job(EXAMPLE);
    let bytes = gif(&job);
    if let Ok(dir) = std::env::var("GAME_GIF_PNG") {
        std::fs::write(format!("{dir}/example.gif"), &bytes).unwrap();
    }
    let d = decode(&bytes);
    assert_eq!((d.width, d.height), (720, 840));
    assert_eq!(d.canvases.len(), 93);
    // Each frame after the first is the squares that changed, under the top bar.
    assert_eq!(d.rects[0], (0, 0, 720, 840));
    for &(x, y, w, h) in &d.rects[1..] {
        assert!(x % 90 == 0 && (y - 60) % 90 == 0 && w % 90 == 0 && h % 90 == 0 && y >= 60 && y + h <= 780);
    }
    // 1.c4: c2 to c4, one file, three ranks.
    assert_eq!(d.rects[1], (180, 60 + 4 * 90, 90, 3 * 90));
    let mut delays = vec![50; 92];
    delays.push(500);
    assert_eq!(d.delays, delays);
    // The bars: lila-gif's dark grey, the names in light grey, the title `GM` in gold (Black's name at the top).
    let bar = [0x26, 0x24, 0x21];
    assert_eq!((d.pixel(0, 2, 2), d.pixel(0, 715, 57), d.pixel(0, 2, 838)), (bar, bar, bar));
    let colours = |top: usize, left: usize, right: usize| {
        let mut seen = std::collections::BTreeSet::new();
        for y in top..top + 60 {
            for x in left..right {
                seen.insert(d.pixel(0, x, y));
            }
        }
        seen
    };
    for top in [0, 780] {
        assert!(colours(top, 0, 60).contains(&[0xbf, 0x81, 0x1d]), "the title in gold");
        assert!(!colours(top, 0, 60).contains(&[0xba, 0xba, 0xba]));
        assert!(colours(top, 70, 700).contains(&[0xba, 0xba, 0xba]), "the name in grey");
    }
    // Black's name is longer: its ink reaches further right.
    let ink_right = |top: usize| (0..720).rev().find(|&x| (top..top + 60).any(|y| d.pixel(0, x, y) != bar)).unwrap();
    assert!(ink_right(0) > ink_right(780));
    // The board: a1 dark brown at its lower left corner, a8 light at the upper left.
    assert_eq!(d.pixel(0, 1, 779), [0xb5, 0x88, 0x63]);
    assert_eq!(d.pixel(0, 1, 61), [0xf0, 0xd9, 0xb5]);
    d.save(0, "first");
    d.save(1, "c4");
    d.save(92, "last");
    // At most 0.8 of lila-gif's own GIF of this game (371,875 bytes: its `GET /example.gif`, built from its public
    // source, `scripts/cost`'s lila-gif rows).
    assert!(bytes.len() * 10 <= 371_875 * 8, "{} bytes", bytes.len());
}

#[test]
fn every_frame_is_the_still_of_its_position() {
    // Each frame as a decoder composes it (its pixels that show already left transparent, its glyph's badge, the
    // coordinates) against the same body with that frame alone.
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let example: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    let game = decode(&gif(&job(EXAMPLE)));
    for (i, canvas) in game.canvases.iter().enumerate() {
        let mut still = example.clone();
        still["frames"] = serde_json::json!([example["frames"][i].clone()]);
        let one = decode(&gif(&job(&still.to_string())));
        assert!(*canvas == one.canvases[0], "frame {i} differs from its still");
    }
}

#[test]
fn the_last_frame_is_the_still_of_the_final_position() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let example: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    let last = example["frames"][92].clone();
    let mut still = example.clone();
    still["frames"] = serde_json::json!([last]);
    let game = decode(&gif(&job(EXAMPLE)));
    let one = decode(&gif(&job(&still.to_string())));
    assert_eq!(one.canvases.len(), 1);
    assert!(game.canvases[92] == one.canvases[0], "the last frame differs from the still");
    // Without coordinates or names, the board is the modern route's still, cut out of its frame: the same squares,
    // highlights and glow, pixel for pixel.
    let mut plain = still.clone();
    for field in ["white", "black"] {
        plain.as_object_mut().unwrap().remove(field);
    }
    plain["coordinates"] = serde_json::json!(false);
    let board = decode(&gif(&job(&plain.to_string())));
    assert_eq!((board.width, board.height), (720, 720));
    let fen = "8/1p6/2p2p1k/p1Pp1npP/3P2P1/1P2K3/P7/8";
    let query = format!("ffen={fen}&size=90&light=f0d9b5&dark=b58863&lastmove=g7f5&lastmove_style=lichess&check=e3");
    let info = RequestInfo {
        method: "GET",
        path: "/diagram.png",
        query: Some(&query),
        url_len: 200,
        ..RequestInfo::default()
    };
    let Plan::Diagram(diagram) = plan(&info) else { panic!("{query}") };
    assert_eq!(diagram.format(), Format::Png);
    let Rendered::Diagram(png) = diagram.render() else { panic!() };
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png.body));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    let (width, channels) = (info.width as usize, info.color_type.samples());
    assert_eq!(width, 724, "a 2-px frame around 720 px of squares");
    for y in 0..720 {
        for x in 0..720 {
            let at = ((y + 2) * width + x + 2) * channels;
            assert_eq!(board.pixel(0, x, y), buffer[at..at + 3], "({x}, {y})");
        }
    }
}

#[test]
fn orientation_theme_and_names() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let body = |extra: &str| format!(r#"{{"frames":[{{"fen":"4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}]{extra}}}"#);
    // No names: no bars, the board alone.
    let d = decode(&gif(&job(&body(""))));
    assert_eq!((d.width, d.height), (720, 720));
    // One name: both bars; with `orientation: black` Black is at the bottom (White's name at the top) and the
    // board is turned: a8 at the lower right.
    let d = decode(&gif(&job(&body(r#","white":"BOT Stockfish","orientation":"black","theme":"blue""#))));
    assert_eq!((d.width, d.height), (720, 840));
    let bar = |top: usize| -> Vec<[u8; 3]> {
        (top..top + 60).flat_map(|y| (0..720).map(move |x| (x, y))).map(|(x, y)| d.pixel(0, x, y)).collect()
    };
    assert!(bar(0).contains(&[0xb7, 0x2f, 0xc6]), "BOT in its purple, at the top");
    assert!(bar(780).iter().all(|&p| p == [0x26, 0x24, 0x21]), "an empty bar for Black");
    // lila-gif's blue: a8 (light) at the lower right, h8 (dark) at the lower left.
    assert_eq!(d.pixel(0, 718, 778), [0xde, 0xe3, 0xe6]);
    assert_eq!(d.pixel(0, 1, 778), [0x8c, 0xa2, 0xad]);
    // Aliases are their theme; pink has its own colours.
    let wood = job(&body(r#","theme":"wood","coordinates":"no""#));
    assert_eq!(wood.key(), job(&body(r#","theme":"brown","coordinates":false"#)).key());
    let d = decode(&gif(&job(&body(r#","theme":"pink","coordinates":"0""#))));
    assert_eq!((d.pixel(0, 1, 1), d.pixel(0, 91, 1)), ([0xf1, 0xf1, 0xc9], [0xf0, 0x72, 0x72]));
}

#[test]
fn the_cache_url_is_the_bodys_canonical_key() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let a = r#"{"frames":[{"fen":"4k3/8/8/8/8/8/8/4K3 w","lastMove":"e2e1","check":"e1"}],"white":"A","delay":50}"#;
    let b = concat!(
        "{ \"white\" : \"A\",\n \"frames\" : [ { \"check\": \"e1\", \"lastMove\": \"e2e1\",\n",
        "\"fen\": \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\", \"clock\": {} } ] ,",
        " \"theme\": \"maple\", \"piece\": \"merida\" }",
    );
    let (a, b) = (job(a), job(b));
    assert_eq!(a.key(), b.key());
    assert_eq!(a.cache_url("https://h.example"), b.cache_url("https://h.example"));
    assert_eq!(a.etag(), b.etag());
    let want = "game\nwhite brown coordinates=1\nbars \"\" \"A\"\n4k3/8/8/8/8/8/8/4K3 e2e1 e1 50\ngif";
    assert_eq!(a.key(), format!("{CACHE_VERSION}\n{want}"));
    let url = a.cache_url("https://h.example/").unwrap();
    assert!(
        url.starts_with(&format!("https://h.example/__cache/game.gif?v={CACHE_VERSION}&key=game%0Awhite")),
        "{url}"
    );
    assert!(url.ends_with(&format!("&etag={}", a.etag().to_string().trim_matches('"'))), "{url}");
    // Anything drawn differently is another key: the delay, a name, the check.
    let other =
        job(r#"{"frames":[{"fen":"4k3/8/8/8/8/8/8/4K3 w","lastMove":"e2e1","check":"e1","delay":51}],"white":"A"}"#);
    assert_ne!(other.key(), a.key());
    // A glyph is drawn on the moved piece: in the key where a piece stands on the move's square.
    let glyph =
        job(r#"{"frames":[{"fen":"4k3/8/8/8/8/8/8/4K3 w","lastMove":"e2e1","check":"e1","glyph":"?"}],"white":"A"}"#);
    assert!(glyph.key().contains(" e2e1 e1 50 ?\n"), "{}", glyph.key());
    let empty =
        job(r#"{"frames":[{"fen":"4k3/8/8/8/8/8/8/4K3 w","lastMove":"e1e2","check":"e1","glyph":"?"}],"white":"A"}"#);
    assert!(empty.key().contains(" e1e2 e1 50\n"), "nothing on e2: no badge");
    let no_check = job(r#"{"frames":[{"fen":"4k3/8/8/8/8/8/8/4K3 w","lastMove":"e2e1","check":"e2"}],"white":"A"}"#);
    assert!(no_check.key().contains(" e2e1 - 50"), "no king on e2: no glow");
    // `piece`: a set we have is drawn and keyed (the default, and every set drawn as it, is left out of the key).
    let body = |piece: &str| format!(r#"{{"frames":[{{"fen":"4k3/8/8/8/8/8/8/4K3 w"}}],"piece":"{piece}"}}"#);
    let chessnut = job(&body("chessnut"));
    assert!(chessnut.key().contains("\nwhite brown coordinates=1 piece=chessnut\n"), "{}", chessnut.key());
    assert_eq!(job(&body("cburnett")).key(), job(&body("merida")).key());
    assert!(!job(&body("cburnett")).key().contains("piece"));
    assert_ne!(gif(&chessnut), gif(&job(&body("cburnett"))));
    // Every set's game fits a GIF's palette: names in bars, a last move and a check on each theme's squares.
    for set in ["chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi"] {
        for theme in ["brown", "pink", "purple"] {
            let game = format!(
                r#"{{"white":"BOT A","black":"GM B","piece":"{set}","theme":"{theme}","frames":[{{}},
                {{"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w","lastMove":"e7e5"}},
                {{"fen":"rnb1kbnr/pppp1ppp/8/4p3/4PP1q/8/PPPP2PP/RNBQKBNR w","lastMove":"d8h4","check":"e1"}}]}}"#
            );
            assert!(!gif(&job(&game)).is_empty(), "{set} {theme}");
        }
    }
    // A game too long for a URL is drawn every time, never stored.
    let frames = vec![r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w","lastMove":"e2e4"}"#; MAX_FRAMES];
    let long = job(&format!(r#"{{"frames":[{}]}}"#, frames.join(",")));
    assert_eq!(long.cache_url("https://h.example"), None);
}

#[test]
fn a_bad_body_is_a_400_naming_its_field() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let cases: &[(&str, &str)] = &[
        ("", "body: unexpected end at byte 0"),
        ("{\"frames\": [}", "body: unexpected character at byte 12"),
        ("[]", "body: expected an object"),
        ("{}", "frames: expected an array of frames"),
        (r#"{"frames":[]}"#, "frames: 0 frames: 1 to 501 are drawn"),
        (r#"{"frames":[1]}"#, "frames[0]: expected an object"),
        (r#"{"frames":[{},{"fen":"8/8/8"}]}"#, "frames[1].fen: expected a chess FEN"),
        (
            r#"{"frames":[{"fen":"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"}]}"#,
            "frames[0].fen: expected a chess FEN",
        ),
        (
            r#"{"frames":[{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ"}]}"#,
            "frames[0].fen: expected a chess FEN",
        ),
        (r#"{"frames":[{"fen":"8/8/8/8/8/8/8/8 x"}]}"#, "frames[0].fen: expected a chess FEN"),
        (r#"{"frames":[{"fen":7}]}"#, "frames[0].fen: expected a string"),
        (r#"{"frames":[{"lastMove":"e2"}]}"#, "frames[0].lastMove: expected a UCI move"),
        (r#"{"frames":[{"lastMove":"e2e4x"}]}"#, "frames[0].lastMove: expected a UCI move"),
        // Not a character boundary where a square would end (found by the fuzzer).
        (r#"{"frames":[{"lastMove":"dћ4"}]}"#, "frames[0].lastMove: expected a UCI move"),
        (r#"{"frames":[{"check":"ћ"}]}"#, "frames[0].check: expected a yes or no"),
        (r#"{"frames":[{"check":"z9"}]}"#, "frames[0].check: expected a yes or no"),
        (r#"{"frames":[{"check":1}]}"#, "frames[0].check: expected a yes or no"),
        (r#"{"frames":[{"delay":-1}]}"#, "frames[0].delay: expected a whole number"),
        (r#"{"frames":[{"delay":65536}]}"#, "frames[0].delay: expected a whole number"),
        (r#"{"frames":[{}],"delay":2.5}"#, "delay: expected a whole number"),
        (r#"{"frames":[{}],"delay":null}"#, "delay: expected a whole number"),
        (r#"{"frames":[{}],"theme":"wood5"}"#, "theme: expected one of blue, brown, green, ic, pink, purple"),
        (r#"{"frames":[{}],"piece":"nope"}"#, "piece: expected one of alpha, anarcandy,"),
        (r#"{"frames":[{}],"orientation":"White"}"#, "orientation: expected one of white, black"),
        (r#"{"frames":[{}],"coordinates":"maybe"}"#, "coordinates: expected true, false"),
        (r#"{"frames":[{}],"white":1}"#, "white: expected a string"),
        (r#"{"frames":[{}],"frames":[{}]}"#, "frames: given twice"),
        (r#"{"frames":[{"fen":"8/8/8/8/8/8/8/8","fen":"8/8/8/8/8/8/8/8"}]}"#, "frames[0].fen: given twice"),
    ];
    for (body, want) in cases {
        let (status, message) = refused(body.as_bytes());
        assert_eq!(status, 400, "{body}");
        assert!(message.starts_with(&format!("invalid /game.gif body: {want}")), "{body}: {message}");
    }
    let name = "x".repeat(MAX_NAME_BYTES + 1);
    let (_, message) = refused(format!(r#"{{"frames":[{{}}],"black":"{name}"}}"#).as_bytes());
    assert_eq!(message, "invalid /game.gif body: black: longer than 100 bytes");
    let comment = "é".repeat(MAX_COMMENT_BYTES / 2 + 1);
    let (_, message) = refused(format!(r#"{{"frames":[{{}}],"comment":"{comment}"}}"#).as_bytes());
    assert_eq!(message, "invalid /game.gif body: comment: longer than 255 bytes");
    let frames = vec!["{}"; MAX_FRAMES + 1].join(",");
    let (_, message) = refused(format!(r#"{{"frames":[{frames}]}}"#).as_bytes());
    assert_eq!(message, "invalid /game.gif body: frames: 502 frames: 1 to 501 are drawn");
    // Unknown fields, null names, lila-gif's glyphs and clocks: ignored.
    job(r#"{"frames":[{"glyph":"?!","clock":{"white":100}}],"white":null,"extra":[1,{"a":null}],"extra":2}"#);
}

#[test]
fn a_body_over_its_limit_is_a_413_unread() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let big = vec![b' '; MAX_BODY_BYTES as usize + 1];
    assert_eq!(refused(&big).0, 413);
    let info = RequestInfo {
        method: "POST",
        path: "/game.gif",
        url_len: 40,
        content_length: Some(MAX_BODY_BYTES + 1),
        ..RequestInfo::default()
    };
    let Plan::Respond(r) = plan(&info) else { panic!() };
    assert_eq!(r.status, 413);
    // The limit follows from the frames': 501 frames of 256 bytes and 4 KB.
    assert_eq!(MAX_BODY_BYTES, 501 * 256 + 4096);
    assert_eq!(
        String::from_utf8_lossy(&r.body).trim_end(),
        "request body too large: 132353 bytes or more, the limit is 132352"
    );
    let max = MAX_BODY_BYTES;
    assert!(!ffen_diagram::http::body_wanted("POST", "/game.gif", Some(max + 1), max));
    assert!(ffen_diagram::http::body_wanted("POST", "/game.gif", None, max));
    assert!(!ffen_diagram::http::body_wanted("GET", "/game.gif", None, max));
    // Under the Free plan's CPU limit less is read (100 ns a byte: 8 ms is 80,000 bytes), refused before parsing.
    let free = ffen_diagram::CostLimit::new(8);
    assert_eq!(ffen_diagram::http::max_body_bytes(free), 80_000);
    let over = RequestInfo { cost_limit: free, content_length: Some(80_001), ..info };
    let Plan::Respond(r) = plan(&over) else { panic!() };
    assert_eq!(r.status, 413);
    assert_eq!(
        String::from_utf8_lossy(&r.body).trim_end(),
        "request body too large: 80001 bytes or more; under this service's CPU limit (FFEN_MAX_RENDER_MS) at most \
         80000 bytes are read (132352 without it)"
    );
}

#[test]
fn only_post_reaches_the_route() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for method in ["GET", "HEAD", "PUT"] {
        let info = RequestInfo { method, path: "/game.gif", url_len: 40, ..RequestInfo::default() };
        let Plan::Respond(r) = plan(&info) else { panic!() };
        assert_eq!((r.status, r.header("allow")), (405, Some("POST")), "{method}");
    }
    let info = RequestInfo { method: "POST", path: "/diagram.gif", url_len: 40, ..RequestInfo::default() };
    let Plan::Respond(r) = plan(&info) else { panic!() };
    assert_eq!((r.status, r.header("allow")), (405, Some("GET, HEAD")));
}

#[test]
fn the_cost_model_refuses_what_is_over_the_limit() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let with_limit = |body: &str, ms: u32| {
        let info = RequestInfo {
            method: "POST",
            path: "/game.gif",
            url_len: 40,
            body: Some(body.as_bytes()),
            cost_limit: CostLimit::new(ms),
            ..RequestInfo::default()
        };
        plan(&info)
    };
    let Plan::Respond(r) = with_limit(EXAMPLE, 8) else { panic!("the example is over 8 ms") };
    assert_eq!(r.status, 400);
    let message = String::from_utf8_lossy(&r.body);
    assert!(message.contains("720×840 pixels") && message.contains("FFEN_MAX_RENDER_MS"), "{message}");
    assert!(matches!(with_limit(EXAMPLE, 30_000), Plan::Game(_)));
    // The shipped limit serves the example's first seven frames, names, coordinates and all (a short game).
    let first = |n: usize| {
        let mut body: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
        body["frames"] = serde_json::Value::Array(body["frames"].as_array().unwrap()[..n].to_vec());
        body.to_string()
    };
    // (Its pieces and squares drawn first, as a busy isolate holds them: a fresh one is charged for its new tiles,
    // and refuses until it has drawn them.)
    drop(job(&first(8)).render());
    let admitted = (1..=93).take_while(|&n| matches!(with_limit(&first(n), 8), Plan::Game(_))).last();
    assert_eq!(admitted, Some(7));
    // The prediction grows with the frames, each by what it changes.
    let game = job(EXAMPLE);
    let cost = game.game().cost();
    assert_eq!((cost.width, cost.height), (720, 840));
    assert!(cost.micros > 20_000 && cost.micros < 1_000_000, "{cost:?}");
}

/// A game whose squares this isolate has not drawn (the green theme, no other test's) is refused under the shipped
/// limit while its tiles are new: a `400` never stored, which draws what the limit allows of them, so that asking
/// again is admitted (each refusal about 2.5 ms of them, a tile of few colours charged its code at both depths
/// searched: ten refusals for these).
#[test]
fn a_game_refused_for_its_new_tiles_is_admitted_once_they_are_drawn() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let body = common::lila_gif_body(7, Some("green"));
    let info = common::post_game(&body, 8);
    let mut refusals = 0;
    while let Plan::Respond(r) = plan(&info) {
        let message = String::from_utf8_lossy(&r.body);
        assert_eq!((r.status, r.header("cache-control")), (400, Some("no-store")), "{message}");
        assert!(message.contains("has not drawn yet"), "{message}");
        refusals += 1;
        assert!(refusals <= 11, "still refused: {message}");
    }
    assert!(refusals >= 1, "its 30-odd new tiles are more than the new sprites' budget, five sixteenths of the limit");
}
