//! Geometric properties of the renderer: rotations are exact quarter turns of the picture, neutral pieces are half
//! white and half black along their own axis, the layout matches `image_size`, and no input panics.

mod common;

use common::generate::{arb_board, arb_furnished_options, arb_options, arb_pairs};
use common::{janko, one_square, piece, png_size, square_centre};
use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::Image;
use ffen_diagram::Theme;
use ffen_diagram::{Board, Color, Figure, PieceKind, MAX_BOARD_SIDE};
use ffen_diagram::{RenderOptions, SquareSize};
use proptest::prelude::*;

/// The default options at squares of `size` pixels.
fn at_size(size: u32) -> RenderOptions {
    RenderOptions { size: SquareSize::new(size).expect("a square size in range"), ..RenderOptions::default() }
}

/// The image turned `turns` quarter turns clockwise (square images only).
fn rotate(image: &Image, turns: u8) -> Image {
    let n = image.width();
    assert_eq!(n, image.height());
    let mut out = image.pixels().to_vec();
    for y in 0..n {
        for x in 0..n {
            let (sx, sy) = match turns % 4 {
                0 => (x, y),
                1 => (y, n - 1 - x),
                2 => (n - 1 - x, n - 1 - y),
                _ => (n - 1 - y, x),
            };
            out[(y * n + x) as usize] = image.pixels()[(sy * n + sx) as usize];
        }
    }
    Image::from_pixels(n, n, out).expect("n × n pixels")
}

#[test]
fn upside_down_queen_is_the_queen_turned_180() {
    for size in [12, 16, 40, 41, 96, 128] {
        let q = ffen_diagram::render_image(&janko("Q"), &at_size(size));
        let q2 = ffen_diagram::render_image(&janko("*2Q"), &at_size(size));
        assert_eq!(q2, rotate(&q, 2), "size {size}");
    }
}

#[test]
fn quarter_turned_knight_is_the_knight_turned_clockwise() {
    for size in [12, 16, 40, 41, 96, 128] {
        let n = ffen_diagram::render_image(&janko("N"), &at_size(size));
        assert_eq!(ffen_diagram::render_image(&janko("*1N"), &at_size(size)), rotate(&n, 1), "size {size}");
        assert_eq!(ffen_diagram::render_image(&janko("*3N"), &at_size(size)), rotate(&n, 3), "size {size}");
    }
}

fn columns_equal(a: &Image, b: &Image, xs: std::ops::Range<u32>) -> bool {
    (0..a.height()).all(|y| xs.clone().all(|x| a.pixel(x, y) == b.pixel(x, y)))
}

#[test]
fn neutral_queen_is_white_on_the_left_and_black_on_the_right() {
    for size in [12, 16, 40, 41, 96, 128] {
        let (white, black, neutral) = (janko("Q"), janko("q"), janko("-q"));
        let [w, b, n] = [white, black, neutral].map(|board| ffen_diagram::render_image(&board, &at_size(size)));
        let mid = w.width() / 2;
        // Odd sizes have a middle column that is the average of both halves.
        let right_start = if w.width() % 2 == 0 { mid } else { mid + 1 };
        assert!(columns_equal(&n, &w, 0..mid), "left half, size {size}");
        assert!(columns_equal(&n, &b, right_start..w.width()), "right half, size {size}");
        assert_ne!(w, b);
    }
}

#[test]
fn neutral_split_turns_with_the_piece() {
    // `-*1q`: the white half is on top after a clockwise quarter turn.
    let n = ffen_diagram::render_image(&janko("-q"), &at_size(40));
    assert_eq!(ffen_diagram::render_image(&janko("-*1q"), &at_size(40)), rotate(&n, 1));
}

#[test]
fn markers_and_text_rotate_exactly() {
    for (upright, turned, turns) in [("T", "*1T", 1), ("-t", "-*2t", 2), ("'7", "*3'7", 3), ("''42", "*1''42", 1)] {
        let a = ffen_diagram::render_image(&janko(upright), &at_size(40));
        assert_eq!(ffen_diagram::render_image(&janko(turned), &at_size(40)), rotate(&a, turns), "{turned}");
    }
}

