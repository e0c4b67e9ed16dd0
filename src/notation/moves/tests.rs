use super::*;
use crate::notation::ffen::{canonical, parse, Dialect};
use crate::notation::moves::token::read_square;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// The canonical FFEN after each move of each line of `moves` played from `ffen` with `first` to move.
fn boards(ffen: &str, moves: &str, first: Color) -> Result<Vec<Vec<String>>, String> {
    let board = parse(ffen, Dialect::Janko).unwrap();
    let moves: Moves = moves.parse().map_err(|e: MoveError| e.to_string())?;
    let lines = moves.play(&board, first).map_err(|e| e.to_string())?;
    Ok(lines.iter().map(|line| line.iter().map(|frame| canonical(&frame.board)).collect()).collect())
}

/// The position after the whole of `moves` (one line), White first.
fn after(ffen: &str, moves: &str) -> String {
    boards(ffen, moves, Color::White).unwrap()[0].last().unwrap().clone()
}

fn error(ffen: &str, moves: &str) -> String {
    boards(ffen, moves, Color::White).unwrap_err()
}

#[test]
fn coordinates_and_the_long_notation_give_the_same_positions() {
    let want = boards(START, "e2e4 e7e5 g1f3 b8c6", Color::White).unwrap();
    assert_eq!(want[0][3], "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
    for text in [
        "e2e4,e7e5,g1f3,b8c6",
        "1.e2-e4 e7-e5 2.Sg1-f3 Sb8-c6",
        "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6",
        "1.e2-e4 1...e7-e5 2.Sg1-f3 2...Sb8-c6",
    ] {
        assert_eq!(boards(START, text, Color::White).unwrap(), want, "{text}");
    }
}

#[test]
fn captures_are_written_with_x_star_or_colon() {
    let ffen = "4k3/8/8/3p4/4P3/8/8/4K3";
    for text in ["e4xd5", "e4*d5", "e4:d5", "e4-d5", "e4d5", "Pe4xd5"] {
        assert_eq!(after(ffen, text), "4k3/8/8/3P4/8/8/8/4K3", "{text}");
    }
}

#[test]
fn promotions_take_the_moving_pieces_colour() {
    let ffen = "8/4P3/8/8/8/8/4p3/8";
    assert_eq!(after(ffen, "e7e8q"), "4Q3/8/8/8/8/8/4p3/8");
    assert_eq!(after(ffen, "e7-e8=S"), "4N3/8/8/8/8/8/4p3/8");
    // Popeye's `=N` is a nightrider, its `=G` a grasshopper; `e7e8n` in coordinates is the knight.
    assert_eq!(after(ffen, "e7-e8=N"), "4[nightrider:w]3/8/8/8/8/8/4p3/8");
    assert_eq!(after(ffen, "e7-e8=G"), "4[grasshopper:w]3/8/8/8/8/8/4p3/8");
    assert_eq!(after(ffen, "e7e8n"), "4N3/8/8/8/8/8/4p3/8");
    assert_eq!(after(ffen, "e7-e8=(nightrider)"), "4[nightrider:w]3/8/8/8/8/8/4p3/8");
    assert_eq!(boards(ffen, "1...e2-e1=R", Color::White).unwrap()[0][0], "8/4P3/8/8/8/8/8/4r3");
}

#[test]
fn castling_moves_king_and_rook_for_the_side_to_move() {
    let ffen = "r3k2r/8/8/8/8/8/8/R3K2R";
    assert_eq!(after(ffen, "0-0"), "r3k2r/8/8/8/8/8/8/R4RK1");
    assert_eq!(after(ffen, "O-O-O"), "r3k2r/8/8/8/8/8/8/2KR3R");
    assert_eq!(after(ffen, "0-0 0-0-0"), "2kr3r/8/8/8/8/8/8/R4RK1");
    assert_eq!(boards(ffen, "1...O-O", Color::White).unwrap()[0][0], "r4rk1/8/8/8/8/8/8/R3K2R");
    assert_eq!(boards(ffen, "0-0", Color::Black).unwrap()[0][0], "r4rk1/8/8/8/8/8/8/R3K2R");
    let board = parse(ffen, Dialect::Janko).unwrap();
    let frames = "0-0".parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
    let (e1, g1) = (Square { file: 4, rank: 1 }, Square { file: 6, rank: 1 });
    assert_eq!(frames[0][0].last, Some((e1, g1)));
    assert_eq!(frames[0][0].changed.len(), 4);
    assert_eq!(error("4k3/8/8/8/8/8/8/4K3", "0-0"), "move 1, 0-0: no white rook beside the king on e1 to castle with");
    assert_eq!(error("8/8/8/8/8/8/8/R7", "0-0"), "move 1, 0-0: no white king to castle");
}

#[test]
fn a_pawn_moving_diagonally_to_an_empty_square_takes_the_pawn_it_passed() {
    let ffen = "4k3/8/8/3pP3/8/8/8/4K3";
    assert_eq!(after(ffen, "1.e5*d6 ep."), "4k3/8/3P4/8/8/8/8/4K3");
    let board = parse(ffen, Dialect::Janko).unwrap();
    let frames = "e5d6".parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
    assert_eq!(frames[0][0].changed.len(), 3, "d5 emptied, e5 left, d6 reached");
    // Onto an occupied square it is an ordinary capture.
    assert_eq!(after("4k3/8/3n4/3pP3/8/8/8/4K3", "e5xd6"), "4k3/8/3P4/3p4/8/8/8/4K3");
}

#[test]
fn rebirths_put_pieces_on_squares() {
    let ffen = "2b1k3/3r4/8/8/8/8/8/3QK3";
    assert_eq!(after(ffen, "1.Qd1*d7 [+bRh8]"), "2b1k2r/3Q4/8/8/8/8/8/4K3");
    assert_eq!(after(ffen, "Qd1*d7[+bRh8]"), "2b1k2r/3Q4/8/8/8/8/8/4K3");
    assert_eq!(after(ffen, "[+n(grasshopper)a1]"), "2b1k3/3r4/8/8/8/8/8/[grasshopper:n]2QK3");
    assert_eq!(after(ffen, "[+wSa1]"), "2b1k3/3r4/8/8/8/8/8/N2QK3");
    let text = error(ffen, "[+xRh8]");
    assert_eq!(text, "move 1, [+xRh8]: a piece put on a square, as [+wRh8]");
    // Printed apart, as Popeye prints it, a rebirth is part of its move: one frame, and the sides alternate
    // as without it (Black's 0-0 after it is Black's).
    let moves: Moves = "1.Qd1*d7 [+bRh8] Ke8-f8".parse().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves.lines[0][0].text, "Qd1*d7 [+bRh8]");
    assert_eq!(moves.lines[0][1].number, 2);
    let castle = "4k2r/8/8/8/8/8/3r4/3QK3";
    assert_eq!(after(castle, "Qd1*d2 [+bRa8] 0-0"), "r4rk1/8/8/8/8/8/3Q4/4K3");
    // At the start of a line it is a move of its own.
    assert_eq!("[+wSa1] | [+wSa2] a2a3".parse::<Moves>().unwrap().len(), 3);
    let too_many = format!("{} [+bRh8]", vec!["e2e4 e4e2"; MAX_MOVES / 2].join(" "));
    assert_eq!(too_many.parse::<Moves>().unwrap().len(), MAX_MOVES);
}

