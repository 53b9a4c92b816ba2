//! examples/engine.rs driven over stdin/stdout: a whole game against itself, every move
//! checked for legality here and the end decided by the rules; and `stop`, `movetime`, bad
//! input and `quit`.

use movegen::{Board, Outcome};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The example binary, built by `cargo test` next to the test binaries.
fn engine_path() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap();
    dir.join("examples")
        .join(format!("engine{}", std::env::consts::EXE_SUFFIX))
}

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let path = engine_path();
        assert!(path.exists(), "{} (built by cargo test)", path.display());
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first one starting with `prefix`.
    fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {prefix:?} within {timeout:?}; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn bestmove(&mut self, timeout: Duration) -> String {
        let lines = self.until("bestmove", timeout);
        let last = lines.last().unwrap();
        last.split_whitespace().nth(1).unwrap().to_string()
    }
}

#[test]
fn self_play_game_ends_by_the_rules() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until("uciok", Duration::from_secs(10));
    engine.send("ucinewgame");
    engine.send("isready");
    engine.until("readyok", Duration::from_secs(10));
    let mut board = Board::startpos();
    let mut moves: Vec<String> = Vec::new();
    let mut history: Vec<u64> = Vec::new();
    let outcome = loop {
        if let Some(outcome) = board.outcome(&history) {
            break outcome;
        }
        // The fifty-move rule bounds any game: this many plies always reach an outcome.
        assert!(
            moves.len() < 6_000,
            "no outcome after {} plies",
            moves.len()
        );
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go depth 3");
        let text = engine.bestmove(Duration::from_secs(60));
        let mv = board
            .parse_uci(&text)
            .unwrap_or_else(|e| panic!("illegal bestmove {text} in {board}: {e}"));
        assert!(board.legal_moves().contains(&mv));
        history.push(board.hash());
        board = board.play_unchecked(mv);
        moves.push(text);
    };
    println!("{} plies, {outcome:?}: {}", moves.len(), moves.join(" "));
    match outcome {
        Outcome::Checkmate { winner } => {
            assert!(board.is_checkmate() && winner != board.side_to_move())
        }
        Outcome::Stalemate => assert!(board.is_stalemate()),
        Outcome::InsufficientMaterial => assert!(board.has_insufficient_material()),
        Outcome::FiftyMoves => assert!(board.halfmove_clock() >= 100),
        Outcome::ThreefoldRepetition => assert!(board.repetitions(&history) >= 2),
        other => panic!("an outcome this test does not know: {other:?}"),
    }
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn finds_mate_in_one_and_answers_every_command() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until("uciok", Duration::from_secs(10));
    assert!(lines.iter().any(|l| l.starts_with("id name")));
    // Mate in one: Ra8#.
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go depth 4");
    assert_eq!(engine.bestmove(Duration::from_secs(30)), "a1a8");
    // movetime bounds the search.
    engine.send("position startpos moves e2e4 e7e5");
    let start = Instant::now();
    engine.send("go movetime 300");
    let mv = engine.bestmove(Duration::from_secs(30));
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let board = Board::startpos();
    let board = board.play(board.parse_uci("e2e4").unwrap()).unwrap();
    let board = board.play(board.parse_uci("e7e5").unwrap()).unwrap();
    assert!(board.parse_uci(&mv).is_ok(), "{mv}");
    // go infinite runs until stop.
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("stop");
    let mv = engine.bestmove(Duration::from_secs(10));
    assert!(Board::startpos().parse_uci(&mv).is_ok(), "{mv}");
    // Bad input is reported, and the engine keeps going.
    engine.send("position fen not-a-fen");
    engine.send("position startpos moves e2e5");
    engine.send("isready");
    let lines = engine.until("readyok", Duration::from_secs(10));
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .count(),
        2,
        "{lines:?}"
    );
    // A position with no legal move.
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 2");
    assert_eq!(engine.bestmove(Duration::from_secs(10)), "0000");
    // Chess960 castling is written king-takes-rook once the option is on.
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("position fen 1k6/8/8/8/8/8/PPPPPPPP/RK5R w HA - 0 1 moves b1h1");
    engine.send("isready");
    let lines = engine.until("readyok", Duration::from_secs(10));
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

/// Feeds `input` to a fresh engine, closes its stdin, and returns its output lines and how long
/// it took to exit (killed after 30 s).
fn run_to_end_of_input(input: &str) -> (Vec<String>, Duration) {
    let mut child = Command::new(engine_path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let deadline = start + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("the engine did not exit within 30 s of the end of its input");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let elapsed = start.elapsed();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    (text.lines().map(str::to_owned).collect(), elapsed)
}

/// The last line's move, checked legal in `board`.
fn legal_bestmove(lines: &[String], board: &Board) {
    let last = lines.last().expect("some output");
    let text = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("last line is not a bestmove: {lines:?}"));
    let text = text.split_whitespace().next().unwrap();
    board
        .parse_uci(text)
        .unwrap_or_else(|e| panic!("bestmove {text} is not legal in {board}: {e}"));
}

#[test]
fn end_of_input_is_quit_with_a_bestmove() {
    // Regression: the engine used to exit at end of input without answering `go`.
    let board = ["e2e4", "e7e5", "g1f3"]
        .iter()
        .fold(Board::startpos(), |b, m| {
            b.play(b.parse_uci(m).unwrap()).unwrap()
        });
    let (lines, _) =
        run_to_end_of_input("uci\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 4\n");
    assert!(lines.iter().any(|l| l == "uciok"), "{lines:?}");
    legal_bestmove(&lines, &board);

    // `go infinite` never ends by itself: end of input stops it promptly.
    let (lines, elapsed) = run_to_end_of_input("position startpos\ngo infinite\n");
    legal_bestmove(&lines, &Board::startpos());
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");

    // No search running: end of input exits quietly.
    let (lines, _) = run_to_end_of_input("isready\n");
    assert_eq!(lines, ["readyok"]);
}
