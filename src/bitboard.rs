//! Sets of squares as 64-bit masks.

use crate::types::{File, Rank, Square};
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of squares: bit `i` stands for the square with index `i` (`A1` = bit 0).
///
/// ```
/// use movegen::{Bitboard, Rank, Square};
///
/// let bb = Bitboard::from_square(Square::A1).with(Square::C3).with(Square::H8);
/// assert!(bb.contains(Square::C3) && !bb.contains(Square::B2));
/// assert_eq!(bb.count(), 3);
/// let mut visited = Vec::new();
/// for sq in bb {
///     visited.push(sq);
/// }
/// assert_eq!(visited, [Square::A1, Square::C3, Square::H8]);
/// assert_eq!(bb.squares().rev().collect::<Vec<_>>(), [Square::H8, Square::C3, Square::A1]);
/// assert_eq!(bb & Bitboard::rank(Rank::First), Bitboard::from_square(Square::A1));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The first and the eighth rank, where pawns promote.
    pub const BACK_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    /// The light squares (b1, a2, ..., h8); a1 is dark.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

    /// The set holding only `sq`.
    #[inline(always)]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of a file.
    #[inline]
    #[must_use]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// All squares of a rank.
    #[inline]
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// Whether the set is empty.
    #[inline(always)]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has two squares or more.
    #[inline(always)]
    #[must_use]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether the set shares a square with `other`.
    #[inline(always)]
    #[must_use]
    pub const fn any_of(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The number of squares.
    #[inline(always)]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline(always)]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros()))
        }
    }

    /// The set with `sq` added.
    #[inline(always)]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline(always)]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// Every square moved up by one rank (towards rank 8); the eighth rank falls off.
    #[inline(always)]
    #[must_use]
    pub const fn up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved down by one rank (towards rank 1); the first rank falls off.
    #[inline(always)]
    #[must_use]
    pub const fn down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The set mirrored top to bottom (rank 1 <-> rank 8).
    #[inline]
    #[must_use]
    pub const fn flip_ranks(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// Whether every square of this set is in `other`.
    ///
    /// ```
    /// use movegen::{Bitboard, Rank, Square};
    ///
    /// let e1 = Bitboard::from_square(Square::E1);
    /// assert!(e1.is_subset(Bitboard::rank(Rank::First)));
    /// assert!(Bitboard::rank(Rank::First).is_superset(e1));
    /// assert!(!Bitboard::rank(Rank::First).is_subset(e1));
    /// assert!(Bitboard::EMPTY.is_subset(e1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether every square of `other` is in this set.
    #[inline]
    #[must_use]
    pub const fn is_superset(self, other: Bitboard) -> bool {
        other.is_subset(self)
    }

    /// Whether this set and `other` have no square in common (the opposite of
    /// [`Bitboard::any_of`]).
    ///
    /// ```
    /// use movegen::{Bitboard, File, Rank};
    ///
    /// assert!(Bitboard::rank(Rank::First).is_disjoint(Bitboard::rank(Rank::Second)));
    /// assert!(!Bitboard::rank(Rank::First).is_disjoint(Bitboard::file(File::A)));
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_disjoint(self, other: Bitboard) -> bool {
        self.0 & other.0 == 0
    }
}

impl core::fmt::Debug for Bitboard {
    /// Eight lines, rank 8 first, `X` for members.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = if self.contains(Square::new(rank * 8 + file)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;

    /// Set difference: the squares of `self` not in `rhs` (`self & !rhs`).
    ///
    /// ```
    /// use movegen::{Bitboard, File, Rank, Square};
    ///
    /// let mut rest = Bitboard::rank(Rank::First) - Bitboard::file(File::A);
    /// assert_eq!(rest.count(), 7);
    /// rest -= Square::H1.into();
    /// assert_eq!(rest.count(), 6);
    /// assert!(!rest.contains(Square::A1) && !rest.contains(Square::H1));
    /// ```
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl SubAssign for Bitboard {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Bitboard) {
        self.0 &= !rhs.0;
    }
}

