//! The fast path of [`crate::draw::render::render_png`]: a diagram drawn square by square straight into palette
//! indices, with the same palette and indices as drawing it in RGB and indexing it, so the same PNG bytes (or, where
//! the encoder codes a large picture's bands from the tiles, [`Bands`], the same scanlines in other bytes).
//!
//! Why: in WebAssembly, giving each pixel of an RGB picture its palette index and drawing the squares and sprites pixel
//! by pixel is most of what a cache miss costs (docs/cost.md). But a diagram is a frame plus squares, and a square is a
//! fill colour, its highlights, at most one sprite and perhaps XFEN's border: the start position has 22 different
//! squares among 64, a full 32×32 board a few dozen among 1,024. So each different square (a *tile*) is drawn once in
//! RGB (and kept for the isolate's next diagrams, the tile cache of [`tile_art`]), each tile row is given its palette
//! indices once, the first time the picture shows it, and every row of the board is then copies of index rows, written
//! packed at the picture's bit depth (known before the first row: [`Census`]), a square's row on whole bytes packed
//! once a picture and copied. What lies outside the framed board (the coordinates' margins, the bands of title, caption
//! and count, the background or `rim` around them) is drawn in RGB in four strips around the board and indexed there
//! only; a square under an arrow or a circle is a tile of its own, drawn in RGB with the overlays clipped to it.
//!
//! Exactness: the palette is in order of first appearance, scanning rows top down, as [`crate::encode::png`] builds it.
//! Every row is assembled left to right, and a pixel's colour is looked up the first time the scan meets it, in picture
//! order; a tile row met again brings no new colour. So palette and indices equal those of the RGB path, and a picture
//! with more than 256 colours is left to the RGB path (which encodes it as RGB). Each layer is painted as the RGB
//! painter paints it, in its order (a square's by the same function, [`draw_square`](crate::draw::marks::draw_square):
//! fill, highlights, piece, border; then overlays; labels and text outside the board), and every one of them stays
//! inside its square or its strip (checked: anything else takes the RGB path). Tested against the RGB path over
//! generated boards and options (`tests` below: byte for byte, or the same scanlines where the bands may be coded from
//! the tiles) and by every golden.
//!
//! What it draws is decided by [`indexed_path_applies`]: everything but holes, the lines between squares
//! (`borders`) and see-through colours. `print`'s hatched squares are tiles per phase of the hatching (the lines
//! run on across squares).
//!
//! The steps, each in its module: [`palette`] (the colours' indices as the scan meets them), [`tile_art`] (a
//! square's RGB pixels and its own colours, kept across pictures), [`tile`] (each square's tile and its rows' indices
//! in one picture), [`ink`] (where arrows, circles and text ink), [`strips`] (the picture's geometry and the RGB
//! strips around the board), [`census`] (the colours counted before the first row, for the bit depth),
//! [`scanlines`] (the rows packed at that depth) and [`rows`] (each row put together from strips, frame and tiles);
//! [`bounds`] tells the cost model, before a still is drawn, what its plan knows of it
//! ([`StillBounds`](bounds::StillBounds));
//! [`Painting`] here runs them in order and tells the encoder its [`Bands`].

pub(crate) mod bounds;
mod census;
mod ink;
pub(crate) mod palette;
mod rows;
mod scanlines;
mod strips;
mod tile;
pub(crate) mod tile_art;

use census::Census;
use ink::{inked_box, OverlayLayer, PixelBox};
use palette::Palette;
use rows::RowWriter;
use scanlines::Scanlines;
use strips::{text_layers, Geometry, Strip, BOTTOM, TOP};
use tile::{square_tiles, Tile};

use crate::draw::marks::{overlay_layer, text_line_layer, PlacedMask};
use crate::draw::scene::Scene;
use crate::draw::sprite::Key;
use crate::encode::deflate::bands::{Bands, Coding, Span};
use crate::encode::png;
use crate::notation::board::{Board, Cell};
use crate::notation::paint::Paint;
use crate::options::params;
use crate::options::piece_set::PieceSet;
use crate::options::render_options::RenderOptions;
use crate::pixels::Rgb;
use std::sync::Arc;

/// Whether [`paint`] draws this diagram: no holes, and every parameter as the options set it one the palette
/// painter draws. That set is an allow-list kept by the declarations (`palette` in [`crate::options::params`]):
/// any theme, colours, pattern, labels, size, flip, coordinates and furniture; not the lines between squares
/// (`borders`), nor a `transparent` rim or square colour. (`hole` colours only holes, which this path never draws.)
/// A parameter not declared palette-safe takes the RGB path wherever it is set.
///
/// The property test `furnished_render_png_is_the_rgb_paths_png` compares this path's PNG with the RGB painter's for
/// generated options.
pub(crate) fn indexed_path_applies(board: &Board, options: &RenderOptions) -> bool {
    let (w, h) = (board.width(), board.height());
    let holes = (0..h).any(|y| (0..w).any(|x| matches!(board.get(x, y), Some(Cell::Hole) | None)));
    !holes && params::palette_draws(&params::OPTION_PARAMS, options)
}

/// A picture as PNG scanlines of palette indices: what [`crate::encode::png::encode_indexed`] encodes.
pub(crate) struct IndexedPicture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The colours, RGB, in order of first appearance.
    pub palette: Vec<u8>,
    /// Bits a sample: the fewest of 1, 2, 4 and 8 that index the palette ([`crate::encode::png::depth_for`]).
    pub depth: u8,
    /// Each row a filter byte (0, none) and its indices packed at `depth` bits, as PNG's scanlines.
    pub scanlines: Vec<u8>,
    /// What the painter knows of the rows, for the encoder.
    pub bands: Bands,
}

