//! Perft split by root move: each root move with its subtree count, on the stack.

use super::perft;
use crate::board::Board;
use crate::moves::{MAX_MOVES, Move};

/// Perft split by root move, in generation order, with no heap allocation.
///
/// ```
/// use movegen::{Board, Divide, perft_divide};
///
/// let divide: Divide = perft_divide(&Board::startpos(), 2);
/// assert_eq!(divide.entries().len(), 20);
/// assert!(divide.entries().iter().all(|&(_, nodes)| nodes == 20)); // Black always has 20 replies
/// assert_eq!(divide.total(), 400);
/// ```
#[derive(Clone, Debug)]
pub struct Divide {
    entries: [(Move, u64); MAX_MOVES],
    len: usize,
}

impl Divide {
    /// The root moves with their subtree counts.
    #[must_use]
    pub fn entries(&self) -> &[(Move, u64)] {
        &self.entries[..self.len]
    }

    /// The sum over all root moves: perft of the root for depth 1 and more. Depth 0 has no
    /// root moves, so the sum is 0 there, while `perft(board, 0)` is 1.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.entries().iter().map(|&(_, n)| n).sum()
    }
}

/// Perft of each root move at `depth` (each child searched to `depth - 1`). Depth 0 has no
/// root moves.
///
/// ```
/// use movegen::{Board, perft, perft_divide};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let divide = perft_divide(&board, 3);
/// assert_eq!((divide.entries().len(), divide.total()), (48, 97_862));
/// let (mv, nodes) = divide.entries()[0];
/// assert_eq!(nodes, perft(&board.play(mv)?, 2));
/// assert!(perft_divide(&board, 0).entries().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn perft_divide(board: &Board, depth: u32) -> Divide {
    let mut divide = Divide {
        entries: [(Move::NULL, 0); MAX_MOVES],
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
