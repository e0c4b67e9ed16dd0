//! The HTTP layer in plain Rust: routing, query parsing, method checks, `Accept` negotiation, cache keys, ETags,
//! every response header and every error response.
//!
//! Nothing here touches the Workers runtime, so the host tests reach every decision. The wasm32-only
//! `worker_glue` module only moves bytes: it turns the runtime's request into a [`RequestInfo`], calls [`plan`],
//! and either sends the [`Response`] it got or, for a [`DiagramJob`], looks in the edge cache under
//! [`DiagramJob::cache_url`] and on a miss sends (and stores) [`DiagramJob::render`].
//!
//! # Routes
//!
//! * `GET /`: the editor page ([`crate::page::INDEX_HTML`]).
//! * Legacy links: any path ending in `d.php` with `ff=` or `fen=` (janko dialect; `ff` wins when both are given,
//!   the last value when one is repeated).
//!   Every other parameter is ignored, so old links such as `…/Retros/d.php?ff=…&sb=1` render with the default
//!   options, exactly as written.
//! * Modern links: `GET /diagram.png?ffen=<FFEN>&dialect=janko|bodlaender&size=&flip=&coords=&theme=&light=&dark=`.
//!
//! Only `GET` and `HEAD` are allowed; anything else is `405`.
//!
//! # Caching
//!
//! The cache key is [`RENDERER_VERSION`], the canonical FFEN ([`ffen::canonical`]) and the canonical render options
//! ([`RenderOptions::canonical`]), so every spelling of one diagram shares one cache entry, and a new renderer
//! version never serves an old drawing. The strong `ETag` is the FNV-1a 64-bit hash ([`fnv1a64`]) of that key in
//! hex, so it is known before rendering and `If-None-Match` is answered with `304` without rendering or touching
//! the cache.

use crate::board::Board;
use crate::ffen::{self, Dialect};
use crate::options::RenderOptions;
use crate::page;
use crate::render::{self, RENDERER_VERSION};

/// The longest request URL accepted, in bytes (scheme, host, path and query).
///
/// An FFEN of [`ffen::MAX_INPUT_LEN`] bytes, percent-encoded throughout, still fits; anything longer is answered
/// with `414` before any parsing.
pub const MAX_URL_LEN: usize = 16 * 1024;

