//! The characters the embedded font draws, so that the options can refuse text that no picture could show
//! (`title`, `caption`) without reaching into the drawing layer. The table is the font's character map
//! (`fonts/README.md`: printable ASCII, Latin-1, Latin Extended-A and some punctuation); a test in `draw/text.rs`
//! keeps it equal to what the font itself has a glyph for, character by character.

/// The font's characters, as inclusive ranges in increasing order.
const DRAWABLE: &[(char, char)] = &[
    ('\u{20}', '\u{7e}'),
    ('\u{a0}', '\u{17f}'),
    ('\u{218}', '\u{21b}'),
    ('\u{2010}', '\u{2011}'),
    ('\u{2013}', '\u{2015}'),
    ('\u{2018}', '\u{201e}'),
    ('\u{2020}', '\u{2022}'),
    ('\u{2026}', '\u{2026}'),
    ('\u{2032}', '\u{2033}'),
    ('\u{2212}', '\u{2212}'),
];

/// Whether the embedded font draws `c`: a character it has a glyph for, and not a control character.
pub(crate) fn can_draw(c: char) -> bool {
    DRAWABLE
        .binary_search_by(|&(low, high)| {
            if high < c {
                std::cmp::Ordering::Less
            } else if low > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}
