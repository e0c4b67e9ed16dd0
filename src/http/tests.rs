//! The planner's decisions, end to end on [`plan`] / [`decide`]; each module tests its own parts.

use super::*;
use crate::notation::ffen::{self, ParseError, ParseErrorKind};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

fn get<'a>(path: &'a str, query: Option<&'a str>) -> RequestInfo<'a> {
    RequestInfo {
        method: "GET",
        path,
        query,
        url_len: 30 + path.len() + query.map_or(0, str::len),
        ..RequestInfo::default()
    }
}

fn job(req: &RequestInfo<'_>) -> Box<DiagramJob> {
    match decide(req) {
        Ok(Plan::Diagram(job)) => job,
        Ok(Plan::Respond(r)) => panic!("expected a diagram, got {} {:?}", r.status, String::from_utf8_lossy(&r.body)),
        Ok(Plan::Game(_)) => panic!("expected a diagram, got a game"),
        Err(reject) => panic!("expected a diagram, got {reject:?}"),
    }
}

fn respond(req: &RequestInfo<'_>) -> Response {
    match plan(req) {
        Plan::Respond(r) => r,
        Plan::Diagram(job) => panic!("expected a response, got a diagram {}", job.canonical_ffen()),
        Plan::Game(job) => panic!("expected a response, got a game {}", job.key()),
    }
}

fn reject(req: &RequestInfo<'_>) -> Reject {
    match decide(req) {
        Err(reject) => reject,
        Ok(_) => panic!("expected a rejection for {:?}", req.query),
    }
}

fn rendered(job: &DiagramJob) -> Response {
    match job.render() {
        Rendered::Diagram(response) => response,
        Rendered::Failed(response) => panic!("rendering failed: {response:?}"),
    }
}

