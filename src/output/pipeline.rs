//! One pipeline from what is asked to what is drawn, for the Worker and the CLI alike: the position read in its
//! dialect (an Interactive Diagram definition with its look), the options fitted to the board and to the format,
//! the moves played, then the limits checked, then the bytes written. The Worker's `http::decide` and the
//! `ffen-render` CLI each read their own input (a query, a command line) into an [`Order`] and hand it here, so
//! that the CLI draws exactly what the Worker serves and a change to the steps is made once.
//!
//! ```
//! use ffen_diagram::params::PositionQuery;
//! use ffen_diagram::pipeline::Order;
//! use ffen_diagram::{Format, RenderOptions};
//!
//! let position = PositionQuery { ffen: "4k3/8/4K3".into(), moves: "e1e2".into(), ..PositionQuery::default() };
//! let options = RenderOptions::from_pairs([("size", "20"), ("lang", "de")])?;
//! let diagram = Order { position: &position, options: &options, definition_pairs: &[], format: Format::Png }.read()?;
//! // The PNG drops the words' language from its options; the moves are played.
//! assert_eq!(diagram.options.canonical(), "s20.f0.c0.gray");
//! assert_eq!(diagram.playback.as_ref().map(|p| p.canonical.as_str()), Some("e1e2"));
//! assert!(diagram.write()?.starts_with(b"\x89PNG"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::draw::layout::{check_image_size_within, ImageTooLarge, PixelLimit};
use crate::notation::board::{Board, Color};
use crate::notation::ffen::{self, Dialect, ParseError};
use crate::notation::moves::{self, MoveError, Moves};
use crate::notation::pgn::Pgn;
use crate::notation::replay::{self, Start};
use crate::options::error::OptionError;
use crate::options::params::PositionQuery;
use crate::options::render_options::RenderOptions;
use crate::output::animation::replay::Replay;
use crate::output::animation::{self, Shot};
use crate::output::cost::{
    animation_cost, badge_micros, draw_new_sprites, new_sprites_and_bounds, reading_micros, render_cost, words_cost,
    CostLimit, RenderCost, TooCostly,
};
use crate::output::format::{AnimationEncoder, Format, Playback, WriteError};
use std::fmt;

/// A diagram as asked for, its parts as the caller read them: the position's parameters, the options, and the
/// format.
#[derive(Clone, Copy, Debug)]
pub struct Order<'a> {
    /// The position's text, its dialect, the moves and their delay ([`crate::params::POSITION_PARAMS`]).
    pub position: &'a PositionQuery,
    /// The look and the furniture read from the parameters ([`crate::params::OPTION_PARAMS`]); not used for an
    /// Interactive Diagram definition, whose look `definition_pairs` override.
    pub options: &'a RenderOptions,
    /// With `dialect=hgm`: the parameters as given, which override the definition's own look
    /// ([`RenderOptions::from_definition`]); ignored for every other dialect.
    pub definition_pairs: &'a [(String, String)],
    /// The output.
    pub format: Format,
}

/// A diagram ready to be drawn: the board, the options fitted to it and to the format, and the moves played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The position.
    pub board: Board,
    /// The options that change this format's bytes, canonical for this board ([`RenderOptions::for_board`],
    /// [`Format::fit`]).
    pub options: RenderOptions,
    /// The moves played, on a format that animates; `None` without moves and on the words' formats.
    pub playback: Option<Playback>,
    /// The output.
    pub format: Format,
    /// What reading the moves costs beyond playing them (SAN found on the board, a PGN read), in microseconds
    /// (`cost::reading_micros`), with the PGN's glyphs drawn as badges (`cost::badge_micros`).
    pub reading_micros: u64,
}

