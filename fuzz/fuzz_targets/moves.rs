//! UCI and SAN move parsing: the first byte picks a position, the rest is the move text.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use movegen::Board;

fuzz_target!(|data: &[u8]| {
    let Some((&first, text)) = data.split_first() else {
        return;
    };
    let fen = common::POSITIONS[usize::from(first) % common::POSITIONS.len()];
    let Ok(board) = Board::from_fen(fen) else {
        return;
    };
    common::properties::check_move_text(&board, &String::from_utf8_lossy(text));
});
