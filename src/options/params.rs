//! Every query parameter of the modern route, declared once.
//!
//! A [`Param`] names a parameter (and its aliases), says how it is read, how it is written back into the modern
//! link and into the cache key, which flag the CLI gives it, and what the documentation says of it; and it carries
//! its rules: what it changes ([`Changes`]: the picture, the piece list, Popeye's input, the text's form), when it
//! is idle on a board ([`Idle`]), whether the palette painter draws it ([`PaletteSafe`]), and a few good values
//! for the generated tests. Two tables hold them all: [`POSITION_PARAMS`] (the position's text, its dialect, Game
//! Courier's width, the moves an animation plays and their delay: `params/position.rs`) and [`OPTION_PARAMS`] (how
//! the board is drawn: the look, `params/look.rs`, and the furniture and the words, `params/furniture.rs`); each
//! entry is also a `pub const` of its own ([`THEME`], [`CAPTION`], …), which the link families name. Everything
//! else follows from the tables:
//!
//! - reading ([`read`]): each parameter takes the last value of its name, else of its first alias given; a
//!   required parameter's absence is named before any value is read; the values are read in table order, so the
//!   first bad value in that order is the error, and it names its parameter;
//! - [`RenderOptions::link_pairs`] (the `Link: rel="canonical"` header, the editor) and
//!   [`RenderOptions::canonical`] (the cache key);
//! - what fitting the options to a board drops (`RenderOptions::for_board`, through each declaration's [`Idle`]),
//!   what an output keeps ([`RenderOptions::keeping`], through [`Changes`]), and which painter draws a diagram
//!   ([`palette_draws`], through [`PaletteSafe`]);
//! - the CLI's flags and usage ([`cli_usage`]), and the parameter table of `docs/parameters.md`
//!   ([`markdown_table`], checked by a test).
//!
//! A new parameter is a field where it is stored, one declaration in a table, what draws it, and its tests.
//!
//! ```
//! use ffen_diagram::params::{read, OPTION_PARAMS};
//! use ffen_diagram::RenderOptions;
//! let mut options = RenderOptions::default();
//! read(&OPTION_PARAMS, &mut options, &[("size", "20"), ("size", "60"), ("flip", "yes")]).unwrap();
//! assert_eq!(options.canonical(), "s60.f1.c0.gray");
//! assert_eq!(options.link_pairs(), [("size", "60".to_string()), ("flip", "1".to_string())]);
//! ```

mod furniture;
mod look;
mod param;
mod position;
mod values;

pub use furniture::{
    ARROWS, CAPTION, CHECK, COUNT, FORM, LANG, LASTMOVE, LASTMOVE_STYLE, SQUARES, SQUARES_COLOR, SQUARES_STYLE, TITLE,
};
pub use look::{
    BLACK_FILL, BOARD, BORDERS, COLORS, COORDS, COORD_COLOR, DARK, FILES, FIRST_RANK, FLIP, HOLE, LIGHT, PIECE, RANKS,
    RIM, SIZE, THEME, WHITE_FILL,
};
pub use param::{Changes, Cli, Idle, PaletteSafe, Param};
pub use position::{Delay, PositionQuery, DELAY, DIALECT, FFEN, MOVES, PGN, PLAYBACK_KEY, POSITION_PARAMS, WIDTH};

use crate::notation::board::Board;
use crate::options::error::OptionError;
use crate::options::render_options::RenderOptions;
use std::fmt::Write as _;

/// Why a query cannot be read: a required parameter is absent, or a value is bad.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// A required parameter is absent: its name and aliases.
    Missing {
        /// The parameter's name.
        name: &'static str,
        /// Its aliases.
        aliases: &'static [&'static str],
    },
    /// A value the parameter cannot take.
    Bad(OptionError),
}

/// Reads `pairs` into `target` with `params`: required parameters checked first, then each parameter's value
/// ([`Param::value_in`]) read in table order; parameters not in the table are ignored.
pub fn read<T>(params: &[Param<T>], target: &mut T, pairs: &[(&str, &str)]) -> Result<(), QueryError> {
    if let Some(missing) = params.iter().find(|p| p.required && p.value_in(pairs).is_none()) {
        return Err(QueryError::Missing { name: missing.name, aliases: missing.aliases });
    }
    for param in params {
        if let Some(value) = param.value_in(pairs) {
            (param.read)(target, value).map_err(QueryError::Bad)?;
        }
    }
    Ok(())
}

