//! The house rules of size (docs/architecture.md). No function in `src/` is over 100 lines, so that a reader can
//! hold one: every `fn` item, from its signature's first line to its closing brace at the same indentation, as
//! rustfmt lays it out. No module in `src/` is over 800 lines, its tests excluded (a `tests.rs` file, a `tests/`
//! folder, the inline `#[cfg(test)] mod tests` at its end), so that a module that grows is split by its steps.
//! `vendor/` is not ours and is not read.

use std::fs;
use std::path::Path;

const MOST_LINES: usize = 100;

/// The most lines a module of `src/` may have, its tests excluded.
const MOST_MODULE_LINES: usize = 800;

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

/// The lines of a module's own code: up to its inline test module, if it has one.
fn module_lines(text: &str) -> usize {
    let code = text.find("#[cfg(test)]\nmod tests").map_or(text, |at| &text[..at]);
    code.lines().count()
}

/// Whether `path` holds tests only: a `tests.rs` file or a file in a `tests/` folder of `src/`.
fn is_tests(path: &Path) -> bool {
    path.file_stem().is_some_and(|s| s == "tests") || path.iter().any(|part| part == "tests")
}

#[test]
fn no_module_in_src_is_over_800_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut long: Vec<String> = files
        .iter()
        .filter(|file| !is_tests(file.strip_prefix(&src).expect("under src/")))
        .map(|file| (file, module_lines(&fs::read_to_string(file).expect("a source file"))))
        .filter(|(_, lines)| *lines > MOST_MODULE_LINES)
        .map(|(file, lines)| format!("{}: {lines} lines", file.display()))
        .collect();
    long.sort();
    assert!(
        long.is_empty(),
        "modules over {MOST_MODULE_LINES} lines (split them by their steps):\n{}",
        long.join("\n")
    );
}

#[test]
fn the_module_check_counts_code_before_its_tests() {
    let code = "fn a() {}\n".repeat(3);
    assert_eq!(module_lines(&format!("{code}#[cfg(test)]\nmod tests {{\n    fn t() {{}}\n}}\n")), 3);
    assert_eq!(module_lines(&code), 3);
    assert!(is_tests(Path::new("http/tests/pinned.rs")) && is_tests(Path::new("links/tests.rs")));
    assert!(!is_tests(Path::new("encode/deflate.rs")));
}
