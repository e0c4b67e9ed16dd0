//! The diagram editor served at `GET /`: one self-contained HTML file (`page/index.html`) with inline CSS and
//! JavaScript and no external resources.
//!
//! The page lets people type FFEN with a live preview (it fetches the service's own `/diagram.png` route), build a
//! position with a symbol palette, copy the link, the `<img>` tag and the legacy `d.php?ff=` link, and read a
//! reference of the notation, the URL parameters, the limits and the response headers. It is static: nothing from
//! the request is written into it on the server, and its script builds the DOM with `textContent` only.
//!
//! Serve it with [`CONTENT_TYPE`], [`CONTENT_SECURITY_POLICY`] and [`CACHE_CONTROL`]. The policy allows exactly the
//! page's one inline `<script>` and one inline `<style>` by their SHA-256 hashes, so after editing either, update the
//! hashes here and in the page's `<meta http-equiv="Content-Security-Policy">` (the unit test
//! `csp_hashes_match_the_page` fails and prints the new policy). The browser tests in `tests/browser/` check that the
//! Worker sends exactly this header.

/// The editor page, served at `GET /`.
pub const INDEX_HTML: &str = include_str!("../page/index.html");

/// `Content-Type` for [`INDEX_HTML`].
pub const CONTENT_TYPE: &str = "text/html; charset=utf-8";

/// `Content-Security-Policy` header for [`INDEX_HTML`]: nothing but the page's own hashed inline script and style,
/// images and `fetch` from the same origin (the preview is shown from a `blob:` URL), no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'sha256-r++rBcjOlfMfQm/6gsjcjlhEj5heslcErB15uuB9qCQ='; style-src 'sha256-Dy30yv+bZpwozpNNL8M9/TDrjcbiibxlDuJrdPffrrg='; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// `Cache-Control` for [`INDEX_HTML`]: short, because the page changes with releases (never `immutable`).
pub const CACHE_CONTROL: &str = "public, max-age=300";

#[cfg(test)]
mod tests {
    use super::*;

