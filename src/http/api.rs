//! Request decoding: what the runtime tells about a request ([`RequestInfo`]) becomes a typed [`Request`] (the
//! editor page, or a diagram with its FFEN, dialect and options) or the [`Reject`] that says what is wrong with it.
//!
//! The checks run in a fixed order, cheapest first and before anything is parsed: method, URL length, route,
//! required parameter, dialect, `width` (Game Courier only), options. The FFEN itself is read later (by
//! [`super::decide`]), so a [`DiagramQuery`] holds it as text.

pub use super::link::{Link, LEGACY_SUFFIX, MAX_URL_LEN, MODERN_PATH, SVG_PATH, XFEN_SUFFIX};
use super::reject::Reject;
use crate::draw::cost::{CostLimit, InvalidCostLimit};
use crate::draw::layout::{InvalidPixelLimit, PixelLimit};
use crate::links::Family;
use crate::notation::ffen::{self, Dialect, Width};
use crate::options::render_options::RenderOptions;
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
/// built-in limit (a misspelt limit must not take the service down; README, "Limits").
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
}

impl RequestInfo<'_> {
    /// Whether the request is a `HEAD` (its answer has headers only).
    pub fn is_head(&self) -> bool {
        self.method == "HEAD"
    }
}

/// The two methods served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `GET`: headers and body.
    Get,
    /// `HEAD`: the headers a `GET` would get, no body.
    Head,
}

impl Method {
    /// The method named exactly `name` (methods are case-sensitive), or [`Reject::MethodNotAllowed`].
    pub fn from_name(name: &str) -> Result<Method, Reject> {
        match name {
            "GET" => Ok(Method::Get),
            "HEAD" => Ok(Method::Head),
            other => Err(Reject::MethodNotAllowed { method: other.to_string() }),
        }
    }
}

/// The picture format a diagram is served in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// PNG (`/diagram.png`, and every legacy and XFEN link).
    #[default]
    Png,
    /// SVG (`/diagram.svg`).
    Svg,
}

impl Format {
    /// The format served at `path`: SVG at [`SVG_PATH`], PNG everywhere else.
    pub fn at(path: &str) -> Format {
        if path == SVG_PATH {
            Format::Svg
        } else {
            Format::Png
        }
    }

    /// The `Content-Type` of a diagram in this format.
    pub fn content_type(self) -> &'static str {
        match self {
            Format::Png => super::headers::PNG,
            Format::Svg => crate::draw::svg::SVG_CONTENT_TYPE,
        }
    }
}

/// A diagram request whose parameters were read: the FFEN still as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramQuery {
    /// The link it came from.
    pub link: Link,
    /// The FFEN as the query gave it (decoded).
    pub ffen: String,
    /// The dialect to read it in.
    pub dialect: Dialect,
    /// How to draw it.
    pub options: RenderOptions,
    /// The link's own parameters, kept for an Interactive Diagram definition (`dialect=hgm`), whose look they
    /// override ([`RenderOptions::from_definition`]); empty for every other dialect, whose options are `options`.
    pub definition_pairs: Vec<(String, String)>,
    /// The picture format: SVG for `/diagram.svg`, otherwise PNG.
    pub format: Format,
}

/// What a request asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /`: the editor page.
    Page,
    /// A diagram (boxed: the look and furniture options make it much larger than the page's route).
    Diagram(Box<DiagramQuery>),
}

/// A decoded request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET` or `HEAD`.
    pub method: Method,
    /// What it asks for.
    pub route: Route,
}

impl Request {
    /// Reads a request, or says why it cannot be served; see the module documentation for the order of checks.
    pub fn decode(info: &RequestInfo<'_>) -> Result<Request, Reject> {
        let method = Method::from_name(info.method)?;
        if info.url_len > MAX_URL_LEN {
            return Err(Reject::UrlTooLong { len: info.url_len });
        }
        let link = match Link::at(info.path) {
            Some(link) => link,
            None if info.path == "/" || info.path.is_empty() => return Ok(Request { method, route: Route::Page }),
            None => return Err(Reject::NotFound),
        };
        let query = match link {
            Link::Legacy => DiagramQuery::from_legacy_pairs(&query_pairs(info.query))?,
            Link::Modern => DiagramQuery::from_modern_pairs(&query_pairs(info.query), Format::at(info.path))?,
            Link::Xfen => DiagramQuery::from_xfen_query(info.query)?,
            Link::Family(family) => DiagramQuery::from_family(family, info.path, info.query)?,
        };
        Ok(Request { method, route: Route::Diagram(Box::new(query)) })
    }
}

