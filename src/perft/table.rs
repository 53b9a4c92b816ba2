//! A transposition table for perft: subtree counts memoised by position and depth, shared by
//! threads without locks.
//!
//! An entry holds the position's Zobrist key, a second key computed independently from the
//! position's bitboards and state, a tag (the depth, and the kind of perft that stored it:
//! bulk-counted, full make or statistics) and the count. A probe hits only when both keys and
//! the tag match, so a different position would have to collide on 128 key bits to change a
//! count, and one kind of perft never reads another's entries. Threads write entries word by
//! word without locks; the first word is the XOR of the others with the Zobrist key, so a torn
//! entry (words from two writers) fails the check and reads as a miss. A statistics entry (nine
//! counts) takes the 12 first words of an aligned pair of buckets, in the same form.

use super::Stats;
use crate::board::Board;
use crate::types::{Color, Role};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::vec::Vec;

/// One entry: `[key ^ check ^ tag ^ count, check, tag, count]`.
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
    /// The seed of [`Table::with_seed`] (0 for [`Table::new`]).
    seed: u64,
    /// Mixed into the Zobrist key (bucket and checksum) and the check key: 0 for seed 0.
    salt: u64,
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
        Some(Table {
            buckets,
            seed: 0,
            salt: 0,
        })
    }

    /// [`Table::new`] with its keys changed by `seed`: a position's bucket and its second key
    /// depend on the seed, so two runs with different seeds store different entries and
    /// cannot share a collision (a deep record is counted twice this way). Seed 0 is
    /// [`Table::new`]'s keys.
    ///
    /// ```
    /// use movegen::Board;
    /// use movegen::perft::{Table, perft_hashed};
    ///
    /// let table = Table::with_seed(1, 12345).expect("1 MiB");
    /// assert_eq!(table.seed(), 12345);
    /// assert_eq!(perft_hashed(&Board::startpos(), 5, &table), 4_865_609);
    /// ```
    #[must_use]
    pub fn with_seed(mib: usize, seed: u64) -> Option<Table> {
        let mut table = Table::new(mib)?;
        table.seed = seed;
        table.salt = if seed == 0 { 0 } else { splitmix64(seed) };
        Some(table)
    }

    /// The seed of the table's keys (0 for [`Table::new`]).
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The position's Zobrist key as this table uses it.
    #[inline(always)]
    fn key(&self, board: &Board) -> u64 {
        board.hash() ^ self.salt
    }

    /// The position's second key as this table uses it.
    #[inline(always)]
    fn check(&self, board: &Board) -> u64 {
        check_key(board, self.salt.rotate_left(32))
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
        self.probe_count(board, depth, Mode::Plain)
    }

    /// Stores the count of `board`'s subtree at `depth`.
    pub fn store(&self, board: &Board, depth: u32, count: u64) {
        self.store_count(board, depth, Mode::Plain, count);
    }

    /// The count stored for `board`'s subtree at `depth` by a perft of `mode`.
    pub(super) fn probe_count(&self, board: &Board, depth: u32, mode: Mode) -> Option<u64> {
        let key = self.key(board);
        let check = self.check(board);
        let tag = mode.tag(depth);
        self.bucket(key).0.iter().find_map(|entry| {
            let [w0, w1, w2, w3] = &entry.0;
            let (w0, w1, w2, w3) = (
                w0.load(Relaxed),
                w1.load(Relaxed),
                w2.load(Relaxed),
                w3.load(Relaxed),
            );
            (w1 == check && w2 == tag && w0 ^ w1 ^ w2 ^ w3 == key).then_some(w3)
        })
    }

    /// Stores the count of `board`'s subtree at `depth` for a perft of `mode`.
    pub(super) fn store_count(&self, board: &Board, depth: u32, mode: Mode, count: u64) {
        let key = self.key(board);
        let check = self.check(board);
        let tag = mode.tag(depth);
        let bucket = self.bucket(key);
        let slot = if bucket.0[0].0[2].load(Relaxed) <= tag {
            &bucket.0[0]
        } else {
            &bucket.0[1]
        };
        for (word, value) in slot
            .0
            .iter()
            .zip([key ^ check ^ tag ^ count, check, tag, count])
        {
            word.store(value, Relaxed);
        }
    }

    /// The 16 words of the two buckets where `key`'s statistics entry lives, when the table
    /// has two buckets or more.
    fn stats_words(&self, key: u64) -> Option<[&AtomicU64; 16]> {
        let first = key as usize & (self.buckets.len() - 1) & !1;
        let [a, b] = self.buckets.get(first..first + 2)? else {
            return None;
        };
        Some(core::array::from_fn(|i| {
            let bucket = if i < 8 { a } else { b };
            &bucket.0[(i / 4) % 2].0[i % 4]
        }))
    }

    /// The statistics stored for `board`'s subtree at `depth`.
    pub(super) fn probe_stats(&self, board: &Board, depth: u32) -> Option<Stats> {
        let key = self.key(board);
        let words = self.stats_words(key)?;
        let values: [u64; STATS_WORDS] = core::array::from_fn(|i| words[i].load(Relaxed));
        let check = self.check(board);
        let sum = values[1..].iter().fold(key, |x, w| x ^ w);
        (values[1] == check && values[2] == Mode::Stats.tag(depth) && values[0] == sum).then(|| {
            let [
                nodes,
                captures,
                en_passant,
                castles,
                promotions,
                checks,
                discovery,
                double,
                mates,
            ] = core::array::from_fn(|i| values[3 + i]);
            Stats {
                nodes,
                captures,
                en_passant,
                castles,
                promotions,
                checks,
                discovery_checks: discovery,
                double_checks: double,
                checkmates: mates,
            }
        })
    }

    /// Stores the statistics of `board`'s subtree at `depth` (replacing what was there: two
    /// buckets' worth of entries).
    pub(super) fn store_stats(&self, board: &Board, depth: u32, stats: Stats) {
        let key = self.key(board);
        let Some(words) = self.stats_words(key) else {
            return;
        };
        let mut values = [0u64; STATS_WORDS];
        values[1] = self.check(board);
        values[2] = Mode::Stats.tag(depth);
        for (value, (_, count)) in values[3..].iter_mut().zip(stats.fields()) {
            *value = count;
        }
        values[0] = values[1..].iter().fold(key, |x, w| x ^ w);
        for (word, value) in words.iter().zip(values) {
            word.store(value, Relaxed);
        }
    }
}

