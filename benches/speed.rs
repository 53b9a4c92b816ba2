//! criterion benchmarks: `cargo bench -p movegen-benches --bench speed`.
//!
//! Configuration: release profile (LTO, one codegen unit) with the repository's
//! `-C target-cpu=native`, the build-chosen slider backend (printed first), one thread, bulk
//! counting at the last ply, no hash table. Each benchmark asserts its count before timing.
//! Groups: `perft` (the six standard positions one ply shallower than the command-line figures,
//! nodes/s), `movegen` (legal move generation over a fixed list of positions, moves/s),
//! `count` (counting without listing; and the noisy and quiet stages, separately and in one
//! pass), `sliders` (rook and bishop lookups over random
//! occupancies), `play` (copy-make of every legal move of the fixed positions), `make`
//! (copy-make against make/unmake, every move of Kiwipete depth 3 played).

mod common;

use common::{SHALLOW, tree_copy, tree_make};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use movegen::{Bitboard, Board, Square, perft};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

/// The positions of the movegen, count and play groups: the six standard positions and
/// positions from perftsuite.epd with promotions, castling and en passant.
const FIXED: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2",
];

/// Legal moves of the FIXED positions, in total (counted by the reference test suite's
/// generator and checked here against `count_moves`).
fn fixed_boards() -> (Vec<Board>, u64) {
    let boards: Vec<Board> = FIXED
        .iter()
        .map(|f| Board::from_fen(f).expect("FEN"))
        .collect();
    let moves = boards.iter().map(|b| b.legal_moves().len() as u64).sum();
    let counted: u64 = boards.iter().map(|b| b.count_moves() as u64).sum();
    assert_eq!(moves, counted, "listing and counting agree");
    (boards, moves)
}

fn perft_group(c: &mut Criterion) {
    eprintln!("movegen slider backend: {}", movegen::BACKEND);
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    for (name, fen, depth, nodes) in SHALLOW {
        let board = Board::from_fen(fen).expect("FEN");
        assert_eq!(perft(&board, depth), nodes, "{name} depth {depth}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new(name, depth), |b| {
            b.iter(|| perft(black_box(&board), depth))
        });
    }
    group.finish();
}

fn movegen_group(c: &mut Criterion) {
    let (boards, moves) = fixed_boards();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            let n: usize = boards
                .iter()
                .map(|board| black_box(board).legal_moves().len())
                .sum();
            assert_eq!(n as u64, moves);
            n
        })
    });
    group.bench_function("count_moves", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| black_box(board).count_moves())
                .sum::<usize>()
        })
    });
    // Staged generation: the two stages generated separately against one pass that splits.
    group.bench_function("noisy_then_quiet", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| {
                    let board = black_box(board);
                    board.noisy_moves().len() + board.quiet_moves().len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("noisy_and_quiet", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| {
                    let (noisy, quiet) = black_box(board).noisy_and_quiet_moves();
                    noisy.len() + quiet.len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

fn slider_group(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let queries: Vec<(Square, Bitboard)> = (0..4096)
        .map(|i| {
            (
                Square::new(i % 64),
                Bitboard(rng.next_u64() & rng.next_u64()),
            )
        })
        .collect();
    let mut group = c.benchmark_group(format!("sliders-{}", movegen::BACKEND));
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("rook_attacks", |b| {
        b.iter(|| {
            queries.iter().fold(0u64, |acc, &(sq, occ)| {
                acc ^ movegen::rook_attacks(sq, black_box(occ)).0
            })
        })
    });
    group.bench_function("bishop_attacks", |b| {
        b.iter(|| {
            queries.iter().fold(0u64, |acc, &(sq, occ)| {
                acc ^ movegen::bishop_attacks(sq, black_box(occ)).0
            })
        })
    });
    group.finish();
}

fn play_group(c: &mut Criterion) {
    let (boards, moves) = fixed_boards();
    let pairs: Vec<(Board, movegen::Move)> = boards
        .iter()
        .flat_map(|b| b.legal_moves().iter().map(|&m| (*b, m)).collect::<Vec<_>>())
        .collect();
    assert_eq!(pairs.len() as u64, moves);
    let mut group = c.benchmark_group("play");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("play_unchecked", |b| {
        b.iter(|| {
            pairs.iter().fold(0u64, |acc, (board, mv)| {
                acc ^ black_box(board).play_unchecked(*mv).hash()
            })
        })
    });
    group.finish();
}

/// Copy-make against make/unmake on Kiwipete depth 3 with every move played.
fn make_group(c: &mut Criterion) {
    let board = Board::from_fen(common::POSITIONS[1].1).expect("FEN");
    assert_eq!(tree_copy(&board, 3), 97_862);
    assert_eq!(tree_make(&mut board.clone(), 3), 97_862);
    let mut group = c.benchmark_group("make");
    group.throughput(Throughput::Elements(97_862));
    group.bench_function("copy_make", |b| b.iter(|| tree_copy(black_box(&board), 3)));
    group.bench_function("make_unmake", |b| {
        let mut board = board;
        b.iter(|| tree_make(black_box(&mut board), 3))
    });
    group.finish();
}

criterion_group!(
    benches,
    perft_group,
    movegen_group,
    slider_group,
    play_group,
    make_group
);
criterion_main!(benches);
