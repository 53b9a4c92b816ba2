//! The engine path against the Rust peers, in one run: `cargo bench -p movegen-benches --bench engine`.
//!
//! What a search engine runs at every node, never perft's shortcuts:
//!
//! - **listing**: the legal moves of every position of `benches/data/engine-corpus.fen`
//!   (12,000 positions of seeded random games, written by `cargo run --release --example
//!   corpus`), into each library's list: movegen `legal_moves()`, shakmaty `legal_moves()`,
//!   cozy-chess and chess expanded and pushed into a fixed-capacity `ArrayVec`;
//! - **full-make perft**: every leaf played. At depth 0 the recursion passes the board to
//!   `black_box` and returns 1, so the last make cannot be dropped; at depth d it lists the
//!   legal moves as above and plays each: movegen copy-make (`play_unchecked`) and make/unmake
//!   on one board, cozy-chess and shakmaty `clone` + `play_unchecked`, chess `make_move_new`.
//!   The six standard positions, startpos 5, Kiwipete 4, position 3 at 6, positions 4 to 6 at 4;
//! - **noisy**: movegen's noisy stage (`noisy_moves()`: captures, en passant, promotions)
//!   against each peer's captures-only path on the corpus: shakmaty `capture_moves()`,
//!   cozy-chess `generate_moves` with the targets restricted to their pieces, chess `MoveGen`
//!   with its iterator mask set to their pieces.
//!
//! Every count is asserted before anything is timed: the listings agree position by position,
//! the perft counts equal the published ones, and movegen's noisy count equals each peer's
//! captures plus the en-passant captures and quiet promotions the peer leaves out (counted from
//! shakmaty's full list). Configuration: one thread, no table, release profile (LTO, one
//! codegen unit), the repository's `-C target-cpu=native` unless RUSTFLAGS says otherwise,
//! movegen's build-chosen slider backend, cozy-chess with its magic sliders (`--cfg
//! movegen_peer_pext` for its PEXT ones). Each round runs every engine on every item in turn
//! (interleaved); figures are medians over `ENGINE_ROUNDS` rounds (default 7).
//! `ENGINE_ONLY=listing,full,noisy` picks the groups.
//!
//! Layout check: `RUSTFLAGS="-C target-cpu=native --cfg movegen_layout=\"1\""` (or `"2"`)
//! adds one unrelated function to this crate, to see how much a figure moves with code
//! layout alone.

mod common;

use arrayvec::ArrayVec;
use common::{SHALLOW, tree_copy as full_copy, tree_make as full_make};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};
use std::hint::black_box;
use std::str::FromStr;
use std::time::Instant;

const CORPUS: &str = include_str!("data/engine-corpus.fen");

/// One position in every library's form.
struct Boards {
    movegen: movegen::Board,
    cozy: cozy_chess::Board,
    shakmaty: Chess,
    chess: chess::Board,
}

impl Boards {
    fn new(fen: &str) -> Boards {
        let shakmaty: Chess = Fen::from_ascii(fen.as_bytes())
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("position");
        Boards {
            movegen: movegen::Board::from_fen(fen).expect("FEN"),
            cozy: cozy_chess::Board::from_fen(fen, false).expect("FEN"),
            shakmaty,
            chess: chess::Board::from_str(fen).expect("FEN"),
        }
    }
}

// ----- listing -----

fn list_movegen(b: &movegen::Board) -> usize {
    black_box(b.legal_moves()).len()
}

fn cozy_list(b: &cozy_chess::Board) -> ArrayVec<cozy_chess::Move, 256> {
    let mut list = ArrayVec::new();
    b.generate_moves(|moves| {
        for mv in moves {
            list.push(mv);
        }
        false
    });
    list
}

fn list_cozy(b: &cozy_chess::Board) -> usize {
    black_box(cozy_list(b)).len()
}

fn list_shakmaty(b: &Chess) -> usize {
    black_box(b.legal_moves()).len()
}

fn chess_list(b: &chess::Board) -> ArrayVec<chess::ChessMove, 256> {
    let mut list = ArrayVec::new();
    for mv in chess::MoveGen::new_legal(b) {
        list.push(mv);
    }
    list
}

fn list_chess(b: &chess::Board) -> usize {
    black_box(chess_list(b)).len()
}

// ----- noisy -----

fn noisy_movegen(b: &movegen::Board) -> usize {
    black_box(b.noisy_moves()).len()
}

fn noisy_cozy(b: &cozy_chess::Board) -> usize {
    let theirs = b.colors(!b.side_to_move());
    let mut list: ArrayVec<cozy_chess::Move, 256> = ArrayVec::new();
    b.generate_moves(|mut moves| {
        moves.to &= theirs;
        for mv in moves {
            list.push(mv);
        }
        false
    });
    black_box(list).len()
}