/// The palette painter: the scene of a diagram for which [`indexed_path_applies`], drawn in palette indices; `None` if
/// it has more than 256 colours, or shows anything this painter does not draw (then the RGB painter draws it). The
/// tiles it draws for the first time in the isolate are counted ([`crate::work::Unit::Tile`]), as the cost model
/// predicts them (`tile_art::predicted_work` for a still, `animation::replay::new_tiles` for an animation's first
/// frame).
pub(crate) fn paint(scene: &Scene) -> Option<IndexedPicture> {
    let mut painting = Painting::new(scene)?;
    painting.count_strip_colours();
    painting.write(painting.depth())
}

/// A diagram for the palette painter, ready to be written row by row: its geometry, what lies around the board
/// (drawn in RGB strips), each square's tile, and the census of its colours.
struct Painting<'s> {
    scene: &'s Scene,
    geometry: Geometry,
    background: Rgb,
    /// The lines of text around the board, as layers (the coordinates are the scene's labels).
    texts: Vec<PlacedMask>,
    /// Where each text layer inks: the strips' pixels elsewhere are their background.
    inked: Vec<PixelBox>,
    /// Top, left, right and bottom ([`TOP`], …).
    strips: [Strip; 4],
    tiles: Vec<Tile>,
    /// Each square's tile, in display order (rows top down, left to right).
    tile_of: Vec<usize>,
    /// The colours the picture will show, where the squares start on bytes at 4 bits (elsewhere the rows are
    /// written at 8 bits: no census).
    census: Option<Census>,
}

