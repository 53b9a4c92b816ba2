//! The command line: subcommands, options and their errors.

// Untrusted text is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use movegen::{Board, STARTPOS};
use std::path::PathBuf;
use std::time::Duration;

/// Deepest depth accepted: far beyond anything computable, low enough that a typo is caught.
pub const MAX_DEPTH: u32 = 30;
/// Largest hash table accepted, in MiB (1 TiB).
pub const MAX_HASH_MIB: usize = 1 << 20;
/// Most threads accepted: what the library's threaded divide starts at most.
pub use movegen::perft::MAX_THREADS;

pub const USAGE: &str = "\
usage: perft [OPTIONS] [--fen FEN] [--moves UCI ...] DEPTH
       perft diff --engine CMD [--fen FEN] [--moves UCI ...] [--timeout SECONDS] DEPTH
       perft suite FILE [--max-nodes N] [OPTIONS]
       perft perftree DEPTH FEN [MOVES]
       perft split --ply K [--fen FEN] [--moves UCI ...] DEPTH
       perft units FILE [--threads N] [--hash MiB] [--hash-seed N] [--stats] [--json] [--quiet]
       perft --help | --version

Counts the leaf nodes of the legal move tree DEPTH plies deep.
stdout: one line per root move ('e2e4: 405385', sorted), a blank line, 'Nodes searched: N'
(Stockfish's 'go perft' format). stderr: time, speed, and progress on a terminal.

  --fen FEN        start from FEN (one quoted argument; default: the start position)
  --moves UCI ...  then play these moves (e.g. e2e4 e7e5 g1f3)
  DEPTH            0 to 30, always the last argument
  --stats          also count captures, en passant, castles, promotions, checks, discovery
                   checks, double checks and checkmates at the leaves (about 4x slower)
  --no-bulk        play every leaf move (copy-make) and count the positions, instead of
                   counting the last ply by popcount: measures the cost of making moves
  --threads N      threads (default: the available cores); totals never depend on it
  --hash MiB       transposition table size (default 0: none); works with --stats and
                   --no-bulk, whose entries are kept apart
  --hash-seed N    seed of the table's keys (default 0; needs --hash): a second run of a
                   record with another seed shares no table entry with the first
  --chess960       write castling as king-takes-rook (e1h1); automatic when the FEN's castling
                   needs Chess960 (Shredder-FEN files, X-FEN letters, king or rook off their
                   standard squares)
  --json           print one JSON object instead of the text
  --quiet          no progress display
  -h, --help       this text
  -V, --version    version and slider backend

perft diff: runs 'go perft' on a UCI engine (e.g. --engine /usr/games/stockfish) and movegen's
divide, descends into the first root move whose counts differ, and prints the move path, the
FEN where the move lists differ, and the moves missing or extra. --timeout bounds each engine
answer (default 60 s). Exit 0 when the counts agree, 1 when a difference is found.

perft suite: checks every row of a perft file within the budget (--max-nodes, default 10^9
leaves per row): perft.csv, EPD ('FEN ;D1 20 ;D2 400'), 'FEN id X; perft D N;' lines, or the
.perft format ('id' / 'epd FEN' / 'perft D N' lines). Exit 0 when every row checked matches, 1 on
a mismatch or a malformed row.

perft perftree: the interface of the perftree debugger: MOVES is one space-separated string
(may be empty, promotions in either case); prints 'move count' lines, a blank line, the total.

perft split: cuts a perft of DEPTH into units, the unique positions K plies below the root,
each with its multiplicity (the number of move paths that reach it): one line per unit,
'FEN;multiplicity;remaining depth' (clocks reset: perft ignores them), in tree order: as a
depth-first walk in move order first reaches them, so neighbouring lines share subtrees.
Two paths meet only in a position equal in pieces, side to move, castling rights and
en-passant square (counted only when a legal move captures there; the FEN is the first
path's). About 48 bytes a unit: ply 6 of the start position, 9,417,681 units, in under 1 GB. The sum over the units of multiplicity * perft(FEN, remaining depth) is
perft(root, DEPTH), so the lines can be counted by any job runner and summed.

perft units: reads such a file (blank and '#' lines skipped) and prints 'Nodes searched: N',
the sum of multiplicity * perft over its units (with --stats, also the breakdown lines of
perft --stats, summed the same way; --hash serves both).

Examples:
  perft 6
  perft --fen \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\" --stats 4
  perft --threads 2 --hash 256 7
  perft diff --engine /usr/games/stockfish --moves e2e4 5
  perft suite perft.csv --max-nodes 100000000
  perft perftree 3 \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\" \"e2e4 e7e5\"
  perft split --ply 4 8 > units.txt && perft units units.txt --threads 2 --hash 256

Exit status: 0 success, 1 a mismatch (diff, suite), 2 bad arguments, unreadable file or a
failing engine.";

/// How to count: threads, hash table, output.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Castling moves written king-takes-rook (e1h1), as Chess960 needs.
    pub chess960: bool,
    pub threads: usize,
    pub hash_mib: usize,
    /// The seed of the table's keys (`--hash-seed`, 0 by default): see `Table::with_seed`.
    pub hash_seed: u64,
    pub stats: bool,
    /// Every leaf move played instead of bulk counting (`--no-bulk`).
    pub no_bulk: bool,
    pub json: bool,
    pub quiet: bool,
}

/// A position given on the command line: a FEN and moves played from it.
#[derive(Clone, Debug)]
pub struct Position {
    /// The FEN as given (or the start position).
    pub fen: String,
    /// The moves as given.
    pub moves: Vec<String>,
    /// The position after the moves.
    pub board: Board,
}

pub enum Command {
    Count {
        position: Position,
        depth: u32,
        run: RunOptions,
    },
    Diff {
        engine: Vec<String>,
        position: Position,
        depth: u32,
        timeout: Duration,
        run: RunOptions,
    },
    Suite {
        file: PathBuf,
        max_nodes: u128,
        run: RunOptions,
    },
    Perftree {
        depth: u32,
        board: Board,
    },
    Split {
        position: Position,
        ply: u32,
        depth: u32,
    },
    Units {
        file: PathBuf,
        run: RunOptions,
    },
    Help,
    Version,
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn parse_depth(text: &str) -> Result<u32, String> {
    digits(text)
        .and_then(|t| t.parse::<u32>().ok())
        .filter(|&d| d <= MAX_DEPTH)
        .ok_or_else(|| {
            format!(
                "DEPTH: expected a number from 0 to {MAX_DEPTH}, found {}",
                excerpt(text)
            )
        })
}

/// `text` if it is a non-empty run of ASCII digits (no sign, no spaces).
fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then_some(text)
}

fn parse_number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    option: &str,
    text: Option<&String>,
    min: T,
    max: T,
) -> Result<T, String> {
    let text = text.ok_or_else(|| format!("{option} needs a value"))?;
    digits(text)
        .and_then(|t| t.parse::<T>().ok())
        .filter(|n| *n >= min && *n <= max)
        .ok_or_else(|| {
            format!(
                "{option}: expected a number from {min} to {max}, found {}",
                excerpt(text)
            )
        })
}

