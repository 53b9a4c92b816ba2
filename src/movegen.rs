//! The legal move generator: legal by construction, one copy per side to move.
//!
//! Per node it computes the checkers, a check mask (squares that capture or block the single
//! checker), and the pinned pieces, split into those pinned along a diagonal and along a rank or
//! file (from the `between` table, looking out from the king through our pieces at their
//! sliders). Each piece then moves only to squares in the check mask and, if pinned, on the line
//! through the king. The king moves to squares not attacked with the king itself removed from
//! the occupancy (so it cannot step back along a checking ray); only the enemy pieces that can
//! reach the king's free neighbours at all are consulted. Pawns move set-wise. En passant, which
//! removes two pieces from one rank, is checked by recomputing the attacks on the king.
//!
//! The same building blocks serve two consumers: [`generate`] hands out each piece's target set,
//! [`count`] only adds up popcounts (the last ply of perft, [`Board::count_moves`]).

use crate::attacks::{
    between, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::moves::{MoveList, PieceMoves};
use crate::side::{Black, Side, White};
use crate::types::{Color, Role, Square};
use crate::variant::{Build, Variant, hot_fn};

/// What every piece generator needs to know about the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Our pieces pinned to our king along a diagonal.
    pub pinned_diagonal: Bitboard,
    /// Our pieces pinned to our king along a rank or file.
    pub pinned_orthogonal: Bitboard,
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

        let leaper_checkers = (knight_attacks(king) & board.colored_pieces(them, Role::Knight))
            | (pawn_attacks(us, king) & board.colored_pieces(them, Role::Pawn));
        let (slider_checkers, pins) = slider_pins::<S::V>(
            king,
            occupied,
            theirs,
            board.bishop_movers() & theirs,
            board.rook_movers() & theirs,
        );
        Node::with_checks::<S>(board, leaper_checkers | slider_checkers, pins)
    }

    /// The node for side `S` to move when its `checkers` and its `pins` (diagonal first) are
    /// known.
    #[inline(always)]
    pub(crate) fn with_checks<S: Side>(
        board: &Board,
        checkers: Bitboard,
        pins: [Bitboard; 2],
    ) -> Node {
        let king = board.king(S::COLOR);
        let ours = board.colored(S::COLOR);
        let theirs = board.colored(S::Other::COLOR);
        let check_mask = match checkers.first() {
            None => Bitboard::FULL,
            Some(checker) => between(king, checker) | checkers,
        };
        Node {
            king,
            ours,
            theirs,
            occupied: ours | theirs,
            checkers,
            pinned_diagonal: pins[0],
            pinned_orthogonal: pins[1],
            target: !ours & check_mask,
        }
    }

    /// Our pinned pieces.
    #[inline(always)]
    pub(crate) fn pinned(&self) -> Bitboard {
        self.pinned_diagonal | self.pinned_orthogonal
    }

    /// Legal diagonal moves of our bishop or queen on `from`.
    #[inline(always)]
    pub(crate) fn diagonal_targets<V: Variant>(&self, from: Square) -> Bitboard {
        if self.pinned_orthogonal.contains(from) {
            return Bitboard::EMPTY;
        }
        let to = V::bishop(from, self.occupied) & self.target;
        if self.pinned_diagonal.contains(from) {
            to & line(self.king, from)
        } else {
            to
        }
    }

    /// Legal rank and file moves of our rook or queen on `from`.
    #[inline(always)]
    pub(crate) fn orthogonal_targets<V: Variant>(&self, from: Square) -> Bitboard {
        if self.pinned_diagonal.contains(from) {
            return Bitboard::EMPTY;
        }
        let to = V::rook(from, self.occupied) & self.target;
        if self.pinned_orthogonal.contains(from) {
            to & line(self.king, from)
        } else {
            to
        }
    }
}