/// SplitMix64's finaliser: a seed spread over all 64 bits.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Words of a statistics entry: checksum, check key, tag, the nine counts.
const STATS_WORDS: usize = 12;

/// What kind of perft stored an entry; part of the entry's tag with the depth, so entries of
/// different kinds never answer for each other.
#[derive(Clone, Copy)]
pub(super) enum Mode {
    /// Bulk-counted perft ([`perft_hashed`](super::perft_hashed)).
    Plain = 0,
    /// Every move played ([`perft_full_make_hashed`](super::perft_full_make_hashed)).
    FullMake = 1,
    /// Statistics ([`perft_stats_hashed`](super::perft_stats_hashed)).
    Stats = 2,
}

impl Mode {
    fn tag(self, depth: u32) -> u64 {
        u64::from(depth) | (self as u64) << 32
    }
}

/// A 64-bit key of the position made independently of the Zobrist key: the bitboards, side to
/// move, castling rights and en-passant square folded with a multiply-xorshift mix.
fn check_key(board: &Board, salt: u64) -> u64 {
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
    words.iter().fold(0x243f_6a88_85a3_08d3 ^ salt, |h, &w| {
        let h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 29)
    })
}

impl super::stats::Memo for Table {
    fn get(&self, board: &Board, depth: u32) -> Option<Stats> {
        self.probe_stats(board, depth)
    }

    fn put(&self, board: &Board, depth: u32, stats: Stats) {
        self.store_stats(board, depth, stats);
    }
}
