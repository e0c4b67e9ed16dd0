//! Each piece set's still miss beside cburnett's, on the host: `cargo run --release --example piece_sets`.
//!
//! For the start position at 40 and 90 px it prints, per set, the cold miss (sprite and tile caches emptied first:
//! a set's first use in an isolate, its sprites drawn from the vectors) and the warm miss (caches full: the
//! picture drawn and encoded again), each the median of 30 runs, and the ratio of the warm miss to cburnett's.

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::RenderOptions;
use std::time::Instant;

fn median_micros(mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..30)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).expect("start position");
    for size in ["40", "90"] {
        let mut base = None;
        for set in ["cburnett", "chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi"] {
            let options = RenderOptions::from_pairs([("size", size), ("piece", set)]).expect("options");
            let draw = || {
                let png = ffen_diagram::render_png(&start, &options).expect("PNG");
                std::hint::black_box(png);
            };
            let cold = median_micros(|| {
                ffen_diagram::clear_sprite_cache();
                draw();
            });
            draw();
            let warm = median_micros(draw);
            let base = *base.get_or_insert(warm);
            println!(
                "{size:>3} px {set:11} cold {cold:>8.1} µs   warm {warm:>7.1} µs   warm ÷ cburnett {:.2}",
                warm / base
            );
        }
    }
}
