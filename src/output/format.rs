//! The outputs: each [`Format`] a diagram is served in, with everything that differs between them — the modern
//! route that asks for it, its content type, the last line of its cache key, the options its bytes depend on
//! ([`Format::fit`]), its modern link, the painter that writes it and the headers only it needs. The HTTP layer,
//! the cost model, the link families and the CLI ask the format; none of them matches on it. Every answer here is a
//! `match` naming every variant, so a new variant does not compile until it has said each.
//!
//! Three pictures (PNG, SVG, GIF) and two outputs of words (`/diagram.txt`, `/diagram.json`: docs/words.md). The PNG
//! and the GIF also animate moves played on the diagram ([`Playback`], docs/animation.md). A new output is a variant
//! here (and in [`Format::ALL`]), its painter module, and its tests.
//!
//! ```
//! use ffen_diagram::{ffen, Format, RenderOptions};
//! assert_eq!(Format::at("/diagram.svg"), Some(Format::Svg));
//! assert_eq!(Format::Png.path(), "/diagram.png");
//! let board = ffen::parse("4k3/8/8/8/8/8/8/4K3", ffen::Dialect::Janko).unwrap();
//! let bytes = Format::Png.write(&board, &RenderOptions::default()).unwrap();
//! assert!(bytes.starts_with(b"\x89PNG"));
//! ```

use crate::draw::{render, svg};
use crate::encode::apng::{self, ApngError};
use crate::encode::gif::{self, GifError, Span};
use crate::encode::png::EncodeError;
use crate::notation::board::{Board, Color};
use crate::notation::ffen;
use crate::notation::moves::{MoveError, Moves, Step};
use crate::notation::pgn::Glyph;
use crate::options::language::Form;
use crate::options::params::{Changes, Delay, PositionQuery, MOVES, PGN, PLAYBACK_KEY, POSITION_PARAMS};
use crate::options::render_options::RenderOptions;
use crate::output::animation::screen::Screen;
use crate::output::animation::{self, Animation, AnimationError};
use crate::words::{self, json};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// A way a diagram is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// PNG: `/diagram.png`, and the links of every family that draws pictures in pixels.
    #[default]
    Png,
    /// SVG: `/diagram.svg` (docs/svg.md).
    Svg,
    /// The diagram in words: `/diagram.txt` (docs/words.md), the piece list or Popeye's input.
    Txt,
    /// The diagram as data: `/diagram.json` (docs/words.md).
    Json,
    /// GIF: `/diagram.gif`, a still or, with moves, an animation (docs/animation.md). The link families' `.gif` links
    /// answer PNG, as they always have here.
    Gif,
}

impl Format {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [Format; 5] = [Format::Png, Format::Svg, Format::Txt, Format::Json, Format::Gif];

