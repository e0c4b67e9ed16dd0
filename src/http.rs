//! The HTTP layer in plain Rust: every decision about a request, from its method to the bytes of the answer.
//!
//! Nothing here touches the Workers runtime, so the host tests reach every decision. The wasm32-only
//! `worker_glue` module only moves bytes: it turns the runtime's request into a [`RequestInfo`], calls [`plan`],
//! and either sends the [`Response`] it got or, for a [`DiagramJob`] (or lila-gif's [`GameJob`], both a [`Job`]),
//! looks in the edge cache under [`DiagramJob::cache_url`] and on a miss sends [`DiagramJob::render`] (and stores it
//! when it is a [`Rendered::Diagram`]).
//!
//! One concern per module:
//!
//! | module | concern |
//! |---|---|
//! | `link` | [`LinkKind`]: a format's own route ([`Format::at`]) or a link family's ([`crate::links::Family::at`]); the URL limit |
//! | `api` | [`RequestInfo`] → a typed [`Request`]: method, route, and the route's parameters ([`crate::params`] on a format's route, the family's reader on a family's link) |
//! | `game` | `POST /game.gif`: lila-gif's JSON body read ([`GameBody`]), its cache key, the [`GameJob`] |
//! | `json` | the strict JSON reader of that body ([`json()`]) |
//! | `reject` | [`Reject`]: every way a request gets no diagram, with its status and message, and its [`Response`] |
//! | `headers` | [`Response`], the `Cache-Control` values, CORS, `Accept` negotiation, header-value escaping |
//! | `cache` | cache identity: [`CACHE_VERSION`], [`CacheKey`], [`ETag`] ([`fnv1a64`]), the cache URL |
//! | this file | [`decide`] / [`plan`]: decode, read the FFEN ([`crate::ffen::parse_link`]: double encoding undone), fit the options, check the image size and the cost, answer `If-None-Match`; [`DiagramJob`] |
//!
//! ```
//! use ffen_diagram::http::{decide, plan, Plan, Reject, RequestInfo};
//!
//! let get = |path, query| RequestInfo { method: "GET", path, query, url_len: 64, ..RequestInfo::default() };
//! let Plan::Diagram(job) = plan(&get("/Retros/d.php", Some("ff=k7/8/8/8/8/8/8/K6'a.png"))) else { panic!() };
//! assert_eq!(job.canonical_ffen(), "k7/8/8/8/8/8/8/K6'a");
//! assert!(job.cache_url("https://example.com").starts_with("https://example.com/__cache/diagram.png?v="));
//!
//! let Err(Reject::BadFfen(e)) = decide(&get("/diagram.png", Some("ffen=k7/8/8/3z4"))) else { panic!() };
//! assert_eq!(e.column, 9);
//! let Plan::Respond(answer) = plan(&get("/diagram.png", Some("ffen=k7/8/8/3z4"))) else { panic!() };
//! assert_eq!(answer.status, 400);
//! ```
//!
//! # Routes
//!
//! * `GET /`: the editor page, a static asset served before the Worker runs (`page/index.html` with the headers of
//!   `page/_headers`, wrangler.toml's `[assets]`; [`crate::http::page`]). Where it reaches the Worker, a `404`
//!   ([`Reject::NoPage`]).
//! * A format's own route, `/diagram.png`, `/diagram.svg`, `/diagram.txt`, `/diagram.json` or `/diagram.gif`
//!   ([`Format::path`]): the parameters of [`crate::params`] — the position (`ffen`, or `fen`), its `dialect` (and
//!   Game Courier's `width`), the moves an animation plays (`moves`, `delay`: an animated PNG or GIF, refused by the
//!   SVG, ignored by the words; docs/animation.md), the look, a problem diagram's furniture, and the words' `lang`
//!   and `form`. With `dialect=hgm` the value is an Interactive Diagram definition whose look
//!   comes first and the link's parameters win ([`RenderOptions::from_definition`]); every diagram's options are
//!   fitted to its board ([`RenderOptions::for_board`]) and the furniture's squares are checked against it before
//!   the cache key is made, and only what changes the format's bytes is kept ([`Format::fit`]). The format is part
//!   of the key; its content type and the headers only it needs (an SVG's [`SVG_CONTENT_SECURITY_POLICY`](crate::SVG_CONTENT_SECURITY_POLICY)) come
//!   from [`Format`].
//! * A link family's URL ([`crate::links::FAMILIES`]): janko.at's and Retro-Wiki's `…/d.php?ff=…` (every other
//!   parameter ignored, so old links draw as they always did), yacpdb's `…/xfen/?<XFEN>`, and the other services'
//!   links, each read by its family into the same position, options and format a modern link would carry.
//!
//! On every route the FFEN value gets [`crate::ffen::parse_link`]: a value still percent-encoded after its one decoding
//! (`%252F` in the link) is decoded again, at most twice more, when it does not read as it is and the decoding does.
//!
//! * `POST /game.gif` ([`GAME_PATH`]): lila-gif's JSON body ([`GameBody`]: names, orientation, theme, delays and
//!   ready FENs with their last moves and checks), answered as lila-gif's animated GIF ([`crate::game::Game`]);
//!   the glue reads the body ([`body_wanted`], at most [`max_body_bytes`] and one byte: [`MAX_BODY_BYTES`], or less
//!   under a CPU limit), a larger one is `413` naming the limit.
//!
//! `GET` and `HEAD` are allowed on every route but `/game.gif`, which takes `POST` only; `OPTIONS`, a browser's
//! CORS preflight, is a `204` on every path naming its methods; anything else is `405` (with `Allow: GET, HEAD`, or
//! `Allow: POST` on `/game.gif`).
//!
//! # Caching
//!
//! The cache key is [`CACHE_VERSION`], the canonical FFEN, the canonical render options and the format, so every
//! spelling of one diagram shares one cache entry, and a release that changes any response's bytes (and so bumps the
//! version) never serves an old one. The strong `ETag` is the FNV-1a 64-bit hash ([`fnv1a64`]) of that key in hex, so it is known
//! before rendering and `If-None-Match` is answered with `304` without rendering or touching the cache.
//!
//! # Failures
//!
//! Bad input is a [`Reject`] with a `4xx` status, never a panic. A failure inside the service (the PNG encoder
//! refusing a picture, never expected) is [`Reject::Internal`]: a `500` with `Cache-Control: no-store`, which
//! [`DiagramJob::render`] returns as [`Rendered::Failed`] so that the glue never stores it.

