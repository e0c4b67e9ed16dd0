//! Pictures compared: the SVG rasterised by resvg, pixels over a background, the parity difference.

/// The SVG rasterised at 1:1 by resvg, as premultiplied RGBA bytes.
pub fn rasterise(svg: &str) -> (u32, u32, Vec<u8>) {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("resvg reads the SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    (size.width(), size.height(), pixmap.data().to_vec())
}

/// RGBA pixels (premultiplied or not) over an opaque `background` grey, as RGB: the picture a page of that colour
/// shows. A transparent look is compared over white and over black, which tells apart colour and alpha.
pub fn over(rgba: &[u8], premultiplied: bool, background: u8) -> Vec<u8> {
    rgba.chunks_exact(4)
        .flat_map(|p| {
            let a = u32::from(p[3]);
            let colour = |c: u8| if premultiplied { u32::from(c) * 255 } else { u32::from(c) * a };
            let mix = |c: u8| ((colour(c) + u32::from(background) * (255 - a) + 127) / 255).min(255) as u8;
            [mix(p[0]), mix(p[1]), mix(p[2])]
        })
        .collect()
}

/// Mean absolute channel difference, largest channel difference, and largest difference of 4×4 block averages (the
/// last block of a row or column ends at the picture's edge, overlapping the one before: a block of the one column
/// left over at the edge averaged four pixels, so that a glyph's antialiased tip touching the edge, placed a
/// fraction of a pixel apart by the two renderers, counted four times what it does anywhere else).
#[derive(Debug)]
pub struct Difference {
    pub mean: f64,
    pub max: u8,
    pub block_max: f64,
}

/// The [`Difference`] of two RGB pictures of `width` × `height` pixels.
pub fn difference(width: u32, height: u32, a: &[u8], b: &[u8]) -> Difference {
    let total: u64 = a.iter().zip(b).map(|(x, y)| u64::from(x.abs_diff(*y))).sum();
    let max = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
    let (w, h) = (width as usize, height as usize);
    let mut block_max = 0.0f64;
    let starts = |n: usize| (0..n).step_by(4).map(move |s| s.min(n.saturating_sub(4)));
    for by in starts(h) {
        for bx in starts(w) {
            for c in 0..3 {
                let (mut sa, mut sb, mut n) = (0u32, 0u32, 0u32);
                for y in by..(by + 4).min(h) {
                    for x in bx..(bx + 4).min(w) {
                        let i = (y * w + x) * 3 + c;
                        sa += u32::from(a[i]);
                        sb += u32::from(b[i]);
                        n += 1;
                    }
                }
                block_max = block_max.max((f64::from(sa) - f64::from(sb)).abs() / f64::from(n));
            }
        }
    }
    Difference { mean: total as f64 / a.len().max(1) as f64, max, block_max }
}
