//! Moves (16 bits), per-piece target sets, and a fixed-capacity move list.

use crate::bitboard::Bitboard;
use crate::board::CastlingSide;
use crate::types::{File, Role, Square};
use core::fmt;

/// What a move does besides going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    const ALL: [MoveKind; 8] = [
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

    /// The promotion kind for a role (knight to queen).
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

/// A move in 16 bits: `from` (bits 0-5), `to` (bits 6-11), [`MoveKind`] (bits 12-15).
///
/// Castling is encoded as the king moving to its own rook's square, which works for any rook
/// file (Chess960 included); [`Move`]'s `Display` prints standard UCI (`e1g1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A move from its parts.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from as u16 | (to as u16) << 6 | (kind as u16) << 12)
    }

    /// The 16-bit encoding.
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Decodes 16 bits; `None` when the kind bits are not a [`MoveKind`] (values 8-15). A
    /// decoded move may still be illegal, or nonsense, in a given position.
    pub const fn from_raw(raw: u16) -> Option<Move> {
        if raw >> 12 < 8 { Some(Move(raw)) } else { None }
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u32)
    }

    /// Destination square (for castling: the rook's square).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new(((self.0 >> 6) & 63) as u32)
    }

    /// The kind of move.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 12) as usize & 7]
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
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
    pub const fn is_castling(self) -> bool {
        matches!(self.kind(), MoveKind::Castling)
    }

    /// The square the king lands on when castling: the g- or c-file of its rank.
    #[inline]
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

    /// The UCI text: `e2e4`, `e7e8q`; castling in standard notation, `e1g1`.
    pub fn uci(self) -> Uci {
        Uci::new(self, false)
    }

    /// The UCI text with castling as king-takes-rook (`e1h1`), as Chess960 GUIs expect.
    pub fn uci_chess960(self) -> Uci {
        Uci::new(self, true)
    }
}

impl fmt::Display for Move {
    /// Standard UCI notation.
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
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci {
    bytes: [u8; 5],
    len: u8,
}

impl Uci {
    fn new(mv: Move, chess960: bool) -> Uci {
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
    pub fn as_str(&self) -> &str {
        let bytes = &self.bytes[..usize::from(self.len)];
        // The bytes are ASCII letters and digits written above.
        core::str::from_utf8(bytes).unwrap_or("")
    }
}

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
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The moves, with their kinds.
    pub fn moves(self) -> impl Iterator<Item = Move> {
        let PieceMoves { from, to, .. } = self;
        to.flat_map(move |to| {
            kinds(self.role, from, to, self.special)
                .iter()
                .map(move |&kind| Move::new(from, to, kind))
        })
    }

    /// Whether `mv` is one of these moves (origin, destination and kind all match).
    #[inline]
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
pub const MAX_MOVES: usize = 15 * 27 + 8 + 2;

/// A list of moves on the stack; never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. The capacity holds every legal move of any accepted position; a move
    /// beyond it (impossible from such a position) is dropped rather than panicking.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Appends all moves of one piece.
    #[inline(always)]
    pub fn extend_piece(&mut self, moves: PieceMoves) {
        // A plain loop rather than `moves.moves()`: the iterator adapter is not always inlined.
        for to in moves.to {
            for &kind in kinds(moves.role, moves.from, to, moves.special) {
                self.push(Move::new(moves.from, to, kind));
            }
        }
    }
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
        &self.moves[..self.len]
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
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