    /// The file extension, also the name of the format in the CLI (`--format svg`) and the cache key's last line.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
            Format::Txt => "txt",
            Format::Json => "json",
            Format::Gif => "gif",
        }
    }

    /// The modern route that answers this format: `/diagram.` and the extension.
    pub const fn path(self) -> &'static str {
        match self {
            Format::Png => "/diagram.png",
            Format::Svg => "/diagram.svg",
            Format::Txt => "/diagram.txt",
            Format::Json => "/diagram.json",
            Format::Gif => "/diagram.gif",
        }
    }

    /// The format whose modern route is exactly `path`, if any.
    pub fn at(path: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|format| format.path() == path)
    }

    /// The `Content-Type` of a diagram in this format.
    pub const fn content_type(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Svg => svg::SVG_CONTENT_TYPE,
            Format::Txt => "text/plain; charset=utf-8",
            Format::Json => "application/json",
            Format::Gif => "image/gif",
        }
    }

    /// The `Content-Security-Policy` a diagram in this format is sent with, where it needs one: an SVG is a
    /// document a browser may open on its own ([`svg::SVG_CONTENT_SECURITY_POLICY`]).
    pub const fn security_policy(self) -> Option<&'static str> {
        match self {
            Format::Svg => Some(svg::SVG_CONTENT_SECURITY_POLICY),
            Format::Png | Format::Txt | Format::Json | Format::Gif => None,
        }
    }

    /// Whether this format is a picture: its size in pixels and its predicted cost are checked against the limits
    /// before it is drawn. Words are never refused for the size their picture would have.
    pub const fn is_picture(self) -> bool {
        match self {
            Format::Png | Format::Svg | Format::Gif => true,
            Format::Txt | Format::Json => false,
        }
    }

    /// Whether this format's painter draws pixels (the PNG and the GIF, through the sprite cache), so that the
    /// sprites it has not drawn yet are part of its cost; the SVG writes the pieces' vectors as they are.
    pub const fn draws_pixels(self) -> bool {
        match self {
            Format::Png | Format::Gif => true,
            Format::Svg | Format::Txt | Format::Json => false,
        }
    }

    /// Whether this format animates moves (`moves=`): the PNG (an animated PNG) and the GIF. The SVG refuses them;
    /// the words ignore them (they describe the diagram).
    pub const fn animates(self) -> bool {
        match self {
            Format::Png | Format::Gif => true,
            Format::Svg | Format::Txt | Format::Json => false,
        }
    }

    /// The encoder that writes this format's animations, where it animates ([`Format::animates`]): what an
    /// animation's pixels cost to encode depends on it ([`crate::output::cost::animation_cost`]).
    pub const fn animation_encoder(self) -> Option<AnimationEncoder> {
        match self {
            Format::Png => Some(AnimationEncoder::Apng),
            Format::Gif => Some(AnimationEncoder::Gif),
            Format::Svg | Format::Txt | Format::Json => None,
        }
    }

    /// Whether this format draws a diagram without moves on the animation path too, as an animation of one frame
    /// on one palette ([`Format::write_played`]), so that a still costs what an animation's first frame costs
    /// ([`crate::output::cost::animation_cost`] with no line): the GIF. A PNG without moves is a still PNG.
    pub const fn still_is_animation(self) -> bool {
        match self {
            Format::Gif => true,
            Format::Png | Format::Svg | Format::Txt | Format::Json => false,
        }
    }

    /// Whether the JSON's `links` lists this format's modern link, under its extension, in the order of
    /// [`Format::ALL`]: the PNG, the SVG and the text (docs/words.md). Not the JSON itself, nor the GIF: the keys
    /// are part of the JSON's bytes, so a new one changes every JSON answer (and its cache version).
    pub const fn in_json_links(self) -> bool {
        match self {
            Format::Png | Format::Svg | Format::Txt => true,
            Format::Json | Format::Gif => false,
        }
    }

    /// The media type under which every other format's `Link` header names this format's modern link as an
    /// alternate (`rel="alternate"; type=…`), if it does: the text's, `text/plain`.
    pub const fn alternate_type(self) -> Option<&'static str> {
        match self {
            Format::Txt => Some("text/plain"),
            Format::Png | Format::Svg | Format::Json | Format::Gif => None,
        }
    }

    /// What this format's bytes show of the options, given `options` (the text's form decides its words): the
    /// PNG and the GIF the picture; the SVG the picture and the piece list (its `<desc>`, in `lang`); the JSON all
    /// but the text's form (its description is the piece list, its `popeye` Popeye's input, its links the other
    /// formats'); the text its form and the piece list or Popeye's input (which is English and has no marks).
    pub fn shows(self, options: &RenderOptions) -> Changes {
        match self {
            Format::Png | Format::Gif => Changes::PICTURE,
            Format::Svg => Changes::PICTURE.and(Changes::LIST),
            Format::Json => Changes::PICTURE.and(Changes::LIST).and(Changes::POPEYE),
            Format::Txt => Changes::TEXT_FORM.and(match options.form {
                Form::List => Changes::LIST,
                Form::Popeye => Changes::POPEYE,
            }),
        }
    }

    /// `options` with only what changes this format's bytes kept, everything else at its default, so that the cache
    /// key, the `ETag` and the modern link hold only that: each parameter is kept where what it changes
    /// ([`Changes`], its declaration's) is what this format shows ([`Format::shows`]). So a PNG drops `lang` and
    /// `form`; an SVG and the JSON drop `form`; the text keeps the words — `lang`, `form`, `title`, `caption`, and
    /// for the piece list `squares`, `arrows` and `lastmove` — and no look.
    ///
    /// ```
    /// use ffen_diagram::{Format, RenderOptions};
    /// let options = RenderOptions::from_pairs([("size", "60"), ("lang", "de"), ("caption", "#2")]).unwrap();
    /// assert_eq!(Format::Png.fit(&options).canonical(), "s60.f0.c0.gray.caption=#2");
    /// assert_eq!(Format::Svg.fit(&options).canonical(), "s60.f0.c0.gray.caption=#2.lang=de");
    /// assert_eq!(Format::Txt.fit(&options).canonical(), "s40.f0.c0.gray.caption=#2.lang=de");
    /// ```
    pub fn fit(self, options: &RenderOptions) -> RenderOptions {
        options.keeping(self.shows(options))
    }

    /// The modern link of this format for a canonical FFEN and options (relative to the origin): the route, the
    /// FFEN and the parameters of [`RenderOptions::link_pairs`] of the options [`Format::fit`] keeps. Following it
    /// gives the same response, with the same `ETag`.
    ///
    /// ```
    /// use ffen_diagram::{Format, RenderOptions};
    /// let options = RenderOptions::from_pairs([("size", "60"), ("lang", "fr")]).unwrap();
    /// assert_eq!(Format::Png.link("8/8", &options), "/diagram.png?ffen=8%2F8&size=60");
    /// assert_eq!(Format::Txt.link("8/8", &options), "/diagram.txt?ffen=8%2F8&lang=fr");
    /// ```
    pub fn link(self, canonical_ffen: &str, options: &RenderOptions) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        query.append_pair("ffen", canonical_ffen);
        for (key, value) in self.fit(options).link_pairs() {
            query.append_pair(key, &value);
        }
        format!("{}?{}", self.path(), query.finish())
    }

    /// The diagram of `board` drawn with `options` in this format. Never panics; an `Err` is a GIF one palette
    /// cannot hold ([`WriteError::Palette`]) or an internal failure of an encoder, never expected.
    pub fn write(self, board: &Board, options: &RenderOptions) -> Result<Vec<u8>, WriteError> {
        self.write_played(board, options, None)
    }

    /// The diagram of `board` drawn with `options`, animated along `playback` where this format animates
    /// ([`Format::animates`]; the others draw the diagram): an animated PNG or GIF on one palette
    /// ([`crate::output::animation`]). A GIF, still or animated, is drawn on that path too.
    pub fn write_played(
        self,
        board: &Board,
        options: &RenderOptions,
        playback: Option<&Playback>,
    ) -> Result<Vec<u8>, WriteError> {
        match (self, playback) {
            (Format::Png, Some(playback)) => {
                let lines = (&playback.lines[..], &playback.glyphs[..]);
                let animation = animation::animate(board, lines, options, playback.delay.millis())?;
                write_apng(&animation)
            }
            (Format::Gif, playback) => {
                let (lines, delay) =
                    playback.map_or(((&[][..], &[][..]), 0), |p| ((&p.lines[..], &p.glyphs[..]), p.delay.millis()));
                write_gif(&animation::animate(board, lines, options, delay)?)
            }
            (Format::Png, None) => Ok(render::render_png(board, options)?),
            (Format::Svg, _) => Ok(svg::render_svg(board, options).into_bytes()),
            (Format::Txt, _) => Ok(words::text(board, options).into_bytes()),
            (Format::Json, _) => {
                let canonical = ffen::canonical(board);
                let links: Vec<(&str, String)> = (Format::ALL.into_iter())
                    .filter(|format| format.in_json_links())
                    .map(|format| (format.extension(), format.link(&canonical, options)))
                    .collect();
                Ok(json::json(board, options, &links).into_bytes())
            }
        }
    }
}

