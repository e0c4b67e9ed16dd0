//! Filling a path: the exact share of each pixel that a path covers, by signed area.
//!
//! Each edge adds, to the pixels of the rows it crosses, the signed area between it and the row's left end; a
//! running sum along a row then gives the winding-weighted area each pixel holds, turned into coverage by the fill
//! rule. The cost is the edges' length in rows plus one pass over the path's box, where tiny-skia's supersampling
//! rasteriser pays for every sub-scanline and its blending pipeline for every pixel (about twice the time for a
//! figure at a new size, in V8). Curves are cut into lines no further than [`TOLERANCE`] from them. Plain `f32`
//! arithmetic, no fused or platform-dependent operation, so the host and the Worker compute the same coverage.
//!
//! The paths and the stroker stay tiny-skia's (`tiny_skia_path`): a stroke is its outline, filled non-zero; one a
//! pixel thin or thinner is a [`hairline`].

use crate::draw::raster::Mask;
use tiny_skia::{FillRule, LineCap, Path, PathSegment, PathStroker, Point, Stroke, Transform};

/// How far, in pixels, a line cut from a curve may stray from it.
const TOLERANCE: f32 = 0.1;

/// The most lines a curve is cut into (a curve a few pixels long needs one or two; this bounds a degenerate one).
const MOST_LINES: f32 = 64.0;

/// A path's coverage and where its top-left pixel sits in the picture.
pub(crate) struct Placed {
    /// The coverage, 0 to 255 a pixel.
    pub mask: Mask,
    /// The mask's left edge in the picture.
    pub x: i64,
    /// The mask's top edge in the picture.
    pub y: i64,
}

/// The coverage of `path` under `transform`, filled by `rule`, inside the picture of `clip` (width, height)
/// pixels; `None` if it covers nothing there.
pub(crate) fn fill(path: &Path, rule: FillRule, transform: Transform, clip: (u32, u32)) -> Option<Placed> {
    let [x0, y0, x1, y1] = inked_box(path, transform, clip, 0.0)?;
    let mut area = Area::new(x0, y0, (x1 - x0) as usize, (y1 - y0) as usize);
    for_each_contour(path, transform, |points, _| {
        for pair in points.windows(2) {
            area.line(pair[0], pair[1]);
        }
        // Filled, every contour is closed.
        area.line(points[points.len() - 1], points[0]);
    });
    Some(Placed { mask: area.coverage(rule), x: x0, y: y0 })
}

/// The coverage of `path` stroked with `stroke` under `transform` (the stroke's outline, filled non-zero),
/// inside the picture of `clip` pixels; `None` if it covers nothing there. A stroke a pixel thin or thinner is a
/// [`hairline`], as Skia draws it.
pub(crate) fn stroke(path: &Path, stroke: &Stroke, transform: Transform, clip: (u32, u32)) -> Option<Placed> {
    let scale = PathStroker::compute_resolution_scale(&transform);
    let share = stroke.width * scale;
    if share > 0.0 && share <= 1.0 {
        return hairline(path, stroke.line_cap, transform, share, clip);
    }
    let outline = path.stroke(stroke, scale)?;
    fill(&outline, FillRule::Winding, transform, clip)
}

