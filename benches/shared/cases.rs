//! The renderer's benchmark cases, shared by the host bench (`benches/render.rs`, `cargo bench --bench render`) and the
//! WebAssembly bench (`examples/bench_wasm.rs`, run in V8 by `scripts/bench-wasm`), so both time the same work on the
//! same positions and print the same names.

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::game::Game;
use ffen_diagram::http::{self, GameBody, Plan, Rendered, RequestInfo};
use ffen_diagram::moves::Moves;
use ffen_diagram::params::Delay;
use ffen_diagram::{encode_png, CostLimit, Format, Image, Playback};
use ffen_diagram::{Board, Cell, Color, Figure, Marker, Piece, PieceKind, Rotation, Text};
use ffen_diagram::{RenderOptions, SquareSize, MAX_SQUARE_SIZE, MIN_SQUARE_SIZE};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The orthodox start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// What one call of a case does.
enum Work {
    /// `ffen_diagram::render_png`: draw and encode (the work of a cache miss after parsing).
    Png,
    /// `encode_png(&render_image(..))`: the RGB path, what `render_png` did before the indexed path (the same
    /// bytes), so one run shows both.
    RgbPng,
    /// `ffen_diagram::render_image`: draw only.
    Render,
    /// `png::encode` of the case's picture, drawn at the first call (so that building the case list draws
    /// nothing, and a fresh instance's first call of any case meets an empty sprite cache).
    Encode(OnceLock<Image>),
    /// Empty the sprite cache, then draw and encode: the first request of a size in an isolate.
    ColdPng,
    /// `ffen_diagram::message_png`, the picture of an error answer.
    Message(&'static str),
    /// `ffen_diagram::render_svg`: the SVG of `/diagram.svg` (all the work of an SVG cache miss after parsing).
    Svg,
    /// `ffen_diagram::render_png` of the next of these boards each call (in turn): misses of different positions,
    /// as `scripts/cost` asks for them, where a case of one board draws the same picture every call.
    PngInTurn(Vec<Board>, AtomicUsize),
    /// `Format::write_played`: an animation (APNG or GIF) of moves played on the board, or a still GIF.
    Animated(Format, Option<Playback>),
    /// `Game::write`: lila-gif's `POST /game.gif` (its bars, names and coordinates) of a read body.
    Game(Box<Game>),
    /// `Game::cost`: the prediction the planner makes of a `POST /game.gif` under a limit (its sprites and tiles
    /// asked of the caches, the frames' scenes replayed for the tiles).
    GameCost(Box<Game>),
    /// The LZW coding alone of the frames of lila-gif's `POST /game.gif` (read back from the GIF made at the first
    /// call): by this crate's coder (`ffen_diagram::gif::encode`), or by the `gif` crate's (`weezl`'s LZW), the
    /// reference the hand-written coder is measured against.
    GifCoding(GifCoder, OnceLock<GameFrames>),
    /// A whole `GET` as the Worker answers it (`http::plan`, then the job's render and its headers) under the
    /// Free plan's cost limit: the path and the query. What a miss costs inside the Worker beyond its drawing (the
    /// moves read and played, the cost predicted, the key and the headers), without the runtime's own part.
    Request(&'static str, String),
    /// A GET request only planned (`http::plan`): what a hit pays before the edge cache's lookup.
    Planned(&'static str, String),
}

/// One benchmark case.
pub struct Case {
    /// The name printed in both benches' output.
    pub name: String,
    board: Board,
    options: RenderOptions,
    work: Work,
}

impl Case {
    /// Runs the case once; returns the bytes produced (PNG or SVG length, or 4 × pixels for a picture).
    pub fn run(&self) -> usize {
        let board = black_box(&self.board);
        match &self.work {
            Work::Png => ffen_diagram::render_png(board, &self.options).map_or(0, |png| black_box(png).len()),
            Work::RgbPng => {
                encode_png(&ffen_diagram::render_image(board, &self.options)).map_or(0, |png| black_box(png).len())
            }
            Work::Render => black_box(ffen_diagram::render_image(board, &self.options)).pixels().len() * 4,
            Work::Encode(image) => {
                let image = image.get_or_init(|| ffen_diagram::render_image(board, &self.options));
                encode_png(black_box(image)).map_or(0, |png| black_box(png).len())
            }
            Work::ColdPng => {
                ffen_diagram::clear_sprite_cache();
                ffen_diagram::render_png(board, &self.options).map_or(0, |png| black_box(png).len())
            }
            Work::Message(text) => ffen_diagram::message_png(black_box(text)).map_or(0, |png| black_box(png).len()),
            Work::Svg => black_box(ffen_diagram::render_svg(board, &self.options)).len(),
            Work::PngInTurn(boards, next) => {
                let board = &boards[next.fetch_add(1, Ordering::Relaxed) % boards.len()];
                ffen_diagram::render_png(black_box(board), &self.options).map_or(0, |png| black_box(png).len())
            }
            Work::Animated(format, playback) => {
                format.write_played(board, &self.options, playback.as_ref()).map_or(0, |bytes| black_box(bytes).len())
            }
            Work::Game(game) => black_box(game).write().map_or(0, |bytes| black_box(bytes).len()),
            Work::GameCost(game) => black_box(game).cost().micros as usize,
            Work::Request(path, query) => request(path, query),
            Work::Planned(path, query) => planned(path, query),
            Work::GifCoding(coder, frames) => coder.code(frames.get_or_init(GameFrames::lila_gif)),
        }
    }
}

/// Which LZW coder a [`Work::GifCoding`] case times.
pub enum GifCoder {
    /// `ffen_diagram::gif::encode`.
    Ours,
    /// The `gif` crate's `Encoder` (its LZW is `weezl`'s).
    GifCrate,
}

/// The frames of a GIF as palette indices: what both coders are given.
pub struct GameFrames {
    size: (u16, u16),
    palette: Vec<u8>,
    transparent: Option<u8>,
    frames: Vec<(u16, u16, u16, u16, u16, Vec<u8>)>,
}

impl GameFrames {
    /// lila-gif's example game, 93 frames, as `POST /game.gif` draws it.
    fn lila_gif() -> GameFrames {
        let bytes = lila_gif_body(93).write().expect("the example draws");
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&bytes[..]).expect("a GIF");
        let size = (decoder.width(), decoder.height());
        let palette = decoder.global_palette().expect("a global palette").to_vec();
        let (mut frames, mut transparent) = (Vec::new(), None);
        while let Some(f) = decoder.read_next_frame().expect("a frame") {
            transparent = transparent.or(f.transparent);
            frames.push((f.left, f.top, f.width, f.height, f.delay, f.buffer.to_vec()));
        }
        GameFrames { size, palette, transparent, frames }
    }
}

impl GifCoder {
    /// The GIF's length.
    fn code(&self, game: &GameFrames) -> usize {
        match self {
            GifCoder::Ours => {
                let palette: Vec<ffen_diagram::Rgb> =
                    game.palette.chunks(3).map(|c| ffen_diagram::Rgb(c[0], c[1], c[2])).collect();
                let frames: Vec<_> = (game.frames.iter())
                    .map(|&(left, top, width, height, delay, ref indices)| ffen_diagram::gif::Frame {
                        left,
                        top,
                        width,
                        height,
                        indices,
                        delay,
                    })
                    .collect();
                let bytes = ffen_diagram::gif::encode(game.size.0, game.size.1, &palette, &frames, game.transparent);
                bytes.map_or(0, |bytes| black_box(bytes).len())
            }
            GifCoder::GifCrate => {
                let mut out = Vec::new();
                let mut encoder = gif::Encoder::new(&mut out, game.size.0, game.size.1, &game.palette).expect("a GIF");
                encoder.set_repeat(gif::Repeat::Infinite).expect("a loop");
                for (i, &(left, top, width, height, delay, ref indices)) in game.frames.iter().enumerate() {
                    let frame = gif::Frame {
                        left,
                        top,
                        width,
                        height,
                        delay,
                        dispose: gif::DisposalMethod::Keep,
                        transparent: game.transparent.filter(|_| i > 0),
                        buffer: std::borrow::Cow::Borrowed(indices),
                        ..gif::Frame::default()
                    };
                    encoder.write_frame(&frame).expect("a frame");
                }
                drop(encoder);
                black_box(out).len()
            }
        }
    }
}

/// The body's length of the answer to `GET path?query` under the Free plan's limit (0 for an answer drawn nothing).
fn request(path: &str, query: &str) -> usize {
    match http::plan(black_box(&request_info(path, query))) {
        Plan::Diagram(job) => match job.render() {
            Rendered::Diagram(response) => black_box(response).body.len(),
            Rendered::Failed(_) => 0,
        },
        Plan::Respond(_) | Plan::Game(_) => 0,
    }
}

/// A GET of `path` and `query` planned, not rendered: the headers' count of a diagram, the body's length of an
/// answer.
fn planned(path: &str, query: &str) -> usize {
    match http::plan(black_box(&request_info(path, query))) {
        Plan::Diagram(job) => black_box(job).headers(http::CacheStatus::Hit).len(),
        Plan::Respond(response) => black_box(response).body.len(),
        Plan::Game(_) => 0,
    }
}

/// A GET of `path` and `query` under the Free plan's limit.
fn request_info<'a>(path: &'a str, query: &'a str) -> RequestInfo<'a> {
    RequestInfo {
        method: "GET",
        path,
        query: Some(query),
        url_len: path.len() + query.len() + 40,
        cost_limit: CostLimit::new(FREE_PLAN_MS),
        ..RequestInfo::default()
    }
}

/// The Free plan's limit on the predicted CPU, as wrangler.toml ships it (`FFEN_MAX_RENDER_MS`).
const FREE_PLAN_MS: u32 = 8;

fn parse(ffen: &str) -> Board {
    ffen::parse(ffen, Dialect::Janko).expect("benchmark FFEN parses")
}

fn options(pairs: &[(&str, &str)]) -> RenderOptions {
    RenderOptions::from_pairs(pairs.iter().copied()).expect("benchmark options")
}

/// Start-like positions as `scripts/cost` makes them: White's back rank permuted (`count` of the 5,040 different
/// ones, evenly spread in lexicographic order).
pub fn start_like(count: usize) -> Vec<Board> {
    let mut rank = *b"BBKNNQRR";
    let mut all = Vec::new();
    loop {
        all.push(format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/{}", std::str::from_utf8(&rank).expect("ASCII")));
        // The next permutation in lexicographic order, if any.
        let Some(i) = rank.windows(2).rposition(|w| w[0] < w[1]) else { break };
        let j = rank.iter().rposition(|&b| b > rank[i]).expect("a larger byte after i");
        rank.swap(i, j);
        rank[i + 1..].reverse();
    }
    let step = (all.len() / count.max(1)).max(1);
    all.iter().step_by(step).take(count).map(|ffen| parse(ffen)).collect()
}

/// F307 (11×11, rotated pieces) with neutral pieces, markers and two-digit numbers added on empty squares.
pub fn fairy_11x11() -> Board {
    let mut board = parse(
        "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2",
    );
    let extras = [
        (0, 0, PieceKind::Figure(Figure::Queen), Color::Neutral, 1),
        (1, 0, PieceKind::Marker(Marker::Circle), Color::Neutral, 0),
        (2, 0, PieceKind::Marker(Marker::Triangle), Color::White, 2),
        (0, 2, PieceKind::Figure(Figure::Knight), Color::Neutral, 3),
        (10, 10, PieceKind::Marker(Marker::Cross), Color::Black, 0),
    ];
    for (x, y, kind, color, turns) in extras {
        board.set(x, y, Cell::Piece(Piece { kind, color, rotation: Rotation::new(turns) }));
    }
    for (x, y, t) in [(10, 0, "88"), (9, 1, "12"), (10, 3, "7")] {
        board.set(x, y, Cell::Text(Text::new(t, Rotation::NONE).expect("text")));
    }
    board
}

/// The largest board, 32×32, a piece on every square (the twelve orthodox pieces in turn, shifted one a rank): the
/// most drawing and the largest picture a request can ask for.
pub fn full_32x32() -> String {
    const PIECES: &[u8] = b"KQRBNPkqrbnp";
    (0..32)
        .map(|y| (0..32).map(|x| char::from(PIECES[(x + y) % PIECES.len()])).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The largest board with the most varied content, in Bodlaender's dialect: extra colours 3–6 (tinted), neutral
/// pieces, named fairy pieces, fallback discs, markers, a piece on every square. In the `brown` theme with coordinates
/// it needs an 8-bit palette (the gray full board fits 4 bits): the most expensive request the limits allow that we
/// know of.
pub fn mixed_32x32() -> String {
    const TOKENS: [&str; 16] = [
        "(q3)", "(n4)", "(r5)", "(b6)", "(k2)", "(p2)", "(s3)", "(g1)", "(ca3)", "(Z)", "(c5)", "(t6)", "Q", "n",
        "(x4)", "(q6)",
    ];
    (0..32)
        .map(|y| (0..32).map(|x| TOKENS[(x + 3 * y) % TOKENS.len()]).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// Every drawn fairy glyph (issue 19) white on the top rank and black below, in Bodlaender's dialect: 34 sprites
/// drawn from their vectors on a cold cache.
pub const DRAWN_FAIRY: &str = "(Archbishop)(Chancellor)(Amazon)(Centaur)(Nightrider)(Unicorn)(Zebra)(Giraffe)(Camel)\
(Dragon)(Wazir)(Ferz)(Mann)(Dabbaba)(Elephant)(Cannon)(Lion)/(archbishop)(chancellor)(amazon)(centaur)(nightrider)\
(unicorn)(zebra)(giraffe)(camel)(dragon)(wazir)(ferz)(mann)(dabbaba)(elephant)(cannon)(lion)";

/// The largest square size the image limits allow for `board` with `options` (coordinates and all).
pub fn largest_square(board: &Board, options: &RenderOptions) -> SquareSize {
    (MIN_SQUARE_SIZE..=MAX_SQUARE_SIZE)
        .rev()
        .filter_map(SquareSize::new)
        .find(|&size| ffen_diagram::check_image_size(board, &RenderOptions { size, ..options.clone() }).is_ok())
        .unwrap_or(SquareSize::MIN)
}

/// lila-gif's example game (its `api.rs`: DrDrunkenstein vs. Zhigalko_Sergei, 92 moves, 93 frames), in coordinates.
pub const LILA_GIF_GAME: &str = "c2c4 g8f6 b1c3 e7e5 d2d4 e5d4 d1d4 b8c6 d4d1 f8b4 c1d2 0-0 e2e3 b4c3 d2c3 f6e4 g1e2 \
d7d6 d1c2 f8e8 e2f4 c8f5 f1d3 d8g5 0-0 g7g6 a1e1 e4c3 c2c3 f5d3 c3d3 c6e5 d3d1 a8d8 b2b3 c7c6 g1h1 g5f5 d1a1 h7h5 \
e1d1 e5g4 h2h3 g4f6 a1d4 a7a6 f2f3 f5e5 f1e1 e5d4 e3d4 e8e1 d1e1 g8f8 h3h4 d8e8 e1e8 f8e8 h1g1 f6g8 g1f2 g8h6 g2g3 \
e8e7 f4g2 e7e6 g2e3 a6a5 g3g4 f7f6 f2g3 d6d5 c4c5 h6f7 e3g2 h5g4 f3g4 f7d8 g2f4 e6f7 h4h5 g6g5 f4e2 d8e6 g3f3 f7g7 \
f3e3 g7h6 e2g3 e6g7 g3f5 g7f5";

/// The query of lila-gif's game played on the start position (`moves=` in coordinates).
pub fn game_query() -> String {
    format!("ffen={START}&moves={}", LILA_GIF_GAME.replace(' ', "%20"))
}

/// A 20-move solution (ten moves a side) of a problem at the default size: the first moves of lila-gif's game.
pub fn solution_20() -> String {
    LILA_GIF_GAME.split(' ').take(20).collect::<Vec<_>>().join(" ")
}

/// lila-gif's example body (`tests/fixtures/lila-gif-example.json`: the players' bars, coordinates) cut to its first
/// `frames` frames, as `scripts/cost` posts it to `/game.gif`.
pub fn lila_gif_body(frames: usize) -> Box<Game> {
    let body = include_bytes!("../../tests/fixtures/lila-gif-example.json");
    let mut game = GameBody::read(body).expect("lila-gif's example body reads").game;
    game.frames.truncate(frames);
    Box::new(game)
}

/// `moves` played on `board` from White, a second a move.
pub fn playback(board: &Board, moves: &str) -> Playback {
    let moves: Moves = moves.parse().expect("benchmark moves read");
    Playback::new(&moves, board, Color::White, Delay::DEFAULT).expect("benchmark moves play").expect("moves")
}

/// Every case, in the order both benches print them.
pub fn all() -> Vec<Case> {
    let start = parse(START);
    let empty = parse("8/8/8/8/8/8/8/8");
    let fairy = fairy_11x11();
    let full = parse(&full_32x32());
    let mixed = ffen::parse(&mixed_32x32(), Dialect::Bodlaender).expect("benchmark FFEN parses");
    let mixed_options = options(&[("theme", "brown"), ("coords", "1")]);
    let mixed_largest = largest_square(&mixed, &mixed_options);
    let mixed_options = RenderOptions { size: mixed_largest, ..mixed_options };
    let default = RenderOptions::default();
    let drawn_fairy = ffen::parse(DRAWN_FAIRY, Dialect::Bodlaender).expect("benchmark FFEN parses");
    let orthodox = parse("KQRBNP/kqrbnp");
    let size41 = options(&[("size", "41")]);
    let size90 = options(&[("size", "90")]);
    let largest = largest_square(&full, &default);
    let full_options = options(&[("size", &largest.to_string())]);
    let case = |name: &str, board: &Board, options: &RenderOptions, work: Work| Case {
        name: name.to_string(),
        board: board.clone(),
        options: options.clone(),
        work,
    };
    vec![
        case("start position, default (render + encode)", &start, &default, Work::Png),
        case("start position, default (RGB path: render_image + encode_png)", &start, &default, Work::RgbPng),
        case("start position, default (render only)", &start, &default, Work::Render),
        case("start position, default (encode only)", &start, &default, Work::Encode(OnceLock::new())),
        case("empty 8x8 board, default (render only)", &empty, &default, Work::Render),
        case("start position, print theme", &start, &options(&[("theme", "print")]), Work::Png),
        case("start position, size 90 (render + encode)", &start, &size90, Work::Png),
        case(
            "start-like positions in turn, size 90 (render + encode)",
            &start,
            &size90,
            Work::PngInTurn(start_like(64), AtomicUsize::new(0)),
        ),
        // scripts/cost's size=96 rows: a 3-px frame, squares inside bytes at 4 bits (renderer r8).
        case(
            "start-like positions in turn, size 96 + coords (render + encode)",
            &start,
            &options(&[("size", "96"), ("coords", "1")]),
            Work::PngInTurn(start_like(64), AtomicUsize::new(0)),
        ),
        case("start position, size 90 (RGB path)", &start, &size90, Work::RgbPng),
        case("start position, size 90 (render only)", &start, &size90, Work::Render),
        case("start position, size 90 (encode only)", &start, &size90, Work::Encode(OnceLock::new())),
        case("start position, size 96", &start, &options(&[("size", "96")]), Work::Png),
        case("start position, size 128 (render + encode)", &start, &options(&[("size", "128")]), Work::Png),
        case("start position, size 96 + coords", &start, &options(&[("size", "96"), ("coords", "1")]), Work::Png),
        // scripts/cost's furniture row: two-line title and caption, count, highlights, arrows, coordinates.
        case(
            "start position, size 128 + coords and furniture",
            &start,
            &options(&[
                ("size", "128"),
                ("coords", "1"),
                ("count", "1"),
                ("title", "Ladislav Šulc|Phénix 1999, 1st Prize"),
                ("caption", "#2 Circe|b) wKe1-h1"),
                ("squares", "Ge4,Rd5,c3"),
                ("arrows", "Ge2e4,Bh7c2"),
            ]),
            Work::Png,
        ),
        case("11x11 fairy board, default", &fairy, &default, Work::Png),
        case("11x11 fairy board, default (RGB path)", &fairy, &default, Work::RgbPng),
        case("11x11 fairy board, default (render only)", &fairy, &default, Work::Render),
        case("11x11 fairy board, default (encode only)", &fairy, &default, Work::Encode(OnceLock::new())),
        case("start position, cold sprite cache", &start, &default, Work::ColdPng),
        // Size 50: its 12 sprites drawn from their vectors and its 22 tiles, what a new size costs (docs/cost.md).
        case("start position, size 50, cold sprite cache", &start, &options(&[("size", "50")]), Work::ColdPng),
        case("11x11 fairy board, cold sprite cache", &fairy, &default, Work::ColdPng),
        // Size 41: no prepared sprites, so both draw every sprite from its vectors (12 and 34 of them).
        case("12 orthodox sprites, size 41, cold sprite cache", &orthodox, &size41, Work::ColdPng),
        case("34 drawn fairy sprites, size 41, cold sprite cache", &drawn_fairy, &size41, Work::ColdPng),
        case(&format!("32x32 full board, size {largest} (render + encode)"), &full, &full_options, Work::Png),
        case(&format!("32x32 full board, size {largest} (RGB path)"), &full, &full_options, Work::RgbPng),
        case(&format!("32x32 full board, size {largest} (render only)"), &full, &full_options, Work::Render),
        case(
            &format!("32x32 full board, size {largest} (encode only)"),
            &full,
            &full_options,
            Work::Encode(OnceLock::new()),
        ),
        case(&format!("32x32 full board, size {largest}, cold sprites"), &full, &full_options, Work::ColdPng),
        case(&format!("32x32 mixed board, brown, coords, size {mixed_largest}"), &mixed, &mixed_options, Work::Png),
        case(
            "error message PNG",
            &empty,
            &default,
            Work::Message("FFEN: column 12: expected a piece letter, a digit or '/'"),
        ),
        case("start position, default, SVG", &start, &default, Work::Svg),
        case(
            "start position, print + coords, SVG",
            &start,
            &options(&[("theme", "print"), ("coords", "1")]),
            Work::Svg,
        ),
        case("11x11 fairy board, default, SVG", &fairy, &default, Work::Svg),
        case(
            "lila-gif's game, 93 frames, size 90, GIF",
            &start,
            &size90,
            Work::Animated(Format::Gif, Some(playback(&start, LILA_GIF_GAME))),
        ),
        case(
            "lila-gif's game, 93 frames, size 90, APNG",
            &start,
            &size90,
            Work::Animated(Format::Png, Some(playback(&start, LILA_GIF_GAME))),
        ),
        // A whole game at the default size: what the Free plan should admit (scripts/cost's "93 moves" rows).
        case(
            "lila-gif's game, 93 frames, default size, APNG",
            &start,
            &default,
            Work::Animated(Format::Png, Some(playback(&start, LILA_GIF_GAME))),
        ),
        case(
            "lila-gif's game, 93 frames, default size, GIF",
            &start,
            &default,
            Work::Animated(Format::Gif, Some(playback(&start, LILA_GIF_GAME))),
        ),
        // The same, as whole requests: their moves read and played, their cost predicted, their headers.
        case(
            "lila-gif's game, 93 moves, GET /diagram.png",
            &start,
            &default,
            Work::Request("/diagram.png", game_query()),
        ),
        case(
            "lila-gif's game, 93 moves, GET /diagram.gif",
            &start,
            &default,
            Work::Request("/diagram.gif", game_query()),
        ),
        // What a hit pays before the edge cache's lookup: the request planned, its cost predicted.
        case(
            "lila-gif's game, 93 moves, GET /diagram.gif, planned only (a hit)",
            &start,
            &default,
            Work::Planned("/diagram.gif", game_query()),
        ),
        case(
            "start position, GET /diagram.png, planned only (a hit)",
            &start,
            &default,
            Work::Planned("/diagram.png", format!("ffen={START}")),
        ),
        case(
            "20-move solution, default size, APNG",
            &start,
            &default,
            Work::Animated(Format::Png, Some(playback(&start, &solution_20()))),
        ),
        // The first frame and one move: what the frames after them add is the 20-move case minus this one.
        case(
            "1-move solution, default size, APNG",
            &start,
            &default,
            Work::Animated(Format::Png, Some(playback(&start, "e2e4"))),
        ),
        case(
            "20-move solution, default size, GIF",
            &start,
            &default,
            Work::Animated(Format::Gif, Some(playback(&start, &solution_20()))),
        ),
        case("start position, size 90, still GIF", &start, &size90, Work::Animated(Format::Gif, None)),
        // scripts/cost's short POST /game.gif rows: the first frame (720×840, the bars) and two moves more.
        case("lila-gif's body, 1 frame, POST /game.gif", &start, &size90, Work::Game(lila_gif_body(1))),
        case("lila-gif's body, 3 frames, POST /game.gif", &start, &size90, Work::Game(lila_gif_body(3))),
        case("lila-gif's body, 93 frames, POST /game.gif", &start, &size90, Work::Game(lila_gif_body(93))),
        case("lila-gif's body, 93 frames, its cost predicted", &start, &size90, Work::GameCost(lila_gif_body(93))),
        // The same GIF's LZW coding alone: ours, and the `gif` crate's (weezl) as the reference.
        case(
            "lila-gif's body, 93 frames, GIF coding only, ours",
            &start,
            &size90,
            Work::GifCoding(GifCoder::Ours, OnceLock::new()),
        ),
        case(
            "lila-gif's body, 93 frames, GIF coding only, gif crate (weezl)",
            &start,
            &size90,
            Work::GifCoding(GifCoder::GifCrate, OnceLock::new()),
        ),
        case(&format!("32x32 full board, size {largest}, SVG"), &full, &full_options, Work::Svg),
        case(
            &format!("32x32 mixed board, brown, coords, size {mixed_largest}, SVG"),
            &mixed,
            &mixed_options,
            Work::Svg,
        ),
    ]
    .into_iter()
    .chain(piece_sets(&start))
    .collect()
}

/// Each piece set's start position at the default size and at 90 (warm: the sprites and tiles kept after the first
/// call), to compare with cburnett's cases above (docs/pieces.md, "Cost").
fn piece_sets(start: &Board) -> Vec<Case> {
    let sets = ["chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi"];
    let sizes = [("default", "40"), ("size 90", "90")];
    let cases = sets.into_iter().flat_map(|set| sizes.map(|(name, size)| (set, name, size)));
    cases
        .map(|(set, name, size)| Case {
            name: format!("start position, piece={set}, {name} (render + encode)"),
            board: start.clone(),
            options: options(&[("size", size), ("piece", set)]),
            work: Work::Png,
        })
        .collect()
}