/// Their sliders seen from our `king` through our own pieces: with nothing in between a slider
/// gives check, with exactly one piece (necessarily ours) in between that piece is pinned.
/// Returns the checking sliders and the pinned pieces, diagonal pins first.
#[inline(always)]
pub(crate) fn slider_pins<V: Variant>(
    king: Square,
    occupied: Bitboard,
    theirs: Bitboard,
    their_diagonal: Bitboard,
    their_orthogonal: Bitboard,
) -> (Bitboard, [Bitboard; 2]) {
    let mut checkers = Bitboard::EMPTY;
    let mut pins = [Bitboard::EMPTY; 2];
    let snipers = [
        V::bishop(king, theirs) & their_diagonal,
        V::rook(king, theirs) & their_orthogonal,
    ];
    for (pinned, snipers) in pins.iter_mut().zip(snipers) {
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers = checkers.with(sniper);
            } else if !blockers.has_many() {
                *pinned |= blockers;
            }
        }
    }
    (checkers, pins)
}

/// The pieces of both colours attacking `sq`, with `occupied` as the blockers.
pub(crate) fn attackers_to<V: Variant>(board: &Board, sq: Square, occupied: Bitboard) -> Bitboard {
    (pawn_attacks(Color::White, sq) & board.colored_pieces(Color::Black, Role::Pawn))
        | (pawn_attacks(Color::Black, sq) & board.colored_pieces(Color::White, Role::Pawn))
        | (knight_attacks(sq) & board.pieces(Role::Knight))
        | (king_attacks(sq) & board.pieces(Role::King))
        | (V::rook(sq, occupied) & board.rook_movers())
        | (V::bishop(sq, occupied) & board.bishop_movers())
}

/// Squares our king can step to (castling aside): its neighbours that are not ours and not
/// attacked once the king has left its square. Only enemy pieces that can reach one of those
/// neighbours on an empty board are looked at.
#[inline(always)]
pub(crate) fn king_targets<S: Side>(board: &Board, node: &Node) -> Bitboard {
    let zone = king_attacks(node.king) & !node.ours;
    if zone.is_empty() {
        return zone;
    }
    let them = S::Other::COLOR;
    let theirs = node.theirs;
    let pawns = board.colored_pieces(them, Role::Pawn);
    let mut attacked =
        S::Other::up_west(pawns) | S::Other::up_east(pawns) | king_attacks(board.king(them));
    for knight in board.pieces(Role::Knight) & theirs {
        attacked |= knight_attacks(knight);
    }
    let occupied = node.occupied.without(node.king);
    for slider in board.bishop_movers() & theirs {
        if (bishop_rays(slider) & zone).any() {
            attacked |= S::bishop_attacks(slider, occupied);
        }
    }
    for slider in board.rook_movers() & theirs {
        if (rook_rays(slider) & zone).any() {
            attacked |= S::rook_attacks(slider, occupied);
        }
    }
    zone & !attacked
}

/// Whether our king has a square to step to (castling aside): a quick first test for a
/// legal move, cheaper than [`generate`] (no pins, no check mask).
#[inline(always)]
pub(crate) fn king_can_step<S: Side>(board: &Board) -> bool {
    let (ours, theirs) = (board.colored(S::COLOR), board.colored(S::Other::COLOR));
    let node = Node {
        king: board.king(S::COLOR),
        ours,
        theirs,
        occupied: ours | theirs,
        // Not read by `king_targets`.
        checkers: Bitboard::EMPTY,
        pinned_diagonal: Bitboard::EMPTY,
        pinned_orthogonal: Bitboard::EMPTY,
        target: Bitboard::EMPTY,
    };
    king_targets::<S>(board, &node).any()
}

/// The rooks our king may legally castle with (castling is king-takes-own-rook): the right,
/// every square between king and rook and both destinations empty apart from king and rook, and
/// no square from the king to its destination attacked (with king and rook lifted, so neither
/// shields the path; this matters in Chess960).
#[inline(always)]
pub(crate) fn castling_targets<S: Side>(board: &Board, node: &Node) -> Bitboard {
    let us = S::COLOR;
    let rights = board.castling_bits();
    let mut targets = Bitboard::EMPTY;
    if node.checkers.any()
        || rights & (CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us)) == 0
    {
        return targets;
    }
    for side in CastlingSide::ALL {
        if rights & side.bit(us) == 0 {
            continue;
        }
        let rook = board.castling_rooks()[2 * us.index() + side as usize];
        // Cheap necessary condition first: the squares between king and rook lie within the
        // squares that must be empty.
        if (between(node.king, rook) & node.occupied).is_empty()
            && castling_is_legal::<S>(board, node.king, node.occupied, side, rook)
        {
            targets = targets.with(rook);
        }
    }
    targets
}

