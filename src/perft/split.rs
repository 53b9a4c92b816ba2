//! Splitting a deep perft into units that can be counted anywhere and summed: the unique
//! positions `ply` plies below a root, each with its multiplicity (the number of move paths
//! from the root that reach it). `perft(root, D)` is the sum over the units of
//! `multiplicity * perft(unit, D - ply)`.
//!
//! Two paths reach the same unit only when the positions are equal in everything perft
//! depends on: the pieces, the side to move, the castling rights (with their rooks) and the
//! en-passant square when the capture there is legal. The board keeps an en-passant square
//! whenever a pawn stands beside the pawn that advanced, even when that pawn is pinned; such a
//! square changes no move, so two paths differing only by it reach one unit (as OEIS A083276
//! counts positions: 9,417,681 at ply 6 of the start position, not 9,417,683). The unit keeps
//! the board of the first path that reached it, so its FEN is exact for that path. Positions
//! are compared in full, never by the hash alone. The clocks do not change a perft, so a
//! unit's halfmove clock is 0 and its fullmove number 1.

use crate::board::Board;
use crate::moves::MoveKind;
use std::collections::HashMap;

/// The unique positions `ply` plies below `board` with their multiplicities, sorted by FEN
/// text (so a split is the same list on every machine). At ply 0 it is the root alone; a
/// position with no legal moves before `ply` contributes nothing (its subtree has no leaves
/// at that depth).
///
/// Memory grows with the unique positions: about 9.4 million at ply 6 of the start position
/// (some 1.5 GB), 72,078 at ply 4.
///
/// ```
/// use movegen::{Board, perft};
/// use movegen::perft::split;
///
/// let board = Board::startpos();
/// let units = split(&board, 2);
/// assert_eq!(units.len(), 400); // no transpositions after two plies
/// let total: u64 = units.iter().map(|(unit, paths)| paths * perft(unit, 3)).sum();
/// assert_eq!(total, perft(&board, 5));
/// ```
#[must_use]
pub fn split(board: &Board, ply: u32) -> Vec<(Board, u64)> {
    let mut sorted: Vec<(String, Board, u64)> = split_in_tree_order(board, ply)
        .into_iter()
        .map(|(unit, paths)| (unit.to_string(), unit, paths))
        .collect();
    sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    sorted
        .into_iter()
        .map(|(_, unit, paths)| (unit, paths))
        .collect()
}

/// The units of [`split`] in the order a depth-first walk of the tree (in legal-move order)
/// first meets them: neighbouring units then lie in neighbouring subtrees, which share the
/// most positions below them, so a worker counting a run of them finds more of those in its
/// hash table.
#[must_use]
pub fn split_in_tree_order(board: &Board, ply: u32) -> Vec<(Board, u64)> {
    let mut index: HashMap<Board, usize> = HashMap::new();
    let mut units = Vec::new();
    walk(board, ply, &mut index, &mut units);
    units
}

/// `unit` as move generation sees it: without its en-passant square when no legal move
/// captures there.
fn dedup_key(unit: &Board) -> Board {
    let mut key = *unit;
    if unit.en_passant().is_some()
        && !unit
            .legal_moves()
            .iter()
            .any(|mv| mv.kind() == MoveKind::EnPassant)
    {
        key.set_en_passant(None);
    }
    key
}

/// Adds the positions `ply` plies below `board` to `units`, one path each.
fn walk(board: &Board, ply: u32, index: &mut HashMap<Board, usize>, units: &mut Vec<(Board, u64)>) {
    if ply == 0 {
        let mut unit = *board;
        unit.set_clocks(0, 1);
        // Board equality is the full position (and the clocks, here the same for all); the key
        // drops an en-passant square whose capture is illegal.
        let next = units.len();
        let at = *index.entry(dedup_key(&unit)).or_insert(next);
        if at == next {
            units.push((unit, 0));
        }
        if let Some(entry) = units.get_mut(at) {
            entry.1 += 1;
        }
        return;
    }
    for &mv in board.legal_moves().iter() {
        walk(&board.play_unchecked(mv), ply - 1, index, units);
    }
}
