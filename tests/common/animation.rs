//! Animations decoded by decoders this project did not write, each frame drawn over its canvas as the formats say.

/// Draws a frame's RGB(A) rectangle over an RGB canvas `width` pixels wide (a see-through pixel shows what is there).
pub fn compose(canvas: &mut [u8], width: usize, rect: (usize, usize, usize, usize), pixels: &[u8], channels: usize) {
    let (x, y, w, h) = rect;
    for row in 0..h {
        for col in 0..w {
            let from = (row * w + col) * channels;
            if channels == 4 && pixels[from + 3] == 0 {
                continue;
            }
            let to = ((y + row) * width + x + col) * 3;
            canvas[to..to + 3].copy_from_slice(&pixels[from..from + 3]);
        }
    }
}

/// A GIF as the `gif` crate decodes it: its size, and each frame's canvas (RGB, after the frame is drawn over what
/// the frames before left), rectangle, delay in hundredths of a second and whether it has a transparent index.
pub struct GifFrames {
    pub width: usize,
    pub height: usize,
    pub canvases: Vec<Vec<u8>>,
    pub rects: Vec<(usize, usize, usize, usize)>,
    pub delays: Vec<u16>,
    pub transparent: Vec<bool>,
}

impl GifFrames {
    /// The colour at (`x`, `y`) of canvas `canvas`.
    pub fn pixel(&self, canvas: usize, x: usize, y: usize) -> [u8; 3] {
        let at = (y * self.width + x) * 3;
        self.canvases[canvas][at..at + 3].try_into().unwrap()
    }

    /// Writes canvas `canvas` as a PNG under `$GAME_GIF_PNG` (a folder), to look at; nothing without it.
    pub fn save(&self, canvas: usize, name: &str) {
        let Ok(dir) = std::env::var("GAME_GIF_PNG") else { return };
        let file = std::fs::File::create(format!("{dir}/{name}.png")).unwrap();
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.write_header().unwrap().write_image_data(&self.canvases[canvas]).unwrap();
    }
}

/// Decodes `bytes` as a GIF whose every frame's disposal is "do not dispose" (checked).
pub fn decode_gif(bytes: &[u8]) -> GifFrames {
    decode_gif_drawn_over(bytes, true)
}

/// Decodes `bytes` as a GIF, each frame drawn over what is there; with `keep_only`, a frame of another disposal is a
/// failure (another encoder's, lila-gif's, leaves it unspecified).
pub fn decode_gif_drawn_over(bytes: &[u8], keep_only: bool) -> GifFrames {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut canvas = vec![0; width * height * 3];
    let mut frames = GifFrames { width, height, canvases: vec![], rects: vec![], delays: vec![], transparent: vec![] };
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert!(!keep_only || frame.dispose == gif::DisposalMethod::Keep, "{:?}", frame.dispose);
        let rect =
            (usize::from(frame.left), usize::from(frame.top), usize::from(frame.width), usize::from(frame.height));
        compose(&mut canvas, width, rect, &frame.buffer, 4);
        frames.canvases.push(canvas.clone());
        frames.rects.push(rect);
        frames.delays.push(frame.delay);
        frames.transparent.push(frame.transparent.is_some());
    }
    frames
}
