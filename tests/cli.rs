//! The `ffen-render` CLI reads its options as the library does, and draws every format as the Worker serves it.

use ffen_diagram::Format;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `ffen-render` with `args`, writing to the file `name` in the tests' temporary folder (removed first).
fn run_cli(args: &[&str], name: &str) -> (Output, PathBuf) {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&out);
    let output = Command::new(env!("CARGO_BIN_EXE_ffen-render"))
        .args(args)
        .arg("-o")
        .arg(&out)
        .output()
        .expect("ffen-render runs");
    (output, out)
}

fn is_png(path: &PathBuf) -> bool {
    std::fs::read(path).is_ok_and(|bytes| bytes.starts_with(b"\x89PNG\r\n\x1a\n"))
}

#[test]
fn dialect_names_are_read_as_the_worker_reads_them() {
    // The CLI reads dialect names as the Worker does, in any case: `dialect=Bodlaender` works in a URL.
    for (i, name) in ["bodlaender", "Bodlaender", "BODLAENDER"].into_iter().enumerate() {
        let (output, png) = run_cli(&["(Grasshopper)-7", "--dialect", name], &format!("dialect-{i}.png"));
        assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(is_png(&png), "{name}");
    }
    let (output, png) = run_cli(&["8", "--dialect", "klingon"], "dialect-bad.png");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--dialect: bad value \"klingon\" for `dialect`: expected one of janko"), "{stderr}");
    assert!(!png.exists());
}

#[test]
fn game_courier_width_and_xfen() {
    let (output, png) = run_cli(
        &["rnabqkbcnrpppppppppp40PPPPPPPPPPRNABQKBCNR", "--dialect", "courier", "--width", "10"],
        "courier-10.png",
    );
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let bytes = std::fs::read(&png).unwrap();
    // IHDR: 10 files × 40 px + 2 px of frame wide, 8 ranks tall.
    assert_eq!(&bytes[16..24], &[0, 0, 1, 146, 0, 0, 1, 66]);
    let (output, png) = run_cli(&["(Bk)7/8/8/8/8/8/8/7(!S2)", "--dialect", "xfen"], "xfen.png");
    assert!(output.status.success() && is_png(&png));
    for args in [&["8", "--width", "10"][..], &["8", "--dialect", "courier", "--width", "33"][..]] {
        let (output, _) = run_cli(args, "width-bad.png");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn look_options_and_interactive_diagram_definitions() {
    // The golden pictures, drawn by the CLI: the same bytes as the library's (tests/render_golden.rs).
    let golden = |name: &str| std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name));
    let (output, png) = run_cli(
        &[
            "rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR",
            "--dialect",
            "courier",
            "--colors",
            "white #b4b4b4 #8ca2ad",
            "--board",
            "10.21.",
        ],
        "look-gc.png",
    );
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read(&png).unwrap(), golden("look_gc_three_colours.png").unwrap());
    let definition = "files=10 ranks=8 squareSize=36 pawn::::a2-j2 rook::::a1,j1 Knight:N:::b1,i1 Archbishop::::c1 \
                      bishop::::d1,g1 queen::::e1 king::::f1 Chancellor::::h1 Lion:::::2";
    let (output, png) = run_cli(&[definition, "--dialect", "hgm"], "look-hgm.png");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read(&png).unwrap(), golden("look_hgm_capablanca.png").unwrap());
    // A bad value names its parameter; a label count that does not fit the board too.
    let (output, _) = run_cli(&["8/8", "--files", "a b c"], "look-bad.png");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`files`: expected one label per file: 8, not 3"));
    let (output, _) = run_cli(&["files=40", "--dialect", "hgm"], "hgm-bad.png");
    assert!(String::from_utf8_lossy(&output.stderr).contains("column 7: `files` is a number from 1 to 32"));
}

/// The Worker's answer to `path?query` (a diagram: a `200` rendered on a miss).
fn worker_bytes(path: &str, query: &str) -> Vec<u8> {
    use ffen_diagram::http::{plan, Plan, Rendered, RequestInfo};
    let info = RequestInfo { method: "GET", path, query: Some(query), url_len: 300, ..RequestInfo::default() };
    let Plan::Diagram(job) = plan(&info) else { panic!("{path}?{query} is a diagram") };
    let Rendered::Diagram(response) = job.render() else { panic!("{path}?{query} renders") };
    response.body
}

/// Every format, through the CLI and through the Worker, with the same parameters (words, moves, delay, looks and
/// furniture): the same bytes, for each format the library has.
#[test]
fn every_format_draws_what_the_worker_serves() {
    let position = "r3k2r/8/8/8/8/8/8/R3K2R";
    let common = ["--lang", "de", "--size", "24", "--caption", "#2 Circe", "--squares", "Rf7", "--coords"];
    let query = "ffen=r3k2r/8/8/8/8/8/8/R3K2R&lang=de&size=24&caption=%232+Circe&squares=Rf7&coords=1";
    let moves = ["--moves", "1.Ke1-g1 Ke8-c8", "--delay", "700"];
    let moves_query = "&moves=1.Ke1-g1+Ke8-c8&delay=700";
    for format in Format::ALL {
        let name = format.to_string();
        let animates = format.animates();
        let mut args = vec![position, "--format", name.as_str()];
        args.extend(common);
        if animates {
            args.extend(moves);
        }
        let (output, file) = run_cli(&args, &format!("every-format.{name}"));
        assert!(output.status.success(), "{name}: {}", String::from_utf8_lossy(&output.stderr));
        let query = if animates { format!("{query}{moves_query}") } else { query.to_string() };
        assert_eq!(std::fs::read(&file).unwrap(), worker_bytes(format.path(), &query), "--format {name}");
    }
}

/// `--moves` on a format that does not animate is refused as the Worker refuses it; the words ignore the moves.
#[test]
fn moves_are_refused_by_the_svg_and_ignored_by_the_words() {
    let (output, file) = run_cli(&["4k3/8/4K3", "--format", "svg", "--moves", "e1e2"], "moves.svg");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--moves: animated as png or gif only, not svg"), "{stderr}");
    assert!(!file.exists());
    let (output, file) = run_cli(&["4k3/8/4K3", "--format", "txt", "--moves", "e1e2"], "moves.txt");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read(&file).unwrap(), worker_bytes("/diagram.txt", "ffen=4k3/8/4K3"));
    let (output, _) = run_cli(&["4k3/8/4K3", "--moves", "e2e4"], "moves-bad.png");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--moves: move 1, e2e4: e4 is off the 8×3 board"));
}

/// The usage names every format of `Format::ALL` (each drawn by `every_format_draws_what_the_worker_serves`).
#[test]
fn the_usage_names_every_format() {
    let (output, _) = run_cli(&["--help"], "help.png");
    let usage = String::from_utf8_lossy(&output.stderr);
    let names: Vec<&str> = Format::ALL.iter().map(|format| format.extension()).collect();
    assert!(usage.contains(&format!("[--format {}]", names.join("|"))), "{usage}");
}
