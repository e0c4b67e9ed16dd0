//! The board model: what a diagram shows, independent of how it was spelled.
//!
//! A [`Board`] is a rectangle of [`Cell`]s stored row by row from the top-left corner (the eighth rank's
//! a-file square on an ordinary board), exactly the order FFEN writes them in.

use std::fmt;

/// The largest number of files or ranks a board may have.
///
/// 32 covers every board in the problem literature we know of (the largest common ones are 16×16) while keeping the
/// worst-case image and parse work small; see `README.md` ("Limits").
pub const MAX_BOARD_SIDE: usize = 32;

/// The longest fairy-piece name accepted, in letters.
pub const MAX_NAME_LEN: usize = 24;

/// The most characters a text cell may hold.
pub const MAX_TEXT_LEN: usize = 2;

/// One of Bodlaender's extra colours 3–6: a piece colour other than white, black and neutral.
///
/// Only the four digits exist, so every value prints as a colour digit that reads back as itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExtraColor(u8);

impl ExtraColor {
    /// The four extra colours, 3 to 6.
    pub const ALL: [ExtraColor; 4] = [ExtraColor(3), ExtraColor(4), ExtraColor(5), ExtraColor(6)];

    /// The extra colour with Bodlaender's colour digit `digit`, if it is 3–6.
    pub fn new(digit: u8) -> Option<ExtraColor> {
        (3..=6).contains(&digit).then_some(ExtraColor(digit))
    }

    /// The colour digit, 3–6.
    pub fn digit(self) -> u8 {
        self.0
    }

    /// The position in [`ExtraColor::ALL`]: 0 for colour 3 up to 3 for colour 6.
    pub fn index(self) -> usize {
        usize::from(self.0 - 3)
    }
}

/// A colour a piece or marker can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White (upper case in FFEN).
    White,
    /// Black (lower case in FFEN).
    Black,
    /// Neutral: drawn half white, half black.
    Neutral,
    /// One of Bodlaender's extra colours 3–6.
    Extra(ExtraColor),
}

impl Color {
    /// The colour a letter's case gives in every dialect: upper case white, anything else black.
    pub fn from_case(letter: char) -> Color {
        if letter.is_uppercase() {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The colour for a Bodlaender colour digit (0 white, 1 black, 2 neutral, 3–6 extra), if the digit is one.
    pub fn from_digit(digit: u32) -> Option<Color> {
        match digit {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            2 => Some(Color::Neutral),
            _ => u8::try_from(digit).ok().and_then(ExtraColor::new).map(Color::Extra),
        }
    }

    /// The Bodlaender colour digit of this colour.
    pub fn digit(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 1,
            Color::Neutral => 2,
            Color::Extra(extra) => extra.digit(),
        }
    }

    /// The colour code of the canonical form's bracketed tokens: `w`, `b`, `n` or the digit 3–6.
    pub fn code(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
            Color::Neutral => 'n',
            Color::Extra(extra) => char::from(b'0' + extra.digit()),
        }
    }

    /// The colour for a colour code: `w`, `b`, `n` (either case) or a Bodlaender digit 0–6.
    pub fn from_code(code: char) -> Option<Color> {
        match code.to_ascii_lowercase() {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            'n' => Some(Color::Neutral),
            d => d.to_digit(10).and_then(Color::from_digit),
        }
    }
}

/// A number of quarter turns clockwise, always 0–3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(u8);

impl Rotation {
    /// No rotation.
    pub const NONE: Rotation = Rotation(0);

    /// A rotation of `quarter_turns` clockwise, taken modulo 4 (so `*5` is `*1`).
    pub fn new(quarter_turns: u32) -> Rotation {
        Rotation((quarter_turns % 4) as u8)
    }

    /// The number of quarter turns clockwise, 0–3.
    pub fn quarter_turns(self) -> u8 {
        self.0
    }

    /// This rotation followed by `other`.
    pub fn then(self, other: Rotation) -> Rotation {
        Rotation::new(u32::from(self.0 + other.0))
    }
}

/// The orthodox piece glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Figure {
    /// K
    King,
    /// Q
    Queen,
    /// R
    Rook,
    /// B
    Bishop,
    /// N
    Knight,
    /// P
    Pawn,
}

impl Figure {
    /// All figures, in FEN letter order K Q R B N P.
    pub const ALL: [Figure; 6] =
        [Figure::King, Figure::Queen, Figure::Rook, Figure::Bishop, Figure::Knight, Figure::Pawn];

