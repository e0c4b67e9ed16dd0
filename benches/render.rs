//! Renderer benchmark: `cargo bench --bench render` (about twenty seconds).
//!
//! A plain timing loop rather than criterion, to keep the bench quick to compile: each case runs for about half a
//! second after a warm-up and prints the median, the fastest and the mean time of one call, the mean CPU time of the
//! thread per call (robust against other processes on a shared machine), and the bytes it made (the PNG's length;
//! 4 × the pixels for a render-only case). The cases are in `benches/shared/cases.rs`, which the WebAssembly bench
//! (`scripts/bench-wasm`) runs too, so the two print the same lines. Targets (issues 3 and 10): the start position at
//! the default size ≤ 0.5 ms with a PNG ≤ 6 KB; an 11×11 fairy board ≤ 1 ms.

#[path = "shared/cases.rs"]
mod cases;

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::RenderOptions;
use std::time::{Duration, Instant};

/// CPU time of this thread in nanoseconds (Linux: the first field of /proc/thread-self/schedstat), if readable.
/// Unlike the wall-clock times it does not grow when other processes take the CPU away, which they do on the shared
/// machine this is measured on.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

fn bench(name: &str, mut f: impl FnMut() -> usize) {
    let mut bytes = 0;
    for _ in 0..20 {
        bytes = f();
    }
    let mut times = Vec::new();
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(500) || times.len() < 20 {
        let t = Instant::now();
        f();
        times.push(t.elapsed());
    }
    let cpu = match (cpu_start, thread_cpu_ns()) {
        (Some(a), Some(b)) => format!("{:>8.1} µs", (b - a) as f64 / 1e3 / times.len() as f64),
        _ => "       — µs".to_string(),
    };
    times.sort();
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "{name:44} median {:>8.1} µs   min {:>8.1} µs   mean {:>8.1} µs   cpu {cpu}   ({} runs, {bytes} bytes)",
        times[times.len() / 2].as_secs_f64() * 1e6,
        times[0].as_secs_f64() * 1e6,
        mean.as_secs_f64() * 1e6,
        times.len()
    );
}

fn main() {
    let start = ffen::parse(cases::START, Dialect::Janko).expect("start position");
    for (what, pairs) in [("default options", &[][..]), ("size 90", &[("size", "90")][..])] {
        let options = RenderOptions::from_pairs(pairs.iter().copied()).expect("options");
        let png = ffen_diagram::render_png(&start, &options).expect("PNG");
        println!(
            "start position, {what}: {} bytes PNG, {:?} px",
            png.len(),
            ffen_diagram::image_size(&start, &options)
        );
    }
    let fairy = cases::fairy_11x11();
    let png = ffen_diagram::render_png(&fairy, &RenderOptions::default()).expect("PNG");
    println!("11x11 fairy board, default options: {} bytes PNG, FFEN {}", png.len(), ffen::canonical(&fairy));

    // Arguments that are not flags pick the cases whose names contain one of them (`cargo bench --bench render --
    // GIF APNG`).
    let only: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    for case in cases::all() {
        if only.is_empty() || only.iter().any(|text| case.name.contains(text.as_str())) {
            bench(&case.name, || case.run());
        }
    }
}
