//! Writes the engine benchmark's corpus: the positions of seeded random games, one FEN a line.
//!
//! ```text
//! cargo run --release --example corpus > benches/data/engine-corpus.fen
//! cargo run --release --example corpus -- SEED POSITIONS
//! ```
//!
//! Each game starts from the start position and plays uniformly random legal moves (a
//! xoshiro256++ generator seeded with SEED, default 2026) until it ends (mate, stalemate, the
//! fifty-move rule, insufficient material) or reaches 200 plies; every position a game passes
//! through is written, the start position of each game included, until POSITIONS (default
//! 12,000) are written. The same seed always gives the same file.

use movegen::Board;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};
use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        args.get(i).map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!(
                    "corpus: expected a number, found {a:?} (usage: corpus [SEED [POSITIONS]])"
                );
                std::process::exit(2)
            })
        })
    };
    let seed = number(0, 2026);
    let wanted = number(1, 12_000) as usize;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut written = 0;
    while written < wanted {
        let mut board = Board::startpos();
        for _ in 0..200 {
            if written == wanted {
                break;
            }
            writeln!(out, "{board}")?;
            written += 1;
            let moves = board.legal_moves();
            if moves.is_empty()
                || board.halfmove_clock() >= 100
                || board.has_insufficient_material()
            {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            board = board.play_unchecked(mv);
        }
    }
    out.flush()
}
