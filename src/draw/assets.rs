//! Embedded artwork: the cburnett piece sprites and the fairy sprites drawn from them (as path data made by `build.rs`)
//! and the Roboto Bold Latin subset font.
//!
//! Both are turned into ready-to-draw objects once per process (a [`OnceLock`]): tiny-skia paths for the sprites,
//! a parsed `fontdue` font for letters, numbers and coordinates.

use crate::notation::board::Figure;
use crate::notation::fairy::FairyFigure;
use crate::options::piece_set::PieceSet;
use std::sync::OnceLock;
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Stroke, Transform};

/// The side of the sprites' SVG viewBox (all cburnett pieces are drawn in 45×45).
pub const SPRITE_VIEWBOX: f32 = 45.0;

/// The fill of one sprite path as the SVG gives it.
pub(crate) struct SvgFill {
    pub rgb: [u8; 3],
    /// 255 but where a set's drawing is see-through (cburnett's never is).
    pub alpha: u8,
    pub even_odd: bool,
}

/// The stroke of one sprite path as the SVG gives it (cap/join: 0 butt/miter, 1 round, 2 square/bevel).
pub(crate) struct SvgStroke {
    pub rgb: [u8; 3],
    /// As [`SvgFill::alpha`].
    pub alpha: u8,
    pub width: f32,
    pub cap: u8,
    pub join: u8,
    pub miter_limit: f32,
}

/// One SVG path: verbs (0 move, 1 line, 2 quad, 3 cubic, 4 close), their points, fill and stroke.
pub(crate) struct SvgOp {
    pub verbs: &'static [u8],
    pub points: &'static [f32],
    pub fill: Option<SvgFill>,
    pub stroke: Option<SvgStroke>,
    pub stroke_first: bool,
}

include!(concat!(env!("OUT_DIR"), "/sprites.rs"));

/// A paint step of a prepared sprite.
pub(crate) enum Paint {
    /// Fill the path with this colour.
    Fill { rgb: [u8; 3], alpha: u8, rule: FillRule },
    /// Stroke the path with this colour.
    Stroke { rgb: [u8; 3], alpha: u8, stroke: Stroke },
}

/// A sprite ready to draw: paths in viewBox units with how to paint each.
pub(crate) type Prepared = Vec<(Path, Paint)>;

fn build_path(op: &SvgOp) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let mut p = op.points.chunks_exact(2).map(|c| (c[0], c[1]));
    for &verb in op.verbs {
        match verb {
            0 => {
                let (x, y) = p.next()?;
                pb.move_to(x, y);
            }
            1 => {
                let (x, y) = p.next()?;
                pb.line_to(x, y);
            }
            2 => {
                let (x1, y1) = p.next()?;
                let (x, y) = p.next()?;
                pb.quad_to(x1, y1, x, y);
            }
            3 => {
                let (x1, y1) = p.next()?;
                let (x2, y2) = p.next()?;
                let (x, y) = p.next()?;
                pb.cubic_to(x1, y1, x2, y2, x, y);
            }
            _ => pb.close(),
        }
    }
    pb.finish()
}

fn prepare(ops: &[SvgOp]) -> Prepared {
    let mut out = Vec::new();
    prepare_into(ops, None, &mut out);
    out
}

/// The paint steps of `ops` added to `out`: as they are, or placed as `part` says (moved, scaled, a seam's colour).
fn prepare_into(ops: &[SvgOp], part: Option<&Part>, out: &mut Prepared) {
    let scale = part.map_or(1.0, |p| p.scale);
    let ink = |rgb: [u8; 3]| if part.is_some_and(|p| p.seam) { SEAM } else { rgb };
    for op in ops {
        let Some(mut path) = build_path(op) else { continue };
        if let Some(part) = part {
            let Some(placed) = path.transform(Transform::from_row(scale, 0.0, 0.0, scale, part.x, part.y)) else {
                continue;
            };
            path = placed;
        }
        let fill = op.fill.as_ref().map(|f| Paint::Fill {
            rgb: ink(f.rgb),
            alpha: f.alpha,
            rule: if f.even_odd { FillRule::EvenOdd } else { FillRule::Winding },
        });
        let stroke = op.stroke.as_ref().map(|s| Paint::Stroke {
            rgb: ink(s.rgb),
            alpha: s.alpha,
            stroke: Stroke {
                width: if part.is_some() { s.width * scale } else { s.width },
                miter_limit: s.miter_limit,
                line_cap: match s.cap {
                    0 => LineCap::Butt,
                    1 => LineCap::Round,
                    _ => LineCap::Square,
                },
                line_join: match s.join {
                    0 => LineJoin::Miter,
                    1 => LineJoin::Round,
                    _ => LineJoin::Bevel,
                },
                dash: None,
            },
        });
        let (first, second) = if op.stroke_first { (stroke, fill) } else { (fill, stroke) };
        for paint in [first, second].into_iter().flatten() {
            out.push((path.clone(), paint));
        }
    }
}