#[test]
fn a1_is_dark_and_holes_show_the_paper() {
    let board = ffen::parse("8/8/8/8/8/8/8/-7", Dialect::Bodlaender).expect("FFEN");
    let options = RenderOptions { theme: Theme::Brown, ..RenderOptions::default() };
    let image = ffen_diagram::render_image(&board, &options);
    let centre = |dx, dy| square_centre(&image, 40, dx, dy);
    assert_eq!(centre(0, 7), [255, 255, 255], "the hole at a1 is paper");
    assert_eq!(centre(1, 7), [0xf0, 0xd9, 0xb5], "b1 light");
    assert_eq!(centre(0, 6), [0xf0, 0xd9, 0xb5], "a2 light");
    assert_eq!(centre(1, 6), [0xb5, 0x88, 0x63], "b2 dark");
    let plain = ffen_diagram::render_image(&janko("8/8/8/8/8/8/8/8"), &options);
    assert_eq!(plain.pixel(21, 7 * 40 + 21), Some([0xb5, 0x88, 0x63]), "a1 dark");
}

#[test]
fn flipping_an_empty_board_turns_it_180() {
    let board = janko("8/8/8/8/8/8/8/8");
    let plain = ffen_diagram::render_image(&board, &at_size(20));
    let flipped = ffen_diagram::render_image(&board, &RenderOptions { flip: true, ..at_size(20) });
    assert_eq!(flipped, rotate(&plain, 2));
    // With a piece the piece moves but stays upright: h8 shows at the lower left.
    let flipped = ffen_diagram::render_image(&janko("7K/8/8/8/8/8/8/8"), &RenderOptions { flip: true, ..at_size(20) });
    let king = ffen_diagram::render_image(&janko("8/8/8/8/8/8/8/K7"), &at_size(20));
    assert_eq!(flipped, king);
}

#[test]
fn limits_are_checked_before_rendering() {
    let big = Board::empty(MAX_BOARD_SIDE, MAX_BOARD_SIDE).expect("board");
    let huge = RenderOptions { size: SquareSize::MAX, ..RenderOptions::default() };
    let err = ffen_diagram::check_image_size(&big, &huge).unwrap_err();
    assert!(err.to_string().contains("limit"), "{err}");
    assert!(ffen_diagram::check_image_size(&big, &RenderOptions { coords: true, ..at_size(64) }).is_ok());
    // Past the limit render_png still draws, at the largest size that fits.
    let image = ffen_diagram::render_image(&big, &huge);
    assert!(image.width() <= ffen_diagram::MAX_IMAGE_SIDE && image.height() <= ffen_diagram::MAX_IMAGE_SIDE);
}

#[test]
fn message_png_is_bounded() {
    for message in ["", "short", &"a very long message that goes on ".repeat(40), &"x".repeat(5000), "ünïcødé ✓ \u{0}"]
    {
        let (width, height) = png_size(&ffen_diagram::message_png(message).unwrap());
        assert_eq!(width, ffen_diagram::MESSAGE_WIDTH);
        assert!(height <= 20 + 19 * ffen_diagram::MESSAGE_MAX_LINES as u32);
    }
}

