//! # movegen
//!
//! Legal chess move generation with bitboards: build-time magic (or PEXT) slider tables, a
//! generator compiled once per side to move, copy-make with incremental Zobrist (Polyglot)
//! hashing, FEN in and out, and perft with bulk counting.
//!
//! ```
//! use movegen::{Board, perft};
//!
//! let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
//! assert_eq!(board.legal_moves().len(), 48);
//! let e5f7 = board.parse_uci("e5f7")?;
//! let after = board.play(e5f7)?;
//! assert_eq!(after.to_string(), "r3k2r/p1ppqNb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1");
//! assert_eq!(perft(&board, 2), 2039);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! No function allocates, uses global mutable state, or panics on bad input: FEN and move text
//! produce typed errors ([`FenError`], [`UciError`]).

#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

mod attacks;
mod bitboard;
mod board;
pub mod encode;
mod fen;
mod legality;
mod make;
mod movegen;
mod moves;
mod outcome;
pub mod perft;
mod play;
mod san;
mod see;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod side;
mod stages;
mod types;
mod uci;
mod variant;
mod zobrist;

pub use attacks::{
    BACKEND, Backend, aligned, between, bishop_attacks, bishop_rays, king_attacks, knight_attacks,
    line, pawn_attacks, queen_attacks, rook_attacks, rook_rays,
};
pub use bitboard::{Bitboard, Squares};
pub use board::{Board, CastlingRights, CastlingSide};
pub use fen::{FenError, PositionError, STARTPOS, ShredderFen, SyntaxError};
pub use make::Undo;
#[allow(deprecated)]
pub use moves::MoveListIntoIter;
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, PieceMoves, Uci};

/// [`MoveList`] and its by-value iterator.
pub mod move_list {
    pub use crate::moves::{IntoIter, MAX_MOVES, MoveList};
}
pub use outcome::Outcome;
pub use perft::{Divide, Stats, perft, perft_divide, perft_stats};
pub use play::IllegalMove;
pub use san::{San, SanError};
pub use see::SEE_VALUES;
pub use setup::BoardBuilder;
pub use types::{Color, File, OutOfRange, ParseError, Piece, Rank, Role, Square};
pub use uci::UciError;
pub use variant::{Dispatch, backend};
pub use zobrist::CHESS960_ROOK_FILE;

/// The README's examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
