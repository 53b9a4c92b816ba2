//! Setting up positions without FEN text: the 960 Chess960 start positions by number, and
//! [`BoardBuilder`], a board assembled piece by piece and validated as FEN parsing validates.

use crate::PositionError;
use crate::board::{Board, CastlingSide};
use crate::fen::{check_checks, check_en_passant, check_material};
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// The knights' places among the five squares left after the bishops and the queen, by the
/// Scharnagl number's last digit (0 to 9).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of Chess960 start position `n` (Scharnagl's numbering, below 960), a to h.
fn chess960_back_rank(n: u16) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = usize::from(n);
    // The light-squared bishop on b, d, f or h; the dark-squared one on a, c, e or g.
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    // Puts `role` on the `nth` square still free, counting from the a-file.
    let place = |rank: &mut [Option<Role>; 8], nth: usize, role: Role| {
        if let Some(slot) = rank.iter_mut().filter(|r| r.is_none()).nth(nth) {
            *slot = Some(role);
        }
    };
    place(&mut rank, n % 6, Role::Queen);
    n /= 6;
    // Place the second knight first: the first one's index among the free squares stays.
    let (first, second) = KNIGHTS[n];
    place(&mut rank, second, Role::Knight);
    place(&mut rank, first, Role::Knight);
    // The three squares left: rook, king, rook.
    for role in [Role::Rook, Role::King, Role::Rook] {
        place(&mut rank, 0, role);
    }
    rank.map(|role| role.unwrap_or(Role::Pawn))
}

impl Board {
    /// Chess960 start position `n` in Scharnagl's numbering (0 to 959; 518 is the standard
    /// array), with all four castling rights; `None` for `n` of 960 or more.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// assert_eq!(Board::chess960_startpos(518), Some(Board::startpos()));
    /// let first = Board::chess960_startpos(0).unwrap();
    /// assert_eq!(first.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(first.is_chess960());
    /// assert_eq!(Board::chess960_startpos(960), None);
    /// ```
    #[must_use]
    pub fn chess960_startpos(n: u16) -> Option<Board> {
        Board::double_chess960_startpos(n, n)
    }

    /// A start position with White's back rank from Chess960 position `white` and Black's
    /// from `black` (Scharnagl numbers, 0 to 959), all four castling rights; `None` when
    /// either number is 960 or more.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::double_chess960_startpos(518, 0).unwrap();
    /// assert_eq!(board.to_string(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert_eq!(board.legal_moves().len(), 20);
    /// assert_eq!(Board::double_chess960_startpos(0, 960), None);
    /// ```
    #[must_use]
    pub fn double_chess960_startpos(white: u16, black: u16) -> Option<Board> {
        if white >= 960 || black >= 960 {
            return None;
        }
        let mut builder = BoardBuilder::empty();
        for (color, n) in [(Color::White, white), (Color::Black, black)] {
            let back = Rank::First.relative_to(color);
            let pawns = Rank::Second.relative_to(color);
            let roles = chess960_back_rank(n);
            for (file, role) in File::ALL.into_iter().zip(roles) {
                builder.put(Square::from_coords(file, back), Piece { color, role });
                builder.put(
                    Square::from_coords(file, pawns),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
            }
            let mut rooks = File::ALL
                .into_iter()
                .filter(|&f| roles[f.index()] == Role::Rook);
            let (queen_side, king_side) = (rooks.next()?, rooks.next()?);
            builder.set_castling(
                color,
                CastlingSide::QueenSide,
                Some(Square::from_coords(queen_side, back)),
            );
            builder.set_castling(
                color,
                CastlingSide::KingSide,
                Some(Square::from_coords(king_side, back)),
            );
        }
        builder.build().ok()
    }
}

/// A position assembled piece by piece, then checked by [`BoardBuilder::build`] exactly as FEN
/// parsing checks one: the same [`PositionError`] for the same fault.
///
/// Start from [`BoardBuilder::empty`] or from a board (`BoardBuilder::from(board)`); each
/// setter returns the builder, so calls chain. Castling rights are given by their rook's
/// square (any file: Chess960 too); the en-passant square is kept only when a pawn of the side
/// to move could capture there, as FEN parsing keeps it.
///
/// ```
/// use movegen::{Board, BoardBuilder, CastlingSide, Color, Piece, PositionError, Role, Square};
///
/// let mut builder = BoardBuilder::empty();
/// builder
///     .put(Square::E1, Piece { color: Color::White, role: Role::King })
///     .put(Square::H1, Piece { color: Color::White, role: Role::Rook })
///     .put(Square::E8, Piece { color: Color::Black, role: Role::King })
///     .set_castling(Color::White, CastlingSide::KingSide, Some(Square::H1))
///     .set_fullmove_number(30);
/// let board = builder.build()?;
/// assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 30");
///
/// // The faults FEN parsing reports, with the same errors.
/// builder.remove(Square::E8);
/// assert_eq!(builder.build(), Err(PositionError::KingCount { color: Color::Black, found: 0 }));
///
/// // From a board, changed, then built again.
/// let mut from_start = BoardBuilder::from(Board::startpos());
/// from_start.remove(Square::D8).set_side_to_move(Color::Black);
/// assert_eq!(
///     from_start.build()?.to_string(),
///     "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"
/// );
/// # Ok::<(), PositionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardBuilder {
    pieces: [Option<Piece>; 64],
    side_to_move: Color,
    /// The rook of each right, indexed `2 * color + side` (as the board indexes them).
    castling: [Option<Square>; 4],
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
}