impl DiagramQuery {
    /// The position of an XFEN link: the query string up to its first `&`, decoded once as a query value is (`%XX`,
    /// `+` as a space; invalid UTF-8 replaced), read in the XFEN dialect with the default look.
    ///
    /// The query is not split into parameters: XFEN has no `&`, `=` or `+`, so a yacpdb link's whole query is the
    /// position. A raw `&` ends it (what a site appends, `&fbclid=…`, is ignored, as a `d.php` link's other
    /// parameters are); a raw `=` is a character of the position (which the reader then rejects at its column); a
    /// `+` is a space, which ends the board like the FEN fields of a `d.php` link.
    fn from_xfen_query(query: Option<&str>) -> Result<DiagramQuery, Reject> {
        let raw = query.unwrap_or("").split('&').next().unwrap_or("");
        if raw.is_empty() {
            return Err(Reject::MissingParameter(Link::Xfen));
        }
        let ffen = String::from_utf8_lossy(&ffen::percent_decode(raw)).into_owned();
        Ok(DiagramQuery {
            link: Link::Xfen,
            ffen,
            dialect: Dialect::Xfen,
            options: RenderOptions::default(),
            definition_pairs: Vec::new(),
            format: Format::Png,
        })
    }

    /// The position, dialect, look and format of another service's link, as its family reads them.
    fn from_family(family: Family, path: &str, query: Option<&str>) -> Result<DiagramQuery, Reject> {
        let link = family.read(path, query).map_err(Reject::BadLink)?;
        Ok(DiagramQuery {
            link: Link::Family(family),
            ffen: link.ffen,
            dialect: link.dialect,
            options: link.options,
            definition_pairs: Vec::new(),
            format: if link.svg { Format::Svg } else { Format::Png },
        })
    }

    /// The FFEN of a legacy link from its decoded query parameters: janko dialect, default look.
    fn from_legacy_pairs(pairs: &[(Cow<'_, str>, Cow<'_, str>)]) -> Result<DiagramQuery, Reject> {
        // janko.at writes ff=, Retro-Wiki fen=; when both are given ff wins.
        let ffen = param(pairs, "ff").or_else(|| param(pairs, "fen"));
        Ok(DiagramQuery {
            link: Link::Legacy,
            ffen: ffen.ok_or(Reject::MissingParameter(Link::Legacy))?.to_string(),
            dialect: Dialect::Janko,
            // Old links carry parameters of the old script (`sb=1`, …): ignored, so they draw as they always did.
            options: RenderOptions::default(),
            definition_pairs: Vec::new(),
            format: Format::Png,
        })
    }

    /// The FFEN, dialect and options of a modern link from its decoded query parameters, in `format`.
    fn from_modern_pairs(pairs: &[(Cow<'_, str>, Cow<'_, str>)], format: Format) -> Result<DiagramQuery, Reject> {
        // `fen` is what every other diagram service calls it; `ffen` wins when both are given.
        let ffen = param(pairs, "ffen").or_else(|| param(pairs, "fen"));
        let ffen = ffen.ok_or(Reject::MissingParameter(Link::Modern))?.to_string();
        let dialect = match param(pairs, "dialect") {
            None | Some("") => Dialect::default(),
            Some(name) => name.parse().map_err(|_| Reject::BadDialect { value: name.to_string() })?,
        };
        // `width` is Game Courier's alone: with another dialect it is ignored like an unknown parameter (it could
        // change nothing there), so a link keeps working when only its dialect is changed.
        let dialect = match dialect {
            Dialect::Courier { .. } => Dialect::Courier { width: width(pairs)? },
            other => other,
        };
        let options = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())))
            .map_err(Reject::BadOption)?;
        let definition_pairs = match dialect {
            Dialect::Hgm => pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            _ => Vec::new(),
        };
        Ok(DiagramQuery { link: Link::Modern, ffen, dialect, options, definition_pairs, format })
    }
}

