//! Searches for the request whose counted work is the largest share of its prediction: counted ÷ predicted, in the
//! sprites' pixels and the later frames' pixels of `ffen_diagram::work`, over diagrams the planner admits. It asserts the ratio never passes 1 (predicted ≥
//! counted, as the `plan` target does) and prints each new best ratio with its request, so a run ends with the
//! input that comes closest; `-print_final_stats=1` and the last `best ratio` line are its report.
//!
//! The search: the ratio's sixteenth (0 to 16) picks one of seventeen functions, so an input reaching a higher one
//! is new coverage and libFuzzer keeps it and mutates it further, climbing towards the ratio's maximum.
//!
//! Input: a flags byte, then the path and the query as (lossy) UTF-8 separated by `\n`. Flags: `0x01` draws the
//! request twice (the second finds the first's sprites cached: its prediction and count are both smaller), the rest
//! is ignored. Only diagrams up to [`RENDER_PIXELS`] pixels and [`RENDER_MOVES`] moves are drawn.
#![no_main]

use ffen_diagram::http::{plan, Plan, RequestInfo};
use ffen_diagram::work::{self, Work};
use ffen_diagram::CostLimit;
use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;

/// Drawn only up to this many pixels, so the search keeps its pace.
const RENDER_PIXELS: u64 = 400_000;
/// And up to this many moves.
const RENDER_MOVES: usize = 12;

/// The best ratio so far (in millionths) and its request: of the sprites' pixels, and of the later frames' pixels.
static BEST: [Mutex<(u64, String)>; 2] = [Mutex::new((0, String::new())), Mutex::new((0, String::new()))];

macro_rules! buckets {
    ($($name:ident),*) => {
        $(#[inline(never)] fn $name(x: u64) -> u64 { std::hint::black_box(x) })*
        const BUCKETS: &[fn(u64) -> u64] = &[$($name),*];
    };
}
buckets!(b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16);

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let (path, query) = text.split_once('\n').unwrap_or((&text, ""));
    let info = RequestInfo {
        method: "GET",
        path,
        query: Some(query),
        url_len: path.len() + query.len() + 1,
        cost_limit: CostLimit::new(CostLimit::MAX_MS),
        ..RequestInfo::default()
    };
    for _ in 0..1 + usize::from(flags & 1) {
        let Plan::Diagram(job) = plan(&info) else { return };
        let Some(cost) = job.predicted() else { return };
        let moves = job.playback().map_or(0, |p| p.lines.iter().map(Vec::len).sum());
        if u64::from(cost.width) * u64::from(cost.height) > RENDER_PIXELS || moves > RENDER_MOVES {
            return;
        }
        let predicted = cost.work();
        work::take();
        drop(job.render());
        let counted = work::take();
        assert!(predicted.covers(&counted), "{path}?{query}: predicted {predicted}, counted {counted}");
        record(predicted, counted, &format!("{path}?{query}"));
    }
});

/// Steers the search by the ratio's bucket and keeps the best, for an animation by its later frames' pixels (whose
/// prediction is a rectangle from the moves' squares), else by the sprites' pixels.
fn record(predicted: Work, counted: Work, request: &str) {
    let (slot, unit, counted_units, predicted_units) = match predicted.frame_pixels {
        0 => (0, "sprite px", counted.vector, predicted.vector),
        frame_pixels => (1, "frame px", counted.frame_pixels, frame_pixels),
    };
    if predicted_units == 0 {
        return;
    }
    let millionths = counted_units * 1_000_000 / predicted_units;
    BUCKETS[(millionths / 62_500).min(16) as usize](millionths);
    let mut best = BEST[slot].lock().unwrap_or_else(|e| e.into_inner());
    if millionths > best.0 {
        *best = (millionths, request.to_string());
        let ratio = millionths as f64 / 1e6;
        eprintln!("best ratio of the {unit} {ratio:.6} (counted {counted}, predicted {predicted}): {request}");
    }
}
