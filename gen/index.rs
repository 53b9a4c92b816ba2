//! Slider table indexing, shared by the build script (which fills the tables) and the library
//! (which reads them), so the table layout cannot drift between the two.

/// Index of `occupied` within a square's slice of the magic table.
#[inline(always)]
pub const fn magic_index(occupied: u64, mask: u64, magic: u64, shift: u32) -> usize {
    ((occupied & mask).wrapping_mul(magic) >> shift) as usize
}

/// Software parallel bit extract: the bits of `value` selected by `mask`, packed to the low end.
/// Equal to the BMI2 `pext` instruction; used to fill the PEXT-indexed tables on any build host.
#[allow(dead_code)] // the library only needs it as a test oracle
pub const fn pext_soft(value: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut bit = 1;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value & lowest != 0 {
            result |= bit;
        }
        bit <<= 1;
        mask &= mask - 1;
    }
    result
}
