//! Coordinates outside the frame (the `coords` option): file letters below the board, rank numbers left of it.

use crate::board::Board;
use crate::layout::Layout;
use crate::options::RenderOptions;
use crate::raster::{Canvas, Image};
use crate::text;
use crate::theme::INK;

/// The name of file `x` (0 = a): `a`–`z`, then `aa`–`af` on boards wider than 26.
///
/// ```
/// use ffen_diagram::file_name;
/// assert_eq!([file_name(0), file_name(7), file_name(25), file_name(26), file_name(31)], ["a", "h", "z", "aa", "af"]);
/// ```
pub fn file_name(x: usize) -> String {
    let letter = |i: usize| char::from(b'a' + (i % 26) as u8);
    if x < 26 {
        letter(x).to_string()
    } else {
        format!("{}{}", letter(x / 26 - 1), letter(x))
    }
}

/// Draws the file letters and rank numbers of `board` into the margins of `layout`: the `files` / `ranks` labels
/// when given (blank ones draw nothing), else letters from `a` and numbers from `first_rank`, in `coord_color`;
/// `flip` turns them with the board.
pub(crate) fn draw(image: &mut Image, board: &Board, options: &RenderOptions, layout: &Layout) {
    let l = layout;
    let flip = options.flip;
    let ink = options.coord_color.unwrap_or(INK);
    let (w, h) = (board.width(), board.height());
    let s = i64::from(l.square);
    let files: Vec<String> = match &options.files {
        Some(labels) if labels.len() == w => labels.labels().to_vec(),
        _ => (0..w).map(file_name).collect(),
    };
    let ranks: Vec<String> = match &options.ranks {
        Some(labels) if labels.len() == h => labels.labels().to_vec(),
        _ => (0..h).map(|r| (usize::from(options.first_rank) + r).to_string()).collect(),
    };
    // Capitals 60 % of the margin tall; one size for all files and one for all ranks, small enough for the widest
    // label ("aa", "32"): files within 90 % of a square, ranks within 85 % of the margin.
    let cap_height = l.margin as f32 * 0.6;
    let shown = |labels: &[String]| labels.iter().filter(|t| !t.is_empty()).cloned().collect::<Vec<String>>();
    let (shown_files, shown_ranks) = (shown(&files), shown(&ranks));
    let file_px = text::fitted_px(shown_files.iter().map(String::as_str), cap_height, l.square as f32 * 0.9, 1.0);
    let rank_px = text::fitted_px(shown_ranks.iter().map(String::as_str), cap_height, l.margin as f32 * 0.85, 1.0);
    // File letters share a baseline that centres the x-height in the bottom margin.
    let x_height = text::rasterize_cached("x", file_px).map_or(0, |c| c.mask.height as i64);
    let band_top = i64::from(l.board_y + h as u32 * l.square + l.frame);
    let baseline = band_top + (i64::from(l.margin) + x_height) / 2;
    for dx in 0..w {
        let x = if flip { w - 1 - dx } else { dx };
        if let Some(cov) = text::rasterize_cached(&files[x], file_px) {
            let cx = i64::from(l.board_x) + dx as i64 * s + s / 2;
            image.draw(&cov.mask.inked(ink), cx - cov.mask.width as i64 / 2, baseline + i64::from(cov.top));
        }
    }
    for dy in 0..h {
        let y = if flip { h - 1 - dy } else { dy };
        if let Some(cov) = text::rasterize_cached(&ranks[h - 1 - y], rank_px) {
            let cy = i64::from(l.board_y) + dy as i64 * s + s / 2;
            // The margin's centre, left of the frame (a title wider than the board moves the board right).
            let cx = i64::from(l.board_x - l.frame - l.margin) + i64::from(l.margin) / 2;
            image.draw(&cov.mask.inked(ink), cx - cov.mask.width as i64 / 2, cy - cov.mask.height as i64 / 2);
        }
    }
}
