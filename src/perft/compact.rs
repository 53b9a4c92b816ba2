//! The units of a split in bounded memory: [`split_compact`] finds the unique positions ply
//! by ply, each from the units one ply above it, and keeps of each unit only its first move
//! path (a parent index and a move), its multiplicity and, while its ply is being built, a
//! 33-byte key. About 48 bytes a unit while the last ply is built and 16 after: at ply 6 of
//! the start position (9,417,681 units) some 650 MB at the peak, against some 4 GB for the
//! boards, index and texts of [`split`](super::split).
//!
//! The units come out in tree order, the order of [`split_in_tree_order`](super::split_in_tree_order):
//! a unit's first path is the least in move order of the paths that reach it, so ordering the
//! units of a ply by (their parent's rank, the move's index) is the depth-first walk's order.
//! Each unit's board is that path replayed, so its FEN is exact for it (an en-passant square
//! whose capture is illegal included), while two paths differing only by such a square reach
//! one unit, as in `split`.

use crate::board::Board;
use crate::moves::Move;
use crate::types::Color;
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::vec::Vec;

/// Why [`split_compact`] gave no units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SplitError {
    /// Another thread set the stop flag.
    Stopped,
    /// More than 2^32 - 1 units at one ply, or a multiplicity above 2^64 - 1 (neither is
    /// reached within the memory of one machine).
    TooLarge,
}

impl core::fmt::Display for SplitError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            SplitError::Stopped => "the split was stopped",
            SplitError::TooLarge => "the split has too many units (more than 2^32 - 1 at one ply)",
        })
    }
}

impl std::error::Error for SplitError {}

/// A unit's first path, one step of it: the unit it continues (an index into the ply above)
/// and the move played there.
#[derive(Clone, Copy, Debug)]
struct Step {
    parent: u32,
    mv: Move,
}

/// The units of a split: for each ply, each unit's step from the ply above; for the last
/// ply, also each unit's multiplicity. See [`split_compact`] for how they are found.
#[derive(Clone, Debug)]
pub struct SplitUnits {
    root: Board,
    /// `steps[k]`: the units of ply `k + 1`.
    steps: Vec<Vec<Step>>,
    /// The multiplicity of each unit of the last ply (the root's, 1, at ply 0).
    paths: Vec<u64>,
}

/// What two paths must agree on to reach one unit: the mailbox with the castling rooks
/// marked (codes 7 and 15, which no piece uses), then the side to move and the en-passant
/// square when a legal move captures there.
type Key = [u8; 33];

fn key_of(board: &Board) -> Key {
    let dedup = super::split::dedup_key(board);
    let mut key = [0u8; 33];
    key[..32].copy_from_slice(dedup.mailbox());
    for (color, side) in dedup.castling_rights().iter() {
        if let Some(rook) = dedup.castling_rook(color, side) {
            let code = 7 + 8 * u8::from(color == Color::Black);
            let shift = (rook.index() & 1) * 4;
            let byte = &mut key[rook.index() >> 1];
            *byte = (*byte & !(15 << shift)) | (code << shift);
        }
    }
    let ep = dedup.en_passant().map_or(0, |sq| sq.index() as u8 + 1);
    key[32] = u8::from(dedup.side_to_move() == Color::Black) | (ep << 1);
    key
}

/// A hash of a key for [`Index`]: its words mixed by multiplication, then splitmix64's
/// finaliser (so both the low bits, the slot, and the high bits, the tag, vary).
fn hash_of(key: &Key) -> u64 {
    let mut h = u64::from(key[32]);
    for word in key[..32].chunks_exact(8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(word);
        h = (h ^ u64::from_le_bytes(bytes))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// An open-addressing index from keys to unit numbers: each slot holds the key hash's high
/// 32 bits and the unit number plus one (0 when empty), at most 3/4 full.
struct Index {
    slots: Vec<u64>,
    mask: usize,
}

impl Index {
    fn new() -> Index {
        Index {
            slots: std::vec![0; 1 << 10],
            mask: (1 << 10) - 1,
        }
    }

    /// The unit of `key` (hash `hash`), or `next` after recording it as that key's unit.
    fn find_or_insert(&mut self, key: &Key, hash: u64, keys: &[Key], next: u32) -> u32 {
        let tag = hash >> 32;
        let mut at = hash as usize & self.mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                self.slots[at] = (tag << 32) | u64::from(next + 1);
                return next;
            }
            let unit = (slot as u32).wrapping_sub(1);
            if slot >> 32 == tag && keys[unit as usize] == *key {
                return unit;
            }
            at = (at + 1) & self.mask;
        }
    }

    /// Doubles the slots when `len` units would fill more than 3/4 of them.
    fn reserve(&mut self, len: usize, keys: &[Key]) {
        if 4 * (len + 1) <= 3 * self.slots.len() {
            return;
        }
        let size = self.slots.len() * 2;
        self.slots = std::vec![0; size];
        self.mask = size - 1;
        for (unit, key) in keys.iter().enumerate() {
            let hash = hash_of(key);
            let mut at = hash as usize & self.mask;
            while self.slots[at] != 0 {
                at = (at + 1) & self.mask;
            }
            self.slots[at] = ((hash >> 32) << 32) | (unit as u64 + 1);
        }
    }
}

