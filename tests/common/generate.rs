//! The one generator of boards ([`arb_board`]) and the one generator of options ([`arb_options`]) of the property
//! tests (proptest strategies), with their parts: cells, the parameters' values, and junk values of any parameter.
//!
//! They cover the union of what the generators they replaced covered (those of render_props, svg_props, ffen_props
//! and looks): every cell kind, colour and turn, the fairy glyph table's names besides random ones, bordered squares
//! and the three checkerings on every board; every theme, and every parameter of the table
//! (`params::OPTION_PARAMS`, with the values its declaration gives, or text of any shape and marks near the corner
//! or anywhere on a 32×32 board), so a new parameter is in every property and parity test with no edit here. A test
//! asks for the board and square sizes it can afford, never for fewer kinds. (The unit tests of
//! `src/draw/indexed.rs` keep their own FFEN-token generator: `src/` cannot reach `tests/`; the parity of the two
//! painters over these generators is `render_props`' `both_painters_draw_the_same_pixels`.)

use super::piece;
use ffen_diagram::fairy;
use ffen_diagram::params::{Param, OPTION_PARAMS};
use ffen_diagram::{
    Board, Cell, Checkering, Color, ExtraColor, FairyName, Figure, Marker, PieceKind, RenderOptions, Rotation,
    SquareSize, Text, Theme,
};
use proptest::prelude::*;
use std::ops::RangeInclusive;

/// Any colour: white, black, neutral or one of the extra colours 3 to 6.
pub fn arb_color() -> impl Strategy<Value = Color> {
    prop_oneof![
        Just(Color::White),
        Just(Color::Black),
        Just(Color::Neutral),
        prop::sample::select(ExtraColor::ALL.to_vec()).prop_map(Color::Extra),
    ]
}

/// Any kind of piece: an orthodox figure, a marker, a name of the fairy glyph table (drawn glyphs and turned
/// orthodox ones), or any other name of any case and length (most of them drawn as a labelled disc).
pub fn arb_kind() -> impl Strategy<Value = PieceKind> {
    let table: Vec<&'static str> = fairy::TABLE.iter().map(|&(name, _, _)| name).collect();
    prop_oneof![
        prop::sample::select(Figure::ALL.to_vec()).prop_map(PieceKind::Figure),
        prop::sample::select(Marker::ALL.to_vec()).prop_map(PieceKind::Marker),
        prop::sample::select(table)
            .prop_map(|name| PieceKind::Named(FairyName::new(name).expect("the glyph table holds fairy names"))),
        // Orthodox names ("queen") are no fairy names, so FairyName refuses them.
        "[a-zA-Z]{1,24}"
            .prop_filter_map("orthodox names are figures", |n| FairyName::new(&n).ok().map(PieceKind::Named)),
    ]
}

/// Any cell: empty, a hole, a piece of any kind and colour turned any way, or text (one or two letters or digits).
pub fn arb_cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        6 => Just(Cell::Empty),
        2 => Just(Cell::Hole),
        6 => (arb_kind(), arb_color(), 0u32..4).prop_map(|(kind, color, turns)| piece(kind, color, turns)),
        2 => ("[a-zA-Z0-9]{1,2}", 0u32..4)
            .prop_map(|(t, turns)| Cell::Text(Text::new(&t, Rotation::new(turns)).expect("text"))),
    ]
}

/// Boards of `widths` × `heights` squares, any cells ([`arb_cell`]), about one square in eight bordered, in any of
/// the three checkerings.
pub fn arb_board(widths: RangeInclusive<usize>, heights: RangeInclusive<usize>) -> impl Strategy<Value = Board> {
    (widths, heights, 0usize..3).prop_flat_map(|(w, h, checkering)| {
        let square = (arb_cell(), prop::bool::weighted(0.125));
        prop::collection::vec(square, w * h).prop_map(move |squares| {
            let (cells, borders): (Vec<Cell>, Vec<bool>) = squares.into_iter().unzip();
            let mut board = Board::from_cells(w, h, cells).expect("board");
            for (i, bordered) in borders.into_iter().enumerate() {
                board.set_bordered(i % w, i / w, bordered);
            }
            board.checkering =
                [Checkering::DarkLowerLeft, Checkering::LightLowerLeft, Checkering::Uncheckered][checkering];
            board
        })
    })
}

