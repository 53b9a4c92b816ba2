//! Squares, colours and pieces.

use core::fmt;

/// A square of the board, `A1 = 0` through `H8 = 63` (rank-major: `B1 = 1`, `A2 = 8`).
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
    /// The square with index `index & 63`; callers pass a value below 64.
    #[inline(always)]
    pub const fn new(index: u32) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63, and the mask keeps the
        // value in that range.
        unsafe { core::mem::transmute::<u8, Square>((index & 63) as u8) }
    }

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square::new(index as u32))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank).
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u32 * 8 + file as u32)
    }

    /// The index 0..=63.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self as u32 % 8)
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 / 8)
    }

    /// The same square seen from the other side: `A1` <-> `A8`.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::new(self as u32 ^ 56)
    }

    /// The square `delta` steps further in index order, if on the board (no wrap check on files).
    #[inline(always)]
    pub(crate) const fn offset(self, delta: i32) -> Square {
        Square::new((self as i32 + delta) as u32)
    }

    /// Parses `"e4"`.
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
    /// The file `index & 7`.
    #[inline]
    pub const fn new(index: u32) -> File {
        // SAFETY: `File` is `repr(u8)` with discriminants 0..=7; the mask keeps the value there.
        unsafe { core::mem::transmute::<u8, File>((index & 7) as u8) }
    }

    /// The letter `a`..`h`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }
}

/// A rank, first = 0 through eighth = 7.
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
    /// The rank `index & 7`.
    #[inline]
    pub const fn new(index: u32) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with discriminants 0..=7; the mask keeps the value there.
        unsafe { core::mem::transmute::<u8, Rank>((index & 7) as u8) }
    }

    /// The digit `1`..`8`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }
}

/// White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Color {
    /// Moves first; pawns move up the board (towards rank 8).
    White,
    /// Pawns move down the board (towards rank 1).
    Black,
}

impl Color {
    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
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
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter: `p n b r q k`.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The piece of a FEN letter.
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
