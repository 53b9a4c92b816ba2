//! Shared by the integration tests: the published perft data, node budgets, and the slow
//! reference generator.
#![allow(dead_code)]

pub mod properties;
pub mod reference;

use movegen::{Board, perft, perft_divide};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};
use std::path::PathBuf;

/// A file of the project (relative to the package root).
pub fn project_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Lines of a data file without blank and `#` comment lines.
pub fn data_lines(path: &str) -> Vec<String> {
    let path = project_file(path);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// One published count: a position, a depth and the number of leaf nodes.
#[derive(Clone, Debug)]
pub struct Case {
    /// Where it comes from (file and id or line).
    pub name: String,
    /// The position.
    pub fen: String,
    /// Depth in plies.
    pub depth: u32,
    /// Published leaf count.
    pub nodes: u128,
}

/// The rows of `perft.csv` (name, fen, depth, nodes, then the breakdown columns).
pub fn perft_csv() -> Vec<Case> {
    let lines = data_lines("perft.csv");
    let (header, rows) = lines.split_first().expect("perft.csv has a header");
    assert!(
        header.starts_with("name,fen,depth,nodes,"),
        "unexpected header {header}"
    );
    rows.iter()
        .map(|row| {
            let cols: Vec<&str> = row.split(',').collect();
            assert_eq!(cols.len(), 12, "perft.csv row {row}");
            Case {
                name: format!("perft.csv {} depth {}", cols[0], cols[2]),
                fen: cols[1].to_string(),
                depth: cols[2].parse().expect("depth"),
                nodes: cols[3].parse().expect("nodes (u128)"),
            }
        })
        .collect()
}

/// `FEN ;D1 20 ;D2 400 ...` lines (perftsuite.epd).
pub fn epd_suite(path: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, line) in data_lines(path).iter().enumerate() {
        let mut parts = line.split(';');
        let fen = parts.next().expect("fen").trim();
        for part in parts {
            let (d, n) = part.trim().split_once(' ').expect("Dn count");
            cases.push(Case {
                name: format!("{path} position {} {}", i + 1, d),
                fen: fen.to_string(),
                depth: d.trim_start_matches('D').parse().expect("depth"),
                nodes: n.trim().parse().expect("count"),
            });
        }
    }
    cases
}

/// `FEN id NAME; perft D N;` lines (perft-random.epd).
pub fn perft_random() -> Vec<Case> {
    data_lines("tests/data/perft-random.epd")
        .iter()
        .map(|line| {
            let (fen, rest) = line.split_once(" id ").expect("id");
            let (id, perft) = rest.split_once(';').expect("id;");
            let mut words = perft
                .trim()
                .trim_end_matches(';')
                .split_whitespace()
                .skip(1);
            let depth = words.next().expect("depth").parse().expect("depth");
            let nodes = words.next().expect("count").parse().expect("count");
            Case {
                name: format!("perft-random {id} depth {depth}"),
                fen: fen.to_string(),
                depth,
                nodes,
            }
        })
        .collect()
}

/// `id` / `epd` / `perft D N` blocks (python-chess-tricky.perft).
pub fn tricky() -> Vec<Case> {
    let mut cases = Vec::new();
    let (mut id, mut fen) = (String::new(), String::new());
    for line in data_lines("tests/data/python-chess-tricky.perft") {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("epd ") {
            fen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').expect("perft D N");
            let depth = d.parse().expect("depth");
            cases.push(Case {
                name: format!("tricky {id} depth {depth}"),
                fen: fen.clone(),
                depth,
                nodes: n.parse().expect("count"),
            });
        }
    }
    cases
}

/// The node budget per row: `MOVEGEN_PERFT_BUDGET` when set (a cap for quick runs, such as
/// CI's second slider backend), else `default`.
pub fn budget(default: u128) -> u128 {
    match std::env::var("MOVEGEN_PERFT_BUDGET") {
        Ok(text) => text
            .parse::<u128>()
            .expect("MOVEGEN_PERFT_BUDGET must be a number")
            .min(default),
        Err(_) => default,
    }
}

