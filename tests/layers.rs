//! The house rule of `src/`: the layers run one way and no modules import each other in a circle.
//!
//! Every `.rs` file under `src/` is a module; its layer is its top folder, in the order of [`LAYERS`] (`lib.rs`
//! only re-exports, `main.rs` is the CLI on top of everything). An edge runs from a file to every file whose items
//! its non-test code names: `use` trees (braces expanded), inline `crate::…`, `super::…` and child-module paths,
//! and names re-exported at the crate root (`crate::Board` is `notation/board.rs`). The test fails on an edge from
//! a layer to a later one and on any circle of files, naming them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first: a file may name items of its own layer and of the layers before it.
const LAYERS: &[&str] =
    &["work", "pixels", "encode", "notation", "options", "words", "draw", "output", "links", "http", "worker_glue"];

/// A module path (`["notation", "ffen", "janko"]`) → the file's non-test source.
type Modules = BTreeMap<Vec<String>, String>;

fn module_path(relative: &Path) -> Option<Vec<String>> {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    match stem {
        // `tests.rs` files are `#[cfg(test)] mod tests;`, `testing.rs` the crate's `#[cfg(test)] mod testing;` (the
        // unit tests' shared helpers); `main.rs` is the binary.
        "tests" | "testing" | "main" if parts.is_empty() || stem == "tests" => return None,
        "lib" if parts.is_empty() => {}
        "mod" => {}
        _ => parts.push(stem.to_string()),
    }
    Some(parts)
}

