//! The one generator of boards ([`arb_board`]) and the one generator of options ([`arb_options`]) of the property
//! tests (proptest strategies), with their parts: cells, furniture, looks, and junk values of the look parameters.
//!
//! They cover the union of what the generators they replaced covered (those of render_props, svg_props, ffen_props
//! and looks): every cell kind, colour and turn, the fairy glyph table's names besides random ones, bordered squares
//! and the three checkerings on every board; every theme, furniture with squares near the corner or anywhere on a
//! 32×32 board, looks with light and dark colours or palettes. A test asks for the board and square sizes it can
//! afford, never for fewer kinds. (The unit tests of `src/draw/indexed.rs` keep their own FFEN-token generator:
//! `src/` cannot reach `tests/`.)

use super::piece;
use ffen_diagram::fairy;
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

/// Furniture as query pairs, any mix of the ten parameters: title and caption (absent, empty or text), the count
/// (absent, off or on), highlights, arrows, a last move and a check, their squares on the first four files and ranks
/// or, in a third of the furniture, anywhere on a board up to 32×32 (mostly off the board), the styles of the last
/// move and the highlights (absent, a value in some case, or empty) and the colour of unlettered highlights.
pub fn arb_furniture() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    let texts =
        (proptest::option::of(arb_text()), proptest::option::of(arb_text()), proptest::option::of(any::<bool>()));
    let marks = prop::bool::weighted(1.0 / 3.0).prop_flat_map(|anywhere| {
        let square = move || arb_square(anywhere);
        (
            prop::collection::vec((arb_tint(), square()), 0..6),
            prop::collection::vec((arb_tint(), square(), square()), 0..6),
            proptest::option::of((square(), square())),
            proptest::option::of(square()),
        )
    });
    let style = |values: &'static [&'static str]| proptest::option::of(prop::sample::select(values));
    let styles = (
        style(&["tint", "lichess", "Lichess", ""]),
        style(&["tint", "x", "X", ""]),
        style(&["ffcccc", "#102030", "Gold", ""]),
    );
    (texts, marks, any::<bool>(), styles).prop_map(|((title, caption, count), marks, empty_lists, styles)| {
        let (squares, arrows, last, check) = marks;
        let mut pairs = Vec::new();
        pairs.extend(title.map(|t| ("title", t)));
        pairs.extend(caption.map(|t| ("caption", t)));
        pairs.extend(count.map(|on| ("count", if on { "1" } else { "0" }.to_string())));
        let squares: Vec<String> = squares.into_iter().map(|(tint, s)| format!("{tint}{s}")).collect();
        let arrows: Vec<String> = arrows.into_iter().map(|(tint, a, b)| format!("{tint}{a}{b}")).collect();
        for (key, list) in [("squares", squares), ("arrows", arrows)] {
            if empty_lists || !list.is_empty() {
                pairs.push((key, list.join(",")));
            }
        }
        pairs.extend(last.map(|(a, b)| ("lastmove", a + &b)));
        pairs.extend(check.map(|square| ("check", square)));
        pairs.extend(styles.0.map(|style| ("lastmove_style", style.to_string())));
        pairs.extend(styles.1.map(|style| ("squares_style", style.to_string())));
        pairs.extend(styles.2.map(|colour| ("squares_color", colour.to_string())));
        pairs
    })
}

/// The look parameters [`arb_look`] writes (and [`GeneratedOptions`] leaves out when the options refuse them).
pub const LOOK_KEYS: [&str; 12] = [
    "colors",
    "light",
    "dark",
    "board",
    "rim",
    "hole",
    "coord_color",
    "borders",
    "files",
    "first_rank",
    "white_fill",
    "black_fill",
];

/// Looks, as query pairs: colours (light and dark, or a palette) and board patterns, transparent ones
/// too, rim, coordinate colour, hole colour, the grid, labels, the first rank and the pieces' fills (a side's own
/// colour among them, which is no fill).
pub fn arb_look() -> impl Strategy<Value = Vec<(&'static str, String)>> {
    let colors = proptest::option::of(prop::sample::select(vec![
        "white #b4b4b4 #8ca2ad",
        "transparent #769656",
        "#ffeedd transparent red",
        "navy silver",
        "#eee",
    ]));
    let board = proptest::option::of(prop::sample::select(vec!["10.21.", "01", "0", "210.012."]));
    let paint = || proptest::option::of(prop::sample::select(vec!["#3a2a1e", "transparent", "white", "#5b3a29"]));
    let hex = || proptest::option::of("#[0-9a-f]{6}");
    let fill = |own: &'static str| {
        proptest::option::of(prop_oneof![
            "#[0-9a-f]{6}",
            prop::sample::select(vec!["gold", "navy", own, ""]).prop_map(str::to_string),
        ])
    };
    (
        (colors, hex(), prop_oneof![hex(), Just(Some("transparent".to_string()))], board),
        (paint(), paint(), hex()),
        (any::<bool>(), any::<bool>(), 0u16..3),
        (fill("white"), fill("#000000")),
    )
        .prop_map(
            |((colors, light, dark, board), (rim, hole, coord_color), (borders, labels, first_rank), fills)| {
                let mut pairs: Vec<(&'static str, String)> = Vec::new();
                pairs.extend(colors.map(|c| ("colors", c.to_string())));
                pairs.extend(light.map(|c| ("light", c)));
                pairs.extend(dark.map(|c| ("dark", c)));
                pairs.extend(board.map(|b| ("board", b.to_string())));
                pairs.extend(rim.map(|r| ("rim", r.to_string())));
                pairs.extend(hole.map(|h| ("hole", h.to_string())));
                pairs.extend(coord_color.map(|c| ("coord_color", c)));
                if borders {
                    pairs.push(("borders", "1".to_string()));
                }
                if labels {
                    pairs.push(("files", "α b <c> & d".to_string()));
                }
                pairs.push(("first_rank", first_rank.to_string()));
                pairs.extend(fills.0.map(|c| ("white_fill", c)));
                pairs.extend(fills.1.map(|c| ("black_fill", c)));
                pairs
            },
        )
}

