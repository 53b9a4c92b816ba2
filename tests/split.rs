//! Splitting a perft into unique positions (`movegen::perft::split`): on every Chess
//! Programming Wiki position of `perft.csv`, the multiplicities sum to the published count at
//! the split ply, and the sum of multiplicity * perft(unit, D - ply) is the published count
//! at depth D.

use crate::common;

use movegen::perft::{SplitError, split, split_compact, split_in_tree_order};
use movegen::{Board, perft};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// Rows up to this many leaves are checked at every split ply from 1 to 3 (so the test
/// stays a few seconds).
const BUDGET: u128 = 20_000_000;

#[test]
fn units_sum_to_the_published_counts_on_every_cpw_position() {
    let cases = common::perft_csv();
    let mut checked = 0;
    for case in &cases {
        let board = Board::from_fen(&case.fen).expect("perft.csv FEN");
        if case.nodes > BUDGET {
            continue;
        }
        for ply in 0..=case.depth.min(3) {
            let units = split(&board, ply);
            let paths: u128 = units.iter().map(|&(_, n)| u128::from(n)).sum();
            // The paths to ply K are the published count at depth K (when the table has it).
            if let Some(at_ply) = cases.iter().find(|c| c.fen == case.fen && c.depth == ply) {
                assert_eq!(paths, at_ply.nodes, "{} paths at ply {ply}", case.name);
            }
            let total: u128 = units
                .iter()
                .map(|(unit, n)| u128::from(*n) * u128::from(perft(unit, case.depth - ply)))
                .sum();
            assert_eq!(total, case.nodes, "{} split at ply {ply}", case.name);
            let distinct: HashSet<String> = units.iter().map(|(u, _)| u.to_string()).collect();
            assert_eq!(
                distinct.len(),
                units.len(),
                "{}: units are unique",
                case.name
            );
            assert!(
                units
                    .windows(2)
                    .all(|w| w[0].0.to_string() < w[1].0.to_string())
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "{checked} splits checked");
}

/// The number of distinct positions after 4 plies from the start, OEIS A083276 (1, 20, 400,
/// 5362, 72078, 822518, ...), against the 197,281 move paths.
#[test]
fn startpos_ply_4_has_72078_unique_positions() {
    let units = split(&Board::startpos(), 4);
    let paths: u64 = units.iter().map(|&(_, n)| n).sum();
    assert_eq!(paths, 197_281);
    assert_eq!(units.len(), 72_078);
    assert_eq!(split(&Board::startpos(), 3).len(), 5_362);
}

/// OEIS A083276 at ply 5: 822,518 distinct positions (4,865,609 paths), sorted by FEN text
/// (more units than one chunk of the sort, so its merge is checked too), the same units as
/// in tree order.
#[test]
fn startpos_ply_5_has_822518_unique_positions() {
    assert_startpos_split(5, 4_865_609, 822_518);
    let fens: Vec<String> = split(&Board::startpos(), 5)
        .iter()
        .map(|(unit, _)| unit.to_string())
        .collect();
    assert!(fens.windows(2).all(|pair| pair[0] < pair[1]));
    let mut tree: Vec<String> = movegen::perft::split_in_tree_order(&Board::startpos(), 5)
        .iter()
        .map(|(unit, _)| unit.to_string())
        .collect();
    tree.sort_unstable();
    assert_eq!(tree, fens);
}

/// A split stops soon after another thread sets the flag: ply 7 of the start position
/// (96 million units) would take many minutes and gigabytes.
#[test]
fn a_split_stops_when_asked() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let started = std::time::Instant::now();
    let units = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
        });
        movegen::perft::split_until(&Board::startpos(), 7, &stop)
    });
    assert!(units.is_none());
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

/// OEIS A083276 at ply 6: 9,417,681 distinct positions. Two of them are reached both with and
/// without an en-passant square whose capture is illegal; counted twice they make 9,417,683.
/// About 2 minutes and 4 GB, so behind `--ignored`.
#[test]
#[ignore]
fn startpos_ply_6_has_9417681_unique_positions() {
    assert_startpos_split(6, 119_060_324, 9_417_681);
}

