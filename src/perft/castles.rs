//! Statistics' shortcut for castling one ply above the leaves: the castling moves of the side
//! that replies, found once in the node two plies above the leaves and carried to each
//! position after a move that cannot change them, instead of testing the king's path there.
//!
//! Side A is to move, side B replies (and castles at the leaves). B's castling is legal when B
//! holds the right, the squares between king and rook and both destinations are empty (king
//! and rook aside), B is not in check, and no A piece attacks a square of the king's path
//! with king and rook lifted. Once per node we find which of B's castles pass every test but
//! the check, as if B were to move here. An A move keeps that answer when it
//!
//! - is an ordinary move or a double push (not castling, en passant or a promotion),
//! - touches (leaves or enters) none of the *sensitive* squares: between B's king and rook,
//!   the destinations and paths of king and rook, the rook itself (a capture there ends the
//!   right), and the squares strictly between an A slider and a king's path square on the
//!   slider's line (on an empty board: a move there may open or close the line); for a side
//!   with a piece between king and rook, only the squares between them, and
//! - attacks no king's path square, either from where the piece stands or from where it goes,
//!   with B's king and castling rooks lifted (a queen beyond the rook attacks the king's path
//!   through it: Chess960, king c8, rook b8, queen a8).
//!
//! Then no A piece's attack on the path changes, nor the emptiness of the squares, nor B's
//! rights; only whether B is in check is left to the position itself. (A stalemate-free
//! statistics perft of Kiwipete spends about an eighth of its time testing castling paths.)
//! Debug builds check every carried answer against the full test.

use super::piece_attacks;
use crate::attacks::{between, bishop_rays, rook_rays};
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::movegen::{attackers_to, castling_is_legal};
use crate::moves::{Move, MoveKind};
use crate::side::Side;
use crate::types::{Role, Square};

/// B's castling in a node where A (`S` of [`Self::new`]) is to move.
pub(super) struct Castles {
    /// Whether B holds a castling right at all.
    rights: bool,
    /// B's castling rooks whose castling passes every test but the check.
    legal: Bitboard,
    /// The squares of B's king's paths.
    paths: Bitboard,
    /// The squares an A move may not touch.
    sensitive: Bitboard,
    /// B's king and the rooks of the open sides: lifted when the mover's attacks are found
    /// (a slider beyond the rook attacks the path through it once it moves).
    lifted: Bitboard,
    /// The sensitive squares and the A pieces that attack a king's path square from where
    /// they stand (B's king and castling rooks lifted): their moves never keep the answer.
    stuck: Bitboard,
}

impl Castles {
    /// B's castling when side `S` (A) is to move in `board`.
    #[inline(always)]
    pub(super) fn new<S: Side>(board: &Board) -> Castles {
        let b = S::Other::COLOR;
        let mut castles = Castles {
            rights: false,
            legal: Bitboard::EMPTY,
            paths: Bitboard::EMPTY,
            sensitive: Bitboard::EMPTY,
            lifted: Bitboard::from_square(board.king(b)),
            stuck: Bitboard::EMPTY,
        };
        let king = board.king(b);
        let occupied = board.occupied();
        for side in CastlingSide::ALL {
            let Some(rook) = board.castling_rook(b, side) else {
                continue;
            };
            castles.rights = true;
            if (between(king, rook) & occupied).any() {
                // Closed, and it stays closed unless the move leaves or takes a square there.
                castles.sensitive |= between(king, rook);
                continue;
            }
            let king_to = Square::from_coords(side.king_file(), king.rank());
            let rook_to = Square::from_coords(side.rook_file(), king.rank());
            let king_path = between(king, king_to).with(king_to);
            castles.paths |= king_path;
            castles.lifted = castles.lifted.with(rook);
            castles.sensitive |=
                between(king, rook).with(rook) | king_path | between(rook, rook_to).with(rook_to);
            if castling_is_legal::<S::Other>(board, king, occupied, side, rook) {
                castles.legal = castles.legal.with(rook);
            }
        }
        if castles.paths.any() {
            let a = board.colored(S::COLOR);
            let (diagonal, orthogonal) = (board.bishop_movers() & a, board.rook_movers() & a);
            for sq in castles.paths {
                for slider in (bishop_rays(sq) & diagonal) | (rook_rays(sq) & orthogonal) {
                    castles.sensitive |= between(slider, sq);
                }
                castles.stuck |= attackers_to::<S::V>(board, sq, occupied & !castles.lifted) & a;
            }
        }
        castles.stuck |= castles.sensitive;
        castles
    }

    /// B's castling rooks after A's `role` plays `mv` (if B is not in check then), when this
    /// node's answer carries over; `None` when the full test must decide.
    #[inline(always)]
    pub(super) fn after<S: Side>(&self, board: &Board, role: Role, mv: Move) -> Option<Bitboard> {
        if !self.rights {
            return Some(Bitboard::EMPTY);
        }
        if !matches!(mv.kind(), MoveKind::Normal | MoveKind::DoublePush) {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        if self.stuck.contains(from) || self.stuck.contains(to) {
            return None;
        }
        if self.paths.is_empty() {
            return Some(Bitboard::EMPTY); // every side closed
        }
        let occupied = (board.occupied() & !self.lifted).without(from).with(to);
        if piece_attacks::<S>(role, to, occupied).any_of(self.paths) {
            return None;
        }
        Some(self.legal)
    }
}
