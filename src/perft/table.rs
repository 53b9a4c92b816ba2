//! A transposition table for perft: subtree counts memoised by position and depth, shared by
//! threads without locks.
//!
//! An entry holds the position's Zobrist key, a second key computed independently from the
//! position's bitboards and state, the depth and the count. A probe hits only when both keys and
//! the depth match, so a different position would have to collide on 128 key bits to change a
//! count. Threads write entries word by word without locks; the first word is the XOR of the
//! other three with the Zobrist key, so a torn entry (words from two writers) fails the check
//! and reads as a miss.

use crate::board::Board;
use crate::types::{Color, Role};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::vec::Vec;

/// One entry: `[key ^ check ^ depth ^ count, check, depth, count]`.
#[derive(Default)]
struct Entry([AtomicU64; 4]);

/// Two entries per 64-byte bucket: the deeper subtree stays, the other slot is always replaced.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; 2]);

/// A shared perft table.
///
/// ```
/// use movegen::Board;
/// use movegen::perft::{Table, perft_hashed};
///
/// assert!(Table::new(0).is_none());
/// let table = Table::new(1).expect("1 MiB");
/// assert_eq!(table.bytes(), 1 << 20);
/// assert_eq!(perft_hashed(&Board::startpos(), 4, &table), 197_281);
/// assert_eq!(table.probe(&Board::startpos(), 4), Some(197_281));
/// ```
pub struct Table {
    buckets: Vec<Bucket>,
}

impl core::fmt::Debug for Table {
    /// The size, not the entries: `Table { bytes: 1048576 }`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Table")
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Table {
    /// A table of at most `mib` mebibytes (a power-of-two number of 64-byte buckets); `None`
    /// for 0 or when the memory cannot be had.
    pub fn new(mib: usize) -> Option<Table> {
        let bytes = mib.checked_mul(1 << 20)?;
        let count = (bytes / core::mem::size_of::<Bucket>()).checked_next_power_of_two()?;
        let count = if count.checked_mul(core::mem::size_of::<Bucket>())? > bytes {
            count / 2
        } else {
            count
        };
        if count == 0 {
            return None;
        }
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).ok()?;
        buckets.resize_with(count, Bucket::default);
        Some(Table { buckets })
    }

    /// Size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>()
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // The length is a power of two, so the mask keeps the index in range.
        &self.buckets[key as usize & (self.buckets.len() - 1)]
    }

    /// The stored count of `board`'s subtree at `depth`, if any.
    #[must_use]
    pub fn probe(&self, board: &Board, depth: u32) -> Option<u64> {
        let key = board.hash();
        let check = check_key(board);
        self.bucket(key).0.iter().find_map(|entry| {
            let [w0, w1, w2, w3] = &entry.0;
            let (w0, w1, w2, w3) = (
                w0.load(Relaxed),
                w1.load(Relaxed),
                w2.load(Relaxed),
                w3.load(Relaxed),
            );
            (w1 == check && w2 == u64::from(depth) && w0 ^ w1 ^ w2 ^ w3 == key).then_some(w3)
        })
    }

    /// Stores the count of `board`'s subtree at `depth`.
    pub fn store(&self, board: &Board, depth: u32, count: u64) {
        let key = board.hash();
        let check = check_key(board);
        let depth = u64::from(depth);
        let bucket = self.bucket(key);
        let slot = if bucket.0[0].0[2].load(Relaxed) <= depth {
            &bucket.0[0]
        } else {
            &bucket.0[1]
        };
        for (word, value) in slot
            .0
            .iter()
            .zip([key ^ check ^ depth ^ count, check, depth, count])
        {
            word.store(value, Relaxed);
        }
    }
}

/// A 64-bit key of the position made independently of the Zobrist key: the bitboards, side to
/// move, castling rights and en-passant square folded with a multiply-xorshift mix.
fn check_key(board: &Board) -> u64 {
    let mut words = [0u64; 10];
    for (word, role) in words.iter_mut().zip(Role::ALL) {
        *word = board.pieces(role).0;
    }
    words[6] = board.colored(Color::White).0;
    words[7] = board.colored(Color::Black).0;
    words[8] = board.side_to_move() as u64
        | u64::from(board.castling_bits()) << 1
        | board.en_passant().map_or(64, |sq| sq as u64) << 5;
    for (i, &rook) in board.castling_rooks().iter().enumerate() {
        if board.castling_bits() & (1 << i) != 0 {
            words[9] |= (rook as u64) << (8 * i);
        }
    }
    words.iter().fold(0x243f_6a88_85a3_08d3, |h, &w| {
        let h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 29)
    })
}
