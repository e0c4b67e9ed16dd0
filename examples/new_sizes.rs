//! First drawings at sizes no earlier request drew, for instruction counts on the host:
//! `valgrind --tool=callgrind --toggle-collect='*measured*' target/release/examples/new_sizes SET FIRST LAST` (the
//! start position's PNG at each size from `FIRST` to `LAST` once, every one drawing its sprites from the vectors and
//! its tiles anew, as `scripts/cost`'s row "a new size each request" does; one drawing at `FIRST - 1` before, so that
//! what a process pays once is not among them).

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::RenderOptions;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let set = args.get(1).map_or("cburnett", String::as_str);
    let first: u32 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(41);
    let last: u32 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(60);
    let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).expect("start position");
    let options = |size: u32| {
        let size = size.to_string();
        RenderOptions::from_pairs([("size", size.as_str()), ("piece", set)]).expect("options")
    };
    ffen_diagram::render_png(&start, &options(first.saturating_sub(1))).expect("PNG");
    let sizes: Vec<RenderOptions> = (first..=last).map(options).collect();
    let bytes = measured(&sizes, |o| std::hint::black_box(ffen_diagram::render_png(&start, o).expect("PNG")).len());
    println!("{set} {first}..={last}: {} drawings, {bytes} bytes", sizes.len());
}

/// The drawings at new sizes (`valgrind --tool=callgrind --toggle-collect='*measured*'`).
#[inline(never)]
fn measured(sizes: &[RenderOptions], render: impl Fn(&RenderOptions) -> usize) -> usize {
    sizes.iter().map(render).sum()
}
