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

/// B's leaf statistics as if B were to move in the node two plies above the leaves (A to
/// move, no en passant), if they have no check: then a move after which B's replies are
/// unchanged and that touches none of [`moved_squares`] leaves them as they are (no check, so
/// no mate either).
#[inline(always)]
fn replies_without_check<S: Side>(board: &Board) -> Option<Stats> {
    // In check, A's moves all answer the check (none is kept), and the position with B to
    // move would let B take A's king.
    let king = board.king(S::COLOR);
    if (attackers_to::<S::V>(board, king, board.occupied()) & board.colored(S::Other::COLOR)).any()
    {
        return None;
    }
    let mut flipped = *board;
    flipped.set_side_to_move(S::Other::COLOR);
    flipped.set_en_passant_unhashed(None);
    let mut stats = Stats::default();
    add_leaf_stats::<S::Other>(&flipped, Known::default(), &mut stats);
    (stats.checks == 0).then_some(stats)
}

/// The squares an A move that keeps B's statistics may not leave or enter: those B's knights
/// attack (a knight's move there turns into a capture or back), B's sliders' check squares
/// (A's king's lines as far as the first piece), and the lines from A's king to a B slider of
/// their kind with at most two pieces between (where one piece more or less makes or breaks a
/// discovered check).
#[inline(always)]
fn moved_squares<S: Side>(board: &Board) -> Bitboard {
    let them = S::Other::COLOR;
    let king = board.king(S::COLOR);
    let occupied = board.occupied();
    let mut moved = S::bishop_attacks(king, occupied) | S::rook_attacks(king, occupied);
    let theirs = board.colored(them);
    let (diagonal, orthogonal) = (board.bishop_movers() & theirs, board.rook_movers() & theirs);
    for slider in (bishop_rays(king) & diagonal) | (rook_rays(king) & orthogonal) {
        let segment = between(king, slider);
        if (segment & occupied).count() <= 2 {
            moved |= segment.with(slider);
        }
    }
    for knight in board.colored_pieces(them, Role::Knight) {
        moved |= knight_attacks(knight);
    }
    // Beside B's king a piece arriving or leaving turns a king step into a capture or back.
    moved | king_attacks(board.king(them))
}

/// The position after our `role`'s `mv` in `board`, made for [`leaf_stats`] only: bitboards,
/// castling, en passant and the side to move; the mailbox and the hash are left stale.
#[inline(always)]
fn leaf_parent<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
    let mut child = leaf_by::<S, true>(board, role, mv, |sq| board.role_at(sq));
    debug_assert!(
        child.same_for_counting(&play_role::<S>(board, role, mv)),
        "{board} {mv}"
    );
    child.set_side_to_move(S::Other::COLOR);
    child
}

/// The statistics of `board`'s legal moves as leaf moves (perft 1), counted set-wise where
/// that can be done (see the module documentation).
fn leaf_stats<S: Side>(board: &Board) -> Stats {
    let mut stats = Stats::default();
    add_leaf_stats::<S>(board, Known::default(), &mut stats);
    stats
}

/// What the node two plies above the leaves tells the position one ply above them, from the
/// side to move there (`None`: found there).
#[derive(Clone, Copy, Default)]
struct Known {
    /// Our castling rooks if we are not in check (see [`Castles`]).
    castles: Option<Bitboard>,
    /// The squares beside our king that they attack, our king lifted (see [`Steps`]).
    attacked: Option<Bitboard>,
    /// Their pieces giving check and our pinned pieces, diagonal pins first (see [`Pins`]).
    checks: Option<(Bitboard, [Bitboard; 2])>,
    /// Our pieces whose counts are known, and our threats (see [`Tallies`]).
    kept: Option<Kept>,
}

/// What the node two plies above the leaves finds once for the positions after its moves.
struct Carried {
    castles: Castles,
    steps: Steps,
    pins: Pins,
    tallies: Option<Tallies>,
}

