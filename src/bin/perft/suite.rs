//! `perft suite FILE`: checks a file of published perft counts.
//!
//! Formats, recognised line by line: `perft.csv` (header `name,fen,depth,nodes,...`), EPD with
//! counts (`FEN ;D1 20 ;D2 400`), perft-random's `FEN id NAME; perft D N;`, and the `.perft`
//! format (`id NAME`, `epd FEN`, `perft D N`). Blank lines and `#` comments are skipped.

use crate::cli::RunOptions;
use crate::count::count_nodes;
use movegen::Board;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

/// One expected count.
struct Row {
    line: usize,
    name: String,
    fen: String,
    depth: u32,
    nodes: u128,
}

/// A row that could not be read, with its line number and the reason.
struct Malformed {
    line: usize,
    reason: String,
}

fn parse_count<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{what} {:?} is not a number", text.trim()))
}

fn parse_depth(text: &str) -> Result<u32, String> {
    let depth: u32 = parse_count(text, "depth")?;
    if depth > crate::cli::MAX_DEPTH {
        return Err(format!("depth {depth} is above {}", crate::cli::MAX_DEPTH));
    }
    Ok(depth)
}

/// Reads every row; malformed lines are reported, the others still run.
fn parse(text: &str) -> (Vec<Row>, Vec<Malformed>) {
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    let (mut id, mut epd): (Option<String>, Option<(usize, String)>) = (None, None);
    let mut csv = false;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let mut push = |result: Result<Vec<Row>, String>| match result {
            Ok(mut new) => rows.append(&mut new),
            Err(reason) => bad.push(Malformed { line, reason }),
        };
        if text.starts_with("name,fen,depth,nodes") {
            csv = true;
        } else if csv {
            push(csv_row(line, text));
        } else if let Some(rest) = text.strip_prefix("id ") {
            id = Some(rest.trim().to_string());
        } else if let Some(rest) = text.strip_prefix("epd ") {
            epd = Some((line, rest.trim().to_string()));
        } else if let Some(rest) = text.strip_prefix("perft ") {
            push(match &epd {
                None => Err("'perft' line before any 'epd' line".into()),
                Some((_, fen)) => perft_line(rest).map(|(depth, nodes)| {
                    let name = id.clone().unwrap_or_else(|| fen.clone());
                    vec![Row {
                        line,
                        name,
                        fen: fen.clone(),
                        depth,
                        nodes,
                    }]
                }),
            });
        } else if text.contains("; perft ") {
            push(random_row(line, text));
        } else if text.contains(";D") {
            push(epd_row(line, text));
        } else {
            push(Err("not a perft row in a known format".into()));
        }
    }
    (rows, bad)
}

/// `perft D N`
fn perft_line(text: &str) -> Result<(u32, u128), String> {
    let mut words = text.split_whitespace();
    let (Some(depth), Some(nodes), None) = (words.next(), words.next(), words.next()) else {
        return Err("expected 'perft DEPTH NODES'".into());
    };
    Ok((parse_depth(depth)?, parse_count(nodes, "count")?))
}

/// `name,fen,depth,nodes,...`
fn csv_row(line: usize, text: &str) -> Result<Vec<Row>, String> {
    let cols: Vec<&str> = text.split(',').collect();
    if cols.len() < 4 {
        return Err(format!(
            "expected at least 4 comma-separated columns, found {}",
            cols.len()
        ));
    }
    let depth = parse_depth(cols[2])?;
    Ok(vec![Row {
        line,
        name: cols[0].to_string(),
        fen: cols[1].to_string(),
        depth,
        nodes: parse_count(cols[3], "count")?,
    }])
}

/// `FEN ;D1 20 ;D2 400`
fn epd_row(line: usize, text: &str) -> Result<Vec<Row>, String> {
    let mut parts = text.split(';');
    let fen = parts.next().unwrap_or("").trim();
    parts
        .map(|part| {
            let (d, n) = part
                .trim()
                .split_once(' ')
                .ok_or_else(|| format!("expected 'Dn count', found {part:?}"))?;
            let depth = parse_depth(
                d.strip_prefix('D')
                    .ok_or_else(|| format!("expected 'Dn count', found {part:?}"))?,
            )?;
            Ok(Row {
                line,
                name: fen.to_string(),
                fen: fen.to_string(),
                depth,
                nodes: parse_count(n, "count")?,
            })
        })
        .collect()
}

/// `FEN id NAME; perft D N;`
fn random_row(line: usize, text: &str) -> Result<Vec<Row>, String> {
    let (fen, rest) = text
        .split_once(" id ")
        .ok_or("expected 'FEN id NAME; perft D N;'")?;
    let (id, perft) = rest
        .split_once(';')
        .ok_or("expected 'FEN id NAME; perft D N;'")?;
    let perft = perft
        .trim()
        .trim_end_matches(';')
        .strip_prefix("perft ")
        .ok_or("expected 'perft D N;'")?;
    let (depth, nodes) = perft_line(perft)?;
    Ok(vec![Row {
        line,
        name: id.trim().to_string(),
        fen: fen.trim().to_string(),
        depth,
        nodes,
    }])
}

pub fn suite_command(file: &Path, max_nodes: u128, run: &RunOptions) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let (rows, malformed) = parse(&text);
    let run = RunOptions {
        stats: false,
        json: false,
        ..*run
    };
    let (mut passed, mut failed, mut skipped, mut bad) = (0, 0, 0, malformed.len());
    let mut out = io::stdout().lock();
    let mut say = |line: String| {
        // A closed stdout (e.g. `| head`) is not an error of the suite.
        let _ = writeln!(out, "{line}");
    };
    for m in &malformed {
        say(format!("malformed  line {}: {}", m.line, m.reason));
    }
    for row in &rows {
        if row.nodes > max_nodes {
            skipped += 1;
            say(format!(
                "skip       {} (line {}): depth {}, {} leaves, over the budget of {max_nodes}",
                row.name, row.line, row.depth, row.nodes
            ));
            continue;
        }
        let board = match Board::from_fen(&row.fen) {
            Ok(board) => board,
            Err(e) => {
                bad += 1;
                say(format!("malformed  line {}: {:?}: {e}", row.line, row.fen));
                continue;
            }
        };
        let counted = count_nodes(&board, row.depth, &run)?;
        let mnps = counted.total as f64 / counted.seconds.max(1e-9) / 1e6;
        let verdict = if counted.total == row.nodes {
            passed += 1;
            "ok"
        } else {
            failed += 1;
            "MISMATCH"
        };
        say(format!(
            "{verdict:<10} {} (line {}): depth {}, expected {}, got {} ({mnps:.1} Mnps)",
            row.name, row.line, row.depth, row.nodes, counted.total
        ));
    }
    say(format!(
        "{} rows: {passed} passed, {failed} failed, {skipped} skipped (over {max_nodes} leaves), {bad} malformed",
        rows.len() + malformed.len()
    ));
    Ok(if failed == 0 && bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