    /// The upper-case FEN letter.
    pub fn letter(self) -> char {
        match self {
            Figure::King => 'K',
            Figure::Queen => 'Q',
            Figure::Rook => 'R',
            Figure::Bishop => 'B',
            Figure::Knight => 'N',
            Figure::Pawn => 'P',
        }
    }

    /// The figure for a FEN letter K Q R B N P, in either case.
    pub fn from_letter(letter: char) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.letter() == letter.to_ascii_uppercase())
    }

    /// The English name, lower case: the only list of orthodox names (Bodlaender's `(Queen)` is read with it).
    pub fn name(self) -> &'static str {
        match self {
            Figure::King => "king",
            Figure::Queen => "queen",
            Figure::Rook => "rook",
            Figure::Bishop => "bishop",
            Figure::Knight => "knight",
            Figure::Pawn => "pawn",
        }
    }

    /// The figure for an English name in any case (`Queen`, `KNIGHT`), if it is one.
    pub fn from_name(name: &str) -> Option<Figure> {
        Figure::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

/// The marker shapes of janko's FFEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Marker {
    /// C
    Circle,
    /// X
    Cross,
    /// S
    Square,
    /// T
    Triangle,
}

impl Marker {
    /// All markers, in the order C X S T.
    pub const ALL: [Marker; 4] = [Marker::Circle, Marker::Cross, Marker::Square, Marker::Triangle];

    /// The upper-case FFEN letter.
    pub fn letter(self) -> char {
        match self {
            Marker::Circle => 'C',
            Marker::Cross => 'X',
            Marker::Square => 'S',
            Marker::Triangle => 'T',
        }
    }

    /// The marker for a letter C X S T, in either case.
    pub fn from_letter(letter: char) -> Option<Marker> {
        Marker::ALL.into_iter().find(|m| m.letter() == letter.to_ascii_uppercase())
    }
}

/// Why a piece name was refused; indices count characters of the name as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError {
    /// The name has no letter.
    Empty,
    /// More than [`MAX_NAME_LEN`] letters.
    TooLong {
        /// The number of letters.
        letters: usize,
    },
    /// A character that is neither an ASCII letter nor a separator.
    NotALetter {
        /// Where it stands in the name.
        index: usize,
    },
    /// A separator (`-` or `_`) at the start or the end of the name, or right after another one.
    Separator {
        /// Where it stands in the name.
        index: usize,
    },
    /// The name of an orthodox piece (`queen`): that is a [`Figure`], not a fairy piece.
    Orthodox(Figure),
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Empty => f.write_str("a piece name needs at least one letter"),
            NameError::TooLong { letters } => {
                write!(f, "a piece name has at most {MAX_NAME_LEN} letters; this one has {letters}")
            }
            NameError::NotALetter { .. } => {
                f.write_str("a piece name is made of letters a-z, with '-' or '_' allowed between two letters")
            }
            NameError::Separator { .. } => {
                f.write_str("'-' and '_' in a piece name may only stand between two letters (rook-hopper)")
            }
            NameError::Orthodox(figure) => write!(f, "{:?} is an orthodox piece, not a fairy piece", figure.name()),
        }
    }
}

/// A fairy-piece name: 1 to [`MAX_NAME_LEN`] lower-case ASCII letters, never an orthodox name.
///
/// The name never holds the piece's colour; Bodlaender's `(Nightrider)` and `(nightrider)` share the name
/// `nightrider`. Separators are not kept: `rook-hopper`, `rook_hopper` and `rookhopper` are one name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FairyName(String);

impl FairyName {
    /// The name, lower-cased and without its separators.
    ///
    /// Letters may be joined by single `-` or `_` separators (`rook-hopper`); the limit of [`MAX_NAME_LEN`] counts
    /// letters. The six orthodox names are refused with [`NameError::Orthodox`], because `[queen:w]` is the
    /// orthodox queen: a fairy piece of that name could not be printed so that it reads back as itself.
    pub fn new(name: &str) -> Result<FairyName, NameError> {
        let mut letters = String::with_capacity(name.len());
        let mut previous_was_separator = true; // a separator may not start the name
        for (index, c) in name.chars().enumerate() {
            if c.is_ascii_alphabetic() {
                letters.push(c.to_ascii_lowercase());
                previous_was_separator = false;
            } else if c == '-' || c == '_' {
                if previous_was_separator {
                    return Err(NameError::Separator { index });
                }
                previous_was_separator = true;
            } else {
                return Err(NameError::NotALetter { index });
            }
        }
        if letters.is_empty() {
            return Err(NameError::Empty);
        }
        if previous_was_separator {
            return Err(NameError::Separator { index: name.chars().count() - 1 });
        }
        if letters.len() > MAX_NAME_LEN {
            return Err(NameError::TooLong { letters: letters.len() });
        }
        match Figure::from_name(&letters) {
            Some(figure) => Err(NameError::Orthodox(figure)),
            None => Ok(FairyName(letters)),
        }
    }

