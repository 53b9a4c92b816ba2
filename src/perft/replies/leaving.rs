//! The reply count after a move of a piece whose leaving opens lines or frees king steps
//! (a [`Leaver`]).

use super::*;

/// B's number of legal replies after `mv` of `leaver`, when the shortcut applies: as for a
/// [`Mover`], and the king steps the leaver no longer attacks, which no other A piece
/// attacks (the shield keeps the other A sliders' attacks on watched squares as they are).
#[inline(always)]
pub(in crate::perft) fn after_leaving<S: Side>(
    replies: &Replies<S>,
    board: &Board,
    leaver: &Leaver,
    mv: Move,
) -> Option<u64> {
    let Leaver {
        mover: Mover { role, from },
        gain,
        mut castle,
    } = *leaver;
    let to = mv.to();
    let captured = match mv.kind() {
        MoveKind::Normal if replies.node.ours.contains(to) => Some(board.role_at(to)?),
        MoveKind::Normal => None,
        MoveKind::DoublePush
            if !pawn_attacks(S::COLOR, Square::new((from as u32 + to as u32) / 2))
                .any_of(replies.pawns) =>
        {
            None
        }
        _ => return None,
    };
    let occupied = replies.node.occupied.without(from).with(to);
    let hits = replies.attacks(role, to, occupied) & replies.watch;
    let mut lost = replies.lost_to(hits)?;
    let mut gained = 0;
    if replies.guard.contains(to) {
        // A capture on a castling square leaves its occupancy as it was; taking a castling
        // rook ends that castling.
        captured?;
        let sides = replies.castle_rooks.iter().zip(&replies.castle_paths);
        for (castle, (rook, path)) in castle.iter_mut().zip(sides) {
            if rook.contains(to) {
                *castle = false;
                lost += u64::from(path.any() && !path.any_of(hits));
            }
        }
    }
    if captured.is_some() && replies.neighbours.contains(to) {
        gained += u32::from(replies.king_takes(board, from, to, occupied));
    }
    gained += (gain & !hits).count()
        + u32::from(castle[0] && !replies.open_paths[0].0.any_of(hits))
        + u32::from(castle[1] && !replies.open_paths[1].0.any_of(hits));
    let n = replies.settle(role, from, to, None, captured, occupied)?;
    Some(n + u64::from(gained) - lost)
}

hot_fn! {
    /// [`Replies::after`] for a move (no pawn's double push, castling, en passant or
    /// promotion; for a capture beside B's king, the king's taking the checker is the caller's)
    /// whose piece gives check from `to` (`occupied` the occupancy after it), and is the only
    /// checker: B's king steps but those the checker attacks through the king, and B's other
    /// pieces' moves onto the checker or between it and the king, unpinned (a pinned piece
    /// never stops a check), counted in B's node after the move, its pins found again only if
    /// the move touched a pin line. `None` if the move discovers a check too, or changes
    /// another A slider's attack on a watched square.
    pub(super) fn after_check<S: Side>(
        replies: &Replies<S>,
        role: Role,
        from: Square,
        to: Square,
        captured: Option<Role>,
        occupied: Bitboard,
    ) -> Option<u64> {
        let king = replies.node.king;
        let touched = Bitboard::from_square(from).with(to);
        if !replies.shield_holds(from, touched, occupied) {
            return None;
        }
        let mut child = replies.node;
        child.occupied = occupied;
        child.theirs = child.theirs.without(from).with(to);
        let (mut knights, mut pawns) = (replies.knights, replies.pawns);
        if captured.is_some() {
            child.ours = child.ours.without(to);
            knights = knights.without(to);
            pawns = pawns.without(to);
        }
        if replies.touches_pins(role, to, touched) {
            let (checkers, pins) = replies.pins_after(role, from, to, occupied, child.theirs);
            if checkers.any_of(!Bitboard::from_square(to)) {
                return None;
            }
            child.pinned_diagonal = pins[0];
            child.pinned_orthogonal = pins[1];
        }
        child.checkers = Bitboard::from_square(to);
        child.target = between(king, to).with(to);
        // The king's steps: those it had, but the checker's (through the king, which cannot
        // step back along the checking line). Its square left was a step if the king could
        // take it there, and stays one unless the checker attacks it; where it lands is one if
        // it was (the king takes it unless another A piece defends it).
        let hits = replies.attacks(role, to, occupied.without(king)) & replies.neighbours;
        let mut n = (replies.king_steps & !hits).count();
        n += PawnTargets::new::<S::Other>(pawns, &child).count();
        for ray in replies.theirs.iter() {
            if ray.from != to {
                n += ray.recount::<S::V>(&child);
            }
        }
        Some(u64::from(n) + knight_moves(knights, &child))
    }
}

