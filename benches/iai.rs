//! Instruction counts with iai-callgrind (callgrind): `cargo bench --bench iai`, with the
//! matching runner installed (`cargo install iai-callgrind-runner --version 0.16.1`).
//!
//! Configuration: release profile, one thread, bulk counting at the last ply, no hash table.
//! Counts are stable across runs and machines for the same binary, so the baseline in
//! `benches/iai-baseline.txt` is checked by `.ci/iai-check` (perft may not rise by more than 2%).
//! That check builds with `-C target-cpu=x86-64-v3` (valgrind 3.19 cannot run AVX-512 code, and
//! a fixed CPU makes the counts comparable between machines), so the backend is PEXT. Every
//! benchmark asserts its node count.

mod common;

use common::{POSITIONS, tree_copy, tree_make};
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use movegen::{Board, perft};
use std::hint::black_box;

/// Position `index` of the six standard positions at `depth`, with its published count.
fn case(index: usize, depth: u32, nodes: u64) -> (Board, u32, u64) {
    (
        Board::from_fen(POSITIONS[index].1).expect("FEN"),
        depth,
        nodes,
    )
}

#[library_benchmark]
#[bench::startpos_d4(case(0, 4, 197_281))]
#[bench::startpos_d5(case(0, 5, 4_865_609))]
#[bench::kiwipete_d3(case(1, 3, 97_862))]
#[bench::kiwipete_d4(case(1, 4, 4_085_603))]
#[bench::position3_d5(case(2, 5, 674_624))]
#[bench::position4_d4(case(3, 4, 422_333))]
#[bench::position5_d3(case(4, 3, 62_379))]
#[bench::position6_d3(case(5, 3, 89_890))]
fn perft_bench((board, depth, nodes): (Board, u32, u64)) -> u64 {
    let n = perft(black_box(&board), depth);
    assert_eq!(n, nodes, "depth {depth}");
    n
}

// The six standard positions' legal moves, listed 100 times.
#[library_benchmark]
#[bench::six_positions(POSITIONS.map(|p| Board::from_fen(p.1).expect("FEN")))]
fn movegen_bench(boards: [Board; 6]) -> usize {
    let mut n = 0;
    for _ in 0..100 {
        for board in &boards {
            n += black_box(board).legal_moves().len();
        }
    }
    assert_eq!(n, 100 * (20 + 48 + 14 + 6 + 44 + 46));
    n
}

// Copy-make against make/unmake, every move of Kiwipete to depth 3 played (97,862 leaves).
#[library_benchmark]
#[bench::kiwipete_d3(case(1, 3, 97_862))]
fn copy_make_bench((board, depth, nodes): (Board, u32, u64)) -> u64 {
    let n = tree_copy(black_box(&board), depth);
    assert_eq!(n, nodes);
    n
}

#[library_benchmark]
#[bench::kiwipete_d3(case(1, 3, 97_862))]
fn make_unmake_bench((mut board, depth, nodes): (Board, u32, u64)) -> u64 {
    let n = tree_make(black_box(&mut board), depth);
    assert_eq!(n, nodes);
    n
}

library_benchmark_group!(name = perft_group; benchmarks = perft_bench);
library_benchmark_group!(name = movegen_group; benchmarks = movegen_bench);
library_benchmark_group!(name = make_group; benchmarks = copy_make_bench, make_unmake_bench);
main!(
    library_benchmark_groups = perft_group,
    movegen_group,
    make_group
);
