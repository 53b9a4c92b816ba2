//! The perft tool's modes: breakdown statistics against the published columns, threads and the
//! hash table against the plain count, divide-diff against a deliberately wrong engine and
//! against Stockfish, suites and their exit codes, JSON, perftree.

use crate::common;

use common::{budget, data_lines, project_file};
use movegen::perft::{
    Table, divide_parallel, perft_full_make, perft_full_make_hashed, perft_hashed,
    perft_stats_hashed,
};
use movegen::{Board, Stats, perft, perft_stats};
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::Duration;

fn perft_bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("run perft")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A perft.csv row: name, FEN, depth, nodes, and the breakdown columns (None where the page
/// publishes none).
type CsvRow = (String, String, u32, u128, [Option<u64>; 8]);

fn csv_rows() -> Vec<CsvRow> {
    let lines = data_lines("perft.csv");
    lines[1..]
        .iter()
        .map(|row| {
            let c: Vec<&str> = row.split(',').collect();
            let breakdown = core::array::from_fn(|i| c[4 + i].parse().ok());
            (
                c[0].to_string(),
                c[1].to_string(),
                c[2].parse().unwrap(),
                c[3].parse().unwrap(),
                breakdown,
            )
        })
        .collect()
}

#[test]
fn stats_match_the_published_columns() {
    let limit = budget(20_000_000);
    let mut checked = 0;
    for (name, fen, depth, nodes, breakdown) in csv_rows() {
        if nodes > limit || breakdown.iter().all(Option::is_none) {
            continue;
        }
        let stats = perft_stats(&Board::from_fen(&fen).unwrap(), depth);
        assert_eq!(u128::from(stats.nodes), nodes, "{name} depth {depth} nodes");
        for ((column, got), want) in stats.fields()[1..].iter().zip(breakdown) {
            if let Some(want) = want {
                assert_eq!(*got, want, "{name} depth {depth} {column}");
            }
        }
        checked += 1;
    }
    eprintln!("{checked} perft.csv rows with breakdown columns match");
    assert!(
        checked >= 20 || std::env::var_os("MOVEGEN_PERFT_BUDGET").is_some(),
        "{checked}"
    );
}

/// Statistics through a hash table: every published breakdown cell within the budget, from a
/// table shared across rows and reused (a second pass answers from it), and small enough
/// (1 MiB) that entries are overwritten all the time.
#[test]
fn hashed_stats_match_the_published_columns() {
    let limit = budget(20_000_000);
    let table = Table::new(1).unwrap();
    let mut checked = 0;
    for pass in 0..2 {
        for (name, fen, depth, nodes, breakdown) in csv_rows() {
            if nodes > limit || breakdown.iter().all(Option::is_none) {
                continue;
            }
            let board = Board::from_fen(&fen).unwrap();
            // A plain entry for the same position and depth must not be read as statistics.
            assert_eq!(u128::from(perft_hashed(&board, depth, &table)), nodes);
            let stats = perft_stats_hashed(&board, depth, &table);
            assert_eq!(u128::from(stats.nodes), nodes, "{name} {depth} pass {pass}");
            for ((column, got), want) in stats.fields()[1..].iter().zip(breakdown) {
                if let Some(want) = want {
                    assert_eq!(*got, want, "{name} depth {depth} {column} pass {pass}");
                }
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 40 || std::env::var_os("MOVEGEN_PERFT_BUDGET").is_some(),
        "{checked}"
    );
}

/// Full-make perft (every leaf move played) gives the published counts, with and without a
/// table, and its table entries never answer a bulk-counted probe.
#[test]
fn full_make_matches_the_published_counts() {
    let limit = budget(5_000_000);
    let table = Table::new(4).unwrap();
    let mut checked = 0;
    for (name, fen, depth, nodes, _) in csv_rows() {
        if nodes > limit {
            continue;
        }
        let board = Board::from_fen(&fen).unwrap();
        assert_eq!(
            u128::from(perft_full_make(&board, depth)),
            nodes,
            "{name} {depth}"
        );
        let hashed = perft_full_make_hashed(&board, depth, &table);
        assert_eq!(u128::from(hashed), nodes, "{name} {depth} hashed");
        if depth >= 3 {
            assert_eq!(table.probe(&board, depth), None, "{name} {depth}");
        }
        checked += 1;
    }
    assert!(
        checked >= 30 || std::env::var_os("MOVEGEN_PERFT_BUDGET").is_some(),
        "{checked}"
    );
}

/// `--no-bulk` and `--stats --hash` in the binary, on one and two threads: the published
/// counts; the two modes refuse to combine.
#[test]
fn binary_full_make_and_hashed_stats() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    for threads in ["1", "2"] {
        for hash in ["0", "16"] {
            let out = perft_bin(&[
                "--fen",
                kiwipete,
                "--no-bulk",
                "--threads",
                threads,
                "--hash",
                hash,
                "4",
            ]);
            assert!(out.status.success());
            assert!(stdout(&out).ends_with("\nNodes searched: 4085603\n"));
            let timing = String::from_utf8_lossy(&out.stderr);
            assert!(timing.contains(", no bulk counting, "), "{timing}");
            let out = perft_bin(&[
                "--fen",
                kiwipete,
                "--stats",
                "--threads",
                threads,
                "--hash",
                hash,
                "4",
            ]);
            assert!(out.status.success());
            let text = stdout(&out);
            // Published (Chess Programming Wiki, Kiwipete depth 4).
            for line in [
                "Nodes searched: 4085603",
                "Captures: 757163",
                "E.p.: 1929",
                "Castles: 128013",
                "Promotions: 15172",
                "Checks: 25523",
                "Discovery checks: 42",
                "Double checks: 6",
                "Checkmates: 43",
            ] {
                assert!(text.contains(&format!("{line}\n")), "{line}: {text}");
            }
        }
    }
    let out = perft_bin(&["--no-bulk", "--stats", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("do not combine"));
    let out = perft_bin(&["--no-bulk", "--json", "2"]);
    assert!(stdout(&out).contains("\"bulk\":false"), "{}", stdout(&out));
}

/// The binary's statistics on every perft.csv row with a breakdown, within a small budget, on
/// one and two threads. Regression: at depth 1 the breakdown was all zero, since each root
/// move's share was counted from the child position, which cannot see the move.
#[test]
fn binary_stats_match_the_published_columns_at_every_depth() {
    let names = [
        "Captures",
        "E.p.",
        "Castles",
        "Promotions",
        "Checks",
        "Discovery checks",
        "Double checks",
        "Checkmates",
    ];
    let mut checked = 0;
    for (name, fen, depth, nodes, breakdown) in csv_rows() {
        if nodes > 200_000 || depth == 0 || breakdown.iter().all(Option::is_none) {
            continue;
        }
        for threads in ["1", "2"] {
            let out = perft_bin(&[
                "--fen",
                &fen,
                "--stats",
                "--threads",
                threads,
                "--quiet",
                &depth.to_string(),
            ]);
            assert!(out.status.success());
            let text = stdout(&out);
            assert!(
                text.contains(&format!("Nodes searched: {nodes}\n")),
                "{name} {depth}: {text}"
            );
            for (label, want) in names.iter().zip(breakdown) {
                if let Some(want) = want {
                    let line = format!("{label}: {want}\n");
                    assert!(
                        text.contains(&line),
                        "{name} depth {depth}, {threads} threads: {line} in {text}"
                    );
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn stats_in_the_binary_and_in_json() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let out = perft_bin(&["--fen", kiwipete, "--stats", "--threads", "2", "3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for line in [
        "Nodes searched: 97862",
        "Captures: 17102",
        "E.p.: 45",
        "Castles: 3162",
        "Checks: 993",
        "Checkmates: 1",
    ] {
        assert!(text.contains(line), "{line} in {text}");
    }
    let out = perft_bin(&["--fen", kiwipete, "--stats", "--json", "2"]);
    let json = stdout(&out);
    assert!(
        json.starts_with('{') && json.trim_end().ends_with('}') && json.lines().count() == 1,
        "{json}"
    );
    for part in [
        "\"nodes\":2039",
        "\"captures\":351",
        "\"ep\":1",
        "\"castles\":91",
        "\"e1g1\":43",
        "\"depth\":2",
    ] {
        assert!(json.contains(part), "{part} in {json}");
    }
}

#[test]
fn threads_and_hash_give_the_plain_counts() {
    let limit = budget(50_000_000);
    let table = Table::new(16).unwrap();
    for (name, fen, depth, nodes, _) in csv_rows() {
        if nodes > limit || depth == 0 {
            continue;
        }
        let board = Board::from_fen(&fen).unwrap();
        for threads in [1, 2, 3] {
            let divide = divide_parallel(
                &board,
                depth,
                threads,
                perft,
                Duration::from_secs(1),
                |_| {},
            );
            let total: u128 = divide.iter().map(|&(_, n)| u128::from(n)).sum();
            assert_eq!(total, nodes, "{name} depth {depth}, {threads} threads");
            let hashed = divide_parallel(
                &board,
                depth,
                threads,
                |b, d| perft_hashed(b, d, &table),
                Duration::from_secs(1),
                |_| {},
            );
            assert_eq!(
                hashed, divide,
                "{name} depth {depth}, {threads} threads, hash"
            );
            let stats = divide_parallel(
                &board,
                depth.min(3),
                threads,
                perft_stats,
                Duration::from_secs(1),
                |_| {},
            );
            let plain: Vec<(movegen::Move, u64)> = stats
                .iter()
                .map(|(m, s): &(movegen::Move, Stats)| (*m, s.nodes))
                .collect();
            assert_eq!(
                plain,
                divide_parallel(
                    &board,
                    depth.min(3),
                    1,
                    perft,
                    Duration::from_secs(1),
                    |_| {}
                )
            );
        }
    }
}

#[test]
fn binary_threads_and_hash_agree_with_plain() {
    let plain = stdout(&perft_bin(&["--threads", "1", "5"]));
    for args in [
        &["--threads", "2", "5"][..],
        &["--threads", "3", "--hash", "8", "5"],
        &["--hash", "1", "--threads", "1", "5"],
    ] {
        assert_eq!(stdout(&perft_bin(args)), plain, "{args:?}");
    }
    assert!(plain.ends_with("\nNodes searched: 4865609\n"));
}

/// The fake engine example (built by `cargo test`), next to the test binaries.
fn fake_engine() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap();
    dir.join("examples")
        .join(format!("fake_uci_engine{}", std::env::consts::EXE_SUFFIX))
}

/// Runs the `perft` command with stdout a pipe whose reading end is already closed (`perft ...
/// | head -0`: every write fails with a broken pipe); its exit code and stderr.
fn perft_into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("run perft");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_stdout_is_no_panic() {
    // The command ends with its own status, quietly.
    let cases: &[&[&str]] = &[
        &["--version"],
        &["--help"],
        &["3"],
        &["--json", "3"],
        &["perftree", "2", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
        &["split", "--ply", "1", "2"],
    ];
    for &args in cases {
        let (code, stderr) = perft_into_closed_pipe(args);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
    }
}

#[test]
fn diff_with_a_closed_stdout_keeps_its_status() {
    // The walk goes on unsaid, and the status still tells whether the counts agree (0) or
    // differ (1).
    let engine = fake_engine().display().to_string();
    for (faults, expected) in [("", 0), (" g1f3 e2e4 e7e5", 1)] {
        let spec = format!("{engine}{faults}");
        let (code, stderr) = perft_into_closed_pipe(&["diff", "--engine", &spec, "4"]);
        assert!(!stderr.contains("panicked"), "{faults:?}: {stderr}");
        assert_eq!(code, Some(expected), "{faults:?}: {stderr}");
    }
}

#[test]
fn diff_finds_an_injected_fault() {
    let engine = fake_engine();
    assert!(
        engine.exists(),
        "{} (built by cargo test)",
        engine.display()
    );
    let engine = engine.display().to_string();
    // The engine forgets g1f3 after e2e4 e7e5: the diff must walk down to it.
    let out = perft_bin(&["diff", "--engine", &format!("{engine} g1f3 e2e4 e7e5"), "4"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("path: e2e4 e7e5\n"), "{text}");
    assert!(
        text.contains("fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"),
        "{text}"
    );
    assert!(
        text.contains("extra (movegen's, not the engine's): g1f3\n"),
        "{text}"
    );
    assert!(
        text.contains("counts differ at depth 4: movegen 197281, engine 197252"),
        "{text}"
    );
    // From a FEN with moves, the path is relative to the position reached.
    let out = perft_bin(&[
        "diff",
        "--engine",
        &format!("{engine} b1c3 e2e4 e7e5"),
        "--fen",
        movegen::STARTPOS,
        "--moves",
        "e2e4",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("path: e7e5\n"), "{}", stdout(&out));
    // A correct engine (the fault is never reached): exit 0.
    let out = perft_bin(&["diff", "--engine", &format!("{engine} a1a1"), "3"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("counts agree: 8902 nodes at depth 3"));
}

#[test]
fn diff_reports_engine_failures_with_exit_2() {
    for (engine, fragment) in [
        ("/nonexistent/engine", "cannot start"),
        ("sleep 30", "did not answer"),
        ("true", "exited"),
    ] {
        let out = perft_bin(&["diff", "--engine", engine, "--timeout", "1", "2"]);
        assert_eq!(out.status.code(), Some(2), "{engine}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(fragment), "{engine}: {err}");
    }
    let out = perft_bin(&["diff", "2"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Against Debian's Stockfish, which `.ci/run` installs: under `CI=true` a missing engine is a
/// failure, elsewhere the test is skipped. (Reachable positions only: Stockfish assumes them.)
#[test]
fn diff_agrees_with_stockfish() {
    let stockfish = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(stockfish) = stockfish else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but Stockfish is not installed"
        );
        eprintln!("skipped: Stockfish not installed (apt-get install stockfish)");
        return;
    };
    for (fen, depth) in [
        (movegen::STARTPOS, "4"),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            "3",
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", "5"),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "3",
        ),
        ("8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1", "4"),
    ] {
        let out = perft_bin(&["diff", "--engine", stockfish, "--fen", fen, depth]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{fen}: {}{}",
            stdout(&out),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// A suite file in `dir`, written.
fn suite_file(dir: &common::TempDir, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn suites_in_every_format_and_their_exit_codes() {
    let dir = common::TempDir::new("suite");
    let run = |path: &PathBuf, budget: &str| {
        perft_bin(&["suite", path.to_str().unwrap(), "--max-nodes", budget])
    };
    // The project's own data files pass.
    for file in [
        "perft.csv",
        "tests/data/perftsuite.epd",
        "tests/data/python-chess-tricky.perft",
        "tests/data/chess960-fischer.epd",
    ] {
        let path = project_file(file);
        let out = run(&path, "200000");
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(0), "{file}: {text}");
        assert!(text.lines().last().unwrap().contains(" passed"), "{text}");
    }
    let random = suite_file(
        &dir,
        "random.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id gentest-1; perft 1 20;\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id gentest-1; perft 3 8902;\n",
    );
    let out = run(&random, "1000000");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("gentest-1 (line 2): depth 3, expected 8902, got 8902"),
        "{}",
        stdout(&out)
    );
    // A wrong count: exit 1, the other rows still run.
    let wrong = suite_file(
        &dir,
        "wrong.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67 ;D3 1197\n",
    );
    let out = run(&wrong, "1000000");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("MISMATCH") && text.contains("expected 67, got 66"),
        "{text}"
    );
    assert!(text.contains("3 rows: 2 passed, 1 failed"), "{text}");
    // Malformed rows are named by line number; the others still run.
    let bad = suite_file(
        &dir,
        "bad.csv",
        "name,fen,depth,nodes\nx,4k3/8/8/8/8/8/8/4K2R w K - 0 1,two,15\ny,4k3/8/8/8/8/8/8/4K2R w K - 0 1,1,15\nz,not a fen,1,1\n",
    );
    let out = run(&bad, "1000000");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("malformed  line 2: depth \"two\" is not a number"),
        "{text}"
    );
    assert!(text.contains("malformed  line 4:"), "{text}");
    assert!(text.contains("1 passed, 0 failed, 0 skipped"), "{text}");
    // Over the budget: skipped, still exit 0.
    let out = run(&random, "100");
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("1 skipped"));
    // Unreadable file and bad options: exit 2.
    assert_eq!(
        perft_bin(&["suite", "/nonexistent/file"]).status.code(),
        Some(2)
    );
    assert_eq!(perft_bin(&["suite"]).status.code(), Some(2));
    assert_eq!(
        perft_bin(&["suite", random.to_str().unwrap(), "--max-nodes", "x"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn perftree_mode() {
    let out = perft_bin(&["perftree", "2", movegen::STARTPOS, "e2e4 e7e5"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("a2a3 29\n"), "{text}");
    assert!(text.ends_with("\n\n835\n"), "{text}");
    // Empty move list, and upper-case promotions as perftree sends them.
    let out = perft_bin(&["perftree", "1", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", ""]);
    assert!(stdout(&out).contains("a7a8q 1\n"));
    let out = perft_bin(&["perftree", "1", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", "a7a8Q"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(perft_bin(&["perftree", "1"]).status.code(), Some(2));
}

#[test]
fn progress_never_reaches_stdout() {
    // Not a terminal here: no progress at all, and stdout holds only the divide.
    let out = perft_bin(&["--threads", "2", "6"]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 22, "{text}");
    let out = perft_bin(&["--quiet", "3"]);
    assert!(out.status.success());
}

#[test]
fn tool_options_are_checked() {
    for (args, fragment) in [
        (&["--threads", "0", "3"][..], "--threads"),
        (&["--threads", "x", "3"], "--threads"),
        (&["--hash", "-1", "3"], "--hash"),
        (&["--hash", "99999999", "3"], "--hash"),
        (&["--stats", "--stats", "3"], "twice"),
        (&["diff", "--engine", "x", "0"], "at least 1"),
        (
            &["diff", "--engine", "x", "--timeout", "0", "2"],
            "--timeout",
        ),
        (&["perftree", "x", movegen::STARTPOS], "DEPTH"),
    ] {
        let out = perft_bin(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(fragment), "{args:?}: {err}");
    }
}
