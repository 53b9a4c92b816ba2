//! Perft's shortcut one ply above the leaves: counting the opponent's replies to a move by
//! updating a count made once for the node, instead of playing the move and counting afresh.
//! docs/internals.md ("The replies shortcut") explains it with diagrams of real positions: the
//! sets a move must leave alone (guard, watch, shield, pin lines, calm and plain squares), the
//! paths a move takes, a worked example of one node's count, and the rules in full.
//!
//! This file holds the types: [`Replies`] (B's counts and the sets, made once per node), the
//! rays of both sides' sliders, [`Mover`] and [`Leaver`]. `node.rs` builds `Replies`;
//! `moves.rs` holds one move's tests and the counts after it; `leaving.rs` the leavers, the
//! check path and the rare paths (promotion, castling, a double push past a B pawn);
//! `diagrams.rs` (tests only) draws the page's boards from these sets.
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

#[cfg(test)]
mod diagrams;
mod leaving;
mod moves;
mod node;

pub(super) use leaving::after_leaving;
use leaving::*;
use node::*;

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
