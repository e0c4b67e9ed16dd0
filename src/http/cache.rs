//! Cache identity: the key that names one diagram, its `ETag`, and the URL it is stored under in the edge cache.
//!
//! All three are made from the same two canonical strings (the FFEN from [`ffen::canonical`] and the options from
//! [`RenderOptions::canonical`]) plus the renderer version ([`png_version`] of a PNG, [`renderer_version`] of an
//! SVG's board), so every spelling of one diagram shares them, and a new
//! renderer version never serves an old drawing. An SVG's key has a fourth line, [`SVG_VERSION`]: the format is part
//! of the key (an SVG never shares a cache entry or `ETag` with a PNG), and PNG keys stay exactly as they were. They are total functions of those strings: nothing here can fail,
//! so no failure can ever make two diagrams share a cache entry.
//!
//! The bytes are forever: a changed key, `ETag` or cache URL would orphan every stored diagram (and a changed
//! `ETag` would make every browser fetch again). The tests pin them.

use crate::draw::render::{png_version, renderer_version};
use crate::draw::svg::SVG_VERSION;
use crate::notation::board::Board;
use crate::notation::ffen;
use crate::options::render_options::RenderOptions;
use std::fmt;

use super::api::Format;

/// The path under which diagrams are stored in the edge cache (never served as a route).
pub const CACHE_PATH: &str = "/__cache/diagram.png";

/// The path under which SVG diagrams are stored in the edge cache (never served as a route).
pub const SVG_CACHE_PATH: &str = "/__cache/diagram.svg";

/// The name of one diagram: renderer version ([`png_version`], for an SVG [`renderer_version`] of the board),
/// canonical FFEN and canonical
/// options, one per line
/// (`r4\nrnbqkbnr/…/RNBQKBNR\ns40.f0.c0.gray`); for an SVG a fourth line, [`SVG_VERSION`]
/// (`r4\nrnbqkbnr/…/RNBQKBNR\ns40.f0.c0.gray\nsvg1`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CacheKey {
    text: String,
    /// Where the version ends inside `text` (its first line).
    version_end: usize,
    /// Where the canonical FFEN ends inside `text` (it starts after the version line).
    ffen_end: usize,
    /// Where the canonical options end inside `text` (the end, or the line break before the SVG version).
    options_end: usize,
    format: Format,
}

impl CacheKey {
    /// The key of `board` drawn with `options` as a PNG.
    pub fn new(board: &Board, options: &RenderOptions) -> CacheKey {
        CacheKey::with_format(board, options, Format::Png)
    }

    /// The key of `board` drawn with `options` in `format`.
    pub fn with_format(board: &Board, options: &RenderOptions, format: Format) -> CacheKey {
        let version = match format {
            Format::Png => png_version(board, options),
            Format::Svg => renderer_version(board),
        };
        CacheKey::from_canonical(version, &ffen::canonical(board), &options.canonical(), format)
    }

    /// The key of a canonical FFEN and canonical options, as [`ffen::canonical`] and [`RenderOptions::canonical`]
    /// print them (neither contains a line break), in `format`.
    fn from_canonical(version: &str, canonical_ffen: &str, canonical_options: &str, format: Format) -> CacheKey {
        let mut text = format!("{version}\n{canonical_ffen}\n{canonical_options}");
        let options_end = text.len();
        if format == Format::Svg {
            text.push('\n');
            text.push_str(SVG_VERSION);
        }
        CacheKey {
            version_end: version.len(),
            ffen_end: version.len() + 1 + canonical_ffen.len(),
            options_end,
            text,
            format,
        }
    }

    /// The picture format the key names.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The key as text: the three parts, one per line.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The renderer version the key names ([`png_version`], or [`renderer_version`] of an SVG's board).
    pub fn version(&self) -> &str {
        &self.text[..self.version_end]
    }

    /// The canonical FFEN (the `X-FFEN` header before escaping).
    pub fn canonical_ffen(&self) -> &str {
        &self.text[self.version_end + 1..self.ffen_end]
    }

    /// The canonical options.
    pub fn canonical_options(&self) -> &str {
        &self.text[self.ffen_end + 1..self.options_end]
    }

    /// The strong `ETag` of this key.
    pub fn etag(&self) -> ETag {
        ETag::of_key(&self.text)
    }

