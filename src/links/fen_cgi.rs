//! H. G. Muller's diagram script `fen.cgi` (chessvariants.com, before its successor `fen2.php`), as its author
//! describes it (chessvariants.com comment 37054, 2018): `…/fen.cgi?f=<FEN>&s=<square size>&l=<light>&d=<dark>`,
//! with `w` and `b` for the pieces' fill colours. The FEN is XBoard's, on any board up to 32×32: its piece letters
//! are XBoard's (`A` the archbishop, `C` the chancellor, …: WinBoard's `/pieceToCharTable` order), not janko's
//! (where `C` is a circle marker), and its empty runs are whole numbers (`10`). HGM's pieces are outline images
//! filled with a colour, the black ones the same outlines filled with the black colour: `w` and `b` are our
//! `white_fill` and `black_fill` (each piece of that side drawn as our white piece tinted to it; white and black
//! themselves are our pieces as they are). Every other parameter is ignored.

use super::{ends_with_any, pixels, Family, FamilyLink, LinkError, Options, Pairs};
use crate::notation::board::MAX_BOARD_SIDE;
use crate::notation::ffen::Dialect;
use crate::notation::paint::Paint;
use crate::options::params;
use crate::output::format::Format;

pub(super) static FAMILY: Family = Family {
    name: "HGM fen.cgi",
    form: "…/fen.cgi?f=<FEN>",
    at: |path| ends_with_any(path, &["/fen.cgi"]),
    read: |url| read(&url.pairs),
};

/// XBoard's letters beyond the orthodox six, as WinBoard's documentation of `/pieceToCharTable` names them, with the
/// fairy names they are drawn under (a name our fairy table lacks draws as a labelled disc, as janko's unknown names
/// do). `I` and `J` (the promoted bishop and rook of Shogi) are its dragon horse and dragon king.
const XBOARD_PIECES: [(char, &str); 16] = [
    ('F', "ferz"),
    ('E', "alfil"),
    ('A', "archbishop"),
    ('C', "chancellor"),
    ('W', "wazir"),
    ('M', "man"),
    ('O', "cannon"),
    ('H', "nightrider"),
    ('I', "dragonhorse"),
    ('J', "dragonking"),
    ('G', "grasshopper"),
    ('D', "dabbaba"),
    ('V', "falcon"),
    ('L', "lance"),
    ('S', "snake"),
    ('U', "unicorn"),
];

/// HGM's look where the link is silent: the Interactive Diagrams' white and `#E0E0E0` squares with lines between
/// them and black holes (the same author's diagrams on the same site).
const DEFAULT_LIGHT: &str = "ffffff";
const DEFAULT_DARK: &str = "e0e0e0";

fn read(pairs: &Pairs<'_>) -> Result<FamilyLink, LinkError> {
    let fen = pairs.get(&["f"]).filter(|f| !f.is_empty()).ok_or(LinkError::Missing(&FAMILY))?;
    let ffen = to_janko(fen)?;
    let mut options = Options::default();
    if let Some(size) = pairs.get(&["s"]).and_then(pixels) {
        options.square(size, "s");
    }
    for (theirs, modern, default) in [("l", &params::LIGHT, DEFAULT_LIGHT), ("d", &params::DARK, DEFAULT_DARK)] {
        let colour = pairs.get(&[theirs]).and_then(colour).unwrap_or_else(|| default.to_string());
        options.set(modern, colour, theirs);
    }
    // The pieces' fills, where the link gives a colour (else the script's own pieces: ours as they are).
    for (theirs, modern) in [("w", &params::WHITE_FILL), ("b", &params::BLACK_FILL)] {
        if let Some(fill) = pairs.get(&[theirs]).and_then(colour) {
            options.set(modern, fill, theirs);
        }
    }
    // Squares that are not there (`*`) are black, as in HGM's diagrams; the key drops this on a board without any.
    options.set(&params::BORDERS, "1", "f").set(&params::HOLE, "000000", "f");
    Ok(FamilyLink { ffen, dialect: Dialect::Janko, options: options.build()?, format: Format::Png })
}

