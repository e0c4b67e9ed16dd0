//! Renderer benchmark: `cargo bench --bench render` (a few seconds).
//!
//! A plain timing loop rather than criterion, to keep the bench quick to compile: each case runs for about half a
//! second after a warm-up and prints the median, the fastest and the mean time of one call. Targets (issue 3): the
//! start position at the default size ≤ 0.5 ms with a PNG ≤ 6 KB; an 11×11 fairy board ≤ 1 ms.

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::RenderOptions;
use ffen_diagram::{Board, Cell, Color, Marker, Piece, PieceKind, Rotation, Text};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn bench(name: &str, mut f: impl FnMut()) {
    for _ in 0..20 {
        f();
    }
    let mut times = Vec::new();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(500) || times.len() < 20 {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "{name:44} median {:>8.1} µs   min {:>8.1} µs   mean {:>8.1} µs   ({} runs)",
        times[times.len() / 2].as_secs_f64() * 1e6,
        times[0].as_secs_f64() * 1e6,
        mean.as_secs_f64() * 1e6,
        times.len()
    );
}

fn parse(ffen: &str) -> Board {
    ffen::parse(ffen, Dialect::Janko).expect("benchmark FFEN parses")
}

/// F307 (11×11, rotated pieces) with neutral pieces, markers and two-digit numbers added on empty squares.
fn fairy_11x11() -> Board {
    let mut board = parse(
        "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2",
    );
    let extras = [
        (0, 0, PieceKind::Figure(ffen_diagram::Figure::Queen), Color::Neutral, 1),
        (1, 0, PieceKind::Marker(Marker::Circle), Color::Neutral, 0),
        (2, 0, PieceKind::Marker(Marker::Triangle), Color::White, 2),
        (0, 2, PieceKind::Figure(ffen_diagram::Figure::Knight), Color::Neutral, 3),
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

fn main() {
    let start = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    let fairy = fairy_11x11();
    let default = RenderOptions::default();
    let print = RenderOptions::from_pairs([("theme", "print")]).expect("options");
    let big = RenderOptions::from_pairs([("size", "96"), ("coords", "1")]).expect("options");

    let png = ffen_diagram::render_png(&start, &default).unwrap();
    println!(
        "start position, default options: {} bytes PNG, {:?} px",
        png.len(),
        ffen_diagram::image_size(&start, &default)
    );
    let png = ffen_diagram::render_png(&fairy, &default).unwrap();
    println!("11x11 fairy board, default options: {} bytes PNG", png.len());

    bench("start position, default (render + encode)", || {
        black_box(ffen_diagram::render_png(black_box(&start), &default).unwrap());
    });
    bench("start position, default (render only)", || {
        black_box(ffen_diagram::render_image(black_box(&start), &default));
    });
    let image = ffen_diagram::render_image(&start, &default);
    bench("start position, default (encode only)", || {
        black_box(ffen_diagram::encode_png(black_box(&image)).unwrap());
    });
    bench("start position, print theme", || {
        black_box(ffen_diagram::render_png(black_box(&start), &print).unwrap());
    });
    let size96 = RenderOptions::from_pairs([("size", "96")]).expect("options");
    bench("start position, size 96", || {
        black_box(ffen_diagram::render_png(black_box(&start), &size96).unwrap());
    });
    bench("start position, size 96 + coords", || {
        black_box(ffen_diagram::render_png(black_box(&start), &big).unwrap());
    });
    bench("11x11 fairy board, default", || {
        black_box(ffen_diagram::render_png(black_box(&fairy), &default).unwrap());
    });
    bench("start position, cold sprite cache", || {
        ffen_diagram::clear_sprite_cache();
        black_box(ffen_diagram::render_png(black_box(&start), &default).unwrap());
    });
    bench("11x11 fairy board, cold sprite cache", || {
        ffen_diagram::clear_sprite_cache();
        black_box(ffen_diagram::render_png(black_box(&fairy), &default).unwrap());
    });
    bench("error message PNG", || {
        black_box(
            ffen_diagram::message_png(black_box("FFEN: column 12: expected a piece letter, a digit or '/'")).unwrap(),
        );
    });
}