impl Default for BoardBuilder {
    fn default() -> BoardBuilder {
        BoardBuilder::empty()
    }
}

impl BoardBuilder {
    /// No pieces, White to move, no castling rights or en-passant square, halfmove clock 0,
    /// move 1.
    #[must_use]
    pub const fn empty() -> BoardBuilder {
        BoardBuilder {
            pieces: [None; 64],
            side_to_move: Color::White,
            castling: [None; 4],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces[sq.index()]
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> &mut BoardBuilder {
        self.pieces[sq.index()] = Some(piece);
        self
    }

    /// Empties `sq`.
    pub fn remove(&mut self, sq: Square) -> &mut BoardBuilder {
        self.pieces[sq.index()] = None;
        self
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) -> &mut BoardBuilder {
        self.side_to_move = color;
        self
    }

    /// The rook square of `color`'s castling right on `side`, if it is granted.
    #[must_use]
    pub fn castling(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.castling[2 * color.index() + side as usize]
    }

    /// Grants `color` the castling right on `side` with the rook on `rook`, or takes it away
    /// (`None`). [`BoardBuilder::build`] checks that the king stands on its back rank, the
    /// rook on `rook` (on that rank, on `side` of the king).
    pub fn set_castling(
        &mut self,
        color: Color,
        side: CastlingSide,
        rook: Option<Square>,
    ) -> &mut BoardBuilder {
        self.castling[2 * color.index() + side as usize] = rook;
        self
    }

    /// The en-passant square as set (before [`BoardBuilder::build`] drops one no pawn can use).
    #[must_use]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Sets the square a pawn just skipped with a double push, or none.
    pub fn set_en_passant(&mut self, sq: Option<Square>) -> &mut BoardBuilder {
        self.en_passant = sq;
        self
    }

    /// The halfmove clock (moves since the last capture or pawn move).
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The fullmove number (1 in the first move).
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// Sets the halfmove clock (moves since the last capture or pawn move).
    pub fn set_halfmove_clock(&mut self, clock: u16) -> &mut BoardBuilder {
        self.halfmove_clock = clock;
        self
    }

    /// Sets the move number. Numbers start at 1: 0 is taken as 1.
    pub fn set_fullmove_number(&mut self, number: u16) -> &mut BoardBuilder {
        self.fullmove_number = number.max(1);
        self
    }

    /// The board, checked in the order FEN parsing checks one: one king and at most 16
    /// pieces per side and no pawn on a back rank, then each castling right (in the order
    /// white king side, white queen side, black king side, black queen side), then the
    /// en-passant square (the pawn that double-pushed past it in front of it, the square and
    /// the one behind empty, on the third or sixth rank), then checks (the side not to move not
    /// in check, at most two checkers).
    ///
    /// ```
    /// use movegen::{BoardBuilder, CastlingSide, Color, Piece, PositionError, Role, Square};
    ///
    /// let mut builder = BoardBuilder::empty();
    /// builder
    ///     .put(Square::E1, Piece { color: Color::White, role: Role::King })
    ///     .put(Square::E8, Piece { color: Color::Black, role: Role::King })
    ///     .set_castling(Color::White, CastlingSide::QueenSide, Some(Square::A1));
    /// assert_eq!(
    ///     builder.build(),
    ///     Err(PositionError::CastlingWithoutPieces { color: Color::White, side: CastlingSide::QueenSide })
    /// );
    /// builder.set_castling(Color::White, CastlingSide::QueenSide, None).set_en_passant(Some(Square::D6));
    /// assert_eq!(builder.build(), Err(PositionError::EnPassantWithoutPawn { square: Square::D6 }));
    /// ```
    pub fn build(&self) -> Result<Board, PositionError> {
        let mut board = Board::empty();
        for sq in Square::ALL {
            if let Some(piece) = self.pieces[sq.index()] {
                board.put(piece.color, piece.role, sq);
            }
        }
        board.set_side_to_move(self.side_to_move);
        board.set_clocks(self.halfmove_clock, self.fullmove_number.max(1));
        check_material(&board)?;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling(color, side) {
                    check_castling(&board, color, side, rook)?;
                    board.grant_castling(color, side, rook);
                }
            }
        }
        if let Some(ep) = self.en_passant {
            let rank = Rank::Sixth.relative_to(self.side_to_move);
            if ep.rank() != rank {
                return Err(PositionError::EnPassantWithoutPawn { square: ep });
            }
            check_en_passant(&board, ep)?;
            let us = self.side_to_move;
            let capturers =
                crate::attacks::pawn_attacks(us.other(), ep) & board.colored_pieces(us, Role::Pawn);
            if capturers.any() {
                board.set_en_passant(Some(ep));
            }
        }
        check_checks(&board)?;
        Ok(board)
    }
}

