//! Request decoding: what the runtime tells about a request ([`RequestInfo`]) becomes a typed [`Request`] (the
//! editor page, or a diagram with its FFEN, dialect and options) or the [`Reject`] that says what is wrong with it.
//!
//! The checks run in a fixed order, cheapest first and before anything is parsed: method, URL length, route, then
//! the route's parameters (on the modern route in the order of [`crate::params`]: the required position, dialect,
//! `width` (Game Courier only), options; a family's link as its family reads it). The FFEN itself is read later (by
//! [`super::decide`]), so a [`DiagramQuery`] holds it as text.

use super::game::GAME_PATH;
#[cfg(doc)]
use super::game::{max_body_bytes, MAX_BODY_BYTES};
use super::link::{LinkKind, MAX_URL_LEN};
use super::page;
use super::reject::Reject;
use crate::draw::layout::{InvalidPixelLimit, PixelLimit};
use crate::links::Family;
use crate::notation::ffen::Dialect;
use crate::options::params::{self, Delay, PositionQuery, QueryError, OPTION_PARAMS, POSITION_PARAMS};
use crate::options::render_options::RenderOptions;
use crate::output::cost::{CostLimit, InvalidCostLimit};
use crate::output::format::Format;
use std::borrow::Cow;

/// The Worker variable (`[vars]` in `wrangler.toml`) holding the deployment's [`PixelLimit`].
pub const PIXEL_LIMIT_VAR: &str = "FFEN_MAX_IMAGE_PIXELS";

/// The Worker variable holding the deployment's [`CostLimit`] (milliseconds of predicted CPU a diagram).
pub const COST_LIMIT_VAR: &str = "FFEN_MAX_RENDER_MS";

/// The CPU limit a deployment's [`COST_LIMIT_VAR`] sets: unset or empty is none; otherwise the number it holds, or
/// why it is not one (the Worker then warns in its log and applies none, as a misspelt pixel limit falls back to
/// the built-in one).
///
/// ```
/// use ffen_diagram::http::cost_limit_from_var;
/// use ffen_diagram::CostLimit;
/// assert_eq!(cost_limit_from_var(None), Ok(None));
/// assert_eq!(cost_limit_from_var(Some(" ")), Ok(None));
/// assert_eq!(cost_limit_from_var(Some("8")), Ok(CostLimit::new(8)));
/// assert!(cost_limit_from_var(Some("8 ms")).is_err());
/// ```
pub fn cost_limit_from_var(value: Option<&str>) -> Result<Option<CostLimit>, InvalidCostLimit> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text.parse().map(Some),
    }
}

/// The pixel limit a deployment's [`PIXEL_LIMIT_VAR`] sets: unset or empty (`None`, `""`) is the built-in limit;
/// otherwise the number it holds, or why it is not one. On an `Err` the Worker warns in its log and uses the
/// built-in limit (a misspelt limit must not take the service down; docs/parameters.md, "Limits").
///
/// ```
/// use ffen_diagram::http::pixel_limit_from_var;
/// use ffen_diagram::PixelLimit;
/// assert_eq!(pixel_limit_from_var(None), Ok(PixelLimit::BUILT_IN));
/// assert_eq!(pixel_limit_from_var(Some("")), Ok(PixelLimit::BUILT_IN));
/// assert_eq!(pixel_limit_from_var(Some("600000")), Ok(PixelLimit::new(600_000).unwrap()));
/// assert!(pixel_limit_from_var(Some("600 000")).is_err());
/// ```
pub fn pixel_limit_from_var(value: Option<&str>) -> Result<PixelLimit, InvalidPixelLimit> {
    match value.map(str::trim) {
        None | Some("") => Ok(PixelLimit::BUILT_IN),
        Some(text) => text.parse(),
    }
}

