//! The renderer: a [`Board`] and [`RenderOptions`] to a PNG diagram.
//!
//! The RGB painter ([`paint`]: the [`Scene`] drawn pixel by pixel) and the renderer's public face:
//! [`render_image`], [`render_png`] (which takes the palette painter, [`crate::draw::indexed`], where it applies),
//! [`RENDERER_VERSION`], and the layout's limits and the error card re-exported.

use crate::draw::indexed;
use crate::draw::layout::Layout;
use crate::draw::marks::{draw_mark, draw_overlay, draw_square, draw_text_line, SquareLayers};
use crate::draw::pngenc::{self, EncodeError};
use crate::draw::raster::{Canvas, Image, Rect};
use crate::draw::scene::{Scene, SquarePaint};
use crate::draw::sprite;
use crate::notation::board::{Board, Cell, Piece, PieceKind};
use crate::notation::colour::Paint;
use crate::notation::fairy::REDRAWN;
use crate::options::render_options::RenderOptions;
use crate::options::theme::{hatching, INK, PAPER};

pub use crate::draw::card::{message_png, MESSAGE_MAX_LINES, MESSAGE_WIDTH};
pub use crate::draw::layout::{
    check_image_size, check_image_size_within, image_size, ImageTooLarge, InvalidPixelLimit, PixelLimit,
    MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE,
};

/// The renderer's version, part of the cache key: bumped whenever the pixels of any diagram change.
///
/// r5 and r6 changed only the pictures of boards with some named fairy pieces (issue 19: r5 drew the compounds and
/// short leapers as two halves of orthodox glyphs, r6 gave them and the knight's relatives, the cannon and the lion
/// glyphs drawn for them); every other picture is byte for byte r4's (the goldens), so those keep their r4 keys: the
/// key's version is [`renderer_version`] of the board, not this constant alone. Whoever bumps it next decides which
/// pictures the change leaves alone: for a change of every picture, [`UNCHANGED_SINCE`] becomes the new version too;
/// for a change of some pieces, their names go into [`crate::notation::fairy::REDRAWN`] under the new version (a
/// test compares the table with the last one shipped, pinned in its code). r7 changed no pixels, only the bytes of
/// large PNGs ([`TILE_CODED_SINCE`], [`png_version`]), r8 only those of some of them at 4 bits
/// ([`INSIDE_BYTES_CODED_SINCE`]), and r9 only those of more than 1,024 × 1,024 pixels ([`STAMPED_SINCE`]).
pub const RENDERER_VERSION: &str = "r9";

/// The version of the PNGs whose bands of squares the encoder codes from their tiles' codes instead of searching
/// them (issue 18: a large picture's rows are coded in a fraction of the time; other bytes, the same pixels): the
/// key's version of every PNG the encoder may code so ([`png_version`]). Every other PNG, and every
/// SVG, keeps its bytes and its key.
pub const TILE_CODED_SINCE: &str = "r7";

/// The version of the PNGs whose squares start inside a byte at 4 bits a pixel (a 3-px frame from `size=96`, or
/// coordinates' margins of an odd width) and whose bands the encoder codes from their tiles' codes, which r7
/// searched (docs/cost.md, round 10: the same pixels, 2–3.5 % more bytes within the goldens' ceilings, 7–25 % less
/// CPU): the key's version of every PNG the encoder may code so ([`png_version`]).
pub const INSIDE_BYTES_CODED_SINCE: &str = "r8";

/// The version of the PNGs of more than 1,024 × 1,024 pixels whose bands the encoder codes from their tiles: each
/// tile row's tokens made once a picture and written again as they are wherever the tile shows that row (stamps),
/// which r7 coded token by token, trying the squares to the left for a literal (docs/cost.md, round 11: the same
/// pixels, about the same bytes, a third less CPU on a 32×32 board; boards larger than 8×8 only): the key's version
/// of every PNG the encoder may code so ([`png_version`]).
pub const STAMPED_SINCE: &str = "r9";