hot_fn! {
    /// [`Replies::after`] for a capture beside B's king: as any other, and B's king may take
    /// the capturing piece unless another A piece defends it.
    cold pub(super) fn after_capture_beside<S: Side>(
        replies: &Replies<S>,
        board: &Board,
        role: Role,
        from: Square,
        to: Square,
        captured: Option<Role>,
    ) -> Option<u64> {
        if replies.guard.contains(to) {
            return None;
        }
        let occupied = replies.node.occupied.without(from).with(to);
        let hits = replies.attacks(role, to, occupied) & replies.watch;
        // The king's taking the capturer is looked at once the rest holds.
        if hits.contains(replies.node.king) {
            let n = after_check::<S>(replies, role, from, to, captured, occupied)?;
            let taken = replies.king_takes(board, from, to, occupied);
            return Some(n + u64::from(taken));
        }
        let lost = replies.lost_to(hits)?;
        let n = replies.settle(role, from, to, None, captured, occupied)?;
        let taken = replies.king_takes(board, from, to, occupied);
        Some(n + u64::from(taken) - lost)
    }
}

hot_fn! {
    /// [`Replies::after`] for a promotion: the pawn leaves (its attacks from there touch no
    /// watched square), the new piece arrives.
    cold pub(super) fn after_promotion<S: Side>(replies: &Replies<S>, board: &Board, from: Square, mv: Move) -> Option<u64> {
        let (to, promoted) = (mv.to(), mv.promotion()?);
        let captured = if replies.node.ours.contains(to) {
            Some(board.role_at(to)?)
        } else {
            None
        };
        if replies.zone.contains(to) {
            return None;
        }
        let occupied = replies.node.occupied.without(from).with(to);
        let hits = replies.attacks(promoted, to, occupied) & replies.watch;
        let lost = replies.lost_to(hits)?;
        let n = replies.settle(promoted, from, to, None, captured, occupied)?;
        Some(n - lost)
    }
}

hot_fn! {
    /// [`Replies::after`] for castling, the king on `king` with the rook on `rook`: the rook's
    /// move with the king's squares touched too. Neither may attack a watched square from
    /// where it stands; from where they land, only B's king steps and castling paths, which go.
    cold pub(super) fn after_castling<S: Side>(replies: &Replies<S>, king: Square, rook: Square) -> Option<u64> {
        let side = if rook > king {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let king_to = Square::from_coords(side.king_file(), king.rank());
        let rook_to = Square::from_coords(side.rook_file(), king.rank());
        let squares = Bitboard::from_square(king)
            .with(rook)
            .with(king_to)
            .with(rook_to);
        let now = replies.node.occupied;
        if squares.any_of(replies.zone) || S::rook_attacks(rook, now).any_of(replies.watch) {
            return None;
        }
        let occupied = (now & !Bitboard::from_square(king).with(rook))
            .with(king_to)
            .with(rook_to);
        let hits = (king_attacks(king_to) | S::rook_attacks(rook_to, occupied)) & replies.watch;
        let lost = replies.lost_to(hits)?;
        let n = replies.settle(Role::Rook, rook, rook_to, Some((king, king_to)), None, occupied)?;
        Some(n - lost)
    }
}

hot_fn! {
    /// [`Replies::after`] for a pawn's double push from `from` to `to` past a square B's
    /// `capturers` attack: the replies to the push as to any other, and the legal en-passant
    /// captures.
    cold pub(super) fn after_double_push<S: Side>(
        replies: &Replies<S>,
        board: &Board,
        from: Square,
        to: Square,
        capturers: Bitboard,
    ) -> Option<u64> {
        if replies.guard.contains(to) {
            return None;
        }
        let occupied = replies.node.occupied.without(from).with(to);
        // B's king steps and castlings through the squares the pawn comes to attack go.
        let lost = replies.lost_to(pawn_attacks(S::COLOR, to) & replies.watch)?;
        let n = replies.settle(Role::Pawn, from, to, None, None, occupied)? - lost;
        Some(n + replies.en_passant_captures(board, from, to, capturers, occupied))
    }
}

hot_fn! {
    /// B's replies after A captures a B piece of `captured` on `to`: that piece's moves go,
    /// and its square becomes one B may capture on.
    pub(super) fn after_capture<S: Side>(
        replies: &Replies<S>,
        child: &Node,
        touched: Bitboard,
        repinned: Bitboard,
        to: Square,
        captured: Role,
    ) -> u64 {
        let mut sliders = replies.slider_moves;
        for ray in replies.theirs.iter() {
            if ray.from == to {
                sliders -= u64::from(ray.count);
            } else if ray.attacks.any_of(touched) || repinned.contains(ray.from) {
                sliders = sliders - u64::from(ray.count) + u64::from(ray.recount::<S::V>(child));
            }
        }
        let pawns = replies.pawns.without(to);
        let pawn_moves = if captured == Role::Pawn
            || touched.any_of(replies.pawn_reach)
            || repinned.any_of(pawns)
        {
            replies.pawns_after(child, touched, repinned, pawns)
        } else {
            replies.pawn_moves
        };
        replies.king_moves + knight_moves(replies.knights.without(to), child) + sliders + pawn_moves
    }
}
