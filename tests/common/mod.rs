//! What the test crates share: the generators of boards and options for the property tests ([`generate`]), the
//! golden cases ([`golden`]), the pictures compared ([`pictures`]), animations decoded ([`animation`]), and the small helpers below. Each test crate
//! takes what it needs (`mod common;`), so not every item is used by every crate.
#![allow(dead_code)]

pub mod animation;
pub mod generate;
pub mod golden;
pub mod pictures;

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::http::{plan, DiagramJob, Plan, Rendered, RequestInfo};
use ffen_diagram::{Board, Cell, Color, Image, Piece, PieceKind, Rotation};

/// The board of an FFEN in janko's dialect; panics naming the FFEN and the error.
pub fn janko(ffen: &str) -> Board {
    ffen::parse(ffen, Dialect::Janko).unwrap_or_else(|e| panic!("{ffen:?}: {e}"))
}

/// A piece of `kind` in `color`, turned `turns` quarter turns clockwise.
pub fn piece(kind: PieceKind, color: Color, turns: u32) -> Cell {
    Cell::Piece(Piece { kind, color, rotation: Rotation::new(turns) })
}

/// A 1×1 board (the dark a1) holding `cell`.
pub fn one_square(cell: Cell) -> Board {
    let mut board = Board::empty(1, 1).expect("1x1");
    board.set(0, 0, cell);
    board
}

/// The width and height a PNG's header gives.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().expect("a PNG");
    (reader.info().width, reader.info().height)
}

/// The colour at the centre of the square in display column `dx`, row `dy` of a diagram with squares of `size`
/// pixels and no coordinates.
pub fn square_centre(image: &Image, size: u32, dx: u32, dy: u32) -> [u8; 3] {
    let frame = 1 + size / 48;
    image.pixel(frame + dx * size + size / 2, frame + dy * size + size / 2).expect("inside")
}

/// The words of a shell line (single quotes keep spaces; no other quoting is used), the comment cut off.
pub fn shell_words(line: &str) -> (Vec<String>, String) {
    let (mut out, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    let mut comment = String::new();
    for (i, c) in line.char_indices() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            '#' if !quoted && !started => {
                comment = line[i + 1..].trim().to_string();
                break;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => (word, started) = (word + &c.to_string(), true),
        }
    }
    if started {
        out.push(word);
    }
    (out, comment)
}

/// The planner's diagram for `GET path?query` (no limits); panics with the answer if it is none.
pub fn diagram_job(path: &str, query: &str) -> Box<DiagramJob> {
    let info = RequestInfo { method: "GET", path, query: Some(query), url_len: 100, ..RequestInfo::default() };
    match plan(&info) {
        Plan::Diagram(job) => job,
        Plan::Respond(r) => panic!("{path}?{query}: {} {}", r.status, String::from_utf8_lossy(&r.body)),
        Plan::Game(_) => panic!("{path}?{query}: a game"),
    }
}

/// A diagram job's body, drawn; panics with the refusal if drawing fails.
pub fn drawn_body(job: &DiagramJob) -> Vec<u8> {
    match job.render() {
        Rendered::Diagram(r) => r.body,
        Rendered::Failed(r) => panic!("{}", String::from_utf8_lossy(&r.body)),
    }
}

/// A PNG decoded to RGB by the `png` crate: its width and its pixels, three bytes each.
pub fn png_rgb(png: &[u8]) -> (usize, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    let channels = info.color_type.samples();
    let rgb = buffer.chunks_exact(channels).take((info.width * info.height) as usize).flat_map(|p| p[..3].to_vec());
    (info.width as usize, rgb.collect())
}

/// lila-gif's example body (`tests/fixtures/lila-gif-example.json`) cut to its first `frames` frames, in `theme` where
/// given.
pub fn lila_gif_body(frames: usize, theme: Option<&str>) -> String {
    let mut body: serde_json::Value =
        serde_json::from_str(include_str!("../fixtures/lila-gif-example.json")).expect("the example reads");
    body["frames"] = serde_json::Value::Array(body["frames"].as_array().expect("frames")[..frames].to_vec());
    if let Some(theme) = theme {
        body["theme"] = theme.into();
    }
    body.to_string()
}

/// `POST /game.gif` of `body` under a CPU limit of `ms` milliseconds.
pub fn post_game(body: &str, ms: u32) -> RequestInfo<'_> {
    RequestInfo {
        method: "POST",
        path: "/game.gif",
        url_len: 40,
        body: Some(body.as_bytes()),
        cost_limit: ffen_diagram::CostLimit::new(ms),
        ..RequestInfo::default()
    }
}