#[test]
fn diagram_headers_are_immutable_png_with_etag_and_ffen() {
    let query = format!("ff={START}");
    let j = job(&get("/Retros/d.php", Some(&query)));
    let r = rendered(&j);
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/png"));
    assert_eq!(r.header("cache-control"), Some(DIAGRAM_CACHE_CONTROL));
    assert_eq!(r.header("x-cache"), Some("MISS"));
    assert_eq!(r.header("access-control-allow-origin"), Some("*"));
    assert_eq!(r.header("access-control-expose-headers"), Some(EXPOSE_HEADERS));
    assert_eq!(r.header("etag"), Some(j.etag().to_string().as_str()));
    assert_eq!(r.header("x-ffen"), Some(header_value(j.canonical_ffen()).as_str()));
    assert!(r.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(j.headers(CacheStatus::Hit).contains(&("X-Cache", "HIT".to_string())));
}

#[test]
fn equivalent_spellings_share_key_etag_and_cache_url() {
    let queries = [
        ("/Retros/d.php", format!("ff={START}")),
        ("/d.php", format!("fen={START}.png")),
        ("/d.php", format!("sb=1&ff={}", START.replace('/', "%2F"))),
        ("/x/d.php", format!("fen={START}.gif&foo=bar")),
        ("/diagram.png", format!("ffen={START}")),
        ("/diagram.png", format!("dialect=janko&ffen={START}")),
        ("/diagram.png", format!("ffen={START}+w+KQkq+-+0+1&size=40&theme=grey")),
    ];
    let first = job(&get(queries[0].0, Some(&queries[0].1)));
    for (path, query) in &queries[1..] {
        let other = job(&get(path, Some(query)));
        assert_eq!(other.key(), first.key(), "{query}");
        assert_eq!(other.etag(), first.etag());
        assert_eq!(other.cache_url("https://h"), first.cache_url("https://h"));
    }
    assert!(first.key().as_str().starts_with(&format!("{CACHE_VERSION}\n")));
    assert!(first.cache_url("https://h/").starts_with("https://h/__cache/diagram.png?v="));
}

#[test]
fn different_options_or_positions_give_different_etags() {
    let a = job(&get("/diagram.png", Some("ffen=8/8/8/8/8/8/8/8")));
    let b = job(&get("/diagram.png", Some("ffen=8/8/8/8/8/8/8/8&flip=1")));
    let c = job(&get("/diagram.png", Some("ffen=k7/8/8/8/8/8/8/8")));
    assert_ne!(a.etag(), b.etag());
    assert_ne!(a.etag(), c.etag());
    assert_ne!(a.cache_url("https://h"), b.cache_url("https://h"));
}

#[test]
fn if_none_match_gives_304_before_rendering() {
    let query = format!("ff={START}");
    let req = get("/d.php", Some(&query));
    let etag = job(&req).etag().to_string();
    for header in [etag.clone(), format!("W/{etag}"), format!("\"x\", {etag}"), "*".to_string()] {
        let r = respond(&RequestInfo { if_none_match: Some(&header), ..req });
        assert_eq!(r.status, 304, "{header}");
        assert!(r.body.is_empty());
        assert_eq!(r.header("etag"), Some(etag.as_str()));
        assert_eq!(r.header("cache-control"), Some(DIAGRAM_CACHE_CONTROL));
    }
    assert!(matches!(plan(&RequestInfo { if_none_match: Some("\"other\""), ..req }), Plan::Diagram(_)));
    // A rejected request is rejected whatever it says it has.
    let bad = RequestInfo { if_none_match: Some("*"), ..get("/d.php", Some("ff=9z9")) };
    assert!(matches!(reject(&bad), Reject::BadFfen(_)));
    // An animation whose GET is a `400` once drawn (its frames cannot be transparent) gets no `304` for `*`: it is
    // drawn, and refused; its own tag, which only a `200` carries, still gets the `304`.
    let unanimatable = get("/diagram.gif", Some("ffen=8/8/8/8/8/8/4P3/8&light=transparent&moves=e2e4"));
    let star = RequestInfo { if_none_match: Some("*"), ..unanimatable };
    let Plan::Diagram(job) = plan(&star) else { panic!("no 304 for * on an animation") };
    assert!(matches!(job.render(), crate::http::Rendered::Failed(r) if r.status == 400));
    for drawn_first in ["/diagram.gif?ffen=8&light=transparent", "/diagram.png?ffen=8/8/8/8/8/8/8/R7&moves=a1a2"] {
        let (path, query) = drawn_first.split_once('?').unwrap();
        let req = RequestInfo { if_none_match: Some("*"), ..get(path, Some(query)) };
        assert!(matches!(plan(&req), Plan::Diagram(_)), "{drawn_first}");
    }
}

#[test]
fn other_methods_get_405_with_allow() {
    for method in ["POST", "PUT", "DELETE", "options", "PATCH", "BREW", "get"] {
        let req = RequestInfo { method, ..get("/d.php", Some("ff=8")) };
        assert_eq!(reject(&req), Reject::MethodNotAllowed { method: method.to_string() });
        let r = respond(&req);
        assert_eq!(r.status, 405);
        assert_eq!(r.header("allow"), Some("GET, HEAD"));
        assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
    }
}

#[test]
fn a_preflight_is_answered_on_every_path_with_its_methods() {
    for (path, methods) in
        [("/game.gif", "POST"), ("/diagram.png", "GET, HEAD"), ("/d.php", "GET, HEAD"), ("/nowhere", "GET, HEAD")]
    {
        // Whatever the query says: the browser asks before it sends the request itself.
        let r = respond(&RequestInfo { method: "OPTIONS", url_len: MAX_URL_LEN + 1, ..get(path, Some("ff=9z9")) });
        assert_eq!(r.status, 204, "{path}");
        assert!(r.body.is_empty());
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
        assert_eq!(r.header("access-control-allow-methods"), Some(methods));
        assert_eq!(r.header("access-control-allow-headers"), Some("Content-Type, If-None-Match"));
        assert_eq!(r.header("allow"), Some(format!("{methods}, OPTIONS").as_str()));
    }
}

#[test]
fn head_has_no_body() {
    let page = respond(&RequestInfo { method: "HEAD", ..get("/", None) });
    assert_eq!(page.status, 404, "the page is a static asset");
    assert!(page.body.is_empty());
    let query = format!("ff={START}");
    let j = job(&RequestInfo { method: "HEAD", ..get("/d.php", Some(&query)) });
    assert!(j.is_head());
    assert!(!rendered(&j).body.is_empty(), "the glue stores the full response and strips the body itself");
    let err = respond(&RequestInfo { method: "HEAD", ..get("/d.php", Some("ff=9z9")) });
    assert_eq!(err.status, 400);
    assert!(err.body.is_empty());
}

#[test]
fn a_bad_ffen_names_its_column_as_text_or_as_a_picture() {
    let req = get("/d.php", Some("ff=rnbqkbnr/ppppZppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    let Reject::BadFfen(ParseError { column, .. }) = reject(&req) else { panic!("a bad FFEN") };
    assert_eq!(column, 14);
    let text = respond(&req);
    assert_eq!(text.status, 400);
    assert_eq!(text.header("content-type"), Some("text/plain; charset=utf-8"));
    assert_eq!(text.header("vary"), Some("Accept"));
    assert!(text.body.starts_with(b"invalid FFEN, column 14: "));
    let png = respond(&RequestInfo { accept: Some("image/webp,*/*"), ..req });
    assert_eq!(png.status, 400);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert!(png.body.starts_with(b"\x89PNG"));
}

#[test]
fn missing_parameters_and_unknown_paths() {
    let janko = crate::links::Family::named("janko.at").unwrap();
    assert_eq!(reject(&get("/d.php", Some("sb=1"))), Reject::BadLink(crate::links::LinkError::Missing(janko)));
    let missing = Reject::MissingParameter { name: "ffen", aliases: &["fen"], path: "/diagram.png" };
    assert_eq!(reject(&get("/diagram.png", None)), missing);
    let klingon = get("/diagram.png", Some("ffen=8/8/8/8/8/8/8/8&dialect=klingon"));
    assert!(matches!(reject(&klingon), Reject::BadOption(e) if e.parameter == "dialect" && e.value == "klingon"));
    let pink = get("/diagram.png", Some("ffen=8&theme=pink"));
    assert!(matches!(reject(&pink), Reject::BadOption(e) if e.parameter == "theme"));
    assert_eq!(reject(&get("/favicon.ico/x", None)), Reject::NotFound);
    assert_eq!(reject(&get("/d.phpx", Some("ff=8"))), Reject::NotFound);
}

#[test]
fn limits_are_enforced_before_parsing() {
    let long = format!("ff={}", "8/".repeat(10_000));
    let req = get("/d.php", Some(&long));
    assert_eq!(reject(&req), Reject::UrlTooLong { len: req.url_len });
    let short_url = RequestInfo { url_len: 100, ..req };
    let Reject::BadFfen(e) = reject(&short_url) else { panic!("too long an FFEN") };
    assert_eq!(e.kind, ParseErrorKind::TooLong { len: 20_000 });
}

#[test]
fn image_size_is_checked_before_rendering() {
    let big = ["8888"; 32].join("/");
    let at_128 = format!("ffen={big}&size=128");
    let Reject::TooLarge(e) = reject(&get("/diagram.png", Some(&at_128))) else { panic!("too large") };
    assert_eq!((e.width, e.height), (4102, 4102));
    let at_12 = format!("ffen={big}&size=12");
    assert!(matches!(plan(&get("/diagram.png", Some(&at_12))), Plan::Diagram(_)));
}

#[test]
fn the_warm_up_draws_a_diagram() {
    let info = get(Format::Png.path(), Some(WARM_UP_QUERY));
    let board = job(&info).board().clone();
    assert_eq!((board.width(), board.height()), (8, 8));
    let png =
        crate::draw::render::render_png(&board, &crate::options::render_options::RenderOptions::default()).unwrap();
    assert_eq!(warm_up(), png.len());
    // The second warm-up diagram is lichess' size, as its links ask for it.
    let lichess = job(&get("/export/fen.gif", Some("fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")));
    assert_eq!(job(&get(Format::Png.path(), Some(WARM_UP_LICHESS_QUERY))).key(), lichess.key());
    // The third is janko's example of every kind of glyph, at the default size.
    let glyphs = job(&get(Format::Png.path(), Some(WARM_UP_GLYPHS_QUERY))).board().clone();
    let janko = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/\
                 '0'1'2'3'4''11''22''33/RNBQKBNR";
    assert_eq!(glyphs, crate::notation::ffen::parse(janko, crate::notation::ffen::Dialect::Janko).unwrap());
}

#[test]
fn a_deployment_pixel_limit_refuses_one_pixel_more_with_a_400_naming_it() {
    // The start position at size=90 is 724×724 = 524,176 pixels.
    let query = format!("ffen={START}&size=90");
    let with_limit = |pixels| RequestInfo {
        pixel_limit: crate::draw::layout::PixelLimit::new(pixels).unwrap(),
        ..get("/diagram.png", Some(&query))
    };
    assert!(matches!(decide(&with_limit(724 * 724)), Ok(Plan::Diagram(_))));
    let over = with_limit(724 * 724 - 1);
    assert_eq!(
        reject(&over),
        Reject::TooLarge(crate::draw::layout::ImageTooLarge { width: 724, height: 724, max_pixels: 724 * 724 - 1 })
    );
    let r = respond(&over);
    assert_eq!(r.status, 400);
    assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
    let text = String::from_utf8(r.body).unwrap();
    assert_eq!(
        text,
        "the diagram would be 724×724 pixels; the limit is 2200 pixels a side and 524175 pixels in all: choose a \
         smaller size\n"
    );
    // A legacy link at the default size is drawn under the same limit only if it fits: 322×322 = 103,684 pixels.
    let legacy = |pixels| RequestInfo {
        pixel_limit: crate::draw::layout::PixelLimit::new(pixels).unwrap(),
        ..get("/d.php", Some("ff=8/8/8/8/8/8/8/8"))
    };
    assert!(matches!(decide(&legacy(103_684)), Ok(Plan::Diagram(_))));
    assert!(matches!(reject(&legacy(103_683)), Reject::TooLarge(_)));
    // The limit is checked after the FFEN (a bad FFEN keeps its column) and before If-None-Match.
    let bad = RequestInfo {
        pixel_limit: crate::draw::layout::PixelLimit::new(1).unwrap(),
        ..get("/d.php", Some("ff=k7/8/8/3z4"))
    };
    assert!(matches!(reject(&bad), Reject::BadFfen(_)));
    let etag = job(&with_limit(724 * 724)).etag().to_string();
    let conditional = RequestInfo { if_none_match: Some(&etag), ..over };
    assert!(matches!(reject(&conditional), Reject::TooLarge(_)));
}

/// The page is a static asset, served before the Worker runs: `GET /` reaches the Worker only where it is not
/// deployed, and gets a `404` that says so (not stored), for `GET` and `HEAD`, with a query or without.
#[test]
fn the_page_is_not_the_workers() {
    for req in [
        get("/", None),
        get("", None),
        get("/", Some("ffen=8&size=1")),
        RequestInfo { method: "HEAD", ..get("/", None) },
    ] {
        let r = respond(&req);
        assert_eq!(r.status, 404);
        assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
        if req.method == "GET" {
            assert!(
                String::from_utf8_lossy(&r.body).contains("page/index.html"),
                "{}",
                String::from_utf8_lossy(&r.body)
            );
        }
    }
}

/// An internal failure must never become a cached diagram. The job answers the renderer's
/// error with [`Rendered::Failed`] (which the glue never stores): a `500`, `no-store`, text, for `GET` and `HEAD`.
#[test]
fn an_internal_failure_is_never_a_stored_200() {
    for method in ["GET", "HEAD"] {
        let query = format!("ff={START}");
        let j = job(&RequestInfo { method, accept: Some("image/png"), ..get("/d.php", Some(&query)) });
        let failed = j.answer(Err(crate::encode::png::EncodeError::SizeMismatch.into()));
        let Rendered::Failed(response) = &failed else { panic!("{failed:?} must not be stored") };
        assert_eq!(response.status, 500);
        assert_eq!(response.header("cache-control"), Some(INTERNAL_ERROR_CACHE_CONTROL));
        assert_eq!(response.header("content-type"), Some("text/plain; charset=utf-8"));
        assert_eq!(response.header("etag"), None);
        assert_eq!(response.body.is_empty(), method == "HEAD");
        assert_eq!(failed.response(), response);
        assert!(matches!(j.render(), Rendered::Diagram(_)));
    }
}

/// A request the runtime cannot read the URL of (the glue's one own answer).
#[test]
fn an_unreadable_url_is_a_400() {
    let r = Reject::UnreadableUrl.response(None, false);
    assert_eq!((r.status, r.body.as_slice()), (400, b"unreadable URL\n".as_slice()));
    assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
}

/// The statuses the README documents for the planner; nothing else may come out of it.
const DOCUMENTED: [u16; 7] = [200, 304, 400, 404, 405, 413, 414];

/// A query of parameters, or a raw one as an XFEN link carries (with escapes, `&`, `=` and `+` among it).
fn any_query() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    prop_oneof![
        "((ff|fen|ffen|dialect|width|size|flip|coords|theme|light|dark|sb)=[ -~]{0,40}&?){0,4}",
        "((ffen|dialect|width)=(courier|xfen|[0-9]{1,3}|[KQRBNkqrbn1-8/*@(!)-]{0,24})&?){1,4}",
        "([1-8kqrbsnpeaofwdxKQRBSNPEAOFWDX/()!&=+]|%25|%2F|%28|%21|%29){0,60}",
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(512))]
    /// Any method, path, query and headers: a plan, never a panic, and only the documented statuses. A diagram's
    /// board is the one its value reads as when it reads (double encoding is undone only for values that do not),
    /// and a rejected value gets its own error; legacy and XFEN links always have the default look.
    #[test]
    fn every_request_gets_a_plan(
        method in "(GET|HEAD|POST|[A-Z]{1,7})",
        path in "(/|/d\\.php|/Retros/d\\.php|/diagram\\.png|/diagram\\.svg|/xfen/|/xfen|/yacpdb/xfen/|/game\\.gif|/[a-z%./]{0,12})",
        query in proptest::option::of(any_query()),
        accept in proptest::option::of("[ -~]{0,40}"),
        inm in proptest::option::of("[ -~]{0,30}"),
        pixels in proptest::option::of(1..=crate::draw::layout::MAX_IMAGE_PIXELS),
        body in proptest::option::of("(\\{\"frames\":\\[\\{(\"fen\":\"[1-8kK/]{0,20}\")?\\}\\]\\}|[ -~]{0,30})"),
    ) {
        let pixel_limit = pixels.and_then(crate::draw::layout::PixelLimit::new).unwrap_or_default();
        let req = RequestInfo {
            cost_limit: None,
            method: &method,
            path: &path,
            query: query.as_deref(),
            url_len: 20 + path.len() + query.as_ref().map_or(0, String::len),
            accept: accept.as_deref(),
            if_none_match: inm.as_deref(),
            pixel_limit,
            content_length: None,
            body: body.as_deref().map(str::as_bytes),
        };
        let decoded = Request::decode(&req);
        match decide(&req) {
            Err(reject) => {
                let r = respond(&req);
                proptest::prop_assert_eq!(r.status, reject.status());
                proptest::prop_assert!(DOCUMENTED.contains(&r.status), "{}", r.status);
                let transient = matches!(&reject, Reject::TooCostly(e) if e.for_new_sprites().is_some());
                let want = if transient { INTERNAL_ERROR_CACHE_CONTROL } else { ERROR_CACHE_CONTROL };
                proptest::prop_assert!(r.header("cache-control") == Some(want));
                if let (Reject::BadFfen(e), Ok(Request { route: Route::Diagram(q), .. })) = (&reject, &decoded) {
                    proptest::prop_assert_eq!(Err(e.clone()), ffen::parse(&q.ffen, q.dialect));
                }
                if let Reject::TooLarge(e) = &reject {
                    proptest::prop_assert_eq!(e.max_pixels, pixel_limit.pixels());
                }
            }
            Ok(Plan::Respond(r)) => proptest::prop_assert!(r.status == 200 || r.status == 304),
            Ok(Plan::Game(job)) => {
                proptest::prop_assert!(method == "POST" && path == "/game.gif");
                proptest::prop_assert_eq!(job.etag(), ETag::of_key(job.key()));
                let game = format!("{CACHE_VERSION}\ngame\n");
                proptest::prop_assert!(job.key().starts_with(&game) && job.key().ends_with("\ngif"));
            }
            Ok(Plan::Diagram(job)) => {
                proptest::prop_assert!(method == "GET" || method == "HEAD");
                proptest::prop_assert_eq!(job.etag(), ETag::of_key(job.key().as_str()));
                let (width, height) = crate::draw::layout::image_size(job.board(), job.options());
                proptest::prop_assert!(u64::from(width) * u64::from(height) <= pixel_limit.pixels());
                let Ok(Request { route: Route::Diagram(q), .. }) = decoded else {
                    return Err(proptest::test_runner::TestCaseError::fail("a diagram from a decoded request"));
                };
                if let Ok(board) = ffen::parse(&q.ffen, q.dialect) {
                    proptest::prop_assert_eq!(&board, job.board());
                }
                // A format's route serves that format, and its key says so.
                if let Some(format) = Format::at(&path) {
                    proptest::prop_assert_eq!(job.format(), format);
                }
                let last_line = format!("\n{}", job.format());
                proptest::prop_assert!(job.key().as_str().ends_with(&last_line));
                if matches!(q.kind, LinkKind::Family(f) if f.name == "janko.at" || f.name == "yacpdb") {
                    proptest::prop_assert_eq!(job.options(), &crate::options::render_options::RenderOptions::default());
                }
            }
        }
    }
}

/// `value` percent-encoded `times` times over, every byte but letters and digits escaped (as an eager encoder
/// does), so each pass turns the previous pass's `%` into `%25`.
fn encoded(value: &str, times: usize) -> String {
    let mut text = value.to_string();
    for _ in 0..times {
        text = text
            .bytes()
            .map(|b| if b.is_ascii_alphanumeric() { char::from(b).to_string() } else { format!("%{b:02X}") })
            .collect();
    }
    text
}

/// 64 XFEN tokens joined into eight ranks.
fn xfen_board() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let token = prop_oneof![
        Just("1"),
        Just("K"),
        Just("s"),
        Just("(!S2)"),
        Just("(Bk)"),
        Just("(k1)"),
        Just("e"),
        Just("(!p)"),
        Just("()")
    ];
    proptest::collection::vec(token, 64)
        .prop_map(|tokens| tokens.chunks(8).map(|rank| rank.concat()).collect::<Vec<_>>().join("/"))
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(256))]
    /// A position in janko's notation, a link carrying it encoded once, twice or three times: one diagram.
    #[test]
    fn janko_values_encoded_up_to_three_times_are_one_diagram(
        value in "([KQRBNPkqrbnpCXST1-9/]|-p|\\*1Q|'a|''12|\\[-\\]|\\[\\]k){1,24}",
        times in 1..=3usize,
    ) {
        let Ok(board) = ffen::parse(&value, ffen::Dialect::Janko) else { return Ok(()) };
        let query = format!("ff={}", encoded(&value, times));
        let legacy = job(&get("/d.php", Some(&query)));
        proptest::prop_assert_eq!(legacy.board(), &board, "{}", query);
        let query = format!("ffen={}", encoded(&value, times));
        let modern = job(&get("/diagram.png", Some(&query)));
        proptest::prop_assert_eq!(modern.key(), legacy.key());
    }

    /// The same for Game Courier's Forsythe code at any width, on the modern route.
    #[test]
    fn courier_values_encoded_up_to_three_times_are_one_diagram(
        value in "[KQRBNPkqrbnpAZaz0-9@*/-]{1,30}",
        width in 1..=32usize,
        times in 1..=3usize,
    ) {
        let dialect = ffen::Dialect::Courier { width: ffen::Width::new(width).unwrap() };
        let Ok(board) = ffen::parse(&value, dialect) else { return Ok(()) };
        let query = format!("dialect=courier&width={width}&ffen={}", encoded(&value, times));
        if crate::draw::layout::check_image_size(&board, &crate::options::render_options::RenderOptions::default()).is_err() {
            return Ok(());
        }
        let courier = job(&get("/diagram.png", Some(&query)));
        proptest::prop_assert_eq!(courier.board(), &board, "{}", query);
    }

    /// The same for XFEN, on the `/xfen/` route (raw or encoded up to three times) and the modern route.
    #[test]
    fn xfen_values_encoded_up_to_three_times_are_one_diagram(value in xfen_board(), times in 0..=3usize) {
        let board = ffen::parse(&value, ffen::Dialect::Xfen).expect("64 tokens in eight ranks");
        let link = encoded(&value, times);
        let xfen = job(&get("/xfen/", Some(&link)));
        proptest::prop_assert_eq!(xfen.board(), &board, "{}", link);
        let query = format!("dialect=xfen&ffen={}", encoded(&value, times.max(1)));
        let modern = job(&get("/diagram.png", Some(&query)));
        proptest::prop_assert_eq!(modern.key(), xfen.key());
    }
}

