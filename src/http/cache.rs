//! Cache identity: the key that names one response, its `ETag`, and the URL it is stored under in the edge cache.
//!
//! All three are made from [`CACHE_VERSION`], the canonical FFEN ([`ffen::canonical`]), the canonical options
//! ([`RenderOptions::canonical`]) and the [`Format`], so every spelling of one diagram shares them, an SVG never
//! shares them with a PNG, and a new release that changes any response's bytes moves every key at once. They are
//! total functions of those strings: nothing here can fail, so no failure can ever make two diagrams share a cache
//! entry.
//!
//! The bytes are the service's promise: a changed key, `ETag` or cache URL orphans every stored diagram (and a
//! changed `ETag` makes every browser fetch again), so they change only with [`CACHE_VERSION`]. The tests pin them.

use crate::notation::board::Board;
use crate::notation::ffen;
use crate::options::render_options::RenderOptions;
use crate::output::format::{Format, Playback};
use std::fmt;

/// The one version of every response's bytes, the first line of every cache key: bumped whenever the bytes of any
/// response (a PNG, an SVG, any output) change, never otherwise. A miss costs about a millisecond of CPU, so
/// drawing every diagram once more after a release costs less than keeping older pictures' keys would.
/// `tests/golden/hashes.tsv` ties it to each golden's bytes: a golden that changes without a bump fails.
pub const CACHE_VERSION: &str = "r23";

/// The folder under which responses are stored in the edge cache (never served as a route): `diagram.` and the
/// format's extension follow.
pub const CACHE_PATH: &str = "/__cache/";

/// The name of one response: [`CACHE_VERSION`], canonical FFEN, canonical options and the format's extension, one
/// per line (`r16\nrnbqkbnr/…/RNBQKBNR\ns40.f0.c0.gray\npng`); an animation has one line more before the
/// extension, its moves ([`Playback::key`]: `d1000 e2e4 e7e5`), so every still's key stays what it was.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CacheKey {
    text: String,
    /// Where the canonical FFEN ends inside `text` (it starts after the version line).
    ffen_end: usize,
    /// Where the canonical options end inside `text` (the line break before the moves or the format).
    options_end: usize,
    /// Where the moves' line ends, if the key has one.
    moves_end: Option<usize>,
    format: Format,
}

impl CacheKey {
    /// The key of `board` drawn with `options` in `format`.
    pub fn new(board: &Board, options: &RenderOptions, format: Format) -> CacheKey {
        CacheKey::from_canonical(&ffen::canonical(board), &options.canonical(), None, format)
    }

    /// The key of `board` drawn with `options` in `format` and animated along `playback`, if any.
    pub fn played(board: &Board, options: &RenderOptions, playback: Option<&Playback>, format: Format) -> CacheKey {
        let moves = playback.map(Playback::key);
        CacheKey::from_canonical(&ffen::canonical(board), &options.canonical(), moves.as_deref(), format)
    }

    /// The key of a canonical FFEN and canonical options, as [`ffen::canonical`] and [`RenderOptions::canonical`]
    /// print them, and the moves' line (none of them contains a line break), in `format`.
    fn from_canonical(canonical_ffen: &str, canonical_options: &str, moves: Option<&str>, format: Format) -> CacheKey {
        let mut text = format!("{CACHE_VERSION}\n{canonical_ffen}\n{canonical_options}\n");
        let ffen_end = CACHE_VERSION.len() + 1 + canonical_ffen.len();
        let options_end = ffen_end + 1 + canonical_options.len();
        let moves_end = moves.map(|moves| {
            text.push_str(moves);
            text.push('\n');
            options_end + 1 + moves.len()
        });
        text.push_str(format.extension());
        CacheKey { ffen_end, options_end, moves_end, text, format }
    }

    /// The format the key names.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The key as text: the four parts, one per line.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The canonical FFEN (the `X-FFEN` header before escaping).
    pub fn canonical_ffen(&self) -> &str {
        &self.text[CACHE_VERSION.len() + 1..self.ffen_end]
    }

    /// The canonical options.
    pub fn canonical_options(&self) -> &str {
        &self.text[self.ffen_end + 1..self.options_end]
    }

    /// The moves' line of an animation's key ([`Playback::key`]), `None` for a still.
    pub fn moves(&self) -> Option<&str> {
        self.moves_end.map(|end| &self.text[self.options_end + 1..end])
    }

    /// The strong `ETag` of this key.
    pub fn etag(&self) -> ETag {
        ETag::of_key(&self.text)
    }

    /// The URL to store the response under in the edge cache, on `origin` (e.g. `https://example.com`; a trailing
    /// `/` is dropped): [`CACHE_PATH`], `diagram.` and the format's extension, with the version, FFEN, options,
    /// the moves' line of an animation and the `ETag` as form-encoded parameters.
    ///
    /// Distinct keys give distinct URLs: each part is percent-encoded on its own, so no part can run into the next.
    pub fn cache_url(&self, origin: &str) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("v", CACHE_VERSION);
        query.append_pair("ffen", self.canonical_ffen());
        query.append_pair("options", self.canonical_options());
        if let Some(moves) = self.moves() {
            query.append_pair("moves", moves);
        }
        let query = query.append_pair("etag", &self.etag().hex()).finish();
        format!("{}{CACHE_PATH}diagram.{}?{query}", origin.trim_end_matches('/'), self.format.extension())
    }
}

impl fmt::Display for CacheKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A strong entity tag: the 64-bit FNV-1a hash ([`fnv1a64`]) of a cache key. It is known before rendering, so
/// `If-None-Match` is answered without rendering or touching the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ETag(u64);

