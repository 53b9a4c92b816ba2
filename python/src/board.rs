//! `Board`, `Move`, `Piece` and `Outcome`, with python-chess's names where the meaning is the
//! same. Moves and pieces are immutable objects made once and shared (a 16-bit move has 32,768
//! encodings, twice for the two notations), so listing moves hands out references instead of
//! allocating.

use crate::game::{LegalMoveGenerator, MovesView};
use crate::query::square_arg;
use crate::{fen_error, move_error};
use movegen::{Color, Role, Square};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::{IntoPyDict, PyIterator, PyList, PyTuple, PyType};
use pyo3::{PyTraverseError, PyVisit};

/// A legal move of some position: made by a `Board`, never directly.
///
/// `from_square` and `to_square` are 0..63 (a1 = 0), as in python-chess, and so is castling:
/// the king's destination (e1g1) in standard chess, king-takes-rook (e1h1) on Chess960 boards.
/// `uci()` writes the same squares. Moves are immutable, hashable and compare equal when they
/// are the same move in the same notation.
#[pyclass(frozen, module = "movegen", name = "Move")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMove {
    raw: u16,
    chess960: bool,
}

impl PyMove {
    pub(crate) fn new(raw: u16, chess960: bool) -> PyMove {
        PyMove { raw, chess960 }
    }

    pub(crate) fn get(&self) -> movegen::Move {
        // Every PyMove is made from a valid encoding (see `move_object`).
        movegen::Move::from_raw(self.raw).unwrap_or(movegen::Move::new(
            Square::A1,
            Square::A1,
            movegen::MoveKind::Normal,
        ))
    }

    fn text(&self) -> movegen::Uci {
        if self.chess960 {
            self.get().uci_chess960()
        } else {
            self.get().uci()
        }
    }
}

// python-chess's names for the squares, which clippy would rather not see on methods.
#[allow(clippy::wrong_self_convention)]
#[pymethods]
impl PyMove {
    /// The origin square, 0..63 (a1 = 0).
    #[getter]
    pub(crate) fn from_square(&self) -> u8 {
        self.get().from() as u8
    }

    /// The destination square, 0..63; for castling the king's destination in standard chess,
    /// its rook's square on Chess960 boards (python-chess's convention).
    #[getter]
    pub(crate) fn to_square(&self) -> u8 {
        let mv = self.get();
        if mv.is_castling() && !self.chess960 {
            mv.castling_king_target() as u8
        } else {
            mv.to() as u8
        }
    }

    /// The promotion piece type (2 knight, 3 bishop, 4 rook, 5 queen, as python-chess), or
    /// None.
    #[getter]
    pub(crate) fn promotion(&self) -> Option<u8> {
        self.get().promotion().map(piece_type)
    }

    /// The crate's 16-bit encoding: from (bits 0-5), to (6-11, the rook's square for
    /// castling), kind (12-15).
    #[getter]
    fn raw(&self) -> u16 {
        self.raw
    }

    /// The UCI text: `e2e4`, `e7e8q`; castling as `e1g1`, or `e1h1` on Chess960 boards.
    fn uci(&self) -> String {
        self.text().to_string()
    }

    /// Whether this is castling.
    fn is_castling(&self) -> bool {
        self.get().is_castling()
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        // python-chess's form, which evaluates back to an equal move.
        format!("Move.from_uci('{}')", self.uci())
    }

