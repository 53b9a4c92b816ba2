//! Play sequences: the first byte picks a start position, every further byte picks one of the
//! legal moves; after each move the board must hold every property (hash from scratch, FEN
//! round trip, moves equal to the reference generator's, make/unmake, SAN, ...).
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use movegen::Board;

fuzz_target!(|data: &[u8]| {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let fen = common::POSITIONS[usize::from(first) % common::POSITIONS.len()];
    let Ok(mut board) = Board::from_fen(fen) else {
        return;
    };
    for &choice in choices.iter().take(400) {
        common::properties::check_position(&board);
        let moves = board.legal_moves();
        if moves.is_empty() {
            return;
        }
        board = board.play_unchecked(moves[usize::from(choice) % moves.len()]);
    }
    common::properties::check_position(&board);
});