mod api;
mod cache;
mod game;
mod headers;
mod json;
mod link;
pub mod page;
mod qvalue;
mod reject;
mod url;

pub use api::{
    body_wanted, cost_limit_from_var, decode_query, pixel_limit_from_var, DiagramQuery, Method, Request, RequestInfo,
    Route, COST_LIMIT_VAR, PIXEL_LIMIT_VAR,
};
pub use cache::{fnv1a64, CacheKey, ETag, CACHE_PATH, CACHE_VERSION};
pub use game::{
    max_body_bytes, BodyError, GameBody, DEFAULT_DELAY, GAME_PATH, MAX_BODY_BYTES, MAX_COMMENT_BYTES, MAX_FRAMES,
    MAX_FRAME_BYTES, MAX_NAME_BYTES,
};
pub use headers::{
    header_bytes, header_value, prefers_image, Header, Response, DIAGRAM_CACHE_CONTROL, ERROR_CACHE_CONTROL,
    EXPOSE_HEADERS, INTERNAL_ERROR_CACHE_CONTROL, MAX_HEADER_BYTES,
};
pub use json::{json, Json, JsonError, MAX_DEPTH};
pub use link::{LinkKind, MAX_URL_LEN};
pub use reject::Reject;
pub use url::RequestUrl;

use crate::draw::layout::ImageTooLarge;
use crate::notation::board::Board;
use crate::options::params::PositionQuery;
use crate::options::render_options::RenderOptions;
use crate::output::cost::{RenderCost, BODY_BYTE_NANOS};
use crate::output::format::{Format, Playback, WriteError};
use crate::output::game::Game;
use crate::output::pipeline::{Diagram, Order, OrderError};
use headers::{cors, fit_headers, header, nosniff};