    /// Pickling: the encoding and the notation; unpickling gives the shared object back.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py.import("movegen._movegen")?.getattr("_move_from_raw")?;
        (rebuild, (self.raw, self.chess960)).into_pyobject(py)
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// python-chess's piece type number: 1 pawn to 6 king.
fn piece_type(role: Role) -> u8 {
    role.index() as u8 + 1
}

/// The shared Move object for `mv` in one notation.
/// The interned `Move` objects: one per encoding and notation, made at first use, so that a
/// list of moves is a list of new references, not of new objects.
fn move_table(py: Python<'_>) -> &[Py<PyMove>] {
    static MOVES: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();
    MOVES.get_or_init(py, || {
        (0..2 * 32768u32)
            .map(|i| {
                let raw = (i % 32768) as u16;
                Py::new(
                    py,
                    PyMove {
                        raw,
                        chess960: i >= 32768,
                    },
                )
                .expect("allocating a Move at import")
            })
            .collect()
    })
}

/// The slot of `mv` in `move_table`: valid encodings are below 32,768 (kind bits 12-14; bit
/// 15 is clear).
fn move_slot(mv: movegen::Move, chess960: bool) -> usize {
    usize::from(mv.raw() & 0x7fff) + 32768 * usize::from(chess960)
}

pub(crate) fn move_object<'py>(
    py: Python<'py>,
    mv: movegen::Move,
    chess960: bool,
) -> Bound<'py, PyMove> {
    move_table(py)[move_slot(mv, chess960)].bind(py).clone()
}

/// A piece: `piece_type` 1 (pawn) to 6 (king) and `color` (True for White), as python-chess.
#[pyclass(frozen, module = "movegen", name = "Piece")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece {
    piece: movegen::Piece,
}

impl PyPiece {
    pub(crate) fn new(piece: movegen::Piece) -> PyPiece {
        PyPiece { piece }
    }

    pub(crate) fn get(&self) -> movegen::Piece {
        self.piece
    }
}

#[pymethods]
impl PyPiece {
    /// 1 pawn, 2 knight, 3 bishop, 4 rook, 5 queen, 6 king.
    #[getter]
    fn piece_type(&self) -> u8 {
        piece_type(self.piece.role)
    }

    /// True for White.
    #[getter]
    fn color(&self) -> bool {
        self.piece.color == Color::White
    }

    /// The FEN letter: `N` for a white knight, `n` for a black one.
    fn symbol(&self) -> String {
        self.piece.to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    /// Equal to any piece with the same `piece_type` and `color`: python-chess's too.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let theirs = (other.getattr("piece_type").and_then(|t| t.extract::<i64>()))
            .and_then(|t| Ok((t, other.getattr("color")?.extract::<bool>()?)));
        let Ok(theirs) = theirs else {
            return Ok(py.NotImplemented());
        };
        let equal = (i64::from(self.piece_type()), self.color()) == theirs;
        match op {
            CompareOp::Eq => Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!equal).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// python-chess's hash of the same piece.
    fn __hash__(&self) -> isize {
        isize::from(self.piece_type()) + if self.color() { -1 } else { 5 }
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }

    /// Pickling: the FEN letter.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py
            .import("movegen._movegen")?
            .getattr("_piece_from_symbol")?;
        (rebuild, (self.symbol(),)).into_pyobject(py)
    }
}

/// A chess position with its move stack. `Board()` is the start position; `Board(fen)` any
/// position the crate accepts (standard FEN, X-FEN and Shredder-FEN castling, Chess960).
/// `chess960` chooses the castling notation (king-takes-rook); by default it is on when the
/// position's castling rights need Chess960 rules.
///
/// Raises `FenError` (a `ValueError`) for a bad FEN, with the field and the fault.
#[pyclass(module = "movegen", name = "Board")]
#[derive(Clone)]
pub struct PyBoard {
    pub(crate) core: movegen::Board,
    /// The setup of a board that is not a valid position (`Board(None)`, `clear()`, a
    /// `set_piece_at` that removes a king...): while it is `Some`, `core` is stale and the move
    /// methods raise a ValueError that points at `status()`.
    pub(crate) setup: Option<Box<movegen::BoardBuilder>>,
    pub(crate) chess960: bool,
    /// The moves played, each with the position before it.
    pub(crate) stack: Vec<(movegen::Move, movegen::Board)>,
    /// The `legal_moves` object, made on first use and kept (a copy makes its own).
    pub(crate) view: MovesView,
}

