//! What one move does to the opponent's reply count: the tests that let a move take the
//! shortcut (inert, plain, glide, calm) and the counts after it, as methods of [`Replies`].

use super::*;

impl<S: Side> Replies<S> {
    /// The replies of side `S::Other` when `S` is to move; `None` if the position is not one
    /// where the shortcut applies (B in check, which no legal position has; more sliders than
    /// the shortcut tracks). Made in `slot`, the caller's (returned, the struct was copied
    /// with `memcpy`, 568 bytes a node).
    #[inline(always)]
    pub(in crate::perft) fn new<'a>(
        board: &Board,
        slot: &'a mut Option<Replies<S>>,
    ) -> Option<&'a Replies<S>> {
        new_replies::<S>(board, slot)
    }

    /// The mover of `moves` if its square and attacks from there leave B's king alone.
    #[inline(always)]
    pub(in crate::perft) fn mover(&self, moves: PieceMoves) -> Option<Mover> {
        let (role, from) = (moves.role, moves.from);
        let clear = !self.guard.contains(from)
            && !self
                .attacks(role, from, self.node.occupied)
                .any_of(self.watch);
        clear.then_some(Mover { role, from })
    }

    /// The piece of `moves` as a [`Leaver`], when it is one (and not a [`Mover`]).
    #[inline(always)]
    pub(in crate::perft) fn leaver(&self, board: &Board, moves: PieceMoves) -> Option<Leaver> {
        let (role, from) = (moves.role, moves.from);
        if role == Role::Pawn || self.guard.contains(from) {
            return None;
        }
        let freed = self.attacks(role, from, self.node.occupied) & self.watch;
        let open = self.open_paths[0].0 | self.open_paths[1].0;
        if freed.any_of(!(self.steps_only | open)) {
            return None;
        }
        let steps = freed & self.neighbours & !self.node.ours;
        let mut castle = [false; 2];
        for (castle, &(path, lifted)) in castle.iter_mut().zip(&self.open_paths) {
            if freed.any_of(path) {
                let occupied = self.node.occupied.without(from) & !lifted;
                *castle = attacked_by_others::<S>(board, occupied, from, path).is_empty();
            }
        }
        Some(Leaver {
            mover: Mover { role, from },
            gain: steps & !attacked_by_others::<S>(board, self.node.occupied, from, steps),
            castle,
        })
    }

    /// For an A pawn (of `moves`) that attacks watched squares, king steps only, from a square
    /// off the guard, the pin lines and the shield: those of the steps no other A piece
    /// attacks, which its leaving gives B's king, and its pushes that land off them, give no
    /// check and promote nothing (see [`Self::after_pawn_leaving`]); `None` for another pawn
    /// or one with no such push.
    #[inline(always)]
    pub(in crate::perft) fn pawn_leaver(&self, moves: PieceMoves) -> Option<(Bitboard, Bitboard)> {
        let from = moves.from;
        let promotes = S::up(Bitboard::from_square(from)).any_of(Bitboard::BACK_RANKS);
        let off = !(self.guard | self.pin_lines | self.shield);
        if promotes || !off.contains(from) {
            return None;
        }
        let freed = pawn_attacks(S::COLOR, from) & self.watch;
        if freed.any_of(!self.steps_only) {
            return None;
        }
        // Not onto B's pieces (captures), nor en passant, nor where it attacks B's king.
        let targets = moves.to
            & off
            & !(self.node.ours | moves.special | pawn_attacks(S::Other::COLOR, self.node.king));
        // The steps no other A piece attacks (through the present occupancy: the pawn's square
        // is off the shield, so no slider's line to them opens when it leaves).
        let gain = freed & self.neighbours & !(self.node.ours | self.pawn_kept);
        targets.any().then_some((gain, targets))
    }

    /// B's replies after the push from `from` to `to` of a pawn whose leaving gives B's king
    /// the steps `gain` (one of the targets [`Self::pawn_leaver`] gives): as after a plain move
    /// ([`Self::after_plain`]: pins, knights and the other A pieces' attacks on the watched
    /// squares stand), with the steps it gives and takes, and B's en-passant captures after a
    /// double push; `None` if it attacks a castling rook off the edge files.
    #[inline(always)]
    pub(in crate::perft) fn after_pawn_leaving(
        &self,
        board: &Board,
        from: Square,
        to: Square,
        gain: Bitboard,
    ) -> Option<u64> {
        let hits = pawn_attacks(S::COLOR, to) & self.watch;
        let lost = self.lost_to(hits)?;
        let mut n = self.after_plain(from, to) + u64::from((gain & !hits).count()) - lost;
        if (to as u8).abs_diff(from as u8) == 16 {
            let capturers =
                pawn_attacks(S::COLOR, Square::new((from as u32 + to as u32) / 2)) & self.pawns;
            if capturers.any() {
                let occupied = self.node.occupied.without(from).with(to);
                n += self.en_passant_captures(board, from, to, capturers, occupied);
            }
        }
        Some(n)
    }

    /// B's king and castling moves that go when A comes to attack the watched squares `hits`;
    /// `None` if one of them is no king step or castling path (B's king: a check).
    #[inline(always)]
    pub(super) fn lost_to(&self, hits: Bitboard) -> Option<u64> {
        if hits.any_of(!self.steps_paths) {
            return None;
        }
        let lost = (self.king_steps & hits).count()
            + u32::from(self.castle_paths[0].any_of(hits))
            + u32::from(self.castle_paths[1].any_of(hits));
        Some(lost.into())
    }

    /// Whether B's king may take the A piece that came from `from` to `to` beside it (no
    /// other A piece defends `to`, through `occupied` without the king).
    #[inline(always)]
    pub(super) fn king_takes(
        &self,
        board: &Board,
        from: Square,
        to: Square,
        occupied: Bitboard,
    ) -> bool {
        let through = occupied.without(self.node.king);
        !attackers_to::<S::V>(board, to, through).any_of(self.node.theirs.without(from))
    }

    /// B's number of legal replies in the current position.
    #[inline(always)]
    pub(in crate::perft) fn total(&self) -> u64 {
        self.king_moves + self.knight_moves + self.slider_moves + self.pawn_moves
    }

    /// The *inert* targets of `moves` (by `mover`): quiet moves (pushes for pawns) to calm
    /// squares from which the piece cannot attack a watched square through the present
    /// occupancy; a double push only when no B pawn could take en passant. From a calm square,
    /// B has [`Self::total`] replies after each. From another square (not the guard's: the
    /// mover's), B has as many replies after each that no B slider comes to attack when the
    /// square is left ([`Self::opened_by_leaving`]): the piece arriving there touches nothing
    /// counted, and what its leaving opens is the same wherever it goes (a line the left square
    /// alone blocked between an A slider and a watched square is shield, but for the squares
    /// of that line, where it would close it again: [`Self::reblocked`]; and a piece whose leaving
    /// may pin or check stands on a pin line: neither is calm).
    /// [`Self::after`] would find the same for each.
    #[inline(always)]
    pub(in crate::perft) fn inert_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
        let to = moves.to
            & self.calm
            & !self.node.occupied
            & !moves.special
            & !self.near_watch[mover.role.index()];
        if mover.role == Role::Pawn {
            to & self.pawn_pushes(mover.from)
        } else {
            to
        }
    }

    /// The *plain* targets of `moves` (by `mover`, standing off the shield and the pin lines):
    /// quiet moves (single pushes, and double pushes no B pawn could take en passant, for
    /// pawns) to squares outside the guard, the shield, the pin lines and the arrival lines,
    /// from which the piece attacks no watched square. After such a move B's king moves,
    /// pins and knight moves stand, B is not in check, and only B's sliders reaching either
    /// square and B's pawns, if either square is within their reach, change
    /// ([`Self::after_plain`]).
    #[inline(always)]
    pub(in crate::perft) fn plain_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
        if (self.shield | self.pin_lines).contains(mover.from) {
            return Bitboard::EMPTY;
        }
        let to = moves.to
            & !(self.node.ours
                | moves.special
                | self.guard
                | self.shield
                | self.pin_lines
                | self.arrival[mover.role.index()]
                | self.near_watch[mover.role.index()]);
        if mover.role == Role::Pawn {
            to & self.pawn_pushes(mover.from)
        } else {
            to
        }
    }

    /// The plain targets of a [`Leaver`]'s `moves` ([`Self::plain_targets`]), but, for a
    /// slider, the squares on a line through a watched square it attacks and its own square
    /// (from there it would attack that square again, through the square it left); and the
    /// replies its leaving gives B's king, beyond [`Self::after_plain`]'s count: the steps and
    /// castlings only it attacked.
    #[inline(always)]
    pub(in crate::perft) fn plain_leaver_targets(
        &self,
        leaver: &Leaver,
        moves: PieceMoves,
    ) -> (Bitboard, u64) {
        let Mover { role, from } = leaver.mover;
        let mut targets = self.plain_targets(&leaver.mover, moves);
        if targets.any() && matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
            for watched in self.attacks(role, from, self.node.occupied) & self.watch {
                targets &= !line(watched, from);
            }
        }
        let gained =
            leaver.gain.count() + u32::from(leaver.castle[0]) + u32::from(leaver.castle[1]);
        (targets, gained.into())
    }

    /// A pawn's pushes from `from` that leave B no en-passant capture and promote nothing.
    #[inline(always)]
    pub(super) fn pawn_pushes(&self, from: Square) -> Bitboard {
        let single = S::up(Bitboard::from_square(from)) & !Bitboard::BACK_RANKS;
        // A double push leaves the square it passes over as it was; a B pawn beside its
        // destination could take en passant (the square passed over is one a pawn of ours
        // there would attack).
        let double = if (S::up_west(single) | S::up_east(single)).any_of(self.pawns) {
            Bitboard::EMPTY
        } else {
            S::up(single)
        };
        single | double
    }

    /// B's number of legal replies after the quiet move of the piece on `from` to `to`, one of
    /// its [`Self::plain_targets`]: the count as it is, but the B sliders whose attacks reach
    /// either square, recounted through the new occupancy, and B's pawns, by [`PawnCount`].
    #[inline(always)]
    pub(in crate::perft) fn after_plain(&self, from: Square, to: Square) -> u64 {
        let touched = Bitboard::from_square(from).with(to);
        let occupied = self.node.occupied ^ touched;
        let mut n = self.total();
        if touched.any_of(self.their_reach) {
            for ray in self.theirs.iter() {
                if ray.attacks.any_of(touched) {
                    n = n - u64::from(ray.count)
                        + u64::from(ray.count_at::<S::V>(occupied, &self.node));
                }
            }
        }
        if touched.any_of(self.pawn_reach) {
            let theirs = self.node.theirs ^ touched;
            n = n - self.pawn_moves
                + u64::from(self.pawn_count.count::<S::Other>(occupied, theirs));
        }
        n
    }

    /// The *glides* of `moves`, a rook's (by `mover`) on a rank or file through B's king: its
    /// quiet moves along that line, outside the guard. Gliding, the rook stays between the
    /// same pieces on the line (it passes none) and touches no other line through the king:
    /// B's pins, and freedom from check, stand. [`Self::after_glide`] counts the replies.
    #[inline(always)]
    pub(in crate::perft) fn glide_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
        if mover.role != Role::Rook {
            return Bitboard::EMPTY;
        }
        moves.to & line(self.node.king, mover.from) & !(self.node.ours | self.guard)
    }

    /// B's replies after the slider `role` on `from` glides to `to` (one of
    /// [`Self::glide_targets`]): [`Self::after_plain`]'s count if the slider attacks no
    /// watched square from `to` and no other A slider's attack on one changes; `None` if
    /// either does.
    #[inline(always)]
    pub(in crate::perft) fn after_glide(
        &self,
        role: Role,
        from: Square,
        to: Square,
    ) -> Option<u64> {
        let touched = Bitboard::from_square(from).with(to);
        let occupied = self.node.occupied ^ touched;
        if self.attacks(role, to, occupied).any_of(self.watch) {
            return None;
        }
        if !self.shield_holds(from, touched, occupied) {
            return None;
        }
        Some(self.after_plain(from, to))
    }

    /// Whether every A slider but the one on `from` attacks the same watched squares after a
    /// move that touched `touched` (`occupied` the occupancy after it): only one that attacks
    /// a touched square on the shield may change.
    #[inline(always)]
    pub(super) fn shield_holds(&self, from: Square, touched: Bitboard, occupied: Bitboard) -> bool {
        !touched.any_of(self.shield)
            || self.ours.iter().all(|ray| {
                ray.from == from
                    || !ray.attacks.any_of(touched)
                    || !(ray_attacks::<S::V>(ray.diagonal, ray.from, occupied) ^ ray.attacks)
                        .any_of(self.watch)
            })
    }

    /// The targets of `moves` after which B's replies are exactly [`Self::total`]: the inert
    /// targets from a calm square.
    #[inline(always)]
    pub(in crate::perft) fn unchanged_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
        if !self.is_calm(mover) {
            return Bitboard::EMPTY;
        }
        self.inert_targets(mover, moves)
    }

    /// The squares where a move from `from` may close again a line that its leaving opened: to
    /// a watched square, or from B's king to an A slider (see `blocked`).
    #[inline(always)]
    pub(in crate::perft) fn reblocked(&self, from: Square) -> Bitboard {
        if self.reblockers.contains(from) {
            self.blocked
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether `mover` stands on a calm square.
    #[inline(always)]
    pub(in crate::perft) fn is_calm(&self, mover: &Mover) -> bool {
        self.calm.contains(mover.from)
    }

    /// The squares B's sliders come to attack when `from` is left (all they attack then).
    #[inline(always)]
    pub(in crate::perft) fn opened_by_leaving(&self, from: Square) -> Bitboard {
        let mut opened = Bitboard::EMPTY;
        if self.their_reach.contains(from) {
            let occupied = self.node.occupied.without(from);
            for ray in self.theirs.iter() {
                if ray.attacks.contains(from) {
                    opened |= ray_attacks::<S::V>(ray.diagonal, ray.from, occupied);
                }
            }
        }
        opened
    }

    /// B's number of legal replies after `mv` of `mover`, when the shortcut applies.
    #[inline(always)]
    pub(in crate::perft) fn after(&self, board: &Board, mover: &Mover, mv: Move) -> Option<u64> {
        let (from, to) = (mover.from, mv.to());
        let kind = mv.kind();
        let captured = if kind == MoveKind::Normal {
            if self.node.ours.contains(to) {
                let captured = Some(board.role_at(to)?);
                if self.neighbours.contains(to) {
                    return after_capture_beside::<S>(self, board, mover.role, from, to, captured);
                }
                captured
            } else {
                None
            }
        } else if kind == MoveKind::DoublePush {
            let ep = Square::new((from as u32 + to as u32) / 2);
            let capturers = pawn_attacks(S::COLOR, ep) & self.pawns;
            if capturers.any() {
                return after_double_push::<S>(self, board, from, to, capturers);
            }
            None
        } else if kind == MoveKind::Castling {
            return after_castling::<S>(self, from, to);
        } else if kind == MoveKind::EnPassant {
            return None;
        } else {
            return after_promotion::<S>(self, board, from, mv);
        };
        if self.guard.contains(to) {
            return None;
        }
        let occupied = self.node.occupied.without(from).with(to);
        // Watched squares the mover attacks from `to` (none from `from`): B's king (a check,
        // counted apart), or its steps and castlings through them, which go.
        let hits = self.attacks(mover.role, to, occupied) & self.watch;
        let mut lost = 0;
        if hits.any() {
            if hits.contains(self.node.king) {
                return after_check::<S>(self, mover.role, from, to, captured, occupied);
            }
            lost = self.lost_to(hits)?;
        }
        Some(self.settle(mover.role, from, to, None, captured, occupied)? - lost)
    }

    /// [`Self::after`] but for the king steps and castlings the move comes to attack, which
    /// the caller takes off (`occupied` the occupancy after the move). `king` is the castling
    /// king's move when `role` is its rook.
    #[inline(always)]
    pub(super) fn settle(
        &self,
        role: Role,
        from: Square,
        to: Square,
        king: Option<(Square, Square)>,
        captured: Option<Role>,
        occupied: Bitboard,
    ) -> Option<u64> {
        let (mut left, mut arrived) = (Bitboard::from_square(from), Bitboard::from_square(to));
        if let Some((king_from, king_to)) = king {
            left = left.with(king_from);
            arrived = arrived.with(king_to);
        }
        let touched = left | arrived;
        if !self.shield_holds(from, touched, occupied) {
            return None;
        }
        let mut child = self.node;
        child.occupied = occupied;
        child.theirs = (child.theirs & !left) | arrived;
        if captured.is_some() {
            child.ours = child.ours.without(to);
            child.target = child.target.with(to);
        }
        // B pieces whose pin appeared or went.
        let mut repinned = Bitboard::EMPTY;
        if self.touches_pins(role, to, touched) {
            let (checkers, pins) = self.pins_after(role, from, to, occupied, child.theirs);
            if checkers.any() {
                return None;
            }
            repinned = (pins[0] ^ child.pinned_diagonal) | (pins[1] ^ child.pinned_orthogonal);
            child.pinned_diagonal = pins[0];
            child.pinned_orthogonal = pins[1];
        }
        match captured {
            // Nothing of B's within reach of the move: the replies stand as counted.
            None if !touched.any_of(self.their_reach | self.pawn_reach) && repinned.is_empty() => {
                Some(self.total())
            }
            None => Some(self.after_quiet(&child, touched, repinned)),
            Some(role) => Some(after_capture::<S>(
                self, &child, touched, repinned, to, role,
            )),
        }
    }

    /// Whether a move of A's `role` to `to` that touched `touched` may make, break or give
    /// away a pin of B's or a check: it leaves or enters a pin line, or a slider arrives on a
    /// line of its kind through B's king.
    #[inline(always)]
    pub(super) fn touches_pins(&self, role: Role, to: Square, touched: Bitboard) -> bool {
        touched.any_of(self.pin_lines) || self.arrival[role.index()].contains(to)
    }

    /// The A sliders checking B's king and B's pinned pieces (diagonal pins first) after A's
    /// `role` moved from `from` to `to` (`occupied` and `a_pieces` as they are then).
    #[inline(always)]
    pub(super) fn pins_after(
        &self,
        role: Role,
        from: Square,
        to: Square,
        occupied: Bitboard,
        a_pieces: Bitboard,
    ) -> (Bitboard, [Bitboard; 2]) {
        let mut sliders = self.our_sliders;
        let moved = [
            matches!(role, Role::Bishop | Role::Queen),
            matches!(role, Role::Rook | Role::Queen),
        ];
        for (set, moved) in sliders.iter_mut().zip(moved) {
            if moved {
                *set = set.without(from).with(to);
            }
        }
        slider_pins::<S::V>(self.node.king, occupied, a_pieces, sliders[0], sliders[1])
    }

    /// B's replies after a quiet move: only B sliders reaching the move's squares or with a
    /// changed pin, and if the squares or pins matter to them, B's pawns and knights are
    /// recounted.
    #[inline(always)]
    pub(super) fn after_quiet(&self, child: &Node, touched: Bitboard, repinned: Bitboard) -> u64 {
        let mut sliders = self.slider_moves;
        if touched.any_of(self.their_reach) || repinned.any() {
            for ray in self.theirs.iter() {
                if ray.attacks.any_of(touched) || repinned.contains(ray.from) {
                    sliders =
                        sliders - u64::from(ray.count) + u64::from(ray.recount::<S::V>(child));
                }
            }
        }
        let pawns = if touched.any_of(self.pawn_reach) || repinned.any_of(self.pawns) {
            self.pawns_after(child, touched, repinned, self.pawns)
        } else {
            self.pawn_moves
        };
        let knights = if repinned.any_of(self.knights) {
            knight_moves(self.knights, child)
        } else {
            self.knight_moves
        };
        self.king_moves + knights + sliders + pawns
    }

    /// B's pawn moves (`pawns`, all of them or all but one taken) in B's `child` node, after a
    /// move that touched `touched` and changed the pins of `repinned`: by [`PawnCount`] when
    /// it holds, else counted afresh.
    #[inline(always)]
    pub(super) fn pawns_after(
        &self,
        child: &Node,
        touched: Bitboard,
        repinned: Bitboard,
        pawns: Bitboard,
    ) -> u64 {
        let pinned_diagonal = (self.pawns & self.node.pinned_diagonal).any();
        if pawns == self.pawns
            && !repinned.any_of(pawns)
            && !(pinned_diagonal && touched.any_of(self.pin_lines))
        {
            self.pawn_count
                .count::<S::Other>(child.occupied, child.theirs)
                .into()
        } else {
            PawnTargets::new::<S::Other>(pawns, child).count().into()
        }
    }

    /// B's legal en-passant captures after A's pawn double-pushed from `from` to `to` past a
    /// square B's `capturers` attack (`occupied` the occupancy after the push; the pawn gives
    /// no check).
    #[inline(always)]
    pub(super) fn en_passant_captures(
        &self,
        board: &Board,
        from: Square,
        to: Square,
        capturers: Bitboard,
        occupied: Bitboard,
    ) -> u64 {
        let (king, theirs) = (self.node.king, self.node.theirs.without(from).with(to));
        let ep = Square::new((from as u32 + to as u32) / 2);
        let mut captures = 0;
        for pawn in capturers {
            captures += u64::from(en_passant_is_legal::<S::Other>(
                board, king, occupied, theirs, pawn, ep,
            ));
        }
        captures
    }

    /// Squares an A piece of `role` on `sq` attacks.
    #[inline(always)]
    pub(super) fn attacks(&self, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
        crate::perft::piece_attacks::<S>(role, sq, occupied)
    }
}
