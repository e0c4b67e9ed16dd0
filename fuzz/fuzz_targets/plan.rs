//! Fuzzes the HTTP planner with whole requests: every request gets an answer, never a panic; only the documented
//! statuses; every rejection's answer is its message with the error headers; a diagram's `ETag` is the hash of its
//! cache key and its cache URL gives the key back; some diagrams are rendered and checked too.
//!
//! Every route is reached (the seeds in `fuzz/seeds-plan` hold legacy, modern (PNG, SVG, GIF, text and JSON, with
//! `lang` and `form`; animations with `moves` and `delay`), Game Courier with
//! `width`, `/xfen/`, every link family of `crate::links`, `fen=` on the modern route, doubly encoded links, the look parameters, Interactive Diagram definitions with `dialect=hgm`,
//! and modern links with every furniture parameter). The link rules are checked on every diagram request: a value
//! that reads in its
//! dialect is the board drawn (double encoding is undone only for values that do not read), a rejected value has
//! its own error, a legacy or XFEN link has the default look, a Game Courier board is `width` files wide, and the
//! dialect never reaches the cache key (the board's canonical FFEN read back as janko gives the same key); the
//! furniture of a diagram names only squares of its board and reads back from its own query.
//! The glue's URL splitting (`http::RequestUrl`) is fuzzed on the same input: the whole text as a URL, and a URL
//! made of the fuzzed path and query, which it must give back.
//!
//! Input: one flags byte, then the request's fields as (lossy) UTF-8 separated by `\n`: method, path, query,
//! `Accept`, `If-None-Match` (a missing field is an absent query or header; a missing method is `GET`), and the
//! rest of the input, newlines and all, is the body (`POST /game.gif`: lila-gif's JSON; the seeds `game-*`). Flags: the low
//! five bits add 600 bytes each to the URL length (so `414` is reachable), `0x20` renders a small diagram, `0x40` sets
//! a deployment pixel limit of [`FREE_PIXELS`] (checked: no diagram beyond it, every refusal names it).
//!
//! Drawing (an error card for an image `Accept`, a diagram) costs 50 to 100 times what a decision costs, so only one
//! input in [`HEAVY_ONE_IN`] (chosen by a hash of the input, so a crash reproduces) may draw; the others have an
//! image-preferring `Accept` dropped (they get the text answer) and render nothing. The planner's decisions run on
//! every input.
#![no_main]

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::http::{
    decide, decode_query, fnv1a64, header_bytes, header_value, plan, prefers_image, CacheKey, CacheStatus, ETag,
    GameBody, GameJob, LinkKind, Plan, Reject, Rendered, Request, RequestInfo, RequestUrl, Route, CACHE_VERSION,
    ERROR_CACHE_CONTROL, GAME_PATH, MAX_HEADER_BYTES,
};
use ffen_diagram::page;
use ffen_diagram::{Format, PixelLimit, RenderOptions};
use libfuzzer_sys::fuzz_target;

/// The statuses the README documents for requests (a `500` can only come from a failed render).
const DOCUMENTED: [u16; 7] = [200, 304, 400, 404, 405, 413, 414];

/// Rendering is checked only for diagrams up to this many pixels, so the fuzzer keeps its pace.
const RENDER_PIXELS: u64 = 120_000;

/// The deployment pixel limit of flag `0x40` (a Free-plan-like limit; the built-in one otherwise).
const FREE_PIXELS: u64 = 250_000;

/// One input in this many may draw (see the module documentation).
const HEAVY_ONE_IN: u64 = 32;

