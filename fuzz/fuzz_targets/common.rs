//! The test suite's properties and reference generator, shared with the fuzz targets.
#![allow(dead_code)]

#[path = "../../tests/common/reference.rs"]
pub mod reference;

#[path = "../../tests/common/properties.rs"]
pub mod properties;

/// Start positions the move and play targets choose from with their first byte: standard,
/// CPW, Chess960 (Shredder-FEN and X-FEN), en passant, promotions.
pub const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2",
    "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1",
];
