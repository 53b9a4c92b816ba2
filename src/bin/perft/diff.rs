//! `perft diff`: find where movegen and a UCI engine disagree, by walking down the divide.

// A UCI engine's output is untrusted text: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::cli::{Position, RunOptions};
use crate::count::{count_nodes, say};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running UCI engine, read line by line with a timeout.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    name: String,
}

impl Engine {
    fn start(command: &[String], timeout: Duration, chess960: bool) -> Result<Engine, String> {
        let name = command.join(" ");
        let (program, args) = command.split_first().ok_or("--engine needs a command")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start engine {name:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("engine stdin")?;
        let stdout = child.stdout.take().ok_or("engine stdout")?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line.trim_end().to_string()).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            timeout,
            name,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        if chess960 {
            engine.send("setoption name UCI_Chess960 value true")?;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| {
                format!(
                    "engine {:?} exited or stopped reading its input ({e})",
                    self.name
                )
            })
    }

    /// The next line, within the timeout.
    fn line(&self, deadline: Instant) -> Result<String, String> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| match e {
            RecvTimeoutError::Timeout => format!(
                "engine {:?} did not answer within {:?}",
                self.name, self.timeout
            ),
            RecvTimeoutError::Disconnected => format!("engine {:?} exited", self.name),
        })
    }

    fn wait_for(&self, expected: &str) -> Result<(), String> {
        let deadline = Instant::now() + self.timeout;
        while self.line(deadline)? != expected {}
        Ok(())
    }

    /// The engine's `go perft` divide of `fen` after `moves`, and its total.
    fn divide(
        &mut self,
        fen: &str,
        moves: &[String],
        depth: u32,
    ) -> Result<(BTreeMap<String, u128>, u128), String> {
        let position = if moves.is_empty() {
            format!("position fen {fen}")
        } else {
            format!("position fen {fen} moves {}", moves.join(" "))
        };
        self.send(&position)?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        // Never depth 0: Stockfish would start an unbounded search.
        self.send(&format!("go perft {}", depth.max(1)))?;
        let deadline = Instant::now() + self.timeout;
        let mut divide = BTreeMap::new();
        loop {
            let line = self.line(deadline)?;
            if let Some(total) = line.strip_prefix("Nodes searched:") {
                let total = total
                    .trim()
                    .parse()
                    .map_err(|_| format!("engine: bad total line {line:?}"))?;
                return Ok((divide, total));
            }
            if let Some((mv, n)) = line.split_once(": ")
                && is_uci_move(mv)
            {
                let n = n
                    .trim()
                    .parse()
                    .map_err(|_| format!("engine: bad divide line {line:?}"))?;
                divide.insert(mv.to_string(), n);
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_uci_move(text: &str) -> bool {
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match *text.as_bytes() {
        [f1, r1, f2, r2] => square(f1, r1) && square(f2, r2),
        [f1, r1, f2, r2, p] => square(f1, r1) && square(f2, r2) && b"qrbn".contains(&p),
        _ => false,
    }
}

/// Walks down from the position to the first place where the move lists differ.
pub fn diff_command(
    engine: &[String],
    position: &Position,
    depth: u32,
    timeout: Duration,
    run: &RunOptions,
) -> Result<ExitCode, String> {
    let mut engine = Engine::start(engine, timeout, run.chess960)?;
    let run = RunOptions {
        stats: false,
        no_bulk: false,
        json: false,
        ..*run
    };
    let mut moves = position.moves.clone();
    let mut path: Vec<String> = Vec::new();
    let mut board = position.board;
    let mut depth = depth;
    loop {
        let (theirs, their_total) = engine.divide(&position.fen, &moves, depth)?;
        let counted = count_nodes(&board, depth, &run)?;
        let ours: BTreeMap<String, u128> = counted.divide.into_iter().collect();
        let missing: Vec<&String> = theirs.keys().filter(|m| !ours.contains_key(*m)).collect();
        let extra: Vec<&String> = ours.keys().filter(|m| !theirs.contains_key(*m)).collect();
        // The first root move whose counts differ: (move, ours, the engine's).
        let differing = ours
            .iter()
            .find_map(|(mv, n)| theirs.get(mv).filter(|&t| t != n).map(|t| (mv, n, t)));
        if missing.is_empty() && extra.is_empty() && differing.is_none() {
            if path.is_empty() && their_total == counted.total {
                say(format_args!(
                    "counts agree: {} nodes at depth {depth}",
                    counted.total
                ))?;
                return Ok(ExitCode::SUCCESS);
            }
            say(format_args!(
                "the engine's total {their_total} disagrees with its own divide, or with the parent's count"
            ))?;
            print_place(&path, &board)?;
            return Ok(ExitCode::from(1));
        }
        if path.is_empty() {
            say(format_args!(
                "counts differ at depth {depth}: movegen {}, engine {their_total}",
                counted.total
            ))?;
        }
        if !missing.is_empty() || !extra.is_empty() || depth == 1 {
            print_place(&path, &board)?;
            let list = |v: &[&String]| {
                if v.is_empty() {
                    "-".to_string()
                } else {
                    v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                }
            };
            say(format_args!(
                "missing (the engine's, not movegen's): {}",
                list(&missing)
            ))?;
            say(format_args!(
                "extra (movegen's, not the engine's): {}",
                list(&extra)
            ))?;
            if let Some((mv, n, t)) = differing {
                say(format_args!("{mv}: movegen {n}, engine {t}"))?;
            }
            return Ok(ExitCode::from(1));
        }
        // Not reached without a differing move (handled above); end rather than loop.
        let Some((mv, n, t)) = differing else {
            return Ok(ExitCode::from(1));
        };
        say(format_args!(
            "{}{mv}: movegen {n}, engine {t} at depth {}",
            "  ".repeat(path.len()),
            depth - 1
        ))?;
        let parsed = board.parse_uci(mv).map_err(|e| format!("move {mv}: {e}"))?;
        board = board.play_unchecked(parsed);
        moves.push(mv.clone());
        path.push(mv.clone());
        depth -= 1;
    }
}

fn print_place(path: &[String], board: &movegen::Board) -> Result<(), String> {
    say(format_args!(
        "path: {}",
        if path.is_empty() {
            "(root)".to_string()
        } else {
            path.join(" ")
        }
    ))?;
    say(format_args!("fen: {board}"))
}