impl From<File> for Bitboard {
    /// The squares of the file ([`Bitboard::file`]).
    ///
    /// ```
    /// use movegen::{Bitboard, File, Rank};
    ///
    /// assert_eq!(Bitboard::from(File::C), Bitboard::file(File::C));
    /// assert_eq!(Bitboard::from(Rank::Eighth), Bitboard::rank(Rank::Eighth));
    /// assert_eq!(Bitboard::from(0xffu64), Bitboard::rank(Rank::First));
    /// ```
    #[inline]
    fn from(file: File) -> Bitboard {
        Bitboard::file(file)
    }
}

impl From<Rank> for Bitboard {
    /// The squares of the rank ([`Bitboard::rank`]).
    #[inline]
    fn from(rank: Rank) -> Bitboard {
        Bitboard::rank(rank)
    }
}

impl From<u64> for Bitboard {
    /// The set whose bit `i` is square `i` (a1 = bit 0, h8 = bit 63), as `Bitboard(bits)`.
    /// The hexadecimal and binary formats write those bits back.
    ///
    /// ```
    /// use movegen::{Bitboard, Rank, Square};
    ///
    /// let set = Bitboard::from(0x8000_0000_0000_00ffu64);
    /// assert!(set.contains(Square::H8) && set.contains(Square::A1));
    /// assert_eq!(format!("{:#x}", Bitboard::rank(Rank::First)), "0xff");
    /// assert_eq!(format!("{:X}", Bitboard::rank(Rank::Eighth)), "FF00000000000000");
    /// assert_eq!(format!("{:b}", Bitboard::from_square(Square::C1)), "100");
    /// ```
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl Extend<Square> for Bitboard {
    /// Adds the squares.
    ///
    /// ```
    /// use movegen::{Bitboard, Square};
    ///
    /// let mut set = Bitboard::EMPTY;
    /// set.extend([Square::E4, Square::D5, Square::E4]);
    /// assert_eq!(set.count(), 2);
    /// ```
    fn extend<I: IntoIterator<Item = Square>>(&mut self, squares: I) {
        for sq in squares {
            *self = self.with(sq);
        }
    }
}

macro_rules! bit_format {
    ($($trait:ident),*) => {$(
        impl core::fmt::$trait for Bitboard {
            /// The 64 bits, as the same format writes a `u64` (flags such as `#` and widths
            /// included).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::$trait::fmt(&self.0, f)
            }
        }
    )*};
}

bit_format!(LowerHex, UpperHex, Binary);

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl Bitboard {
    /// The squares of the set, lowest index first (also what `for sq in bitboard` visits).
    ///
    /// ```
    /// use movegen::{Bitboard, Square};
    ///
    /// let set = Bitboard::from_square(Square::C3).with(Square::A1);
    /// assert_eq!(set.squares().collect::<Vec<_>>(), [Square::A1, Square::C3]);
    /// assert!(set.squares().any(|sq| sq == Square::C3));
    /// ```
    #[inline(always)]
    pub const fn squares(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a [`Bitboard`], lowest index first: from [`Bitboard::squares`] or
/// `IntoIterator`.
///
/// ```
/// use movegen::{Bitboard, Rank, Square};
///
/// let mut squares = Bitboard::rank(Rank::First).squares();
/// assert_eq!(squares.len(), 8);
/// assert_eq!(squares.next(), Some(Square::A1));
/// assert_eq!(squares.next_back(), Some(Square::H1));
/// let rest: Bitboard = squares.collect();
/// assert_eq!(rest.count(), 6);
/// assert!(!rest.contains(Square::A1) && rest.contains(Square::B1));
/// ```
///
/// An iterator, so not `Copy` (a copy would be consumed while the original stays as it was);
/// `clone` it to walk the squares twice.
///
/// ```compile_fail
/// let squares = movegen::Bitboard::FULL.squares();
/// let copy = squares;
/// assert_eq!(squares.count(), copy.count()); // error: `squares` was moved
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[must_use = "iterators do nothing unless consumed"]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    /// Removes and returns the lowest square.
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::new(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl core::iter::FusedIterator for Squares {}

impl DoubleEndedIterator for Squares {
    /// Removes and returns the highest square.
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::new(63 - self.0.leading_zeros());
        self.0 &= !(1 << sq as u32);
        Some(sq)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline(always)]
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl core::iter::FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}
