//! The fast path of [`crate::draw::render::render_png`]: a plain diagram drawn square by square straight into palette
//! indices, with the same palette and indices, so the same PNG bytes, as drawing it in RGB and indexing it.
//!
//! Why: in WebAssembly a cache miss spent a third of its time giving each pixel of the RGB picture its palette index
//! and a further 10–20 % drawing the squares and sprites pixel by pixel (docs/cost.md, "Where the time goes"). But a
//! plain diagram is a frame plus squares, and a square is a fill colour plus at most one sprite: the start position
//! has 22 different squares among 64, a full 32×32 board a few dozen among 1,024. So each different square (a
//! *tile*) is drawn once in RGB, each tile row is given its palette indices once, the first time the picture shows
//! it, and every row of the picture is then copies of index rows.
//!
//! Exactness: the palette is in order of first appearance, scanning rows top down, as [`crate::draw::pngenc`] builds it.
//! A tile row's colours are looked up the first time the scan meets that row, left to right, in picture order; any
//! later occurrence of the row brings no new colour. So palette and indices equal those of the RGB path, and a
//! picture with more than 256 colours is left to the RGB path (which encodes it as RGB). Tested byte for byte
//! against the RGB path over generated boards and options (`tests` below) and by every golden.
//!
//! What it draws is decided by [`indexed_path_applies`]; everything else (holes, bordered squares, the look options
//! and the furniture, and any option added later until it is taught here) takes the RGB path. `print`'s hatched squares are tiles per phase of the
//! hatching (the lines run on across squares). Coordinates are drawn in RGB
//! into the margins and indexed there only.

use crate::draw::raster::{Canvas, Image, Rect, Rgb};
use crate::draw::scene::{Scene, SquarePaint};
use crate::draw::sprite::{self, Sprite};
use crate::notation::board::{Board, Cell};
use crate::options::render_options::RenderOptions;
use crate::options::theme::{hatching, INK, PAPER};
use std::sync::Arc;

/// Whether [`paint`] draws this diagram: no holes and no bordered squares; any theme, colours, size,
/// flip, with or without coordinates. False as soon as anything is not a plain diagram.
///
/// Every field of [`RenderOptions`] is named here, so a new option does not compile until it is either drawn by
/// this path or makes it return `false`.
pub(crate) fn indexed_path_applies(board: &Board, options: &RenderOptions) -> bool {
    let RenderOptions {
        size: _,
        flip: _,
        coords: _,
        theme: _,
        light: _,
        dark: _,
        colors,
        pattern,
        files,
        ranks,
        first_rank,
        rim,
        coord_color,
        hole,
        borders,
        furniture,
    } = options;
    // The looks of issue 11 (other square colours, labels, a rim, lines, transparency) and the furniture of issue
    // 12 (bands of text that move the board, marks and arrows over the squares) are drawn by the RGB path only.
    let plain_look = colors.is_none()
        && pattern.is_none()
        && files.is_none()
        && ranks.is_none()
        && *first_rank == crate::options::render_options::DEFAULT_FIRST_RANK
        && rim.is_none()
        && coord_color.is_none()
        && hole.is_none()
        && !borders
        && furniture.is_empty();
    let (w, h) = (board.width(), board.height());
    plain_look
        && (0..h)
            .all(|y| (0..w).all(|x| !matches!(board.get(x, y), Some(Cell::Hole) | None) && !board.is_bordered(x, y)))
}

/// A picture as palette indices: what [`crate::draw::pngenc::encode_indexed`] encodes.
pub(crate) struct IndexedPicture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The colours, RGB, in order of first appearance.
    pub palette: Vec<u8>,
    /// One index into the palette a pixel, row by row.
    pub indices: Vec<u8>,
}

/// The palette as it grows: colour to index, at most 256 colours, in an open-addressing table of 1024 slots (a
/// general-purpose hash map costs more than all the rest of this path: it is asked once per pixel of every new
/// tile row).
struct Palette {
    keys: [u32; Palette::SLOTS],
    values: [u8; Palette::SLOTS],
    rgb: Vec<u8>,
}

impl Palette {
    const SLOTS: usize = 1024;
    /// Not a pixel (`0x00RRGGBB` has a zero top byte).
    const EMPTY: u32 = u32::MAX;

    fn new() -> Palette {
        Palette { keys: [Palette::EMPTY; Palette::SLOTS], values: [0; Palette::SLOTS], rgb: Vec::with_capacity(48) }
    }

    /// The index of `pixel` (`0x00RRGGBB`), given the next one if it is new; `None` for a 257th colour.
    fn index_of(&mut self, pixel: u32) -> Option<u8> {
        let mut slot = (pixel.wrapping_mul(0x9E37_79B1) >> 22) as usize;
        loop {
            if self.keys[slot] == pixel {
                return Some(self.values[slot]);
            }
            if self.keys[slot] == Palette::EMPTY {
                let next = u8::try_from(self.rgb.len() / 3).ok()?;
                self.keys[slot] = pixel;
                self.values[slot] = next;
                self.rgb.extend_from_slice(&Rgb::from_pixel(pixel).to_array());
                return Some(next);
            }
            slot = (slot + 1) % Palette::SLOTS;
        }
    }

