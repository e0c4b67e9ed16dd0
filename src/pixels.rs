//! The lowest layer: colours and pixel buffers, what the drawing makes and the encoders read. An opaque
//! [`Rgb`] colour, an [`Image`] of `0xTTRRGGBB` words, a [`Rect`] of pixels. Nothing here knows about boards,
//! options or file formats; the drawing into an image is `draw::raster`'s.

use std::fmt;

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// Paper white.
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);

    /// Reads `RRGGBB` hexadecimal, with or without a leading `#`, in either case.
    ///
    /// ```
    /// use ffen_diagram::Rgb;
    /// assert_eq!(Rgb::parse_hex("#7F9fbf"), Some(Rgb(0x7f, 0x9f, 0xbf)));
    /// assert_eq!(Rgb(0x7f, 0x9f, 0xbf).to_string(), "7f9fbf");
    /// assert_eq!(Rgb::parse_hex("fff"), None);
    /// ```
    pub fn parse_hex(text: &str) -> Option<Rgb> {
        let hex = text.strip_prefix('#').unwrap_or(text);
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    /// This colour as one [`Image`](crate::Image) pixel, `0x00RRGGBB`.
    pub const fn to_pixel(self) -> u32 {
        (self.0 as u32) << 16 | (self.1 as u32) << 8 | self.2 as u32
    }

    /// The colour of one [`Image`](crate::Image) pixel.
    pub const fn from_pixel(pixel: u32) -> Rgb {
        Rgb((pixel >> 16) as u8, (pixel >> 8) as u8, pixel as u8)
    }

    /// The red, green and blue bytes.
    pub const fn to_array(self) -> [u8; 3] {
        [self.0, self.1, self.2]
    }
}

impl fmt::Display for Rgb {
    /// Lower-case `rrggbb`, the form used in [`crate::options::render_options::RenderOptions::canonical`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// A rectangle of pixels: left, top, width, height.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Rect {
    /// The rectangle at (`x`, `y`) of `width`×`height` pixels.
    pub const fn new(x: u32, y: u32, width: u32, height: u32) -> Rect {
        Rect { x, y, width, height }
    }

    /// Copies `tile` (its width × height values, row by row) into it in `out`, a picture `width` values wide.
    pub(crate) fn put_into(self, out: &mut [u8], width: u32, tile: &[u8]) {
        let (w, width) = (self.width as usize, width as usize);
        for (row, from) in tile.chunks_exact(w.max(1)).enumerate() {
            let at = (self.y as usize + row) * width + self.x as usize;
            out[at..at + w].copy_from_slice(from);
        }
    }

    /// Whether it is a rectangle of at least a pixel inside a `width × height` canvas.
    pub(crate) fn is_inside(self, (width, height): (u32, u32)) -> bool {
        self.width > 0
            && self.height > 0
            && self.x.checked_add(self.width).is_some_and(|right| right <= width)
            && self.y.checked_add(self.height).is_some_and(|bottom| bottom <= height)
    }

    /// Whether `indices`, this rectangle's palette indices row by row, are a frame an animation container can
    /// place on a `canvas` (width and height) with `colours` colours: not empty, inside the canvas, one index a pixel,
    /// each naming a colour.
    pub(crate) fn holds_frame(self, indices: &[u8], canvas: (u32, u32), colours: usize) -> bool {
        self.frame_largest(indices, canvas, colours).is_some()
    }

    /// The largest of `indices` where they fit as [`Rect::holds_frame`] says.
    pub(crate) fn frame_largest(self, indices: &[u8], canvas: (u32, u32), colours: usize) -> Option<u8> {
        if !self.is_inside(canvas) || indices.len() as u64 != u64::from(self.width) * u64::from(self.height) {
            return None;
        }
        // (A fold the compiler vectorises: an index at a time cost a third of an animation.)
        let largest = indices.iter().fold(0u8, |most, &i| most.max(i));
        (usize::from(largest) < colours).then_some(largest)
    }
}

