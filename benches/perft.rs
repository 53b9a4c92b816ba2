//! Perft speed on the six standard positions: `cargo bench -p movegen-benches --bench perft`.
//!
//! Single thread, bulk counting at the last ply, no hash table, the slider backend of this
//! build, release profile with the repository's `-C target-cpu=native`. Each position runs five
//! times; the median time gives million leaf nodes per second. Every run asserts its node count.

use movegen::{BACKEND, Board, perft};
use std::time::Instant;

const POSITIONS: [(&str, &str, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
    ),
];

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent: keep that quick.
    let runs = if std::env::args().any(|a| a == "--bench") {
        5
    } else {
        0
    };
    if runs == 0 {
        println!(
            "perft bench: pass --bench (cargo bench -p movegen-benches --bench perft) to measure"
        );
        return;
    }
    println!("backend {BACKEND}, 1 thread, bulk counting, no hash; median of {runs} runs");
    let (mut nodes_sum, mut secs_sum) = (0u64, 0f64);
    for (name, fen, depth, nodes) in POSITIONS {
        let board = Board::from_fen(fen).expect("valid FEN");
        let mut times: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                assert_eq!(perft(&board, depth), nodes, "{name} depth {depth}");
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[runs / 2];
        nodes_sum += nodes;
        secs_sum += median;
        println!(
            "{name:<10} depth {depth}  {nodes:>11} nodes  {median:7.3} s  {:7.1} Mnps",
            nodes as f64 / median / 1e6
        );
    }
    println!(
        "{:<10}          {nodes_sum:>11} nodes  {secs_sum:7.3} s  {:7.1} Mnps",
        "total",
        nodes_sum as f64 / secs_sum / 1e6
    );
}
