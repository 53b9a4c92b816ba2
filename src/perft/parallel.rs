//! Perft on several threads, with an optional shared hash table.
//!
//! The tree is expanded from the root, one ply at a time, until there are many more subtrees
//! than threads (a few hundred for two threads); scoped threads then take subtrees from a shared
//! counter until none is left. Each subtree's count is added to its root move, so totals and
//! divide are the same whatever the threads and their timing.

use super::Stats;
use super::table::{Mode, Table};
use crate::board::Board;
use crate::moves::Move;
use core::ops::AddAssign;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;
use std::vec::Vec;

/// A count that can be summed across subtrees and reports its leaf nodes.
///
/// ```
/// use movegen::{Board, Stats, perft, perft_stats};
/// use movegen::perft::Tally;
///
/// fn total<R: Tally>(parts: &[R]) -> u64 {
///     parts.iter().map(Tally::leaves).sum()
/// }
/// let board = Board::startpos();
/// assert_eq!(total(&[perft(&board, 1), perft(&board, 2)]), 420);
/// let stats: Stats = perft_stats(&board, 3);
/// assert_eq!(stats.leaves(), 8902);
/// ```
pub trait Tally: Copy + Default + AddAssign + Send + Sync {
    /// Leaf nodes counted.
    fn leaves(&self) -> u64;
}

impl Tally for u64 {
    fn leaves(&self) -> u64 {
        *self
    }
}

impl Tally for Stats {
    fn leaves(&self) -> u64 {
        self.nodes
    }
}

/// Where a running perft stands, for a progress display.
///
/// ```
/// use movegen::{Board, perft};
/// use movegen::perft::{Progress, divide_parallel};
/// use std::time::Duration;
///
/// let mut last: Option<Progress> = None;
/// let interval = Duration::from_millis(1);
/// let divide = divide_parallel(&Board::startpos(), 5, 2, perft, interval, |p| last = Some(p));
/// assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), 4_865_609);
/// if let Some(p) = last {
///     // Reported while running (a fast machine may finish before the first report).
///     assert!(p.roots == 20 && p.roots_done <= p.roots && p.parts_done <= p.parts);
///     assert!(p.nodes <= 4_865_609);
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Root moves whose subtrees are all counted.
    pub roots_done: usize,
    /// Root moves.
    pub roots: usize,
    /// Subtrees counted.
    pub parts_done: usize,
    /// Subtrees in all.
    pub parts: usize,
    /// Leaf nodes counted so far.
    pub nodes: u128,
}

/// One subtree: its root move's index, its position, its depth.
struct Part {
    root: usize,
    board: Board,
    depth: u32,
}

/// The most threads [`divide_parallel`] starts (the `perft` command's limit too).
pub const MAX_THREADS: usize = 1024;

/// Runs `count` over the subtrees below each root move of `board` (at `depth`) on `threads`
/// threads (0 counts as 1; more than [`MAX_THREADS`], or more than there are subtrees, are not
/// started), calling `progress` about every `interval` while they run. Returns
/// each root move (in generation order) with the sum of its subtrees, `count` called with
/// depths from `depth - 1` down. Depth 0 has no root moves (as in
/// [`perft_divide`](super::perft_divide)): the list is empty, as it is for a position without
/// legal moves.
///
/// # Panics
///
/// Only if `count` panics (the panic is passed on once every thread has stopped).
///
/// ```
/// use movegen::{Board, Stats, perft_stats};
/// use movegen::perft::divide_parallel;
/// use std::time::Duration;
///
/// let divide = divide_parallel(&Board::startpos(), 4, 2, perft_stats, Duration::from_secs(1), |_| {});
/// assert_eq!(divide.len(), 20);
/// let stats = divide.iter().fold(Stats::default(), |sum, &(_, s)| sum + s);
/// assert_eq!((stats.nodes, stats.captures, stats.checks, stats.checkmates), (197_281, 1576, 469, 8));
/// ```
#[must_use]
pub fn divide_parallel<R: Tally>(
    board: &Board,
    depth: u32,
    threads: usize,
    count: impl Fn(&Board, u32) -> R + Sync,
    interval: Duration,
    mut progress: impl FnMut(Progress),
) -> Vec<(Move, R)> {
    if depth == 0 {
        return Vec::new();
    }
    let roots: Vec<Move> = board.legal_moves().iter().copied().collect();
    let mut parts: Vec<Part> = roots
        .iter()
        .enumerate()
        .map(|(root, &mv)| Part {
            root,
            board: board.play_unchecked(mv),
            depth: depth - 1,
        })
        .collect();
    // Split until there are plenty of parts per thread (so the last ones finish together),
    // keeping each part deep enough that the
    // fast perft paths (two plies by popcount) do the work.
    let threads = threads.clamp(1, MAX_THREADS);
    while threads > 1
        && !parts.is_empty()
        && parts.len() < threads * 512
        && parts.iter().all(|p| p.depth > 3)
    {
        parts = parts
            .iter()
            .flat_map(|p| {
                p.board
                    .legal_moves()
                    .iter()
                    .map(|&mv| Part {
                        root: p.root,
                        board: p.board.play_unchecked(mv),
                        depth: p.depth - 1,
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    // A thread with no subtree to take would only be started and joined.
    let threads = threads.min(parts.len()).max(1);
    let remaining: Vec<AtomicUsize> = (0..roots.len()).map(|_| AtomicUsize::new(0)).collect();
    for part in &parts {
        remaining[part.root].fetch_add(1, Relaxed);
    }
    let roots_done = AtomicUsize::new(remaining.iter().filter(|r| r.load(Relaxed) == 0).count());
    let next = AtomicUsize::new(0);
    let parts_done = AtomicUsize::new(0);
    let nodes = AtomicU64::new(0);
    let workers_done = AtomicUsize::new(0);
    let report = |parts_done: usize, nodes: u64| Progress {
        roots_done: roots_done.load(Relaxed),
        roots: roots.len(),
        parts_done,
        parts: parts.len(),
        nodes: u128::from(nodes),
    };
    let mut totals = vec![R::default(); roots.len()];
    let main = std::thread::current();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    // Counted as done when it returns or unwinds, so a panic cannot leave the
                    // calling thread waiting.
                    let _done = Done(&workers_done, &main);
                    let mut mine = vec![R::default(); roots.len()];
                    while let Some(part) = parts.get(next.fetch_add(1, Relaxed)) {
                        let result = count(&part.board, part.depth);
                        mine[part.root] += result;
                        nodes.fetch_add(result.leaves(), Relaxed);
                        parts_done.fetch_add(1, Relaxed);
                        if remaining[part.root].fetch_sub(1, Relaxed) == 1 {
                            roots_done.fetch_add(1, Relaxed);
                        }
                    }
                    mine
                })
            })
            .collect();
        // The calling thread reports progress until every worker is done.
        while workers_done.load(Relaxed) < threads {
            std::thread::park_timeout(interval);
            if workers_done.load(Relaxed) < threads {
                progress(report(parts_done.load(Relaxed), nodes.load(Relaxed)));
            }
        }
        for worker in workers {
            // A worker only panics if `count` does; pass that on.
            let mine = worker
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            for (total, part) in totals.iter_mut().zip(mine) {
                *total += part;
            }
        }
    });
    roots.into_iter().zip(totals).collect()
}