/// The animated PNG of an animation (a delay over 65,535 ms, APNG's most, shows for that long).
fn write_apng(animation: &Animation) -> Result<Vec<u8>, WriteError> {
    let depth = animation.png_depth();
    // Each frame's rows as the encoder takes them: its squares, its scanlines ready at the depth, or its indices
    // (the encoder makes no indices of the first two, so neither is unpacked here).
    let rows: Vec<apng::Rows<'_>> = (animation.frames.iter().enumerate())
        .map(|(i, still)| match (animation.squares(i), &still.plan) {
            (Some(squares), _) => apng::Rows::Squares(squares),
            (None, Some(plan)) => match animation.scanlines(i, depth) {
                Some(scanlines) => apng::Rows::Packed(scanlines, plan),
                None => apng::Rows::Planned(plan),
            },
            (None, None) => apng::Rows::Searched,
        })
        .collect();
    let indices: Vec<Cow<'_, [u8]>> = (rows.iter().enumerate())
        .map(|(i, rows)| match rows {
            apng::Rows::Squares(_) | apng::Rows::Packed(..) => Cow::Borrowed(&[][..]),
            apng::Rows::Planned(_) | apng::Rows::Searched => animation.indices(i),
        })
        .collect();
    let frames: Vec<apng::Frame<'_>> = (animation.frames.iter().zip(&indices))
        .map(|(still, indices)| apng::Frame {
            left: still.rect.0,
            top: still.rect.1,
            width: still.rect.2,
            height: still.rect.3,
            indices,
            delay_ms: u16::try_from(still.delay_ms).unwrap_or(u16::MAX),
        })
        .collect();
    let size = (animation.width, animation.height, depth);
    let tiles = apng::Tiles { indices: &animation.tiles.indices, codes: &animation.tiles.codes };
    Ok(apng::encode_planned(size, &animation.palette, &frames, animation.unchanged, &rows, tiles)?)
}