hot_fn! {
    /// Whether our king on `king` may castle with its `rook` on `side` (`all` the occupancy):
    /// both destinations free, the king's path not attacked (check aside).
    pub(crate) fn castling_is_legal<S: Side>(board: &Board, king: Square, all: Bitboard, side: CastlingSide, rook: Square) -> bool {
        let king_to = Square::from_coords(side.king_file(), king.rank());
        let rook_to = Square::from_coords(side.rook_file(), king.rank());
        let king_path = between(king, king_to).with(king_to);
        let movers = Bitboard::from_square(king).with(rook);
        let must_be_empty = (king_path | between(rook, rook_to).with(rook_to)) & !movers;
        let occupied = all & !movers;
        if (must_be_empty & all).any() {
            return false;
        }
        // The leapers set-wise; a slider only when one stands on a line through a path square.
        let them = S::Other::COLOR;
        let theirs = board.colored(them);
        let pawns = board.colored_pieces(them, Role::Pawn);
        let mut leapers = S::Other::up_west(pawns) | S::Other::up_east(pawns);
        leapers |= king_attacks(board.king(them));
        for knight in board.colored_pieces(them, Role::Knight) {
            leapers |= knight_attacks(knight);
        }
        if leapers.any_of(king_path) {
            return false;
        }
        let (diagonal, orthogonal) = (board.bishop_movers() & theirs, board.rook_movers() & theirs);
        let attacked = |sq: Square| {
            (bishop_rays(sq).any_of(diagonal) && S::bishop_attacks(sq, occupied).any_of(diagonal))
                || (rook_rays(sq).any_of(orthogonal) && S::rook_attacks(sq, occupied).any_of(orthogonal))
        };
        !king_path.into_iter().any(attacked)
    }
}

/// Destinations of our pawn moves, by direction, so each destination names its pawn: a single
/// push to `to` comes from one rank behind, a capture west from behind and east of it, etc.
/// En passant is not included (see [`en_passant_capturers`]).
#[derive(Clone, Copy)]
pub(crate) struct PawnTargets {
    /// Single pushes.
    pub single: Bitboard,
    /// Double pushes.
    pub double: Bitboard,
    /// Captures towards the a-file.
    pub west: Bitboard,
    /// Captures towards the h-file.
    pub east: Bitboard,
}

impl PawnTargets {
    #[inline(always)]
    pub(crate) fn new<S: Side>(pawns: Bitboard, node: &Node) -> PawnTargets {
        let empty = !node.occupied;
        // A pawn pinned along a diagonal never pushes; one pinned along a rank or file may push
        // only if the pin runs along its file (the king's file).
        let king_file = Bitboard::file(node.king.file());
        let pushers = pawns & !node.pinned_diagonal & !(node.pinned_orthogonal & !king_file);
        let single = S::up(pushers) & empty;
        let double = S::up(single & S::THIRD_RANK) & empty & node.target;
        let capturers = pawns & !node.pinned();
        let capturable = node.theirs & node.target;
        let mut west = S::up_west(capturers) & capturable;
        let mut east = S::up_east(capturers) & capturable;
        // A pawn pinned along a diagonal may capture the pinner (or along the pin line).
        for pawn in pawns & node.pinned_diagonal {
            let pin_line = line(node.king, pawn);
            let from = Bitboard::from_square(pawn);
            west |= S::up_west(from) & capturable & pin_line;
            east |= S::up_east(from) & capturable & pin_line;
        }
        PawnTargets {
            single: single & node.target,
            double,
            west,
            east,
        }
    }

    /// The destinations of the pawn on `from`.
    #[inline(always)]
    pub(crate) fn of<S: Side>(&self, from: Square) -> Bitboard {
        let from = Bitboard::from_square(from);
        let one = S::up(from);
        (one & self.single)
            | (S::up(one) & self.double)
            | (S::up_west(from) & self.west)
            | (S::up_east(from) & self.east)
    }

    /// Number of moves, four for each promotion.
    #[inline(always)]
    pub(crate) fn count(&self) -> u32 {
        let back = Bitboard::BACK_RANKS;
        self.single.count()
            + self.double.count()
            + self.west.count()
            + self.east.count()
            + 3 * ((self.single & back).count()
                + (self.west & back).count()
                + (self.east & back).count())
    }
}

