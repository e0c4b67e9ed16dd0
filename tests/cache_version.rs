//! The one cache version (`http::CACHE_VERSION`) tied to the bytes of every golden response: each golden response
//! of `tests/golden/` (PNG, GIF, SVG, and the words' text and JSON) has a line in `tests/golden/hashes.tsv` with the
//! hash of its bytes and the version it was recorded under. A golden whose bytes change while the version stays is a failure: changed bytes
//! under an old key would serve a stale picture forever. After a bump, the changed goldens are recorded again under
//! the new version (`UPDATE_GOLDEN_HASHES=1 cargo test --test cache_version`, which refuses while the version is the
//! one they were recorded under). A new golden is no change: it is recorded under today's version.

use ffen_diagram::http::{fnv1a64, CACHE_VERSION};
use ffen_diagram::Format;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const TABLE: &str = "tests/golden/hashes.tsv";

/// Every golden response below `tests/golden/` (a file named with the extension of one of [`Format::ALL`]: PNG, SVG,
/// text, JSON and GIF files), by its path from there, with the hash of its bytes.
fn goldens() -> BTreeMap<String, String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut found = BTreeMap::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| Format::ALL.iter().any(|format| e == format.extension())) {
                let name = path.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
                found.insert(name, format!("{:016x}", fnv1a64(&std::fs::read(&path).unwrap())));
            }
        }
    }
    found
}

/// The recorded lines: name → (hash, version).
fn recorded(text: &str) -> BTreeMap<String, (String, String)> {
    let rows = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
    rows.map(|line| {
        let [name, hash, version] = line.split('\t').collect::<Vec<_>>()[..] else { panic!("3 columns: {line:?}") };
        (name.to_string(), (hash.to_string(), version.to_string()))
    })
    .collect()
}

/// What is wrong with the table for today's goldens, and the table as it should be written.
fn check(goldens: &BTreeMap<String, String>, table: &BTreeMap<String, (String, String)>) -> (Vec<String>, String) {
    let mut problems = Vec::new();
    let mut out = String::from("# name\tFNV-1a 64 of the bytes\tthe cache version they were recorded under\n");
    for (name, hash) in goldens {
        let version = match table.get(name) {
            None => {
                problems.push(format!("{name}: a new golden, not recorded yet"));
                CACHE_VERSION
            }
            Some((old, version)) if old == hash => version.as_str(),
            Some((_, version)) if version == CACHE_VERSION => {
                problems.push(format!("{name}: its bytes changed under cache version {version}: bump CACHE_VERSION"));
                version.as_str()
            }
            Some((_, version)) => {
                problems.push(format!("{name}: changed since {version}; record it under {CACHE_VERSION}"));
                CACHE_VERSION
            }
        };
        out.push_str(&format!("{name}\t{hash}\t{version}\n"));
    }
    problems.extend(table.keys().filter(|name| !goldens.contains_key(*name)).map(|n| format!("{n}: no such golden")));
    (problems, out)
}

#[test]
fn every_golden_is_recorded_under_the_version_of_its_bytes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLE);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let goldens = goldens();
    assert!(goldens.len() >= 90, "only {} goldens found", goldens.len());
    let (problems, rewritten) = check(&goldens, &recorded(&text));
    if std::env::var_os("UPDATE_GOLDEN_HASHES").is_some_and(|v| v != "0") {
        let unbumped: Vec<&String> = problems.iter().filter(|p| p.contains("bump CACHE_VERSION")).collect();
        assert!(unbumped.is_empty(), "not recorded: {unbumped:#?}");
        std::fs::write(&path, rewritten).unwrap();
        return;
    }
    assert!(problems.is_empty(), "{problems:#?}\n(UPDATE_GOLDEN_HASHES=1 cargo test --test cache_version)");
}

/// The rule itself, on a made-up table: a change without a bump fails, a change after a bump is recorded under the
/// new version, a new golden is recorded under today's, an unchanged one keeps the version it has.
#[test]
fn changed_bytes_need_a_new_version() {
    let goldens: BTreeMap<String, String> =
        [("a.png", "1"), ("b.png", "2"), ("c.svg", "3")].map(|(n, h)| (n.to_string(), h.to_string())).into();
    let table = |rows: &[(&str, &str, &str)]| {
        rows.iter().map(|(n, h, v)| (n.to_string(), (h.to_string(), v.to_string()))).collect::<BTreeMap<_, _>>()
    };
    let old = "r0";
    let (problems, _) = check(&goldens, &table(&[("a.png", "1", old), ("b.png", "2", old), ("c.svg", "3", old)]));
    assert!(problems.is_empty(), "{problems:?}");
    let (problems, _) = check(&goldens, &table(&[("a.png", "9", CACHE_VERSION), ("b.png", "2", old)]));
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("a.png: its bytes changed under cache version") && problems[1].contains("c.svg"));
    let (problems, out) = check(&goldens, &table(&[("a.png", "9", old), ("b.png", "2", old), ("c.svg", "3", old)]));
    assert_eq!(problems, [format!("a.png: changed since {old}; record it under {CACHE_VERSION}")]);
    assert!(out.contains(&format!("a.png\t1\t{CACHE_VERSION}\n")) && out.contains(&format!("b.png\t2\t{old}\n")));
}
