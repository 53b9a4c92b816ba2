//! How a game stands: checkmate, stalemate, the fifty-move rule, insufficient material, and
//! repetitions found in a key history the caller keeps (a slice: no heap needed).

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::play::lost_rights;
use crate::types::{Color, Role};

/// Why a game is over (or may be claimed drawn).
///
/// ```
/// use movegen::{Board, Color, Outcome};
///
/// let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse()?;
/// let outcome = mated.outcome(&[]).expect("the game is over");
/// assert_eq!(outcome, Outcome::Checkmate { winner: Color::White });
/// assert_eq!((outcome.winner(), outcome.result()), (Some(Color::White), "1-0"));
/// assert_eq!(Outcome::Stalemate.winner(), None);
/// assert_eq!(Outcome::FiftyMoves.to_string(), "1/2-1/2 (fifty-move rule)");
/// # Ok::<(), movegen::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that delivered mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate: K v K, K+minor v K, or only bishops all on squares of
    /// one colour.
    InsufficientMaterial,
    /// A hundred plies (fifty moves each) without a capture or pawn move, and no mate on the
    /// board.
    FiftyMoves,
    /// The position has occurred three times (twice before, in the history given).
    ThreefoldRepetition,
}

impl Outcome {
    /// The winner, for a checkmate; `None` for the draws.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl core::fmt::Display for Outcome {
    /// The result and its reason: `1-0 (checkmate)`, `1/2-1/2 (stalemate)`, ...
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse()?;
    /// assert_eq!(mated.outcome(&[]).unwrap().to_string(), "1-0 (checkmate)");
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let reason = match self {
            Outcome::Checkmate { .. } => "checkmate",
            Outcome::Stalemate => "stalemate",
            Outcome::InsufficientMaterial => "insufficient material",
            Outcome::FiftyMoves => "fifty-move rule",
            Outcome::ThreefoldRepetition => "threefold repetition",
        };
        write!(f, "{} ({reason})", self.result())
    }
}

