//! Zobrist hashing with the Polyglot keys and rules, so a position's [`Board::hash`] is its
//! Polyglot opening-book key.
//!
//! The key is the XOR of one number per piece on its square, one per castling right (the four
//! standard rights: white king side, white queen side, black king side, black queen side), one
//! for the en-passant file when an en-passant square is set, and one when White is to move. The
//! board keeps an en-passant square only when a pawn of the side to move stands beside the
//! pawn that just double-pushed (pins are not considered), which is exactly when Polyglot hashes
//! the file.
//!
//! [`Board::hash`]: crate::Board::hash

mod keys;

use crate::types::{Color, File, Role, Square};
use keys::POLYGLOT;

/// Key of a piece of `color` and `role` on `sq`.
#[inline(always)]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    let kind = 2 * role.index() + (color == Color::White) as usize;
    POLYGLOT[64 * kind + sq.index()]
}

/// The piece keys by mailbox code (`role + 1 + 8 * color`, see `Board`), with zeros for code 0
/// and the unused codes, so a whole mailbox hashes without a branch per square.
pub(crate) const PIECE_BY_CODE: [[u64; 64]; 16] = {
    let mut table = [[0; 64]; 16];
    let mut code = 0;
    while code < 16 {
        let (role, white) = (code % 8, code < 8);
        if role >= 1 && role <= 6 {
            let kind = 2 * (role - 1) + white as usize;
            let mut sq = 0;
            while sq < 64 {
                table[code][sq] = POLYGLOT[64 * kind + sq];
                sq += 1;
            }
        }
        code += 1;
    }
    table
};

/// Key of a set of castling rights (bit 0 white king side .. bit 3 black queen side) with their
/// rooks. A right whose rook stands on its standard corner (h1, a1, h8, a8) has its Polyglot key
/// alone; a Chess960 right with its rook on another file adds [`CHESS960_ROOK_FILE`] of that
/// right and file, so positions differing only in which rook may castle hash differently.
#[inline(always)]
pub(crate) fn castling(rights: u8, rooks: &[Square; 4]) -> u64 {
    let mut key = CASTLING[usize::from(rights & 15)];
    if *rooks != STANDARD_ROOKS {
        for (i, (&rook, standard)) in rooks.iter().zip(STANDARD_ROOKS).enumerate() {
            if rights & (1 << i) != 0 && rook != standard {
                key ^= CHESS960_ROOK_FILE[i][rook.file() as usize];
            }
        }
    }
    key
}

/// The rooks of the four standard castling rights.
const STANDARD_ROOKS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

/// Keys of Chess960 castling rooks off the standard corners, by right (white king side, white
/// queen side, black king side, black queen side) and rook file: the first 32 outputs of the
/// SplitMix64 generator seeded with `0x0960_0960_0960_0960`, in that order. (Polyglot defines
/// keys for the four standard rights only.)
pub const CHESS960_ROOK_FILE: [[u64; 8]; 4] = {
    let mut keys = [[0; 8]; 4];
    let mut state: u64 = 0x0960_0960_0960_0960;
    let mut i = 0;
    while i < 32 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i / 8][i % 8] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// Key of an en-passant square on `file`.
#[inline(always)]
pub(crate) fn en_passant(file: File) -> u64 {
    POLYGLOT[772 + file as usize]
}

/// Key added when White is to move.
pub(crate) const WHITE_TO_MOVE: u64 = POLYGLOT[780];

/// The XOR of the right keys for each of the 16 combinations of castling rights.
const CASTLING: [u64; 16] = {
    let mut table = [0; 16];
    let mut rights = 0;
    while rights < 16 {
        let mut bit = 0;
        while bit < 4 {
            if rights & (1 << bit) != 0 {
                table[rights] ^= POLYGLOT[768 + bit];
            }
            bit += 1;
        }
        rights += 1;
    }
    table
};