    /// The lower-case name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What kind of thing a piece cell shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// An orthodox piece glyph.
    Figure(Figure),
    /// A marker shape.
    Marker(Marker),
    /// A named fairy piece; [`crate::notation::fairy::glyph`] tells how it is drawn.
    Named(FairyName),
}

impl PieceKind {
    /// The piece or marker of a letter in janko's notation (and the canonical form): K Q R B N P, C X S T, in
    /// either case.
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        Figure::from_letter(letter)
            .map(PieceKind::Figure)
            .or_else(|| Marker::from_letter(letter).map(PieceKind::Marker))
    }

    /// The piece of a letter in Bodlaender's FFEN and Game Courier's Forsythe code: K Q R B N P are orthodox, every
    /// other ASCII letter is a fairy piece named by that letter (`C` is a piece `c`, not a circle).
    pub fn from_letter_or_fairy(letter: char) -> Option<PieceKind> {
        if !letter.is_ascii_alphabetic() {
            return None;
        }
        Some(match Figure::from_letter(letter) {
            Some(figure) => PieceKind::Figure(figure),
            None => PieceKind::Named(FairyName(letter.to_ascii_lowercase().to_string())),
        })
    }

    /// The piece of a name: an orthodox name (`Queen`) gives the figure, any other valid name a fairy piece.
    pub fn from_name(name: &str) -> Result<PieceKind, NameError> {
        match FairyName::new(name) {
            Ok(name) => Ok(PieceKind::Named(name)),
            Err(NameError::Orthodox(figure)) => Ok(PieceKind::Figure(figure)),
            Err(e) => Err(e),
        }
    }
}

/// A piece or marker on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// What it is.
    pub kind: PieceKind,
    /// Its colour.
    pub color: Color,
    /// Quarter turns clockwise.
    pub rotation: Rotation,
}

/// Black text on a square: one or two ASCII letters or digits (janko's `'a`, `'7` and `''23`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text {
    chars: String,
    /// Quarter turns clockwise.
    pub rotation: Rotation,
}

impl Text {
    /// Text of 1 to [`MAX_TEXT_LEN`] ASCII letters or digits, if `chars` is that.
    pub fn new(chars: &str, rotation: Rotation) -> Option<Text> {
        let ok = !chars.is_empty() && chars.len() <= MAX_TEXT_LEN && chars.bytes().all(|b| b.is_ascii_alphanumeric());
        ok.then(|| Text { chars: chars.to_string(), rotation })
    }

    /// The characters, as written.
    pub fn as_str(&self) -> &str {
        &self.chars
    }
}

/// One square of the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// An empty square.
    #[default]
    Empty,
    /// A missing square: nothing is drawn there, the background shows through.
    Hole,
    /// A piece or marker.
    Piece(Piece),
    /// A letter or number.
    Text(Text),
}

/// How the squares are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Checkering {
    /// Checkered with a dark square in the lower-left corner (the default, as on a chess board).
    #[default]
    DarkLowerLeft,
    /// Checkered with a light square in the lower-left corner (Bodlaender's `{W}`).
    LightLowerLeft,
    /// All squares light (Bodlaender's `{U}`).
    Uncheckered,
}

/// A diagram: its size, its squares, which squares are bordered, and its checkering.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// One flag a square, in the order of `cells`: a box is drawn inside the square (XFEN's `B` prefix).
    bordered: Vec<bool>,
    /// How the squares are coloured.
    pub checkering: Checkering,
}

/// Why a board could not be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardSizeError {
    /// Width or height was zero.
    Empty,
    /// Width or height was more than [`MAX_BOARD_SIDE`].
    TooLarge,
    /// The number of cells is not width × height.
    Mismatch,
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSizeError::Empty => f.write_str("a board needs at least one file and one rank"),
            BoardSizeError::TooLarge => {
                write!(f, "a board has at most {MAX_BOARD_SIDE} files and {MAX_BOARD_SIDE} ranks")
            }
            BoardSizeError::Mismatch => f.write_str("the number of squares is not files × ranks"),
        }
    }
}