#[test]
fn marks_and_annotations_are_ignored_and_the_issue_s_solution_plays() {
    let ffen = "8/8/8/4k3/8/8/8/3QK3";
    let lines = boards(ffen, "1.Qd1-h5! Ke5-d4 2.Qh5-d5#", Color::White).unwrap();
    assert_eq!(lines[0].len(), 3);
    assert_eq!(lines[0][2], "8/8/8/3Q4/3k4/8/8/4K3");
    assert_eq!(after(ffen, "Qd1-h5!? Ke5-d4?! Qh5-d5+ 1-0"), "8/8/8/3Q4/3k4/8/8/4K3");
}

#[test]
fn a_bar_starts_the_next_line_from_the_diagram() {
    let ffen = "8/8/8/4k3/8/8/8/3QK3";
    let lines = boards(ffen, "1.Qd1-d4+ Ke5xd4 | 1.Qd1-h5+ Ke5-d6|1.Qd1-d3", Color::White).unwrap();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines.iter().map(Vec::len).collect::<Vec<_>>(), [2, 2, 1]);
    assert_eq!(lines[2][0], "8/8/8/4k3/8/3Q4/8/4K3");
    assert!("| |".parse::<Moves>().unwrap().is_empty());
}

#[test]
fn a_move_that_cannot_be_played_names_its_place_and_text() {
    assert_eq!(error(START, "e2e4 e3e5"), "move 2, e3e5: e3 is empty");
    assert_eq!(error(START, "e2e9"), "move 1, e2e9: e9 is off the 8×8 board");
    assert_eq!(error(START, "i2i4"), "move 1, i2i4: i2 is off the 8×8 board");
    assert_eq!(error("8/8/8/8/8/8/4[-]3/4K3", "e1e2"), "move 1, e1e2: e2 is a hole");
    assert!(error(START, "1.e2-e4 hello").starts_with("move 2, hello: expected a move such as e2e4"));
    assert!(error(START, "e2-e4=K7").starts_with("move 1, e2-e4=K7: expected"));
    assert!(error(START, "e2e4[+wQd4").starts_with("move 1, e2e4[+wQd4: a '[' without its ']'"));
}

