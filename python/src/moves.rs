//! Moves and pieces made without a board, as python-chess makes them: `Move(from_square,
//! to_square, promotion=None)`, `Move.from_uci`, `Move.null()`, `Piece(piece_type, color)`,
//! `Piece.from_symbol`, `unicode_symbol()`; and how a board finds its legal move for any move
//! object, ours or python-chess's, by the squares and promotion it names.
//!
//! Moves compare and hash as python-chess's do: by `(from_square, to_square, promotion,
//! drop)`, so `Move(12, 28)` equals the `e2e4` a board lists, and a python-chess `Move` of the
//! same squares.

use crate::board::{PyBoard, PyMove, PyPiece, move_object};
use crate::move_error;
use crate::query::{int_arg, role_arg, square_arg};
use movegen::{Color, MoveKind, Role, Square};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

/// What a move object names: python-chess's `(from_square, to_square, promotion)`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct MoveKey {
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
}

impl MoveKey {
    fn of(mv: &PyMove) -> MoveKey {
        MoveKey {
            from: Square::new(u32::from(mv.from_square())),
            to: Square::new(u32::from(mv.to_square())),
            promotion: mv.get().promotion(),
        }
    }

    /// Whether this names the null move (from a square to itself).
    pub(crate) fn is_null(self) -> bool {
        self.from == self.to && self.promotion.is_none()
    }

    pub(crate) fn uci(self) -> String {
        let mut text = format!("{}{}", self.from, self.to);
        if let Some(role) = self.promotion {
            text.push(role.char());
        }
        if self.from == self.to && self.promotion.is_none() {
            text = "0000".to_owned();
        }
        text
    }

    /// The key of any move object: ours, or one with python-chess's attributes
    /// (`from_square`, `to_square`, `promotion`, and `drop` None).
    pub(crate) fn extract(obj: &Bound<'_, PyAny>) -> PyResult<MoveKey> {
        if let Ok(mv) = obj.cast::<PyMove>() {
            return Ok(MoveKey::of(mv.get()));
        }
        let attribute = |name| obj.getattr(name);
        let (Ok(from), Ok(to), Ok(promotion)) = (
            attribute("from_square"),
            attribute("to_square"),
            attribute("promotion"),
        ) else {
            return Err(PyTypeError::new_err(format!(
                "expected a Move (movegen's or python-chess's), got {}",
                obj.get_type().name()?
            )));
        };
        if obj.getattr("drop").is_ok_and(|d| !d.is_none()) {
            return Err(PyValueError::new_err(
                "drops are not moves of standard chess",
            ));
        }
        Ok(MoveKey {
            from: square_arg(&from, "from_square")?,
            to: square_arg(&to, "to_square")?,
            promotion: if promotion.is_none() {
                None
            } else {
                Some(promotion_arg(&promotion)?)
            },
        })
    }
}

/// A promotion piece type: 2 (knight) to 5 (queen).
fn promotion_arg(value: &Bound<'_, PyAny>) -> PyResult<Role> {
    Ok(Role::ALL[int_arg(value, "promotion", 2, 5)? as usize - 1])
}

/// The `Move` object of a key, made without a board: a plain move, a promotion or the null
/// move (from and to the same square).
fn loose_move(key: MoveKey) -> PyMove {
    let kind = key
        .promotion
        .and_then(MoveKind::promotion)
        .unwrap_or(MoveKind::Normal);
    let mv = if key.from == key.to && key.promotion.is_none() {
        movegen::Move::NULL
    } else {
        movegen::Move::new(key.from, key.to, kind)
    };
    PyMove::new(mv.raw(), false)
}

impl PyBoard {
    /// The legal move of this board that `obj` names, if any: the object itself when it is
    /// one of ours and legal (the fast path), else the move with its squares and promotion
    /// (castling by the king's destination or by its rook's square).
    pub(crate) fn resolve(&self, obj: &Bound<'_, PyAny>) -> PyResult<Option<movegen::Move>> {
        if let Ok(mv) = obj.cast::<PyMove>() {
            let m = mv.get().get();
            if self.board()?.is_legal(m) {
                return Ok(Some(m));
            }
        }
        let key = MoveKey::extract(obj)?;
        Ok(self.board()?.find_move(key.from, key.to, key.promotion))
    }

    /// The legal move `obj` names, or a MoveError.
    pub(crate) fn legal(&self, obj: &Bound<'_, PyAny>) -> PyResult<movegen::Move> {
        self.resolve(obj)?.ok_or_else(|| {
            let text = MoveKey::extract(obj).map_or_else(|_| "?".to_owned(), MoveKey::uci);
            move_error(format!("illegal move {text} in {}", self.fen_text(false)))
        })
    }
}

#[pymethods]
impl PyBoard {
    /// The legal move from `from_square` to `to_square` (a pawn reaching the last rank
    /// promotes to a queen unless `promotion` says otherwise; castling by the king's
    /// destination or its rook's square). Raises MoveError when there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move<'py>(
        &self,
        py: Python<'py>,
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyMove>> {
        let from = square_arg(from_square, "from_square")?;
        let to = square_arg(to_square, "to_square")?;
        let mut promotion = promotion
            .filter(|p| !p.is_none())
            .map(promotion_arg)
            .transpose()?;
        if promotion.is_none()
            && self.board()?.role_at(from) == Some(Role::Pawn)
            && matches!(to.index() / 8, 0 | 7)
        {
            promotion = Some(Role::Queen);
        }
        let key = MoveKey {
            from,
            to,
            promotion,
        };
        match self.board()?.find_move(from, to, promotion) {
            Some(mv) => Ok(move_object(py, mv, self.chess960_mode())),
            None => Err(move_error(format!(
                "no matching legal move for {} ({from} -> {to}) in {}",
                key.uci(),
                self.board()?
            ))),
        }
    }
}