#[test]
fn no_input_panics() {
    let samples = ["", "?", "&&&", "ff", "ff=", "ff=%", "ff=%zz", "ff=''''", "ff=*", "ff=-", "ff=/////", "fen=.png"];
    for q in samples {
        for path in ["/d.php", "/diagram.png", "/", "/nope"] {
            let q = q.replace("ff", if path == "/diagram.png" { "ffen" } else { "ff" });
            let _ = plan(&get(path, Some(&q)));
        }
    }
}

/// The same diagram written in every dialect, on every route that reads it: one canonical string, one cache key,
/// `ETag` and cache URL, and byte-identical PNGs. The dialect is never part of the key.
#[test]
fn one_diagram_in_every_dialect_is_one_cache_entry() {
    let diagrams: [(&str, &[(&str, &str)]); 3] = [
        (
            START,
            &[
                ("/d.php", "ff=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
                ("/d.php", "ff=rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR"),
                ("/diagram.png", "ffen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR&dialect=bodlaender"),
                ("/diagram.png", "ffen=rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR&dialect=courier"),
                ("/diagram.png", "ffen=rnbqkbnr/pppppppp/****/PPPPPPPP/RNBQKBNR&dialect=courier&width=8"),
                ("/diagram.png", "ffen=rnbqkbnr/pppppppp/*/*/*/*/PPPPPPPP/RNBQKBNR&dialect=courier"),
                ("/diagram.png", "ffen=rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR&dialect=xfen"),
                ("/xfen/", "rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR"),
                ("/xfen", "rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR"),
            ],
        ),
        (
            // Neutral, turned and bordered pieces and markers: janko (with the canonical extension) and XFEN.
            "[]-*2n1*1k-pScTx/8/8/8/8/8/8/8",
            &[
                ("/d.php", "ff=[]-*2n1*1k-pScTx/8/8/8/8/8/8/8"),
                ("/diagram.png", "ffen=%5B%5D-*2N1*1k-PScTx/8/8/8/8/8/8/8"),
                ("/diagram.png", "ffen=(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8&dialect=xfen"),
                ("/xfen/", "(B!S2)1(k1)(!p)EoAf/8/8/8/8/8/8/8"),
                ("/a/xfen/", "%28B%21S2%291%28k1%29%28%21p%29EoAf%2F8%2F8%2F8%2F8%2F8%2F8%2F8"),
            ],
        ),
        (
            // A Game Courier board ten files wide, and the same board in Bodlaender's and janko's notation.
            "rn[a:b]bqkb[c:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/RN[a:w]BQKB[c:w]NR",
            &[
                ("/diagram.png", "ffen=rnabqkbcnrpppppppppp40PPPPPPPPPPRNABQKBCNR&dialect=courier&width=10"),
                ("/diagram.png", "ffen=rnabqkbcnr/pppppppppp/****/PPPPPPPPPP/RNABQKBCNR&dialect=courier&width=10"),
                ("/diagram.png", "ffen=rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR&dialect=bodlaender"),
                ("/d.php", "ff=rn[a:b]bqkb[c:b]nr/pppppppppp/91/91/91/91/PPPPPPPPPP/RN[a:w]BQKB[c:w]NR"),
            ],
        ),
    ];
    for (canonical, spellings) in diagrams {
        let jobs: Vec<_> = spellings.iter().map(|(path, query)| (query, job(&get(path, Some(query))))).collect();
        let png = rendered(&jobs[0].1).body;
        for (query, j) in &jobs {
            assert_eq!(j.canonical_ffen(), canonical, "{query}");
            assert_eq!(j.key(), jobs[0].1.key(), "{query}");
            assert_eq!(j.etag(), jobs[0].1.etag(), "{query}");
            assert_eq!(j.cache_url("https://h"), jobs[0].1.cache_url("https://h"), "{query}");
            assert!(rendered(j).body == png, "{query}: the same PNG bytes");
        }
    }
}

#[test]
fn courier_width_shapes_the_board_and_only_the_board() {
    let at = |query: &str| job(&get("/diagram.png", Some(query)));
    let eight = at("ffen=K10k&dialect=courier");
    assert_eq!(eight.canonical_ffen(), "K7/3k[-][-][-][-]");
    let ten = at("ffen=K10k&dialect=courier&width=10");
    assert_eq!(ten.canonical_ffen(), "K9/1k[-][-][-][-][-][-][-][-]");
    assert_eq!((ten.board().width(), ten.board().height()), (10, 2));
    // The width is not an option of the picture: it is not in the key, only in the board it reads.
    assert_eq!(ten.key().canonical_options(), eight.key().canonical_options());
    // Ignored with another dialect.
    assert_eq!(at("ffen=K7&width=10").key(), at("ffen=K7").key());
    let Reject::BadOption(e) = reject(&get("/diagram.png", Some("ffen=K&dialect=courier&width=33"))) else {
        panic!("a bad width")
    };
    assert_eq!((e.parameter, e.value.as_str()), ("width", "33"));
}

#[test]
fn xfen_links_read_the_query_in_the_xfen_dialect_with_the_default_look() {
    let start = job(&get("/xfen/", Some("rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR")));
    assert_eq!(start.canonical_ffen(), "rnbqkbnr/pppp-pppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(start.options(), &crate::options::render_options::RenderOptions::default());
    // What a site appends after '&' is ignored; FEN fields after '+' too.
    for query in [
        "rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR&size=20&fbclid=abc",
        "rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR+w+KQkq+-",
        "rnbqkbnr%2Fpppp%28%21p%29ppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR",
    ] {
        assert_eq!(job(&get("/xfen", Some(query))).key(), start.key(), "{query}");
    }
    // Errors name the column of the position as decoded.
    let Reject::BadFfen(e) = reject(&get("/xfen/", Some("8/8/8/3z4/8/8/8/8"))) else { panic!("bad XFEN") };
    assert_eq!(e.column, 8);
    let Reject::BadFfen(e) = reject(&get("/xfen/", Some("8/8=1/8/8/8/8/8/8"))) else { panic!("bad XFEN") };
    assert_eq!(e.column, 4);
    let yacpdb = crate::links::Family::named("yacpdb").unwrap();
    assert_eq!(reject(&get("/xfen/", Some(""))), Reject::BadLink(crate::links::LinkError::Missing(yacpdb)));
}

/// Links pasted through two or three encoders, on every route: decoded again when (and only when) the value does
/// not read and a further decoding does.
#[test]
fn values_encoded_twice_or_three_times_read_on_every_route() {
    let once = job(&get("/d.php", Some("ff=4k3/8/8/8/8/8/8/4K3"))).key().clone();
    for (path, query) in [
        ("/d.php", "ff=4k3%252F8%252F8%252F8%252F8%252F8%252F8%252F4K3"),
        ("/Retros/d.php", "fen=4k3%25252F8%25252F8%25252F8%25252F8%25252F8%25252F8%25252F4K3.png"),
        ("/diagram.png", "ffen=4k3%252F8%252F8%252F8%252F8%252F8%252F8%252F4K3"),
        ("/diagram.png", "dialect=courier&ffen=4k3%252F8%252F8%252F8%252F8%252F8%252F8%252F4K3"),
        ("/xfen/", "4k3%252F8%252F8%252F8%252F8%252F8%252F8%252F4K3"),
        ("/xfen/", "4k3%25252F8%25252F8%25252F8%25252F8%25252F8%25252F8%25252F4K3"),
    ] {
        assert_eq!(job(&get(path, Some(query))).key(), &once, "{path}?{query}");
    }
    // %2527: a quote encoded twice.
    let quoted = job(&get("/d.php", Some("ff=%2527a7/8"))).canonical_ffen().to_string();
    assert_eq!(quoted, "'a7/8");
    // Four encoders are one too many: the error is that of the value as it came (the '%' at column 4).
    let Reject::BadFfen(e) = reject(&get("/d.php", Some("ff=4k3%2525252F8"))) else { panic!("not decoded") };
    assert_eq!(e.column, 4);
    // A value that reads is never decoded: '%' is an empty square in Bodlaender's dialect.
    let bod = job(&get("/diagram.png", Some("dialect=bodlaender&ffen=%252F4")));
    assert_eq!(bod.canonical_ffen(), "3[f:w]4");
    assert_eq!(job(&get("/diagram.png", Some("ffen=4%252F4"))).canonical_ffen(), "4/4");
}

/// `/diagram.svg`: the modern route's parameters, the same diagram as SVG, with its own key and `ETag`, the SVG
/// type, the CSP that forbids scripts, `nosniff`; the same canonical FFEN as the PNG.
#[test]
fn svg_diagrams_have_their_own_key_type_and_policy() {
    let query = format!("ffen={START}&theme=print&coords=1");
    let png = job(&get("/diagram.png", Some(&query)));
    let svg = job(&get("/diagram.svg", Some(&query)));
    assert_eq!((png.format(), svg.format()), (Format::Png, Format::Svg));
    assert_eq!(svg.key().as_str().strip_suffix("svg"), png.key().as_str().strip_suffix("png"));
    assert_ne!(svg.etag(), png.etag());
    assert_ne!(svg.cache_url("https://h"), png.cache_url("https://h"));
    assert_eq!(
        (svg.canonical_ffen(), svg.key().canonical_options()),
        (png.canonical_ffen(), png.key().canonical_options())
    );
    let r = rendered(&svg);
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("image/svg+xml"));
    assert_eq!(r.header("content-security-policy"), Some(crate::draw::svg::SVG_CONTENT_SECURITY_POLICY));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(r.header("cache-control"), Some(DIAGRAM_CACHE_CONTROL));
    assert_eq!(r.header("etag"), Some(svg.etag().to_string().as_str()));
    assert_eq!(r.header("x-ffen"), Some(START));
    assert_eq!(r.body, crate::draw::svg::render_svg(svg.board(), svg.options()).into_bytes());
    assert_eq!(rendered(&png).header("content-security-policy"), None, "PNG answers are unchanged");
    // Every spelling of the diagram is one SVG.
    let other = job(&get(
        "/diagram.svg",
        Some("ffen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w&coords=yes&theme=Print"),
    ));
    assert_eq!(other.key(), svg.key());
}

#[test]
fn svg_requests_get_304_head_and_errors_as_png_requests_do() {
    let query = format!("ffen={START}");
    let req = get("/diagram.svg", Some(&query));
    let svg = job(&req);
    let etag = svg.etag().to_string();
    let r = respond(&RequestInfo { if_none_match: Some(&etag), ..req });
    assert_eq!(r.status, 304);
    assert_eq!(r.header("etag"), Some(etag.as_str()));
    // The PNG's tag names another representation: no 304 for it.
    let png_etag = job(&get("/diagram.png", Some(&query))).etag().to_string();
    assert!(matches!(plan(&RequestInfo { if_none_match: Some(&png_etag), ..req }), Plan::Diagram(_)));
    let head = job(&RequestInfo { method: "HEAD", ..req });
    assert!(head.is_head());
    assert_eq!(head.key(), svg.key());
    // Errors: the same answers as the PNG route, a text message or, for an <img>, the PNG card.
    let bad = get("/diagram.svg", Some("ffen=rnbqkbnr/ppppZppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    let bad_png = get("/diagram.png", Some("ffen=rnbqkbnr/ppppZppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
    assert_eq!(respond(&bad), respond(&bad_png));
    let img = RequestInfo { accept: Some("image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8"), ..bad };
    let card = respond(&img);
    assert_eq!((card.status, card.header("content-type")), (400, Some("image/png")));
    assert!(
        matches!(reject(&get("/diagram.svg", Some("ffen=8&size=7"))), Reject::BadOption(e) if e.parameter == "size")
    );
    let missing = Reject::MissingParameter { name: "ffen", aliases: &["fen"], path: "/diagram.svg" };
    assert_eq!(reject(&get("/diagram.svg", None)), missing);
    let big = format!("ffen={}&size=128", ["8888"; 32].join("/"));
    assert!(matches!(reject(&get("/diagram.svg", Some(&big))), Reject::TooLarge(_)));
}

/// Markup in what a request sends never becomes markup in the SVG: text on squares reaches it as glyph outlines and
/// as escaped text in the `<desc>`.
#[test]
fn svg_answers_carry_no_markup_from_the_request() {
    for query in [
        "ffen=%3Csvg%3E%3Cscript%3Ealert(1)%3C/script%3E",
        "ffen=8&theme=%3Cscript%3E",
        "ffen=8&light=%22%3E%3Cscript%3E",
    ] {
        let r = respond(&get("/diagram.svg", Some(query)));
        assert_eq!(r.status, 400, "{query}");
        assert!(!String::from_utf8_lossy(&r.body).contains("<svg"), "{query}");
    }
    // Letters and numbers: drawn as outlines, and listed in the description as text.
    let j = job(&get("/diagram.svg", Some("ffen='s''12'c'r'i'p't/8")));
    let body = String::from_utf8(rendered(&j).body).unwrap();
    assert!(
        body.contains("<desc>Board 8×2\nEmpty board\nLetters: s a2, 12 b2, c c2, r d2, i e2, p f2, t g2</desc>"),
        "{body}"
    );
    assert!(!body.contains("<text") && !body.contains("<script") && !body.contains("<style"));
}

#[test]
fn furniture_is_in_the_key_sorted_and_deduplicated() {
    let q = |query: &'static str| job(&get("/diagram.png", Some(query)));
    let a = q("ffen=8/8/8/8/8/8/8/8&squares=Ge4,c3,Rd5&arrows=Bh7c2,Ge2e4&count=1&lastmove=e2e4");
    let b = q("ffen=8/8/8/8/8/8/8/8&lastmove=e2e4&count=yes&arrows=Ge2e4,Bh7c2,Ge2e4&squares=c3,Rd5,Ge4,c3");
    assert_eq!(a.key(), b.key());
    assert_eq!(a.etag(), b.etag());
    assert!(
        a.key().to_string().ends_with("s40.f0.c0.gray.count.squares=c3,Rd5,Ge4.arrows=Ge2e4,Bh7c2.lastmove=e2e4\npng"),
        "{}",
        a.key()
    );
    // Every piece of furniture makes a different key, and none is the plain diagram's.
    let plain = q("ffen=8/8/8/8/8/8/8/8");
    let variants = [
        "count=1",
        "title=A",
        "caption=A",
        "title=A|B",
        "title=A B",
        "squares=e4",
        "squares=Ge4",
        "arrows=e2e4",
        "arrows=e4e2",
        "arrows=e4e4",
        "lastmove=e2e4",
        "lastmove=e4e2",
        "check=e4",
        "check=e2",
        "lastmove=e2e4&lastmove_style=lichess",
        "squares=e4&squares_style=x",
        "squares=e4&squares_color=ffcccc",
        "squares=e4&squares_style=x&squares_color=ffcccc",
    ];
    let mut keys: Vec<String> = vec![plain.key().to_string()];
    for v in variants {
        let query = format!("ffen=8/8/8/8/8/8/8/8&{v}");
        keys.push(job(&get("/diagram.png", Some(&query))).key().to_string());
    }
    let distinct: std::collections::HashSet<_> = keys.iter().collect();
    assert_eq!(distinct.len(), keys.len(), "{keys:#?}");
    // A style of marks the diagram does not have is no change: the plain diagram's key.
    // So is a colour of unlettered squares where there are none, or a fill of pieces that are not there.
    for idle in [
        "lastmove_style=lichess",
        "squares_style=x",
        "check=&squares_style=tint",
        "squares_color=ffcccc",
        "squares=Ge4&squares_color=ffcccc",
        "white_fill=gold&black_fill=navy",
    ] {
        let query = format!("ffen=8/8/8/8/8/8/8/8&{idle}");
        let want = if idle.starts_with("squares=") {
            q("ffen=8/8/8/8/8/8/8/8&squares=Ge4")
        } else {
            q("ffen=8/8/8/8/8/8/8/8")
        };
        assert_eq!(job(&get("/diagram.png", Some(&query))).key(), want.key(), "{idle}");
    }
    // The fills: a key of their own where their side has pieces; a side's own colour is no fill.
    let kings = q("ffen=4k3/8/8/8/8/8/8/4K3");
    let filled = q("ffen=4k3/8/8/8/8/8/8/4K3&white_fill=%23FFD700&black_fill=navy");
    assert!(filled.key().to_string().ends_with(".white_fill=ffd700.black_fill=000080\npng"), "{}", filled.key());
    assert_eq!(q("ffen=4k3/8/8/8/8/8/8/4K3&white_fill=white&black_fill=000000").key(), kings.key());
    // Accented text is percent-encoded in the key; the query may spell it raw or encoded.
    let raw = q("ffen=8&title=Ph%C3%A9nix%20%C5%A0ulc&caption=%23%32");
    assert!(raw.key().to_string().ends_with(".title=Ph%C3%A9nix %C5%A0ulc.caption=#2\npng"), "{}", raw.key());
}

#[test]
fn bad_furniture_is_a_400_naming_the_parameter() {
    for (query, parameter, says) in [
        ("ffen=8/8/8/8/8/8/8/8&count=2", "count", "`count`"),
        ("ffen=8/8/8/8/8/8/8/8&squares=e9", "squares", "e9 is off this 8×8 board"),
        ("ffen=8/8/8/8/8/8/8/8&squares=Xe4", "squares", "colour letter"),
        ("ffen=8/8/8/8/8/8/8/8&arrows=e2e4,i1a1", "arrows", "i1 is off this 8×8 board"),
        ("ffen=8/8/8/8/8/8/8/8&arrows=e2", "arrows", "from-to pairs"),
        ("ffen=8/8/8/8/8/8/8/8&lastmove=a1a9", "lastmove", "a9 is off"),
        ("ffen=8/8/8/8/8/8/8/8&title=%E2%98%83", "title", "'☃' (U+2603) at position 1"),
        ("ffen=8/8/8/8/8/8/8/8&caption=a|b|c", "caption", "at most two lines"),
        ("ffen=8/8/8/8/8/8/8/8&check=i1", "check", "i1 is off this 8×8 board"),
        ("ffen=8/8/8/8/8/8/8/8&check=e1e2", "check", "expected a square name"),
        ("ffen=8/8/8/8/8/8/8/8&lastmove_style=yellow", "lastmove_style", "expected one of tint, lichess"),
        ("ffen=8/8/8/8/8/8/8/8&squares_style=%E2%9C%97", "squares_style", "expected one of tint, x"),
        ("ffen=8/8/8/8/8/8/8/8&squares_color=transparent", "squares_color", "expected a colour: RRGGBB"),
        ("ffen=8/8/8/8/8/8/8/8&white_fill=%23fff", "white_fill", "expected a colour: RRGGBB"),
        ("ffen=K&black_fill=blackish", "black_fill", "or a CSS colour name; empty for none"),
        (
            "ffen=92/92/92/92/92/92/92/92/92/92/92&squares=l1",
            "squares",
            "l1 is off this 11×11 board (files a to k, ranks 1 to 11)",
        ),
    ] {
        let Reject::BadOption(e) = reject(&get("/diagram.png", Some(query))) else { panic!("{query}") };
        assert_eq!(e.parameter, parameter, "{query}");
        let answer = respond(&get("/diagram.png", Some(query)));
        assert_eq!(answer.status, 400);
        let body = String::from_utf8(answer.body).unwrap();
        assert!(body.contains(&format!("`{parameter}`")) && body.contains(says), "{query}: {body}");
    }
    // The largest board takes every file and rank name.
    let big = "9".repeat(3) + "5";
    let rank = format!("{big}/").repeat(31) + &big;
    job(&get("/diagram.png", Some(&format!("ffen={rank}&squares=af32,a1&arrows=a1af32&lastmove=af1a32"))));
}

#[test]
fn legacy_and_xfen_links_ignore_furniture() {
    let legacy = job(&get("/d.php", Some("ff=8/8/8/8/8/8/8/8&count=1&title=x&squares=z9")));
    assert!(legacy.key().to_string().ends_with("\ns40.f0.c0.gray\npng"), "{}", legacy.key());
    let xfen = job(&get("/xfen/", Some("8/8/8/8/8/8/8/8&count=1&squares=z9")));
    assert_eq!(xfen.key(), legacy.key());
}

mod moves;
mod pgn;
mod pinned;

/// The look parameters through the planner (400s naming the parameter, keys) and `dialect=hgm`.
mod looks {
    use super::*;

    #[test]
    fn a_bad_look_value_is_a_400_naming_its_parameter() {
        for (query, parameter) in [
            ("ffen=8&colors=red+nocolour", "colors"),
            ("ffen=8&board=10.01", "board"),
            ("ffen=8/8&files=a+b+c", "files"),
            ("ffen=8/8&ranks=1", "ranks"),
            ("ffen=8&first_rank=x", "first_rank"),
            ("ffen=8&rim=%23ff", "rim"),
            ("ffen=8&coord_color=transparent", "coord_color"),
            ("ffen=8&hole=nothing", "hole"),
            ("ffen=8&borders=maybe", "borders"),
            ("ffen=8&board=12.", "board"),
        ] {
            let answer = respond(&get("/diagram.png", Some(query)));
            assert_eq!(answer.status, 400, "{query}");
            let body = String::from_utf8_lossy(&answer.body).into_owned();
            assert!(body.contains(&format!("`{parameter}`")), "{query}: {body}");
        }
    }

    #[test]
    fn look_parameters_are_keyed_and_defaults_keep_todays_keys() {
        let key = |query: &str| job(&get("/diagram.png", Some(query))).key().as_str().to_string();
        let start = format!("ffen={START}");
        assert_eq!(key(&start), format!("{CACHE_VERSION}\n{START}\ns40.f0.c0.gray\npng"));
        // Defaults spelled out change nothing.
        assert_eq!(key(&format!("{start}&first_rank=1&borders=0")), key(&start));
        assert_eq!(
            key(&format!("{start}&colors=white+gray&board=10.01.&files=a+b+c+d+e+f+g+")),
            format!(
                "{CACHE_VERSION}\n{START}\ns40.f0.c1.gray.colors=808080-ffffff.board={}.files=a,b,c,d,e,f,g,\npng",
                ["01010101", "10101010"].repeat(4).join("-")
            )
        );
    }

    #[test]
    fn interactive_diagram_definitions_render_with_their_look_and_the_link_wins() {
        let definition = "files=10 ranks=8 squareSize=35 darkShade=%23C0C0C0 firstRank=1 \
                          pawn::::a2-j2 Knight:N:::b1,i1 Archbishop::::c1 Chancellor::::h1 Lion:::::2 king::::e1";
        let job = job(&get("/diagram.png", Some(&format!("dialect=hgm&ffen={definition}"))));
        assert_eq!(
            job.canonical_ffen(),
            "1n[archbishop:b]1k2[chancellor:b]n1/pppppppppp/91/91/91/91/PPPPPPPPPP/1N[archbishop:w]1K2[chancellor:w]N1"
        );
        assert_eq!(job.key().canonical_options(), "s35.f0.c1.gray.l=ffffff.d=c0c0c0.borders");
        let themed = self::job(&get(
            "/diagram.png",
            Some(&format!("dialect=hgm&ffen={definition}&theme=brown&size=20&borders=0")),
        ));
        assert_eq!(themed.key().canonical_options(), "s20.f0.c1.brown");
        let bad = reject(&get("/diagram.png", Some("dialect=hgm&ffen=files=40")));
        assert_eq!(bad.status(), 400);
        assert!(bad.to_string().contains("column 7"), "{bad}");
    }
}

/// `FFEN_MAX_RENDER_MS`: a diagram predicted over it is a `400` naming the limit, before any drawing; the same link
/// without a limit, and a cheap picture of as many pixels with it, are diagrams.
#[test]
fn a_cost_limit_refuses_with_a_400_naming_it() {
    let full: String = (0..32)
        .map(|y| (0..32).map(|x| b"KQRBNPkqrbnp"[(x + y) % 12] as char).collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    let query = format!("ffen={full}&size=20");
    let limited =
        RequestInfo { cost_limit: crate::output::cost::CostLimit::new(8), ..get("/diagram.png", Some(&query)) };
    match decide(&limited) {
        Err(Reject::TooCostly(e)) => assert_eq!((e.cost.width, e.limit.millis()), (642, 8)),
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a diagram"),
    }
    let Plan::Respond(response) = plan(&limited) else { panic!("refused") };
    assert_eq!(response.status, 400);
    let text = String::from_utf8_lossy(&response.body).into_owned();
    assert!(text.contains("(FFEN_MAX_RENDER_MS) is 8 ms"), "{text}");
    assert!(matches!(plan(&get("/diagram.png", Some(&query))), Plan::Diagram(_)), "no limit: a diagram");
    // 8×8 at the largest size with coordinates: more pixels (1,066²), served under the same limit.
    let start = "ffen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR&size=128&coords=1";
    // (Its sprites' first drawing at a new size is charged on top, from the isolate's cache: docs/cost.md.)
    let Plan::Diagram(big) = plan(&get("/diagram.png", Some(start))) else { panic!("no limit: a diagram") };
    assert!(crate::output::cost::render_cost(big.board(), big.options()).micros < 8_000);
}

/// The link families (crate::links) behind the planner: routed after the service's own routes, one cache entry
/// for one picture whichever family asks, the canonical link leading back to it, their errors `400`s.
mod families {
    use super::*;

    /// The job of a `path?query` URL.
    fn job_at(url: &str) -> Box<DiagramJob> {
        let (path, query) = url.split_once('?').map_or((url, None), |(p, q)| (p, Some(q)));
        job(&get(path, query))
    }

    #[test]
    fn one_position_through_three_families_and_the_modern_route_is_one_key_when_the_look_agrees() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R%20w%20KQkq%20-%202%203";
        let a = job_at(&format!("/board.png?fen={fen}&size=720&colors=lichess-brown"));
        let b = job_at(&format!("/diagram.png?fen={fen}&size=90&theme=brown"));
        let c = job_at("/r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R.png");
        let d = job_at(&format!("/image.gif?fen={fen}&theme=brown&coordinates=false"));
        assert_eq!(a.key(), b.key());
        assert_eq!(a.key(), d.key());
        // lila-gif's default is coordinates on; lichess' export route always has them.
        let e = job_at(&format!("/image.gif?fen={fen}"));
        let f = job_at(&format!("/diagram.png?fen={fen}&size=90&theme=brown&coords=1"));
        assert_eq!(e.key(), f.key());
        assert_eq!(job_at(&format!("/export/fen.gif?fen={fen}&coordinates=0")).key(), f.key());
        assert_eq!(a.canonical_ffen(), c.canonical_ffen());
        assert_ne!(a.key(), c.key(), "chessboardimage.com's look is the default one");
        // The families drawn in the default look (fen2png, ChessImager, chessup), and the modern route.
        let plain = job_at(&format!("/diagram.png?fen={fen}"));
        for url in [
            format!("/api/?fen={fen}&raw=true"),
            format!("/api/?fen={fen}"),
            format!("/ChessImager/ChessImager.php?fen={fen}/&nonsense=foobar.png"),
            format!("/php/pictureParser.php?fen={fen}&.png"),
        ] {
            assert_eq!(job_at(&url).key(), plain.key(), "{url}");
        }
        // chess.com's two routes, and HGM's fen.cgi in HGM's look.
        let dynboard = job_at(&format!("/dynboard?fen={fen}&size=3"));
        assert_eq!(job_at(&format!("/diagram?fen={fen}&size=90px")).key(), dynboard.key());
        assert_eq!(job_at(&format!("/diagram.png?fen={fen}&size=90&theme=green")).key(), dynboard.key());
        let hgm = job_at(&format!("/cgi-bin/fen.cgi?f={fen}&s=35"));
        let modern = job_at(&format!("/diagram.png?fen={fen}&size=35&light=ffffff&dark=e0e0e0&borders=1"));
        assert_eq!(hgm.key(), modern.key());
        assert_eq!(hgm.canonical_ffen(), plain.canonical_ffen());
    }

    #[test]
    fn the_canonical_link_of_every_family_leads_back_to_the_same_diagram() {
        let urls = [
            "/board.svg?fen=8/8/8/4k3/8/8/8/4K3&orientation=black&coordinates=1&arrows=Re1e5,d4&check=e5&colors=wikipedia",
            "/export/fen.gif?fen=8/8/8/4k3/8/8/8/4K3%20b%20-%20-&color=black&lastMove=e2e1&theme=purple",
            "/image.gif?fen=8/8/8/4k3/8/8/8/4K3&white=A+Player&black=Someone+Else",
            "/chessboard/?p=8/8/8/4k3/8/8/8/4K3&s=xl&cm=o&tt=Title&ct=Caption&a=e1e5&c=d4",
            "/dynboard?fen=8/8/8/4k3/8/8/8/4K3&flip=true&coordinates=inside&highlight_squares=e1e5&caption=Hi",
            "/chess/diagram/stagram.php?d=P____K_______________________________________________________k___&p=49&f=1",
            "/8/8/8/4k3/8/8/8/4K3-flip-e1e2.png",
            "/image/coords/48/8/8/8/4k3/8/8/8/4K3.png",
            "/fen2image/8/8/8/4k3/8/8/8/4K3%20b%20-%20-",
            "/play/pbm/drawdiagram.php?code=8/8/8/4k3/8/8/8/4K3",
            "/ChessImager/ChessImager.php?fen=8/8/8/4k3/8/8/8/4K3/&direction=reverse&coordinates=on",
            "/php/pictureParser.php?fen=8/8/8/4k3/8/8/8/4K3%20w%20-%20-&coord=on&.png",
            "/api/?fen=8/8/8/4k3/8/8/8/4K3%20w%20-%20-&raw=true",
            "/diagram?fen=8/8/8/4k3/8/8/8/4K3&size=1&light=ffffff&dark=808080",
            "/cgi-bin/fen.cgi?f=4k5/10/*8*/4K5&s=30&l=FFFFC0&d=C08040",
            "/chessboard/?p=8/8/8/4k3/8/8/8/4K3&s=s&cm=r&ps=alpha-flat",
        ];
        for url in urls {
            let job = job_at(url);
            let link = job.modern_link();
            let again = job_at(&link);
            assert_eq!(again.key(), job.key(), "{url} → {link}");
            let header = job.headers(CacheStatus::Miss).into_iter().find(|(n, _)| *n == "Link").unwrap().1;
            let text = Format::Txt.link(job.canonical_ffen(), job.options());
            assert_eq!(
                header,
                format!("<{link}>; rel=\"canonical\", <{text}>; rel=\"alternate\"; type=\"text/plain\"")
            );
        }
    }

    #[test]
    fn fen_is_a_synonym_of_ffen_on_the_modern_routes() {
        assert_eq!(
            job_at("/diagram.png?fen=8/8/8/8/8/8/8/K7").key(),
            job_at("/diagram.png?ffen=8/8/8/8/8/8/8/K7").key()
        );
        assert_eq!(job_at("/diagram.svg?fen=k7/8/8/8/8/8/8/K7").format(), Format::Svg);
        // ffen wins when both are given.
        assert_eq!(
            job_at("/diagram.png?fen=8&ffen=K7/8").canonical_ffen(),
            job_at("/diagram.png?ffen=K7/8").canonical_ffen()
        );
    }

    #[test]
    fn family_errors_are_400s_that_say_what_and_where_and_other_paths_stay_404() {
        let response = respond(&get("/board.png", Some("size=300")));
        assert_eq!(response.status, 400);
        assert_eq!(response.body, b"missing position: a web-boardimage link reads \xe2\x80\xa6/board.png?fen=<FEN>\n");
        let response = respond(&get("/chessboard/", Some("p=rnbqkbnr")));
        assert_eq!(response.status, 400);
        assert!(String::from_utf8_lossy(&response.body).contains("`p` of a jinchess link: 8 squares, expected 64"));
        // A FEN the reader refuses names its column, as on every route.
        let response = respond(&get("/board.png", Some("fen=rnbqkbnr/ppppppppz/8/8/8/8/PPPPPPPP/RNBQKBNR")));
        assert_eq!(response.status, 400);
        assert!(String::from_utf8_lossy(&response.body).starts_with("invalid FFEN"), "{:?}", response.body);
        // A board that reads but is no chess board is the family's error.
        let response = respond(&get("/board.png", Some("fen=rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")));
        assert_eq!(
            String::from_utf8_lossy(&response.body),
            "invalid position in `fen` of a web-boardimage link: the board has 9 files and 8 ranks; a chess board has 8 and 8\n"
        );
        // The bots' families too: ChessImager's and chessup's position is their `fen`.
        for (path, family) in [("/ChessImager/ChessImager.php", "ChessImager"), ("/php/pictureParser.php", "chessup")] {
            let response = respond(&get(path, Some("fen=rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/&.png")));
            assert_eq!(response.status, 400);
            let body = String::from_utf8_lossy(&response.body).into_owned();
            assert!(body.starts_with(&format!("invalid position in `fen` of a {family} link")), "{body}");
        }
        for path in ["/favicon.png", "/robots.txt", "/__cache/diagram.png", "/image/", "/apple-touch-icon.png"] {
            assert_eq!(respond(&get(path, None)).status, 404, "{path}");
        }
        // A family's caption the font cannot draw names the family's parameter.
        let response = respond(&get("/chessboard/", Some("p=8/8/8/8/8/8/8/8&ct=%D0%B6")));
        assert_eq!(response.status, 400);
        assert!(
            String::from_utf8_lossy(&response.body).contains("for `ct`"),
            "{:?}",
            String::from_utf8_lossy(&response.body)
        );
    }

    #[test]
    fn gif_links_answer_png_and_board_svg_answers_svg() {
        let gif = job_at("/export/fen.gif?fen=8/8/8/8/8/8/8/K7");
        assert_eq!(gif.format(), Format::Png);
        assert_eq!(gif.headers(CacheStatus::Miss)[0], ("Content-Type", "image/png".to_string()));
        assert_eq!(job_at("/board.svg?fen=8/8/8/8/8/8/8/K7").format(), Format::Svg);
    }
}

/// The routes of words: `/diagram.txt` and `/diagram.json` read what the pictures read, keep in their key only
/// what changes their bytes, skip the picture's limits, and refuse as text.
mod words {
    use super::*;
    use crate::http::headers::TEXT;

    const G161: &str = "4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3";

    fn body(path: &str, query: &str) -> (Box<DiagramJob>, Response) {
        let j = job(&get(path, Some(query)));
        let r = rendered(&j);
        (j, r)
    }

    #[test]
    fn the_text_is_the_piece_list_and_ignores_the_look() {
        let (j, r) = body("/diagram.txt", &format!("ffen={G161}&size=60&theme=brown&flip=1&coords=1&count=1"));
        assert_eq!(r.header("content-type"), Some("text/plain; charset=utf-8"));
        let text = String::from_utf8(r.body.clone()).unwrap();
        let want = "White (4): Kd1 Be1 Pe3 Pf4\nBlack (14): Kf5 Be7 Ne8 Pb3 Pe4 Pe5 Pe6 Pg5 Pg6 Pg7 Ph3, Queen turned \
                    180° a1 c5 g4\nNeutral (6): Qf7 Rh5, Queen turned 180° b2 b7 f6, Knight turned 180° h7\n(4+14+6n)\n";
        assert_eq!(text, want);
        // The look is read (a bad value is still refused) and dropped: one key, one link.
        assert_eq!(j.key(), job(&get("/diagram.txt", Some(&format!("ffen={G161}")))).key());
        assert_eq!(j.modern_link(), format!("/diagram.txt?ffen={}", G161.replace('/', "%2F")));
        assert!(matches!(reject(&get("/diagram.txt", Some("ffen=8&size=1"))), Reject::BadOption(_)));
        // The text links only itself.
        assert_eq!(r.header("link"), Some(format!("<{}>; rel=\"canonical\"", j.modern_link()).as_str()));
    }

    #[test]
    fn lang_and_form_change_what_they_change() {
        let key = |path: &str, query: &str| job(&get(path, Some(query))).key().as_str().to_string();
        let (de, fr) = (format!("ffen={START}&lang=de"), format!("ffen={START}&lang=fr"));
        assert_ne!(key("/diagram.txt", &de), key("/diagram.txt", &fr));
        assert_ne!(key("/diagram.svg", &de), key("/diagram.svg", &fr));
        assert_ne!(key("/diagram.json", &de), key("/diagram.json", &fr));
        assert_eq!(key("/diagram.png", &de), key("/diagram.png", &fr));
        // Popeye's input is English: the language drops out; the JSON carries it whatever the form says.
        let popeye = |lang: &str| format!("ffen={START}&form=popeye&lang={lang}");
        assert_eq!(key("/diagram.txt", &popeye("de")), key("/diagram.txt", &popeye("fr")));
        assert_eq!(key("/diagram.json", &popeye("de")), key("/diagram.json", &de));
        let (_, r) = body("/diagram.txt", &popeye("de"));
        assert!(String::from_utf8(r.body).unwrap().starts_with("pieces white Ke1 Qd1 Ra1 Rh1 Bc1"));
    }

    #[test]
    fn unknown_lang_or_form_is_a_400_naming_it_and_its_values() {
        for (query, message) in [
            ("ffen=8&lang=es", "invalid option: bad value \"es\" for `lang`: expected one of en, de, fr\n"),
            ("ffen=8&form=xml", "invalid option: bad value \"xml\" for `form`: expected one of list, popeye\n"),
        ] {
            for path in ["/diagram.txt", "/diagram.json", "/diagram.png"] {
                let r = respond(&RequestInfo { accept: Some("image/png"), ..get(path, Some(query)) });
                assert_eq!(r.status, 400);
                // A picture's route draws the card for an image; the words' routes answer text always.
                if path == "/diagram.png" {
                    assert_eq!(r.header("content-type"), Some("image/png"));
                } else {
                    assert_eq!((r.header("content-type"), r.body.as_slice()), (Some(TEXT), message.as_bytes()));
                }
            }
        }
        let r = respond(&RequestInfo { accept: Some("image/png"), ..get("/diagram.txt", Some("ffen=k7/8/8/3z4")) });
        assert_eq!((r.status, r.header("content-type")), (400, Some(TEXT)));
    }

    #[test]
    fn words_are_not_refused_for_the_size_of_their_picture() {
        let big = format!("ffen={}&size=128", ["8888"; 32].join("/"));
        assert!(matches!(reject(&get("/diagram.png", Some(&big))), Reject::TooLarge(_)));
        // (Their own cost is checked: an empty 32×32 board's words are about 1.7 ms.)
        let limited =
            |path| RequestInfo { cost_limit: crate::output::cost::CostLimit::new(2), ..get(path, Some(&big)) };
        let (j, r) = (job(&limited("/diagram.txt")), job(&limited("/diagram.json")));
        assert_eq!(rendered(&j).body, b"Board 32\xc3\x9732\nEmpty board\n");
        assert!(rendered(&r).body.starts_with(b"{\"ffen\":"));
        // A full 32×32 board of pieces and 64 arrows is described under the Free plan's limit (5.1 ms predicted, 3.3
        // measured in workerd), not under 5 ms.
        let full = vec!["Q".repeat(32); 32].join("/");
        let arrows: Vec<String> = (1..=32).flat_map(|r| [format!("a{r}h{r}"), format!("b{r}g{r}")]).collect();
        let costly = format!("ffen={full}&arrows={}", arrows.join(","));
        let limit =
            |ms, path| RequestInfo { cost_limit: crate::output::cost::CostLimit::new(ms), ..get(path, Some(&costly)) };
        for path in ["/diagram.txt", "/diagram.json"] {
            assert!(rendered(&job(&limit(8, path))).body.len() > 4 * 1024, "{path}");
            let Reject::TooCostly(e) = reject(&limit(5, path)) else { panic!("{path}: not refused") };
            assert!(e.to_string().starts_with("the description of the diagram would take about 5.1 ms"), "{e}");
        }
    }

    #[test]
    fn the_json_links_each_output_with_what_changes_its_bytes() {
        let (j, r) = body("/diagram.json", &format!("ffen={START}&size=60&lang=de&form=popeye&caption=%232"));
        assert_eq!(r.header("content-type"), Some("application/json"));
        let text = String::from_utf8(r.body).unwrap();
        let ffen = START.replace('/', "%2F");
        assert!(text.contains("\"lang\":\"de\",\"description\":\"Weiß (16): Ke1 Dd1"), "{text}");
        assert!(text.contains("\"popeye\":\"remark #2\\npieces white Ke1 Qd1"), "{text}");
        let links = format!(
            "\"links\":{{\"png\":\"/diagram.png?ffen={ffen}&size=60&caption=%232\",\"svg\":\"/diagram.svg?ffen={ffen}\
             &size=60&caption=%232&lang=de\",\"txt\":\"/diagram.txt?ffen={ffen}&caption=%232&lang=de\"}}}}\n"
        );
        assert!(text.ends_with(&links), "{text}");
        // The JSON's own link keeps the look (its links carry it) and drops the form.
        assert_eq!(j.modern_link(), format!("/diagram.json?ffen={ffen}&size=60&caption=%232&lang=de"));
    }

    #[test]
    fn every_picture_links_its_text_as_an_alternate() {
        let query = format!("ffen={START}&size=60&caption=%232&squares=Ge4&lang=fr");
        for path in ["/diagram.png", "/diagram.svg", "/diagram.json"] {
            let j = job(&get(path, Some(&query)));
            let link = j.headers(CacheStatus::Miss).into_iter().find(|(n, _)| *n == "Link").unwrap().1;
            let (canonical, alternate) = link.split_once(", ").unwrap();
            assert_eq!(canonical, format!("<{}>; rel=\"canonical\"", j.modern_link()));
            let lang = if path == "/diagram.png" { "" } else { "&lang=fr" };
            let text = format!("/diagram.txt?ffen={}&caption=%232&squares=Ge4{lang}", START.replace('/', "%2F"));
            assert_eq!(alternate, format!("<{text}>; rel=\"alternate\"; type=\"text/plain\""), "{path}");
        }
    }
}

/// `/favicon.ico` answers the page's own icon, the diagram its `<link rel="icon">` names: one picture, one key, one
/// `ETag`, whichever path a browser asks for it by.
#[test]
fn the_favicon_is_the_page_icons_diagram() {
    let favicon = job(&get(page::FAVICON_PATH, None));
    let named = job(&get(Format::Png.path(), Some(page::FAVICON_QUERY)));
    assert_eq!(favicon.etag(), named.etag());
    assert_eq!(favicon.cache_url("https://x"), named.cache_url("https://x"));
    let body = |job: &DiagramJob| match job.render() {
        Rendered::Diagram(response) => {
            assert_eq!((response.status, response.header("content-type")), (200, Some("image/png")));
            response.body
        }
        Rendered::Failed(_) => panic!("the icon renders"),
    };
    assert_eq!(body(&favicon), body(&named));
}

/// Every answer's headers stay within 8 KB: a board whose canonical FFEN and options are long (every link carries
/// them) loses the `Link` header's alternates, then the `Link` header; a small one keeps them all.
#[test]
fn headers_stay_within_their_limit() {
    use crate::http::headers::{header_bytes, MAX_HEADER_BYTES};
    let fairy = |n: usize| (0..n).map(|i| format!("[{}:w]", ["grasshopper", "nightrider"][i % 2])).collect::<String>();
    let queens = vec!["Q".repeat(32); 32].join("/");
    let arrows: Vec<String> = (0..64).map(|i| format!("{}{}h{}", ["a", "b"][i / 32], i % 32 + 1, i % 32 + 1)).collect();
    let files = |f: usize| crate::notation::board::file_name(f);
    let squares: Vec<String> = (0..1024).map(|i| format!("{}{}", files(i % 32), i / 32 + 1)).collect();
    let cases = [
        // (query, the Link's alternates kept, the Link kept)
        (format!("ffen={}", fairy(1)), true, true),
        (format!("ffen={}", vec![fairy(12); 12].join("/")), false, true),
        (format!("ffen={queens}&arrows={}&squares={}", arrows.join(","), squares.join(",")), false, false),
    ];
    for (query, alternates, link) in &cases {
        for path in ["/diagram.png", "/diagram.json", "/diagram.txt"] {
            let query = format!("{query}&size=12");
            let Plan::Diagram(job) = plan(&get(path, Some(&query))) else { panic!("{path} {query}") };
            let headers = job.headers(CacheStatus::Miss);
            assert!(header_bytes(&headers) <= MAX_HEADER_BYTES, "{path} {query}: {}", header_bytes(&headers));
            let value = |name: &str| headers.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str());
            assert_eq!(value("Link").is_some(), *link, "{path} {query}");
            // (The text's Link names no alternate.)
            let alternated = value("Link").is_some_and(|v| v.contains("rel=\"alternate\""));
            assert_eq!(alternated, *alternates && path != "/diagram.txt", "{path} {query}");
            assert!(value("ETag").is_some() && value("X-FFEN").is_some() && value("Content-Type").is_some());
        }
    }
}

/// A GIF stores its delay in hundredths of a second: two delays it cannot tell apart are one key; the animated PNG
/// stores milliseconds, so they are two there.
#[test]
fn a_gifs_delay_is_canonical_in_hundredths() {
    let key = |path: &str, delay: u32| {
        let query = format!("ffen=8/8/8/8/8/8/8/R7&moves=a1a2&delay={delay}");
        job(&get(path, Some(&query))).key().as_str().to_string()
    };
    assert_eq!(key("/diagram.gif", 1000), key("/diagram.gif", 1001));
    assert_eq!(key("/diagram.gif", 1005), key("/diagram.gif", 1010));
    assert_ne!(key("/diagram.png", 1000), key("/diagram.png", 1001));
}

/// A diagram over the Free plan's limit only for pieces this isolate has not drawn at its size is refused with a
/// message saying so, never stored, and the refusal draws what the limit allows of them: asking again is admitted
/// once they are all drawn.
#[test]
fn a_refusal_for_new_pieces_draws_them_and_is_not_stored() {
    let _serial = crate::work::tests::CACHES.lock().unwrap_or_else(|e| e.into_inner());
    // 12 discs at a size no other test draws, each two sprites (its circle and its label): about 12 × 2 × (70 µs
    // + 109² × 26 ns) = 9.1 ms of new sprites.
    let names: String = (0..12).map(|i| format!("[q{}:w]", (b'a' + i) as char)).collect();
    let query = format!("ffen={}/{}&size=109", &names[..8 * 6], &names[8 * 6..]);
    let free = RequestInfo { cost_limit: crate::output::cost::CostLimit::new(8), ..get("/diagram.png", Some(&query)) };
    let mut refusals = 0;
    loop {
        match plan(&free) {
            Plan::Diagram(_) => break,
            Plan::Respond(r) => {
                assert_eq!(r.status, 400);
                assert_eq!(r.header("cache-control"), Some(INTERNAL_ERROR_CACHE_CONTROL));
                let text = String::from_utf8_lossy(&r.body).into_owned();
                // (Its pieces first, then their tiles: squares this server has not drawn yet either.)
                let pieces = text.contains("drawing pieces at a size this server has not drawn them at yet");
                assert!(pieces || text.contains("drawing pieces and squares this server has not drawn yet"), "{text}");
                assert!(text.contains("ask again"), "{text}");
                refusals += 1;
                assert!(refusals <= 8, "still refused after {refusals}");
            }
            Plan::Game(_) => unreachable!(),
        }
    }
    assert!(refusals >= 1);
}

/// Under a limit so small that no new tile fits the budget a refusal may spend (1 ms: 0.31 of it, a 128-px tile on a
/// new colour about 0.34 to draw, 0.83 with its codes), a refusal for new squares draws nothing: it does not say to
/// ask again (asking again would be refused the same way for ever), and may be stored like any other refusal.
#[test]
fn a_refusal_that_can_draw_nothing_does_not_say_to_ask_again() {
    let _serial = crate::work::tests::CACHES.lock().unwrap_or_else(|e| e.into_inner());
    let query = "ffen=1&size=128&light=123457&dark=234568";
    let tiny = RequestInfo { cost_limit: crate::output::cost::CostLimit::new(1), ..get("/diagram.png", Some(query)) };
    for _ in 0..2 {
        let Reject::TooCostly(e) = reject(&tiny) else { panic!("not refused for its cost") };
        assert!(e.lasting && e.for_new_sprites().is_none(), "{e}");
        assert!(e.to_string().ends_with("is 1 ms: choose a smaller size"), "{e}");
        let Plan::Respond(r) = plan(&tiny) else { panic!("admitted") };
        assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
    }
    // Under a limit that holds the tile with the rest, it is admitted (its tile new: tiles count toward the limit).
    let roomy = RequestInfo { cost_limit: crate::output::cost::CostLimit::new(3), ..tiny };
    assert!(matches!(plan(&roomy), Plan::Diagram(_)));
}
