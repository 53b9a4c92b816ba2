//! A fixed-capacity list of moves, filled in the caller's slot.

use super::Move;
use super::PieceMoves;
use super::piece::kinds;
use crate::bitboard::Bitboard;
use core::fmt;
use core::mem::MaybeUninit;
/// The most legal moves any accepted position can have: at most 16 pieces per side (checked
/// when parsing), a king with 8 steps and 2 castlings, and 15 others with at most 27 moves each
/// (a queen in the centre of an empty board; a pawn has at most 12).
///
/// ```
/// use movegen::{Board, MAX_MOVES, MoveList};
///
/// assert_eq!(MAX_MOVES, 415);
/// let board: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// let mut list = MoveList::new();
/// for _ in 0..10 {
///     list.extend(board.legal_moves()); // 480 moves offered
/// }
/// assert_eq!(list.len(), MAX_MOVES); // the rest were dropped
/// # Ok::<(), movegen::FenError>(())
/// ```
pub const MAX_MOVES: usize = 15 * 27 + 8 + 2;

/// A list of moves on the stack; never allocates.
///
/// ```
/// use movegen::{Board, MoveKind, MoveList, Role};
///
/// let board = Board::startpos();
/// let mut list = MoveList::new();
/// list.push(board.parse_uci("g1f3")?);
/// list.extend(board.legal_moves().into_iter().filter(|mv| mv.kind() == MoveKind::DoublePush));
/// assert_eq!(list.len(), 9);
/// assert_eq!(list[0].to_string(), "g1f3"); // a slice, through Deref
/// for mv in &list {
///     assert!(board.is_legal(*mv));
/// }
/// let is_knight = |mv: &movegen::Move| board.role_at(mv.from()) == Some(Role::Knight);
/// let knights: MoveList = board.legal_moves().into_iter().filter(is_knight).collect();
/// assert_eq!(knights.len(), 4);
/// # Ok::<(), movegen::UciError>(())
/// ```
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` slots are written; the rest are not. Left uninitialised so that making
    /// a list costs nothing: zeroing the 830 bytes was 63 of the 1,141 instructions a corpus
    /// position's `legal_moves()` executed (callgrind, x86-64-v3).
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// The list `fill` makes from an empty one, built in the caller's slot: `fill` runs out of
    /// line on the slot it is given, so the compiler passes the caller's own list. Made in a
    /// local and returned instead, the 840-byte list is copied out with memcpy after every
    /// generation whenever the caller keeps it (the listing and full-make benchmarks did).
    #[inline(always)]
    pub(crate) fn filled(fill: impl FnOnce(&mut MoveList)) -> MoveList {
        let mut out = MaybeUninit::<MoveList>::uninit();
        fill_into(&mut out, fill);
        // SAFETY: `fill_into` writes a whole `MoveList` (an empty one: its length, and move
        // slots that are uninitialised by design) before anything else, with no early return.
        unsafe { out.assume_init() }
    }

    /// Appends a move. The capacity holds every legal move of any accepted position; a move
    /// beyond it (impossible from such a position) is dropped rather than panicking.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(mv);
            self.len += 1;
        }
    }

    /// Removes the last move and returns it; `None` when the list is empty.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// let last = moves[19];
    /// assert_eq!(moves.pop(), Some(last));
    /// assert_eq!(moves.len(), 19);
    /// moves.clear();
    /// assert_eq!(moves.pop(), None);
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<Move> {
        let last = self.last().copied()?;
        self.len -= 1;
        Some(last)
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` moves (all of them when there are no more).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// let first = moves[0];
    /// moves.truncate(1);
    /// assert_eq!(&*moves, &[first]);
    /// moves.truncate(5);
    /// assert_eq!(moves.len(), 1);
    /// ```
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Keeps the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// use movegen::{Board, MoveKind};
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// moves.retain(|mv| mv.kind() == MoveKind::DoublePush);
    /// assert_eq!(moves.len(), 8);
    /// assert!(moves.iter().all(|mv| mv.kind() == MoveKind::DoublePush));
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len() {
            let mv = self[i];
            if keep(&mv) {
                self[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Removes the move at `index` and returns it, the last move taking its place (order not
    /// kept, constant time).
    ///
    /// # Panics
    ///
    /// When `index` is not below the length, as `Vec::swap_remove` does.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut moves = Board::startpos().legal_moves();
    /// let (first, last) = (moves[0], moves[19]);
    /// assert_eq!(moves.swap_remove(0), first);
    /// assert_eq!((moves.len(), moves[0]), (19, last));
    /// ```
    #[track_caller]
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let len = self.len();
        assert!(
            index < len,
            "MoveList::swap_remove: index {index} is not below the length {len}"
        );
        let removed = self[index];
        self[index] = self[len - 1];
        self.len -= 1;
        removed
    }

    /// Inserts `mv` at `index`, the moves from there on moving up one. At capacity
    /// ([`MAX_MOVES`]) the list is left as it is, as [`MoveList::push`] drops such a move.
    ///
    /// # Panics
    ///
    /// When `index` is above the length, as `Vec::insert` does.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// let mut moves = board.legal_moves();
    /// let best = board.parse_uci("e2e4")?;
    /// moves.retain(|mv| *mv != best);
    /// moves.insert(0, best); // searched first
    /// assert_eq!((moves.len(), moves[0]), (20, best));
    /// # Ok::<(), movegen::UciError>(())
    /// ```
    #[track_caller]
    pub fn insert(&mut self, index: usize, mv: Move) {
        let len = self.len();
        assert!(
            index <= len,
            "MoveList::insert: index {index} is above the length {len}"
        );
        if len < MAX_MOVES {
            self.push(mv);
            self[index..].rotate_right(1);
        }
    }

    /// Appends all moves of one piece ([`PieceMoves::moves`]).
    #[inline(always)]
    pub fn extend_piece(&mut self, moves: PieceMoves) {
        let to = moves.to - Bitboard::from(moves.from);
        // SAFETY: `to` is `moves.to` without `moves.from`.
        unsafe { self.extend_generated(PieceMoves { to, ..moves }) }
    }

    /// [`MoveList::extend_piece`] for the generator's moves, without taking `from` out of
    /// the destinations: that took 2.3% of the instructions of listing the corpus's moves
    /// (callgrind, x86-64-v3).
    ///
    /// # Safety
    ///
    /// `moves.to` does not hold `moves.from`, as no `PieceMoves` the generator makes does.
    #[inline(always)]
    pub(crate) unsafe fn extend_generated(&mut self, moves: PieceMoves) {
        debug_assert!(!moves.to.contains(moves.from));
        // A plain loop rather than `moves.moves()`: the iterator adapter is not always inlined.
        for to in moves.to {
            for &kind in kinds(moves.role, moves.from, to, moves.special) {
                // SAFETY: `to` is a square of `moves.to`, which does not hold `moves.from`
                // (the caller's promise).
                self.push(unsafe { Move::new_unchecked(moves.from, to, kind) });
            }
        }
    }
}

/// The out-of-line half of [`MoveList::filled`].
#[inline(never)]
fn fill_into(out: &mut MaybeUninit<MoveList>, fill: impl FnOnce(&mut MoveList)) {
    fill(out.write(MoveList::new()));
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline(always)]
    fn deref(&self) -> &[Move] {
        let written = &self.moves[..self.len.min(MAX_MOVES)];
        // SAFETY: `push` is the only writer of `len` and writes the slot first, so the first
        // `len` slots (never more than MAX_MOVES) hold initialised moves; `MaybeUninit<Move>`
        // has `Move`'s size and alignment, so the slice of them is a slice of moves.
        unsafe { &*(core::ptr::from_ref(written) as *const [Move]) }
    }
}

impl core::ops::DerefMut for MoveList {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Move] {
        let written = &mut self.moves[..self.len.min(MAX_MOVES)];
        // SAFETY: as in `deref`: the first `len` slots are initialised.
        unsafe { &mut *(core::ptr::from_mut(written) as *mut [Move]) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut MoveList {
    type Item = &'a mut Move;
    type IntoIter = core::slice::IterMut<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;

    /// The moves by value: `for mv in board.legal_moves()`.
    fn into_iter(self) -> IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The moves of a [`MoveList`] by value, in order (its `IntoIterator`).
///
/// ```
/// use movegen::Board;
/// use movegen::move_list::IntoIter;
///
/// let moves = Board::startpos().legal_moves();
/// let mut iter: IntoIter = moves.clone().into_iter();
/// assert_eq!(iter.len(), 20);
/// assert_eq!(iter.next(), Some(moves[0]));
/// assert_eq!(iter.next_back(), Some(moves[19]));
/// assert_eq!(iter.len(), 18);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators do nothing unless consumed"]
pub struct IntoIter {
    list: MoveList,
    next: usize,
}

/// The former name of [`IntoIter`].
#[deprecated(since = "0.3.0", note = "renamed `movegen::move_list::IntoIter`")]
pub type MoveListIntoIter = IntoIter;

impl Iterator for IntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let mv = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<Move> {
        if self.list.len > self.next {
            let mv = self.list.last().copied();
            self.list.len -= 1;
            mv
        } else {
            None
        }
    }
}

impl ExactSizeIterator for IntoIter {}

impl core::iter::FusedIterator for IntoIter {}

impl Extend<Move> for MoveList {
    /// Appends the moves; any beyond [`MAX_MOVES`] are dropped (see [`MoveList::push`]).
    fn extend<I: IntoIterator<Item = Move>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

impl FromIterator<Move> for MoveList {
    /// A list of the moves; any beyond [`MAX_MOVES`] are dropped (see [`MoveList::push`]).
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl PartialEq for MoveList {
    /// The same moves in the same order.
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl core::hash::Hash for MoveList {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}
