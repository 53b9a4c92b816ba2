//! Perft's shortcut one ply above the leaves: counting the opponent's replies to a move by
//! updating a count made once for the node, instead of playing the move and counting afresh.
//!
//! Side A is to move, side B replies. B's legal moves are computed once as if B were to move in
//! the current position (B is not in check there): the king and castling moves, the knight
//! moves, the pawn moves, and each slider's moves with its attack set. A move of an A piece X
//! from `s` to `t` changes B's moves only through the squares `s` and `t` (their occupancy and
//! X's attacks). The shortcut applies when
//!
//! - neither square is B's king or among B's castling squares (the *guard*, whose occupancy
//!   stays; next to the king a square's occupancy does not change whether the king may go
//!   there, but a capture there lets the king take X unless another A piece defends it),
//! - X attacks none of the *watched* squares (where B's king may step or castle through, B's
//!   king itself, and a castling rook off the edge files, which a slider may x-ray to the
//!   king's path) from `s`, and from `t` none but B's king steps and castling paths, and
//! - if `s` or `t` is on the *shield* (between an A slider and a watched square on the
//!   slider's line, the squares between them if all are empty, which a piece arriving closes,
//!   and the one piece between them if there is one, which opens the line by leaving; with two
//!   or more, one move cannot open it), that slider's attack on the watched squares is
//!   unchanged;
//!
//! then B's king and castling moves are unchanged but for the steps X now attacks and the
//! castlings whose path it attacks, which go. A piece other than a pawn that attacks watched
//! squares from `s` (a *leaver*) keeps the shortcut if they are king steps, paths of
//! castlings that squares between king and rook block anyway, or paths it alone attacks: the
//! steps no other A piece attacks become B's, and so does a castling whose path no other A
//! piece attacks (looked at with king and rook lifted), unless X attacks them from `t`; a
//! leaver's capture on a castling square leaves that square's occupancy as it was (taking a
//! castling rook ends that castling). If `s` or `t` lies on a *pin line* (from
//! B's king to an A slider on a line of its kind: with one piece between them, the squares
//! between and the slider; with two, those two pieces; only there can one piece more or less
//! make or break a pin or a check), or X is a slider arriving on a line of its kind through
//! B's king, B's pins are recomputed (a check ends the shortcut). Only what the two squares or a
//! changed pin touch is recounted: B's knights if a pin changed or a piece was captured (a
//! knight capture on `s` becomes a move there and a move to `t` a capture, so otherwise their
//! count stands), B's pawns set-wise, and the B sliders whose attack sets contain `s` or `t` or
//! whose pin changed. A captured B piece's moves go, and its square becomes one B may capture
//! on. A double push past a square a B pawn attacks adds B's legal en-passant captures.
//! Castling is the rook's move with the king's two squares touched as well, a promotion the
//! pawn's leaving and the new piece's arrival. En passant always takes the long way.
//!
//! Quiet moves between *calm* squares (outside the guard, the shield, the pin lines, and every
//! B slider's and B pawn's reach) to squares from which the piece cannot attack a watched
//! square through the present occupancy (for a slider, that excludes every line of its kind
//! through B's king itself), and double pushes so placed that leave B no en-passant capture,
//! leave the count exactly as it is; they are counted by popcount. Such moves of a piece other
//! than a pawn from a square that is not calm leave B the same count after each (but those to
//! squares a B slider comes to attack through the square left): the first is counted, the rest
//! take its count.
//!
//! Quiet moves of a piece off the shield and the pin lines to *plain* squares (outside the
//! guard, the shield, the pin lines and its kind's lines through B's king, and from which it
//! attacks no watched square) leave B's king, castling and knight moves, pins and freedom from
//! check as they are: only the B sliders whose attacks reach one of the two squares are
//! recounted through the new occupancy, and B's pawns by a count whose occupancy-free part
//! ([`PawnCount`]) is worked out once for the node. They skip the general path's tests.
//!
//! A pawn that attacks B's king steps from a square off the guard, the pin lines and the
//! shield (no mover, and no leaver: that path cost more for pawns than counting afresh) keeps
//! the shortcut for its pushes that land off them, give no check and promote nothing: they
//! are counted as plain moves, with the steps its leaving gives ([`Replies::pawn_leaver`]),
//! those it comes to attack taken, and B's en-passant captures after a double push.
//!
//! A move whose piece gives check, the only checker (no discovered check), keeps the shortcut
//! too ([`after_check`]): B's king keeps its steps but those the checker attacks through it,
//! and B's other pieces are counted in B's node after the move with the checker and the
//! squares between it and the king as their targets (a pinned piece never stops a check).
//!
//! A rook's quiet moves along a rank or file through B's king (*glides*, see
//! [`Replies::glide_targets`]) leave the pieces between it and the king as they were, so B's
//! pins stand: if the rook attacks no watched square from its new square and no other A
//! slider's attack on one changes, they are counted as plain moves are. (In position 3, where
//! a rook stands on such a line at most nodes, 4% fewer instructions.)
//!
//! Debug builds check every shortcut against a real count, and every perft table row runs
//! through this path.

