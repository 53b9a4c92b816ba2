//! What must hold in every position, checked by the tests, the seeded fuzz smoke test and the
//! coverage-guided fuzz targets (fuzz/, which include this file): the incremental hash equals
//! the hash from scratch, FEN and Shredder-FEN round trip, the generator equals the slow
//! reference generator, counting equals listing, the stages partition the moves, and for every
//! legal move `is_legal`, `gives_check`, make/unmake and SAN agree with playing it.

use super::reference;
use movegen::{Board, Move};

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
