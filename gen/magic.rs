//! Fancy magic search: for each square, random sparse multipliers are tried until one maps
//! every blocker subset to a slot of a `2^bits` slice without a destructive collision.

use super::SliderSquare;
use super::geometry::{relevant_blockers, sliding_attacks, subsets};

/// The seeded generator of candidate magics: xorshift64* (Marsaglia's xorshift with Vigna's
/// multiplier), its state the seed mixed by one SplitMix64 step. Written out rather than taken
/// from a crate: the build script of a crate that depends on movegen is compiled unoptimised,
/// where a generic generator behind a trait was slow, and the generator's crates cost their
/// own build time.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value).
    pub fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Rng(if z == 0 { 1 } else { z })
    }

    /// The next 64 random bits.
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A random number with about 8 of 64 bits set: sparse multipliers make good magics.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds a magic for a slider on `sq`, trying candidates from `seed`'s generator, at most
/// `limit` of them; returns its entry (offset 0), its filled slice and the candidates tried,
/// or `None` if none of `limit` fits.
///
/// Plain loops over indices: in a dependent crate the build script runs unoptimised, where
/// iterator adapters and closures cost several times a loop.
pub fn find(
    sq: usize,
    directions: &[(i8, i8)],
    seed: u64,
    limit: u32,
) -> Option<(SliderSquare, Vec<u64>, u32)> {
    let mut rng = Rng::new(seed);
    let mask = relevant_blockers(sq, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let blockers: Vec<u64> = subsets(mask).collect();
    let attacks: Vec<u64> = blockers
        .iter()
        .map(|&occupied| sliding_attacks(sq, occupied, directions))
        .collect();
    let mut slice = vec![0u64; 1 << bits];
    // `stamp[i] == attempt` marks slot i as written during the current attempt, which saves
    // clearing the slice between attempts.
    let mut stamp = vec![0u32; 1 << bits];
    let mut attempt = 0;
    while attempt < limit {
        let magic = rng.sparse();
        // The top byte of mask * magic must be well mixed to spread the index bits.
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut k = 0;
        while k < blockers.len() {
            // `magic_index` (crate::index) without its mask: every subset is inside it.
            let i = (blockers[k].wrapping_mul(magic) >> shift) as usize;
            if stamp[i] != attempt {
                stamp[i] = attempt;
                slice[i] = attacks[k];
            } else if slice[i] != attacks[k] {
                break;
            }
            k += 1;
        }
        if k == blockers.len() {
            // Slots no subset maps to are never read; zero them so the output is canonical.
            for (value, &s) in slice.iter_mut().zip(&stamp) {
                if s != attempt {
                    *value = 0;
                }
            }
            let entry = SliderSquare {
                mask,
                magic,
                shift,
                offset: 0,
            };
            return Some((entry, slice, attempt));
        }
    }
    None
}
