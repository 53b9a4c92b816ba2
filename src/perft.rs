//! Perft: the number of leaf nodes of the legal move tree to a given depth, the standard test
//! of a move generator. The last ply is counted without playing the moves (bulk counting: a
//! popcount of each piece's target set).

use crate::board::Board;
use crate::movegen::{count, generate};
use crate::moves::{MAX_MOVES, Move, MoveList};
use crate::play::play;
use crate::side::{Black, Side, White};
use crate::types::Color;

/// Number of leaf nodes at `depth` plies from `board` (1 at depth 0).
pub fn perft(board: &Board, depth: u32) -> u64 {
    match board.side_to_move() {
        Color::White => perft_side::<White>(board, depth),
        Color::Black => perft_side::<Black>(board, depth),
    }
}

fn perft_side<S: Side>(board: &Board, depth: u32) -> u64 {
    debug_assert_eq!(
        board.hash(),
        board.compute_hash(),
        "incremental hash of {board}"
    );
    match depth {
        0 => 1,
        1 => count::<S>(board),
        _ => {
            let mut list = MoveList::new();
            generate::<S>(board, &mut |moves| {
                list.extend_piece(moves);
                false
            });
            list.iter()
                .map(|&mv| perft_side::<S::Other>(&play::<S>(board, mv), depth - 1))
                .sum()
        }
    }
}

/// Perft split by root move, in generation order, with no heap allocation.
#[derive(Clone, Debug)]
pub struct Divide {
    entries: [(Move, u64); MAX_MOVES],
    len: usize,
}

impl Divide {
    /// The root moves with their subtree counts.
    pub fn entries(&self) -> &[(Move, u64)] {
        &self.entries[..self.len]
    }

    /// The sum over all root moves (perft of the root).
    pub fn total(&self) -> u64 {
        self.entries().iter().map(|&(_, n)| n).sum()
    }
}

/// Perft of each root move at `depth` (each child searched to `depth - 1`). Depth 0 has no
/// root moves.
pub fn perft_divide(board: &Board, depth: u32) -> Divide {
    let mut divide = Divide {
        entries: [(
            Move::new(
                crate::Square::A1,
                crate::Square::A1,
                crate::MoveKind::Normal,
            ),
            0,
        ); MAX_MOVES],
        len: 0,
    };
    if depth == 0 {
        return divide;
    }
    for (slot, &mv) in divide.entries.iter_mut().zip(board.legal_moves().iter()) {
        *slot = (mv, perft(&board.play_unchecked(mv), depth - 1));
        divide.len += 1;
    }
    divide
}