/// Marks a worker done when dropped, also while unwinding from a panic.
struct Done<'a>(&'a AtomicUsize, &'a std::thread::Thread);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Relaxed);
        self.1.unpark();
    }
}

/// Perft of `board` at `depth` using `table`: subtrees of depth 3 or more are looked up before
/// they are counted and stored after.
///
/// ```
/// use movegen::Board;
/// use movegen::perft::{Table, perft_hashed};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let table = Table::new(1).expect("1 MiB");
/// assert_eq!(perft_hashed(&board, 3, &table), 97_862);
/// assert_eq!(table.probe(&board, 3), Some(97_862)); // stored on the way out
/// assert_eq!(perft_hashed(&board, 3, &table), 97_862); // and answered from the table
/// # Ok::<(), movegen::FenError>(())
/// ```
#[must_use]
pub fn perft_hashed(board: &Board, depth: u32, table: &Table) -> u64 {
    hashed(board, depth, table, Mode::Plain, super::perft)
}

/// [`perft_full_make`](super::perft_full_make) using `table` (its entries kept apart from
/// bulk-counted ones): the same counts, every move above the table's depth played.
///
/// ```
/// use movegen::Board;
/// use movegen::perft::{Table, perft_full_make_hashed, perft_hashed};
///
/// let table = Table::new(1).expect("1 MiB");
/// let board = Board::startpos();
/// assert_eq!(perft_full_make_hashed(&board, 4, &table), 197_281);
/// assert_eq!(table.probe(&board, 4), None); // a bulk-counted perft would not find it
/// assert_eq!(perft_hashed(&board, 4, &table), 197_281);
/// ```
#[must_use]
pub fn perft_full_make_hashed(board: &Board, depth: u32, table: &Table) -> u64 {
    hashed(board, depth, table, Mode::FullMake, super::perft_full_make)
}

/// Subtrees of depth 3 or more looked up in `table` as `mode` entries; below, `count`.
fn hashed(
    board: &Board,
    depth: u32,
    table: &Table,
    mode: Mode,
    count: fn(&Board, u32) -> u64,
) -> u64 {
    if depth <= 2 {
        return count(board, depth);
    }
    if let Some(count) = table.probe_count(board, depth, mode) {
        return count;
    }
    let nodes = board
        .legal_moves()
        .iter()
        .map(|&mv| hashed(&board.play_unchecked(mv), depth - 1, table, mode, count))
        .sum();
    table.store_count(board, depth, mode, nodes);
    nodes
}

/// [`perft_stats`](super::perft_stats) using `table`: subtrees of depth 2 or more are looked up
/// before they are counted and stored after, as statistics entries (which a bulk-counted perft
/// never reads, nor this one its entries).
///
/// ```
/// use movegen::{Board, perft_stats};
/// use movegen::perft::{Table, perft_stats_hashed};
///
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let table = Table::new(1).expect("1 MiB");
/// let stats = perft_stats_hashed(&board, 3, &table);
/// assert_eq!((stats.nodes, stats.captures, stats.checks), (97_862, 17_102, 993));
/// assert_eq!(perft_stats_hashed(&board, 3, &table), stats); // from the table now
/// assert_eq!(table.probe(&board, 3), None);
/// # Ok::<(), movegen::FenError>(())
/// ```
#[must_use]
pub fn perft_stats_hashed(board: &Board, depth: u32, table: &Table) -> Stats {
    super::stats::stats_with(board, depth, table)
}