/// What the runtime tells about a request; everything [`super::plan`] decides on.
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
    /// The deployment's pixel limit (the `FFEN_MAX_IMAGE_PIXELS` variable; [`PixelLimit::BUILT_IN`] by default):
    /// a diagram with more pixels is refused with `400` before rendering.
    pub pixel_limit: PixelLimit,
    /// The deployment's CPU limit (the `FFEN_MAX_RENDER_MS` variable; none by default): a diagram whose predicted
    /// cost ([`crate::render_cost`]) is over it is refused with `400` before rendering.
    pub cost_limit: Option<CostLimit>,
    /// The `Content-Length` header's number, if any (read by `POST /game.gif` only: over its limit, the body is
    /// refused unread).
    pub content_length: Option<u64>,
    /// The body as read, for `POST /game.gif` only ([`body_wanted`]): at most one byte past its limit, so a body
    /// too large is known without reading it all.
    pub body: Option<&'a [u8]>,
}

/// Whether the glue reads this request's body (before planning it): `POST /game.gif` whose `Content-Length`, if
/// given, is within `limit` ([`max_body_bytes`] of the deployment's CPU limit, at most [`MAX_BODY_BYTES`]). It
/// reads at most one byte more than the limit.
pub fn body_wanted(method: &str, path: &str, content_length: Option<u64>, limit: u64) -> bool {
    method == "POST" && path == GAME_PATH && content_length.is_none_or(|len| len <= limit)
}

impl RequestInfo<'_> {
    /// Whether the request is a `HEAD` (its answer has headers only).
    pub fn is_head(&self) -> bool {
        self.method == "HEAD"
    }
}

/// The methods served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `GET`: headers and body.
    Get,
    /// `HEAD`: the headers a `GET` would get, no body.
    Head,
    /// `POST`: `/game.gif` only ([`GAME_PATH`]).
    Post,
    /// `OPTIONS`: a browser's CORS preflight (a page's `fetch` that posts JSON to `/game.gif`, or sends
    /// `If-None-Match`), answered on every path without reading the rest of the request.
    Options,
}

impl Method {
    /// The method named exactly `name` (methods are case-sensitive) for a request to `path`: `GET` and `HEAD`
    /// anywhere but on [`GAME_PATH`], where only `POST` is ([`Reject::PostOnly`]); `OPTIONS` anywhere; any other,
    /// [`Reject::MethodNotAllowed`].
    pub fn from_name(name: &str, path: &str) -> Result<Method, Reject> {
        let game = path == GAME_PATH;
        match name {
            "OPTIONS" => Ok(Method::Options),
            "GET" if !game => Ok(Method::Get),
            "HEAD" if !game => Ok(Method::Head),
            "POST" if game => Ok(Method::Post),
            _ if game => Err(Reject::PostOnly { method: name.to_string() }),
            other => Err(Reject::MethodNotAllowed { method: other.to_string() }),
        }
    }
}

/// A diagram request whose parameters were read: the FFEN still as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramQuery {
    /// The kind of link it came from: a format's own route or a family's.
    pub kind: LinkKind,
    /// The FFEN as the query gave it (decoded).
    pub ffen: String,
    /// The dialect to read it in.
    pub dialect: Dialect,
    /// How to draw it.
    pub options: RenderOptions,
    /// The link's own parameters, kept for an Interactive Diagram definition (`dialect=hgm`), whose look they
    /// override ([`RenderOptions::from_definition`]); empty for every other dialect, whose options are `options`.
    pub definition_pairs: Vec<(String, String)>,
    /// The format to answer in.
    pub format: Format,
    /// The moves to animate, as the query gave them (empty for none; a family's link has none).
    pub moves: String,
    /// A game in PGN to animate, as the query gave it (empty for none).
    pub pgn: String,
    /// How long each move shows.
    pub delay: Delay,
}

/// What a request asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /`: the editor page, which is a static asset: it reaches the Worker only where it is not deployed
    /// ([`super::Reject::NoPage`]).
    Page,
    /// `OPTIONS` on any path: the CORS preflight's answer, the methods of that path.
    Preflight,
    /// `POST /game.gif`: lila-gif's animated game, from the body ([`super::GameBody`]).
    Game,
    /// A diagram (boxed: the look and furniture options make it much larger than the page's route).
    Diagram(Box<DiagramQuery>),
}

