//! Encodings for neural networks: board planes and the AlphaZero move index (8 x 8 x 73 =
//! 4,672 entries), from the side to move's point of view. Plain Rust on slices, so batches can
//! be filled on any number of threads (the Python package fills NumPy arrays with these).
//!
//! **Planes** ([`encode_planes`]): [`PLANES`] planes of 8 x 8 bytes, plane-major, each plane
//! rank-major (`out[plane * 64 + rank * 8 + file]`, rank 0 and file 0 = a1 as seen by the
//! point of view):
//!
//! | planes | content (1 where true, else 0) |
//! | --- | --- |
//! | 0-5 | our pawns, knights, bishops, rooks, queens, king |
//! | 6-11 | their pawns, knights, bishops, rooks, queens, king |
//! | 12 | all ones when White is to move |
//! | 13-16 | castling rights: ours king side, ours queen side, theirs king side, theirs queen side (whole plane) |
//! | 17 | the en-passant square |
//! | 18 | the halfmove clock, capped at 255, in every square |
//!
//! With [`Perspective::SideToMove`] "ours" is the side to move and the ranks are flipped when
//! Black is to move (AlphaZero's convention); with [`Perspective::White`] "ours" is White and
//! nothing is flipped.
//!
//! **Moves** ([`move_index`]): `from * 73 + plane`, `from` the origin square in the side to
//! move's point of view (ranks flipped for Black). Planes 0-55 are queen-like moves,
//! `direction * 7 + distance - 1`, directions N, NE, E, SE, S, SW, W, NW (north is towards the
//! opponent); 56-63 knight moves, (file, rank) steps (+1,+2), (+2,+1), (+2,-1), (+1,-2),
//! (-1,-2), (-2,-1), (-2,+1), (-1,+2); 64-72 under-promotions, `64 + 3 * piece + direction`,
//! piece knight, bishop, rook (0-2), direction file step -1, 0, +1 (0-2). Queen promotions are
//! queen-like moves. Castling is the king's move onto its own rook's square, which no other
//! legal move shares, in standard chess and Chess960 alike.
//!
//! ```
//! use movegen::Board;
//! use movegen::encode::{self, MOVE_INDICES, PLANES, Perspective};
//!
//! let board = Board::startpos();
//! let mut planes = [0u8; PLANES * 64];
//! encode::encode_planes(&board, Perspective::SideToMove, &mut planes);
//! assert_eq!(planes[..64].iter().filter(|&&b| b == 1).count(), 8); // our pawns
//! let mut mask = [false; MOVE_INDICES];
//! encode::legal_move_mask(&board, &mut mask);
//! assert_eq!(mask.iter().filter(|&&b| b).count(), 20);
//! let e2e4 = board.parse_uci("e2e4")?;
//! let index = encode::move_index(&board, e2e4).unwrap();
//! assert_eq!(index, 12 * 73 + 1); // e2, north, distance 2
//! assert_eq!(encode::index_move(&board, index), Some(e2e4));
//! # Ok::<(), movegen::UciError>(())
//! ```

use crate::board::{Board, CastlingSide};
use crate::moves::Move;
use crate::types::{Color, Role, Square};

/// Planes written by [`encode_planes`].
pub const PLANES: usize = 19;

/// Entries of a move mask: 64 origin squares times 73 move planes.
pub const MOVE_INDICES: usize = 64 * 73;

/// Whose point of view the planes take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Perspective {
    /// The side to move's: its pieces first, ranks flipped when Black is to move.
    #[default]
    SideToMove,
    /// White's, whoever is to move: White's pieces first, never flipped.
    White,
}

/// Writes the [`PLANES`] planes of `board` (see the module documentation) into `out`.
pub fn encode_planes(board: &Board, perspective: Perspective, out: &mut [u8; PLANES * 64]) {
    let us = match perspective {
        Perspective::SideToMove => board.side_to_move(),
        Perspective::White => Color::White,
    };
    let flip = if us == Color::Black { 56 } else { 0 };
    out.fill(0);
    for (i, (color, role)) in [us, us.other()]
        .into_iter()
        .flat_map(|c| Role::ALL.into_iter().map(move |r| (c, r)))
        .enumerate()
    {
        for sq in board.colored_pieces(color, role) {
            out[i * 64 + (sq.index() ^ flip)] = 1;
        }
    }
    let rights = board.castling_rights();
    let planes: [(usize, bool); 5] = [
        (12, board.side_to_move() == Color::White),
        (13, rights.has(us, CastlingSide::KingSide)),
        (14, rights.has(us, CastlingSide::QueenSide)),
        (15, rights.has(us.other(), CastlingSide::KingSide)),
        (16, rights.has(us.other(), CastlingSide::QueenSide)),
    ];
    for (plane, on) in planes {
        if on {
            out[plane * 64..(plane + 1) * 64].fill(1);
        }
    }
    if let Some(ep) = board.en_passant() {
        out[17 * 64 + (ep.index() ^ flip)] = 1;
    }
    let clock = board.halfmove_clock().min(255) as u8;
    out[18 * 64..].fill(clock);
}

