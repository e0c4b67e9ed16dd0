//! Searches for the request whose counted work is the largest share of its prediction: counted ÷ predicted in each
//! unit of `ffen_diagram::work` (the sprites' pixels, the later frames' pixels, the pixels composed and coded, the
//! words' cells, …), over diagrams and words the planner admits. It asserts the ratio never passes 1 (predicted ≥
//! counted, as the `plan` target does) and prints each unit's new best ratio with its request, so a run ends with
//! the input that comes closest; `-print_final_stats=1` and the last `best ratio` lines are its report.
//!
//! The search: the largest ratio's sixteenth (0 to 16) picks one of seventeen functions, so an input reaching a
//! higher one is new coverage and libFuzzer keeps it and mutates it further, climbing towards the ratio's maximum.
//!
//! Input: a flags byte, then the path and the query as (lossy) UTF-8 separated by `\n`. Flags: `0x01` draws the
//! request twice (the second finds the first's sprites cached: its prediction and count are both smaller), the rest
//! is ignored. Only diagrams up to [`RENDER_PIXELS`] pixels and [`RENDER_MOVES`] moves are drawn.
#![no_main]

use ffen_diagram::http::{plan, Plan, RequestInfo};
use ffen_diagram::work::{self, Work, UNITS};
use ffen_diagram::CostLimit;
use libfuzzer_sys::fuzz_target;
use std::sync::Mutex;

/// Drawn only up to this many pixels, so the search keeps its pace.
const RENDER_PIXELS: u64 = 400_000;
/// And up to this many moves.
const RENDER_MOVES: usize = 12;

/// The best ratio so far (in millionths) and its request, of each unit.
static BEST: Mutex<[(u64, String); UNITS]> = Mutex::new([const { (0, String::new()) }; UNITS]);

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

/// Steers the search by the largest ratio's bucket and keeps each unit's best.
fn record(predicted: Work, counted: Work, request: &str) {
    let mut largest = 0;
    let mut best = BEST.lock().unwrap_or_else(|e| e.into_inner());
    for (i, ((unit, predicted_units), (_, counted_units))) in
        predicted.named().into_iter().zip(counted.named()).enumerate()
    {
        if predicted_units == 0 {
            continue;
        }
        let millionths = counted_units * 1_000_000 / predicted_units;
        largest = largest.max(millionths);
        if millionths > best[i].0 {
            best[i] = (millionths, request.to_string());
            let ratio = millionths as f64 / 1e6;
            eprintln!("best ratio of the {unit} {ratio:.6} (counted {counted}, predicted {predicted}): {request}");
        }
    }
    BUCKETS[(largest / 62_500).min(16) as usize](largest);
}