    /// The URL to store the diagram under in the edge cache, on `origin` (e.g. `https://example.com`; a trailing
    /// `/` is dropped): [`CACHE_PATH`] with the version, FFEN, options and `ETag` as form-encoded parameters; for
    /// an SVG [`SVG_CACHE_PATH`], with the SVG version as `svg` before the `ETag`.
    ///
    /// Distinct keys give distinct URLs: each part is percent-encoded on its own, so no part can run into the next.
    pub fn cache_url(&self, origin: &str) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query
            .append_pair("v", self.version())
            .append_pair("ffen", self.canonical_ffen())
            .append_pair("options", self.canonical_options());
        let path = match self.format {
            Format::Png => CACHE_PATH,
            Format::Svg => {
                query.append_pair("svg", SVG_VERSION);
                SVG_CACHE_PATH
            }
        };
        let query = query.append_pair("etag", &self.etag().hex()).finish();
        format!("{}{path}?{query}", origin.trim_end_matches('/'))
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
    /// ignored), in a comma-separated list; `*` matches any tag.
    pub fn matched_by(self, if_none_match: &str) -> bool {
        let want = self.to_string();
        if_none_match.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == want)
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
    fn the_key_holds_version_ffen_and_options_on_their_own_lines() {
        let board = parse("{W}(Grasshopper)1", Dialect::Bodlaender).unwrap();
        let options = RenderOptions { flip: true, ..RenderOptions::default() };
        let key = CacheKey::new(&board, &options);
        assert_eq!(key.as_str(), "r4\n{W}[grasshopper:w]1\ns40.f1.c0.gray");
        assert_eq!(key.canonical_ffen(), "{W}[grasshopper:w]1");
        assert_eq!(key.canonical_options(), "s40.f1.c0.gray");
        assert_eq!(key.to_string(), key.as_str());
        assert_eq!(key.etag(), ETag::of_key(key.as_str()));
        // The SVG of the same diagram: one more line, so another ETag; the parts read back the same.
        let svg = CacheKey::with_format(&board, &options, Format::Svg);
        assert_eq!(svg.as_str(), format!("{}\n{SVG_VERSION}", key.as_str()));
        assert_eq!((svg.canonical_ffen(), svg.canonical_options()), (key.canonical_ffen(), key.canonical_options()));
        assert_ne!(svg.etag(), key.etag());
        assert_ne!(svg.cache_url("https://h"), key.cache_url("https://h"));
    }

    /// Renderers r5 and r6 redrew some fairy pieces: only a diagram that shows one is keyed under the version that
    /// last redrew a piece it shows.
    #[test]
    fn only_diagrams_with_a_redrawn_piece_move() {
        let options = RenderOptions::default();
        let key = |ffen: &str| CacheKey::new(&parse(ffen, Dialect::Bodlaender).unwrap(), &options);
        assert_eq!(key("{W}(Grasshopper)(rooklion)(leo)KQRBNP").version(), "r4");
        assert_eq!(key("{W}(Archbishop)1").as_str(), "r6\n{W}[archbishop:w]1\ns40.f0.c0.gray");
        assert_eq!(key("{W}(Grasshopper)(wazir)").version(), "r6");
        assert_eq!(key("{W}(Grasshopper)(wazir)").cache_url("https://h"), format!(
            "https://h/__cache/diagram.png?v=r6&ffen=%7BW%7D%5Bgrasshopper%3Aw%5D%5Bwazir%3Ab%5D&options=s40.f0.c0.gray&etag={}",
            key("{W}(Grasshopper)(wazir)").etag().hex()
        ));
        for (version, names) in crate::notation::fairy::REDRAWN {
            for name in *names {
                let board = parse(&format!("({name})"), Dialect::Bodlaender).unwrap();
                let newest = crate::notation::fairy::REDRAWN.iter().find(|(_, n)| n.contains(name)).unwrap().0;
                assert_eq!(CacheKey::new(&board, &options).version(), newest, "{name} ({version})");
            }
        }
    }