/// Sets `out[i]` for the index of every legal move of `board`, clears the others. Exactly
/// `board.legal_moves().len()` entries are set.
pub fn legal_move_mask(board: &Board, out: &mut [bool; MOVE_INDICES]) {
    out.fill(false);
    let black = board.side_to_move() == Color::Black;
    board.generate_moves(|moves| {
        // Seen from the side to move: for Black the ranks flip (square ^ 56, bytes swapped).
        let (from, to) = if black {
            (moves.from.index() ^ 56, moves.to.0.swap_bytes())
        } else {
            (moves.from.index(), moves.to.0)
        };
        let segment = &mut out[from * 73..from * 73 + 73];
        // Every queen-like and knight plane at once, without a branch per target: plane p is
        // set when the piece's targets hold the square that plane leads to.
        let targets = &TARGET_OF[from];
        for (cell, &target) in segment[..64].iter_mut().zip(targets) {
            *cell = (to >> (target & 63)) & u64::from(target >> 7 ^ 1) & 1 != 0;
        }
        if moves.role == Role::Pawn && from >= 48 {
            // Under-promotions: knight, bishop, rook, by file step -1, 0, +1.
            for step in 0..3 {
                let file = (from % 8 + step).wrapping_sub(1);
                if file < 8 && to & (1 << (56 + file)) != 0 {
                    for piece in 0..3 {
                        segment[64 + 3 * piece + step] = true;
                    }
                }
            }
        }
        false
    });
}

/// The inverse of [`PLANE_OF`]: the square each queen-like or knight plane leads to from a
/// square, with the high bit set for planes that leave the board.
const TARGET_OF: [[u8; 64]; 64] = {
    let mut table = [[128; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut to = 0;
        while to < 64 {
            let plane = PLANE_OF[from][to];
            if plane != NO_PLANE {
                table[from][plane as usize] = to as u8;
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// 56 for Black to move (ranks flipped), else 0.
#[inline]
fn flip(board: &Board) -> usize {
    if board.side_to_move() == Color::Black {
        56
    } else {
        0
    }
}

/// The plane of a queen-like or knight move from one square to another (from White's side),
/// [`NO_PLANE`] for squares no such move joins.
const PLANE_OF: [[u8; 64]; 64] = {
    let mut table = [[NO_PLANE; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut to = 0;
        while to < 64 {
            let df = (to % 8) as i8 - (from % 8) as i8;
            let dr = (to / 8) as i8 - (from / 8) as i8;
            let mut k = 0;
            while k < 8 {
                if KNIGHT_STEPS[k].0 == df && KNIGHT_STEPS[k].1 == dr {
                    table[from][to] = 56 + k as u8;
                }
                k += 1;
            }
            let distance = if df.abs() > dr.abs() {
                df.abs()
            } else {
                dr.abs()
            };
            if distance > 0 && (df == 0 || dr == 0 || df.abs() == dr.abs()) {
                let mut d = 0;
                while d < 8 {
                    if DIRECTIONS[d].0 == df.signum() && DIRECTIONS[d].1 == dr.signum() {
                        table[from][to] = (d * 7) as u8 + distance as u8 - 1;
                    }
                    d += 1;
                }
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// No queen-like or knight move joins the two squares.
const NO_PLANE: u8 = u8::MAX;

/// The (file, rank) steps of the eight queen-like directions, in plane order. These two tables
/// are the AlphaZero layout (an external specification, in its order), not the geometry of
/// `gen/geometry.rs`, which builds the attack tables in an order of its own.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The knight steps, in plane order.
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The index of `mv` in `board` (the side to move's point of view), or `None` when `mv`'s
/// squares are no queen-like or knight move (a move of another position, say). For a legal
/// move of `board` it is always `Some`, and [`index_move`] gives the move back.
#[must_use]
pub fn move_index(board: &Board, mv: Move) -> Option<usize> {
    let flip = flip(board);
    let (from, to) = (mv.from().index() ^ flip, mv.to().index() ^ flip);
    let plane = match mv.promotion() {
        Some(role @ (Role::Knight | Role::Bishop | Role::Rook)) => {
            if to / 8 != from / 8 + 1 || (to % 8).abs_diff(from % 8) > 1 {
                return None;
            }
            let piece = role.index() - Role::Knight.index();
            64 + 3 * piece + (to % 8 + 1 - from % 8)
        }
        _ => match PLANE_OF[from][to] {
            NO_PLANE => return None,
            plane => usize::from(plane),
        },
    };
    Some(from * 73 + plane)
}

/// The legal move of `board` with this index, if there is one (`None` for an index of no
/// legal move, or of 4,672 or more).
#[must_use]
pub fn index_move(board: &Board, index: usize) -> Option<Move> {
    if index >= MOVE_INDICES {
        return None;
    }
    let from = Square::new(((index / 73) ^ flip(board)) as u32);
    if !board.colored(board.side_to_move()).contains(from) {
        return None;
    }
    let mut found = None;
    board.generate_moves(|moves| {
        if moves.from == from {
            found = moves
                .moves()
                .find(|&mv| move_index(board, mv) == Some(index));
        }
        moves.from == from
    });
    found
}
