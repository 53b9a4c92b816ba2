//! The table generator, compiled into `build.rs` (and, piece by piece, into the tests as the
//! reference). It builds every attack table from the ray walks of [`geometry`], searches the
//! magic numbers, and checks each table entry against the ray walk before anything is written.

pub mod backend;
pub mod geometry;
pub mod index;
pub mod magic;

use geometry::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};

pub use backend::Backend;

/// One square's entry for one slider: how to index its slice of the shared attack table.
#[derive(Clone, Copy, Debug)]
pub struct SliderSquare {
    /// Relevant blockers (the rays without their last square).
    pub mask: u64,
    /// Magic multiplier (0 for PEXT).
    pub magic: u64,
    /// Right shift after the multiplication, `64 - popcount(mask)` (0 for PEXT).
    pub shift: u32,
    /// Start of this square's slice in the shared attack table.
    pub offset: u32,
}

/// Rook and bishop entries plus the one attack table they index.
pub struct SliderTables {
    /// Rook entries, by square.
    pub rook: Vec<SliderSquare>,
    /// Bishop entries, by square.
    pub bishop: Vec<SliderSquare>,
    /// Rook slices first, then bishop slices.
    pub attacks: Vec<u64>,
}

/// Index of `occupied` in the shared table for this entry and backend.
pub fn slider_index(entry: &SliderSquare, occupied: u64, backend: Backend) -> usize {
    let local = match backend {
        Backend::Magic => index::magic_index(occupied, entry.mask, entry.magic, entry.shift),
        Backend::Pext => index::pext_soft(occupied, entry.mask) as usize,
    };
    entry.offset as usize + local
}

/// The magic search's seed for each square, rook squares then bishop squares. Any seed finds
/// a magic; these are the first seeds (counting from 0) whose search fits within
/// [`SEARCH_LIMIT`] candidates, so the build script, which runs unoptimised in a crate that
/// depends on movegen, searches 15,709 candidates instead of 1.2 million. Found by
/// `cargo run --release --example magic_seeds`, which runs the same search.
pub const MAGIC_SEEDS: [[u32; 64]; 2] = include!("magic_seeds.txt");

/// The most candidates a square's search tries from its seed.
pub const SEARCH_LIMIT: u32 = 256;

/// Builds the rook and bishop tables for `backend` (searching magics when needed). Panics if a
/// seed of [`MAGIC_SEEDS`] finds no magic within [`SEARCH_LIMIT`] candidates (the seeds were
/// made for this search: a changed search needs new seeds).
pub fn slider_tables(backend: Backend) -> SliderTables {
    let mut attacks = Vec::new();
    let mut build = |directions: &[(i8, i8)], seeds: &[u32; 64]| -> Vec<SliderSquare> {
        (0..64)
            .map(|sq| {
                let offset = attacks.len() as u32;
                let (entry, slice) = match backend {
                    Backend::Magic => {
                        let found = magic::find(sq, directions, u64::from(seeds[sq]), SEARCH_LIMIT);
                        let (entry, slice, _) = found.unwrap_or_else(|| {
                            panic!("no magic for square {sq} from seed {}: run the magic_seeds example", seeds[sq])
                        });
                        (entry, slice)
                    }
                    Backend::Pext => pext_slice(sq, directions),
                };
                attacks.extend_from_slice(&slice);
                SliderSquare { offset, ..entry }
            })
            .collect()
    };
    let rook = build(&ROOK_DIRECTIONS, &MAGIC_SEEDS[0]);
    let bishop = build(&BISHOP_DIRECTIONS, &MAGIC_SEEDS[1]);
    SliderTables {
        rook,
        bishop,
        attacks,
    }
}

/// A square's PEXT-indexed slice, filled through the software `pext`.
fn pext_slice(sq: usize, directions: &[(i8, i8)]) -> (SliderSquare, Vec<u64>) {
    let mask = geometry::relevant_blockers(sq, directions);
    let mut slice = vec![0; 1 << mask.count_ones()];
    for occupied in geometry::subsets(mask) {
        slice[index::pext_soft(occupied, mask) as usize] =
            geometry::sliding_attacks(sq, occupied, directions);
    }
    (
        SliderSquare {
            mask,
            magic: 0,
            shift: 0,
            offset: 0,
        },
        slice,
    )
}

/// Checks every entry reachable from every blocker subset of every square against the ray walk.
pub fn verify(tables: &SliderTables, backend: Backend) -> Result<(), String> {
    for (name, entries, directions) in [
        ("rook", &tables.rook, &ROOK_DIRECTIONS),
        ("bishop", &tables.bishop, &BISHOP_DIRECTIONS),
    ] {
        for (sq, entry) in entries.iter().enumerate() {
            if entry.mask != geometry::relevant_blockers(sq, directions) {
                return Err(format!("{name} mask of square {sq} is wrong"));
            }
            for occupied in geometry::subsets(entry.mask) {
                let want = geometry::sliding_attacks(sq, occupied, directions);
                let got = tables.attacks.get(slider_index(entry, occupied, backend));
                if got != Some(&want) {
                    return Err(format!(
                        "{name} attacks of square {sq} with blockers {occupied:#x}: \
                         table {got:?}, ray walk {want:#x}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A 64-entry table of a per-square function.
pub fn per_square(f: impl Fn(usize) -> u64) -> Vec<u64> {
    (0..64).map(f).collect()
}

/// A 64x64 table of a function of two squares, row-major by the first.
pub fn per_square_pair(f: impl Fn(usize, usize) -> u64) -> Vec<u64> {
    (0..64 * 64).map(|i| f(i / 64, i % 64)).collect()
}