/// What to do with a request.
#[derive(Debug)]
pub enum Plan {
    /// Send this response as it is: the page, a `304`, or an error.
    Respond(Response),
    /// A diagram: look it up in the edge cache under [`DiagramJob::cache_url`]; on a miss send
    /// [`DiagramJob::render`], and store it if it is a [`Rendered::Diagram`].
    Diagram(Box<DiagramJob>),
    /// lila-gif's game (`POST /game.gif`): as a diagram, under [`GameJob::cache_url`] (when it has one).
    Game(Box<GameJob>),
}

/// Where a diagram's bytes came from: the `X-Cache` header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CacheStatus {
    /// Served from the edge cache.
    Hit,
    /// Rendered for this request (and stored after the response).
    Miss,
}

impl CacheStatus {
    /// `HIT` or `MISS`.
    pub fn as_str(self) -> &'static str {
        match self {
            CacheStatus::Hit => "HIT",
            CacheStatus::Miss => "MISS",
        }
    }
}

/// The outcome of [`DiagramJob::render`].
#[derive(Debug)]
pub enum Rendered {
    /// The `200` with the picture: send it, and store it under [`DiagramJob::cache_url`].
    Diagram(Response),
    /// An answer no cache may keep: an internal failure ([`Reject::Internal`], a `500` with `Cache-Control:
    /// no-store`), or a GIF or animation whose frames one palette cannot hold ([`Reject::Unanimatable`], a `400`
    /// found while drawing): send it, never store it.
    Failed(Response),
}

impl Rendered {
    /// The response to send, whichever it is.
    pub fn response(&self) -> &Response {
        match self {
            Rendered::Diagram(response) | Rendered::Failed(response) => response,
        }
    }
}

/// What the glue serves through the edge cache: a diagram ([`DiagramJob`]) or lila-gif's game ([`GameJob`]).
pub trait Job {
    /// The URL its answer is stored under in the edge cache, on `origin`; `None`: not stored.
    fn cache_at(&self, origin: &str) -> Option<String>;
    /// Whether the request was a `HEAD` (send the headers only).
    fn headers_only(&self) -> bool;
    /// The answer on a miss.
    fn answer(&self) -> Rendered;
    /// The cost predicted when the request was checked against a CPU limit (`None` without a limit).
    fn predicted_cost(&self) -> Option<&RenderCost>;
}

impl Job for DiagramJob {
    fn cache_at(&self, origin: &str) -> Option<String> {
        Some(self.cache_url(origin))
    }

    fn headers_only(&self) -> bool {
        self.head
    }

    fn answer(&self) -> Rendered {
        self.render()
    }

    fn predicted_cost(&self) -> Option<&RenderCost> {
        self.predicted()
    }
}

impl Job for GameJob {
    fn cache_at(&self, origin: &str) -> Option<String> {
        self.cache_url(origin)
    }

    fn headers_only(&self) -> bool {
        false
    }

    fn answer(&self) -> Rendered {
        self.render()
    }

    fn predicted_cost(&self) -> Option<&RenderCost> {
        self.predicted()
    }
}

/// A diagram request that passed every check: parsed, within the limits, not answered by `If-None-Match`.
#[derive(Debug)]
pub struct DiagramJob {
    board: Board,
    options: RenderOptions,
    playback: Option<Playback>,
    key: CacheKey,
    head: bool,
    predicted: Option<RenderCost>,
}

impl DiagramJob {
    /// A job for `board` drawn with `options` in `format`; `head` for a `HEAD` request.
    pub fn new(board: Board, options: RenderOptions, format: Format, head: bool) -> DiagramJob {
        DiagramJob::played(board, options, None, format, head)
    }