impl PyBoard {
    pub(crate) fn new_from(board: movegen::Board, chess960: Option<bool>) -> PyBoard {
        PyBoard {
            core: board,
            setup: None,
            chess960: chess960.unwrap_or_else(|| board.is_chess960()),
            stack: Vec::new(),
            view: MovesView::default(),
        }
    }

    /// The position, for every method that needs a valid one: while the board is being set
    /// up into something that is not a position, a ValueError that points at `status()`.
    pub(crate) fn board(&self) -> PyResult<&movegen::Board> {
        match &self.setup {
            None => Ok(&self.core),
            Some(setup) => Err(PyValueError::new_err(format!(
                "the board is not a valid position ({}): see Board.status()",
                crate::setup::invalid_reason(setup)
            ))),
        }
    }

    pub(crate) fn list<'py>(
        &self,
        py: Python<'py>,
        moves: &movegen::MoveList,
    ) -> PyResult<Bound<'py, PyList>> {
        let table = move_table(py);
        PyList::new(
            py,
            moves
                .iter()
                .map(|&mv| table[move_slot(mv, self.chess960)].bind(py)),
        )
    }

    fn wrap<'py>(&self, py: Python<'py>, mv: movegen::Move) -> Bound<'py, PyMove> {
        move_object(py, mv, self.chess960)
    }

    /// Whether `mv` goes from a square of `from_mask` to one of `to_mask` (castling by the
    /// square its `to_square` names in this board's notation).
    fn masked(&self, mv: movegen::Move, from_mask: u64, to_mask: u64) -> bool {
        let to = if mv.is_castling() && !self.chess960 {
            mv.castling_king_target()
        } else {
            mv.to()
        };
        from_mask >> (mv.from() as u8) & 1 == 1 && to_mask >> (to as u8) & 1 == 1
    }

    /// Whether moves are written in Chess960 notation.
    pub(crate) fn chess960_mode(&self) -> bool {
        self.chess960
    }

    pub(crate) fn play(&mut self, mv: movegen::Move) -> PyResult<()> {
        let next = self.board()?.play(mv).map_err(move_error)?;
        self.stack.push((mv, self.core));
        self.core = next;
        Ok(())
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (fen = Some(movegen::STARTPOS), chess960 = None))]
    fn py_new(fen: Option<&str>, chess960: Option<bool>) -> PyResult<PyBoard> {
        let Some(text) = fen else {
            // python-chess's `Board(None)`: an empty board, to be set up.
            let mut board = PyBoard::new_from(movegen::Board::startpos(), chess960);
            board.setup = Some(Box::new(movegen::BoardBuilder::empty()));
            return Ok(board);
        };
        let board = crate::read_fen(text).map_err(fen_error)?;
        Ok(PyBoard::new_from(board, chess960))
    }

    /// The FEN: X-FEN castling, and an en-passant square only when a pawn of the side to move
    /// stands beside the pawn that just advanced two squares (python-chess's
    /// `fen(en_passant="xfen")`).
    fn fen(&self) -> String {
        self.fen_text(false)
    }

    /// The FEN with Shredder-FEN castling (rook files, `HAha`).
    fn shredder_fen(&self) -> String {
        self.fen_text(true)
    }

    /// A copy; with `stack=False`, without the move stack.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> PyBoard {
        let mut copy = self.clone();
        if !stack {
            copy.stack.clear();
        }
        copy
    }

    /// The starting position of the move stack, as a Board.
    fn root(&self) -> PyBoard {
        let Some(&(_, root)) = self.stack.first() else {
            return self.copy(false);
        };
        PyBoard::new_from(root, Some(self.chess960))
    }

    /// True when White is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.turn_color() == Color::White
    }

    /// Whether moves are written in Chess960 notation (castling king-takes-rook).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// Plies since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(&self) -> u16 {
        self.setup
            .as_ref()
            .map_or(self.core.halfmove_clock(), |s| s.halfmove_clock())
    }

    /// The move number, incremented after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u16 {
        self.setup
            .as_ref()
            .map_or(self.core.fullmove_number(), |s| s.fullmove_number())
    }

    /// The en-passant square (0..63), kept only when a pawn of the side to move stands beside
    /// the pawn that just advanced two squares; else None.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.setup
            .as_ref()
            .map_or(self.core.en_passant(), |s| s.en_passant())
            .map(|sq| sq as u8)
    }

    /// The moves played, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.stack.iter().map(|&(mv, _)| self.wrap(py, mv)))
    }

    /// The piece on `square` (0..63), or None. Raises ValueError for a square out of range.
    fn piece_at(&self, py: Python<'_>, square: &Bound<'_, PyAny>) -> PyResult<Option<Py<PyPiece>>> {
        let sq = square_arg(square, "square")?;
        Ok(self
            .placement()
            .piece_at(sq)
            .map(|p| PyPiece::object(py, p)))
    }

    /// The legal moves, as python-chess's `board.legal_moves`: iterate it, `len()`, `count()`,
    /// `move in board.legal_moves`; `board.legal_moves()` gives them as a list.
    #[getter]
    fn legal_moves<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, LegalMoveGenerator>> {
        LegalMoveGenerator::of(slf)
    }

    // The board and its legal_moves object refer to each other: the garbage collector is told.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Some(view) = &self.view.0 {
            visit.call(view)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.view.0 = None;
    }

    /// The legal moves from a square of `from_mask` to a square of `to_mask` (bitboards, a1 =
    /// bit 0; castling by the king's destination in standard chess), as an iterator.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let mut moves = self.board()?.legal_moves();
        moves.retain(|mv| self.masked(*mv, from_mask, to_mask));
        self.list(py, &moves)?.try_iter()
    }

    /// The legal captures (en passant included; promotions only when they capture) from
    /// `from_mask` to `to_mask`, as python-chess's `generate_legal_captures`.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let them = self.board()?.colored(self.board()?.side_to_move().other());
        let mut moves = self.board()?.legal_moves();
        moves.retain(|mv| {
            (mv.kind() == movegen::MoveKind::EnPassant
                || (!mv.is_castling() && them.contains(mv.to())))
                && self.masked(*mv, from_mask, to_mask)
        });
        self.list(py, &moves)?.try_iter()
    }

    /// The noisy legal moves: captures (en passant included) and promotions.
    fn noisy_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py, &self.board()?.noisy_moves())
    }

    /// The quiet legal moves: all the others, castling included.
    fn quiet_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py, &self.board()?.quiet_moves())
    }

    /// The number of legal moves, counted without listing them.
    fn legal_move_count(&self) -> PyResult<usize> {
        Ok(self.board()?.count_moves())
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.resolve(r#move)?.is_some())
    }

    /// Whether the legal `move` gives check. Raises MoveError for an illegal move.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.board()?.gives_check(self.legal(r#move)?))
    }

    /// Plays the legal `move`. Raises MoveError for an illegal one.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        // The fast path: one of this board's own moves.
        if let Ok(mv) = r#move.cast::<PyMove>()
            && let Ok(next) = self.board()?.play(mv.get().get())
        {
            self.stack.push((mv.get().get(), self.core));
            self.core = next;
            return Ok(());
        }
        let mv = self.legal(r#move)?;
        self.play(mv)
    }

    /// Plays the move written in UCI (`e2e4`, `e7e8q`, castling `e1g1` or `e1h1`) and returns
    /// it. Raises MoveError for bad text or an illegal move.
    fn push_uci<'py>(&mut self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = self.board()?.parse_uci(uci).map_err(move_error)?;
        self.play(mv)?;
        Ok(self.wrap(py, mv))
    }

    /// Plays the move written in SAN (read leniently: `Nf3`, `0-0`, `e8Q`, `exd5+!`) and
    /// returns it. Raises MoveError for bad text, an illegal or an ambiguous move.
    fn push_san<'py>(&mut self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = self.board()?.parse_san_lenient(san).map_err(move_error)?;
        self.play(mv)?;
        Ok(self.wrap(py, mv))
    }

    /// Takes back the last move and returns it. Raises IndexError when no move was played.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let (mv, before) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
        self.core = before;
        self.setup = None;
        Ok(self.wrap(py, mv))
    }

    /// The last move played. Raises IndexError when no move was played.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let &(mv, _) = self
            .stack
            .last()
            .ok_or_else(|| PyIndexError::new_err("peek from empty move stack"))?;
        Ok(self.wrap(py, mv))
    }

    /// The SAN of the legal `move` (`Nf3`, `exd5`, `O-O`, `e8=Q+`). Raises MoveError for an
    /// illegal move.
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.board()?.san(self.legal(r#move)?).to_string())
    }

    /// The legal move written `san` (read leniently, as `push_san`). Raises MoveError.
    fn parse_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = self.board()?.parse_san_lenient(san).map_err(move_error)?;
        Ok(self.wrap(py, mv))
    }

    /// The legal move written `uci`. Raises MoveError.
    fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = self.board()?.parse_uci(uci).map_err(move_error)?;
        Ok(self.wrap(py, mv))
    }

    /// The UCI text of `move` in this board's notation.
    fn uci(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let Some(mv) = self.resolve(r#move)? else {
            return Ok(crate::moves::MoveKey::extract(r#move)?.uci());
        };
        Ok(if self.chess960 {
            mv.uci_chess960().to_string()
        } else {
            self.board()?.uci(mv).to_string()
        })
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        Ok(self.board()?.in_check())
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> PyResult<bool> {
        Ok(self.board()?.is_checkmate())
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self) -> PyResult<bool> {
        Ok(self.board()?.is_stalemate())
    }

    /// Whether neither side can checkmate: only kings, a single minor piece beside them, or
    /// bishops all on squares of one colour.
    fn is_insufficient_material(&self) -> PyResult<bool> {
        Ok(self.board()?.has_insufficient_material())
    }

    /// Whether 100 plies passed without a capture or pawn move and a move can be played (a
    /// mate on the hundredth ply wins), as python-chess.
    fn is_fifty_moves(&self) -> PyResult<bool> {
        self.board()?;
        Ok(self.fifty_moves())
    }

    /// Whether 150 plies passed without a capture or pawn move and a move can be played: a draw
    /// without a claim.
    fn is_seventyfive_moves(&self) -> PyResult<bool> {
        self.board()?;
        Ok(self.seventyfive_moves())
    }

    /// Whether this position occurred at least `count` times (this time included) since the
    /// last irreversible move, by python-chess's transposition key (placement, side, castling
    /// rights, en passant only when a capture is legal).
    #[pyo3(signature = (count = None))]
    fn is_repetition(&self, count: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let count = match count {
            Some(count) => crate::query::int_arg(count, "count", 0, i64::MAX)? as usize,
            None => 3,
        };
        self.board()?;
        Ok(self.repeated(count))
    }

    /// Whether this position occurred five times: a draw without a claim.
    fn is_fivefold_repetition(&self) -> PyResult<bool> {
        self.board()?;
        Ok(self.repeated(5))
    }

    /// Whether the side to move can claim a draw by the fifty-move rule, now or by its next
    /// move.
    fn can_claim_fifty_moves(&self) -> PyResult<bool> {
        self.board()?;
        Ok(self.claim_fifty_moves())
    }

    /// Whether the side to move can claim a threefold repetition: the position occurred three
    /// times, or a legal move leads to one that occurred twice.
    fn can_claim_threefold_repetition(&self) -> PyResult<bool> {
        self.board()?;
        Ok(self.claim_threefold())
    }

    /// `can_claim_fifty_moves() or can_claim_threefold_repetition()`.
    fn can_claim_draw(&self) -> PyResult<bool> {
        self.board()?;
        Ok(self.claim_fifty_moves() || self.claim_threefold())
    }

    /// Whether `color` (True for White) cannot checkmate by any sequence of legal moves.
    fn has_insufficient_material(&self, color: bool) -> PyResult<bool> {
        Ok(self.board()?.has_insufficient_material_for(if color {
            Color::White
        } else {
            Color::Black
        }))
    }

    /// How the game ended, as python-chess's `outcome`: checkmate, insufficient material,
    /// stalemate, the 75-move rule, fivefold repetition; with `claim_draw=True` also the
    /// fifty-move rule and threefold repetition, now or by the next move. None if the game
    /// goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome<'py>(
        &self,
        py: Python<'py>,
        claim_draw: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.outcome_object(py, claim_draw)
    }

    /// Whether the game is over (`outcome(claim_draw=claim_draw) is not None`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> PyResult<bool> {
        self.board()?;
        Ok(self.game_outcome(claim_draw).is_some())
    }

    /// "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> PyResult<&'static str> {
        self.board()?;
        Ok(match self.game_outcome(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        })
    }

    /// The Zobrist key: equal to python-chess's `chess.polyglot.zobrist_hash` in standard
    /// chess (Chess960 rights with a rook off the corners add the crate's documented keys).
    fn zobrist_hash(&self) -> PyResult<u64> {
        Ok(self.board()?.hash())
    }

    /// This position as a python-chess board, with the move stack replayed. Needs `chess`.
    fn to_chess<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = py.import("chess")?;
        if self.setup.is_some() {
            // A board being set up: python-chess reads any setup from its FEN.
            return chess.getattr("Board")?.call(
                (self.fen_text(false),),
                Some(&[("chess960", self.chess960)].into_py_dict(py)?),
            );
        }
        let root = self.stack.first().map_or(self.core, |(_, b)| *b);
        let board = chess.getattr("Board")?.call(
            (root.to_string(),),
            Some(&[("chess960", self.chess960)].into_py_dict(py)?),
        )?;
        for &(mv, _) in &self.stack {
            let text = if self.chess960 {
                mv.uci_chess960()
            } else {
                mv.uci()
            };
            board.call_method1("push_uci", (text.as_str(),))?;
        }
        Ok(board)
    }

    /// A movegen board from a python-chess board (its root position and move stack). A
    /// python-chess board that is not a valid position (`Board(None)`, say) gives a board
    /// being set up, with the same `status()`, when it has no moves played.
    #[classmethod]
    fn from_chess(_cls: &Bound<'_, PyType>, board: &Bound<'_, PyAny>) -> PyResult<PyBoard> {
        let py = board.py();
        let chess960: bool = board.getattr("chess960")?.extract()?;
        let root = board.call_method0("root")?;
        // en_passant="fen": python-chess's default drops an en-passant square whose capture is
        // not legal (a pinned pawn), which the Polyglot key still counts.
        let fen: String = root
            .call_method("fen", (), Some(&[("en_passant", "fen")].into_py_dict(py)?))?
            .extract()?;
        let stack = board.getattr("move_stack")?;
        // python-chess's FEN holds only the clean castling rights: rights without their rook
        // make a board being set up, as everything the FEN reader refuses does.
        let unclean = stack.len()? == 0
            && !root
                .getattr("castling_rights")?
                .eq(root.call_method0("clean_castling_rights")?)?;
        let mut ours = match crate::read_fen(&fen) {
            Ok(_) if unclean => return crate::setup::setup_from_chess(&root, chess960),
            Ok(position) => PyBoard::new_from(position, Some(chess960)),
            // A board being set up (no kings yet, say), as python-chess holds one.
            Err(_) if stack.len()? == 0 => return crate::setup::setup_from_chess(&root, chess960),
            Err(e) => return Err(fen_error(e)),
        };
        for mv in stack.try_iter()? {
            let text: String = mv?.call_method0("uci")?.extract()?;
            let mv = ours.board()?.parse_uci(&text).map_err(move_error)?;
            ours.play(mv)?;
        }
        Ok(ours)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyBoard>().is_ok_and(|o| {
            let o = o.borrow();
            o.setup == self.setup && (self.setup.is_some() || o.core == self.core)
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        match &self.setup {
            None => Hash::hash(&self.core, &mut hasher),
            Some(setup) => Hash::hash(setup, &mut hasher),
        }
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.fen_text(false))
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    /// Pickling: the root FEN, the notation and the moves played (as 16-bit encodings).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.borrow();
        if let Some(setup) = &this.setup {
            let rebuild = py
                .import("movegen._movegen")?
                .getattr("_board_from_setup")?;
            let castling = crate::setup::castling_squares(setup);
            let ep = setup.en_passant().map(|sq| sq as u8);
            let fen = this.fen_text(false);
            let placement = fen.split(' ').next().unwrap_or_default().to_owned();
            let state = (
                placement,
                setup.side_to_move() == Color::White,
                castling,
                ep,
                (setup.halfmove_clock(), setup.fullmove_number()),
                this.chess960,
            );
            return (rebuild, state).into_pyobject(py);
        }
        let root = this.stack.first().map_or(this.core, |(_, b)| *b);
        let moves: Vec<u16> = this.stack.iter().map(|(mv, _)| mv.raw()).collect();
        let rebuild = py
            .import("movegen._movegen")?
            .getattr("_board_from_state")?;
        (rebuild, (root.to_string(), this.chess960, moves)).into_pyobject(py)
    }
}

