//! Where everything of a diagram goes, in pixels, and the image-size limits: computed without drawing, so a request
//! can be refused before any rendering work.
//!
//! Squares of the square size; a thin black frame (1 px up to 47-px squares, 2 px up to 95, 3 px above) around the
//! board; with `coords`, a margin left of and below the frame for rank numbers and file letters.

use crate::board::Board;
use crate::options::{RenderOptions, MIN_SQUARE_SIZE};
use crate::raster::Rect;
use std::fmt;

/// The widest or tallest image rendered, in pixels (a 32×32 board at 64 px squares with coordinates fits).
pub const MAX_IMAGE_SIDE: u32 = 2200;

/// The most pixels an image may have (about 19 MB of working memory at this size).
pub const MAX_IMAGE_PIXELS: u64 = 2200 * 2200;

/// The image a request would produce is larger than [`MAX_IMAGE_SIDE`] or [`MAX_IMAGE_PIXELS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageTooLarge {
    /// The width it would have.
    pub width: u32,
    /// The height it would have.
    pub height: u32,
}

impl fmt::Display for ImageTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the diagram would be {}×{} pixels; the limit is {MAX_IMAGE_SIDE} pixels a side and {MAX_IMAGE_PIXELS} \
             pixels in all: choose a smaller size",
            self.width, self.height
        )
    }
}

impl std::error::Error for ImageTooLarge {}

/// Pixel geometry of one diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Side of a square.
    pub square: u32,
    /// Thickness of the frame.
    pub frame: u32,
    /// Width of the coordinate margin left of the frame and height of the one below it (0 without `coords`).
    pub margin: u32,
    /// Left edge of the board's first column of squares.
    pub board_x: u32,
    /// Top edge of the board's first row of squares.
    pub board_y: u32,
    /// Width of the image.
    pub width: u32,
    /// Height of the image.
    pub height: u32,
}

impl Layout {
    /// The layout of `board` with `options` at squares of `square` pixels.
    fn with_square(board: &Board, options: &RenderOptions, square: u32) -> Layout {
        let frame = 1 + square / 48;
        let margin = if options.coords { (square * 45 / 100).clamp(12, 36) } else { 0 };
        let board_x = margin + frame;
        let board_y = frame;
        Layout {
            square,
            frame,
            margin,
            board_x,
            board_y,
            width: board_x + board.width() as u32 * square + frame,
            height: board_y + board.height() as u32 * square + frame + margin,
        }
    }

    /// The layout as requested, whatever its size.
    pub fn requested(board: &Board, options: &RenderOptions) -> Layout {
        Layout::with_square(board, options, options.size.pixels())
    }

    /// The layout actually drawn: the requested square size, or the largest smaller one that fits the limits.
    pub fn drawn(board: &Board, options: &RenderOptions) -> Layout {
        let mut square = options.size.pixels();
        loop {
            let l = Layout::with_square(board, options, square);
            if l.fits() || square <= MIN_SQUARE_SIZE {
                return l;
            }
            square -= 1;
        }
    }

    fn fits(&self) -> bool {
        self.width <= MAX_IMAGE_SIDE
            && self.height <= MAX_IMAGE_SIDE
            && u64::from(self.width) * u64::from(self.height) <= MAX_IMAGE_PIXELS
    }

    /// The square in display column `dx` and row `dy` (counted from the top left of the picture, after any flip).
    pub fn square_at(&self, dx: usize, dy: usize) -> Rect {
        let s = self.square;
        Rect::new(self.board_x + dx as u32 * s, self.board_y + dy as u32 * s, s, s)
    }
}

/// The width and height in pixels of the diagram of `board` with `options`.
pub fn image_size(board: &Board, options: &RenderOptions) -> (u32, u32) {
    let l = Layout::requested(board, options);
    (l.width, l.height)
}

/// The image size, or an error if it is beyond [`MAX_IMAGE_SIDE`] / [`MAX_IMAGE_PIXELS`]: call before rendering.
pub fn check_image_size(board: &Board, options: &RenderOptions) -> Result<(u32, u32), ImageTooLarge> {
    let l = Layout::requested(board, options);
    if l.fits() {
        Ok((l.width, l.height))
    } else {
        Err(ImageTooLarge { width: l.width, height: l.height })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MAX_BOARD_SIDE;
    use crate::options::SquareSize;

    fn options(size: u32, coords: bool) -> RenderOptions {
        RenderOptions { size: SquareSize::new(size).unwrap(), coords, ..RenderOptions::default() }
    }

    #[test]
    fn frame_and_margin_grow_with_the_square() {
        let board = Board::empty(8, 8).unwrap();
        for (size, frame, margin) in
            [(12, 1, 12), (26, 1, 12), (27, 1, 12), (47, 1, 21), (48, 2, 21), (95, 2, 36), (96, 3, 36), (128, 3, 36)]
        {
            let l = Layout::requested(&board, &options(size, true));
            assert_eq!((l.square, l.frame, l.margin), (size, frame, margin), "size {size}");
            assert_eq!((l.width, l.height), (margin + 8 * size + 2 * frame, margin + 8 * size + 2 * frame));
            assert_eq!(Layout::requested(&board, &options(size, false)).margin, 0);
        }
    }

    #[test]
    fn the_largest_board_fits_up_to_64_px_squares_with_coordinates() {
        let board = Board::empty(MAX_BOARD_SIDE, MAX_BOARD_SIDE).unwrap();
        assert_eq!(check_image_size(&board, &options(64, true)), Ok((2080, 2080)));
        let err = check_image_size(&board, &options(69, false)).unwrap_err();
        assert_eq!((err.width, err.height), (2212, 2212));
        // Drawn anyway (render_png never fails on size): at the largest square that fits.
        let drawn = Layout::drawn(&board, &options(128, true));
        assert_eq!(drawn.square, 67);
        assert!(drawn.fits() && !Layout::with_square(&board, &options(128, true), 68).fits());
    }
}
