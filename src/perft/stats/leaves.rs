//! Statistics of the leaf moves that are played: the child made as far as counting needs, and
//! each leaf move classified (capture, en passant, castle, promotion, check kinds, mate).

use super::*;

/// Adds to `stats` the moves of our `role` on `from` to `to` (`special` as in [`PieceMoves`]),
/// each played and classified.
#[inline(always)]
pub(super) fn played<S: Side>(
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
    pub(super) fn leaf_move_stats<S: Side>(
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
    pub(super) fn classified<S: Side>(board: &Board, role: Role, mv: Move) -> Stats {
        classify(board, mv, &child::<S>(board, role, mv))
    }
}

hot_fn! {
    /// Whether our `role`'s checking move `mv` mates.
    pub(super) fn mate_after<S: Side>(board: &Board, role: Role, mv: Move) -> bool {
        // Most checked kings can step away: that is found first, without pins.
        let child = child::<S>(board, role, mv);
        !king_can_step::<S::Other>(&child) && !generate::<S::Other>(&child, &mut |_| true)
    }
}

/// The position after our `role`'s `mv` in `board`, made as far as generating moves and
/// finding checkers need; `board`'s mailbox may be stale, so roles come from the bitboards.
#[inline(always)]
pub(super) fn child<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
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
    pub(super) fn mates<S: Side>(
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
                zone & !theirs.without(to) & !crate::perft::piece_attacks::<S>(piece, to, occupied);
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
pub(super) fn pinnable<S: Side>(board: &Board, king: Square, others: Bitboard) -> Bitboard {
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
pub(super) fn blockable<S: Side>(
    board: &Board,
    gap: Bitboard,
    occupied: Bitboard,
    free: Bitboard,
) -> bool {
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
pub(super) fn classify(board: &Board, mv: Move, child: &Board) -> Stats {
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
pub(super) fn moved_piece_square(mv: Move) -> Square {
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
