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
//! ## For engines
//!
//! Generate, order, play, hash and answer in UCI: a whole negamax with capture ordering by
//! static exchange evaluation, make/unmake on one board, and the Zobrist key a transposition
//! table would index by.
//!
//! ```
//! use movegen::{Board, Move};
//!
//! fn negamax(board: &mut Board, depth: u32, seen: &mut Vec<u64>) -> (i32, Option<Move>) {
//!     if depth == 0 {
//!         return (0, None); // an evaluation goes here
//!     }
//!     let mut moves = board.legal_moves();
//!     if moves.is_empty() {
//!         return (if board.in_check() { -30_000 } else { 0 }, None);
//!     }
//!     // Captures first, the best exchanges first; quiet moves keep their order.
//!     moves.sort_by_key(|&mv| if board.captured(mv).is_some() { -board.see(mv) } else { 10_000 });
//!     let mut best = (i32::MIN + 1, None);
//!     for mv in moves {
//!         let undo = board.make(mv);
//!         seen.push(board.hash()); // the key a transposition table or repetition check uses
//!         let score = -negamax(board, depth - 1, seen).0;
//!         board.unmake(mv, undo);
//!         if score > best.0 {
//!             best = (score, Some(mv));
//!         }
//!     }
//!     best
//! }
//!
//! let mut board = Board::startpos();
//! let mut seen = Vec::new();
//! let (_, best) = negamax(&mut board, 3, &mut seen);
//! println!("bestmove {}", board.uci(best.unwrap())); // castling as the GUI expects, Chess960 too
//! assert_eq!(seen.len(), 20 + 400 + 8_902); // every node below the root: perft(1) + perft(2) + perft(3)
//! ```
//!
//! ## What allocates, what panics, what is global
//!
//! - **Allocation.** Move generation, make/unmake, copy-make, FEN, SAN, UCI, SEE and plain
//!   perft allocate nothing ([`MoveList`] lives on the stack). With the `std` feature (the
//!   default), these allocate: [`perft::Table`] (the hash table, sized by its caller),
//!   [`perft::split`] and [`perft::split_in_tree_order`] (a map of the positions and the
//!   `Vec` returned), [`perft::divide_parallel`] and the other `_parallel` functions (threads
//!   and their results).
//! - **Panics.** Bad input never panics: FEN, move text and out-of-range numbers give typed
//!   errors ([`FenError`], [`UciError`], [`SanError`], [`OutOfRange`]), and an illegal move
//!   given to [`Board::play_unchecked`] or [`Board::make`] leaves an unspecified board in
//!   release builds. Debug builds assert what the unchecked functions assume: legality in
//!   `play_unchecked` and `make`, the range in [`Square::new`], [`File::new`] and
//!   [`Rank::new`] (release builds mask the index). [`MoveList::swap_remove`] and
//!   [`MoveList::insert`] panic on an index past the end, as `Vec`'s do (documented under
//!   `# Panics`).
//! - **Global state.** One: in a build with run-time dispatch (see `dispatch` below), perft
//!   detects the CPU once and remembers the variant it picked in a static; `MOVEGEN_DISPATCH`
//!   overrides it. Nothing else is global or mutable.
//!
//! ## Build settings and features
//!
//! - Feature `std` (default): `std::error::Error` on the error types, the perft hash table,
//!   threads and splits. Without it the crate is `no_std` and needs no allocator.
//! - Feature `serde`: `Board` as its FEN, `Uci` and the small types as text, `Move` as its
//!   16-bit value (which reads back as the same move in any position).
//! - Feature `dispatch`: run-time dispatch for perft in a dependent built for no particular
//!   x86-64 CPU (variants for x86-64-v2 and x86-64-v3, picked by CPU detection). The `perft`
//!   binary (`cargo install movegen`) and builds of this crate itself always have it; a crate
//!   that depends on movegen gets it only with the feature, since it more than doubles the
//!   crate's build time and the engine API never runs it.
//! - `MOVEGEN_BACKEND` (read by `build.rs` at build time): `pext`, `magic` or `auto` (the
//!   default: PEXT where the target has fast BMI2, magic bitboards elsewhere). Not a feature,
//!   since features are unified across a build. [`BACKEND`] says what was built.
//! - `MOVEGEN_DISPATCH` (read at run time, once): in a build for no particular x86-64 CPU,
//!   forces perft's variant (`x86-64`, `x86-64-v2`, `x86-64-v3-magic`, `x86-64-v3-pext`) when
//!   the CPU runs it. [`backend()`] and [`Dispatch`] say what runs.

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

/// The Rust examples of `docs/library.md` run as doc tests too.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryDoctests;
