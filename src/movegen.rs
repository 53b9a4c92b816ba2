//! The legal move generator: legal by construction, one copy per side to move.
//!
//! Per node it computes the checkers, a check mask (squares that capture or block the single
//! checker), and the pinned pieces (from the `between` table, looking out from the king through
//! our pieces at their sliders). Each piece then moves only to squares that are in the check
//! mask and, if pinned, on the line through the king. The king moves to squares not attacked
//! with the king itself removed from the occupancy (so it cannot step back along a checking ray).
//! En passant, which removes two pieces from one rank, is checked by recomputing the attacks
//! on the king after the capture.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::moves::{MoveList, PieceMoves};
use crate::side::{Black, Side, White};
use crate::types::{Color, Role, Square};

/// What every piece generator needs to know about the node.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    /// Our king.
    pub king: Square,
    /// Our pieces.
    pub ours: Bitboard,
    /// Their pieces.
    pub theirs: Bitboard,
    /// All pieces.
    pub occupied: Bitboard,
    /// Their pieces giving check.
    pub checkers: Bitboard,
    /// Our pieces pinned to our king.
    pub pinned: Bitboard,
    /// Squares a non-king move may go to: not ours, and capturing or blocking a single checker.
    pub target: Bitboard,
}

impl Node {
    /// Computes checkers, pins and the target mask for side `S` to move.
    #[inline(always)]
    pub(crate) fn new<S: Side>(board: &Board) -> Node {
        let us = S::COLOR;
        let them = S::Other::COLOR;
        let king = board.king(us);
        let ours = board.colored(us);
        let theirs = board.colored(them);
        let occupied = ours | theirs;

        let mut checkers = (knight_attacks(king) & board.colored_pieces(them, Role::Knight))
            | (pawn_attacks(us, king) & board.colored_pieces(them, Role::Pawn));
        let snipers = ((rook_attacks(king, theirs) & board.rook_movers())
            | (bishop_attacks(king, theirs) & board.bishop_movers()))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(sniper);
            } else if !blockers.has_many() {
                pinned |= blockers & ours;
            }
        }

        let check_mask = match checkers.first() {
            None => Bitboard::FULL,
            Some(checker) => between(king, checker) | checkers,
        };
        Node {
            king,
            ours,
            theirs,
            occupied,
            checkers,
            pinned,
            target: !ours & check_mask,
        }
    }
}

/// Whether `sq` is attacked by `them`, with `occupied` as the blockers.
#[inline(always)]
pub(crate) fn attacked_by(board: &Board, them: Color, sq: Square, occupied: Bitboard) -> bool {
    let theirs = board.colored(them);
    (pawn_attacks(them.other(), sq) & board.pieces(Role::Pawn) & theirs).any()
        || (knight_attacks(sq) & board.pieces(Role::Knight) & theirs).any()
        || (king_attacks(sq) & board.pieces(Role::King) & theirs).any()
        || (rook_attacks(sq, occupied) & board.rook_movers() & theirs).any()
        || (bishop_attacks(sq, occupied) & board.bishop_movers() & theirs).any()
}

/// The pieces of both colours attacking `sq`, with `occupied` as the blockers.
pub(crate) fn attackers_to(board: &Board, sq: Square, occupied: Bitboard) -> Bitboard {
    (pawn_attacks(Color::White, sq) & board.colored_pieces(Color::Black, Role::Pawn))
        | (pawn_attacks(Color::Black, sq) & board.colored_pieces(Color::White, Role::Pawn))
        | (knight_attacks(sq) & board.pieces(Role::Knight))
        | (king_attacks(sq) & board.pieces(Role::King))
        | (rook_attacks(sq, occupied) & board.rook_movers())
        | (bishop_attacks(sq, occupied) & board.bishop_movers())
}

/// Calls `listener` with the legal moves of each of our pieces that has any; stops early and
/// returns `true` when the listener returns `true`.
#[inline(always)]
pub(crate) fn generate<S: Side>(
    board: &Board,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    let node = Node::new::<S>(board);
    if king_moves::<S>(board, &node, listener) {
        return true;
    }
    if node.checkers.has_many() {
        return false;
    }
    pawn_moves::<S>(board, &node, listener)
        || knight_moves::<S>(board, &node, listener)
        || slider_moves::<S>(board, &node, listener)
}

#[inline(always)]
fn emit(
    listener: &mut impl FnMut(PieceMoves) -> bool,
    role: Role,
    from: Square,
    to: Bitboard,
    special: Bitboard,
) -> bool {
    to.any()
        && listener(PieceMoves {
            role,
            from,
            to,
            special,
        })
}

#[inline(always)]
fn king_moves<S: Side>(
    board: &Board,
    node: &Node,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    let them = S::Other::COLOR;
    let without_king = node.occupied.without(node.king);
    let mut to = Bitboard::EMPTY;
    for sq in king_attacks(node.king) & !node.ours {
        if !attacked_by(board, them, sq, without_king) {
            to = to.with(sq);
        }
    }
    let castles = if node.checkers.is_empty() && board.castling_rights() != 0 {
        castling_targets::<S>(board, node)
    } else {
        Bitboard::EMPTY
    };
    emit(listener, Role::King, node.king, to | castles, castles)
}

