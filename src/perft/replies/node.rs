//! The reply count made once per node: [`Replies`] built from the position, with the
//! opponent's pawn moves worked out once (`PawnCount`) and the set-wise knight and king
//! attacks.

use super::*;

/// [`Replies::new`], inlined into its caller (which keeps the struct in its frame: returned
/// from a function of its own, the struct was copied with `memcpy`).
#[inline(always)]
pub(super) fn new_replies<'a, S: Side>(
    board: &Board,
    slot: &'a mut Option<Replies<S>>,
) -> Option<&'a Replies<S>> {
    let node = Node::new::<S::Other>(board);
    if node.checkers.any() {
        return None;
    }
    let them = S::Other::COLOR;
    let castlings = castling_targets::<S::Other>(board, &node);
    let knights = board.colored_pieces(them, Role::Knight);
    let pawns = board.colored_pieces(them, Role::Pawn);
    let pawn_count = PawnCount::new::<S::Other>(pawns, &node);
    debug_assert_eq!(
        pawn_count.count::<S::Other>(node.occupied, node.theirs),
        PawnTargets::new::<S::Other>(pawns, &node).count()
    );
    // Built in the slot, the rays pushed into it, and the other fields set below: with the
    // rays collected apart and moved in, 336 bytes were copied with `memcpy` a node.
    let replies = slot.insert(Replies {
        node,
        side: PhantomData,
        pawns,
        knights,
        king_moves: 0,
        king_steps: Bitboard::EMPTY,
        pawn_kept: Bitboard::EMPTY,
        castle_paths: [Bitboard::EMPTY; 2],
        open_paths: [(Bitboard::EMPTY, Bitboard::EMPTY); 2],
        castle_rooks: [Bitboard::EMPTY; 2],
        steps_paths: Bitboard::EMPTY,
        steps_only: Bitboard::EMPTY,
        knight_moves: knight_moves(knights, &node),
        pawn_moves: pawn_count
            .count::<S::Other>(node.occupied, node.theirs)
            .into(),
        slider_moves: 0,
        pawn_reach: Bitboard::EMPTY,
        pawn_count,
        their_reach: Bitboard::EMPTY,
        shield: Bitboard::EMPTY,
        blocked: Bitboard::EMPTY,
        reblockers: Bitboard::EMPTY,
        theirs: Rays::new(),
        ours: Rays::new(),
        our_sliders: [Bitboard::EMPTY; 2],
        pin_lines: Bitboard::EMPTY,
        arrival: [Bitboard::EMPTY; 6],
        guard: Bitboard::EMPTY,
        neighbours: Bitboard::EMPTY,
        zone: Bitboard::EMPTY,
        watch: Bitboard::EMPTY,
        calm: Bitboard::EMPTY,
        near_watch: [Bitboard::EMPTY; 6],
    });
    let (theirs, ours) = (&mut replies.theirs, &mut replies.ours);
    let mut their_reach = Bitboard::EMPTY;
    let mut our_reach = Bitboard::EMPTY;
    // The lines of their kind through A's sliders (on an empty board).
    let mut our_lines = Bitboard::EMPTY;
    let mut slider_moves = 0;
    let movers = [board.bishop_movers(), board.rook_movers()];
    for (diagonal, movers) in [(true, movers[0]), (false, movers[1])] {
        for from in movers & node.ours {
            let attacks = ray_attacks::<S::V>(diagonal, from, node.occupied);
            let ray = Ray {
                from,
                diagonal,
                attacks,
                count: 0,
                _pad: [0; 5],
            };
            let count = ray.count_in(&node);
            debug_assert_eq!(count, ray.recount::<S::V>(&node));
            slider_moves += u64::from(count);
            let count = count as u8; // at most 27
            their_reach |= attacks;
            theirs.push(Ray { count, ..ray })?;
        }
        for from in movers & node.theirs {
            let attacks = ray_attacks::<S::V>(diagonal, from, node.occupied);
            our_reach |= attacks;
            our_lines |= if diagonal {
                bishop_rays(from)
            } else {
                rook_rays(from)
            };
            ours.push(Ray {
                from,
                diagonal,
                attacks,
                count: 0,
                _pad: [0; 5],
            })?;
        }
    }
    let king = node.king;
    let neighbours = king_attacks(king);
    // B's king steps: A's sliders attack through B's king what they attack up to it, for
    // none attacks it (B is not in check), so their rays found above serve.
    let a_pawns = board.colored_pieces(S::COLOR, Role::Pawn);
    let (west, east) = (S::up_west(a_pawns), S::up_east(a_pawns));
    let mut attacked = king_attacks(board.king(S::COLOR)) | our_reach;
    for knight in board.colored_pieces(S::COLOR, Role::Knight) {
        attacked |= knight_attacks(knight);
    }
    // Attacked by another A piece whichever one pawn leaves: its pieces' but the pawns'
    // attacks, and what two pawns attack.
    replies.pawn_kept = attacked | (west & east);
    attacked |= west | east;
    let king_steps = neighbours & !node.ours & !attacked;
    debug_assert_eq!(king_steps, king_targets::<S::Other>(board, &node));
    replies.king_steps = king_steps;
    replies.king_moves = (king_steps | castlings).count().into();
    let mut guard = Bitboard::from_square(king);
    let mut watch = (neighbours & !node.ours).with(king);
    let mut off_edge = Bitboard::EMPTY;
    let mut paths = Bitboard::EMPTY;
    for side in CastlingSide::ALL {
        if let Some(rook) = board.castling_rook(them, side) {
            let king_to = Square::from_coords(side.king_file(), king.rank());
            let rook_to = Square::from_coords(side.rook_file(), king.rank());
            let king_path = between(king, king_to).with(king_to);
            guard |=
                king_path | between(rook, rook_to).with(rook_to) | between(king, rook).with(rook);
            watch |= king_path;
            replies.castle_rooks[side as usize] = Bitboard::from_square(rook);
            // A castling that squares between king, rook and their destinations block stays
            // impossible whatever A attacks (the guard keeps those squares as they are).
            let must_be_empty =
                (king_path | between(rook, rook_to).with(rook_to) | between(king, rook))
                    & !Bitboard::from_square(king).with(rook);
            if !must_be_empty.any_of(node.occupied) {
                paths |= king_path;
                replies.open_paths[side as usize] =
                    (king_path, Bitboard::from_square(king).with(rook));
            }
            if castlings.contains(rook) {
                replies.castle_paths[side as usize] = king_path;
            }
            // With the rook lifted, a slider beyond it on the rank attacks the king's path
            // (Chess960: queen a1, rook b1, king d1): such a slider attacks the rook.
            if !matches!(rook.file(), File::A | File::H) {
                off_edge = off_edge.with(rook);
            }
        }
    }
    replies.steps_paths = watch.without(king);
    replies.steps_only = watch.without(king) & !paths;
    watch |= off_edge;
    // Per watched square: the lines through it, and the A sliders on them (looked at from the
    // watched squares, which A sliders rarely share a line with, rather than from each slider:
    // 140 instructions a node less at the start position).
    let our_sliders = [movers[0] & node.theirs, movers[1] & node.theirs];
    let (mut shield, mut blocked, mut reblockers) =
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    // Squares from which an arriving slider attacks a watched square: through the present
    // occupancy (the square the slider leaves cannot open such a line, or it attacked the
    // square already and is no clean mover), but every line of its kind through B's king
    // itself, where with one piece between it would pin.
    // `near_watch` is read for A's pieces only (a promotion never takes the unchanged path):
    // a kind of slider A has none of is not looked up.
    let mut slider_near = [bishop_rays(king), rook_rays(king)];
    if our_sliders[0].any() {
        for watched in watch.without(king) {
            slider_near[0] |= S::bishop_attacks(watched, node.occupied);
        }
    }
    if our_sliders[1].any() {
        for watched in watch.without(king) {
            slider_near[1] |= S::rook_attacks(watched, node.occupied);
        }
    }
    // Only watched squares on a line of its kind through an A slider have one.
    for watched in watch & our_lines {
        let rays = [bishop_rays(watched), rook_rays(watched)];
        for slider in (rays[0] & our_sliders[0]) | (rays[1] & our_sliders[1]) {
            // With nothing between them, a piece arriving on the segment closes the line; with
            // one piece, that piece leaving opens it (a piece arriving beside it, or a capture
            // on its square, changes nothing, but that piece's own return to it); with two or
            // more, one move cannot open it.
            let segment = between(slider, watched);
            let blockers = segment & node.occupied;
            if blockers.is_empty() {
                shield |= segment;
            } else if !blockers.has_many() {
                shield |= blockers;
                reblockers |= blockers;
                blocked |= segment;
            }
        }
    }
    let near_watch = [
        S::Other::up_west(watch) | S::Other::up_east(watch),
        if board.colored_pieces(S::COLOR, Role::Knight).any() {
            knight_attacks_set(watch)
        } else {
            Bitboard::EMPTY
        },
        slider_near[0],
        slider_near[1],
        slider_near[0] | slider_near[1],
        king_attacks_set(watch),
    ];
    let single = S::Other::up(pawns);
    let pawn_reach = single
        | S::Other::up(single & S::Other::THIRD_RANK)
        | S::Other::up_west(pawns)
        | S::Other::up_east(pawns);
    replies.slider_moves = slider_moves;
    replies.pawn_reach = pawn_reach;
    replies.their_reach = their_reach;
    replies.shield = shield;
    replies.our_sliders = our_sliders;
    // From B's king to an A slider of the line's kind: with one piece between them (B's king
    // is not in check), the squares between and the slider, where a piece leaving or arriving
    // pins, unpins or checks; with two, those two pieces, whose leaving may pin or check (a
    // piece arriving makes three, a capture on one leaves two, and the slider leaving changes
    // nothing), but for their own moves back onto the line ([`Replies::reblocked`]). Off them,
    // a move on a line through the king leaves pins and checks as they are.
    let mut pin_lines = Bitboard::EMPTY;
    for slider in (bishop_rays(king) & our_sliders[0]) | (rook_rays(king) & our_sliders[1]) {
        let segment = between(king, slider);
        let blockers = segment & node.occupied;
        if !blockers.has_many() {
            pin_lines |= segment.with(slider);
        } else if blockers.count() == 2 {
            pin_lines |= blockers;
            reblockers |= blockers;
            blocked |= segment;
        }
    }
    replies.blocked = blocked;
    replies.reblockers = reblockers;
    replies.calm = !(guard | pin_lines | shield | their_reach | pawn_reach);
    replies.pin_lines = pin_lines;
    let lines = [bishop_rays(king), rook_rays(king)];
    replies.arrival = [
        Bitboard::EMPTY,
        Bitboard::EMPTY,
        lines[0],
        lines[1],
        lines[0] | lines[1],
        Bitboard::EMPTY,
    ];
    replies.near_watch = near_watch;
    replies.guard = guard;
    replies.neighbours = neighbours;
    replies.zone = guard | neighbours;
    replies.watch = watch;
    Some(replies)
}

