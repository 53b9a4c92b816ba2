//! NumPy for neural networks: board planes, legal-move masks and move indices in batches,
//! filled by the crate's `movegen::encode` without the GIL, on any number of threads.

use crate::board::{PyBoard, PyMove, board_of, move_object};
use crate::move_error;
use crate::stream;
use movegen::Board;
use movegen::encode::{self, MOVE_INDICES, PLANES, Perspective};
use numpy::ndarray::{Dim, Dimension, IntoDimension};
use numpy::{
    Element, PyArray, PyArray1, PyArray2, PyArray4, PyArrayMethods, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// One position of a batch: a board already made, or a FEN to parse (in the worker threads),
/// borrowed from its Python string.
enum Source<'a> {
    Board(Board),
    Fen(&'a str),
}

impl Source<'_> {
    fn board(&self) -> Result<Board, movegen::FenError> {
        match self {
            Source::Board(board) => Ok(*board),
            Source::Fen(fen) => Board::from_fen(fen),
        }
    }
}

/// The items of `positions`: a list (or any iterable) of FEN strings or Boards, or a NumPy
/// array of strings, each held (so the texts borrowed from them stay alive) until the batch
/// is done.
fn items<'py>(positions: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if positions.cast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(
            "positions must be a list of FENs or Boards, not one string",
        ));
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
    iter.collect()
}

/// Position `i` of a batch: a Board (copied) or a FEN (borrowed, parsed later).
fn source_of<'a>(i: usize, item: &'a Bound<'_, PyAny>) -> PyResult<Source<'a>> {
    // Strings first: a FEN batch is the common case, and the str check is one flag test.
    if let Ok(text) = item.cast::<PyString>() {
        Ok(Source::Fen(utf8(text)?))
    } else if let Ok(board) = item.cast::<PyBoard>() {
        Ok(Source::Board(board.borrow().board))
    } else {
        Err(PyTypeError::new_err(format!(
            "position {i}: expected a movegen.Board or a FEN string, got {}",
            item.get_type().name()?
        )))
    }
}

/// The sources of a slice of items, `first` the index of the slice's first item.
fn sources<'a>(first: usize, items: &'a [Bound<'_, PyAny>]) -> PyResult<Vec<Source<'a>>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| source_of(first + i, item))
        .collect()
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

/// Fills `out` (`chunk` elements per position) with `fill` for the positions of `items`, on
/// `threads` threads, without the GIL. The positions are read first (with the GIL: a type
/// check and a borrowed text each, about 20 ns), then the threads parse and fill. (Reading
/// while the workers fill was no faster on two cores: the reading thread takes a core from
/// them.) Errors: the first position that is not a valid FEN, or of a wrong type.
fn fill_batch<T: Send + Copy + Default>(
    py: Python<'_>,
    items: &[Bound<'_, PyAny>],
    out: &mut [T],
    chunk: usize,
    threads: usize,
    fill: impl Fn(&Board, &mut [T]) + Sync,
) -> PyResult<()> {
    let sources = sources(0, items)?;
    let fill = &fill;
    let error = py.detach(|| fill_parallel(&sources, out, chunk, threads, fill));
    error.map_or(Ok(()), |(i, e)| Err(position_error(i, e)))
}

/// The boards of `positions`, parsed now (for the functions that need them one by one).
fn boards(positions: &Bound<'_, PyAny>) -> PyResult<Vec<Board>> {
    let items = items(positions)?;
    sources(0, &items)?
        .iter()
        .enumerate()
        .map(|(i, s)| s.board().map_err(|e| position_error(i, e)))
        .collect()
}

fn position_error(index: usize, error: movegen::FenError) -> PyErr {
    crate::FenError::new_err(format!("position {index}: {error}"))
}

/// Parses each source and fills its `chunk`-sized piece of `out` with `fill`, on `threads`
/// threads. Returns the first position that is not a valid FEN, with its error (the pieces
/// of the other positions are filled all the same).
fn fill_parallel<T: Send + Copy + Default>(
    sources: &[Source],
    out: &mut [T],
    chunk: usize,
    threads: usize,
    fill: impl Fn(&Board, &mut [T]) + Sync,
) -> Option<(usize, movegen::FenError)> {
    // Threads take batches of BATCH positions in turn, so one that falls behind (a shared
    // machine) delays the end by one batch at most.
    let batches = std::sync::Mutex::new(
        sources
            .chunks(BATCH)
            .zip(out.chunks_mut(BATCH * chunk))
            .enumerate(),
    );
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, sources.len().div_ceil(BATCH).max(1)))
            .map(|_| {
                let (fill, batches) = (&fill, &batches);
                scope.spawn(move || {
                    let mut first_error = None;
                    while let Some((k, (sources, out))) =
                        batches.lock().ok().and_then(|mut b| b.next())
                    {
                        stream::fill_rows(out, chunk, |i, row| {
                            match sources.get(i).map(Source::board) {
                                Some(Ok(board)) => fill(&board, row),
                                Some(Err(e)) => {
                                    row.fill(T::default());
                                    first_error.get_or_insert((k * BATCH + i, e));
                                }
                                None => row.fill(T::default()),
                            }
                        });
                    }
                    first_error
                })
            })
            .collect();
        workers
            .into_iter()
            // A worker only panics on a bug; pass it on (Python sees a PanicException) rather
            // than leave its rows unwritten.
            .filter_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .min_by_key(|&(i, _)| i)
    })
}

