//! The catalogue of bad input: every FEN of tests/data/invalid-fens.txt gives exactly the error
//! listed for it, through the library and through the `perft` binary (exit 2, one line).

use crate::common;

use movegen::Board;
use std::process::Command;

struct Entry {
    line: usize,
    error: String,
    fen: String,
    note: String,
}

fn catalogue() -> Vec<Entry> {
    let path = common::project_file("tests/data/invalid-fens.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split('\t').collect();
            assert_eq!(fields.len(), 3, "line {}: error, FEN, note", i + 1);
            Entry {
                line: i + 1,
                error: fields[0].to_string(),
                fen: fields[1].to_string(),
                note: fields[2].to_string(),
            }
        })
        .collect()
}

#[test]
fn every_catalogued_fen_gives_its_error() {
    let entries = catalogue();
    assert!(entries.len() >= 200, "{} entries", entries.len());
    let mut kinds = std::collections::BTreeSet::new();
    let mut wrong = Vec::new();
    for e in &entries {
        let got = match Board::from_fen(&e.fen) {
            Ok(board) => {
                wrong.push(format!(
                    "line {}: {:?} ({}) was accepted as {board}",
                    e.line, e.fen, e.note
                ));
                continue;
            }
            Err(err) => {
                assert!(!err.to_string().is_empty());
                format!("{err:?}")
            }
        };
        if got != e.error {
            wrong.push(format!(
                "line {}: {:?} ({}): expected {}, got {got}",
                e.line, e.fen, e.note, e.error
            ));
        }
        kinds.insert(
            e.error
                .split(['(', ' ', '{'])
                .take(2)
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every variant of SyntaxError and PositionError occurs.
    for kind in [
        "Syntax FieldCount",
        "Syntax RankCount",
        "Syntax PieceLetter",
        "Syntax EmptySquares",
        "Syntax RankTooLong",
        "Syntax RankTooShort",
        "Syntax SideToMove)",
        "Syntax Castling)",
        "Syntax EnPassant)",
        "Syntax HalfmoveClock)",
        "Syntax FullmoveNumber)",
        "Position KingCount",
        "Position TooManyPieces",
        "Position PawnOnBackRank",
        "Position OppositeCheck)",
        "Position TooManyCheckers",
        "Position CastlingWithoutPieces",
        "Position EnPassantWithoutPawn",
    ] {
        assert!(
            kinds.contains(kind),
            "no {kind} in the catalogue: {kinds:?}"
        );
    }
}

#[test]
fn the_binary_refuses_every_catalogued_fen_with_exit_2() {
    // Every 8th entry keeps the test quick; the library test above covers them all.
    for e in catalogue().iter().step_by(8) {
        let out = Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(["--fen", &e.fen, "1"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "line {}: {:?}", e.line, e.fen);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "line {}: {err}", e.line);
        assert!(err.contains("--fen"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

fn perft_bin(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn resource_bounds() {
    // A megabyte of FEN text: an error, found in one pass without allocating.
    let start = std::time::Instant::now();
    let ranks = format!("{} w - - 0 1", "8/".repeat(500_000));
    assert!(matches!(
        Board::from_fen(&ranks),
        Err(movegen::FenError::Syntax(movegen::SyntaxError::RankCount {
            found: 500_001
        }))
    ));
    let pieces = format!("{} w - - 0 1", "p".repeat(1 << 20));
    assert!(Board::from_fen(&pieces).is_err());
    let fields = "w ".repeat(1 << 19);
    assert!(Board::from_fen(&fields).is_err());
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    // The binary: a depth of 1,000, and a 100 KB FEN argument (Linux allows 128 KB per argument),
    // are refused with one short line.
    for args in [
        vec!["1000".to_string()],
        vec!["--fen".to_string(), "p".repeat(100_000), "1".to_string()],
        vec!["--moves".to_string(), "e".repeat(100_000), "1".to_string()],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = perft_bin(&args);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.len() < 400, "{} bytes", err.len());
    }
    // A suite with a megabyte-long line: that line is malformed, the others still run.
    let dir = common::TempDir::new("bounds");
    let path = dir.join("long-line.epd");
    let good = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400";
    std::fs::write(
        &path,
        format!("{good}\n{} ;D1 20\n{good}\n", "8/".repeat(500_000)),
    )
    .unwrap();
    let out = perft_bin(&["suite", path.to_str().unwrap(), "--threads", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("malformed  line 2: longer than 65536 bytes"),
        "{text}"
    );
    assert!(
        text.contains("5 rows: 4 passed, 0 failed, 0 skipped"),
        "{text}"
    );
    // Not UTF-8: malformed, no panic.
    std::fs::write(&path, b"\xff\xfe ;D1 20\n").unwrap();
    let out = perft_bin(&["suite", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not UTF-8"));
}

/// A suite of a million rows streams through in bounded memory (the file is read line by line).
#[test]
#[ignore = "a million-row suite (about a minute): cargo test --release -- --ignored"]
fn million_row_suite() {
    let dir = common::TempDir::new("million");
    let path = dir.join("million.epd");
    let row = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20\n";
    std::fs::write(&path, row.repeat(1_000_000)).unwrap();
    let start = std::time::Instant::now();
    let out = perft_bin(&["suite", path.to_str().unwrap(), "--threads", "1", "--quiet"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("1000000 rows: 1000000 passed")
    );
    eprintln!("a million rows in {:.1} s", start.elapsed().as_secs_f64());
}

/// Every kind of bad command line, in every mode: exit 2, nothing on stdout, one line on
/// stderr that names the problem.
#[test]
fn bad_command_lines_exit_2_with_one_line() {
    let fen = movegen::STARTPOS;
    let missing = std::env::temp_dir().join("movegen-no-such-file.epd");
    let missing = missing.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["3.0"], "DEPTH"),
        (&["+3"], "DEPTH"),
        (&[" 3"], "DEPTH"),
        (&["٣"], "DEPTH"),
        (&["é"], "DEPTH"),
        (&["-x", "3"], "unknown option"),
        (&["--FEN", fen, "3"], "unknown option"),
        (&["--threads", "1025", "3"], "--threads"),
        (&["--threads", "3"], "--threads"),
        (&["--hash", "x", "3"], "--hash"),
        (&["--hash", "1048577", "3"], "--hash"),
        (&["--json", "--json", "3"], "twice"),
        (&["--quiet", "--quiet", "3"], "twice"),
        (&["--chess960", "--chess960", "3"], "twice"),
        (&["--max-nodes", "5", "3"], "unknown option"),
        (&["--engine", "stockfish", "3"], "unknown option"),
        (&["--fen", "", "3"], "invalid FEN"),
        (
            &["--moves", "e2e4", "e7e5", "e1e2", "e8e7", "e2e9", "3"],
            "not a UCI move",
        ),
        (&["diff"], "DEPTH"),
        (&["diff", "3"], "--engine"),
        (&["diff", "--engine", "", "3"], "--engine"),
        (&["diff", "--engine"], "DEPTH"),
        (
            &["diff", "--engine", "x", "--timeout", "x", "3"],
            "--timeout",
        ),
        (
            &["diff", "--engine", "x", "--timeout", "86401", "3"],
            "--timeout",
        ),
        (&["diff", "--engine", "x", "--stats", "3"], "unknown option"),
        (&["diff", "--engine", "x", "31"], "DEPTH"),
        (&["suite"], "FILE"),
        (&["suite", "--max-nodes", "5"], "FILE"),
        (&["suite", missing], "movegen-no-such-file"),
        (&["suite", "perft.csv", "--max-nodes", "x"], "--max-nodes"),
        (&["suite", "perft.csv", "--max-nodes", "-1"], "--max-nodes"),
        (&["suite", "perft.csv", "--fen", fen], "unknown option"),
        (&["suite", "perft.csv", "extra"], "unexpected argument"),
        (&["perftree"], "perftree"),
        (&["perftree", "3"], "perftree"),
        (&["perftree", "3", "not a fen"], "invalid FEN"),
        (&["perftree", "3", fen, "e2e4", "e7e5"], "perftree"),
        (&["perftree", "3", fen, "e2e5"], "not a legal move"),
        (&["perftree", "99", fen], "DEPTH"),
    ];
    for (args, fragment) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_perft"))
            .args(*args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        assert!(
            err.contains(fragment),
            "{args:?}: {err:?} should mention {fragment:?}"
        );
    }
}

/// FENs a standard-only parser would refuse but which are valid Chess960 (X-FEN or
/// Shredder-FEN): they must not be errors, and none of them is in the catalogue.
#[test]
fn chess960_fields_are_not_errors() {
    let valid = [
        "1r2k3/8/8/8/8/8/8/4K3 w q - 0 1",
        "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
        "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
        "2r1kr2/8/8/8/8/8/8/2R1KR2 w CFcf - 0 1",
    ];
    let listed: Vec<String> = catalogue().into_iter().map(|e| e.fen).collect();
    for fen in valid {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(!board.castling_rights().is_empty(), "{fen}");
        assert!(
            !listed.iter().any(|l| l == fen),
            "{fen} is listed as invalid"
        );
    }
}
