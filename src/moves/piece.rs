//! The legal moves of one piece, as the generator yields them.

use super::{Move, MoveKind};
use crate::bitboard::Bitboard;
use crate::types::{Role, Square};
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
pub(super) fn kinds(
    role: Role,
    from: Square,
    to: Square,
    special: Bitboard,
) -> &'static [MoveKind] {
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