/// `text` quoted for an error message, cut to its first 80 characters: a message stays one
/// short line whatever was passed.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!(
            "{:?}... ({} bytes)",
            text.get(..cut).unwrap_or(""),
            text.len()
        ),
        None => format!("{text:?}"),
    }
}

/// Builds the position from an optional FEN and moves.
pub fn position(fen: Option<&str>, moves: &[String]) -> Result<Position, String> {
    let fen_text = fen.unwrap_or(STARTPOS);
    let mut board =
        Board::from_fen(fen_text).map_err(|e| format!("--fen {}: {e}", excerpt(fen_text)))?;
    for mv in moves {
        let parsed = board
            .parse_uci(mv)
            .map_err(|e| format!("--moves: {} in {board}: {e}", excerpt(mv)))?;
        board = board.play_unchecked(parsed);
    }
    Ok(Position {
        fen: fen_text.to_string(),
        moves: moves.to_vec(),
        board,
    })
}

/// Options shared by the modes, read from `args` starting at `*i` when `args[*i]` is one.
struct Common {
    fen: Option<String>,
    moves: Vec<String>,
    run: RunOptions,
    engine: Option<Vec<String>>,
    timeout: Option<Duration>,
    max_nodes: Option<u128>,
    ply: Option<u32>,
}