/// A pixel of an [`Image`] where nothing is painted: fully transparent (the `transparent` look colour).
///
/// An [`Image`] pixel's top byte is its *transparency*, 255 − alpha: 0 for every opaque pixel (so an opaque
/// image's words are exactly [`Rgb::to_pixel`]), 255 here. A sprite's soft edge blended over a transparent pixel
/// leaves a partly transparent one (the colour not premultiplied), which the encoder writes with its alpha.
pub const CLEAR: u32 = 0xff00_0000;

/// An sRGB image, row by row, one `0xTTRRGGBB` word a pixel: the colour (see [`Rgb::to_pixel`]) and its
/// transparency `TT` (255 − alpha: 0 = opaque, the only value unless a look colour is `transparent`; a clear pixel
/// is `0xff000000`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) pixels: Vec<u32>,
}

impl Image {
    /// An image of `pixels` (`0xTTRRGGBB`, row-major), if there are exactly `width` × `height` of them.
    ///
    /// ```
    /// use ffen_diagram::{Image, Rgb};
    /// let image = Image::from_pixels(2, 1, vec![Rgb::WHITE.to_pixel(), Rgb::BLACK.to_pixel()]).unwrap();
    /// assert_eq!((image.width(), image.height(), image.pixel(1, 0)), (2, 1, Some([0, 0, 0])));
    /// assert!(Image::from_pixels(2, 2, vec![0; 3]).is_none());
    /// ```
    pub fn from_pixels(width: u32, height: u32, pixels: Vec<u32>) -> Option<Image> {
        (pixels.len() as u64 == u64::from(width) * u64::from(height)).then_some(Image { width, height, pixels })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The `width × height` pixels, row-major, each `0xTTRRGGBB` (see [`Image`]).
    pub fn pixels(&self) -> &[u32] {
        &self.pixels
    }

    /// A `width`×`height` image filled with one colour.
    pub fn new(width: u32, height: u32, fill: Rgb) -> Image {
        Image { width, height, pixels: vec![fill.to_pixel(); width as usize * height as usize] }
    }

    /// The colour at (`x`, `y`), or `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 3]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        self.pixels.get(y as usize * self.width as usize + x as usize).map(|&p| Rgb::from_pixel(p).to_array())
    }

    /// The pixels as RGB bytes, 3 a pixel (transparency dropped).
    pub fn to_rgb(&self) -> Vec<u8> {
        self.pixels.iter().flat_map(|&p| Rgb::from_pixel(p).to_array()).collect()
    }

    /// The pixels as RGBA bytes, 4 a pixel, alpha not premultiplied.
    pub fn to_rgba(&self) -> Vec<u8> {
        self.pixels.iter().flat_map(|&p| pixel_rgba(p)).collect()
    }

    /// The alpha at (`x`, `y`) (255 = opaque), or `None` outside the image.
    pub fn alpha(&self, x: u32, y: u32) -> Option<u8> {
        if x >= self.width || y >= self.height {
            return None;
        }
        self.pixels.get(y as usize * self.width as usize + x as usize).map(|&p| 255 - (p >> 24) as u8)
    }

    /// Whether any pixel is not opaque.
    pub fn has_transparency(&self) -> bool {
        self.pixels.iter().any(|&p| p >> 24 != 0)
    }
}

/// Whether two rows of pixels are the same, compared pixel by pixel: the slices' `==` is wasm's `memcmp`, a byte at
/// a time.
pub(crate) fn same_pixels(a: &[u32], b: &[u32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a == b)
}

/// The `[r, g, b, a]` of an [`Image`] pixel, alpha not premultiplied.
pub(crate) fn pixel_rgba(pixel: u32) -> [u8; 4] {
    let [r, g, b] = Rgb::from_pixel(pixel).to_array();
    [r, g, b, 255 - (pixel >> 24) as u8]
}