#[test]
fn more_than_the_limit_is_refused_naming_it() {
    let ok = vec!["e2e4 e4e2"; MAX_MOVES / 2].join(" ");
    assert_eq!(ok.parse::<Moves>().unwrap().len(), MAX_MOVES);
    let too_many = format!("{ok} | e2e4");
    assert_eq!(too_many.parse::<Moves>().unwrap_err().to_string(), "501 moves: at most 500 are played");
}

/// The canonical text reads back to moves that play, from White, the frames the text played from its side.
#[test]
fn the_canonical_text_plays_as_the_text_did() {
    let cases = [
        (START, "1.e2-e4! e7-e5 2.Sg1-f3 | 1.d2-d4 1...d7-d5", Color::White),
        ("r3k2r/pppq1ppp/8/3pP3/8/8/PPP2PPP/R3K2R", "1.0-0 0-0-0 2.e5xd6 ep. Qd7xd6", Color::White),
        ("r3k2r/8/8/8/8/8/8/R3K2R", "0-0 0-0 | a1a2 0-0-0 | 1...0-0 0-0", Color::Black),
        ("r3k2r/8/8/8/8/8/8/R3K2R", "a1a2 1...0-0 0-0", Color::White),
        ("2b1k3/3r4/8/8/8/8/4P3/3QK3", "1.Qd1*d7 [+bRh8] Ke8-f8 2.e2-e4 [+n(grasshopper)a1][+wSb1]", Color::White),
        ("8/4P3/8/8/8/8/4p3/8", "e7e8q e2-e1=(nightrider) e8-e7=S", Color::White),
        // Moves that only put pieces, after another: numbered, so that reading back does not join them to it.
        ("4k3/8/8/8/8/8/4P3/4K3", "1.[+bRh8] 1.[+bRh8] e2e4 2.[+wQd1]", Color::White),
        // A move to file x (the 24th) keeps its dash, apart from a capture's `x`.
        ("996/996/996/996/996/3Q992", "1.Qd1-x5 Qx5xd1 d1xx5", Color::White),
        ("4k3/8/8/8/8/8/8/4K3", "1.Ke1-e2 [+bRh8] 2.[+wRa1] | [+wPe4] 1.[+wPe5]", Color::Black),
    ];
    for (ffen, text, first) in cases {
        let board = parse(ffen, Dialect::Janko).unwrap();
        let moves: Moves = text.parse().unwrap();
        let canonical = moves.canonical(first);
        let again: Moves = canonical.parse().unwrap();
        assert_eq!(again.canonical(Color::White), canonical, "{text}");
        assert_eq!(again.play(&board, Color::White), moves.play(&board, first), "{text} → {canonical}");
    }
    let moves: Moves = "0-0 0-0 | a1a2 0-0-0".parse().unwrap();
    assert_eq!(moves.canonical(Color::Black), "1...0-0 0-0 | 1...a1a2 0-0-0");
    let puts: Moves = "1.[+bRh8] 1.[+bRh8] | Ke1-e2 [+bRh8]".parse().unwrap();
    // A second `1.` starts a variation from the diagram.
    assert_eq!(puts.canonical(Color::White), "[+bRh8] | [+bRh8] | e1e2[+bRh8]");
    let file_x: Moves = "1.Qd1-x5 Qx5xd1 d1xx5".parse().unwrap();
    assert_eq!(file_x.canonical(Color::White), "d1-x5 x5d1 d1-x5");
}

#[test]
fn squares_of_wide_boards_and_two_digit_ranks_are_read() {
    assert_eq!(read_square("aa10x"), Some((Square { file: 26, rank: 10 }, "x")));
    assert_eq!(read_square("j10"), Some((Square { file: 9, rank: 10 }, "")));
    for text in ["e0", "e", "E4", "ab", "abc1", "e100"] {
        assert_eq!(read_square(text).map(|(s, _)| s), None, "{text}");
    }
    assert_eq!(after("91/91/91/91/91/91/91/91/91/K9", "a1j10"), "9K/91/91/91/91/91/91/91/91/91");
}

