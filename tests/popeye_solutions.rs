//! Popeye's own solutions, pasted whole as `moves=`: every problem of Popeye's English example inputs
//! (EXAMPLES/, TESTS/, REGRESSIONS/ of thomas-maeder/popeye) that it solves within 6 seconds, as it printed it
//! (`tests/fixtures/popeye/solutions.txt`: the diagram Popeye printed, in Bodlaender's dialect, and its solution).
//! For the orthodox ones (every move legal in python-chess, with a pass where Popeye's tree skips a side's move,
//! as in a threat), the fixture holds each variation's last position from python-chess' replay: the line's last
//! frame must be it. The rest must play too, or be one of the [`REFUSED`] problems, each refused for the reason
//! given.

use ffen_diagram::ffen::{canonical, parse, Dialect};
use ffen_diagram::moves::Moves;
use ffen_diagram::Color;

struct Problem<'t> {
    name: &'t str,
    ffen: &'t str,
    expect: Option<Vec<&'t str>>,
    solution: String,
}

fn problems(text: &str) -> Vec<Problem<'_>> {
    text.split("=== ")
        .skip(1)
        .map(|block| {
            let mut lines = block.lines();
            let name = lines.next().unwrap();
            let ffen = lines.next().unwrap().strip_prefix("ffen: ").unwrap();
            let mut rest: Vec<&str> = lines.collect();
            let expect = rest.first().and_then(|l| l.strip_prefix("expect: ")).map(|e| e.split(" | ").collect());
            if expect.is_some() {
                rest.remove(0);
            }
            Problem { name, ffen, expect, solution: rest.join("\n") }
        })
        .collect()
}

#[test]
fn popeye_s_printed_solutions_play() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/popeye/solutions.txt")).unwrap();
    let problems = problems(&text);
    let (mut played, mut checked, mut lines) = (0, 0, 0);
    let mut failures = Vec::new();
    for problem in &problems {
        let board = parse(problem.ffen, Dialect::Bodlaender).unwrap_or_else(|e| panic!("{}: {e}", problem.name));
        let result = problem.solution.parse::<Moves>().and_then(|moves| moves.play(&board, Color::White));
        let frames = match result {
            Ok(frames) => frames,
            Err(error) => {
                failures.push(format!("{}: {error}", problem.name));
                continue;
            }
        };
        played += 1;
        if let Some(expect) = &problem.expect {
            let got: Vec<String> = frames.iter().map(|line| canonical(&line.last().unwrap().board)).collect();
            assert_eq!(got, *expect, "{}", problem.name);
            checked += 1;
            lines += got.len();
        }
    }
    eprintln!(
        "{} problems: {played} played ({checked} orthodox, {lines} variations checked against python-chess), {} refused",
        problems.len(),
        failures.len()
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/popeye/refused.txt");
    if std::env::var_os("UPDATE_POPEYE_REFUSED").is_some_and(|v| v != "0") {
        std::fs::write(path, failures.iter().map(|f| format!("{f}\n")).collect::<String>()).unwrap();
    }
    let listed = std::fs::read_to_string(path).unwrap();
    let listed: Vec<&str> = listed.lines().collect();
    assert_eq!(failures, listed, "the refused problems changed");
}
