//! The house rule that no function in `src/` is over 100 lines (docs/architecture.md; a reader should be able to
//! hold one): every `fn` item, from its signature's first line to its closing brace at the same indentation, as
//! rustfmt lays it out. `vendor/` is not ours and is not read.

use std::fs;
use std::path::Path;

const MOST_LINES: usize = 100;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each function of `text` longer than the rule allows: its first line (from 1), its length and its signature.
fn too_long(text: &str) -> Vec<(usize, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let item = ["fn ", "pub fn ", "pub(crate) fn ", "pub(super) fn ", "const fn ", "pub const fn "];
        if !item.iter().any(|start| trimmed.starts_with(start)) || trimmed.ends_with(';') {
            continue;
        }
        let closing = format!("{}}}", &line[..line.len() - trimmed.len()]);
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == closing) {
            if end + 2 > MOST_LINES {
                found.push((i + 1, end + 2, trimmed.to_string()));
            }
        }
    }
    found
}

#[test]
fn no_function_in_src_is_over_100_lines() {
    let mut files = Vec::new();
    sources(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path(), &mut files);
    assert!(files.len() > 50, "src/ read: {} files", files.len());
    let mut long = Vec::new();
    for file in files {
        for (line, length, signature) in too_long(&fs::read_to_string(&file).expect("a source file")) {
            long.push(format!("{}:{line}: {length} lines: {signature}", file.display()));
        }
    }
    assert!(long.is_empty(), "functions over {MOST_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn the_check_sees_a_long_function() {
    let body = "    let x = 1;\n".repeat(99);
    let long = format!("fn long() {{\n{body}}}\n");
    assert_eq!(too_long(&long), vec![(1, 101, "fn long() {".to_string())]);
    let short = format!("fn short() {{\n{}}}\n", "    let x = 1;\n".repeat(98));
    assert!(too_long(&short).is_empty());
}
