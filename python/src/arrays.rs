//! NumPy for neural networks: board planes, legal-move masks and move indices in batches,
//! filled by the crate's `movegen::encode` without the GIL, on any number of threads.

use crate::board::{PyBoard, PyMove, board_of, move_object};
use crate::move_error;
use crate::stream;
use movegen::Board;
use movegen::encode::{self, MOVE_INDICES, PLANES, Perspective};
use numpy::ndarray::{Dim, Dimension, IntoDimension};
use numpy::{Element, PyArray, PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use std::sync::atomic::Ordering::Relaxed;

/// One position of a batch: a FEN to parse (in the worker threads), as a byte range of
/// [`Sources::text`] (whole strs, so the range's ends are character boundaries), or a board
/// already made, by its index in [`Sources::boards`].
#[derive(Clone, Copy)]
enum Source {
    Fen { start: usize, end: usize },
    Board(usize),
}

/// Some positions of a batch, read from Python with the GIL held. The FEN texts are copied
/// into one buffer, so no Python object is used once the reading is done and the threads can
/// parse them without the GIL while the next ones are read.
struct Sources {
    list: Vec<Source>,
    text: String,
    boards: Vec<Board>,
}

impl Sources {
    /// Reads `positions[range]`.
    fn read(positions: &Bound<'_, PyList>, range: std::ops::Range<usize>) -> PyResult<Sources> {
        let mut sources = Sources {
            list: Vec::with_capacity(range.len()),
            // About 60 bytes a FEN: one allocation for most batches.
            text: String::with_capacity(range.len() * 64),
            boards: Vec::new(),
        };
        for i in range {
            let item = positions.get_item(i)?;
            // Strings first: a FEN batch is the common case, and the str check is one flag test.
            let source = if let Ok(text) = item.cast::<PyString>() {
                let start = sources.text.len();
                sources.text.push_str(utf8(text)?);
                Source::Fen {
                    start,
                    end: sources.text.len(),
                }
            } else if let Ok(board) = item.cast::<PyBoard>() {
                sources.boards.push(*board.borrow().board()?);
                Source::Board(sources.boards.len() - 1)
            } else if let Ok(bytes) = item.cast::<PyBytes>() {
                // Byte strings: NumPy `S` arrays, h5py datasets.
                let text = std::str::from_utf8(bytes.as_bytes()).map_err(|_| {
                    crate::FenError::new_err(format!("position {i}: the FEN is not UTF-8 text"))
                })?;
                let start = sources.text.len();
                sources.text.push_str(text);
                Source::Fen {
                    start,
                    end: sources.text.len(),
                }
            } else {
                return Err(wrong_position(i, &item));
            };
            sources.list.push(source);
        }
        Ok(sources)
    }

    /// The board of one source (a FEN parsed now).
    fn board(&self, source: Source) -> Result<Board, movegen::FenError> {
        match source {
            Source::Board(k) => Ok(self.boards[k]),
            Source::Fen { start, end } => crate::read_fen(&self.text[start..end]),
        }
    }
}

/// The TypeError for a position that is neither a FEN nor a Board; a python-chess Board is
/// told the way in.
fn wrong_position(index: usize, item: &Bound<'_, PyAny>) -> PyErr {
    let kind = item.get_type();
    let name = kind.name().map_or("?".into(), |n| n.to_string());
    let module = kind.module().map_or(String::new(), |m| m.to_string());
    if name == "Board" && module.split('.').next() == Some("chess") {
        return PyTypeError::new_err(format!(
            "position {index}: a python-chess Board; convert it with movegen.Board.from_chess(board) \
             (or pass board.fen())"
        ));
    }
    PyTypeError::new_err(format!(
        "position {index}: expected a movegen.Board or a FEN string, got {name}"
    ))
}

/// `positions` as a list: a list itself, or the items of any other iterable (a tuple, a NumPy
/// array of strings, a generator) collected into a new one.
fn position_list<'py>(positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    if positions.cast::<PyString>().is_ok() || positions.cast::<PyBytes>().is_ok() {
        return Err(PyTypeError::new_err(
            "positions must be a list of FENs or Boards, not one string",
        ));
    }
    if let Ok(list) = positions.cast::<PyList>() {
        return Ok(list.clone());
    }
    let iter = positions.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "positions must be a list of FENs or Boards, got {}",
            positions
                .get_type()
                .name()
                .map_or("?".into(), |n| n.to_string())
        ))
    })?;
    let list = PyList::empty(positions.py());
    for item in iter {
        list.append(item?)?;
    }
    Ok(list)
}

