//! Fifty random legal games (tests/fixtures/games/, made by scripts/make-san-fixtures.py with python-chess, an
//! independent reader) replay to the boards that reader gives after every ply: each as the `moves=` text a player
//! types (SAN, `1.e4` and `1. e4`, `0-0`, `e8Q`, `exd6 e.p.`) and as its PGN (lichess's and chess.com's exports:
//! tags, clocks, NAGs and marks, variations), whose glyphs are read too.

use ffen_diagram::ffen::{canonical, parse, Dialect};
use ffen_diagram::moves::{side_to_move, Moves};
use ffen_diagram::pgn::{Glyph, Pgn, INITIAL};
use ffen_diagram::replay::{resolve, Start};

struct Fixture {
    name: String,
    start: String,
    moves: String,
    boards: Vec<String>,
    glyphs: Vec<Option<Glyph>>,
    pgn: String,
}

fn fixtures() -> Vec<Fixture> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/games");
    (1..=50)
        .map(|n| {
            let name = format!("g{n:02}");
            let text = std::fs::read_to_string(format!("{dir}/{name}.txt")).unwrap();
            let mut lines = text.lines();
            let start = lines.next().unwrap().strip_prefix("start ").unwrap();
            let start = if start == "-" { INITIAL.to_string() } else { start.to_string() };
            let moves = lines.next().unwrap().strip_prefix("moves ").unwrap().to_string();
            let (boards, glyphs) = lines
                .map(|l| {
                    let (board, glyph) = l.split_once(' ').unwrap();
                    (board.to_string(), Glyph::from_symbol(glyph))
                })
                .unzip();
            let pgn = std::fs::read_to_string(format!("{dir}/{name}.pgn")).unwrap();
            Fixture { name, start, moves, boards, glyphs, pgn }
        })
        .collect()
}

fn replay(moves: &Moves, start: &str) -> Vec<String> {
    let board = parse(start.split(' ').next().unwrap(), Dialect::Janko).unwrap();
    let first = side_to_move(start);
    let resolved = resolve(moves, &board, first, Start::read(start)).unwrap_or_else(|e| panic!("{e}"));
    let lines = resolved.play(&board, first).unwrap();
    // The canonical text reads back and plays the same frames from White (the canonical FFEN has no side).
    let again: Moves = resolved.canonical(first).parse().unwrap();
    assert_eq!(again.play(&board, ffen_diagram::Color::White).unwrap(), lines);
    lines[0].iter().map(|step| canonical(&step.board)).collect()
}

#[test]
fn fifty_games_in_san_replay_to_python_chess_boards() {
    let fixtures = fixtures();
    assert_eq!(fixtures.len(), 50);
    for f in &fixtures {
        let moves: Moves = f.moves.parse().unwrap_or_else(|e| panic!("{}: {e}", f.name));
        assert_eq!(replay(&moves, &f.start), f.boards, "{}", f.name);
    }
}

#[test]
fn fifty_games_as_pgn_replay_to_python_chess_boards() {
    for f in fixtures() {
        let pgn: Pgn = f.pgn.parse().unwrap_or_else(|e| panic!("{}: {e}", f.name));
        let start = pgn.start().unwrap();
        assert_eq!(start.fen, f.start, "{}", f.name);
        assert_eq!(replay(&pgn.moves, &start.fen), f.boards, "{}", f.name);
        assert_eq!(pgn.glyphs, f.glyphs, "{}", f.name);
        assert!(pgn.tag("White").is_some_and(|w| w.starts_with("white")));
    }
}

#[test]
fn the_fixtures_hold_what_san_must_get_right() {
    let all: String = fixtures().iter().map(|f| f.moves.clone() + " ").collect();
    let count = |pattern: &dyn Fn(&str) -> bool| all.split(' ').filter(|w| pattern(w)).count();
    assert!(count(&|w| w.contains("O-O-O") || w.contains("0-0-0")) >= 3);
    assert!(count(&|w| w.ends_with("O-O") || w.ends_with("0-0")) >= 10);
    assert!(count(&|w| w == "e.p.") >= 5);
    assert!(count(&|w| w.contains('=') || w.trim_end_matches(['+', '#']).ends_with(['Q', 'R', 'B', 'N'])) >= 20);
    assert!(count(&|w| w.contains('+')) >= 100);
    let disambiguated = |w: &str| {
        let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.').replace('x', "");
        w.starts_with(['N', 'R']) && w.trim_end_matches(['+', '#']).len() == 4
    };
    assert!(count(&disambiguated) >= 50);
}