impl Carried {
    /// Found in `board`, side `S` (A) to move.
    #[inline(always)]
    fn new<S: Side>(board: &Board) -> Carried {
        Carried {
            castles: Castles::new::<S>(board),
            steps: Steps::new::<S>(board),
            pins: Pins::new::<S>(board),
            tallies: Tallies::new::<S>(board),
        }
    }

    /// What carries over to the position after our `role`'s `mv`.
    #[inline(always)]
    fn after<S: Side>(&self, board: &Board, role: Role, mv: Move) -> Known {
        let checks = self.pins.after(role, mv);
        Known {
            castles: self.castles.after::<S>(board, role, mv),
            attacked: self.steps.after::<S>(role, mv),
            checks,
            kept: self
                .tallies
                .as_ref()
                .and_then(|tallies| tallies.after(role, mv, checks)),
        }
    }
}

/// Adds [`leaf_stats`] to `stats`, with what is `known` from the node above.
#[inline(always)]
fn add_leaf_stats<S: Side>(board: &Board, known: Known, stats: &mut Stats) {
    let node = match known.checks {
        Some((checkers, pins)) => Node::with_checks::<S>(board, checkers, pins),
        None => Node::new::<S>(board),
    };
    debug_assert_eq!(node, Node::new::<S>(board), "{board}");
    let us = S::COLOR;
    let theirs = node.theirs;
    let king = board.king(S::Other::COLOR);
    let (threats, counted) = match known.kept {
        Some(kept) => {
            stats.nodes += kept.counts & u64::from(u32::MAX);
            stats.captures += kept.counts >> 32;
            (kept.threats, kept.pieces)
        }
        None => (None, Bitboard::EMPTY),
    };
    let threats = threats.unwrap_or_else(|| Threats::new::<S>(board, &node));
    let Threats {
        diagonal,
        orthogonal,
        blockers,
    } = threats;
    // Moves of one piece to `to` (no castling, en passant or promotion), `direct` the squares
    // from which it gives check.
    let tally = |stats: &mut Stats, role: Role, from: Square, to: Bitboard, direct: Bitboard| {
        if to.is_empty() {
            return;
        }
        stats.nodes += u64::from(to.count());
        stats.captures += u64::from((to & theirs).count());
        let direct = to & direct;
        let discovered = if blockers.contains(from) {
            to & !line(king, from)
        } else {
            Bitboard::EMPTY
        };
        let checking = direct | discovered;
        if checking.any() {
            stats.checks += u64::from(checking.count());
            stats.double_checks += u64::from((direct & discovered).count());
            stats.discovery_checks += u64::from((discovered & !direct).count());
            mates::<S>(
                board,
                role,
                from,
                checking,
                direct & !discovered,
                MoveKind::Normal,
                stats,
            );
        }
    };

    let castles = match known.castles {
        Some(rooks) if node.checkers.is_empty() => rooks,
        Some(_) => Bitboard::EMPTY,
        None => castling_targets::<S>(board, &node),
    };
    let steps = match known.attacked {
        Some(attacked) => king_attacks(node.king) & !node.ours & !attacked,
        None => king_targets::<S>(board, &node),
    };
    debug_assert_eq!(steps, king_targets::<S>(board, &node), "{board}");
    tally(stats, Role::King, node.king, steps, Bitboard::EMPTY);
    if node.checkers.has_many() {
        return; // no castling out of check
    }
    // The pieces whose counts are known are left out.
    let uncounted = !counted;
    for from in board.colored_pieces(us, Role::Knight) & !node.pinned() & uncounted {
        tally(
            stats,
            Role::Knight,
            from,
            knight_attacks(from) & node.target,
            knight_attacks(king),
        );
    }
    for from in board.colored_pieces(us, Role::Bishop) & uncounted {
        tally(
            stats,
            Role::Bishop,
            from,
            node.diagonal_targets::<S::V>(from),
            diagonal,
        );
    }
    for from in board.colored_pieces(us, Role::Rook) & uncounted {
        tally(
            stats,
            Role::Rook,
            from,
            node.orthogonal_targets::<S::V>(from),
            orthogonal,
        );
    }
    for from in board.colored_pieces(us, Role::Queen) & uncounted {
        let to = node.diagonal_targets::<S::V>(from) | node.orthogonal_targets::<S::V>(from);
        tally(stats, Role::Queen, from, to, diagonal | orthogonal);
    }
    // Pawns set-wise, each destination set naming its pawns; promotions are counted below, and
    // the pawns among the blockers move one by one.
    let pawns = board.colored_pieces(us, Role::Pawn);
    let loose = PawnTargets::new::<S>(pawns & !blockers, &node);
    let pawn_checks = pawn_attacks(S::Other::COLOR, king);
    let back = Bitboard::BACK_RANKS;
    let moves = [
        (loose.single & !back, S::UP),
        (loose.double, 2 * S::UP),
        (loose.west & !back, S::UP - 1),
        (loose.east & !back, S::UP + 1),
    ];
    let captures = (loose.west & !back).count() + (loose.east & !back).count();
    stats.nodes += u64::from(moves[0].0.count() + moves[1].0.count() + captures);
    stats.captures += u64::from(captures);
    // The checking pushes and captures, each destination set naming its pawns.
    if (moves[0].0 | moves[1].0 | moves[2].0 | moves[3].0).any_of(pawn_checks) {
        for (to, back_by) in moves {
            let checking = to & pawn_checks;
            stats.checks += u64::from(checking.count());
            for to in checking {
                mates::<S>(
                    board,
                    Role::Pawn,
                    to.offset(-back_by),
                    Bitboard::from_square(to),
                    Bitboard::from_square(to),
                    MoveKind::Normal,
                    stats,
                );
            }
        }
    }
    // Pawns about to promote, and those among the blockers, one by one.
    let single = pawns & (blockers | S::Other::up(back));
    if single.any() {
        let all = PawnTargets::new::<S>(single, &node);
        for from in single & blockers {
            let to = all.of::<S>(from) & !back;
            tally(stats, Role::Pawn, from, to, pawn_checks);
        }
        for from in single & S::Other::up(back) {
            let to = all.of::<S>(from) & back;
            // A promotion checks from the squares from which its piece would (the pawn's
            // square emptied), or by discovery off a line to their king; only the checking
            // ones are played, to find the mates.
            let occupied = node.occupied.without(from);
            let discovered = if blockers.contains(from) {
                !line(king, from)
            } else {
                Bitboard::EMPTY
            };
            let diagonal_checks = S::bishop_attacks(king, occupied);
            let orthogonal_checks = S::rook_attacks(king, occupied);
            for (kind, direct) in [
                (MoveKind::PromoteKnight, knight_attacks(king)),
                (MoveKind::PromoteBishop, diagonal_checks),
                (MoveKind::PromoteRook, orthogonal_checks),
                (MoveKind::PromoteQueen, diagonal_checks | orthogonal_checks),
            ] {
                let (direct, discovered) = (to & direct, to & discovered);
                stats.nodes += u64::from(to.count());
                stats.promotions += u64::from(to.count());
                stats.captures += u64::from((to & theirs).count());
                let checking = direct | discovered;
                if checking.any() {
                    stats.checks += u64::from(checking.count());
                    stats.double_checks += u64::from((direct & discovered).count());
                    stats.discovery_checks += u64::from((discovered & !direct).count());
                    let single = direct & !discovered;
                    mates::<S>(board, Role::Pawn, from, checking, single, kind, stats);
                }
            }
        }
    }
    let ep = board
        .en_passant()
        .map_or(Bitboard::EMPTY, Bitboard::from_square);
    for from in en_passant_capturers::<S>(board, &node) {
        *stats = played::<S>(board, Role::Pawn, from, ep, ep, *stats);
    }
    // Castling checks only by the rook, from the d- or f-file (their king off our king's rank
    // and no line to it opened by king or rook): otherwise the castles are counted at once.
    if castles.is_empty() {
        return;
    }
    let quiet = !(blockers & castles.with(node.king)).any()
        && king.rank() != node.king.rank()
        && !matches!(king.file(), File::D | File::F);
    if quiet {
        let n = u64::from(castles.count());
        stats.nodes += n;
        stats.castles += n;
        return;
    }
    for rook in castles {
        // SAFETY: a castling rook's square is never the king's.
        let mv = unsafe { Move::new_unchecked(node.king, rook, MoveKind::Castling) };
        // Only the rook can give check, unless king or rook leaves a line to their king or
        // their king stands on the same rank.
        if (blockers & Bitboard::from_square(node.king).with(rook)).any()
            || king.rank() == node.king.rank()
        {
            *stats = played::<S>(
                board,
                Role::King,
                node.king,
                Bitboard::from_square(rook),
                castles,
                *stats,
            );
            continue;
        }
        stats.nodes += 1;
        stats.castles += 1;
        // Their king is off our king's rank: the rook checks along its file, if at all.
        let (king_to, rook_to) = mv.castling_destinations();
        if rook_to.file() != king.file() {
            continue;
        }
        let occupied = node
            .occupied
            .without(node.king)
            .without(rook)
            .with(king_to)
            .with(rook_to);
        if S::rook_attacks(rook_to, occupied).contains(king) {
            stats.checks += 1;
            let child = child::<S>(board, Role::King, mv);
            if !generate::<S::Other>(&child, &mut |_| true) {
                stats.checkmates += 1;
            }
        }
    }
}

