//! movegen against the fastest Rust move generators, in one run: `cargo bench -p movegen-benches --bench peers`.
//!
//! Configuration: single thread, bulk counting at the last ply, no hash table, release profile
//! (LTO, one codegen unit) with the repository's `-C target-cpu=native`, movegen's build-chosen
//! slider backend. Each round runs every engine on every position, interleaved (movegen,
//! cozy-chess, chess, movegen, ...); the figures are medians over the rounds (5 by default,
//! `PEERS_ROUNDS=N` to change, `PEERS_ONLY=movegen,cozy-chess` to leave out engines). Every run
//! asserts the published node count. Ratios are speed ratios: movegen's nodes per second over
//! the peer's. cozy-chess is built with its magic sliders by default;
//! `RUSTFLAGS="-C target-cpu=native --cfg movegen_peer_pext"` builds it with its PEXT sliders
//! (its faster form on CPUs where pext is fast).

mod common;

use common::{POSITIONS, chess_perft, cozy_perft, movegen_perft};
use std::time::Instant;

type Perft = fn(&str, u32) -> u64;

const ENGINES: [(&str, Perft); 3] = [
    ("movegen", movegen_perft),
    ("cozy-chess", cozy_perft),
    ("chess", chess_perft),
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "peers bench: pass --bench (cargo bench -p movegen-benches --bench peers) to measure"
        );
        return;
    }
    let rounds: usize = std::env::var("PEERS_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let only: Option<String> = std::env::var("PEERS_ONLY").ok();
    let engines: Vec<(&str, Perft)> = ENGINES
        .into_iter()
        .filter(|(name, _)| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|x| x == *name))
        })
        .collect();
    // times[engine][position] = one entry per round
    let mut times = vec![vec![Vec::new(); POSITIONS.len()]; engines.len()];
    for round in 0..rounds {
        for (p, &(name, fen, depth, nodes)) in POSITIONS.iter().enumerate() {
            for (e, &(engine, perft)) in engines.iter().enumerate() {
                let start = Instant::now();
                let got = perft(fen, depth);
                times[e][p].push(start.elapsed().as_secs_f64());
                assert_eq!(got, nodes, "{engine} {name} depth {depth}");
            }
        }
        eprintln!("round {}/{rounds} done", round + 1);
    }
    let cozy_backend = if cfg!(movegen_peer_pext) {
        "pext"
    } else {
        "magic"
    };
    println!(
        "movegen {} backend, cozy-chess {cozy_backend} backend (--cfg movegen_peer_pext for pext); \
         1 thread, bulk counting, no hash; median of {rounds} interleaved rounds",
        movegen::BACKEND
    );
    print!("{:<10} {:>5} {:>11}", "position", "depth", "nodes");
    for (engine, _) in &engines {
        print!(" {engine:>12}");
    }
    for (engine, _) in engines.iter().skip(1) {
        print!(" {:>14}", format!("vs {engine}"));
    }
    println!(
        "\n{:<10} {:>5} {:>11}{}",
        "",
        "",
        "",
        "         Mnps".repeat(engines.len())
    );
    let medians: Vec<Vec<f64>> = times
        .into_iter()
        .map(|per| per.into_iter().map(median).collect())
        .collect();
    let total_nodes: u64 = POSITIONS.iter().map(|p| p.3).sum();
    let totals: Vec<f64> = medians.iter().map(|m| m.iter().sum()).collect();
    for (p, &(name, _, depth, nodes)) in POSITIONS.iter().enumerate() {
        print!("{name:<10} {depth:>5} {nodes:>11}");
        for m in &medians {
            print!(" {:>12.1}", nodes as f64 / m[p] / 1e6);
        }
        for m in medians.iter().skip(1) {
            print!(" {:>13.2}x", m[p] / medians[0][p]);
        }
        println!();
    }
    print!("{:<10} {:>5} {total_nodes:>11}", "total", "");
    for t in &totals {
        print!(" {:>12.1}", total_nodes as f64 / t / 1e6);
    }
    for t in totals.iter().skip(1) {
        print!(" {:>13.2}x", t / totals[0]);
    }
    println!();
}