/// Why an [`Order`] gives no diagram, in the order the steps find it: the options, the position, the options for
/// that board, the moves, then the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// A parameter's value (also one that does not fit the board: a label count, a square off the board).
    Option(OptionError),
    /// The position (or the definition) does not read.
    Position(ParseError),
    /// The moves do not read or cannot be played.
    Moves(MoveError),
    /// Moves were given to a format that does not animate them (the SVG).
    NotAnimated(Format),
    /// The picture is over the pixel limit.
    TooLarge(ImageTooLarge),
    /// The picture's predicted CPU is over the limit.
    TooCostly(Box<TooCostly>),
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::Option(e) => write!(f, "{e}"),
            OrderError::Position(e) => write!(f, "{e}"),
            OrderError::Moves(e) => write!(f, "moves: {e}"),
            OrderError::NotAnimated(format) => write!(f, "moves: animated as png or gif only, not {format}"),
            OrderError::TooLarge(e) => write!(f, "{e}"),
            OrderError::TooCostly(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for OrderError {}

impl Order<'_> {
    /// The board and its options read, fitted and played: the steps every diagram goes through before its limits
    /// are checked. Links pasted through two or three encoders still read ([`ffen::parse_link`]); an Interactive
    /// Diagram definition is read once, for its board and its look, and the parameters win over its look.
    pub fn read(&self) -> Result<Diagram, OrderError> {
        let (board, options) = if self.position.dialect == Dialect::Hgm {
            let definition = ffen::read_definition_link(&self.position.ffen).map_err(OrderError::Position)?;
            let pairs = self.definition_pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
            let options = RenderOptions::from_definition(&definition.look, pairs).map_err(OrderError::Option)?;
            (definition.board, options)
        } else if let Some(start) = self.pgn_alone()? {
            (start.board, self.options.clone())
        } else {
            let board = ffen::parse_link(&self.position.ffen, self.position.dialect).map_err(OrderError::Position)?;
            (board, self.options.clone())
        };
        // The options that depend on the board (label counts, the pattern written out for it, the furniture's
        // squares) are checked and made canonical now that the board is known; then only what changes the
        // format's bytes is kept (the words drop the look).
        let mut fitted = self.format.fit(&options.for_board(&board).map_err(OrderError::Option)?);
        let playback = self.playback(&board)?;
        // (A PGN's glyphs drawn as badges count with its reading.)
        let reading_micros = match &playback {
            Some(p) => self.reading_micros(&board) + badge_micros(p.badges(), fitted.size.pixels()),
            None => 0,
        };
        // The moves' frames show their moves as `lastmove` does, in its style, also when the diagram shows none.
        if playback.is_some() {
            fitted.furniture.last_move_style = options.furniture.last_move_style;
        }
        Ok(Diagram { board, options: fitted, playback, format: self.format, reading_micros })
    }

    /// The moves played on `board` (`None` without any, and on the words' formats, which ignore them); the side
    /// to move first is the position's own (its second field, `b` for Black), White for a definition.
    ///
    /// A PGN's moves are played in place of `moves`; SAN is found on the board ([`replay::resolve`]), from the
    /// position's castling and en passant fields (a PGN's `FEN` tag where it is the start).
    fn playback(&self, board: &Board) -> Result<Option<Playback>, OrderError> {
        let position = self.position;
        let pgn = !position.pgn.trim().is_empty();
        if !self.format.is_picture() || position.moves.trim().is_empty() && !pgn {
            return Ok(None);
        }
        let (moves, start, glyphs) = match pgn {
            true => {
                let game: Pgn = position.pgn.parse().map_err(OrderError::Moves)?;
                let start = match self.pgn_alone()? {
                    Some(start) => start.fen,
                    None => position.ffen.clone(),
                };
                (game.moves, start, game.glyphs)
            }
            false => (position.moves.parse::<Moves>().map_err(OrderError::Moves)?, position.ffen.clone(), Vec::new()),
        };
        if moves.is_empty() {
            return Ok(None);
        }
        if !self.format.animates() {
            return Err(OrderError::NotAnimated(self.format));
        }
        let (first, start) = match position.dialect {
            Dialect::Hgm => (Color::White, Start::default()),
            _ => (moves::side_to_move(&start), Start::read(&start)),
        };
        let moves = replay::resolve(&moves, board, first, start).map_err(OrderError::Moves)?;
        // A GIF stores hundredths of a second: its delay is canonical in them, so equal bytes have one key.
        let delay = match self.format.animation_encoder() {
            Some(AnimationEncoder::Gif) => position.delay.in_centiseconds(),
            Some(AnimationEncoder::Apng) | None => position.delay,
        };
        let playback = Playback::new(&moves, board, first, delay).map_err(OrderError::Moves)?;
        Ok(playback.map(|playback| playback.with_glyphs(&glyphs)))
    }

    /// What reading the moves cost ([`reading_micros`]): their SAN moves on `board`, the PGN's bytes.
    fn reading_micros(&self, board: &Board) -> u64 {
        let position = self.position;
        let san = match position.pgn.trim().is_empty() {
            true => position.moves.parse::<Moves>().map_or(0, |m| {
                m.lines
                    .iter()
                    .flatten()
                    .filter(|m| m.actions.iter().any(|a| matches!(a, moves::Action::San(_))))
                    .count()
            }),
            false => position.pgn.parse::<Pgn>().map_or(0, |game| game.moves.len()),
        };
        reading_micros(san, board.width() * board.height(), position.pgn.len())
    }

    /// The start of a PGN given without `ffen`: its `FEN` tag's position, or the chess start position; `None`
    /// when there is no PGN or `ffen` is given (the diagram is the start).
    fn pgn_alone(&self) -> Result<Option<crate::notation::pgn::GameStart>, OrderError> {
        let position = self.position;
        if position.pgn.trim().is_empty() || !position.ffen.trim().is_empty() {
            return Ok(None);
        }
        let game: Pgn = position.pgn.parse().map_err(OrderError::Moves)?;
        let start = game.start().map_err(|why| MoveError::Unreadable { number: 0, text: "[FEN]".into(), why });
        start.map(Some).map_err(OrderError::Moves)
    }
}