/// The split of the start position at `ply` has `units` positions reached by `paths` paths
/// (the perft count at that depth).
fn assert_startpos_split(ply: u32, paths: u64, units: usize) {
    let split = split(&Board::startpos(), ply);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), paths);
    assert_eq!(split.len(), units);
}

/// After 1. f4 e6 2. f5, the position after ...Qf6 Kf2 g5 keeps en passant on g6 (the f5
/// pawn stands beside g5) though the capture is illegal (the pawn is pinned by the queen on
/// the f-file), while ...g5 Kf2 Qf6 reaches it without: one unit of two paths.
#[test]
fn an_illegal_en_passant_square_does_not_make_another_unit() {
    let mut root = Board::startpos();
    for uci in ["f2f4", "e7e6", "f4f5"] {
        root = root.play(root.parse_uci(uci).unwrap()).unwrap();
    }
    let mut a = root;
    for uci in ["d8f6", "e1f2", "g7g5"] {
        a = a.play(a.parse_uci(uci).unwrap()).unwrap();
    }
    let mut b = root;
    for uci in ["g7g5", "e1f2", "d8f6"] {
        b = b.play(b.parse_uci(uci).unwrap()).unwrap();
    }
    assert!(a.en_passant().is_some() && b.en_passant().is_none());
    let placement = |board: &Board| board.to_string().split(' ').next().unwrap().to_owned();
    let units = split(&root, 3);
    let same: Vec<_> = units
        .iter()
        .filter(|(unit, _)| {
            placement(unit) == placement(&a) && unit.side_to_move() == a.side_to_move()
        })
        .collect();
    assert_eq!(same.len(), 1, "{same:?}");
    assert_eq!(same[0].1, 2);
}

fn perft_binary(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_perft"))
        .args(args)
        .output()
        .expect("run perft")
}

/// `perft split` writes the units a line each, in tree order; `perft units` sums them to
/// the published count, on one or two threads, with or without a table.
#[test]
fn split_and_units_commands_give_the_published_counts() {
    let dir = common::TempDir::new("split");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (fen, moves, ply, depth, nodes) in [
        (None, vec![], 3, 6, "119060324"),
        (Some(kiwipete), vec![], 2, 4, "4085603"),
        (None, vec!["e2e4", "e7e5"], 2, 4, ""),
    ] {
        let ply_text = ply.to_string();
        let mut args = vec!["split", "--ply", &ply_text];
        if let Some(fen) = fen {
            args.extend(["--fen", fen]);
        }
        if !moves.is_empty() {
            args.push("--moves");
            args.extend(moves.iter().copied());
        }
        let depth_text = depth.to_string();
        args.push(&depth_text);
        let out = perft_binary(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut board = Board::from_fen(fen.unwrap_or(movegen::STARTPOS)).unwrap();
        for mv in &moves {
            board = board.play(board.parse_uci(mv).unwrap()).unwrap();
        }
        // In tree order: the walk's units, FENs and multiplicities, line by line.
        let walk: Vec<String> = split_in_tree_order(&board, ply)
            .iter()
            .map(|(unit, paths)| format!("{unit};{paths};{}", depth - ply))
            .collect();
        assert_eq!(lines, walk);
        for line in &lines {
            let fields: Vec<&str> = line.split(';').collect();
            assert_eq!(fields.len(), 3, "{line}");
            assert_eq!(fields[2], (depth - ply).to_string());
        }
        let file = dir.join("units.txt");
        std::fs::write(&file, &text).unwrap();
        let expected = if nodes.is_empty() {
            // After 1. e4 e5 (--moves): no published row; perft itself is checked above.
            perft(&board, depth).to_string()
        } else {
            nodes.to_string()
        };
        for extra in [
            &[][..],
            &["--threads", "2", "--hash", "16"][..],
            &["--hash", "16", "--hash-seed", "18446744073709551615"][..],
        ] {
            let mut args = vec!["units", file.to_str().unwrap()];
            args.extend(extra);
            let out = perft_binary(&args);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8(out.stdout).unwrap().trim(),
                format!("Nodes searched: {expected}")
            );
        }
    }
}

