//! Counting: plain, with statistics, on several threads, with a hash table; progress on a
//! terminal; text or JSON out.

use crate::cli::{Position, RunOptions};
use movegen::perft::{
    Progress, Table, Tally, divide_parallel, perft_full_make, perft_full_make_hashed, perft_hashed,
    perft_stats_hashed, perft_stats_move,
};
use movegen::{Board, Move, Stats, backend, perft, perft_stats};
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// A finished count: per root move, sorted by move text, and the total.
pub struct Counted<R> {
    pub divide: Vec<(String, R)>,
    pub total: R,
    pub seconds: f64,
}

/// Progress on stderr, on a terminal only, once a run has taken a second.
pub struct ProgressLine {
    start: Instant,
    enabled: bool,
    shown: bool,
}

impl ProgressLine {
    pub fn new(quiet: bool) -> ProgressLine {
        ProgressLine {
            start: Instant::now(),
            enabled: !quiet && io::stderr().is_terminal(),
            shown: false,
        }
    }

    pub fn update(&mut self, p: Progress) {
        let elapsed = self.start.elapsed().as_secs_f64();
        if !self.enabled || elapsed < 1.0 {
            return;
        }
        let eta = if p.parts_done > 0 {
            format!(
                "{:.0} s",
                elapsed * (p.parts - p.parts_done) as f64 / p.parts_done as f64
            )
        } else {
            "?".into()
        };
        eprint!(
            "\r{}/{} root moves, {} nodes, {:.1} Mnps, ETA {eta}   ",
            p.roots_done,
            p.roots,
            p.nodes,
            p.nodes as f64 / elapsed / 1e6
        );
        self.shown = true;
    }

    pub fn finish(&mut self) {
        if self.shown {
            eprint!("\r{:70}\r", "");
            self.shown = false;
        }
    }
}

