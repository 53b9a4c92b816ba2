//! The position: piece placement, side to move, castling rights, en passant, clocks and hash.

use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, Role, Square};
use crate::zobrist;

mod castling;

pub use castling::{CastlingRights, CastlingSide};

/// A chess position, with everything needed to generate moves and continue the game.
///
/// `Copy` and small (under 128 bytes, asserted at compile time), so search can copy it from the parent
/// (copy-make). Invariants, upheld by the FEN parser and by playing legal moves: one king per
/// side, at most 16 pieces per side, the side not to move is not in check, castling rights have
/// their king and rook in place, and an en-passant square is kept only when a pawn of the side
/// to move stands beside the pawn that just double-pushed (the Polyglot rule; pins are not
/// considered). FEN output therefore writes `-` for en-passant squares no pawn could use.
///
/// ```
/// use movegen::{Board, Color, Piece, Role, Square};
///
/// let board: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
/// assert_eq!(board.side_to_move(), Color::Black);
/// assert_eq!(board.piece_at(Square::E4), Some(Piece { color: Color::White, role: Role::Pawn }));
/// assert_eq!(board.colored_pieces(Color::Black, Role::Pawn).count(), 8);
/// let after = board.play(board.parse_uci("c7c5")?)?; // no White pawn can take on c6: `-`
/// assert_eq!(after.to_string(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"); // unchanged
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
// Layout measured 2026-12-01 (AMD Zen 5, native build with AVX-512): aligned to 64 bytes,
// perft ran 3% faster and --no-bulk 36% (no overlapping AVX-512 copy), but Python's batch
// encoders ran 20-33% slower and PyO3 classes holding a board crashed (their memory is 16-byte
// aligned, PyO3 issue 3607); padded to 128 bytes, --no-bulk gained as much and perft nothing,
// and the batches lost 7-13%. So it stays at 120 bytes.
pub struct Board {
    /// Pieces of both colours, by role.
    by_role: [Bitboard; 6],
    /// Pieces of each colour.
    by_color: [Bitboard; 2],
    /// Square to piece: one nibble per square, 0 when empty, else `role + 1 + 8 * color`.
    mailbox: [u8; 32],
    /// Zobrist (Polyglot) key, updated with every change.
    hash: u64,
    /// The rook of each castling right, indexed like the bits of `castling`.
    castling_rooks: [Square; 4],
    /// Castling rights: bit `2 * color + side` (see [`CastlingSide::bit`]).
    castling: u8,
    /// En-passant target square, only when a pawn of the side to move could capture there.
    ep_square: Option<Square>,
    side_to_move: Color,
    halfmove_clock: u16,
    fullmove_number: u16,
}

const _: () = assert!(core::mem::size_of::<Board>() < 128);

/// A board's piece bitboards, changed apart from the board (see [`Board::with_bitboards`]).
pub(crate) struct Bitboards {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Bitboards {
    /// Toggles `bb` in the bitboards of `color` and `role`.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, color: Color, role: Role, bb: Bitboard) {
        self.by_role[role.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
    }
}

/// What playing a move changes besides the pieces, saved so [`Board::unmake`] can restore it,
/// with the captured piece (kept here so the whole record packs into 16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    hash: u64,
    halfmove_clock: u16,
    fullmove_number: u16,
    castling: u8,
    ep_square: Option<Square>,
    side_to_move: Color,
    /// The role captured by the move, filled in by make (not part of the board).
    pub(crate) captured: Option<Role>,
}
const _: () = {
    const fn thread_safe<T: Send + Sync>() {}
    thread_safe::<Board>();
};

