//! The tiles of one picture: each square's tile (squares of the same fill, marks and sprite share one; a square
//! under an arrow or circle has its own, the overlays' ink clipped to it), and each tile row's palette indices, given
//! the first time the picture shows the row.

use super::census::Census;
use super::ink::OverlayLayer;
use super::palette::Palette;
use super::tile_art::{square_art, Counted, Fill, TileArt, Translation};
use crate::draw::layout::MarkPaint;
use crate::draw::raster::Canvas;
use crate::draw::scene::{Scene, Square};
use crate::draw::sprite;
use crate::options::theme::hatching;
use crate::pixels::{Image, Rect};
use std::sync::Arc;

/// One different square: its fill and sprite, its RGB pixels, and the palette indices of each row once the picture
/// has shown it.
pub(super) struct Tile {
    fill: Fill,
    /// Its sprite's key: equal keys draw equal sprites (sprites are told apart by key, not by their place in the
    /// sprite cache, so that which squares share a tile, and so the encoder's plan, never depends on the cache).
    sprite: Option<sprite::Key>,
    /// Its highlights and border, in painting order.
    marks: Vec<MarkPaint>,
    /// Whether an arrow or circle covers part of it (then it is this square's alone).
    overlaid: bool,
    pub(super) art: Arc<TileArt>,
    /// The picture's palette index of each of the tile's own colours the picture has met so far (`met`), and
    /// whether it is the one `kept` has.
    to_global: Vec<u8>,
    met: Vec<bool>,
    agrees: Vec<bool>,
    /// Its rows' indices as an earlier picture gave them, if any
    /// ([`LocalColours::kept`](super::tile_art::LocalColours::kept)): a row whose colours got the same indices in this
    /// picture has the same indices.
    kept: Option<Arc<Translation>>,
    /// Rows given their indices by this picture where `kept` does not hold them (`side`×`side`, made when first
    /// needed).
    own: Vec<u8>,
    /// Where each row's indices are.
    pub(super) rows: Vec<TileRow>,
}

/// Where a tile row's palette indices are.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum TileRow {
    /// Not shown yet: no index asked for.
    Unseen,
    /// In the [`Translation`] kept from an earlier picture.
    Kept,
    /// In the tile's own indices.
    Own,
}

impl Tile {
    /// The tile of a square (its fill and `marks`), from the tile cache or drawn now as the RGB painter draws the
    /// square ([`draw_square`](crate::draw::marks::draw_square)), at (0, 0): the blends do not depend on the position.
    /// Its colours are counted into `census`. Under `overlays` (some of which ink the square) it is a tile of its own,
    /// with their ink over it ([`overlaid`]).
    fn new(
        (square, fill, marks): (&Square, Fill, &[MarkPaint]),
        (overlays, counted): (Option<&[OverlayLayer]>, Counted),
        mut census: Option<&mut Census>,
    ) -> Option<Tile> {
        let side = square.rect.width;
        let mut art = square_art(square, fill, marks, counted)?;
        if let Some(census) = census.as_deref_mut() {
            census.add(art.local.as_ref().map_or(&art.pixels, |local| &local.colours));
        }
        if let Some(overlays) = overlays {
            art = overlaid(&art, square.rect, overlays, census);
        }
        let (colours, kept) = match &art.local {
            Some(local) => (local.colours.len(), local.kept.lock().unwrap_or_else(|e| e.into_inner()).clone()),
            None => (0, None),
        };
        Some(Tile {
            fill,
            sprite: square.sprite.clone(),
            marks: marks.to_vec(),
            overlaid: overlays.is_some(),
            art,
            to_global: vec![0; colours],
            met: vec![false; colours],
            agrees: vec![false; colours],
            kept,
            own: Vec::new(),
            rows: vec![TileRow::Unseen; side as usize],
        })
    }