use crate::attacks::{
    between, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::movegen::{
    Node, PawnTargets, attackers_to, castling_targets, en_passant_is_legal, king_targets,
    slider_pins,
};
use crate::moves::{Move, MoveKind, PieceMoves};
use crate::side::Side;
use crate::types::{File, Role, Square};
use crate::variant::{Variant, hot_fn};
use core::marker::PhantomData;

/// One slider's attack set along one kind of line (a queen has two), and for B its move count.
#[derive(Clone, Copy)]
struct Ray {
    attacks: Bitboard,
    from: Square,
    diagonal: bool,
    count: u8,
    /// Zero: with no padding bytes the empty list is cleared by wide stores (without it, two
    /// narrow stores a ray, 40 instructions a node).
    _pad: [u8; 5],
}

/// Rays tracked per side: two bishops, two rooks and a queen take six; positions with more
/// (promoted) sliders than this skip the shortcut.
const MAX_RAYS: usize = 10;

/// The rays of one side's sliders.
struct Rays {
    items: [Ray; MAX_RAYS],
    len: usize,
}

impl Rays {
    #[inline(always)]
    fn new() -> Rays {
        let empty = Ray {
            from: Square::A1,
            diagonal: false,
            attacks: Bitboard::EMPTY,
            count: 0,
            _pad: [0; 5],
        };
        Rays {
            items: [empty; MAX_RAYS],
            len: 0,
        }
    }

    /// Adds a ray; `None` when full.
    #[inline(always)]
    fn push(&mut self, ray: Ray) -> Option<()> {
        *self.items.get_mut(self.len)? = ray;
        self.len += 1;
        Some(())
    }

    #[inline(always)]
    fn iter(&self) -> impl Iterator<Item = &Ray> {
        self.items[..self.len].iter()
    }
}

impl Ray {
    /// The slider's moves along this ray's lines in `node`.
    #[inline(always)]
    fn recount<V: Variant>(&self, node: &Node) -> u32 {
        let targets = if self.diagonal {
            node.diagonal_targets::<V>(self.from)
        } else {
            node.orthogonal_targets::<V>(self.from)
        };
        targets.count()
    }

    /// [`Self::recount`] in the node the ray's `attacks` were found in (no second lookup).
    #[inline(always)]
    fn count_in(&self, node: &Node) -> u32 {
        self.count_with(self.attacks, node)
    }

    /// [`Self::recount`] in `node` with the occupancy `occupied` instead of the node's own
    /// (the pins and target mask as they are).
    #[inline(always)]
    fn count_at<V: Variant>(&self, occupied: Bitboard, node: &Node) -> u32 {
        self.count_with(ray_attacks::<V>(self.diagonal, self.from, occupied), node)
    }

    /// The slider's moves in `node` when it attacks `attacks` along this ray's lines.
    #[inline(always)]
    fn count_with(&self, attacks: Bitboard, node: &Node) -> u32 {
        let (other_pin, own_pin) = if self.diagonal {
            (node.pinned_orthogonal, node.pinned_diagonal)
        } else {
            (node.pinned_diagonal, node.pinned_orthogonal)
        };
        if other_pin.contains(self.from) {
            return 0;
        }
        let targets = attacks & node.target;
        if own_pin.contains(self.from) {
            (targets & line(node.king, self.from)).count()
        } else {
            targets.count()
        }
    }
}

#[inline(always)]
fn ray_attacks<V: Variant>(diagonal: bool, from: Square, occupied: Bitboard) -> Bitboard {
    if diagonal {
        V::bishop(from, occupied)
    } else {
        V::rook(from, occupied)
    }
}

/// B's replies in the current position, and what an A move must leave alone to keep them.
pub(super) struct Replies<S: Side> {
    /// B's node (B to move) in the current position: pins, target mask, occupancy.
    node: Node,
    /// A is `S`.
    side: PhantomData<S>,
    /// B's pawns.
    pawns: Bitboard,
    /// B's knights.
    knights: Bitboard,
    /// B's king and castling moves.
    king_moves: u64,
    /// B's legal king steps.
    king_steps: Bitboard,
    /// Squares an A piece attacks whichever one A pawn leaves (see [`Replies::pawn_leaver`]).
    pawn_kept: Bitboard,
    /// The king's path of each castling B may play (empty for one it may not).
    castle_paths: [Bitboard; 2],
    /// The king's path of each castling B has the right to and no piece blocks (empty else),
    /// and the king and rook squares, lifted when the path's attacks are looked at.
    open_paths: [(Bitboard, Bitboard); 2],
    /// The rook of each castling B has the right to (empty for none).
    castle_rooks: [Bitboard; 2],
    /// Watched squares that A may come to attack at the cost of B's king steps and castlings
    /// through them only: not B's king, nor a castling rook off the edge files.
    steps_paths: Bitboard,
    /// Watched squares that A may stop attacking, gaining B's king steps only: the king's
    /// neighbours not B's and the castling paths, but those of castlings squares still block.
    steps_only: Bitboard,
    /// B's knight moves.
    knight_moves: u64,
    /// B's pawn moves.
    pawn_moves: u64,
    /// B's slider moves.
    slider_moves: u64,
    /// Squares where a change of occupancy changes B's pawn moves: push and capture squares.
    pawn_reach: Bitboard,
    /// B's pawn moves as a function of the occupancy (see [`PawnCount`]).
    pawn_count: PawnCount,
    /// Squares attacked by some B slider.
    their_reach: Bitboard,
    /// Between an A slider and a watched square on one of its lines: the squares between them
    /// if none is occupied, the piece between them if there is one: only a move filling or
    /// leaving one of these can change an A slider's attack on a watched square.
    shield: Bitboard,
    /// The segments of the shield with one piece between slider and watched square (the
    /// shield holds the piece only), and the pin lines with two (which hold the two): a move
    /// of such a piece back onto one closes it again.
    blocked: Bitboard,
    /// The pieces of `blocked`'s lines.
    reblockers: Bitboard,
    /// B's sliders, with their moves.
    theirs: Rays,
    /// A's sliders.
    ours: Rays,
    /// A's bishops and queens, and rooks and queens.
    our_sliders: [Bitboard; 2],
    /// From B's king to each A slider on a line of its kind: the squares between them and the
    /// slider if one piece stands between them, the two pieces if two do: only a move leaving
    /// or entering these squares, or a slider arriving on a line of its kind through B's king
    /// (see `arrival`), changes B's pins.
    pin_lines: Bitboard,
    /// For each A role, the lines of its kind through B's king (empty for leapers).
    arrival: [Bitboard; 6],
    /// Squares whose occupancy must not change: B's king and castling squares.
    guard: Bitboard,
    /// B's king's neighbours.
    neighbours: Bitboard,
    /// The guard and the king's neighbours, which the rare paths (promotions, double pushes
    /// past a B pawn, castling) keep clear of.
    zone: Bitboard,
    /// Squares whose attack by A must not change: where B's king may step or castle through,
    /// B's king itself, and castling rooks off the edge files.
    watch: Bitboard,
    /// Squares where an A piece's arrival or departure touches nothing counted: outside the
    /// guard, the pin lines, the shield, and every B slider's and pawn's reach.
    calm: Bitboard,
    /// For each A role, the squares from which such a piece may attack a watched square (for
    /// sliders on an empty board).
    near_watch: [Bitboard; 6],
}

/// An A piece whose origin square and attacks from there leave B's king alone.
#[derive(Clone, Copy)]
pub(super) struct Mover {
    role: Role,
    from: Square,
}

/// An A piece whose origin square is outside the guard and which attacks, of the watched
/// squares, only B's king steps from there: its leaving may give them to B's king.
#[derive(Clone, Copy)]
pub(super) struct Leaver {
    mover: Mover,
    /// The watched squares no other A piece attacks.
    gain: Bitboard,
    /// For each castling side, whether its path, which the leaver attacks, is free of other
    /// A pieces' attacks.
    castle: [bool; 2],
}

impl<S: Side> Replies<S> {
    /// The replies of side `S::Other` when `S` is to move; `None` if the position is not one
    /// where the shortcut applies (B in check, which no legal position has; more sliders than
    /// the shortcut tracks). Made in `slot`, the caller's (returned, the struct was copied
    /// with `memcpy`, 568 bytes a node).
    #[inline(always)]
    pub(super) fn new<'a>(
        board: &Board,
        slot: &'a mut Option<Replies<S>>,
    ) -> Option<&'a Replies<S>> {
        new_replies::<S>(board, slot)
    }

    /// The mover of `moves` if its square and attacks from there leave B's king alone.
    #[inline(always)]
    pub(super) fn mover(&self, moves: PieceMoves) -> Option<Mover> {
        let (role, from) = (moves.role, moves.from);
        let clear = !self.guard.contains(from)
            && !self
                .attacks(role, from, self.node.occupied)
                .any_of(self.watch);
        clear.then_some(Mover { role, from })
    }

    /// The piece of `moves` as a [`Leaver`], when it is one (and not a [`Mover`]).
    #[inline(always)]
    pub(super) fn leaver(&self, board: &Board, moves: PieceMoves) -> Option<Leaver> {
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
    pub(super) fn pawn_leaver(&self, moves: PieceMoves) -> Option<(Bitboard, Bitboard)> {
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
    pub(super) fn after_pawn_leaving(
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
    fn lost_to(&self, hits: Bitboard) -> Option<u64> {
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
    fn king_takes(&self, board: &Board, from: Square, to: Square, occupied: Bitboard) -> bool {
        let through = occupied.without(self.node.king);
        !attackers_to::<S::V>(board, to, through).any_of(self.node.theirs.without(from))
    }

    /// B's number of legal replies in the current position.
    #[inline(always)]
    pub(super) fn total(&self) -> u64 {
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
    pub(super) fn inert_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
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
    pub(super) fn plain_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
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
    pub(super) fn plain_leaver_targets(
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
    fn pawn_pushes(&self, from: Square) -> Bitboard {
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
    pub(super) fn after_plain(&self, from: Square, to: Square) -> u64 {
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
    pub(super) fn glide_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
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
    pub(super) fn after_glide(&self, role: Role, from: Square, to: Square) -> Option<u64> {
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
    fn shield_holds(&self, from: Square, touched: Bitboard, occupied: Bitboard) -> bool {
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
    pub(super) fn unchanged_targets(&self, mover: &Mover, moves: PieceMoves) -> Bitboard {
        if !self.is_calm(mover) {
            return Bitboard::EMPTY;
        }
        self.inert_targets(mover, moves)
    }

    /// The squares where a move from `from` may close again a line that its leaving opened: to
    /// a watched square, or from B's king to an A slider (see `blocked`).
    #[inline(always)]
    pub(super) fn reblocked(&self, from: Square) -> Bitboard {
        if self.reblockers.contains(from) {
            self.blocked
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether `mover` stands on a calm square.
    #[inline(always)]
    pub(super) fn is_calm(&self, mover: &Mover) -> bool {
        self.calm.contains(mover.from)
    }

    /// The squares B's sliders come to attack when `from` is left (all they attack then).
    #[inline(always)]
    pub(super) fn opened_by_leaving(&self, from: Square) -> Bitboard {
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
    pub(super) fn after(&self, board: &Board, mover: &Mover, mv: Move) -> Option<u64> {
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
    fn settle(
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
    fn touches_pins(&self, role: Role, to: Square, touched: Bitboard) -> bool {
        touched.any_of(self.pin_lines) || self.arrival[role.index()].contains(to)
    }

    /// The A sliders checking B's king and B's pinned pieces (diagonal pins first) after A's
    /// `role` moved from `from` to `to` (`occupied` and `a_pieces` as they are then).
    #[inline(always)]
    fn pins_after(
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
    fn after_quiet(&self, child: &Node, touched: Bitboard, repinned: Bitboard) -> u64 {
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
    fn pawns_after(
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
    fn en_passant_captures(
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
    fn attacks(&self, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
        super::piece_attacks::<S>(role, sq, occupied)
    }
}

/// [`Replies::new`], inlined into its caller (which keeps the struct in its frame: returned
/// from a function of its own, the struct was copied with `memcpy`).
#[inline(always)]
fn new_replies<'a, S: Side>(
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
    fn attacked_by_others<S: Side>(board: &Board, occupied: Bitboard, from: Square, squares: Bitboard) -> Bitboard {
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

/// B's number of legal replies after `mv` of `leaver`, when the shortcut applies: as for a
/// [`Mover`], and the king steps the leaver no longer attacks, which no other A piece
/// attacks (the shield keeps the other A sliders' attacks on watched squares as they are).
#[inline(always)]
pub(super) fn after_leaving<S: Side>(
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
    fn after_check<S: Side>(
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
    cold fn after_capture_beside<S: Side>(
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
    cold fn after_promotion<S: Side>(replies: &Replies<S>, board: &Board, from: Square, mv: Move) -> Option<u64> {
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
    cold fn after_castling<S: Side>(replies: &Replies<S>, king: Square, rook: Square) -> Option<u64> {
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
    cold fn after_double_push<S: Side>(
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
    fn after_capture<S: Side>(
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

/// B's pawn moves with what does not depend on the occupancy worked out once: valid while B
/// is not in check, its pins stand and no A piece leaves or reaches a pin line (a pawn pinned
/// along a diagonal may take its pinner; those captures are counted once, in `fixed`).
#[derive(Clone, Copy)]
struct PawnCount {
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
    fn new<B: Side>(pawns: Bitboard, node: &Node) -> PawnCount {
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
    fn count<B: Side>(&self, occupied: Bitboard, theirs: Bitboard) -> u32 {
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
fn knight_attacks_set(squares: Bitboard) -> Bitboard {
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
fn king_attacks_set(squares: Bitboard) -> Bitboard {
    let b = squares.0;
    let row = b | ((b & !0x8080_8080_8080_8080) << 1) | ((b & !0x0101_0101_0101_0101) >> 1);
    Bitboard(row | (row << 8) | (row >> 8))
}

/// The moves of the B `knights` in B's `node`.
#[inline(always)]
fn knight_moves(knights: Bitboard, node: &Node) -> u64 {
    let mut n = 0;
    for knight in knights & !node.pinned() {
        n += (knight_attacks(knight) & node.target).count();
    }
    n.into()
}