/// The GIF of an animation: delays in hundredths of a second, rounded.
pub(crate) fn write_gif(animation: &Animation) -> Result<Vec<u8>, WriteError> {
    let side = |n: u32| u16::try_from(n).map_err(|_| WriteError::Gif(GifError::BadFrame(0)));
    let canvas = (side(animation.width)?, side(animation.height)?);
    // A frame's indices coded from its spans in turn: a frame of squares' indices are never put together, and
    // the later frames' pixels that show already are left transparent, in the palette's order for the GIF (`Screen`).
    let mut screen = Screen::new(animation);
    let (palette, frames, unchanged) = (&animation.palette, animation.frames.len(), animation.unchanged);
    let mut gif = match &screen {
        Some(screen) => gif::Writer::in_order(canvas, palette, screen.order(), frames, unchanged)?,
        None => gif::Writer::new(canvas, palette, frames, unchanged)?,
    };
    for (i, still) in animation.frames.iter().enumerate() {
        let (left, top, width, height) = still.rect;
        let rect = (side(left)?, side(top)?, side(width)?, side(height)?);
        let delay = u16::try_from(still.delay_ms.saturating_add(5) / 10).unwrap_or(u16::MAX);
        match &mut screen {
            Some(screen) if i == 0 => gif.frame_of(rect, delay, &[Span::Indices(screen.first())])?,
            Some(screen) => {
                screen.with_spans(animation, i, |spans, shows| gif.frame_showing(rect, delay, spans, Some(shows)))?
            }
            None => animation.with_spans(i, |spans| gif.frame_of(rect, delay, spans))?,
        }
    }
    Ok(gif.finish())
}

/// Moves to animate on a diagram: the lines played ([`Moves::play`]), their canonical text and the delay a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playback {
    /// Each line's frames, a frame a move.
    pub lines: Vec<Vec<Step>>,
    /// The moves as the cache key and the modern link write them ([`Moves::canonical`]).
    pub canonical: String,
    /// How long a move shows.
    pub delay: Delay,
    /// Each line's glyphs, move by move, where a badge is drawn ([`Playback::with_glyphs`]); empty without any.
    pub glyphs: Vec<Vec<Option<Glyph>>>,
}

impl Playback {
    /// `moves` played on `board` with `first` to move, `delay` a move; `None` when there is no move.
    pub fn new(moves: &Moves, board: &Board, first: Color, delay: Delay) -> Result<Option<Playback>, MoveError> {
        if moves.is_empty() {
            return Ok(None);
        }
        let lines = moves.play(board, first)?;
        Ok(Some(Playback { lines, canonical: moves.checked_canonical(first)?, delay, glyphs: Vec::new() }))
    }

