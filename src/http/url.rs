//! The parts of a request's URL that [`super::plan`] and the cache need: origin, path and query, read from the URL
//! string the runtime hands over.
//!
//! Why not the `url` crate (`worker::Request::url`): the runtime's `request.url` is already a parsed and serialized
//! WHATWG URL, so the parts are plain slices of it, and parsing it again linked the `url` crate with IDNA and
//! Unicode normalisation tables into the Worker: about 76 KB of the gzipped wasm (docs/cost.md, "wasm size") for
//! three slices. The tests check the slices against the `url` crate's parse of the same string.

/// The origin, path and query of an absolute `http`/`https` URL as the runtime serializes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestUrl<'a> {
    /// `scheme://host[:port]`, without user information (as `url::Origin::ascii_serialization`).
    pub origin: &'a str,
    /// The path, percent-encoded as sent; `/` when the URL has none.
    pub path: &'a str,
    /// The query without the leading `?`; `None` without a `?`, `Some("")` after a lone `?`.
    pub query: Option<&'a str>,
}

impl<'a> RequestUrl<'a> {
    /// Splits a serialized `http:` or `https:` URL; `None` for anything else (an unreadable URL, answered `400`).
    ///
    /// ```
    /// use ffen_diagram::http::RequestUrl;
    /// let url = RequestUrl::split("https://example.org:8443/d/8?size=60#top").unwrap();
    /// assert_eq!(url.origin, "https://example.org:8443");
    /// assert_eq!(url.path, "/d/8");
    /// assert_eq!(url.query, Some("size=60"));
    /// assert_eq!(RequestUrl::split("mailto:someone@example.org"), None);
    /// ```
    pub fn split(url: &'a str) -> Option<Self> {
        let (scheme, rest) = url.split_once("://")?;
        if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
            return None;
        }
        let after_scheme = scheme.len() + 3;
        // Without the fragment (a request's URL has none; the `url` crate's path and query exclude it too).
        let rest = rest.split_once('#').map_or(rest, |(before, _)| before);
        let authority_len = rest.find(['/', '?']).unwrap_or(rest.len());
        let authority = &rest[..authority_len];
        // User information (`http://user@host/`) is never in a request's URL; with it the origin would not be one
        // slice of the URL, so such a URL is refused as unreadable.
        if authority.is_empty() || authority.contains('@') {
            return None;
        }
        let origin = &url[..after_scheme + authority_len];
        Some(Self::with_origin(origin, &rest[authority_len..]))
    }

    /// The path and query of `path_and_query` (the URL after its authority, without the fragment).
    fn with_origin(origin: &'a str, path_and_query: &'a str) -> Self {
        let (path, query) = match path_and_query.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (path_and_query, None),
        };
        RequestUrl { origin, path: if path.is_empty() { "/" } else { path }, query }
    }
}

#[cfg(test)]
mod tests {
    use super::RequestUrl;
    use proptest::prelude::*;

    /// The `url` crate's reading of `url`, in the same shape: origin, path, query, the serialization, and whether
    /// it has user information.
    fn by_url_crate(url: &str) -> Option<(String, String, Option<String>, String, bool)> {
        let parsed = url::Url::parse(url).ok()?;
        Some((
            parsed.origin().ascii_serialization(),
            parsed.path().to_owned(),
            parsed.query().map(str::to_owned),
            parsed.as_str().to_owned(),
            !parsed.username().is_empty() || parsed.password().is_some(),
        ))
    }

    /// Splits the `url` crate's serialization of `url` and compares with the crate's own parts.
    fn check(url: &str) {
        let Some((origin, path, query, serialized, user_info)) = by_url_crate(url) else { return };
        if !(serialized.starts_with("http://") || serialized.starts_with("https://")) {
            return;
        }
        // The runtime hands over a serialized URL: that is what the glue splits.
        match RequestUrl::split(&serialized) {
            Some(split) => {
                assert_eq!(split.origin, origin, "origin of {serialized}");
                assert_eq!(split.path, path, "path of {serialized}");
                assert_eq!(split.query, query.as_deref(), "query of {serialized}");
            }
            // Only URLs with user information are refused.
            None => assert!(user_info, "refused {serialized}"),
        }
    }

    #[test]
    fn fixed_urls_split_as_the_url_crate_reads_them() {
        for url in [
            "https://ffen.example/",
            "https://ffen.example",
            "https://ffen.example?x",
            "https://ffen.example/?",
            "https://ffen.example/#frag?x",
            "http://127.0.0.1:8787/d/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR?size=60&coords=1",
            "https://ffen.example/d/8%2F8?a=%3F#x",
            "https://ffen.example:443/d/8/8",
            "HTTP://FFEN.Example:80/a/./b/../c?Q",
            "https://xn--bcher-kva.example/d",
            "https://bücher.example/d?ü=1",
            "http://[::1]:8080/x?y",
            "https://ffen.example/a?b?c#d#e",
        ] {
            check(url);
        }
        check("https://user:pw@ffen.example/d?x");
        assert_eq!(RequestUrl::split("https://user:pw@ffen.example/"), None);
        assert_eq!(RequestUrl::split("ftp://ffen.example/"), None);
        assert_eq!(RequestUrl::split("/d/8"), None);
        assert_eq!(RequestUrl::split("https://"), None);
        let split = RequestUrl::split("https://ffen.example?q").unwrap();
        assert_eq!((split.origin, split.path, split.query), ("https://ffen.example", "/", Some("q")));
    }

    proptest! {
        #[test]
        fn generated_urls_split_as_the_url_crate_reads_them(
            scheme in "(http|https|HTTP)",
            host in "([a-z0-9-]{1,8}\\.){0,2}[a-z]{1,6}|127\\.0\\.0\\.1|\\[::1\\]",
            port in proptest::option::of(0u32..70000),
            path in "(/[a-zA-Z0-9%._~!$&'()*+,;=:@?#ü -]{0,12}){0,4}",
            tail in "[a-zA-Z0-9%/?#=& ü-]{0,16}",
        ) {
            let port = port.map_or(String::new(), |p| format!(":{p}"));
            check(&format!("{scheme}://{host}{port}{path}{tail}"));
        }
    }
}