hot_fn! {
    /// The squares of `squares` attacked by an A piece other than the one on `from`.
    pub(super) fn attacked_by_others<S: Side>(board: &Board, occupied: Bitboard, from: Square, squares: Bitboard) -> Bitboard {
        let others = board.colored(S::COLOR).without(from);
        let mut attacked = Bitboard::EMPTY;
        for sq in squares {
            if attackers_to::<S::V>(board, sq, occupied).any_of(others) {
                attacked = attacked.with(sq);
            }
        }
        attacked
    }
}

/// B's pawn moves with what does not depend on the occupancy worked out once: valid while B
/// is not in check, its pins stand and no A piece leaves or reaches a pin line (a pawn pinned
/// along a diagonal may take its pinner; those captures are counted once, in `fixed`).
#[derive(Clone, Copy)]
pub(super) struct PawnCount {
    /// The squares one rank before the pawns that may push.
    pushes: Bitboard,
    /// The squares the unpinned pawns capture on, towards the a-file and the h-file.
    captures: [Bitboard; 2],
    /// 1 if a push or capture may land on the back rank (and count four), else 0 (not a
    /// `bool`: with no padding bytes the struct is written by wide stores).
    promotions: u32,
    /// The captures of pawns pinned along a diagonal.
    fixed: u32,
}