/// A stroke `share` of a pixel wide, drawn as Skia draws one (a "modulated hairline": tiny-skia, so resvg drawing
/// the SVG output, and the browsers): each line a pixel thick across its minor axis (split between the two pixels
/// its centre falls between, Wu's lines) at `share` of the coverage, an open contour's ends drawn on by as much as
/// its caps cover. No pixel of a thin line is fully inked, so the interior lines of a small white piece stay grey
/// and the piece reads as white; and no outline is made (the stroker's cost).
fn hairline(path: &Path, cap: LineCap, transform: Transform, share: f32, clip: (u32, u32)) -> Option<Placed> {
    let [x0, y0, x1, y1] = inked_box(path, transform, clip, 1.0)?;
    let (width, height) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let mut cells = vec![0.0f32; width * height];
    let origin = Point::from_xy(x0 as f32, y0 as f32);
    let outset = match cap {
        LineCap::Butt => 0.0,
        LineCap::Round => std::f32::consts::PI / 8.0,
        LineCap::Square => 0.5,
    };
    for_each_contour(path, transform, |points, closed| {
        let local: Vec<Point> = points.iter().map(|&p| p - origin).collect();
        let mut ends = (local[0], local[local.len() - 1]);
        if !closed && outset > 0.0 && local.len() > 1 {
            ends.0 = drawn_on(local[0], local[1], outset);
            ends.1 = drawn_on(local[local.len() - 1], local[local.len() - 2], outset);
        }
        let last = local.len() - 1;
        for (i, pair) in local.windows(2).enumerate() {
            let a = if i == 0 { ends.0 } else { pair[0] };
            let b = if i + 1 == last { ends.1 } else { pair[1] };
            wu_line(&mut cells, (width, height), a, b);
        }
        if closed {
            wu_line(&mut cells, (width, height), local[last], local[0]);
        }
    });
    let data = cells.iter().map(|&c| (c.min(1.0) * share * 255.0 + 0.5) as u8).collect();
    Some(Placed { mask: Mask { width, height, data }, x: x0, y: y0 })
}

/// `end` moved `by` pixels further from `before`, along the line between them.
fn drawn_on(end: Point, before: Point, by: f32) -> Point {
    let (dx, dy) = (end.x - before.x, end.y - before.y);
    let len = length(dx, dy);
    if len > 0.0 {
        Point::from_xy(end.x + dx / len * by, end.y + dy / len * by)
    } else {
        end
    }
}

/// Adds a line from `a` to `b` (the box's pixels), a pixel thick across its minor axis, to `cells`: each column (or
/// row, for a steep line) it spans gets the length it spans there, split between the two pixels its centre falls
/// between.
fn wu_line(cells: &mut [f32], (width, height): (usize, usize), a: Point, b: Point) {
    let steep = (b.y - a.y).abs() > (b.x - a.x).abs();
    // (major, minor) coordinates: x and y, or y and x for a steep line.
    let (mut p, mut q) = if steep { ((a.y, a.x), (b.y, b.x)) } else { ((a.x, a.y), (b.x, b.y)) };
    if p.0 == q.0 {
        return;
    }
    if p.0 > q.0 {
        std::mem::swap(&mut p, &mut q);
    }
    let (majors, minors) = if steep { (height, width) } else { (width, height) };
    let slope = (q.1 - p.1) / (q.0 - p.0);
    for i in (p.0.floor().max(0.0) as usize)..(q.0.ceil() as usize).min(majors) {
        let (from, to) = (p.0.max(i as f32), q.0.min(i as f32 + 1.0));
        if to <= from {
            continue;
        }
        let centre = p.1 + ((from + to) * 0.5 - p.0) * slope - 0.5;
        let first = centre.floor();
        for (minor, part) in [(first, 1.0 - (centre - first)), (first + 1.0, centre - first)] {
            if minor >= 0.0 && (minor as usize) < minors {
                let (x, y) = if steep { (minor as usize, i) } else { (i, minor as usize) };
                cells[y * width + x] += part * (to - from);
            }
        }
    }
}

/// The pixels (left, top, right, bottom; end exclusive) of the picture of `clip` pixels that the box of `path`
/// under `transform`, grown by `grow` pixels on each side, touches: clipped to the picture, so empty where it misses
/// it; `None` if the transform takes the box out of the finite. What [`fill`] covers, known before it fills (the
/// palette painter's plan of the overlays, `marks::overlay_reach`).
pub(crate) fn pixel_box(path: &Path, transform: Transform, (width, height): (u32, u32), grow: f32) -> Option<[i64; 4]> {
    let b = path.bounds().transform(transform)?;
    let clamp = |v: f32, limit: u32| (v as i64).clamp(0, i64::from(limit));
    let (x0, y0) = (clamp((b.left() - grow).floor(), width), clamp((b.top() - grow).floor(), height));
    let (x1, y1) = (clamp((b.right() + grow).ceil(), width), clamp((b.bottom() + grow).ceil(), height));
    Some([x0, y0, x1, y1])
}

