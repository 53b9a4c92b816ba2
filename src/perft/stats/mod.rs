//! Perft with breakdown statistics, counted as the Chess Programming Wiki "Perft Results" tables
//! count them: at the leaf moves only. A separate path; the plain perft pays nothing for it.
//!
//! One ply above the leaves most of the breakdown is counted by set operations on each piece's
//! target set, without playing the moves: captures are targets on their pieces; direct checks
//! are targets among the squares from which a piece of that kind attacks their king (sliders
//! with the present occupancy: the square the piece leaves cannot lie between its target and
//! the king unless it already gave check); discovered checks are the targets off the line to
//! their king of a piece that alone stands between one of our sliders and that king (found as
//! pins are, looking out from their king). A target that does both is a double check. A
//! castling move checks when its rook's square attacks their king (played instead when king
//! or rook leaves a line to that king, or that king stands on the same rank). Only what
//! cannot be counted so is played: checking moves (a mate needs the replies: the checked
//! king's flight squares are tried first), and en passant, which [`classify`] takes move by
//! move. A promotion checks when its piece does from its target (the pawn's square emptied)
//! or it discovers a check, and is counted set-wise like the other moves. `classify` is also
//! the reference the set-wise count is tested against.
//!
//! Two plies above the leaves, if the replies as if the replying side were to move give no
//! check, they are counted once and kept for every move after which plain perft's shortcut
//! finds the replies unchanged and that touches no square the replier's knights attack, no
//! check square of its sliders and no line from our king to one of them with at most two
//! pieces between: such moves add those statistics by multiplication (no check, so no mate).
//!
//! The positions one ply above the leaves are made as far as counting needs (no mailbox, no
//! hash), so roles there come from the bitboards.

use super::castles::Castles;
use super::pins::Pins;
use super::replies::Replies;
use super::steps::Steps;
use super::tallies::{Kept, Tallies, Threats};
use super::{PieceList, for_each_move, leaf_by};
use crate::attacks::{
    between, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::movegen::{
    Node, PawnTargets, attackers_to, castling_targets, en_passant_capturers, generate,
    king_can_step, king_targets,
};
use crate::moves::{Move, MoveKind, PieceMoves};
use crate::play::play_role;
use crate::side::Side;
use crate::types::{File, Role, Square};
use crate::variant::{dispatch, hot_fn};
use core::ops::{Add, AddAssign};

mod leaves;
mod shortcut;
#[cfg(test)]
mod tests;

pub use leaves::perft_stats_move;
use leaves::*;
use shortcut::*;

/// Leaf moves of a perft, by kind.
///
/// ```
/// use movegen::{Board, Stats, perft_stats};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let stats: Stats = perft_stats(&board, 1);
/// assert_eq!((stats.nodes, stats.captures, stats.castles), (48, 8, 2));
/// assert_eq!(stats.fields()[0], ("nodes", 48));
/// assert_eq!((stats + stats).nodes, 96);
/// # Ok::<(), movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Leaf nodes (1 at depth 0).
    pub nodes: u64,
    /// Captures, en passant included.
    pub captures: u64,
    /// En-passant captures.
    pub en_passant: u64,
    /// Castling moves.
    pub castles: u64,
    /// Promotions (each of the four pieces counts).
    pub promotions: u64,
    /// Moves after which the side to move is in check (mates included).
    pub checks: u64,
    /// Checks by exactly one piece that is not the moved piece (for castling, the rook is the
    /// moved piece).
    pub discovery_checks: u64,
    /// Checks by two pieces.
    pub double_checks: u64,
    /// Checks after which the side to move has no legal move.
    pub checkmates: u64,
}