/// A decoded request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `HEAD`, or `POST` for `/game.gif`.
    pub method: Method,
    /// What it asks for.
    pub route: Route,
}

impl Request {
    /// Reads a request, or says why it cannot be served; see the module documentation for the order of checks.
    pub fn decode(info: &RequestInfo<'_>) -> Result<Request, Reject> {
        let method = Method::from_name(info.method, info.path)?;
        if method == Method::Options {
            return Ok(Request { method, route: Route::Preflight });
        }
        if info.url_len > MAX_URL_LEN {
            return Err(Reject::UrlTooLong { len: info.url_len });
        }
        if method == Method::Post {
            return Ok(Request { method, route: Route::Game });
        }
        let query = match LinkKind::at(info.path) {
            Some(LinkKind::Modern(format)) => DiagramQuery::from_modern(info.query, format)?,
            Some(LinkKind::Family(family)) => DiagramQuery::from_family(family, info.path, info.query)?,
            None if info.path == "/" || info.path.is_empty() => return Ok(Request { method, route: Route::Page }),
            None if info.path == page::FAVICON_PATH => {
                DiagramQuery::from_modern(Some(page::FAVICON_QUERY), Format::Png)?
            }
            None => return Err(Reject::NotFound),
        };
        Ok(Request { method, route: Route::Diagram(Box::new(query)) })
    }
}

impl DiagramQuery {
    /// The position, dialect and look of a family's link, as its family reads them.
    fn from_family(family: &'static Family, path: &str, query: Option<&str>) -> Result<DiagramQuery, Reject> {
        let link = family.read(path, query).map_err(Reject::BadLink)?;
        Ok(DiagramQuery {
            kind: LinkKind::Family(family),
            ffen: link.ffen,
            dialect: link.dialect,
            options: link.options,
            definition_pairs: Vec::new(),
            format: link.format,
            moves: String::new(),
            delay: Delay::DEFAULT,
            pgn: String::new(),
        })
    }

    /// The position, dialect and options of a modern link from its query, in `format`: the parameters of
    /// [`POSITION_PARAMS`] (the position first: its absence is named before any value is read), then those of
    /// [`OPTION_PARAMS`].
    fn from_modern(query: Option<&str>, format: Format) -> Result<DiagramQuery, Reject> {
        let decoded = decode_query(query);
        let pairs: Vec<(&str, &str)> = decoded.iter().map(|(k, v)| (k.as_ref(), v.as_ref())).collect();
        let mut position = PositionQuery::default();
        let refuse = |error| match error {
            QueryError::Missing { name, aliases } => Reject::MissingParameter { name, aliases, path: format.path() },
            QueryError::Bad(e) => Reject::BadOption(e),
        };
        // A PGN brings its own start: without `ffen` (or `fen`) it is played from its `FEN` tag or the start
        // position, so the position is required only without one.
        let pgn = params::PGN.value_in(&pairs).is_some_and(|v| !v.trim().is_empty());
        let pgn_alone = pgn && params::FFEN.value_in(&pairs).is_none();
        let pairs: Vec<(&str, &str)> = pgn_alone.then_some(("ffen", "")).into_iter().chain(pairs).collect();
        params::read(&POSITION_PARAMS, &mut position, &pairs).map_err(refuse)?;
        let mut options = RenderOptions::default();
        params::read(&OPTION_PARAMS, &mut options, &pairs).map_err(refuse)?;
        // An Interactive Diagram definition brings a look of its own, which the link's parameters override.
        let definition_pairs = match position.dialect {
            Dialect::Hgm => pairs.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect(),
            _ => Vec::new(),
        };
        let PositionQuery { ffen, dialect, moves, delay, pgn } = position;
        Ok(DiagramQuery {
            kind: LinkKind::Modern(format),
            ffen,
            dialect,
            options,
            definition_pairs,
            format,
            moves,
            delay,
            pgn,
        })
    }
}

