//! The README's animated example, `docs/gallery/circe-solution.gif`, is a golden: the CLI command of
//! `docs/gallery/generate.sh` that makes it draws it byte for byte today, and so does the Worker for the URL the README
//! shows under it. Regenerate after an intended change of the drawing (and a new `http::CACHE_VERSION`), then look at
//! it: `UPDATE_GOLDENS=1 cargo test --test readme_example`.

mod common;

use common::golden::updating_goldens;
use ffen_diagram::http::{plan, Plan, Rendered, RequestInfo};
use std::path::{Path, PathBuf};
use std::process::Command;

const GIF: &str = "docs/gallery/circe-solution.gif";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The words of the command in `generate.sh` that writes `file` (its lines joined), single quotes removed: the
/// script quotes with `'…'` only.
fn generate_command(file: &str) -> Vec<String> {
    let script = std::fs::read_to_string(root().join("docs/gallery/generate.sh")).expect("generate.sh");
    let joined = script.replace("\\\n", " ");
    let line = joined.lines().find(|line| line.contains(file)).unwrap_or_else(|| panic!("generate.sh writes {file}"));
    common::shell_words(line).0
}

/// What `ffen-render` writes for generate.sh's command (its `-o` pointed into the tests' temporary folder).
fn cli_bytes(file: &str) -> Vec<u8> {
    let words = generate_command(file);
    assert_eq!(words.first().map(String::as_str), Some("$r"), "{words:?}");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme-example.gif");
    let _ = std::fs::remove_file(&out);
    let args: Vec<String> =
        words[1..].iter().map(|w| if w.starts_with("$d/") { out.display().to_string() } else { w.clone() }).collect();
    let output = Command::new(env!("CARGO_BIN_EXE_ffen-render")).args(&args).output().expect("ffen-render runs");
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    std::fs::read(&out).expect("the CLI wrote the GIF")
}

/// The link the README shows under the picture, sent as a browser sends it (spaces as `%20`), answered by the
/// Worker's planner.
fn readme_link_bytes() -> Vec<u8> {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let link = readme
        .split('`')
        .find(|code| code.starts_with("/diagram.gif?") && code.contains("moves="))
        .expect("the README shows the example's link");
    let query = link["/diagram.gif?".len()..].replace(' ', "%20");
    let info = RequestInfo {
        method: "GET",
        path: "/diagram.gif",
        query: Some(&query),
        url_len: 300,
        ..RequestInfo::default()
    };
    let job = match plan(&info) {
        Plan::Diagram(job) => job,
        Plan::Respond(r) => panic!("{link}: {} {}", r.status, String::from_utf8_lossy(&r.body)),
        Plan::Game(_) => panic!("{link}: a game"),
    };
    match job.render() {
        Rendered::Diagram(r) => r.body,
        Rendered::Failed(r) => panic!("{link}: {}", String::from_utf8_lossy(&r.body)),
    }
}

#[test]
fn the_readme_animation_is_what_the_cli_and_the_worker_draw() {
    let path = root().join(GIF);
    let file = Path::new(GIF).file_name().and_then(|f| f.to_str()).expect("a file name");
    let drawn = cli_bytes(file);
    assert!(drawn.starts_with(b"GIF89a") && drawn.len() < 30_000, "a small GIF: {} bytes", drawn.len());
    if updating_goldens() {
        std::fs::write(&path, &drawn).expect("write the README's animation");
    }
    let committed = std::fs::read(&path).expect("the README's animation");
    assert!(committed == drawn, "stale {GIF} (UPDATE_GOLDENS=1 cargo test --test readme_example)");
    assert!(readme_link_bytes() == drawn, "the README's link draws another picture than {GIF}");
}

#[test]
fn the_command_reader_keeps_quoted_words_whole() {
    let words = generate_command("circe-solution.gif");
    let solution = "1.Be1-a5? e5*f4 [+wPf2]! | 1.Be1-c3! e5*f4 [+wPf2] 2.Gf6*b2 [+n(grasshopper)b1]#";
    assert!(words.contains(&solution.to_string()), "{words:?}");
    assert!(words.contains(&"--format".to_string()) && words.contains(&"gif".to_string()), "{words:?}");
}