impl Diagram {
    /// The CPU this diagram is predicted to cost ([`crate::render_cost`], [`crate::animation_cost`]): an animation's, a GIF's (drawn on the
    /// animation's path, also when still), or a still's.
    ///
    /// It includes the sprites this isolate has not drawn yet (`cost::new_sprites`), so it asks the sprite cache:
    /// the same diagram costs more in an isolate that meets its pieces for the first time.
    pub fn cost(&self) -> RenderCost {
        let lines = self.playback.as_ref().map_or(&[][..], |playback| &playback.lines[..]);
        if !self.format.is_picture() {
            return words_cost(&self.board, &self.options);
        }
        // A still the painters draw (a still GIF is an animation's first frame; without playback, `lines` is empty).
        let painted = self.playback.is_none() && !self.format.still_is_animation();
        let cost = if painted {
            render_cost(&self.board, &self.options)
        } else {
            animation_cost(&self.board, &self.options, lines, self.format)
        };
        // The SAN found on the board and the PGN read, as counted when the order was read.
        let cost = RenderCost { micros: cost.micros + self.reading_micros, ..cost };
        if !self.format.draws_pixels() {
            return cost.without_pixels();
        }
        let (shots, key) = (self.shots(), self.replay_key());
        let replay = shots.as_deref().map(|shots| Replay { shots, key: key.as_deref() });
        let (sprites, still) = new_sprites_and_bounds(&self.board, &self.options, lines, replay);
        let cost = cost.with_new_sprites(sprites);
        match still {
            Some(bounds) if painted => cost.with_still_bounds(bounds),
            _ => cost,
        }
    }

    /// Draws what `budget` microseconds allow of the sprites this isolate has not drawn yet
    /// ([`crate::output::cost::TooCostly::for_new_sprites`]): a refusal for them is then temporary.
    pub fn draw_new_sprites(&self, budget: u64) -> u64 {
        let lines = self.playback.as_ref().map_or(&[][..], |playback| &playback.lines[..]);
        let (shots, key) = (self.shots(), self.replay_key());
        let replay = shots.as_deref().map(|shots| Replay { shots, key: key.as_deref() });
        draw_new_sprites(&self.board, &self.options, (lines, replay), budget)
    }

    /// What its animation shows, as its cache key has it (the board, the options, the moves and the format), under
    /// which the squares its replay asks for are kept ([`Replay::key`]); `None` without moves (one frame is
    /// replayed at once).
    fn replay_key(&self) -> Option<String> {
        let playback = self.playback.as_ref()?;
        Some(format!(
            "{}\n{}\n{}\n{}",
            ffen::canonical(&self.board),
            self.options.canonical(),
            playback.key(),
            self.format
        ))
    }

    /// The shots of the animation this diagram is drawn as ([`Format::write_played`]: an animated PNG, or a GIF,
    /// which is drawn on the animation's path also when still); `None` for a still drawn as one.
    fn shots(&self) -> Option<Vec<Shot<'_>>> {
        let animated = match &self.playback {
            Some(_) => self.format.animates(),
            None => self.format.still_is_animation(),
        };
        let empty: (&[_], &[_]) = (&[], &[]);
        let played = self.playback.as_ref().map_or(empty, |p| (&p.lines[..], &p.glyphs[..]));
        animated.then(|| animation::shots(&self.board, played, &self.options, 0))
    }

    /// Whether a picture is within the pixel limit and, where there is one, the CPU limit: `Ok` with the cost
    /// predicted when a limit was checked. Words are never refused for the size their picture would have, but are
    /// for their own cost (`cost::words_cost`).
    pub fn check(&self, pixels: PixelLimit, cpu: Option<CostLimit>) -> Result<Option<RenderCost>, OrderError> {
        if self.format.is_picture() {
            check_image_size_within(&self.board, &self.options, pixels).map_err(OrderError::TooLarge)?;
        }
        let Some(limit) = cpu else { return Ok(None) };
        let cost = self.cost();
        limit.check(cost).map_err(OrderError::TooCostly)?;
        Ok(Some(cost))
    }

    /// The bytes of this diagram in its format ([`Format::write_played`]).
    pub fn write(&self) -> Result<Vec<u8>, WriteError> {
        self.format.write_played(&self.board, &self.options, self.playback.as_ref())
    }
}
