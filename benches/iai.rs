//! Instruction counts with iai-callgrind (callgrind): `cargo bench -p movegen-benches --bench iai`, with the
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

// The engine path: what a search runs at every node, never perft's shortcuts.

/// The engine benchmark's corpus (`benches/data/engine-corpus.fen`), parsed.
fn engine_corpus() -> Vec<Board> {
    include_str!("data/engine-corpus.fen")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| Board::from_fen(l).expect("FEN"))
        .collect()
}

// Full-make perft (every leaf played, copy-make), the engine benchmark's definition.
#[library_benchmark]
#[bench::startpos_d4(case(0, 4, 197_281))]
fn engine_full_bench((board, depth, nodes): (Board, u32, u64)) -> u64 {
    let n = tree_copy(black_box(&board), depth);
    assert_eq!(n, nodes);
    n
}

// The legal moves of the 12,000 corpus positions, each listed once. The total is every
// peer's total too (benches/engine.rs asserts it position by position).
#[library_benchmark]
#[bench::corpus(engine_corpus())]
fn engine_listing_bench(boards: Vec<Board>) -> usize {
    let n: usize = boards
        .iter()
        .map(|b| black_box(b).legal_moves().len())
        .sum();
    assert_eq!(n, ENGINE_CORPUS_MOVES);
    n
}

/// The corpus's legal moves in all, as python-chess counts them (`legal_moves.count()` over
/// the file); `cargo bench -p movegen-benches --bench engine` checks every position against three Rust peers.
const ENGINE_CORPUS_MOVES: usize = 333_638;

library_benchmark_group!(name = perft_group; benchmarks = perft_bench);
library_benchmark_group!(name = engine_group; benchmarks = engine_full_bench, engine_listing_bench);
library_benchmark_group!(name = movegen_group; benchmarks = movegen_bench);
library_benchmark_group!(name = make_group; benchmarks = copy_make_bench, make_unmake_bench);
main!(
    library_benchmark_groups = perft_group,
    movegen_group,
    make_group,
    engine_group
);
