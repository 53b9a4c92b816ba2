//! What must hold in every position, checked by the tests, the seeded fuzz smoke test and the
//! coverage-guided fuzz targets (fuzz/, which include this file): the incremental hash equals
//! the hash from scratch, FEN and Shredder-FEN round trip, the generator equals the slow
//! reference generator, counting equals listing, the stages partition the moves, and for every
//! legal move `is_legal`, `gives_check`, make/unmake and SAN agree with playing it.

use super::reference;
use movegen::{Board, Move};

/// Start positions for the fuzz targets and the smoke tests (standard, CPW, Chess960 in
/// Shredder-FEN and X-FEN, en passant, the lifted-rook castling case).
pub const START_POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2",
    "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1",
];

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<u16> {
    let mut raw: Vec<u16> = moves.into_iter().map(Move::raw).collect();
    raw.sort_unstable();
    raw
}

/// Panics, naming the position, when a property fails.
pub fn check_position(board: &Board) {
    assert_eq!(board.hash(), board.compute_hash(), "hash of {board}");
    assert_eq!(
        Board::from_fen(&board.to_string()),
        Ok(*board),
        "FEN of {board}"
    );
    let shredder = board.shredder_fen().to_string();
    assert_eq!(Board::from_fen(&shredder), Ok(*board), "{shredder}");
    let legal = board.legal_moves();
    let fast = sorted(legal.iter().copied());
    assert_eq!(
        fast,
        sorted(reference::legal_moves(board)),
        "moves of {board}"
    );
    assert_eq!(board.count_moves(), fast.len(), "count of {board}");
    let mut staged = sorted(board.noisy_moves().iter().copied());
    staged.extend(sorted(board.quiet_moves().iter().copied()));
    staged.sort_unstable();
    assert_eq!(staged, fast, "stages of {board}");
    for &mv in &legal {
        check_move(board, mv);
    }
}

/// The properties of one legal move.
pub fn check_move(board: &Board, mv: Move) {
    assert!(board.is_legal(mv), "is_legal {board} {mv}");
    let child = board.play_unchecked(mv);
    assert_eq!(
        board.gives_check(mv),
        child.in_check(),
        "gives_check {board} {mv}"
    );
    let mut inplace = *board;
    let undo = inplace.make(mv);
    assert_eq!(inplace, child, "make {board} {mv}");
    inplace.unmake(mv, undo);
    assert_eq!(inplace, *board, "unmake {board} {mv}");
    let san = board.san(mv);
    assert_eq!(board.parse_san(san.as_str()), Ok(mv), "SAN {board} {san}");
}

/// The properties of text that may or may not name a move: parsing never panics, and what it
/// accepts is legal.
pub fn check_move_text(board: &Board, text: &str) {
    if let Ok(mv) = board.parse_uci(text) {
        assert!(board.is_legal(mv), "UCI {text} in {board}");
    }
    for mv in [board.parse_san(text), board.parse_san_lenient(text)]
        .into_iter()
        .flatten()
    {
        assert!(board.is_legal(mv), "SAN {text} in {board}");
    }
}

/// FEN text that may be anything: parsing never panics, and an accepted position has every
/// property above.
pub fn check_fen_text(text: &str) {
    if let Ok(board) = Board::from_fen(text) {
        check_position(&board);
    }
}
