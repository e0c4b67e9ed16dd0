//! `moves=` and `delay=` on the picture routes, and `/diagram.gif`: keys, headers, links, refusals, costs.

use super::*;

fn animated(path: &str, query: &str) -> Box<DiagramJob> {
    job(&get(path, Some(query)))
}

fn key(path: &str, query: &str) -> String {
    animated(path, query).key().as_str().to_string()
}

fn message(path: &str, query: &str) -> String {
    let r = respond(&get(path, Some(query)));
    assert_eq!(r.status, 400, "{path}?{query}");
    String::from_utf8(r.body).unwrap()
}

#[test]
fn moves_add_a_line_to_the_key_and_every_spelling_of_them_shares_it() {
    let still = format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\npng");
    assert_eq!(key("/diagram.png", &format!("ffen={START}")), still);
    // No move at all is the still, with its key.
    for empty in ["moves=", "moves=+", "moves=|+|", "moves=1.&delay=500"] {
        assert_eq!(key("/diagram.png", &format!("ffen={START}&{empty}")), still, "{empty}");
    }
    let want = format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\nd1000 e2e4 e7e5 g1f3 | d2d4\npng");
    for moves in [
        "e2e4+e7e5+g1f3|d2d4",
        "e2e4,e7e5,g1f3+|+d2d4",
        "1.e2-e4!+e7-e5+2.Sg1-f3+|+1.d2-d4",
        "1.+e2-e4+1...e7-e5+2.+Ng1-f3%2B%2B+|+1.d2-d4%3F",
    ] {
        assert_eq!(key("/diagram.png", &format!("ffen={START}&moves={moves}")), want, "{moves}");
        assert_eq!(key("/diagram.png", &format!("ffen={START}&moves={moves}&delay=1000")), want, "{moves}");
    }
    let slow = key("/diagram.png", &format!("ffen={START}&moves=e2e4&delay=+250+"));
    assert_eq!(slow, format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\nd250 e2e4\npng"));
    let gif = key("/diagram.gif", &format!("ffen={START}&moves=e2e4"));
    assert_eq!(gif, format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\nd1000 e2e4\ngif"));
    // A still GIF has the still's lines and its own extension; the delay alone changes nothing.
    let still_gif = format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\ngif");
    assert_eq!(key("/diagram.gif", &format!("ffen={START}&delay=300")), still_gif);
}

#[test]
fn the_side_to_move_comes_from_the_position_and_the_key_says_it_where_it_matters() {
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R";
    let white = animated("/diagram.png", &format!("ffen={castles}&moves=0-0"));
    assert_eq!(white.key().moves(), Some("d1000 0-0"));
    let black = animated("/diagram.png", &format!("ffen={castles}+b&moves=0-0+0-0"));
    assert_eq!(black.key().moves(), Some("d1000 1...0-0 0-0"));
    let last = |job: &DiagramJob| ffen::canonical(&job.playback().unwrap().lines[0].last().unwrap().board);
    assert_eq!(last(&black), "r4rk1/8/8/8/8/8/8/R4RK1");
    // The same moves written with Black's move number: one key.
    let numbered = animated("/diagram.png", &format!("ffen={castles}&moves=1...0-0+2.0-0"));
    assert_eq!(numbered.key(), black.key());
    // Without a castle the side changes nothing, and the key does not say it.
    let plain = animated("/diagram.png", &format!("ffen={START}+b&moves=1...e7e5"));
    assert_eq!(plain.key().moves(), Some("d1000 e7e5"));
}

#[test]
fn an_animation_s_link_leads_back_to_it_and_its_headers_say_what_it_is() {
    let job = animated("/diagram.png", &format!("ffen={START}&size=30&moves=1.e2-e4+e7-e5&delay=400"));
    let link = job.modern_link();
    assert_eq!(link, format!("/diagram.png?ffen={}&size=30&moves=e2e4+e7e5&delay=400", START.replace('/', "%2F")));
    let (path, query) = link.split_once('?').unwrap();
    assert_eq!(animated(path, query).key(), job.key());
    let r = rendered(&job);
    assert_eq!(r.header("content-type"), Some("image/png"));
    assert!(r.header("link").unwrap().starts_with(&format!("<{link}>; rel=\"canonical\", </diagram.txt?")));
    assert!(r.body.windows(4).any(|w| w == b"acTL"), "an animated PNG");
    assert!(job.cache_url("https://h").contains("&moves=d400+e2e4+e7e5&etag="));
    let gif = animated("/diagram.gif", &format!("ffen={START}&moves=e2e4"));
    let r = rendered(&gif);
    assert_eq!(r.header("content-type"), Some("image/gif"));
    assert!(r.body.starts_with(b"GIF89a"));
    assert_eq!(r.header("etag"), Some(gif.etag().to_string().as_str()));
    // A still GIF: one frame, no loop.
    let r = rendered(&animated("/diagram.gif", &format!("ffen={START}")));
    assert!(r.body.starts_with(b"GIF89a") && !r.body.windows(11).any(|w| w == b"NETSCAPE2.0"));
}

#[test]
fn moves_that_cannot_be_read_or_played_are_a_400_naming_the_move() {
    let bad = |moves: &str| message("/diagram.png", &format!("ffen={START}&moves={moves}"));
    assert_eq!(bad("e2e4+e3e5"), "invalid moves: move 2, e3e5: e3 is empty\n");
    assert_eq!(bad("e2e9"), "invalid moves: move 1, e2e9: e9 is off the 8×8 board\n");
    assert!(bad("1.e2-e4+hello").starts_with("invalid moves: move 2, hello: expected a move such as e2e4"));
    let many = vec!["e2e4+e4e2"; 251].join("+");
    assert_eq!(bad(&many), "invalid moves: 502 moves: at most 500 are played\n");
    let gif = message("/diagram.gif", &format!("ffen={START}&moves=a3a4"));
    assert_eq!(gif, "invalid moves: move 1, a3a4: a3 is empty\n");
    for delay in ["19", "10001", "x", "-5", "1.5"] {
        let text = message("/diagram.png", &format!("ffen={START}&moves=e2e4&delay={delay}"));
        assert_eq!(
            text,
            format!(
                "invalid option: bad value \"{delay}\" for `delay`: expected a number of milliseconds from 20 to 10000\n"
            )
        );
    }
    // Read in table order: the position's parameters before the look's.
    let first = message("/diagram.png", &format!("ffen={START}&moves=e2e4&delay=0&size=1"));
    assert!(first.contains("`delay`"), "{first}");
}

#[test]
fn the_svg_refuses_moves_and_the_words_ignore_them() {
    let svg = message("/diagram.svg", &format!("ffen={START}&moves=e2e4"));
    assert_eq!(svg, "moves are animated as PNG or GIF only, not SVG: use /diagram.png or /diagram.gif\n");
    // Moves that are no moves are no animation.
    assert_eq!(animated("/diagram.svg", &format!("ffen={START}&moves=")).format(), Format::Svg);
    for path in ["/diagram.txt", "/diagram.json"] {
        let plain = key(path, &format!("ffen={START}"));
        assert_eq!(key(path, &format!("ffen={START}&moves=e2e4+e7e5")), plain);
        assert_eq!(key(path, &format!("ffen={START}&moves=not+a+move")), plain);
    }
}

#[test]
fn what_one_palette_cannot_hold_is_a_400_never_stored() {
    for query in [format!("ffen={START}&light=transparent"), format!("ffen={START}&light=transparent&moves=e2e4")] {
        for path in ["/diagram.gif", "/diagram.png"] {
            let job = animated(path, &query);
            if path == "/diagram.png" && job.playback().is_none() {
                continue; // a still PNG holds transparency
            }
            let Rendered::Failed(r) = job.render() else { panic!("{path}?{query} is refused") };
            assert_eq!(r.status, 400);
            assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
            assert_eq!(
                String::from_utf8_lossy(&r.body),
                "this diagram cannot be animated or drawn as a GIF: an animation cannot have transparent colours (a \
                 `transparent` look colour)\n"
            );
        }
    }
}

#[test]
fn the_families_gif_links_answer_the_png_they_always_did() {
    for (path, query) in [
        ("/export/fen.gif", format!("fen={START}")),
        ("/image.gif", format!("fen={START}")),
        ("/x/d.php", format!("fen={START}.gif")),
    ] {
        let job = animated(path, &query);
        assert_eq!(job.format(), Format::Png, "{path}");
        assert_eq!(job.key().moves(), None);
        assert!(job.key().as_str().ends_with("\npng"));
        assert!(rendered(&job).body.starts_with(b"\x89PNG"));
    }
    // A family's link carries no moves, whatever its query holds.
    let lichess = animated("/export/fen.gif", &format!("fen={START}&moves=e2e4"));
    assert_eq!(lichess.key().moves(), None);
}

#[test]
fn an_animation_over_the_cost_limit_is_refused_naming_it() {
    fn limited(query: &str) -> RequestInfo<'_> {
        RequestInfo { cost_limit: crate::output::cost::CostLimit::new(8), ..get("/diagram.png", Some(query)) }
    }
    let game = "c2c4 g8f6 b1c3 e7e5 d2d4 e5d4 d1d4 b8c6 d4d1 f8b4 c1d2 0-0 e2e3 b4c3 d2c3 f6e4 g1e2 d7d6 d1c2 f8e8";
    let long = format!("ffen={START}&size=90&moves={}", game.replace(' ', "+"));
    let Err(Reject::TooCostly(e)) = decide(&limited(&long)) else { panic!("refused") };
    assert!(e.to_string().contains("FFEN_MAX_RENDER_MS) is 8 ms"), "{e}");
    // A few moves at the default size are served.
    let short = format!("ffen={START}&moves=e2e4+e7e5+g1f3+b8c6");
    assert!(matches!(decide(&limited(&short)), Ok(Plan::Diagram(_))));
    let start = format!("ffen={START}");
    let still_gif = RequestInfo { path: "/diagram.gif", ..limited(&start) };
    assert!(matches!(decide(&still_gif), Ok(Plan::Diagram(_))));
}