    /// These moves with a PGN's glyphs on its line (one a move, [`crate::notation::pgn::Pgn::glyphs`]), each kept
    /// where its badge shows (on a piece the move reached, [`Glyph::shows_on`]): a PGN without a glyph drawn keeps
    /// the moves' picture and key.
    pub fn with_glyphs(mut self, glyphs: &[Option<Glyph>]) -> Playback {
        let Some(line) = self.lines.first() else { return self };
        let drawn: Vec<Option<Glyph>> = (line.iter().zip(glyphs.iter().chain(std::iter::repeat(&None))))
            .map(|(step, &glyph)| {
                let to = step.last.map(|(_, to)| to)?;
                glyph.filter(|_| Glyph::shows_on(&step.board, to.file, to.rank))
            })
            .collect();
        self.glyphs = if drawn.iter().any(Option::is_some) { vec![drawn] } else { Vec::new() };
        self
    }

    /// How many moves' glyphs are drawn as badges.
    pub fn badges(&self) -> usize {
        self.glyphs.iter().flatten().flatten().count()
    }

    /// The position's parameters these moves set: the canonical moves and their delay.
    fn query(&self) -> PositionQuery {
        PositionQuery { moves: self.canonical.clone(), delay: self.delay, ..PositionQuery::default() }
    }

    /// The cache key's line for these moves: the segments of [`PLAYBACK_KEY`]'s declarations, separated by a
    /// space: the delay's ([`Delay::key`]) and the canonical moves (`d1000 e2e4 e7e5 | d2d4`); then, where a badge
    /// is drawn, the glyphs by move (` glyphs:1??,4!`, the PGN's moves counted from 1).
    pub fn key(&self) -> String {
        let query = self.query();
        let segments: Vec<String> = PLAYBACK_KEY.iter().filter_map(|p| p.key(&query)).collect();
        let mut key = segments.join(" ");
        // (Only the first line has glyphs: a PGN's mainline.)
        let glyphs: Vec<String> = (self.glyphs.first().into_iter().flatten().enumerate())
            .filter_map(|(i, glyph)| Some(format!("{}{}", i + 1, glyph.as_ref()?.symbol())))
            .collect();
        if !glyphs.is_empty() {
            key += &format!(" glyphs:{}", glyphs.join(","));
        }
        key
    }

    /// The modern link's parameters for these moves, as the declarations of [`POSITION_PARAMS`] write them:
    /// `moves` and, unless it is the default, `delay`. Moves with glyphs drawn are written as a `pgn` instead: the
    /// canonical moves, each glyph's NAG after its move (`e2e4 e7e5 g1f3 $1`), which read back to the same moves,
    /// badges and key (`moves` has no glyphs: it skips `!` and `?`, as Popeye's key and tries carry them).
    pub fn link_pairs(&self) -> Vec<(&'static str, String)> {
        let query = self.query();
        let pairs = POSITION_PARAMS.iter().filter_map(|p| Some((p.name, p.link(&query)?)));
        match self.glyphs.first() {
            Some(glyphs) => pairs
                .map(|(name, value)| if name == MOVES.name { (PGN.name, self.pgn(glyphs)) } else { (name, value) })
                .collect(),
            None => pairs.collect(),
        }
    }

    /// The canonical moves with `glyphs` (one a move of the first line) as their NAGs.
    fn pgn(&self, glyphs: &[Option<Glyph>]) -> String {
        let mut text = String::new();
        for (i, word) in self.canonical.split(' ').enumerate() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(word);
            if let Some(glyph) = glyphs.get(i).copied().flatten() {
                text.push_str(&format!(" ${}", glyph.nag()));
            }
        }
        text
    }
}

/// The encoder of an animation ([`Format::animation_encoder`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimationEncoder {
    /// An animated PNG (deflate, [`crate::encode::apng`]).
    Apng,
    /// A GIF (LZW, [`crate::encode::gif`]).
    Gif,
}

/// Why a diagram could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The PNG encoder failed (internal, never expected).
    Png(EncodeError),
    /// The animated PNG encoder refused the frames (internal, never expected).
    Apng(ApngError),
    /// The GIF encoder refused the frames (internal, never expected).
    Gif(GifError),
    /// The frames need more than one palette holds, or transparency: the request's own diagram (a `400`).
    Palette(AnimationError),
}