impl ETag {
    /// The tag of a cache key's text.
    pub fn of_key(key: &str) -> ETag {
        ETag(fnv1a64(key.as_bytes()))
    }

    /// The 16 lower-case hex digits, without quotes.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }

    /// Whether an `If-None-Match` header names this tag: weak comparison, as RFC 9110 prescribes for it (`W/` is
    /// ignored), in a comma-separated list; `*` matches any tag where `star` (the resource surely has a current
    /// representation: its `GET` answers `200`).
    pub fn matched_by(self, if_none_match: &str, star: bool) -> bool {
        let want = self.to_string();
        if_none_match.split(',').map(str::trim).any(|tag| (star && tag == "*") || tag.trim_start_matches("W/") == want)
    }
}

/// `"` + 16 lower-case hex digits + `"`, as the `ETag` header carries it.
impl fmt::Display for ETag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{:016x}\"", self.0)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{parse, Dialect};

    #[test]
    fn fnv1a64_matches_the_published_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
        assert_eq!(ETag::of_key("a").to_string(), "\"af63dc4c8601ec8c\"");
        assert_eq!(ETag::of_key("a").hex(), "af63dc4c8601ec8c");
    }

    #[test]
    fn the_key_holds_version_ffen_options_and_format_on_their_own_lines() {
        let board = parse("{W}(Grasshopper)1", Dialect::Bodlaender).unwrap();
        let options = RenderOptions { flip: true, ..RenderOptions::default() };
        let key = CacheKey::new(&board, &options, Format::Png);
        assert_eq!(key.as_str(), format!("{CACHE_VERSION}\n{{W}}[grasshopper:w]1\ns40.f1.c0.gray\npng"));
        assert_eq!(key.canonical_ffen(), "{W}[grasshopper:w]1");
        assert_eq!(key.canonical_options(), "s40.f1.c0.gray");
        assert_eq!(key.to_string(), key.as_str());
        assert_eq!(key.etag(), ETag::of_key(key.as_str()));
        // Every format of the same diagram: another last line, so another ETag; the parts read back the same.
        for format in Format::ALL {
            let other = CacheKey::new(&board, &options, format);
            assert_eq!(other.as_str(), format!("{CACHE_VERSION}\n{{W}}[grasshopper:w]1\ns40.f1.c0.gray\n{format}"));
            assert_eq!(
                (other.canonical_ffen(), other.canonical_options()),
                (key.canonical_ffen(), key.canonical_options())
            );
            assert_eq!(other.etag() == key.etag(), format == Format::Png);
        }
        // One version for every board: a drawn fairy glyph and an orthodox board alike.
        let fairy = CacheKey::new(&parse("{W}(Archbishop)1", Dialect::Bodlaender).unwrap(), &options, Format::Png);
        assert!(fairy.as_str().starts_with(&format!("{CACHE_VERSION}\n")));
    }

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists_and_star() {
        let tag = ETag::of_key("k");
        let quoted = tag.to_string();
        for header in [quoted.clone(), format!("W/{quoted}"), format!("\"x\", {quoted}"), " * ".to_string()] {
            assert!(tag.matched_by(&header, true), "{header}");
            assert_eq!(tag.matched_by(&header, false), !header.contains('*'), "{header}");
        }
        for header in ["", "\"x\"", &tag.hex(), &format!("{quoted}x"), "W/", "**"] {
            assert!(!tag.matched_by(header, true), "{header}");
        }
    }

    /// The cache URL is total, and different keys never share a URL: decoding the URL's query gives back exactly
    /// the parts of the key.
    #[test]
    fn the_cache_url_gives_back_its_key() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        let mut keys = Vec::new();
        for format in Format::ALL {
            keys.extend([
                CacheKey::from_canonical(start, "s40.f0.c0.gray", None, format),
                CacheKey::from_canonical("a&ffen=b", "s40", None, format),
                CacheKey::from_canonical("a", "s40&ffen=b", None, format),
                CacheKey::from_canonical("", "", None, format),
                CacheKey::from_canonical("%2F+ /é\u{0}", "=&?#", None, format),
            ]);
        }
        let mut urls = std::collections::HashSet::new();
        for key in &keys {
            let url = key.cache_url("https://h.example/");
            let path = format!("https://h.example/__cache/diagram.{}?", key.format());
            let query = url.strip_prefix(&path).expect(&url);
            let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
            let want = [
                ("v", CACHE_VERSION.to_string()),
                ("ffen", key.canonical_ffen().to_string()),
                ("options", key.canonical_options().to_string()),
                ("etag", key.etag().hex()),
            ];
            let want: Vec<(String, String)> = want.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            assert_eq!(pairs, want, "{url}");
            assert!(urls.insert(url), "two keys share a cache URL");
        }
    }

    proptest::proptest! {
        /// Any two canonical parts, in any format: the URL decodes back to them, so it is as distinct as the key.
        #[test]
        fn any_key_round_trips_through_its_cache_url(ffen in "\\PC{0,40}", options in "\\PC{0,20}", svg: bool) {
            let format = if svg { Format::Svg } else { Format::Png };
            let key = CacheKey::from_canonical(&ffen, &options, None, format);
            let url = key.cache_url("https://h");
            // Every cache path is as long.
            let query = &url["https://h/__cache/diagram.png?".len()..];
            let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
            proptest::prop_assert_eq!(pairs.len(), 4);
            proptest::prop_assert_eq!(&pairs[1].1, &ffen);
            proptest::prop_assert_eq!(&pairs[2].1, &options);
            proptest::prop_assert_eq!(key.canonical_options(), options.as_str());
        }
    }
}
