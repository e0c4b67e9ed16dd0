//! Golden diagrams: each case is rendered and compared with `tests/golden/<name>.png` within a small tolerance.
//!
//! Regenerate after an intended change of the drawing (and bump `RENDERER_VERSION`):
//! `UPDATE_GOLDENS=1 cargo test --test render_golden`, then look at the changed PNGs before committing them.
//! On a mismatch the rendered picture is written to `target/golden-failures/<name>.png` for comparison.

use ffen_diagram::board::{Board, Cell, Color, FairyName, Piece, PieceKind, Rotation};
use ffen_diagram::ffen::{self, Dialect};
use ffen_diagram::options::RenderOptions;
use ffen_diagram::render;
use std::path::PathBuf;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const JANKO: &str = "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR";
const F307: &str =
    "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2";
/// Neutral pieces and markers, upright and rotated (janko: `-` = neutral, `*N` = N quarter turns).
const NEUTRAL: &str = "-k-q-r-b/-n-p-c-s/-*1q-*2q-*3q-*1n/-*2n-*3n-x-*1t";
/// Bodlaender holes: corners, the centre, and an edge notch.
const HOLES: &str = "-r4k-/8/8/3--3/3--3/8/8/-R2K2-";
/// Bodlaender named pieces: unknown names (fallback discs) in all colours, known ones, and extra colours 3–6.
const FAIRY: &str = "(Camelrider)(camelrider)(camelrider2)(camelrider3)(Nightrider)(grasshopper)(zebra2)(leo5)/(knight3)(knight4)(knight5)(knight6)(queen3)(queen4)(queen5)(queen6)/(c3)(C4)(s5)(T6)(x3)4/8";

/// The largest board, 32×32 (janko digits are read singly: `9995` is 32 empty squares), files up to `af`.
const MAX_BOARD: &str = "K999k3/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/9995/Q999-q3";

struct Case {
    name: &'static str,
    ffen: &'static str,
    dialect: Dialect,
    options: &'static [(&'static str, &'static str)],
}

const fn case(name: &'static str, ffen: &'static str, options: &'static [(&'static str, &'static str)]) -> Case {
    Case { name, ffen, dialect: Dialect::Janko, options }
}

const fn bodlaender(name: &'static str, ffen: &'static str, options: &'static [(&'static str, &'static str)]) -> Case {
    Case { name, ffen, dialect: Dialect::Bodlaender, options }
}

const CASES: &[Case] = &[
    case("start_40", START, &[]),
    case("start_16", START, &[("size", "16")]),
    case("start_96", START, &[("size", "96")]),
    case("start_12", START, &[("size", "12")]),
    case("start_coords", START, &[("coords", "1")]),
    case("start_flip_coords", START, &[("flip", "1"), ("coords", "1")]),
    case("start_print", START, &[("theme", "print")]),
    case("start_brown", START, &[("theme", "brown")]),
    case("start_blue", START, &[("theme", "blue")]),
    case("start_green", START, &[("theme", "green")]),
    case("start_custom", START, &[("light", "ffffee"), ("dark", "#7f9fbf")]),
    case("janko_40", JANKO, &[]),
    case("janko_16", JANKO, &[("size", "16")]),
    case("janko_96_print", JANKO, &[("size", "96"), ("theme", "print")]),
    case("janko_flip", JANKO, &[("flip", "1")]),
    case("f307_40", F307, &[("coords", "1")]),
    case("f307_16_print", F307, &[("size", "16"), ("theme", "print")]),
    case("neutral_40", NEUTRAL, &[]),
    case("neutral_41", NEUTRAL, &[("size", "41")]),
    case("neutral_96", NEUTRAL, &[("size", "96"), ("theme", "green")]),
    bodlaender("holes_40", HOLES, &[("coords", "1")]),
    bodlaender("holes_print", HOLES, &[("theme", "print"), ("flip", "1")]),
    bodlaender("fairy_40", FAIRY, &[]),
    bodlaender("fairy_96_blue", FAIRY, &[("size", "96"), ("theme", "blue")]),
    bodlaender("light_corner", "{W}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", &[]),
    bodlaender("uncheckered", "{U}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", &[("coords", "1")]),
    case("wide_12x2", "K9kr/R9rk", &[("coords", "1")]),
    case("one_square", "Q", &[]),
    case("max_32x32_12", MAX_BOARD, &[("size", "12"), ("coords", "1")]),
];

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("buffer size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgb, "diagrams are opaque RGB after expansion");
    (info.width, info.height, buf)
}

