//! The warm-up a fresh isolate runs before its first request (`http::warm_up_response`) leaves what a first request of
//! lila-gif's size needs drawn: a game posted to `POST /game.gif` near the Free plan's limit is admitted at once, not
//! refused for its new pieces and squares. Its own process (an integration test), so the caches start empty.

use ffen_diagram::http::{plan, warm_up_response, Plan, RequestInfo};
use ffen_diagram::CostLimit;

const EXAMPLE: &str = include_str!("fixtures/lila-gif-example.json");

#[test]
fn after_the_warm_up_a_game_at_the_free_plans_edge_is_admitted_at_once() {
    let mut body: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
    body["frames"] = serde_json::Value::Array(body["frames"].as_array().unwrap()[..12].to_vec());
    let body = body.to_string();
    let info = RequestInfo {
        method: "POST",
        path: "/game.gif",
        url_len: 40,
        body: Some(body.as_bytes()),
        cost_limit: CostLimit::new(8),
        ..RequestInfo::default()
    };
    let game = |info: &RequestInfo<'_>| match plan(info) {
        Plan::Game(job) => Ok(job.predicted().expect("a limit predicts").work()),
        Plan::Respond(r) => Err(String::from_utf8_lossy(&r.body).into_owned()),
        Plan::Diagram(_) => panic!("a diagram"),
    };
    // Without the warm-up this isolate's first such game is refused: its tiles are new.
    let cold = RequestInfo { body: Some(br#"{"theme":"blue","frames":[{},{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","lastMove":"e2e4"}]}"#), ..info };
    let cold_work = game(&RequestInfo { cost_limit: CostLimit::new(CostLimit::MAX_MS), ..cold }).expect("admitted");
    assert!(cold_work.tiles > 0 && cold_work.sprites > 0, "{cold_work}");
    assert!(warm_up_response().is_some());
    let work = game(&info).unwrap_or_else(|refused| panic!("{refused}"));
    assert_eq!((work.sprites, work.tiles), (0, 0), "{work}");
}
