//! `ffen-render`: draws an FFEN diagram to a file on the host, as the Worker serves it.
//!
//! ```text
//! ffen-render '<FFEN>' -o OUTPUT [--format FORMAT] [--PARAMETER VALUE …]
//! ffen-render - --dialect hgm -o out.png < definition.txt
//! ffen-render --message 'text' -o out.png
//! ```
//! Every query parameter of the modern route is a flag (`--size 60`, `--flip`, `--first-rank 0`: the name with `-`
//! for `_`), read by the same declarations ([`ffen_diagram::params`]), so the CLI draws exactly what the Worker
//! serves; `ffen-render --help` lists them. With `--dialect hgm` the position is an Interactive Diagram definition,
//! whose look the other flags override, as on the Worker; `-` as the position reads it from standard input
//! (definitions span lines). `--format` names the output by its extension, one of [`Format::ALL`] as the usage
//! lists them (`png`, the default; the words `txt` and `json` are docs/words.md's; `--svg` is `--format svg`);
//! `--moves` animates the PNG or the GIF (docs/animation.md); `-o -` writes to standard output. `--message` draws
//! the error card.

#![warn(clippy::too_many_lines)]

use ffen_diagram::params::{self, Cli, Param, PositionQuery, QueryError, OPTION_PARAMS, POSITION_PARAMS};
use ffen_diagram::pipeline::{Order, OrderError};
use ffen_diagram::{ffen, Format, OptionError, PixelLimit, RenderOptions};
use std::io::Write;
use std::process::ExitCode;

fn usage() -> String {
    let formats: Vec<&str> = Format::ALL.iter().map(|format| format.extension()).collect();
    format!(
        "usage: ffen-render '<FFEN>' -o OUTPUT [--format {}]\n{}\n       \
         ffen-render - --dialect hgm -o out.png < definition.txt\n       \
         ffen-render --message 'text' -o out.png",
        formats.join("|"),
        params::cli_usage(19, 118)
    )
}

/// What the command line asks for.
#[derive(Default)]
struct Args {
    output: Option<String>,
    message: Option<String>,
    format: Format,
    /// The position and every parameter flag, as query pairs.
    pairs: Vec<(String, String)>,
}

/// The parameter whose flag is `arg`, and whether it takes a value.
fn flag_of<T>(table: &'static [Param<T>], arg: &str) -> Option<(&'static str, bool)> {
    let param = table.iter().find(|p| !matches!(p.cli, Cli::Positional(_)) && p.flag() == arg)?;
    Some((param.name, matches!(param.cli, Cli::Value(_))))
}

fn parse_args(args: Vec<String>) -> Result<Args, String> {
    let mut parsed = Args::default();
    let mut position: Option<String> = None;
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value\n{}", usage()));
        match arg.as_str() {
            "-h" | "--help" => return Err(usage()),
            "-o" | "--output" => parsed.output = Some(value("-o")?),
            "--message" => parsed.message = Some(value("--message")?),
            "--svg" => parsed.format = Format::Svg,
            "--format" => {
                let name = value("--format")?;
                parsed.format = name.parse().map_err(|e| format!("--format {name:?}: {e}"))?;
            }
            _ => match flag_of(&POSITION_PARAMS, &arg).or_else(|| flag_of(&OPTION_PARAMS, &arg)) {
                Some((name, true)) => parsed.pairs.push((name.to_string(), value(&arg)?)),
                Some((name, false)) => parsed.pairs.push((name.to_string(), "1".to_string())),
                None if arg.starts_with('-') && arg.len() > 1 && position.is_some() => {
                    return Err(format!("unknown option {arg}\n{}", usage()))
                }
                None if position.is_none() => position = Some(arg),
                None => return Err(format!("unexpected argument {arg:?}\n{}", usage())),
            },
        }
    }
    if let Some(text) = position {
        parsed.pairs.insert(0, (POSITION_PARAMS[0].name.to_string(), text));
    }
    Ok(parsed)
}

/// What a parameter error says on the command line: the flag, then the parameter's own message.
fn flag_error(e: OptionError) -> String {
    format!("--{}: {e}", e.parameter.replace('_', "-"))
}

fn query_error(error: QueryError) -> String {
    match error {
        QueryError::Missing { .. } => format!("missing FFEN\n{}", usage()),
        QueryError::Bad(e) => flag_error(e),
    }
}

/// The diagram the parameters ask for, in `format`: read into an [`Order`] as the Worker reads a link's query, then
/// through the Worker's own pipeline ([`ffen_diagram::pipeline`]), within the built-in pixel limit (no CPU limit).
fn draw(pairs: &[(&str, &str)], format: Format) -> Result<Vec<u8>, String> {
    let mut position = PositionQuery::default();
    params::read(&POSITION_PARAMS, &mut position, pairs).map_err(query_error)?;
    // A flag given by hand that could change nothing is a mistake worth saying (a link's `width` is ignored).
    if pairs.iter().any(|(k, _)| *k == "width") && !matches!(position.dialect, ffen::Dialect::Courier { .. }) {
        return Err(format!("--width is the board width of --dialect courier\n{}", usage()));
    }
    if position.ffen == "-" {
        position.ffen.clear();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut position.ffen).map_err(|e| format!("stdin: {e}"))?;
    }
    let mut options = RenderOptions::default();
    params::read(&OPTION_PARAMS, &mut options, pairs).map_err(query_error)?;
    // Every flag: the pipeline reads them over a definition's look, and ignores them for every other dialect.
    let definition_pairs: Vec<(String, String)> = pairs.iter().map(|&(k, v)| (k.to_string(), v.to_string())).collect();
    let hgm = position.dialect == ffen::Dialect::Hgm;
    let order = Order { position: &position, options: &options, definition_pairs: &definition_pairs, format };
    let diagram = order.read().map_err(|e| order_error(e, hgm))?;
    diagram.check(PixelLimit::BUILT_IN, None).map_err(|e| order_error(e, hgm))?;
    diagram.write().map_err(|e| match e.is_client_error() {
        true => e.to_string(),
        false => format!("internal error: {e}"),
    })
}

/// What a refused order says on the command line: the flag or the input it is about, then the message.
fn order_error(error: OrderError, definition: bool) -> String {
    match error {
        OrderError::Option(e) => flag_error(e),
        OrderError::Position(e) if definition => format!("definition: {e}"),
        OrderError::Position(e) => format!("FFEN: {e}"),
        OrderError::Moves(_) | OrderError::NotAnimated(_) => format!("--{error}"),
        OrderError::TooLarge(_) | OrderError::TooCostly(_) => error.to_string(),
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let args = parse_args(args)?;
    let output = args.output.ok_or_else(|| format!("missing -o OUTPUT\n{}", usage()))?;
    let bytes = match args.message {
        Some(message) => ffen_diagram::message_png(&message).map_err(|e| format!("internal error: {e}"))?,
        None => {
            let pairs: Vec<(&str, &str)> = args.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            draw(&pairs, args.format)?
        }
    };
    if output == "-" {
        std::io::stdout().write_all(&bytes).map_err(|e| format!("stdout: {e}"))
    } else {
        std::fs::write(&output, &bytes).map_err(|e| format!("{output}: {e}"))
    }
}

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("ffen-render: {e}");
            ExitCode::from(2)
        }
    }
}