impl Board {
    /// An empty board of `width` files and `height` ranks with the default checkering.
    pub fn empty(width: usize, height: usize) -> Result<Board, BoardSizeError> {
        Board::from_cells(width, height, vec![Cell::Empty; width * height])
    }

    /// A board from its cells, row by row from the top-left corner.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Cell>) -> Result<Board, BoardSizeError> {
        if width == 0 || height == 0 {
            return Err(BoardSizeError::Empty);
        }
        if width > MAX_BOARD_SIDE || height > MAX_BOARD_SIDE {
            return Err(BoardSizeError::TooLarge);
        }
        if cells.len() != width * height {
            return Err(BoardSizeError::Mismatch);
        }
        let bordered = vec![false; cells.len()];
        Ok(Board { width, height, cells, bordered, checkering: Checkering::default() })
    }

    /// The number of files (columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of ranks (rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell in column `x` (0 = left, the a-file) and row `y` (0 = top), or `None` outside the board.
    pub fn get(&self, x: usize, y: usize) -> Option<&Cell> {
        self.index(x, y).map(|i| &self.cells[i])
    }

    /// The index of (`x`, `y`) in the row-by-row storage, or `None` outside the board.
    fn index(&self, x: usize, y: usize) -> Option<usize> {
        (x < self.width && y < self.height).then(|| y * self.width + x)
    }

    /// Replaces the cell at (`x`, `y`) (row 0 at the top); returns false if that is outside the board.
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) -> bool {
        let index = self.index(x, y);
        if let Some(i) = index {
            self.cells[i] = cell;
        }
        index.is_some()
    }

    /// Whether the square at (`x`, `y`) (row 0 at the top) has a border drawn inside it; false outside the board.
    pub fn is_bordered(&self, x: usize, y: usize) -> bool {
        self.index(x, y).is_some_and(|i| self.bordered[i])
    }

    /// Borders the square at (`x`, `y`) (row 0 at the top) or takes its border away; returns false if that is
    /// outside the board. Any square may be bordered, an empty one or a hole too.
    pub fn set_bordered(&mut self, x: usize, y: usize, bordered: bool) -> bool {
        let index = self.index(x, y);
        if let Some(i) = index {
            self.bordered[i] = bordered;
        }
        index.is_some()
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.width)
    }

    /// All cells, row by row from the top-left corner.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Whether a square of the board is missing (a hole).
    pub fn has_holes(&self) -> bool {
        self.cells.iter().any(|c| matches!(c, Cell::Hole))
    }

    /// Whether the square at (`x`, `y`) (row 0 at the top) is a dark square under this board's checkering.
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        // Distance from the lower-left corner decides the colour, so boards of any height keep that corner fixed.
        let from_lower_left = x + (self.height - 1 - y);
        match self.checkering {
            Checkering::DarkLowerLeft => from_lower_left.is_multiple_of(2),
            Checkering::LightLowerLeft => !from_lower_left.is_multiple_of(2),
            Checkering::Uncheckered => false,
        }
    }
}