/// Runs the cases whose counts lie in `(above, up_to]` (all up to `up_to` when `above` is
/// `None`); returns how many ran and which were skipped for being over `up_to`. On a mismatch,
/// panics naming the case, the counts and the divide.
pub fn run_cases(cases: &[Case], above: Option<u128>, up_to: u128) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut skipped = Vec::new();
    for case in cases {
        if case.nodes > up_to {
            skipped.push(case.name.clone());
            continue;
        }
        if above.is_some_and(|above| case.nodes <= above) {
            continue;
        }
        let board = Board::from_fen(&case.fen)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", case.name, case.fen));
        let got = perft(&board, case.depth);
        if u128::from(got) != case.nodes {
            let divide: Vec<String> = perft_divide(&board, case.depth)
                .entries()
                .iter()
                .map(|(mv, n)| format!("{mv}: {n}"))
                .collect();
            panic!(
                "{}: {} depth {}: expected {}, got {got}\ndivide:\n{}",
                case.name,
                case.fen,
                case.depth,
                case.nodes,
                divide.join("\n")
            );
        }
        ran += 1;
    }
    (ran, skipped)
}

/// Runs cases up to `up_to` nodes and reports skipped ones on stderr.
pub fn run_within_budget(label: &str, cases: &[Case], up_to: u128) -> usize {
    let (ran, skipped) = run_cases(cases, None, up_to);
    eprintln!(
        "{label}: {ran} rows pass, {} skipped (budget {up_to} leaves per row)",
        skipped.len()
    );
    for name in skipped.iter().take(20) {
        eprintln!("  skipped {name}: over budget");
    }
    ran
}

/// Distinct starting FENs: the start position, the CPW positions of perft.csv, and every 48th
/// Chess960 position of chess960-fischer.epd (so Chess960 castling is covered too).
pub fn roots() -> Vec<Board> {
    let mut fens: Vec<String> = perft_csv().into_iter().map(|c| c.fen).collect();
    fens.dedup();
    let chess960: Vec<String> = data_lines("tests/data/chess960-fischer.epd")
        .iter()
        .step_by(48)
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect();
    fens.extend(chess960);
    fens.iter()
        .map(|f| Board::from_fen(f).expect("perft.csv FEN"))
        .collect()
}

/// Positions from random playouts (seeded, so every run sees the same ones): `games` games per
/// root of at most 160 plies each.
pub fn playout_positions(seed: u64, games: usize) -> Vec<Board> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut positions = Vec::new();
    for root in roots() {
        for _ in 0..games {
            let mut board = root;
            for _ in 0..160 {
                positions.push(board);
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                board = board.play_unchecked(mv);
            }
        }
    }
    positions
}

/// "The corpus" of the embedding API tests: every position of perft.csv, perftsuite.epd, the
/// tricky positions, chess960-fischer.epd, and the 10,000-odd seeded playout positions.
pub fn corpus() -> Vec<Board> {
    let mut fens: Vec<String> = Vec::new();
    for cases in [
        perft_csv(),
        epd_suite("tests/data/perftsuite.epd"),
        tricky(),
        epd_suite("tests/data/chess960-fischer.epd"),
    ] {
        fens.extend(cases.into_iter().map(|c| c.fen));
    }
    fens.dedup();
    let mut boards: Vec<Board> = fens
        .iter()
        .map(|f| Board::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}")))
        .collect();
    boards.extend(playout_positions(0x5eed, 25));
    boards
}

/// A directory of its own under the system's temporary directory, removed when the value is
/// dropped, also when the test fails (drop runs while a panic unwinds).
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new, empty directory named `movegen-{name}-{pid}-{n}` (`n` counts per process, so
    /// tests running in parallel never share one).
    pub fn new(name: &str) -> TempDir {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("movegen-{name}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("create {}: {e}", dir.display()));
        TempDir(dir)
    }

    /// The path of `file` inside the directory.
    pub fn join(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