fn noisy_shakmaty(b: &Chess) -> usize {
    black_box(b.capture_moves()).len()
}

fn noisy_chess(b: &chess::Board) -> usize {
    let mut generator = chess::MoveGen::new_legal(b);
    generator.set_iterator_mask(*b.color_combined(!b.side_to_move()));
    let mut list: ArrayVec<chess::ChessMove, 256> = ArrayVec::new();
    for mv in generator {
        list.push(mv);
    }
    black_box(list).len()
}

// ----- full-make perft -----

fn full_cozy(b: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        black_box(b);
        return 1;
    }
    let mut n = 0;
    for mv in cozy_list(b) {
        let mut child = b.clone();
        child.play_unchecked(mv);
        n += full_cozy(&child, depth - 1);
    }
    n
}

fn full_shakmaty(b: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        black_box(b);
        return 1;
    }
    let mut n = 0;
    for mv in b.legal_moves() {
        let mut child = b.clone();
        child.play_unchecked(mv);
        n += full_shakmaty(&child, depth - 1);
    }
    n
}

fn full_chess(b: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        black_box(b);
        return 1;
    }
    let mut n = 0;
    for mv in chess_list(b) {
        n += full_chess(&b.make_move_new(mv), depth - 1);
    }
    n
}

// ----- the run -----

const ENGINES: [&str; 5] = [
    "movegen copy",
    "movegen make",
    "cozy-chess",
    "shakmaty",
    "chess",
];

/// Runs engine `e` on item `item` of `group` once; returns its count.
fn run(group: &str, item: usize, e: usize, corpus: &[Boards], perft: &[Boards]) -> u64 {
    let sum = |f: &dyn Fn(&Boards) -> usize| corpus.iter().map(|b| f(b) as u64).sum::<u64>();
    match (group, e) {
        ("listing", 0) => sum(&|b| list_movegen(&b.movegen)),
        ("listing", 2) => sum(&|b| list_cozy(&b.cozy)),
        ("listing", 3) => sum(&|b| list_shakmaty(&b.shakmaty)),
        ("listing", 4) => sum(&|b| list_chess(&b.chess)),
        ("noisy", 0) => sum(&|b| noisy_movegen(&b.movegen)),
        ("noisy", 2) => sum(&|b| noisy_cozy(&b.cozy)),
        ("noisy", 3) => sum(&|b| noisy_shakmaty(&b.shakmaty)),
        ("noisy", 4) => sum(&|b| noisy_chess(&b.chess)),
        ("full", _) => {
            let (b, depth) = (&perft[item], SHALLOW[item].2);
            match e {
                0 => full_copy(&b.movegen, depth),
                1 => full_make(&mut b.movegen.clone(), depth),
                2 => full_cozy(&b.cozy, depth),
                3 => full_shakmaty(&b.shakmaty, depth),
                _ => full_chess(&b.chess, depth),
            }
        }
        _ => unreachable!("no such engine in {group}"),
    }
}

/// The engines of a group (make/unmake is a perft form only).
fn engines_of(group: &str) -> Vec<usize> {
    if group == "full" {
        vec![0, 1, 2, 3, 4]
    } else {
        vec![0, 2, 3, 4]
    }
}

/// Asserts every count before timing (see the module docs).
fn check(corpus: &[Boards], perft: &[Boards]) {
    for (i, b) in corpus.iter().enumerate() {
        let n = list_movegen(&b.movegen);
        let fen = b.movegen.to_string();
        assert_eq!(
            n,
            list_cozy(&b.cozy),
            "cozy-chess listing, position {i}: {fen}"
        );
        assert_eq!(
            n,
            list_shakmaty(&b.shakmaty),
            "shakmaty listing, position {i}: {fen}"
        );
        assert_eq!(
            n,
            list_chess(&b.chess),
            "chess listing, position {i}: {fen}"
        );
        let all = b.shakmaty.legal_moves();
        let en_passant = all.iter().filter(|m| m.is_en_passant()).count();
        let quiet_promotions = all
            .iter()
            .filter(|m| m.is_promotion() && !m.is_capture())
            .count();
        let noisy = noisy_movegen(&b.movegen);
        assert_eq!(
            noisy,
            noisy_shakmaty(&b.shakmaty) + quiet_promotions,
            "noisy against shakmaty's captures, position {i}: {fen}"
        );
        let board_captures = noisy - en_passant - quiet_promotions;
        assert_eq!(
            board_captures,
            noisy_cozy(&b.cozy),
            "noisy against cozy-chess, position {i}: {fen}"
        );
        assert_eq!(
            board_captures,
            noisy_chess(&b.chess),
            "noisy against chess, position {i}: {fen}"
        );
    }
    for (i, &(name, _, depth, nodes)) in SHALLOW.iter().enumerate() {
        for e in engines_of("full") {
            assert_eq!(
                run("full", i, e, corpus, perft),
                nodes,
                "{} {name} {depth}",
                ENGINES[e]
            );
        }
    }
}

