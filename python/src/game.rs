//! The end of a game as python-chess 1.11 decides it: `outcome(claim_draw=...)`, the automatic
//! draws (75 moves, fivefold repetition) and the claimable ones (fifty moves and threefold
//! repetition, now or by the next move), and the `legal_moves` object that iterates, counts
//! and answers `in` like python-chess's `LegalMoveGenerator`.
//!
//! Repetitions compare python-chess's transposition key: the Polyglot key, with an en-passant
//! square counted only when a legal capture uses it. The positions compared are those since the
//! last irreversible move of the stack (`Board::is_irreversible`, python-chess's definition).

use crate::board::PyBoard;
use movegen::{Color, Role};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyIterator, PyList};
use pyo3::{PyTraverseError, PyVisit};
use std::sync::Mutex;

/// The key python-chess compares for repetitions: en passant only when a capture is legal.
pub(crate) fn transposition_key(board: &movegen::Board) -> u64 {
    if board.en_passant().is_some() && !board.has_legal_en_passant() {
        let mut builder = movegen::BoardBuilder::from(*board);
        builder.set_en_passant(None);
        // The same placement, side and rights built again: only the square is gone.
        builder.build().map_or(board.hash(), |b| b.hash())
    } else {
        board.hash()
    }
}

/// Whether `mv` resets the fifty-move counter: a pawn move or a capture (castling is a king
/// "taking" its own rook in the crate's encoding, never a capture).
pub(crate) fn is_zeroing(board: &movegen::Board, mv: movegen::Move) -> bool {
    board.role_at(mv.from()) == Some(Role::Pawn)
        || (!mv.is_castling()
            && board
                .colored(board.side_to_move().other())
                .contains(mv.to()))
}

/// The helpers below read `core`: the methods that call them check first that the board is
/// a position (`PyBoard::board`).
impl PyBoard {
    /// The keys of the positions since the last irreversible move, the current one first.
    fn recent_keys(&self) -> Vec<u64> {
        let mut keys = vec![transposition_key(&self.core)];
        for (mv, before) in self.stack.iter().rev() {
            if before.is_irreversible(*mv) {
                break;
            }
            keys.push(transposition_key(before));
        }
        keys
    }

    /// python-chess's `is_repetition(count)`: the current position seen `count` times.
    pub(crate) fn repeated(&self, count: usize) -> bool {
        let keys = self.recent_keys();
        count <= 1 || keys.iter().filter(|&&k| k == keys[0]).count() >= count
    }

    /// At least `plies` plies without a zeroing move, and a legal move to play.
    fn is_halfmoves(board: &movegen::Board, plies: u16) -> bool {
        board.halfmove_clock() >= plies && board.has_legal_moves()
    }

    pub(crate) fn fifty_moves(&self) -> bool {
        Self::is_halfmoves(&self.core, 100)
    }

    pub(crate) fn seventyfive_moves(&self) -> bool {
        Self::is_halfmoves(&self.core, 150)
    }

    pub(crate) fn claim_fifty_moves(&self) -> bool {
        self.fifty_moves()
            || (self.core.halfmove_clock() >= 99
                && self.core.legal_moves().iter().any(|&mv| {
                    !is_zeroing(&self.core, mv)
                        && Self::is_halfmoves(&self.core.play_unchecked(mv), 100)
                }))
    }

    pub(crate) fn claim_threefold(&self) -> bool {
        let keys = self.recent_keys();
        let seen = |key: u64| keys.iter().filter(|&&k| k == key).count();
        seen(keys[0]) >= 3
            || self
                .core
                .legal_moves()
                .iter()
                .any(|&mv| seen(transposition_key(&self.core.play_unchecked(mv))) >= 2)
    }

    /// python-chess's `outcome(claim_draw=...)`, in its order.
    pub(crate) fn game_outcome(&self, claim_draw: bool) -> Option<(Termination, Option<bool>)> {
        let board = &self.core;
        if board.is_checkmate() {
            return Some((
                Termination::Checkmate,
                Some(board.side_to_move() == Color::Black),
            ));
        }
        let ending = if board.has_insufficient_material() {
            Termination::InsufficientMaterial
        } else if !board.has_legal_moves() {
            Termination::Stalemate
        } else if self.seventyfive_moves() {
            Termination::SeventyfiveMoves
        } else if self.repeated(5) {
            Termination::FivefoldRepetition
        } else if claim_draw && self.claim_fifty_moves() {
            Termination::FiftyMoves
        } else if claim_draw && self.claim_threefold() {
            Termination::ThreefoldRepetition
        } else {
            return None;
        };
        Some((ending, None))
    }