impl Stats {
    /// The counts as `(name, value)` pairs, in the column order of `perft.csv`.
    #[must_use]
    pub fn fields(&self) -> [(&'static str, u64); 9] {
        [
            ("nodes", self.nodes),
            ("captures", self.captures),
            ("ep", self.en_passant),
            ("castles", self.castles),
            ("promotions", self.promotions),
            ("checks", self.checks),
            ("discovery_checks", self.discovery_checks),
            ("double_checks", self.double_checks),
            ("checkmates", self.checkmates),
        ]
    }
}

impl Add for Stats {
    type Output = Stats;
    fn add(self, o: Stats) -> Stats {
        Stats {
            nodes: self.nodes + o.nodes,
            captures: self.captures + o.captures,
            en_passant: self.en_passant + o.en_passant,
            castles: self.castles + o.castles,
            promotions: self.promotions + o.promotions,
            checks: self.checks + o.checks,
            discovery_checks: self.discovery_checks + o.discovery_checks,
            double_checks: self.double_checks + o.double_checks,
            checkmates: self.checkmates + o.checkmates,
        }
    }
}

impl Stats {
    /// Every count times `n`.
    #[inline(always)]
    fn times(self, n: u64) -> Stats {
        Stats {
            nodes: self.nodes * n,
            captures: self.captures * n,
            en_passant: self.en_passant * n,
            castles: self.castles * n,
            promotions: self.promotions * n,
            checks: self.checks * n,
            discovery_checks: self.discovery_checks * n,
            double_checks: self.double_checks * n,
            checkmates: self.checkmates * n,
        }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        *self = *self + o;
    }
}

/// Perft of `board` at `depth` with the leaf moves broken down by kind.
///
/// ```
/// use movegen::{Board, perft_stats};
///
/// let stats = perft_stats(&Board::startpos(), 3);
/// assert_eq!((stats.nodes, stats.captures, stats.checks, stats.checkmates), (8902, 34, 12, 0));
/// assert_eq!(perft_stats(&Board::startpos(), 0).nodes, 1);
/// ```
#[must_use]
pub fn perft_stats(board: &Board, depth: u32) -> Stats {
    stats_with(board, depth, &NoMemo)
}

/// Where [`stats_with`] looks subtrees up and stores them: nowhere, or a perft table.
pub(super) trait Memo {
    /// The stored statistics of `board`'s subtree at `depth`, if any.
    fn get(&self, board: &Board, depth: u32) -> Option<Stats>;
    /// Stores the statistics of `board`'s subtree at `depth`.
    fn put(&self, board: &Board, depth: u32, stats: Stats);
}

/// No table.
pub(super) struct NoMemo;

impl Memo for NoMemo {
    #[inline(always)]
    fn get(&self, _: &Board, _: u32) -> Option<Stats> {
        None
    }
    #[inline(always)]
    fn put(&self, _: &Board, _: u32, _: Stats) {}
}

/// [`perft_stats`] with subtrees of depth 2 or more looked up in and stored to `memo`.
pub(super) fn stats_with(board: &Board, depth: u32, memo: &impl Memo) -> Stats {
    let mut reuse = Reuse::default();
    dispatch!(board, stats_side(board, depth, memo, &mut reuse))
}

/// How much the multiplication two plies above the leaves (see [`stats_two`]) has paid in
/// this search: the moves of the nodes where it was tried, and those it counted. Finding the
/// replies for it costs about as much as two leaf parents, so where it counts under one move
/// in 32 (Kiwipete: under 2%) it is tried at one node in 16 only, to notice when it pays
/// again (startpos: over half). The counts never depend on it.
#[derive(Default)]
struct Reuse {
    /// Nodes two plies above the leaves seen.
    nodes: u32,
    /// Moves of the nodes where it was tried.
    moves: u32,
    /// Moves it counted there.
    counted: u32,
}

impl Reuse {
    /// Whether to try it at the next node.
    #[inline(always)]
    fn tries(&mut self) -> bool {
        self.nodes = self.nodes.wrapping_add(1);
        self.counted * 32 >= self.moves || self.nodes.is_multiple_of(16)
    }

    /// Notes a node where it was tried.
    #[inline(always)]
    fn note(&mut self, moves: u32, counted: u32) {
        self.moves += moves;
        self.counted += counted;
        if self.moves > 1 << 12 {
            // Recent nodes weigh most.
            self.moves /= 2;
            self.counted /= 2;
        }
    }
}

hot_fn! {
    fn stats_side<S: Side>(board: &Board, depth: u32, memo: &impl Memo, reuse: &mut Reuse) -> Stats {
        match depth {
            0 => Stats {
                nodes: 1,
                ..Stats::default()
            },
            1 => leaf_stats::<S>(board),
            _ => {
                if let Some(stats) = memo.get(board, depth) {
                    return stats;
                }
                if depth == 2 {
                    let stats = stats_two::<S>(board, reuse);
                    memo.put(board, depth, stats);
                    return stats;
                }
                let mut stats = Stats::default();
                let mut pieces = PieceList::empty();
                for moves in pieces.fill::<S>(board).iter() {
                    for_each_move(moves, |mv| {
                        stats += stats_side::<S::Other>(
                            &play_role::<S>(board, moves.role, mv),
                            depth - 1,
                            memo,
                            reuse,
                        );
                    });
                }
                memo.put(board, depth, stats);
                stats
            }
        }
    }
}

hot_fn! {
    /// Statistics two plies above the leaves. The child's mailbox and hash are not needed one
    /// ply above the leaves (`leaf_stats` reads roles from the bitboards). Where B's replies
    /// as if B were to move here give no check, the moves after which plain perft finds B's
    /// replies unchanged (see `replies`) and which touch none of [`moved_squares`] leave B's
    /// statistics as they are: they are added by multiplication.
    fn stats_two<S: Side>(board: &Board, reuse: &mut Reuse) -> Stats {
        let carried = Carried::new::<S>(board);
        // B's statistics here if they give no check, then B's replies and the squares a move
        // keeping them may not touch (not needed otherwise).
        let tried = reuse.tries();
        let kept = if tried {
            replies_without_check::<S>(board)
        } else {
            None
        };
        let mut slot = None;
        let replies = match kept {
            Some(_) => Replies::<S>::new(board, &mut slot),
            None => None,
        };
        let moved = kept.map(|_| moved_squares::<S>(board));
        let mut stats = Stats::default();
        let mut pieces = PieceList::empty();
        let mut counted = 0;
        for mut moves in pieces.fill::<S>(board).iter() {
            if let (Some(replies), Some(here), Some(moved)) = (replies, kept, moved)
                && moves.role != Role::King
                && !moved.contains(moves.from)
                && let Some(mover) = replies.mover(moves)
            {
                debug_assert_eq!(here.nodes, replies.total(), "{board}");
                let same = replies.unchanged_targets(&mover, moves) & !moved;
                stats += here.times(u64::from(same.count()));
                counted += same.count();
                #[cfg(debug_assertions)]
                for_each_move(PieceMoves { to: same, ..moves }, |mv| {
                    let child = board.play_unchecked(mv);
                    debug_assert_eq!(perft_stats(&child, 1), here, "{board} {mv}");
                });
                moves.to &= !same;
            }
            for_each_move(moves, |mv| {
                leaf_move_stats::<S>(board, moves.role, mv, &carried, &mut stats);
            });
        }
        if tried {
            reuse.note(pieces.iter().map(|moves| moves.to.count()).sum(), counted);
        }
        stats
    }
}