/// How the board is drawn, in the order of the cache key's segments and of the modern link's parameters.
pub static OPTION_PARAMS: [Param<RenderOptions>; 30] = [
    SIZE,
    FLIP,
    COORDS,
    THEME,
    LIGHT,
    DARK,
    COLORS,
    BOARD,
    FILES,
    RANKS,
    FIRST_RANK,
    RIM,
    COORD_COLOR,
    HOLE,
    BORDERS,
    WHITE_FILL,
    BLACK_FILL,
    PIECE,
    COUNT,
    TITLE,
    CAPTION,
    SQUARES,
    ARROWS,
    LASTMOVE,
    CHECK,
    LASTMOVE_STYLE,
    SQUARES_STYLE,
    SQUARES_COLOR,
    LANG,
    FORM,
];

/// The cache key's options with `params`: each parameter's segment in table order, separated by `.`
/// ([`RenderOptions::canonical`] with [`OPTION_PARAMS`]).
pub fn canonical_with(params: &[Param<RenderOptions>], options: &RenderOptions) -> String {
    let segments: Vec<String> = params.iter().filter_map(|p| p.key(options)).collect();
    segments.join(".")
}

/// Whether the palette painter draws every parameter of `params` as `options` set them ([`Param::palette_draws`]):
/// the part of `draw::indexed::indexed_path_applies` that is the options'.
pub fn palette_draws(params: &[Param<RenderOptions>], options: &RenderOptions) -> bool {
    params.iter().all(|p| p.palette_draws(options))
}

/// Puts back at its default every parameter of `params` that is idle on `board` with `options`, each judged on the
/// options as given (so that no reset decides another's).
pub fn drop_idle(params: &[Param<RenderOptions>], board: &Board, options: &mut RenderOptions) {
    let idle: Vec<&Param<RenderOptions>> = params.iter().filter(|p| p.is_idle(board, options)).collect();
    for param in idle {
        (param.reset)(options);
    }
}

/// `options` with every parameter of `params` that changes nothing of `shown` put back at its default.
pub fn keeping_with(params: &[Param<RenderOptions>], options: &RenderOptions, shown: Changes) -> RenderOptions {
    let mut kept = options.clone();
    for param in params.iter().filter(|p| !p.changes.meets(shown)) {
        (param.reset)(&mut kept);
    }
    kept
}

/// Reading and writing the options through [`OPTION_PARAMS`].
impl RenderOptions {
    /// Options from query pairs such as `[("size", "60"), ("flip", "1")]`; unknown keys are ignored, the last of a
    /// repeated key wins, missing keys keep their defaults.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<RenderOptions, OptionError> {
        let mut options = RenderOptions::default();
        options.read_pairs(pairs)?;
        Ok(options)
    }

    /// Reads `pairs` over these options, as [`RenderOptions::from_pairs`] reads them over the defaults: each
    /// parameter of [`OPTION_PARAMS`] takes its last value.
    pub(crate) fn read_pairs<'a>(
        &mut self,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<(), OptionError> {
        let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        read(&OPTION_PARAMS, self, &pairs).map_err(|e| match e {
            QueryError::Bad(e) => e,
            // No option is required.
            QueryError::Missing { name, .. } => OptionError::new(name, "", "a value"),
        })
    }

    /// The modern link's query parameters that give these options (none at the defaults), in the order of
    /// [`OPTION_PARAMS`]: what the `Link: rel="canonical"` header of a diagram and the editor write.
    /// [`RenderOptions::from_pairs`] reads them back to `self`.
    ///
    /// ```
    /// use ffen_diagram::RenderOptions;
    /// let options = RenderOptions::from_pairs([("size", "90"), ("flip", "yes"), ("light", "#F0D9B5")]).unwrap();
    /// let pairs = options.link_pairs();
    /// assert_eq!(pairs, [("size", "90".to_string()), ("flip", "1".to_string()), ("light", "f0d9b5".to_string())]);
    /// let again = RenderOptions::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
    /// assert_eq!(again, options);
    /// ```
    pub fn link_pairs(&self) -> Vec<(&'static str, String)> {
        OPTION_PARAMS.iter().filter_map(|p| Some((p.name, p.link(self)?))).collect()
    }

    /// A short stable text form for the cache key, e.g. `s40.f0.c0.gray` or `s60.f1.c1.print.l=ffffff.d=b0b0b0`:
    /// options that draw the same picture give equal strings, different ones different strings. Each parameter of
    /// [`OPTION_PARAMS`] gives its segment in table order, separated by `.`; none of their values holds `.` (the
    /// look values print none, [`TextLines::canonical`](crate::TextLines::canonical) percent-encodes it), so the
    /// string is injective.
    pub fn canonical(&self) -> String {
        canonical_with(&OPTION_PARAMS, self)
    }

    /// These options with only what changes `shown` kept, every other parameter at its default: what an output
    /// that shows `shown` keys and links (`Format::fit`).
    ///
    /// ```
    /// use ffen_diagram::params::Changes;
    /// use ffen_diagram::RenderOptions;
    /// let options = RenderOptions::from_pairs([("size", "60"), ("lang", "de"), ("caption", "#2")]).unwrap();
    /// assert_eq!(options.keeping(Changes::PICTURE).canonical(), "s60.f0.c0.gray.caption=#2");
    /// assert_eq!(options.keeping(Changes::LIST).canonical(), "s40.f0.c0.gray.caption=#2.lang=de");
    /// ```
    pub fn keeping(&self, shown: Changes) -> RenderOptions {
        keeping_with(&OPTION_PARAMS, self, shown)
    }

    /// Puts back at its default every parameter that cannot show on `board` ([`Param::idle`]): part of
    /// [`RenderOptions::for_board`].
    pub(crate) fn drop_idle(&mut self, board: &Board) {
        drop_idle(&OPTION_PARAMS, board, self);
    }
}

