//! Where everything of a diagram goes, in pixels, and the image-size limits: computed without drawing, so a request
//! can be refused before any rendering work.
//!
//! Squares of the square size; a thin black frame (1 px up to 47-px squares, 2 px up to 95, 3 px above) around the
//! board; with `coords`, a margin left of and below the frame for rank numbers and file letters.

use crate::board::Board;
use crate::options::{RenderOptions, MIN_SQUARE_SIZE};
use crate::raster::Rect;
use std::fmt;
use std::str::FromStr;

/// The widest or tallest image rendered, in pixels (a 32×32 board at 64 px squares with coordinates fits).
pub const MAX_IMAGE_SIDE: u32 = 2200;

/// The most pixels an image may have (about 19 MB of working memory at this size).
pub const MAX_IMAGE_PIXELS: u64 = 2200 * 2200;

/// The most pixels a diagram may have in one deployment: [`MAX_IMAGE_PIXELS`] (the built-in limit, the default) or
/// less. A Worker on Cloudflare's Free plan (10 ms of CPU per request) sets a lower one in `wrangler.toml`
/// (`FFEN_MAX_IMAGE_PIXELS`), so that no request it accepts can run out of CPU time; see README, "Limits".
///
/// Read from text as a plain decimal number from 1 to [`MAX_IMAGE_PIXELS`]; [`Display`](fmt::Display) prints it back.
///
/// ```
/// use ffen_diagram::{PixelLimit, MAX_IMAGE_PIXELS};
/// let free: PixelLimit = " 600000 ".parse().unwrap();
/// assert_eq!((free.pixels(), free.to_string()), (600_000, "600000".to_string()));
/// assert_eq!(PixelLimit::default().pixels(), MAX_IMAGE_PIXELS);
/// assert!("0".parse::<PixelLimit>().is_err() && "1e6".parse::<PixelLimit>().is_err());
/// assert!(PixelLimit::new(MAX_IMAGE_PIXELS + 1).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PixelLimit(u64);

impl PixelLimit {
    /// The built-in limit, [`MAX_IMAGE_PIXELS`].
    pub const BUILT_IN: PixelLimit = PixelLimit(MAX_IMAGE_PIXELS);

    /// A limit of `pixels`, or `None` outside 1 to [`MAX_IMAGE_PIXELS`] (a deployment can only lower the built-in
    /// limit: the renderer's memory and time bounds are sized for it).
    pub const fn new(pixels: u64) -> Option<PixelLimit> {
        if pixels >= 1 && pixels <= MAX_IMAGE_PIXELS {
            Some(PixelLimit(pixels))
        } else {
            None
        }
    }

    /// The most pixels allowed.
    pub const fn pixels(self) -> u64 {
        self.0
    }
}

impl Default for PixelLimit {
    /// [`PixelLimit::BUILT_IN`].
    fn default() -> PixelLimit {
        PixelLimit::BUILT_IN
    }
}

impl fmt::Display for PixelLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Text that is not a pixel limit: not a plain decimal number, or outside 1 to [`MAX_IMAGE_PIXELS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidPixelLimit;

impl fmt::Display for InvalidPixelLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected a number of pixels from 1 to {MAX_IMAGE_PIXELS}, digits only")
    }
}

impl std::error::Error for InvalidPixelLimit {}

impl FromStr for PixelLimit {
    type Err = InvalidPixelLimit;

    /// Digits only (surrounding whitespace trimmed): no sign, separator or exponent, so a typo is refused rather
    /// than read as some other limit.
    fn from_str(text: &str) -> Result<PixelLimit, InvalidPixelLimit> {
        let digits = text.trim();
        if digits.is_empty() || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(InvalidPixelLimit);
        }
        digits.parse().ok().and_then(PixelLimit::new).ok_or(InvalidPixelLimit)
    }
}

/// The image a request would produce is larger than [`MAX_IMAGE_SIDE`] a side or than the pixel limit in force
/// ([`MAX_IMAGE_PIXELS`], or a deployment's lower [`PixelLimit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageTooLarge {
    /// The width it would have.
    pub width: u32,
    /// The height it would have.
    pub height: u32,
    /// The pixel limit it was checked against (named in the message).
    pub max_pixels: u64,
}

impl fmt::Display for ImageTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the diagram would be {}×{} pixels; the limit is {MAX_IMAGE_SIDE} pixels a side and {} pixels in all: \
             choose a smaller size",
            self.width, self.height, self.max_pixels
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
            if l.fits(PixelLimit::BUILT_IN) || square <= MIN_SQUARE_SIZE {
                return l;
            }
            square -= 1;
        }
    }

    fn fits(&self, limit: PixelLimit) -> bool {
        self.width <= MAX_IMAGE_SIDE
            && self.height <= MAX_IMAGE_SIDE
            && u64::from(self.width) * u64::from(self.height) <= limit.pixels()
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
    check_image_size_within(board, options, PixelLimit::BUILT_IN)
}

