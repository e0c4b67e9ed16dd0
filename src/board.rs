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

/// A colour a piece or marker can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White (upper case in FFEN).
    White,
    /// Black (lower case in FFEN).
    Black,
    /// Neutral: drawn half white, half black.
    Neutral,
    /// One of Bodlaender's extra colours 3–6 (the value is the colour digit).
    Extra(u8),
}

impl Color {
    /// The colour for a Bodlaender colour digit (0 white, 1 black, 2 neutral, 3–6 extra), if the digit is one.
    pub fn from_digit(digit: u32) -> Option<Color> {
        match digit {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            2 => Some(Color::Neutral),
            3..=6 => Some(Color::Extra(digit as u8)),
            _ => None,
        }
    }

    /// The Bodlaender colour digit of this colour.
    pub fn digit(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 1,
            Color::Neutral => 2,
            Color::Extra(d) => d,
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
}

/// A fairy-piece name: 1 to [`MAX_NAME_LEN`] lower-case ASCII letters.
///
/// The name never holds the piece's colour; Bodlaender's `(Nightrider)` and `(nightrider)` share the name `nightrider`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FairyName(String);

impl FairyName {
    /// The name lower-cased, if it is 1 to [`MAX_NAME_LEN`] ASCII letters.
    pub fn new(name: &str) -> Option<FairyName> {
        let ok = !name.is_empty() && name.len() <= MAX_NAME_LEN && name.bytes().all(|b| b.is_ascii_alphabetic());
        ok.then(|| FairyName(name.to_ascii_lowercase()))
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
    /// A named fairy piece; [`crate::fairy::glyph`] tells how it is drawn.
    Named(FairyName),
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

/// Black text on a square: one or two printable ASCII characters (janko's letters and numbers).
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

/// A diagram: its size, its squares and its checkering.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
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
        Ok(Board { width, height, cells, checkering: Checkering::default() })
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
        (x < self.width && y < self.height).then(|| &self.cells[y * self.width + x])
    }

    /// Replaces the cell at (`x`, `y`) (row 0 at the top); returns false if that is outside the board.
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) -> bool {
        if x < self.width && y < self.height {
            self.cells[y * self.width + x] = cell;
            true
        } else {
            false
        }
    }

    /// The rows, top first.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.width)
    }

    /// All cells, row by row from the top-left corner.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
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