/// The usage of the CLI's flags for every parameter, wrapped at `width` characters after `indent` spaces.
pub fn cli_usage(indent: usize, width: usize) -> String {
    usage_of(&POSITION_PARAMS, &OPTION_PARAMS, indent, width)
}

/// The usage of the CLI's flags for the parameters of two tables ([`cli_usage`] with [`POSITION_PARAMS`] and
/// [`OPTION_PARAMS`]).
pub fn usage_of(
    position: &[Param<PositionQuery>],
    options: &[Param<RenderOptions>],
    indent: usize,
    width: usize,
) -> String {
    let words = position.iter().map(cli_word).chain(options.iter().map(cli_word));
    let mut out = String::new();
    let mut line = String::new();
    for word in words.filter(|w| !w.is_empty()) {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            let _ = writeln!(out, "{:indent$}{line}", "");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    let _ = write!(out, "{:indent$}{line}", "");
    out
}

/// One parameter in the CLI's usage: `[--size N]`, `[--flip]`; empty for the positional one.
fn cli_word<T>(param: &Param<T>) -> String {
    match param.cli {
        Cli::Positional(_) => String::new(),
        Cli::Switch => format!("[{}]", param.flag()),
        Cli::Value(meta) => format!("[{} {meta}]", param.flag()),
    }
}

/// The parameter table of `docs/parameters.md`: every parameter with its values, default, CLI flag and purpose.
pub fn markdown_table() -> String {
    let mut out = String::from("| parameter | values | default | CLI | what |\n|---|---|---|---|---|\n");
    let mut row = |name: &str, aliases: &[&str], cli: String, values: &str, default: &str, about: &str| {
        let names: Vec<String> =
            std::iter::once(name).chain(aliases.iter().copied()).map(|n| format!("`{n}`")).collect();
        let _ = writeln!(out, "| {} | {values} | {default} | {cli} | {about} |", names.join(", "));
    };
    for p in &POSITION_PARAMS {
        let cli = match p.cli {
            Cli::Positional(meta) => format!("`<{meta}>`"),
            _ => format!("`{}`", cli_word(p).trim_matches(['[', ']'])),
        };
        row(p.name, p.aliases, cli, p.values, p.default, p.about);
    }
    for p in &OPTION_PARAMS {
        let cli = format!("`{}`", cli_word(p).trim_matches(['[', ']']));
        row(p.name, p.aliases, cli, p.values, p.default, p.about);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::ffen::{Dialect, Width};

    #[test]
    fn every_name_is_declared_once() {
        let mut names: Vec<&str> =
            POSITION_PARAMS.iter().flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied())).collect();
        names.extend(OPTION_PARAMS.iter().flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied())));
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");
    }

    #[test]
    fn the_last_value_of_a_name_wins_and_the_name_wins_over_its_alias() {
        let ffen = &POSITION_PARAMS[0];
        assert_eq!(ffen.value_in(&[("fen", "a"), ("ffen", "b"), ("ffen", "c"), ("fen", "d")]), Some("c"));
        assert_eq!(ffen.value_in(&[("fen", "a"), ("fen", "d")]), Some("d"));
        assert_eq!(ffen.value_in(&[("ff", "a")]), None);
    }

    #[test]
    fn a_missing_required_parameter_is_named_before_any_value_is_read() {
        let mut query = PositionQuery::default();
        let error = read(&POSITION_PARAMS, &mut query, &[("dialect", "klingon")]).unwrap_err();
        assert_eq!(error, QueryError::Missing { name: "ffen", aliases: &["fen"] });
    }

    #[test]
    fn width_is_read_only_for_game_courier() {
        let read_width = |pairs: &[(&str, &str)]| {
            let mut query = PositionQuery::default();
            read(&POSITION_PARAMS, &mut query, pairs).map(|()| query.dialect)
        };
        assert_eq!(read_width(&[("ffen", "8"), ("width", "x")]), Ok(Dialect::Janko));
        let courier = Dialect::Courier { width: Width::new(10).unwrap() };
        assert_eq!(read_width(&[("ffen", "8"), ("width", " 10 "), ("dialect", "courier")]), Ok(courier));
        let Err(QueryError::Bad(e)) = read_width(&[("ffen", "8"), ("width", "0"), ("dialect", "courier")]) else {
            panic!()
        };
        assert_eq!(e.parameter, "width");
    }

    #[test]
    fn cli_usage_names_every_flag() {
        let usage = cli_usage(4, 100);
        for p in &OPTION_PARAMS {
            assert!(usage.contains(&p.flag()), "{}", p.name);
        }
        assert!(usage.contains("[--first-rank N]") && usage.contains("[--flip]") && usage.contains("[--dialect NAME]"));
        assert!(usage.lines().all(|l| l.len() <= 100), "{usage}");
    }

    /// Each declaration's `reset` puts back exactly its own default, and its samples are good values that set it:
    /// what `for_board` and `Format::fit` rely on when they put a parameter back.
    #[test]
    fn each_reset_puts_its_parameter_back_at_its_default_and_each_sample_sets_it() {
        let default = RenderOptions::default();
        for p in &OPTION_PARAMS {
            let mut changed = false;
            for sample in p.samples {
                let mut options = RenderOptions::default();
                (p.read)(&mut options, sample).unwrap_or_else(|e| panic!("{} {sample:?}: {e}", p.name));
                changed |= options != default;
                let others: Vec<Option<String>> = OPTION_PARAMS.iter().map(|q| q.key(&options)).collect();
                (p.reset)(&mut options);
                assert_eq!(options, default, "{} {sample:?}", p.name);
                // Only its own segment of the key can have changed.
                for (q, before) in OPTION_PARAMS.iter().zip(others) {
                    assert!(q.name == p.name || q.key(&default) == before, "{} {sample:?} set {}", p.name, q.name);
                }
            }
            assert!(changed, "{}: no sample sets it", p.name);
        }
    }

    /// The moves' line of an animation's key and its link come from the declarations of `moves` and `delay`.
    #[test]
    fn the_moves_and_their_delay_are_keyed_and_linked_by_their_declarations() {
        let query =
            PositionQuery { moves: "e2e4 e7e5".to_string(), delay: Delay::new(250).unwrap(), ..Default::default() };
        let line: Vec<String> = PLAYBACK_KEY.iter().filter_map(|p| p.key(&query)).collect();
        assert_eq!(line.join(" "), "d250 e2e4 e7e5");
        let links: Vec<(&str, String)> =
            POSITION_PARAMS.iter().filter_map(|p| Some((p.name, p.link(&query)?))).collect();
        assert_eq!(links, [("moves", "e2e4 e7e5".to_string()), ("delay", "250".to_string())]);
        let at_default = PositionQuery { delay: Delay::DEFAULT, ..query };
        assert_eq!(DELAY.link(&at_default), None);
        assert_eq!(DELAY.key(&at_default).as_deref(), Some("d1000"));
    }

    /// `docs/parameters.md` holds the table [`markdown_table`] makes, between its two markers: the documentation
    /// is the declarations' (`UPDATE_DOCS=1 cargo test --lib params` writes it there).
    #[test]
    fn the_documented_table_is_the_declared_one() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/parameters.md");
        let doc = std::fs::read_to_string(path).unwrap();
        let (begin, end) = ("<!-- parameters: made by params::markdown_table -->\n", "<!-- parameters: end -->");
        let start = doc.find(begin).expect("the begin marker") + begin.len();
        let stop = start + doc[start..].find(end).expect("the end marker");
        if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v != "0") {
            std::fs::write(path, format!("{}{}{}", &doc[..start], markdown_table(), &doc[stop..])).unwrap();
            return;
        }
        assert!(
            doc[start..stop] == markdown_table(),
            "docs/parameters.md's table is stale: UPDATE_DOCS=1 cargo test --lib params"
        );
    }
}
