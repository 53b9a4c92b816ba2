//! Statistics one ply above the leaves without playing each leaf move: the replies counted
//! once per node (checks, pins, castles and king steps carried over the moves that cannot
//! change them) and added to the leaf statistics.

use super::*;

/// B's leaf statistics as if B were to move in the node two plies above the leaves (A to
/// move, no en passant), if they have no check: then a move after which B's replies are
/// unchanged and that touches none of [`moved_squares`] leaves them as they are (no check, so
/// no mate either).
#[inline(always)]
pub(super) fn replies_without_check<S: Side>(board: &Board) -> Option<Stats> {
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
pub(super) fn moved_squares<S: Side>(board: &Board) -> Bitboard {
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
pub(super) fn leaf_parent<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
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
pub(super) fn leaf_stats<S: Side>(board: &Board) -> Stats {
    let mut stats = Stats::default();
    add_leaf_stats::<S>(board, Known::default(), &mut stats);
    stats
}

/// What the node two plies above the leaves tells the position one ply above them, from the
/// side to move there (`None`: found there).
#[derive(Clone, Copy, Default)]
pub(super) struct Known {
    /// Our castling rooks if we are not in check (see [`Castles`]).
    pub(super) castles: Option<Bitboard>,
    /// The squares beside our king that they attack, our king lifted (see [`Steps`]).
    pub(super) attacked: Option<Bitboard>,
    /// Their pieces giving check and our pinned pieces, diagonal pins first (see [`Pins`]).
    pub(super) checks: Option<(Bitboard, [Bitboard; 2])>,
    /// Our pieces whose counts are known, and our threats (see [`Tallies`]).
    pub(super) kept: Option<Kept>,
}

/// What the node two plies above the leaves finds once for the positions after its moves.
pub(super) struct Carried {
    pub(super) castles: Castles,
    pub(super) steps: Steps,
    pub(super) pins: Pins,
    pub(super) tallies: Option<Tallies>,
}

impl Carried {
    /// Found in `board`, side `S` (A) to move.
    #[inline(always)]
    pub(super) fn new<S: Side>(board: &Board) -> Carried {
        Carried {
            castles: Castles::new::<S>(board),
            steps: Steps::new::<S>(board),
            pins: Pins::new::<S>(board),
            tallies: Tallies::new::<S>(board),
        }
    }

    /// What carries over to the position after our `role`'s `mv`.
    #[inline(always)]
    pub(super) fn after<S: Side>(&self, board: &Board, role: Role, mv: Move) -> Known {
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
pub(super) fn add_leaf_stats<S: Side>(board: &Board, known: Known, stats: &mut Stats) {
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
