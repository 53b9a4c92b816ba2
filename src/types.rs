//! Squares, colours and pieces.

use core::fmt;

/// A square of the board, `A1 = 0` through `H8 = 63` (rank-major: `B1 = 1`, `A2 = 8`).
///
/// ```
/// use movegen::{File, Rank, Square};
///
/// let sq = Square::E4;
/// assert_eq!((sq.file(), sq.rank()), (File::E, Rank::Fourth));
/// assert_eq!(Square::from_coords(File::E, Rank::Fourth), sq);
/// assert_eq!((sq.index(), sq.to_string()), (28, "e4".to_string()));
/// assert_eq!("e4".parse::<Square>(), Ok(sq));
/// assert_eq!(Square::A1.flip_rank(), Square::A8);
/// assert_eq!(Square::ALL.len(), 64);
/// ```
#[rustfmt::skip]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares in index order, `A1` first.
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square::new(i as u32);
            i += 1;
        }
        all
    };

    /// The square with index `index`, which must be below 64 (checked by a debug assertion;
    /// release builds take `index & 63`). [`Square::try_from`] and [`Square::from_index`]
    /// check the range.
    ///
    /// ```
    /// use movegen::Square;
    ///
    /// assert_eq!(Square::new(28), Square::E4);
    /// assert!(Square::try_from(64u8).is_err());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn new(index: u32) -> Square {
        debug_assert!(index < 64, "square index out of range (0 to 63)");
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63, and the mask keeps the
        // value in that range.
        unsafe { core::mem::transmute::<u8, Square>((index & 63) as u8) }
    }

    /// The square with this index, if it is below 64.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square::new(index as u32))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank).
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u32 * 8 + file as u32)
    }

    /// The index 0..=63.
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::new(self as u32 % 8)
    }

    /// The rank of the square.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 / 8)
    }

    /// The same square seen from the other side: `A1` <-> `A8`.
    #[inline]
    #[must_use]
    pub const fn flip_rank(self) -> Square {
        Square::new(self as u32 ^ 56)
    }

    /// The same square mirrored left to right: `A1` <-> `H1`.
    ///
    /// ```
    /// use movegen::Square;
    ///
    /// assert_eq!(Square::A1.flip_file(), Square::H1);
    /// assert_eq!(Square::C6.flip_file(), Square::F6);
    /// ```
    #[inline]
    #[must_use]
    pub const fn flip_file(self) -> Square {
        Square::new(self as u32 ^ 7)
    }

    /// The square as `color` sees it: itself for White, [`Square::flip_rank`] for Black (so
    /// that `Square::E2.relative_to(color)` is a pawn's starting square for both sides).
    ///
    /// ```
    /// use movegen::{Color, Square};
    ///
    /// assert_eq!(Square::E2.relative_to(Color::White), Square::E2);
    /// assert_eq!(Square::E2.relative_to(Color::Black), Square::E7);
    /// ```
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square `delta` steps further in index order, if on the board (no wrap check on files).
    #[inline(always)]
    pub(crate) const fn offset(self, delta: i32) -> Square {
        Square::new(((self as i32 + delta) & 63) as u32)
    }

    /// Parses `"e4"`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                Some(Square::new(u32::from(r - b'1') * 8 + u32::from(f - b'a')))
            }
            _ => None,
        }
    }

    /// All 64 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square::new)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// A file, `a` = 0 through `h` = 7.
///
/// ```
/// use movegen::{Bitboard, File, Square};
///
/// assert_eq!(Square::G1.file(), File::G);
/// assert_eq!((File::G.index(), File::G.char()), (6, 'g'));
/// assert_eq!("c".parse::<File>(), Ok(File::C));
/// assert_eq!(File::try_from(8u8).map_err(|e| e.value()), Err(8));
/// assert_eq!(Bitboard::file(File::A).count(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// Every file, a first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file `index`, which must be below 8 (checked by a debug assertion; release builds
    /// take `index & 7`). [`File::try_from`] checks the range.
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> File {
        debug_assert!(index < 8, "file index out of range (0 to 7)");
        // SAFETY: `File` is `repr(u8)` with discriminants 0..=7; the mask keeps the value there.
        unsafe { core::mem::transmute::<u8, File>((index & 7) as u8) }
    }

    /// 0 (a) to 7 (h).
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter `a`..`h`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }
}

