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
