//! Perft: the number of leaf nodes of the legal move tree to a given depth, the standard test
//! of a move generator. The last ply is counted without playing the moves (bulk counting: a
//! popcount of each piece's target set).
//!
//! [`perft`], [`perft_divide`] and [`perft_stats`] are also at the crate root. This module
//! adds what the `perft` command is built from (with the `std` feature): [`perft_hashed`] with
//! a shared [`Table`], [`divide_parallel`], which counts the subtrees on several threads
//! and reports [`Progress`], and [`split`](fn@split), which cuts a deep perft into unique
//! positions that can be counted anywhere (the `perft split` command and distributed perft).
//!
//! ```
//! use movegen::Board;
//! use movegen::perft::{Table, divide_parallel, perft_hashed};
//! use std::time::Duration;
//!
//! let board = Board::startpos();
//! let table = Table::new(16).expect("16 MiB");
//! assert_eq!(perft_hashed(&board, 5, &table), 4_865_609);
//! let divide = divide_parallel(&board, 4, 2, |b, d| perft_hashed(b, d, &table), Duration::from_secs(1), |_| {});
//! assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 197_281);
//! ```

mod castles;
#[cfg(feature = "std")]
mod compact;
mod divide;
#[cfg(feature = "std")]
mod parallel;
mod pieces;
mod pins;
mod replies;
#[cfg(feature = "std")]
mod split;
mod stats;
mod steps;
#[cfg(feature = "std")]
mod table;
mod tallies;

#[cfg(feature = "std")]
pub use compact::{SplitError, SplitUnits, split_compact};
pub use divide::{Divide, perft_divide};
#[cfg(feature = "std")]
pub use parallel::{
    MAX_THREADS, Progress, Tally, divide_parallel, perft_full_make_hashed, perft_hashed,
    perft_stats_hashed,
};
#[cfg(feature = "std")]
pub use split::{split, split_in_tree_order, split_in_tree_order_until, split_until};
pub use stats::{Stats, perft_stats, perft_stats_move};
#[cfg(feature = "std")]
pub use table::Table;

use crate::attacks::{king_attacks, knight_attacks, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::count;
use crate::moves::{Move, MoveKind, PieceMoves};
use crate::play::{lost_rights, play_role};
use crate::side::Side;
use crate::types::{Role, Square};
use crate::variant::{dispatch, hot_fn};
use pieces::{PieceList, for_each_move};

/// Number of leaf nodes at `depth` plies from `board` (1 at depth 0).
///
/// ```
/// use movegen::{Board, perft};
///
/// assert_eq!(perft(&Board::startpos(), 4), 197_281);
/// ```
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    dispatch!(board, perft_side(board, depth))
}

hot_fn! {

    fn perft_side<S: Side>(board: &Board, depth: u32) -> u64 {
        debug_assert_eq!(
            board.hash(),
            board.compute_hash(),
            "incremental hash of {board}"
        );
        match depth {
            0 => 1,
            1 => count::<S>(board),
            2 => perft_two::<S>(board),
            _ => {
                let mut nodes = 0;
                let mut pieces = PieceList::empty();
                for moves in pieces.fill::<S>(board).iter() {
                    for_each_move(moves, |mv| {
                        nodes += if depth == 3 {
                            perft_two::<S::Other>(&above_leaves::<S>(board, moves.role, mv))
                        } else {
                            perft_side::<S::Other>(&play_role::<S>(board, moves.role, mv), depth - 1)
                        };
                    });
                }
                nodes
            }
        }
    }
}

/// Perft without bulk counting: every move down to the leaves is played (copy-make, as
/// [`perft`] plays the moves above its last ply) and each leaf position counted. The counts are
/// [`perft`]'s; the time is the cost of making moves, for comparing generators by it.
///
/// ```
/// use movegen::Board;
/// use movegen::perft::perft_full_make;
///
/// assert_eq!(perft_full_make(&Board::startpos(), 4), 197_281);
/// assert_eq!(perft_full_make(&Board::startpos(), 0), 1);
/// ```
#[must_use]
pub fn perft_full_make(board: &Board, depth: u32) -> u64 {
    dispatch!(board, full_make_side(board, depth))
}