/// `Cache-Control` of every diagram: a diagram never changes under its URL's cache key.
pub const DIAGRAM_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` of every error response: cacheable briefly, never immutable.
pub const ERROR_CACHE_CONTROL: &str = "public, max-age=60";

/// `Cache-Control` of a `500` (an internal failure, never caused by the request): never stored anywhere.
pub const INTERNAL_ERROR_CACHE_CONTROL: &str = "no-store";

/// The response headers a cross-origin script may read.
pub const EXPOSE_HEADERS: &str = "ETag, X-FFEN, X-Cache";

/// The path of the modern route.
pub const MODERN_PATH: &str = "/diagram.png";

/// The path under which diagrams are stored in the edge cache (never served as a route).
pub const CACHE_PATH: &str = "/__cache/diagram.png";

/// What the runtime tells about a request; everything [`plan`] decides on.
#[derive(Clone, Copy, Debug, Default)]
pub struct RequestInfo<'a> {
    /// The method, e.g. `GET`.
    pub method: &'a str,
    /// The URL path, as sent (percent-encoded).
    pub path: &'a str,
    /// The query string without the leading `?`, as sent; `None` without one.
    pub query: Option<&'a str>,
    /// The length of the whole URL in bytes.
    pub url_len: usize,
    /// The `Accept` header, if any.
    pub accept: Option<&'a str>,
    /// The `If-None-Match` header, if any.
    pub if_none_match: Option<&'a str>,
}

/// An HTTP response: status, headers and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The headers, in order; names as sent.
    pub headers: Vec<(&'static str, String)>,
    /// The body (empty for `HEAD` and `304`).
    pub body: Vec<u8>,
}

impl Response {
    /// The value of the header `name` (compared case-insensitively), if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Sets the header `name`, replacing an earlier value.
    pub fn set_header(&mut self, name: &'static str, value: impl Into<String>) {
        let value = value.into();
        match self.headers.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            Some(slot) => slot.1 = value,
            None => self.headers.push((name, value)),
        }
    }
}

/// What to do with a request.
#[derive(Debug)]
pub enum Plan {
    /// Send this response as it is: the page, a `304`, or an error.
    Respond(Response),
    /// A diagram: look it up in the edge cache under [`DiagramJob::cache_url`]; on a miss send and store
    /// [`DiagramJob::render`].
    Diagram(Box<DiagramJob>),
}

/// A diagram request that passed every check: parsed, within the limits, not answered by `If-None-Match`.
#[derive(Debug)]
pub struct DiagramJob {
    board: Board,
    options: RenderOptions,
    canonical_ffen: String,
    key: String,
    etag: String,
    head: bool,
}

impl DiagramJob {
    /// The cache key: renderer version, canonical FFEN and canonical options, one per line.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The strong ETag, quotes included.
    pub fn etag(&self) -> &str {
        &self.etag
    }

    /// The canonical FFEN (the `X-FFEN` header before escaping).
    pub fn canonical_ffen(&self) -> &str {
        &self.canonical_ffen
    }

    /// Whether the request was a `HEAD` (send the headers only).
    pub fn is_head(&self) -> bool {
        self.head
    }

    /// The URL to store the diagram under in the edge cache, on `origin` (e.g. `https://example.com`).
    ///
    /// Equal for every spelling of one diagram; it includes the renderer version.
    pub fn cache_url(&self, origin: &str) -> String {
        let query = serde_urlencoded::to_string([
            ("v", RENDERER_VERSION),
            ("ffen", self.canonical_ffen.as_str()),
            ("options", &self.options.canonical()),
            ("etag", self.etag.trim_matches('"')),
        ])
        .unwrap_or_default();
        format!("{}{CACHE_PATH}?{query}", origin.trim_end_matches('/'))
    }

    /// The headers of this diagram's response, with `X-Cache` set to `x_cache` (`HIT` or `MISS`).
    pub fn headers(&self, x_cache: &str) -> Vec<(&'static str, String)> {
        let mut headers = self.validator_headers();
        headers.insert(0, ("Content-Type", "image/png".to_string()));
        headers.push(("X-Cache", x_cache.to_string()));
        headers.push(("X-Content-Type-Options", "nosniff".to_string()));
        headers
    }

    /// The headers a `304` carries (and every diagram response too).
    fn validator_headers(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Cache-Control", DIAGRAM_CACHE_CONTROL.to_string()),
            ("ETag", self.etag.clone()),
            ("X-FFEN", header_value(&self.canonical_ffen)),
            ("Access-Control-Allow-Origin", "*".to_string()),
            ("Access-Control-Expose-Headers", EXPOSE_HEADERS.to_string()),
        ]
    }

    /// Renders the diagram: the full `200` response with `X-Cache: MISS` and the PNG body, also for `HEAD` (the
    /// glue stores a `200` in the cache and strips the body when [`DiagramJob::is_head`]). If the encoder fails (an
    /// internal failure, never expected), the answer is a `500` with `Cache-Control: no-store`, which the glue never
    /// stores.
    pub fn render(&self) -> Response {
        match render::render_png(&self.board, &self.options) {
            Ok(png) => Response { status: 200, headers: self.headers("MISS"), body: png },
            Err(e) => internal_error_response(&format!("internal error while drawing the diagram: {e}"), self.head),
        }
    }
}

/// A 64-bit FNV-1a hash (offset basis `0xcbf29ce484222325`, prime `0x100000001b3`): the documented, fixed hash
/// behind the `ETag`. Unlike `DefaultHasher` it never changes between Rust releases or processes.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The strong ETag of a cache key: `"` + 16 lower-case hex digits of [`fnv1a64`] + `"`.
pub fn etag_for_key(key: &str) -> String {
    format!("\"{:016x}\"", fnv1a64(key.as_bytes()))
}

