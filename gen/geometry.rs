//! The one geometry: ray walks on an 8x8 board.
//!
//! Every attack table of the crate is built from these functions at build time, and the tests use
//! them as the oracle for every table lookup. They are slow and obviously correct: a piece steps
//! square by square until it leaves the board or meets a blocker. Squares are numbered `a1 = 0`,
//! `b1 = 1`, ..., `h8 = 63`, so a square's file is `sq % 8` and its rank `sq / 8`.

/// The four rook directions as (file step, rank step).
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four bishop directions as (file step, rank step).
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Knight jumps as (file step, rank step).
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps as (file step, rank step).
pub const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The square `(file, rank)` moved by `step`, or `None` off the board.
pub fn offset(sq: usize, (df, dr): (i8, i8)) -> Option<usize> {
    let file = (sq % 8) as i8 + df;
    let rank = (sq / 8) as i8 + dr;
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// Squares a slider on `sq` reaches along `directions`, stopping at (and including) the first
/// occupied square of each ray.
pub fn sliding_attacks(sq: usize, occupied: u64, directions: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &dir in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, dir) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The squares whose occupancy changes a slider's attacks: every ray square except the last one
/// before the edge (a blocker there hides nothing).
pub fn relevant_blockers(sq: usize, directions: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &dir in directions {
        let mut cur = sq;
        while let Some(next) = offset(cur, dir) {
            if offset(next, dir).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
    }
    mask
}

/// Squares a leaper (knight, king) on `sq` reaches with `steps`.
pub fn leaper_attacks(sq: usize, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&step| offset(sq, step))
        .fold(0, |acc, to| acc | 1 << to)
}

/// Squares a pawn of the given colour on `sq` attacks (diagonally forward).
pub fn pawn_attacks(white: bool, sq: usize) -> u64 {
    let dr = if white { 1 } else { -1 };
    leaper_attacks(sq, &[(-1, dr), (1, dr)])
}

/// The direction from `a` to `b` if they share a rank, file or diagonal (and differ).
fn direction(a: usize, b: usize) -> Option<(i8, i8)> {
    ROOK_DIRECTIONS
        .iter()
        .chain(BISHOP_DIRECTIONS.iter())
        .copied()
        .find(|&dir| {
            let mut cur = a;
            while let Some(next) = offset(cur, dir) {
                if next == b {
                    return true;
                }
                cur = next;
            }
            false
        })
}

/// Squares strictly between `a` and `b` when they are aligned; empty otherwise.
pub fn between(a: usize, b: usize) -> u64 {
    let Some(dir) = direction(a, b) else { return 0 };
    let mut squares = 0;
    let mut cur = offset(a, dir);
    while let Some(sq) = cur {
        if sq == b {
            break;
        }
        squares |= 1 << sq;
        cur = offset(sq, dir);
    }
    squares
}

/// The whole line (edge to edge) through `a` and `b` when they are aligned; empty otherwise.
pub fn line(a: usize, b: usize) -> u64 {
    let Some(dir) = direction(a, b) else { return 0 };
    let back = (-dir.0, -dir.1);
    let mut squares = 1 << a;
    for step in [dir, back] {
        let mut cur = a;
        while let Some(next) = offset(cur, step) {
            squares |= 1 << next;
            cur = next;
        }
    }
    squares
}

/// Every subset of `mask`, the empty set first (the carry-rippler enumeration).
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    core::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}
