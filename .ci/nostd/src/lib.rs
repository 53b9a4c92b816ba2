//! A `no_std` consumer of movegen: a C-callable perft over a FEN passed as bytes.
#![no_std]

use movegen::Board;

/// Perft of the FEN in `fen[..len]` at `depth`, or `u64::MAX` for a bad FEN.
///
/// # Safety
/// `fen` must point to `len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn movegen_perft(fen: *const u8, len: usize, depth: u32) -> u64 {
    // SAFETY: the caller promises `len` readable bytes at `fen`.
    let bytes = unsafe { core::slice::from_raw_parts(fen, len) };
    let Ok(text) = core::str::from_utf8(bytes) else {
        return u64::MAX;
    };
    match Board::from_fen(text) {
        Ok(board) => movegen::perft(&board, depth),
        Err(_) => u64::MAX,
    }
}

/// A checksum over the start position's moves through SAN, `gives_check`, `is_legal` and the
/// staged generator, so those parts are linked too.
#[unsafe(no_mangle)]
pub extern "C" fn movegen_san_len() -> usize {
    let board = Board::startpos();
    let mut n = 0;
    for &mv in board.legal_moves().iter() {
        n += board.san(mv).as_str().len();
        n += usize::from(board.gives_check(mv)) + usize::from(board.is_legal(mv));
    }
    n + board.noisy_moves().len() + board.quiet_moves().len()
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
