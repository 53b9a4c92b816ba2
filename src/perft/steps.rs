//! Statistics' shortcut for the king steps one ply above the leaves: which squares beside the
//! replying side's king the other side attacks, found once in the node two plies above the
//! leaves and carried to each position after a move that changes them only by its own new
//! attacks, instead of looking at every attacker there.
//!
//! Side A is to move, side B replies (and steps its king at the leaves). A square beside B's
//! king is a step when B has no piece there and no A piece attacks it with B's king lifted
//! (a slider checking along a line also attacks the square behind the king). Once per node we
//! find which of those squares A attacks. An A move keeps that answer, with the squares the
//! moved piece attacks from its new square added, when it
//!
//! - is an ordinary move or a double push (not castling, en passant or a promotion),
//! - attacks no square beside B's king from where it stands (another piece might or might not
//!   attack that square too), and
//! - touches (leaves or enters) no *sensitive* square: strictly between an A slider and a
//!   square beside B's king on the slider's line (on an empty board: a move there may open or
//!   close the line; a capture there removes a B piece that blocked it).
//!
//! Then no other A piece's attack on those squares changes. Whether B has a piece on a square
//! (a capture empties one) is left to the position itself. Debug builds check every carried
//! answer against the full test.

use super::piece_attacks;
use crate::attacks::{between, bishop_rays, king_attacks, knight_attacks, rook_rays};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::side::Side;
use crate::types::{Role, Square};

/// The squares beside B's king that A attacks, in a node where A (`S` of [`Self::new`]) is to
/// move.
pub(super) struct Steps {
    /// The squares beside B's king.
    zone: Bitboard,
    /// Those A attacks, B's king lifted.
    attacked: Bitboard,
    /// The *sensitive* squares and the A pieces that attack a square beside B's king from
    /// where they stand: their moves never keep the answer.
    stuck: Bitboard,
    /// The occupancy with B's king lifted.
    occupied: Bitboard,
}

impl Steps {
    /// The squares beside B's king that A attacks when side `S` (A) is to move in `board`.
    #[inline(always)]
    pub(super) fn new<S: Side>(board: &Board) -> Steps {
        let a = S::COLOR;
        let king = board.king(S::Other::COLOR);
        let zone = king_attacks(king);
        let occupied = board.occupied().without(king);
        let pawns = board.colored_pieces(a, Role::Pawn);
        let mut attacked = S::up_west(pawns) | S::up_east(pawns);
        // An A pawn attacks the zone from the squares a B pawn there would attack.
        let mut stuck = pawns & (S::Other::up_west(zone) | S::Other::up_east(zone));
        let a_king = board.king(a);
        if king_attacks(a_king).any_of(zone) {
            attacked |= king_attacks(a_king);
            stuck = stuck.with(a_king);
        }
        for knight in board.colored_pieces(a, Role::Knight) {
            if knight_attacks(knight).any_of(zone) {
                attacked |= knight_attacks(knight);
                stuck = stuck.with(knight);
            }
        }
        let ours = board.colored(a);
        for (sliders, rays, diagonal) in [
            (
                board.bishop_movers() & ours,
                bishop_rays as fn(Square) -> Bitboard,
                true,
            ),
            (board.rook_movers() & ours, rook_rays, false),
        ] {
            for slider in sliders {
                let lines = rays(slider) & zone;
                if lines.is_empty() {
                    continue;
                }
                let attacks = if diagonal {
                    S::bishop_attacks(slider, occupied)
                } else {
                    S::rook_attacks(slider, occupied)
                };
                if attacks.any_of(zone) {
                    attacked |= attacks;
                    stuck = stuck.with(slider);
                }
                for sq in lines {
                    stuck |= between(slider, sq);
                }
            }
        }
        Steps {
            zone,
            attacked: attacked & zone,
            occupied,
            stuck,
        }
    }

    /// The squares beside B's king that A attacks (B's king lifted) after A's `role` plays
    /// `mv`, when this node's answer carries over; `None` when the full test must decide.
    #[inline(always)]
    pub(super) fn after<S: Side>(&self, role: Role, mv: Move) -> Option<Bitboard> {
        if !matches!(mv.kind(), MoveKind::Normal | MoveKind::DoublePush) {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        if self.stuck.contains(from) || self.stuck.contains(to) {
            return None;
        }
        let occupied = self.occupied.without(from).with(to);
        Some(self.attacked | (piece_attacks::<S>(role, to, occupied) & self.zone))
    }
}