/// The units `ply` plies below `board`, as [`split_in_tree_order_until`](super::split_in_tree_order_until)
/// finds them (the same units, multiplicities and order), in about a tenth of its memory.
/// [`SplitError::Stopped`] soon after another thread sets `stop`.
///
/// ```
/// use movegen::Board;
/// use movegen::perft::split_compact;
/// use std::sync::atomic::AtomicBool;
///
/// let units = split_compact(&Board::startpos(), 4, &AtomicBool::new(false))?;
/// assert_eq!(units.len(), 72_078); // OEIS A083276
/// let total: u64 = units.iter().map(|(unit, paths)| paths * movegen::perft(&unit, 1)).sum();
/// assert_eq!(total, movegen::perft(&Board::startpos(), 5));
/// # Ok::<(), movegen::perft::SplitError>(())
/// ```
pub fn split_compact(board: &Board, ply: u32, stop: &AtomicBool) -> Result<SplitUnits, SplitError> {
    let mut root = *board;
    root.set_clocks(0, 1);
    let mut units = SplitUnits {
        root,
        steps: Vec::new(),
        paths: std::vec![1],
    };
    for _ in 0..ply {
        let mut steps: Vec<Step> = Vec::new();
        let mut paths: Vec<u64> = Vec::new();
        let mut keys: Vec<Key> = Vec::new();
        let mut index = Index::new();
        let mut cursor = Cursor::new(&units);
        for parent in 0..units.paths.len() {
            if parent % 4096 == 4095 && stop.load(Relaxed) {
                return Err(SplitError::Stopped);
            }
            let from = cursor.board(&units, units.steps.len(), parent);
            let parent_paths = units.paths[parent];
            for &mv in from.legal_moves().iter() {
                let key = key_of(&from.play_unchecked(mv));
                let next = u32::try_from(steps.len())
                    .ok()
                    .filter(|&n| n < u32::MAX)
                    .ok_or(SplitError::TooLarge)?;
                index.reserve(keys.len(), &keys);
                let unit = index.find_or_insert(&key, hash_of(&key), &keys, next);
                if unit == next {
                    steps.push(Step {
                        parent: parent as u32,
                        mv,
                    });
                    paths.push(parent_paths);
                    keys.push(key);
                } else {
                    let total = &mut paths[unit as usize];
                    *total = total
                        .checked_add(parent_paths)
                        .ok_or(SplitError::TooLarge)?;
                }
            }
        }
        units.steps.push(steps);
        units.paths = paths;
    }
    Ok(units)
}

/// The boards of one ply's units met in increasing order, each played from its parent's
/// board, which is met in increasing order too (a unit's parent rank never falls as its
/// own rank rises): one move played per unit and ply, not a whole path.
struct Cursor {
    /// For each ply from 1, the last unit whose board was made, and that board.
    at: Vec<Option<(usize, Board)>>,
}

impl Cursor {
    fn new(units: &SplitUnits) -> Cursor {
        Cursor {
            at: std::vec![None; units.steps.len()],
        }
    }

    /// The board of unit `unit` of ply `ply` (the root at ply 0).
    fn board(&mut self, units: &SplitUnits, ply: usize, unit: usize) -> Board {
        if ply == 0 {
            return units.root;
        }
        if let Some((at, board)) = self.at[ply - 1]
            && at == unit
        {
            return board;
        }
        let step = units.steps[ply - 1][unit];
        let mut board = self
            .board(units, ply - 1, step.parent as usize)
            .play_unchecked(step.mv);
        board.set_clocks(0, 1);
        self.at[ply - 1] = Some((unit, board));
        board
    }
}

impl SplitUnits {
    /// The number of units.
    #[must_use]
    pub fn len(&self) -> usize {
        self.paths.len()
    }

    /// Whether there are no units (a position with no legal moves above the split ply).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    /// The ply of the units below the root.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.steps.len() as u32
    }

    /// The multiplicity of unit `unit` (the number of move paths from the root that reach
    /// it), or `None` past the last unit.
    #[must_use]
    pub fn paths(&self, unit: usize) -> Option<u64> {
        self.paths.get(unit).copied()
    }

    /// The first path to unit `unit`, root move first, written to `path` (cleared first);
    /// `false`, `path` left empty, past the last unit.
    pub fn path_into(&self, unit: usize, path: &mut Vec<Move>) -> bool {
        path.clear();
        if unit >= self.len() {
            return false;
        }
        let mut at = unit;
        for ply in self.steps.iter().rev() {
            let step = ply[at];
            path.push(step.mv);
            at = step.parent as usize;
        }
        path.reverse();
        true
    }

    /// Each unit's board (its first path played from the root, the clocks 0 and 1) with its
    /// multiplicity, in tree order.
    pub fn iter(&self) -> impl Iterator<Item = (Board, u64)> + '_ {
        let mut cursor = Cursor::new(self);
        let ply = self.steps.len();
        self.paths
            .iter()
            .enumerate()
            .map(move |(unit, &paths)| (cursor.board(self, ply, unit), paths))
    }
}
