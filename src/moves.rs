//! Moves (16 bits), per-piece target sets, and a fixed-capacity move list.

use crate::bitboard::Bitboard;
use crate::board::CastlingSide;
use crate::types::{File, Role, Square};
use core::fmt;
use core::mem::MaybeUninit;
use core::num::NonZeroU16;

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

/// A move's UCI text, held on the stack (4 or 5 ASCII bytes).
///
/// ```
/// use movegen::{Board, Uci};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let castle = board.parse_uci("e1g1")?;
/// let text: Uci = castle.uci();
/// assert_eq!(text.as_str(), "e1g1");
/// assert_eq!(castle.uci_chess960().to_string(), "e1h1");
/// assert_eq!(text, "e1g1".parse::<Uci>()?);
/// assert_eq!(board.parse_uci("e1h1")?, castle); // both forms read back
/// assert!(text == "e1g1" && text < castle.uci_chess960()); // compared as text
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci {
    bytes: [u8; 5],
    len: u8,
}

impl Uci {
    /// `0000`, the UCI protocol's null move: [`Move::NULL`]'s text. It reads back with both
    /// squares a1, as `Move::NULL` has them.
    const NULL: Uci = Uci {
        bytes: *b"0000\0",
        len: 4,
    };

    fn new(mv: Move, chess960: bool) -> Uci {
        if mv.is_null() {
            return Uci::NULL;
        }
        let to = if mv.is_castling() && !chess960 {
            mv.castling_king_target()
        } else {
            mv.to()
        };
        let mut bytes = [0; 5];
        for (i, sq) in [mv.from(), to].into_iter().enumerate() {
            bytes[2 * i] = b'a' + sq.file() as u8;
            bytes[2 * i + 1] = b'1' + sq.rank() as u8;
        }
        let len = match mv.promotion() {
            Some(role) => {
                bytes[4] = role.char() as u8;
                5
            }
            None => 4,
        };
        Uci { bytes, len }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or(&[]);
        // The bytes are ASCII letters and digits (written above, or checked when parsed).
        core::str::from_utf8(bytes).unwrap_or("")
    }

    /// The origin square.
    #[must_use]
    pub fn from(&self) -> Square {
        square_of(self.bytes[0], self.bytes[1])
    }

    /// Whether this is `0000`, the null move.
    #[must_use]
    pub fn is_null(&self) -> bool {
        *self == Uci::NULL
    }

    /// The destination square as written: for castling the king's destination (`e1g1`) or
    /// its rook's square (`e1h1`).
    #[must_use]
    pub fn to(&self) -> Square {
        square_of(self.bytes[2], self.bytes[3])
    }

    /// The promotion piece, if the text names one.
    #[must_use]
    pub fn promotion(&self) -> Option<Role> {
        if self.len == 5 {
            Role::from_char(self.bytes[4] as char)
        } else {
            None
        }
    }
}

/// The square of a file letter and rank digit already checked to be `a`-`h` and `1`-`8`.
/// (`0000` gives a1.)
fn square_of(file: u8, rank: u8) -> Square {
    if file == b'0' {
        return Square::A1;
    }
    Square::new(u32::from(rank.wrapping_sub(b'1') & 7) * 8 + u32::from(file.wrapping_sub(b'a') & 7))
}

impl core::str::FromStr for Uci {
    type Err = crate::UciError;

