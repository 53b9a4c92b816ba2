//! Fancy magic search: for each square, random sparse multipliers are tried until one maps
//! every blocker subset to a slot of a `2^bits` slice without a destructive collision.

use super::SliderSquare;
use super::geometry::{relevant_blockers, sliding_attacks, subsets};
use super::index::magic_index;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

/// The seeded generator of candidate magics.
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// A generator with a fixed seed.
    pub fn new(seed: u64) -> Self {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// A random number with about 8 of 64 bits set: sparse multipliers make good magics.
    fn sparse(&mut self) -> u64 {
        self.0.next_u64() & self.0.next_u64() & self.0.next_u64()
    }
}

/// Finds a magic for a slider on `sq`; returns its entry (offset 0) and its filled slice.
pub fn find(sq: usize, directions: &[(i8, i8)], rng: &mut Rng) -> (SliderSquare, Vec<u64>) {
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
    loop {
        let magic = rng.sparse();
        // The top byte of mask * magic must be well mixed to spread the index bits.
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let fits = blockers.iter().zip(&attacks).all(|(&occupied, &reach)| {
            let i = magic_index(occupied, mask, magic, shift);
            if stamp[i] != attempt {
                stamp[i] = attempt;
                slice[i] = reach;
                true
            } else {
                slice[i] == reach
            }
        });
        if fits {
            // Slots no subset maps to are never read; zero them so the output is canonical.
            for (value, &s) in slice.iter_mut().zip(&stamp) {
                if s != attempt {
                    *value = 0;
                }
            }
            return (
                SliderSquare {
                    mask,
                    magic,
                    shift,
                    offset: 0,
                },
                slice,
            );
        }
    }
}
