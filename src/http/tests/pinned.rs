//! The service's promises, pinned: cache keys, `ETag`s and cache URLs (`tests/golden/keys.tsv`), every kind of
//! error answer (`tests/golden/errors.tsv`), and the headers of a diagram, a `304`, the page and a `500`. A changed
//! key orphans every cached diagram, so the keys change only with a new [`CACHE_VERSION`], and then every pin is
//! written again with it.

use super::*;

/// The lines of a golden table: comments and blank lines skipped, each line's tab-separated columns.
fn rows(table: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    table.lines().filter(|line| !line.is_empty() && !line.starts_with('#')).map(|line| line.split('\t').collect())
}

/// The tables of pinned keys: the stills', and the GIF's and the animations' (`moves=`), kept apart so that the
/// stills' table stays as it was when they came.
const KEY_TABLES: [(&str, &str); 2] = [
    ("tests/golden/keys.tsv", include_str!("../../../tests/golden/keys.tsv")),
    ("tests/golden/keys-moves.tsv", include_str!("../../../tests/golden/keys-moves.tsv")),
];

/// The pinned keys: (path, query, key, ETag, cache URL, `X-FFEN`).
fn pinned_keys() -> Vec<[&'static str; 6]> {
    let keys: Vec<[&str; 6]> =
        KEY_TABLES.iter().flat_map(|(_, table)| rows(table)).map(|row| row.try_into().expect("6 columns")).collect();
    assert!(keys.len() >= 12 && Format::ALL.iter().all(|f| keys.iter().any(|k| k[0] == f.path())));
    keys
}

/// A tool, not a test: after a bump of [`CACHE_VERSION`], `cargo test --lib -- --ignored write_pinned_keys` writes
/// the tables of pinned keys ([`KEY_TABLES`]) again: each row's path and query kept, its key, `ETag`, cache URL and
/// `X-FFEN` as they are now. [`cache_keys_etags_and_cache_urls_are_pinned`] is the test that compares with them.
#[test]
#[ignore = "writes tests/golden/keys*.tsv: run after a bump of CACHE_VERSION"]
fn write_pinned_keys() {
    for (file, _) in KEY_TABLES {
        write_pinned_table(&format!("{}/{file}", env!("CARGO_MANIFEST_DIR")));
    }
}

/// Writes one table of pinned keys again (see [`write_pinned_keys`]).
fn write_pinned_table(path: &str) {
    let table = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    for line in table.lines() {
        if line.is_empty() || line.starts_with('#') {
            out.push_str(line);
        } else {
            let columns: Vec<&str> = line.split('\t').collect();
            let info = RequestInfo {
                method: "GET",
                path: columns[0],
                query: Some(columns[1]),
                url_len: 200,
                ..RequestInfo::default()
            };
            let Plan::Diagram(job) = plan(&info) else { panic!("{line} is a diagram") };
            let key = job.key().as_str().replace('\n', "\\n");
            let x_ffen = header_value(job.canonical_ffen());
            let row =
                [columns[0], columns[1], &key, &job.etag().to_string(), &job.cache_url("https://h.example"), &x_ffen];
            out.push_str(&row.join("\t"));
        }
        out.push('\n');
    }
    std::fs::write(path, out).unwrap();
}

fn plan_of(path: &'static str, query: &'static str) -> (RequestInfo<'static>, Box<DiagramJob>) {
    let req = RequestInfo { method: "GET", path, query: Some(query), url_len: 200, ..RequestInfo::default() };
    let Plan::Diagram(job) = plan(&req) else { panic!("{path}?{query} is a diagram") };
    (req, job)
}

#[test]
fn cache_keys_etags_and_cache_urls_are_pinned() {
    for [path, query, key, etag, cache_url, x_ffen] in pinned_keys() {
        let (_, job) = plan_of(path, query);
        assert_eq!(job.key().as_str(), key.replace("\\n", "\n"), "{query}");
        assert!(key.starts_with(&format!("{CACHE_VERSION}\\n")), "pinned under another version: {key}");
        assert_eq!(job.etag().to_string(), etag, "{query}");
        assert_eq!(job.cache_url("https://h.example"), cache_url, "{query}");
        assert_eq!(job.cache_url("https://h.example/"), cache_url, "{query}");
        let Rendered::Diagram(response) = job.render() else { panic!("{query} renders") };
        assert_eq!(response.header("X-FFEN"), Some(x_ffen), "{query}");
        assert_eq!(response.header("ETag"), Some(etag), "{query}");
    }
}