/// The draw operations of an orthodox figure of `set`, white (`black == false`) or black.
pub(crate) fn figure_ops(set: PieceSet, figure: Figure, black: bool) -> &'static [SvgOp] {
    let index = Figure::ALL.iter().position(|&f| f == figure).unwrap_or(0) + if black { 6 } else { 0 };
    SPRITE_OPS[set.index()][index]
}

/// The prepared sprite of an orthodox figure of `set`, white (`black == false`) or black: a set's twelve are
/// prepared together, on its first use in the process.
pub(crate) fn figure_sprite(set: PieceSet, figure: Figure, black: bool) -> &'static Prepared {
    static SPRITES: [OnceLock<Vec<Prepared>>; PieceSet::ALL.len()] = [const { OnceLock::new() }; PieceSet::ALL.len()];
    let all = SPRITES[set.index()].get_or_init(|| SPRITE_OPS[set.index()].iter().map(|ops| prepare(ops)).collect());
    let index = Figure::ALL.iter().position(|&f| f == figure).unwrap_or(0) + if black { 6 } else { 0 };
    &all[index]
}

/// The draw operations of cburnett's drawn fairy glyph, white (`black == false`) or black.
pub(crate) fn fairy_ops(figure: FairyFigure, black: bool) -> &'static [SvgOp] {
    FAIRY_OPS[figure.index() * 2 + usize::from(black)]
}

/// One part of a fairy glyph composed of a set's pieces: the piece `figure` scaled by `scale` (of the 45-unit box)
/// and moved to (`x`, `y`); a `seam` is drawn all in [`SEAM`], for the black glyph only, under the piece in front.
pub(crate) struct Part {
    /// The set's piece.
    pub figure: Figure,
    /// Where its box's corner goes, in the glyph's 45-unit box.
    pub x: f32,
    /// See [`Part::x`].
    pub y: f32,
    /// Its size, of the 45-unit box.
    pub scale: f32,
    /// Drawn in [`SEAM`], and only in the black glyph.
    pub seam: bool,
}

/// The seam's colour: under a black piece in front of another, the front piece a tenth larger in this light grey
/// keeps the two black bodies apart (cburnett's compounds have one too; several sets' black pieces are
/// silhouettes without a light outline, which would merge).
pub(crate) const SEAM: [u8; 3] = [0xec, 0xec, 0xec];

/// A compound with the knight, as cburnett's (`sprites/fairy/generate.py`): the knight behind on the left, `front`
/// on the right, both at 0.8 of the box and standing on its bottom, the seam under the front piece.
const fn compound(front: Figure) -> [Part; 3] {
    let seam = Part { figure: front, x: 9.2, y: 6.7, scale: 0.88, seam: true };
    let knight = Part { figure: Figure::Knight, x: -2.0, y: 8.5, scale: 0.8, seam: false };
    [knight, seam, Part { figure: front, x: 11.0, y: 8.5, scale: 0.8, seam: false }]
}