impl<'s> Painting<'s> {
    /// The scene prepared for writing, the tiles' colours counted; `None` where it shows anything this painter does
    /// not draw: holes, lines between squares, a see-through background or square, an arrow or circle reaching
    /// outside the squares, text reaching into the framed board.
    fn new(scene: &'s Scene) -> Option<Painting<'s>> {
        let g = Geometry::of(scene)?;
        let Paint::Solid(background) = scene.background else { return None };
        if scene.squares.len() != g.files * g.ranks || !scene.holes.is_empty() || !scene.grid.is_empty() {
            return None; // holes or lines between squares: the RGB painter's
        }
        // Arrows and circles, each inside the squares.
        let overlays: Vec<OverlayLayer> = (scene.furniture().over.iter())
            .filter_map(|overlay| overlay_layer(overlay, scene.layout.width, scene.layout.height))
            .filter_map(OverlayLayer::new)
            .collect();
        if !overlays.iter().all(|overlay| g.inside_squares(overlay.ink)) {
            return None;
        }
        // The coordinates and the text around the board (all in the text ink), each outside the framed board: drawn
        // into the strips.
        let texts: Vec<PlacedMask> =
            scene.text_lines().filter_map(|line| text_line_layer(line, scene.text_ink)).collect();
        let layers = text_layers(scene, &texts);
        let mut inked = Vec::with_capacity(layers.len());
        for &(mask, x, y) in &layers {
            if let Some(ink_box) = inked_box(mask, x, y) {
                if !g.outside_board(ink_box) {
                    return None;
                }
                inked.push(ink_box);
            }
        }
        let strips = g.strips(background, &layers, scene.text_ink);
        // The bit depth the rows are written at is known before the first row: the picture's, from a census of its
        // colours, where the squares start on bytes at it, so that their rows are copied packed. Where they start
        // inside a byte (a 1-px frame at the default size, a 3-px one at `size=96`), 8 bits (every square's row
        // then starts on a byte), packed once at the end: cheaper than packing each row as it is made. Squares
        // starting on odd pixels start inside a byte at every depth but 8: no census.
        let mut census = g.squares_on_bytes(4).then(Census::new);
        let (tiles, tile_of) = square_tiles(scene, &overlays, census.as_mut())?;
        Some(Painting { scene, geometry: g, background, texts, inked, strips, tiles, tile_of, census })
    }

    /// Counts the strips' colours into the census, where one is taken and the squares start on bytes at the depth
    /// of the tiles' colours (more colours only make a byte hold fewer pixels, so squares on bytes then are on bytes
    /// at any depth the strips add). Returns whether they were counted from the text layers' coverages, not pixel
    /// by pixel ([`Census::add_text`]); `None` where they were not counted.
    fn count_strip_colours(&mut self) -> Option<bool> {
        let geometry = self.geometry;
        let census = self.census.as_mut().filter(|census| geometry.squares_on_bytes(census.depth()))?;
        let layers = text_layers(self.scene, &self.texts);
        let by_text = census.add_text(&self.strips, (self.background, self.scene.text_ink), (&layers, &self.inked));
        if !by_text {
            for strip in &self.strips {
                census.add_strip(strip, self.background, &self.inked);
            }
        }
        Some(by_text)
    }

    /// The bit depth the rows are written at, after [`Painting::count_strip_colours`]: the census's where the
    /// squares start on bytes at it, else 8.
    fn depth(&self) -> u8 {
        match &self.census {
            Some(census) if self.geometry.squares_on_bytes(census.depth()) => census.depth(),
            _ => 8,
        }
    }

    /// The picture, its rows written at `depth` bits (at least the census's) and packed at its own depth if that is
    /// fewer bits; `None` at a 257th colour.
    fn write(&mut self, depth: u8) -> Option<IndexedPicture> {
        let g = self.geometry;
        let out = Scanlines::new((g.width, g.height), depth, (self.tiles.len(), g.square));
        let mut rows = RowWriter {
            strips: &self.strips,
            out,
            palette: Palette::new(),
            strip_rows: Default::default(),
            same_above: Vec::new(),
        };
        for y in 0..g.by0 {
            rows.strip_row(TOP, y)?;
        }
        // The frame is a closed ring of ink (no holes) around the squares.
        for y in g.by0..g.sy0 {
            rows.frame_row(y, g.bx1 - g.bx0)?;
        }
        for dy in 0..g.ranks {
            let band = &self.tile_of[dy * g.files..(dy + 1) * g.files];
            for ty in 0..g.square {
                rows.band_row(&g, (g.sy0 + dy * g.square + ty, ty), band, &mut self.tiles)?;
            }
        }
        for y in g.sy1..g.by1 {
            rows.frame_row(y, g.bx1 - g.bx0)?;
        }
        for y in g.by1..g.height {
            rows.strip_row(BOTTOM, y)?;
        }
        let RowWriter { out, palette, same_above, .. } = rows;
        debug_assert_eq!(out.lines.len(), g.height * (1 + g.width.div_ceil(8 / usize::from(depth))));
        let colours = palette.rgb.len() / 3;
        // Written at more bits than the colours need (a byte a pixel, or counted more colours than the picture has:
        // an overlay hid all of one): packed at the picture's depth. (Never fewer: the census counts every colour.)
        let fewer = png::depth_for(colours);
        if fewer > depth {
            debug_assert!(false, "{colours} colours written at {depth} bits");
            return None;
        }
        let scanlines =
            if fewer == depth { out.lines } else { png::repack(&out.lines, g.width, depth, fewer, &same_above) };
        for tile in &self.tiles {
            tile.keep();
        }
        let bands = self.bands(same_above);
        let (width, height) = (g.width as u32, g.height as u32);
        // Counted once the picture is whole: one the painter gives up on is painted again by the RGB painter, which
        // counts it.
        crate::work::count(crate::work::Unit::Pixel, u64::from(width) * u64::from(height));
        Some(IndexedPicture { width, height, palette: palette.rgb, depth: fewer, scanlines, bands })
    }

    /// What the encoder is told of the rows: each band of squares as spans of its rows (the left margin and frame;
    /// each square, a copy of the nearest same tile to its left, or its tile's code; the frame and right margin),
    /// and the rows written as copies of the row above (`same_above`).
    fn bands(&self, same_above: Vec<bool>) -> Bands {
        let g = &self.geometry;
        let bands = (0..g.ranks)
            .map(|dy| {
                let row = &self.tile_of[dy * g.files..(dy + 1) * g.files];
                let code = |&id: &usize| self.tiles[id].art.local.as_ref().map(|l| Arc::clone(&l.codes));
                let mut spans = vec![Span::Search(g.sx0)];
                spans.extend(Span::squares(row, g.square, code));
                spans.push(Span::Search(g.width - g.sx1));
                spans
            })
            .collect();
        Bands { first_row: g.sy0, band_rows: g.square, bands, same_above, coding: self.coding() }
    }

    /// How the encoder codes the bands: a still of a piece set other than cburnett whose glyphs show twice each on
    /// average (a game's position: the same glyph's rows recur along the row, on both square colours) as
    /// [`Coding::SetStill`]; cburnett's pictures (their bytes kept) and sheets of different glyphs (where the search
    /// finds more than the tiles' codes: 2-7 % fewer bytes at 40 px) as any still.
    fn coding(&self) -> Coding {
        let sprites: Vec<&Key> = self.scene.squares.iter().filter_map(|square| square.sprite.as_ref()).collect();
        // shapes' flat, symmetric glyphs repeat their rows further up than a tile's code reaches (8 rows): the search
        // makes its start position 12 % smaller, for less CPU than cburnett's (docs/pieces.md, "Cost").
        if sprites.iter().all(|key| matches!(key.set, PieceSet::Cburnett | PieceSet::Shapes)) {
            return Coding::Still;
        }
        let mut glyphs: Vec<&Key> = Vec::new();
        for key in &sprites {
            if !glyphs.contains(key) {
                glyphs.push(key);
            }
        }
        if sprites.len() >= 2 * glyphs.len() {
            Coding::SetStill
        } else {
            Coding::Still
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tile::TileRow;
    use super::*;
    use crate::draw::render::{render_image, render_png};
    use crate::encode::png;
    use crate::notation::ffen::{self, Dialect};
    use crate::notation::paint::Paint;
    use crate::options::render_options::SquareSize;
    use crate::options::theme::Theme;
    use crate::testing::options_from;
    use proptest::prelude::*;

    /// Tile rows the painting's picture took from kept translations (after [`Painting::write`]).
    fn kept_rows(painting: &Painting) -> usize {
        painting.tiles.iter().map(|tile| tile.rows.iter().filter(|&&row| row == TileRow::Kept).count()).sum()
    }

    /// The PNG of the RGB path: draw in RGB, index, encode.
    fn rgb_path(board: &Board, options: &RenderOptions) -> Vec<u8> {
        png::encode(&render_image(board, options)).expect("encodes")
    }

    /// The palette painter's PNG of `board`, with the painter's plan.
    fn palette_path(board: &Board, options: &RenderOptions) -> Vec<u8> {
        encoded(paint(&Scene::build(board, options)).expect("drawn in palette indices"))
    }

    /// The PNG of the palette painter's `picture`, with its plan (as [`render_png`] encodes it).
    fn encoded(picture: IndexedPicture) -> Vec<u8> {
        let size = (picture.width, picture.height);
        png::encode_indexed(size, picture.palette, picture.depth, picture.scanlines, &picture.bands).expect("encodes")
    }

    /// Where the encoder codes the bands from the tiles, and that it does: the lichess size (a 2-px frame, squares on
    /// whole bytes at 4 bits) and a 96-px fairy board (8 bits) are coded so, smaller than the search made them and
    /// the same scanlines; `size=96` at 4 bits (a 3-px frame: squares start inside a byte) is coded so too, the
    /// same scanlines; the default size (bands of a third of the window) is searched, byte for byte the RGB
    /// painter's PNG. And which sizes from 12 to 128, with and without coordinates, flipped or not, have squares
    /// coded starting inside bytes: from 96 px on, not at lichess' size nor at 128.
    #[test]
    fn large_pictures_are_coded_from_their_tiles() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let fairy = ffen::parse("-*1q1c*2T*2r3/*3n2''88'a/[Q:3][n:4][B:5][k:6]/8", Dialect::Janko).unwrap();
        for (board, o) in [(&start, options(90, false, Theme::Gray)), (&fairy, options(96, true, Theme::Green))] {
            let (png, rgb) = (palette_path(board, &o), rgb_path(board, &o));
            assert!(png != rgb && png.len() < rgb.len(), "{} {} {}", o.canonical(), png.len(), rgb.len());
            assert!(png::same_but_coding(&png, &rgb), "{}", o.canonical());
        }
        for o in [RenderOptions::default(), options(96, false, Theme::Gray)] {
            let l = crate::draw::layout::Layout::drawn(&start, &o);
            assert_eq!(
                crate::encode::deflate::bands::may_code_from_tiles(l.square, l.width, false),
                o.size.pixels() == 96
            );
            let (png, rgb) = (palette_path(&start, &o), rgb_path(&start, &o));
            if o.size.pixels() == 96 {
                assert!(png != rgb && png::same_but_coding(&png, &rgb), "{}", o.canonical());
            } else {
                assert!(png == rgb, "{}", o.canonical());
            }
        }
        // Whether the picture's plan at 4 bits codes squares that start inside a byte.
        let coded_inside_bytes = |board: &Board, o: &RenderOptions| {
            let picture = paint(&Scene::build(board, o)).expect("the palette painter draws it");
            let four_bit_bytes = picture.height as usize * (1 + (picture.width as usize).div_ceil(2));
            picture.bands.codes_inside_bytes(4, four_bit_bytes)
        };
        let mut coded_inside = Vec::new();
        for size in 12..=128 {
            for (coords, flip) in [(false, false), (true, false), (true, true)] {
                let o = RenderOptions { coords, ..options(size, flip, Theme::Gray) };
                if coded_inside_bytes(&start, &o) {
                    coded_inside.push((size, coords));
                }
            }
        }
        // Both sides met: the 3-px frame from 96 px on, until the scanlines pass 512 KB at 4 bits; not the lichess
        // size (a 2-px frame, a 40-px margin) nor 128 px (searched quickly: an 8×8 board is not coded by stamps).
        assert!(coded_inside.contains(&(96, false)) && coded_inside.contains(&(96, true)), "{coded_inside:?}");
        assert!(!coded_inside.iter().any(|&(size, _)| size == 90 || size == 128), "{coded_inside:?}");
        // Other boards, and furniture whose text column moves the board's left edge: the same rule.
        let wide = "A title wider than the board, so that the board is centred under it";
        let ten = ffen::parse("K9/10/10/10/10/10/10/10/10/9k", Dialect::Janko).unwrap();
        let mut others = 0;
        for board in [&ten, &fairy] {
            for size in [93, 96, 97, 101, 112, 125] {
                for extra in [&[][..], &[("coords", "1")], &[("title", wide), ("count", "1")]] {
                    let size = size.to_string();
                    let pairs = [("size", size.as_str())].into_iter().chain(extra.iter().copied());
                    let o = RenderOptions::from_pairs(pairs).unwrap().for_board(board).unwrap();
                    others += usize::from(coded_inside_bytes(board, &o));
                }
            }
        }
        assert!(others > 0);
    }

    /// Pictures of boards larger than 8×8 of more than 1,024 × 1,024 pixels, coded from their tiles, whose tiles
    /// show twice or more on average, are coded by stamps: the same scanlines as the RGB path's PNG, other bytes;
    /// 8×8 boards and pictures of at most 1,024 × 1,024 pixels are not coded so (stamps gain little there).
    #[test]
    fn the_largest_pictures_are_coded_by_stamps() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let full = ffen::parse(
            &(0..32)
                .map(|y| (0..32).map(|x| char::from(b"KQRBNPkqrbnp"[(x + y) % 12])).collect::<String>())
                .collect::<Vec<_>>()
                .join("/"),
            Dialect::Janko,
        )
        .unwrap();
        let mixed = ffen::parse(
            &(0..16)
                .map(|y| ["(q3)(n4)(r5)(b6)", "(k2)(p2)(s3)(g1)", "(ca3)(Z)(c5)(t6)", "Qn(x4)(q6)"][y % 4].repeat(4))
                .collect::<Vec<_>>()
                .join("/"),
            Dialect::Bodlaender,
        )
        .unwrap();
        let ten =
            ffen::parse(&["pppppppppp/PPPPPPPPPP/nnnnnnnnnn/NNNNNNNNNN"; 3].join("/")[..109], Dialect::Janko).unwrap();
        assert_eq!((ten.width(), ten.height()), (10, 10));
        // Whether the picture's plan is coded by stamps at some bit depth.
        let by_stamps = |picture: &IndexedPicture| {
            let (w, h) = (picture.width as usize, picture.height as usize);
            [8u8, 4, 2, 1].iter().any(|&depth| {
                let per_byte = 8 / usize::from(depth);
                picture.bands.codes_by_stamps(depth, h * (1 + w.div_ceil(per_byte)))
            })
        };
        let cases: [(&Board, &[(&str, &str)]); 6] = [
            (&ten, &[("size", "104")]),
            (&ten, &[("size", "104"), ("coords", "1"), ("flip", "1"), ("theme", "print")]),
            (&ten, &[("size", "104"), ("coords", "1"), ("title", "Title"), ("squares", "Ge4"), ("arrows", "Ge2e4")]),
            (&full, &[("size", "60")]),
            (&full, &[("size", "68")]),
            (&mixed, &[("size", "66"), ("theme", "brown"), ("coords", "1")]),
        ];
        for (board, pairs) in cases {
            let o = RenderOptions::from_pairs(pairs.iter().copied()).unwrap().for_board(board).unwrap();
            let picture = paint(&Scene::build(board, &o)).expect("drawn in palette indices");
            let (w, h) = (picture.width as usize, picture.height as usize);
            assert!(w * h > 1 << 20, "{}", o.canonical());
            let (png, rgb) = (palette_path(board, &o), rgb_path(board, &o));
            assert!(png != rgb && png::same_but_coding(&png, &rgb), "{}", o.canonical());
            assert!(by_stamps(&picture), "{}", o.canonical());
        }
        // The sizes around the edge: coded by stamps only for a board larger than 8×8 of more than 1,024 × 1,024
        // pixels.
        let mut seen = (0, 0);
        for (board, sizes) in [(&start, 120..=128), (&ten, 96..=104), (&full, 28..=34)] {
            for size in sizes {
                for coords in [false, true] {
                    let o = RenderOptions { coords, ..options(size, false, Theme::Gray) }.for_board(board).unwrap();
                    let picture = paint(&Scene::build(board, &o)).expect("drawn in palette indices");
                    let (w, h) = (picture.width as usize, picture.height as usize);
                    let stamped = by_stamps(&picture);
                    let larger = board.width() * board.height() > 64;
                    assert!(!stamped || (w * h > 1 << 20 && larger), "{}", o.canonical());
                    if stamped {
                        seen.0 += 1
                    } else {
                        seen.1 += 1
                    }
                }
            }
        }
        assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
    }

    /// The census counts at least every colour of the picture where it counts (squares on bytes at 4 bits), the
    /// strips' from the text layers' coverages where the layers do not overlap: over sizes, themes, coordinates and
    /// text around the board, so that no row is written at too few bits.
    #[test]
    fn the_census_counts_every_colour_of_the_picture() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let empty = Board::empty(8, 8).unwrap();
        let texts: [&[(&str, &str)]; 4] = [
            &[("coords", "1")],
            &[("coords", "1"), ("count", "1"), ("caption", "#2 Circe")],
            &[("title", "Ladislav Šulc|Phénix 1999"), ("caption", "#2|b) wKe1-h1")],
            &[("coords", "1"), ("theme", "print"), ("title", "Problem 12")],
        ];
        let (mut counted, mut by_text) = (0, 0);
        for board in [&start, &empty] {
            for size in [12, 14, 20, 32, 44, 60, 64, 80, 90, 128] {
                for text in texts {
                    let size = size.to_string();
                    let pairs = text.iter().copied().chain([("size", size.as_str())]);
                    let o = RenderOptions::from_pairs(pairs).unwrap();
                    let scene = Scene::build(board, &o);
                    let mut painting = Painting::new(&scene).expect("drawn in palette indices");
                    let from_text = painting.count_strip_colours();
                    let census = painting.census.as_ref().map(|c| (c.colours.rgb.len() / 3, c.eight_bits));
                    let picture = painting.write(painting.depth()).expect("drawn in palette indices");
                    let (Some((colours, eight_bits)), Some(text)) = (census, from_text) else { continue };
                    assert!(eight_bits || colours >= picture.palette.len() / 3, "{}", o.canonical());
                    counted += 1;
                    by_text += usize::from(text);
                }
            }
        }
        assert!(counted >= 16 && by_text >= 16, "{counted} {by_text}");
    }