unsafe extern "C" {
    /// CPython's UTF-8 view of a str (a pointer into the object, cached there for its
    /// lifetime). Exported by every CPython 3 on Linux and macOS (part of the limited API from
    /// 3.10); pyo3 only declares it for 3.10+ builds, so the package's abi3-py39 build
    /// declares it here. (Windows' python3.dll exports it from 3.10 only: a Windows wheel
    /// would need abi3-py310.)
    fn PyUnicode_AsUTF8AndSize(
        unicode: *mut pyo3::ffi::PyObject,
        size: *mut pyo3::ffi::Py_ssize_t,
    ) -> *const std::ffi::c_char;
}

/// The text of a Python str, borrowed without a copy: pyo3's own `extract::<String>` in an
/// abi3-py39 build makes a bytes object and a `String` for every FEN, which cost a quarter of
/// a whole mask batch (`legal_move_mask` over 100,000 FENs: 2.35 to 2.6 million positions a
/// second with the borrow, see the commit).
fn utf8<'a>(text: &'a Bound<'_, PyString>) -> PyResult<&'a str> {
    let mut size: pyo3::ffi::Py_ssize_t = 0;
    // SAFETY: `text` is a live str (the borrow holds a reference) and the GIL is held (a
    // Bound proves it). The call returns null with a Python error set (a string holding
    // lone surrogates, which has no UTF-8 form), or a pointer to `size` bytes of valid UTF-8
    // that the str object owns and keeps unchanged until it is freed (str is immutable), so
    // for at least as long as the `'a` borrow of the object.
    unsafe {
        let data = PyUnicode_AsUTF8AndSize(text.as_ptr(), &mut size);
        if data.is_null() {
            return Err(PyErr::fetch(text.py()));
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), size as usize);
        Ok(std::str::from_utf8_unchecked(bytes))
    }
}

/// Fills `out` (`chunk` elements per position) with `fill` for the positions of `list`, on
/// `threads` threads. This thread reads the positions (with the GIL) a batch at a time: it
/// sends a batch to the `threads - 1` helper threads while one of them has none waiting, and
/// otherwise fills the batch itself at once (GIL released; its texts still in this core's
/// cache), so the reading (about 12 ns a position) overlaps the parsing and encoding (about
/// 250 ns). Read all first, the reading was serial time that held two threads at 1.7x one
/// (now 1.95x-2x; see the commit). Errors: a position of a wrong type (when read), else the
/// first position that is not a valid FEN.
fn fill_batch<T: Send + Copy + Default>(
    py: Python<'_>,
    list: &Bound<'_, PyList>,
    out: &mut [T],
    chunk: usize,
    threads: usize,
    errors: Errors,
    fill: impl Fn(&Board, &mut [T]) + Sync,
) -> PyResult<Vec<usize>> {
    let count = list.len();
    // Fills one batch's rows; notes each bad FEN in `bad` (its row left zero).
    let fill_one = |first: usize, sources: Sources, out: &mut [T], bad: &mut Vec<_>| {
        stream::fill_rows(out, chunk, |i, row| match sources.list.get(i) {
            Some(&source) => match sources.board(source) {
                Ok(board) => fill(&board, row),
                Err(e) => {
                    row.fill(T::default());
                    bad.push((first + i, e));
                }
            },
            None => row.fill(T::default()),
        })
    };
    let (send, receive) = std::sync::mpsc::channel::<(usize, Sources, &mut [T])>();
    let receive = std::sync::Mutex::new(receive);
    // Batches sent and not yet taken.
    let pending = std::sync::atomic::AtomicUsize::new(0);
    // Takes batches in turn until none is left (so one thread that falls behind, on a
    // shared machine, delays the end by one batch at most).
    let work = || {
        let mut bad = Vec::new();
        while let Some((first, sources, out)) = receive.lock().ok().and_then(|r| r.recv().ok()) {
            pending.fetch_sub(1, Relaxed);
            fill_one(first, sources, out, &mut bad);
        }
        bad
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.min(count.div_ceil(BATCH)))
            .map(|_| scope.spawn(work))
            .collect();
        let (mut read, mut bad) = (Ok(()), Vec::new());
        for (k, out) in out.chunks_mut(BATCH * chunk).enumerate() {
            let first = k * BATCH;
            match Sources::read(list, first..(first + BATCH).min(count)) {
                // Once every helper has a batch waiting, this thread fills the batch it has
                // just read (its texts still in this core's cache; alone, every batch).
                Ok(sources) if pending.load(Relaxed) >= helpers.len() => {
                    py.detach(|| fill_one(first, sources, out, &mut bad))
                }
                Ok(sources) => {
                    pending.fetch_add(1, Relaxed);
                    // The receiver lives until the scope ends, so sending cannot fail.
                    drop(send.send((first, sources, out)));
                }
                Err(e) => {
                    read = Err(e);
                    break;
                }
            }
        }
        drop(send);
        bad.extend(py.detach(work));
        for helper in helpers {
            // A worker only panics on a bug; pass it on (Python sees a PanicException) rather
            // than leave its rows unwritten.
            bad.extend(
                helper
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
        }
        read?;
        bad.sort_unstable_by_key(|&(i, _)| i);
        match (errors, bad.first()) {
            (Errors::Raise, Some(&(i, e))) => Err(position_error(i, e)),
            _ => Ok(bad.into_iter().map(|(i, _)| i).collect()),
        }
    })
}

