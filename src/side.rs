//! The side to move as a type, so each colour's generator is compiled separately and the hot
//! path never branches on colour. One runtime dispatch at the entry turns the board's colour
//! into [`White`] or [`Black`].

use crate::bitboard::Bitboard;
use crate::types::Color;

/// Colour-relative constants of one side. Implemented by [`White`] and [`Black`] only.
pub trait Side: Copy + 'static {
    /// The colour.
    const COLOR: Color;
    /// The opponent.
    type Other: Side;
    /// Index step of a pawn push: +8 for White, -8 for Black.
    const UP: i32;
    /// The rank a single push from the start rank lands on (third rank, relative).
    const THIRD_RANK: Bitboard;

    /// Every square one rank forward.
    fn up(bb: Bitboard) -> Bitboard;
    /// Every square one rank forward and one file towards the a-file (a pawn capturing west).
    fn up_west(bb: Bitboard) -> Bitboard;
    /// Every square one rank forward and one file towards the h-file (a pawn capturing east).
    fn up_east(bb: Bitboard) -> Bitboard;
}

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// White to move.
#[derive(Clone, Copy, Debug)]
pub struct White;

/// Black to move.
#[derive(Clone, Copy, Debug)]
pub struct Black;

impl Side for White {
    const COLOR: Color = Color::White;
    type Other = Black;
    const UP: i32 = 8;
    const THIRD_RANK: Bitboard = Bitboard(0xff << 16);

    #[inline(always)]
    fn up(bb: Bitboard) -> Bitboard {
        bb.up()
    }

    #[inline(always)]
    fn up_west(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & NOT_FILE_A) << 7)
    }

    #[inline(always)]
    fn up_east(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & NOT_FILE_H) << 9)
    }
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    type Other = White;
    const UP: i32 = -8;
    const THIRD_RANK: Bitboard = Bitboard(0xff << 40);

    #[inline(always)]
    fn up(bb: Bitboard) -> Bitboard {
        bb.down()
    }

    #[inline(always)]
    fn up_west(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & NOT_FILE_A) >> 9)
    }

    #[inline(always)]
    fn up_east(bb: Bitboard) -> Bitboard {
        Bitboard((bb.0 & NOT_FILE_H) >> 7)
    }
}