/// The glyphs every set other than cburnett composes of its own pieces, in the order drawn (back to front); the
/// others are cburnett's in every set (docs/pieces.md says why, glyph by glyph).
pub(crate) fn parts(figure: FairyFigure) -> &'static [Part] {
    const ARCHBISHOP: [Part; 3] = compound(Figure::Bishop);
    const CHANCELLOR: [Part; 3] = compound(Figure::Rook);
    const AMAZON: [Part; 3] = compound(Figure::Queen);
    const CENTAUR: [Part; 3] = compound(Figure::King);
    const NIGHTRIDER: [Part; 3] = [
        Part { figure: Figure::Knight, x: 9.5, y: 6.0, scale: 0.78, seam: false },
        Part { figure: Figure::Knight, x: -4.255, y: 7.245, scale: 0.858, seam: true },
        Part { figure: Figure::Knight, x: -2.5, y: 9.0, scale: 0.78, seam: false },
    ];
    match figure {
        FairyFigure::Archbishop => &ARCHBISHOP,
        FairyFigure::Chancellor => &CHANCELLOR,
        FairyFigure::Amazon => &AMAZON,
        FairyFigure::Centaur => &CENTAUR,
        FairyFigure::Nightrider => &NIGHTRIDER,
        _ => &[],
    }
}

/// The draw operations of `set`'s own drawing of the fairy glyph `figure` (firi's chu-shogi lion, elephant and
/// dragon, its cannon-shogi cannon), white (`black == false`) or black, where the set has one.
pub(crate) fn own_fairy_ops(set: PieceSet, figure: FairyFigure, black: bool) -> Option<&'static [SvgOp]> {
    SET_FAIRY_OPS
        .iter()
        .find(|&&(s, f, _, _)| s == set.index() && f == figure.index())
        .map(|&(_, _, white, black_ops)| if black { black_ops } else { white })
}

/// Whether `set` draws the fairy glyph `figure` itself: its own drawing ([`own_fairy_ops`]) or composed of its
/// pieces ([`parts`]); else it is cburnett's.
pub(crate) fn set_has_fairy(set: PieceSet, figure: FairyFigure) -> bool {
    set != PieceSet::Cburnett && (!parts(figure).is_empty() || own_fairy_ops(set, figure, false).is_some())
}

/// The prepared sprite of a drawn fairy glyph of `set`, white (`black == false`) or black: the set's own drawing,
/// or composed of its pieces, where [`set_has_fairy`], else cburnett's.
pub(crate) fn fairy_sprite(set: PieceSet, figure: FairyFigure, black: bool) -> &'static Prepared {
    static SPRITES: [OnceLock<Vec<Prepared>>; PieceSet::ALL.len()] = [const { OnceLock::new() }; PieceSet::ALL.len()];
    let all = SPRITES[set.index()].get_or_init(|| {
        let glyph = |f: FairyFigure, black: bool| {
            if !set_has_fairy(set, f) {
                return prepare(fairy_ops(f, black));
            }
            if let Some(ops) = own_fairy_ops(set, f, black) {
                return prepare(ops);
            }
            let mut out = Vec::new();
            for part in parts(f).iter().filter(|p| black || !p.seam) {
                prepare_into(figure_ops(set, part.figure, black), Some(part), &mut out);
            }
            out
        };
        FairyFigure::ALL.into_iter().flat_map(|f| [false, true].map(|black| glyph(f, black))).collect()
    });
    &all[figure.index() * 2 + usize::from(black)]
}

/// The square side from which a set's seams keep one level of mixing, not three ([`inks`]).
pub(crate) const ONE_LEVEL_SEAMS_FROM: u32 = 64;