/// Our pawns that may capture en passant (the en-passant square is the target).
#[inline(always)]
pub(crate) fn en_passant_capturers<S: Side>(board: &Board, node: &Node) -> Bitboard {
    let Some(ep) = board.en_passant() else {
        return Bitboard::EMPTY;
    };
    let mut capturers = Bitboard::EMPTY;
    for pawn in pawn_attacks(S::Other::COLOR, ep) & board.colored_pieces(S::COLOR, Role::Pawn) {
        if en_passant_is_legal::<S>(board, node.king, node.occupied, node.theirs, pawn, ep) {
            capturers = capturers.with(pawn);
        }
    }
    capturers
}

hot_fn! {
    /// Whether our pawn on `from` may capture en passant on `ep`: the king must not be attacked
    /// once the pawn has moved and the captured pawn is gone (this covers checks, ordinary pins and
    /// the rank pin where both pawns leave the king's rank).
    pub(crate) fn en_passant_is_legal<S: Side>(board: &Board, king: Square, occupied: Bitboard, theirs: Bitboard, from: Square, ep: Square) -> bool {
        let captured = ep.offset(-S::UP);
        let occupied = (occupied.without(from).without(captured)).with(ep);
        let attackers = attackers_to::<S::V>(board, king, occupied) & theirs;
        (attackers & !Bitboard::from_square(captured)).is_empty()
    }
}

/// Calls `listener` with the legal moves of each of our pieces that has any; stops early and
/// returns `true` when the listener returns `true`.
#[inline(always)]
pub(crate) fn generate<S: Side>(
    board: &Board,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    generate_to::<S>(board, Bitboard::FULL, listener)
}