    #[test]
    fn only_boards_with_a_drawn_fairy_glyph_have_the_new_version() {
        // Issue 19: r6 draws archbishops, zebras, wazirs … with glyphs of their own; every other picture is r4's.
        let options = RenderOptions::default();
        let key = |text: &str, dialect| CacheKey::new(&parse(text, dialect).unwrap(), &options);
        let drawn = key("{W}(Zebra)(camelrider)-1", Dialect::Bodlaender);
        assert_eq!(drawn.as_str(), "r6\n{W}[zebra:w][camelrider:b][-]1\ns40.f0.c0.gray");
        assert_eq!(drawn.canonical_ffen(), "{W}[zebra:w][camelrider:b][-]1");
        assert!(drawn.cache_url("https://h").contains("?v=r6&"));
        for (text, dialect) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko),
            ("-*1q*2N'a[]c", Dialect::Janko),
            ("(Grasshopper)(leo)(rook-lion)(camelrider)(nightrider-hopper)", Dialect::Bodlaender),
        ] {
            let unchanged = key(text, dialect);
            assert!(unchanged.as_str().starts_with("r4\n"), "{text}");
            assert!(unchanged.cache_url("https://h").contains("?v=r4&"), "{text}");
        }
    }

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists_and_star() {
        let tag = ETag::of_key("k");
        let quoted = tag.to_string();
        for header in [quoted.clone(), format!("W/{quoted}"), format!("\"x\", {quoted}"), " * ".to_string()] {
            assert!(tag.matched_by(&header), "{header}");
        }
        for header in ["", "\"x\"", &tag.hex(), &format!("{quoted}x"), "W/", "**"] {
            assert!(!tag.matched_by(header), "{header}");
        }
    }

    /// Defect 1 of issue 8: the cache URL used to be built with `unwrap_or_default()` on a failed encoding, which
    /// would have stored every such diagram under one URL. Now it is total, and different keys never share a URL:
    /// decoding the URL's query gives back exactly the parts of the key.
    #[test]
    fn the_cache_url_gives_back_its_key() {
        let keys = [
            CacheKey::from_canonical(
                "r4",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                "s40.f0.c0.gray",
                Format::Png,
            ),
            CacheKey::from_canonical("r4", "a&ffen=b", "s40", Format::Png),
            CacheKey::from_canonical("r4", "a", "s40&ffen=b", Format::Png),
            CacheKey::from_canonical("r4", "", "", Format::Png),
            CacheKey::from_canonical("r4", "", "", Format::Svg),
            CacheKey::from_canonical(
                "r4",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                "s40.f0.c0.gray",
                Format::Svg,
            ),
            CacheKey::from_canonical("r4", "%2F+ /é\u{0}", "=&?#", Format::Png),
        ];
        let mut urls = std::collections::HashSet::new();
        for key in &keys {
            let url = key.cache_url("https://h.example/");
            let path = match key.format() {
                Format::Png => "https://h.example/__cache/diagram.png?",
                Format::Svg => "https://h.example/__cache/diagram.svg?",
            };
            let query = url.strip_prefix(path).expect(&url);
            let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
            let mut want = vec![
                ("v", key.version().to_string()),
                ("ffen", key.canonical_ffen().to_string()),
                ("options", key.canonical_options().to_string()),
            ];
            if key.format() == Format::Svg {
                want.push(("svg", SVG_VERSION.to_string()));
            }
            want.push(("etag", key.etag().hex()));
            let want: Vec<(String, String)> = want.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            assert_eq!(pairs, want, "{url}");
            assert!(urls.insert(url), "two keys share a cache URL");
        }
    }

    proptest::proptest! {
        /// Any two canonical parts, in either format: the URL decodes back to them, so it is as distinct as the key.
        #[test]
        fn any_key_round_trips_through_its_cache_url(ffen in "\\PC{0,40}", options in "\\PC{0,20}", svg: bool) {
            let format = if svg { Format::Svg } else { Format::Png };
            let key = CacheKey::from_canonical("r4", &ffen, &options, format);
            let url = key.cache_url("https://h");
            // Both cache paths are as long.
            let query = &url["https://h/__cache/diagram.png?".len()..];
            let pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
            proptest::prop_assert_eq!(pairs.len(), if svg { 5 } else { 4 });
            proptest::prop_assert_eq!(&pairs[1].1, &ffen);
            proptest::prop_assert_eq!(&pairs[2].1, &options);
            proptest::prop_assert_eq!(key.canonical_options(), options.as_str());
        }
    }
}
