//! Playing a move: copy-make, keeping the hash, the castling rights and the en-passant rule.

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, CastlingSide};
use crate::moves::{Move, MoveKind};
use crate::side::{Black, Side, White};
use crate::types::{Color, Role, Square};
use crate::variant::hot_fn;
use core::mem::MaybeUninit;

/// Why [`Board::play`] refused a move: the move, and the legal move between the same squares
/// if there is one (a move built with [`Move::new`] and the wrong [`MoveKind`], say).
///
/// ```
/// use movegen::{Board, Move, MoveKind, Square};
///
/// let board = Board::startpos();
/// let error = board.play(Move::new(Square::E2, Square::E4, MoveKind::Normal)).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "illegal move e2e4 (normal); the legal move between these squares is e2e4 (double push): \
///      build moves with Board::find_move or Board::parse_uci"
/// );
/// assert_eq!(error.legal(), board.find_move(Square::E2, Square::E4, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalMove {
    mv: Move,
    legal: Option<Move>,
}

impl IllegalMove {
    /// The move that was refused.
    #[must_use]
    pub const fn refused(&self) -> Move {
        self.mv
    }

    /// The legal move of the position with the same origin and destination (and promotion),
    /// if any: what the caller probably meant.
    #[must_use]
    pub const fn legal(&self) -> Option<Move> {
        self.legal
    }
}

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move {} ({})", self.mv, self.mv.kind())?;
        if let Some(legal) = self.legal {
            write!(
                f,
                "; the legal move between these squares is {legal} ({}): build moves with \
                 Board::find_move or Board::parse_uci",
                legal.kind()
            )?;
        }
        Ok(())
    }
}

impl core::error::Error for IllegalMove {}

impl Board {
    /// The position after `mv`, or an error if `mv` is not legal here (checked with
    /// [`Board::is_legal`]). Search code that plays generated moves uses
    /// [`Board::play_unchecked`].
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] when `mv` is not one of the legal moves of this position, kind
    /// included.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// let after = board.play(board.parse_uci("e2e4")?)?;
    /// assert_eq!(after.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert!(after.play(board.parse_uci("d2d4")?).is_err()); // not Black's move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: Move) -> Result<Board, IllegalMove> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove {
                mv,
                legal: self.find_move(mv.from(), mv.to(), mv.promotion()),
            })
        }
    }

    /// The position after `mv`, which must be a legal move of this position (one the generator
    /// produced): copy-make. The board itself is unchanged; [`Board::make`] plays in place.
    /// Debug builds assert that `mv` is legal; in release builds any other move gives an
    /// unspecified, possibly inconsistent board, but never undefined behaviour or a panic.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// let mv = board.legal_moves()[0];
    /// let child = board.play_unchecked(mv); // a new board: `board` is as it was
    /// assert_ne!(child, board);
    /// ```
    ///
    /// The result is `#[must_use]`: calling it for its effect, as if it played in place, is
    /// reported (here made an error).
    ///
    /// ```compile_fail
    /// #![deny(unused_must_use)]
    /// let board = movegen::Board::startpos();
    /// let mv = board.legal_moves()[0];
    /// board.play_unchecked(mv); // error: the new board is dropped
    /// ```
    #[inline]
    #[must_use = "play_unchecked returns the new position and leaves this board unchanged; \
                  use make to play in place"]
    pub fn play_unchecked(&self, mv: Move) -> Board {
        debug_assert!(
            self.is_legal(mv),
            "play_unchecked: {mv:?} is illegal in {self}"
        );
        self.play_any(mv)
    }

    /// Copy-make without the legality assertion: for crate code that promises no panic on an
    /// illegal move (an unspecified board instead).
    #[inline]
    pub(crate) fn play_any(&self, mv: Move) -> Board {
        match self.side_to_move() {
            Color::White => play_out::<White>(self, mv),
            Color::Black => play_out::<Black>(self, mv),
        }
    }

    /// The legal move from `from` to `to` (promoting to `promotion`), if there is one: the way
    /// to turn squares from a GUI, a book or another encoding into a [`Move`] with the right
    /// [`MoveKind`] (double push, en passant, castling). Castling is found both from the
    /// king's destination (`e1g1`) and as king-takes-rook (`e1h1`); a king step to the same
    /// square comes first (Chess960).
    ///
    /// ```
    /// use movegen::{Board, MoveKind, Role, Square};
    ///
    /// let board = Board::startpos();
    /// let mv = board.find_move(Square::E2, Square::E4, None).unwrap();
    /// assert_eq!(mv.kind(), MoveKind::DoublePush);
    /// assert_eq!(board.find_move(Square::E2, Square::E5, None), None);
    /// let board = "4k3/P7/8/8/8/8/8/4K2R w K - 0 1".parse::<Board>()?;
    /// assert_eq!(board.find_move(Square::A7, Square::A8, Some(Role::Knight)).unwrap().to_string(), "a7a8n");
    /// assert!(board.find_move(Square::E1, Square::G1, None).unwrap().is_castling());
    /// assert!(board.find_move(Square::E1, Square::H1, None).unwrap().is_castling());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        if !self.colored(self.side_to_move()).contains(from) {
            return None;
        }
        let mut exact = None;
        let mut castling_by_destination = None;
        self.generate_moves(|moves| {
            if moves.from == from {
                for mv in moves.moves() {
                    if mv.to() == to && mv.promotion() == promotion {
                        exact = Some(mv);
                    } else if mv.is_castling()
                        && promotion.is_none()
                        && mv.castling_king_target() == to
                    {
                        castling_by_destination = Some(mv);
                    }
                }
            }
            moves.from == from
        });
        exact.or(castling_by_destination)
    }
}