/// The cache key of a diagram: renderer version, canonical FFEN and canonical options, one per line.
pub fn cache_key(canonical_ffen: &str, options: &RenderOptions) -> String {
    format!("{RENDERER_VERSION}\n{canonical_ffen}\n{}", options.canonical())
}

/// Whether an `If-None-Match` header matches `etag` (weak comparison, as RFC 9110 prescribes for it; `*` matches).
pub fn if_none_match_matches(header: &str, etag: &str) -> bool {
    let want = etag.trim_start_matches("W/");
    header.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == want)
}

/// Whether an `Accept` header prefers an image: the first media range with the highest `q` is `image/…`.
///
/// An `<img>` sends `image/avif,image/webp,…,*/*;q=0.8` (image); a page navigation sends `text/html,…` and
/// `fetch`/curl send `*/*` (text). No header means text.
pub fn prefers_image(accept: Option<&str>) -> bool {
    let Some(accept) = accept else { return false };
    let mut best: Option<(u32, bool)> = None;
    for range in accept.split(',') {
        let mut parts = range.split(';');
        let media = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        if media.is_empty() {
            continue;
        }
        let mut q = 1000u32;
        for param in parts {
            let param = param.trim();
            if let Some(value) = param.strip_prefix("q=").or_else(|| param.strip_prefix("Q=")) {
                q = parse_qvalue(value.trim());
            }
        }
        if q == 0 {
            continue;
        }
        if best.is_none_or(|(best_q, _)| q > best_q) {
            best = Some((q, media.starts_with("image/")));
        }
    }
    best.is_some_and(|(_, image)| image)
}

/// A `q` value in thousandths; anything unreadable counts as 0.
fn parse_qvalue(value: &str) -> u32 {
    match value.parse::<f64>() {
        Ok(q) if q.is_finite() && q > 0.0 => (q.min(1.0) * 1000.0).round() as u32,
        _ => 0,
    }
}

/// A header value: bytes outside visible ASCII (and `%`) percent-encoded, so any canonical FFEN fits in a header.
pub fn header_value(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if (0x21..=0x7e).contains(&b) && b != b'%' {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The decoded query parameters, in order (`+` is a space, `%XX` decoded, invalid UTF-8 replaced).
pub fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query.unwrap_or("")).unwrap_or_default()
}

/// The value of parameter `name`; the last one when it is repeated (as for the render options).
fn param<'p>(pairs: &'p [(String, String)], name: &str) -> Option<&'p str> {
    pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// An error response: `status`, the message as `text/plain` or (when `Accept` prefers images) as a small PNG,
/// cacheable for a minute.
pub fn error_response(status: u16, message: &str, accept: Option<&str>, head: bool) -> Response {
    // Should the message card fail to encode, the message still goes out as text.
    let card = if prefers_image(accept) { render::message_png(message).ok() } else { None };
    let (content_type, body) = match card {
        Some(png) => ("image/png", png),
        None => ("text/plain; charset=utf-8", format!("{message}\n").into_bytes()),
    };
    Response {
        status,
        headers: vec![
            ("Content-Type", content_type.to_string()),
            ("Cache-Control", ERROR_CACHE_CONTROL.to_string()),
            ("Vary", "Accept".to_string()),
            ("Access-Control-Allow-Origin", "*".to_string()),
            ("Access-Control-Expose-Headers", EXPOSE_HEADERS.to_string()),
            ("X-Content-Type-Options", "nosniff".to_string()),
        ],
        body: if head { Vec::new() } else { body },
    }
}

/// A `500` for an internal failure: plain text, `Cache-Control: no-store`, so no cache ever keeps it.
pub fn internal_error_response(message: &str, head: bool) -> Response {
    let mut response = error_response(500, message, None, head);
    response.set_header("Cache-Control", INTERNAL_ERROR_CACHE_CONTROL);
    response
}

