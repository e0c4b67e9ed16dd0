//! Predicted ≥ counted: every request the planner admits under a CPU limit does no more work, in each unit of
//! `ffen_diagram::work`, than its prediction said. The requests are the hostile ones the cost model missed (new
//! lettered discs on every request, every glyph variant at a large size, an animation putting new pieces on every
//! move) and boards generated from a seed; each is drawn twice, cold and warm, in one process whose sprite cache
//! this test alone uses (an integration test is its own process, and this one has one test).

use ffen_diagram::http::{plan, Plan, RequestInfo};
use ffen_diagram::work::{self, Work};
use ffen_diagram::CostLimit;

/// Plans `query` on `path` under the largest limit (so that the prediction is made), draws it, and returns what was
/// predicted and what was counted; `None` if it is not a diagram.
fn predicted_and_counted(path: &'static str, query: &str) -> Option<(Work, Work)> {
    let info = RequestInfo {
        method: "GET",
        path,
        query: Some(query),
        url_len: 100,
        cost_limit: CostLimit::new(CostLimit::MAX_MS),
        ..RequestInfo::default()
    };
    match plan(&info) {
        Plan::Diagram(job) => {
            let predicted = job.predicted().expect("a limit predicts").work();
            drop(job.render());
            Some((predicted, work::take()))
        }
        _ => None,
    }
}

/// Two distinct letters for `i` (a lettered disc's label is a name's first two letters).
fn name(i: usize, salt: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    let n = i + salt * 64;
    format!("{}{}", letters[n / 26 % 26] as char, letters[n % 26] as char)
}

/// An 8×8 board of 64 pieces with new names (white and black alternately).
fn new_discs(salt: usize) -> String {
    let ranks: Vec<String> = (0..8)
        .map(|r| {
            (0..8).map(|f| format!("[{}:{}]", name(r * 8 + f, salt), if f % 2 == 0 { 'w' } else { 'b' })).collect()
        })
        .collect();
    ranks.join("/")
}

#[test]
fn no_admitted_request_counts_more_than_it_predicted() {
    let mut queries: Vec<(&'static str, String)> = Vec::new();
    for salt in 0..3 {
        queries.push(("/diagram.png", format!("ffen={}&size=128", new_discs(salt))));
    }
    // Every glyph variant on an 8×8 board: orthodox, fairy, neutral, turned, markers and letters.
    let all = "KQRBNPkq/rbnp-K-Q-R-B/-N-P*1K*1Q*2R*2B*3N*3P/[grasshopper:w][nightrider:b][camel:n][amazon:w][zebra:b]\
               [archbishop:w][chancellor:b][dragon:w]/[grasshopper:b][nightrider:w][camel:w][amazon:b][zebra:w]\
               [archbishop:b][chancellor:w][dragon:b]/*1k*1q*2r*2b*3n*3p-k-q/-r-b-n-p*1r*1b*1n*1p/*1C*2X-S*3T'a'b*1'c1";
    for size in [120, 127, 128] {
        queries.push(("/diagram.png", format!("ffen={all}&size={size}")));
        queries.push(("/diagram.svg", format!("ffen={all}&size={size}")));
        queries.push(("/diagram.gif", format!("ffen={all}&size={size}")));
    }
    // An animation putting a new piece on every move (`%2B` is `+`, which a query would read as a space).
    let moves: Vec<String> = (0..14)
        .map(|i| format!("{}[%2Bw({}){}8]", ["a1a2", "a2a1"][i % 2], name(i, 5), (b'a' + i as u8 % 8) as char))
        .collect();
    for path in ["/diagram.png", "/diagram.gif"] {
        queries.push((path, format!("ffen=8/8/8/8/8/8/8/R7&size=100&moves={}", moves.join("+"))));
    }
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..120 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let size = 12 + seed % 117;
        let salt = (seed >> 8) as usize % 40 + 10;
        let cells: String = (0..8)
            .map(|i| if (seed >> (16 + i)) & 1 == 1 { format!("[{}:w]", name(i, salt)) } else { "1".into() })
            .collect();
        queries.push(("/diagram.png", format!("ffen={cells}/rnbqkbnr/8/8&size={size}&coords={}", seed >> 40 & 1)));
    }
    for (path, query) in &queries {
        for round in ["cold", "warm"] {
            let (predicted, counted) = predicted_and_counted(path, query).unwrap_or_else(|| panic!("{path}?{query}"));
            assert!(predicted.covers(&counted), "{round} {path}?{query}: predicted {predicted}, counted {counted}");
            // And not far above: the sprites predicted are the sprites drawn (none when warm, none for the SVG).
            assert!(counted.vector * 3 >= predicted.vector * 2, "{round} {path}?{query}: {predicted} for {counted}");
            if round == "warm" || *path == "/diagram.svg" {
                assert_eq!(predicted, Work::NONE, "{round} {path}?{query}");
            }
        }
    }
}