/// Parses the options of a mode; `allowed` lists the ones it takes.
fn parse_options(options: &[String], allowed: &[&str]) -> Result<Common, String> {
    let mut common = Common {
        fen: None,
        moves: Vec::new(),
        run: RunOptions {
            chess960: false,
            threads: default_threads(),
            hash_mib: 0,
            hash_seed: 0,
            stats: false,
            no_bulk: false,
            json: false,
            quiet: false,
        },
        engine: None,
        timeout: None,
        max_nodes: None,
        ply: None,
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(option) = options.get(i).map(String::as_str) {
        if !option.starts_with('-') {
            return Err(format!(
                "unexpected argument {option:?}: DEPTH must be the last argument"
            ));
        }
        if !allowed.contains(&option) {
            return Err(format!("unknown option {option:?} (try --help)"));
        }
        if seen.contains(&option) {
            return Err(format!("{option} given twice"));
        }
        seen.push(option);
        let value = options.get(i + 1);
        i += 2;
        match option {
            "--fen" => {
                common.fen = Some(
                    value
                        .ok_or("--fen needs a FEN argument (quote it)")?
                        .clone(),
                )
            }
            "--moves" => {
                i -= 1;
                while let Some(mv) = options.get(i).filter(|a| !a.starts_with("--")) {
                    common.moves.push(mv.clone());
                    i += 1;
                }
            }
            "--threads" => common.run.threads = parse_number(option, value, 1, MAX_THREADS)?,
            "--hash" => common.run.hash_mib = parse_number(option, value, 0, MAX_HASH_MIB)?,
            "--hash-seed" => common.run.hash_seed = parse_number(option, value, 0, u64::MAX)?,
            "--max-nodes" => common.max_nodes = Some(parse_number(option, value, 0, u128::MAX)?),
            "--ply" => common.ply = Some(parse_number(option, value, 0, MAX_DEPTH)?),
            "--timeout" => {
                let seconds: u64 = parse_number(option, value, 1, 86_400)?;
                common.timeout = Some(Duration::from_secs(seconds));
            }
            "--engine" => {
                let cmd = value.ok_or("--engine needs a command")?;
                let words: Vec<String> = cmd.split_whitespace().map(String::from).collect();
                if words.is_empty() {
                    return Err("--engine needs a command".into());
                }
                common.engine = Some(words);
            }
            "--stats" | "--no-bulk" | "--json" | "--quiet" | "--chess960" => {
                i -= 1;
                match option {
                    "--stats" => common.run.stats = true,
                    "--no-bulk" => common.run.no_bulk = true,
                    "--json" => common.run.json = true,
                    "--chess960" => common.run.chess960 = true,
                    _ => common.run.quiet = true,
                }
            }
            _ => return Err(format!("unknown option {option:?} (try --help)")),
        }
    }
    if common.run.stats && common.run.no_bulk {
        return Err(
            "--stats and --no-bulk do not combine (statistics play the leaf moves they need)"
                .into(),
        );
    }
    if common.run.hash_seed != 0 && common.run.hash_mib == 0 {
        return Err("--hash-seed: there is no table to seed (give --hash MIB)".into());
    }
    Ok(common)
}

/// Switches to Chess960 notation when the position needs it (a castling rook or king off its
/// standard square), keeping `--chess960` when it was given.
fn with_chess960(mut run: RunOptions, board: &Board) -> RunOptions {
    run.chess960 |= board.is_chess960();
    run
}

const COUNT_OPTIONS: [&str; 10] = [
    "--chess960",
    "--fen",
    "--moves",
    "--threads",
    "--hash",
    "--hash-seed",
    "--stats",
    "--no-bulk",
    "--json",
    "--quiet",
];

/// `perft MODE FILE [OPTIONS]`: the file and the options (of `allowed`) after it.
fn file_and_options(
    args: &[String],
    mode: &str,
    allowed: &[&str],
) -> Result<(PathBuf, Common), String> {
    let file = args
        .get(1)
        .filter(|f| !f.starts_with("--"))
        .ok_or_else(|| format!("perft {mode}: missing FILE"))?;
    let common = parse_options(args.get(2..).unwrap_or(&[]), allowed)?;
    Ok((PathBuf::from(file), common))
}

pub fn parse(args: &[String]) -> Result<Command, String> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Command::Help);
    }
    if args.iter().any(|a| a == "-V" || a == "--version") {
        return Ok(Command::Version);
    }
    // The arguments after a subcommand's name.
    let after_mode = args.get(1..).unwrap_or(&[]);
    match args.first().map(String::as_str) {
        Some("diff") => {
            let (depth, options) = after_mode
                .split_last()
                .ok_or("perft diff: missing DEPTH (try --help)")?;
            let depth = parse_depth(depth)?;
            let allowed = [
                "--engine",
                "--fen",
                "--moves",
                "--threads",
                "--hash",
                "--timeout",
                "--quiet",
                "--chess960",
            ];
            let common = parse_options(options, &allowed)?;
            let engine = common.engine.ok_or("perft diff needs --engine CMD")?;
            if depth == 0 {
                return Err("perft diff: DEPTH must be at least 1".into());
            }
            let position = position(common.fen.as_deref(), &common.moves)?;
            Ok(Command::Diff {
                run: with_chess960(common.run, &position.board),
                engine,
                position,
                depth,
                timeout: common.timeout.unwrap_or(Duration::from_secs(60)),
            })
        }
        Some("suite") => {
            let (file, common) = file_and_options(
                args,
                "suite",
                &["--max-nodes", "--threads", "--hash", "--quiet"],
            )?;
            Ok(Command::Suite {
                file,
                max_nodes: common.max_nodes.unwrap_or(1_000_000_000),
                run: common.run,
            })
        }
        Some("split") => {
            let (depth, options) = after_mode
                .split_last()
                .ok_or("perft split: missing DEPTH (try --help)")?;
            let depth = parse_depth(depth)?;
            let common = parse_options(options, &["--ply", "--fen", "--moves"])?;
            let ply = common.ply.ok_or("perft split needs --ply K")?;
            Ok(Command::Split {
                position: position(common.fen.as_deref(), &common.moves)?,
                ply,
                depth,
            })
        }
        Some("units") => {
            let (file, common) = file_and_options(
                args,
                "units",
                &[
                    "--threads",
                    "--hash",
                    "--hash-seed",
                    "--stats",
                    "--json",
                    "--quiet",
                ],
            )?;
            Ok(Command::Units {
                file,
                run: common.run,
            })
        }
        Some("perftree") => {
            let [depth, fen, rest @ ..] = after_mode else {
                return Err("perft perftree: expected DEPTH FEN [MOVES]".into());
            };
            if rest.len() > 1 {
                return Err(
                    "perft perftree: expected DEPTH FEN [MOVES] (MOVES is one argument)".into(),
                );
            }
            let depth = parse_depth(depth)?;
            // perftree writes promotions in upper case (a7b8Q).
            let moves: Vec<String> = rest.first().map_or(Vec::new(), |m| {
                m.split_whitespace().map(str::to_ascii_lowercase).collect()
            });
            Ok(Command::Perftree {
                depth,
                board: position(Some(fen), &moves)?.board,
            })
        }
        _ => {
            let (depth, options) = args.split_last().ok_or("missing DEPTH (try --help)")?;
            let depth = parse_depth(depth)?;
            let common = parse_options(options, &COUNT_OPTIONS)?;
            let position = position(common.fen.as_deref(), &common.moves)?;
            Ok(Command::Count {
                run: with_chess960(common.run, &position.board),
                position,
                depth,
            })
        }
    }
}