    /// The palette indices of row `ty` (of `side` pixels), given them the first time the picture shows the row:
    /// its colours are asked of `palette` in scan order (so new colours get the indices a pixel-by-pixel scan gives
    /// them), then the row is the kept one if those colours got the same indices, else translated; `None` at a
    /// 257th colour.
    pub(super) fn row(&mut self, palette: &mut Palette, ty: usize, side: usize) -> Option<&[u8]> {
        let range = ty * side..(ty + 1) * side;
        if self.rows[ty] == TileRow::Unseen {
            self.rows[ty] = match &self.art.local {
                None => {
                    self.own.resize(side * side, 0);
                    palette.index_row(&self.art.pixels[range.clone()], &mut self.own[range.clone()])?;
                    TileRow::Own
                }
                Some(local) => {
                    let mut agrees = true;
                    for &c in &local.row_colours[ty] {
                        let c = usize::from(c);
                        // A colour this tile met in an earlier row is in the palette: asking again changes nothing.
                        if !self.met[c] {
                            let global = palette.index_of(local.colours[c])?;
                            self.to_global[c] = global;
                            self.met[c] = true;
                            self.agrees[c] = self.kept.as_ref().is_some_and(|kept| kept.to_global[c] == global);
                        }
                        agrees &= self.agrees[c];
                    }
                    if agrees {
                        TileRow::Kept
                    } else {
                        self.own.resize(side * side, 0);
                        for (out, &c) in self.own[range.clone()].iter_mut().zip(&local.codes.indices()[range.clone()]) {
                            *out = self.to_global[usize::from(c)];
                        }
                        TileRow::Own
                    }
                }
            };
        }
        Some(match (self.rows[ty], &self.kept) {
            (TileRow::Kept, Some(kept)) => &kept.indices[range],
            _ => &self.own[range],
        })
    }

    /// After the picture: keeps the tile's indices in this picture's palette for the next picture, unless they are
    /// the kept ones already. A row the picture copied from the row above it (the same in every tile of its band)
    /// was not asked for: its colours are those of a row that was.
    pub(super) fn keep(&self) {
        let Some(local) = &self.art.local else { return };
        if self.kept.is_some() && !self.rows.contains(&TileRow::Own) {
            return;
        }
        if !self.met.iter().all(|&met| met) {
            return; // (every colour of a shown tile is met; kept whole or not at all)
        }
        let indices = local.codes.indices().iter().map(|&c| self.to_global[usize::from(c)]).collect();
        let translation = Translation { to_global: self.to_global.clone(), indices };
        *local.kept.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(translation));
    }
}

/// The tile `art` of the square at `rect` with the overlays' ink over it, clipped to it, in their order: a tile of
/// its own. Its colours where the overlays ink it are counted into `census`.
fn overlaid(art: &TileArt, rect: Rect, overlays: &[OverlayLayer], census: Option<&mut Census>) -> Arc<TileArt> {
    let (x, y) = (i64::from(rect.x), i64::from(rect.y));
    let mut image = Image { width: rect.width, height: rect.height, pixels: art.pixels.clone() };
    for OverlayLayer { layer, spans, .. } in overlays {
        let inked = layer.mask.inked(layer.ink).within(spans);
        image.draw(&inked, layer.x - x, layer.y - y);
    }
    if let Some(census) = census {
        for overlay in overlays {
            census.add_overlay(&image, (x, y), overlay);
        }
    }
    Arc::new(TileArt::unshared(image.pixels, rect.width as usize))
}

/// Each square's tile (in display order) and the tiles, each new tile's colours counted into `census`. A tile is
/// found by its fill, marks and its sprite's key: a linear search, as a diagram has a few dozen tiles and even 1,024
/// of them cost less than a millisecond, where a hash map of sprite keys would add 3 KB to the gzipped wasm. The
/// sprite itself is fetched only to draw a tile the tile cache does not hold. A square under an overlay is a tile
/// of its own. `None` where a mark covers no square or a square is see-through (the RGB painter's).
pub(super) fn square_tiles(
    scene: &Scene,
    overlays: &[OverlayLayer],
    mut census: Option<&mut Census>,
) -> Option<(Vec<Tile>, Vec<usize>)> {
    let (marks, elsewhere) = scene.marks_by_square();
    if !elsewhere.is_empty() {
        return None;
    }
    let hatch = hatching(scene.layout.square);
    let counted = Counted::still(scene);
    let mut tiles: Vec<Tile> = Vec::new();
    let mut tile_of = Vec::with_capacity(scene.squares.len());
    for (square, marks) in scene.squares.iter().zip(&marks) {
        let rect = square.rect;
        let fill = Fill::of(square, hatch.period)?;
        let overlaid = overlays.iter().any(|overlay| overlay.inks_within(rect));
        let same = |t: &Tile| !t.overlaid && t.fill == fill && t.marks == *marks && t.sprite == square.sprite;
        let found = if overlaid { None } else { tiles.iter().position(same) };
        let id = match found {
            Some(id) => id,
            None => {
                let over = overlaid.then_some(overlays);
                tiles.push(Tile::new((square, fill, marks), (over, counted), census.as_deref_mut())?);
                tiles.len() - 1
            }
        };
        tile_of.push(id);
    }
    let side = u64::from(scene.layout.square);
    crate::work::count(crate::work::Unit::Shown, tiles.len() as u64);
    crate::work::count(crate::work::Unit::ShownPixel, tiles.len() as u64 * side * side);
    Some((tiles, tile_of))
}