hot_fn! {

    fn full_make_side<S: Side>(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            // The leaf is made, not optimised away.
            core::hint::black_box(board);
            return 1;
        }
        let mut nodes = 0;
        let mut pieces = PieceList::empty();
        for moves in pieces.fill::<S>(board).iter() {
            for_each_move(moves, |mv| {
                nodes += full_make_side::<S::Other>(&play_role::<S>(board, moves.role, mv), depth - 1);
            });
        }
        nodes
    }
}

hot_fn! {
    /// Perft 2: the opponent's replies to each move, counted by popcount, most of them without
    /// playing the move (see [`replies`]).
    fn perft_two<S: Side>(board: &Board) -> u64 {
        let mut slot = None;
        let replies = replies::Replies::<S>::new(board, &mut slot);
        let mut nodes = 0;
        let mut pieces = PieceList::empty();
        for mut moves in pieces.fill::<S>(board).iter() {
            let mover = replies.and_then(|r| r.mover(moves));
            if let (Some(replies), Some(mover)) = (replies, &mover) {
                // Quiet moves between calm squares leave B's replies as they are: all at once;
                // from another square, to calm ones, as many as after the first of them.
                let calm = replies.is_calm(mover);
                let unchanged = if calm {
                    replies.inert_targets(mover, moves)
                } else {
                    Bitboard::EMPTY
                };
                if unchanged.any() {
                    nodes += u64::from(unchanged.count()) * replies.total();
                    check_each::<S>(board, moves, unchanged, replies.total());
                    moves.to &= !unchanged;
                } else if !calm
                    && let Some(n) = shared_moves::<S>(board, replies, mover, &mut moves)
                {
                    nodes += n;
                }
                let plain = if moves.to.any() {
                    replies.plain_targets(mover, moves)
                } else {
                    Bitboard::EMPTY
                };
                if plain.any() {
                    nodes += plain_moves::<S>(board, replies, moves.role, moves.from, plain, 0);
                    moves.to &= !plain;
                }
                let glides = replies.glide_targets(mover, moves);
                if glides.any() {
                    let (n, done) = glide_moves::<S>(board, replies, moves.role, moves.from, glides);
                    nodes += n;
                    moves.to &= !done;
                }
            }
            if mover.is_none()
                && let Some(replies) = replies
                && let Some(n) = leaving_moves::<S>(board, replies, moves)
            {
                nodes += n;
                continue;
            }
            for_each_move(moves, |mv| {
                nodes += reply_count::<S>(board, replies, &mover, moves.role, mv);
            });
        }
        nodes
    }
}

/// The replies to the moves of `mover` (not a pawn), on a square that is not calm, to its
/// inert targets that no B slider comes to attack when it leaves (see
/// [`replies::Replies::inert_targets`]): as many after each as after the first. The targets
/// are taken out of `moves`; `None` (and `moves` as it was) if there are fewer than two. (For a
/// pawn, two pushes at most, this cost more than it saved.)
#[inline(always)]
fn shared_moves<S: Side>(
    board: &Board,
    replies: &replies::Replies<S>,
    mover: &replies::Mover,
    moves: &mut PieceMoves,
) -> Option<u64> {
    if moves.role == Role::Pawn || !moves.to.has_many() {
        return None;
    }
    let inert = replies.inert_targets(mover, *moves);
    if !inert.has_many() {
        return None;
    }
    let inert = inert & !(replies.opened_by_leaving(moves.from) | replies.reblocked(moves.from));
    if !inert.has_many() {
        return None;
    }
    // SAFETY: `inert` is a part of the piece's targets, which never hold its own square.
    let first = unsafe { Move::new_unchecked(moves.from, inert.first()?, MoveKind::Normal) };
    let each = reply_count::<S>(board, Some(replies), &Some(*mover), moves.role, first);
    check_each::<S>(board, *moves, inert, each);
    moves.to &= !inert;
    Some(u64::from(inert.count()) * each)
}

