//! A PGN's glyphs on `/diagram.png` and `/diagram.gif` (`pgn=`): each frame whose move carries a glyph shows
//! lichess' badge on the moved piece's square, as `POST /game.gif` draws it, scaled to the square; every frame is
//! the still of its position with its move and its glyph (the options' `glyph`), pixel for pixel; a PGN without a
//! glyph drawn keeps the key and the bytes of its moves.

mod common;

use common::animation::{compose, decode_gif};
use ffen_diagram::http::DiagramJob;
use ffen_diagram::pgn::Glyph;
use ffen_diagram::{Format, Move, SquareName};

use common::{diagram_job as job, drawn_body as body};

fn query(pgn: &str, options: &str) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    query.append_pair("pgn", pgn);
    format!("{}&{options}", query.finish())
}

use common::png_rgb as rgb;

/// The canvases of an animated PNG, each after its frame.
fn apng_canvases(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let (width, height) = (reader.info().width as usize, reader.info().height as usize);
    let frames = reader.info().animation_control.expect("an acTL").num_frames;
    let mut canvas = vec![0; width * height * 3];
    let mut canvases = Vec::new();
    for _ in 0..frames {
        let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buffer).expect("a frame");
        let fc = reader.info().frame_control.expect("an fcTL");
        let rect = (fc.x_offset as usize, fc.y_offset as usize, fc.width as usize, fc.height as usize);
        compose(&mut canvas, width, rect, &buffer, info.color_type.samples());
        canvases.push(canvas.clone());
    }
    canvases
}

/// The stills of a PGN's frames as the RGB painter draws them (the diagram, then each move with its last move and
/// its glyph), for `job`'s options.
fn stills(job: &DiagramJob) -> Vec<(usize, Vec<u8>)> {
    let playback = job.playback().expect("moves");
    let mut out = vec![rgb(&Format::Png.write(job.board(), job.options()).unwrap())];
    for (j, step) in playback.lines[0].iter().enumerate() {
        let mut options = job.options().clone();
        let name = |s: ffen_diagram::moves::Square| SquareName::new(s.file, s.rank).unwrap();
        options.furniture.last_move = step.last.map(|(from, to)| Move { from: name(from), to: name(to) });
        options.furniture.glyph = playback.glyphs.first().and_then(|line| line[j]);
        out.push(rgb(&Format::Png.write(&step.board, &options).unwrap()));
    }
    out
}

const GAME: &str = "1. e4?? e5 $1 2. Nf3 Nc6 $6 3. Bb5!? a6 4. O-O $7 Nf6 5. Re1 $22 d6!!";

#[test]
fn every_frame_of_a_pgn_with_glyphs_is_its_still_with_the_badge() {
    for options in ["size=40", "size=20&theme=brown&lastmove_style=lichess", "size=96&coords=1&flip=1&theme=print"] {
        let q = query(GAME, options);
        let (apng, gif) = (job("/diagram.png", &q), job("/diagram.gif", &q));
        let playback = apng.playback().unwrap();
        use Glyph::*;
        let want = [Some(Blunder), Some(Good), None, Some(Dubious), Some(Interesting), None, Some(OnlyMove), None];
        assert_eq!(playback.glyphs, [[&want[..], &[Some(Zugzwang), Some(Brilliant)]].concat()]);
        let stills = stills(&apng);
        let canvases = apng_canvases(&body(&apng));
        assert_eq!(canvases.len(), stills.len(), "{options}");
        for (i, (canvas, (_, still))) in canvases.iter().zip(&stills).enumerate() {
            let differ = canvas.chunks(3).zip(still.chunks(3)).filter(|(a, b)| a != b).count();
            assert_eq!(differ, 0, "APNG {options}: frame {i} differs from its still in {differ} pixels");
        }
        let decoded = decode_gif(&body(&gif));
        assert_eq!(decoded.canvases.len(), stills.len(), "{options}");
        for (i, (canvas, (_, still))) in decoded.canvases.iter().zip(&stills).enumerate() {
            let differ = canvas.chunks(3).zip(still.chunks(3)).filter(|(a, b)| a != b).count();
            assert_eq!(differ, 0, "GIF {options}: frame {i} differs from its still in {differ} pixels");
        }
        if let Ok(dir) = std::env::var("BADGE_PNG") {
            for (i, (width, still)) in stills.iter().enumerate() {
                let name = format!("{dir}/{}-{i}.png", options.split('&').next().unwrap());
                let file = std::io::BufWriter::new(std::fs::File::create(name).unwrap());
                let mut encoder = png::Encoder::new(file, *width as u32, (still.len() / 3 / width) as u32);
                encoder.set_color(png::ColorType::Rgb);
                encoder.write_header().unwrap().write_image_data(still).unwrap();
            }
        }
    }
}

#[test]
fn a_blunder_is_a_red_disc_in_the_top_right_corner_of_the_moved_pawn_for_its_frame() {
    let gif = decode_gif(&body(&job("/diagram.gif", &query("1. e4?? e5 2. Nf3", "size=40"))));
    // e4 at 40 px: the board's 1-px frame, then four squares across and down.
    let (sx, sy) = (1 + 4 * 40, 1 + 4 * 40);
    let red = [0xdf, 0x53, 0x53];
    // The disc: radius 8 px (a fifth of the square) centred 8 px from the top and right edges.
    for (x, y) in [(32, 1), (38, 7), (25, 8), (32, 14), (27, 13)] {
        assert_eq!(gif.pixel(1, sx + x, sy + y), red, "({x}, {y})");
    }
    for (x, y) in [(22, 8), (32, 17), (39, 0), (24, 1)] {
        assert_ne!(gif.pixel(1, sx + x, sy + y), red, "({x}, {y}) is outside the disc");
    }
    // White ink in the middle, and the disc gone once the next move is played.
    let white =
        (25..40).flat_map(|x| (1..16).map(move |y| (x, y))).filter(|&(x, y)| gif.pixel(1, sx + x, sy + y) == [255; 3]);
    assert!(white.count() >= 4);
    assert!((0..40).all(|x| (0..40).all(|y| gif.pixel(2, sx + x, sy + y) != red)));
}

/// FNV-1a, to pin bytes.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn a_pgn_without_a_glyph_drawn_keeps_the_key_and_the_bytes_of_its_moves() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let moves = format!("ffen={start}&moves=e2e4+e7e5+g1f3&size=30");
    // Comments, clocks and NAGs that are no glyph ($10, $14) draw nothing.
    let pgn = query("[White \"A\"]\n1. e4 { [%clk 0:03:00] } e5 $10 2. Nf3 $14 *", "size=30");
    for path in ["/diagram.gif", "/diagram.png"] {
        let (a, b) = (job(path, &moves), job(path, &pgn));
        assert!(b.playback().unwrap().glyphs.is_empty());
        assert_eq!(a.key(), b.key(), "{path}");
        assert!(!a.key().as_str().contains("glyphs"));
        assert_eq!(body(&a), body(&b), "{path}");
    }
    // The bytes, pinned: drawing glyphs on these routes changed nothing for a game without one.
    let gif = body(&job("/diagram.gif", &pgn));
    assert_eq!((gif.len(), fnv(&gif)), (7246, 11_176_162_412_065_856_648));
    // A glyph drawn is in the key, after the moves.
    let glyph = job("/diagram.gif", &query("1. e4 e5?! 2. Nf3", "size=30"));
    assert!(glyph.key().as_str().ends_with("\nd1000 e2e4 e7e5 g1f3 glyphs:2?!\ngif"), "{}", glyph.key().as_str());
}
