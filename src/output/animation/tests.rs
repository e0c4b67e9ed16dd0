use super::replay::{new_tiles, Replay};
use super::*;
use crate::draw::render::render_image;
use crate::notation::board::Color;
use crate::notation::ffen::{parse, Dialect};
use crate::notation::moves::Moves;
use crate::testing::options_from;

/// The canvas after each frame, as RGB pixels, by applying the frames in order.
fn replay(animation: &Animation) -> Vec<Vec<u32>> {
    let mut canvas = vec![0u32; (animation.width * animation.height) as usize];
    let mut out = Vec::new();
    for (i, frame) in animation.frames.iter().enumerate() {
        let (x, y, w, h) = frame.rect;
        let indices = animation.indices(i);
        for row in 0..h {
            for col in 0..w {
                let index = indices[(row * w + col) as usize];
                if i > 0 && Some(index) == animation.unchanged {
                    continue;
                }
                let Rgb(r, g, b) = animation.palette[usize::from(index)];
                canvas[((y + row) * animation.width + x + col) as usize] =
                    u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
            }
        }
        out.push(canvas.clone());
    }
    out
}

/// Every frame of `moves` from `ffen` is, on the canvas, the still picture of its position and last move.
fn check(ffen: &str, moves: &str, pairs: &[(&'static str, &'static str)]) -> Animation {
    let board = parse(ffen, Dialect::Janko).unwrap();
    let options = options_from(pairs).for_board(&board).unwrap();
    let lines = moves.parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
    let animation = animate(&board, (&lines, &[]), &options, 1000).unwrap();
    let mut stills = vec![render_image(&board, &options)];
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            stills.push(render_image(&board, &options));
        }
        for frame in line {
            let mut o = options.clone();
            o.furniture.last_move = frame.last.map(|(f, t)| Move { from: name(f).unwrap(), to: name(t).unwrap() });
            stills.push(render_image(&frame.board, &o));
        }
    }
    // Frames that changed nothing are folded into the one before: compare the distinct stills.
    stills.dedup();
    let canvases = replay(&animation);
    assert_eq!(canvases.len(), stills.len(), "{moves}");
    for (i, (canvas, still)) in canvases.iter().zip(&stills).enumerate() {
        assert_eq!(canvas, &still.pixels, "{moves}: frame {i}");
    }
    animation
}

#[test]
fn each_frame_is_its_position_with_its_move_cut_to_what_changed() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let animation = check(start, "e2e4 e7e5 g1f3", &[]);
    assert_eq!(animation.frames.len(), 4);
    assert_eq!(animation.frames[0].rect, (0, 0, animation.width, animation.height));
    // 1.e4: e2 to e4, one file, three ranks of 40 px inside a 1-px frame.
    assert_eq!(animation.frames[1].rect, (1 + 4 * 40, 1 + 4 * 40, 40, 3 * 40));
    // 1...e5 also clears 1.e4's highlight: e2 to e7.
    assert_eq!(animation.frames[2].rect, (1 + 4 * 40, 1 + 40, 40, 6 * 40));
    assert_eq!(
        animation.frames.iter().map(|f| f.delay_ms).collect::<Vec<_>>(),
        [1000, 1000, 1000, 3000],
        "the last frame of the line pauses"
    );
}

#[test]
fn captures_castling_lines_and_looks_are_drawn_as_their_stills() {
    let ffen = "r3k2r/pppq1ppp/8/3pP3/8/8/PPP2PPP/R3K2R";
    check(ffen, "1.0-0 0-0-0 2.e5xd6 ep. Qd7xd6 | 1.Ra1-d1 Qd7-h3", &[("count", "1")]);
    check(ffen, "e1g1 e8c8", &[("coords", "1"), ("theme", "print"), ("size", "23"), ("flip", "1")]);
    check(ffen, "e5d6 c7d6", &[("arrows", "Ge5e6,d7d7"), ("lastmove_style", "lichess"), ("theme", "brown")]);
    check(ffen, "e5e6 e8e7", &[("squares", "e6,Gd5"), ("squares_style", "x"), ("check", "e8")]);
}

#[test]
fn a_move_that_changes_nothing_lengthens_the_frame_before() {
    // The king put back on its own square: no pixel changes, so the diagram shows for two moves' time.
    let animation = check("4k3/8/8/8/8/8/8/R3K3", "[+wKe1] a1a2", &[]);
    assert_eq!(animation.frames.len(), 2);
    assert_eq!(animation.frames[0].delay_ms, 1000 + 1000);
    assert_eq!(animation.frames[1].delay_ms, 3000);
}

#[test]
fn what_one_palette_cannot_hold_is_refused() {
    let board = parse("8/8/8/8/8/8/8/K7", Dialect::Janko).unwrap();
    let options = options_from(&[("light", "transparent")]).for_board(&board).unwrap();
    let lines = "a1a2".parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
    assert!(matches!(animate(&board, (&lines, &[]), &options, 500), Err(AnimationError::Transparent)));
}