#[test]
fn split_and_units_refuse_bad_arguments_and_rows() {
    let dir = common::TempDir::new("units");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["split", "5"], "needs --ply"),
        (vec!["split", "--ply", "6", "5"], "deeper than DEPTH"),
        (
            vec!["units", "x.txt", "--hash-seed", "3"],
            "no table to seed",
        ),
        (vec!["split", "--ply", "x", "5"], "--ply"),
        (
            vec!["split", "--ply", "2", "--hash", "4", "5"],
            "unknown option",
        ),
        (vec!["units"], "missing FILE"),
        (vec!["units", "/nonexistent/units.txt"], "cannot read"),
    ];
    for (args, message) in cases {
        let out = perft_binary(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
    }
    for (row, message) in [
        ("x;1;2", "line 2: FEN"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1;0;2", "line 2: multiplicity"),
        ("8/8/8/8/8/8/8/K6k w - - 0 1;1;99", "line 2: depth"),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1;1",
            "line 2: expected FEN;multiplicity;depth",
        ),
    ] {
        let file = dir.join("bad.txt");
        std::fs::write(&file, format!("# a comment\n{row}\n")).unwrap();
        let out = perft_binary(&["units", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{row}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{row}: {err}");
    }
}

/// The tree order holds the same units, first met first.
#[test]
fn tree_order_lists_the_same_units_in_walk_order() {
    let board = Board::startpos();
    let mut tree = movegen::perft::split_in_tree_order(&board, 3);
    let mut first = board;
    for _ in 0..3 {
        first = first.play_unchecked(first.legal_moves()[0]);
    }
    assert!(tree[0].0.same_position(&first));
    tree.sort_by_key(|(b, _)| b.to_string());
    assert_eq!(tree, split(&board, 3));
}

/// `split_compact` finds the units of the tree-order walk: the same boards (the first path's,
/// en-passant square included), multiplicities and order, on every CPW position to ply 3
/// and on the start position and Kiwipete to ply 4.
#[test]
fn the_compact_split_equals_the_tree_order_walk() {
    let stop = AtomicBool::new(false);
    let mut fens: Vec<String> = common::perft_csv().iter().map(|c| c.fen.clone()).collect();
    fens.dedup();
    for fen in &fens {
        let board = Board::from_fen(fen).unwrap();
        let deepest = if fen.starts_with("rnbqkbnr/pppppppp") || fen.starts_with("r3k2r/p1ppqpb1") {
            4
        } else {
            3
        };
        for ply in 0..=deepest {
            let compact = split_compact(&board, ply, &stop).unwrap();
            assert_eq!(compact.ply(), ply);
            let listed: Vec<(Board, u64)> = compact.iter().collect();
            assert_eq!(listed, split_in_tree_order(&board, ply), "{fen} ply {ply}");
            let mut path = Vec::new();
            for (unit, (listed_board, _)) in listed.iter().enumerate().step_by(97) {
                assert!(compact.path_into(unit, &mut path));
                let mut replayed = board;
                for &mv in &path {
                    assert!(replayed.legal_moves().contains(&mv));
                    replayed = replayed.play_unchecked(mv);
                }
                assert!(
                    replayed.same_position(listed_board),
                    "{fen} ply {ply} unit {unit}"
                );
            }
            assert!(!compact.path_into(compact.len(), &mut path) && path.is_empty());
            assert_eq!(compact.paths(compact.len()), None);
        }
    }
}

/// OEIS A083276 at plies 1 to 5 with the compact split, and the paths sum to the published
/// perft counts. (Plies 6 and 7 are the ignored tests below.)
#[test]
fn the_compact_split_gives_a083276_to_ply_5() {
    let stop = AtomicBool::new(false);
    let published = [
        (1, 20, 20),
        (2, 400, 400),
        (3, 8_902, 5_362),
        (4, 197_281, 72_078),
        (5, 4_865_609, 822_518),
    ];
    for (ply, paths, units) in published {
        assert_compact_split(ply, paths, units, &stop);
    }
    let stopped = AtomicBool::new(true);
    assert_eq!(
        split_compact(&Board::startpos(), 4, &stopped).err(),
        Some(SplitError::Stopped)
    );
}

/// OEIS A083276 at ply 6 with the compact split: 9,417,681 (the pinned en-passant pawns
/// merged). About 10 s and 650 MB in a release build.
#[test]
#[ignore]
fn the_compact_split_gives_a083276_at_ply_6() {
    assert_compact_split(6, 119_060_324, 9_417_681, &AtomicBool::new(false));
}

/// OEIS A083276 at ply 7 with the compact split: 96,400,068. Some minutes and 6 GB.
#[test]
#[ignore]
fn the_compact_split_gives_a083276_at_ply_7() {
    assert_compact_split(7, 3_195_901_860, 96_400_068, &AtomicBool::new(false));
}

fn assert_compact_split(ply: u32, paths: u64, units: usize, stop: &AtomicBool) {
    let split = split_compact(&Board::startpos(), ply, stop).unwrap();
    assert_eq!(split.len(), units, "ply {ply}");
    assert_eq!(
        (0..split.len())
            .map(|i| split.paths(i).unwrap())
            .sum::<u64>(),
        paths,
        "ply {ply}"
    );
}

/// The compact split merges the two paths of `an_illegal_en_passant_square_does_not_make_another_unit`
/// too, into one unit whose board is that of the first path in move order, as the walk's.
#[test]
fn the_compact_split_merges_an_illegal_en_passant_square() {
    let mut root = Board::startpos();
    for uci in ["f2f4", "e7e6", "f4f5"] {
        root = root.play(root.parse_uci(uci).unwrap()).unwrap();
    }
    let compact = split_compact(&root, 3, &AtomicBool::new(false)).unwrap();
    let listed: Vec<(Board, u64)> = compact.iter().collect();
    assert_eq!(listed, split_in_tree_order(&root, 3));
    assert_eq!(listed.len(), split(&root, 3).len());
}

#[test]
fn units_with_stats_match_every_published_breakdown() {
    // Every perft.csv row of depth 2 and up to 20 million leaves: `perft split` at ply 2 (1 at
    // depth 2: the breakdown is counted at the leaf moves, below the units), then
    // `perft units --stats` with and without a table, against the row's breakdown cells.
    let dir = common::TempDir::new("units-stats");
    let lines = common::data_lines("perft.csv");
    let (header, rows) = lines.split_first().unwrap();
    let names: Vec<&str> = header.split(',').collect();
    let mut checked = 0;
    for row in rows {
        let cells: Vec<&str> = row.split(',').collect();
        let depth: u32 = cells[2].parse().unwrap();
        let nodes: u128 = cells[3].parse().unwrap();
        if depth < 2 || nodes > 20_000_000 {
            continue;
        }
        let ply = (depth - 1).min(2).to_string();
        let split = perft_binary(&["split", "--fen", cells[1], "--ply", &ply, cells[2]]);
        assert!(split.status.success(), "{row}");
        let file = dir.join("units.txt");
        std::fs::write(&file, &split.stdout).unwrap();
        for extra in [&[][..], &["--hash", "16", "--threads", "2"][..]] {
            let mut args = vec!["units", file.to_str().unwrap(), "--stats", "--json"];
            args.extend(extra);
            let out = perft_binary(&args);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(
                json["nodes"].as_u64(),
                Some(nodes as u64),
                "{row} {extra:?}"
            );
            // An empty cell is one the table does not publish.
            for (name, cell) in names
                .iter()
                .zip(&cells)
                .skip(4)
                .filter(|(_, c)| !c.is_empty())
            {
                assert_eq!(
                    json["stats"][name].as_u64(),
                    Some(cell.parse().unwrap()),
                    "{row}: {name} {extra:?}"
                );
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} rows checked");
    // The text form prints perft --stats's lines after the total.
    let out = perft_binary(&["units", dir.join("units.txt").to_str().unwrap(), "--stats"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Nodes searched: ") && text.contains("\nCheckmates: "),
        "{text}"
    );
    // A unit at depth 0 has no breakdown of its own: refused, not counted as zeros.
    let file = dir.join("leaf.txt");
    std::fs::write(&file, "8/8/8/8/8/8/8/K6k w - - 0 1;1;0\n").unwrap();
    let out = perft_binary(&["units", file.to_str().unwrap(), "--stats"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has depth 0"));
}