/// The version whose pictures [`RENDERER_VERSION`] still draws exactly: the key's version of a board without a
/// redrawn fairy piece.
pub const UNCHANGED_SINCE: &str = "r4";

/// The version in the cache key of a PNG of `board` drawn with `options`: [`STAMPED_SINCE`] where its bands are
/// large enough to be coded from the tiles (below), it has more than 1,024 × 1,024 pixels and the board more than
/// 64 squares, else [`INSIDE_BYTES_CODED_SINCE`] where its bands may be coded from the tiles with squares that start inside a byte at 4 bits (an odd square or left edge,
/// and at most 512 KB of scanlines at 4 bits), else [`TILE_CODED_SINCE`] where its bands of squares are large enough
/// to be coded from the tiles (a square times the picture's width, plus one, of at least 30,720 pixels: an 8×8
/// board from `size=62` on; the encoder then codes them where a band's bytes at the picture's bit depth are that
/// many), else [`renderer_version`] of the board.
///
/// ```
/// use ffen_diagram::{ffen, png_version, RenderOptions};
/// let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ffen::Dialect::Janko).unwrap();
/// assert_eq!(png_version(&start, &RenderOptions::default()), "r4");
/// let large = RenderOptions::from_pairs([("size", "90")]).unwrap();
/// assert_eq!(png_version(&start, &large), "r7");
/// // A 3-px frame: the squares start inside a byte at 4 bits.
/// let print = RenderOptions::from_pairs([("size", "96")]).unwrap();
/// assert_eq!(png_version(&start, &print), "r8");
/// // Over 512 KB of scanlines at 4 bits: searched quickly, as r7 did.
/// let larger = RenderOptions::from_pairs([("size", "128")]).unwrap();
/// assert_eq!(png_version(&start, &larger), "r7");
/// // A 16×16 board of more than 1,024 × 1,024 pixels: coded by stamps where its tiles show again.
/// let sixteen = ffen::parse(&["16"; 16].join("/"), ffen::Dialect::Bodlaender).unwrap();
/// let large = RenderOptions::from_pairs([("size", "66")]).unwrap();
/// assert_eq!(png_version(&sixteen, &large), "r9");
/// ```
pub fn png_version(board: &Board, options: &RenderOptions) -> &'static str {
    let l = Layout::drawn(board, options);
    let tiles = crate::draw::deflate::may_code_from_tiles(l.square, l.width);
    let squares = board.width() * board.height();
    if tiles && crate::draw::deflate::stamped(l.width as usize, l.height as usize, squares) {
        STAMPED_SINCE
    } else if crate::draw::deflate::starts_inside_bytes_coded(l.square, l.board_x, (l.width, l.height)) {
        INSIDE_BYTES_CODED_SINCE
    } else if tiles {
        TILE_CODED_SINCE
    } else {
        renderer_version(board)
    }
}

/// The renderer version in the cache key of `board`'s SVGs, and of its PNGs not coded from tiles
/// ([`png_version`]): the newest version that redrew a piece the board
/// shows ([`crate::notation::fairy::REDRAWN`]), else [`UNCHANGED_SINCE`], whose bytes today's renderer draws
/// unchanged. So each release moved only the keys of the pictures it changed: every cached orthodox diagram, its
/// `ETag` and its cache URL stay as they were.
///
/// ```
/// use ffen_diagram::{ffen, renderer_version};
/// let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", ffen::Dialect::Janko).unwrap();
/// assert_eq!(renderer_version(&start), "r4");
/// let capablanca = ffen::parse("(Archbishop)(grasshopper)6", ffen::Dialect::Bodlaender).unwrap();
/// assert_eq!(renderer_version(&capablanca), "r6");
/// let problem = ffen::parse("(Grasshopper)(leo)6", ffen::Dialect::Bodlaender).unwrap();
/// assert_eq!(renderer_version(&problem), "r4");
/// ```
pub fn renderer_version(board: &Board) -> &'static str {
    let shows = |names: &[&str]| {
        board.cells().iter().any(|cell| match cell {
            Cell::Piece(Piece { kind: PieceKind::Named(name), .. }) => names.contains(&name.as_str()),
            _ => false,
        })
    };
    REDRAWN.iter().find(|(_, names)| shows(names)).map_or(UNCHANGED_SINCE, |&(version, _)| version)
}

