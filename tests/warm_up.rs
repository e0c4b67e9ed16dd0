//! The warm-up a fresh isolate runs before its first request (`http::warm_up_response`) leaves what a first request of
//! lila-gif's size needs drawn: a game posted to `POST /game.gif` near the Free plan's limit is admitted at once, not
//! refused for its new pieces and squares. Its own process (an integration test), so the caches start empty.

mod common;

use ffen_diagram::http::{plan, warm_up_response, Plan, RequestInfo};
use ffen_diagram::CostLimit;

#[test]
fn after_the_warm_up_a_game_at_the_free_plans_edge_is_admitted_at_once() {
    let body = common::lila_gif_body(7, None);
    let info = common::post_game(&body, 8);
    let game = |info: &RequestInfo<'_>| match plan(info) {
        Plan::Game(job) => Ok(job.predicted().expect("a limit predicts").work()),
        Plan::Respond(r) => Err(String::from_utf8_lossy(&r.body).into_owned()),
        Plan::Diagram(_) => panic!("a diagram"),
    };
    // Before the warm-up the caches are empty: a game of one move asks for new sprites and tiles.
    let one_move = concat!(
        r#"{"theme":"blue","frames":[{},"#,
        r#"{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","lastMove":"e2e4"}]}"#
    );
    let cold = common::post_game(one_move, CostLimit::MAX_MS);
    let cold_work = game(&cold).expect("admitted");
    assert!(cold_work.tiles > 0 && cold_work.sprites > 0, "{cold_work}");
    assert!(warm_up_response().is_some());
    let work = game(&info).unwrap_or_else(|refused| panic!("{refused}"));
    assert_eq!((work.sprites, work.tiles), (0, 0), "{work}");
}
