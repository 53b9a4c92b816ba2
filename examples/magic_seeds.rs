//! Writes `gen/magic_seeds.txt`: for every rook square then every bishop square, the first
//! seed (counting from 0) whose magic search (`gen/magic.rs`, the one `build.rs` runs) finds a
//! magic within `SEARCH_LIMIT` candidates.
//!
//! ```text
//! cargo run --release --example magic_seeds > gen/magic_seeds.txt
//! ```
//!
//! Any seed finds a magic in the end; these make the build script's search short, which
//! matters because a crate that depends on movegen runs the build script unoptimised.

#[allow(dead_code)]
#[path = "../gen/mod.rs"]
mod tablegen;

use tablegen::geometry::{BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use tablegen::{SEARCH_LIMIT, magic};

fn main() {
    let mut total = 0u64;
    println!(
        "// Written by `cargo run --release --example magic_seeds`: rook squares, then bishop squares."
    );
    println!("[");
    for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
        let seeds: Vec<String> = (0..64)
            .map(|sq| {
                let (seed, tried) = (0u32..)
                    .find_map(|seed| {
                        magic::find(sq, directions, u64::from(seed), SEARCH_LIMIT)
                            .map(|(_, _, tried)| (seed, tried))
                    })
                    .expect("some seed fits");
                total += u64::from(tried);
                seed.to_string()
            })
            .collect();
        println!("    [");
        for row in seeds.chunks(8) {
            println!("        {},", row.join(", "));
        }
        println!("    ],");
    }
    println!("]");
    eprintln!("magic_seeds: the build script will try {total} candidates");
}