#[test]
fn the_first_frame_s_scanlines_are_its_indices_packed() {
    for depth in [1u8, 2, 4, 8] {
        for width in [1usize, 7, 9, 40] {
            // Indices within the depth once shifted by the offset 1.
            let top = (1usize << depth) - 1;
            let own: Vec<u8> = (0..width * 3).map(|i| ((i * 5 + 1) % top) as u8).collect();
            let scanlines = crate::encode::png::pack(&own, width, depth);
            let first = FirstFrame { width: width as u32, depth, offset: 1, scanlines };
            let indices: Vec<u8> = own.iter().map(|i| i + 1).collect();
            assert_eq!(first.indices(), indices, "depth {depth}, width {width}");
            let want = crate::encode::png::pack(&indices, width, 8);
            assert_eq!(first.scanlines(8), Some(want), "depth {depth}, width {width}");
            assert_eq!(first.scanlines(4), None);
        }
    }
}

#[test]
fn scanlines_unpack_at_every_depth_with_the_offset() {
    for depth in [1u8, 2, 4, 8] {
        for width in [1usize, 7, 8, 9, 17, 40] {
            // (One colour fewer at 8 bits, so that the offset stays within a byte.)
            let colours = (1usize << depth).min(255);
            let indices: Vec<u8> = (0..width).map(|i| ((i * 7 + 3) % colours) as u8).collect();
            let mut packed = Vec::new();
            crate::encode::png::pack_row(&indices, depth, &mut packed);
            let mut out = vec![9];
            unpack_row(&packed, depth, 1, width, &mut out);
            let want: Vec<u8> = std::iter::once(9).chain(indices.iter().map(|i| i + 1)).collect();
            assert_eq!(out, want, "depth {depth}, width {width}");
        }
    }
}

#[test]
fn a_replay_kept_under_its_key_asks_what_replaying_the_scenes_asks() {
    // A size and a light colour no other test draws: every tile is new to this isolate's cache.
    let board = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
    let options = options_from(&[("size", "37"), ("light", "f1e2d3")]).for_board(&board).unwrap();
    let lines = "e2e4 e7e5 g1f3 b8c6 f1b5".parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
    let all = shots(&board, (&lines, &[]), &options, 1000);
    let key = "a replay kept under its key, test\nkey";
    let look = |tiles: crate::draw::indexed::tile_art::NewTiles| {
        let squares: Vec<_> = tiles.squares.iter().map(|tile| (tile.square.rect, tile.marks.clone())).collect();
        (tiles.work, squares)
    };
    let replayed = look(new_tiles(Replay { shots: &all, key: Some(key) }, &options));
    assert!(replayed.0.tiles > 12 && replayed.1.len() as u64 == replayed.0.tiles, "{:?}", replayed.0);
    // Asked again under the key, with only the first shot given: the squares kept are what is asked.
    let kept = look(new_tiles(Replay { shots: &all[..1], key: Some(key) }, &options));
    assert_eq!(kept, replayed);
    // Without a key the scenes are replayed, and ask the same; the first shot alone asks fewer.
    assert_eq!(look(new_tiles(Replay { shots: &all, key: None }, &options)), replayed);
    assert!(look(new_tiles(Replay { shots: &all[..1], key: None }, &options)).0.tiles < replayed.0.tiles);
}

/// A refusal draws new tiles within its budget and searches the code of a tile of few colours at both depths a
/// picture may ask for, or at neither: searched at one, it would count as paid, and a picture's search at the other
/// would be work no request was charged. The tile drawn but not searched is charged its code alone next time.
#[test]
fn a_refusal_searches_a_tile_of_few_colours_at_both_depths_or_neither() {
    use crate::draw::indexed::tile_art::draw_missing;
    use crate::output::cost::sprites_micros;
    use crate::work::Work;
    // A size and colours no other test draws; the first square asked for is a8, empty: a tile of one colour.
    let board = parse("8/8/8/8/8/8/8/R7", Dialect::Janko).unwrap();
    let options = options_from(&[("size", "41"), ("light", "e3d2c1"), ("dark", "1c2d3e")]).for_board(&board).unwrap();
    let lines = "a1a2".parse::<Moves>().unwrap().play(&board, Color::White).unwrap();
    let all = shots(&board, (&lines, &[]), &options, 1000);
    let ask = || new_tiles(Replay { shots: &all, key: None }, &options);
    let pixels = 41 * 41;
    let first = sprites_micros(Work { tiles: 1, tile_pixels: pixels, tile_code_pixels: pixels, ..Work::NONE });
    let second = sprites_micros(Work { tile_code_pixels: pixels, ..Work::NONE });
    let before = ask();
    let a8 = before.squares[0].square.rect;
    assert!(!before.squares[0].held && before.work.tiles > 2, "{}", before.work);
    // Room for drawing it and one search: drawn, searched at neither depth, so still charged its code.
    assert_eq!(draw_missing(&before, first + second - 1, sprites_micros), 1);
    let drawn = ask();
    assert_eq!((drawn.squares[0].square.rect, drawn.squares[0].held), (a8, true));
    assert_eq!(drawn.work.tiles, before.work.tiles - 1);
    assert_eq!(drawn.work.tile_code_pixels, before.work.tile_code_pixels);
    // Held, it is charged its code alone: both searches fit where drawing a new tile does not.
    assert_eq!(draw_missing(&drawn, 2 * second, sprites_micros), 1);
    let searched = ask();
    assert_eq!(searched.work.tile_code_pixels, before.work.tile_code_pixels - pixels);
    assert!(searched.squares.iter().all(|tile| tile.square.rect != a8 && !tile.held));
}