/// The first difference beyond tolerance: a channel off by more than 24, or more than 0.5 % of pixels off at all.
fn compare(actual: &[u8], expected: &[u8]) -> Result<(), String> {
    let mut differing = 0usize;
    for (i, (a, e)) in actual.chunks(3).zip(expected.chunks(3)).enumerate() {
        let worst = a.iter().zip(e).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        if worst > 24 {
            return Err(format!("pixel {i} differs by {worst}"));
        }
        if worst > 0 {
            differing += 1;
        }
    }
    if differing * 200 > actual.len() / 3 {
        return Err(format!("{differing} pixels differ slightly"));
    }
    Ok(())
}

fn render(case: &Case) -> Vec<u8> {
    let board = ffen::parse(case.ffen, case.dialect).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    let options = RenderOptions::from_pairs(case.options.iter().copied()).expect("options");
    render::check_image_size(&board, &options).expect("within limits");
    render::render_png(&board, &options).unwrap()
}

#[test]
fn goldens() {
    let update = std::env::var_os("UPDATE_GOLDENS").is_some_and(|v| v != "0");
    let dir = golden_dir();
    let mut failures = Vec::new();
    for case in CASES {
        let png = render(case);
        let path = dir.join(format!("{}.png", case.name));
        if update {
            std::fs::create_dir_all(&dir).expect("create tests/golden");
            std::fs::write(&path, &png).expect("write golden");
            continue;
        }
        let expected = std::fs::read(&path).unwrap_or_else(|e| {
            panic!("{}: {e} (run UPDATE_GOLDENS=1 cargo test --test render_golden)", path.display())
        });
        let (aw, ah, actual) = decode(&png);
        let (ew, eh, wanted) = decode(&expected);
        let verdict = if (aw, ah) != (ew, eh) {
            Err(format!("size {aw}×{ah}, golden {ew}×{eh}"))
        } else {
            compare(&actual, &wanted)
        };
        if let Err(why) = verdict {
            let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/golden-failures");
            let _ = std::fs::create_dir_all(&out);
            let _ = std::fs::write(out.join(format!("{}.png", case.name)), &png);
            failures.push(format!("{}: {why}", case.name));
        }
    }
    assert!(failures.is_empty(), "golden mismatches (see target/golden-failures/):\n{}", failures.join("\n"));
}

#[test]
fn rendering_is_deterministic() {
    for case in CASES {
        assert_eq!(render(case), render(case), "{}", case.name);
    }
}

#[test]
fn start_position_png_is_small_and_indexed() {
    let png = render(&CASES[0]);
    assert!(png.len() <= 6 * 1024, "start position PNG is {} bytes", png.len());
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().expect("PNG header");
    let info = reader.info();
    assert_eq!(info.color_type, png::ColorType::Indexed);
    assert!(info.srgb.is_some(), "sRGB chunk");
}

#[test]
fn unknown_fairy_piece_draws_a_disc() {
    // A programmatic board too, independent of the FFEN parser.
    let mut board = Board::empty(1, 1).expect("board");
    let piece = Piece {
        kind: PieceKind::Named(FairyName::new("wazirrider").expect("name")),
        color: Color::White,
        rotation: Rotation::NONE,
    };
    board.set(0, 0, Cell::Piece(piece));
    let image = render::render_image(&board, &RenderOptions::default());
    // The disc is white with a black outline on the dark a1 square: the centre column has white, black and grey.
    let column: Vec<[u8; 3]> = (0..image.height).filter_map(|y| image.pixel(image.width / 2, y)).collect();
    assert!(column.contains(&[255, 255, 255]) && column.contains(&[0, 0, 0]));
}
