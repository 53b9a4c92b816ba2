//! Staged generation for search: noisy moves (captures, en passant, promotions) first, quiet
//! moves only when the search gets that far, and the evasions of a position in check.
//!
//! Every stage is legal and comes from the one generator, split by destination: a move is
//! noisy when it lands on an enemy piece, captures en passant, or promotes (quiet promotions
//! included, all four pieces); everything else, castling included, is quiet. The two stages
//! partition the legal moves exactly; when in check they partition the evasions.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{MoveList, PieceMoves};
use crate::types::Role;

impl Board {
    /// The noisy legal moves: captures (en passant included) and promotions (all four pieces,
    /// with or without a capture). A quiescence search looks only at these.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1")?;
    /// let noisy: Vec<String> = board.noisy_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(noisy, ["e4d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    pub fn noisy_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_stage(true, &mut list);
        list
    }

    /// The quiet legal moves: everything [`Board::noisy_moves`] leaves out, castling included.
    pub fn quiet_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_stage(false, &mut list);
        list
    }

    /// The legal moves out of check when the side to move is in check (every legal move is
    /// then an evasion), and an empty list otherwise. The noisy and quiet stages split the
    /// evasions too.
    pub fn evasions(&self) -> MoveList {
        if self.in_check() {
            self.legal_moves()
        } else {
            MoveList::new()
        }
    }

    /// Appends the noisy or the quiet part of every piece's moves to `list`.
    fn generate_stage(&self, noisy: bool, list: &mut MoveList) {
        let theirs = self.colored(self.side_to_move().other());
        self.generate_moves(|moves| {
            let part = noisy_targets(&moves, theirs);
            let to = if noisy { part } else { moves.to & !part };
            list.extend_piece(PieceMoves {
                to,
                special: moves.special & to,
                ..moves
            });
            false
        });
    }
}

/// The noisy part of a piece's targets: enemy pieces, and for a pawn the back rank and the
/// en-passant square. A king's special targets are castling rooks (its own), never noisy.
#[inline]
fn noisy_targets(moves: &PieceMoves, theirs: Bitboard) -> Bitboard {
    let mut noisy = theirs;
    if moves.role == Role::Pawn {
        noisy |= Bitboard::BACK_RANKS | moves.special;
    }
    moves.to & noisy
}
