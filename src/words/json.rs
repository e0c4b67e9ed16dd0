//! The same reading as data (`/diagram.json`), for bots and editors: the canonical FFEN, the board's size, every
//! piece on its square, the marks, letters, holes and framed squares, the furniture, the description (in the
//! requested language), its short form, Popeye's input, and the diagram's modern links. Written by hand (no
//! serialisation crate in the Worker); [`string`] escapes every string as JSON requires.

use crate::notation::board::{Board, Color, Figure};
use crate::notation::ffen;
use crate::options::furniture::Move;
use crate::options::language::Lang;
use crate::options::render_options::RenderOptions;
use crate::words::list::{short, Description};
use crate::words::popeye;
use crate::words::reading::{degrees, Reading, What};
use crate::words::vocab::Vocab;
use std::fmt::Write as _;

/// `text` as a JSON string, quotes included: `"` and `\` escaped, control characters as `\u00XX` (`\n` and `\t`
/// by their short escapes), everything else as it is (UTF-8).
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON array of strings.
fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    let items: Vec<String> = items.into_iter().map(|s| string(s.as_ref())).collect();
    format!("[{}]", items.join(","))
}

/// A colour as the data names it: `white`, `black`, `neutral`, or the extra colour's digit `3`–`6`.
fn colour(color: Color) -> String {
    match color {
        Color::White => "white".to_string(),
        Color::Black => "black".to_string(),
        Color::Neutral => "neutral".to_string(),
        Color::Extra(extra) => extra.digit().to_string(),
    }
}

/// A from-to pair: `{"from":"e2","to":"e4"}`.
fn pair(m: &Move) -> String {
    format!("{{\"from\":\"{}\",\"to\":\"{}\"}}", m.from, m.to)
}

/// The pieces: each with its square, colour, orthodox letter (English, as FEN writes it) or fairy name, the turn
/// of its glyph in degrees, and whether it is neutral.
fn pieces(reading: &Reading) -> String {
    let items: Vec<String> = reading
        .pieces
        .iter()
        .map(|p| {
            let what = match &p.what {
                What::Figure(figure) | What::Turned(figure, _) => format!("\"letter\":\"{}\"", Figure::letter(*figure)),
                What::Named(name) => format!("\"name\":{}", string(name.as_str())),
            };
            format!(
                "{{\"square\":\"{}\",\"colour\":\"{}\",{what},\"turn\":{},\"neutral\":{}}}",
                p.square,
                colour(p.color),
                degrees(p.rotation),
                p.color == Color::Neutral
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// The data of `board` with `options`' furniture and language, and the diagram's modern `links` (relative to the
/// origin), each under its key in the order given (the output layer chooses them: `png`, `svg`, `txt`): one line of
/// JSON, ended by a line feed.
pub fn json(board: &Board, options: &RenderOptions, links: &[(&str, String)]) -> String {
    let reading = Reading::of(board);
    let furniture = &options.furniture;
    let marks: Vec<String> = reading
        .marks
        .iter()
        .map(|(square, marker, color)| {
            let shape = Vocab::of(Lang::En).mark(*marker);
            format!("{{\"square\":\"{square}\",\"mark\":\"{shape}\",\"colour\":\"{}\"}}", colour(*color))
        })
        .collect();
    let letters: Vec<String> = reading
        .letters
        .iter()
        .map(|(square, text)| format!("{{\"square\":\"{square}\",\"text\":{}}}", string(text)))
        .collect();
    let arrows: Vec<String> = furniture.arrows.as_slice().iter().map(|(m, _)| pair(m)).collect();
    reading.count_work(furniture.squares.len() + arrows.len());
    let description = Description::new(&reading, furniture, options.lang).text();
    let mut out = String::with_capacity(1024 + description.len() * 2);
    let _ = write!(
        out,
        "{{\"ffen\":{},\"width\":{},\"height\":{},\"pieces\":{},\"marks\":[{}],\"letters\":[{}],\"holes\":{},\"framed\":{},",
        string(&ffen::canonical(board)),
        reading.width,
        reading.height,
        pieces(&reading),
        marks.join(","),
        letters.join(","),
        strings(reading.holes.iter().map(ToString::to_string)),
        strings(reading.framed.iter().map(ToString::to_string)),
    );
    let _ = write!(
        out,
        "\"title\":{},\"caption\":{},\"count\":{},\"highlighted\":{},\"arrows\":[{}],\"lastmove\":{},",
        strings(furniture.title.lines()),
        strings(furniture.caption.lines()),
        string(&reading.count.to_string()),
        strings(furniture.squares.as_slice().iter().map(|(s, _)| s.to_string())),
        arrows.join(","),
        furniture.last_move.as_ref().map_or("null".to_string(), pair),
    );
    let links: Vec<String> = links.iter().map(|(key, link)| format!("{}:{}", string(key), string(link))).collect();
    let _ = writeln!(
        out,
        "\"lang\":\"{}\",\"description\":{},\"alt\":{},\"popeye\":{},\"links\":{{{}}}}}",
        options.lang.name(),
        string(&description),
        string(&short(&reading, options.lang)),
        string(&popeye::text(&reading, furniture)),
        links.join(","),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{parse, Dialect};

    #[test]
    fn strings_are_escaped_as_json_requires() {
        assert_eq!(string("a\"b\\c\nd\te\u{1}\u{1f}é</script>"), "\"a\\\"b\\\\c\\nd\\te\\u0001\\u001fé</script>\"");
        assert_eq!(string(""), "\"\"");
        assert_eq!(strings(["x", "y\""]), "[\"x\",\"y\\\"\"]");
    }

    #[test]
    fn the_data_of_a_small_board() {
        let board = parse("k1[grasshopper:n]C/-*2q'A[-]1", Dialect::Janko).unwrap();
        let options = RenderOptions::from_pairs([("title", "T \"q\""), ("lastmove", "a1b1")]).unwrap();
        let links = [("png", "/diagram.png?ffen=x".into()), ("svg", "/s".into()), ("txt", "/t".into())];
        let json = json(&board, &options, &links);
        assert!(
            json.starts_with(
                "{\"ffen\":\"k1[grasshopper:n]C/-*2q'A[-]1\",\"width\":4,\"height\":2,\"pieces\":[\
             {\"square\":\"a1\",\"colour\":\"neutral\",\"letter\":\"Q\",\"turn\":180,\"neutral\":true},\
             {\"square\":\"a2\",\"colour\":\"black\",\"letter\":\"K\",\"turn\":0,\"neutral\":false},\
             {\"square\":\"c2\",\"colour\":\"neutral\",\"name\":\"grasshopper\",\"turn\":0,\"neutral\":true}],\
             \"marks\":[{\"square\":\"d2\",\"mark\":\"circle\",\"colour\":\"white\"}],\
             \"letters\":[{\"square\":\"b1\",\"text\":\"A\"}],\"holes\":[\"c1\"],\"framed\":[],\
             \"title\":[\"T \\\"q\\\"\"],\"caption\":[],\"count\":\"(0+1+2n)\",\"highlighted\":[],\"arrows\":[],\
             \"lastmove\":{\"from\":\"a1\",\"to\":\"b1\"},\"lang\":\"en\",\"description\":\"T \\\"q\\\"\\nBoard 4×2\\n"
            ),
            "{json}"
        );
        assert!(
            json.ends_with(",\"links\":{\"png\":\"/diagram.png?ffen=x\",\"svg\":\"/s\",\"txt\":\"/t\"}}\n"),
            "{json}"
        );
        assert_eq!(json.lines().count(), 1);
    }
}
