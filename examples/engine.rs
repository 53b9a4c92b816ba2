//! A small but real UCI engine on top of movegen: iterative deepening alpha-beta (negamax)
//! with a quiescence search over the noisy stage, a transposition table keyed by the board's
//! Zobrist hash (its moves checked with `is_legal` before use, since a slot may hold another
//! position's move), null-move pruning, and draws by repetition, the fifty-move rule and
//! insufficient material.
//!
//! ```text
//! cargo run --release --example engine
//! uci | isready | ucinewgame | setoption name UCI_Chess960 value true
//! position startpos|fen FEN [moves M...] | go depth N | go movetime MS | go infinite
//! go wtime MS btime MS [winc MS binc MS movestogo N] | stop | quit
//! ```

use movegen::{Board, Move, MoveList, Role};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const INFINITY: i32 = 32_000;
const MATE: i32 = 31_000;
const MAX_PLY: usize = 128;

/// Centipawn values by role (pawn, knight, bishop, rook, queen, king).
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// One transposition-table slot.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    bound: Bound,
}

#[derive(Clone, Copy, Default, PartialEq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

struct Table {
    slots: Vec<Entry>,
}

impl Table {
    fn new(mib: usize) -> Table {
        let n = (mib << 20) / std::mem::size_of::<Entry>();
        Table {
            slots: vec![Entry::default(); n.next_power_of_two() / 2],
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.slots[self.index(key)];
        (entry.key == key).then_some(entry)
    }

    fn store(&mut self, key: u64, entry: Entry) {
        let i = self.index(key);
        self.slots[i] = entry;
    }
}

/// Material and a little piece placement, from the side to move's point of view.
fn evaluate(board: &Board) -> i32 {
    let mut score = 0;
    for sq in board.occupied() {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        let (file, rank) = (sq.file() as i32, sq.rank() as i32);
        let centre = 6 - ((2 * file - 7).abs() + (2 * rank - 7).abs()) / 2;
        let advance = if piece.color == movegen::Color::White {
            rank
        } else {
            7 - rank
        };
        let placement = match piece.role {
            Role::Pawn => 4 * advance + if (2..=5).contains(&file) { centre } else { 0 },
            Role::Knight | Role::Bishop => 4 * centre,
            Role::Rook | Role::Queen => centre,
            Role::King => -2 * centre,
        };
        let value = VALUE[piece.role.index()] + placement;
        score += if piece.color == board.side_to_move() {
            value
        } else {
            -value
        };
    }
    score
}

struct Search {
    table: Table,
    /// Keys of the game's positions and of the search path, oldest first.
    history: Vec<u64>,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    nodes: u64,
    chess960: bool,
}

impl Search {
    fn stopped(&mut self) -> bool {
        if self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stop.load(Ordering::Relaxed)
    }

    /// A draw by rule at a node below the root: any repetition within the search counts.
    fn is_draw(&self, board: &Board) -> bool {
        board.halfmove_clock() >= 100 && !board.is_checkmate()
            || board.has_insufficient_material()
            || board.repetitions(&self.history) >= 1
    }

    /// Moves in search order: the table move, then captures by most valuable victim and least
    /// valuable attacker, then promotions, then quiet moves.
    fn ordered(&self, board: &Board, table_move: Option<Move>, noisy_only: bool) -> Vec<Move> {
        // One generation for both stages when both are wanted.
        let (noisy, quiet) = if noisy_only {
            (board.noisy_moves(), MoveList::new())
        } else {
            board.noisy_and_quiet_moves()
        };
        let mut scored: Vec<(i32, Move)> = noisy
            .iter()
            .map(|&mv| {
                let victim = board.captured(mv).map_or(VALUE[0], |r| VALUE[r.index()]);
                let attacker = board.role_at(mv.from()).map_or(0, |r| VALUE[r.index()]);
                let promotion = mv.promotion().map_or(0, |r| VALUE[r.index()]);
                (10 * victim - attacker / 10 + promotion, mv)
            })
            .collect();
        if !noisy_only {
            scored.extend(quiet.iter().map(|&mv| {
                let check = if board.gives_check(mv) { 50 } else { 0 };
                (check, mv)
            }));
        }
        if let Some(tm) = table_move {
            for entry in &mut scored {
                if entry.1 == tm {
                    entry.0 = INFINITY;
                }
            }
        }
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        scored.into_iter().map(|(_, mv)| mv).collect()
    }