/// A rank, first = 0 through eighth = 7.
///
/// ```
/// use movegen::{Rank, Square};
///
/// assert_eq!(Square::E4.rank(), Rank::Fourth);
/// assert_eq!((Rank::Eighth.index(), Rank::Eighth.char()), (7, '8'));
/// assert_eq!("1".parse::<Rank>(), Ok(Rank::First));
/// assert_eq!(Rank::try_from(3u32), Ok(Rank::Fourth));
/// assert!(Rank::First < Rank::Second);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// Every rank, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank `index` (0 = first), which must be below 8 (checked by a debug assertion;
    /// release builds take `index & 7`). [`Rank::try_from`] checks the range.
    #[inline]
    #[must_use]
    pub const fn new(index: u32) -> Rank {
        debug_assert!(index < 8, "rank index out of range (0 to 7)");
        // SAFETY: `Rank` is `repr(u8)` with discriminants 0..=7; the mask keeps the value there.
        unsafe { core::mem::transmute::<u8, Rank>((index & 7) as u8) }
    }

    /// The rank as `color` sees it: itself for White, counted from the eighth for Black.
    ///
    /// ```
    /// use movegen::{Color, Rank};
    ///
    /// assert_eq!(Rank::Second.relative_to(Color::White), Rank::Second);
    /// assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
    /// ```
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::new(7 - self as u32),
        }
    }

    /// 0 (first rank) to 7 (eighth).
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit `1`..`8`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }
}

/// White or Black.
///
/// ```
/// use movegen::{Board, Color};
///
/// assert_eq!(Board::startpos().side_to_move(), Color::White);
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.other(), Color::White);
/// assert_eq!((Color::Black.index(), Color::Black.to_string()), (1, "black".to_string()));
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// Moves first; pawns move up the board (towards rank 8).
    White,
    /// Pawns move down the board (towards rank 1).
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `letter` in this colour's case, as FEN writes pieces and castling rights: upper case
    /// for White, lower case for Black.
    #[inline]
    pub(crate) const fn cased(self, letter: char) -> char {
        match self {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// The kind of a piece, without its colour.
///
/// ```
/// use movegen::{Board, Role, Square};
///
/// assert_eq!(Board::startpos().role_at(Square::G1), Some(Role::Knight));
/// assert_eq!(Role::from_char('Q'), Some(Role::Queen));
/// assert_eq!((Role::Knight.char(), Role::Knight.name()), ('n', "knight"));
/// assert_eq!("bishop".parse::<Role>(), Ok(Role::Bishop));
/// assert_eq!(Role::ALL.len(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// 0 (pawn) to 5 (king).
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name in lower case: `pawn`, `knight`, `bishop`, `rook`, `queen`, `king`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The lower-case letter: `p n b r q k`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a letter, either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }
}

/// A piece: a role and a colour.
///
/// ```
/// use movegen::{Board, Color, Piece, Role, Square};
///
/// let black_knight = Piece { color: Color::Black, role: Role::Knight };
/// assert_eq!(black_knight.char(), 'n');
/// assert_eq!(Piece::from_char('n'), Some(black_knight));
/// assert_eq!(Piece::from_char('x'), None);
/// assert_eq!(Board::startpos().piece_at(Square::G8), Some(black_knight));
/// assert_eq!("K".parse::<Piece>().map(|p| p.color), Ok(Color::White));
/// ```
/// `Ord` orders by colour (White first), then role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    #[must_use]
    pub const fn char(self) -> char {
        self.color.cased(self.role.char())
    }

    /// The piece of a FEN letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// A number out of range for a [`Square`] (0 to 63), [`File`] or [`Rank`] (0 to 7), from their
/// `TryFrom` conversions.
///
/// ```
/// use movegen::{File, Square};
///
/// assert_eq!(Square::try_from(63u8), Ok(Square::H8));
/// let error = Square::try_from(64u8).unwrap_err();
/// assert_eq!(error.to_string(), "square index 64 is out of range (0 to 63)");
/// assert!(File::try_from(9u32).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OutOfRange {
    what: &'static str,
    value: u64,
    min: u16,
    max: u16,
}

