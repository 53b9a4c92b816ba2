//! Statistics' shortcut for the replying side's knights, bishops, rooks and queens one ply
//! above the leaves: each such piece's leaf moves and captures, found once in the node two
//! plies above the leaves and carried to each position after a move that leaves them alone,
//! instead of finding its targets there.
//!
//! Side A is to move, side B replies. Once per node (A not in check) we take B's moves as if B
//! were to move here, with the squares from which A's king is checked ([`Threats`]), and keep
//! each B knight, bishop, rook and queen none of whose moves gives check, with its move and
//! capture counts and its *reach*: the squares it attacks (through the present occupancy) and
//! its own. An A move keeps the counts of the pieces whose reach it touches (leaves or enters)
//! nowhere, when it
//!
//! - is an ordinary move or a double push of a piece other than the king (not castling, en
//!   passant or a promotion),
//! - leaves B's pins as they were and gives no check (see `pins`), and
//! - touches no square of A's king's lines as far as the first piece (the squares from which
//!   a B slider checks) and no square between A's king and a B slider on a line of its kind,
//!   nor that slider (where B's discovered checks come from).
//!
//! Then such a piece's targets are the same squares (its attacks and the occupancy of the
//! squares it attacks are as they were, B is not in check and its pin stands), they hold the
//! same A pieces, and none of them gives check, directly or by discovery, so no mate either.
//! A piece the move captures stands on its own reach. Debug builds check every carried count
//! against the full one.

use crate::attacks::{between, bishop_rays, knight_attacks, line, pawn_attacks, rook_rays};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::{Node, slider_pins};
use crate::moves::{Move, MoveKind};
use crate::side::Side;
use crate::types::{Role, Square};

/// Where the checks of the side to move (B, one ply above the leaves) come from: the squares
/// from which its sliders attack the other king, and its pieces alone between one of its
/// sliders and that king (moving off the line, they give a discovered check).
#[derive(Clone, Copy)]
pub(super) struct Threats {
    /// The other king's diagonals as far as the first piece.
    pub(super) diagonal: Bitboard,
    /// The other king's ranks and files as far as the first piece.
    pub(super) orthogonal: Bitboard,
    /// Our pieces alone between one of our sliders and their king.
    pub(super) blockers: Bitboard,
}

impl Threats {
    /// The threats of side `S`, to move in `board` (`node` its node).
    #[inline(always)]
    pub(super) fn new<S: Side>(board: &Board, node: &Node) -> Threats {
        let king = board.king(S::Other::COLOR);
        // Seen from their king through our pieces, our sliders with one piece between.
        let (_, blocking) = slider_pins::<S::V>(
            king,
            node.occupied,
            node.theirs,
            board.bishop_movers() & node.ours,
            board.rook_movers() & node.ours,
        );
        Threats {
            diagonal: S::bishop_attacks(king, node.occupied),
            orthogonal: S::rook_attacks(king, node.occupied),
            blockers: blocking[0] | blocking[1],
        }
    }
}

/// Pieces kept per node: B has at most seven knights, bishops, rooks and queens without
/// promotions; a node with more keeps the first ones only.
const MAX_KEPT: usize = 8;

/// B's pieces' counts in a node where A (`S` of [`Self::new`]) is to move.
pub(super) struct Tallies {
    /// Each kept piece's reach.
    reach: [Bitboard; MAX_KEPT],
    /// Each kept piece's square.
    square: [Bitboard; MAX_KEPT],
    /// Each kept piece's moves (low half) and captures (high half).
    counts: [u64; MAX_KEPT],
    len: usize,
    /// A's king.
    a_king: Square,
    /// A's king's lines as far as the first piece.
    checks: Bitboard,
    /// The squares between A's king and a B slider on a line of its kind, and that slider.
    lines: Bitboard,
    /// B's threats, which a move that touches none of those squares keeps.
    threats: Threats,
}

/// What an A move keeps of [`Tallies`].
#[derive(Clone, Copy)]
pub(super) struct Kept {
    /// The kept pieces whose counts stand.
    pub(super) pieces: Bitboard,
    /// Their moves (low half) and captures (high half).
    pub(super) counts: u64,
    /// B's threats, when they stand.
    pub(super) threats: Option<Threats>,
}

