//! The fast generator against the slow reference generator (tests/common/reference.rs) on
//! positions from seeded random playouts, plus the properties every position must have: the
//! incremental hash equals the hash from scratch, FEN round trips, and the colour mirror has
//! the same perft.

use crate::common;

use common::{playout_positions, reference, roots};
use movegen::{Board, Move, MoveKind, perft};

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

/// The long differential run: a million positions from seeded random playouts, each checked
/// against the reference generator, the hash from scratch, FEN and Shredder-FEN round trips,
/// make/unmake symmetry, `is_legal`, `gives_check` and SAN for every legal move
/// (tests/common/properties.rs). The default suite runs the same checks on 19,000 positions
/// (tests/fuzz_smoke.rs).
#[test]
#[ignore = "1,000,000 positions (about a minute): cargo test --release -- --ignored"]
fn million_position_differential_run() {
    let start = std::time::Instant::now();
    let (mut checked, mut seed) = (0usize, 0x1000_0000u64);
    while checked < 1_000_000 {
        for board in playout_positions(seed, 25) {
            common::properties::check_position(&board);
            checked += 1;
        }
        seed += 1;
    }
    eprintln!(
        "{checked} positions checked in {:.0} s",
        start.elapsed().as_secs_f64()
    );
}
