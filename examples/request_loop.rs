//! One GET repeated, for instruction counts on the host:
//! `valgrind --tool=callgrind --toggle-collect='*measured*' target/release/examples/request_loop PATH QUERY RUNS`
//! (planned and answered as the Worker does, under the Free plan's limit, once first so that its sprites and tiles
//! are kept, then `RUNS` times; a `{n}` in `QUERY` becomes the run's number, a new key each time, as
//! `scripts/cost`'s "a new delay each request").

use ffen_diagram::http::{self, Plan, Rendered, RequestInfo};
use ffen_diagram::CostLimit;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).map_or("/diagram.png", String::as_str);
    let query = args.get(2).map_or("ffen=8/8/8/8/8/8/8/8", String::as_str);
    let runs: usize = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(10);
    let answer = |n: usize| {
        let query = query.replace("{n}", &n.to_string());
        let info = RequestInfo {
            method: "GET",
            path,
            query: Some(&query),
            url_len: path.len() + query.len() + 40,
            cost_limit: CostLimit::new(8),
            ..RequestInfo::default()
        };
        match http::plan(&info) {
            Plan::Diagram(job) => match job.render() {
                Rendered::Diagram(response) => (response.status, response.body.len()),
                Rendered::Failed(_) => (500, 0),
            },
            Plan::Respond(response) => (response.status, response.body.len()),
            Plan::Game(_) => (0, 0),
        }
    };
    let first = answer(0);
    let last = measured(runs, |n| std::hint::black_box(answer(n)));
    println!("{path}: {first:?} first, {last:?} last (status, bytes)");
}

/// The answers, apart from the first (`valgrind --tool=callgrind --toggle-collect='*measured*'`).
#[inline(never)]
fn measured(runs: usize, answer: impl Fn(usize) -> (u16, usize)) -> (u16, usize) {
    (1..=runs).fold((0, 0), |_, n| answer(n))
}