/// Counts `board` to `depth` with `count` per subtree, split over the options' threads.
fn run<R: Tally>(
    board: &Board,
    depth: u32,
    run: &RunOptions,
    count: impl Fn(&Board, u32) -> R + Sync,
    leaf_move: Option<fn(&Board, Move) -> R>,
) -> Counted<R> {
    let start = Instant::now();
    let mut progress = ProgressLine::new(run.quiet);
    let entries = if depth == 0 {
        Vec::new()
    } else if let (1, Some(leaf_move)) = (depth, leaf_move) {
        // At depth 1 the root moves are the leaf moves: what is counted is the move itself,
        // which a count of the child position (at depth 0) cannot see.
        board
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, leaf_move(board, mv)))
            .collect()
    } else {
        divide_parallel(
            board,
            depth,
            run.threads,
            count,
            Duration::from_millis(250),
            |p| progress.update(p),
        )
    };
    progress.finish();
    let mut divide: Vec<(String, R)> = entries
        .iter()
        .map(|&(mv, n): &(Move, R)| {
            // `--chess960` writes king-takes-rook even in a standard position; otherwise the
            // position's own notation (king-takes-rook whenever it needs Chess960 rules).
            let name = if run.chess960 {
                mv.uci_chess960().to_string()
            } else {
                board.uci(mv).to_string()
            };
            (name, n)
        })
        .collect();
    divide.sort_by(|a, b| a.0.cmp(&b.0));
    let mut total = R::default();
    for (_, n) in &divide {
        total += *n;
    }
    Counted {
        divide,
        total,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The table the options ask for, if any. An error when it cannot be allocated.
fn table(options: &RunOptions) -> Result<Option<Table>, String> {
    if options.hash_mib == 0 {
        return Ok(None);
    }
    Table::with_seed(options.hash_mib, options.hash_seed)
        .map(Some)
        .ok_or_else(|| {
            format!(
                "--hash {}: cannot allocate that much memory",
                options.hash_mib
            )
        })
}

/// Plain counts (bulk counted, or with every move played under `--no-bulk`), with the hash
/// table when asked. An error when the table cannot be allocated.
pub fn count_nodes(
    board: &Board,
    depth: u32,
    options: &RunOptions,
) -> Result<Counted<u128>, String> {
    let table = table(options)?;
    let counted = match (&table, options.no_bulk) {
        (Some(table), false) => run(
            board,
            depth,
            options,
            |b, d| perft_hashed(b, d, table),
            None,
        ),
        (Some(table), true) => run(
            board,
            depth,
            options,
            |b, d| perft_full_make_hashed(b, d, table),
            None,
        ),
        (None, false) => run(board, depth, options, perft, None),
        (None, true) => run(board, depth, options, perft_full_make, None),
    };
    Ok(widen(counted, depth))
}

/// Counts with the breakdown statistics, with the hash table when asked.
pub fn count_stats(
    board: &Board,
    depth: u32,
    options: &RunOptions,
) -> Result<Counted<Stats>, String> {
    let leaf_move: Option<fn(&Board, Move) -> Stats> =
        Some(|board: &Board, mv| perft_stats_move(board, mv, 1));
    let table = table(options)?;
    let mut counted = match &table {
        Some(table) => run(
            board,
            depth,
            options,
            |b, d| perft_stats_hashed(b, d, table),
            leaf_move,
        ),
        None => run(board, depth, options, perft_stats, leaf_move),
    };
    if depth == 0 {
        counted.total = perft_stats(board, 0);
    }
    Ok(counted)
}

/// Per-subtree u64 counts summed in u128 at the top level; depth 0 counts the root.
fn widen(counted: Counted<u64>, depth: u32) -> Counted<u128> {
    let divide: Vec<(String, u128)> = counted
        .divide
        .into_iter()
        .map(|(m, n)| (m, u128::from(n)))
        .collect();
    let total = if depth == 0 {
        1
    } else {
        divide.iter().map(|(_, n)| n).sum()
    };
    Counted {
        divide,
        total,
        seconds: counted.seconds,
    }
}

/// The breakdown fields after the nodes, with the labels of their text lines.
pub const STAT_LABELS: [(&str, &str); 8] = [
    ("captures", "Captures"),
    ("ep", "E.p."),
    ("castles", "Castles"),
    ("promotions", "Promotions"),
    ("checks", "Checks"),
    ("discovery_checks", "Discovery checks"),
    ("double_checks", "Double checks"),
    ("checkmates", "Checkmates"),
];

/// The count mode: text (Stockfish's layout) or JSON on stdout, timing on stderr.
pub fn count_command(position: &Position, depth: u32, options: &RunOptions) -> Result<(), String> {
    let (divide, total, stats, seconds): (Vec<(String, u128)>, u128, Option<Stats>, f64) =
        if options.stats {
            let c = count_stats(&position.board, depth, options)?;
            let divide = c
                .divide
                .iter()
                .map(|(m, s)| (m.clone(), u128::from(s.nodes)))
                .collect();
            (divide, u128::from(c.total.nodes), Some(c.total), c.seconds)
        } else {
            let c = count_nodes(&position.board, depth, options)?;
            (c.divide, c.total, None, c.seconds)
        };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = if options.json {
        write_json(
            &mut out,
            position,
            depth,
            &divide,
            total,
            stats.as_ref(),
            seconds,
            options,
        )
    } else {
        write_text(&mut out, &divide, total, stats.as_ref())
    };
    if !written(result.and_then(|()| out.flush()), "the result")? {
        return Ok(());
    }
    if !options.json {
        eprintln!(
            "depth {depth} in {seconds:.3} s, {:.1} million nodes/s ({} thread{}, {}{}, {}, {} backend)",
            total as f64 / seconds.max(1e-9) / 1e6,
            options.threads,
            if options.threads == 1 { "" } else { "s" },
            if options.no_bulk {
                "no bulk counting"
            } else {
                "bulk counting"
            },
            if options.stats { ", statistics" } else { "" },
            hash_label(options.hash_mib),
            backend().sliders(),
        );
    }
    Ok(())
}

fn write_text(
    out: &mut impl Write,
    divide: &[(String, u128)],
    total: u128,
    stats: Option<&Stats>,
) -> io::Result<()> {
    for (mv, n) in divide {
        writeln!(out, "{mv}: {n}")?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    if let Some(stats) = stats {
        for ((_, value), (_, label)) in stats.fields()[1..].iter().zip(STAT_LABELS) {
            writeln!(out, "{label}: {value}")?;
        }
    }
    Ok(())
}

/// What became of writing a result to stdout: `Ok(true)` written, `Ok(false)` stdout was
/// closed early (piped into `head`, say: nothing more to say), or the error, naming `what`.
pub fn written(result: io::Result<()>, what: &str) -> Result<bool, String> {
    match result {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("writing {what}: {e}")),
    }
}

/// Writes one line to stdout. A closed stdout (piped into `head`, say) is not an error: the
/// rest goes unsaid and the command's exit status stays its own; another write error is
/// returned (`println!` would panic on either).
pub fn say(line: std::fmt::Arguments) -> Result<(), String> {
    let mut out = io::stdout().lock();
    let result = out.write_fmt(line).and_then(|()| out.write_all(b"\n"));
    written(result, "to stdout").map(|_| ())
}

/// The table part of a timing line: "hash N MiB" or "no hash".
pub fn hash_label(hash_mib: usize) -> String {
    if hash_mib > 0 {
        format!("hash {hash_mib} MiB")
    } else {
        "no hash".into()
    }
}

/// A JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut s = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if (c as u32) < 0x20 => s.push_str(&format!("\\u{:04x}", c as u32)),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

#[allow(clippy::too_many_arguments)]
fn write_json(
    out: &mut impl Write,
    position: &Position,
    depth: u32,
    divide: &[(String, u128)],
    total: u128,
    stats: Option<&Stats>,
    seconds: f64,
    options: &RunOptions,
) -> io::Result<()> {
    let moves: Vec<String> = position.moves.iter().map(|m| json_string(m)).collect();
    write!(
        out,
        "{{\"fen\":{},\"moves\":[{}],\"position\":{},\"depth\":{depth},\"nodes\":{total},\"seconds\":{seconds:.6},\"nps\":{:.0},\"threads\":{},\"hash_mib\":{},\"bulk\":{},\"backend\":\"{}\",\"variant\":\"{}\",\"divide\":{{",
        json_string(&position.fen),
        moves.join(","),
        json_string(&position.board.to_string()),
        total as f64 / seconds.max(1e-9),
        options.threads,
        options.hash_mib,
        !options.no_bulk,
        backend().sliders(),
        backend().variant(),
    )?;
    for (i, (mv, n)) in divide.iter().enumerate() {
        write!(out, "{}\"{mv}\":{n}", if i > 0 { "," } else { "" })?;
    }
    write!(out, "}}")?;
    if let Some(stats) = stats {
        write!(out, ",\"stats\":{{")?;
        for (i, (name, value)) in stats.fields()[1..].iter().enumerate() {
            write!(out, "{}\"{name}\":{value}", if i > 0 { "," } else { "" })?;
        }
        write!(out, "}}")?;
    }
    writeln!(out, "}}")
}