/// What a batch does with a position that is not a valid FEN.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Errors {
    /// Raise FenError naming the first.
    Raise,
    /// Leave its rows zero and return its index.
    Skip,
}

impl Errors {
    fn parse(text: &str) -> PyResult<Errors> {
        match text {
            "raise" => Ok(Errors::Raise),
            "skip" => Ok(Errors::Skip),
            other => Err(PyValueError::new_err(format!(
                "errors {other:?}: expected \"raise\" or \"skip\""
            ))),
        }
    }

    /// The array alone (raise), or the array and the bad rows' indices (skip).
    fn result<'py>(
        self,
        py: Python<'py>,
        array: Bound<'py, PyAny>,
        bad: Vec<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Errors::Raise => Ok(array),
            Errors::Skip => {
                let bad: Vec<i64> = bad.into_iter().map(|i| i as i64).collect();
                let bad = PyArray1::from_vec(py, bad).into_any();
                Ok(PyTuple::new(py, [array, bad])?.into_any())
            }
        }
    }
}

/// The boards of `positions`, parsed now (for the functions that need them one by one).
fn boards(positions: &Bound<'_, PyAny>) -> PyResult<Vec<Board>> {
    let list = position_list(positions)?;
    let sources = Sources::read(&list, 0..list.len())?;
    (sources.list.iter().enumerate())
        .map(|(i, &s)| sources.board(s).map_err(|e| position_error(i, e)))
        .collect()
}

fn position_error(index: usize, error: movegen::FenError) -> PyErr {
    crate::FenError::new_err(format!("position {index}: {error}"))
}

/// Positions a thread fills in one go.
const BATCH: usize = 1024;

/// The `threads` argument: an integer from 1 to the crate's maximum.
pub(crate) fn check_threads(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else {
        return Ok(1);
    };
    let max = movegen::perft::MAX_THREADS;
    Ok(crate::query::int_arg(threads, "threads", 1, max as i64)? as usize)
}

/// The array a batch fills: the caller's `out` once its dtype, shape and layout are checked,
/// or a new one of shape `want`.
fn output_array<'py, T: Element, const N: usize>(
    py: Python<'py>,
    out: Option<&Bound<'py, PyAny>>,
    want: [usize; N],
    dtype: &str,
) -> PyResult<Bound<'py, PyArray<T, Dim<[usize; N]>>>>
where
    [usize; N]: IntoDimension<Dim = Dim<[usize; N]>>,
    Dim<[usize; N]>: Dimension,
{
    let Some(out) = out else {
        return Ok(PyArray::<T, _>::zeros(py, want, false));
    };
    let array = out.cast::<PyArray<T, Dim<[usize; N]>>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "out: expected a numpy.ndarray of dtype {dtype} with {N} dimensions"
        ))
    })?;
    if array.shape() != want || !array.is_c_contiguous() {
        return Err(shape_error("out", &want, array.shape()));
    }
    Ok(array.clone())
}