/// A square's name on the first four files and ranks (on most small boards), or `anywhere` on a board up to 32×32
/// (mostly off a smaller board).
fn arb_square(anywhere: bool) -> BoxedStrategy<String> {
    if anywhere {
        (0usize..32, 1usize..=32).prop_map(|(file, rank)| format!("{}{rank}", ffen_diagram::file_name(file))).boxed()
    } else {
        "[a-d][1-4]".boxed()
    }
}

/// A colour letter of a highlight or arrow, or none.
fn arb_tint() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "G", "R", "Y", "B"])
}

/// Text of the furniture: the letters names come in with line breaks, white space and punctuation, or any
/// printable ASCII with accents, markup and entities.
fn arb_text() -> impl Strategy<Value = String> {
    let names = prop::collection::vec(
        prop::sample::select(vec!["Š", "é", "Ł", "a", "Z", " ", "  ", "|", ".", "=", "%", ",", "#", "(", "–", "\t"]),
        0..40,
    )
    .prop_map(|parts| parts.concat());
    prop_oneof![names, "([ -~]|[éŠłüÆ]|<script>|&amp;|\\|){0,30}"]
}

/// The parameters every generated option set gives, each from a strategy of its own ([`options_with`]): the square
/// size (in the range a test affords), flip, coordinates and theme. Every other parameter of [`OPTION_PARAMS`] is
/// drawn by [`arb_pairs`].
const BASE: [&str; 4] = ["size", "flip", "coords", "theme"];

/// The values of one parameter: richer strategies for the furniture's text and marks (text of any shape; squares on
/// the first four files and ranks, or `anywhere` on a board up to 32×32), else one of the values its declaration
/// gives ([`Param::samples`]): so a new parameter is generated with no edit here.
fn arb_value(param: &'static Param<RenderOptions>, anywhere: bool) -> BoxedStrategy<String> {
    let square = move || arb_square(anywhere);
    let list = |marks: BoxedStrategy<String>| prop::collection::vec(marks, 0..6).prop_map(|l| l.join(",")).boxed();
    match param.name {
        "title" | "caption" => arb_text().boxed(),
        "squares" => list((arb_tint(), square()).prop_map(|(tint, s)| format!("{tint}{s}")).boxed()),
        "arrows" => list((arb_tint(), square(), square()).prop_map(|(tint, a, b)| format!("{tint}{a}{b}")).boxed()),
        "lastmove" => (square(), square()).prop_map(|(a, b)| a + &b).boxed(),
        "check" => square(),
        _ => prop::sample::select(param.samples).prop_map(str::to_string).boxed(),
    }
}

/// Query pairs of the parameters of `params` but [`BASE`]: each given with probability `weight`, its value from
/// [`arb_value`] (the squares of the marks, in a third of the sets, anywhere on a board up to 32×32: mostly off the
/// board).
pub fn arb_pairs_of(
    params: &'static [Param<RenderOptions>],
    weight: f64,
) -> impl Strategy<Value = Vec<(&'static str, String)>> {
    prop::bool::weighted(1.0 / 3.0).prop_flat_map(move |anywhere| {
        let each: Vec<BoxedStrategy<Option<(&'static str, String)>>> = (params.iter())
            .filter(|p| !BASE.contains(&p.name))
            .map(|p| prop::option::weighted(weight, arb_value(p, anywhere).prop_map(move |v| (p.name, v))).boxed())
            .collect();
        each.prop_map(|pairs| pairs.into_iter().flatten().collect::<Vec<_>>())
    })
}

/// Query pairs of every parameter of [`OPTION_PARAMS`] but [`BASE`], each given half of the time.
pub fn arb_pairs() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    arb_pairs_of(&OPTION_PARAMS, 0.5)
}

/// A parameter of [`OPTION_PARAMS`], as the junk of [`arb_look_junk`] uses them.
pub fn arb_look_key() -> impl Strategy<Value = &'static str> {
    prop::sample::select(OPTION_PARAMS.iter().map(|p| p.name).collect::<Vec<_>>())
}

/// A value of any shape, good or (mostly) bad, for any parameter.
pub fn arb_look_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("transparent".to_string()),
        Just("red  blue".to_string()),
        "[0-9.]{0,12}",
        "[a-f0-9# ]{0,14}",
        "\\PC{0,12}",
        "[a-z ]{0,20}",
    ]
}