/// The page at `/`, with the headers [`crate::page`] defines (type, CSP, a short cache lifetime).
fn page_response(head: bool) -> Response {
    Response {
        status: 200,
        headers: vec![
            ("Content-Type", page::CONTENT_TYPE.to_string()),
            ("Cache-Control", page::CACHE_CONTROL.to_string()),
            ("Content-Security-Policy", page::CONTENT_SECURITY_POLICY.to_string()),
            ("X-Content-Type-Options", "nosniff".to_string()),
            ("Referrer-Policy", "no-referrer".to_string()),
        ],
        body: if head { Vec::new() } else { page::INDEX_HTML.as_bytes().to_vec() },
    }
}

/// Decides what to do with a request. Never panics; every input gets a [`Plan`].
pub fn plan(req: &RequestInfo<'_>) -> Plan {
    let head = match req.method {
        "GET" => false,
        "HEAD" => true,
        other => {
            let mut response = error_response(
                405,
                &format!("method {} not allowed: use GET or HEAD", header_value(other)),
                req.accept,
                false,
            );
            response.set_header("Allow", "GET, HEAD");
            return Plan::Respond(response);
        }
    };
    if req.url_len > MAX_URL_LEN {
        let message = format!("URL too long: {} bytes, the limit is {MAX_URL_LEN}", req.url_len);
        return Plan::Respond(error_response(414, &message, req.accept, head));
    }
    let pairs = query_pairs(req.query);
    let (input, dialect, options) = if req.path.ends_with("d.php") {
        let Some(input) = param(&pairs, "ff").or_else(|| param(&pairs, "fen")) else {
            let message = "missing parameter ff (or fen): a d.php link reads d.php?ff=<FFEN>";
            return Plan::Respond(error_response(400, message, req.accept, head));
        };
        (input, Dialect::Janko, RenderOptions::default())
    } else if req.path == MODERN_PATH {
        let Some(input) = param(&pairs, "ffen") else {
            let message = "missing parameter ffen: use /diagram.png?ffen=<FFEN>";
            return Plan::Respond(error_response(400, message, req.accept, head));
        };
        let dialect = match param(&pairs, "dialect") {
            None | Some("") => Dialect::default(),
            Some(name) => match name.parse::<Dialect>() {
                Ok(dialect) => dialect,
                Err(_) => {
                    let message = format!("unknown dialect {name:?}: use {}", Dialect::NAMES.join(", "));
                    return Plan::Respond(error_response(400, &message, req.accept, head));
                }
            },
        };
        let options = match RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()))) {
            Ok(options) => options,
            Err(e) => {
                let message = format!("invalid option: {e}");
                return Plan::Respond(error_response(400, &message, req.accept, head));
            }
        };
        (input, dialect, options)
    } else if req.path == "/" || req.path.is_empty() {
        return Plan::Respond(page_response(head));
    } else {
        let message = "not found: diagrams are at /diagram.png?ffen=<FFEN> or …/d.php?ff=<FFEN>; see /";
        return Plan::Respond(error_response(404, message, req.accept, head));
    };
    let board = match ffen::parse(input, dialect) {
        Ok(board) => board,
        Err(e) => {
            let message = format!("invalid FFEN, {e}");
            return Plan::Respond(error_response(400, &message, req.accept, head));
        }
    };
    if let Err(e) = render::check_image_size(&board, &options) {
        let message = e.to_string();
        return Plan::Respond(error_response(400, &message, req.accept, head));
    }
    let canonical_ffen = ffen::canonical(&board);
    let key = cache_key(&canonical_ffen, &options);
    let etag = etag_for_key(&key);
    let job = DiagramJob { board, options, canonical_ffen, key, etag, head };
    if req.if_none_match.is_some_and(|h| if_none_match_matches(h, &job.etag)) {
        return Plan::Respond(Response { status: 304, headers: job.validator_headers(), body: Vec::new() });
    }
    Plan::Diagram(Box::new(job))
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    fn get(path: &str, query: Option<&str>) -> RequestInfo<'static> {
        let path: &'static str = Box::leak(path.to_string().into_boxed_str());
        let query: Option<&'static str> = query.map(|q| &*Box::leak(q.to_string().into_boxed_str()));
        RequestInfo {
            method: "GET",
            path,
            query,
            url_len: 30 + path.len() + query.map_or(0, str::len),
            accept: None,
            if_none_match: None,
        }
    }

    fn job(req: &RequestInfo<'_>) -> Box<DiagramJob> {
        match plan(req) {
            Plan::Diagram(job) => job,
            Plan::Respond(r) => panic!("expected a diagram, got {} {:?}", r.status, String::from_utf8_lossy(&r.body)),
        }
    }

    fn respond(req: &RequestInfo<'_>) -> Response {
        match plan(req) {
            Plan::Respond(r) => r,
            Plan::Diagram(job) => panic!("expected a response, got a diagram {}", job.canonical_ffen()),
        }
    }

    #[test]
    fn fnv1a64_matches_the_published_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
        assert_eq!(etag_for_key("a"), "\"af63dc4c8601ec8c\"");
    }

    #[test]
    fn diagram_headers_are_immutable_png_with_etag_and_ffen() {
        let j = job(&get("/Retros/d.php", Some(&format!("ff={START}"))));
        let r = j.render();
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("image/png"));
        assert_eq!(r.header("cache-control"), Some(DIAGRAM_CACHE_CONTROL));
        assert_eq!(r.header("x-cache"), Some("MISS"));
        assert_eq!(r.header("access-control-allow-origin"), Some("*"));
        assert!(r.header("access-control-expose-headers").unwrap().contains("X-FFEN"));
        assert_eq!(r.header("etag"), Some(j.etag()));
        assert_eq!(r.header("x-ffen"), Some(header_value(j.canonical_ffen()).as_str()));
        assert!(r.body.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_eq!(j.headers("HIT").iter().find(|(n, _)| *n == "X-Cache").unwrap().1, "HIT");
    }

    #[test]
    fn equivalent_spellings_share_key_etag_and_cache_url() {
        let spellings = [
            get("/Retros/d.php", Some(&format!("ff={START}"))),
            get("/d.php", Some(&format!("fen={START}.png"))),
            get("/d.php", Some(&format!("sb=1&ff={}", START.replace('/', "%2F")))),
            get("/x/d.php", Some(&format!("fen={START}.gif&foo=bar"))),
            get("/diagram.png", Some(&format!("ffen={START}"))),
            get("/diagram.png", Some(&format!("dialect=janko&ffen={START}"))),
        ];
        let first = job(&spellings[0]);
        for s in &spellings[1..] {
            let other = job(s);
            assert_eq!(other.key(), first.key(), "{:?}", s.query);
            assert_eq!(other.etag(), first.etag());
            assert_eq!(other.cache_url("https://h"), first.cache_url("https://h"));
        }
        assert!(first.key().starts_with(RENDERER_VERSION));
        assert!(first.cache_url("https://h/").starts_with("https://h/__cache/diagram.png?v="));
    }

    #[test]
    fn different_options_give_different_etags() {
        let a = job(&get("/diagram.png", Some("ffen=8/8/8/8/8/8/8/8")));
        let b = job(&get("/diagram.png", Some("ffen=8/8/8/8/8/8/8/8&flip=1")));
        let c = job(&get("/diagram.png", Some("ffen=k7/8/8/8/8/8/8/8")));
        assert_ne!(a.etag(), b.etag());
        assert_ne!(a.etag(), c.etag());
    }

    #[test]
    fn if_none_match_gives_304_before_rendering() {
        let req = get("/d.php", Some(&format!("ff={START}")));
        let etag = job(&req).etag().to_string();
        for header in [etag.clone(), format!("W/{etag}"), format!("\"x\", {etag}"), "*".to_string()] {
            let r = respond(&RequestInfo { if_none_match: Some(&header), ..req });
            assert_eq!(r.status, 304, "{header}");
            assert!(r.body.is_empty());
            assert_eq!(r.header("etag"), Some(etag.as_str()));
            assert_eq!(r.header("cache-control"), Some(DIAGRAM_CACHE_CONTROL));
        }
        assert!(matches!(plan(&RequestInfo { if_none_match: Some("\"other\""), ..req }), Plan::Diagram(_)));
    }

    #[test]
    fn other_methods_get_405_with_allow() {
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "BREW"] {
            let r = respond(&RequestInfo { method, ..get("/d.php", Some("ff=8")) });
            assert_eq!(r.status, 405);
            assert_eq!(r.header("allow"), Some("GET, HEAD"));
            assert_eq!(r.header("cache-control"), Some(ERROR_CACHE_CONTROL));
        }
    }

    #[test]
    fn head_has_no_body() {
        let page = respond(&RequestInfo { method: "HEAD", ..get("/", None) });
        assert_eq!(page.status, 200);
        assert!(page.body.is_empty());
        let j = job(&RequestInfo { method: "HEAD", ..get("/d.php", Some(&format!("ff={START}"))) });
        assert!(j.is_head());
        let err = respond(&RequestInfo { method: "HEAD", ..get("/d.php", Some("ff=9z9")) });
        assert_eq!(err.status, 400);
        assert!(err.body.is_empty());
    }

    #[test]
    fn accept_negotiation() {
        let img = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
        let nav = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
        assert!(prefers_image(Some(img)));
        assert!(prefers_image(Some("image/png")));
        assert!(prefers_image(Some("text/plain;q=0.5, image/png")));
        assert!(!prefers_image(Some(nav)));
        assert!(!prefers_image(Some("*/*")));
        assert!(!prefers_image(None));
        assert!(!prefers_image(Some("")));
        assert!(!prefers_image(Some("image/png;q=0, text/plain")));
        assert!(!prefers_image(Some("image/png;q=nan")));
        assert!(!prefers_image(Some(",,;;q=,")));
    }

    #[test]
    fn errors_are_text_or_png_by_accept_and_cacheable_briefly() {
        let req = get("/d.php", Some("ff=rnbqkbnr/ppppZppp/8/8/8/8/PPPPPPPP/RNBQKBNR"));
        let text = respond(&req);
        assert_eq!(text.status, 400);
        assert_eq!(text.header("content-type"), Some("text/plain; charset=utf-8"));
        assert_eq!(text.header("cache-control"), Some(ERROR_CACHE_CONTROL));
        assert_eq!(text.header("vary"), Some("Accept"));
        let body = String::from_utf8(text.body).unwrap();
        assert!(body.contains("column "), "{body}");
        let png = respond(&RequestInfo { accept: Some("image/webp,*/*"), ..req });
        assert_eq!(png.status, 400);
        assert_eq!(png.header("content-type"), Some("image/png"));
        assert!(png.body.starts_with(b"\x89PNG"));
    }

    #[test]
    fn missing_parameters_and_unknown_paths() {
        let r = respond(&get("/d.php", Some("sb=1")));
        assert_eq!(r.status, 400);
        assert!(String::from_utf8_lossy(&r.body).contains("missing parameter ff"));
        let r = respond(&get("/diagram.png", None));
        assert_eq!(r.status, 400);
        assert!(String::from_utf8_lossy(&r.body).contains("ffen"));
        let r = respond(&get("/diagram.png", Some("ffen=8/8/8/8/8/8/8/8&dialect=klingon")));
        assert_eq!(r.status, 400);
        assert!(String::from_utf8_lossy(&r.body).contains("klingon"));
        assert_eq!(respond(&get("/favicon.ico", None)).status, 404);
        assert_eq!(respond(&get("/d.phpx", Some("ff=8"))).status, 404);
    }

    #[test]
    fn limits_are_enforced_before_parsing() {
        let long = "8/".repeat(10_000);
        let req = get("/d.php", Some(&format!("ff={long}")));
        assert_eq!(respond(&req).status, 414);
        let r = respond(&RequestInfo { url_len: 100, ..req });
        assert_eq!(r.status, 400);
        assert!(String::from_utf8_lossy(&r.body).contains("4096"), "{}", String::from_utf8_lossy(&r.body));
    }

    #[test]
    fn image_size_is_checked_before_rendering() {
        let big = vec!["8888"; 32].join("/");
        let r = respond(&get("/diagram.png", Some(&format!("ffen={big}&size=128"))));
        assert_eq!(r.status, 400);
        assert!(String::from_utf8_lossy(&r.body).contains("pixels"), "{}", String::from_utf8_lossy(&r.body));
        assert!(matches!(plan(&get("/diagram.png", Some(&format!("ffen={big}&size=12")))), Plan::Diagram(_)));
    }

    #[test]
    fn page_at_root() {
        let r = respond(&get("/", None));
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some(page::CONTENT_TYPE));
        assert_eq!(r.header("cache-control"), Some(page::CACHE_CONTROL));
        assert_eq!(r.header("content-security-policy"), Some(page::CONTENT_SECURITY_POLICY));
        assert!(!page::CACHE_CONTROL.contains("immutable"));
        assert_eq!(r.body, page::INDEX_HTML.as_bytes());
    }

    #[test]
    fn header_value_escapes_non_visible_ascii() {
        assert_eq!(header_value("a b%ü"), "a%20b%25%C3%BC");
        assert_eq!(header_value(START), START);
    }

    #[test]
    fn query_pairs_decode_plus_and_percent() {
        let pairs = query_pairs(Some("ff=a+b%27c%2A&x"));
        assert_eq!(pairs[0], ("ff".to_string(), "a b'c*".to_string()));
        assert_eq!(query_pairs(Some("%FF=%")).len(), 1);
        assert!(query_pairs(None).is_empty());
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(512))]
        /// Any method, path, query and headers: a plan, never a panic, and only the documented statuses.
        #[test]
        fn every_request_gets_a_plan(
            method in "(GET|HEAD|POST|[A-Z]{1,7})",
            path in "(/|/d\\.php|/Retros/d\\.php|/diagram\\.png|/[a-z%./]{0,12})",
            query in proptest::option::of("((ff|fen|ffen|dialect|size|flip|coords|theme|light|dark|sb)=[ -~]{0,40}&?){0,4}"),
            accept in proptest::option::of("[ -~]{0,40}"),
            inm in proptest::option::of("[ -~]{0,30}"),
        ) {
            let req = RequestInfo {
                method: &method,
                path: &path,
                query: query.as_deref(),
                url_len: 20 + path.len() + query.as_ref().map_or(0, String::len),
                accept: accept.as_deref(),
                if_none_match: inm.as_deref(),
            };
            match plan(&req) {
                Plan::Respond(r) => {
                    proptest::prop_assert!([200, 304, 400, 404, 405, 414].contains(&r.status), "{}", r.status);
                    if r.status >= 400 {
                        proptest::prop_assert!(r.header("cache-control") == Some(ERROR_CACHE_CONTROL));
                    }
                }
                Plan::Diagram(job) => {
                    proptest::prop_assert!(method == "GET" || method == "HEAD");
                    proptest::prop_assert_eq!(job.etag().to_string(), etag_for_key(job.key()));
                }
            }
        }
    }

    #[test]
    fn no_input_panics() {
        let samples =
            ["", "?", "&&&", "ff", "ff=", "ff=%", "ff=%zz", "ff=''''", "ff=*", "ff=-", "ff=/////", "fen=.png"];
        for q in samples {
            for path in ["/d.php", "/diagram.png", "/", "/nope"] {
                let q = q.replace("ff", if path == "/diagram.png" { "ffen" } else { "ff" });
                let _ = plan(&get(path, Some(&q)));
            }
        }
    }
}