/// The colours `set`'s drawings are painted in (its pieces' fills and strokes, gradients flattened, and the seam of
/// its composed fairy glyphs), and mixes of each two: a sprite of the set drawn `size` pixels square is rounded to
/// them, so that it brings few colours to a palette.
///
/// The mixes are the antialiased seams between two colours of a piece: a quarter, half and three quarters of the way
/// below [`ONE_LEVEL_SEAMS_FROM`], half-way only from it. Where a square is that large a seam is the edge of two
/// areas, and its one level looks the same as three at 4× zoom, while fantasy's and firi's diagrams at 90 px take
/// 8 % fewer bytes and 12 % less time to code (fewer colours, fewer distinct bytes along a seam). In a small square
/// a seam is most of a line a pixel wide, whose shade carries its weight: there one level drew chessnut's fairy
/// sheet at 20 px half again as far from its exact SVG (a mean of 7.9 against 5.2), and it would turn celtic's
/// default-size diagrams to 4 bits, which the encoder codes more slowly than its tiles' 8 bits.
pub(crate) fn inks(set: PieceSet, size: u32) -> &'static [[u8; 3]] {
    const SETS: usize = PieceSet::ALL.len();
    static INKS: [[OnceLock<Vec<[u8; 3]>>; SETS]; 2] = [const { [const { OnceLock::new() }; SETS] }; 2];
    let one_level = size >= ONE_LEVEL_SEAMS_FROM;
    INKS[usize::from(one_level)][set.index()].get_or_init(|| {
        // Its pieces' colours and its own fairy glyphs'.
        let own_fairy = SET_FAIRY_OPS.iter().filter(|entry| entry.0 == set.index());
        let ops = SPRITE_OPS[set.index()]
            .iter()
            .copied()
            .chain(own_fairy.flat_map(|&(_, _, white, black)| [white, black]))
            .flat_map(|ops| ops.iter());
        // A set's composed fairy glyphs bring the seam's colour.
        let mut inks: Vec<[u8; 3]> = if set == PieceSet::Cburnett { Vec::new() } else { vec![SEAM] };
        for op in ops {
            let fill = op.fill.as_ref().map(|f| f.rgb);
            for rgb in fill.into_iter().chain(op.stroke.as_ref().map(|s| s.rgb)) {
                if !inks.contains(&rgb) {
                    inks.push(rgb);
                }
            }
        }
        let own = inks.len();
        let quarters: &[u16] = if one_level { &[2] } else { &[1, 2, 3] };
        for i in 0..own {
            for j in i + 1..own {
                for &k in quarters {
                    let mix = [0, 1, 2]
                        .map(|c| ((u16::from(inks[i][c]) * k + u16::from(inks[j][c]) * (4 - k) + 2) / 4) as u8);
                    if !inks.contains(&mix) {
                        inks.push(mix);
                    }
                }
            }
        }
        inks
    })
}

/// The Roboto Bold subset, embedded: printable ASCII, Latin-1 Supplement, Latin Extended-A and a few punctuation
/// marks (342 characters; `fonts/README.md`). One font serves piece letters, coordinates, error cards, titles and
/// captions: its ASCII glyphs are the very outlines of the ASCII-only subset used before, so letters on the board
/// draw the same pixels (checked when it was swapped in), and one file costs half of two in the wasm.
pub const FONT_BYTES: &[u8] = include_bytes!("../../fonts/Roboto-Bold-Latin.ttf");