/// A colour as the script's forms send it: `RRGGBB` or `#RRGGBB`, `RGB`, or a CSS name; `None` for anything else
/// (the script drew its default).
fn colour(text: &str) -> Option<String> {
    let text = text.strip_prefix('#').unwrap_or(text);
    let long: String;
    let text = if text.len() == 3 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        long = text.chars().flat_map(|c| [c, c]).collect();
        &long
    } else {
        text
    };
    match text.parse::<Paint>() {
        Ok(Paint::Solid(rgb)) => Some(rgb.to_string()),
        _ => None,
    }
}

/// The board field of an XBoard FEN (up to the first space; a holdings field `[…]` and promoted marks `~` and `+`
/// dropped) written in the janko dialect: orthodox letters as they are, XBoard's fairy letters as `[name:w]` /
/// `[name:b]`, `*` (a square that is not there) as a hole, and each empty run as digits that janko reads singly.
/// The ranks must be equally wide and at most [`MAX_BOARD_SIDE`] squares; an error names the column of `f`.
fn to_janko(fen: &str) -> Result<String, LinkError> {
    let field = fen.split([' ', '_']).next().unwrap_or("");
    let field = field.split('[').next().unwrap_or("");
    let bad = |message: String| LinkError::BadPosition { family: &FAMILY, parameter: "f", message };
    let mut out = String::new();
    let mut widths: Vec<usize> = vec![0];
    let mut run = 0usize;
    let flush = |run: &mut usize, out: &mut String| {
        for _ in 0..*run / 9 {
            out.push('9');
        }
        if !run.is_multiple_of(9) {
            out.push(char::from(b'0' + (*run % 9) as u8));
        }
        *run = 0;
    };
    for (index, c) in field.chars().enumerate() {
        let column = index + 1;
        if let Some(digit) = c.to_digit(10) {
            run = run.saturating_mul(10).saturating_add(digit as usize);
            if run > MAX_BOARD_SIDE {
                return Err(bad(format!("a run of more than {MAX_BOARD_SIDE} empty squares at column {column}")));
            }
            continue;
        }
        *widths.last_mut().expect("one rank at least") += run;
        flush(&mut run, &mut out);
        match c {
            '/' => {
                out.push('/');
                widths.push(0);
                continue;
            }
            '~' | '+' => continue,
            '*' => out.push_str("[-]"),
            'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k' => out.push(c),
            _ => {
                let name = XBOARD_PIECES.iter().find(|(letter, _)| *letter == c.to_ascii_uppercase()).map(|p| p.1);
                let Some(name) = name else {
                    return Err(bad(format!(
                        "{c:?} at column {column} is no XBoard piece letter (PNBRQK, FEACWMOHIJGDVLSU, lower case for \
                         Black), digit, '*' or '/'"
                    )));
                };
                let colour = if c.is_ascii_uppercase() { 'w' } else { 'b' };
                out.push_str(&format!("[{name}:{colour}]"));
            }
        }
        *widths.last_mut().expect("one rank at least") += 1;
    }
    *widths.last_mut().expect("one rank at least") += run;
    flush(&mut run, &mut out);
    check_shape(&widths).map_err(bad)?;
    Ok(out)
}

/// The ranks' widths are one width of 1 to [`MAX_BOARD_SIDE`] squares, and there are at most as many ranks.
fn check_shape(widths: &[usize]) -> Result<(), String> {
    let first = widths[0];
    if let Some((rank, width)) = widths.iter().enumerate().find(|(_, w)| **w != first) {
        return Err(format!("rank {} from the top has {width} squares, the first has {first}", rank + 1));
    }
    if first == 0 || first > MAX_BOARD_SIDE || widths.len() > MAX_BOARD_SIDE {
        return Err(format!(
            "the board has {first} files and {} ranks; at most {MAX_BOARD_SIDE} of each, at least 1",
            widths.len()
        ));
    }
    Ok(())
}
