//! Reading moves in UCI notation (`e2e4`, `e7e8q`, castling as `e1g1` or king-takes-rook `e1h1`).

// Untrusted text is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::board::Board;
use crate::moves::Move;
use crate::types::{Role, Square};
use core::fmt;

/// Why a UCI move string was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `<from><to>[promotion]`, e.g. `e2e4` or `a7a8q`.
    Syntax,
    /// Well-formed, but no legal move of the position has this notation.
    Illegal,
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax => f.write_str(
                "not a UCI move: expected from and to squares and an optional promotion letter, e.g. e2e4 or e7e8q",
            ),
            UciError::Illegal => f.write_str("not a legal move in this position"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UciError {}

impl Board {
    /// The legal move written `text` in UCI notation. Castling is accepted both as
    /// king-takes-rook (`e1h1`, the Chess960 form) and, when no other move of the king goes
    /// there, as the king's destination (`e1g1`, the standard form).
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let (from, to, promotion) = parse_syntax(text).ok_or(UciError::Syntax)?;
        let mut exact = None;
        let mut castling_by_destination = None;
        self.generate_moves(|moves| {
            if moves.from == from {
                for mv in moves.moves() {
                    if mv.to() == to && mv.promotion() == promotion {
                        exact = Some(mv);
                    } else if mv.is_castling() && mv.castling_king_target() == to {
                        castling_by_destination = Some(mv);
                    }
                }
            }
            moves.from == from
        });
        exact.or(castling_by_destination).ok_or(UciError::Illegal)
    }
}

fn parse_syntax(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let from = Square::parse(text.get(0..2)?)?;
    let to = Square::parse(text.get(2..4)?)?;
    let promotion = match text.get(4..)? {
        "" => None,
        "n" => Some(Role::Knight),
        "b" => Some(Role::Bishop),
        "r" => Some(Role::Rook),
        "q" => Some(Role::Queen),
        _ => return None,
    };
    Some((from, to, promotion))
}