    /// The `Outcome` object (`movegen.Outcome`, a Python dataclass) of `game_outcome`.
    pub(crate) fn outcome_object<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.board()?;
        let Some((termination, winner)) = self.game_outcome(claim_draw) else {
            return Ok(None);
        };
        static CLASSES: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();
        let (outcome, terminations) = CLASSES.get_or_try_init(py, || -> PyResult<_> {
            let module = py.import("movegen._outcome")?;
            Ok((
                module.getattr("Outcome")?.unbind(),
                module.getattr("Termination")?.unbind(),
            ))
        })?;
        let termination = terminations.bind(py).call1((termination as u8,))?;
        outcome.bind(py).call1((termination, winner)).map(Some)
    }
}

/// python-chess's `Termination` values (`enum.auto()` from 1, in its order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Termination {
    Checkmate = 1,
    Stalemate = 2,
    InsufficientMaterial = 3,
    SeventyfiveMoves = 4,
    FivefoldRepetition = 5,
    FiftyMoves = 6,
    ThreefoldRepetition = 7,
}

/// A board's `legal_moves` object, once made. Cloning a board does not share it.
#[derive(Default)]
pub(crate) struct MovesView(pub(crate) Option<Py<LegalMoveGenerator>>);

impl Clone for MovesView {
    fn clone(&self) -> MovesView {
        MovesView(None)
    }
}

/// The legal moves of a board, as python-chess's `board.legal_moves`: iterate it, `len()`,
/// `count()`, `move in board.legal_moves`, `bool()`; calling it (`board.legal_moves()`) gives
/// the list, as this package did before. It reads the board each time, so it follows the
/// moves pushed after it was taken.
#[pyclass(frozen, module = "movegen", name = "LegalMoveGenerator")]
pub struct LegalMoveGenerator {
    board: Py<PyBoard>,
    /// The position last listed and its number of moves: `list(board.legal_moves)` asks
    /// `len()` just after `iter()`, which need not generate the moves again. Only the count is
    /// kept, so every listing generates its moves afresh.
    last: Mutex<Option<(movegen::Board, usize)>>,
}

impl LegalMoveGenerator {
    /// The board's object, made on first use.
    pub(crate) fn of<'py>(board: &Bound<'py, PyBoard>) -> PyResult<Bound<'py, LegalMoveGenerator>> {
        let py = board.py();
        if let Some(view) = &board.borrow().view.0 {
            return Ok(view.bind(py).clone());
        }
        let view = Bound::new(
            py,
            LegalMoveGenerator {
                board: board.clone().unbind(),
                last: Mutex::new(None),
            },
        )?;
        board.borrow_mut().view.0 = Some(view.clone().unbind());
        Ok(view)
    }

    /// The list of the board's legal moves, its count kept for `len()`.
    fn listed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let board = self.board.borrow(py);
        let moves = board.board()?.legal_moves();
        let list = board.list(py, &moves)?;
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some((*board.board()?, moves.len()));
        Ok(list)
    }
}

#[pymethods]
impl LegalMoveGenerator {
    /// The legal moves, as a list.
    fn __call__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.listed(py)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.listed(py)?.try_iter()
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        let owner = self.board.borrow(py);
        let board = owner.board()?;
        Ok(match *self.last.lock().unwrap_or_else(|e| e.into_inner()) {
            Some((seen, count)) if seen == *board => count,
            _ => board.count_moves(),
        })
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.board.borrow(py).board()?.has_legal_moves())
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        self.__len__(py)
    }

    /// Whether `move` is a legal move of the board (False for anything not a Move).
    fn __contains__(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> bool {
        self.board
            .borrow(py)
            .resolve(r#move)
            .is_ok_and(|mv| mv.is_some())
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.board)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let owner = self.board.borrow(py);
        let sans: Vec<String> = owner.board().map_or_else(
            |_| vec!["not a position: see Board.status()".to_owned()],
            |board| {
                board
                    .legal_moves()
                    .iter()
                    .map(|&mv| board.san(mv).to_string())
                    .collect()
            },
        );
        format!(
            "<LegalMoveGenerator at {:#x} ({})>",
            self as *const Self as usize,
            sans.join(", ")
        )
    }
}
