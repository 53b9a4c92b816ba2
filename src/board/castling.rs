//! Castling: the side a king castles to, and a position's set of rights.

use crate::types::{Color, File};

/// Which way a king castles.
///
/// ```
/// use movegen::{Board, CastlingSide, Color, File, Square};
///
/// assert_eq!(CastlingSide::KingSide.king_file(), File::G);
/// assert_eq!(CastlingSide::QueenSide.rook_file(), File::D);
/// let board = Board::startpos();
/// assert_eq!(board.castling_rook(Color::White, CastlingSide::QueenSide), Some(Square::A1));
/// assert!(board.castling_rights().has(Color::Black, CastlingSide::KingSide));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file: the king lands on the g-file, the rook on the f-file.
    KingSide,
    /// Towards the a-file: the king lands on the c-file, the rook on the d-file.
    QueenSide,
}

impl core::fmt::Display for CastlingSide {
    /// `king side` or `queen side`.
    ///
    /// ```
    /// use movegen::CastlingSide;
    ///
    /// assert_eq!(CastlingSide::KingSide.to_string(), "king side");
    /// assert_eq!(CastlingSide::QueenSide.to_string(), "queen side");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            CastlingSide::KingSide => "king side",
            CastlingSide::QueenSide => "queen side",
        })
    }
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// File the king ends on.
    #[must_use]
    pub const fn king_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// File the rook ends on.
    #[must_use]
    pub const fn rook_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// Bit of this right in the board's rights: white king side 0, white queen side 1, black
    /// king side 2, black queen side 3 (the Polyglot order).
    #[inline(always)]
    pub(crate) const fn bit(self, color: Color) -> u8 {
        1 << (2 * color as u8 + self as u8)
    }

    /// 0 for the king side, 1 for the queen side.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The castling rights of a position: which of the four (each colour, each side) remain.
/// [`Board::castling_rook`](crate::Board::castling_rook) gives the rook of each.
///
/// ```
/// use movegen::{Board, CastlingRights, CastlingSide, Color};
///
/// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse()?;
/// let rights = board.castling_rights();
/// assert!(rights.has(Color::White, CastlingSide::KingSide));
/// assert!(!rights.has(Color::White, CastlingSide::QueenSide));
/// assert_eq!(rights.len(), 2);
/// assert_eq!(rights.to_string(), "Kq");
/// assert!(Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")?.castling_rights().is_empty());
/// # Ok::<(), movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub(super) u8);

impl CastlingRights {
    /// No rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);

    /// Whether `color` may still castle on `side`.
    #[inline]
    #[must_use]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & side.bit(color) != 0
    }

    /// Whether `color` has either right left.
    #[inline]
    #[must_use]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (2 * color as u8)) != 0
    }

    /// These rights with `color`'s right on `side` added.
    #[inline]
    #[must_use]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | side.bit(color))
    }

    /// These rights without `color`'s right on `side`.
    #[inline]
    #[must_use]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !side.bit(color))
    }

    /// Whether no right remains.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many rights remain, 0 to 4.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The remaining rights, White's king side first (the order of FEN's `KQkq`).
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        Color::ALL
            .into_iter()
            .flat_map(|color| CastlingSide::ALL.into_iter().map(move |side| (color, side)))
            .filter(move |&(color, side)| self.has(color, side))
    }
}

impl core::fmt::Display for CastlingRights {
    /// `KQkq` letters in FEN order, `-` for none (without the rook files that Chess960
    /// positions may need: the board's FEN writes those).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        use core::fmt::Write as _;
        if self.is_empty() {
            return f.write_char('-');
        }
        for (color, side) in self.iter() {
            let letter = match side {
                CastlingSide::KingSide => 'k',
                CastlingSide::QueenSide => 'q',
            };
            f.write_char(color.cased(letter))?;
        }
        Ok(())
    }
}

impl core::fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}