/// Paints `rect` with `paint`.
fn fill(image: &mut Image, rect: Rect, paint: SquarePaint, square: u32) {
    match paint {
        SquarePaint::Solid(c) => image.fill_rect(rect, c),
        SquarePaint::Hatched { paper, ink } => image.hatch_rect(rect, paper, ink, hatching(square)),
        SquarePaint::Clear => image.clear_rect(rect),
    }
}

/// Draws the diagram into an image (no encoding): opaque unless a look colour is `transparent`.
pub fn render_image(board: &Board, options: &RenderOptions) -> Image {
    paint(&Scene::build(board, options))
}

/// The RGB painter: the scene drawn pixel by pixel, in its order.
pub(crate) fn paint(scene: &Scene) -> Image {
    let l = &scene.layout;
    let whole = Rect::new(0, 0, l.width, l.height);
    let mut image = Image::new(l.width, l.height, PAPER);
    match scene.background {
        Paint::Solid(c) if c != PAPER => image.fill_rect(whole, c),
        Paint::Solid(_) => {}
        Paint::Transparent => image.clear_rect(whole),
    }
    // Holes first, so that the frame drawn next still outlines the real squares next to them.
    if let Some(hole) = scene.hole_paint {
        for &rect in &scene.holes {
            fill(&mut image, rect, hole, l.square);
        }
    }
    for &bar in &scene.frame {
        image.fill_rect(bar, INK);
    }
    // Square by square (fill, highlights, piece, XFEN's border: [`draw_square`]), then the marks of holes, then the
    // lines between squares: the scene's order, as each layer stays inside its own square or hole, and the lines
    // and the borders are both opaque ink (so which of the two goes down first changes no pixel).
    let (marks, elsewhere) = scene.marks_by_square();
    for (square, marks) in scene.squares.iter().zip(&marks) {
        let layers = SquareLayers { paint: square.paint, marks, sprite: square.sprite.as_ref() };
        draw_square(&mut image, (square.rect, 0), &layers);
    }
    for mark in &elsewhere {
        draw_mark(&mut image, mark);
    }
    for &bar in &scene.grid {
        image.fill_rect(bar, INK);
    }
    let furniture = scene.furniture();
    for overlay in &furniture.over {
        draw_overlay(&mut image, overlay);
    }
    for label in &scene.labels {
        image.draw(&label.coverage.mask.inked(scene.text_ink), label.left, label.top);
    }
    // The text around the board (title, caption, count) is inked like the coordinates, so that it stays readable
    // on a dark `rim`.
    for line in scene.text_lines() {
        draw_text_line(&mut image, line, scene.text_ink);
    }
    image
}

/// Forgets every cached sprite and square tile, so that the next render draws its pieces from the vectors again
/// (benchmarks use it to measure a cold isolate; output never depends on the caches).
pub fn clear_sprite_cache() {
    sprite::clear_cache();
    crate::draw::indexed::clear_tile_cache();
}