/// Animations are rendered and checked only up to this many moves, so the fuzzer keeps its pace.
const RENDER_MOVES: usize = 6;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let mut fields = text.splitn(6, '\n');
    let method = fields.next().unwrap_or("GET");
    let path = fields.next().unwrap_or("/");
    let query = fields.next();
    let heavy = fnv1a64(data) % HEAVY_ONE_IN == 0;
    let accept = fields.next().filter(|a| heavy || !prefers_image(Some(a)));
    let if_none_match = fields.next();
    let body = fields.next().map(str::as_bytes);
    let url_len = 16 + path.len() + query.map_or(0, |q| q.len() + 1) + usize::from(flags & 0x1f) * 600;
    let pixel_limit =
        if flags & 0x40 != 0 { PixelLimit::new(FREE_PIXELS).expect("a valid limit") } else { PixelLimit::BUILT_IN };
    // The glue's URL splitting (http::RequestUrl): any text splits without a panic, a split URL's path starts
    // with `/` and its origin is a prefix of it; a URL made of this path and query gives them back.
    if let Some(split) = RequestUrl::split(&text) {
        assert!(split.path.starts_with('/') && text.starts_with(split.origin), "{split:?}");
    }
    if path.starts_with('/') && !path.contains(['?', '#']) && !query.is_some_and(|q| q.contains('#')) {
        let url = format!("https://example.org{path}{}", query.map(|q| format!("?{q}")).unwrap_or_default());
        let split = RequestUrl::split(&url).expect("an https URL splits");
        assert_eq!((split.origin, split.path, split.query), ("https://example.org", path, query));
    }
    // The shipped Free-plan CPU limit (wrangler.toml's FFEN_MAX_RENDER_MS) on half the inputs.
    let cost_limit = if flags & 0x80 != 0 { ffen_diagram::CostLimit::new(8) } else { None };
    let content_length = body.map(|b| b.len() as u64);
    let info = RequestInfo {
        method,
        path,
        query,
        url_len,
        accept,
        if_none_match,
        pixel_limit,
        cost_limit,
        content_length,
        body,
    };
    let head = method == "HEAD";

    let decoded = Request::decode(&info);
    let decided = decide(&info);
    // A refusal only for pieces this isolate has not drawn yet draws them: the same request may then be admitted
    // (or, with `If-None-Match: *`, answered 304), so the planner's second answer is not compared with it.
    if let Err(reject @ Reject::TooCostly(e)) = &decided {
        if e.for_new_sprites().is_some() {
            let words = Format::at(path).is_some_and(|format| !format.is_picture());
            let r = reject.response(if words { None } else { accept }, head);
            check_rejection(reject, &r, &info);
            return;
        }
    }
    match (decided, plan(&info)) {
        (Err(reject), Plan::Respond(r)) => {
            check_rejection(&reject, &r, &info);
            // A value that reads in no decoding keeps its own error (columns of the text the link carried).
            if let (Reject::BadFfen(e), Ok(Request { route: Route::Diagram(q), .. })) = (&reject, &decoded) {
                assert_eq!(Err(e.clone()), ffen::parse(&q.ffen, q.dialect));
            }
        }
        (Ok(Plan::Respond(r)), Plan::Respond(again)) => {
            assert_eq!(r, again);
            match r.status {
                // A CORS preflight: on any path, whatever the rest of the request says, the path's methods.
                204 => {
                    assert_eq!(method, "OPTIONS");
                    let methods = if path == GAME_PATH { "POST" } else { "GET, HEAD" };
                    assert_eq!(r.header("Access-Control-Allow-Methods"), Some(methods));
                    assert_eq!(r.header("Access-Control-Allow-Origin"), Some("*"));
                    assert!(r.body.is_empty());
                }
                304 => {
                    let etag = r.header("ETag").expect("a 304 names its ETag");
                    assert!(if_none_match.is_some_and(|h| h.split(',').any(|t| t.trim() == "*" || t.contains(etag))));
                    assert!(r.body.is_empty());
                }
                other => panic!("a plan answered {other}"),
            }
        }
        (Ok(Plan::Game(job)), Plan::Game(again)) => check_game(&job, &again, &info, heavy && flags & 0x20 != 0),
        (Ok(Plan::Diagram(job)), Plan::Diagram(again)) => {
            assert!(method == "GET" || method == "HEAD");
            assert_eq!(job.is_head(), head);
            assert_eq!(job.key(), again.key());
            // The ETag is the documented hash of the key, and If-None-Match did not name it.
            let key = job.key().as_str();
            assert_eq!(job.etag(), ETag::of_key(key));
            assert_eq!(job.etag().to_string(), format!("\"{:016x}\"", fnv1a64(key.as_bytes())));
            assert!(!if_none_match.is_some_and(|h| job.etag().matched_by(h, false)));
            // The key is the cache version, canonical FFEN, canonical options and the format; the FFEN reads back
            // to itself.
            let lines: Vec<&str> = key.split('\n').collect();
            let options = job.options().canonical();
            let mut want_lines = vec![CACHE_VERSION, job.canonical_ffen(), options.as_str()];
            // An animation's key has its moves' line: only where the format animates, and only with moves.
            let moves_key = job.playback().map(|p| p.key());
            want_lines.extend(moves_key.as_deref());
            want_lines.push(job.format().extension());
            assert_eq!(job.key().moves(), moves_key.as_deref());
            assert!(job.playback().is_none_or(|p| job.format().animates() && !p.lines.is_empty()));
            // A family's link is SVG only where the original was (web-boardimage's board.svg).
            match decoded.as_ref().map(|r| &r.route) {
                Ok(Route::Diagram(q)) if matches!(q.kind, LinkKind::Family(_)) => {
                    assert_eq!(
                        job.format() == Format::Svg,
                        path.trim_end_matches('/').ends_with("/board.svg"),
                        "{path}"
                    )
                }
                // `/favicon.ico` is the page's icon, a PNG diagram whatever the query.
                _ if path == page::FAVICON_PATH => assert_eq!(job.format(), Format::Png),
                _ => assert_eq!(Some(job.format()), Format::at(path)),
            }
            assert_eq!(lines, want_lines);
            let board = ffen::parse(job.canonical_ffen(), Dialect::Janko).expect("the canonical FFEN reads back");
            assert_eq!(&board, job.board());
            // The dialect is not part of the key: the canonical FFEN, read as janko, is the same cache entry.
            assert_eq!(&CacheKey::played(&board, job.options(), job.playback(), job.format()), job.key());
            let Ok(Request { route: Route::Diagram(q), .. }) = &decoded else { panic!("a diagram from {decoded:?}") };
            // A value that reads is never decoded again.
            if let Ok(direct) = ffen::parse(&q.ffen, q.dialect) {
                assert_eq!(&direct, job.board());
            }
            match (q.kind, q.dialect) {
                (LinkKind::Family(family), _) if ["janko.at", "yacpdb"].contains(&family.name) => {
                    assert_eq!(job.options(), &RenderOptions::default())
                }
                // (A PGN without `ffen` is a chess game from its FEN tag or the start: the dialect reads no board.)
                (LinkKind::Modern(_), Dialect::Courier { .. })
                    if q.ffen.trim().is_empty() && !q.pgn.trim().is_empty() => {}
                (LinkKind::Modern(_), Dialect::Courier { width }) => assert_eq!(job.board().width(), width.files()),
                // A definition's look, then the link's parameters: the options are fitted to the board.
                (LinkKind::Modern(_), Dialect::Hgm) if job.playback().is_none() => {
                    assert_eq!(&job.options().for_board(job.board()).expect("fitted options fit"), job.options())
                }
                (LinkKind::Modern(_), _) => {}
                // Another service's link: its family is the one at this path, and reads the same twice.
                (LinkKind::Family(family), _) => {
                    assert_eq!(LinkKind::at(path), Some(LinkKind::Family(family)));
                    let read = family.read(path, query).map(|l| (l.ffen, l.options));
                    assert_eq!(read, Ok((q.ffen.clone(), q.options.clone())));
                }
            }
            // The canonical link (the `Link` header) leads back to this diagram, on the modern route.
            let link = job.modern_link();
            let (link_path, link_query) = link.split_once('?').expect("a query");
            let url_len = 16 + link.len();
            let back = RequestInfo { path: link_path, query: Some(link_query), url_len, if_none_match: None, ..info };
            match decide(&back) {
                Ok(Plan::Diagram(back)) => assert_eq!(back.key(), job.key(), "{link}"),
                other => panic!("{link} gives {other:?}"),
            }
            // Furniture (modern links): every square it names is on the board, and the options' own query reads
            // back to them.
            let furniture = &job.options().furniture;
            assert!(furniture.check(job.board()).is_ok());
            let pairs = job.options().link_pairs();
            let again = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).expect("its own query");
            assert_eq!(&again.furniture, furniture);
            if matches!(q.kind, LinkKind::Family(family) if family.name == "yacpdb") {
                assert_eq!(q.dialect, Dialect::Xfen);
                assert!(path.ends_with("/xfen") || path.ends_with("/xfen/"), "{path}");
            }
            // The cache URL carries the key's parts, each on its own.
            let url = job.cache_url("https://h.example/");
            let cache_path = format!("https://h.example/__cache/diagram.{}?", job.format());
            let cache_query = url.strip_prefix(&cache_path).expect("the cache path");
            let parts: Vec<(String, String)> =
                decode_query(Some(cache_query)).into_iter().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
            let mut want = vec![
                ("v", CACHE_VERSION.to_string()),
                ("ffen", job.canonical_ffen().to_string()),
                ("options", job.options().canonical()),
            ];
            want.extend(moves_key.clone().map(|moves| ("moves", moves)));
            want.push(("etag", job.etag().hex()));
            let want: Vec<(String, String)> = want.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            assert_eq!(parts, want);
            let headers = job.headers(CacheStatus::Miss);
            // Within their limit in all: what only describes the diagram goes first (the Link's alternates, the Link,
            // X-FFEN), so the rest is checked where it fits.
            assert!(header_bytes(&headers) <= MAX_HEADER_BYTES, "{} header bytes", header_bytes(&headers));
            let x_ffen = header_value(job.canonical_ffen());
            let full_link = headers.iter().any(|(name, v)| *name == "Link" && v.contains("rel=\"alternate\""));
            assert!(headers.contains(&("X-FFEN", x_ffen)) || !headers.iter().any(|(name, _)| *name == "Link"));
            assert!(headers.contains(&("Content-Type", job.format().content_type().to_string())));
            let policy = headers.iter().find(|(name, _)| *name == "Content-Security-Policy").map(|(_, v)| v.as_str());
            assert_eq!(policy, job.format().security_policy());
            // Every diagram links its text as an alternate in the same `Link` header; the text links only itself.
            let link_header = headers.iter().find(|(name, _)| *name == "Link").map(|(_, v)| v.as_str());
            let alternate = format!(
                "<{}>; rel=\"alternate\"; type=\"text/plain\"",
                Format::Txt.link(job.canonical_ffen(), job.options())
            );
            let canonical = format!("<{link}>; rel=\"canonical\"");
            match job.format() {
                _ if !full_link => assert!(link_header.is_none_or(|l| l == canonical), "{link_header:?}"),
                Format::Txt => assert_eq!(link_header, Some(canonical.as_str())),
                _ => assert_eq!(link_header, Some(format!("{canonical}, {alternate}").as_str())),
            }
            // The words keep only what changes their bytes: no look, and are never refused for a picture's size.
            if !job.format().is_picture() {
                assert_eq!(&job.format().fit(job.options()), job.options());
                if heavy || flags & 0x20 != 0 {
                    check_words(&job);
                }
                return;
            }
            let (width, height) = ffen_diagram::check_image_size_within(job.board(), job.options(), pixel_limit)
                .expect("checked by the plan");
            let animated = job.playback().is_some() || job.format() == Format::Gif;
            if let Some(limit) = cost_limit {
                let cost = match job.playback() {
                    Some(p) => ffen_diagram::animation_cost(job.board(), job.options(), &p.lines, job.format()),
                    None if animated => ffen_diagram::animation_cost(job.board(), job.options(), &[], job.format()),
                    None => ffen_diagram::render_cost(job.board(), job.options()),
                };
                limit.check(cost).expect("checked by the plan");
            }
            let moves = job.playback().map_or(0, |p| p.lines.iter().map(Vec::len).sum());
            if heavy
                && flags & 0x20 != 0
                && u64::from(width) * u64::from(height) <= RENDER_PIXELS
                && moves <= RENDER_MOVES
            {
                ffen_diagram::work::take();
                let rendered = job.render();
                // No admitted request does more work than predicted, in each unit counted where it is done.
                let counted = ffen_diagram::work::take();
                if let Some(predicted) = job.predicted() {
                    assert!(predicted.work().covers(&counted), "predicted {}, counted {counted}", predicted.work());
                }
                let r = match rendered {
                    Rendered::Diagram(r) => r,
                    // Only a picture one palette cannot hold is refused while drawing, with a 400 saying why.
                    Rendered::Failed(r) => {
                        assert!(animated && r.status == 400, "rendering failed: {}", r.status);
                        assert!(String::from_utf8_lossy(&r.body).starts_with("this diagram cannot be animated"));
                        return;
                    }
                };
                assert_eq!((r.status, &r.headers), (200, &headers));
                if job.format() == Format::Svg {
                    let svg = std::str::from_utf8(&r.body).expect("an SVG is UTF-8");
                    assert!(
                        svg.contains(&format!(r#"width="{width}" height="{height}" viewBox="0 0 {width} {height}""#))
                    );
                    // Nothing of the request is markup in it: its words are escaped text in `<title>` and `<desc>`.
                    assert!(!svg.contains("<script") && !svg.contains("<text") && !svg.contains("<style"));
                    assert_eq!((svg.matches("<title>").count(), svg.matches("<desc>").count()), (1, 1));
                    assert_eq!(svg.matches('<').count(), svg.matches('>').count());
                } else if job.format() == Format::Gif {
                    assert!(r.body.starts_with(b"GIF89a") && r.body.ends_with(b";"));
                    let side = |at: usize| u32::from(u16::from_le_bytes([r.body[at], r.body[at + 1]]));
                    assert_eq!((side(6), side(8)), (width, height));
                } else {
                    assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
                    assert_eq!(r.body.windows(4).any(|w| w == b"acTL"), job.playback().is_some());
                    let ihdr =
                        |at: usize| u32::from_be_bytes([r.body[at], r.body[at + 1], r.body[at + 2], r.body[at + 3]]);
                    assert_eq!((ihdr(16), ihdr(20)), (width, height));
                }
            }
        }
        // A refusal only for pieces this isolate has not drawn draws what the limit allows of them: planned again,
        // the request may be admitted.
        (Err(Reject::TooCostly(e)), Plan::Diagram(_)) if e.for_new_sprites().is_some() => {}
        (decided, planned) => panic!("decide and plan disagree: {decided:?} vs {planned:?}"),
    }
});