impl PawnCount {
    /// For B's `pawns` (side `B`) in B's `node` (B not in check).
    #[inline(always)]
    pub(super) fn new<B: Side>(pawns: Bitboard, node: &Node) -> PawnCount {
        // As `PawnTargets::new` finds them.
        let king_file = Bitboard::file(node.king.file());
        let pushers = pawns & !node.pinned_diagonal & !(node.pinned_orthogonal & !king_file);
        let capturers = pawns & !node.pinned();
        let pushes = B::up(pushers);
        let captures = [B::up_west(capturers), B::up_east(capturers)];
        let mut fixed = 0;
        for pawn in pawns & node.pinned_diagonal {
            let from = Bitboard::from_square(pawn);
            let on_line = (B::up_west(from) | B::up_east(from))
                & node.theirs
                & node.target
                & line(node.king, pawn);
            fixed += on_line.count() + 3 * (on_line & Bitboard::BACK_RANKS).count();
        }
        PawnCount {
            pushes,
            captures,
            promotions: u32::from(
                (pushes | captures[0] | captures[1]).any_of(Bitboard::BACK_RANKS),
            ),
            fixed,
        }
    }

    /// The moves of the pawns with `occupied` the occupancy and `theirs` A's pieces (the
    /// pieces they may take).
    #[inline(always)]
    pub(super) fn count<B: Side>(&self, occupied: Bitboard, theirs: Bitboard) -> u32 {
        let empty = !occupied;
        let single = self.pushes & empty;
        let double = B::up(single & B::THIRD_RANK) & empty;
        let [west, east] = [self.captures[0] & theirs, self.captures[1] & theirs];
        let mut n = single.count() + double.count() + west.count() + east.count() + self.fixed;
        if self.promotions != 0 {
            let back = Bitboard::BACK_RANKS;
            n += 3 * ((single & back).count() + (west & back).count() + (east & back).count());
        }
        n
    }
}