impl Board {
    /// A board with no pieces, White to move, no rights; the FEN parser fills it.
    pub(crate) const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [0; 32],
            hash: zobrist::WHITE_TO_MOVE,
            castling_rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
            castling: 0,
            ep_square: None,
            side_to_move: Color::White,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The standard starting position.
    ///
    /// ```
    /// use movegen::{Board, STARTPOS};
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.to_string(), STARTPOS);
    /// assert_eq!(board, Board::default());
    /// assert_eq!(board.legal_moves().len(), 20);
    /// ```
    #[must_use]
    pub fn startpos() -> Board {
        match Board::from_fen(crate::fen::STARTPOS) {
            Ok(board) => board,
            Err(_) => unreachable!("the start position is a valid FEN"),
        }
    }

    /// Whose turn it is.
    #[inline(always)]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// All pieces of both colours.
    #[inline(always)]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// All pieces of one colour.
    #[inline(always)]
    #[must_use]
    pub fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Pieces of one role, both colours.
    #[inline(always)]
    #[must_use]
    pub fn pieces(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Pieces of one colour and role.
    ///
    /// ```
    /// use movegen::{Bitboard, Board, Color, Rank, Role, Square};
    ///
    /// let board = Board::startpos();
    /// let knights = board.colored_pieces(Color::White, Role::Knight);
    /// assert_eq!(knights, Bitboard::from_square(Square::B1).with(Square::G1));
    /// assert_eq!(board.colored_pieces(Color::Black, Role::Pawn), Bitboard::rank(Rank::Seventh));
    /// assert_eq!(board.pieces(Role::Knight).count(), 4); // both colours
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn colored_pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// Rooks and queens of both colours (the pieces that move like a rook).
    #[inline(always)]
    #[must_use]
    pub fn rook_movers(&self) -> Bitboard {
        self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]
    }

    /// Bishops and queens of both colours (the pieces that move like a bishop).
    #[inline(always)]
    #[must_use]
    pub fn bishop_movers(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()]
    }

    /// The square of `color`'s king.
    ///
    /// ```
    /// use movegen::{Board, Color, Square};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/6K1 w - - 0 1".parse()?;
    /// assert_eq!(board.king(Color::White), Square::G1);
    /// assert_eq!(board.king(Color::Black), Square::E8);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        // A board always has one king per side (checked when parsing); trailing_zeros of a
        // non-empty set is below 64.
        Square::new(self.colored_pieces(color, Role::King).0.trailing_zeros())
    }

    /// The piece on `sq`, if any.
    ///
    /// ```
    /// use movegen::{Board, Color, Piece, Role, Square};
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.piece_at(Square::D8), Some(Piece { color: Color::Black, role: Role::Queen }));
    /// assert_eq!(board.piece_at(Square::G1).map(|p| p.char()), Some('N'));
    /// assert_eq!(board.piece_at(Square::E4), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.code_at(sq);
        let role = match code & 7 {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            6 => Role::King,
            _ => return None,
        };
        let color = if code & 8 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The role of the piece on `sq`, if any.
    #[inline(always)]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|p| p.role)
    }

    /// The role on `sq` read from the bitboards, for boards whose mailbox was left stale.
    #[inline(always)]
    pub(crate) fn role_from_bitboards(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|&role| self.pieces(role).contains(sq))
    }

    /// The en-passant target square, set only when a pawn of the side to move stands beside the
    /// pawn that just double-pushed (whether or not the capture is legal).
    #[inline(always)]
    #[must_use]
    pub fn en_passant(&self) -> Option<Square> {
        self.ep_square
    }

    /// The castling rights that remain.
    #[inline]
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        CastlingRights(self.castling)
    }

    /// Castling rights as four bits (see [`CastlingSide::bit`]).
    #[inline(always)]
    pub(crate) fn castling_bits(&self) -> u8 {
        self.castling
    }

    /// The rook `color` may castle with on `side`, if that right remains.
    ///
    /// ```
    /// use movegen::{Board, CastlingSide, Color, Square};
    ///
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse()?;
    /// assert_eq!(board.castling_rook(Color::White, CastlingSide::KingSide), Some(Square::H1));
    /// assert_eq!(board.castling_rook(Color::White, CastlingSide::QueenSide), None); // right gone
    /// let chess960: Board = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9".parse()?;
    /// assert_eq!(chess960.castling_rook(Color::White, CastlingSide::QueenSide), Some(Square::F1));
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let i = 2 * color.index() + side as usize;
        (self.castling & (1 << i) != 0).then_some(self.castling_rooks[i])
    }

    /// Moves since the last capture or pawn move (for the fifty-move rule).
    #[inline]
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[inline]
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The Zobrist key of the position: equal to its Polyglot opening-book key.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.hash(), 0x463b96181691fc9c); // the Polyglot key of the start position
    /// let after = board.play(board.parse_uci("e2e4")?)?;
    /// assert_eq!(after.hash(), 0x823c9b50fd114196); // and after 1. e4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key computed from scratch (the incremental [`Board::hash`] must equal it).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// assert_eq!(board.compute_hash(), board.hash());
    /// for mv in board.legal_moves() {
    ///     let child = board.play_unchecked(mv);
    ///     assert_eq!(child.compute_hash(), child.hash());
    /// }
    /// assert_eq!(Board::startpos().compute_hash(), 0x463b96181691fc9c);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                hash ^= zobrist::piece(p.color, p.role, sq);
            }
        }
        hash ^= zobrist::castling(self.castling, &self.castling_rooks);
        if let Some(ep) = self.ep_square {
            hash ^= zobrist::en_passant(ep.file());
        }
        if self.side_to_move == Color::White {
            hash ^= zobrist::WHITE_TO_MOVE;
        }
        hash
    }

    /// The colour mirror: ranks flipped, colours swapped, the other side to move. Perft of the
    /// mirror equals perft of the original.
    ///
    /// ```
    /// use movegen::{Board, perft};
    ///
    /// let board: Board = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1".parse()?;
    /// let mirror = board.mirror();
    /// assert_eq!(mirror.to_string(), "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1");
    /// assert_eq!(perft(&mirror, 3), perft(&board, 3));
    /// assert_eq!(mirror.mirror(), board);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn mirror(&self) -> Board {
        let mut board = Board::empty();
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                board.put(p.color.other(), p.role, sq.flip_rank());
            }
        }
        for i in 0..4 {
            if self.castling & (1 << i) != 0 {
                let j = i ^ 2;
                board.castling |= 1 << j;
                board.castling_rooks[j] = self.castling_rooks[i].flip_rank();
            }
        }
        board.ep_square = self.ep_square.map(Square::flip_rank);
        board.side_to_move = self.side_to_move.other();
        board.halfmove_clock = self.halfmove_clock;
        board.fullmove_number = self.fullmove_number;
        board.hash = board.compute_hash();
        board
    }

    // ----- crate-internal mutation, each keeping the hash -----

    /// The mailbox: a nibble per square (the low nibble of byte `i` is square `2 * i`), 0 when
    /// empty, else `role + 1 + 8 * color`.
    #[cfg(feature = "std")]
    #[inline(always)]
    pub(crate) fn mailbox(&self) -> &[u8; 32] {
        &self.mailbox
    }

    #[inline(always)]
    fn code_at(&self, sq: Square) -> u8 {
        (self.mailbox[sq.index() >> 1] >> ((sq.index() & 1) * 4)) & 15
    }

    #[inline(always)]
    fn set_code(&mut self, sq: Square, code: u8) {
        let shift = (sq.index() & 1) * 4;
        let byte = &mut self.mailbox[sq.index() >> 1];
        *byte = (*byte & !(15 << shift)) | (code << shift);
    }

    /// Toggles `code` in the nibble of `sq`: on an empty square it puts the code, where that
    /// code stands it empties the square (one read-modify-write, no mask to build).
    #[inline(always)]
    fn toggle_code(&mut self, sq: Square, code: u8) {
        self.mailbox[sq.index() >> 1] ^= code << ((sq.index() & 1) * 4);
    }

    /// Sets the pieces of an empty board from what the FEN parser's fast path read (its codes,
    /// bitboards and keys agree), the hash included.
    pub(crate) fn set_pieces(&mut self, pieces: &crate::fen::Placement) {
        let by_code = &pieces.by_code;
        for role in 0..6 {
            self.by_role[role] = Bitboard(by_code[role + 1] | by_code[role + 9]);
        }
        self.by_color = [
            Bitboard(by_code[1..7].iter().fold(0, |a, b| a | b)),
            Bitboard(by_code[9..15].iter().fold(0, |a, b| a | b)),
        ];
        for (byte, pair) in self.mailbox.iter_mut().zip(pieces.codes.chunks_exact(2)) {
            *byte = pair[0] | pair[1] << 4;
        }
        self.hash ^= pieces.hash;
    }

    /// Puts a piece on an empty square.
    #[inline(always)]
    pub(crate) fn put(&mut self, color: Color, role: Role, sq: Square) {
        self.hash ^= self.put_keyed(color, role, sq);
    }

    // The `_keyed` forms change the board but not its hash: they return the change of key, for
    // a caller that makes several changes to gather in a register and apply once (the hash
    // changed in memory at every step is a chain of loads waiting on stores).

    /// [`Board::put`], returning the change of key instead of applying it.
    #[inline(always)]
    pub(crate) fn put_keyed(&mut self, color: Color, role: Role, sq: Square) -> u64 {
        let bb = Bitboard::from_square(sq);
        self.by_role[role.index()] |= bb;
        self.by_color[color.index()] |= bb;
        self.toggle_code(sq, role as u8 + 1 + 8 * color as u8);
        zobrist::piece(color, role, sq)
    }

    /// Removes the given piece from `sq`, returning the change of key instead of applying it.
    #[inline(always)]
    pub(crate) fn remove_keyed(&mut self, color: Color, role: Role, sq: Square) -> u64 {
        let bb = Bitboard::from_square(sq);
        self.by_role[role.index()] &= !bb;
        self.by_color[color.index()] &= !bb;
        self.toggle_code(sq, role as u8 + 1 + 8 * color as u8);
        zobrist::piece(color, role, sq)
    }

    /// Moves a piece from `from` to the empty square `to`, returning the change of key instead
    /// of applying it.
    #[inline(always)]
    pub(crate) fn shift_keyed(
        &mut self,
        color: Color,
        role: Role,
        from: Square,
        to: Square,
    ) -> u64 {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[role.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
        let code = role as u8 + 1 + 8 * color as u8;
        self.toggle_code(from, code);
        self.toggle_code(to, code);
        zobrist::piece(color, role, from) ^ zobrist::piece(color, role, to)
    }

    /// [`Board::set_castling`], returning the change of key instead of applying it.
    #[inline(always)]
    pub(crate) fn set_castling_keyed(&mut self, rights: u8) -> u64 {
        let key = zobrist::castling(self.castling, &self.castling_rooks)
            ^ zobrist::castling(rights, &self.castling_rooks);
        self.castling = rights;
        key
    }

    /// [`Board::set_en_passant`], returning the change of key instead of applying it.
    #[inline(always)]
    pub(crate) fn set_en_passant_keyed(&mut self, sq: Option<Square>) -> u64 {
        let mut key = 0;
        if let Some(old) = self.ep_square {
            key ^= zobrist::en_passant(old.file());
        }
        if let Some(new) = sq {
            key ^= zobrist::en_passant(new.file());
        }
        self.ep_square = sq;
        key
    }

    /// Passes the move to the other side, returning the change of key instead of applying it.
    #[inline(always)]
    pub(crate) fn flip_side_to_move_keyed(&mut self) -> u64 {
        self.side_to_move = self.side_to_move.other();
        zobrist::WHITE_TO_MOVE
    }

    /// Applies a change of key gathered from the `_keyed` forms.
    #[inline(always)]
    pub(crate) fn toggle_hash(&mut self, key: u64) {
        self.hash ^= key;
    }

    /// Toggles the squares `bb` for a piece of `color` and `role` in the bitboards only: the
    /// mailbox and the hash are left stale. For perft's leaf positions, which are only counted
    /// (counting reads bitboards, castling rights and the en-passant square, nothing else).
    #[inline(always)]
    pub(crate) fn toggle_bitboards(&mut self, color: Color, role: Role, bb: Bitboard) {
        self.by_role[role.index()] ^= bb;
        self.by_color[color.index()] ^= bb;
    }

    /// Moves the mailbox entry of `from` to `to`, where the piece becomes `color`'s `role`, and
    /// sets the side to move to `to_move`: the hash and clocks are left stale (see
    /// [`Board::toggle_bitboards`]; perft's positions one ply above the leaves, which read the
    /// mailbox for captured pieces only).
    #[inline(always)]
    pub(crate) fn shift_code_unhashed(
        &mut self,
        color: Color,
        role: Role,
        from: Square,
        to: Square,
        to_move: Color,
    ) {
        self.set_code(from, 0);
        self.set_code(to, role as u8 + 1 + 8 * color as u8);
        self.side_to_move = to_move;
    }

    /// This board with its piece bitboards changed by `change` (no other field, not the hash):
    /// the bitboards are changed on their own and the board copied once with them.
    #[inline(always)]
    pub(crate) fn with_bitboards(&self, change: impl FnOnce(&mut Bitboards)) -> Board {
        let mut bitboards = Bitboards {
            by_role: self.by_role,
            by_color: self.by_color,
        };
        change(&mut bitboards);
        Board {
            by_role: bitboards.by_role,
            by_color: bitboards.by_color,
            ..*self
        }
    }

    /// Sets the en-passant square without updating the hash (see [`Board::toggle_bitboards`]).
    #[inline(always)]
    pub(crate) fn set_en_passant_unhashed(&mut self, sq: Option<Square>) {
        self.ep_square = sq;
    }

    /// Sets the castling rights without updating the hash (see [`Board::toggle_bitboards`]).
    #[inline(always)]
    pub(crate) fn set_castling_unhashed(&mut self, rights: u8) {
        self.castling = rights;
    }

    /// Whether the bitboards, castling rights and en-passant square equal `other`'s: all that
    /// move counting reads.
    pub(crate) fn same_for_counting(&self, other: &Board) -> bool {
        self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.castling == other.castling
            && self.castling_rooks == other.castling_rooks
            && self.ep_square == other.ep_square
    }

    /// Replaces the castling rights, keeping the hash.
    #[inline(always)]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^= self.set_castling_keyed(rights);
    }

    /// Grants a castling right with its rook.
    pub(crate) fn grant_castling(&mut self, color: Color, side: CastlingSide, rook: Square) {
        self.castling_rooks[2 * color.index() + side as usize] = rook;
        self.set_castling(self.castling | side.bit(color));
    }

    /// The castling rooks array (indexed like the rights bits).
    #[inline(always)]
    pub(crate) fn castling_rooks(&self) -> &[Square; 4] {
        &self.castling_rooks
    }

    /// Sets or clears the en-passant square, keeping the hash.
    #[inline(always)]
    pub(crate) fn set_en_passant(&mut self, sq: Option<Square>) {
        self.hash ^= self.set_en_passant_keyed(sq);
    }

    /// Sets the side to move, keeping the hash.
    #[inline(always)]
    pub(crate) fn set_side_to_move(&mut self, color: Color) {
        if color != self.side_to_move {
            self.hash ^= zobrist::WHITE_TO_MOVE;
            self.side_to_move = color;
        }
    }

    /// Restores the state fields an undo record saved, hash included, verbatim.
    #[inline(always)]
    pub(crate) fn restore_state(&mut self, state: &State) {
        self.castling = state.castling;
        self.ep_square = state.ep_square;
        self.halfmove_clock = state.halfmove_clock;
        self.fullmove_number = state.fullmove_number;
        self.hash = state.hash;
        self.side_to_move = state.side_to_move;
    }

    /// The state fields an undo record saves.
    #[inline(always)]
    pub(crate) fn state(&self) -> State {
        State {
            castling: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            hash: self.hash,
            side_to_move: self.side_to_move,
            captured: None,
        }
    }

    /// Sets both clocks.
    pub(crate) fn set_clocks(&mut self, halfmove_clock: u16, fullmove_number: u16) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }
}

