//! Moves (16 bits), per-piece target sets, and a fixed-capacity move list.

use crate::board::CastlingSide;
use crate::types::{File, Role, Square};
use core::fmt;
use core::num::NonZeroU16;

mod list;
mod piece;
#[cfg(test)]
mod tests;
mod uci;

#[allow(deprecated)]
pub use list::MoveListIntoIter;
pub use list::{IntoIter, MAX_MOVES, MoveList};
pub use piece::PieceMoves;
pub use uci::Uci;
pub(crate) use uci::text_traits;

/// What a move does besides going from one square to another.
///
/// ```
/// use movegen::{Board, MoveKind, Role};
///
/// let board = Board::startpos();
/// assert_eq!(board.parse_uci("e2e4")?.kind(), MoveKind::DoublePush);
/// assert_eq!(board.parse_uci("e2e3")?.kind(), MoveKind::Normal);
/// assert_eq!(MoveKind::promotion(Role::Queen), Some(MoveKind::PromoteQueen));
/// assert_eq!(MoveKind::promotion(Role::King), None);
/// assert_eq!(MoveKind::EnPassant.to_string(), "en passant");
/// # Ok::<(), movegen::UciError>(())
/// ```
/// `Ord` follows the encoding, `Normal` first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Any move that is none of the below (captures included).
    Normal = 0,
    /// A pawn advancing two squares.
    DoublePush = 1,
    /// A pawn capturing en passant; the target is the empty en-passant square.
    EnPassant = 2,
    /// Castling, stored as the king capturing its own rook (`to` is the rook's square).
    Castling = 3,
    /// A pawn promoting to a knight.
    PromoteKnight = 4,
    /// A pawn promoting to a bishop.
    PromoteBishop = 5,
    /// A pawn promoting to a rook.
    PromoteRook = 6,
    /// A pawn promoting to a queen.
    PromoteQueen = 7,
}

impl MoveKind {
    /// Every kind, in the order of their encoding (`Normal` = 0 to `PromoteQueen` = 7).
    pub const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::EnPassant,
        MoveKind::Castling,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
    ];

    /// The promotion kinds, queen first (the usual order for search).
    pub const PROMOTIONS: [MoveKind; 4] = [
        MoveKind::PromoteQueen,
        MoveKind::PromoteRook,
        MoveKind::PromoteBishop,
        MoveKind::PromoteKnight,
    ];

    /// The kind's encoding, 0 to 7 (bits 12-15 of [`Move::raw`]).
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The promotion kind for a role (knight to queen).
    #[must_use]
    pub const fn promotion(role: Role) -> Option<MoveKind> {
        match role {
            Role::Knight => Some(MoveKind::PromoteKnight),
            Role::Bishop => Some(MoveKind::PromoteBishop),
            Role::Rook => Some(MoveKind::PromoteRook),
            Role::Queen => Some(MoveKind::PromoteQueen),
            _ => None,
        }
    }
}

impl fmt::Display for MoveKind {
    /// In words: `normal`, `double push`, `en passant`, `castling`, `promotion to a knight`...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveKind::Normal => "normal",
            MoveKind::DoublePush => "double push",
            MoveKind::EnPassant => "en passant",
            MoveKind::Castling => "castling",
            MoveKind::PromoteKnight => "promotion to a knight",
            MoveKind::PromoteBishop => "promotion to a bishop",
            MoveKind::PromoteRook => "promotion to a rook",
            MoveKind::PromoteQueen => "promotion to a queen",
        })
    }
}