/// The squares a knight on any square of `squares` attacks.
#[inline(always)]
pub(super) fn knight_attacks_set(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    let (not_a, not_ab) = (!0x0101_0101_0101_0101u64, !0x0303_0303_0303_0303u64);
    let (not_h, not_gh) = (!0x8080_8080_8080_8080u64, !0xc0c0_c0c0_c0c0_c0c0u64);
    Bitboard(
        ((b & not_h) << 17)
            | ((b & not_a) << 15)
            | ((b & not_gh) << 10)
            | ((b & not_ab) << 6)
            | ((b & not_a) >> 17)
            | ((b & not_h) >> 15)
            | ((b & not_ab) >> 10)
            | ((b & not_gh) >> 6),
    )
}

/// The squares a king on any square of `squares` attacks, and those squares.
#[inline(always)]
pub(super) fn king_attacks_set(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    let row = b | ((b & !0x8080_8080_8080_8080) << 1) | ((b & !0x0101_0101_0101_0101) >> 1);
    Bitboard(row | (row << 8) | (row >> 8))
}

/// The moves of the B `knights` in B's `node`.
#[inline(always)]
pub(super) fn knight_moves(knights: Bitboard, node: &Node) -> u64 {
    let mut n = 0;
    for knight in knights & !node.pinned() {
        n += (knight_attacks(knight) & node.target).count();
    }
    n.into()
}
