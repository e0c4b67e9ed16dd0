//! The Workers runtime entry point (wasm32 only). Thin on purpose: every decision is in [`crate::http`]; this
//! module moves bytes between the runtime and it, and talks to the edge cache (`caches.default`).
//!
//! The runtime's failures are handled without a 5xx: an unreadable URL is [`Reject::UnreadableUrl`], a cache lookup
//! failure counts as a miss, a failed put is ignored. The only 5xx is a render that failed inside the service
//! ([`Rendered::Failed`]): sent with its status (also to `HEAD`), never stored. (It returns an `Err` only if the
//! runtime cannot construct a `Response` at all.)

use crate::draw::layout::PixelLimit;
use crate::http::{self, CacheStatus, Job, Plan, Reject, Rendered, RequestInfo, RequestUrl};
use crate::output::cost::CostLimit;
use std::sync::OnceLock;
use worker::js_sys::{Reflect, Uint8Array};
use worker::wasm_bindgen::{JsCast, JsValue};
use worker::wasm_bindgen_futures::JsFuture;
use worker::web_sys::ReadableStreamDefaultReader;
use worker::{console_warn, event, Cache, Context, Env, Headers, Request, Response, Result};

/// Runs once, when the runtime instantiates the module (wasm-bindgen's start function, called from the global scope
/// of worker-build's `index.js`): [`http::warm_up`] draws one diagram, so the first request of a fresh isolate finds
/// the code compiled and the default size's sprites cached (docs/cost.md, "Cold start").
#[event(start)]
fn start() {
    // The response is built as a request's would be (headers, the body copied into JavaScript) and dropped: no I/O,
    // which the start event may not do (the cache is first used by the first request).
    if let Some(response) = http::warm_up_response() {
        let _ = to_worker(response);
    }
}

/// Handles one request: [`http::plan`] it, then answer from the plan, the edge cache, or the renderer.
#[event(fetch)]
pub async fn fetch(req: Request, env: Env, ctx: Context) -> Result<Response> {
    // The runtime's URL string, split in place (http::RequestUrl): `req.url()` would parse it again with the `url`
    // crate, which linked about 76 KB of gzipped wasm (IDNA and normalisation tables) for the same three slices.
    let url_text = req.inner().url();
    let Some(url) = RequestUrl::split(&url_text) else {
        return to_worker(Reject::UnreadableUrl.response(None, false));
    };
    // The raw method: worker::Method maps unknown methods to GET.
    let method = req.inner().method();
    let accept = req.headers().get("accept").ok().flatten();
    let if_none_match = req.headers().get("if-none-match").ok().flatten();
    let content_length = req.headers().get("content-length").ok().flatten().and_then(|v| v.trim().parse().ok());
    // Only lila-gif's route reads a body, and no more of it than one byte past its limit.
    let max_body = http::max_body_bytes(cost_limit(&env));
    let body = match http::body_wanted(&method, url.path, content_length, max_body) {
        true => read_body(&req, max_body).await,
        false => None,
    };
    let info = RequestInfo {
        method: &method,
        path: url.path,
        query: url.query,
        url_len: url_text.len(),
        accept: accept.as_deref(),
        if_none_match: if_none_match.as_deref(),
        pixel_limit: pixel_limit(&env),
        cost_limit: cost_limit(&env),
        content_length,
        body: body.as_deref(),
    };
    // FFEN_CACHE_WRITES=off and FFEN_CACHE_READS=off (wrangler vars) skip the cache put and the lookup: only for
    // measuring the render path alone under `wrangler dev`, whose emulated cache runs in the runtime's process and
    // so counts as its CPU (see scripts/loadtest and scripts/cost).
    let off = |name: &str| env.var(name).is_ok_and(|v| v.to_string() == "off");
    let cache = (!off("FFEN_CACHE_READS"), !off("FFEN_CACHE_WRITES"));
    // FFEN_WORK_HEADER=on (for scripts/cost only): a miss answers the work predicted and counted in `X-FFEN-Work`.
    let work_header = env.var("FFEN_WORK_HEADER").is_ok_and(|v| v.to_string() == "on");
    let job: Box<dyn Job> = match http::plan(&info) {
        Plan::Respond(response) => return to_worker(response),
        Plan::Diagram(job) => job,
        Plan::Game(job) => job,
    };
    serve_diagram(&*job, url.origin, &ctx, cache, work_header).await
}

/// The request's body, read chunk by chunk until its end or until it is past `max` bytes ([`http::max_body_bytes`];
/// then one byte past it is kept, the rest not read); `None` if the runtime fails to read it.
async fn read_body(req: &Request, max: u64) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    let Some(stream) = req.inner().body() else { return Some(body) };
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    while body.len() as u64 <= max {
        let chunk = JsFuture::from(reader.read()).await.ok()?;
        if Reflect::get(&chunk, &JsValue::from_str("done")).ok()?.is_truthy() {
            return Some(body);
        }
        body.extend(Uint8Array::new(&Reflect::get(&chunk, &JsValue::from_str("value")).ok()?).to_vec());
    }
    // Past the limit is all the planner needs to know: the rest is left unread.
    let _ = reader.cancel();
    body.truncate(usize::try_from(max).unwrap_or(usize::MAX).saturating_add(1));
    Some(body)
}