/// Adds to `stats` the moves of our `role` on `from` to `to` (`special` as in [`PieceMoves`]),
/// each played and classified.
#[inline(always)]
fn played<S: Side>(
    board: &Board,
    role: Role,
    from: Square,
    to: Bitboard,
    special: Bitboard,
    mut stats: Stats,
) -> Stats {
    if to.any() {
        let moves = PieceMoves {
            role,
            from,
            to,
            special,
        };
        for_each_move(moves, |mv| stats += classified::<S>(board, role, mv));
    }
    stats
}

// The bodies of the closures passed to `for_each_move` are functions of their own: a closure
// is compiled for the build's baseline instructions, whatever variant calls it.
hot_fn! {
    /// Adds to `stats` the leaf moves below our `role`'s `mv` (two plies above the leaves).
    fn leaf_move_stats<S: Side>(
        board: &Board,
        role: Role,
        mv: Move,
        carried: &Carried,
        stats: &mut Stats,
    ) {
        let known = carried.after::<S>(board, role, mv);
        let child = leaf_parent::<S>(board, role, mv);
        #[cfg(debug_assertions)]
        if let Some(rooks) = known.castles {
            let node = Node::new::<S::Other>(&child);
            if node.checkers.is_empty() {
                let real = castling_targets::<S::Other>(&child, &node);
                debug_assert_eq!(rooks, real, "castling carried from {board} over {mv}");
            }
        }
        #[cfg(debug_assertions)]
        let before = *stats;
        add_leaf_stats::<S::Other>(&child, known, stats);
        #[cfg(debug_assertions)]
        {
            let mut added = Stats::default();
            add_leaf_stats::<S::Other>(&child, Known::default(), &mut added);
            debug_assert_eq!(before + added, *stats, "carried from {board} over {mv}");
        }
    }
}

