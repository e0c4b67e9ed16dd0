//! Embedded artwork: the cburnett piece sprites and the fairy sprites drawn from them (as path data made by `build.rs`)
//! and the Roboto Bold Latin subset font.
//!
//! Both are turned into ready-to-draw objects once per process (a [`OnceLock`]): tiny-skia paths for the sprites,
//! a parsed `fontdue` font for letters, numbers and coordinates.

use crate::notation::board::Figure;
use crate::notation::fairy::FairyFigure;
use crate::options::piece_set::PieceSet;
use std::sync::OnceLock;
use tiny_skia::{FillRule, LineCap, LineJoin, Path, PathBuilder, Stroke};

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
    for op in ops {
        let Some(path) = build_path(op) else { continue };
        let fill = op.fill.as_ref().map(|f| Paint::Fill {
            rgb: f.rgb,
            alpha: f.alpha,
            rule: if f.even_odd { FillRule::EvenOdd } else { FillRule::Winding },
        });
        let stroke = op.stroke.as_ref().map(|s| Paint::Stroke {
            rgb: s.rgb,
            alpha: s.alpha,
            stroke: Stroke {
                width: s.width,
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
    out
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

/// The draw operations of a drawn fairy glyph of `set`, white (`black == false`) or black: the set's own where it
/// has one ([`set_has_fairy`]), else cburnett's.
pub(crate) fn fairy_ops(set: PieceSet, figure: FairyFigure, black: bool) -> &'static [SvgOp] {
    let index = figure.index() * 2 + usize::from(black);
    SET_FAIRY_OPS[set.index()][index].unwrap_or(FAIRY_OPS[index])
}

/// Whether `set` has its own drawing of the fairy glyph `figure` (composed of its pieces); else it is cburnett's.
pub(crate) fn set_has_fairy(set: PieceSet, figure: FairyFigure) -> bool {
    SET_FAIRY_OPS[set.index()][figure.index() * 2].is_some()
}

/// The prepared sprite of a drawn fairy glyph of `set`, white (`black == false`) or black.
pub(crate) fn fairy_sprite(set: PieceSet, figure: FairyFigure, black: bool) -> &'static Prepared {
    static SPRITES: [OnceLock<Vec<Prepared>>; PieceSet::ALL.len()] = [const { OnceLock::new() }; PieceSet::ALL.len()];
    let all = SPRITES[set.index()].get_or_init(|| {
        FairyFigure::ALL
            .into_iter()
            .flat_map(|f| [false, true].map(|black| prepare(fairy_ops(set, f, black))))
            .collect()
    });
    &all[figure.index() * 2 + usize::from(black)]
}

/// The colours `set`'s drawings are painted in (its pieces' and its own fairy glyphs' fills and strokes, gradients
/// flattened), and mixes of each two (a quarter, half and three quarters of the way): a sprite of the set is rounded to them, so that it brings few
/// colours to a palette.
pub(crate) fn inks(set: PieceSet) -> &'static [[u8; 3]] {
    static INKS: [OnceLock<Vec<[u8; 3]>>; PieceSet::ALL.len()] = [const { OnceLock::new() }; PieceSet::ALL.len()];
    INKS[set.index()].get_or_init(|| {
        let own_fairy = SET_FAIRY_OPS[set.index()].iter().flatten();
        let ops = SPRITE_OPS[set.index()].iter().chain(own_fairy).flat_map(|ops| ops.iter());
        let mut inks: Vec<[u8; 3]> = Vec::new();
        for op in ops {
            let fill = op.fill.as_ref().map(|f| f.rgb);
            for rgb in fill.into_iter().chain(op.stroke.as_ref().map(|s| s.rgb)) {
                if !inks.contains(&rgb) {
                    inks.push(rgb);
                }
            }
        }
        // And the mixes of each two a quarter, a half and three quarters of the way: the antialiased seams
        // between two colours of a piece.
        let own = inks.len();
        for i in 0..own {
            for j in i + 1..own {
                for k in 1..4u16 {
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
                assert!(!fairy_ops(PieceSet::Cburnett, figure, black).is_empty());
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
            assert!((2..=130).contains(&inks(set).len()), "{set:?}: {:?}", inks(set));
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
    fn font_parses_and_has_digits_and_letters() {
        let font = font().expect("font");
        for c in "0123456789abcxyzABCXYZ".chars() {
            assert_ne!(font.lookup_glyph_index(c), 0, "{c}");
        }
    }
}
