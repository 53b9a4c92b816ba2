//! FEN parsing: any bytes; an accepted position must hold every property of the test suite.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::properties::check_fen_text(&String::from_utf8_lossy(data));
});