/// An unrelated function, present in the layout builds only (see the module docs).
#[cfg(any(movegen_layout = "1", movegen_layout = "2"))]
#[inline(never)]
fn unrelated(x: u64) -> u64 {
    let mut h = x;
    for i in 0..(if cfg!(movegen_layout = "1") { 7 } else { 13 }) {
        h = h.rotate_left(i + 5).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (h >> 29);
    }
    h
}

fn layout() -> &'static str {
    #[cfg(any(movegen_layout = "1", movegen_layout = "2"))]
    black_box(unrelated(black_box(1)));
    if cfg!(movegen_layout = "1") {
        "layout 1"
    } else if cfg!(movegen_layout = "2") {
        "layout 2"
    } else {
        "layout 0"
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "engine bench: pass --bench (cargo bench -p movegen-benches --bench engine) to measure"
        );
        return;
    }
    let rounds: usize = std::env::var("ENGINE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7);
    let only = std::env::var("ENGINE_ONLY").ok();
    let groups: Vec<&str> = ["listing", "full", "noisy"]
        .into_iter()
        .filter(|g| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|x| x == *g))
        })
        .collect();
    let corpus: Vec<Boards> = CORPUS
        .lines()
        .filter(|l| !l.is_empty())
        .map(Boards::new)
        .collect();
    let perft: Vec<Boards> = SHALLOW.iter().map(|p| Boards::new(p.1)).collect();
    check(&corpus, &perft);
    let layout = layout();
    // (group, item) rows; times[row][engine] per round
    let mut rows: Vec<(&str, usize)> = Vec::new();
    for &g in &groups {
        if g == "full" {
            rows.extend((0..SHALLOW.len()).map(|i| (g, i)));
        } else {
            rows.push((g, 0));
        }
    }
    let mut times = vec![vec![Vec::new(); ENGINES.len()]; rows.len()];
    for round in 0..rounds {
        for (r, &(group, item)) in rows.iter().enumerate() {
            for e in engines_of(group) {
                let start = Instant::now();
                black_box(run(group, item, e, &corpus, &perft));
                times[r][e].push(start.elapsed().as_secs_f64());
            }
        }
        eprintln!("round {}/{rounds} done", round + 1);
    }
    let cozy_backend = if cfg!(movegen_peer_pext) {
        "pext"
    } else {
        "magic"
    };
    let cpu = if cfg!(target_feature = "avx512f") {
        "avx512"
    } else if cfg!(target_feature = "bmi2") {
        "x86-64-v3 or better"
    } else {
        "no bmi2 (generic)"
    };
    println!(
        "movegen {} backend, cozy-chess {cozy_backend} backend; target features: {cpu}; {layout}; \
         1 thread, no table; median of {rounds} interleaved rounds; {} corpus positions",
        movegen::BACKEND,
        corpus.len()
    );
    println!(
        "{:<20} {:>13} {:>13} {:>13} {:>13} {:>13}   best movegen vs: {:>10} {:>10} {:>10}",
        "item",
        ENGINES[0],
        ENGINES[1],
        ENGINES[2],
        ENGINES[3],
        ENGINES[4],
        "cozy",
        "shakmaty",
        "chess"
    );
    for (r, &(group, item)) in rows.iter().enumerate() {
        let (label, per) = match group {
            "full" => (
                format!("full {} {}", SHALLOW[item].0, SHALLOW[item].2),
                SHALLOW[item].3 as f64,
            ),
            g => (format!("{g} (ns/position)"), corpus.len() as f64),
        };
        // Full-make in millions of leaves per second, the others in ns per position.
        let figure = |e: usize| -> Option<f64> {
            if times[r][e].is_empty() {
                return None;
            }
            let t = median(times[r][e].clone());
            Some(if group == "full" {
                per / t / 1e6
            } else {
                t * 1e9 / per
            })
        };
        let figures: Vec<Option<f64>> = (0..ENGINES.len()).map(figure).collect();
        let speed = |e: usize| figures[e].map(|f| if group == "full" { f } else { 1.0 / f });
        let best = speed(0).into_iter().chain(speed(1)).fold(0.0, f64::max);
        let cell = |f: Option<f64>| f.map_or("-".to_string(), |f| format!("{f:.1}"));
        print!("{label:<20}");
        for f in &figures {
            print!(" {:>13}", cell(*f));
        }
        print!("   {:>16}", "");
        for e in 2..5 {
            print!(" {:>9.3}x", best / speed(e).unwrap_or(f64::NAN));
        }
        println!();
    }
    println!(
        "(full: million leaves per second; listing and noisy: ns per position, lower is faster)"
    );
}
