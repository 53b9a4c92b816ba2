//! Playing a move: copy-make, keeping the hash, the castling rights and the en-passant rule.

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::moves::{Move, MoveKind};
use crate::side::{Black, Side, White};
use crate::types::{Color, Role};

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
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// let after = board.play(board.parse_uci("e2e4")?)?;
    /// assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert!(after.play(board.parse_uci("d2d4")?).is_err()); // not Black's move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    match board.role_at(mv.from()) {
        Some(role) => play_role::<S>(board, role, mv),
        // Not a move of this position: give back a copy rather than inventing a piece.
        None => *board,
    }
}

/// Copy-make for side `S` moving its `role` (the piece on `mv.from()`, known to the caller).
#[inline(never)]
pub(crate) fn play_role<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
    let mut next = *board;
    make_role::<S>(&mut next, role, mv);
    next
}

/// Plays `mv` of side `S`'s `role` on `board` in place; returns the captured role, if any.
#[inline(always)]
pub(crate) fn make_role<S: Side>(board: &mut Board, role: Role, mv: Move) -> Option<Role> {
    let us = S::COLOR;
    let them = S::Other::COLOR;
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    let rights = board.castling_rights();
    board.set_en_passant(None);
    board.set_side_to_move(them);
    let fullmove = board
        .fullmove_number()
        .saturating_add((us == Color::Black) as u16);
    board.set_clocks(board.halfmove_clock().saturating_add(1), fullmove);

    if kind == MoveKind::Castling {
        let (king_to, rook_to) = mv.castling_destinations();
        board.remove(us, Role::King, from);
        board.remove(us, Role::Rook, to);
        board.put(us, Role::King, king_to);
        board.put(us, Role::Rook, rook_to);
        board.set_castling(
            rights & !(CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us)),
        );
        return None;
    }
    let mut captured = None;
    if kind == MoveKind::EnPassant {
        board.remove(them, Role::Pawn, to.offset(-S::UP));
        board.set_clocks(0, fullmove);
        captured = Some(Role::Pawn);
    } else if board.colored(them).contains(to)
        && let Some(victim) = board.role_at(to)
    {
        board.remove(them, victim, to);
        board.set_clocks(0, fullmove);
        captured = Some(victim);
    }
    match mv.promotion() {
        Some(promoted) => {
            board.remove(us, role, from);
            board.put(us, promoted, to);
        }
        None => board.shift(us, role, from, to),
    }
    if role == Role::Pawn {
        board.set_clocks(0, fullmove);
        if kind == MoveKind::DoublePush {
            let ep = from.offset(S::UP);
            if (pawn_attacks(us, ep) & board.colored_pieces(them, Role::Pawn)).any() {
                board.set_en_passant(Some(ep));
            }
        }
    }
    // Castling rooks and kings with rights all stand on the back ranks.
    let touched = Bitboard::from_square(from).with(to);
    if rights != 0 && (touched & Bitboard::BACK_RANKS).any() {
        let lost = lost_rights(board, role, us, touched);
        board.set_castling(rights & !lost);
    }
    captured
}

/// The castling rights lost when a `role` of `us` moves between the `touched` squares: all of
/// ours when the king moves, and the right of any castling rook leaving or captured.
#[inline(always)]
pub(crate) fn lost_rights(board: &Board, role: Role, us: Color, touched: Bitboard) -> u8 {
    let mut lost = 0;
    if role == Role::King {
        lost |= CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us);
    }
    for (i, &rook) in board.castling_rooks().iter().enumerate() {
        if touched.contains(rook) {
            lost |= 1 << i;
        }
    }
    lost
}
