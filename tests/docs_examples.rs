//! The examples a newcomer copies from `README.md` and `docs/*.md` work as written.
//!
//! - Every URL example (a code span holding a path with a query, a code block's line that is one, or a
//!   `https://<host>/…` link) is
//!   requested through the Worker's planner as a browser sends it: it answers `200` with the content type of its
//!   route, or the status its line documents (`→ 400`, `→ 404`). Under the Free plan's limit shipped in
//!   `wrangler.toml` (`FFEN_MAX_RENDER_MS`) an example the cost model refuses must say so on its line, naming
//!   `FFEN_MAX_RENDER_MS`. `POST /game.gif`'s example posts its fixture the same way.
//! - Every CLI example of the README (`cargo run --release -- …`) runs, writes its file in its format, and draws the
//!   board its caption names (`# 8×8, 32 pieces`): the same arguments with `--format json` give that width, height
//!   and piece count.
//!
//! Examples with a placeholder (`…`, `<FFEN>`) or ending in `=` are forms, not examples, and are left out.

mod common;

use ffen_diagram::http::{plan, Plan, Rendered, RequestInfo, Response};
use ffen_diagram::CostLimit;
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every docs/*.md, as (name, text).
fn documents() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names.into_iter().map(|name| (name.clone(), std::fs::read_to_string(root().join(&name)).expect("a doc"))).collect()
}

/// One URL example: where it is, its line, and the path and query as written.
#[derive(Debug)]
struct Example {
    at: String,
    line: String,
    url: String,
}

/// The URL examples of one document.
fn url_examples(name: &str, text: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_block = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        let mut candidates: Vec<String> = Vec::new();
        // code spans: the text between pairs of backticks; in a code block, a line that is a path
        if !in_block {
            candidates.extend(line.split('`').skip(1).step_by(2).map(str::to_string));
        } else if line.starts_with('/') {
            candidates.push(line.trim_end().to_string());
        }
        // links on a host: `https://<host>/…`, `https://<your host>/…`, `https://diagrams.example.com/…`
        for host in ["https://<host>", "https://<your host>", "https://diagrams.example.com"] {
            for (i, _) in line.match_indices(host) {
                let rest = &line[i + host.len()..];
                let end =
                    rest.find(|c: char| c == '\'' || c == '`' || c == '"' || c.is_whitespace()).unwrap_or(rest.len());
                candidates.push(rest[..end].to_string());
            }
        }
        for url in candidates {
            let concrete = url.starts_with('/')
                && url.contains('?')
                && !url.ends_with('=')
                && !url.contains('…')
                && !url.contains('<');
            // a space ends a path, but the modern routes' examples are written with readable moves and captions
            if concrete && (url.starts_with("/diagram") || !url.contains(' ')) {
                found.push(Example { at: format!("{name}:{}", n + 1), line: line.to_string(), url });
            }
        }
    }
    found
}

/// The limit `wrangler.toml` ships (`FFEN_MAX_RENDER_MS`).
fn shipped_limit() -> Option<CostLimit> {
    let toml = std::fs::read_to_string(root().join("wrangler.toml")).expect("wrangler.toml");
    let line = toml.lines().find(|l| l.starts_with("FFEN_MAX_RENDER_MS"))?;
    let ms: u32 = line.split('"').nth(1)?.parse().ok()?;
    CostLimit::new(ms)
}

/// The Worker's answer to `method path?query` (with a body for a POST), the diagram drawn when it is one.
fn answer(method: &str, url: &str, body: Option<&[u8]>, cost_limit: Option<CostLimit>) -> Response {
    // as a browser sends it: spaces and the characters a URL cannot hold escaped
    let sent = url.replace(' ', "%20").replace('"', "%22");
    let (path, query) = match sent.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (sent.as_str(), None),
    };
    let info =
        RequestInfo { method, path, query, url_len: sent.len() + 30, body, cost_limit, ..RequestInfo::default() };
    let rendered = match plan(&info) {
        Plan::Respond(r) => return r,
        Plan::Diagram(job) => job.render(),
        Plan::Game(job) => job.render(),
    };
    match rendered {
        Rendered::Diagram(r) | Rendered::Failed(r) => r,
    }
}

/// The content type of a route's answer, by its path.
fn content_type(path: &str) -> &'static str {
    let path = path.split('?').next().unwrap_or(path);
    if path.ends_with(".svg") {
        "image/svg+xml"
    } else if path.ends_with(".gif") {
        "image/gif"
    } else if path.ends_with(".txt") {
        "text/plain; charset=utf-8"
    } else if path.ends_with(".json") {
        "application/json"
    } else {
        "image/png"
    }
}

/// The status a line documents for its example: `→ 400` or `→ 404` after it, else 200.
fn documented_status(line: &str, url: &str) -> u16 {
    let after = line.find(url).map_or("", |i| &line[i + url.len()..]);
    let after = after.trim_start_matches('`').trim_start();
    for status in [400, 404] {
        if after.starts_with(&format!("→ {status}")) || after.starts_with(&format!("→ `{status}`")) {
            return status;
        }
    }
    200
}

#[test]
fn every_url_example_answers_as_documented() {
    let limit = shipped_limit();
    assert!(limit.is_some(), "wrangler.toml ships FFEN_MAX_RENDER_MS");
    let mut examples = Vec::new();
    for (name, text) in documents() {
        examples.extend(url_examples(&name, &text));
    }
    assert!(examples.len() >= 15, "{} URL examples: {examples:#?}", examples.len());
    let mut wrong = Vec::new();
    for example in &examples {
        let want = documented_status(&example.line, &example.url);
        let r = answer("GET", &example.url, None, None);
        let kind = r.header("content-type").unwrap_or("").to_string();
        if r.status != want || (want == 200 && kind != content_type(&example.url)) {
            let body = String::from_utf8_lossy(&r.body[..r.body.len().min(200)]).into_owned();
            wrong.push(format!("{}: {} → {} {kind} (documented {want}) {body}", example.at, example.url, r.status));
            continue;
        }
        // under the Free plan's shipped limit: served, or marked as needing a larger one
        let limited = answer("GET", &example.url, None, limit);
        if limited.status != r.status && !example.line.contains("FFEN_MAX_RENDER_MS") {
            wrong.push(format!("{}: {} is refused under the shipped limit, unmarked", example.at, example.url));
        }
    }
    assert!(wrong.is_empty(), "{} of {} examples:\n{}", wrong.len(), examples.len(), wrong.join("\n"));
}

#[test]
fn the_post_game_gif_example_answers_and_says_what_limit_it_needs() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let line = readme.lines().find(|l| l.contains("curl -X POST --data @")).expect("the POST /game.gif example");
    let fixture = line.split("--data @").nth(1).and_then(|r| r.split_whitespace().next()).expect("its fixture");
    let body = std::fs::read(root().join(fixture)).expect("the fixture");
    let r = answer("POST", "/game.gif", Some(&body), None);
    assert_eq!((r.status, r.header("content-type")), (200, Some("image/gif")), "{fixture}");
    let limited = answer("POST", "/game.gif", Some(&body), shipped_limit());
    assert!(
        limited.status == 200 || line.contains("FFEN_MAX_RENDER_MS"),
        "{fixture}: refused by the shipped limit, unmarked"
    );
}

#[test]
fn the_readme_cli_examples_draw_the_boards_their_captions_name() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines: Vec<&str> = readme.lines().filter(|l| l.starts_with("cargo run --release -- ")).collect();
    assert!(lines.len() >= 3, "the README's CLI examples");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for line in lines {
        let (all, caption) = common::shell_words(line);
        let args: Vec<String> = all[4..].to_vec();
        // the caption: `W×H, N pieces`
        let numbers: Vec<usize> = caption
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .take(3)
            .map(|s| s.parse().expect("a number"))
            .collect();
        assert!(
            caption.contains('×') && caption.contains("pieces") && numbers.len() == 3,
            "{line}: a caption W×H, N pieces"
        );
        // as written, the file put in the tests' folder: it is written, in its format
        let out = args.iter().position(|a| a == "-o").map(|i| args[i + 1].clone()).expect("-o FILE");
        let file = tmp.join(format!("readme-{out}"));
        let _ = std::fs::remove_file(&file);
        let run: Vec<String> =
            args.iter().map(|a| if *a == out { file.display().to_string() } else { a.clone() }).collect();
        let done = Command::new(env!("CARGO_BIN_EXE_ffen-render")).args(&run).output().expect("ffen-render runs");
        assert!(done.status.success(), "{line}: {}", String::from_utf8_lossy(&done.stderr));
        let bytes = std::fs::read(&file).expect("the CLI wrote its file");
        let magic: &[u8] = match out.rsplit('.').next() {
            Some("svg") => b"<svg",
            Some("gif") => b"GIF89a",
            _ => b"\x89PNG",
        };
        assert!(bytes.starts_with(magic), "{line}: a {out}");
        // the board: the same position and dialect in words
        let mut json_args: Vec<String> = Vec::new();
        let mut skip = false;
        for (i, a) in args.iter().enumerate() {
            if skip {
                skip = false;
                continue;
            }
            match a.as_str() {
                "-o" | "--format" | "--moves" | "--delay" => skip = true,
                "--svg" => {}
                _ => json_args.push(args[i].clone()),
            }
        }
        json_args.extend(["--format", "json", "-o", "-"].map(String::from));
        let words =
            Command::new(env!("CARGO_BIN_EXE_ffen-render")).args(&json_args).output().expect("ffen-render runs");
        assert!(words.status.success(), "{line}: {}", String::from_utf8_lossy(&words.stderr));
        let data: serde_json::Value = serde_json::from_slice(&words.stdout).expect("JSON");
        let drawn =
            [data["width"].as_u64(), data["height"].as_u64(), data["pieces"].as_array().map(|p| p.len() as u64)];
        let named = [Some(numbers[0] as u64), Some(numbers[1] as u64), Some(numbers[2] as u64)];
        assert_eq!(drawn, named, "{line}: the board drawn (width, height, pieces) against its caption");
    }
}