/// The rooks our king may legally castle with (castling is king-takes-own-rook).
#[inline(never)]
fn castling_targets<S: Side>(board: &Board, node: &Node) -> Bitboard {
    let us = S::COLOR;
    let mut targets = Bitboard::EMPTY;
    for side in CastlingSide::ALL {
        let Some(rook) = board.castling_rook(us, side) else {
            continue;
        };
        let king_to = Square::from_coords(side.king_file(), node.king.rank());
        let rook_to = Square::from_coords(side.rook_file(), node.king.rank());
        let king_path = between(node.king, king_to).with(king_to);
        let movers = Bitboard::from_square(node.king).with(rook);
        let must_be_empty = (king_path | between(rook, rook_to).with(rook_to)) & !movers;
        if (must_be_empty & node.occupied).any() {
            continue;
        }
        // Attacks are tested with king and rook lifted: neither shields the king's path.
        let occupied = node.occupied & !movers;
        if king_path
            .into_iter()
            .all(|sq| !attacked_by(board, S::Other::COLOR, sq, occupied))
        {
            targets = targets.with(rook);
        }
    }
    targets
}

#[inline(always)]
fn knight_moves<S: Side>(
    board: &Board,
    node: &Node,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    let knights = board.colored_pieces(S::COLOR, Role::Knight) & !node.pinned;
    for from in knights {
        if emit(
            listener,
            Role::Knight,
            from,
            knight_attacks(from) & node.target,
            Bitboard::EMPTY,
        ) {
            return true;
        }
    }
    false
}

#[inline(always)]
fn slider_moves<S: Side>(
    board: &Board,
    node: &Node,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    let ours = node.ours;
    for role in [Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.pieces(role) & ours {
            let mut to = match role {
                Role::Bishop => bishop_attacks(from, node.occupied),
                Role::Rook => rook_attacks(from, node.occupied),
                _ => bishop_attacks(from, node.occupied) | rook_attacks(from, node.occupied),
            } & node.target;
            if node.pinned.contains(from) {
                to &= line(node.king, from);
            }
            if emit(listener, role, from, to, Bitboard::EMPTY) {
                return true;
            }
        }
    }
    false
}

#[inline(always)]
fn pawn_moves<S: Side>(
    board: &Board,
    node: &Node,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    let us = S::COLOR;
    let empty = !node.occupied;
    let ep = board.en_passant();
    for from in board.colored_pieces(us, Role::Pawn) {
        let attacks = pawn_attacks(us, from);
        let single = S::up(Bitboard::from_square(from)) & empty;
        let double = S::up(single & S::THIRD_RANK) & empty;
        let mut to = ((attacks & node.theirs) | single | double) & node.target;
        if node.pinned.contains(from) {
            to &= line(node.king, from);
        }
        let mut special = Bitboard::EMPTY;
        if let Some(ep) = ep
            && attacks.contains(ep)
            && en_passant_is_legal::<S>(board, node, from, ep)
        {
            special = Bitboard::from_square(ep);
            to |= special;
        }
        if emit(listener, Role::Pawn, from, to, special) {
            return true;
        }
    }
    false
}

/// Whether our pawn on `from` may capture en passant on `ep`: the king must not be attacked
/// once the pawn has moved and the captured pawn is gone (this covers checks, ordinary pins and
/// the rank pin where both pawns leave the king's rank).
#[inline(never)]
fn en_passant_is_legal<S: Side>(board: &Board, node: &Node, from: Square, ep: Square) -> bool {
    let captured = ep.offset(-S::UP);
    let occupied = (node.occupied.without(from).without(captured)).with(ep);
    let attackers = attackers_to(board, node.king, occupied) & node.theirs;
    (attackers & !Bitboard::from_square(captured)).is_empty()
}

impl Board {
    /// Calls `listener` once for each of the side to move's pieces that has legal moves, with
    /// its role, square and target squares ([`PieceMoves`]). Stops as soon as the listener
    /// returns `true`, and then returns `true`. Allocates nothing.
    #[inline]
    pub fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        match self.side_to_move() {
            Color::White => generate::<White>(self, &mut listener),
            Color::Black => generate::<Black>(self, &mut listener),
        }
    }

    /// All legal moves, in a list on the stack.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(|moves| {
            list.extend_piece(moves);
            false
        });
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_moves(&self) -> usize {
        let mut count = 0;
        self.generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// The opponent's pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        let us = self.side_to_move();
        attackers_to(self, self.king(us), self.occupied()) & self.colored(us.other())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Pieces of both colours attacking `sq`, with `occupied` as the blockers.
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        attackers_to(self, sq, occupied)
    }
}