hot_fn! {
    /// Our `role`'s leaf move `mv`, played and classified.
    fn classified<S: Side>(board: &Board, role: Role, mv: Move) -> Stats {
        classify(board, mv, &child::<S>(board, role, mv))
    }
}

hot_fn! {
    /// Whether our `role`'s checking move `mv` mates.
    fn mate_after<S: Side>(board: &Board, role: Role, mv: Move) -> bool {
        // Most checked kings can step away: that is found first, without pins.
        let child = child::<S>(board, role, mv);
        !king_can_step::<S::Other>(&child) && !generate::<S::Other>(&child, &mut |_| true)
    }
}

/// The position after our `role`'s `mv` in `board`, made as far as generating moves and
/// finding checkers need; `board`'s mailbox may be stale, so roles come from the bitboards.
#[inline(always)]
fn child<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
    let mut child = leaf_by::<S, true>(board, role, mv, |sq| board.role_from_bitboards(sq));
    // `classify` reads the side to move (`leaf_by` leaves it as it was, except for castling
    // and en passant, which it plays in full).
    child.set_side_to_move(S::Other::COLOR);
    child
}

hot_fn! {
    /// Counts in `stats` the checkmates among the checking moves of our `role` on `from` to
    /// `checking` (no castling or en passant), `single` those where the moved piece alone
    /// gives check; `kind` is `Normal` (a pawn's double push found here) or a promotion.
    fn mates<S: Side>(
        board: &Board,
        role: Role,
        from: Square,
        checking: Bitboard,
        single: Bitboard,
        kind: MoveKind,
        stats: &mut Stats,
    ) {
        // A flight square of their king that none of our pieces attacks after the move (the
        // others' attackers found through the occupancy without the arrival square, which can
        // only block them) shows at once that the check does not mate.
        let king = board.king(S::Other::COLOR);
        let zone = king_attacks(king);
        let occupied = board.occupied().without(from).without(king);
        let others = board.colored(S::COLOR).without(from);
        let theirs = board.colored(S::Other::COLOR);
        for to in checking {
            let kind = if role == Role::Pawn && (to as u8).abs_diff(from as u8) == 16 {
                MoveKind::DoublePush
            } else {
                kind
            };
            // SAFETY: `checking` is a part of the piece's targets, which never hold `from`.
            let mv = unsafe { Move::new_unchecked(from, to, kind) };
            let piece = mv.promotion().unwrap_or(role);
            let candidates =
                zone & !theirs.without(to) & !super::piece_attacks::<S>(piece, to, occupied);
            let mut flees = false;
            for flight in candidates {
                if !attackers_to::<S::V>(board, flight, occupied).any_of(others) {
                    flees = true;
                    break;
                }
            }
            if flees {
                debug_assert!(!mate_after::<S>(board, role, mv), "{board} {mv}");
                continue;
            }
            // Nor does a lone checker that a piece of theirs that cannot be pinned can take, or,
            // a slider, block.
            if single.contains(to) {
                let after = board.occupied().without(from).with(to);
                let free = theirs.without(to).without(king) & !pinnable::<S>(board, king, others);
                if attackers_to::<S::V>(board, to, after).any_of(free)
                    || blockable::<S>(board, between(king, to), after, free)
                {
                    debug_assert!(!mate_after::<S>(board, role, mv), "{board} {mv}");
                    continue;
                }
            }
            if mate_after::<S>(board, role, mv) {
                stats.checkmates += 1;
            }
        }
    }
}