/// The `width` of a Game Courier board: [`Width::DEFAULT`] when absent or empty, otherwise the trimmed value as
/// [`Width::from_str`](std::str::FromStr) reads it, or [`Reject::BadWidth`].
fn width(pairs: &[(Cow<'_, str>, Cow<'_, str>)]) -> Result<Width, Reject> {
    match param(pairs, "width").map(str::trim) {
        None | Some("") => Ok(Width::DEFAULT),
        Some(value) => value.parse().map_err(|error| Reject::BadWidth { value: value.to_string(), error }),
    }
}

/// The decoded query parameters, in order: `+` is a space, `%XX` decoded, invalid UTF-8 replaced. Total: any
/// query string gives pairs.
pub fn query_pairs(query: Option<&str>) -> Vec<(Cow<'_, str>, Cow<'_, str>)> {
    form_urlencoded::parse(query.unwrap_or("").as_bytes()).collect()
}

/// The value of parameter `name`; the last one when it is repeated (as for the render options).
fn param<'p>(pairs: &'p [(Cow<'_, str>, Cow<'_, str>)], name: &str) -> Option<&'p str> {
    pairs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn methods() {
        assert_eq!(decode("GET", "/", None), Ok(Request { method: Method::Get, route: Route::Page }));
        assert_eq!(decode("HEAD", "", None), Ok(Request { method: Method::Head, route: Route::Page }));
        for method in ["POST", "get", "OPTIONS", ""] {
            let want = Reject::MethodNotAllowed { method: method.to_string() };
            assert_eq!(decode(method, "/d.php", Some("ff=8")), Err(want));
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
        assert_eq!(decode("GET", "/favicon.ico", None), Err(Reject::NotFound));
        assert_eq!(decode("GET", "/d.phpx", Some("ff=8")), Err(Reject::NotFound));
        assert_eq!(decode("GET", "/diagram.png/", Some("ffen=8")), Err(Reject::NotFound));
        assert_eq!(diagram("/Retros/d.php", "ff=8").link, Link::Legacy);
        assert_eq!(diagram("/xd.php", "ff=8").link, Link::Legacy);
        assert_eq!(diagram("/diagram.png", "ffen=8").link, Link::Modern);
        assert_eq!(diagram("/diagram.png", "ffen=8").format, Format::Png);
        assert_eq!(diagram("/diagram.svg", "ffen=8").link, Link::Modern);
        assert_eq!(diagram("/diagram.svg", "ffen=8").format, Format::Svg);
        assert_eq!(diagram("/d.php", "ff=8").format, Format::Png);
        for path in ["/diagram.svg/", "/x/diagram.svg", "/diagram.SVG", "/diagram.svgz"] {
            assert_eq!(decode("GET", path, Some("ffen=8")), Err(Reject::NotFound), "{path}");
        }
        for path in ["/xfen/", "/xfen", "/yacpdb/xfen/", "/a/b/xfen"] {
            assert_eq!(diagram(path, "8/8/8/8/8/8/8/8").link, Link::Xfen, "{path}");
        }
        for path in ["/xfen//", "/myxfen/", "/xfen/x", "/XFEN/", "/xfen.png", "xfen"] {
            assert_eq!(decode("GET", path, Some("8/8/8/8/8/8/8/8")), Err(Reject::NotFound), "{path}");
        }
        // A path ending in d.php is a legacy link, whatever comes before it.
        assert_eq!(diagram("/xfen/d.php", "ff=8").link, Link::Legacy);
    }

    #[test]
    fn xfen_links_take_the_query_up_to_its_first_ampersand_as_the_position() {
        let xfen = |query| diagram("/xfen/", query);
        let q = xfen("rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert_eq!(
            q,
            DiagramQuery {
                link: Link::Xfen,
                ffen: "rnbqkbnr/pppp(!p)ppp/8/8/8/8/PPPPPPPP/RNBQKBNR".into(),
                dialect: Dialect::Xfen,
                options: RenderOptions::default(),
                definition_pairs: Vec::new(),
                format: Format::Png,
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
            assert_eq!(decode("GET", "/xfen/", query), Err(Reject::MissingParameter(Link::Xfen)), "{query:?}");
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
            let want = Reject::BadWidth { value: bad.to_string(), error: ffen::BadWidth };
            assert_eq!(decode("GET", "/diagram.png", Some(&query)), Err(want), "{bad}");
        }
        // With another dialect, or on a legacy or XFEN link, it is ignored, whatever its value.
        for dialect in ["janko", "bodlaender", "xfen", ""] {
            let query = format!("ffen=8&dialect={dialect}&width=banana");
            assert!(decode("GET", "/diagram.png", Some(&query)).is_ok(), "{dialect}");
        }
        assert_eq!(diagram("/d.php", "ff=8&width=0").dialect, Dialect::Janko);
        // Checked after the dialect, before the options.
        assert!(matches!(
            decode("GET", "/diagram.png", Some("ffen=8&dialect=nope&width=0")),
            Err(Reject::BadDialect { .. })
        ));
        assert!(matches!(
            decode("GET", "/diagram.png", Some("ffen=8&dialect=courier&width=0&size=1")),
            Err(Reject::BadWidth { .. })
        ));
    }

    #[test]
    fn legacy_links_read_ff_or_fen_in_janko_with_the_default_look() {
        let q = diagram("/d.php", "fen=a&ff=b&ff=c&size=99&dialect=klingon&sb=1");
        assert_eq!(
            q,
            DiagramQuery {
                link: Link::Legacy,
                ffen: "c".into(),
                dialect: Dialect::Janko,
                options: RenderOptions::default(),
                definition_pairs: Vec::new(),
                format: Format::Png,
            }
        );
        assert_eq!(diagram("/d.php", "fen=k7%2F8+w").ffen, "k7/8 w");
        assert_eq!(decode("GET", "/d.php", Some("sb=1&ffen=8")), Err(Reject::MissingParameter(Link::Legacy)));
        assert_eq!(decode("GET", "/d.php", None), Err(Reject::MissingParameter(Link::Legacy)));
    }

    #[test]
    fn modern_links_read_dialect_and_options() {
        let q = diagram("/diagram.png", "ffen=8&dialect=Bodlaender&size=20&flip=1");
        assert_eq!(q.dialect, Dialect::Bodlaender);
        assert_eq!((q.options.size.pixels(), q.options.flip), (20, true));
        assert_eq!(diagram("/diagram.png", "ffen=8&dialect=").dialect, Dialect::Janko);
        assert_eq!(diagram("/diagram.png", "ffen=").ffen, "");
        assert_eq!(decode("GET", "/diagram.png", Some("ff=8")), Err(Reject::MissingParameter(Link::Modern)));
        assert_eq!(
            decode("GET", "/diagram.png", Some("ffen=8&dialect=klingon")),
            Err(Reject::BadDialect { value: "klingon".into() })
        );
        let bad_size = OptionError {
            parameter: "size",
            value: "200".into(),
            expected: "a square size in pixels from 12 to 128".into(),
        };
        assert_eq!(decode("GET", "/diagram.png", Some("ffen=8&size=200")), Err(Reject::BadOption(bad_size)));
        // The parameter is checked before the dialect, the dialect before the options.
        assert_eq!(
            decode("GET", "/diagram.png", Some("dialect=x&size=1")),
            Err(Reject::MissingParameter(Link::Modern))
        );
        assert!(matches!(
            decode("GET", "/diagram.png", Some("ffen=8&dialect=x&size=1")),
            Err(Reject::BadDialect { .. })
        ));
    }

    #[test]
    fn query_pairs_decode_plus_and_percent() {
        let pairs = query_pairs(Some("ff=a+b%27c%2A&x"));
        assert_eq!(pairs[0], (Cow::from("ff"), Cow::from("a b'c*")));
        assert_eq!(pairs[1], (Cow::from("x"), Cow::from("")));
        assert_eq!(query_pairs(Some("%FF=%")), [(Cow::from("\u{fffd}"), Cow::from("%"))]);
        assert!(query_pairs(None).is_empty());
        assert!(query_pairs(Some("")).is_empty());
    }
}