/// A right of `color` on `side` with its rook on `rook`: the king on its back rank, our rook
/// on `rook` on that rank, on `side` of the king.
fn check_castling(
    board: &Board,
    color: Color,
    side: CastlingSide,
    rook: Square,
) -> Result<(), PositionError> {
    let back = Rank::First.relative_to(color);
    let king = board.king(color);
    let on_side = match side {
        CastlingSide::KingSide => rook.file() > king.file(),
        CastlingSide::QueenSide => rook.file() < king.file(),
    };
    let rook_there = board.colored_pieces(color, Role::Rook).contains(rook);
    if king.rank() != back || rook.rank() != back || !on_side || !rook_there {
        return Err(PositionError::CastlingWithoutPieces { color, side });
    }
    Ok(())
}

impl From<Board> for BoardBuilder {
    /// The board's pieces, side to move, castling rights, en-passant square and clocks: built
    /// again unchanged, it gives the same board.
    fn from(board: Board) -> BoardBuilder {
        let mut builder = BoardBuilder::empty();
        for sq in board.occupied() {
            builder.pieces[sq.index()] = board.piece_at(sq);
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                builder.set_castling(color, side, board.castling_rook(color, side));
            }
        }
        builder
            .set_side_to_move(board.side_to_move())
            .set_en_passant(board.en_passant())
            .set_halfmove_clock(board.halfmove_clock())
            .set_fullmove_number(board.fullmove_number());
        builder
    }
}
