//! Statistics' shortcut for the checkers and pins one ply above the leaves: the replying
//! side's pinned pieces, found once in the node two plies above the leaves and carried to each
//! position after a move that leaves the lines to its king alone, instead of looking along
//! those lines there.
//!
//! Side A is to move, side B replies. B is not in check here (A is to move), and a B piece is
//! pinned when it alone stands between B's king and an A slider of its line's kind. An A move
//! keeps those pins when it
//!
//! - is an ordinary move or a double push (not castling, en passant or a promotion),
//! - touches (leaves or enters) no square of a *line*: strictly between B's king and an A
//!   slider on one of the king's rays (of the slider's kind), or the slider's own square (a
//!   move there opens, closes or takes a pin or a check), and
//! - is not a slider's move to one of the king's rays (it may pin or check along it).
//!
//! Then the pins are as they were, and B is in check only by a knight or pawn that moved to a
//! square attacking B's king. Debug builds check every carried answer against the full test.

use crate::attacks::{between, bishop_rays, knight_attacks, pawn_attacks, rook_rays};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::slider_pins;
use crate::moves::{Move, MoveKind};
use crate::side::Side;
use crate::types::Role;

/// B's pins in a node where A (`S` of [`Self::new`]) is to move.
pub(super) struct Pins {
    /// B's pinned pieces, diagonal pins first.
    pins: [Bitboard; 2],
    /// The squares an A move may not touch.
    lines: Bitboard,
    /// The squares a bishop, rook or queen may not go to: the rays of B's king of its kind.
    rays: [Bitboard; 3],
    /// The squares from which an A knight or pawn attacks B's king.
    leapers: [Bitboard; 2],
}

impl Pins {
    /// B's pins when side `S` (A) is to move in `board`.
    #[inline(always)]
    pub(super) fn new<S: Side>(board: &Board) -> Pins {
        let king = board.king(S::Other::COLOR);
        let a = board.colored(S::COLOR);
        let (diagonal, orthogonal) = (board.bishop_movers() & a, board.rook_movers() & a);
        let (bishop, rook) = (bishop_rays(king), rook_rays(king));
        let (_, pins) = slider_pins::<S::V>(king, board.occupied(), a, diagonal, orthogonal);
        let mut lines = Bitboard::EMPTY;
        for slider in (bishop & diagonal) | (rook & orthogonal) {
            lines |= between(king, slider).with(slider);
        }
        Pins {
            pins,
            lines,
            rays: [bishop, rook, bishop | rook],
            leapers: [knight_attacks(king), pawn_attacks(S::Other::COLOR, king)],
        }
    }

    /// B's checkers and pins (diagonal first) after A's `role` plays `mv`, when this node's
    /// answer carries over; `None` when the full test must decide.
    #[inline(always)]
    pub(super) fn after(&self, role: Role, mv: Move) -> Option<(Bitboard, [Bitboard; 2])> {
        if !matches!(mv.kind(), MoveKind::Normal | MoveKind::DoublePush) {
            return None;
        }
        let (from, to) = (mv.from(), mv.to());
        if self.lines.contains(from) || self.lines.contains(to) {
            return None;
        }
        let checkers = match role {
            Role::Knight if self.leapers[0].contains(to) => Bitboard::from_square(to),
            Role::Pawn if self.leapers[1].contains(to) => Bitboard::from_square(to),
            Role::Bishop if self.rays[0].contains(to) => return None,
            Role::Rook if self.rays[1].contains(to) => return None,
            Role::Queen if self.rays[2].contains(to) => return None,
            _ => Bitboard::EMPTY,
        };
        Some((checkers, self.pins))
    }
}