    /// A job for `board` drawn with `options` in `format` and animated along `playback`, if any (a format that
    /// animates: [`Format::animates`]); `head` for a `HEAD` request.
    pub fn played(
        board: Board,
        options: RenderOptions,
        playback: Option<Playback>,
        format: Format,
        head: bool,
    ) -> DiagramJob {
        let key = CacheKey::played(&board, &options, playback.as_ref(), format);
        DiagramJob { board, options, playback, key, head, predicted: None }
    }

    /// The cost predicted when the request was checked against a CPU limit (`None` without a limit): what drawing
    /// it may count at most ([`crate::work`]).
    pub fn predicted(&self) -> Option<&RenderCost> {
        self.predicted.as_ref()
    }

    /// The moves it animates, if any.
    pub fn playback(&self) -> Option<&Playback> {
        self.playback.as_ref()
    }

    /// The format to answer in.
    pub fn format(&self) -> Format {
        self.key.format()
    }

    /// The board to draw.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How to draw it.
    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    /// The cache key: cache version, canonical FFEN, canonical options and format, one per line.
    pub fn key(&self) -> &CacheKey {
        &self.key
    }

    /// The strong `ETag`, the hash of [`DiagramJob::key`].
    pub fn etag(&self) -> ETag {
        self.key.etag()
    }

    /// The canonical FFEN (the `X-FFEN` header before escaping).
    pub fn canonical_ffen(&self) -> &str {
        self.key.canonical_ffen()
    }

    /// Whether the request was a `HEAD` (send the headers only).
    pub fn is_head(&self) -> bool {
        self.head
    }

    /// The URL to store the diagram under in the edge cache, on `origin` (e.g. `https://example.com`).
    ///
    /// Equal for every spelling of one diagram; it includes the cache version. See [`CacheKey::cache_url`].
    pub fn cache_url(&self, origin: &str) -> String {
        self.key.cache_url(origin)
    }

    /// The headers of this diagram's response, with `X-Cache` set to `x_cache`; a format that needs one (SVG)
    /// also carries its `Content-Security-Policy` ([`Format::security_policy`]).
    pub fn headers(&self, x_cache: CacheStatus) -> Vec<Header> {
        let mut headers = vec![header("Content-Type", self.format().content_type())];
        headers.extend(self.validator_headers());
        headers.push(("Link", self.link_header()));
        headers.push(header("X-Cache", x_cache.as_str()));
        headers.push(nosniff());
        if let Some(policy) = self.format().security_policy() {
            headers.push(header("Content-Security-Policy", policy));
        }
        fit_headers(&mut headers);
        headers
    }

    /// This diagram's link on the modern route (`/diagram.png?ffen=…&…`, or `/diagram.svg?…`), relative to the
    /// origin: the canonical FFEN and the options written as [`RenderOptions::link_pairs`], so following it gives
    /// this diagram again, with the same `ETag`, whichever link family asked for it. Sent as the
    /// `Link: <…>; rel="canonical"` header; the editor reads it to convert a pasted link.
    pub fn modern_link(&self) -> String {
        let mut link = self.format().link(self.canonical_ffen(), &self.options);
        if let Some(playback) = &self.playback {
            let mut query = form_urlencoded::Serializer::new(String::new());
            query.extend_pairs(playback.link_pairs());
            link = format!("{link}&{}", query.finish());
        }
        link
    }

    /// The `Link` header: the canonical link and, for every format but the text, the text's link as a second value
    /// of the same header (RFC 8288; the glue sets headers by name, so a second `Link` header would replace the
    /// first): `<…>; rel="canonical", </diagram.txt?…>; rel="alternate"; type="text/plain"`. The alternates are the
    /// other formats that are one ([`Format::alternate_type`]).
    pub fn link_header(&self) -> String {
        let mut value = format!("<{}>; rel=\"canonical\"", self.modern_link());
        for format in Format::ALL.into_iter().filter(|&format| format != self.format()) {
            if let Some(media_type) = format.alternate_type() {
                let link = format.link(self.canonical_ffen(), &self.options);
                value.push_str(&format!(", <{link}>; rel=\"alternate\"; type=\"{media_type}\""));
            }
        }
        value
    }

