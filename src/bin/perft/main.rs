//! `perft`: counts the leaf nodes of the legal move tree, split by root move, in the format of
//! Stockfish's `go perft`, so existing divide-diff tools read it; compares its divide with a UCI
//! engine's (`perft diff`), checks suites of published counts (`perft suite`), serves the
//! perftree debugger (`perft perftree`), and cuts a deep perft into units that any job runner
//! can count (`perft split`, `perft units`). See `perft --help`.

mod cli;
mod count;
mod diff;
mod suite;
mod units;

use cli::{Command, RunOptions, USAGE};
use movegen::{BACKEND, Board};
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    if let Err(message) = dispatch_as_asked() {
        eprintln!("perft: {message}");
        return ExitCode::from(2);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match cli::parse(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("perft: {message}");
            return ExitCode::from(2);
        }
    };
    let result = match command {
        Command::Help => count::say(format_args!("{USAGE}")).map(|()| ExitCode::SUCCESS),
        Command::Version => count::say(format_args!(
            "perft (movegen {}), slider backend: {BACKEND}",
            env!("CARGO_PKG_VERSION")
        ))
        .and_then(|()| count::say(format_args!("perft runs: {}", movegen::backend())))
        .map(|()| ExitCode::SUCCESS),
        Command::Count {
            position,
            depth,
            run,
        } => count::count_command(&position, depth, &run).map(|()| ExitCode::SUCCESS),
        Command::Perftree { depth, board } => perftree(&board, depth).map(|()| ExitCode::SUCCESS),
        Command::Diff {
            engine,
            position,
            depth,
            timeout,
            run,
        } => diff::diff_command(&engine, &position, depth, timeout, &run),
        Command::Suite {
            file,
            max_nodes,
            run,
        } => suite::suite_command(&file, max_nodes, &run),
        Command::Split {
            position,
            ply,
            depth,
        } => units::split_command(&position, ply, depth).map(|()| ExitCode::SUCCESS),
        Command::Units { file, run } => {
            units::units_command(&file, &run).map(|()| ExitCode::SUCCESS)
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("perft: {message}");
            ExitCode::from(2)
        }
    }
}

/// `MOVEGEN_DISPATCH`, which forces a compiled variant (for testing each one), is an error
/// when the variant does not run: a typo, a build for a given CPU (no variants), or a CPU
/// without the variant's instructions. The library ignores it then.
fn dispatch_as_asked() -> Result<(), String> {
    let Some(asked) = std::env::var_os("MOVEGEN_DISPATCH") else {
        return Ok(());
    };
    let asked = asked.to_string_lossy();
    let running = movegen::backend();
    if asked.trim().is_empty() || asked.trim() == running.variant() {
        return Ok(());
    }
    Err(format!(
        "MOVEGEN_DISPATCH={asked:?} does not run here: perft runs {running}. The variants \
         x86-64, x86-64-v2, x86-64-v3-magic and x86-64-v3-pext exist in builds without \
         -C target-cpu, and run on CPUs with their instructions"
    ))
}

/// perftree's format: `move count` lines, a blank line, the total.
fn perftree(board: &Board, depth: u32) -> Result<(), String> {
    let run = RunOptions {
        chess960: board.is_chess960(),
        threads: 1,
        hash_mib: 0,
        hash_seed: 0,
        stats: false,
        no_bulk: false,
        json: false,
        quiet: true,
    };
    let counted = count::count_nodes(board, depth, &run)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = (|| {
        for (mv, n) in &counted.divide {
            writeln!(out, "{mv} {n}")?;
        }
        writeln!(out)?;
        writeln!(out, "{}", counted.total)?;
        out.flush()
    })();
    count::written(written, "the counts").map(|_| ())
}
