//! `perft`: counts the leaf nodes of the legal move tree, split by root move, in the format of
//! Stockfish's `go perft` so existing divide-diff tools read it.
//!
//! ```text
//! perft [--fen FEN] [--moves UCI ...] DEPTH
//! ```

use movegen::{BACKEND, Board, perft_divide};
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Deepest depth accepted: far beyond anything computable, low enough that a typo is caught.
const MAX_DEPTH: u32 = 30;

const USAGE: &str = "\
usage: perft [--fen FEN] [--moves UCI ...] DEPTH

Counts the leaf nodes of the legal move tree DEPTH plies deep (bulk counting at the last ply).
stdout: one line per root move ('e2e4: 405385', sorted), a blank line, 'Nodes searched: N'.
stderr: time and speed.

  --fen FEN        start from FEN (one quoted argument; default: the start position)
  --moves UCI ...  then play these moves (UCI notation, e.g. e2e4 e7e5 g1f3)
  DEPTH            0 to 30, always the last argument
  -h, --help       this text
  -V, --version    version and slider backend

Exit status: 0 on success, 2 on bad arguments (FEN, move, depth).";

/// A parsed command line.
struct Args {
    board: Board,
    depth: u32,
}

enum Command {
    Run(Args),
    Help,
    Version,
}

fn parse_args(args: &[String]) -> Result<Command, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Command::Help);
    }
    if args.iter().any(|a| a == "-V" || a == "--version") {
        return Ok(Command::Version);
    }
    let (depth_text, options) = args.split_last().ok_or("missing DEPTH (try --help)")?;
    let depth = depth_text
        .parse::<u32>()
        .ok()
        .filter(|&d| d <= MAX_DEPTH)
        .ok_or_else(|| {
            format!("DEPTH: expected a number from 0 to {MAX_DEPTH}, found {depth_text:?}")
        })?;
    let mut fen = None;
    let mut moves: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < options.len() {
        match options[i].as_str() {
            "--fen" => {
                let text = options
                    .get(i + 1)
                    .ok_or("--fen needs a FEN argument (quote it)")?;
                if fen.replace(text.as_str()).is_some() {
                    return Err("--fen given twice".into());
                }
                i += 2;
            }
            "--moves" => {
                i += 1;
                while let Some(mv) = options.get(i).filter(|a| !a.starts_with("--")) {
                    moves.push(mv);
                    i += 1;
                }
            }
            other if other.starts_with('-') => {
                return Err(format!("unknown option {other:?} (try --help)"));
            }
            other => {
                return Err(format!(
                    "unexpected argument {other:?}: DEPTH must be the last argument"
                ));
            }
        }
    }
    let mut board = match fen {
        Some(text) => Board::from_fen(text).map_err(|e| format!("--fen {text:?}: {e}"))?,
        None => Board::startpos(),
    };
    for mv in moves {
        let parsed = board
            .parse_uci(mv)
            .map_err(|e| format!("--moves: {mv:?} in {board}: {e}"))?;
        board = board.play_unchecked(parsed);
    }
    Ok(Command::Run(Args { board, depth }))
}

fn run(args: &Args) -> io::Result<()> {
    let start = Instant::now();
    let divide = perft_divide(&args.board, args.depth);
    let total = if args.depth == 0 { 1 } else { divide.total() };
    let seconds = start.elapsed().as_secs_f64();

    let mut lines: Vec<(String, u64)> = divide
        .entries()
        .iter()
        .map(|&(mv, n)| (mv.to_string(), n))
        .collect();
    lines.sort();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (mv, n) in &lines {
        writeln!(out, "{mv}: {n}")?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    eprintln!(
        "depth {} in {:.3} s, {:.1} million nodes/s (1 thread, bulk counting, no hash, {} backend)",
        args.depth,
        seconds,
        total as f64 / seconds.max(1e-9) / 1e6,
        BACKEND
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args) {
        Ok(Command::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Command::Version) => {
            println!(
                "perft (movegen {}), slider backend: {}",
                env!("CARGO_PKG_VERSION"),
                BACKEND
            );
            ExitCode::SUCCESS
        }
        Ok(Command::Run(args)) => match run(&args) {
            Ok(()) => ExitCode::SUCCESS,
            // stdout closed early (e.g. piped into `head`): nothing more to say.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("perft: {e}");
                ExitCode::FAILURE
            }
        },
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::from(2)
        }
    }
}
