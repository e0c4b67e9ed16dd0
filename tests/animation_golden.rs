//! Animations served by the planner, checked frame by frame with decoders we did not write: the `png` crate's APNG
//! frames and the `gif` crate's, each composed on its canvas as the formats say (dispose none, the rectangle drawn
//! over what is there), must be the still `/diagram.png` of each position with its move as `lastmove`, pixel for
//! pixel; the last frame of every line is the still of the line's final position. Delays and loops are checked too.

mod common;

use common::animation::compose;
use ffen_diagram::http::{plan, Plan, Rendered, RequestInfo};
use ffen_diagram::{ffen, Format};

/// A decoded animation: the canvas after each frame (RGB, 3 bytes a pixel) and each frame's delay in milliseconds.
struct Decoded {
    width: usize,
    canvases: Vec<Vec<u8>>,
    delays: Vec<u32>,
    plays_for_ever: bool,
}

use common::{diagram_job as job, drawn_body as body};

fn decode_apng(bytes: &[u8]) -> Decoded {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let (width, height) = (reader.info().width as usize, reader.info().height as usize);
    let control = reader.info().animation_control.expect("an acTL");
    let mut canvas = vec![0; width * height * 3];
    let (mut canvases, mut delays) = (Vec::new(), Vec::new());
    for i in 0..control.num_frames {
        let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buffer).expect("a frame");
        let fc = reader.info().frame_control.expect("an fcTL");
        // The first frame replaces the canvas; the later ones show it through their see-through index.
        let blend = if i == 0 { png::BlendOp::Source } else { png::BlendOp::Over };
        assert_eq!((fc.dispose_op, fc.blend_op), (png::DisposeOp::None, blend));
        let channels = info.color_type.samples();
        let rect = (fc.x_offset as usize, fc.y_offset as usize, fc.width as usize, fc.height as usize);
        compose(&mut canvas, width, rect, &buffer, channels);
        canvases.push(canvas.clone());
        delays.push(u32::from(fc.delay_num) * 1000 / u32::from(fc.delay_den.max(1)));
    }
    Decoded { width, canvases, delays, plays_for_ever: control.num_plays == 0 }
}

fn decode_gif(bytes: &[u8]) -> Decoded {
    let frames = common::animation::decode_gif(bytes);
    // Only the frames after the first show what is there through a transparent index.
    for (i, &transparent) in frames.transparent.iter().enumerate() {
        assert_eq!(transparent, i > 0);
    }
    let plays_for_ever = frames.canvases.len() == 1 || bytes.windows(11).any(|w| w == b"NETSCAPE2.0");
    let delays = frames.delays.iter().map(|&d| u32::from(d) * 10).collect();
    Decoded { width: frames.width, canvases: frames.canvases, delays, plays_for_ever }
}

/// The still PNG of a position with a last move, decoded to RGB.
fn still(ffen: &str, last: Option<String>, options: &str) -> (usize, Vec<u8>) {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("ffen", ffen);
    query.append_pair("lastmove", &last.unwrap_or_default());
    let query = format!("{}&{options}", query.finish());
    common::png_rgb(&body(&job("/diagram.png", &query)))
}

/// Every frame of the animation of `moves` on `ffen` with `options`, as APNG and as GIF, is its still; returns the
/// number of frames.
fn check(ffen_text: &str, moves: &str, options: &str, delay: u32) -> usize {
    let query = |moves: &str| {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("ffen", ffen_text).append_pair("moves", moves).append_pair("delay", &delay.to_string());
        format!("{}&{options}", query.finish())
    };
    let apng = job("/diagram.png", &query(moves));
    let playback = apng.playback().expect("moves");
    let diagram = ffen::canonical(apng.board());
    let mut stills = vec![(still(&diagram, None, options), delay)];
    for (i, line) in playback.lines.iter().enumerate() {
        if i > 0 {
            stills.push((still(&diagram, None, options), delay));
        }
        for (j, frame) in line.iter().enumerate() {
            let last = frame.last.map(|(from, to)| format!("{from}{to}"));
            let pause = if j + 1 == line.len() { 3 } else { 1 };
            stills.push((still(&ffen::canonical(&frame.board), last, options), delay * pause));
        }
    }
    // A frame that changes nothing lengthens the one before.
    let mut expected: Vec<((usize, Vec<u8>), u32)> = Vec::new();
    for (picture, ms) in stills {
        match expected.last_mut() {
            Some((before, time)) if *before == picture => *time += ms,
            _ => expected.push((picture, ms)),
        }
    }
    let gif = job("/diagram.gif", &query(moves));
    assert_eq!(gif.format(), Format::Gif);
    for (name, decoded) in [("APNG", decode_apng(&body(&apng))), ("GIF", decode_gif(&body(&gif)))] {
        assert!(decoded.plays_for_ever, "{name}");
        assert_eq!(decoded.canvases.len(), expected.len(), "{name}: {moves}");
        for (i, (canvas, ((width, pixels), ms))) in decoded.canvases.iter().zip(&expected).enumerate() {
            assert_eq!(decoded.width, *width);
            let differ = canvas.chunks(3).zip(pixels.chunks(3)).filter(|(a, b)| a != b).count();
            assert_eq!(differ, 0, "{name} {moves}: frame {i} differs from its still in {differ} pixels");
            let want = if name == "GIF" { (ms + 5) / 10 * 10 } else { *ms };
            assert_eq!(decoded.delays[i], want, "{name} {moves}: frame {i}'s delay");
        }
    }
    expected.len()
}

