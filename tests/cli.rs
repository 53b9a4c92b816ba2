//! The `perft` binary, run as a user would: output format, options, and bad arguments.

use std::process::{Command, Output};

fn perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("run perft")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

/// Checks the Stockfish `go perft` layout and returns the (move, count) lines and the total.
fn parse_divide(out: &Output) -> (Vec<(String, u64)>, u64) {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(out);
    let (moves, total) = text
        .split_once("\n\nNodes searched: ")
        .or_else(|| text.strip_prefix("\nNodes searched: ").map(|t| ("", t)))
        .unwrap_or_else(|| panic!("layout: {text:?}"));
    let total: u64 = total
        .strip_suffix('\n')
        .expect("final newline")
        .parse()
        .expect("total");
    let lines: Vec<(String, u64)> = moves
        .lines()
        .map(|l| {
            let (mv, n) = l.split_once(": ").unwrap_or_else(|| panic!("line {l:?}"));
            (mv.to_string(), n.parse().expect("count"))
        })
        .collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted, "moves sorted by text");
    if lines.is_empty() {
        assert!(
            total <= 1,
            "no moves: depth 0 (1) or no legal move (0), got {total}"
        );
    } else {
        assert_eq!(
            lines.iter().map(|(_, n)| n).sum::<u64>(),
            total,
            "lines add up to the total"
        );
    }
    (lines, total)
}

#[test]
fn startpos_divide_in_stockfish_format() {
    let out = perft(&["3"]);
    let (lines, total) = parse_divide(&out);
    assert_eq!(total, 8902);
    assert_eq!(lines.len(), 20);
    assert_eq!(lines[0], ("a2a3".to_string(), 380));
    assert!(lines.contains(&("g1f3".to_string(), 440)));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("nodes/s"), "speed on stderr: {stderr}");
}

#[test]
fn depth_zero_and_no_moves() {
    assert_eq!(stdout(&perft(&["0"])), "\nNodes searched: 1\n");
    let stalemate = perft(&["--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "3"]);
    assert!(stalemate.status.success());
    assert_eq!(stdout(&stalemate), "\nNodes searched: 0\n");
    let mate = perft(&["--fen", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "1"]);
    assert_eq!(stdout(&mate), "\nNodes searched: 0\n");
}

#[test]
fn fen_and_moves() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let (lines, total) = parse_divide(&perft(&["--fen", kiwipete, "2"]));
    assert_eq!((lines.len(), total), (48, 2039));
    assert!(
        lines.contains(&("e1g1".to_string(), 43)),
        "castling printed as e1g1"
    );
    // Moves from the start position, and from a FEN.
    let (_, total) = parse_divide(&perft(&["--moves", "e2e4", "e7e5", "3"]));
    let (_, direct) = parse_divide(&perft(&[
        "--fen",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
        "3",
    ]));
    assert_eq!(total, direct);
    let (lines, total) = parse_divide(&perft(&["--fen", kiwipete, "--moves", "e1g1", "1"]));
    assert_eq!((lines.len(), total), (43, 43));
    let (_, total) = parse_divide(&perft(&["--moves", "4"]));
    assert_eq!(total, 197281, "--moves with no moves");
}

#[test]
fn chess960_notation() {
    // Shredder-FEN castling: Chess960 rules and king-takes-rook notation by themselves.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (lines, total) = parse_divide(&perft(&["--fen", fen, "2"]));
    assert_eq!(total, 528);
    assert!(
        !lines.iter().any(|(m, _)| m == "g1h1"),
        "f1 rook blocks castling: {lines:?}"
    );
    // Both castlings of a king on b1, written king-takes-rook (25 moves, as Stockfish with
    // UCI_Chess960 lists them).
    let (lines, total) = parse_divide(&perft(&["--fen", "1k6/8/8/8/8/8/8/RK5R w HA - 0 1", "1"]));
    assert_eq!(total, 25);
    assert!(
        lines.iter().any(|(m, _)| m == "b1h1") && lines.iter().any(|(m, _)| m == "b1a1"),
        "castling as king-takes-rook: {lines:?}"
    );
    // --chess960 forces it on a standard position.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let (lines, _) = parse_divide(&perft(&["--chess960", "--fen", kiwipete, "1"]));
    assert!(lines.iter().any(|(m, _)| m == "e1h1") && !lines.iter().any(|(m, _)| m == "e1g1"));
    let (lines, _) = parse_divide(&perft(&["--fen", kiwipete, "1"]));
    assert!(lines.iter().any(|(m, _)| m == "e1g1"));
}

#[test]
fn version_and_help() {
    let out = perft(&["--version"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains(env!("CARGO_PKG_VERSION")), "{text}");
    assert!(
        text.contains(&format!("slider backend: {}\n", movegen::BACKEND)),
        "{text}"
    );
    assert!(
        text.contains(&format!("perft runs: {}\n", movegen::backend())),
        "{text}"
    );
    // A variant that does not run is refused, not ignored.
    let out = Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(["1"])
        .env("MOVEGEN_DISPATCH", "x86-64-v9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("MOVEGEN_DISPATCH"));
    let help = perft(&["--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).contains("usage: perft"));
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "missing DEPTH"),
        (&["x"], "DEPTH"),
        (&["-1"], "DEPTH"),
        (&["31"], "DEPTH"),
        (&["99999999999999999999"], "DEPTH"),
        (&["--fen"], "DEPTH"),
        (&["--fen", "3"], "--fen needs a FEN"),
        (&["--fen", "not a fen", "3"], "invalid FEN"),
        (
            &[
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                "1",
            ],
            "twice",
        ),
        (
            &["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "1"],
            "invalid position",
        ),
        (&["--moves", "e2e5", "3"], "not a legal move"),
        (&["--moves", "e2e4", "e2e4", "3"], "not a legal move"),
        (&["--moves", "hello", "3"], "not a UCI move"),
        (&["--depth", "3"], "unknown option"),
        (
            &["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "3"],
            "unexpected argument",
        ),
        (&["3", "4"], "unexpected argument"),
    ];
    for (args, fragment) in cases {
        let out = perft(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
        assert!(
            stderr.contains(fragment),
            "{args:?}: {stderr:?} should mention {fragment:?}"
        );
    }
}