/// The parsed font, parsed on first use and then shared; `None` only if the embedded file were unreadable.
pub(crate) fn font() -> Option<&'static fontdue::Font> {
    static FONT: OnceLock<Option<fontdue::Font>> = OnceLock::new();
    FONT.get_or_init(|| fontdue::Font::from_bytes(FONT_BYTES, fontdue::FontSettings::default()).ok()).as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sprite_has_paths_inside_the_viewbox() {
        for black in [false, true] {
            for figure in Figure::ALL {
                let sprite = figure_sprite(PieceSet::Cburnett, figure, black);
                assert!(sprite.len() >= 2, "{figure:?}");
                for (path, _) in sprite {
                    let b = path.bounds();
                    assert!(b.left() >= 0.0 && b.top() >= 0.0, "{figure:?} {b:?}");
                    assert!(b.right() <= SPRITE_VIEWBOX && b.bottom() <= SPRITE_VIEWBOX, "{figure:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn fairy_sprites_are_compiled_in_the_order_of_their_figures() {
        let names: Vec<&str> = FairyFigure::ALL.iter().map(|f| f.name()).collect();
        assert_eq!(names, FAIRY_NAMES);
        for figure in FairyFigure::ALL {
            for black in [false, true] {
                let sprite = fairy_sprite(PieceSet::Cburnett, figure, black);
                assert!(sprite.len() >= 2, "{figure:?}");
                assert!(!fairy_ops(figure, black).is_empty());
                for (path, _) in sprite {
                    // Strokes reach 0.75 beyond a path: the ink stays inside the box.
                    let b = path.compute_tight_bounds().expect("finite");
                    assert!(b.left() >= 0.75 && b.top() >= 0.75, "{figure:?} {b:?}");
                    assert!(
                        b.right() <= SPRITE_VIEWBOX - 0.75 && b.bottom() <= SPRITE_VIEWBOX - 0.75,
                        "{figure:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn sets_are_compiled_in_the_order_of_their_names_with_paths_in_the_box() {
        let names: Vec<&str> = PieceSet::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names, SET_NAMES);
        for set in PieceSet::ALL {
            for size in [ONE_LEVEL_SEAMS_FROM - 1, ONE_LEVEL_SEAMS_FROM] {
                assert!((2..=130).contains(&inks(set, size).len()), "{set:?}: {:?}", inks(set, size));
            }
            // Rounded to one level of mixing, a sprite has fewer colours to choose from, all of them among three's.
            let (three, one) = (inks(set, ONE_LEVEL_SEAMS_FROM - 1), inks(set, ONE_LEVEL_SEAMS_FROM));
            assert!(one.len() < three.len() && one.iter().all(|ink| three.contains(ink)), "{set:?}");
            for black in [false, true] {
                for figure in Figure::ALL {
                    let sprite = figure_sprite(set, figure, black);
                    assert!(!sprite.is_empty(), "{set:?} {figure:?}");
                    for (path, _) in sprite {
                        // The ink's own box (a curve's control points may lie outside it).
                        let b = path.compute_tight_bounds().expect("finite");
                        assert!(b.left() >= -1.0 && b.top() >= -1.0, "{set:?} {figure:?} {b:?}");
                        assert!(
                            b.right() <= SPRITE_VIEWBOX + 1.0 && b.bottom() <= SPRITE_VIEWBOX + 1.0,
                            "{set:?} {figure:?} {b:?}"
                        );
                    }
                }
                for figure in FairyFigure::ALL {
                    assert!(!fairy_sprite(set, figure, black).is_empty(), "{set:?} {figure:?}");
                }
            }
        }
    }

    #[test]
    fn firi_draws_its_own_lion_elephant_cannon_and_dragon_in_its_own_inks() {
        use FairyFigure::{Cannon, Dragon, Elephant, Lion};
        for set in PieceSet::ALL {
            for figure in FairyFigure::ALL {
                let own = set == PieceSet::Firi && matches!(figure, Lion | Elephant | Cannon | Dragon);
                assert_eq!(own_fairy_ops(set, figure, false).is_some(), own, "{set:?} {figure:?}");
                assert_eq!(own_fairy_ops(set, figure, true).is_some(), own, "{set:?} {figure:?}");
            }
        }
        // Its own glyphs bring no colour its pieces do not have: its inks, and so its pictures' palettes, are
        // those of its pieces.
        let firi = PieceSet::Firi;
        for (figure, black) in [Lion, Elephant, Cannon, Dragon].into_iter().flat_map(|f| [(f, false), (f, true)]) {
            let ops = own_fairy_ops(firi, figure, black).expect("drawn");
            assert!(!ops.is_empty() && fairy_sprite(firi, figure, black).len() >= ops.len(), "{figure:?}");
            for (path, _) in fairy_sprite(firi, figure, black) {
                let b = path.compute_tight_bounds().expect("finite");
                assert!(b.left() >= 0.0 && b.top() >= 0.0, "{figure:?} {b:?}");
                assert!(b.right() <= SPRITE_VIEWBOX && b.bottom() <= SPRITE_VIEWBOX, "{figure:?} {b:?}");
            }
            for op in ops {
                let own = op.fill.as_ref().map(|f| f.rgb).into_iter().chain(op.stroke.as_ref().map(|s| s.rgb));
                for rgb in own {
                    let pieces = SPRITE_OPS[firi.index()].iter().flat_map(|ops| ops.iter());
                    let mut inks = pieces.flat_map(|o| {
                        o.fill.as_ref().map(|f| f.rgb).into_iter().chain(o.stroke.as_ref().map(|s| s.rgb))
                    });
                    assert!(inks.any(|ink| ink == rgb), "{figure:?} {black}: {rgb:?}");
                }
            }
        }
    }

    #[test]
    fn font_parses_and_has_digits_and_letters() {
        let font = font().expect("font");
        for c in "0123456789abcxyzABCXYZ".chars() {
            assert_ne!(font.lookup_glyph_index(c), 0, "{c}");
        }
    }
}
