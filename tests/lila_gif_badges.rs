//! Our glyph badges side by side with lila-gif's: lila-gif's GIF of its example game
//! (`tests/fixtures/lila-gif-example.json`, nine frames with a glyph), drawn by lila-gif built from its public
//! source, against ours of the same body posted to `POST /game.gif`. For each frame with a glyph, on the square its
//! move reached: the disc's box and centre (the pixels of the glyph's colour and the white ink within the disc's
//! reach), the white ink's centre, and how many pixels of the badge's 36×36 corner differ.
//!
//! It needs lila-gif's GIF, so it is ignored by the test command: `bash scripts/lila-gif-badges` draws it with a
//! running lila-gif and runs this with `LILA_GIF` naming the file (docs/san-pgn.md).

mod common;

use common::animation::{decode_gif, decode_gif_drawn_over, GifFrames};
use ffen_diagram::http::{plan, Plan, Rendered, RequestInfo};

const EXAMPLE: &str = include_str!("fixtures/lila-gif-example.json");

/// lichess' colour of each glyph (lila-gif's `theme/make-sprites.py`).
const COLOURS: [(&str, [u8; 3]); 8] = [
    ("!", [0x22, 0xac, 0x38]),
    ("!!", [0x16, 0x82, 0x26]),
    ("?", [0xe6, 0x9f, 0x00]),
    ("??", [0xdf, 0x53, 0x53]),
    ("!?", [0xea, 0x45, 0xd8]),
    ("?!", [0x56, 0xb4, 0xe9]),
    ("□", [0xa0, 0x40, 0x48]),
    ("⨀", [0x91, 0x71, 0xf2]),
];

fn ours() -> GifFrames {
    let info = RequestInfo {
        method: "POST",
        path: "/game.gif",
        url_len: 40,
        body: Some(EXAMPLE.as_bytes()),
        ..RequestInfo::default()
    };
    let Plan::Game(job) = plan(&info) else { panic!("no game") };
    let Rendered::Diagram(r) = job.render() else { panic!("not drawn") };
    decode_gif(&r.body)
}

/// What a badge looks like in one canvas: the box (left, top, right, bottom; square pixels) and centre of its disc
/// (the pixels near its colour and the white ones within its reach), and the centre of its white ink.
#[derive(Debug)]
struct Badge {
    disc: (usize, usize, usize, usize),
    centre: (f64, f64),
    ink: (f64, f64),
}

fn near(a: [u8; 3], b: [u8; 3], by: i32) -> bool {
    a.iter().zip(b).all(|(&x, y)| (i32::from(x) - i32::from(y)).abs() <= by)
}

fn badge(frames: &GifFrames, i: usize, (sx, sy): (usize, usize), colour: [u8; 3]) -> Badge {
    let (mut disc, mut ink) = (Vec::new(), Vec::new());
    for y in 0..40 {
        for x in 50..90 {
            let p = frames.pixel(i, sx + x, sy + y);
            let (dx, dy) = (x as f64 + 0.5 - 72.0, y as f64 + 0.5 - 18.0);
            let reach = dx * dx + dy * dy <= 20.0 * 20.0;
            if near(p, colour, 24) || (reach && p.iter().all(|&c| c > 150) && p[0] > colour[0].min(200)) {
                disc.push((x, y));
            }
            if dx * dx + dy * dy <= 17.5 * 17.5 && p.iter().all(|&c| c > 200) {
                ink.push((x, y));
            }
        }
    }
    let bounds = |set: &[(usize, usize)]| {
        let xs = set.iter().map(|p| p.0);
        let ys = set.iter().map(|p| p.1);
        (
            xs.clone().min().unwrap_or(0),
            ys.clone().min().unwrap_or(0),
            xs.max().unwrap_or(0) + 1,
            ys.max().unwrap_or(0) + 1,
        )
    };
    let centre = |set: &[(usize, usize)]| {
        let n = set.len().max(1) as f64;
        (set.iter().map(|p| p.0 as f64 + 0.5).sum::<f64>() / n, set.iter().map(|p| p.1 as f64 + 0.5).sum::<f64>() / n)
    };
    Badge { disc: bounds(&disc), centre: centre(&disc), ink: centre(&ink) }
}

#[test]
#[ignore = "needs lila-gif's GIF: bash scripts/lila-gif-badges"]
fn badges_match_lila_gifs_within_a_pixel() {
    let Ok(path) = std::env::var("LILA_GIF") else { panic!("LILA_GIF names lila-gif's GIF of the example") };
    let theirs = decode_gif_drawn_over(&std::fs::read(path).expect("lila-gif's GIF"), false);
    let ours = ours();
    // (lila-gif ends with one more frame, the last position again: its frame `i` is the body's frame `i` before.)
    assert_eq!(
        (ours.width, ours.height, ours.canvases.len() + 1),
        (theirs.width, theirs.height, theirs.canvases.len())
    );
    let body: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    let mut checked = 0;
    for (i, frame) in body["frames"].as_array().unwrap().iter().enumerate() {
        let (Some(glyph), Some(last)) = (frame["glyph"].as_str(), frame["lastMove"].as_str()) else { continue };
        let colour = COLOURS.iter().find(|(g, _)| *g == glyph).unwrap().1;
        let to = last.as_bytes();
        let (file, rank) = (usize::from(to[2] - b'a'), usize::from(to[3] - b'0'));
        let (sx, sy) = (file * 90, 60 + (8 - rank) * 90);
        let (a, b) = (badge(&ours, i, (sx, sy), colour), badge(&theirs, i, (sx, sy), colour));
        let differ = |by: i32| {
            (0..36)
                .flat_map(|y| (54..90).map(move |x| (x, y)))
                .filter(|&(x, y)| !near(ours.pixel(i, sx + x, sy + y), theirs.pixel(i, sx + x, sy + y), by))
                .count()
        };
        if std::env::var("BADGE_PNG").is_ok() {
            ours.save(i, &format!("ours-{i}"));
            theirs.save(i, &format!("lila-gif-{i}"));
        }
        let offset = (a.centre.0 - b.centre.0, a.centre.1 - b.centre.1);
        let ink = (a.ink.0 - b.ink.0, a.ink.1 - b.ink.1);
        println!(
            "frame {i:2} {glyph:2} on {}: disc ours {:?} lila-gif {:?}, centre offset ({:+.2}, {:+.2}) px, ink offset \
             ({:+.2}, {:+.2}) px; of 1296 corner pixels {} differ by more than 24, {} by more than 64",
            &last[2..4],
            a.disc,
            b.disc,
            offset.0,
            offset.1,
            ink.0,
            ink.1,
            differ(24),
            differ(64)
        );
        assert!(offset.0.abs() <= 1.0 && offset.1.abs() <= 1.0, "frame {i}: the disc is off by {offset:?}");
        assert!(ink.0.abs() <= 2.0 && ink.1.abs() <= 2.0, "frame {i}: the glyph is off by {ink:?}");
        checked += 1;
    }
    assert_eq!(checked, 9);
}