/// [`check_image_size`] against a deployment's pixel limit (at most [`MAX_IMAGE_PIXELS`]) instead of the built-in
/// one; the side limit stays [`MAX_IMAGE_SIDE`].
pub fn check_image_size_within(
    board: &Board,
    options: &RenderOptions,
    limit: PixelLimit,
) -> Result<(u32, u32), ImageTooLarge> {
    let l = Layout::requested(board, options);
    if l.fits(limit) {
        Ok((l.width, l.height))
    } else {
        Err(ImageTooLarge { width: l.width, height: l.height, max_pixels: limit.pixels() })
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
        let built_in = PixelLimit::BUILT_IN;
        assert!(drawn.fits(built_in) && !Layout::with_square(&board, &options(128, true), 68).fits(built_in));
    }

    #[test]
    fn a_pixel_limit_refuses_one_pixel_more_and_names_itself() {
        // 8×8 at 90 px: 724×724 = 524,176 pixels.
        let board = Board::empty(8, 8).unwrap();
        let at_90 = options(90, false);
        let exactly = PixelLimit::new(724 * 724).unwrap();
        assert_eq!(check_image_size_within(&board, &at_90, exactly), Ok((724, 724)));
        let one_less = PixelLimit::new(724 * 724 - 1).unwrap();
        let err = check_image_size_within(&board, &at_90, one_less).unwrap_err();
        assert_eq!(err, ImageTooLarge { width: 724, height: 724, max_pixels: 524_175 });
        assert_eq!(
            err.to_string(),
            "the diagram would be 724×724 pixels; the limit is 2200 pixels a side and 524175 pixels in all: choose a \
             smaller size"
        );
        // The side limit stays whatever the pixel limit: a 1×32 board at 69 px is 2212 px tall.
        let tall = Board::empty(1, 32).unwrap();
        let err = check_image_size_within(&tall, &options(69, false), PixelLimit::BUILT_IN).unwrap_err();
        assert_eq!((err.width, err.height, err.max_pixels), (73, 2212, MAX_IMAGE_PIXELS));
        // The built-in limit is the default, and what check_image_size uses.
        assert_eq!(PixelLimit::default(), PixelLimit::BUILT_IN);
        let big = Board::empty(MAX_BOARD_SIDE, MAX_BOARD_SIDE).unwrap();
        for size in [12, 40, 64, 68, 69, 128] {
            let o = options(size, false);
            assert_eq!(check_image_size(&big, &o), check_image_size_within(&big, &o, PixelLimit::BUILT_IN), "{size}");
        }
    }

    #[test]
    fn pixel_limits_read_plain_numbers_from_1_to_the_built_in_limit() {
        assert_eq!("1".parse(), Ok(PixelLimit::new(1).unwrap()));
        assert_eq!("4840000".parse(), Ok(PixelLimit::BUILT_IN));
        assert_eq!(" 600000\n".parse::<PixelLimit>().map(PixelLimit::pixels), Ok(600_000));
        for bad in [
            "",
            " ",
            "0",
            "4840001",
            "-5",
            "+5",
            "1_000_000",
            "1,000,000",
            "1e6",
            "0x10",
            "1.5",
            "99999999999999999999",
        ] {
            assert_eq!(bad.parse::<PixelLimit>(), Err(InvalidPixelLimit), "{bad:?}");
        }
        for pixels in [1, 2, 99, 600_000, MAX_IMAGE_PIXELS] {
            let limit = PixelLimit::new(pixels).unwrap();
            assert_eq!(limit.to_string().parse(), Ok(limit));
        }
        assert_eq!(PixelLimit::new(0), None);
        assert_eq!(PixelLimit::new(MAX_IMAGE_PIXELS + 1), None);
    }
}
