//! Positions and peer perft functions shared by the benchmarks.
#![allow(dead_code)]

use std::str::FromStr;

/// The six standard positions with the depths the speed figures use, and their published counts.
pub const POSITIONS: [(&str, &str, u32, u64); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        7,
        178_633_661,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        5,
        89_941_194,
    ),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        5,
        164_075_551,
    ),
];

/// The same positions one ply shallower than [`POSITIONS`] (for the criterion groups), with
/// published counts.
pub const SHALLOW: [(&str, &str, u32, u64); 6] = [
    ("startpos", POSITIONS[0].1, 5, 4_865_609),
    ("kiwipete", POSITIONS[1].1, 4, 4_085_603),
    ("position3", POSITIONS[2].1, 6, 11_030_083),
    ("position4", POSITIONS[3].1, 4, 422_333),
    ("position5", POSITIONS[4].1, 4, 2_103_487),
    ("position6", POSITIONS[5].1, 4, 3_894_594),
];

/// movegen's perft (bulk counting, single thread, no hash).
pub fn movegen_perft(fen: &str, depth: u32) -> u64 {
    movegen::perft(&movegen::Board::from_fen(fen).expect("FEN"), depth)
}

/// cozy-chess (MIT) in its fastest bulk-counting form: its per-piece move sets are counted by
/// `len()` at the last ply, and boards are cloned from the parent (copy-make).
pub fn cozy_perft(fen: &str, depth: u32) -> u64 {
    fn count(board: &cozy_chess::Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth == 1 {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        } else {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += count(&child, depth - 1);
                }
                false
            });
        }
        nodes
    }
    let board = cozy_chess::Board::from_fen(fen, false).expect("FEN");
    if depth == 0 { 1 } else { count(&board, depth) }
}

/// The `chess` crate (MIT) with its own bulk-counting perft, `MoveGen::movegen_perft_test`.
pub fn chess_perft(fen: &str, depth: u32) -> u64 {
    let board = chess::Board::from_str(fen).expect("FEN");
    chess::MoveGen::movegen_perft_test(&board, depth as usize) as u64
}

/// Every move of the tree played (no bulk counting), copy-make: "full-make perft". At depth 0
/// the board goes to `black_box`, so the compiler cannot drop the last make.
pub fn tree_copy(board: &movegen::Board, depth: u32) -> u64 {
    if depth == 0 {
        std::hint::black_box(board);
        return 1;
    }
    let moves = board.legal_moves();
    moves
        .iter()
        .map(|&mv| tree_copy(&board.play_unchecked(mv), depth - 1))
        .sum()
}

/// The same tree with make/unmake in place.
pub fn tree_make(board: &mut movegen::Board, depth: u32) -> u64 {
    if depth == 0 {
        std::hint::black_box(&*board);
        return 1;
    }
    let moves = board.legal_moves();
    let mut n = 0;
    for &mv in &moves {
        let undo = board.make(mv);
        n += tree_make(board, depth - 1);
        board.unmake(mv, undo);
    }
    n
}
