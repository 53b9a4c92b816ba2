//! Make/unmake in place, beside copy-make ([`Board::play_unchecked`]), and the null move.
//!
//! [`Board::make`] changes the board and returns a 16-byte [`Undo`] record; [`Board::unmake`]
//! takes the same move and record back. The hash stays incremental both ways (unmake restores
//! the saved key). Measured here, copy-make executes 12% fewer instructions than make/unmake
//! and wall-clock is a draw within noise (docs/library.md, "Embedding in a search engine"): the
//! board is 120 bytes, and copying it costs about as much as undoing each change. Perft uses
//! copy-make.

use crate::board::{Board, State};
use crate::moves::{Move, MoveKind};
use crate::play::make_role;
use crate::side::{Black, Side, White};
use crate::types::{Color, Role};

/// What [`Board::make`] or [`Board::make_null`] saved to undo the move: the captured piece,
/// castling rights, en-passant square, clocks and hash.
///
/// ```
/// use movegen::{Board, Undo};
///
/// let mut board = Board::startpos();
/// let mv = board.parse_uci("e2e4")?;
/// let undo: Undo = board.make(mv);
/// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// board.unmake(mv, undo);
/// assert_eq!(board, Board::startpos());
/// # Ok::<(), movegen::UciError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    state: State,
}

const _: () = assert!(core::mem::size_of::<Undo>() == 16);

impl Board {
    /// Plays the legal move `mv` in place and returns what [`Board::unmake`] needs to take it
    /// back. Debug builds assert that `mv` is legal; in release builds a move that is not
    /// legal here leaves the board unspecified (never a panic).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut board = Board::startpos();
    /// let before = board;
    /// let mv = board.parse_uci("g1f3")?;
    /// let undo = board.make(mv);
    /// assert_eq!(board, before.play_unchecked(mv));
    /// board.unmake(mv, undo);
    /// assert_eq!(board, before);
    /// # Ok::<(), movegen::UciError>(())
    /// ```
    #[inline]
    #[must_use = "unmake needs the Undo record to take the move back"]
    pub fn make(&mut self, mv: Move) -> Undo {
        debug_assert!(self.is_legal(mv), "make: {mv:?} is illegal in {self}");
        let mut state = self.state();
        state.captured = match self.role_at(mv.from()) {
            None => None,
            Some(role) => match self.side_to_move() {
                Color::White => make_role::<White>(self, role, mv),
                Color::Black => make_role::<Black>(self, role, mv),
            },
        };
        Undo { state }
    }

    /// Takes back `mv`, which [`Board::make`] played and which returned `undo`.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// let mut board = kiwipete;
    /// for mv in kiwipete.legal_moves() {
    ///     let undo = board.make(mv); // captures and castling included
    ///     board.unmake(mv, undo);
    ///     assert_eq!(board, kiwipete);
    /// }
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        match self.side_to_move() {
            Color::White => unmake_side::<Black>(self, mv, undo),
            Color::Black => unmake_side::<White>(self, mv, undo),
        }
    }

    /// Passes the move to the opponent in place (null-move pruning): the en-passant square goes,
    /// the halfmove clock counts on. `None`, with the board unchanged, when the side to move is
    /// in check (passing would leave the king capturable).
    ///
    /// ```
    /// use movegen::{Board, Color};
    ///
    /// let mut board = Board::startpos();
    /// let undo = board.make_null().expect("not in check");
    /// assert_eq!(board.side_to_move(), Color::Black);
    /// assert_eq!(board.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
    /// board.unmake_null(undo);
    /// assert_eq!(board, Board::startpos());
    /// let mut checked: Board = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse()?;
    /// assert!(checked.make_null().is_none());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use = "unmake_null needs the Undo record to take the null move back"]
    pub fn make_null(&mut self) -> Option<Undo> {
        if self.in_check() {
            return None;
        }
        let state = self.state();
        let us = self.side_to_move();
        self.set_en_passant(None);
        self.set_side_to_move(us.other());
        let fullmove = self
            .fullmove_number()
            .saturating_add((us == Color::Black) as u16);
        self.set_clocks(self.halfmove_clock().saturating_add(1), fullmove);
        Some(Undo { state })
    }

    /// Takes back a null move made by [`Board::make_null`].
    ///
    /// ```
    /// use movegen::{Board, Square};
    ///
    /// let before: Board = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3".parse()?;
    /// let mut board = before;
    /// let undo = board.make_null().expect("not in check");
    /// assert_eq!(board.en_passant(), None); // passing gives up the capture
    /// board.unmake_null(undo);
    /// assert_eq!(board.en_passant(), Some(Square::E3));
    /// assert_eq!(board, before);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    pub fn unmake_null(&mut self, undo: Undo) {
        self.restore_state(&undo.state);
    }

    /// The position after passing (copy-make form of [`Board::make_null`]); `None` in check.
    ///
    /// ```
    /// use movegen::{Board, Color, Square};
    ///
    /// let board: Board = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3".parse()?;
    /// let passed = board.null_move().expect("not in check");
    /// assert_eq!(passed.to_string(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4");
    /// assert_eq!((board.side_to_move(), board.en_passant()), (Color::Black, Some(Square::E3)));
    /// let checked: Board = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1".parse()?;
    /// assert_eq!(checked.null_move(), None);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn null_move(&self) -> Option<Board> {
        let mut next = *self;
        next.make_null().map(|_| next)
    }
}

/// Unmake for side `S`, the side that played `mv`.
#[inline(always)]
///
/// The pieces change through the `_keyed` forms, whose changes of key are dropped: the saved
/// hash is restored at the end.
fn unmake_side<S: Side>(board: &mut Board, mv: Move, undo: Undo) {
    let us = S::COLOR;
    let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
    if kind == MoveKind::Castling {
        let (king_to, rook_to) = mv.castling_destinations();
        if board.role_at(king_to) == Some(Role::King) && board.role_at(rook_to) == Some(Role::Rook)
        {
            board.remove_keyed(us, Role::King, king_to);
            board.remove_keyed(us, Role::Rook, rook_to);
            board.put_keyed(us, Role::King, from);
            board.put_keyed(us, Role::Rook, to);
        }
    } else if let Some(role) = board.role_at(to).filter(|_| board.colored(us).contains(to)) {
        match mv.promotion() {
            Some(_) => {
                board.remove_keyed(us, role, to);
                board.put_keyed(us, Role::Pawn, from);
            }
            None => _ = board.shift_keyed(us, role, to, from),
        }
        if let Some(captured) = undo.state.captured {
            let square = if kind == MoveKind::EnPassant {
                to.offset(-S::UP)
            } else {
                to
            };
            board.put_keyed(S::Other::COLOR, captured, square);
        }
    }
    board.restore_state(&undo.state);
}