    /// A picture whose colours were counted as more than it has (an overlay hiding all of a colour) is packed again
    /// at its depth: the same scanlines as counted right, at 1, 2, 4 and 8 bits, with squares on whole bytes and
    /// inside them.
    #[test]
    fn pictures_counted_at_a_larger_depth_are_packed_at_theirs() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        let empty = Board::empty(3, 2).unwrap();
        let two = RenderOptions::from_pairs([("light", "000000"), ("dark", "000000")]).unwrap();
        let cases = [
            (&empty, two, 1),
            (&empty, RenderOptions::default(), 2),
            (&start, options(90, false, Theme::Gray), 4),
            (&start, options(45, true, Theme::Gray), 4),
            (&start, options(40, false, Theme::Green), 8),
        ];
        for (board, o, depth) in cases {
            let scene = Scene::build(board, &o);
            let right = paint(&scene).expect("drawn in palette indices");
            assert_eq!(right.depth, depth, "{}", o.canonical());
            for counted in [2, 4, 8] {
                // (As if the census counted more colours than there are, as an overlay hiding a colour makes it.)
                let mut painting = Painting::new(&scene).expect("drawn in palette indices");
                painting.count_strip_colours();
                let again = painting.write(painting.depth().max(counted)).expect("drawn in palette indices");
                assert_eq!(again.depth, right.depth);
                assert!(again.scanlines == right.scanlines, "{} counted {counted} bits", o.canonical());
            }
        }
    }

    /// The rows the painter copies from the row above (the same in every tile of the band and in the margins) are
    /// flagged for the encoder, and each flagged row is the row above: every row of a band that is the one above it,
    /// at small and large sizes, flipped or not, with and without coordinates.
    #[test]
    fn rows_copied_from_the_row_above_are_flagged_and_are_the_row_above() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        for size in [12, 40, 90] {
            for coords in [false, true] {
                let o = RenderOptions { coords, ..options(size, size == 40, Theme::Gray) };
                let picture = paint(&Scene::build(&start, &o)).expect("drawn in palette indices");
                let stride = 1 + (picture.width as usize).div_ceil(8 / usize::from(picture.depth));
                let rows: Vec<&[u8]> = picture.scanlines.chunks_exact(stride).collect();
                let flagged: Vec<usize> =
                    (picture.bands.same_above.iter().enumerate()).filter_map(|(y, &same)| same.then_some(y)).collect();
                for &y in &flagged {
                    assert!(y > 0 && rows[y] == rows[y - 1], "{} row {y}", o.canonical());
                }
                // Every row inside the squares' bands that is its band's row above is flagged (the first of a band
                // is compared by the encoder as any other).
                let l = crate::draw::layout::Layout::drawn(&start, &o);
                let (top, square) = (l.board_y as usize, l.square as usize);
                let equal =
                    (top..top + 8 * square).filter(|&y| (y - top) % square != 0 && rows[y] == rows[y - 1]).count();
                assert_eq!(flagged.len(), equal, "{}", o.canonical());
                // (Fewer beside the rank labels, which change the margin's rows.)
                let least = if coords { 1 } else { 8 * square / 3 };
                assert!(flagged.len() >= least, "{}: {} rows", o.canonical(), flagged.len());
            }
        }
    }

    /// A piece set's start position at the default size is coded from its tiles where it is 8 bits a pixel
    /// ([`Coding::SetStill`]): the RGB painter's scanlines in fewer bytes; cburnett's and shapes' are searched as any
    /// still's, byte for byte the RGB painter's PNG.
    #[test]
    fn a_sets_start_position_is_coded_from_its_tiles() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        for set in PieceSet::ALL {
            let options = RenderOptions { piece: set, ..RenderOptions::default() };
            let picture = paint(&Scene::build(&start, &options)).expect("drawn in palette indices");
            let own = !matches!(set, PieceSet::Cburnett | PieceSet::Shapes);
            let coding = if own { Coding::SetStill } else { Coding::Still };
            assert_eq!(picture.bands.coding, coding, "{}", set.name());
            let coded = own && picture.depth == 8;
            assert_eq!(coded, own, "{}: {} bits", set.name(), picture.depth);
            let (png, rgb) = (render_png(&start, &options).unwrap(), rgb_path(&start, &options));
            assert!(png::same_but_coding(&png, &rgb), "{}", set.name());
            assert_eq!(png.len() < rgb.len(), coded, "{}: {} bytes, searched {}", set.name(), png.len(), rgb.len());
            assert_eq!(png == rgb, !coded, "{}", set.name());
        }
    }

    /// `png` (the palette painter's) is the PNG `rgb` (the RGB painter's) is: byte for byte, or, where the encoder
    /// may code the bands of squares from their tiles, the same chunks and the same scanlines.
    fn assert_same_png(board: &Board, options: &RenderOptions, png: &[u8], rgb: &[u8]) {
        let l = crate::draw::layout::Layout::drawn(board, options);
        let set = options.piece != PieceSet::Cburnett;
        if crate::encode::deflate::bands::may_code_from_tiles(l.square, l.width, set) {
            assert!(png::same_but_coding(png, rgb), "{}", options.canonical());
        } else {
            assert!(png == rgb, "{}", options.canonical());
        }
    }

    fn options(size: u32, flip: bool, theme: Theme) -> RenderOptions {
        RenderOptions { size: SquareSize::new(size).unwrap(), flip, theme, ..RenderOptions::default() }
    }

    /// Each of `boards` (janko FFEN) in each of `looks`, drawn with the sprite and tile caches emptied before each.
    fn cold_renders(boards: &[&str], looks: &[RenderOptions]) -> Vec<Vec<u8>> {
        let _serial = crate::work::tests::CACHES.lock().unwrap_or_else(|e| e.into_inner());
        let mut cold = Vec::new();
        for board in boards {
            let board = ffen::parse(board, Dialect::Janko).unwrap();
            for look in looks {
                crate::draw::render::clear_sprite_cache();
                cold.push(render_png(&board, look).unwrap());
            }
        }
        cold
    }

    /// A tile from the isolate's cache draws the same bytes as one drawn now: the same diagrams rendered with the
    /// caches emptied before each, and then again from warm caches in another order.
    #[test]
    fn cached_tiles_draw_the_same_bytes() {
        let boards = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "-*1q-c*2T/*3n6/8/8/8/8/8/K6k"];
        let looks =
            [options(40, false, Theme::Gray), options(23, true, Theme::Print), options(90, false, Theme::Brown)];
        let cold = cold_renders(&boards, &looks);
        let mut warm = Vec::new();
        for board in boards.iter().rev() {
            let board = ffen::parse(board, Dialect::Janko).unwrap();
            for look in looks.iter().rev() {
                warm.push(render_png(&board, look).unwrap());
            }
        }
        warm.reverse();
        assert!(cold == warm);
    }

    #[test]
    fn kept_translations_are_used_only_where_the_palette_agrees() {
        // The same tiles in pictures whose palettes are built in other orders (the kings swapped, the kings on
        // other squares, coordinates added), one after another: each as a cold render draws it, and as the RGB
        // painter's PNG.
        let boards = ["4k3/8/8/8/8/8/8/4K3", "4K3/8/8/8/8/8/8/4k3", "K7/8/8/8/8/8/8/7k", "4k3/8/8/8/8/8/8/4K3"];
        let mut looks = vec![options(40, false, Theme::Gray), options(90, false, Theme::Brown)];
        looks.push(RenderOptions { coords: true, ..options(40, true, Theme::Gray) });
        let cold = cold_renders(&boards, &looks);
        let mut kept = 0;
        let mut warm = Vec::new();
        for board in boards {
            let board = ffen::parse(board, Dialect::Janko).unwrap();
            for look in &looks {
                // `render_png` of a diagram the palette painter draws, in its steps, to count the kept rows.
                assert!(indexed_path_applies(&board, look));
                let scene = Scene::build(&board, look);
                let mut painting = Painting::new(&scene).expect("drawn in palette indices");
                painting.count_strip_colours();
                let picture = painting.write(painting.depth()).expect("drawn in palette indices");
                kept += kept_rows(&painting);
                let png = encoded(picture);
                assert_same_png(&board, look, &png, &rgb_path(&board, look));
                warm.push(png);
            }
        }
        assert!(cold == warm);
        // The last board is the first again: its rows are the kept ones (at least its empty squares').
        assert!(kept > 0);
    }

    #[test]
    fn which_diagrams_take_the_indexed_path() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        assert!(indexed_path_applies(&start, &RenderOptions::default()));
        assert!(indexed_path_applies(&start, &options(90, true, Theme::Green)));
        assert!(indexed_path_applies(&start, &RenderOptions { coords: true, ..RenderOptions::default() }));
        assert!(indexed_path_applies(&start, &options(40, false, Theme::Print)));
        // Looks and furniture too.
        for pairs in FURNISHED {
            let o = options_from(pairs).for_board(&start).unwrap();
            assert!(indexed_path_applies(&start, &o), "{pairs:?}");
            assert!(paint(&Scene::build(&start, &o)).is_some(), "{pairs:?}");
        }
        let bordered = ffen::parse("8/8/8/[]K7", Dialect::Janko).unwrap();
        assert!(bordered.is_bordered(0, 3));
        assert!(indexed_path_applies(&bordered, &RenderOptions::default()));
        // Not: holes, the lines between squares, anything see-through.
        let holes = ffen::parse("8/8/3[-]4/8", Dialect::Janko).unwrap();
        assert!(holes.cells().iter().any(|c| matches!(c, Cell::Hole)));
        assert!(!indexed_path_applies(&holes, &RenderOptions::default()));
        for pairs in [
            &[("borders", "1")][..],
            &[("rim", "transparent")],
            &[("light", "transparent")],
            &[("colors", "white transparent")],
        ] {
            assert!(!indexed_path_applies(&start, &options_from(pairs)), "{pairs:?}");
        }
    }

    /// Looks and furniture the palette painter draws (the goldens' and scripts/cost's, the two families' looks of
    /// lichess and web-boardimage: a check, their last move and crossed squares; HGM's filled pieces and chess.com's
    /// highlight colour).
    const FURNISHED: [&[(&str, &str)]; 9] = [
        &[
            ("size", "37"),
            ("coords", "1"),
            ("count", "1"),
            ("title", "Ladislav Šulc|Phénix 1999, 1st Prize"),
            ("caption", "#2 Circe|b) wKe1-h1"),
            ("squares", "Ge4,Rd5,c3"),
            ("arrows", "Ge2e4,Bh7c2,Ra1a1"),
            ("lastmove", "g1f3"),
        ],
        &[("theme", "brown"), ("rim", "#3a2a1e"), ("coords", "1"), ("coord_color", "#f0d9b5"), ("title", "W")],
        &[("colors", "white #b4b4b4 #8ca2ad"), ("board", "10.21."), ("size", "32")],
        &[("files", "h g f e d c b a"), ("ranks", "i h g f e d c b"), ("coords", "1"), ("first_rank", "0")],
        &[("theme", "print"), ("caption", "#3"), ("count", "1"), ("squares", "a1,Rh8"), ("flip", "1")],
        &[("size", "12"), ("arrows", "Ga1h8,Bh1a8"), ("title", "x"), ("coords", "1")],
        &[
            ("size", "90"),
            ("coords", "1"),
            ("theme", "brown"),
            ("lastmove", "f1e2"),
            ("lastmove_style", "lichess"),
            ("check", "e1"),
            ("title", "Nakamura"),
            ("caption", "Carlsen"),
        ],
        &[
            ("size", "128"),
            ("theme", "blue"),
            ("squares", "a1,Gd8,Re1,e8"),
            ("squares_style", "x"),
            ("check", "e8"),
            ("lastmove", "d7d8"),
            ("lastmove_style", "lichess"),
            ("arrows", "Ge2e4"),
        ],
        &[
            ("size", "90"),
            ("theme", "green"),
            ("white_fill", "#ffd700"),
            ("black_fill", "#40a0ff"),
            ("squares", "e2,e4,Gd7"),
            ("squares_color", "ffcccc"),
        ],
    ];

    #[test]
    fn furnished_diagrams_are_the_same_png_by_both_paths() {
        for ffen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "-*1q1c*2T/*3n2''88'a/[]K6k/8/8/8/8/8"] {
            let board = ffen::parse(ffen, Dialect::Janko).unwrap();
            for pairs in FURNISHED {
                let o = options_from(pairs).for_board(&board).unwrap();
                assert_same_png(&board, &o, &palette_path(&board, &o), &rgb_path(&board, &o));
            }
        }
    }

    #[test]
    fn plain_diagrams_are_the_same_png_by_both_paths() {
        let boards = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            // Neutral and rotated pieces and markers, letters and numbers, extra colours, named pieces.
            "-*1q1c*2T*2r3/*3n2''88'a/[Q:3][n:4][B:5][k:6]/[nightrider:w][camelrider:n][gh:b]1",
            "K",
        ];
        for ffen in boards {
            let board = ffen::parse(ffen, Dialect::Janko).unwrap();
            let coords = RenderOptions { coords: true, ..options(33, true, Theme::Green) };
            let print = RenderOptions { coords: true, ..options(41, false, Theme::Print) };
            let print_flipped = options(96, true, Theme::Print);
            for o in [
                RenderOptions::default(),
                options(90, false, Theme::Gray),
                options(13, true, Theme::Brown),
                coords,
                print,
                print_flipped,
            ] {
                assert!(indexed_path_applies(&board, &o));
                assert_same_png(&board, &o, &palette_path(&board, &o), &rgb_path(&board, &o));
            }
        }
    }

    /// A square of a plain diagram in janko's FFEN with its canonical extension: empty, pieces and markers of
    /// every colour (neutral, extra colours 3–6) and rotation, named fairy pieces (glyphs and fallback discs),
    /// letters and numbers.
    fn plain_token() -> impl Strategy<Value = String> {
        let piece = "[KQRBNPkqrbnpCXSTcxst]";
        prop_oneof![
            6 => Just("1".to_string()),
            6 => piece.prop_map(|p| p.to_string()),
            3 => (any::<bool>(), 0..4u8, piece).prop_map(|(n, t, p)| format!("{}*{t}{p}", if n { "-" } else { "" })),
            1 => "\\[[QRBNPKCXST]:[3-6]\\]",
            1 => "\\[(nightrider|zebra|amazon|camelrider|gh):[wbn3-6]\\]",
            1 => "'[a-zA-Z0-9]",
            1 => "''[0-9]{2}",
        ]
    }

    /// A square of any diagram: a plain one, or a hole, or a bordered square.
    fn any_token() -> impl Strategy<Value = String> {
        prop_oneof![8 => plain_token(), 1 => Just("[-]".to_string()), 1 => plain_token().prop_map(|t| format!("[]{t}"))]
    }

    /// Boards of 1×1 to 9×9, half of them plain (the indexed path), half with holes and bordered squares as well.
    fn any_board() -> impl Strategy<Value = Board> {
        (1..=9usize, 1..=9usize, any::<bool>()).prop_flat_map(|(w, h, plain)| {
            let token = if plain { plain_token().boxed() } else { any_token().boxed() };
            proptest::collection::vec(proptest::collection::vec(token, w), h).prop_map(|ranks| {
                let text: Vec<String> = ranks.into_iter().map(|r| r.concat()).collect();
                let text = text.join("/");
                ffen::parse(&text, Dialect::Janko).unwrap_or_else(|e| panic!("{text}: {e}"))
            })
        })
    }

    fn any_options() -> impl Strategy<Value = RenderOptions> {
        let colour = proptest::option::of(any::<(u8, u8, u8)>().prop_map(|(r, g, b)| Rgb(r, g, b)));
        (12..=64u32, any::<bool>(), any::<bool>(), 0..5usize, colour.clone(), colour).prop_map(
            |(size, flip, coords, theme, light, dark)| RenderOptions {
                size: SquareSize::new(size).unwrap(),
                flip,
                coords,
                theme: [Theme::Gray, Theme::Print, Theme::Brown, Theme::Blue, Theme::Green][theme],
                light: light.map(Paint::Solid),
                dark: dark.map(Paint::Solid),
                ..RenderOptions::default()
            },
        )
    }

    /// Furniture and looks as query pairs (made canonical for the board before drawing): text above and below,
    /// counts, highlights, arrows and circles (some off the board, some reaching into the frame at small sizes),
    /// a rim, text colour, square colours, a check, lichess' last move and crossed squares, filled pieces (one fill
    /// an extra colour's tint), the colour of unlettered squares and piece sets.
    fn any_furniture() -> impl Strategy<Value = Vec<(&'static str, &'static str)>> {
        let one = |key: &'static str, values: &'static [&'static str]| {
            proptest::option::of(proptest::sample::select(values)).prop_map(move |v| v.map(|v| (key, v)))
        };
        let text = (
            one("title", &["Šulc", "A. B|Prize 1999, 1st Prize", "W"]),
            one("caption", &["#2", "#2 Circe|b) wKe1-h1", "="]),
            one("count", &["1"]),
        );
        let marks = (
            one("squares", &["a1", "Ga1,Rb2,c3", "Rb1,Ba2"]),
            one("arrows", &["Ga1b2", "Ba2a2", "Ra1c3,Gb2a1", "Ga1a1"]),
            one("lastmove", &["a1b2", "b1a1"]),
            one("check", &["a1", "b2"]),
            one("lastmove_style", &["lichess"]),
            one("squares_style", &["x"]),
            one("squares_color", &["ffcccc", "#102030"]),
        );
        let look = (
            one("rim", &["#3a2a1e", "white"]),
            one("coord_color", &["#f0d9b5", "red"]),
            one("colors", &["white #b4b4b4 #8ca2ad", "#eee"]),
            one("white_fill", &["#ffd700", "navy", "#e03a2f"]),
            one("black_fill", &["#40a0ff", "lightpink", "#ffd700"]),
            one("piece", &["chessnut", "fantasy", "shapes", "kiwen-suwi", "rhosgfx"]),
        );
        (text, marks, look).prop_map(|((a, b, c), (d, e, f, g, h, i, j), (k, l, m, n, o, p))| {
            [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p].into_iter().flatten().collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The whole point: the PNG `render_png` makes is the RGB path's (byte for byte, or where its bands are
        /// coded from tiles the same scanlines), for any board and options (the indexed path where it applies and
        /// has at most 256 colours, the RGB path otherwise). With furniture and looks as well.
        #[test]
        fn furnished_render_png_is_the_rgb_paths_png(
            board in any_board(),
            options in any_options(),
            furniture in any_furniture(),
        ) {
            let pairs = options.link_pairs();
            let all = pairs.iter().map(|(k, v)| (*k, v.as_str())).chain(furniture.iter().copied());
            let Ok(options) = RenderOptions::from_pairs(all).and_then(|o| o.for_board(&board)) else {
                return Ok(()); // a square or arrow off this board: refused before drawing
            };
            let png = crate::draw::render::render_png(&board, &options).expect("encodes");
            assert_same_png(&board, &options, &png, &rgb_path(&board, &options));
        }

        #[test]
        fn render_png_is_the_rgb_paths_png(board in any_board(), options in any_options()) {
            let png = crate::draw::render::render_png(&board, &options).expect("encodes");
            assert_same_png(&board, &options, &png, &rgb_path(&board, &options));
            if indexed_path_applies(&board, &options) {
                if let Some(picture) = paint(&Scene::build(&board, &options)) {
                    prop_assert_eq!(picture.palette.len() % 3, 0);
                    prop_assert!(picture.palette.len() / 3 <= 256);
                    prop_assert_eq!(picture.depth, png::depth_for(picture.palette.len() / 3));
                    let stride = 1 + (picture.width as usize).div_ceil(8 / usize::from(picture.depth));
                    prop_assert_eq!(picture.scanlines.len(), stride * picture.height as usize);
                }
            }
        }
    }
}