/// A move in 16 bits: `from` (bits 0-5), `to` (bits 6-11), [`MoveKind`] (bits 12-15).
///
/// Castling is encoded as the king moving to its own rook's square, which works for any rook
/// file (Chess960 included).
///
/// **Text.** A move's UCI text depends on the game: standard chess writes castling as the
/// king's two-square step (`e1g1`), Chess960 as king-takes-rook (`e1h1`), and a bare `Move`
/// does not know which game it is in. [`Board::uci`](crate::Board::uci) writes the right form
/// for the position and is what an engine should print. `Display` on a bare move writes the
/// standard form, [`Move::uci`]; in Chess960 that can be ambiguous (with the king on b1 and
/// rooks on a1 and h1, queen-side castling and the king's step both print `b1c1`) or look
/// like a null move (king g1, rook h1: `g1g1`). [`Move::uci_chess960`] writes king-takes-rook
/// whatever the game. Parsing goes through a board ([`Board::parse_uci`](crate::Board::parse_uci),
/// [`Board::find_move`](crate::Board::find_move)), since the kind (double push, en passant,
/// castling) depends on the position; [`Uci`] parses the text alone.
///
/// ```
/// use movegen::{Board, Move, MoveKind, Square};
///
/// let board = Board::from_fen("1k6/8/8/8/8/8/8/RK5R w HA - 0 1")?;
/// let castle = Move::new(Square::B1, Square::A1, MoveKind::Castling);
/// let step = Move::new(Square::B1, Square::C1, MoveKind::Normal);
/// assert_eq!((castle.to_string(), step.to_string()), ("b1c1".into(), "b1c1".into()));
/// assert_eq!((board.uci(castle).as_str(), board.uci(step).as_str()), ("b1a1", "b1c1"));
/// assert_eq!(board.parse_uci("b1a1")?, castle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// **Storage.** A `Move` is 2 bytes, and so is an `Option<Move>`: no move goes from a square
/// to itself, so no move's raw value is 0, and `None` is stored as 0. A zeroed hash-table
/// entry or killer slot of `Option<Move>` reads as `None`, and [`Move::from_raw`] gives `None`
/// for 0. [`Move::NULL`] is a move value for "pass" that no position has. `Ord` orders moves by
/// their raw value.
///
/// ```
/// use movegen::Move;
///
/// assert_eq!(size_of::<Move>(), 2);
/// assert_eq!(size_of::<Option<Move>>(), 2);
/// assert_eq!(Move::from_raw(0), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(NonZeroU16);

impl Move {
    /// The null move: a1 to a1 with kind bits 1 (raw value 4096). No position has it as a
    /// move: [`Board::is_legal`](crate::Board::is_legal) is false and
    /// [`Board::play`](crate::Board::play) an error. Passing the turn is
    /// [`Board::make_null`](crate::Board::make_null), which needs no move value. UCI writes it
    /// `0000`. (Raw value 0 is not a move at all: it is what `None` is stored as in an
    /// `Option<Move>`.)
    ///
    /// ```
    /// use movegen::{Board, Move};
    ///
    /// let board = Board::startpos();
    /// assert_eq!(Move::NULL.raw(), 4096);
    /// assert_eq!(Move::NULL.to_string(), "0000");
    /// assert!(!board.is_legal(Move::NULL));
    /// assert!(board.play(Move::NULL).is_err());
    /// ```
    pub const NULL: Move = match NonZeroU16::new(1 << 12) {
        Some(raw) => Move(raw),
        None => unreachable!(),
    };

