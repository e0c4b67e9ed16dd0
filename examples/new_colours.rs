//! First drawings on light square colours no earlier request drew, for instruction counts on the host:
//! `valgrind --tool=callgrind --toggle-collect='*measured*' target/release/examples/new_colours SIZE COUNT` (the
//! start position's PNG at `SIZE` on `COUNT` new light colours, each drawing its light squares' tiles anew, as
//! `scripts/cost`'s row "a new light square colour each request" does; one drawing before, so that its sprites and
//! what a process pays once are not among them).

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::RenderOptions;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(90);
    let count: u32 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(10);
    let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).expect("start position");
    let options = |light: u32| {
        let (size, light) = (size.to_string(), format!("{:06x}", 0x80_8080 + light));
        RenderOptions::from_pairs([("size", size.as_str()), ("light", light.as_str())]).expect("options")
    };
    ffen_diagram::render_png(&start, &options(0)).expect("PNG");
    let colours: Vec<RenderOptions> = (1..=count).map(options).collect();
    let bytes = measured(&colours, |o| std::hint::black_box(ffen_diagram::render_png(&start, o).expect("PNG")).len());
    println!("{size} px, {count} new light colours: {bytes} bytes");
}

/// The drawings on new colours (`valgrind --tool=callgrind --toggle-collect='*measured*'`).
#[inline(never)]
fn measured(colours: &[RenderOptions], render: impl Fn(&RenderOptions) -> usize) -> usize {
    colours.iter().map(render).sum()
}