/// Runs `fill` on the elements of `array`, borrowed writable (an error for a read-only one).
fn fill_array<T: Element, D: Dimension, R>(
    array: &Bound<'_, PyArray<T, D>>,
    fill: impl FnOnce(&mut [T]) -> PyResult<R>,
) -> PyResult<R> {
    let shape = array.shape().to_vec();
    let mut view = array
        .try_readwrite()
        .map_err(|_| shape_error("out", &shape, &shape))?;
    let slice = view
        .as_slice_mut()
        .map_err(|_| shape_error("out", &shape, &shape))?;
    fill(slice)
}

fn shape_error(name: &str, want: &[usize], got: &[usize]) -> PyErr {
    PyValueError::new_err(format!(
        "{name}: expected a C-contiguous, writable array of shape {want:?}, got shape {got:?}"
    ))
}

/// Board planes for a batch: uint8, shape (N, 19, 8, 8). Planes 0-5 the side to move's pawns,
/// knights, bishops, rooks, queens, king; 6-11 the opponent's; 12 ones when White is to move;
/// 13-16 castling rights (ours king side, ours queen side, theirs king side, theirs queen
/// side) as whole planes; 17 the en-passant square; 18 the halfmove clock (capped at 255) in
/// every square. Each plane is indexed [rank][file] with [0][0] = a1 from the side to move's
/// point of view: ranks are flipped when Black is to move (AlphaZero's convention).
/// `perspective="white"` keeps the board as it is, with White's pieces first.
///
/// `positions` is a list of FENs or Boards, or a NumPy array of FEN strings. `out` (uint8,
/// shape (N, 19, 8, 8), C-contiguous) is filled in place and returned; without it a new array
/// is made. Raises FenError naming the position for a bad FEN, TypeError or ValueError for a
/// wrong array.
#[pyfunction]
#[pyo3(signature = (positions, out = None, threads = None, perspective = "side_to_move", errors = "raise"))]
fn encode_planes<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    perspective: &str,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = check_threads(threads)?;
    let errors = Errors::parse(errors)?;
    let perspective = match perspective {
        "side_to_move" => Perspective::SideToMove,
        "white" => Perspective::White,
        other => {
            return Err(PyValueError::new_err(format!(
                "perspective {other:?}: expected \"side_to_move\" or \"white\""
            )));
        }
    };
    let list = position_list(positions)?;
    let array = output_array::<u8, _>(py, out, [list.len(), PLANES, 8, 8], "uint8")?;
    let bad = fill_array(&array, |slice| {
        fill_batch(
            py,
            &list,
            slice,
            PLANES * 64,
            threads,
            errors,
            |board, out| {
                if let Ok(out) = <&mut [u8; PLANES * 64]>::try_from(out) {
                    encode::encode_planes(board, perspective, out);
                }
            },
        )
    })?;
    errors.result(py, array.into_any(), bad)
}

/// Legal-move masks for a batch: bool, shape (N, 4672), True at the AlphaZero index of every
/// legal move (see `move_to_index`), from the side to move's point of view. Each row has
/// exactly as many True entries as the position has legal moves. `positions`, `out` and
/// `threads` as in `encode_planes` (`out`: bool, shape (N, 4672)).
#[pyfunction]
#[pyo3(signature = (positions, out = None, threads = None, errors = "raise"))]
fn legal_move_mask<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = check_threads(threads)?;
    let errors = Errors::parse(errors)?;
    let list = position_list(positions)?;
    let array = output_array::<bool, _>(py, out, [list.len(), MOVE_INDICES], "bool")?;
    let bad = fill_array(&array, |slice| {
        fill_batch(
            py,
            &list,
            slice,
            MOVE_INDICES,
            threads,
            errors,
            |board, out| {
                if let Ok(out) = <&mut [bool; MOVE_INDICES]>::try_from(out) {
                    encode::legal_move_mask(board, out);
                }
            },
        )
    })?;
    errors.result(py, array.into_any(), bad)
}

