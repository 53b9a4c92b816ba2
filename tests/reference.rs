//! The fast generator against the slow reference generator (tests/common/reference.rs) on
//! positions from seeded random playouts, plus the properties every position must have: the
//! incremental hash equals the hash from scratch, FEN round trips, and the colour mirror has
//! the same perft.

mod common;

use common::{perft_csv, reference};
use movegen::{Board, Move, MoveKind, perft};
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

/// Distinct starting FENs: the start position, the CPW positions of perft.csv, and every 48th
/// Chess960 position of chess960-fischer.epd (so Chess960 castling is covered too).
fn roots() -> Vec<Board> {
    let mut fens: Vec<String> = perft_csv().into_iter().map(|c| c.fen).collect();
    fens.dedup();
    let chess960: Vec<String> = common::data_lines("tests/data/chess960-fischer.epd")
        .iter()
        .step_by(48)
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect();
    fens.extend(chess960);
    fens.iter()
        .map(|f| Board::from_fen(f).expect("perft.csv FEN"))
        .collect()
}

/// Positions from random playouts (seeded, so every run sees the same ones): `games` games per
/// root of at most 160 plies each.
fn playout_positions(seed: u64, games: usize) -> Vec<Board> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut positions = Vec::new();
    for root in roots() {
        for _ in 0..games {
            let mut board = root;
            for _ in 0..160 {
                positions.push(board);
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                board = board.play_unchecked(mv);
            }
        }
    }
    positions
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<u16> {
    let mut raw: Vec<u16> = moves.into_iter().map(Move::raw).collect();
    raw.sort_unstable();
    raw
}

#[test]
fn generator_matches_reference_on_random_playouts() {
    let positions = playout_positions(0x5eed, 25);
    assert!(
        positions.len() >= 10_000,
        "only {} positions",
        positions.len()
    );
    // How many positions offer each special move, so the comparison demonstrably covers them.
    let mut special = [0usize; 4];
    for board in &positions {
        let fast = board.legal_moves();
        let slow = reference::legal_moves(board);
        assert_eq!(
            sorted(fast.iter().copied()),
            sorted(slow.iter().copied()),
            "{board}\nfast: {fast:?}\nslow: {slow:?}"
        );
        assert_eq!(board.count_moves(), fast.len(), "{board}");
        for (i, kind) in [
            MoveKind::Castling,
            MoveKind::EnPassant,
            MoveKind::PromoteQueen,
            MoveKind::DoublePush,
        ]
        .into_iter()
        .enumerate()
        {
            special[i] += fast.iter().any(|m| m.kind() == kind) as usize;
        }
        assert_eq!(board.has_legal_moves(), !fast.is_empty(), "{board}");
        for &mv in fast.iter() {
            assert_eq!(board.play(mv), Ok(board.play_unchecked(mv)), "{board} {mv}");
        }
    }
    eprintln!(
        "{} positions agree with the reference generator; with castling {}, en passant {}, \
         promotion {}, double push {}",
        positions.len(),
        special[0],
        special[1],
        special[2],
        special[3]
    );
    assert!(
        special.iter().all(|&n| n >= 50),
        "special moves under-covered: {special:?}"
    );
}

#[test]
fn incremental_hash_equals_hash_from_scratch() {
    for board in playout_positions(0xa5a5, 10) {
        assert_eq!(board.hash(), board.compute_hash(), "{board}");
        for &mv in board.legal_moves().iter() {
            let child = board.play_unchecked(mv);
            assert_eq!(child.hash(), child.compute_hash(), "{board} then {mv}");
        }
    }
}

#[test]
fn fen_round_trips() {
    for board in playout_positions(0xf00d, 10) {
        let fen = board.to_string();
        let parsed = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(parsed, board, "parse(format(b)) == b for {fen}");
        assert_eq!(parsed.to_string(), fen, "format(parse(s)) == s for {fen}");
    }
}

/// Perft the plain way: every move listed and played, the last ply listed too.
fn naive_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    board
        .legal_moves()
        .iter()
        .map(|&mv| naive_perft(&board.play_unchecked(mv), depth - 1))
        .sum()
}

/// Perft's shortcuts (bulk counting, replies counted from the parent's count) against the plain
/// recursion, on every playout position at depth 2 and on every tenth at depth 3.
#[test]
fn perft_shortcuts_match_naive_perft() {
    for (i, board) in playout_positions(0xbeef, 8).iter().enumerate() {
        assert_eq!(perft(board, 2), naive_perft(board, 2), "{board} depth 2");
        if i % 10 == 0 {
            assert_eq!(perft(board, 3), naive_perft(board, 3), "{board} depth 3");
        }
    }
}

#[test]
fn mirror_has_the_same_perft() {
    for board in roots() {
        let mirror = board.mirror();
        assert_eq!(mirror.mirror(), board);
        for depth in 1..=3 {
            assert_eq!(
                perft(&mirror, depth),
                perft(&board, depth),
                "{board} / {mirror} depth {depth}"
            );
        }
    }
    for board in playout_positions(0x3141, 4) {
        let mirror = board.mirror();
        assert_eq!(perft(&mirror, 2), perft(&board, 2), "{board} / {mirror}");
    }
}