    /// The text between `open` and the next `close`, once only.
    fn between<'a>(s: &'a str, open: &str, close: &str) -> &'a str {
        assert_eq!(s.matches(open).count(), 1, "exactly one {open}");
        let start = s.find(open).unwrap() + open.len();
        let end = start + s[start..].find(close).unwrap();
        &s[start..end]
    }

    /// SHA-256 (FIPS 180-4), enough for hashing the page in a test.
    fn sha256(data: &[u8]) -> [u8; 32] {
        const K: [u32; 64] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
            0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
            0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
            0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
            0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
            0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
            0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
            0xc67178f2,
        ];
        let mut h: [u32; 8] =
            [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
        let mut msg = data.to_vec();
        msg.push(0x80);
        while msg.len() % 64 != 56 {
            msg.push(0);
        }
        msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
        for block in msg.chunks(64) {
            let mut w = [0u32; 64];
            for (i, word) in block.chunks(4).enumerate() {
                w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
            }
            for i in 16..64 {
                let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
                let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
                w[i] = w[i - 16].wrapping_add(s0).wrapping_add(w[i - 7]).wrapping_add(s1);
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
            for i in 0..64 {
                let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
                let ch = (e & f) ^ (!e & g);
                let t1 = hh.wrapping_add(s1).wrapping_add(ch).wrapping_add(K[i]).wrapping_add(w[i]);
                let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
                let maj = (a & b) ^ (a & c) ^ (b & c);
                let t2 = s0.wrapping_add(maj);
                (hh, g, f, e, d, c, b, a) = (g, f, e, d.wrapping_add(t1), c, b, a, t1.wrapping_add(t2));
            }
            for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
                *x = x.wrapping_add(y);
            }
        }
        let mut out = [0u8; 32];
        for (chunk, x) in out.chunks_mut(4).zip(h) {
            chunk.copy_from_slice(&x.to_be_bytes());
        }
        out
    }

    fn base64(data: &[u8]) -> String {
        const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in data.chunks(3) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for i in 0..4 {
                out.push(if i <= chunk.len() { ABC[(n >> (18 - 6 * i) & 63) as usize] as char } else { '=' });
            }
        }
        out
    }

    fn csp_hash(text: &str) -> String {
        format!("'sha256-{}'", base64(&sha256(text.as_bytes())))
    }

    #[test]
    fn sha256_and_base64_are_right() {
        assert_eq!(csp_hash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
        assert_eq!(csp_hash("abc"), "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
        let long = "a".repeat(1000);
        assert_eq!(csp_hash(&long), "'sha256-Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM='");
        assert_eq!(csp_hash(&"ab".repeat(40)), "'sha256-qKC3XlFJVFDC7x/3TfgCDCzo2lOUE8VD6F/2v2lXdWg='");
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
        let header = format!("{meta}; frame-ancestors 'none'");
        assert_eq!(CONTENT_SECURITY_POLICY, header, "page/index.html changed: update CONTENT_SECURITY_POLICY");
        let tag = format!(r#"<meta http-equiv="Content-Security-Policy" content="{meta}">"#);
        assert!(INDEX_HTML.contains(&tag), "page/index.html changed: update its CSP meta to\n{tag}");
    }

    #[test]
    fn page_is_self_contained() {
        assert_eq!(INDEX_HTML.matches("<script").count(), 1, "one inline script");
        assert_eq!(INDEX_HTML.matches("<style").count(), 1, "one inline style");
        for needle in ["http:", "https:", "//cdn", "@import", "url(", "<link", "<iframe", "src=\"//", "javascript:"] {
            assert!(!INDEX_HTML.contains(needle), "page contains {needle:?}");
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
        assert!(INDEX_HTML.len() < 40 * 1024, "page is {} bytes", INDEX_HTML.len());
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
        ] {
            assert!(INDEX_HTML.contains(&format!("id=\"{id}\"")), "input #{id}");
            assert!(INDEX_HTML.contains(&format!("<label for=\"{id}\"")), "label for #{id}");
        }
        for id in ["preview", "board", "palette", "error", "canonical", "reference"] {
            assert!(INDEX_HTML.contains(&format!("id=\"{id}\"")), "element #{id}");
        }
        assert!(INDEX_HTML.contains("/diagram.png?") && INDEX_HTML.contains("/Retros/d.php?ff="));
        for header in ["X-FFEN", "X-Cache", "ETag"] {
            assert!(INDEX_HTML.contains(&format!("<code>{header}</code>")), "reference explains {header}");
        }
    }

    #[test]
    fn page_agrees_with_the_service_constants() {
        use crate::options::{DEFAULT_SQUARE_SIZE, MAX_SQUARE_SIZE, MIN_SQUARE_SIZE};
        use crate::theme::Theme;
        let input = format!(r#"id="ffen" type="text" class="mono" maxlength="{}""#, crate::ffen::MAX_INPUT_LEN);
        assert!(INDEX_HTML.contains(&input), "FFEN field limit");
        assert!(INDEX_HTML.contains(&format!("At most {} bytes of FFEN", crate::ffen::MAX_INPUT_LEN)));
        let side = crate::board::MAX_BOARD_SIDE;
        assert!(INDEX_HTML.contains(&format!("boards from 1×1 to {side}×{side} squares")));
        assert!(INDEX_HTML.contains(&format!(r#"id="files" type="number" min="1" max="{side}""#)));
        assert!(INDEX_HTML.contains(&format!(r#"id="ranks" type="number" min="1" max="{side}""#)));
        assert!(INDEX_HTML.contains("text of one or two characters") && crate::board::MAX_TEXT_LEN == 2);
        let size = format!(
            r#"id="size" type="number" min="{MIN_SQUARE_SIZE}" max="{MAX_SQUARE_SIZE}" step="1" value="{DEFAULT_SQUARE_SIZE}""#
        );
        assert!(INDEX_HTML.contains(&size), "square size control");
        assert!(INDEX_HTML.contains(&format!("{MIN_SQUARE_SIZE} to {MAX_SQUARE_SIZE}; default {DEFAULT_SQUARE_SIZE}")));
        assert!(INDEX_HTML.contains(&format!("size !== {DEFAULT_SQUARE_SIZE}")), "the script leaves the default out");
        let options: String =
            Theme::ALL.iter().map(|t| format!(r#"<option value="{0}">{0}</option>"#, t.name())).collect();
        assert!(INDEX_HTML.contains(&format!(r#"<select id="theme">{options}</select>"#)), "theme choices");
        let default = Theme::default().name();
        assert!(
            INDEX_HTML.contains(&format!(r#"themeSel.value !== "{default}""#)),
            "the script leaves the default out"
        );
    }

    #[test]
    fn headers_are_strict_and_not_immutable() {
        assert!(!CONTENT_SECURITY_POLICY.contains("unsafe"));
        assert!(CONTENT_SECURITY_POLICY.starts_with("default-src 'none';"));
        assert!(!CACHE_CONTROL.contains("immutable"));
    }
}