proptest! {
    // 72 cases, not the 48 of the others: a third of the furniture names squares anywhere on a 32×32 board (the
    // rest the first four files and ranks, for the other tests' small boards), so that a run still has as many
    // cases with squares off the board as 48 cases of squares anywhere had.
    #![proptest_config(ProptestConfig { cases: 72, ..ProptestConfig::default() })]

    #[test]
    fn any_furniture_renders_at_its_announced_size_or_is_refused(
        board in arb_board(1..=12, 1..=12),
        options in arb_furnished_options(12..=64),
    ) {
        // Not fitted to the board: squares of the furniture may be off it.
        let options = options.unfitted();
        // Rendering never panics, on the board or not; the size is the announced one.
        let png = ffen_diagram::render_png(&board, &options).unwrap();
        prop_assert_eq!(png_size(&png), ffen_diagram::image_size(&board, &options));
        // The check refuses exactly the squares off this board.
        let f = &options.furniture;
        let named = f.squares.as_slice().iter().map(|&(s, _)| s)
            .chain(f.arrows.as_slice().iter().flat_map(|&(m, _)| [m.from, m.to]))
            .chain(f.last_move.iter().flat_map(|m| [m.from, m.to]))
            .chain(f.check_square);
        let all_on = named.clone().all(|s| s.position(&board).is_some());
        prop_assert_eq!(f.check(&board).is_ok(), all_on);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn furniture_round_trips_through_its_query_and_its_canonical_form_is_injective(
        a in arb_pairs(),
        b in arb_pairs(),
    ) {
        let read = |pairs: &[(&'static str, String)]| RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
        let (Ok(a), Ok(b)) = (read(&a), read(&b)) else { return Ok(()) };
        for options in [&a, &b] {
            let again = read(&options.link_pairs()).expect("its own query reads");
            prop_assert_eq!(&again, options);
            prop_assert_eq!(again.canonical(), options.canonical());
        }
        // Equal canonical forms only for equal options.
        prop_assert_eq!(a.canonical() == b.canonical(), a == b);
        // No value adds a segment separator: the segments are exactly the parameters set.
        let segments = a.canonical().split('.').count();
        prop_assert_eq!(segments, 4 + a.link_pairs().len());
    }

    /// The palette painter draws what the RGB painter draws, for every parameter of the table (the generators draw
    /// them all): `render_png` (the palette painter where `indexed_path_applies`) decodes to `render_image`'s pixels.
    #[test]
    fn both_painters_draw_the_same_pixels(board in arb_board(1..=10, 1..=10), options in arb_options(12..=48)) {
        let options = options.fitted(&board);
        let png = ffen_diagram::render_png(&board, &options).unwrap();
        let mut decoder = png::Decoder::new(std::io::Cursor::new(&png[..]));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut pixels).expect("a frame");
        pixels.truncate(info.buffer_size());
        prop_assert!(pixels == ffen_diagram::render_image(&board, &options).to_rgba());
    }

    #[test]
    fn any_board_renders_at_its_announced_size(board in arb_board(1..=12, 1..=12), options in arb_options(12..=64)) {
        let options = options.fitted(&board);
        let png = ffen_diagram::render_png(&board, &options).unwrap();
        prop_assert_eq!(png_size(&png), ffen_diagram::image_size(&board, &options));
    }

    #[test]
    fn rotations_are_exact_at_any_size(size in 12u32..=128, figure in 0usize..6, turns in 0u32..4, neutral in any::<bool>()) {
        let color = if neutral { Color::Neutral } else { Color::White };
        let upright = ffen_diagram::render_image(&one_square(piece(PieceKind::Figure(Figure::ALL[figure]), color, 0)), &at_size(size));
        let turned = ffen_diagram::render_image(&one_square(piece(PieceKind::Figure(Figure::ALL[figure]), color, turns)), &at_size(size));
        prop_assert_eq!(turned, rotate(&upright, turns as u8));
    }
}

#[test]
fn a_bordered_square_is_its_square_inside_a_box_of_ink() {
    // XFEN's B prefix: the border is drawn inside the square and changes nothing else.
    for (size, flip) in [(12, false), (16, true), (40, false), (41, true), (96, false)] {
        let options = RenderOptions { flip, ..at_size(size) };
        let plain = janko("8/8/8/8/8/8/8/8/-*1q1k5");
        let mut bordered = plain.clone();
        for (x, y) in [(0, 8), (2, 8), (5, 0)] {
            assert!(bordered.set_bordered(x, y, true));
        }
        let (a, b) = (ffen_diagram::render_image(&plain, &options), ffen_diagram::render_image(&bordered, &options));
        let frame = 1 + size / 48;
        let thick = (size / 16).max(1);
        let (w, h) = (plain.width() as u32, plain.height() as u32);
        let in_ring = |px: u32, py: u32| {
            [(0, 8), (2, 8), (5, 0)].iter().any(|&(x, y): &(u32, u32)| {
                let (dx, dy) = if flip { (w - 1 - x, h - 1 - y) } else { (x, y) };
                let (x0, y0) = (frame + dx * size, frame + dy * size);
                let inside = px >= x0 && px < x0 + size && py >= y0 && py < y0 + size;
                let core = px >= x0 + thick && px < x0 + size - thick && py >= y0 + thick && py < y0 + size - thick;
                inside && !core
            })
        };
        for py in 0..a.height() {
            for px in 0..a.width() {
                let i = (py * a.width() + px) as usize;
                if in_ring(px, py) {
                    assert_eq!(b.pixels()[i], 0, "size {size} flip {flip}: ({px}, {py}) not ink");
                } else {
                    assert_eq!(b.pixels()[i], a.pixels()[i], "size {size} flip {flip}: ({px}, {py}) changed");
                }
            }
        }
    }
}