impl OutOfRange {
    /// A refused `value` of `what`, whose largest valid value is `max`.
    pub(crate) const fn new(what: &'static str, value: u64, max: u16) -> OutOfRange {
        OutOfRange::between(what, value, 0, max)
    }

    /// The error for `value` outside `min..=max`.
    pub(crate) const fn between(what: &'static str, value: u64, min: u16, max: u16) -> OutOfRange {
        OutOfRange {
            what,
            value,
            min,
            max,
        }
    }

    /// The value that was refused.
    #[must_use]
    pub const fn value(&self) -> u64 {
        self.value
    }
}

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} index {} is out of range ({} to {})",
            self.what, self.value, self.min, self.max
        )
    }
}

impl core::error::Error for OutOfRange {}

macro_rules! try_from_int {
    ($type:ident, $what:literal, $max:literal: $($int:ty),*) => {$(
        impl TryFrom<$int> for $type {
            type Error = OutOfRange;
            /// The value with this index, or [`OutOfRange`].
            fn try_from(index: $int) -> Result<$type, OutOfRange> {
                // Every source type here fits in 64 bits.
                let value = index as u64;
                if value <= $max {
                    Ok($type::new(value as u32))
                } else {
                    Err(OutOfRange::new($what, value, $max))
                }
            }
        }
    )*};
}

try_from_int!(Square, "square", 63: u8, u32, usize);
try_from_int!(File, "file", 7: u8, u32, usize);
try_from_int!(Rank, "rank", 7: u8, u32, usize);

/// Text that is not the name of a [`Square`], [`File`], [`Rank`], [`Color`], [`Role`] or
/// [`Piece`], from their `FromStr` implementations.
///
/// ```
/// use movegen::{Color, Role, Square};
///
/// assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// assert_eq!("knight".parse::<Role>(), Ok(Role::Knight));
/// let error = "e9".parse::<Square>().unwrap_err();
/// assert_eq!(error.to_string(), "expected a square such as e4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    expected: &'static str,
}

impl ParseError {
    /// What the text should have been, e.g. `"a square such as e4"`.
    #[must_use]
    pub const fn expected(&self) -> &'static str {
        self.expected
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "expected {}", self.expected)
    }
}

impl core::error::Error for ParseError {}

macro_rules! from_str {
    ($type:ident, $expected:literal, |$text:ident| $parse:expr) => {
        impl core::str::FromStr for $type {
            type Err = ParseError;
            fn from_str($text: &str) -> Result<$type, ParseError> {
                $parse.ok_or(ParseError {
                    expected: $expected,
                })
            }
        }
    };
}

from_str!(Square, "a square such as e4", |text| Square::parse(text));
from_str!(File, "a file letter a-h", |text| match text.as_bytes() {
    &[c @ b'a'..=b'h'] => Some(File::new(u32::from(c - b'a'))),
    _ => None,
});
from_str!(Rank, "a rank digit 1-8", |text| match text.as_bytes() {
    &[c @ b'1'..=b'8'] => Some(Rank::new(u32::from(c - b'1'))),
    _ => None,
});
from_str!(Color, "a colour: w, b, white or black", |text| match text {
    "w" | "white" => Some(Color::White),
    "b" | "black" => Some(Color::Black),
    _ => None,
});
from_str!(
    Role,
    "a role: p, n, b, r, q, k (either case) or pawn, knight, bishop, rook, queen, king",
    |text| match text.as_bytes() {
        &[c] => Role::from_char(c as char),
        _ => Role::ALL.into_iter().find(|role| role.name() == text),
    }
);
from_str!(
    Piece,
    "a FEN piece letter: PNBRQK or pnbrqk",
    |text| match text.as_bytes() {
        &[c] => Piece::from_char(c as char),
        _ => None,
    }
);

impl fmt::Display for File {
    /// The letter, `a` to `h`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl fmt::Display for Rank {
    /// The digit, `1` to `8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl fmt::Display for Color {
    /// `white` or `black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl fmt::Display for Role {
    /// The name in lower case: `pawn`, `knight`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Piece {
    /// The FEN letter: `N` for a white knight, `n` for a black one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}