/// Their pieces that one of our pieces `others` may pin to their `king` after a move that
/// checks directly: those between it and one of our sliders on its lines (the checking piece
/// pins nothing, its line to the king being empty).
#[inline(always)]
fn pinnable<S: Side>(board: &Board, king: Square, others: Bitboard) -> Bitboard {
    let sliders = (bishop_rays(king) & board.bishop_movers() & others)
        | (rook_rays(king) & board.rook_movers() & others);
    let mut pinnable = Bitboard::EMPTY;
    for slider in sliders {
        pinnable |= between(king, slider);
    }
    pinnable
}

/// Whether one of their `free` pieces (none pinned) can move to a square of `gap`, the empty
/// squares between their king and a lone checking slider, with `occupied` after the move.
#[inline(always)]
fn blockable<S: Side>(board: &Board, gap: Bitboard, occupied: Bitboard, free: Bitboard) -> bool {
    if gap.is_empty() {
        return false;
    }
    let empty = !occupied;
    let pawns = board.colored_pieces(S::Other::COLOR, Role::Pawn) & free;
    let pushes = S::Other::up(pawns) & empty;
    let doubles = S::Other::up(pushes & S::Other::THIRD_RANK) & empty;
    if (pushes | doubles).any_of(gap) {
        return true;
    }
    let knights = board.pieces(Role::Knight) & free;
    let (diagonal, orthogonal) = (board.bishop_movers() & free, board.rook_movers() & free);
    // A loop, not a closure: a closure is compiled for the build's baseline instructions.
    for square in gap {
        if knight_attacks(square).any_of(knights)
            || S::bishop_attacks(square, occupied).any_of(diagonal)
            || S::rook_attacks(square, occupied).any_of(orthogonal)
        {
            return true;
        }
    }
    false
}

