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
}

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
}