/// [`generate`] for the moves onto `targets` only (castling by its rook's square): the mask
/// joins the check mask, so nothing outside it is generated.
#[inline(always)]
pub(crate) fn generate_to<S: Side>(
    board: &Board,
    targets: Bitboard,
    listener: &mut impl FnMut(PieceMoves) -> bool,
) -> bool {
    let mut node = Node::new::<S>(board);
    node.target &= targets;
    let castles = castling_targets::<S>(board, &node) & targets;
    let king_to = (king_targets::<S>(board, &node) & targets) | castles;
    if emit(listener, Role::King, node.king, king_to, castles) {
        return true;
    }
    if node.checkers.has_many() {
        return false;
    }
    let us = S::COLOR;
    let pawns = PawnTargets::new::<S>(board.colored_pieces(S::COLOR, Role::Pawn), &node);
    let ep = board
        .en_passant()
        .map_or(Bitboard::EMPTY, Bitboard::from_square)
        & targets;
    let ep_capturers = if ep.any() {
        en_passant_capturers::<S>(board, &node)
    } else {
        Bitboard::EMPTY
    };
    for from in board.colored_pieces(us, Role::Pawn) {
        let special = if ep_capturers.contains(from) {
            ep
        } else {
            Bitboard::EMPTY
        };
        if emit(
            listener,
            Role::Pawn,
            from,
            pawns.of::<S>(from) | special,
            special,
        ) {
            return true;
        }
    }
    for from in board.colored_pieces(us, Role::Knight) & !node.pinned() {
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
    for from in board.colored_pieces(us, Role::Bishop) {
        if emit(
            listener,
            Role::Bishop,
            from,
            node.diagonal_targets::<S::V>(from),
            Bitboard::EMPTY,
        ) {
            return true;
        }
    }
    for from in board.colored_pieces(us, Role::Rook) {
        if emit(
            listener,
            Role::Rook,
            from,
            node.orthogonal_targets::<S::V>(from),
            Bitboard::EMPTY,
        ) {
            return true;
        }
    }
    for from in board.colored_pieces(us, Role::Queen) {
        let to = node.diagonal_targets::<S::V>(from) | node.orthogonal_targets::<S::V>(from);
        if emit(listener, Role::Queen, from, to, Bitboard::EMPTY) {
            return true;
        }
    }
    false
}

/// The legal moves of our piece on `from` (empty targets when it has none or is not ours).
pub(crate) fn piece_moves<S: Side>(board: &Board, from: Square) -> PieceMoves {
    let node = Node::new::<S>(board);
    let role = match board.role_at(from) {
        Some(role) if node.ours.contains(from) => role,
        _ => Role::Pawn,
    };
    let mut moves = PieceMoves {
        role,
        from,
        to: Bitboard::EMPTY,
        special: Bitboard::EMPTY,
    };
    if !node.ours.contains(from) || (role != Role::King && node.checkers.has_many()) {
        return moves;
    }
    moves.to = match role {
        Role::King => {
            moves.special = castling_targets::<S>(board, &node);
            king_targets::<S>(board, &node) | moves.special
        }
        Role::Pawn => {
            if en_passant_capturers::<S>(board, &node).contains(from) {
                moves.special = board
                    .en_passant()
                    .map_or(Bitboard::EMPTY, Bitboard::from_square);
            }
            PawnTargets::new::<S>(Bitboard::from_square(from), &node).of::<S>(from) | moves.special
        }
        Role::Knight if node.pinned().contains(from) => Bitboard::EMPTY,
        Role::Knight => knight_attacks(from) & node.target,
        Role::Bishop => node.diagonal_targets::<S::V>(from),
        Role::Rook => node.orthogonal_targets::<S::V>(from),
        Role::Queen => node.diagonal_targets::<S::V>(from) | node.orthogonal_targets::<S::V>(from),
    };
    moves
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

hot_fn! {
    /// The number of legal moves for side `S`, by popcount, without listing them.
    pub(crate) fn count<S: Side>(board: &Board) -> u64 {
        let node = Node::new::<S>(board);
        let mut n = (king_targets::<S>(board, &node) | castling_targets::<S>(board, &node)).count();
        if node.checkers.has_many() {
            return n.into();
        }
        let us = S::COLOR;
        n += PawnTargets::new::<S>(board.colored_pieces(S::COLOR, Role::Pawn), &node).count();
        n += en_passant_capturers::<S>(board, &node).count();
        for from in board.colored_pieces(us, Role::Knight) & !node.pinned() {
            n += (knight_attacks(from) & node.target).count();
        }
        for from in board.bishop_movers() & node.ours {
            n += node.diagonal_targets::<S::V>(from).count();
        }
        for from in board.rook_movers() & node.ours {
            n += node.orthogonal_targets::<S::V>(from).count();
        }
        n.into()
    }
}

impl Board {
    /// Calls `listener` once for each of the side to move's pieces that has legal moves, with
    /// its role, square and target squares ([`PieceMoves`]). Stops as soon as the listener
    /// returns `true`, and then returns `true`. Allocates nothing.
    ///
    /// ```
    /// use movegen::{Board, PieceMoves, Role, Square};
    ///
    /// let board = Board::startpos();
    /// let mut pieces: Vec<PieceMoves> = Vec::new();
    /// let stopped = board.generate_moves(|moves| {
    ///     pieces.push(moves);
    ///     false // keep going
    /// });
    /// assert!(!stopped);
    /// assert_eq!(pieces.len(), 10); // eight pawns and two knights can move
    /// assert_eq!(pieces.iter().map(|p| p.len()).sum::<usize>(), 20);
    ///
    /// let mut last = None;
    /// let stopped = board.generate_moves(|moves| {
    ///     last = Some(moves.from);
    ///     moves.role == Role::Knight && moves.to.contains(Square::F3) // stop here
    /// });
    /// assert!(stopped);
    /// assert_eq!(last, Some(Square::G1));
    /// ```
    #[inline]
    pub fn generate_moves(&self, mut listener: impl FnMut(PieceMoves) -> bool) -> bool {
        match self.side_to_move() {
            Color::White => generate::<White>(self, &mut listener),
            Color::Black => generate::<Black>(self, &mut listener),
        }
    }

    /// [`Board::generate_moves`] for the moves onto `targets` only: each piece's targets are
    /// its legal destinations within `targets` (castling counts by its encoded destination,
    /// the rook's square), and pieces left with none are not reported. The mask is applied
    /// inside the generator, so a captures-only stage (`targets` the opponent's pieces) costs
    /// less than filtering every move.
    ///
    /// ```
    /// use movegen::{Board, Color};
    ///
    /// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// let mut captures = 0;
    /// board.generate_moves_to(board.colored(Color::Black), |moves| {
    ///     captures += moves.len();
    ///     false
    /// });
    /// assert_eq!(captures, 8); // Kiwipete: 8 captures among its 48 moves
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[inline]
    pub fn generate_moves_to(
        &self,
        targets: Bitboard,
        mut listener: impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        match self.side_to_move() {
            Color::White => generate_to::<White>(self, targets, &mut listener),
            Color::Black => generate_to::<Black>(self, targets, &mut listener),
        }
    }

    /// Our pieces pinned to our king: each stands alone between our king and an enemy slider
    /// on the line through them, so it may move only along that line.
    ///
    /// ```
    /// use movegen::{Board, Square};
    ///
    /// let board: Board = "4k3/4r3/8/8/1b6/8/3N4/4K3 w - - 0 1".parse()?;
    /// assert_eq!(board.pinned().squares().collect::<Vec<_>>(), [Square::D2]);
    /// assert!(Board::startpos().pinned().is_empty());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        match self.side_to_move() {
            Color::White => Node::new::<White>(self).pinned(),
            Color::Black => Node::new::<Black>(self).pinned(),
        }
    }

    /// All legal moves, in a list on the stack.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// let moves = board.legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "g1f3"));
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        // Built in the caller's slot: copied out with memcpy, the 840-byte list was 112
        // instructions of a node's 1,373 in full-make perft (callgrind).
        MoveList::filled(|list| self.fill_legal_moves(list))
    }

    /// Appends the legal moves to `list` (the body of [`Board::legal_moves`]).
    #[inline(always)]
    fn fill_legal_moves(&self, list: &mut MoveList) {
        self.generate_moves(|moves| {
            // SAFETY: the generator's `PieceMoves` never have their own square as a target.
            unsafe { list.extend_generated(moves) };
            false
        });
    }

    /// The number of legal moves, counted without listing them.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// assert_eq!(Board::startpos().count_moves(), 20);
    /// let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(kiwipete.count_moves(), 48);
    /// assert_eq!(kiwipete.count_moves(), kiwipete.legal_moves().len());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn count_moves(&self) -> usize {
        let n = match self.side_to_move() {
            Color::White => count::<White>(self),
            Color::Black => count::<Black>(self),
        };
        n as usize
    }

    /// Whether the side to move has any legal move.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// assert!(Board::startpos().has_legal_moves());
    /// let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse()?;
    /// let stalemated: Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert!(!mated.has_legal_moves() && !stalemated.has_legal_moves());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.generate_moves(|_| true)
    }

    /// The opponent's pieces giving check to the side to move.
    ///
    /// ```
    /// use movegen::{Bitboard, Board, Square};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse()?;
    /// assert_eq!(board.checkers(), Bitboard::from_square(Square::E2));
    /// let double: Board = "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1".parse()?;
    /// assert_eq!(double.checkers(), Bitboard::from_square(Square::E2).with(Square::F3));
    /// assert!(Board::startpos().checkers().is_empty());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side_to_move();
        attackers_to::<Build>(self, self.king(us), self.occupied()) & self.colored(us.other())
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board: Board = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse()?;
    /// assert!(board.in_check());
    /// assert_eq!(board.legal_moves().len(), 3); // Kxe2, Kd1, Kf1
    /// assert!(!Board::startpos().in_check());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Pieces of both colours attacking `sq`, with `occupied` as the blockers.
    ///
    /// ```
    /// use movegen::{Bitboard, Board, Color, Square};
    ///
    /// let board = Board::startpos();
    /// let attackers = board.attackers_to(Square::F3, board.occupied());
    /// assert_eq!(attackers, [Square::E2, Square::G2, Square::G1].into_iter().collect::<Bitboard>());
    /// assert!((attackers & board.colored(Color::Black)).is_empty());
    /// // With e2 lifted from the blockers, the queen on d1 sees f3 too (an x-ray).
    /// let lifted = board.attackers_to(Square::F3, board.occupied().without(Square::E2));
    /// assert!(lifted.contains(Square::D1));
    /// ```
    #[must_use]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        attackers_to::<Build>(self, sq, occupied)
    }
}
