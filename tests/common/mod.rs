//! What the test crates share: the golden cases ([`golden`]), the pictures compared ([`pictures`]), generated cells,
//! and the small helpers below. Each test crate
//! takes what it needs (`mod common;`), so not every item is used by every crate.
#![allow(dead_code)]

pub mod golden;
pub mod pictures;

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::{Board, Cell, Color, ExtraColor, Figure, Image, Marker, Piece, PieceKind, Rotation, Text};
use proptest::prelude::*;

/// The board of an FFEN in janko's dialect; panics naming the FFEN and the error.
pub fn janko(ffen: &str) -> Board {
    ffen::parse(ffen, Dialect::Janko).unwrap_or_else(|e| panic!("{ffen:?}: {e}"))
}

/// A piece of `kind` in `color`, turned `turns` quarter turns clockwise.
pub fn piece(kind: PieceKind, color: Color, turns: u32) -> Cell {
    Cell::Piece(Piece { kind, color, rotation: Rotation::new(turns) })
}

/// A 1×1 board (the dark a1) holding `cell`.
pub fn one_square(cell: Cell) -> Board {
    let mut board = Board::empty(1, 1).expect("1x1");
    board.set(0, 0, cell);
    board
}

/// The width and height a PNG's header gives.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    let reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().expect("a PNG");
    (reader.info().width, reader.info().height)
}

/// The colour at the centre of the square in display column `dx`, row `dy` of a diagram with squares of `size`
/// pixels and no coordinates.
pub fn square_centre(image: &Image, size: u32, dx: u32, dy: u32) -> [u8; 3] {
    let frame = 1 + size / 48;
    image.pixel(frame + dx * size + size / 2, frame + dy * size + size / 2).expect("inside")
}

/// Any cell: empty, a hole, a piece (orthodox, marker or named) of any colour turned any way, or text.
pub fn arb_cell() -> impl Strategy<Value = Cell> {
    let color = prop_oneof![
        Just(Color::White),
        Just(Color::Black),
        Just(Color::Neutral),
        prop::sample::select(ExtraColor::ALL.to_vec()).prop_map(Color::Extra),
    ];
    let kind = prop_oneof![
        (0usize..6).prop_map(|i| PieceKind::Figure(Figure::ALL[i])),
        (0usize..4).prop_map(|i| PieceKind::Marker(Marker::ALL[i])),
        "[a-z]{1,12}".prop_filter_map("orthodox names are figures", |n| {
            ffen_diagram::FairyName::new(&n).ok().map(PieceKind::Named)
        }),
    ];
    prop_oneof![
        Just(Cell::Empty),
        Just(Cell::Hole),
        (kind, color, 0u32..4).prop_map(|(kind, color, turns)| Cell::Piece(Piece {
            kind,
            color,
            rotation: Rotation::new(turns)
        })),
        ("[A-Za-z0-9]{1,2}", 0u32..4)
            .prop_map(|(t, turns)| Cell::Text(Text::new(&t, Rotation::new(turns)).expect("text"))),
    ]
}