/// Positions a thread fills in one go.
const BATCH: usize = 1024;

fn check_threads(threads: usize) -> PyResult<()> {
    if threads == 0 || threads > movegen::perft::MAX_THREADS {
        return Err(PyValueError::new_err(format!(
            "threads {threads} is out of range (1 to {})",
            movegen::perft::MAX_THREADS
        )));
    }
    Ok(())
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
fn fill_array<T: Element, D: Dimension>(
    array: &Bound<'_, PyArray<T, D>>,
    fill: impl FnOnce(&mut [T]) -> PyResult<()>,
) -> PyResult<()> {
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
#[pyo3(signature = (positions, out = None, threads = 1, perspective = "side_to_move"))]
fn encode_planes<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    threads: usize,
    perspective: &str,
) -> PyResult<Bound<'py, PyArray4<u8>>> {
    check_threads(threads)?;
    let perspective = match perspective {
        "side_to_move" => Perspective::SideToMove,
        "white" => Perspective::White,
        other => {
            return Err(PyValueError::new_err(format!(
                "perspective {other:?}: expected \"side_to_move\" or \"white\""
            )));
        }
    };
    let items = items(positions)?;
    let array = output_array::<u8, _>(py, out, [items.len(), PLANES, 8, 8], "uint8")?;
    fill_array(&array, |slice| {
        fill_batch(py, &items, slice, PLANES * 64, threads, |board, out| {
            if let Ok(out) = <&mut [u8; PLANES * 64]>::try_from(out) {
                encode::encode_planes(board, perspective, out);
            }
        })
    })?;
    Ok(array)
}

/// Legal-move masks for a batch: bool, shape (N, 4672), True at the AlphaZero index of every
/// legal move (see `move_to_index`), from the side to move's point of view. Each row has
/// exactly as many True entries as the position has legal moves. `positions`, `out` and
/// `threads` as in `encode_planes` (`out`: bool, shape (N, 4672)).
#[pyfunction]
#[pyo3(signature = (positions, out = None, threads = 1))]
fn legal_move_mask<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    threads: usize,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    check_threads(threads)?;
    let items = items(positions)?;
    let array = output_array::<bool, _>(py, out, [items.len(), MOVE_INDICES], "bool")?;
    fill_array(&array, |slice| {
        fill_batch(py, &items, slice, MOVE_INDICES, threads, |board, out| {
            if let Ok(out) = <&mut [bool; MOVE_INDICES]>::try_from(out) {
                encode::legal_move_mask(board, out);
            }
        })
    })?;
    Ok(array)
}

/// The AlphaZero 8x8x73 index of the legal `move` in `board`: from_square * 73 + plane, both
/// from the side to move's point of view (ranks flipped for Black). Planes 0-55 queen-like
/// moves, direction * 7 + distance - 1, directions N, NE, E, SE, S, SW, W, NW; 56-63 knight
/// moves (file, rank) = (+1,+2), (+2,+1), (+2,-1), (+1,-2), (-1,-2), (-2,-1), (-2,+1),
/// (-1,+2); 64-72 under-promotions 64 + 3 * piece + direction, piece knight, bishop, rook,
/// direction file -1, 0, +1. Queen promotions are queen-like moves; castling is the king's
/// move onto its own rook's square. Raises MoveError for a move that is not legal there.
#[pyfunction]
fn move_to_index(board: &Bound<'_, PyAny>, r#move: PyRef<'_, PyMove>) -> PyResult<usize> {
    let board = board_of(board)?;
    let mv = r#move.get();
    if !board.is_legal(mv) {
        return Err(move_error(format!("illegal move {} in {board}", mv.uci())));
    }
    encode::move_index(&board, mv)
        .ok_or_else(|| move_error(format!("no index for {} in {board}", mv.uci())))
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
        let mv = if let Ok(mv) = item.cast::<PyMove>() {
            let mv = mv.get().get();
            if !board.is_legal(mv) {
                return Err(move_error(format!(
                    "move {i}: illegal move {mv} in {board}"
                )));
            }
            mv
        } else if let Ok(text) = item.extract::<String>() {
            board
                .parse_uci(&text)
                .map_err(|e| move_error(format!("move {i}: {text}: {e}")))?
        } else {
            return Err(PyTypeError::new_err(format!(
                "move {i}: expected a movegen.Move or a UCI string"
            )));
        };
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
