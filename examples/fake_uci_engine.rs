//! A deliberately wrong UCI engine for testing `perft diff` (tests/tools.rs runs it).
//!
//! `fake_uci_engine DROP MOVE...` answers `go perft` like a correct engine, except that in the
//! position reached by playing MOVE... from the position it was given, its move generator
//! "forgets" the move DROP. All counts above that position are consistent with the fault, as a
//! real buggy generator's would be, so `perft diff` must walk down MOVE... to find it.

use movegen::{Board, Move, perft};
use std::io::{BufRead, Write};

struct Fault {
    path: Vec<String>,
    drop: String,
}

impl Fault {
    /// The legal moves of `board`, reached by `played`, as this engine sees them.
    fn moves(&self, board: &Board, played: &[String]) -> Vec<Move> {
        let faulty = played == self.path.as_slice();
        board
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !(faulty && m.to_string() == self.drop))
            .collect()
    }

    fn perft(&self, board: &Board, depth: u32, played: &mut Vec<String>) -> u64 {
        if depth == 0 {
            return 1;
        }
        // Off the faulty path the engine is correct.
        if !self.path.starts_with(played) {
            return perft(board, depth);
        }
        let mut total = 0;
        for mv in self.moves(board, played) {
            played.push(mv.to_string());
            total += self.perft(&board.play_unchecked(mv), depth - 1, played);
            played.pop();
        }
        total
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let drop = args.next().unwrap_or_default();
    let fault = Fault {
        path: args.collect(),
        drop,
    };
    let (mut board, mut played) = (Board::startpos(), Vec::new());
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["uci"] => {
                let _ = writeln!(out, "id name fake perft engine\nuciok");
            }
            ["isready"] => {
                let _ = writeln!(out, "readyok");
            }
            ["position", rest @ ..] => {
                let (fen, moves): (String, &[&str]) = match rest {
                    ["startpos", "moves", moves @ ..] => (movegen::STARTPOS.into(), moves),
                    ["startpos"] => (movegen::STARTPOS.into(), &[]),
                    ["fen", rest @ ..] => match rest.iter().position(|w| *w == "moves") {
                        Some(i) => (rest[..i].join(" "), &rest[i + 1..]),
                        None => (rest.join(" "), &[]),
                    },
                    _ => continue,
                };
                let Ok(start) = Board::from_fen(&fen) else {
                    continue;
                };
                board = start;
                played.clear();
                for mv in moves {
                    if let Ok(m) = board.parse_uci(mv) {
                        board = board.play_unchecked(m);
                        played.push(mv.to_string());
                    }
                }
            }
            ["go", "perft", depth] => {
                let depth: u32 = depth.parse().unwrap_or(1);
                let mut total = 0;
                let mut lines = Vec::new();
                for mv in fault.moves(&board, &played) {
                    played.push(mv.to_string());
                    let n = fault.perft(&board.play_unchecked(mv), depth - 1, &mut played);
                    played.pop();
                    total += n;
                    lines.push(format!("{mv}: {n}"));
                }
                lines.sort();
                let _ = writeln!(out, "{}\n\nNodes searched: {total}", lines.join("\n"));
            }
            ["quit"] => break,
            _ => {}
        }
        let _ = out.flush();
    }
}