/// Parameters with values of any shape, in `counts` pairs: what no reader may panic on.
pub fn arb_look_junk(counts: std::ops::Range<usize>) -> impl Strategy<Value = Vec<(&'static str, String)>> {
    prop::collection::vec((arb_look_key(), arb_look_value()), counts)
}

/// Generated options: the query pairs of a square size, flip, coordinates and theme, then perhaps others
/// ([`arb_pairs_of`]); perhaps junk after them ([`arb_look_junk`]); and the plain options of the square size, flip,
/// coordinates and theme alone.
#[derive(Clone, Debug)]
pub struct GeneratedOptions {
    pub plain: RenderOptions,
    pub pairs: Vec<(&'static str, String)>,
    pub junk: Vec<(&'static str, String)>,
}

impl GeneratedOptions {
    /// The options the pairs (and junk) read as, fitted to `board` when there is one (as the Worker fits them).
    /// What the options refuse (junk, labels that do not fit the board, a pattern digit beyond the colours, a
    /// square off the board, a title character the font lacks) is left out: the junk, then each parameter the
    /// error names, one after the other; the plain options when nothing else reads.
    fn read(&self, board: Option<&Board>) -> RenderOptions {
        let read = |skip: &[&str], junk: &[(&'static str, String)]| {
            let pairs = self.pairs.iter().filter(|(k, _)| !skip.contains(k)).chain(junk);
            let options = RenderOptions::from_pairs(pairs.map(|(k, v)| (*k, v.as_str())));
            match board {
                Some(board) => options.and_then(|o| o.for_board(board)),
                None => options,
            }
        };
        if let Ok(options) = read(&[], &self.junk) {
            return options;
        }
        let mut skip: Vec<&str> = Vec::new();
        loop {
            match read(&skip, &[]) {
                Ok(options) => return options,
                Err(e) if !skip.contains(&e.parameter) => skip.push(e.parameter),
                Err(_) => return self.plain.clone(),
            }
        }
    }

    /// The options fitted to `board`, what they refuse left out ([`GeneratedOptions::read`]).
    pub fn fitted(&self, board: &Board) -> RenderOptions {
        self.read(Some(board))
    }

    /// The options as read, not fitted to a board (squares of the furniture may be off it), what they refuse left
    /// out as [`GeneratedOptions::fitted`] leaves it out.
    pub fn unfitted(&self) -> RenderOptions {
        self.read(None)
    }
}

/// Options ([`GeneratedOptions`]) of a square size in `sizes`, any flip, coordinates and theme, with `others` and
/// junk a quarter of the time.
fn options_with(
    sizes: RangeInclusive<u32>,
    others: BoxedStrategy<Vec<(&'static str, String)>>,
) -> impl Strategy<Value = GeneratedOptions> {
    (
        (sizes, any::<bool>(), any::<bool>(), prop::sample::select(Theme::ALL.to_vec())),
        others,
        prop::option::weighted(0.25, arb_look_junk(1..4)),
    )
        .prop_map(|((size, flip, coords, theme), others, junk)| {
            let mut pairs: Vec<(&'static str, String)> = vec![
                ("size", size.to_string()),
                ("flip", u8::from(flip).to_string()),
                ("coords", u8::from(coords).to_string()),
                ("theme", theme.name().to_string()),
            ];
            pairs.extend(others);
            let plain = RenderOptions {
                size: SquareSize::new(size).expect("a square size in range"),
                flip,
                coords,
                theme,
                ..RenderOptions::default()
            };
            GeneratedOptions { plain, pairs, junk: junk.unwrap_or_default() }
        })
}

/// Options of every kind at a square size in `sizes`: every other parameter of the table given a third of the time.
pub fn arb_options(sizes: RangeInclusive<u32>) -> impl Strategy<Value = GeneratedOptions> {
    options_with(sizes, arb_pairs_of(&OPTION_PARAMS, 1.0 / 3.0).boxed())
}

/// Options of every kind at a square size in `sizes`, the others given half of the time (more furniture).
pub fn arb_furnished_options(sizes: RangeInclusive<u32>) -> impl Strategy<Value = GeneratedOptions> {
    options_with(sizes, arb_pairs().boxed())
}
