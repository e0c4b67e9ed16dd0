//! The sheet of drawn fairy glyphs in `docs/gallery/`: every glyph of `fairy::FairyFigure::ALL`, in white,
//! black, neutral and extra colour 3 (one rank each, top to bottom), at 16, 40 and 96 px, as PNG and SVG, drawn by
//! the library exactly as the Worker draws them. The files are goldens: compared byte for byte here.
//!
//! Regenerate after an intended change of a glyph (and a new `http::CACHE_VERSION`), then look at them:
//! `UPDATE_GOLDENS=1 cargo test --test fairy_gallery`.

mod common;

use common::golden::updating_goldens;
use common::piece;
use ffen_diagram::fairy::{self, Art, FairyFigure};
use ffen_diagram::RenderOptions;
use ffen_diagram::{render_png, render_svg, Board, Cell, Color, ExtraColor, FairyName, Piece, PieceKind};
use std::path::PathBuf;

/// The sizes of the sheet, in pixels a square.
const SIZES: [u32; 3] = [16, 40, 96];

/// The colours of the sheet's ranks, top to bottom, and the rank labels (bottom to top) naming them.
const COLOURS: [Color; 4] = [Color::White, Color::Black, Color::Neutral, Color::Extra(ExtraColor::ALL[0])];
const RANK_LABELS: &str = "3 n b w";

/// The sheet: one file per drawn glyph, named by its glyph's own name.
fn sheet() -> Board {
    let mut cells = Vec::new();
    for color in COLOURS {
        for figure in FairyFigure::ALL {
            let name = FairyName::new(figure.name()).expect("a glyph's name is a fairy name");
            cells.push(piece(PieceKind::Named(name), color, 0));
        }
    }
    Board::from_cells(FairyFigure::ALL.len(), COLOURS.len(), cells).expect("a 17×4 board")
}

/// The file labels: the first three letters of each glyph's name (`arc`, `cha`, …).
fn file_labels() -> String {
    FairyFigure::ALL.iter().map(|f| &f.name()[..3]).collect::<Vec<_>>().join(" ")
}

fn sheet_options(size: u32) -> RenderOptions {
    let size = size.to_string();
    let files = file_labels();
    let pairs = [("size", size.as_str()), ("coords", "1"), ("files", files.as_str()), ("ranks", RANK_LABELS)];
    RenderOptions::from_pairs(pairs).and_then(|o| o.for_board(&sheet())).expect("valid options")
}

#[test]
fn the_sheet_shows_every_drawn_glyph() {
    let board = sheet();
    // Each file's name draws its glyph, and the labels tell the glyphs apart.
    for (x, figure) in FairyFigure::ALL.into_iter().enumerate() {
        let Some(Cell::Piece(Piece { kind: PieceKind::Named(name), .. })) = board.get(x, 0) else { panic!("{x}") };
        assert_eq!(fairy::glyph(name).map(|g| g.art), Some(Art::Drawn(figure)));
    }
    let labels = file_labels();
    let unique: std::collections::HashSet<&str> = labels.split(' ').collect();
    assert_eq!(unique.len(), FairyFigure::ALL.len(), "{labels}");
}

#[test]
fn the_gallery_sheet_is_what_the_library_draws() {
    let update = updating_goldens();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/gallery");
    let board = sheet();
    let mut stale = Vec::new();
    for size in SIZES {
        let options = sheet_options(size);
        let png = render_png(&board, &options).expect("encodes");
        let svg = render_svg(&board, &options).into_bytes();
        for (bytes, ext) in [(png, "png"), (svg, "svg")] {
            let path = dir.join(format!("fairy-glyphs-{size}.{ext}"));
            if update {
                std::fs::write(&path, &bytes).expect("write the gallery sheet");
            } else if std::fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(stale.is_empty(), "stale gallery sheets (UPDATE_GOLDENS=1 cargo test --test fairy_gallery): {stale:?}");
}