impl Board {
    /// Whether `other` is the same position: placement, side to move, castling rights (with
    /// their rooks) and en-passant square equal, the clocks ignored (what the repetition rule
    /// compares). `==` also compares the clocks.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let a: Board = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse()?;
    /// let b: Board = "4k3/8/8/8/8/8/8/4K2R w K - 12 40".parse()?;
    /// assert!(a.same_position(&b));
    /// assert_ne!(a, b);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn same_position(&self, other: &Board) -> bool {
        self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.castling == other.castling
            && self.active_rooks() == other.active_rooks()
            && self.ep_square == other.ep_square
            && self.side_to_move == other.side_to_move
    }

    /// The rook of each castling right, `None` for rights that are gone.
    fn active_rooks(&self) -> [Option<Square>; 4] {
        let mut rooks = [None; 4];
        for (i, slot) in rooks.iter_mut().enumerate() {
            if self.castling & (1 << i) != 0 {
                *slot = Some(self.castling_rooks[i]);
            }
        }
        rooks
    }
}

impl PartialEq for Board {
    /// Boards are equal when the whole game state is: placement, side, castling rights with
    /// their rooks, en passant, both clocks (and so the hash).
    fn eq(&self, other: &Board) -> bool {
        self.same_position(other)
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
            && self.hash == other.hash
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    /// Hashes what equality compares: the Zobrist key (placement, side, castling rights with
    /// their rooks, en passant) and both clocks.
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
        state.write_u16(self.halfmove_clock);
        state.write_u16(self.fullmove_number);
    }
}

impl core::str::FromStr for Board {
    type Err = crate::FenError;

    /// [`Board::from_fen`].
    fn from_str(fen: &str) -> Result<Board, crate::FenError> {
        Board::from_fen(fen)
    }
}

impl core::fmt::Debug for Board {
    /// The FEN, e.g. `Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Board(\"{self}\")")
    }
}

impl Default for Board {
    /// The starting position.
    fn default() -> Board {
        Board::startpos()
    }
}
