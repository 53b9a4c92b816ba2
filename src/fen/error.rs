//! The errors of reading a FEN: the fault in the text, or the position refused.

use crate::board::CastlingSide;
use crate::types::{Color, Square};
use core::fmt;

/// A FEN that could not be read (a fault in the text).
///
/// ```
/// use movegen::{Board, FenError, SyntaxError};
///
/// let seven_ranks = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1");
/// assert_eq!(seven_ranks, Err(FenError::Syntax(SyntaxError::RankCount { found: 7 })));
/// let error = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0").unwrap_err();
/// assert_eq!(error, FenError::Syntax(SyntaxError::FullmoveNumber));
/// assert_eq!(error.to_string(), "invalid FEN: fullmove number: expected a number 1-65535");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxError {
    /// Not 4 to 6 whitespace-separated fields (`found` of them; 0 for an empty string).
    FieldCount {
        /// Number of fields found.
        found: usize,
    },
    /// The placement does not have 8 ranks separated by `/`.
    RankCount {
        /// Number of ranks found.
        found: usize,
    },
    /// A character in the placement that is neither a piece letter nor a digit 1-8.
    PieceLetter {
        /// Rank as printed (8 for the first rank of the field).
        rank: u8,
        /// The offending character.
        found: char,
    },
    /// A digit 0 or 9, or two digits in a row, in the placement.
    EmptySquares {
        /// Rank as printed.
        rank: u8,
    },
    /// A rank describing more than 8 squares.
    RankTooLong {
        /// Rank as printed.
        rank: u8,
    },
    /// A rank describing fewer than 8 squares.
    RankTooShort {
        /// Rank as printed.
        rank: u8,
    },
    /// The side-to-move field is not `w` or `b`.
    SideToMove,
    /// The castling field is not `-` or up to four letters among `KQkq` and the rook files
    /// `A`-`H`/`a`-`h`, each right once.
    Castling,
    /// The en-passant field is not `-` or a square on the sixth (White to move) or third (Black
    /// to move) rank.
    EnPassant,
    /// The halfmove clock is not a number from 0 to 65535.
    HalfmoveClock,
    /// The fullmove number is not a number from 1 to 65535.
    FullmoveNumber,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SyntaxError::FieldCount { found } => {
                write!(f, "expected 4 to 6 space-separated fields, found {found}")
            }
            SyntaxError::RankCount { found } => {
                write!(f, "piece placement: expected 8 ranks separated by '/', found {found}")
            }
            SyntaxError::PieceLetter { rank, found } => {
                write!(f, "piece placement: rank {rank}: {found:?} is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8")
            }
            SyntaxError::EmptySquares { rank } => {
                write!(f, "piece placement: rank {rank}: empty squares must be one digit 1-8")
            }
            SyntaxError::RankTooLong { rank } => {
                write!(f, "piece placement: rank {rank} has more than 8 squares")
            }
            SyntaxError::RankTooShort { rank } => {
                write!(f, "piece placement: rank {rank} has fewer than 8 squares")
            }
            SyntaxError::SideToMove => f.write_str("side to move: expected 'w' or 'b'"),
            SyntaxError::Castling => {
                f.write_str("castling: expected '-' or up to four letters from KQkq (X-FEN) or rook files A-H, a-h (Shredder-FEN), each right once")
            }
            SyntaxError::EnPassant => f.write_str(
                "en passant: expected '-' or a square on rank 6 (White to move) or rank 3 (Black to move)",
            ),
            SyntaxError::HalfmoveClock => f.write_str("halfmove clock: expected a number 0-65535"),
            SyntaxError::FullmoveNumber => f.write_str("fullmove number: expected a number 1-65535"),
        }
    }
}

/// A well-formed FEN describing a position the generator cannot handle.
///
/// ```
/// use movegen::{Board, Color, FenError, PositionError};
///
/// let error = Board::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
/// assert_eq!(error, FenError::Position(PositionError::KingCount { color: Color::Black, found: 0 }));
/// assert_eq!(error.to_string(), "invalid position: black has 0 kings, expected exactly one");
/// let wrong_side = Board::from_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
/// assert_eq!(wrong_side, Err(FenError::Position(PositionError::OppositeCheck)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king, or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        found: u32,
    },
    /// A side has more than 16 pieces.
    TooManyPieces {
        /// The side.
        color: Color,
    },
    /// A pawn on the first or eighth rank.
    PawnOnBackRank {
        /// Where.
        square: Square,
    },
    /// The side not to move is in check (its king could be captured).
    OppositeCheck,
    /// The side to move is in check from more than two pieces.
    TooManyCheckers {
        /// Number of checkers.
        found: u32,
    },
    /// A castling right whose king or rook is not on its home square.
    CastlingWithoutPieces {
        /// Whose right.
        color: Color,
        /// Which right.
        side: CastlingSide,
    },
    /// An en-passant square without the pawn that just double-pushed past it (the pawn in
    /// front of it, with the square itself and the one behind it empty).
    EnPassantWithoutPawn {
        /// The en-passant square.
        square: Square,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: Color| if c == Color::White { "white" } else { "black" };
        match *self {
            PositionError::KingCount { color, found } => {
                write!(f, "{} has {found} kings, expected exactly one", name(color))
            }
            PositionError::TooManyPieces { color } => {
                write!(f, "{} has more than 16 pieces", name(color))
            }
            PositionError::PawnOnBackRank { square } => {
                write!(f, "pawn on the back rank ({square})")
            }
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::TooManyCheckers { found } => {
                write!(
                    f,
                    "the side to move is in check from {found} pieces (at most 2 possible)"
                )
            }
            PositionError::CastlingWithoutPieces { color, side } => {
                let side = if side == CastlingSide::KingSide {
                    "king side"
                } else {
                    "queen side"
                };
                write!(
                    f,
                    "castling: {} {side} right without king and rook on their home squares",
                    name(color)
                )
            }
            PositionError::EnPassantWithoutPawn { square } => write!(
                f,
                "en passant: {square} is not behind a pawn that just advanced two squares"
            ),
        }
    }
}

/// Why a FEN was refused.
///
/// ```
/// use movegen::{Board, FenError, PositionError};
/// use std::error::Error as _;
///
/// let error = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
/// let why = match error {
///     FenError::Syntax(e) => e.to_string(),
///     FenError::Position(e) => e.to_string(),
///     _ => unreachable!("no other kind yet"), // non_exhaustive
/// };
/// assert_eq!(why, "castling: white king side right without king and rook on their home squares");
/// let source = error.source().expect("the inner error");
/// assert_eq!(source.to_string(), why);
/// assert!(source.downcast_ref::<PositionError>().is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenError {
    /// The text is not a well-formed FEN.
    Syntax(SyntaxError),
    /// The position is well-formed but not one the generator can handle.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(e) => write!(f, "invalid FEN: {e}"),
            FenError::Position(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl core::error::Error for FenError {
    /// The [`SyntaxError`] or [`PositionError`] inside.
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            FenError::Syntax(e) => Some(e),
            FenError::Position(e) => Some(e),
        }
    }
}

impl core::error::Error for SyntaxError {}

impl core::error::Error for PositionError {}

impl From<SyntaxError> for FenError {
    fn from(e: SyntaxError) -> FenError {
        FenError::Syntax(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}