    /// Gives the indices of `pixels` to `out`, looking up only where the colour changes.
    fn index_row(&mut self, pixels: &[u32], out: &mut [u8]) -> Option<()> {
        let mut last = (Palette::EMPTY, 0);
        for (out, &pixel) in out.iter_mut().zip(pixels) {
            if pixel != last.0 {
                last = (pixel, self.index_of(pixel)?);
            }
            *out = last.1;
        }
        Some(())
    }
}

/// One different square: its fill and sprite, its RGB pixels, and the palette indices of each row once the picture
/// has shown it.
struct Tile {
    fill: Fill,
    sprite: Option<Arc<Sprite>>,
    pixels: Vec<u32>,
    indices: Vec<u8>,
    indexed: Vec<bool>,
}

/// How a square is filled: one colour, or the hatching at a phase (`(x + y) % period` of its top-left pixel).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    Solid(Rgb),
    Hatched(u32),
}

/// The palette painter: the scene of a diagram for which [`indexed_path_applies`], drawn in palette indices; `None`
/// if it has more than 256 colours (then the RGB painter draws it and it is encoded as RGB).
pub(crate) fn paint(scene: &Scene) -> Option<IndexedPicture> {
    let l = &scene.layout;
    let (w, h) = scene.files_ranks;
    let (s, frame, width) = (l.square as usize, l.frame as usize, l.width as usize);
    let hatch = hatching(l.square);
    // The tile of each display position, row by row, and the tiles themselves. A tile is found by its fill and
    // its sprite's identity in the sprite cache (a linear search: a diagram has a few dozen tiles, and even 1,024
    // of them cost less than a millisecond; a hash map of sprite keys cost 3 KB of the gzipped wasm). A sprite
    // drawn again after the cache was emptied is a second tile with the same pixels: harmless.
    let mut tiles: Vec<Tile> = Vec::new();
    let mut grid = Vec::with_capacity(w * h);
    if scene.squares.len() != w * h {
        return None; // holes: not a plain diagram
    }
    for square in &scene.squares {
        let rect = square.rect;
        let fill = match square.paint {
            SquarePaint::Solid(c) => Fill::Solid(c),
            SquarePaint::Hatched { .. } => Fill::Hatched((rect.x + rect.y) % hatch.period),
            SquarePaint::Clear => return None,
        };
        let sprite = square.sprite.as_ref().map(sprite::get);
        let same = |t: &Tile| t.fill == fill && t.sprite.as_ref().map(Arc::as_ptr) == sprite.as_ref().map(Arc::as_ptr);
        let id = match tiles.iter().position(same) {
            Some(id) => id,
            None => {
                // Drawn as the RGB painter draws the square, at (0, 0): the blend does not depend on the position.
                let mut image = match (fill, square.paint) {
                    (Fill::Hatched(phase), SquarePaint::Hatched { paper, ink }) => {
                        let mut image = Image::new(l.square, l.square, paper);
                        image.hatch_rect_shifted(Rect::new(0, 0, l.square, l.square), paper, ink, hatch, phase);
                        image
                    }
                    (Fill::Solid(c), _) => Image::new(l.square, l.square, c),
                    _ => return None,
                };
                if let Some(sprite) = &sprite {
                    image.draw(&**sprite, 0, 0);
                }
                let (indices, indexed) = (vec![0; s * s], vec![false; s]);
                tiles.push(Tile { fill, sprite, pixels: image.pixels, indices, indexed });
                tiles.len() - 1
            }
        };
        grid.push(id);
    }
    // With coordinates, the margins (left of the frame, and below it) are drawn in RGB as the RGB path draws
    // them, on paper, and indexed pixel by pixel where the rows reach them: a strip a few dozen pixels wide, mostly
    // runs of paper. The labels stay inside the margins (layout.rs, coords.rs), which the byte-for-byte tests check.
    let margins = (l.margin > 0).then(|| {
        let mut image = Image::new(l.width, l.height, PAPER);
        for label in &scene.labels {
            image.draw(&label.coverage.mask.inked(scene.text_ink), label.left, label.top);
        }
        image
    });
    let margin = l.margin as usize;
    let board_bottom = l.height as usize - margin;
    let mut palette = Palette::new();
    let mut indices = Vec::with_capacity(width * l.height as usize);
    // Appends the indices of `pixels` (a stretch of the margin image), in scan order.
    let index_into = |palette: &mut Palette, indices: &mut Vec<u8>, pixels: &[u32]| {
        let start = indices.len();
        indices.resize(start + pixels.len(), 0);
        palette.index_row(pixels, &mut indices[start..])
    };
    // Appends `n` pixels of ink (the frame), its index taken in scan order like every colour's.
    let ink = |palette: &mut Palette, indices: &mut Vec<u8>, n: usize| {
        let ink = palette.index_of(INK.to_pixel())?;
        indices.resize(indices.len() + n, ink);
        Some(())
    };
    let margin_of = |y: usize| margins.as_ref().map_or(&[][..], |m| &m.pixels[y * width..y * width + margin]);
    // The frame is a closed ring of ink (no holes) right of the left margin.
    for y in 0..frame {
        index_into(&mut palette, &mut indices, margin_of(y))?;
        ink(&mut palette, &mut indices, width - margin)?;
    }
    for dy in 0..h {
        for ty in 0..s {
            index_into(&mut palette, &mut indices, margin_of(frame + dy * s + ty))?;
            ink(&mut palette, &mut indices, frame)?;
            for &id in &grid[dy * w..(dy + 1) * w] {
                let tile = &mut tiles[id];
                let row = ty * s..(ty + 1) * s;
                if !tile.indexed[ty] {
                    palette.index_row(&tile.pixels[row.clone()], &mut tile.indices[row.clone()])?;
                    tile.indexed[ty] = true;
                }
                indices.extend_from_slice(&tile.indices[row]);
            }
            ink(&mut palette, &mut indices, frame)?;
        }
    }
    for y in board_bottom - frame..board_bottom {
        index_into(&mut palette, &mut indices, margin_of(y))?;
        ink(&mut palette, &mut indices, width - margin)?;
    }
    if let Some(margins) = &margins {
        index_into(&mut palette, &mut indices, &margins.pixels[board_bottom * width..])?;
    }
    debug_assert_eq!(indices.len(), width * l.height as usize);
    Some(IndexedPicture { width: l.width, height: l.height, palette: palette.rgb, indices })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::pngenc;
    use crate::draw::render::render_image;
    use crate::notation::colour::Paint;
    use crate::notation::ffen::{self, Dialect};
    use crate::options::render_options::SquareSize;
    use crate::options::theme::Theme;
    use proptest::prelude::*;

    /// The PNG of the RGB path: draw in RGB, index, encode.
    fn rgb_path(board: &Board, options: &RenderOptions) -> Vec<u8> {
        pngenc::encode(&render_image(board, options)).expect("encodes")
    }

    fn options(size: u32, flip: bool, theme: Theme) -> RenderOptions {
        RenderOptions { size: SquareSize::new(size).unwrap(), flip, theme, ..RenderOptions::default() }
    }

    #[test]
    fn plain_diagrams_take_the_indexed_path_and_nothing_else_does() {
        let start = ffen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", Dialect::Janko).unwrap();
        assert!(indexed_path_applies(&start, &RenderOptions::default()));
        assert!(indexed_path_applies(&start, &options(90, true, Theme::Green)));
        assert!(indexed_path_applies(&start, &RenderOptions { coords: true, ..RenderOptions::default() }));
        assert!(indexed_path_applies(&start, &options(40, false, Theme::Print)));
        let holes = ffen::parse("8/8/3[-]4/8", Dialect::Janko).unwrap();
        assert!(holes.cells().iter().any(|c| matches!(c, Cell::Hole)));
        assert!(!indexed_path_applies(&holes, &RenderOptions::default()));
        let bordered = ffen::parse("8/8/8/[]K7", Dialect::Janko).unwrap();
        assert!(bordered.is_bordered(0, 3));
        assert!(!indexed_path_applies(&bordered, &RenderOptions::default()));
    }

    #[test]
    fn plain_diagrams_are_the_same_bytes_by_both_paths() {
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
                let picture = paint(&Scene::build(&board, &o)).expect("under 256 colours");
                let png = pngenc::encode_indexed(picture.width, picture.height, picture.palette, &picture.indices);
                assert_eq!(png.unwrap(), rgb_path(&board, &o), "{ffen} {}", o.canonical());
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

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The whole point: the PNG `render_png` makes is the RGB path's, byte for byte, for any board and options
        /// (the indexed path where it applies and has at most 256 colours, the RGB path otherwise).
        #[test]
        fn render_png_is_the_rgb_path_byte_for_byte(board in any_board(), options in any_options()) {
            let png = crate::draw::render::render_png(&board, &options).expect("encodes");
            prop_assert_eq!(png, rgb_path(&board, &options));
            if indexed_path_applies(&board, &options) {
                if let Some(picture) = paint(&Scene::build(&board, &options)) {
                    prop_assert_eq!(picture.palette.len() % 3, 0);
                    prop_assert!(picture.palette.len() / 3 <= 256);
                    prop_assert_eq!(picture.indices.len(), (picture.width * picture.height) as usize);
                }
            }
        }
    }
}