/// The statistics of the subtree below the legal move `mv` of `board`, `depth` plies from
/// `board` (so `mv` itself is the leaf move at depth 1): one root move's share of
/// [`perft_stats`], which a divide by root move needs. The child position alone cannot give
/// it at depth 1, since the counts classify the leaf moves. Depth 0 has no moves: the default
/// (all zero).
///
/// ```
/// use movegen::Board;
/// use movegen::perft::perft_stats_move;
///
/// // Kiwipete: 8 of its 48 moves capture (published).
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let captures: u64 = board.legal_moves().into_iter().map(|mv| perft_stats_move(&board, mv, 1).captures).sum();
/// assert_eq!(captures, 8);
/// # Ok::<(), movegen::FenError>(())
/// ```
#[must_use]
pub fn perft_stats_move(board: &Board, mv: Move, depth: u32) -> Stats {
    match depth {
        0 => Stats::default(),
        1 => classify(board, mv, &board.play_unchecked(mv)),
        _ => perft_stats(&board.play_unchecked(mv), depth - 1),
    }
}

/// The kind of the leaf move `mv` from `board`, which led to `child`: the move played and
/// looked at, the slow and plain way.
fn classify(board: &Board, mv: Move, child: &Board) -> Stats {
    let them = board.side_to_move().other();
    let kind = mv.kind();
    let mut stats = Stats {
        nodes: 1,
        captures: u64::from(
            kind == MoveKind::EnPassant
                || (kind != MoveKind::Castling && board.colored(them).contains(mv.to())),
        ),
        en_passant: u64::from(kind == MoveKind::EnPassant),
        castles: u64::from(kind == MoveKind::Castling),
        promotions: u64::from(mv.promotion().is_some()),
        ..Stats::default()
    };
    let checkers = child.checkers();
    if checkers.any() {
        stats.checks = 1;
        if checkers.has_many() {
            stats.double_checks = 1;
        } else if checkers.first() != Some(moved_piece_square(mv)) {
            stats.discovery_checks = 1;
        }
        stats.checkmates = u64::from(!child.has_legal_moves());
    }
    stats
}