/// The name of file `x` (0 = a): `a`–`z`, then `aa`–`af` on boards wider than 26.
///
/// ```
/// use ffen_diagram::file_name;
/// assert_eq!([file_name(0), file_name(7), file_name(25), file_name(26), file_name(31)], ["a", "h", "z", "aa", "af"]);
/// ```
pub fn file_name(x: usize) -> String {
    let letter = |i: usize| char::from(b'a' + (i % 26) as u8);
    if x < 26 {
        letter(x).to_string()
    } else {
        format!("{}{}", letter(x / 26 - 1), letter(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extra_colours_are_only_three_to_six() {
        // Only the digits 3-6 can be made: `Extra(0)` would print `[K:0]` (read back as white) and `Extra(7)` an
        // unreadable string.
        let made: Vec<u8> = (0..=255).filter_map(ExtraColor::new).map(ExtraColor::digit).collect();
        assert_eq!(made, [3, 4, 5, 6]);
        assert_eq!(ExtraColor::ALL.map(ExtraColor::digit), [3, 4, 5, 6]);
        assert_eq!(ExtraColor::ALL.map(ExtraColor::index), [0, 1, 2, 3]);
        assert_eq!(Color::from_digit(7), None);
        assert_eq!(Color::from_digit(u32::from(u8::MAX) + 3), None);
    }

    #[test]
    fn every_colour_round_trips_through_its_digit_and_code() {
        let all = [Color::White, Color::Black, Color::Neutral].into_iter().chain(ExtraColor::ALL.map(Color::Extra));
        for color in all {
            assert_eq!(Color::from_digit(u32::from(color.digit())), Some(color));
            assert_eq!(Color::from_code(color.code()), Some(color));
        }
        assert_eq!(Color::from_case('Q'), Color::White);
        assert_eq!(Color::from_case('q'), Color::Black);
    }

    #[test]
    fn letters_and_names_convert_on_the_types() {
        for figure in Figure::ALL {
            assert_eq!(Figure::from_letter(figure.letter()), Some(figure));
            assert_eq!(Figure::from_letter(figure.letter().to_ascii_lowercase()), Some(figure));
            assert_eq!(Figure::from_name(figure.name()), Some(figure));
            assert_eq!(Figure::from_name(&figure.name().to_uppercase()), Some(figure));
        }
        for marker in Marker::ALL {
            assert_eq!(Marker::from_letter(marker.letter().to_ascii_lowercase()), Some(marker));
        }
        assert_eq!(PieceKind::from_letter('c'), Some(PieceKind::Marker(Marker::Circle)));
        assert_eq!(PieceKind::from_letter('g'), None);
        // Bodlaender / Game Courier: every ASCII letter is a piece, so no reader needs a fallback.
        for letter in ('a'..='z').chain('A'..='Z') {
            let expected = match Figure::from_letter(letter) {
                Some(figure) => PieceKind::Figure(figure),
                None => PieceKind::Named(FairyName::new(&letter.to_string()).expect("a letter is a name")),
            };
            assert_eq!(PieceKind::from_letter_or_fairy(letter), Some(expected), "{letter}");
        }
        for other in ['1', '-', '@', 'é', ' '] {
            assert_eq!(PieceKind::from_letter_or_fairy(other), None);
        }
    }

    #[test]
    fn names_lose_their_separators_and_errors_say_where() {
        let name = |s: &str| FairyName::new(s).map(|n| n.as_str().to_string());
        // Names are spelled as the fairy table spells them.
        for spelling in ["rook-hopper", "rook_hopper", "Rook-Hopper", "rookhopper"] {
            assert_eq!(name(spelling).as_deref(), Ok("rookhopper"), "{spelling}");
        }
        assert_eq!(name("night-rider-hopper").as_deref(), Ok("nightriderhopper"));
        assert_eq!(name("-rook"), Err(NameError::Separator { index: 0 }));
        assert_eq!(name("rook-"), Err(NameError::Separator { index: 4 }));
        assert_eq!(name("rook--hopper"), Err(NameError::Separator { index: 5 }));
        assert_eq!(name("rook-_hopper"), Err(NameError::Separator { index: 5 }));
        assert_eq!(name("-"), Err(NameError::Separator { index: 0 }));
        assert_eq!(name("ro$k"), Err(NameError::NotALetter { index: 2 }));
        assert_eq!(name(""), Err(NameError::Empty));
        // The limit counts letters, not separators.
        let long = "ab-".repeat(MAX_NAME_LEN / 2) + "a";
        assert_eq!(name(&long), Err(NameError::TooLong { letters: MAX_NAME_LEN + 1 }));
        let fits = "ab-".repeat(MAX_NAME_LEN / 2 - 1) + "ab";
        assert_eq!(name(&fits).map(|n| n.len()), Ok(MAX_NAME_LEN));
        // Orthodox names are figures, so `[queen:w]` can only mean the orthodox queen.
        assert_eq!(name("Queen"), Err(NameError::Orthodox(Figure::Queen)));
        assert_eq!(name("kni-ght"), Err(NameError::Orthodox(Figure::Knight)));
        assert_eq!(PieceKind::from_name("QUEEN"), Ok(PieceKind::Figure(Figure::Queen)));
        assert_eq!(PieceKind::from_name("rook-hopper").map(|k| matches!(k, PieceKind::Named(_))), Ok(true));
    }

    #[test]
    fn text_is_one_or_two_letters_or_digits() {
        // Letters and digits only (not every printable ASCII character), as the documentation says.
        for ok in ["a", "Z", "7", "23", "ab", "A1"] {
            assert!(Text::new(ok, Rotation::NONE).is_some(), "{ok}");
        }
        for bad in ["", "abc", "!", "a!", " ", "é"] {
            assert!(Text::new(bad, Rotation::NONE).is_none(), "{bad:?}");
        }
    }
}