/// lila-gif's game (`POST /game.gif`): only there; its key is the body's ([`GameBody::read`]), its `ETag` the key's
/// hash, its cache URL (when it has one) the key's; within the limits; drawn (a few frames) when `draw`.
fn check_game(job: &GameJob, again: &GameJob, info: &RequestInfo<'_>, draw: bool) {
    assert!(info.method == "POST" && info.path == GAME_PATH);
    assert_eq!(job.key(), again.key());
    let body = GameBody::read(info.body.expect("a body")).expect("the body reads");
    assert_eq!((job.key(), job.game()), (body.key.as_str(), &body.game));
    assert_eq!(job.etag(), ETag::of_key(job.key()));
    if let Some(url) = job.cache_url("https://h.example") {
        let query = url.strip_prefix("https://h.example/__cache/game.gif?").expect("the cache path");
        let parts: Vec<(String, String)> =
            decode_query(Some(query)).into_iter().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        let rest = job.key().split_once('\n').expect("a version line").1;
        let want = [("v", CACHE_VERSION), ("key", rest), ("etag", &job.etag().hex())];
        assert_eq!(parts, want.map(|(k, v)| (k.to_string(), v.to_string())));
    }
    let (width, height) = job.game().size();
    assert!(u64::from(width) * u64::from(height) <= info.pixel_limit.pixels());
    if let Some(limit) = info.cost_limit {
        limit.check(job.game().cost()).expect("checked by the plan");
    }
    if draw && job.game().frames.len() <= RENDER_MOVES / 2 {
        ffen_diagram::work::take();
        let rendered = job.render();
        let counted = ffen_diagram::work::take();
        if let Some(predicted) = job.predicted() {
            assert!(predicted.work().covers(&counted), "predicted {}, counted {counted}", predicted.work());
        }
        match rendered {
            Rendered::Diagram(r) => {
                assert_eq!((r.status, &r.headers), (200, &job.headers(CacheStatus::Miss)));
                assert!(r.body.starts_with(b"GIF89a") && r.body.ends_with(b";"));
            }
            Rendered::Failed(r) => panic!("a game failed: {}", String::from_utf8_lossy(&r.body)),
        }
    }
}