/// The AlphaZero 8x8x73 index of the legal `move` (a Move or UCI text) in `board`: from_square * 73 + plane, both
/// from the side to move's point of view (ranks flipped for Black). Planes 0-55 queen-like
/// moves, direction * 7 + distance - 1, directions N, NE, E, SE, S, SW, W, NW; 56-63 knight
/// moves (file, rank) = (+1,+2), (+2,+1), (+2,-1), (+1,-2), (-1,-2), (-2,-1), (-2,+1),
/// (-1,+2); 64-72 under-promotions 64 + 3 * piece + direction, piece knight, bishop, rook,
/// direction file -1, 0, +1. Queen promotions are queen-like moves; castling is the king's
/// move onto its own rook's square. Raises MoveError for a move that is not legal there.
#[pyfunction]
fn move_to_index(board: &Bound<'_, PyAny>, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
    let board = board_of(board)?;
    let mv = legal_move(&board, r#move).map_err(|e| e.into_err(""))?;
    encode::move_index(&board, mv)
        .ok_or_else(|| move_error(format!("no index for {} in {board}", mv.uci())))
}

/// Why a move argument names no legal move: not a Move or text (TypeError), or not legal
/// (MoveError); `into_err` puts a prefix (the item's number in a batch) before the message.
enum MoveArgError {
    Type,
    Illegal(String),
}

impl MoveArgError {
    fn into_err(self, prefix: &str) -> PyErr {
        match self {
            MoveArgError::Type => {
                PyTypeError::new_err(format!("{prefix}expected a movegen.Move or a UCI string"))
            }
            MoveArgError::Illegal(message) => move_error(format!("{prefix}{message}")),
        }
    }
}

/// The legal move of `board` that `item` names: a `Move`, or UCI text.
fn legal_move(board: &Board, item: &Bound<'_, PyAny>) -> Result<movegen::Move, MoveArgError> {
    if let Ok(mv) = item.cast::<PyMove>() {
        let mv = mv.get().get();
        if board.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveArgError::Illegal(format!(
                "illegal move {mv} in {board}"
            )))
        }
    } else if let Ok(text) = item.extract::<String>() {
        board
            .parse_uci(&text)
            .map_err(|e| MoveArgError::Illegal(format!("{text}: {e}")))
    } else {
        Err(MoveArgError::Type)
    }
}

/// The legal move of `board` with this index (see `move_to_index`). Raises MoveError for an
/// index of no legal move there.
#[pyfunction]
fn index_to_move<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    index: i64,
) -> PyResult<Bound<'py, PyMove>> {
    let chess960 = board
        .cast::<PyBoard>()
        .map(|b| b.borrow().chess960_mode())
        .ok();
    let board = board_of(board)?;
    let mv = usize::try_from(index)
        .ok()
        .and_then(|i| encode::index_move(&board, i))
        .ok_or_else(|| move_error(format!("index {index} is no legal move in {board}")))?;
    Ok(move_object(
        py,
        mv,
        chess960.unwrap_or_else(|| board.is_chess960()),
    ))
}

/// The indices (int64, shape (N,)) of `moves[i]` in `positions[i]`: training labels.
/// `moves` holds Moves or UCI strings. Raises MoveError naming the pair for an illegal move,
/// ValueError when the two lengths differ.
#[pyfunction]
fn move_indices<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    moves: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let boards = boards(positions)?;
    let mut indices = Vec::with_capacity(boards.len());
    let mut count = 0;
    for (i, item) in moves.try_iter()?.enumerate() {
        let item = item?;
        let Some(board) = boards.get(i) else {
            count = i + 1;
            continue;
        };
        let mv = legal_move(board, &item).map_err(|e| e.into_err(&format!("move {i}: ")))?;
        let index = encode::move_index(board, mv)
            .ok_or_else(|| move_error(format!("move {i}: no index for {mv}")))?;
        indices.push(index as i64);
        count = i + 1;
    }
    if count != boards.len() {
        return Err(PyValueError::new_err(format!(
            "{} positions but {count} moves",
            boards.len()
        )));
    }
    Ok(PyArray1::from_vec(py, indices))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode_planes, m)?)?;
    m.add_function(wrap_pyfunction!(legal_move_mask, m)?)?;
    m.add_function(wrap_pyfunction!(move_to_index, m)?)?;
    m.add_function(wrap_pyfunction!(index_to_move, m)?)?;
    m.add_function(wrap_pyfunction!(move_indices, m)?)?;
    Ok(())
}