    /// Reads UCI move text without a position: two squares and an optional promotion letter
    /// (`n`, `b`, `r`, `q`). Which move it is depends on the position:
    /// [`Board::find_move`](crate::Board::find_move) with [`Uci::from`], [`Uci::to`] and
    /// [`Uci::promotion`], or [`Board::parse_uci`](crate::Board::parse_uci) directly.
    ///
    /// ```
    /// use movegen::{Board, Role, Square, Uci};
    ///
    /// let text: Uci = "e7e8q".parse()?;
    /// assert_eq!((text.from(), text.to(), text.promotion()), (Square::E7, Square::E8, Some(Role::Queen)));
    /// assert!("e7e9".parse::<Uci>().is_err());
    /// let board = Board::startpos();
    /// let e2e4: Uci = "e2e4".parse()?;
    /// assert!(board.find_move(e2e4.from(), e2e4.to(), e2e4.promotion()).is_some());
    /// # Ok::<(), movegen::UciError>(())
    /// ```
    fn from_str(text: &str) -> Result<Uci, crate::UciError> {
        let bytes = text.as_bytes();
        if bytes == b"0000" {
            return Ok(Uci::NULL);
        }
        let valid = matches!(bytes.len(), 4 | 5)
            && matches!(bytes[0], b'a'..=b'h')
            && matches!(bytes[1], b'1'..=b'8')
            && matches!(bytes[2], b'a'..=b'h')
            && matches!(bytes[3], b'1'..=b'8')
            && bytes
                .get(4)
                .is_none_or(|c| matches!(c, b'n' | b'b' | b'r' | b'q'));
        if !valid {
            return Err(crate::UciError::Syntax);
        }
        let mut out = [0; 5];
        out[..bytes.len()].copy_from_slice(bytes);
        Ok(Uci {
            bytes: out,
            len: bytes.len() as u8,
        })
    }
}