/// The words of a diagram (`/diagram.txt`, `/diagram.json`): UTF-8, every line ended; the text is the JSON's
/// description or Popeye's input; the JSON one line that starts with the canonical FFEN and ends with the links.
fn check_words(job: &ffen_diagram::http::DiagramJob) {
    let Rendered::Diagram(r) = job.render() else { panic!("words never fail") };
    let text = String::from_utf8(r.body).expect("words are UTF-8");
    assert!(text.ends_with('\n'), "{text:?}");
    match job.format() {
        Format::Json => {
            assert_eq!(text.lines().count(), 1);
            assert!(text.starts_with("{\"ffen\":\"") && text.ends_with("\"}}\n"), "{text}");
            // No raw control character: every one is escaped.
            assert!(!text.trim_end_matches('\n').chars().any(char::is_control), "{text:?}");
        }
        _ => {
            let json = Format::Json.write(job.board(), job.options()).expect("JSON is written");
            let json = String::from_utf8(json).expect("UTF-8");
            let escaped: String =
                text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n").replace('\t', "\\t");
            assert!(json.contains(&format!(":\"{escaped}\",")), "{text:?} not in {json}");
        }
    }
}

/// A rejection's answer: its status (a documented one), its message, the error headers.
fn check_rejection(reject: &Reject, r: &ffen_diagram::http::Response, info: &RequestInfo<'_>) {
    assert_eq!(r.status, reject.status());
    assert!(DOCUMENTED.contains(&r.status), "{reject:?}");
    // (A refusal only for pieces this isolate has not drawn yet holds until they are: never stored.)
    let transient = matches!(reject, Reject::TooCostly(e) if e.for_new_sprites().is_some());
    assert_eq!(r.header("Cache-Control"), Some(if transient { "no-store" } else { ERROR_CACHE_CONTROL }));
    assert_eq!(r.header("Vary"), Some("Accept"));
    assert_eq!(r.header("Allow").is_some(), r.status == 405);
    // POST is lila-gif's route's only method, and that route's only.
    let allow = if info.path == GAME_PATH { "POST" } else { "GET, HEAD" };
    assert!(r.status != 405 || r.header("Allow") == Some(allow));
    assert_eq!(r.status == 413, matches!(reject, Reject::BodyTooLarge { .. }));
    // The page is a static asset: the Worker has none, at `/` only.
    assert!(!matches!(reject, Reject::NoPage) || info.path == "/" || info.path.is_empty());
    if let Reject::TooCostly(e) = reject {
        assert_eq!(Some(e.limit), info.cost_limit);
        // Over the limit, or over the share of it that new sprites may take (a refusal that draws them).
        let over = e.cost.micros > u64::from(e.limit.millis()) * 1000;
        assert!(over || e.for_new_sprites().is_some(), "{e}");
    }
    if let Reject::TooLarge(e) = reject {
        assert_eq!(e.max_pixels, info.pixel_limit.pixels());
        assert!(
            u64::from(e.width) * u64::from(e.height) > e.max_pixels
                || e.width.max(e.height) > ffen_diagram::MAX_IMAGE_SIDE
        );
    }
    let image = r.header("Content-Type") == Some("image/png");
    assert!(image || r.header("Content-Type") == Some("text/plain; charset=utf-8"));
    assert!(!image || prefers_image(info.accept));
    // The words' routes refuse as text, whatever `Accept` prefers.
    assert!(!image || Format::at(info.path).is_none_or(Format::is_picture));
    if info.method == "HEAD" {
        assert!(r.body.is_empty());
    } else if image {
        assert_eq!(&r.body[..8], b"\x89PNG\r\n\x1a\n");
    } else if transient {
        // (Planned again after `decide`, whose refusal drew some of the pieces: the same refusal with less to draw.)
        let body = String::from_utf8_lossy(&r.body);
        assert!(body.contains("has not drawn them at yet") || body.contains("has not drawn yet"), "{body}");
    } else {
        assert_eq!(r.body, format!("{reject}\n").into_bytes());
    }
}
