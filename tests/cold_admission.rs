//! What a fresh isolate admits under the Free plan's 8 ms after its warm-up (`http::warm_up_response`): the new tiles
//! of a first request are charged at every size, and the diagrams problem sites and players link to most — the
//! default size, a fairy problem, a large variant board, a lichess link — are still admitted at once, not refused
//! for the pieces and squares the isolate has not drawn yet. Its own process (an integration test), so the caches
//! start empty; one test, so that nothing else fills them.

use ffen_diagram::http::{plan, warm_up_response, Plan, RequestInfo};
use ffen_diagram::CostLimit;

/// The 11×11 board of the renderer's bench (F307 with neutral pieces, rotated markers and numbers).
const FAIRY_11X11: &str = "-*1q-c*2T*2r3*3N2''88/*3n6*2r1''121/-*3n*2bp3*2bQ3/2*2b*2r3p2'7/1*2r2P1p4/4N4p1/\
    1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN1x";

#[test]
fn a_fresh_isolate_admits_the_common_first_requests_at_once() {
    assert!(warm_up_response().is_some());
    let firsts = [
        // janko's example of every kind of glyph (turned, neutral, letters, numbers), at the default size.
        "ffen=rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/\
         '0'1'2'3'4''11''22''33/RNBQKBNR",
        // A problem with fairy pieces, highlights and an arrow, at the default size.
        "ffen=4K3/1[grasshopper:w]6/8/3k4/8/2[nightrider:b]5/5N2/8&squares=d5&arrows=f2d3&coords=1",
        // The bench's 11×11 board.
        &format!("ffen={FAIRY_11X11}"),
        // A lichess link's look: 90-px squares, coordinates, brown, a last move.
        "ffen=r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R&size=90&coords=1&theme=brown&lastmove=b8c6",
        // A 10×8 Capablanca-like position in Bodlaender's notation.
        "ffen=r(archbishop)nbqkbn(chancellor)r/pppppppppp/10/10/10/10/PPPPPPPPPP/R(Archbishop)NBQKBN(Chancellor)R\
         &dialect=bodlaender",
    ];
    for query in firsts {
        let info = RequestInfo {
            method: "GET",
            path: "/diagram.png",
            query: Some(query),
            url_len: 100,
            cost_limit: CostLimit::new(8),
            ..RequestInfo::default()
        };
        match plan(&info) {
            Plan::Diagram(job) => {
                let predicted = job.predicted().expect("a limit predicts");
                eprintln!("{query}: {} us, {}", predicted.micros, predicted.work());
                drop(job.render());
            }
            Plan::Respond(r) => panic!("{query}: {} {}", r.status, String::from_utf8_lossy(&r.body)),
            Plan::Game(_) => panic!("a game"),
        }
    }
}