    /// The headers a `304` carries (and every diagram response too).
    fn validator_headers(&self) -> Vec<Header> {
        let mut headers = vec![
            header("Cache-Control", DIAGRAM_CACHE_CONTROL),
            ("ETag", self.etag().to_string()),
            ("X-FFEN", header_value(self.canonical_ffen())),
        ];
        headers.extend(cors());
        fit_headers(&mut headers);
        headers
    }

    /// The `304` for a request whose `If-None-Match` names this diagram's `ETag`.
    fn not_modified(&self) -> Response {
        Response { status: 304, headers: self.validator_headers(), body: Vec::new() }
    }

    /// Renders the diagram: the full `200` response with `X-Cache: MISS` and the body its format writes
    /// ([`Format::write`]), also for `HEAD` (the glue stores the `200` and strips the body when
    /// [`DiagramJob::is_head`]); or, if drawing fails inside the service, the `500` that must not be stored.
    pub fn render(&self) -> Rendered {
        self.answer(self.format().write_played(&self.board, &self.options, self.playback.as_ref()))
    }

    /// The answer for what the format's painter returned.
    fn answer(&self, body: Result<Vec<u8>, WriteError>) -> Rendered {
        match body {
            Ok(body) => Rendered::Diagram(Response { status: 200, headers: self.headers(CacheStatus::Miss), body }),
            Err(WriteError::Palette(e)) => Rendered::Failed(Reject::Unanimatable(e).response(None, self.head)),
            Err(e) => Rendered::Failed(Reject::Internal(e).response(None, self.head)),
        }
    }
}

/// A game to draw: the body read, within the limits.
#[derive(Debug)]
pub struct GameJob {
    body: GameBody,
    predicted: Option<RenderCost>,
}

impl GameJob {
    /// The job of a body read.
    pub fn new(body: GameBody) -> GameJob {
        GameJob { body, predicted: None }
    }

    /// The cost predicted when the request was checked against a CPU limit (`None` without a limit).
    pub fn predicted(&self) -> Option<&RenderCost> {
        self.predicted.as_ref()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.body.game
    }

    /// The cache key ([`GameBody::key`]).
    pub fn key(&self) -> &str {
        &self.body.key
    }

    /// The strong `ETag`, the hash of the key.
    pub fn etag(&self) -> ETag {
        ETag::of_key(&self.body.key)
    }

    /// The GET URL the answer is stored under in the edge cache (which keeps GET requests only), on `origin`:
    /// [`CACHE_PATH`]`game.gif` with the version, the key's other lines and the `ETag` as parameters, so two bodies
    /// share it only when their keys are equal; `None` when it would be longer than [`MAX_URL_LEN`] (a game of
    /// about 200 frames or more), which is drawn every time.
    pub fn cache_url(&self, origin: &str) -> Option<String> {
        let rest = self.body.key.split_once('\n').map_or("", |(_, rest)| rest);
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("v", CACHE_VERSION).append_pair("key", rest);
        let query = query.append_pair("etag", &format!("{:016x}", fnv1a64(self.body.key.as_bytes()))).finish();
        let url = format!("{}{CACHE_PATH}game.gif?{query}", origin.trim_end_matches('/'));
        (url.len() <= MAX_URL_LEN).then_some(url)
    }

    /// The headers of the answer, with `X-Cache` set to `x_cache`.
    pub fn headers(&self, x_cache: CacheStatus) -> Vec<Header> {
        let etag = self.etag().to_string();
        let [origin, expose] = cors();
        let headers = [("Content-Type", "image/gif"), ("Cache-Control", DIAGRAM_CACHE_CONTROL), ("ETag", &etag)];
        let mut headers: Vec<Header> = headers.iter().map(|&(name, value)| header(name, value)).collect();
        headers.extend([origin, expose, header("X-Cache", x_cache.as_str()), nosniff()]);
        headers
    }

