//! `perft suite FILE`: checks a file of published perft counts.
//!
//! Formats, recognised line by line: `perft.csv` (header `name,fen,depth,nodes,...`), EPD with
//! counts (`FEN ;D1 20 ;D2 400`), perft-random's `FEN id NAME; perft D N;`, and the `.perft`
//! format (`id NAME`, `epd FEN`, `perft D N`). Blank lines and `#` comments are skipped.

// Untrusted text is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::cli::RunOptions;
use crate::count::count_nodes;
use movegen::Board;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
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

/// The longest line read; longer ones are reported as malformed and skipped, so memory stays
/// bounded whatever the file holds.
pub const MAX_LINE: usize = 64 * 1024;

/// The reader's state between lines: the `.perft` format's current `id` and `epd`, and whether
/// a `perft.csv` header was seen.
#[derive(Default)]
struct Reader {
    id: Option<String>,
    epd: Option<String>,
    csv: bool,
}

impl Reader {
    /// The rows of one line: none for blank, comment, header, `id` and `epd` lines.
    fn rows(&mut self, line: usize, text: &str) -> Result<Vec<Row>, String> {
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            Ok(Vec::new())
        } else if text.starts_with("name,fen,depth,nodes") {
            self.csv = true;
            Ok(Vec::new())
        } else if self.csv {
            csv_row(line, text)
        } else if let Some(rest) = text.strip_prefix("id ") {
            self.id = Some(rest.trim().to_string());
            Ok(Vec::new())
        } else if let Some(rest) = text.strip_prefix("epd ") {
            self.epd = Some(rest.trim().to_string());
            Ok(Vec::new())
        } else if let Some(rest) = text.strip_prefix("perft ") {
            let fen = self
                .epd
                .clone()
                .ok_or("'perft' line before any 'epd' line")?;
            let (depth, nodes) = perft_line(rest)?;
            Ok(vec![Row {
                line,
                name: self.id.clone().unwrap_or_else(|| fen.clone()),
                fen,
                depth,
                nodes,
            }])
        } else if text.contains("; perft ") {
            random_row(line, text)
        } else if text.contains(";D") {
            epd_row(line, text)
        } else {
            Err("not a perft row in a known format".into())
        }
    }
}

/// Reads the next line (without its end) into `buf`, at most [`MAX_LINE`] bytes of it; returns
/// `None` at the end of the file and `Some(false)` for a longer line, whose rest is skipped.
fn next_line(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let limit = MAX_LINE as u64 + 1;
    let n = reader.by_ref().take(limit).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        return Ok(Some(true));
    }
    if buf.len() <= MAX_LINE {
        return Ok(Some(true)); // the last line, without a newline
    }
    // Too long: skip to the end of the line in bounded steps.
    let mut rest = Vec::new();
    loop {
        rest.clear();
        let n = reader.by_ref().take(limit).read_until(b'\n', &mut rest)?;
        if n == 0 || rest.last() == Some(&b'\n') {
            return Ok(Some(false));
        }
    }
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
    let [name, fen, depth, nodes, ..] = cols[..] else {
        return Err(format!(
            "expected at least 4 comma-separated columns, found {}",
            cols.len()
        ));
    };
    Ok(vec![Row {
        line,
        name: name.to_string(),
        fen: fen.to_string(),
        depth: parse_depth(depth)?,
        nodes: parse_count(nodes, "count")?,
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

/// Runs every row of `file` within `max_nodes`, line by line (memory stays bounded by
/// [`MAX_LINE`] whatever the file's size).
pub fn suite_command(file: &Path, max_nodes: u128, run: &RunOptions) -> Result<ExitCode, String> {
    let opened = File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut input = BufReader::new(opened);
    let run = RunOptions {
        stats: false,
        no_bulk: false,
        json: false,
        ..*run
    };
    let (mut passed, mut failed, mut skipped, mut bad) = (0u64, 0u64, 0u64, 0u64);
    let mut out = io::stdout().lock();
    let mut say = |line: String| {
        // A closed stdout (e.g. `| head`) is not an error of the suite.
        let _ = writeln!(out, "{line}");
    };
    let mut reader = Reader::default();
    let mut buf = Vec::new();
    let mut line = 0;
    loop {
        let complete = next_line(&mut input, &mut buf)
            .map_err(|e| format!("{}: line {}: {e}", file.display(), line + 1))?;
        let Some(complete) = complete else { break };
        line += 1;
        let rows = if !complete {
            Err(format!("longer than {MAX_LINE} bytes"))
        } else {
            match std::str::from_utf8(&buf) {
                Ok(text) => reader.rows(line, text),
                Err(_) => Err("not UTF-8 text".into()),
            }
        };
        let rows = match rows {
            Ok(rows) => rows,
            Err(reason) => {
                bad += 1;
                say(format!("malformed  line {line}: {reason}"));
                continue;
            }
        };
        for row in rows {
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
                    say(format!(
                        "malformed  line {}: {}: {e}",
                        row.line,
                        crate::cli::excerpt(&row.fen)
                    ));
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
    }
    say(format!(
        "{} rows: {passed} passed, {failed} failed, {skipped} skipped (over {max_nodes} leaves), {bad} malformed",
        passed + failed + skipped + bad
    ));
    Ok(if failed == 0 && bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
