//! Questions a search asks about one move without generating the whole list: is a move from
//! the transposition table (possibly garbage) legal here, and does a move give check.

use crate::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::board::Board;
use crate::movegen::piece_moves;
use crate::moves::{Move, MoveKind};
use crate::side::{Black, White};
use crate::types::{Color, Role, Square};

impl Board {
    /// Whether `mv` is a legal move here, exactly as the generator would produce it (kind
    /// included). Any 16-bit value is safe to ask about: a move read from a transposition table
    /// or a killer slot may belong to another position. Costs one piece's generation, not the
    /// whole list.
    ///
    /// ```
    /// use movegen::{Board, Move};
    ///
    /// let board = Board::startpos();
    /// let e2e4 = board.parse_uci("e2e4")?;
    /// assert!(board.is_legal(e2e4));
    /// let garbage = Move::from_raw(0x0fff).unwrap();
    /// assert!(!board.is_legal(garbage));
    /// # Ok::<(), movegen::UciError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let from = mv.from();
        if !self.colored(self.side_to_move()).contains(from) {
            return false;
        }
        let moves = match self.side_to_move() {
            Color::White => piece_moves::<White>(self, from),
            Color::Black => piece_moves::<Black>(self, from),
        };
        moves.contains(mv)
    }

    /// Whether the legal move `mv` gives check, computed without playing it: a direct check by
    /// the moved (or promoted) piece or by the castling rook, and discovered checks, including
    /// those opened by the pawn captured en passant. For a move that is not legal here the
    /// answer is unspecified (but there is no panic).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// // Castling gives check with the rook: O-O puts the rook on f1, facing f8.
    /// let board = Board::from_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert!(board.gives_check(board.parse_uci("e1g1")?));
    /// assert!(!board.gives_check(board.parse_uci("h1h2")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let king = self.king(us.other());
        let (from, to) = (mv.from(), mv.to());
        let Some(role) = self.role_at(from) else {
            return false;
        };
        let ours = self.colored(us);
        // Our sliders and the occupancy after the move; the moved piece is added back below.
        let mut diagonal = self.bishop_movers() & ours;
        let mut orthogonal = self.rook_movers() & ours;
        let mut occupied = self.occupied().without(from);
        diagonal = diagonal.without(from);
        orthogonal = orthogonal.without(from);
        let (landing, landed) = match mv.kind() {
            MoveKind::Castling => {
                let (king_to, rook_to) = mv.castling_destinations();
                occupied = occupied.without(to).with(king_to).with(rook_to);
                orthogonal = orthogonal.without(to);
                (rook_to, Role::Rook)
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                occupied = occupied.without(captured).with(to);
                (to, Role::Pawn)
            }
            _ => (to, mv.promotion().unwrap_or(role)),
        };
        occupied = occupied.with(landing);
        match landed {
            Role::Pawn => {
                if pawn_attacks(us, landing).contains(king) {
                    return true;
                }
            }
            Role::Knight => {
                if knight_attacks(landing).contains(king) {
                    return true;
                }
            }
            Role::Bishop => diagonal = diagonal.with(landing),
            Role::Rook => orthogonal = orthogonal.with(landing),
            Role::Queen => {
                diagonal = diagonal.with(landing);
                orthogonal = orthogonal.with(landing);
            }
            Role::King => {}
        }
        (bishop_attacks(king, occupied) & diagonal).any()
            || (rook_attacks(king, occupied) & orthogonal).any()
    }
}