    /// A move from its parts. The one set of parts whose value would be 0, a1 to a1 of kind
    /// [`MoveKind::Normal`], gives [`Move::NULL`].
    ///
    /// ```
    /// use movegen::{Board, Move, MoveKind, Role, Square};
    ///
    /// let mv = Move::new(Square::E7, Square::E8, MoveKind::PromoteQueen);
    /// assert_eq!((mv.from(), mv.to(), mv.promotion()), (Square::E7, Square::E8, Some(Role::Queen)));
    /// assert_eq!(mv.to_string(), "e7e8q");
    /// assert_eq!(Move::new(Square::A1, Square::A1, MoveKind::Normal), Move::NULL);
    /// // Nothing checks the move against a position: `Board::play` does.
    /// let board = Board::startpos();
    /// assert!(board.play(Move::new(Square::E2, Square::E4, MoveKind::DoublePush)).is_ok());
    /// assert!(board.play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).is_err());
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        match NonZeroU16::new(from as u16 | (to as u16) << 6 | (kind as u16) << 12) {
            Some(raw) => Move(raw),
            None => Move::NULL,
        }
    }

    /// A move from its parts without [`Move::new`]'s test for value 0, for the generator's
    /// moves, which never stay on their square. Measured: the test cost 6.8% of the
    /// instructions of listing the corpus's moves and 7.1% of `movegen_bench` (callgrind,
    /// x86-64-v3).
    ///
    /// # Safety
    ///
    /// `from` and `to` differ (so the value is not 0).
    #[inline(always)]
    pub(crate) const unsafe fn new_unchecked(from: Square, to: Square, kind: MoveKind) -> Move {
        debug_assert!(from as u8 != to as u8, "a move stays on its square");
        // SAFETY: `from != to` (the caller's promise), so at least one of them is not a1
        // (0) and the value has a bit set.
        Move(unsafe {
            NonZeroU16::new_unchecked(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
        })
    }

    /// Whether this is [`Move::NULL`].
    #[inline]
    #[must_use]
    pub const fn is_null(self) -> bool {
        self.raw() == Move::NULL.raw()
    }

    /// The 16-bit encoding.
    ///
    /// ```
    /// use movegen::{Move, MoveKind, Square};
    ///
    /// let mv = Move::new(Square::E2, Square::E4, MoveKind::DoublePush);
    /// assert_eq!(mv.raw(), 12 | 28 << 6 | 1 << 12); // e2 = 12, e4 = 28, double push = 1
    /// assert_eq!(Move::from_raw(mv.raw()), Some(mv));
    /// ```
    #[inline]
    #[must_use]
    pub const fn raw(self) -> u16 {
        self.0.get()
    }

    /// Decodes 16 bits; `None` for 0 (no move: see the type's docs) and when the kind bits are
    /// not a [`MoveKind`] (values 8-15, so 32768 and above). A decoded move may still be
    /// illegal, or nonsense, in a given position.
    ///
    /// ```
    /// use movegen::{Move, MoveKind, Square};
    ///
    /// let stored: u16 = 0b0011_000111_000100; // castling, to h1 (7), from e1 (4)
    /// let mv = Move::from_raw(stored).expect("kind 3 is castling");
    /// assert_eq!((mv.from(), mv.to(), mv.kind()), (Square::E1, Square::H1, MoveKind::Castling));
    /// assert_eq!(Move::from_raw(0x8000), None); // kind 8 does not exist
    /// assert_eq!(Move::from_raw(0), None);
    /// ```
    #[must_use]
    pub const fn from_raw(raw: u16) -> Option<Move> {
        match NonZeroU16::new(raw) {
            Some(raw) if raw.get() >> 12 < 8 => Some(Move(raw)),
            _ => None,
        }
    }

    /// Origin square.
    #[inline(always)]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::new((self.0.get() & 63) as u32)
    }

    /// Destination square (for castling: the rook's square).
    #[inline(always)]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::new(((self.0.get() >> 6) & 63) as u32)
    }

    /// The kind of move.
    #[inline(always)]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0.get() >> 12) as usize & 7]
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }

    /// Whether this is castling.
    #[inline]
    #[must_use]
    pub const fn is_castling(self) -> bool {
        matches!(self.kind(), MoveKind::Castling)
    }

    /// The square the king lands on when castling: the g- or c-file of its rank.
    #[inline]
    #[must_use]
    pub const fn castling_king_target(self) -> Square {
        let (from, to) = (self.from(), self.to());
        let file = if (to as u8) > (from as u8) {
            File::G
        } else {
            File::C
        };
        Square::from_coords(file, from.rank())
    }

    /// For castling, the king's and the rook's destinations: the g- and f-file (king side, the
    /// rook beyond the king) or the c- and d-file of the king's rank, whatever the rook's file.
    #[inline(always)]
    pub(crate) fn castling_destinations(self) -> (Square, Square) {
        let side = if self.to() > self.from() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let rank = self.from().rank();
        (
            Square::from_coords(side.king_file(), rank),
            Square::from_coords(side.rook_file(), rank),
        )
    }

    /// The UCI text: `e2e4`, `e7e8q`; castling in standard notation, `e1g1` (ambiguous in
    /// some Chess960 positions: [`Board::uci`](crate::Board::uci) writes the position's form).
    #[must_use]
    pub fn uci(self) -> Uci {
        Uci::new(self, false)
    }

    /// The UCI text with castling as king-takes-rook (`e1h1`), as Chess960 GUIs expect.
    #[must_use]
    pub fn uci_chess960(self) -> Uci {
        Uci::new(self, true)
    }
}

impl From<Move> for u16 {
    /// [`Move::raw`].
    ///
    /// ```
    /// use movegen::{Move, MoveKind, Square};
    ///
    /// let mv = Move::new(Square::G1, Square::F3, MoveKind::Normal);
    /// assert_eq!(u16::from(mv), mv.raw());
    /// assert_eq!(Move::try_from(u16::from(mv)), Ok(mv));
    /// ```
    #[inline]
    fn from(mv: Move) -> u16 {
        mv.raw()
    }
}

impl TryFrom<u16> for Move {
    type Error = crate::OutOfRange;

    /// [`Move::from_raw`], with an error for the values it refuses (0, and 32768 and above).
    ///
    /// ```
    /// use movegen::Move;
    ///
    /// assert_eq!(Move::try_from(4096), Ok(Move::NULL));
    /// let error = Move::try_from(0x8000).unwrap_err();
    /// assert_eq!(error.to_string(), "raw move index 32768 is out of range (1 to 32767)");
    /// assert!(Move::try_from(0).is_err());
    /// ```
    fn try_from(raw: u16) -> Result<Move, crate::OutOfRange> {
        Move::from_raw(raw).ok_or(crate::OutOfRange::between(
            "raw move",
            u64::from(raw),
            1,
            0x7fff,
        ))
    }
}

impl fmt::Display for Move {
    /// Standard UCI notation ([`Move::uci`]): castling as the king's destination, which can be
    /// ambiguous in Chess960; see [`Board::uci`](crate::Board::uci).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uci().as_str())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({:?})", self.uci().as_str(), self.kind())
    }
}
