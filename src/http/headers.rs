//! The response type and the header values every answer is made of: cache lifetimes, CORS, `Accept` negotiation,
//! and the escaping that lets any text travel in a header.

/// `Cache-Control` of every diagram: a diagram never changes under its URL's cache key.
pub const DIAGRAM_CACHE_CONTROL: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` of every rejected request: cacheable briefly, never immutable.
pub const ERROR_CACHE_CONTROL: &str = "public, max-age=60";

/// `Cache-Control` of a `500` (an internal failure, never caused by the request): never stored anywhere.
pub const INTERNAL_ERROR_CACHE_CONTROL: &str = "no-store";

/// The response headers a cross-origin script may read.
pub const EXPOSE_HEADERS: &str = "ETag, X-FFEN, X-Cache, Link";

/// The content type of an error drawn as a picture (the error card is a PNG).
pub(crate) const PNG: &str = crate::output::format::Format::Png.content_type();

/// The content type of an error message as text.
pub(crate) const TEXT: &str = "text/plain; charset=utf-8";

/// One response header: its name as sent, and its value.
pub type Header = (&'static str, String);

/// An HTTP response: status, headers and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The headers, in order; names as sent.
    pub headers: Vec<Header>,
    /// The body (empty for `HEAD` and `304`).
    pub body: Vec<u8>,
}

impl Response {
    /// The value of the header `name` (compared case-insensitively), if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// The most bytes a response's headers take in all, names, values and separators (`name: value` and a line end
/// each): 8 KB, under what Node's `fetch` (16 KB) and common proxies accept.
pub const MAX_HEADER_BYTES: usize = 8 * 1024;

/// The bytes `headers` take on the wire, as [`MAX_HEADER_BYTES`] counts them.
pub fn header_bytes(headers: &[Header]) -> usize {
    headers.iter().map(|(name, value)| name.len() + 2 + value.len() + 2).sum()
}

/// Keeps `headers` within [`MAX_HEADER_BYTES`]: what only describes the diagram goes first, in this order — the
/// `Link` header's alternates (the other formats' links), then the `Link` header, then `X-FFEN` (the canonical FFEN,
/// which the `Link` also carries). A large board's answer thus keeps its type, validators and CORS; its canonical
/// link is left out where it would not fit (docs/parameters.md, "Limits").
pub(crate) fn fit_headers(headers: &mut Vec<Header>) {
    if header_bytes(headers) <= MAX_HEADER_BYTES {
        return;
    }
    if let Some((_, link)) = headers.iter_mut().find(|(name, _)| *name == "Link") {
        if let Some(end) = link.find(">; rel=\"canonical\"") {
            link.truncate(end + ">; rel=\"canonical\"".len());
        }
    }
    for name in ["Link", "X-FFEN"] {
        if header_bytes(headers) > MAX_HEADER_BYTES {
            headers.retain(|(n, _)| *n != name);
        }
    }
}

/// A header from two string slices (the lists below read like the wire).
pub(crate) fn header(name: &'static str, value: &str) -> Header {
    (name, value.to_string())
}

/// The two CORS headers of every diagram and every rejection: any page may show them and read [`EXPOSE_HEADERS`].
pub(crate) fn cors() -> [Header; 2] {
    [header("Access-Control-Allow-Origin", "*"), header("Access-Control-Expose-Headers", EXPOSE_HEADERS)]
}

/// Tells browsers to trust the `Content-Type` (a PNG is never sniffed as HTML).
pub(crate) fn nosniff() -> Header {
    header("X-Content-Type-Options", "nosniff")
}

/// A header value: bytes outside visible ASCII (and `%`) percent-encoded, so any text fits in a header.
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
                q = crate::http::qvalue::thousandths(value.trim());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_negotiation() {
        let img = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
        let nav = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
        assert!(prefers_image(Some(img)));
        assert!(prefers_image(Some("image/png")));
        assert!(prefers_image(Some("text/plain;q=0.5, image/png")));
        assert!(prefers_image(Some("text/plain;Q=0.5, image/png;q=0.6")));
        assert!(!prefers_image(Some(nav)));
        assert!(!prefers_image(Some("*/*")));
        assert!(!prefers_image(None));
        assert!(!prefers_image(Some("")));
        assert!(!prefers_image(Some("image/png;q=0, text/plain")));
        assert!(!prefers_image(Some("image/png;q=nan")));
        assert!(!prefers_image(Some(",,;;q=,")));
    }

    #[test]
    fn header_value_escapes_non_visible_ascii() {
        assert_eq!(header_value("a b%ü"), "a%20b%25%C3%BC");
        assert_eq!(
            header_value("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
        );
        assert_eq!(header_value("\u{7f}\t\n"), "%7F%09%0A");
    }
}