/// The deployment's pixel limit from the [`http::PIXEL_LIMIT_VAR`] variable, read once per isolate (the variables
/// are fixed for its lifetime). A number written without quotes in `wrangler.toml` reads like its digits; a value
/// that is not a limit is logged and the built-in limit used ([`http::pixel_limit_from_var`]).
fn pixel_limit(env: &Env) -> PixelLimit {
    static LIMIT: OnceLock<PixelLimit> = OnceLock::new();
    *LIMIT.get_or_init(|| {
        let value = Reflect::get(env, &JsValue::from_str(http::PIXEL_LIMIT_VAR)).unwrap_or(JsValue::UNDEFINED);
        // (Whole numbers only: formatting any f64 would link float printing, about 10 KB of wasm.)
        let whole =
            value.as_f64().filter(|n| n.fract() == 0.0 && (0.0..1e15).contains(n)).map(|n| (n as u64).to_string());
        let text = match value.as_string().or(whole) {
            Some(text) => Some(text),
            None if value.is_undefined() || value.is_null() => None,
            // An object, a boolean, a fraction: not a limit.
            None => Some(String::from("(not a whole number)")),
        };
        http::pixel_limit_from_var(text.as_deref()).unwrap_or_else(|_| {
            console_warn!("FFEN_MAX_IMAGE_PIXELS is not a number from 1 to 4840000: the built-in limit applies");
            PixelLimit::BUILT_IN
        })
    })
}

/// The deployment's CPU limit from the [`http::COST_LIMIT_VAR`] variable, read once per isolate like
/// [`pixel_limit`]; a value that is not a limit is logged and none applied.
fn cost_limit(env: &Env) -> Option<CostLimit> {
    static LIMIT: OnceLock<Option<CostLimit>> = OnceLock::new();
    *LIMIT.get_or_init(|| {
        let value = Reflect::get(env, &JsValue::from_str(http::COST_LIMIT_VAR)).unwrap_or(JsValue::UNDEFINED);
        let whole =
            value.as_f64().filter(|n| n.fract() == 0.0 && (0.0..1e9).contains(n)).map(|n| (n as u64).to_string());
        let text = match value.as_string().or(whole) {
            Some(text) => Some(text),
            None if value.is_undefined() || value.is_null() => None,
            None => Some(String::from("(not a whole number)")),
        };
        http::cost_limit_from_var(text.as_deref()).unwrap_or_else(|_| {
            console_warn!("FFEN_MAX_RENDER_MS is not a number from 1 to 30000: no CPU limit applies");
            None
        })
    })
}

/// A diagram (or lila-gif's game): from the edge cache on a hit (when `reads`); on a miss drawn, sent, and (when
/// `writes`) stored after the response with `ctx.wait_until`, under its cache URL on `origin` (if it has one).
async fn serve_diagram(
    job: &dyn Job,
    origin: &str,
    ctx: &Context,
    (reads, writes): (bool, bool),
    work_header: bool,
) -> Result<Response> {
    let (key, head) = (job.cache_at(origin), job.headers_only());
    let cache = Cache::default();
    let hit = match &key {
        Some(key) if reads => cache.get(key.as_str(), false).await,
        _ => Ok(None),
    };
    if let Ok(Some(hit)) = hit {
        if hit.status_code() == 200 {
            // A cached response's headers are immutable: copy them, then set ours on the copy.
            let headers = hit.headers().clone();
            if headers.set("X-Cache", CacheStatus::Hit.as_str()).is_ok() {
                return Ok(if head { Response::empty()?.with_headers(headers) } else { hit.with_headers(headers) });
            }
        }
    }
    // What planning counted (the scenes asked of the tile cache, the replayed frames): work the request does, apart
    // from the drawing's, which the prediction bounds.
    let planned = if work_header { crate::work::take() } else { crate::work::Work::NONE };
    let (mut response, storable) = match job.answer() {
        Rendered::Diagram(response) => (response, writes && key.is_some()),
        // Only a diagram is stored: an internal failure (500, no-store) must never become a cached answer.
        Rendered::Failed(response) => (response, false),
    };
    if work_header {
        let counted = crate::work::take();
        let (micros, work) =
            job.predicted_cost().map_or((0, crate::work::Work::NONE), |cost| (cost.micros, cost.work()));
        let value = format!("predicted {micros} us, {work}; counted {counted}; planning {planned}");
        response.headers.push(("X-FFEN-Work", value));
    }
    if let (true, Some(key)) = (storable, key) {
        // The body is copied once, for the cache (the runtime takes ownership of each response's bytes); a HEAD
        // sends no body, so its body goes to the cache without a copy.
        let body = if head { std::mem::take(&mut response.body) } else { response.body.clone() };
        let stored = to_worker(http::Response { status: response.status, headers: response.headers.clone(), body })?;
        ctx.wait_until(async move {
            let _ = Cache::default().put(key.as_str(), stored).await;
        });
    }
    if head {
        Ok(Response::empty()?.with_status(response.status).with_headers(headers_of(&response)))
    } else {
        to_worker(response)
    }
}

/// The runtime's headers for a response of [`crate::http`].
fn headers_of(response: &http::Response) -> Headers {
    let headers = Headers::new();
    for (name, value) in &response.headers {
        // Every value comes from http.rs and is valid; a failure would only drop that header.
        let _ = headers.set(name, value);
    }
    headers
}

/// A runtime response for a response of [`crate::http`], taking its body without a copy.
fn to_worker(response: http::Response) -> Result<Response> {
    let headers = headers_of(&response);
    let base = if response.body.is_empty() { Response::empty()? } else { Response::from_bytes(response.body)? };
    Ok(base.with_status(response.status).with_headers(headers))
}