hot_fn! {
    /// The replies to the glides of our slider `role` on `from` to `targets` (see
    /// [`replies::Replies::glide_targets`]) that [`replies::Replies::after_glide`] counts,
    /// summed, and those targets.
    fn glide_moves<S: Side>(
        board: &Board,
        replies: &replies::Replies<S>,
        role: Role,
        from: Square,
        targets: Bitboard,
    ) -> (u64, Bitboard) {
        let (mut nodes, mut done) = (0, Bitboard::EMPTY);
        for to in targets {
            if let Some(n) = replies.after_glide(role, from, to) {
                // SAFETY: a glide target of the slider on `from`, never `from` itself.
                let mv = unsafe { Move::new_unchecked(from, to, MoveKind::Normal) };
                check_one::<S>(board, role, mv, n);
                nodes += n;
                done = done.with(to);
            }
        }
        (nodes, done)
    }
}

/// The replies to the moves of our `role` on `from` to its plain `targets` (see
/// [`replies::Replies::plain_targets`]), summed; `gained` more after each (a leaver's:
/// see [`replies::Replies::plain_leaver_targets`]).
#[inline(always)]
fn plain_moves<S: Side>(
    board: &Board,
    replies: &replies::Replies<S>,
    role: Role,
    from: Square,
    targets: Bitboard,
    gained: u64,
) -> u64 {
    let mut nodes = 0;
    for to in targets {
        let n = replies.after_plain(from, to) + gained;
        let kind = if role == Role::Pawn {
            pawn_push_kind(from, to)
        } else {
            MoveKind::Normal
        };
        // SAFETY: a plain target of the piece on `from`, never `from` itself.
        let mv = unsafe { Move::new_unchecked(from, to, kind) };
        check_one::<S>(board, role, mv, n);
        nodes += n;
    }
    nodes
}

/// The kind of a pawn's move from `from` to `to` that is neither a capture en passant nor a
/// promotion.
#[inline(always)]
fn pawn_push_kind(from: Square, to: Square) -> MoveKind {
    if (to as u8).abs_diff(from as u8) == 16 {
        MoveKind::DoublePush
    } else {
        MoveKind::Normal
    }
}

/// Debug builds: checks that B has `n` replies after our `role`'s `mv`, playing it and
/// counting.
#[inline(always)]
fn check_one<S: Side>(board: &Board, role: Role, mv: Move, n: u64) {
    #[cfg(debug_assertions)]
    {
        let real = count::<S::Other>(&play_role::<S>(board, role, mv));
        debug_assert_eq!(n, real, "{board} {mv}");
    }
    #[cfg(not(debug_assertions))]
    let _ = (board, role, mv, n);
}

/// Debug builds: checks that B has `each` replies after every move of `moves` to `targets`
/// (counted by multiplication), playing each and counting.
#[inline(always)]
fn check_each<S: Side>(board: &Board, moves: PieceMoves, targets: Bitboard, each: u64) {
    #[cfg(debug_assertions)]
    for_each_move(
        PieceMoves {
            to: targets,
            ..moves
        },
        |mv| {
            let n = count::<S::Other>(&play_role::<S>(board, moves.role, mv));
            debug_assert_eq!(n, each, "{board} {mv}");
        },
    );
    #[cfg(not(debug_assertions))]
    let _ = (board, moves, targets, each);
}

hot_fn! {
    /// The replies to the moves of a piece whose leaving may give B's king steps (see
    /// [`replies::Leaver`]); `None` if it is no such piece.
    fn leaving_moves<S: Side>(board: &Board, replies: &replies::Replies<S>, moves: PieceMoves) -> Option<u64> {
        if moves.role == Role::Pawn {
            return pawn_leaving_moves::<S>(board, replies, moves);
        }
        let leaver = replies.leaver(board, moves)?;
        let mut moves = moves;
        let mut nodes = 0;
        let (plain, gained) = replies.plain_leaver_targets(&leaver, moves);
        if plain.any() {
            nodes += plain_moves::<S>(board, replies, moves.role, moves.from, plain, gained);
            moves.to &= !plain;
        }
        for_each_move(moves, |mv| {
            nodes += leaving_count::<S>(board, replies, &leaver, moves.role, mv);
        });
        Some(nodes)
    }
}