/// `Ord`, `AsRef<str>` and comparison with text for a type of move text with `as_str`.
macro_rules! text_traits {
    ($type:ty) => {
        impl PartialOrd for $type {
            fn partial_cmp(&self, other: &$type) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $type {
            /// The order of the texts.
            fn cmp(&self, other: &$type) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        impl AsRef<str> for $type {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl PartialEq<str> for $type {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $type {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}
pub(crate) use text_traits;

text_traits!(Uci);

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The legal moves of one piece: its role, its square and its target squares.
///
/// Counting moves is a popcount of `to` (four per promotion target). Targets are plain
/// destinations except the squares in `special`: for a pawn the en-passant square, for the king
/// the rooks it castles with (castling is king-takes-own-rook).
///
/// ```
/// use movegen::{Bitboard, Board, Move, MoveKind, PieceMoves, Role, Square};
///
/// let mut knight = None;
/// Board::startpos().generate_moves(|moves| {
///     knight = knight.or((moves.from == Square::B1).then_some(moves));
///     false
/// });
/// let knight = knight.expect("the b1 knight can move");
/// assert_eq!((knight.role, knight.len()), (Role::Knight, 2));
/// assert_eq!(knight.moves().map(|mv| mv.to_string()).collect::<Vec<_>>(), ["b1a3", "b1c3"]);
/// assert!(knight.contains(Move::new(Square::B1, Square::C3, MoveKind::Normal)));
/// assert!(!knight.contains(Move::new(Square::B1, Square::D2, MoveKind::Normal))); // own pawn
/// let pawn = PieceMoves {
///     role: Role::Pawn,
///     from: Square::A7,
///     to: Bitboard::from_square(Square::A8),
///     special: Bitboard::EMPTY,
/// };
/// assert_eq!(pawn.len(), 4); // one per promotion piece
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The moving piece's role.
    pub role: Role,
    /// Its square.
    pub from: Square,
    /// Every legal destination.
    pub to: Bitboard,
    /// The destinations in `to` that are en passant (pawn) or castling (king).
    pub special: Bitboard,
}

impl PieceMoves {
    /// Number of moves: one per target, four per promoting target.
    #[inline(always)]
    #[must_use]
    pub fn len(&self) -> usize {
        let promotions = if self.role == Role::Pawn {
            (self.to & Bitboard::BACK_RANKS).count()
        } else {
            0
        };
        (self.to.count() + 3 * promotions) as usize
    }

    /// Whether there are no moves.
    #[inline(always)]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The moves, with their kinds. A destination equal to `from` (which no generated
    /// `PieceMoves` has) is left out: no move stays on its square.
    pub fn moves(self) -> impl Iterator<Item = Move> {
        let PieceMoves { from, to, .. } = self;
        (to - Bitboard::from(from)).squares().flat_map(move |to| {
            kinds(self.role, from, to, self.special)
                .iter()
                .map(move |&kind| {
                    // SAFETY: `to` is a square of `self.to` without `from`.
                    unsafe { Move::new_unchecked(from, to, kind) }
                })
        })
    }

    /// Whether `mv` is one of these moves (origin, destination and kind all match).
    #[inline]
    #[must_use]
    pub fn contains(&self, mv: Move) -> bool {
        mv.from() == self.from
            && self.to.contains(mv.to())
            && kinds(self.role, self.from, mv.to(), self.special).contains(&mv.kind())
    }
}

/// The kinds of the moves of a `role` from `from` to `to`, one of its targets (`special` as in
/// [`PieceMoves`]): several for a promotion.
#[inline(always)]
fn kinds(role: Role, from: Square, to: Square, special: Bitboard) -> &'static [MoveKind] {
    if special.contains(to) {
        if role == Role::King {
            &[MoveKind::Castling]
        } else {
            &[MoveKind::EnPassant]
        }
    } else if role == Role::Pawn && Bitboard::BACK_RANKS.contains(to) {
        &MoveKind::PROMOTIONS
    } else if role == Role::Pawn && (to as u8).abs_diff(from as u8) == 16 {
        &[MoveKind::DoublePush]
    } else {
        &[MoveKind::Normal]
    }
}

/// The most legal moves any accepted position can have: at most 16 pieces per side (checked
/// when parsing), a king with 8 steps and 2 castlings, and 15 others with at most 27 moves each
/// (a queen in the centre of an empty board; a pawn has at most 12).
///
/// ```
/// use movegen::{Board, MAX_MOVES, MoveList};
///
/// assert_eq!(MAX_MOVES, 415);
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let mut list = MoveList::new();
/// for _ in 0..10 {
///     list.extend(board.legal_moves()); // 480 moves offered
/// }
/// assert_eq!(list.len(), MAX_MOVES); // the rest were dropped
/// # Ok::<(), movegen::FenError>(())
/// ```
pub const MAX_MOVES: usize = 15 * 27 + 8 + 2;

/// A list of moves on the stack; never allocates.
///
/// ```
/// use movegen::{Board, MoveKind, MoveList, Role};
///
/// let board = Board::startpos();
/// let mut list = MoveList::new();
/// list.push(board.parse_uci("g1f3")?);
/// list.extend(board.legal_moves().into_iter().filter(|mv| mv.kind() == MoveKind::DoublePush));
/// assert_eq!(list.len(), 9);
/// assert_eq!(list[0].to_string(), "g1f3"); // a slice, through Deref
/// for mv in &list {
///     assert!(board.is_legal(*mv));
/// }
/// let is_knight = |mv: &movegen::Move| board.role_at(mv.from()) == Some(Role::Knight);
/// let knights: MoveList = board.legal_moves().into_iter().filter(is_knight).collect();
/// assert_eq!(knights.len(), 4);
/// # Ok::<(), movegen::UciError>(())
/// ```
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` slots are written; the rest are not. Left uninitialised so that making
    /// a list costs nothing: zeroing the 830 bytes was 63 of the 1,141 instructions a corpus
    /// position's `legal_moves()` executed (callgrind, x86-64-v3).
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// The list `fill` makes from an empty one, built in the caller's slot: `fill` runs out of
    /// line on the slot it is given, so the compiler passes the caller's own list. Made in a
    /// local and returned instead, the 840-byte list is copied out with memcpy after every
    /// generation whenever the caller keeps it (the listing and full-make benchmarks did).
    #[inline(always)]
    pub(crate) fn filled(fill: impl FnOnce(&mut MoveList)) -> MoveList {
        let mut out = MaybeUninit::<MoveList>::uninit();
        fill_into(&mut out, fill);
        // SAFETY: `fill_into` writes a whole `MoveList` (an empty one: its length, and move
        // slots that are uninitialised by design) before anything else, with no early return.
        unsafe { out.assume_init() }
    }

    /// Appends a move. The capacity holds every legal move of any accepted position; a move
    /// beyond it (impossible from such a position) is dropped rather than panicking.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(mv);
            self.len += 1;
        }
    }

    /// Removes the last move and returns it; `None` when the list is empty.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// let last = moves[19];
    /// assert_eq!(moves.pop(), Some(last));
    /// assert_eq!(moves.len(), 19);
    /// moves.clear();
    /// assert_eq!(moves.pop(), None);
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        let last = self.last().copied()?;
        self.len -= 1;
        Some(last)
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` moves (all of them when there are no more).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// let first = moves[0];
    /// moves.truncate(1);
    /// assert_eq!(&*moves, &[first]);
    /// moves.truncate(5);
    /// assert_eq!(moves.len(), 1);
    /// ```
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Keeps the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// use movegen::{Board, MoveKind};
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// moves.retain(|mv| mv.kind() == MoveKind::DoublePush);
    /// assert_eq!(moves.len(), 8);
    /// assert!(moves.iter().all(|mv| mv.kind() == MoveKind::DoublePush));
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len() {
            let mv = self[i];
            if keep(&mv) {
                self[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Removes the move at `index` and returns it, the last move taking its place (order not
    /// kept, constant time).
    ///
    /// # Panics
    ///
    /// When `index` is not below the length, as `Vec::swap_remove` does.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// let (first, last) = (moves[0], moves[19]);
    /// assert_eq!(moves.swap_remove(0), first);
    /// assert_eq!((moves.len(), moves[0]), (19, last));
    /// ```
    #[track_caller]
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let len = self.len();
        assert!(
            index < len,
            "MoveList::swap_remove: index {index} is not below the length {len}"
        );
        let removed = self[index];
        self[index] = self[len - 1];
        self.len -= 1;
        removed
    }

    /// Inserts `mv` at `index`, the moves from there on moving up one. At capacity
    /// ([`MAX_MOVES`]) the list is left as it is, as [`MoveList::push`] drops such a move.
    ///
    /// # Panics
    ///
    /// When `index` is above the length, as `Vec::insert` does.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// let mut moves = board.legal_moves();
    /// let best = board.parse_uci("e2e4")?;
    /// moves.retain(|mv| *mv != best);
    /// moves.insert(0, best); // searched first
    /// assert_eq!((moves.len(), moves[0]), (20, best));
    /// # Ok::<(), movegen::UciError>(())
    /// ```
    #[track_caller]
    pub fn insert(&mut self, index: usize, mv: Move) {
        let len = self.len();
        assert!(
            index <= len,
            "MoveList::insert: index {index} is above the length {len}"
        );
        if len < MAX_MOVES {
            self.push(mv);
            self[index..].rotate_right(1);
        }
    }

    /// Appends all moves of one piece ([`PieceMoves::moves`]).
    #[inline(always)]
    pub fn extend_piece(&mut self, moves: PieceMoves) {
        let to = moves.to - Bitboard::from(moves.from);
        // SAFETY: `to` is `moves.to` without `moves.from`.
        unsafe { self.extend_generated(PieceMoves { to, ..moves }) }
    }

    /// [`MoveList::extend_piece`] for the generator's moves, without taking `from` out of
    /// the destinations: that took 2.3% of the instructions of listing the corpus's moves
    /// (callgrind, x86-64-v3).
    ///
    /// # Safety
    ///
    /// `moves.to` does not hold `moves.from`, as no `PieceMoves` the generator makes does.
    #[inline(always)]
    pub(crate) unsafe fn extend_generated(&mut self, moves: PieceMoves) {
        debug_assert!(!moves.to.contains(moves.from));
        // A plain loop rather than `moves.moves()`: the iterator adapter is not always inlined.
        for to in moves.to {
            for &kind in kinds(moves.role, moves.from, to, moves.special) {
                // SAFETY: `to` is a square of `moves.to`, which does not hold `moves.from`
                // (the caller's promise).
                self.push(unsafe { Move::new_unchecked(moves.from, to, kind) });
            }
        }
    }
}

/// The out-of-line half of [`MoveList::filled`].
#[inline(never)]
fn fill_into(out: &mut MaybeUninit<MoveList>, fill: impl FnOnce(&mut MoveList)) {
    fill(out.write(MoveList::new()));
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        let written = &self.moves[..self.len.min(MAX_MOVES)];
        // SAFETY: `push` is the only writer of `len` and writes the slot first, so the first
        // `len` slots (never more than MAX_MOVES) hold initialised moves; `MaybeUninit<Move>`
        // has `Move`'s size and alignment, so the slice of them is a slice of moves.
        unsafe { &*(core::ptr::from_ref(written) as *const [Move]) }
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        let written = &mut self.moves[..self.len.min(MAX_MOVES)];
        // SAFETY: as in `deref`: the first `len` slots are initialised.
        unsafe { &mut *(core::ptr::from_mut(written) as *mut [Move]) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;

    /// The moves by value: `for mv in board.legal_moves()`.
    fn into_iter(self) -> IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The moves of a [`MoveList`] by value, in order (its `IntoIterator`).
///
/// ```
/// use movegen::Board;
/// use movegen::move_list::IntoIter;
///
/// let moves = Board::startpos().legal_moves();
/// let mut iter: IntoIter = moves.clone().into_iter();
/// assert_eq!(iter.len(), 20);
/// assert_eq!(iter.next(), Some(moves[0]));
/// assert_eq!(iter.next_back(), Some(moves[19]));
/// assert_eq!(iter.len(), 18);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators do nothing unless consumed"]
pub struct IntoIter {
    list: MoveList,
    next: usize,
}

/// The former name of [`IntoIter`].
#[deprecated(since = "0.3.0", note = "renamed `movegen::move_list::IntoIter`")]
pub type MoveListIntoIter = IntoIter;

impl Iterator for IntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        if self.list.len > self.next {
            let mv = self.list.last().copied();
            self.list.len -= 1;
            mv
        } else {
            None
        }
    }
}

impl ExactSizeIterator for IntoIter {}

impl core::iter::FusedIterator for IntoIter {}

impl Extend<Move> for MoveList {
    /// Appends the moves; any beyond [`MAX_MOVES`] are dropped (see [`MoveList::push`]).
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    /// A list of the moves; any beyond [`MAX_MOVES`] are dropped (see [`MoveList::push`]).
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl PartialEq for MoveList {
    /// The same moves in the same order.
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl core::hash::Hash for MoveList {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `MoveList::filled` (its `unsafe`) gives a whole list: empty when `fill` adds nothing,
    /// and exactly the moves `fill` pushed otherwise, equal to a list made the plain way.
    /// Valgrind's memcheck runs this test in CI.
    #[test]
    fn a_list_filled_in_place_is_whole() {
        let empty = MoveList::filled(|_| {});
        assert!(empty.is_empty());
        let moves = [
            Move::new(Square::E2, Square::E4, MoveKind::DoublePush),
            Move::new(Square::G1, Square::F3, MoveKind::Normal),
        ];
        let filled = MoveList::filled(|list| moves.iter().for_each(|&mv| list.push(mv)));
        let mut plain = MoveList::new();
        moves.iter().for_each(|&mv| plain.push(mv));
        assert_eq!(filled, plain);
        assert_eq!(&filled[..], &moves[..]);
    }

    /// Every 16-bit value: the ones from 1 to 32767 are moves whose raw value is that value,
    /// through `from_raw`, `TryFrom` and `From`; 0 and 32768 up are refused. The parts of each
    /// give it back through `Move::new`, except a1a1 of kind 1 (`Move::NULL`), which `new`
    /// also gives for a1a1 of kind 0.
    #[test]
    fn every_raw_value_round_trips_or_is_refused() {
        for raw in 0..=u16::MAX {
            let mv = Move::from_raw(raw);
            assert_eq!(mv.is_some(), raw != 0 && raw < 0x8000, "{raw}");
            assert_eq!(Move::try_from(raw).ok(), mv, "{raw}");
            if let Some(mv) = mv {
                assert_eq!((mv.raw(), u16::from(mv)), (raw, raw));
                assert_eq!(
                    Move::new(mv.from(), mv.to(), mv.kind()),
                    mv,
                    "{raw}: parts and value agree"
                );
                assert_eq!(mv.is_null(), raw == 0x1000);
            }
        }
        let (a, b) = (Move::from_raw(5).unwrap(), Move::from_raw(0x7000).unwrap());
        assert!(
            a < Move::NULL && Move::NULL < b,
            "Ord follows the raw value"
        );
        assert_eq!(
            Move::new(Square::A1, Square::A1, MoveKind::Normal),
            Move::NULL
        );
        assert_eq!(size_of::<Option<Move>>(), 2);
        assert_eq!(Move::from_raw(0), None);
    }

    #[test]
    fn move_list_edits_like_a_vec() {
        let moves: Vec<Move> = (1..=6).map(|raw| Move::from_raw(raw).unwrap()).collect();
        let mut list: MoveList = moves.iter().copied().collect();
        let mut vec = moves.clone();
        list.retain(|mv| mv.raw() % 2 == 0);
        vec.retain(|mv| mv.raw() % 2 == 0);
        assert_eq!(&*list, &vec[..]);
        list.insert(1, moves[0]);
        vec.insert(1, moves[0]);
        list.insert(list.len(), moves[4]);
        vec.insert(vec.len(), moves[4]);
        assert_eq!(&*list, &vec[..]);
        assert_eq!(list.swap_remove(0), vec.swap_remove(0));
        assert_eq!(&*list, &vec[..]);
        assert_eq!(list.pop(), vec.pop());
        list.truncate(1);
        vec.truncate(1);
        assert_eq!(&*list, &vec[..]);
        list.clear();
        assert!(list.is_empty() && list.pop().is_none());
        // At capacity an insert changes nothing, as a push does.
        let raw = |i: u16| Move::from_raw(i + 1).unwrap();
        let mut full: MoveList = (0..MAX_MOVES as u16).map(raw).collect();
        full.insert(0, Move::NULL);
        full.push(Move::NULL);
        assert_eq!(full.len(), MAX_MOVES);
        assert_eq!(full[0], raw(0));
        assert_eq!(full[MAX_MOVES - 1], raw(MAX_MOVES as u16 - 1));
    }

    #[test]
    #[should_panic(expected = "index 3 is not below the length 2")]
    fn swap_remove_past_the_end_panics_as_documented() {
        let mut list: MoveList = [Move::NULL, Move::NULL].into_iter().collect();
        list.swap_remove(3);
    }

    #[test]
    #[should_panic(expected = "index 3 is above the length 2")]
    fn insert_past_the_end_panics_as_documented() {
        let mut list: MoveList = [Move::NULL, Move::NULL].into_iter().collect();
        list.insert(3, Move::NULL);
    }

    /// The list's slots start uninitialised: every way of reading it sees exactly the moves
    /// pushed (CI runs this under valgrind memcheck, which reports a read of an unwritten slot).
    #[test]
    fn move_list_reads_only_what_was_pushed() {
        let moves: [Move; 3] = [
            Move::new(Square::E2, Square::E4, MoveKind::DoublePush),
            Move::new(Square::G1, Square::F3, MoveKind::Normal),
            Move::new(Square::A7, Square::A8, MoveKind::PromoteQueen),
        ];
        let mut list = MoveList::new();
        assert!(list.is_empty() && list.iter().next().is_none());
        list.extend(moves);
        assert_eq!(&*list, &moves);
        let copy = list.clone();
        assert_eq!(copy, list);
        list.sort_by_key(|mv| core::cmp::Reverse(mv.raw()));
        assert_eq!(
            list[0],
            moves.iter().copied().max_by_key(|mv| mv.raw()).unwrap()
        );
        let mut iter = copy.into_iter();
        assert_eq!(iter.next_back(), Some(moves[2]));
        assert_eq!(iter.next(), Some(moves[0]));
        assert_eq!(iter.next_back(), Some(moves[1]));
        assert_eq!((iter.next(), iter.next_back(), iter.len()), (None, None, 0));
        // Full: every slot written, the rest dropped, nothing read past the end.
        let mut full = MoveList::new();
        for i in 0..MAX_MOVES + 5 {
            full.push(Move::from_raw((i % 4096) as u16 + 1).unwrap());
        }
        assert_eq!(full.len(), MAX_MOVES);
        assert_eq!(full.last().map(|mv| mv.raw()), Some(MAX_MOVES as u16));
        assert_eq!(
            full.iter().map(|mv| usize::from(mv.raw())).sum::<usize>(),
            (1..=MAX_MOVES).sum()
        );
    }
}
