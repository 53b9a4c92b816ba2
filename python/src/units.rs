//! Perft cut into units of bounded size, so that a long count can stop between them.
//!
//! Each item (a board and a depth: the root moves of a divide, the units of `perft_units`) is
//! expanded depth first, lazily, until every part is small: at most two plies deep, or with an
//! estimate (its number of legal moves to the power of its depth) under the limit. Threads
//! take the next part from the one walk under a lock, count it with the crate's perft, and
//! check the stop flag before taking another. A part's count is added to its item's total, so
//! the totals do not depend on the threads or their timing. The crate's perft recursion runs
//! unchanged inside each part.

use movegen::{Board, MoveList, Stats};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The estimated leaf nodes of a part counted in one go with plain perft (about 0.05 s at the
/// 2 Gnps of one Sapphire Rapids core; the estimate is low by a few times in busy positions).
pub(crate) const PERFT_LIMIT: f64 = 1e8;

/// The same for statistics perft, which classifies every leaf move and runs some 20 times
/// slower.
pub(crate) const STATS_LIMIT: f64 = 5e6;

/// A sum per item: leaf counts in 128 bits, or statistics.
pub(crate) trait Total: Default + Send {
    /// What one part's count gives.
    type Part: Send;
    /// Adds a part's count.
    fn add(&mut self, part: Self::Part);
    /// Adds another thread's total for the same item.
    fn merge(&mut self, other: Self);
}

impl Total for u128 {
    type Part = u64;
    fn add(&mut self, part: u64) {
        *self += u128::from(part);
    }
    fn merge(&mut self, other: u128) {
        *self += other;
    }
}

impl Total for Stats {
    type Part = Stats;
    fn add(&mut self, part: Stats) {
        *self += part;
    }
    fn merge(&mut self, other: Stats) {
        *self += other;
    }
}

/// A position being expanded: its moves, the next one to take, the depth below its children.
struct Frame {
    board: Board,
    moves: MoveList,
    next: usize,
    depth: u32,
}

/// One part: the item it belongs to, its position and depth.
struct Part {
    item: usize,
    board: Board,
    depth: u32,
}

/// The lazy depth-first walk that hands out parts.
struct Walk<'a> {
    items: &'a [(Board, u32)],
    next_item: usize,
    item: usize,
    stack: Vec<Frame>,
    limit: f64,
}

/// The estimated leaves below `board` at `depth`, and its moves.
fn estimate(board: &Board, depth: u32) -> (f64, MoveList) {
    let moves = board.legal_moves();
    (f64::from(moves.len() as u32).powi(depth as i32), moves)
}

impl Walk<'_> {
    /// The part to count now, or `None` when every item is handed out.
    fn next_part(&mut self) -> Option<Part> {
        loop {
            let (board, depth) = match self.stack.last_mut() {
                Some(top) if top.next < top.moves.len() => {
                    let mv = top.moves[top.next];
                    top.next += 1;
                    (top.board.play_unchecked(mv), top.depth)
                }
                Some(_) => {
                    self.stack.pop();
                    continue;
                }
                None => {
                    let &(board, depth) = self.items.get(self.next_item)?;
                    self.item = self.next_item;
                    self.next_item += 1;
                    (board, depth)
                }
            };
            if depth <= 2 {
                return Some(Part {
                    item: self.item,
                    board,
                    depth,
                });
            }
            let (size, moves) = estimate(&board, depth);
            if size <= self.limit {
                return Some(Part {
                    item: self.item,
                    board,
                    depth,
                });
            }
            self.stack.push(Frame {
                board,
                moves,
                next: 0,
                depth: depth - 1,
            });
        }
    }
}

/// Whether `items` are small enough to count in one go (the sum of their estimates under
/// `limit`): then there is nothing to interrupt.
pub(crate) fn small(items: &[(Board, u32)], limit: f64) -> bool {
    items
        .iter()
        .map(|(board, depth)| estimate(board, *depth).0)
        .sum::<f64>()
        <= limit
}

/// The total of `count` over each item, on `threads` threads, in parts of about `limit`
/// leaves (fewer when that gives each thread too few parts). `None` if `stop` was set
/// before every part was counted.
pub(crate) fn count_items<T: Total>(
    items: &[(Board, u32)],
    threads: usize,
    limit: f64,
    stop: &AtomicBool,
    count: impl Fn(&Board, u32) -> T::Part + Sync,
) -> Option<Vec<T>> {
    // Enough parts per thread that they finish together.
    let whole: f64 = items.iter().map(|(b, d)| estimate(b, *d).0).sum();
    let limit = if threads > 1 {
        limit.min(whole / (threads as f64 * 64.0))
    } else {
        limit
    };
    let walk = Mutex::new(Walk {
        items,
        next_item: 0,
        item: 0,
        stack: Vec::new(),
        limit,
    });
    let work = || {
        let mut totals: Vec<T> = items.iter().map(|_| T::default()).collect();
        while !stop.load(Ordering::Relaxed) {
            // A poisoned lock means another thread panicked; its panic is passed on.
            let part = walk.lock().ok()?.next_part();
            let Some(part) = part else {
                return Some(totals);
            };
            totals[part.item].add(count(&part.board, part.depth));
        }
        None
    };
    let mut totals = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mine = work();
        let others: Vec<Option<Vec<T>>> = others
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        std::iter::once(mine)
            .chain(others)
            .collect::<Option<Vec<_>>>()
    })?;
    let mut sum = totals.pop()?;
    for other in totals {
        for (total, part) in sum.iter_mut().zip(other) {
            total.merge(part);
        }
    }
    Some(sum)
}