/// The [`pixel_box`], `None` if it is empty.
fn inked_box(path: &Path, transform: Transform, clip: (u32, u32), grow: f32) -> Option<[i64; 4]> {
    pixel_box(path, transform, clip, grow).filter(|[x0, y0, x1, y1]| x1 > x0 && y1 > y0)
}

/// `p` under `t`.
fn apply(t: Transform, mut p: Point) -> Point {
    t.map_point(&mut p);
    p
}

/// Calls `contour` with the points of each contour of `path` under `transform` (curves cut into lines; at least
/// one point) and whether it is closed.
fn for_each_contour(path: &Path, transform: Transform, mut contour: impl FnMut(&[Point], bool)) {
    let mut points: Vec<Point> = Vec::new();
    let mut flush = |points: &mut Vec<Point>, closed: bool| {
        if !points.is_empty() {
            contour(points, closed);
        }
        points.clear();
    };
    for segment in path.segments() {
        let at = points.last().copied().unwrap_or_else(Point::zero);
        match segment {
            PathSegment::MoveTo(p) => {
                flush(&mut points, false);
                points.push(apply(transform, p));
            }
            PathSegment::LineTo(p) => points.push(apply(transform, p)),
            PathSegment::QuadTo(c, p) => {
                let (c, p) = (apply(transform, c), apply(transform, p));
                let bend = length(at.x - 2.0 * c.x + p.x, at.y - 2.0 * c.y + p.y);
                cut(bend / 4.0, &mut points, |t| {
                    let (u, v, w) = ((1.0 - t) * (1.0 - t), 2.0 * (1.0 - t) * t, t * t);
                    Point::from_xy(u * at.x + v * c.x + w * p.x, u * at.y + v * c.y + w * p.y)
                });
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let (c1, c2, p) = (apply(transform, c1), apply(transform, c2), apply(transform, p));
                let bend = length(at.x - 2.0 * c1.x + c2.x, at.y - 2.0 * c1.y + c2.y)
                    .max(length(c1.x - 2.0 * c2.x + p.x, c1.y - 2.0 * c2.y + p.y));
                cut(bend * 0.75, &mut points, |t| {
                    let s = 1.0 - t;
                    let (a, b, c, d) = (s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t);
                    Point::from_xy(a * at.x + b * c1.x + c * c2.x + d * p.x, a * at.y + b * c1.y + c * c2.y + d * p.y)
                });
            }
            PathSegment::Close => {
                let start = points.first().copied();
                flush(&mut points, true);
                // A path may go on from a closed contour's start without a move.
                points.extend(start);
            }
        }
    }
    flush(&mut points, false);
}

fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Cuts the curve `point` (`t` from 0 to 1, from the last of `points`) into lines, as many as keep each within
/// [`TOLERANCE`] of it (`n` lines stray at most `bend / n²`, where `bend` bounds the curve's second derivative / 8),
/// and adds their ends to `points`.
fn cut(bend: f32, points: &mut Vec<Point>, point: impl Fn(f32) -> Point) {
    let n = (bend / TOLERANCE).sqrt().ceil().clamp(1.0, MOST_LINES) as u32;
    points.extend((1..=n).map(|i| point(i as f32 / n as f32)));
}

/// The signed areas of a box of pixels: each edge's share of each pixel, summed along a row into coverage.
struct Area {
    /// The box's top-left pixel in the picture.
    left: f32,
    top: f32,
    width: usize,
    height: usize,
    /// `height` rows of `width + 2` cells: an edge on the box's right edge writes one and two cells past it.
    cells: Vec<f32>,
    /// Each row's first and last cell an edge wrote (first > last: none). Left of the first the running sum is
    /// zero, right of the last it stays what it is there: [`Area::coverage`] sums only between them, so that a
    /// thin shape across a large box (an arrow) costs its rows' spans rather than the whole box.
    written: Vec<(u32, u32)>,
}

