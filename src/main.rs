//! `ffen-render`: renders an FFEN diagram to a PNG file on the host.
//!
//! ```text
//! ffen-render '<FFEN>' -o out.png [--size N] [--flip] [--coords] [--theme T] [--light RRGGBB] [--dark RRGGBB]
//!             [--colors C] [--board PATTERN] [--files L] [--ranks L] [--first-rank N] [--rim C]
//!             [--coord-color C] [--hole C] [--borders] [--dialect janko|bodlaender|courier|xfen|hgm] [--width N] [--svg]
//!             [--count] [--title TEXT] [--caption TEXT] [--squares LIST] [--arrows LIST] [--lastmove FROMTO]
//! ffen-render --message 'text' -o out.png
//! ```
//! The options are the URL parameters of the Worker (`size`, `flip`, `coords`, `theme`, `light`, `dark`, the look
//! parameters, and the furniture `count`, `title`, `caption`, `squares`, `arrows`, `lastmove`) and read by the same
//! code, so the CLI draws exactly what the Worker serves (`--first-rank` is `first_rank`, `--coord-color` is
//! `coord_color`). `--width` is Game Courier's board width (`--dialect courier`, default 8).
//! With `--dialect hgm` the position is an Interactive Diagram definition, whose look the other options override,
//! as on the Worker; `-` as the position reads it from standard input (definitions span lines). `--svg` writes the SVG of `/diagram.svg` instead of the PNG. `-o -` writes to standard output.

#![warn(clippy::too_many_lines)]

use ffen_diagram::ffen::{self, Dialect, Width};
use ffen_diagram::RenderOptions;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str =
    "usage: ffen-render '<FFEN>' -o out.png [--size N] [--flip] [--coords] [--theme gray|print|brown|blue|green]
                   [--light RRGGBB] [--dark RRGGBB] [--colors C] [--board PATTERN] [--files L] [--ranks L]
                   [--first-rank N] [--rim C] [--coord-color C] [--hole C] [--borders]
                   [--dialect janko|bodlaender|courier|xfen|hgm] [--width N] [--svg]
                   [--count] [--title TEXT] [--caption TEXT] [--squares LIST] [--arrows LIST] [--lastmove FROMTO]
       ffen-render - --dialect hgm -o out.png < definition.txt
       ffen-render --message 'text' -o out.png";

fn run(args: Vec<String>) -> Result<(), String> {
    let mut ffen: Option<String> = None;
    let mut message: Option<String> = None;
    let mut output: Option<String> = None;
    let mut dialect = Dialect::Janko;
    let mut width: Option<Width> = None;
    let mut svg = false;
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value\n{USAGE}"));
        match arg.as_str() {
            "-h" | "--help" => return Err(USAGE.to_string()),
            "-o" | "--output" => output = Some(value("-o")?),
            "--message" => message = Some(value("--message")?),
            "--dialect" => {
                let name = value("--dialect")?;
                dialect = name.parse().map_err(|e| format!("--dialect {name:?}: {e}"))?;
            }
            "--width" => {
                let files = value("--width")?;
                width = Some(files.parse().map_err(|e| format!("--width {files:?}: {e}"))?);
            }
            "--svg" => svg = true,
            "--flip" | "--coords" | "--borders" | "--count" => pairs.push((arg[2..].to_string(), "1".to_string())),
            "--size" | "--theme" | "--light" | "--dark" | "--colors" | "--board" | "--files" | "--ranks"
            | "--first-rank" | "--rim" | "--coord-color" | "--hole" | "--title" | "--caption" | "--squares"
            | "--arrows" | "--lastmove" => {
                let v = value(&arg)?;
                pairs.push((arg[2..].replace('-', "_"), v));
            }
            _ if arg.starts_with('-') && arg.len() > 1 && ffen.is_some() => {
                return Err(format!("unknown option {arg}\n{USAGE}"))
            }
            _ if ffen.is_none() => ffen = Some(arg),
            _ => return Err(format!("unexpected argument {arg:?}\n{USAGE}")),
        }
    }
    if let Some(width) = width {
        match dialect {
            Dialect::Courier { .. } => dialect = Dialect::Courier { width },
            _ => return Err(format!("--width is the board width of --dialect courier\n{USAGE}")),
        }
    }
    let output = output.ok_or_else(|| format!("missing -o OUTPUT\n{USAGE}"))?;
    let png = if let Some(message) = message {
        ffen_diagram::message_png(&message).map_err(|e| format!("internal error: {e}"))?
    } else {
        let mut ffen = ffen.ok_or_else(|| format!("missing FFEN\n{USAGE}"))?;
        if ffen == "-" {
            ffen.clear();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut ffen).map_err(|e| format!("stdin: {e}"))?;
        }
        let pairs = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        let (board, options) = if dialect == Dialect::Hgm {
            let definition = ffen::read_definition(&ffen).map_err(|e| format!("definition: {e}"))?;
            (definition.board, RenderOptions::from_definition(&definition.look, pairs))
        } else {
            (ffen::parse(&ffen, dialect).map_err(|e| format!("FFEN: {e}"))?, RenderOptions::from_pairs(pairs))
        };
        let options = options.map_err(|e| e.to_string())?;
        let options = options.for_board(&board).map_err(|e| e.to_string())?;
        ffen_diagram::check_image_size(&board, &options).map_err(|e| e.to_string())?;
        if svg {
            ffen_diagram::render_svg(&board, &options).into_bytes()
        } else {
            ffen_diagram::render_png(&board, &options).map_err(|e| format!("internal error: {e}"))?
        }
    };
    if output == "-" {
        std::io::stdout().write_all(&png).map_err(|e| format!("stdout: {e}"))
    } else {
        std::fs::write(&output, &png).map_err(|e| format!("{output}: {e}"))
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