#[pymethods]
impl PyMove {
    /// A move by its squares (0..63) and promotion (2 knight to 5 queen, or None), as
    /// python-chess's `Move(from_square, to_square, promotion=None)`. A board finds its own
    /// move of these squares when it is pushed or checked.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn py_new(
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: Option<&Bound<'_, PyAny>>,
        drop: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMove> {
        if drop.is_some_and(|d| !d.is_none()) {
            return Err(PyValueError::new_err(
                "drops are not moves of standard chess",
            ));
        }
        Ok(loose_move(MoveKey {
            from: square_arg(from_square, "from_square")?,
            to: square_arg(to_square, "to_square")?,
            promotion: promotion
                .filter(|p| !p.is_none())
                .map(promotion_arg)
                .transpose()?,
        }))
    }

    /// The move of UCI text (`e2e4`, `e7e8q`, `0000` the null move). Raises MoveError (a
    /// ValueError) for bad text.
    #[staticmethod]
    fn from_uci(uci: &str) -> PyResult<PyMove> {
        let text: movegen::Uci = uci
            .parse()
            .map_err(|_| move_error(format!("invalid uci: {uci:?}")))?;
        Ok(loose_move(MoveKey {
            from: text.from(),
            to: text.to(),
            promotion: text.promotion(),
        }))
    }

    /// The null move, `0000` (from a1 to a1, false in a boolean context).
    #[staticmethod]
    fn null(py: Python<'_>) -> Py<PyMove> {
        move_object(py, movegen::Move::NULL, false).unbind()
    }

    /// Always None: there are no drops in standard chess.
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    /// False for the null move.
    fn __bool__(&self) -> bool {
        !self.get().is_null()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(theirs) = MoveKey::extract(other) else {
            return Ok(py.NotImplemented());
        };
        let equal = MoveKey::of(self) == theirs;
        match op {
            CompareOp::Eq => Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!equal).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// python-chess's hash: of the tuple `(from_square, to_square, promotion, drop)`.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let promotion = self.promotion();
        PyTuple::new(
            py,
            [
                self.from_square().into_pyobject(py)?.into_any(),
                self.to_square().into_pyobject(py)?.into_any(),
                promotion.into_pyobject(py)?.into_any(),
                py.None().into_bound(py),
            ],
        )?
        .hash()
    }
}

impl PyPiece {
    /// The shared object of a piece.
    pub(crate) fn object(py: Python<'_>, piece: movegen::Piece) -> Py<PyPiece> {
        static PIECES: PyOnceLock<Vec<Py<PyPiece>>> = PyOnceLock::new();
        let pieces = PIECES.get_or_init(py, || {
            Color::ALL
                .into_iter()
                .flat_map(|color| Role::ALL.into_iter().map(move |role| (color, role)))
                .map(|(color, role)| {
                    Py::new(py, PyPiece::new(movegen::Piece { color, role }))
                        .expect("allocating a Piece")
                })
                .collect()
        });
        pieces[piece.color.index() * 6 + piece.role.index()].clone_ref(py)
    }
}

/// python-chess's Unicode chess symbols, White's then Black's, pawn to king.
const UNICODE: [[char; 6]; 2] = [
    ['♙', '♘', '♗', '♖', '♕', '♔'],
    ['♟', '♞', '♝', '♜', '♛', '♚'],
];

/// The Unicode symbol of a piece (with its colours swapped when `invert`).
pub(crate) fn unicode_symbol(piece: movegen::Piece, invert: bool) -> char {
    let color = if invert {
        piece.color.other()
    } else {
        piece.color
    };
    UNICODE[color.index()][piece.role.index()]
}

#[pymethods]
impl PyPiece {
    /// A piece by its type (1 pawn to 6 king) and colour (True for White).
    #[new]
    fn py_new(piece_type: &Bound<'_, PyAny>, color: bool) -> PyResult<PyPiece> {
        let color = if color { Color::White } else { Color::Black };
        Ok(PyPiece::new(movegen::Piece {
            color,
            role: role_arg(piece_type)?,
        }))
    }

    /// The piece of a FEN letter (`N` a white knight, `n` a black one). Raises ValueError.
    #[staticmethod]
    fn from_symbol(py: Python<'_>, symbol: &str) -> PyResult<Py<PyPiece>> {
        let mut chars = symbol.chars();
        match (
            chars.next().and_then(movegen::Piece::from_char),
            chars.next(),
        ) {
            (Some(piece), None) => Ok(PyPiece::object(py, piece)),
            _ => Err(PyValueError::new_err(format!(
                "not a piece symbol: {symbol:?} (one of PNBRQK or pnbrqk)"
            ))),
        }
    }

    /// The Unicode chess symbol (`♘`), of the other colour's piece when `invert_color`.
    #[pyo3(signature = (*, invert_color = false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        unicode_symbol(self.get(), invert_color).to_string()
    }
}
