//! The golden cases of `tests/golden/cases.tsv`, and how a case becomes a board and options.

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::{Board, RenderOptions};

/// One golden diagram: a line of `tests/golden/cases.tsv` (name, dialect, options as a query or `-`, position).
pub struct Case {
    pub name: String,
    pub dialect: Dialect,
    pub options: Vec<(String, String)>,
    pub ffen: String,
}

/// The cases of `tests/golden/cases.tsv` (shared with the Worker's test `tests/e2e/golden.test.mjs`).
pub fn cases() -> Vec<Case> {
    let cases: Vec<Case> = include_str!("../golden/cases.tsv")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let [name, dialect, options, ffen] = columns[..] else { panic!("not 4 tab-separated columns: {line:?}") };
            let options = match options {
                "-" => Vec::new(),
                query => query
                    .split('&')
                    .map(|pair| pair.split_once('=').unwrap_or_else(|| panic!("{name}: option {pair:?} has no `=`")))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            };
            let dialect = dialect.parse().unwrap_or_else(|_| panic!("{name}: dialect {dialect:?}"));
            Case { name: name.to_string(), dialect, options, ffen: ffen.to_string() }
        })
        .collect();
    assert!(cases.len() >= 29, "only {} cases read", cases.len());
    cases
}

/// The board and options of a case, as the Worker makes them: an Interactive Diagram definition (`dialect=hgm`)
/// brings its look, which the case's options override; the options are fitted to the board.
pub fn board_and_options(case: &Case) -> (Board, RenderOptions) {
    let pairs = case.options.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let (board, options) = if case.dialect == Dialect::Hgm {
        let definition = ffen::read_definition(&case.ffen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        (definition.board, RenderOptions::from_definition(&definition.look, pairs))
    } else {
        let board = ffen::parse(&case.ffen, case.dialect).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        (board, RenderOptions::from_pairs(pairs))
    };
    let options = options.unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let options = options.for_board(&board).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    (board, options)
}

/// Whether this run writes the goldens instead of comparing with them (`UPDATE_GOLDENS=1`, not `0`).
pub fn updating_goldens() -> bool {
    std::env::var_os("UPDATE_GOLDENS").is_some_and(|v| v != "0")
}