hot_fn! {
    /// The replies to the moves of a pawn that attacks B's king steps (see
    /// [`replies::Replies::pawn_leaver`]); `None` if it is no such pawn.
    fn pawn_leaving_moves<S: Side>(board: &Board, replies: &replies::Replies<S>, moves: PieceMoves) -> Option<u64> {
        let (gain, targets) = replies.pawn_leaver(moves)?;
        let from = moves.from;
        let mut nodes = 0;
        // Loops of their own, not `for_each_move`'s closure, which was not inlined here (and
        // the pawn promotes nothing). The other moves first: counted afresh.
        for to in moves.to & !targets {
            let kind = if moves.special.contains(to) {
                MoveKind::EnPassant
            } else {
                pawn_push_kind(from, to)
            };
            // SAFETY: a target of the pawn on `from`, never `from` itself.
            let mv = unsafe { Move::new_unchecked(from, to, kind) };
            nodes += count::<S::Other>(&leaf::<S>(board, Role::Pawn, mv));
        }
        for to in targets {
            // SAFETY: a target of the pawn on `from`, never `from` itself.
            let mv = unsafe { Move::new_unchecked(from, to, pawn_push_kind(from, to)) };
            nodes += match replies.after_pawn_leaving(board, from, to, gain) {
                Some(n) => {
                    check_one::<S>(board, Role::Pawn, mv, n);
                    n
                }
                None => count::<S::Other>(&leaf::<S>(board, Role::Pawn, mv)),
            };
        }
        Some(nodes)
    }
}

hot_fn! {
    /// [`reply_count`] for a piece whose leaving may give B's king steps (see
    /// [`replies::Leaver`]).
    fn leaving_count<S: Side>(
        board: &Board,
        replies: &replies::Replies<S>,
        leaver: &replies::Leaver,
        role: Role,
        mv: Move,
    ) -> u64 {
        match replies::after_leaving::<S>(replies, board, leaver, mv) {
            Some(n) => {
                debug_assert_eq!(
                    n,
                    count::<S::Other>(&play_role::<S>(board, role, mv)),
                    "{board} {mv}"
                );
                n
            }
            None => count::<S::Other>(&leaf::<S>(board, role, mv)),
        }
    }
}

hot_fn! {
    /// The replies to our `role`'s `mv`: by the shortcut when it applies, else counted in the
    /// position after the move. (A function of its own, not the closure's body: a closure is
    /// compiled for the build's baseline instructions, whatever variant calls it.)
    fn reply_count<S: Side>(
        board: &Board,
        replies: Option<&replies::Replies<S>>,
        mover: &Option<replies::Mover>,
        role: Role,
        mv: Move,
    ) -> u64 {
        let shortcut = match (replies, mover) {
            (Some(replies), Some(mover)) => replies.after(board, mover, mv),
            _ => None,
        };
        match shortcut {
            Some(n) => {
                debug_assert_eq!(
                    n,
                    count::<S::Other>(&play_role::<S>(board, role, mv)),
                    "{board} {mv}"
                );
                n
            }
            None => count::<S::Other>(&leaf::<S>(board, role, mv)),
        }
    }
}

/// The position after `mv` of our `role`, made only as far as counting the replies needs:
/// bitboards, castling rights and en-passant square; the mailbox, hash and clocks are left as
/// they were (stale). Castling and en passant take the full [`play_role`].
#[inline(always)]
fn leaf<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
    let child = leaf_by::<S, false>(board, role, mv, |sq| board.role_at(sq));
    debug_assert!(
        child.same_for_counting(&play_role::<S>(board, role, mv)),
        "{board} {mv}"
    );
    child
}

