//! Playing a move: copy-make, keeping the hash, the castling rights and the en-passant rule.

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::moves::{Move, MoveKind};
use crate::side::{Black, Side, White};
use crate::types::{Color, Role, Square};

/// Why [`Board::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMove {}

impl Board {
    /// The position after `mv`, or an error if `mv` is not legal here. Checks legality by
    /// generating the moves; search code should use [`Board::play_unchecked`].
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMove> {
        let mut legal = false;
        self.generate_moves(|moves| {
            legal = moves.from == mv.from() && moves.moves().any(|m| m == mv);
            legal
        });
        if legal {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// The position after `mv`, which must be a legal move of this position (one the generator
    /// produced). Any other move gives an unspecified, possibly inconsistent board, but never
    /// undefined behaviour or a panic.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        match self.side_to_move() {
            Color::White => play::<White>(self, mv),
            Color::Black => play::<Black>(self, mv),
        }
    }
}

/// Copy-make for side `S` to move.
#[inline(always)]
pub(crate) fn play<S: Side>(board: &Board, mv: Move) -> Board {
    let us = S::COLOR;
    let them = S::Other::COLOR;
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    let mut next = *board;
    next.set_en_passant(None);
    next.set_side_to_move(them);
    let halfmove = board.halfmove_clock().saturating_add(1);
    let fullmove = board
        .fullmove_number()
        .saturating_add((us == Color::Black) as u16);
    next.set_clocks(halfmove, fullmove);

    let Some(role) = board.role_at(from) else {
        return next;
    };
    if kind == MoveKind::Castling {
        let side = if to > from {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let rank = from.rank();
        next.remove(us, Role::King, from);
        next.remove(us, Role::Rook, to);
        next.put(us, Role::King, Square::from_coords(side.king_file(), rank));
        next.put(us, Role::Rook, Square::from_coords(side.rook_file(), rank));
        next.set_castling(
            board.castling_rights()
                & !(CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us)),
        );
        return next;
    }

    if kind == MoveKind::EnPassant {
        next.remove(them, Role::Pawn, to.offset(-S::UP));
        next.set_clocks(0, fullmove);
    } else if let Some(captured) = board.role_at(to) {
        next.remove(them, captured, to);
        next.set_clocks(0, fullmove);
    }
    match mv.promotion() {
        Some(promoted) => {
            next.remove(us, role, from);
            next.put(us, promoted, to);
        }
        None => next.shift(us, role, from, to),
    }
    if role == Role::Pawn {
        next.set_clocks(0, fullmove);
        if kind == MoveKind::DoublePush {
            let ep = from.offset(S::UP);
            if (pawn_attacks(us, ep) & board.colored_pieces(them, Role::Pawn)).any() {
                next.set_en_passant(Some(ep));
            }
        }
    }

    let rights = board.castling_rights();
    if rights != 0 {
        next.set_castling(rights & !lost_rights(board, role, us, from, to));
    }
    next
}

/// The castling rights lost when a `role` of `us` moves from `from` to `to`: all of ours when
/// the king moves, and the right of any castling rook leaving or captured.
#[inline(always)]
fn lost_rights(board: &Board, role: Role, us: Color, from: Square, to: Square) -> u8 {
    let mut lost = 0;
    if role == Role::King {
        lost |= CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us);
    }
    let touched = Bitboard::from_square(from).with(to);
    for (i, &rook) in board.castling_rooks().iter().enumerate() {
        if touched.contains(rook) {
            lost |= 1 << i;
        }
    }
    lost
}
