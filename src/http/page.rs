//! The diagram editor at `GET /`: one self-contained HTML file (`page/index.html`) with inline CSS and JavaScript
//! and no external resources.
//!
//! The page lets people type FFEN with a live preview (it fetches the service's own `/diagram.png` route), build a
//! position with a symbol palette, copy the link, the `<img>` tag and the legacy `d.php?ff=` link, play moves on the
//! diagram (the animated PNG cut into its frames in the page, stepped on a canvas; the APNG and GIF links), and read
//! a reference of the notation, the URL parameters, the limits and the response headers. It is static: nothing from
//! the request is written into it, and its script builds the DOM with `textContent` only.
//!
//! It is not in the wasm: it is a static asset (wrangler.toml's `[assets]`, the folder `page/`), served by Cloudflare
//! before the Worker runs, with the headers of `page/_headers` (type, a short cache lifetime, the policy, `nosniff`,
//! no referrer). The policy allows exactly the page's one inline `<script>` and one inline `<style>` by their
//! SHA-256 hashes, so after editing either, update the hashes in `page/_headers` and in the page's
//! `<meta http-equiv="Content-Security-Policy">` (the unit test `csp_hashes_match_the_page` fails and prints the new
//! policy). The browser tests in `tests/browser/` check that the page is served with exactly that header.
//!
//! What the Worker keeps of the page is its icon ([`FAVICON_PATH`], [`FAVICON_QUERY`]).

/// The path browsers ask for a site's icon when a page names none (a diagram opened on its own tab).
pub const FAVICON_PATH: &str = "/favicon.ico";

/// The icon's diagram, as the modern PNG route's query: a white knight on one square at 28 px. The page names it
/// (`<link rel="icon" href="/diagram.png?…">`) and [`FAVICON_PATH`] answers it, so both are one picture under one
/// cache key.
pub const FAVICON_QUERY: &str = "ffen=N&size=28";

#[cfg(test)]
mod tests {
    use super::*;

    /// The page as it is served: the file itself.
    const INDEX_HTML: &str = include_str!("../../page/index.html");
    /// The headers it is served with (Cloudflare's `_headers` file of the static assets).
    const HEADERS: &str = include_str!("../../page/_headers");