/// Where the moved piece stands after `mv`; for castling, the rook.
fn moved_piece_square(mv: Move) -> Square {
    if mv.is_castling() {
        let side = if mv.to() > mv.from() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        Square::from_coords(side.rook_file(), mv.from().rank())
    } else {
        mv.to()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::side::{Black, White};
    use crate::types::Color;
    use std::vec::Vec;

    /// The positions of the test corpora.
    fn positions() -> Vec<Board> {
        let corpora = [
            include_str!("../../tests/data/perftsuite.epd"),
            include_str!("../../tests/data/chess960-fischer.epd"),
            include_str!("../../tests/data/perft-random.epd"),
            include_str!("../../tests/data/python-chess-tricky.perft"),
        ];
        let mut boards: Vec<Board> = corpora
            .iter()
            .flat_map(|text| text.lines())
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let fields: Vec<&str> = line.split([';', ',']).next()?.split(' ').collect();
                Board::from_fen(&fields.get(..4)?.join(" ")).ok()
            })
            .collect();
        // Chess960, queen a8 beyond the castling rook b8: castling is carried over no move
        // that lets a slider x-ray the king's path through the rook (Qg2xa8 here).
        // And positions whose replying side castles with check: the rook lands on the file of
        // the other king (the set-wise count takes the castles at once only when it cannot).
        boards.extend(
            [
                "nrk1brnq/p2p1pp1/7p/bpp1p3/1P6/6P1/PKPPPPQP/NR1BBRN1 w kq - 0 10",
                "4k2r/8/8/8/8/8/8/5K2 w k - 0 1",
                "r3k3/8/8/8/8/8/8/3K4 w q - 0 1",
                "5k2/8/8/8/8/8/8/4K2R b K - 0 1",
                "3k4/8/8/8/8/8/8/R3K3 b Q - 0 1",
            ]
            .map(|fen| Board::from_fen(fen).expect("FEN")),
        );
        boards.sort_by_key(Board::hash);
        boards.dedup();
        boards
    }

    /// The set-wise leaf count agrees with playing and classifying every move, on every corpus
    /// position and every position one move from them, made as `stats_side` makes them (mailbox
    /// stale, castling carried over from the position before when it can be): thousands of
    /// checks, mates, promotions, castles and en-passant captures.
    #[test]
    fn set_wise_leaf_statistics_agree_with_classifying_each_move() {
        /// Positions checked, and those whose castling rooks, king steps, and checkers and
        /// pins were carried over.
        #[derive(Default)]
        struct Counts {
            checked: usize,
            carried: usize,
            stepped: usize,
            pinned: usize,
            kept: usize,
            promoting_checks: usize,
            castling_checks: usize,
        }
        fn check<S: Side>(board: &Board, total: &mut Stats, counts: &mut Counts) {
            let carried = Carried::new::<S>(board);
            let mut pieces = PieceList::empty();
            for moves in pieces.fill::<S>(board).iter() {
                for_each_move(moves, |mv| {
                    let child = board.play_unchecked(mv);
                    let mut want = Stats::default();
                    for reply in child.legal_moves() {
                        let stats = classify(&child, reply, &child.play_unchecked(reply));
                        counts.promoting_checks +=
                            usize::from(stats.promotions > 0 && stats.checks > 0);
                        counts.castling_checks +=
                            usize::from(stats.castles > 0 && stats.checks > 0);
                        want += stats;
                    }
                    let stale = leaf_parent::<S>(board, moves.role, mv);
                    assert_eq!(leaf_stats::<S::Other>(&stale), want, "{child}");
                    assert_eq!(leaf_stats::<S::Other>(&child), want, "{child}");
                    let known = carried.after::<S>(board, moves.role, mv);
                    let rooks = known.castles;
                    let mut with_carried = Stats::default();
                    add_leaf_stats::<S::Other>(&stale, known, &mut with_carried);
                    counts.stepped += usize::from(known.attacked.is_some());
                    counts.pinned += usize::from(known.checks.is_some());
                    counts.kept += known.kept.map_or(0, |kept| kept.pieces.count() as usize);
                    assert_eq!(with_carried, want, "{child}, castling carried from {board}");
                    counts.carried += usize::from(rooks.is_some_and(|r| r.any()));
                    *total += want;
                    counts.checked += 1;
                });
            }
        }
        let (mut total, mut counts) = (Stats::default(), Counts::default());
        for board in &positions() {
            match board.side_to_move() {
                Color::White => check::<White>(board, &mut total, &mut counts),
                Color::Black => check::<Black>(board, &mut total, &mut counts),
            }
        }
        let Counts {
            checked,
            carried,
            stepped,
            pinned,
            kept,
            promoting_checks,
            castling_checks,
        } = counts;
        assert!(checked > 100_000, "{checked}");
        // Positions whose castling rooks were carried over, not tested again.
        assert!(carried > 1_000, "{carried}");
        // Positions whose king steps were carried over.
        assert!(stepped > 10_000, "{stepped}");
        // Positions whose checkers and pins were carried over.
        assert!(pinned > 10_000, "{pinned}");
        // Pieces whose counts were carried over.
        assert!(kept > 10_000, "{kept}");
        // Checking promotions (played, the others counted set-wise).
        assert!(promoting_checks > 1_000, "{promoting_checks}");
        // Checking castles (counted at once when the rook cannot check).
        assert!(castling_checks > 50, "{castling_checks}");
        // The corpus exercises every column.
        for (name, value) in total.fields() {
            assert!(value > 100, "{name}: {value}");
        }
    }
}