impl Area {
    fn new(left: i64, top: i64, width: usize, height: usize) -> Area {
        let (cells, written) = (vec![0.0; (width + 2) * height], vec![(u32::MAX, 0); height]);
        Area { left: left as f32, top: top as f32, width, height, cells, written }
    }

    /// Adds the line from `a` to `b` (picture pixels), cut where it leaves the box's columns: a part left of the
    /// box runs down its left edge (it covers every pixel of its rows to its right), a part right of it down the
    /// right edge (it covers none).
    fn line(&mut self, a: Point, b: Point) {
        let (a, b) = (Point::from_xy(a.x - self.left, a.y - self.top), Point::from_xy(b.x - self.left, b.y - self.top));
        if a.y == b.y || !(a.y.is_finite() && b.y.is_finite() && a.x.is_finite() && b.x.is_finite()) {
            return;
        }
        let right = self.width as f32;
        let within = |x: f32| (0.0..=right).contains(&x);
        if within(a.x) && within(b.x) {
            return self.inside(a, b);
        }
        let mut cuts = [0.0, 1.0, 1.0, 1.0];
        for (i, edge) in [0.0, right].into_iter().enumerate() {
            let t = (edge - a.x) / (b.x - a.x);
            if t > 0.0 && t < 1.0 {
                cuts[i + 1] = t;
            }
        }
        cuts[1..3].sort_by(f32::total_cmp);
        let at = |t: f32| Point::from_xy(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        for pair in cuts.windows(2) {
            if pair[1] > pair[0] {
                let (p, q) = (at(pair[0]), if pair[1] == 1.0 { b } else { at(pair[1]) });
                let clamped = |p: Point| Point::from_xy(p.x.clamp(0.0, right), p.y);
                self.inside(clamped(p), clamped(q));
            }
        }
    }

    /// Adds a line inside the box's columns (`0 <= x <= width`), clipped to its rows.
    fn inside(&mut self, a: Point, b: Point) {
        if a.y == b.y {
            return;
        }
        let (dir, a, b) = if a.y < b.y { (1.0, a, b) } else { (-1.0, b, a) };
        let dxdy = (b.x - a.x) / (b.y - a.y);
        if !dxdy.is_finite() {
            return;
        }
        let mut x = a.x;
        if a.y < 0.0 {
            x -= a.y * dxdy;
        }
        let stride = self.width + 2;
        // `as usize` takes a negative row to 0 (the line was moved to the box's top edge above).
        for y in (a.y as usize)..self.height.min(b.y.ceil() as usize) {
            let row = &mut self.cells[y * stride..(y + 1) * stride];
            let dy = ((y + 1) as f32).min(b.y) - (y as f32).max(a.y);
            let next = (x + dxdy * dy).clamp(0.0, self.width as f32);
            let (first, last) = add_row_span(row, x, next, dy * dir);
            let written = &mut self.written[y];
            *written = (written.0.min(first as u32), written.1.max(last as u32));
            x = next;
        }
    }

    /// The coverage of every pixel of the box, by `rule`.
    fn coverage(&self, rule: FillRule) -> Mask {
        let (width, stride) = (self.width, self.width + 2);
        let coverage = |sum: f32| {
            let share = match rule {
                FillRule::Winding => sum.abs().min(1.0),
                FillRule::EvenOdd => {
                    let wound = sum.abs() - 2.0 * (sum.abs() * 0.5).floor();
                    wound.min(2.0 - wound)
                }
            };
            (share * 255.0 + 0.5) as u8
        };
        let mut data = vec![0; width * self.height];
        let rows = self.cells.chunks_exact(stride).zip(data.chunks_exact_mut(width.max(1)));
        for ((cells, out), &(first, last)) in rows.zip(&self.written) {
            let (first, end) = (first as usize, (last as usize + 1).min(width));
            if first >= end {
                continue;
            }
            let mut sum = 0.0f32;
            for (pixel, &cell) in out[first..end].iter_mut().zip(&cells[first..end]) {
                sum += cell;
                *pixel = coverage(sum);
            }
            out[end..].fill(coverage(sum));
        }
        Mask { width, height: self.height, data }
    }
}

/// Adds to one row's cells the signed area `d` (the line's height in this row, its sign its direction) of a line
/// from `x` to `next` across it: each pixel gets the part of the row right of the line inside it, the next pixels
/// the rest, so that the running sum is the area right of the line. Returns the first and last cell it wrote.
fn add_row_span(row: &mut [f32], x: f32, next: f32, d: f32) -> (usize, usize) {
    let (x0, x1) = if x < next { (x, next) } else { (next, x) };
    let (x0_floor, x1_ceil) = (x0.floor(), x1.ceil());
    let (i0, i1) = (x0_floor as usize, x1_ceil as usize);
    if i1 <= i0 + 1 {
        // Within one pixel: the part of it right of the line's middle.
        let middle = 0.5 * (x + next) - x0_floor;
        row[i0] += d - d * middle;
        row[i0 + 1] += d * middle;
        return (i0, i0 + 1);
    }
    let s = 1.0 / (x1 - x0);
    let f0 = x0 - x0_floor;
    let first = 0.5 * s * (1.0 - f0) * (1.0 - f0);
    let f1 = x1 - x1_ceil + 1.0;
    let last = 0.5 * s * f1 * f1;
    row[i0] += d * first;
    if i1 == i0 + 2 {
        row[i0 + 1] += d * (1.0 - first - last);
    } else {
        let second = s * (1.5 - f0);
        row[i0 + 1] += d * (second - first);
        for cell in &mut row[i0 + 2..i1 - 1] {
            *cell += d * s;
        }
        let before_last = second + (i1 - i0 - 3) as f32 * s;
        row[i1 - 1] += d * (1.0 - before_last - last);
    }
    row[i1] += d * last;
    (i0, i1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{PathBuilder, Rect};

    fn mask(path: &Path, rule: FillRule, clip: (u32, u32)) -> Placed {
        fill(path, rule, Transform::identity(), clip).expect("covers something")
    }

    #[test]
    fn a_rectangle_on_pixel_edges_covers_its_pixels_whole_and_nothing_else() {
        let rect = PathBuilder::from_rect(Rect::from_xywh(2.0, 1.0, 3.0, 2.0).unwrap());
        let placed = mask(&rect, FillRule::Winding, (10, 10));
        assert_eq!((placed.x, placed.y, placed.mask.width, placed.mask.height), (2, 1, 3, 2));
        assert!(placed.mask.data.iter().all(|&c| c == 255), "{:?}", placed.mask.data);
    }

    #[test]
    fn a_half_pixel_edge_covers_half() {
        let rect = PathBuilder::from_rect(Rect::from_xywh(0.5, 0.0, 2.0, 1.0).unwrap());
        assert_eq!(mask(&rect, FillRule::Winding, (10, 10)).mask.data, [128, 255, 128]);
    }

    #[test]
    fn a_diagonal_splits_its_pixels_in_halves() {
        let mut pb = PathBuilder::new();
        pb.move_to(0.0, 0.0);
        pb.line_to(4.0, 4.0);
        pb.line_to(0.0, 4.0);
        pb.close();
        let placed = mask(&pb.finish().unwrap(), FillRule::Winding, (10, 10));
        for y in 0..4 {
            let row = &placed.mask.data[y * 4..y * 4 + 4];
            let expected: Vec<u8> =
                (0..4).map(|x| [255, 128, 0][(x as i64 - y as i64 + 1).clamp(0, 2) as usize]).collect();
            assert_eq!(row, expected, "row {y}");
        }
    }

    #[test]
    fn a_circle_covers_its_area() {
        let circle = PathBuilder::from_circle(10.0, 10.0, 7.3).unwrap();
        let placed = mask(&circle, FillRule::Winding, (20, 20));
        let area: f32 = placed.mask.data.iter().map(|&c| f32::from(c) / 255.0).sum();
        // Its lines are chords, inside the curve by at most [`TOLERANCE`]: a little less than the circle's area.
        let exact = std::f32::consts::PI * 7.3 * 7.3;
        assert!(area < exact && area > exact - 2.0 * std::f32::consts::PI * 7.3 * TOLERANCE, "{area} against {exact}");
    }

    #[test]
    fn even_odd_leaves_the_hole_of_two_circles_wound_alike_and_non_zero_fills_it() {
        let mut pb = PathBuilder::new();
        pb.push_circle(10.0, 10.0, 8.0);
        pb.push_circle(10.0, 10.0, 4.0);
        let rings = pb.finish().unwrap();
        let centre = |rule| {
            let placed = mask(&rings, rule, (20, 20));
            placed.mask.data[(10 - placed.y as usize) * placed.mask.width + (10 - placed.x as usize)]
        };
        assert_eq!((centre(FillRule::EvenOdd), centre(FillRule::Winding)), (0, 255));
    }

    #[test]
    fn a_path_past_the_picture_is_clipped_and_keeps_its_coverage_inside() {
        let rect = PathBuilder::from_rect(Rect::from_xywh(-5.5, -3.0, 7.0, 5.0).unwrap());
        let placed = mask(&rect, FillRule::Winding, (2, 10));
        assert_eq!((placed.x, placed.y, placed.mask.width, placed.mask.height), (0, 0, 2, 2));
        assert_eq!(placed.mask.data, [255, 128, 255, 128]);
        let slanted = {
            let mut pb = PathBuilder::new();
            pb.move_to(-20.0, 0.0);
            pb.line_to(4.0, 0.0);
            pb.line_to(1.0, 3.0);
            pb.line_to(-20.0, 3.0);
            pb.close();
            pb.finish().unwrap()
        };
        let inside = mask(&slanted, FillRule::Winding, (3, 3));
        let whole = fill(&slanted, FillRule::Winding, Transform::from_translate(30.0, 0.0), (40, 3)).unwrap();
        for y in 0..3 {
            let from_whole = &whole.mask.data[y * whole.mask.width + 30 - whole.x as usize..][..3];
            assert_eq!(&inside.mask.data[y * 3..y * 3 + 3], from_whole, "row {y}");
        }
    }

    #[test]
    fn nothing_outside_the_picture_is_none() {
        let rect = PathBuilder::from_rect(Rect::from_xywh(12.0, 0.0, 3.0, 3.0).unwrap());
        assert!(fill(&rect, FillRule::Winding, Transform::identity(), (10, 10)).is_none());
    }

    #[test]
    fn a_stroke_covers_its_width_along_its_length() {
        let mut pb = PathBuilder::new();
        pb.move_to(2.0, 5.0);
        pb.line_to(18.0, 5.0);
        let line = pb.finish().unwrap();
        let placed =
            stroke(&line, &Stroke { width: 2.0, ..Stroke::default() }, Transform::identity(), (20, 10)).unwrap();
        let area: f32 = placed.mask.data.iter().map(|&c| f32::from(c) / 255.0).sum();
        assert!((area - 32.0).abs() < 0.05, "{area}");
    }

    #[test]
    fn a_stroke_thinner_than_a_pixel_is_a_pixel_wide_at_its_share() {
        let mut pb = PathBuilder::new();
        pb.move_to(2.0, 5.5);
        pb.line_to(18.0, 5.5);
        let line = pb.finish().unwrap();
        let thin = Stroke { width: 0.5, ..Stroke::default() };
        let placed = stroke(&line, &thin, Transform::identity(), (20, 10)).unwrap();
        let inked: Vec<(usize, u8)> = placed.mask.data.iter().copied().enumerate().filter(|&(_, c)| c > 0).collect();
        let row = |i: usize| (i / placed.mask.width) as i64 + placed.y;
        assert_eq!(inked.len(), 16, "{inked:?}");
        assert!(inked.iter().all(|&(i, c)| c == 128 && row(i) == 5), "{inked:?}");
    }
}
