//! Sets of squares as 64-bit masks.

use crate::types::{File, Rank, Square};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
