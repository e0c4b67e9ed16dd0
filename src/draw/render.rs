//! The renderer: a [`Board`] and [`RenderOptions`] to a PNG diagram.
//!
//! The RGB painter ([`paint`]: the [`Scene`] drawn pixel by pixel) and the renderer's public face:
//! [`render_image`], [`render_png`] (which takes the palette painter, [`crate::draw::indexed`], where it applies),
//! and the layout's limits and the error card re-exported.

use crate::draw::indexed;
use crate::draw::marks::{draw_mark, draw_overlay, draw_square, draw_text_line, SquareLayers};
use crate::draw::raster::Canvas;
use crate::draw::scene::{Scene, SquarePaint};
use crate::draw::sprite;
use crate::encode::png::{self, EncodeError};
use crate::notation::board::Board;
use crate::notation::paint::Paint;
use crate::options::render_options::RenderOptions;
use crate::options::theme::{hatching, INK, PAPER};
use crate::pixels::{Image, Rect};
use crate::work::{self, Unit};

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
    for &bar in &scene.outline {
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
    work::count(Unit::Pixel, u64::from(l.width) * u64::from(l.height));
    image
}

/// Forgets every cached sprite and square tile, so that the next render draws its pieces from the vectors again
/// (benchmarks use it to measure a cold isolate; output never depends on the caches).
pub fn clear_sprite_cache() {
    sprite::clear_cache();
    crate::draw::mark_art::clear_cache();
    crate::draw::indexed::tile_art::clear_tile_cache();
}