    /// The value of `name` in [`HEADERS`] for `/`, the one path it names.
    fn header(name: &str) -> &'static str {
        let mut lines = HEADERS.lines();
        assert_eq!(lines.next(), Some("/"), "page/_headers names / first");
        let values: Vec<_> = lines.filter_map(|l| l.trim().split_once(": ")).filter(|(n, _)| *n == name).collect();
        assert_eq!(values.len(), 1, "one {name} in page/_headers");
        values[0].1
    }

    /// The text between `open` and the next `close`, once only.
    fn between<'a>(s: &'a str, open: &str, close: &str) -> &'a str {
        assert_eq!(s.matches(open).count(), 1, "exactly one {open}");
        let start = s.find(open).unwrap() + open.len();
        let end = start + s[start..].find(close).unwrap();
        &s[start..end]
    }

    /// A CSP hash source: `'sha256-` + the standard base64 of the text's SHA-256 + `'`.
    fn csp_hash(text: &str) -> String {
        use base64::Engine as _;
        use sha2::Digest as _;
        format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text)))
    }

    #[test]
    fn csp_hash_is_the_form_browsers_compute() {
        // The examples of the CSP specification's hash sources (SHA-256 of "" and of "abc").
        assert_eq!(csp_hash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
        assert_eq!(csp_hash("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
    }

    #[test]
    fn csp_hashes_match_the_page() {
        let script = between(INDEX_HTML, "<script>", "</script>");
        let style = between(INDEX_HTML, "<style>", "</style>");
        let meta = format!(
            "default-src 'none'; script-src {}; style-src {}; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'",
            csp_hash(script),
            csp_hash(style)
        );
        let policy = format!("{meta}; frame-ancestors 'none'");
        assert_eq!(header("Content-Security-Policy"), policy, "page/index.html changed: update page/_headers");
        let tag = format!(r#"<meta http-equiv="Content-Security-Policy" content="{meta}">"#);
        assert!(INDEX_HTML.contains(&tag), "page/index.html changed: update its CSP meta to\n{tag}");
    }

    #[test]
    fn page_is_self_contained() {
        assert_eq!(INDEX_HTML.matches("<script").count(), 1, "one inline script");
        assert_eq!(INDEX_HTML.matches("<style").count(), 1, "one inline style");
        // The one <link> is the tab's icon, a diagram of the service's own (the one FAVICON_PATH answers).
        let icon = format!(
            r#"<link rel="icon" type="image/png" href="/diagram.png?{}">"#,
            FAVICON_QUERY.replace('&', "&amp;")
        );
        assert_eq!(INDEX_HTML.matches(&icon).count(), 1, "the icon link");
        let rest = INDEX_HTML.replace(&icon, "");
        for needle in ["http:", "https:", "//cdn", "@import", "url(", "<link", "<iframe", "src=\"//", "javascript:"] {
            assert!(!rest.contains(needle), "page contains {needle:?}");
        }
        // no inline event handlers (` onclick=`…): the CSP would block them anyway
        for (i, _) in INDEX_HTML.match_indices(" on") {
            let rest = &INDEX_HTML[i + 3..];
            let word = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_lowercase()).len();
            assert!(word == 0 || !rest[word..].starts_with('='), "inline handler at byte {i}");
        }
        assert!(
            !INDEX_HTML.contains("innerHTML")
                && !INDEX_HTML.contains("outerHTML")
                && !INDEX_HTML.contains("insertAdjacentHTML")
        );
        assert!(!INDEX_HTML.contains("eval(") && !INDEX_HTML.contains("document.write"));
        assert!(!INDEX_HTML.contains(" style=\""), "inline style attributes would need 'unsafe-hashes'");
        // With the look and problem-diagram fields and the moves player the page is still one small request.
        // The layout of two widths, the editing board's marks, the reader of pasted tags and the player's frame names
        // took it over 60 KiB.
        assert!(INDEX_HTML.len() < 72 * 1024, "page is {} bytes", INDEX_HTML.len());
    }

    #[test]
    fn page_has_the_required_elements_with_labels() {
        assert!(INDEX_HTML.starts_with("<!doctype html>\n<html lang=\"en\">"));
        assert!(INDEX_HTML.contains("<meta charset=\"utf-8\">"));
        for id in [
            "ffen",
            "dialect",
            "size",
            "theme",
            "flip",
            "coords",
            "files",
            "ranks",
            "out-link",
            "out-img",
            "out-legacy",
            "moves",
            "delay",
            "out-gif",
            "out-gif-img",
        ] {
            assert!(INDEX_HTML.contains(&format!("id=\"{id}\"")), "input #{id}");
            assert!(INDEX_HTML.contains(&format!("<label for=\"{id}\"")), "label for #{id}");
        }
        for id in ["preview", "board", "palette", "error", "canonical", "reference", "player", "frames", "frame-no"] {
            assert!(INDEX_HTML.contains(&format!("id=\"{id}\"")), "element #{id}");
        }
        assert!(INDEX_HTML.contains("/diagram.png?") && INDEX_HTML.contains("/Retros/d.php?ff="));
        for header in ["X-FFEN", "X-Cache", "ETag"] {
            assert!(INDEX_HTML.contains(&format!("<code>{header}</code>")), "reference explains {header}");
        }
    }

    #[test]
    fn page_agrees_with_the_service_constants() {
        use crate::options::render_options::{DEFAULT_SQUARE_SIZE, MAX_SQUARE_SIZE, MIN_SQUARE_SIZE};
        use crate::options::theme::Theme;
        let input =
            format!(r#"id="ffen" type="text" class="mono" maxlength="{}""#, crate::notation::ffen::MAX_INPUT_LEN);
        assert!(INDEX_HTML.contains(&input), "FFEN field limit");
        assert!(INDEX_HTML.contains(&format!("At most {} bytes of FFEN", crate::notation::ffen::MAX_INPUT_LEN)));
        let side = crate::notation::board::MAX_BOARD_SIDE;
        assert!(INDEX_HTML.contains(&format!("boards from 1×1 to {side}×{side} squares")));
        assert!(INDEX_HTML.contains(&format!(r#"id="files" type="number" min="1" max="{side}""#)));
        assert!(INDEX_HTML.contains(&format!(r#"id="ranks" type="number" min="1" max="{side}""#)));
        assert!(INDEX_HTML.contains("text of one or two characters") && crate::notation::board::MAX_TEXT_LEN == 2);
        let size = format!(
            r#"id="size" type="number" min="{MIN_SQUARE_SIZE}" max="{MAX_SQUARE_SIZE}" step="1" value="{DEFAULT_SQUARE_SIZE}""#
        );
        assert!(INDEX_HTML.contains(&size), "square size control");
        assert!(INDEX_HTML.contains(&format!("{MIN_SQUARE_SIZE} to {MAX_SQUARE_SIZE}; default {DEFAULT_SQUARE_SIZE}")));
        assert!(INDEX_HTML.contains(&format!("size !== {DEFAULT_SQUARE_SIZE}")), "the script leaves the default out");
        let options: String =
            Theme::ALL.iter().map(|t| format!(r#"<option value="{0}">{0}</option>"#, t.name())).collect();
        assert!(INDEX_HTML.contains(&format!(r#"<select id="theme">{options}</select>"#)), "theme choices");
        let delay = crate::options::params::Delay::DEFAULT.millis();
        let (min, max) = (crate::options::params::Delay::MIN, crate::options::params::Delay::MAX);
        assert!(INDEX_HTML
            .contains(&format!(r#"id="delay" type="number" min="{min}" max="{max}" step="10" value="{delay}""#)));
        assert!(INDEX_HTML.contains(&format!(r#"d !== "{delay}""#)), "the script leaves the default delay out");
        assert!(INDEX_HTML.contains(&format!("{min} to {max} ms a move, default {delay}")), "the reference");
        let default = Theme::default().name();
        assert!(
            INDEX_HTML.contains(&format!(r#"themeSel.value !== "{default}""#)),
            "the script leaves the default out"
        );
    }

    #[test]
    fn headers_are_strict_and_not_immutable() {
        let policy = header("Content-Security-Policy");
        assert!(!policy.contains("unsafe"));
        assert!(policy.starts_with("default-src 'none';"));
        assert_eq!(header("Cache-Control"), "public, max-age=300", "short: the page changes with releases");
        assert_eq!(header("X-Content-Type-Options"), "nosniff");
        assert_eq!(header("Referrer-Policy"), "no-referrer");
        // Everything else is Cloudflare's: the type from the name, an ETag, `304`s, `HEAD`.
        assert_eq!(HEADERS.lines().count(), 5, "page/_headers: / and its four headers");
    }
}