const TEXT_ERROR_HEADERS: [(&str, &str); 6] = [
    ("Content-Type", "text/plain; charset=utf-8"),
    ("Cache-Control", "public, max-age=60"),
    ("Vary", "Accept"),
    ("Access-Control-Allow-Origin", "*"),
    ("Access-Control-Expose-Headers", "ETag, X-FFEN, X-Cache, Link"),
    ("X-Content-Type-Options", "nosniff"),
];

fn headers(response: &Response) -> Vec<(&str, &str)> {
    response.headers.iter().map(|(n, v)| (*n, v.as_str())).collect()
}

/// The validators every diagram response and its `304` carry.
fn validators(etag: &'static str, x_ffen: &'static str) -> [(&'static str, &'static str); 5] {
    [
        ("Cache-Control", "public, max-age=31536000, immutable"),
        ("ETag", etag),
        ("X-FFEN", x_ffen),
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Expose-Headers", "ETag, X-FFEN, X-Cache, Link"),
    ]
}

/// The headers of the start position in each format (its pinned key), its `HIT` and its `304`, exactly.
#[test]
fn diagram_headers_are_pinned() {
    for format in Format::ALL {
        let keys = pinned_keys();
        let start_key = format!("{CACHE_VERSION}\\n{START}\\ns40.f0.c0.gray\\n{format}");
        let [path, query, _, etag, _, x_ffen] = *keys.iter().find(|k| k[2] == start_key).expect("pinned");
        let (req, job) = plan_of(path, query);
        let mut want = vec![("Content-Type", format.content_type())];
        want.extend(validators(etag, x_ffen));
        let path = format.path();
        let ffen = "ffen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR";
        let mut link = format!("<{path}?{ffen}>; rel=\"canonical\"");
        if format != Format::Txt {
            link.push_str(&format!(", </diagram.txt?{ffen}>; rel=\"alternate\"; type=\"text/plain\""));
        }
        want.extend([("Link", link.as_str()), ("X-Cache", "MISS"), ("X-Content-Type-Options", "nosniff")]);
        want.extend(format.security_policy().map(|policy| ("Content-Security-Policy", policy)));
        let Rendered::Diagram(response) = job.render() else { panic!("renders") };
        assert_eq!(headers(&response), want, "{format}");
        want[7].1 = "HIT";
        assert_eq!(headers(&Response { status: 200, headers: job.headers(CacheStatus::Hit), body: vec![] }), want);
        let Plan::Respond(not_modified) = plan(&RequestInfo { if_none_match: Some(etag), ..req }) else {
            panic!("a 304")
        };
        assert_eq!((not_modified.status, headers(&not_modified)), (304, validators(etag, x_ffen).to_vec()));
        assert!(not_modified.body.is_empty());
    }
}

/// Every kind of error answer: status, headers and body text.
#[test]
fn error_answers_are_pinned() {
    let long = format!("ff={}", "8/".repeat(9000));
    let huge = format!("ffen={}&size=128", ["8888"; 32].join("/"));
    for row in rows(include_str!("../../../tests/golden/errors.tsv")) {
        let [method, path, query, url_len, status, body] = row[..] else { panic!("6 columns: {row:?}") };
        let query = match query {
            "-" => None,
            "@long" => Some(long.as_str()),
            "@huge" => Some(huge.as_str()),
            query => Some(query),
        };
        let url_len = url_len.parse().unwrap();
        let req = RequestInfo { method, path, query, url_len, ..RequestInfo::default() };
        let Plan::Respond(response) = plan(&req) else { panic!("{method} {path} is an error") };
        assert_eq!(response.status.to_string(), status, "{method} {path} {query:?}");
        assert_eq!(String::from_utf8_lossy(&response.body), body.replace("\\n", "\n"), "{method} {path} {query:?}");
        let mut want = TEXT_ERROR_HEADERS.to_vec();
        if status == "405" {
            want.push(("Allow", "GET, HEAD"));
        }
        assert_eq!(headers(&response), want, "{method} {path} {query:?}");
    }
}

/// The headers of a `500` (the page's are `page/_headers`, pinned in `crate::http::page`'s tests).
#[test]
fn internal_failure_headers_are_pinned() {
    let [path, query, ..] = pinned_keys()[0];
    let (_, job) = plan_of(path, query);
    let Rendered::Failed(internal) = job.answer(Err(crate::encode::png::EncodeError::Empty.into())) else {
        panic!("a failure")
    };
    assert_eq!(internal.status, 500);
    let mut want = TEXT_ERROR_HEADERS.to_vec();
    want[1].1 = "no-store";
    assert_eq!(headers(&internal), want);
    assert_eq!(internal.body, b"internal error while drawing the diagram: the image has no pixels\n");
}
