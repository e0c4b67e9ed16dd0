//! UCI castling as lichess and the engines write it (`e1g1`, `e8c8`: the king's two-square move, the rook moved
//! too): the fifty random legal games of tests/fixtures/games/ (26 of them castle), written in UCI by python-chess
//! (`gNN.uci`, scripts/make-san-fixtures.py), played mechanically by `moves=`'s reader, reach the board python-chess
//! gives after every ply, en passant and promotions included.

use ffen_diagram::ffen::{canonical, parse, Dialect};
use ffen_diagram::moves::{side_to_move, Moves};
use ffen_diagram::pgn::INITIAL;

#[test]
fn uci_games_replay_to_python_chess_boards() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/games");
    let mut castlings = 0;
    for n in 1..=50 {
        let text = std::fs::read_to_string(format!("{dir}/g{n:02}.txt")).unwrap();
        let mut lines = text.lines();
        let start = lines.next().unwrap().strip_prefix("start ").unwrap();
        let start = if start == "-" { INITIAL } else { start };
        lines.next();
        let boards: Vec<&str> = lines.map(|l| l.split_once(' ').unwrap().0).collect();
        let uci = std::fs::read_to_string(format!("{dir}/g{n:02}.uci")).unwrap();
        castlings += ["e1g1", "e1c1", "e8g8", "e8c8"].iter().map(|c| uci.matches(c).count()).sum::<usize>();
        let board = parse(start.split(' ').next().unwrap(), Dialect::Janko).unwrap();
        let moves: Moves = uci.trim().parse().unwrap_or_else(|e| panic!("g{n:02}: {e}"));
        let played = moves.play(&board, side_to_move(start)).unwrap_or_else(|e| panic!("g{n:02}: {e}"));
        let frames: Vec<String> = played[0].iter().map(|step| canonical(&step.board)).collect();
        assert_eq!(frames.len(), boards.len(), "g{n:02}");
        for (ply, (ours, theirs)) in frames.iter().zip(&boards).enumerate() {
            assert_eq!(ours, theirs, "g{n:02}, ply {}: {}", ply + 1, uci.split(' ').nth(ply).unwrap_or(""));
        }
    }
    // (Not every king's two-square move in UCI is a castling, but in these games each is.)
    assert!(castlings >= 26, "{castlings}");
}
