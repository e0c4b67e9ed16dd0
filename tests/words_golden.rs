//! The golden descriptions (`tests/golden/words/`): every position of `cases.tsv` in each language and form on
//! `/diagram.txt`, and as data on `/diagram.json`, through the planner as the Worker answers them, compared byte for
//! byte with the files. `UPDATE_GOLDEN_WORDS=1 cargo test --test words_golden` writes them (read them before a
//! commit: a person checks each description once).

use ffen_diagram::http::{plan, Plan, Rendered, RequestInfo};
use std::path::PathBuf;

/// The outputs of each case: the file's last part, the route, what the query gets.
const OUTPUTS: [(&str, &str, &str); 5] = [
    ("en.txt", "/diagram.txt", ""),
    ("de.txt", "/diagram.txt", "&lang=de"),
    ("fr.txt", "/diagram.txt", "&lang=fr"),
    ("popeye.txt", "/diagram.txt", "&form=popeye"),
    ("json", "/diagram.json", ""),
];

fn answer(path: &str, query: &str) -> Vec<u8> {
    let info = RequestInfo { method: "GET", path, query: Some(query), url_len: 100, ..RequestInfo::default() };
    match plan(&info) {
        Plan::Diagram(job) => match job.render() {
            Rendered::Diagram(response) => response.body,
            Rendered::Failed(response) => panic!("{path}?{query}: {response:?}"),
        },
        Plan::Respond(response) => panic!("{path}?{query}: {}", String::from_utf8_lossy(&response.body)),
        Plan::Game(_) => panic!("{path}?{query}: a game"),
    }
}

#[test]
fn every_golden_position_in_every_language_and_form() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/words");
    let cases = std::fs::read_to_string(root.join("cases.tsv")).unwrap();
    let update = std::env::var_os("UPDATE_GOLDEN_WORDS").is_some_and(|v| v != "0");
    let mut problems = Vec::new();
    let mut count = 0;
    for line in cases.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (name, query) = line.split_once('\t').expect("two columns");
        for (suffix, path, extra) in OUTPUTS {
            let bytes = answer(path, &format!("{query}{extra}"));
            let file = root.join(format!("{name}.{suffix}"));
            count += 1;
            if update {
                std::fs::write(&file, &bytes).unwrap();
            } else if std::fs::read(&file).ok().as_deref() != Some(bytes.as_slice()) {
                problems.push(format!("{}: differs\n{}", file.display(), String::from_utf8_lossy(&bytes)));
            }
        }
    }
    assert!(count >= 45, "only {count} goldens");
    assert!(problems.is_empty(), "{}\n(UPDATE_GOLDEN_WORDS=1 cargo test --test words_golden)", problems.join("\n"));
}