    /// Draws the game: the `200` with the GIF, or the refusal found while drawing (a palette too small: `400`; an
    /// encoder failure: `500`), which no cache keeps.
    pub fn render(&self) -> Rendered {
        match self.body.game.write() {
            Ok(body) => Rendered::Diagram(Response { status: 200, headers: self.headers(CacheStatus::Miss), body }),
            Err(WriteError::Palette(e)) => Rendered::Failed(Reject::Unanimatable(e).response(None, false)),
            Err(e) => Rendered::Failed(Reject::Internal(e).response(None, false)),
        }
    }
}

/// The answer to a CORS preflight (`OPTIONS`) for `path`: `204`, any origin, the path's methods, and the request
/// headers read (`Content-Type` of a posted JSON body, `If-None-Match`), for a day. Without it a page on another
/// origin cannot post lila-gif's JSON to `/game.gif`: the browser asks first, and a `405` stops it.
fn preflight_response(path: &str) -> Response {
    let methods = if path == GAME_PATH { "POST" } else { "GET, HEAD" };
    Response {
        status: 204,
        headers: vec![
            header("Access-Control-Allow-Origin", "*"),
            header("Access-Control-Allow-Methods", methods),
            header("Access-Control-Allow-Headers", "Content-Type, If-None-Match"),
            header("Access-Control-Max-Age", "86400"),
            header("Allow", &format!("{methods}, OPTIONS")),
            header("Cache-Control", ERROR_CACHE_CONTROL),
        ],
        body: Vec::new(),
    }
}

/// Decides what to do with a request, or why it gets no diagram. The checks run in the order docs/parameters.md's "Limits"
/// lists: method, URL length, route and parameters, dialect and options ([`Request::decode`]), then the FFEN with
/// its length and board limits, the image size (against [`RequestInfo::pixel_limit`]), the predicted cost (against
/// [`RequestInfo::cost_limit`]), and `If-None-Match`.
pub fn decide(info: &RequestInfo<'_>) -> Result<Plan, Reject> {
    let request = Request::decode(info)?;
    let head = request.method == Method::Head;
    let query = match request.route {
        Route::Page => return Err(Reject::NoPage),
        Route::Preflight => return Ok(Plan::Respond(preflight_response(info.path))),
        Route::Game => return decide_game(info),
        Route::Diagram(query) => *query,
    };
    let DiagramQuery { ffen, dialect, options, definition_pairs, format, moves, delay, pgn, .. } = query;
    let position = PositionQuery { ffen, dialect, moves, delay, pgn };
    let order = Order { position: &position, options: &options, definition_pairs: &definition_pairs, format };
    let diagram = order.read().map_err(Reject::from)?;
    let predicted = match diagram.check(info.pixel_limit, info.cost_limit) {
        // Over the limit only for the pieces and squares this isolate has not drawn: the sprite budget's worth of them
        // drawn now, so that asking again is admitted (the refusal is never stored: `Reject::response`).
        Err(OrderError::TooCostly(e)) if e.for_new_sprites().is_some() => {
            let drawn = diagram.draw_new_sprites(e.for_new_sprites().unwrap_or(0));
            return Err(Reject::TooCostly(Box::new(e.after_drawing(drawn))));
        }
        checked => checked.map_err(Reject::from)?,
    };
    let Diagram { board, options, playback, format, .. } = diagram;
    let job = DiagramJob { predicted, ..DiagramJob::played(board, options, playback, format, head) };
    // `*` asks whether the resource has a representation at all: an animation's is known only once drawn (one palette
    // may not hold its frames: a `400`), so only its own tag, which only a `200` sent, answers it without drawing.
    let star = job.format().animation_encoder().is_none() || (job.playback.is_none() && !format.still_is_animation());
    if info.if_none_match.is_some_and(|h| job.etag().matched_by(h, star)) {
        return Ok(Plan::Respond(job.not_modified()));
    }
    Ok(Plan::Diagram(Box::new(job)))
}

