//! Reading moves in UCI notation (`e2e4`, `e7e8q`, castling as `e1g1` or king-takes-rook `e1h1`).

// Untrusted text is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::board::Board;
use crate::moves::{Move, Uci};
use crate::types::{Role, Square};
use core::fmt;

/// Why a UCI move string was refused.
///
/// ```
/// use movegen::{Board, Uci, UciError};
///
/// let board = Board::startpos();
/// assert_eq!(board.parse_uci("e2e5"), Err(UciError::Illegal));
/// assert_eq!(board.parse_uci("e2-e4"), Err(UciError::Syntax));
/// assert_eq!("e7e8k".parse::<Uci>(), Err(UciError::Syntax)); // no promotion to a king
/// assert_eq!(UciError::Illegal.to_string(), "not a legal move in this position");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

impl core::error::Error for UciError {}

impl Board {
    /// The UCI text of `mv` in this position's notation: castling as the king's destination
    /// (`e1g1`) in standard chess, as king-takes-rook (`e1h1`) when the position needs
    /// Chess960 rules ([`Board::is_chess960`]), so the text is never ambiguous and
    /// [`Board::parse_uci`] reads it back as `mv`. An engine prints `bestmove` with this (or
    /// with [`Move::uci_chess960`] when the GUI has set `UCI_Chess960`, which also covers
    /// Chess960 games from the standard array).
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::from_fen("1k6/8/8/8/8/8/8/RK5R w HA - 0 1")?;
    /// let texts: Vec<String> = board.legal_moves().iter().map(|&mv| board.uci(mv).to_string()).collect();
    /// assert!(texts.contains(&"b1a1".to_string()) && texts.contains(&"b1c1".to_string()));
    /// for &mv in board.legal_moves().iter() {
    ///     assert_eq!(board.parse_uci(board.uci(mv).as_str())?, mv);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn uci(&self, mv: Move) -> Uci {
        if self.is_chess960() {
            mv.uci_chess960()
        } else {
            mv.uci()
        }
    }

    /// The legal move written `text` in UCI notation. Castling is accepted both as
    /// king-takes-rook (`e1h1`, the Chess960 form) and, when no other move of the king goes
    /// there, as the king's destination (`e1g1`, the standard form).
    ///
    /// # Errors
    ///
    /// [`UciError::Syntax`] when the text is not two squares and an optional promotion letter,
    /// [`UciError::Illegal`] when no legal move of this position has this text.
    ///
    /// ```
    /// use movegen::{Board, MoveKind, UciError};
    ///
    /// let board = Board::startpos();
    /// assert_eq!(board.parse_uci("e2e4")?.kind(), MoveKind::DoublePush);
    /// assert_eq!(board.parse_uci("e2e5"), Err(UciError::Illegal));
    /// assert_eq!(board.parse_uci("e2-e4"), Err(UciError::Syntax));
    /// # Ok::<(), UciError>(())
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let (from, to, promotion) = parse_syntax(text).ok_or(UciError::Syntax)?;
        self.find_move(from, to, promotion).ok_or(UciError::Illegal)
    }
}

fn parse_syntax(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let uci: Uci = text.parse().ok()?;
    Some((uci.from(), uci.to(), uci.promotion()))
}