/// The position after `mv` of our `role` for [`perft_two`]: as [`leaf`] makes it, with the
/// mailbox and side to move kept (the replies read captured pieces there); the hash and
/// clocks are left stale. Castling and en passant take the full [`play_role`].
#[inline(always)]
fn above_leaves<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
    if matches!(mv.kind(), MoveKind::Castling | MoveKind::EnPassant) {
        return play_role::<S>(board, role, mv);
    }
    let mut child = leaf_by::<S, false>(board, role, mv, |sq| board.role_at(sq));
    let arrived = mv.promotion().unwrap_or(role);
    child.shift_code_unhashed(S::COLOR, arrived, mv.from(), mv.to(), S::Other::COLOR);
    debug_assert!(
        {
            let played = play_role::<S>(board, role, mv);
            child.same_for_counting(&played)
                && Square::ALL
                    .iter()
                    .all(|&sq| child.piece_at(sq) == played.piece_at(sq))
                && child.side_to_move() == played.side_to_move()
        },
        "{board} {mv}"
    );
    child
}

/// [`leaf`] with the captured piece's role found by `victim`: the mailbox, or the bitboards
/// when `board` was itself made by `leaf` (its mailbox stale). With `APART` the bitboards are
/// changed in a copy of their own and the child written once ([`Board::with_bitboards`]): in
/// the statistics path, where the child is read at once, that is 8% faster on an AVX-512 CPU
/// (changing a copy of the whole board read back what the copy had just stored with
/// overlapping wide moves); in bulk-counting perft it measured 2.6% slower.
#[inline(always)]
fn leaf_by<S: Side, const APART: bool>(
    board: &Board,
    role: Role,
    mv: Move,
    victim: impl FnOnce(Square) -> Option<Role>,
) -> Board {
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    if matches!(kind, MoveKind::Castling | MoveKind::EnPassant) {
        // Neither reads the mailbox.
        return play_role::<S>(board, role, mv);
    }
    let (us, them) = (S::COLOR, S::Other::COLOR);
    let (from_bb, to_bb) = (Bitboard::from_square(from), Bitboard::from_square(to));
    let mut child = if APART {
        board.with_bitboards(|bitboards| {
            if board.colored(them).contains(to)
                && let Some(captured) = victim(to)
            {
                bitboards.toggle(them, captured, to_bb);
            }
            match mv.promotion() {
                Some(promoted) => {
                    bitboards.toggle(us, role, from_bb);
                    bitboards.toggle(us, promoted, to_bb);
                }
                None => bitboards.toggle(us, role, from_bb | to_bb),
            }
        })
    } else {
        let mut child = *board;
        if board.colored(them).contains(to)
            && let Some(captured) = victim(to)
        {
            child.toggle_bitboards(them, captured, to_bb);
        }
        match mv.promotion() {
            Some(promoted) => {
                child.toggle_bitboards(us, role, from_bb);
                child.toggle_bitboards(us, promoted, to_bb);
            }
            None => child.toggle_bitboards(us, role, from_bb | to_bb),
        }
        child
    };
    let mut ep = None;
    if kind == MoveKind::DoublePush {
        let square = Square::new((from as u32 + to as u32) / 2);
        if (pawn_attacks(us, square) & board.colored_pieces(them, Role::Pawn)).any() {
            ep = Some(square);
        }
    }
    child.set_en_passant_unhashed(ep);
    let rights = board.castling_bits();
    let touched = from_bb | to_bb;
    if rights != 0 && touched.any_of(Bitboard::BACK_RANKS) {
        child.set_castling_unhashed(rights & !lost_rights(board, role, us, touched));
    }
    child
}

/// The squares side `S`'s `role` on `sq` attacks (`occupied` the blockers for sliders).
#[inline(always)]
fn piece_attacks<S: Side>(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(S::COLOR, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => S::bishop_attacks(sq, occupied),
        Role::Rook => S::rook_attacks(sq, occupied),
        Role::Queen => S::bishop_attacks(sq, occupied) | S::rook_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

#[cfg(test)]
mod tests;