#[test]
fn no_text_panics_or_plays_beyond_the_board() {
    // Odd inputs: every one an answer, never a panic.
    for text in ["", "1.", "1...", "…", "[", "]", "[+]", "=", "e2e4=", "0-0-0-0", "a0a1", "é2é4", "e2\u{301}e4"] {
        let _ = boards(START, text, Color::White);
    }
}

#[test]
fn uci_castling_moves_the_rook_too() {
    let ffen = "r3k2r/8/8/8/8/8/8/R3K2R";
    assert_eq!(after(ffen, "e1g1"), "r3k2r/8/8/8/8/8/8/R4RK1");
    assert_eq!(after(ffen, "e1c1"), "r3k2r/8/8/8/8/8/8/2KR3R");
    assert_eq!(boards(ffen, "1...e8c8", Color::White).unwrap()[0][0], "2kr3r/8/8/8/8/8/8/R3K2R");
    // Chess960: the king takes its own rook, and ends on g1 with the rook on f1.
    assert_eq!(after("8/8/8/8/8/8/8/1K5R", "b1h1"), "8/8/8/8/8/8/8/5RK1");
    // A king's two-file step with no rook beyond is a plain move.
    assert_eq!(after("8/8/8/8/8/8/8/4K3", "e1g1"), "8/8/8/8/8/8/8/6K1");
}

#[test]
fn en_passant_takes_the_piece_that_made_the_previous_move() {
    // A berolina pawn's diagonal double step, taken by the pawn reaching the square it crossed.
    let ffen = "8/1[berolinapawn:b]6/8/2P5/8/8/8/8";
    assert_eq!(after(ffen, "1...BPb7-d5 c5-c6 ep."), "8/8/2P5/8/8/8/8/8");
}

#[test]
fn popeye_s_tree_unfolds_into_variations_and_twins_start_from_their_diagram() {
    let ffen = "4k3/8/8/8/8/8/8/R3K3";
    let lines = boards(ffen, "1.Ra1-a7 ! threat: 2.Ra7-a8 # 1...Ke8-f8 2.Ra7-a8 #", Color::White).unwrap();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].last().unwrap(), "R3k3/8/8/8/8/8/8/4K3");
    assert_eq!(lines[1].last().unwrap(), "R4k2/8/8/8/8/8/8/4K3");
    let twins = boards(ffen, "a) 1.Ra1-a2 b) wKe1-->d1 1.Ra1-a3 +c) -bKe8 1.Ra1-a4", Color::White).unwrap();
    assert_eq!(twins[1][0], "4k3/8/8/8/8/8/8/R2K4");
    assert_eq!(twins[2][0], "8/8/8/8/8/8/8/R2K4");
    assert_eq!(twins[2].last().unwrap(), "8/8/8/8/R7/8/8/3K4");
    // Popeye's `rotate 90`: a1 to h1, e1 to h5, e8 to a5.
    assert_eq!(boards(ffen, "b) rotate 90 1.Kh5-h4", Color::White).unwrap()[0][1], "8/8/8/k7/7K/8/8/7R");
    for text in ["1.Sc3*d5[wSd5->c3]", "aPe6-e7[=na]", "e7-e8=G", "1.e2-e4 [-bPb3]", "nQf2-d4=w"] {
        assert!(text.parse::<Moves>().is_ok(), "{text}");
    }
}

#[test]
fn a_move_number_past_what_a_number_holds_is_no_panic() {
    // (Found by the fuzzer: the ply after the largest number overflowed.)
    for text in ["100000000000000000000000000000000.Rb2 bb2 b8", "18446744073709551615...Ra2 Ra3 Ra4"] {
        let _ = text.parse::<Moves>();
    }
}

#[test]
fn a_black_castling_numbered_in_the_canonical_text_goes_on_with_its_line() {
    // (Found by the SAN fuzz target: `1...` after two moves started a variation when read back.)
    let board = parse("r3k2r/8/8/8/8/8/8/R3K2R", Dialect::Janko).unwrap();
    let moves: Moves = "0-0 30..0-0 30... 0-0-0".parse().unwrap();
    let frames = moves.play(&board, Color::White).unwrap();
    let canonical = moves.canonical(Color::White);
    assert_eq!(canonical, "0-0 0-0 3...0-0-0");
    assert_eq!(canonical.parse::<Moves>().unwrap().play(&board, Color::White).unwrap(), frames);
}
