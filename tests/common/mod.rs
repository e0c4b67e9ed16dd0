//! What the test crates share: the golden cases of `tests/golden/cases.tsv` with how a case becomes a board and
//! options, the SVG rasterised by resvg, pixels over a background, the parity difference, and generated cells.
//! Each test crate takes what it needs (`mod common;`), so not every item is used by every crate.
#![allow(dead_code)]

use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::{Board, Cell, Color, ExtraColor, Figure, Marker, Piece, PieceKind, RenderOptions, Rotation, Text};
use proptest::prelude::*;

/// One golden diagram: a line of `tests/golden/cases.tsv` (name, dialect, options as a query or `-`, position).
pub struct Case {
    pub name: String,
    pub dialect: Dialect,
    pub options: Vec<(String, String)>,
    pub ffen: String,
}

/// The cases of `tests/golden/cases.tsv` (shared with the Worker's test `tests/e2e/golden.test.mjs`).
pub fn cases() -> Vec<Case> {
    let cases: Vec<Case> = include_str!("../golden/cases.tsv")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let [name, dialect, options, ffen] = columns[..] else { panic!("not 4 tab-separated columns: {line:?}") };
            let options = match options {
                "-" => Vec::new(),
                query => query
                    .split('&')
                    .map(|pair| pair.split_once('=').unwrap_or_else(|| panic!("{name}: option {pair:?} has no `=`")))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            };
            let dialect = dialect.parse().unwrap_or_else(|_| panic!("{name}: dialect {dialect:?}"));
            Case { name: name.to_string(), dialect, options, ffen: ffen.to_string() }
        })
        .collect();
    assert!(cases.len() >= 29, "only {} cases read", cases.len());
    cases
}

/// The board and options of a case, as the Worker makes them: an Interactive Diagram definition (`dialect=hgm`)
/// brings its look, which the case's options override; the options are fitted to the board.
pub fn board_and_options(case: &Case) -> (Board, RenderOptions) {
    let pairs = case.options.iter().map(|(k, v)| (k.as_str(), v.as_str()));
    let (board, options) = if case.dialect == Dialect::Hgm {
        let definition = ffen::read_definition(&case.ffen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        (definition.board, RenderOptions::from_definition(&definition.look, pairs))
    } else {
        let board = ffen::parse(&case.ffen, case.dialect).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        (board, RenderOptions::from_pairs(pairs))
    };
    let options = options.unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let options = options.for_board(&board).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    (board, options)
}

/// The SVG rasterised at 1:1 by resvg, as premultiplied RGBA bytes.
pub fn rasterise(svg: &str) -> (u32, u32, Vec<u8>) {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("resvg reads the SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    (size.width(), size.height(), pixmap.data().to_vec())
}

/// RGBA pixels (premultiplied or not) over an opaque `background` grey, as RGB: the picture a page of that colour
/// shows. A transparent look is compared over white and over black, which tells apart colour and alpha.
pub fn over(rgba: &[u8], premultiplied: bool, background: u8) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| {
            let a = u32::from(p[3]);
            let colour = |c: u8| if premultiplied { u32::from(c) * 255 } else { u32::from(c) * a };
            let mix = |c: u8| ((colour(c) + u32::from(background) * (255 - a) + 127) / 255).min(255) as u8;
            [mix(p[0]), mix(p[1]), mix(p[2])]
        })
        .collect()
}

/// Mean absolute channel difference, largest channel difference, and largest difference of 4×4 block averages (the
/// last block of a row or column ends at the picture's edge, overlapping the one before: a block of the one column
/// left over at the edge averaged four pixels, so that a glyph's antialiased tip touching the edge, placed a
/// fraction of a pixel apart by the two renderers, counted four times what it does anywhere else).
#[derive(Debug)]
pub struct Difference {
    pub mean: f64,
    pub max: u8,
    pub block_max: f64,
}

/// The [`Difference`] of two RGB pictures of `width` × `height` pixels.
pub fn difference(width: u32, height: u32, a: &[u8], b: &[u8]) -> Difference {
    let total: u64 = a.iter().zip(b).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    let max = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
    let (w, h) = (width as usize, height as usize);
    let mut block_max = 0.0f64;
    let starts = |n: usize| (0..n).step_by(4).map(move |s| s.min(n.saturating_sub(4)));
    for by in starts(h) {
        for bx in starts(w) {
            for c in 0..3 {
                let (mut sa, mut sb, mut n) = (0u32, 0u32, 0u32);
                for y in by..(by + 4).min(h) {
                    for x in bx..(bx + 4).min(w) {
                        let i = (y * w + x) * 3 + c;
                        sa += u32::from(a[i]);
                        sb += u32::from(b[i]);
                        n += 1;
                    }
                }
                block_max = block_max.max((f64::from(sa) - f64::from(sb)).abs() / f64::from(n));
            }
        }
    }
    Difference { mean: total as f64 / a.len().max(1) as f64, max, block_max }
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