/// Copy-make for side `S` to move, built in the caller's slot.
///
/// The child is written where the caller keeps it: [`play_into`] stays out of line and fills
/// the slot it is given, so the compiler passes the caller's own slot (a board the caller
/// then hands on by reference is copied once, from the parent). Built in a local of its own
/// and returned, the child is copied a second time, and that copy reads back as a whole what
/// the make has just written field by field, a load the CPU cannot forward from those
/// stores: 1.4x the time of the full-make tree (docs/speed.md).
#[inline(always)]
fn play_out<S: Side>(board: &Board, mv: Move) -> Board {
    let mut next = MaybeUninit::<Board>::uninit();
    play_into::<S>(board, mv, &mut next);
    // SAFETY: `play_into` initialises the whole board (`MaybeUninit::write` of a copy of
    // `board`) before anything else, on every path; it has no early return and cannot
    // panic before that write.
    unsafe { next.assume_init() }
}

/// Writes the position after `mv` into `out` (see [`play_out`]).
#[inline(never)]
fn play_into<S: Side>(board: &Board, mv: Move, out: &mut MaybeUninit<Board>) {
    let next = out.write(*board);
    // Not a move of this position (no piece on its origin): the copy, unchanged, rather
    // than inventing a piece.
    if let Some(role) = board.role_at(mv.from()) {
        make_role::<S>(next, role, mv);
    }
}

/// Copy-make for side `S` moving its `role` (the piece on `mv.from()`, known to the caller).
///
/// The copy is made here, in the caller's frame, and changed in place out of line: returning
/// the new board from the out-of-line function instead would write its fields one by one and
/// read them straight back as a whole to copy it out, a load the CPU cannot forward from
/// those stores.
#[inline(always)]
pub(crate) fn play_role<S: Side>(board: &Board, role: Role, mv: Move) -> Board {
    let mut next = *board;
    make_role_apart::<S>(&mut next, role, mv);
    next
}

hot_fn! {
    /// [`make_role`] out of line, for copy-make.
    fn make_role_apart<S: Side>(board: &mut Board, role: Role, mv: Move) {
        make_role::<S>(board, role, mv);
    }
}