/// A look parameter or one of the flags and theme, as the junk of [`arb_look_junk`] uses them.
pub fn arb_look_key() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "colors",
        "board",
        "files",
        "ranks",
        "first_rank",
        "rim",
        "coord_color",
        "hole",
        "borders",
        "coords",
        "flip",
        "theme",
        "light",
        "dark",
        "white_fill",
        "black_fill",
        "squares_color",
    ])
}

/// A value of any shape, good or (mostly) bad, for any look parameter.
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

/// Look parameters with values of any shape, in `counts` pairs: what no reader may panic on.
pub fn arb_look_junk(counts: std::ops::Range<usize>) -> impl Strategy<Value = Vec<(&'static str, String)>> {
    prop::collection::vec((arb_look_key(), arb_look_value()), counts)
}

/// Generated options: the query pairs of a square size, flip, coordinates and theme, then perhaps furniture
/// ([`arb_furniture`]) and a look ([`arb_look`]); perhaps junk after them ([`arb_look_junk`]); and the plain options
/// of the square size, flip, coordinates and theme alone.
#[derive(Clone, Debug)]
pub struct GeneratedOptions {
    pub plain: RenderOptions,
    pub pairs: Vec<(&'static str, String)>,
    pub junk: Vec<(&'static str, String)>,
}

/// The parameters of the furniture.
const FURNITURE_KEYS: [&str; 10] = [
    "title",
    "caption",
    "count",
    "squares",
    "arrows",
    "lastmove",
    "check",
    "lastmove_style",
    "squares_style",
    "squares_color",
];

impl GeneratedOptions {
    /// The options the pairs (and junk) read as, fitted to `board` when there is one (as the Worker fits them).
    /// What the options refuse (junk, labels that do not fit the board, a pattern digit beyond the colours, a
    /// square off the board, a title character the font lacks) is left out: the junk, then the labels, then the
    /// look or else the furniture, then both; the plain options when nothing else reads.
    fn read(&self, board: Option<&Board>) -> RenderOptions {
        let read = |skip: &[&str], junk: &[(&'static str, String)]| {
            let pairs = self.pairs.iter().filter(|(k, _)| !skip.contains(k)).chain(junk);
            let options = RenderOptions::from_pairs(pairs.map(|(k, v)| (*k, v.as_str())));
            match board {
                Some(board) => options.and_then(|o| o.for_board(board)).ok(),
                None => options.ok(),
            }
        };
        read(&[], &self.junk)
            .or_else(|| read(&[], &[]))
            .or_else(|| read(&["files"], &[]))
            .or_else(|| read(&LOOK_KEYS, &[]))
            .or_else(|| read(&FURNITURE_KEYS, &[]))
            .or_else(|| read(&[&["files"][..], &FURNITURE_KEYS].concat(), &[]))
            .or_else(|| read(&[&LOOK_KEYS[..], &FURNITURE_KEYS].concat(), &[]))
            .unwrap_or_else(|| self.plain.clone())
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

/// Options ([`GeneratedOptions`]) of a square size in `sizes`, any flip, coordinates and theme, with `furniture`, a
/// look half of the time and junk a quarter of the time.
fn options_with(
    sizes: RangeInclusive<u32>,
    furniture: BoxedStrategy<Option<Vec<(&'static str, String)>>>,
) -> impl Strategy<Value = GeneratedOptions> {
    (
        (sizes, any::<bool>(), any::<bool>(), prop::sample::select(Theme::ALL.to_vec())),
        furniture,
        proptest::option::of(arb_look()),
        prop::option::weighted(0.25, arb_look_junk(1..4)),
    )
        .prop_map(|((size, flip, coords, theme), furniture, look, junk)| {
            let mut pairs: Vec<(&'static str, String)> = vec![
                ("size", size.to_string()),
                ("flip", u8::from(flip).to_string()),
                ("coords", u8::from(coords).to_string()),
                ("theme", theme.name().to_string()),
            ];
            pairs.extend(furniture.unwrap_or_default());
            pairs.extend(look.unwrap_or_default());
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

/// Options of every kind at a square size in `sizes`: furniture three times in four ([`options_with`]).
pub fn arb_options(sizes: RangeInclusive<u32>) -> impl Strategy<Value = GeneratedOptions> {
    options_with(sizes, prop::option::weighted(0.75, arb_furniture()).boxed())
}

/// Options of every kind at a square size in `sizes`, always with furniture.
pub fn arb_furnished_options(sizes: RangeInclusive<u32>) -> impl Strategy<Value = GeneratedOptions> {
    options_with(sizes, arb_furniture().prop_map(Some).boxed())
}
