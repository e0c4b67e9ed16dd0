//! Coordinates outside the frame (the `coords` option): file letters below the board, rank numbers left of it.

use crate::draw::layout::Layout;
use crate::draw::text::{self, Coverage};
use crate::notation::board::{file_name, Board};
use crate::options::render_options::RenderOptions;
use std::sync::Arc;

/// One coordinate label where it goes: its text and size, its bitmap, and the top-left pixel of that bitmap.
#[derive(Clone)]
pub(crate) struct PlacedLabel {
    /// The label's text.
    pub text: String,
    /// Its font size in pixels.
    pub px: f32,
    /// Its bitmap (what the PNG draws; its `left` and `top` give the pen position back for outlines).
    pub coverage: Arc<Coverage>,
    /// Left edge of the bitmap in the picture.
    pub left: i64,
    /// Top edge of the bitmap in the picture.
    pub top: i64,
}

/// The labels of `board` in display order: the `files` / `ranks` labels when given (blank ones are not placed),
/// else letters from `a` and numbers from `first_rank`; `flip` turns them with the board. `labels` holds their
/// texts (see [`label_texts`]).
pub(crate) fn place(
    board: &Board,
    options: &RenderOptions,
    layout: &Layout,
    (files, ranks): &(Vec<String>, Vec<String>),
) -> Vec<PlacedLabel> {
    let l = layout;
    let flip = options.flip;
    let (w, h) = (board.width(), board.height());
    let s = i64::from(l.square);
    // Capitals 60 % of the margin tall; one size for all files and one for all ranks, small enough for the widest
    // label ("aa", "32"): files within 90 % of a square, ranks within 85 % of the margin.
    let cap_height = l.margin as f32 * 0.6;
    fn shown(labels: &[String]) -> impl Iterator<Item = &str> {
        labels.iter().map(String::as_str).filter(|t| !t.is_empty())
    }
    let file_px = text::fitted_px(shown(files), cap_height, l.square as f32 * 0.9, 1.0);
    let rank_px = text::fitted_px(shown(ranks), cap_height, l.margin as f32 * 0.85, 1.0);
    // File letters share a baseline that centres the x-height in the bottom margin.
    let x_height = text::rasterize_cached("x", file_px).map_or(0, |c| c.mask.height as i64);
    let band_top = i64::from(l.board_y + h as u32 * l.square + l.outline);
    let baseline = band_top + (i64::from(l.margin) + x_height) / 2;
    let mut placed = Vec::with_capacity(w + h);
    for dx in 0..w {
        let x = if flip { w - 1 - dx } else { dx };
        if let Some(coverage) = text::rasterize_cached(&files[x], file_px) {
            let cx = i64::from(l.board_x) + dx as i64 * s + s / 2;
            let (left, top) = (cx - coverage.mask.width as i64 / 2, baseline + i64::from(coverage.top));
            placed.push(PlacedLabel { text: files[x].clone(), px: file_px, coverage, left, top });
        }
    }
    for dy in 0..h {
        let y = if flip { h - 1 - dy } else { dy };
        let text = &ranks[h - 1 - y];
        if let Some(coverage) = text::rasterize_cached(text, rank_px) {
            let cy = i64::from(l.board_y) + dy as i64 * s + s / 2;
            // The margin's centre, left of the frame (a title wider than the board moves the board right).
            let cx = i64::from(l.board_x - l.outline - l.margin) + i64::from(l.margin) / 2;
            let (left, top) = (cx - coverage.mask.width as i64 / 2, cy - coverage.mask.height as i64 / 2);
            placed.push(PlacedLabel { text: text.clone(), px: rank_px, coverage, left, top });
        }
    }
    placed
}

/// The texts of the file labels (left to right) and rank labels (bottom up) of `board`: the `files` / `ranks`
/// labels when given, else letters from `a` and numbers from `first_rank`.
pub(crate) fn label_texts(board: &Board, options: &RenderOptions) -> (Vec<String>, Vec<String>) {
    let (w, h) = (board.width(), board.height());
    let files = match &options.files {
        Some(labels) if labels.len() == w => labels.labels().to_vec(),
        _ => (0..w).map(file_name).collect(),
    };
    let ranks = match &options.ranks {
        Some(labels) if labels.len() == h => labels.labels().to_vec(),
        _ => (0..h).map(|r| (usize::from(options.first_rank) + r).to_string()).collect(),
    };
    (files, ranks)
}