/// Renders the diagram of `board` as PNG bytes. Never panics; a board and options beyond the image limits are drawn
/// with the largest square size that fits (use [`check_image_size`](crate::check_image_size) to refuse them instead). An `Err` is an internal
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
            return png::encode_indexed(size, picture.palette, picture.depth, picture.scanlines, &picture.bands);
        }
    }
    png::encode(&paint(&scene))
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::draw::layout::Layout;
    use crate::notation::ffen;
    use crate::options::render_options::SquareSize;
    use crate::testing::{janko, options_from};

    /// XFEN's borders as the renderer drew them before highlights existed (before highlights existed): the
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
        for &bar in &scene.outline {
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
        for mark in &furniture.crosses {
            draw_mark(&mut image, mark);
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
        let looks: [&[(&str, &str)]; 8] = [
            &[("borders", "1"), ("squares", "Ra1,Gb3,Bd4,e1"), ("lastmove", "a4f1")],
            &[("white_fill", "gold"), ("black_fill", "#40a0ff"), ("squares", "a1,Gb3"), ("squares_color", "ffcccc")],
            &[("borders", "1"), ("squares", "Ra1,b3,Bd4,e1"), ("squares_style", "x"), ("check", "d4")],
            &[("lastmove", "a4d4"), ("lastmove_style", "lichess"), ("check", "a4"), ("hole", "red"), ("size", "13")],
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
                let o = options_from(pairs).for_board(&board).unwrap();
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
        let board = janko("k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8");
        let plain = render_image(&board, &RenderOptions::default());
        assert_eq!((plain.width, plain.height), (322, 322));
        // An empty list or text is no furniture.
        let empty =
            options_from(&[("squares", ""), ("arrows", " "), ("title", " | "), ("count", "0"), ("lastmove", "")]);
        assert_eq!(empty.canonical(), "s40.f0.c0.gray");
        assert!(render_image(&board, &empty) == plain);
        let counted = render_image(&board, &options_from(&[("count", "1")]));
        assert_eq!(counted.width, 322);
        assert!(counted.height > 322);
        // The board part of the picture is the same: the count only adds a band below.
        let rows = 322 * 322;
        assert_eq!(counted.pixels[..rows], plain.pixels[..rows]);
    }

    #[test]
    fn highlights_go_under_the_pieces_and_arrows_over_them() {
        let board = janko("8/8/8/8/4k3/8/8/8");
        let plain = render_image(&board, &RenderOptions::default());
        let lit = render_image(&board, &options_from(&[("squares", "Re4")]));
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
        let arrowed = render_image(&board, &options_from(&[("arrows", "Ba4h4")]));
        let row = e4.y + 20;
        let covered = (e4.x..e4.x + 40).filter(|&x| arrowed.pixel(x, row) != plain.pixel(x, row)).count();
        assert!(covered >= 30, "{covered}");
    }

    /// The check's glow: red under the king at the square's centre, fading out before the corners, which keep the
    /// square's colour (and its highlight: the glow goes over the last move's tint, under the piece).
    #[test]
    fn the_check_glows_under_the_piece() {
        let board = janko("8/8/8/8/4k3/8/8/8");
        for size in ["40", "90"] {
            let plain = render_image(&board, &options_from(&[("size", size), ("theme", "brown")]));
            let glow =
                |square| render_image(&board, &options_from(&[("size", size), ("theme", "brown"), ("check", square)]));
            let l = Layout::drawn(&board, &options_from(&[("size", size)]));
            let (e4, d4, s) = (l.square_at(4, 4), l.square_at(3, 4), l.square);
            // On the empty d4 (a dark square): red at the centre, the square's colour at the corners.
            let on_d4 = glow("d4");
            let [r, g, b] = on_d4.pixel(d4.x + s / 2, d4.y + s / 2).unwrap();
            assert!(r >= 0xe7 && g < 40 && b < 40, "{size}: {:?}", [r, g, b]);
            for (x, y) in [(0, 0), (s - 1, 0), (0, s - 1), (s - 1, s - 1)] {
                assert_eq!(on_d4.pixel(d4.x + x, d4.y + y), Some([0xb5, 0x88, 0x63]), "{size}");
            }
            // Only d4 glows.
            assert_eq!(on_d4.pixel(e4.x + s / 2, e4.y + s / 2), plain.pixel(e4.x + s / 2, e4.y + s / 2));
            // Under the king on e4: its black outline stays black, the light square glows around it.
            let on_e4 = glow("e4");
            let ink = (0..s).flat_map(|y| (0..s).map(move |x| (x, y)));
            let black: Vec<_> = ink.filter(|&(x, y)| plain.pixel(e4.x + x, e4.y + y) == Some([0, 0, 0])).collect();
            assert!(black.iter().all(|&(x, y)| on_e4.pixel(e4.x + x, e4.y + y) == Some([0, 0, 0])), "{size}");
            let [r, g, _] = on_e4.pixel(e4.x + s / 2, e4.y + 2).unwrap();
            assert!(r > g + 40, "{size}: the middle of the top edge is reddened");
            assert_eq!(on_e4.pixel(e4.x, e4.y), Some([0xf0, 0xd9, 0xb5]), "{size}");
        }
        // Over the last move's square, the corners keep the highlight.
        let o =
            options_from(&[("theme", "brown"), ("check", "e4"), ("lastmove", "e2e4"), ("lastmove_style", "lichess")]);
        let image = render_image(&board, &o);
        let e4 = Layout::drawn(&board, &o).square_at(4, 4);
        assert_eq!(image.pixel(e4.x, e4.y), Some([205, 210, 106]));
    }

    /// The centre pixel of the square on `file` (0 = a) and `rank` (1 = the bottom) of an 8×8 `board` drawn with
    /// `pairs`.
    fn square_centre(board: &Board, pairs: &[(&str, &str)], file: usize, rank: usize) -> [u8; 3] {
        let o = options_from(pairs);
        let l = Layout::drawn(board, &o);
        let r = l.square_at(file, 8 - rank);
        render_image(board, &o).pixel(r.x + l.square / 2, r.y + l.square / 2).unwrap()
    }

    /// `lastmove_style=lichess`: lichess' yellow-green blended over the square, so each square colour gets its own
    /// shade: on lichess' brown board the colours of lila-gif's sprite before its palette rounds them, within two
    /// units of python-chess's and web-boardimage's fixed ones.
    #[test]
    fn the_lichess_last_move_is_lichess_colours() {
        let board = janko("8/8/8/8/8/8/8/8");
        let at = |pairs: &[(&str, &str)], file: usize, rank: usize| square_centre(&board, pairs, file, rank);
        let brown = [("theme", "brown"), ("lastmove", "e1e4"), ("lastmove_style", "lichess")];
        // e4 is light, e1 dark.
        assert_eq!(at(&brown, 4, 4), [205, 210, 106]);
        assert_eq!(at(&brown, 4, 1), [170, 162, 58]);
        let blue = [("theme", "blue"), ("lastmove", "e1e4"), ("lastmove_style", "lichess")];
        let published = [
            (at(&brown, 4, 4), [0xcd, 0xd1, 0x6a]), // python-chess, light
            (at(&brown, 4, 1), [0xaa, 0xa2, 0x3b]), // python-chess and web-boardimage, dark
            (at(&brown, 4, 4), [0xce, 0xd2, 0x6b]), // web-boardimage's lichess-brown, light
            (at(&blue, 4, 4), [0xc3, 0xd8, 0x89]),  // web-boardimage's lichess-blue
            (at(&blue, 4, 1), [0x92, 0xb1, 0x67]),
        ];
        for (ours, theirs) in published {
            assert!(ours.iter().zip(theirs).all(|(a, b)| a.abs_diff(b) <= 2), "{ours:?} {theirs:?}");
        }
        // The default stays our yellow.
        let tint = [("theme", "brown"), ("lastmove", "e1e4")];
        assert_eq!(at(&tint, 4, 4), [240, 204, 90]);
    }

    /// `squares_style=x`: an X over the square and its piece, on both diagonals, the rest of the square untouched.
    #[test]
    fn crossed_squares_are_an_x_over_the_piece() {
        let board = janko("8/8/8/8/4k3/8/8/8");
        for size in ["40", "90"] {
            let o = options_from(&[("size", size), ("squares", "e4,Gd4"), ("squares_style", "x")]);
            let (image, plain) = (render_image(&board, &o), render_image(&board, &options_from(&[("size", size)])));
            let l = Layout::drawn(&board, &o);
            let s = l.square;
            for (file, ink) in [(4, [0, 0, 0]), (3, [0x15, 0x78, 0x1b])] {
                let r = l.square_at(file, 4);
                for i in [s * 3 / 10, s / 2, s * 7 / 10] {
                    assert_eq!(image.pixel(r.x + i, r.y + i), Some(ink), "{size} {file} {i}");
                    assert_eq!(image.pixel(r.x + s - 1 - i, r.y + i), Some(ink), "{size} {file} {i}");
                }
                for (x, y) in [(s / 2, 1), (1, s / 2), (1, 1), (s - 2, s - 2)] {
                    assert_eq!(image.pixel(r.x + x, r.y + y), plain.pixel(r.x + x, r.y + y), "{size} {file}");
                }
            }
            // `squares_color` colours the X of a square without a letter; a letter keeps its colour.
            let pink = options_from(&[
                ("size", size),
                ("squares", "e4,Gd4"),
                ("squares_style", "x"),
                ("squares_color", "ff0080"),
            ]);
            let image = render_image(&board, &pink);
            for (file, ink) in [(4, [0xff, 0x00, 0x80]), (3, [0x15, 0x78, 0x1b])] {
                let r = l.square_at(file, 4);
                assert_eq!(image.pixel(r.x + s / 2, r.y + s / 2), Some(ink), "{size} {file}");
            }
        }
    }

    /// `white_fill` / `black_fill`: a piece of a side with a fill is the white piece with its white tinted to the
    /// fill, its black lines black, so a black king filled with a colour is the white king filled with it, pixel for
    /// pixel; a neutral piece takes the white fill on its left half and the black fill on its right.
    #[test]
    fn filled_pieces_are_the_white_piece_tinted() {
        let gold = [0xff, 0xd7, 0x00];
        for size in ["40", "90"] {
            let draw = |ffen: &str, pairs: &[(&str, &str)]| {
                let o = options_from(&[&[("size", size), ("theme", "brown")][..], pairs].concat());
                render_image(&janko(ffen), &o)
            };
            let plain = draw("8/8/8/8/4K3/8/8/8", &[]);
            let white = draw("8/8/8/8/4K3/8/8/8", &[("white_fill", "#ffd700")]);
            let black = draw("8/8/8/8/4k3/8/8/8", &[("black_fill", "#ffd700")]);
            assert!(white == black, "{size}: the black king filled gold is the white king filled gold");
            // Every white pixel of the plain king is gold, every black one black; the rest of the picture is the same.
            let (mut body, mut lines) = (0, 0);
            for y in 0..plain.height {
                for x in 0..plain.width {
                    match plain.pixel(x, y).unwrap() {
                        [255, 255, 255] => {
                            body += 1;
                            assert_eq!(white.pixel(x, y), Some(gold), "{size} ({x}, {y})");
                        }
                        [0, 0, 0] => {
                            lines += 1;
                            assert_eq!(white.pixel(x, y), Some([0, 0, 0]), "{size} ({x}, {y})");
                        }
                        _ => {}
                    }
                }
            }
            assert!(body > 100 && lines > 100, "{size}: {body} {lines}");
            // A fill of the other side changes nothing.
            assert!(draw("8/8/8/8/4K3/8/8/8", &[("black_fill", "#ffd700")]) == plain, "{size}");
            // The neutral king: the white fill on the left, the black one on the right.
            let fills = [("white_fill", "#ffd700"), ("black_fill", "#40a0ff")];
            let neutral = draw("8/8/8/8/4-k3/8/8/8", &fills);
            let blue = draw("8/8/8/8/4k3/8/8/8", &[("black_fill", "#40a0ff")]);
            let l = Layout::drawn(&janko("8"), &options_from(&[("size", size)]));
            let (e4, s) = (l.square_at(4, 4), l.square);
            for y in e4.y..e4.y + s {
                for x in e4.x..e4.x + s {
                    let dx = x - e4.x;
                    let half = if 2 * dx + 1 < s { &white } else { &blue };
                    if 2 * dx + 1 != s {
                        assert_eq!(neutral.pixel(x, y), half.pixel(x, y), "{size} ({dx}, {})", y - e4.y);
                    }
                }
            }
        }
    }

    /// `squares_color`: the squares without a colour letter in that colour at half opacity (128/255) over the
    /// square, under the piece; lettered squares keep their tints. chess.com's default highlight, `ffcccc` at GD's
    /// alpha 63 of 127, over its light green square: within a unit of what GD's blend gives.
    #[test]
    fn squares_in_the_squares_colour_are_half_opaque() {
        let board = janko("8/8/8/8/8/8/8/8");
        let centre = |pairs: &[(&str, &str)], file: usize, rank: usize| square_centre(&board, pairs, file, rank);
        // e4 is light: f0d9b5 on brown.
        let red = [("theme", "brown"), ("squares", "e4,Gd4"), ("squares_color", "ff0000")];
        assert_eq!(centre(&red, 4, 4), [248, 108, 90]);
        let green = [("theme", "brown"), ("squares", "Gd4")];
        assert_eq!(centre(&red, 3, 4), centre(&green, 3, 4));
        let chess_com = [("theme", "green"), ("squares", "e4"), ("squares_color", "ffcccc")];
        let ours = centre(&chess_com, 4, 4);
        let gd = |c: u8, under: u8| (f64::from(c) * 64.0 + f64::from(under) * 63.0) / 127.0;
        for (channel, theirs) in ours.iter().zip([gd(0xff, 0xee), gd(0xcc, 0xee), gd(0xcc, 0xd2)]) {
            assert!((f64::from(*channel) - theirs).abs() <= 1.0, "{ours:?} {theirs}");
        }
        assert_eq!(ours, [247, 221, 207]);
    }

    #[test]
    fn circles_are_rings_and_flip_moves_every_mark() {
        let board = Board::empty(11, 11).unwrap();
        for flip in [false, true] {
            let o = RenderOptions { flip, ..options_from(&[("arrows", "a1a1"), ("squares", "k11")]) };
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