/// The source without its test module and without comment lines (doc links are not imports).
fn code_of(source: &str) -> String {
    let cut = source.find("#[cfg(test)]\nmod tests").unwrap_or(source.len());
    source[..cut].lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

fn read_modules(src: &Path) -> Modules {
    let mut modules = Modules::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Some(module) = module_path(path.strip_prefix(src).unwrap()) {
                modules.insert(module, code_of(&std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    modules
}

/// The paths of a `use` tree (`a::{b, c::{d, e as f}}` → `a::b`, `a::c::d`, `a::c::e`).
fn expand_use(tree: &str) -> Vec<String> {
    let tree: String = tree.replace(" as ", "@").chars().filter(|c| !c.is_whitespace()).collect();
    let (Some(open), Some(close)) = (tree.find('{'), tree.rfind('}')) else {
        return vec![tree.split('@').next().unwrap_or(&tree).to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..close.max(open + 1)];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    let joined =
        |e: String| if e == "self" { prefix.trim_end_matches("::").to_string() } else { format!("{prefix}{e}") };
    parts.into_iter().filter(|p| !p.is_empty()).flat_map(|p| expand_use(p).into_iter().map(joined)).collect()
}

/// Every path the code names: the `use` statements' trees expanded, then every inline path with `::`.
fn named_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut statement: Option<String> = None;
    // The code without its `use` statements, for the inline paths.
    let mut rest_of_code = String::new();
    for line in code.lines() {
        let trimmed = line.trim_start();
        if statement.is_none() {
            let rest = trimmed.strip_prefix("pub ").or_else(|| trimmed.strip_prefix("pub(crate) ")).unwrap_or(trimmed);
            match rest.strip_prefix("use ") {
                Some(tree) => statement = Some(tree.to_string()),
                None => {
                    rest_of_code.push_str(line);
                    rest_of_code.push('\n');
                }
            }
        } else if let Some(s) = statement.as_mut() {
            s.push(' ');
            s.push_str(trimmed);
        }
        if let Some(s) = statement.take_if(|s| s.contains(';')) {
            paths.extend(expand_use(&s[..s.find(';').unwrap_or(s.len())]));
        }
    }
    let code = rest_of_code.as_str();
    let bytes = code.as_bytes();
    for (i, _) in code.match_indices("::") {
        // The whole path this `::` belongs to, from its first segment.
        let mut start = i;
        while start > 0
            && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_' || bytes[start - 1] == b':')
        {
            start -= 1;
        }
        if start != i && (start == 0 || bytes[start - 1] != b':') {
            let mut end = i + 2;
            while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_' || bytes[end] == b':')
            {
                end += 1;
            }
            paths.push(code[start..end].trim_end_matches(':').to_string());
        }
    }
    paths
}

/// The file a path names, seen from `module`: the longest known module prefix of its absolute form.
fn resolve(
    path: &str,
    module: &[String],
    modules: &Modules,
    root_names: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (first, tail) = segments.split_first()?;
    let mut absolute: Vec<String> = match *first {
        "crate" => match tail.first().and_then(|n| root_names.get(*n)) {
            Some(target) if !modules.contains_key(&vec![tail[0].to_string()]) => {
                let mut p = target.clone();
                p.extend(tail[1..].iter().map(|s| s.to_string()));
                return longest_module(&p, modules);
            }
            _ => Vec::new(),
        },
        "super" => module[..module.len().saturating_sub(1)].to_vec(),
        "self" => module.to_vec(),
        child => {
            let mut p = module.to_vec();
            p.push(child.to_string());
            if !modules.contains_key(&p) {
                return None; // another crate, a type's associated item, a local enum
            }
            p.pop();
            p
        }
    };
    let rest = if matches!(*first, "crate" | "self" | "super") { tail } else { &segments[..] };
    let mut iter = rest.iter().peekable();
    while iter.peek() == Some(&&"super") {
        absolute.pop();
        iter.next();
    }
    absolute.extend(iter.map(|s| s.to_string()));
    longest_module(&absolute, modules)
}

fn longest_module(path: &[String], modules: &Modules) -> Option<Vec<String>> {
    (0..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| modules.contains_key(p))
}

/// The names the crate root re-exports (`Board` → `notation::board::Board`): the public API, for other crates.
fn root_names(modules: &Modules) -> BTreeMap<String, Vec<String>> {
    let mut root_names = BTreeMap::new();
    for path in modules.get(&Vec::new()).map(|code| named_paths(code)).unwrap_or_default() {
        let segments: Vec<String> = path.split("::").map(str::to_string).collect();
        if let Some(last) = segments.last() {
            if modules.contains_key(&segments[..1].to_vec()) {
                root_names.insert(last.clone(), segments.clone());
            }
        }
    }
    root_names
}

/// The paths of `src/` that reach an item through a re-export of the crate root (`crate::Board`) rather than by
/// its module (`crate::notation::board::Board`): a side door around the layers, which a reader of the file cannot
/// place in a layer.
fn side_doors(modules: &Modules) -> Vec<String> {
    let root_names = root_names(modules);
    let mut found = Vec::new();
    for (module, code) in modules.iter().filter(|(module, _)| !module.is_empty()) {
        for path in named_paths(code) {
            let mut segments = path.split("::");
            if let (Some("crate"), Some(name)) = (segments.next(), segments.next()) {
                if root_names.contains_key(name) && !modules.contains_key(&vec![name.to_string()]) {
                    found.push(format!("{} names {path} (name it by its module)", module.join("::")));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The re-exports of `src/` that keep a second path to an item: outside the crate root, a module re-exports only
/// its own child modules' items (`pub use dialect::parse;` in `ffen.rs`, the module's public API for other crates),
/// and never for the crate alone (`pub(crate) use`: code inside the crate names the item by its own module). A
/// re-export of another module's item (a sibling's, another layer's) would be a second, older path to it.
fn second_paths(modules: &Modules) -> Vec<String> {
    let mut found = Vec::new();
    for (module, code) in modules.iter().filter(|(module, _)| !module.is_empty()) {
        for line in code.lines().map(str::trim_start) {
            let (tree, crate_only) = match (line.strip_prefix("pub use "), line.strip_prefix("pub(crate) use ")) {
                (Some(tree), _) => (tree, false),
                (_, Some(tree)) => (tree, true),
                _ => continue,
            };
            let first = tree.split("::").next().unwrap_or("").trim_start_matches('{');
            let mut child = module.clone();
            child.push(first.to_string());
            let own_child = modules.contains_key(&child);
            if crate_only || !own_child {
                let why = if crate_only { "a re-export for the crate alone" } else { "not its own child's item" };
                found.push(format!("{} re-exports {} ({why})", module.join("::"), tree.trim_end_matches(';')));
            }
        }
    }
    found
}

/// The edges between files (module paths), the crate root left out (it only re-exports).
fn edges(modules: &Modules) -> BTreeSet<(Vec<String>, Vec<String>)> {
    let root_names = root_names(modules);
    let mut edges = BTreeSet::new();
    for (module, code) in modules {
        if module.is_empty() {
            continue;
        }
        for path in named_paths(code) {
            if let Some(target) = resolve(&path, module, modules, &root_names) {
                if &target != module && !target.is_empty() {
                    edges.insert((module.clone(), target));
                }
            }
        }
    }
    edges
}

fn layer(module: &[String]) -> usize {
    let top = module.first().map_or("", String::as_str);
    LAYERS.iter().position(|l| *l == top).unwrap_or_else(|| panic!("src/{top}: not in a layer of LAYERS"))
}

fn upward(edges: &BTreeSet<(Vec<String>, Vec<String>)>) -> Vec<String> {
    edges
        .iter()
        .filter(|(from, to)| layer(from) < layer(to))
        .map(|(from, to)| format!("{} imports {} (a later layer)", from.join("::"), to.join("::")))
        .collect()
}

/// The circles of the graph, each as the files around it (a depth-first search for back edges).
fn circles(edges: &BTreeSet<(Vec<String>, Vec<String>)>) -> Vec<String> {
    let mut next: BTreeMap<&Vec<String>, Vec<&Vec<String>>> = BTreeMap::new();
    for (from, to) in edges {
        next.entry(from).or_default().push(to);
    }
    let mut state: BTreeMap<&Vec<String>, u8> = BTreeMap::new(); // 1 on the stack, 2 done
    let mut found = Vec::new();
    fn visit<'a>(
        node: &'a Vec<String>,
        next: &BTreeMap<&'a Vec<String>, Vec<&'a Vec<String>>>,
        state: &mut BTreeMap<&'a Vec<String>, u8>,
        stack: &mut Vec<&'a Vec<String>>,
        found: &mut Vec<String>,
    ) {
        state.insert(node, 1);
        stack.push(node);
        for &to in next.get(node).map(Vec::as_slice).unwrap_or(&[]) {
            match state.get(to) {
                Some(1) => {
                    let at = stack.iter().position(|n| *n == to).unwrap();
                    let names: Vec<String> = stack[at..].iter().chain([&to]).map(|n| n.join("::")).collect();
                    found.push(names.join(" → "));
                }
                Some(_) => {}
                None => visit(to, next, state, stack, found),
            }
        }
        stack.pop();
        state.insert(node, 2);
    }
    let nodes: Vec<&Vec<String>> = next.keys().copied().collect();
    for node in nodes {
        if !state.contains_key(node) {
            visit(node, &next, &mut state, &mut Vec::new(), &mut found);
        }
    }
    found
}

#[test]
fn layers_run_one_way_and_no_files_import_in_a_circle() {
    let modules = read_modules(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(modules.len() > 30, "read {} modules", modules.len());
    let edges = edges(&modules);
    assert!(edges.len() > 50, "found only {} imports: the reader is broken", edges.len());
    let mut problems = upward(&edges);
    problems.extend(circles(&edges).into_iter().map(|c| format!("circle: {c}")));
    problems.extend(side_doors(&modules));
    problems.extend(second_paths(&modules));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A small tree in memory: the checker finds an upward import and a circle, and nothing in a clean tree.
#[test]
fn the_checker_sees_an_upward_import_and_a_circle() {
    let tree = |files: &[(&str, &str)]| -> Modules {
        files.iter().map(|(path, code)| (module_path(Path::new(path)).unwrap(), code_of(code))).collect()
    };
    let clean = tree(&[
        ("lib.rs", "mod notation; mod draw;\npub use notation::board::{Board, Cell};"),
        ("notation.rs", "pub mod board;"),
        ("notation/board.rs", "pub struct Board;\n/// [`crate::draw::render`]\npub struct Cell;"),
        ("draw.rs", "pub mod render;"),
        ("draw/render.rs", "use crate::Board;\nfn f() { let _ = crate::notation::board::Cell; }\n#[cfg(test)]\nmod tests { use crate::draw::render; }"),
    ]);
    let e = edges(&clean);
    assert!(e.contains(&(vec!["draw".into(), "render".into()], vec!["notation".into(), "board".into()])), "{e:?}");
    assert!(upward(&e).is_empty() && circles(&e).is_empty(), "{e:?}");
    // The edge is found through the root's re-export, and the re-export is named as a side door.
    assert_eq!(side_doors(&clean), ["draw::render names crate::Board (name it by its module)"]);

    let mut bad = clean.clone();
    bad.insert(vec!["notation".into(), "board".into()], code_of("use crate::draw::{render::{self}};"));
    let e = edges(&bad);
    assert_eq!(upward(&e), ["notation::board imports draw::render (a later layer)"]);
    assert_eq!(circles(&e).len(), 1, "{:?}", circles(&e));

    let mut by_module = clean.clone();
    by_module.insert(vec!["draw".into(), "render".into()], code_of("use crate::notation::board::Board;"));
    assert!(side_doors(&by_module).is_empty());

    let mut second = clean.clone();
    second.insert(
        vec!["draw".into()],
        code_of("pub mod render;\npub use render::f;\npub use crate::notation::board::Cell;"),
    );
    second.insert(vec!["notation".into()], code_of("pub mod board;\npub(crate) use board::Cell;"));
    assert_eq!(
        second_paths(&second),
        [
            "draw re-exports crate::notation::board::Cell (not its own child's item)",
            "notation re-exports board::Cell (a re-export for the crate alone)"
        ]
    );

    let parent_child = tree(&[
        ("notation.rs", "pub mod ffen;"),
        ("notation/ffen.rs", "mod janko;\npub struct ParseError;\npub fn parse() { janko::read() }"),
        ("notation/ffen/janko.rs", "use super::{ParseError};\npub fn read() {}"),
    ]);
    assert_eq!(circles(&edges(&parent_child)), ["notation::ffen → notation::ffen::janko → notation::ffen"]);
}
