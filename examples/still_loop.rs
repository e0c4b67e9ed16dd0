//! One still miss repeated, warm, for instruction counts on the host:
//! `valgrind --tool=callgrind target/release/examples/still_loop SET SIZE RUNS [NAME=VALUE…]` (the start position's
//! PNG with those options besides, `coords=1` say, drawn once first so that its sprites and tiles are kept, then
//! `RUNS` times).

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::RenderOptions;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let set = args.get(1).map_or("cburnett", String::as_str);
    let size = args.get(2).map_or("90", String::as_str);
    let runs: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(10);
    let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).expect("start position");
    let more: Vec<(&str, &str)> = args.iter().skip(4).filter_map(|pair| pair.split_once('=')).collect();
    let options = RenderOptions::from_pairs([("size", size), ("piece", set)].into_iter().chain(more)).expect("options");
    let first = ffen_diagram::render_png(&start, &options).expect("PNG");
    measured(runs, || std::hint::black_box(ffen_diagram::render_png(&start, &options).expect("PNG")).len());
    println!("{set} {size}: {} bytes", first.len());
}

/// The warm misses, apart from the first (`valgrind --tool=callgrind --toggle-collect='*measured*'`).
#[inline(never)]
fn measured(runs: usize, render: impl Fn() -> usize) {
    for _ in 0..runs {
        std::hint::black_box(render());
    }
}
