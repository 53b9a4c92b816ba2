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

/// Key of a set of castling rights (bit 0 white king side .. bit 3 black queen side).
#[inline(always)]
pub(crate) fn castling(rights: u8) -> u64 {
    CASTLING[usize::from(rights & 15)]
}

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