/// `POST /game.gif`: the body within its limit and read, its picture within the pixel limit and its predicted cost
/// within the CPU limit. `If-None-Match` is not answered (a `POST` has no stored representation to compare).
fn decide_game(info: &RequestInfo<'_>) -> Result<Plan, Reject> {
    let read = info.body.map_or(0, |body| body.len() as u64);
    let len = info.content_length.unwrap_or(0).max(read);
    let limit = max_body_bytes(info.cost_limit);
    if len > limit {
        return Err(Reject::BodyTooLarge { len, limit });
    }
    let body = GameBody::read(info.body.unwrap_or_default()).map_err(Reject::BadBody)?;
    let (width, height) = body.game.size();
    if u64::from(width) * u64::from(height) > info.pixel_limit.pixels() {
        let max_pixels = info.pixel_limit.pixels();
        return Err(Reject::TooLarge(ImageTooLarge { width, height, max_pixels }));
    }
    let predicted = match info.cost_limit {
        Some(limit) => {
            // The body's reading is charged too (it was bounded by the same limit before it was parsed).
            let game = body.game.cost();
            let cost = RenderCost { micros: game.micros + len * BODY_BYTE_NANOS / 1000, ..game };
            if let Err(e) = limit.check(cost) {
                // As a diagram's: over only for what this isolate has not drawn, the sprite budget's worth drawn now.
                let e = match e.for_new_sprites() {
                    Some(budget) => Box::new(e.after_drawing(body.game.draw_new_sprites(budget))),
                    None => e,
                };
                return Err(Reject::TooCostly(e));
            }
            Some(cost)
        }
        None => None,
    };
    Ok(Plan::Game(Box::new(GameJob { predicted, ..GameJob::new(body) })))
}

/// The link [`warm_up`] plans and draws: the start position at the default size with a marker, a rotated and a
/// neutral piece, a letter and a number, so that the code of an ordinary diagram has all run once.
pub const WARM_UP_QUERY: &str = "ffen=rnbqkbnr/pppppppp/2C1x1-*1n1/3'a''12*2S2/8/8/PPPPPPPP/RNBQKBNR";

/// The second diagram the warm-up draws: lichess' size (90-px squares, a 720-px board, with coordinates), what the
/// lichess and lila-gif links ask for (docs/links.md). Drawing the twelve orthodox pieces at a new size costs about
/// 50 ns a pixel of the square, 5 ms at 90 px, which the first such request of an isolate would otherwise pay on top
/// of its miss (docs/cost.md, "Cold start").
pub const WARM_UP_LICHESS_QUERY: &str = "ffen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR&size=90&coords=1&theme=brown";

/// The third diagram the warm-up draws: janko's example of every kind of glyph (docs/spec 000: turned pieces,
/// neutral ones, letters, numbers, markers) at the default size. A fresh isolate's first request of it measured about
/// 16 ms above the floor in workerd (its 28 sprites, 41 tiles and the code of each kind of glyph run for the first
/// time), against 2 ms once they were: more than the Free plan's 10 ms, for one of the spec's own links.
pub const WARM_UP_GLYPHS_QUERY: &str = "ffen=rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/\
    'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR";

/// Plans and renders [`WARM_UP_QUERY`], [`WARM_UP_LICHESS_QUERY`] and [`WARM_UP_GLYPHS_QUERY`] on the modern route,
/// as a cache miss does ([`WARM_UP_ROUNDS`] times each), and returns the first PNG's length.
///
/// The Worker calls it once when the runtime instantiates the module (before its first request, when the runtime
/// evaluates the module's global scope at start-up): the code a miss runs is then compiled and the sprites of the
/// default size and of lichess' are in the cache, so the first request of a fresh isolate costs about what a later
/// one does. Output is never affected: the sprite cache only holds what would be drawn anyway.
pub fn warm_up() -> usize {
    warm_up_response().map_or(0, |response| response.body.len())
}