/// The decoded query parameters, in order: `+` is a space, `%XX` decoded, invalid UTF-8 replaced. Total: any
/// query string gives pairs.
pub fn decode_query(query: Option<&str>) -> Vec<(Cow<'_, str>, Cow<'_, str>)> {
    form_urlencoded::parse(query.unwrap_or("").as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::Width;
    use crate::options::error::OptionError;

    fn decode(method: &str, path: &str, query: Option<&str>) -> Result<Request, Reject> {
        Request::decode(&RequestInfo { method, path, query, url_len: 100, ..RequestInfo::default() })
    }

    fn diagram(path: &str, query: &str) -> DiagramQuery {
        match decode("GET", path, Some(query)) {
            Ok(Request { method: Method::Get, route: Route::Diagram(q) }) => *q,
            other => panic!("{path}?{query}: {other:?}"),
        }
    }

    fn family(name: &str) -> LinkKind {
        LinkKind::Family(Family::named(name).unwrap())
    }

    fn missing(name: &str) -> Reject {
        Reject::BadLink(crate::links::LinkError::Missing(Family::named(name).unwrap()))
    }

    const MISSING_FFEN: Reject = Reject::MissingParameter { name: "ffen", aliases: &["fen"], path: "/diagram.png" };

    #[test]
    fn methods() {
        assert_eq!(decode("GET", "/", None), Ok(Request { method: Method::Get, route: Route::Page }));
        assert_eq!(decode("HEAD", "", None), Ok(Request { method: Method::Head, route: Route::Page }));
        for method in ["POST", "get", "options", ""] {
            let want = Reject::MethodNotAllowed { method: method.to_string() };
            assert_eq!(decode(method, "/d.php", Some("ff=8")), Err(want));
        }
        // lila-gif's route takes POST only; POST goes nowhere else.
        assert_eq!(decode("POST", "/game.gif", None), Ok(Request { method: Method::Post, route: Route::Game }));
        for method in ["GET", "HEAD", "post", "PUT"] {
            let want = Reject::PostOnly { method: method.to_string() };
            assert_eq!(decode(method, "/game.gif", Some("x=1")), Err(want));
        }
        for path in ["/diagram.gif", "/game.gif/", "/x/game.gif"] {
            assert!(matches!(decode("POST", path, None), Err(Reject::MethodNotAllowed { .. })), "{path}");
        }
    }

    #[test]
    fn the_method_is_checked_before_the_url_length_and_that_before_the_route() {
        let long = |method, path| {
            Request::decode(&RequestInfo { method, path, url_len: MAX_URL_LEN + 1, ..RequestInfo::default() })
        };
        assert!(matches!(long("PUT", "/nope"), Err(Reject::MethodNotAllowed { .. })));
        assert_eq!(long("GET", "/nope"), Err(Reject::UrlTooLong { len: MAX_URL_LEN + 1 }));
        let edge = RequestInfo { method: "GET", path: "/", url_len: MAX_URL_LEN, ..RequestInfo::default() };
        assert!(Request::decode(&edge).is_ok());
    }

    #[test]
    fn routes() {
        assert_eq!(decode("GET", "/robots.txt", None), Err(Reject::NotFound));
        assert_eq!(decode("GET", "/d.phpx", Some("ff=8")), Err(Reject::NotFound));
        assert_eq!(decode("GET", "/diagram.png/", Some("ffen=8")), Err(Reject::NotFound));
        assert_eq!(diagram("/Retros/d.php", "ff=8").kind, family("janko.at"));
        assert_eq!(diagram("/xd.php", "ff=8").kind, family("janko.at"));
        for format in Format::ALL {
            assert_eq!(diagram(format.path(), "ffen=8").kind, LinkKind::Modern(format));
            assert_eq!(diagram(format.path(), "ffen=8").format, format);
        }
        assert_eq!(diagram("/d.php", "ff=8").format, Format::Png);
        for path in ["/diagram.svg/", "/x/diagram.svg", "/diagram.SVG", "/diagram.svgz"] {
            assert_eq!(decode("GET", path, Some("ffen=8")), Err(Reject::NotFound), "{path}");
        }
        for path in ["/xfen/", "/xfen", "/yacpdb/xfen/", "/a/b/xfen"] {
            assert_eq!(diagram(path, "8/8/8/8/8/8/8/8").kind, family("yacpdb"), "{path}");
        }
        for path in ["/xfen//", "/myxfen/", "/xfen/x", "/XFEN/", "/xfen.png", "xfen"] {
            assert_eq!(decode("GET", path, Some("8/8/8/8/8/8/8/8")), Err(Reject::NotFound), "{path}");
        }
        // A path ending in d.php is janko's, whatever comes before it.
        assert_eq!(diagram("/xfen/d.php", "ff=8").kind, family("janko.at"));
    }

    #[test]
    fn xfen_links_take_the_query_up_to_its_first_ampersand_as_the_position() {
        let xfen = |query| diagram("/xfen/", query);
        let q = xfen("rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert_eq!(
            q,
            DiagramQuery {
                kind: family("yacpdb"),
                ffen: "rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
                dialect: Dialect::Xfen,
                options: RenderOptions::default(),
                definition_pairs: Vec::new(),
                format: Format::Png,
                moves: String::new(),
                delay: Delay::DEFAULT,
                pgn: String::new(),
            }
        );
        // Percent-encoded, or raw; '+' is a space; '&' ends the position; '=' is a character like any other.
        assert_eq!(xfen("8%2F%28%21S2%297%2F8").ffen, "8/(!S2)7/8");
        assert_eq!(xfen("8/8+w+-+-").ffen, "8/8 w - -");
        assert_eq!(xfen("8/8%2B").ffen, "8/8+");
        assert_eq!(xfen("8/8&size=20&fbclid=x").ffen, "8/8");
        assert_eq!(xfen("8/8&size=20").options, RenderOptions::default());
        assert_eq!(xfen("a=b").ffen, "a=b");
        assert_eq!(xfen("%252F").ffen, "%2F", "decoded once here; parse_link decodes again");
        assert_eq!(xfen("%FF8").ffen, "\u{fffd}8");
        for query in [None, Some(""), Some("&8/8")] {
            assert_eq!(decode("GET", "/xfen/", query), Err(missing("yacpdb")), "{query:?}");
        }
    }

    #[test]
    fn width_belongs_to_game_courier() {
        let courier = |files| Dialect::Courier { width: Width::new(files).unwrap() };
        assert_eq!(diagram("/diagram.png", "ffen=8&dialect=courier").dialect, courier(8));
        assert_eq!(diagram("/diagram.png", "ffen=8&dialect=courier&width=").dialect, courier(8));
        assert_eq!(diagram("/diagram.png", "ffen=8&dialect=Courier&width=+10+").dialect, courier(10));
        assert_eq!(diagram("/diagram.png", "ffen=8&width=3&dialect=courier&width=32").dialect, courier(32));
        assert_eq!(diagram("/diagram.png", "ffen=8&dialect=courier&width=001").dialect, courier(1));
        for bad in ["0", "33", "x", "-1", "8.0", "1e1", "1000"] {
            let query = format!("ffen=8&dialect=courier&width={bad}");
            let Err(Reject::BadOption(e)) = decode("GET", "/diagram.png", Some(&query)) else { panic!("{bad}") };
            assert_eq!((e.parameter, e.value.as_str()), ("width", bad));
            assert_eq!(e.expected, "a number of files from 1 to 32 (Game Courier's board width)");
        }
        // With another dialect, or on a legacy or XFEN link, it is ignored, whatever its value.
        for dialect in ["janko", "bodlaender", "xfen", ""] {
            let query = format!("ffen=8&dialect={dialect}&width=banana");
            assert!(decode("GET", "/diagram.png", Some(&query)).is_ok(), "{dialect}");
        }
        assert_eq!(diagram("/d.php", "ff=8&width=0").dialect, Dialect::Janko);
        // Checked after the dialect, before the options.
        let parameter = |query| match decode("GET", "/diagram.png", Some(query)) {
            Err(Reject::BadOption(e)) => e.parameter,
            other => panic!("{query}: {other:?}"),
        };
        assert_eq!(parameter("ffen=8&dialect=nope&width=0"), "dialect");
        assert_eq!(parameter("ffen=8&dialect=courier&width=0&size=1"), "width");
    }

    #[test]
    fn legacy_links_read_ff_or_fen_in_janko_with_the_default_look() {
        let q = diagram("/d.php", "fen=a&ff=b&ff=c&size=99&dialect=klingon&sb=1");
        assert_eq!(
            q,
            DiagramQuery {
                kind: family("janko.at"),
                ffen: "c".into(),
                dialect: Dialect::Janko,
                options: RenderOptions::default(),
                definition_pairs: Vec::new(),
                format: Format::Png,
                moves: String::new(),
                delay: Delay::DEFAULT,
                pgn: String::new(),
            }
        );
        assert_eq!(diagram("/d.php", "fen=k7%2F8+w").ffen, "k7/8 w");
        assert_eq!(decode("GET", "/d.php", Some("sb=1&ffen=8")), Err(missing("janko.at")));
        assert_eq!(decode("GET", "/d.php", None), Err(missing("janko.at")));
    }

    #[test]
    fn modern_links_read_dialect_and_options() {
        let q = diagram("/diagram.png", "ffen=8&dialect=Bodlaender&size=20&flip=1");
        assert_eq!(q.dialect, Dialect::Bodlaender);
        assert_eq!((q.options.size.pixels(), q.options.flip), (20, true));
        assert_eq!(diagram("/diagram.png", "ffen=8&dialect=").dialect, Dialect::Janko);
        assert_eq!(diagram("/diagram.png", "ffen=").ffen, "");
        assert_eq!(decode("GET", "/diagram.png", Some("ff=8")), Err(MISSING_FFEN));
        let bad_dialect = OptionError {
            parameter: "dialect",
            value: "klingon".into(),
            expected: "one of janko, bodlaender, courier, xfen, hgm".into(),
        };
        assert_eq!(decode("GET", "/diagram.png", Some("ffen=8&dialect=klingon")), Err(Reject::BadOption(bad_dialect)));
        let bad_size = OptionError {
            parameter: "size",
            value: "200".into(),
            expected: "a square size in pixels from 12 to 128".into(),
        };
        assert_eq!(decode("GET", "/diagram.png", Some("ffen=8&size=200")), Err(Reject::BadOption(bad_size)));
        // The parameter is checked before the dialect, the dialect before the options.
        assert_eq!(decode("GET", "/diagram.png", Some("dialect=x&size=1")), Err(MISSING_FFEN));
        let Err(Reject::BadOption(e)) = decode("GET", "/diagram.png", Some("ffen=8&dialect=x&size=1")) else {
            panic!()
        };
        assert_eq!(e.parameter, "dialect");
        // A repeated parameter takes its last value, even after a bad one.
        assert_eq!(diagram("/diagram.png", "ffen=8&size=1&size=30").options.size.pixels(), 30);
    }

    #[test]
    fn decode_query_decodes_plus_and_percent() {
        let pairs = decode_query(Some("ff=a+b%27c%2A&x"));
        assert_eq!(pairs[0], (Cow::from("ff"), Cow::from("a b'c*")));
        assert_eq!(pairs[1], (Cow::from("x"), Cow::from("")));
        assert_eq!(decode_query(Some("%FF=%")), [(Cow::from("\u{fffd}"), Cow::from("%"))]);
        assert!(decode_query(None).is_empty());
        assert!(decode_query(Some("")).is_empty());
    }
}
