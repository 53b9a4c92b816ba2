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
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::collections::HashMap;
use std::string::{String, ToString};
use std::vec::Vec;

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
    // Never stopped, so never `None`.
    split_until(board, ply, &AtomicBool::new(false)).unwrap_or_default()
}

/// The units of [`split`] in the order a depth-first walk of the tree (in legal-move order)
/// first meets them: neighbouring units then lie in neighbouring subtrees, which share the
/// most positions below them, so a worker counting a run of them finds more of those in its
/// hash table.
#[must_use]
pub fn split_in_tree_order(board: &Board, ply: u32) -> Vec<(Board, u64)> {
    split_in_tree_order_until(board, ply, &AtomicBool::new(false)).unwrap_or_default()
}

/// [`split`], or `None` soon after another thread sets `stop` (checked every few thousand
/// positions, and between the chunks of the sort): for a caller that lets its user
/// interrupt a deep split.
///
/// ```
/// use movegen::Board;
/// use movegen::perft::split_until;
/// use std::sync::atomic::AtomicBool;
///
/// let board = Board::startpos();
/// assert_eq!(split_until(&board, 3, &AtomicBool::new(false)).map(|u| u.len()), Some(5362));
/// assert_eq!(split_until(&board, 3, &AtomicBool::new(true)), None);
/// ```
#[must_use]
pub fn split_until(board: &Board, ply: u32, stop: &AtomicBool) -> Option<Vec<(Board, u64)>> {
    let mut runs: Vec<Vec<(String, Board, u64)>> = Vec::new();
    for chunk in split_in_tree_order_until(board, ply, stop)?.chunks(SORT_CHUNK) {
        if stop.load(Relaxed) {
            return None;
        }
        let mut run: Vec<(String, Board, u64)> = chunk
            .iter()
            .map(|&(unit, paths)| (unit.to_string(), unit, paths))
            .collect();
        run.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        runs.push(run);
    }
    // Sorted runs merged two by two, the flag read as they go.
    while runs.len() > 1 {
        let mut merged = Vec::with_capacity(runs.len().div_ceil(2));
        let mut pairs = runs.into_iter();
        while let Some(first) = pairs.next() {
            merged.push(match pairs.next() {
                Some(second) => merge(first, second, stop)?,
                None => first,
            });
        }
        runs = merged;
    }
    Some(
        runs.into_iter()
            .flatten()
            .map(|(_, unit, paths)| (unit, paths))
            .collect(),
    )
}

/// Two runs sorted by FEN text as one, or `None` once `stop` is seen set.
fn merge(
    first: Vec<(String, Board, u64)>,
    second: Vec<(String, Board, u64)>,
    stop: &AtomicBool,
) -> Option<Vec<(String, Board, u64)>> {
    let mut out = Vec::with_capacity(first.len() + second.len());
    let mut first = first.into_iter().peekable();
    let mut second = second.into_iter().peekable();
    loop {
        if out.len() % SORT_CHUNK == SORT_CHUNK - 1 && stop.load(Relaxed) {
            return None;
        }
        let take_first = match (first.peek(), second.peek()) {
            (Some(a), Some(b)) => a.0 <= b.0,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => return Some(out),
        };
        out.extend(if take_first {
            first.next()
        } else {
            second.next()
        });
    }
}

/// [`split_in_tree_order`], or `None` soon after `stop` is set, as [`split_until`].
#[must_use]
pub fn split_in_tree_order_until(
    board: &Board,
    ply: u32,
    stop: &AtomicBool,
) -> Option<Vec<(Board, u64)>> {
    let mut index: HashMap<Board, usize> = HashMap::new();
    let mut units = Vec::new();
    walk(board, ply, &mut index, &mut units, stop)?;
    Some(units)
}

/// Units sorted at a time between checks of the stop flag.
const SORT_CHUNK: usize = 1 << 18;

/// `unit` as move generation sees it: without its en-passant square when no legal move
/// captures there.
pub(super) fn dedup_key(unit: &Board) -> Board {
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

/// Adds the positions `ply` plies below `board` to `units`, one path each; `None` once
/// `stop` is seen set (it is read at positions two or more plies above the units).
fn walk(
    board: &Board,
    ply: u32,
    index: &mut HashMap<Board, usize>,
    units: &mut Vec<(Board, u64)>,
    stop: &AtomicBool,
) -> Option<()> {
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
        return Some(());
    }
    if ply >= 2 && stop.load(Relaxed) {
        return None;
    }
    for &mv in board.legal_moves().iter() {
        walk(&board.play_unchecked(mv), ply - 1, index, units, stop)?;
    }
    Some(())
}