/// Rebuilds a pickled Move (see `Move.__reduce__`): the shared object of that encoding.
#[pyfunction]
fn _move_from_raw(py: Python<'_>, raw: u16, chess960: bool) -> PyResult<Py<PyMove>> {
    let mv = movegen::Move::from_raw(raw)
        .ok_or_else(|| move_error(format!("no move has the encoding {raw}")))?;
    Ok(move_object(py, mv, chess960).unbind())
}

/// Rebuilds a pickled Piece (see `Piece.__reduce__`).
#[pyfunction]
fn _piece_from_symbol(symbol: &str) -> PyResult<PyPiece> {
    symbol
        .parse::<movegen::Piece>()
        .map(|piece| PyPiece { piece })
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Rebuilds a pickled Board (see `Board.__reduce__`).
#[pyfunction]
fn _board_from_state(fen: &str, chess960: bool, moves: Vec<u16>) -> PyResult<PyBoard> {
    let mut board = PyBoard::new_from(crate::read_fen(fen).map_err(fen_error)?, Some(chess960));
    for raw in moves {
        let mv = movegen::Move::from_raw(raw)
            .ok_or_else(|| move_error(format!("no move has the encoding {raw}")))?;
        board.play(mv)?;
    }
    Ok(board)
}

/// The position an argument names: a Board, or a FEN string.
pub(crate) fn board_of(position: &Bound<'_, PyAny>) -> PyResult<movegen::Board> {
    if let Ok(board) = position.cast::<PyBoard>() {
        return board.borrow().board().copied();
    }
    if let Ok(fen) = position.extract::<String>() {
        return crate::read_fen(&fen).map_err(fen_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a movegen.Board or a FEN string, got {}",
        position.get_type().name()?
    )))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBoard>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPiece>()?;
    m.add_class::<LegalMoveGenerator>()?;
    m.add_function(wrap_pyfunction!(_board_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(crate::setup::_board_from_setup, m)?)?;
    m.add_function(wrap_pyfunction!(_move_from_raw, m)?)?;
    m.add_function(wrap_pyfunction!(_piece_from_symbol, m)?)?;
    Ok(())
}
