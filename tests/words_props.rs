//! The words against the board they came from: the JSON of any board lists every piece once, on its square, with
//! its colour and what it is, and is valid JSON whatever the furniture's text holds; the text never panics and ends
//! every line.

mod common;

use common::generate::{arb_board, arb_furnished_options};
use ffen_diagram::{file_name, Board, Cell, Color, Form, Format, Lang, PieceKind};
use proptest::prelude::*;
use serde_json::Value;

/// The pieces of `board` as the JSON names them: (square, colour, letter or name, turn in degrees), sorted.
fn pieces_of(board: &Board) -> Vec<(String, String, String, u64)> {
    let mut pieces = Vec::new();
    for (y, row) in board.rows().enumerate() {
        for (x, cell) in row.iter().enumerate() {
            let Cell::Piece(piece) = cell else { continue };
            let what = match &piece.kind {
                PieceKind::Figure(figure) => figure.letter().to_string(),
                PieceKind::Named(name) => name.as_str().to_string(),
                PieceKind::Marker(_) => continue,
            };
            let colour = match piece.color {
                Color::White => "white".to_string(),
                Color::Black => "black".to_string(),
                Color::Neutral => "neutral".to_string(),
                Color::Extra(extra) => extra.digit().to_string(),
            };
            let square = format!("{}{}", file_name(x), board.height() - y);
            pieces.push((square, colour, what, u64::from(piece.rotation.quarter_turns()) * 90));
        }
    }
    pieces.sort();
    pieces
}

fn listed(json: &Value) -> Vec<(String, String, String, u64)> {
    let mut pieces: Vec<_> = json["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .map(|p| {
            let what = p.get("letter").or_else(|| p.get("name")).and_then(Value::as_str).expect("letter or name");
            let colour = p["colour"].as_str().unwrap().to_string();
            assert_eq!(p["neutral"].as_bool(), Some(colour == "neutral"));
            (p["square"].as_str().unwrap().to_string(), colour, what.to_string(), p["turn"].as_u64().unwrap())
        })
        .collect();
    pieces.sort();
    pieces
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_json_lists_every_piece_once_on_its_square(
        board in arb_board(1..=12, 1..=12),
        options in arb_furnished_options(12..=40),
        lang in prop_oneof![Just(Lang::En), Just(Lang::De), Just(Lang::Fr)],
        popeye: bool,
    ) {
        let mut options = options.fitted(&board);
        options.lang = lang;
        options.form = if popeye { Form::Popeye } else { Form::List };
        let bytes = Format::Json.write(&board, &options).expect("JSON is written");
        let text = String::from_utf8(bytes).expect("UTF-8");
        prop_assert!(text.ends_with('\n') && text.lines().count() == 1);
        let json: Value = serde_json::from_str(&text).expect("valid JSON");
        let listed = listed(&json);
        prop_assert_eq!(&listed, &pieces_of(&board));
        // Once: no square twice.
        let mut squares: Vec<&String> = listed.iter().map(|(s, ..)| s).collect();
        squares.dedup();
        prop_assert_eq!(squares.len(), listed.len());
        prop_assert_eq!(json["width"].as_u64(), Some(board.width() as u64));
        prop_assert_eq!(json["height"].as_u64(), Some(board.height() as u64));
        let canonical = ffen_diagram::ffen::canonical(&board);
        prop_assert_eq!(json["ffen"].as_str(), Some(canonical.as_str()));
        prop_assert_eq!(json["lang"].as_str(), Some(lang.name()));
        let title: Vec<&str> = json["title"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        prop_assert_eq!(title, options.furniture.title.lines().iter().map(String::as_str).collect::<Vec<_>>());
        // The text, in either form, is the JSON's description or Popeye's input, line by line.
        let words = String::from_utf8(Format::Txt.write(&board, &options).unwrap()).unwrap();
        let want = json[if popeye { "popeye" } else { "description" }].as_str().unwrap();
        prop_assert_eq!(words.as_str(), want);
        prop_assert!(words.is_empty() || words.ends_with('\n'));
    }
}