impl Tallies {
    /// B's pieces' counts when side `S` (A) is to move in `board`; `None` when A is in check.
    #[inline(always)]
    pub(super) fn new<S: Side>(board: &Board) -> Option<Tallies> {
        let mut flipped = *board;
        flipped.set_side_to_move(S::Other::COLOR);
        flipped.set_en_passant_unhashed(None);
        let node = Node::new::<S::Other>(&flipped);
        let a_king = board.king(S::COLOR);
        let threats = Threats::new::<S::Other>(&flipped, &node);
        let bishops = board.bishop_movers() & node.ours;
        let rooks = board.rook_movers() & node.ours;
        // A in check: B's moves here would include taking A's king.
        if (threats.diagonal & bishops).any()
            || (threats.orthogonal & rooks).any()
            || (knight_attacks(a_king) & board.colored_pieces(S::Other::COLOR, Role::Knight)).any()
            || (pawn_attacks(S::COLOR, a_king) & board.colored_pieces(S::Other::COLOR, Role::Pawn))
                .any()
        {
            return None;
        }
        let checks = threats.diagonal | threats.orthogonal;
        let mut lines = Bitboard::EMPTY;
        for slider in (bishop_rays(a_king) & bishops) | (rook_rays(a_king) & rooks) {
            lines |= between(a_king, slider).with(slider);
        }
        let mut tallies = Tallies {
            reach: [Bitboard::FULL; MAX_KEPT],
            square: [Bitboard::EMPTY; MAX_KEPT],
            counts: [0; MAX_KEPT],
            len: 0,
            a_king,
            checks,
            lines,
            threats,
        };
        let them = S::Other::COLOR;
        let knight_checks = knight_attacks(a_king);
        for from in board.colored_pieces(them, Role::Knight) & !node.pinned() {
            let attacks = knight_attacks(from);
            let to = attacks & node.target;
            tallies.keep(from, attacks, to, knight_checks, Bitboard::EMPTY, &node);
        }
        let occupied = node.occupied;
        for from in board.colored_pieces(them, Role::Bishop) {
            let attacks = S::bishop_attacks(from, occupied);
            let to = node.diagonal_targets::<S::V>(from);
            tallies.keep(
                from,
                attacks,
                to,
                threats.diagonal,
                bishop_rays(a_king),
                &node,
            );
        }
        for from in board.colored_pieces(them, Role::Rook) {
            let attacks = S::rook_attacks(from, occupied);
            let to = node.orthogonal_targets::<S::V>(from);
            tallies.keep(
                from,
                attacks,
                to,
                threats.orthogonal,
                rook_rays(a_king),
                &node,
            );
        }
        for from in board.colored_pieces(them, Role::Queen) {
            let attacks = S::bishop_attacks(from, occupied) | S::rook_attacks(from, occupied);
            let to = node.diagonal_targets::<S::V>(from) | node.orthogonal_targets::<S::V>(from);
            let rays = bishop_rays(a_king) | rook_rays(a_king);
            tallies.keep(from, attacks, to, checks, rays, &node);
        }
        Some(tallies)
    }

    /// Keeps the B piece on `from` attacking `attacks`, with moves to `to`, checking directly
    /// from `direct` (for a slider, along `rays` of A's king), unless one of its moves gives
    /// check or the list is full.
    #[inline(always)]
    fn keep(
        &mut self,
        from: Square,
        attacks: Bitboard,
        to: Bitboard,
        direct: Bitboard,
        rays: Bitboard,
        node: &Node,
    ) {
        let discovered =
            self.threats.blockers.contains(from) && to.any_of(!line(self.a_king, from));
        if to.any_of(direct) || discovered || self.len == MAX_KEPT {
            return;
        }
        let mut reach = attacks.with(from);
        // A move that changes A's king's lines may bring their checking squares among its
        // targets; one off or onto a line from A's king to a B slider may make it a blocker.
        if to.any_of(rays) {
            reach |= self.checks;
        }
        if self.lines.contains(from) {
            reach |= self.lines;
        }
        self.reach[self.len] = reach;
        self.square[self.len] = Bitboard::from_square(from);
        self.counts[self.len] =
            u64::from(to.count()) | (u64::from((to & node.theirs).count()) << 32);
        self.len += 1;
    }

    /// The kept pieces whose counts stand after A's `role` plays `mv`, which leaves B's
    /// `checks` (checkers and pins) as they were; `None` when no count carries over.
    #[inline(always)]
    pub(super) fn after(
        &self,
        role: Role,
        mv: Move,
        checks: Option<(Bitboard, [Bitboard; 2])>,
    ) -> Option<Kept> {
        if role == Role::King || !matches!(mv.kind(), MoveKind::Normal | MoveKind::DoublePush) {
            return None;
        }
        match checks {
            Some((checkers, _)) if checkers.is_empty() => {}
            _ => return None,
        }
        let touched = Bitboard::from_square(mv.from()).with(mv.to());
        let mut pieces = Bitboard::EMPTY;
        let mut counts = 0;
        // Every slot, empty ones too (their reach is every square): a loop of fixed length
        // is unrolled and vectorised.
        for i in 0..MAX_KEPT {
            // All ones when the piece's reach is untouched.
            let stands = u64::from(!self.reach[i].any_of(touched)).wrapping_neg();
            pieces |= Bitboard(self.square[i].0 & stands);
            counts += self.counts[i] & stands;
        }
        let threats = if touched.any_of(self.checks | self.lines) {
            None
        } else {
            Some(self.threats)
        };
        Some(Kept {
            pieces,
            counts,
            threats,
        })
    }
}