/// [`warm_up`]'s first response itself (`None` if it was not a diagram), for the Worker to turn into the runtime's
/// response once as well: the glue that copies headers and body into JavaScript is then compiled before the first
/// request too. The warm-up also predicts the diagrams' cost (the cost model runs on every request of a deployment
/// with `FFEN_MAX_RENDER_MS`).
pub fn warm_up_response() -> Option<Response> {
    let render = |query: &'static str| {
        let info = RequestInfo {
            method: "GET",
            path: Format::Png.path(),
            query: Some(query),
            url_len: 100,
            cost_limit: crate::output::cost::CostLimit::new(crate::output::cost::CostLimit::MAX_MS),
            ..RequestInfo::default()
        };
        match plan(&info) {
            Plan::Diagram(job) => match job.render() {
                Rendered::Diagram(response) => Some(response),
                Rendered::Failed(_) => None,
            },
            Plan::Respond(_) | Plan::Game(_) => None,
        }
    };
    let first = render(WARM_UP_QUERY);
    render(WARM_UP_LICHESS_QUERY);
    render(WARM_UP_GLYPHS_QUERY);
    for _ in 1..WARM_UP_ROUNDS {
        render(WARM_UP_QUERY);
        render(WARM_UP_LICHESS_QUERY);
        render(WARM_UP_GLYPHS_QUERY);
    }
    let body = warm_up_game_body();
    let info = RequestInfo {
        method: "POST",
        path: GAME_PATH,
        url_len: GAME_PATH.len(),
        body: Some(body.as_bytes()),
        ..RequestInfo::default()
    };
    // Its pieces and squares drawn, not its GIF written: the tiles are what a first game would be charged for.
    if let Plan::Game(job) = plan(&info) {
        job.game().draw_new_sprites(u64::MAX);
    }
    first
}

/// The game whose pieces and squares the warm-up draws once, as `POST /game.gif` would (not its GIF): lila-gif's
/// look (its brown board, cburnett, its last-move tint) on the start position and on one with the king and queen
/// swapped, each frame's last move tinting one of the twelve pieces on one of its square colours and an empty square
/// (a3 and a4 in turn). A game's frames are its squares' tiles; those with the tint are drawn nowhere else, and a
/// fresh isolate's first game near the Free plan's limit was refused for them (the new tiles' charge) until they
/// were drawn (docs/cost.md, "Cold start").
pub fn warm_up_game_body() -> String {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const SWAPPED: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
    // Each piece on each square colour it stands on in the start position, then the king and queen on the others.
    let start = ["a1", "h1", "b1", "g1", "c1", "f1", "d1", "e1", "a2", "b2", "a8", "h8", "b8", "g8", "c8", "f8"];
    let start = start.into_iter().chain(["d8", "e8", "a7", "b7"]).map(|to| (START, to));
    let swapped = ["d1", "e1", "d8", "e8"].into_iter().map(|to| (SWAPPED, to));
    let frame = |i: usize, (fen, to): (&str, &str)| {
        let from = ["a3", "a4"][i % 2];
        format!(r#"{{"fen":"{fen}","lastMove":"{from}{to}"}}"#)
    };
    let frames: Vec<String> =
        start.enumerate().map(|(i, f)| frame(i, f)).chain(swapped.enumerate().map(|(i, f)| frame(i, f))).collect();
    format!(r#"{{"frames":[{}]}}"#, frames.join(","))
}

/// How many times [`warm_up_response`] draws each of its diagrams. Three: V8 optimises a wasm function once it has
/// run enough, on its helper threads, and with fewer rounds that happens during a fresh runtime's first diagram
/// (several milliseconds of helper-thread CPU in its first 11×11 board or lichess link, measured in workerd alone);
/// after three it happens at start-up. More rounds make start-up longer and the first request no cheaper
/// (docs/cost.md, "Cold start").
pub const WARM_UP_ROUNDS: usize = 3;

/// Decides what to do with a request. Never panics; every input gets a [`Plan`], a rejection its [`Response`].
/// A refusal on a route of words (`/diagram.txt`, `/diagram.json`) is always text, whatever `Accept` prefers.
pub fn plan(info: &RequestInfo<'_>) -> Plan {
    // A new request for the caches (what the latest ones use is never evicted) and the work counters.
    crate::work::begin_request();
    let words = Format::at(info.path).is_some_and(|format| !format.is_picture());
    let accept = if words { None } else { info.accept };
    decide(info).unwrap_or_else(|reject| Plan::Respond(reject.response(accept, info.is_head())))
}

#[cfg(test)]
mod tests;