impl WriteError {
    /// Whether the request's diagram is the cause ([`WriteError::Palette`]) rather than the service.
    pub fn is_client_error(&self) -> bool {
        match self {
            WriteError::Palette(_) => true,
            WriteError::Png(_) | WriteError::Apng(_) | WriteError::Gif(_) => false,
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Png(e) => write!(f, "{e}"),
            WriteError::Apng(e) => write!(f, "{e}"),
            WriteError::Gif(e) => write!(f, "{e}"),
            WriteError::Palette(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<EncodeError> for WriteError {
    fn from(e: EncodeError) -> WriteError {
        WriteError::Png(e)
    }
}

impl From<ApngError> for WriteError {
    fn from(e: ApngError) -> WriteError {
        WriteError::Apng(e)
    }
}

impl From<GifError> for WriteError {
    fn from(e: GifError) -> WriteError {
        WriteError::Gif(e)
    }
}

impl From<AnimationError> for WriteError {
    fn from(e: AnimationError) -> WriteError {
        WriteError::Palette(e)
    }
}

impl fmt::Display for Format {
    /// The extension.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

/// A name that is no format's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownFormat;

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.extension()).collect();
        write!(f, "unknown format: expected one of {}", names.join(", "))
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    /// A format's extension, in any case.
    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::ALL.into_iter().find(|f| f.extension().eq_ignore_ascii_case(name)).ok_or(UnknownFormat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_round_trips_through_its_name_and_its_route() {
        for format in Format::ALL {
            assert_eq!(format.to_string().parse(), Ok(format));
            assert_eq!(format.extension().to_uppercase().parse(), Ok(format));
            assert_eq!(Format::at(format.path()), Some(format));
            assert_eq!(format.path(), format!("/diagram.{format}"));
        }
        assert_eq!("webp".parse::<Format>(), Err(UnknownFormat));
        assert_eq!(Format::ALL.map(Format::is_picture), [true, true, false, false, true]);
        assert_eq!(Format::ALL.map(Format::animates), [true, false, false, false, true]);
        assert_eq!(Format::at("/diagram.svg/"), None);
    }

    /// The format after `format` in [`Format::ALL`], from the first (`None`) to past the last (`None`). The match
    /// names every variant and has no catch-all, so a new format does not compile until it is placed here too.
    fn next(format: Option<Format>) -> Option<Format> {
        match format {
            None => Some(Format::Png),
            Some(Format::Png) => Some(Format::Svg),
            Some(Format::Svg) => Some(Format::Txt),
            Some(Format::Txt) => Some(Format::Json),
            Some(Format::Json) => Some(Format::Gif),
            Some(Format::Gif) => None,
        }
    }

    #[test]
    fn all_holds_every_format_once_in_order() {
        let every: Vec<Format> = std::iter::successors(next(None), |&format| next(Some(format))).collect();
        assert_eq!(every, Format::ALL);
        for (i, format) in Format::ALL.into_iter().enumerate() {
            assert!(!Format::ALL[..i].contains(&format), "{format} twice");
            assert!(!Format::ALL[..i].iter().any(|f| f.extension() == format.extension()), "{format}'s name twice");
        }
    }

    #[test]
    fn each_format_answers_for_its_own_behaviour() {
        for format in Format::ALL {
            assert_eq!(format.animation_encoder().is_some(), format.animates(), "{format}");
            assert!(!format.still_is_animation() || format.animates(), "{format}");
            assert!(!format.animates() || format.is_picture(), "{format}");
        }
        let listed: Vec<&str> =
            (Format::ALL.into_iter()).filter(|f| f.in_json_links()).map(Format::extension).collect();
        assert_eq!(listed, ["png", "svg", "txt"]);
        let alternates: Vec<_> = Format::ALL.into_iter().filter_map(|f| Some((f, f.alternate_type()?))).collect();
        assert_eq!(alternates, [(Format::Txt, "text/plain")]);
        assert_eq!(Format::Png.animation_encoder(), Some(AnimationEncoder::Apng));
        assert_eq!(Format::Gif.animation_encoder(), Some(AnimationEncoder::Gif));
    }
}