    fn quiescence(&mut self, board: &Board, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if board.in_check() && ply < MAX_PLY {
            // In check: every evasion, not just the noisy ones.
            return self.negamax(board, 1, alpha, beta, ply);
        }
        let stand_pat = evaluate(board);
        if stand_pat >= beta || ply >= MAX_PLY {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        for mv in self.ordered(board, None, true) {
            let score = -self.quiescence(&board.play_unchecked(mv), -beta, -alpha, ply + 1);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn negamax(&mut self, board: &Board, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if ply > 0 && self.is_draw(board) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(board, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.stopped() {
            return 0;
        }
        let key = board.hash();
        let entry = self.table.probe(key);
        // A stored move may be another position's (a key collision): check it.
        let table_move = entry
            .and_then(|e| Move::from_raw(e.mv))
            .filter(|&mv| board.is_legal(mv));
        if let Some(e) = entry
            && ply > 0
            && i32::from(e.depth) >= depth
        {
            let score = i32::from(e.score);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let in_check = board.in_check();
        // Null move: if passing still fails high, so will a real move (not in check, not in
        // pawn endings where zugzwang is common).
        let has_pieces =
            (board.colored(board.side_to_move()) & !board.pieces(Role::Pawn)).count() > 1;
        if !in_check
            && ply > 0
            && depth >= 3
            && has_pieces
            && beta < MATE - 1000
            && let Some(passed) = board.null_move()
        {
            self.history.push(key);
            let score = -self.negamax(&passed, depth - 3, -beta, -beta + 1, ply + 1);
            self.history.pop();
            if score >= beta {
                return beta;
            }
        }
        let moves = self.ordered(board, table_move, false);
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let original_alpha = alpha;
        let (mut best, mut best_move) = (-INFINITY, moves[0]);
        self.history.push(key);
        for mv in moves {
            let child = board.play_unchecked(mv);
            let extension = i32::from(child.in_check());
            let score = -self.negamax(&child, depth - 1 + extension, -beta, -alpha, ply + 1);
            if score > best {
                (best, best_move) = (score, mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.history.pop();
        if self.stop.load(Ordering::Relaxed) {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= original_alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            Entry {
                key,
                mv: best_move.raw(),
                score: best.clamp(-INFINITY, INFINITY) as i16,
                depth: depth.min(127) as i8,
                bound,
            },
        );
        best
    }

    /// The principal variation from the table, as far as it stays legal.
    fn pv(&self, board: &Board, depth: i32) -> String {
        let mut line = Vec::new();
        let mut board = *board;
        for _ in 0..depth.max(1) {
            let Some(mv) = self
                .table
                .probe(board.hash())
                .and_then(|e| Move::from_raw(e.mv))
                .filter(|&mv| board.is_legal(mv))
            else {
                break;
            };
            line.push(self.uci(&board, mv));
            board = board.play_unchecked(mv);
        }
        line.join(" ")
    }

    /// The move's text: king-takes-rook castling when the GUI has set `UCI_Chess960` (a
    /// Chess960 game may start from the standard array), else the position's own notation.
    fn uci(&self, board: &Board, mv: Move) -> String {
        if self.chess960 {
            mv.uci_chess960().to_string()
        } else {
            board.uci(mv).to_string()
        }
    }

    /// Iterative deepening; prints `info` per depth and returns the best move.
    fn think(&mut self, board: &Board, max_depth: i32) -> Option<Move> {
        let legal = board.legal_moves();
        let mut best = *legal.first()?;
        let start = Instant::now();
        for depth in 1..=max_depth {
            self.nodes = 0;
            let score = self.negamax(board, depth, -INFINITY, INFINITY, 0);
            if self.stop.load(Ordering::Relaxed) && depth > 1 {
                break;
            }
            if let Some(mv) = self
                .table
                .probe(board.hash())
                .and_then(|e| Move::from_raw(e.mv))
                .filter(|&mv| board.is_legal(mv))
            {
                best = mv;
            }
            let score_text = if score.abs() >= MATE - MAX_PLY as i32 {
                let plies = MATE - score.abs();
                format!("mate {}", (plies + 1) / 2 * score.signum())
            } else {
                format!("cp {score}")
            };
            println!(
                "info depth {depth} score {score_text} nodes {} time {} pv {}",
                self.nodes,
                start.elapsed().as_millis(),
                self.pv(board, depth)
            );
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        Some(best)
    }
}

/// Parses `position startpos|fen FEN [moves ...]` into the board and the keys before it.
fn parse_position(words: &[&str]) -> Result<(Board, Vec<u64>), String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut board = match setup {
        ["startpos"] => Board::startpos(),
        ["fen", fen @ ..] if !fen.is_empty() => {
            Board::from_fen(&fen.join(" ")).map_err(|e| format!("bad FEN: {e}"))?
        }
        _ => return Err("expected: position startpos|fen FEN [moves ...]".into()),
    };
    let mut history = Vec::new();
    for text in moves {
        let mv = board
            .parse_uci(text)
            .map_err(|e| format!("move {text}: {e}"))?;
        history.push(board.hash());
        board = board.play_unchecked(mv);
    }
    Ok((board, history))
}

/// Reads `go` parameters: a depth limit and a deadline.
fn parse_go(words: &[&str], board: &Board) -> (i32, Option<Duration>) {
    let value = |name: &str| -> Option<u64> {
        let i = words.iter().position(|&w| w == name)?;
        words.get(i + 1)?.parse().ok()
    };
    let depth = value("depth").map_or(64, |d| d.clamp(1, 64) as i32);
    let white = board.side_to_move() == movegen::Color::White;
    let clock = value(if white { "wtime" } else { "btime" });
    let increment = value(if white { "winc" } else { "binc" }).unwrap_or(0);
    let moves_to_go = value("movestogo").unwrap_or(30).max(1);
    let time = if let Some(ms) = value("movetime") {
        Some(Duration::from_millis(ms))
    } else if words.contains(&"infinite") || value("depth").is_some() {
        None
    } else {
        clock.map(|ms| Duration::from_millis(ms / moves_to_go + increment / 2))
    };
    (depth, time)
}

fn main() {
    let stop = Arc::new(AtomicBool::new(false));
    let mut search_slot: Option<JoinHandle<Search>> = None;
    let mut idle = Some(Search {
        table: Table::new(16),
        history: Vec::new(),
        stop: Arc::clone(&stop),
        deadline: None,
        nodes: 0,
        chess960: false,
    });
    let (mut board, mut history) = (Board::startpos(), Vec::new());
    let finish = |slot: &mut Option<JoinHandle<Search>>, idle: &mut Option<Search>| {
        if let Some(handle) = slot.take()
            && let Ok(search) = handle.join()
        {
            *idle = Some(search);
        }
    };
    for line in io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                println!("id name movegen example engine");
                println!("id author the movegen authors");
                println!("option name UCI_Chess960 type check default false");
                println!("uciok");
            }
            Some("isready") => println!("readyok"),
            Some("setoption") => {
                let text = line.to_ascii_lowercase();
                if text.contains("name uci_chess960")
                    && let Some(search) = idle.as_mut()
                {
                    search.chess960 = text.ends_with("value true");
                }
            }
            Some("ucinewgame") => {
                stop.store(true, Ordering::Relaxed);
                finish(&mut search_slot, &mut idle);
                if let Some(search) = idle.as_mut() {
                    search.table = Table::new(16);
                }
            }
            Some("position") => match parse_position(&words[1..]) {
                Ok(parsed) => (board, history) = parsed,
                Err(e) => println!("info string error: {e}"),
            },
            Some("go") => {
                finish(&mut search_slot, &mut idle);
                let Some(mut search) = idle.take() else {
                    continue;
                };
                let (depth, time) = parse_go(&words[1..], &board);
                stop.store(false, Ordering::Relaxed);
                search.deadline = time.map(|t| Instant::now() + t);
                search.history = history.clone();
                let root = board;
                search_slot = Some(std::thread::spawn(move || {
                    let best = search.think(&root, depth);
                    match best {
                        Some(mv) => println!("bestmove {}", search.uci(&root, mv)),
                        None => println!("bestmove 0000"),
                    }
                    let _ = io::stdout().flush();
                    search
                }));
            }
            Some("stop") => {
                stop.store(true, Ordering::Relaxed);
                finish(&mut search_slot, &mut idle);
            }
            Some("quit") => {
                stop.store(true, Ordering::Relaxed);
                finish(&mut search_slot, &mut idle);
                break;
            }
            Some(other) => println!("info string unknown command: {other}"),
            None => {}
        }
        let _ = io::stdout().flush();
    }
    // End of input (or a read error) is `quit`, as in Stockfish: a running search stops and
    // prints its bestmove before the engine exits.
    stop.store(true, Ordering::Relaxed);
    finish(&mut search_slot, &mut idle);
    let _ = io::stdout().flush();
}
