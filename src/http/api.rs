//! Request decoding: what the runtime tells about a request ([`RequestInfo`]) becomes a typed [`Request`] (the
//! editor page, or a diagram with its FFEN, dialect and options) or the [`Reject`] that says what is wrong with it.
//!
//! The checks run in a fixed order, cheapest first and before anything is parsed: method, URL length, route,
//! required parameter, dialect, options. The FFEN itself is read later (by [`super::decide`]), so a [`DiagramQuery`]
//! holds it as text.

use super::reject::Reject;
use crate::ffen::Dialect;
use crate::options::RenderOptions;
use std::borrow::Cow;

/// The longest request URL accepted, in bytes (scheme, host, path and query).
///
/// An FFEN of [`crate::ffen::MAX_INPUT_LEN`] bytes, percent-encoded throughout, still fits; anything longer is
/// answered with `414` before the query is parsed.
pub const MAX_URL_LEN: usize = 16 * 1024;

/// The path of the modern route.
pub const MODERN_PATH: &str = "/diagram.png";

/// The path suffix of the legacy route (`…/Retros/d.php`, `/d.php`).
pub const LEGACY_SUFFIX: &str = "d.php";

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

/// Which kind of diagram link was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `…/d.php?ff=…` (janko.at) or `…/d.php?fen=…` (Retro-Wiki): janko dialect, default look, every other
    /// parameter ignored.
    Legacy,
    /// `/diagram.png?ffen=…&dialect=…&size=…`: dialect and look as parameters.
    Modern,
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
}

/// What a request asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /`: the editor page.
    Page,
    /// A diagram.
    Diagram(DiagramQuery),
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
        let link = if info.path.ends_with(LEGACY_SUFFIX) {
            Link::Legacy
        } else if info.path == MODERN_PATH {
            Link::Modern
        } else if info.path == "/" || info.path.is_empty() {
            return Ok(Request { method, route: Route::Page });
        } else {
            return Err(Reject::NotFound);
        };
        let pairs = query_pairs(info.query);
        let query = DiagramQuery::from_pairs(link, &pairs)?;
        Ok(Request { method, route: Route::Diagram(query) })
    }
}

impl DiagramQuery {
    /// The FFEN, dialect and options of a `link` from its decoded query parameters.
    fn from_pairs(link: Link, pairs: &[(Cow<'_, str>, Cow<'_, str>)]) -> Result<DiagramQuery, Reject> {
        let missing = || Reject::MissingParameter(link);
        let query = match link {
            Link::Legacy => DiagramQuery {
                link,
                // janko.at writes ff=, Retro-Wiki fen=; when both are given ff wins.
                ffen: param(pairs, "ff").or_else(|| param(pairs, "fen")).ok_or_else(missing)?.to_string(),
                dialect: Dialect::Janko,
                // Old links carry parameters of the old script (`sb=1`, …): ignored, so they draw as they always did.
                options: RenderOptions::default(),
            },
            Link::Modern => {
                let ffen = param(pairs, "ffen").ok_or_else(missing)?.to_string();
                let dialect = match param(pairs, "dialect") {
                    None | Some("") => Dialect::default(),
                    Some(name) => name.parse().map_err(|_| Reject::BadDialect { value: name.to_string() })?,
                };
                let options = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (k.as_ref(), v.as_ref())))
                    .map_err(Reject::BadOption)?;
                DiagramQuery { link, ffen, dialect, options }
            }
        };
        Ok(query)
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
    use crate::options::OptionError;

    fn decode(method: &str, path: &str, query: Option<&str>) -> Result<Request, Reject> {
        Request::decode(&RequestInfo { method, path, query, url_len: 100, ..RequestInfo::default() })
    }

    fn diagram(path: &str, query: &str) -> DiagramQuery {
        match decode("GET", path, Some(query)) {
            Ok(Request { method: Method::Get, route: Route::Diagram(q) }) => q,
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
                options: RenderOptions::default()
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
        let bad_size =
            OptionError { parameter: "size", value: "200".into(), expected: "a square size in pixels from 12 to 128" };
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
