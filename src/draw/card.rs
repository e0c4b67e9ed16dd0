//! The error card: a message drawn as a small PNG, so that a broken `<img>` explains itself.

use crate::draw::raster::Canvas;
use crate::draw::text;
use crate::encode::png::{self, EncodeError};
use crate::pixels::{Image, Rect, Rgb};

/// The width of [`message_png`] images, in pixels.
pub const MESSAGE_WIDTH: u32 = 400;
/// The most text lines [`message_png`] draws; longer messages end with `...`.
pub const MESSAGE_MAX_LINES: usize = 6;

/// The font size of the message, in pixels.
const PX: f32 = 15.0;
/// Space between the card's edge and the text, in pixels.
const PAD: u32 = 10;
/// Distance from one baseline to the next, in pixels.
const LINE_HEIGHT: u32 = 19;
/// The baseline of the first line below the top of the text area.
const ASCENT: u32 = 14;
/// The most characters of a message that are laid out: more than [`MESSAGE_MAX_LINES`] lines hold even of the
/// narrowest characters (tested), so cutting there never changes the card, and a huge message costs nothing.
const MESSAGE_MAX_CHARS: usize = 1000;
/// The card's colours: pale yellow paper, a dark red frame 2 px wide, black text.
const PAPER: Rgb = Rgb(0xff, 0xf8, 0xe1);
const FRAME: Rgb = Rgb(0xb0, 0x1c, 0x1c);
const FRAME_WIDTH: u32 = 2;

/// Splits `message` into at most [`MESSAGE_MAX_LINES`] lines no wider than `max` pixels at `px`; when it does not fit,
/// the last line ends with `...`.
fn wrap(message: &str, px: f32, max: f32) -> Vec<String> {
    let fits = |s: &str| text::ink_width(s, px).is_none_or(|w| w <= max);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in message.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if fits(&candidate) {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // A word wider than a line is broken between characters.
        for c in word.chars() {
            if lines.len() > MESSAGE_MAX_LINES {
                break;
            }
            let mut next = line.clone();
            next.push(c);
            if !fits(&next) && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                next = c.to_string();
            }
            line = next;
        }
        if lines.len() > MESSAGE_MAX_LINES {
            break;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > MESSAGE_MAX_LINES {
        lines.truncate(MESSAGE_MAX_LINES);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && !fits(&format!("{last}...")) {
                last.pop();
            }
            last.push_str("...");
        }
    }
    lines
}

/// A small PNG ([`MESSAGE_WIDTH`] px wide, at most [`MESSAGE_MAX_LINES`] lines) showing `message` in black on a
/// pale yellow card with a dark red frame: what a Worker returns so that a broken `<img>` explains itself. An `Err`
/// is an internal failure of the encoder, never a property of the message.
pub fn message_png(message: &str) -> Result<Vec<u8>, EncodeError> {
    let message: String = message.chars().take(MESSAGE_MAX_CHARS).collect();
    let lines = wrap(&message, PX, (MESSAGE_WIDTH - 2 * PAD) as f32);
    let lines = if lines.is_empty() { vec!["(no message)".to_string()] } else { lines };
    let height = 2 * PAD + LINE_HEIGHT * lines.len() as u32;
    let mut image = Image::new(MESSAGE_WIDTH, height, PAPER);
    for side in [
        Rect::new(0, 0, MESSAGE_WIDTH, FRAME_WIDTH),
        Rect::new(0, height - FRAME_WIDTH, MESSAGE_WIDTH, FRAME_WIDTH),
        Rect::new(0, 0, FRAME_WIDTH, height),
        Rect::new(MESSAGE_WIDTH - FRAME_WIDTH, 0, FRAME_WIDTH, height),
    ] {
        image.fill_rect(side, FRAME);
    }
    for (i, line) in lines.iter().enumerate() {
        if let Some(cov) = text::rasterize(line, PX) {
            let baseline = i64::from(PAD + LINE_HEIGHT * i as u32 + ASCENT);
            image.draw(
                &cov.mask.inked(Rgb::BLACK),
                i64::from(PAD) + i64::from(cov.left),
                baseline + i64::from(cov.top),
            );
        }
    }
    png::encode(&image)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: f32 = (MESSAGE_WIDTH - 2 * PAD) as f32;

    #[test]
    fn long_messages_stop_at_the_line_limit_with_an_ellipsis() {
        let lines = wrap(&"word ".repeat(200), PX, MAX);
        assert_eq!(lines.len(), MESSAGE_MAX_LINES);
        assert!(lines[MESSAGE_MAX_LINES - 1].ends_with("..."), "{lines:?}");
        assert!(lines.iter().all(|l| text::ink_width(l, PX).is_some_and(|w| w <= MAX)));
        let short = wrap("column 12: expected a digit", PX, MAX);
        assert_eq!(short, ["column 12: expected a digit"]);
    }

    #[test]
    fn the_character_cut_never_shortens_a_card() {
        // Even the narrowest characters, with or without spaces between them, fill every line before
        // MESSAGE_MAX_CHARS characters: so the cut in message_png drops only text that would not be drawn.
        for c in (b'!'..=b'~').map(char::from) {
            for message in [c.to_string().repeat(MESSAGE_MAX_CHARS), format!("{c} ").repeat(MESSAGE_MAX_CHARS / 2)] {
                let lines = wrap(&message, PX, MAX);
                assert_eq!(lines.len(), MESSAGE_MAX_LINES, "{c:?}");
                assert!(lines[MESSAGE_MAX_LINES - 1].ends_with("..."), "{c:?}: {lines:?}");
            }
        }
    }

    #[test]
    fn an_empty_message_still_says_something() {
        let png = message_png(" \n\t").unwrap();
        assert_eq!(png, message_png("(no message)").unwrap());
    }
}
