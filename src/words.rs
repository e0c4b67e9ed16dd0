//! Layer 5, the words: a diagram in words, for screen readers, `alt` texts and the solver. The board read once for
//! the words ([`reading`]), each language's words ([`vocab`]), the piece list problem columns print ([`list`]),
//! Popeye's input ([`popeye`]) and the same reading as JSON ([`json`]). Built on the notation and options layers
//! only; docs/words.md tells the rules.

pub mod json;
pub mod list;
pub mod popeye;
pub mod reading;
pub mod vocab;

use crate::notation::board::Board;
use crate::options::language::Form;
use crate::options::render_options::RenderOptions;

/// The words of `board` with `options`' furniture, in `options`' language and form: `/diagram.txt`'s body.
pub fn text(board: &Board, options: &RenderOptions) -> String {
    let reading = reading::Reading::of(board);
    let furniture = &options.furniture;
    match options.form {
        Form::List => {
            reading.count_work(furniture.squares.len() + furniture.arrows.len());
            list::Description::new(&reading, furniture, options.lang).text()
        }
        // (Popeye's input lists no marks.)
        Form::Popeye => {
            reading.count_work(0);
            popeye::text(&reading, furniture)
        }
    }
}

/// The SVG's `<title>` and `<desc>`: the `title` furniture's lines (joined by ` / `), or "Chess diagram" in the
/// language; and the piece list without the title, its lines joined by line feeds.
pub fn title_and_desc(board: &Board, options: &RenderOptions) -> (String, String) {
    let description = list::Description::new(&reading::Reading::of(board), &options.furniture, options.lang);
    let title = match description.title.is_empty() {
        true => vocab::Vocab::of(options.lang).diagram.to_string(),
        false => description.title.join(" / "),
    };
    let desc: Vec<&str> = description.body.iter().chain(&description.caption).map(String::as_str).collect();
    (title, desc.join("\n"))
}