/// Plays `mv` of side `S`'s `role` on `board` in place; returns the captured role, if any.
/// The changes of key are gathered in a register and applied to the hash once.
#[inline(always)]
pub(crate) fn make_role<S: Side>(board: &mut Board, role: Role, mv: Move) -> Option<Role> {
    let us = S::COLOR;
    let them = S::Other::COLOR;
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    let rights = board.castling_bits();
    let mut key = board.set_en_passant_keyed(None) ^ board.flip_side_to_move_keyed();
    let fullmove = board
        .fullmove_number()
        .saturating_add((us == Color::Black) as u16);
    board.set_clocks(board.halfmove_clock().saturating_add(1), fullmove);

    if kind == MoveKind::Castling {
        let (king_to, rook_to) = mv.castling_destinations();
        key ^= board.remove_keyed(us, Role::King, from);
        key ^= board.remove_keyed(us, Role::Rook, to);
        key ^= board.put_keyed(us, Role::King, king_to);
        key ^= board.put_keyed(us, Role::Rook, rook_to);
        key ^= board.set_castling_keyed(
            rights & !(CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us)),
        );
        board.toggle_hash(key);
        return None;
    }
    let mut captured = None;
    if kind == MoveKind::EnPassant {
        key ^= board.remove_keyed(them, Role::Pawn, to.offset(-S::UP));
        board.set_clocks(0, fullmove);
        captured = Some(Role::Pawn);
    } else if board.colored(them).contains(to)
        && let Some(victim) = board.role_at(to)
    {
        key ^= board.remove_keyed(them, victim, to);
        board.set_clocks(0, fullmove);
        captured = Some(victim);
    }
    match mv.promotion() {
        Some(promoted) => {
            key ^= board.remove_keyed(us, role, from);
            key ^= board.put_keyed(us, promoted, to);
        }
        None => key ^= board.shift_keyed(us, role, from, to),
    }
    if role == Role::Pawn {
        board.set_clocks(0, fullmove);
        if kind == MoveKind::DoublePush {
            let ep = from.offset(S::UP);
            if (pawn_attacks(us, ep) & board.colored_pieces(them, Role::Pawn)).any() {
                key ^= board.set_en_passant_keyed(Some(ep));
            }
        }
    }
    // Castling rooks and kings with rights all stand on the back ranks.
    let touched = Bitboard::from_square(from).with(to);
    if rights != 0 && (touched & Bitboard::BACK_RANKS).any() {
        let lost = lost_rights(board, role, us, touched) & rights;
        if lost != 0 {
            key ^= board.set_castling_keyed(rights & !lost);
        }
    }
    board.toggle_hash(key);
    captured
}

/// The castling rights lost when a `role` of `us` moves between the `touched` squares: all of
/// ours when the king moves, and the right of any castling rook leaving or captured.
#[inline(always)]
pub(crate) fn lost_rights(board: &Board, role: Role, us: Color, touched: Bitboard) -> u8 {
    let mut lost = 0;
    if role == Role::King {
        lost |= CastlingSide::KingSide.bit(us) | CastlingSide::QueenSide.bit(us);
    }
    for (i, &rook) in board.castling_rooks().iter().enumerate() {
        if touched.contains(rook) {
            lost |= 1 << i;
        }
    }
    lost
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::moves::{Move, MoveKind};
    use crate::types::Square;

    /// `play_into` initialises the whole child on both of its paths (the `unsafe` in
    /// `play_out`): every field compares equal to the board made in place, and a move with no
    /// piece on its origin gives the copy unchanged. Valgrind's memcheck runs this test in CI,
    /// where a field left uninitialised would be reported.
    #[test]
    fn copy_make_initialises_the_whole_child() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        for fen in fens {
            let board: Board = fen.parse().unwrap();
            for mv in board.legal_moves() {
                let mut made = board;
                let _ = made.make(mv);
                assert_eq!(board.play_unchecked(mv), made, "{fen} {mv}");
                assert_eq!(made.hash(), made.compute_hash(), "{fen} {mv}");
            }
            let empty = Square::ALL
                .into_iter()
                .find(|&sq| board.piece_at(sq).is_none())
                .unwrap();
            let stray = Move::new(empty, Square::A1, MoveKind::Normal);
            assert_eq!(board.play_any(stray), board, "{fen}");
        }
    }
}