/// Renders the diagram of `board` as PNG bytes. Never panics; a board and options beyond the image limits are drawn
/// with the largest square size that fits (use [`check_image_size`] to refuse them instead). An `Err` is an internal
/// failure of the encoder, never a property of the input.
///
/// ```
/// use ffen_diagram::{check_image_size, ffen, render_png, RenderOptions};
/// let board = ffen::parse("4k3/8/8/8/8/8/8/4K3", ffen::Dialect::Janko).unwrap();
/// let options = RenderOptions::default();
/// assert_eq!(check_image_size(&board, &options), Ok((322, 322)));
/// let png = render_png(&board, &options).unwrap();
/// assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
/// ```
pub fn render_png(board: &Board, options: &RenderOptions) -> Result<Vec<u8>, EncodeError> {
    let scene = Scene::build(board, options);
    // The same picture either way (see crate::draw::indexed); the palette painter is the fast one, where it applies.
    if indexed::indexed_path_applies(board, options) {
        if let Some(picture) = indexed::paint(&scene) {
            let size = (picture.width, picture.height);
            return pngenc::encode_indexed(size, picture.palette, picture.depth, picture.scanlines, &picture.band_plan);
        }
    }
    pngenc::encode(&paint(&scene))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The newest version that redrew pieces is today's: a new version pins today's fairy table in
    /// `fairy::tests` as the last one shipped, and lists what it redrew (or, redrawing everything, moves
    /// [`UNCHANGED_SINCE`]).
    #[test]
    fn the_newest_redrawing_is_this_version() {
        // r7 and r8 changed no picture's pixels, only the bytes of the PNGs coded from tiles.
        assert_eq!(REDRAWN[0].0, "r6");
        assert_eq!((TILE_CODED_SINCE, INSIDE_BYTES_CODED_SINCE, STAMPED_SINCE), ("r7", "r8", "r9"));
        assert_eq!(RENDERER_VERSION, "r9");
        assert_eq!(UNCHANGED_SINCE, "r4");
    }

    use crate::draw::layout::Layout;
    use crate::notation::ffen;
    use crate::options::render_options::SquareSize;

    fn options(pairs: &[(&str, &str)]) -> RenderOptions {
        RenderOptions::from_pairs(pairs.iter().copied()).unwrap()
    }

    /// XFEN's borders as the renderer drew them before highlights existed (code of `RENDERER_VERSION` r2): the
    /// reference the mark machinery must match pixel for pixel.
    fn old_borders(image: &mut Image, board: &Board, flip: bool, l: &Layout) {
        let (w, h) = (board.width(), board.height());
        let (s, thick) = (l.square, (l.square / 16).max(1));
        for dy in 0..h {
            for dx in 0..w {
                let (x, y) = if flip { (w - 1 - dx, h - 1 - dy) } else { (dx, dy) };
                if board.is_bordered(x, y) {
                    let (px, py) = (l.board_x + dx as u32 * s, l.board_y + dy as u32 * s);
                    image.fill_rect(Rect::new(px, py, s, thick), INK);
                    image.fill_rect(Rect::new(px, py + s - thick, s, thick), INK);
                    image.fill_rect(Rect::new(px, py, thick, s), INK);
                    image.fill_rect(Rect::new(px + s - thick, py, thick, s), INK);
                }
            }
        }
    }

    /// The scene painted layer by layer over the whole board, in the scene's order (squares, highlights, pieces,
    /// lines between squares, XFEN's borders, then the rest as [`paint`] paints it): what the painter, which puts a
    /// square's layers down together, must paint pixel for pixel.
    fn layer_by_layer(scene: &Scene) -> Image {
        let l = &scene.layout;
        let whole = Rect::new(0, 0, l.width, l.height);
        let mut image = Image::new(l.width, l.height, PAPER);
        match scene.background {
            Paint::Solid(c) if c != PAPER => image.fill_rect(whole, c),
            Paint::Solid(_) => {}
            Paint::Transparent => image.clear_rect(whole),
        }
        for &rect in scene.hole_paint.iter().flat_map(|_| &scene.holes) {
            fill(&mut image, rect, scene.hole_paint.unwrap(), l.square);
        }
        for &bar in &scene.frame {
            image.fill_rect(bar, INK);
        }
        for square in &scene.squares {
            fill(&mut image, square.rect, square.paint, l.square);
        }
        let furniture = scene.furniture();
        for mark in &furniture.under {
            draw_mark(&mut image, mark);
        }
        for square in &scene.squares {
            if let Some(key) = &square.sprite {
                image.draw(&*sprite::get(key), i64::from(square.rect.x), i64::from(square.rect.y));
            }
        }
        for &bar in &scene.grid {
            image.fill_rect(bar, INK);
        }
        for mark in &furniture.borders {
            draw_mark(&mut image, mark);
        }
        for overlay in &furniture.over {
            draw_overlay(&mut image, overlay);
        }
        for label in &scene.labels {
            image.draw(&label.coverage.mask.inked(scene.text_ink), label.left, label.top);
        }
        for line in scene.text_lines() {
            draw_text_line(&mut image, line, scene.text_ink);
        }
        image
    }

    /// Painting square by square paints the layers' pixels: with holes (painted or not, highlighted, bordered),
    /// XFEN's borders next to the lines between squares, highlights under pieces, hatching, see-through squares,
    /// flipped or not.
    #[test]
    fn painting_square_by_square_paints_what_layer_by_layer_paints() {
        let boards = [
            ("[]K2[-]3/1[][-]p4/2[]q1[-]2/[-][-][]n1[]B2k", ffen::Dialect::Janko),
            ("(B!S2)1(k1)(!p)EoAf/8/3(Bq)4/8/8/(B)(BB)6/8/7(Br)", ffen::Dialect::Xfen),
        ];
        let looks: [&[(&str, &str)]; 5] = [
            &[("borders", "1"), ("squares", "Ra1,Gb3,Bd4,e1"), ("lastmove", "a4f1")],
            &[("borders", "1"), ("hole", "red"), ("squares", "Rb3,Ga1"), ("flip", "1"), ("theme", "print")],
            &[("hole", "transparent"), ("dark", "transparent"), ("squares", "Gb3,d4"), ("borders", "1")],
            &[("theme", "print"), ("size", "23"), ("squares", "Ga1,Rb2"), ("arrows", "Ga1b2")],
            &[("colors", "white #b4b4b4 transparent"), ("board", "10.21."), ("squares", "a1,b3"), ("size", "17")],
        ];
        // Whether some case has marks on holes, and some has both lines between squares and XFEN's borders.
        let (mut on_holes, mut lines_and_borders) = (false, false);
        for (text, dialect) in boards {
            let board = ffen::parse(text, dialect).unwrap();
            for pairs in looks {
                let o = options(pairs).for_board(&board).unwrap();
                let scene = Scene::build(&board, &o);
                assert!(paint(&scene) == layer_by_layer(&scene), "{text} {}", o.canonical());
                on_holes |= !scene.marks_by_square().1.is_empty();
                lines_and_borders |= !scene.grid.is_empty() && !scene.furniture().borders.is_empty();
            }
        }
        assert!(on_holes && lines_and_borders);
    }

    #[test]
    fn bordered_squares_draw_the_pixels_they_always_did() {
        let board = ffen::parse("(B!S2)1(k1)(!p)EoAf/8/3(Bq)4/8/8/(B)(BB)6/8/7(Br)", ffen::Dialect::Xfen).unwrap();
        for size in [12, 16, 31, 40, 47, 48, 96, 128] {
            for flip in [false, true] {
                let o = RenderOptions { size: SquareSize::new(size).unwrap(), flip, ..RenderOptions::default() };
                let l = Layout::drawn(&board, &o);
                assert_eq!(l.furniture.borders.len(), 4);
                // Everything but the borders, then the borders as r2 drew them, equals today's picture.
                let mut without = board.clone();
                for y in 0..8 {
                    for x in 0..8 {
                        without.set_bordered(x, y, false);
                    }
                }
                let mut expected = render_image(&without, &o);
                old_borders(&mut expected, &board, flip, &l);
                assert!(render_image(&board, &o) == expected, "size {size} flip {flip}");
            }
        }
    }

    #[test]
    fn no_furniture_changes_nothing_and_furniture_changes_only_new_pictures() {
        let board = ffen::parse("k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8", ffen::Dialect::Janko).unwrap();
        let plain = render_image(&board, &RenderOptions::default());
        assert_eq!((plain.width, plain.height), (322, 322));
        // An empty list or text is no furniture.
        let empty = options(&[("squares", ""), ("arrows", " "), ("title", " | "), ("count", "0"), ("lastmove", "")]);
        assert_eq!(empty.canonical(), "s40.f0.c0.gray");
        assert!(render_image(&board, &empty) == plain);
        let counted = render_image(&board, &options(&[("count", "1")]));
        assert_eq!(counted.width, 322);
        assert!(counted.height > 322);
        // The board part of the picture is the same: the count only adds a band below.
        let rows = 322 * 322;
        assert_eq!(counted.pixels[..rows], plain.pixels[..rows]);
    }

    #[test]
    fn highlights_go_under_the_pieces_and_arrows_over_them() {
        let board = ffen::parse("8/8/8/8/4k3/8/8/8", ffen::Dialect::Janko).unwrap();
        let plain = render_image(&board, &RenderOptions::default());
        let lit = render_image(&board, &options(&[("squares", "Re4")]));
        let l = Layout::drawn(&board, &RenderOptions::default());
        let e4 = l.square_at(4, 4);
        let pixel = |image: &Image, x: u32, y: u32| image.pixel(e4.x + x, e4.y + y).unwrap();
        // A corner of e4 (no piece there) is tinted red; the king's black outline at the centre stays black.
        let corner = pixel(&lit, 1, 1);
        assert!(corner[0] > corner[1] && corner != pixel(&plain, 1, 1), "{corner:?}");
        let centre_ink =
            (0..40).flat_map(|y| (0..40).map(move |x| (x, y))).find(|&(x, y)| pixel(&plain, x, y) == [0, 0, 0]);
        let (x, y) = centre_ink.expect("the king has black ink");
        assert_eq!(pixel(&lit, x, y), [0, 0, 0]);
        // Other squares are untouched.
        let d4 = l.square_at(3, 4);
        assert_eq!(lit.pixel(d4.x + 5, d4.y + 5), plain.pixel(d4.x + 5, d4.y + 5));
        // An arrow through the king's square covers its black ink.
        let arrowed = render_image(&board, &options(&[("arrows", "Ba4h4")]));
        let row = e4.y + 20;
        let covered = (e4.x..e4.x + 40).filter(|&x| arrowed.pixel(x, row) != plain.pixel(x, row)).count();
        assert!(covered >= 30, "{covered}");
    }

    #[test]
    fn circles_are_rings_and_flip_moves_every_mark() {
        let board = Board::empty(11, 11).unwrap();
        for flip in [false, true] {
            let o = RenderOptions { flip, ..options(&[("arrows", "a1a1"), ("squares", "k11")]) };
            let image = render_image(&board, &o);
            let l = Layout::drawn(&board, &o);
            // a1 lower left unflipped, upper right flipped; k11 the opposite corner.
            let (a1, k11) =
                if flip { (l.square_at(10, 0), l.square_at(0, 10)) } else { (l.square_at(0, 10), l.square_at(10, 0)) };
            let centre = image.pixel(a1.x + 20, a1.y + 20).unwrap();
            let ring = image.pixel(a1.x + 20, a1.y + 2).unwrap();
            assert_eq!(
                centre,
                render_image(&board, &RenderOptions { flip, ..RenderOptions::default() })
                    .pixel(a1.x + 20, a1.y + 20)
                    .unwrap()
            );
            assert_ne!(ring, centre, "flip {flip}");
            assert_ne!(image.pixel(k11.x + 20, k11.y + 20), Some(centre), "flip {flip}");
        }
    }
}