impl Board {
    /// Whether the side to move is checkmated.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse()?;
    /// assert!(mated.is_checkmate());
    /// let escape: Board = "R5k1/5pp1/8/8/8/8/8/6K1 b - - 0 1".parse()?; // Kh7
    /// assert!(escape.in_check() && !escape.is_checkmate());
    /// assert!(!Board::startpos().is_checkmate());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let stalemated: Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert!(stalemated.is_stalemate() && !stalemated.is_checkmate());
    /// let mated: Board = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".parse()?;
    /// assert!(!mated.is_stalemate());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_moves()
    }

    /// Whether the fifty-move rule applies: at least 100 plies without a capture or pawn move
    /// (a checkmate delivered on the hundredth ply still wins; see [`Board::outcome`]).
    #[must_use]
    pub fn is_fifty_moves(&self) -> bool {
        self.halfmove_clock() >= 100
    }

    /// Whether neither side has mating material: only kings, a single knight or bishop beside
    /// them, or any number of bishops all standing on squares of one colour.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let knight: Board = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1".parse()?;
    /// assert!(knight.has_insufficient_material());
    /// let same_colour: Board = "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1".parse()?; // c1 and f8: both dark
    /// assert!(same_colour.has_insufficient_material());
    /// let opposite: Board = "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1".parse()?; // c8 is light
    /// assert!(!opposite.has_insufficient_material());
    /// assert!(!Board::startpos().has_insufficient_material());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn has_insufficient_material(&self) -> bool {
        let occupied = self.occupied();
        if (self.pieces(Role::Pawn) | self.pieces(Role::Rook) | self.pieces(Role::Queen)).any() {
            return false;
        }
        let minors = occupied & !self.pieces(Role::King);
        if minors.count() <= 1 {
            return true;
        }
        let bishops = self.pieces(Role::Bishop);
        minors == bishops
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & !Bitboard::LIGHT_SQUARES).is_empty())
    }

    /// Whether `color` lacks the material to checkmate, by python-chess's rule (the material
    /// alone, bishops' square colours included): for adjudicating a loss on time, where the
    /// side whose flag fell is not lost when its opponent could never mate. `color` has
    /// enough with a pawn, rook or queen; with knights, only when it has more than the one
    /// knight beside its king, or the opponent has anything besides king and queens (a piece
    /// that could block its own king in); with bishops only, when they stand on squares of
    /// both colours, or the board holds a pawn, a knight, or a bishop on the other colour; with
    /// the king alone, never.
    ///
    /// ```
    /// use movegen::{Board, Color};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/1N2K2Q w - - 0 1".parse()?;
    /// assert!(!board.has_insufficient_material_for(Color::White));
    /// assert!(board.has_insufficient_material_for(Color::Black)); // a bare king
    /// let knight_against_rook: Board = "4k2r/8/8/8/8/8/8/1N2K3 w - - 0 1".parse()?;
    /// assert!(!knight_against_rook.has_insufficient_material_for(Color::White));
    /// let knight_against_queen: Board = "4k2q/8/8/8/8/8/8/1N2K3 w - - 0 1".parse()?;
    /// assert!(knight_against_queen.has_insufficient_material_for(Color::White));
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn has_insufficient_material_for(&self, color: Color) -> bool {
        let ours = self.colored(color);
        let heavy = self.pieces(Role::Pawn) | self.pieces(Role::Rook) | self.pieces(Role::Queen);
        if ours.any_of(heavy) {
            return false;
        }
        if ours.any_of(self.pieces(Role::Knight)) {
            let their_blockers =
                self.colored(color.other()) & !self.pieces(Role::King) & !self.pieces(Role::Queen);
            return ours.count() <= 2 && their_blockers.is_empty();
        }
        if ours.any_of(self.pieces(Role::Bishop)) {
            let bishops = self.pieces(Role::Bishop);
            let one_colour = (bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops & !Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour
                && self.pieces(Role::Pawn).is_empty()
                && self.pieces(Role::Knight).is_empty();
        }
        true
    }

    /// Whether `mv` can never be undone, as python-chess defines it: a capture or pawn move,
    /// a move that loses a castling right (either side's: a king or castling rook leaving, or
    /// a castling rook captured), or any move when an en-passant capture is legal here (it is
    /// given up). Positions before an irreversible move can never repeat after it. `mv`
    /// should be a legal move of this position.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let board = Board::startpos();
    /// assert!(board.is_irreversible(board.parse_uci("e2e4")?)); // a pawn move
    /// assert!(!board.is_irreversible(board.parse_uci("g1f3")?));
    /// let castles: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// assert!(castles.is_irreversible(castles.parse_uci("h1g1")?)); // the h1 right goes
    /// assert!(castles.is_irreversible(castles.parse_uci("e1d1")?));
    /// let ep: Board = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse()?;
    /// assert!(ep.is_irreversible(ep.parse_uci("e1d1")?)); // d6 is given up
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_irreversible(&self, mv: Move) -> bool {
        let Some(role) = self.role_at(mv.from()) else {
            return false;
        };
        if role == Role::Pawn || self.captured(mv).is_some() {
            return true;
        }
        let touched = Bitboard::from_square(mv.from()).with(mv.to());
        let rights = self.castling_bits();
        if rights & lost_rights(self, role, self.side_to_move(), touched) != 0 {
            return true;
        }
        self.has_legal_en_passant()
    }

    /// Whether the side to move has a legal en-passant capture.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let free: Board = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse()?;
    /// assert!(free.has_legal_en_passant());
    /// let pinned: Board = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2".parse()?; // e5 pinned on the rank
    /// assert!(pinned.en_passant().is_some() && !pinned.has_legal_en_passant());
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn has_legal_en_passant(&self) -> bool {
        let Some(ep) = self.en_passant() else {
            return false;
        };
        let us = self.side_to_move();
        let capturers = pawn_attacks(us.other(), ep) & self.colored_pieces(us, Role::Pawn);
        capturers
            .into_iter()
            .any(|pawn| self.is_legal(Move::new(pawn, ep, MoveKind::EnPassant)))
    }

    /// How many times this position occurred before, by key, in `history`: the keys of the
    /// game's earlier positions, oldest first, this one excluded. Only the positions since the
    /// last capture or pawn move (the halfmove clock) with the same side to move are compared.
    ///
    /// ```
    /// use movegen::Board;
    ///
    /// let mut board = Board::startpos();
    /// let mut history = Vec::new();
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     history.push(board.hash());
    ///     board = board.play(board.parse_uci(uci)?)?;
    /// }
    /// assert_eq!(board.repetitions(&history), 2);
    /// assert_eq!(board.outcome(&history), Some(movegen::Outcome::ThreefoldRepetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn repetitions(&self, history: &[u64]) -> usize {
        let window = usize::from(self.halfmove_clock()).min(history.len());
        history[history.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&&key| key == self.hash())
            .count()
    }

    /// The game's result if it is over or drawn by rule: checkmate, stalemate, insufficient
    /// material, the fifty-move rule, or a threefold repetition in `history` (see
    /// [`Board::repetitions`]). Search usually scores a single repetition as a draw already.
    ///
    /// ```
    /// use movegen::{Board, Outcome};
    ///
    /// assert_eq!(Board::startpos().outcome(&[]), None);
    /// let stalemated: Board = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse()?;
    /// assert_eq!(stalemated.outcome(&[]), Some(Outcome::Stalemate));
    /// let kings: Board = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse()?;
    /// assert_eq!(kings.outcome(&[]), Some(Outcome::InsufficientMaterial));
    /// let fifty: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80".parse()?;
    /// assert_eq!(fifty.outcome(&[]), Some(Outcome::FiftyMoves));
    /// # Ok::<(), movegen::FenError>(())
    /// ```
    #[must_use]
    pub fn outcome(&self, history: &[u64]) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.in_check() {
                Outcome::Checkmate {
                    winner: self.side_to_move().other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if self.has_insufficient_material() {
            Some(Outcome::InsufficientMaterial)
        } else if self.is_fifty_moves() {
            Some(Outcome::FiftyMoves)
        } else if self.repetitions(history) >= 2 {
            Some(Outcome::ThreefoldRepetition)
        } else {
            None
        }
    }
}
