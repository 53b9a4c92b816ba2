//! The side to move as a type, so each colour's generator is compiled separately and the hot
//! path never branches on colour. One runtime dispatch at the entry turns the board's colour
//! into [`White`] or [`Black`].

use crate::bitboard::Bitboard;
use crate::types::{Color, Square};
use crate::variant::{Build, Variant};
use core::marker::PhantomData;

/// Colour-relative constants of one side. Implemented by [`White`] and [`Black`] only.
pub trait Side: Copy + 'static {
    /// The colour.
    const COLOR: Color;
    /// The opponent (in the same variant).
    type Other: Side<V = Self::V>;
    /// The compiled variant of the hot loop (see [`crate::variant`]).
    type V: Variant;
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

    /// Rook attacks with the variant's sliders.
    #[inline(always)]
    fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::V::rook(sq, occupied)
    }

    /// Bishop attacks with the variant's sliders.
    #[inline(always)]
    fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::V::bishop(sq, occupied)
    }
}

const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// White to move, in variant `V`.
#[derive(Clone, Copy, Debug)]
pub struct White<V = Build>(PhantomData<V>);

/// Black to move, in variant `V`.
#[derive(Clone, Copy, Debug)]
pub struct Black<V = Build>(PhantomData<V>);

impl<V: Variant> Side for White<V> {
    const COLOR: Color = Color::White;
    type Other = Black<V>;
    type V = V;
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

impl<V: Variant> Side for Black<V> {
    const COLOR: Color = Color::Black;
    type Other = White<V>;
    type V = V;
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