#[test]
fn a_game_and_a_second_line_in_a_look_with_coordinates() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let moves = "1.e2-e4 e7-e5 2.Sg1-f3 Sb8-c6 3.Bf1-b5 a7-a6 4.0-0 | 1.d2-d4 d7-d5";
    assert_eq!(check(start, moves, "size=30&coords=1&theme=brown&lastmove_style=lichess", 500), 11);
}

/// A whole game, as the Free plan now admits it: lila-gif's 92 moves, at the smallest size and lichess' look.
#[test]
fn a_whole_game_frame_by_frame() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let game = "c2c4 g8f6 b1c3 e7e5 d2d4 e5d4 d1d4 b8c6 d4d1 f8b4 c1d2 0-0 e2e3 b4c3 d2c3 f6e4 g1e2 d7d6 d1c2 f8e8 \
        e2f4 c8f5 f1d3 d8g5 0-0 g7g6 a1e1 e4c3 c2c3 f5d3 c3d3 c6e5 d3d1 a8d8 b2b3 c7c6 g1h1 g5f5 d1a1 h7h5 e1d1 e5g4 \
        h2h3 g4f6 a1d4 a7a6 f2f3 f5e5 f1e1 e5d4 e3d4 e8e1 d1e1 g8f8 h3h4 d8e8 e1e8 f8e8 h1g1 f6g8 g1f2 g8h6 g2g3 e8e7 \
        f4g2 e7e6 g2e3 a6a5 g3g4 f7f6 f2g3 d6d5 c4c5 h6f7 e3g2 h5g4 f3g4 f7d8 g2f4 e6f7 h4h5 g6g5 f4e2 d8e6 g3f3 f7g7 \
        f3e3 g7h6 e2g3 e6g7 g3f5 g7f5";
    assert_eq!(check(start, game, "size=20&theme=brown&lastmove_style=lichess", 100), 93);
}

#[test]
fn a_problem_s_solution_with_furniture_a_capture_and_a_rebirth() {
    let ffen_text = "2b1k3/3r4/8/8/8/8/8/3QK3";
    let moves = "1.Qd1*d7+ [+bRh8] Ke8-f8 2.Qd7-d8# | 1.Qd1-h5+ Ke8-e7";
    check(ffen_text, moves, "count=1&caption=%232+Circe&squares=Gd7&flip=1", 300);
    check("4k3/8/8/3pP3/8/8/8/4K3", "1.e5*d6 ep. Ke8-d8", "theme=print&size=23&arrows=Ge5e6", 1000);
}

#[test]
fn a_still_gif_is_the_still_png() {
    let ffen_text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let options = "size=20&coords=1&lastmove=e2e4";
    let gif = decode_gif(&body(&job("/diagram.gif", &format!("ffen={ffen_text}&{options}"))));
    assert_eq!(gif.canvases.len(), 1);
    let (width, pixels) = still(ffen_text, Some("e2e4".into()), options);
    assert_eq!((gif.width, &gif.canvases[0]), (width, &pixels));
}

/// The bytes of a few animations, kept in `tests/golden/animations/` so that the cache version's test
/// (`tests/cache_version.rs`) sees a change of an animation's bytes as it sees a still's: a solution at the default
/// size and a problem's two lines at a small one, as APNG and GIF, and a short lila-gif game posted to `/game.gif`.
/// Regenerate after an intended change (and a bump of the cache version): `UPDATE_GOLDENS=1 cargo test --test
/// animation_golden`.
#[test]
fn animations_bytes_are_golden() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let solution = format!("ffen={start}&moves=1.e2-e4+e7-e5+2.Sg1-f3+Sb8-c6+3.Bf1-b5+a7-a6+4.Bb5xc6+d7xc6");
    let circe =
        "ffen=2b1k3/3r4/8/8/8/8/8/3QK3&moves=1.Qd1*d7%2B+[%2BbRh8]+Ke8-f8+2.Qd7-d8%23+|+1.Qd1-h5%2B+Ke8-e7&size=30";
    let mut pictures: Vec<(String, Vec<u8>)> = Vec::new();
    for (name, query) in [("solution", solution.as_str()), ("circe-lines", circe)] {
        for (path, extension) in [("/diagram.png", "png"), ("/diagram.gif", "gif")] {
            pictures.push((format!("{name}.{extension}"), body(&job(path, query))));
        }
    }
    let game = r#"{"white": "White", "black": "Black", "frames": [
        {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        {"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "lastMove": "e2e4"},
        {"fen": "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "lastMove": "e7e5"}]}"#;
    let info = RequestInfo {
        method: "POST",
        path: "/game.gif",
        url_len: 40,
        body: Some(game.as_bytes()),
        ..RequestInfo::default()
    };
    match plan(&info) {
        Plan::Game(job) => match job.render() {
            Rendered::Diagram(r) => pictures.push(("game-3-frames.gif".to_string(), r.body)),
            Rendered::Failed(r) => panic!("{}", String::from_utf8_lossy(&r.body)),
        },
        _ => panic!("the game body is refused"),
    }
    let folder = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/animations");
    let updating = std::env::var_os("UPDATE_GOLDENS").is_some_and(|v| v != "0");
    let mut changed = Vec::new();
    for (name, bytes) in pictures {
        let path = folder.join(&name);
        if updating {
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(&path, &bytes).unwrap();
        } else if std::fs::read(&path).ok().as_deref() != Some(&bytes[..]) {
            changed.push(name);
        }
    }
    assert!(changed.is_empty(), "changed (UPDATE_GOLDENS=1 cargo test --test animation_golden): {changed:?}");
}
