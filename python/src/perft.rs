//! Perft from Python: `perft`, `divide`, `perft_stats` and a reusable `Table`, on the crate's
//! functions, without the GIL while they count.

use crate::board::{PyBoard, board_of};
use crate::interrupt::run_interruptible;
use crate::units::{self, Total};
use movegen::perft::{Table, perft_hashed, perft_stats_hashed};
use movegen::{Board, Move, Stats, perft_stats as crate_perft_stats};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::AtomicBool;

/// A perft hash table of `mib` mebibytes, kept by the caller and reused across calls
/// (`perft(..., table=t)`): subtree counts by position and depth, shared by the threads.
/// `seed` changes its keys (a second run of a record with another seed shares no entry, so no
/// collision, with the first). Raises ValueError for 0 or for memory that cannot be had.
#[pyclass(frozen, module = "movegen", name = "Table")]
pub struct PyTable {
    table: Table,
}

#[pymethods]
impl PyTable {
    #[new]
    #[pyo3(signature = (mib, seed = None))]
    fn py_new(mib: &Bound<'_, PyAny>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyTable> {
        let mib = crate::query::int_arg(mib, "mib", 1, i64::MAX)? as usize;
        let seed = match seed {
            None => 0,
            Some(value) => value.extract::<u64>().map_err(|_| {
                PyValueError::new_err(format!(
                    "seed {} is out of range (0 to 2**64 - 1)",
                    value
                        .repr()
                        .map_or_else(|_| "?".to_owned(), |r| r.to_string())
                ))
            })?,
        };
        Table::with_seed(mib, seed)
            .map(|table| PyTable { table })
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "cannot make a hash table of {mib} MiB (at least 1, and memory that can be allocated)"
                ))
            })
    }

    /// Size in bytes.
    #[getter]
    fn bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The seed of the table's keys (0 unless given): tables of different seeds store a
    /// position in different places, under different second keys.
    #[getter]
    fn seed(&self) -> u64 {
        self.table.seed()
    }

    fn __repr__(&self) -> String {
        format!("Table({} MiB)", self.table.bytes() >> 20)
    }

    /// Refuses: a table is memory shared by this process's threads, not a value to send
    /// elsewhere (pickle or copy). Each process makes its own `Table(mib)`.
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a Table cannot be pickled or copied: make a Table({}) in each process that counts",
            self.table.bytes() >> 20
        )))
    }
}

/// The depth argument, 0..=30, and the thread count, 1..=MAX_THREADS (1 when not given).
fn check_args(
    depth: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u32, usize)> {
    let depth = crate::query::int_arg(depth, "depth", 0, 30)? as u32;
    Ok((depth, crate::arrays::check_threads(threads)?))
}

/// The plain perft count function, with or without a table.
fn counter(table: Option<&PyTable>) -> impl Fn(&Board, u32) -> u64 + Sync + Send + '_ {
    move |b: &Board, d: u32| match table {
        Some(t) => perft_hashed(b, d, &t.table),
        None => movegen::perft(b, d),
    }
}

/// The total of `count` over each item, in units that Ctrl-C can stop between; counted in
/// one go without the GIL when the items are too small to need it.
fn count_items<T: Total>(
    py: Python<'_>,
    items: &[(Board, u32)],
    threads: usize,
    limit: f64,
    count: impl Fn(&Board, u32) -> T::Part + Sync + Send,
) -> PyResult<Vec<T>> {
    let never = AtomicBool::new(false);
    let totals = if units::small(items, limit) {
        py.detach(|| units::count_items(items, threads, limit, &never, count))
    } else {
        run_interruptible(py, |stop| {
            units::count_items(items, threads, limit, stop, count)
        })?
    };
    // `None` only when stopped, and a stop comes with the exception returned above.
    totals.ok_or_else(|| PyKeyboardInterrupt::new_err("perft stopped"))
}

/// Each root move of `board` (in generation order) with its perft at `depth - 1`.
fn count_divide(
    py: Python<'_>,
    board: &Board,
    depth: u32,
    threads: usize,
    table: Option<&PyTable>,
) -> PyResult<Vec<(Move, u128)>> {
    let moves = board.legal_moves();
    let items: Vec<(Board, u32)> = moves
        .iter()
        .map(|&mv| (board.play_unchecked(mv), depth - 1))
        .collect();
    let totals: Vec<u128> = count_items(py, &items, threads, units::PERFT_LIMIT, counter(table))?;
    Ok(moves.iter().copied().zip(totals).collect())
}

/// The number of leaf nodes `depth` plies below `position` (a Board or a FEN), as an exact
/// int. `threads` threads share the work; `table` (a `Table`) memoises subtrees across calls.
/// Raises FenError for a bad FEN, ValueError for a depth above 30 or threads outside 1..1024.
#[pyfunction]
#[pyo3(signature = (position, depth, threads = None, table = None))]
fn perft(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    depth: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    table: Option<PyRef<'_, PyTable>>,
) -> PyResult<u128> {
    let (depth, threads) = check_args(depth, threads)?;
    let board = board_of(position)?;
    let table = table.as_deref();
    if depth == 0 {
        return Ok(1);
    }
    if threads == 1 && units::small(&[(board, depth)], units::PERFT_LIMIT) {
        return Ok(u128::from(py.detach(|| counter(table)(&board, depth))));
    }
    // Each root move's subtree is summed in 128 bits: with a table, deep runs pass 2^64
    // leaves (the start position at depth 14).
    Ok(count_divide(py, &board, depth, threads, table)?
        .into_iter()
        .map(|(_, n)| n)
        .sum())
}

/// Perft of each root move: a dict from the move's UCI text (the Board's notation, or the
/// position's for a FEN: king-takes-rook castling when it needs Chess960 rules) to its
/// count at `depth - 1`. Empty at depth 0. Same arguments and errors as `perft`.
#[pyfunction]
#[pyo3(signature = (position, depth, threads = None, table = None))]
fn divide<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    depth: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    table: Option<PyRef<'py, PyTable>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (depth, threads) = check_args(depth, threads)?;
    let board = board_of(position)?;
    // A Board in Chess960 notation names its castling moves king-takes-rook, as its Moves do.
    let chess960 = position
        .cast::<PyBoard>()
        .is_ok_and(|b| b.borrow().chess960_mode());
    let dict = PyDict::new(py);
    if depth == 0 {
        return Ok(dict);
    }
    let mut entries: Vec<(String, u128)> =
        count_divide(py, &board, depth, threads, table.as_deref())?
            .into_iter()
            .map(|(mv, n)| {
                let text = if chess960 {
                    mv.uci_chess960()
                } else {
                    board.uci(mv)
                };
                (text.to_string(), n)
            })
            .collect();
    entries.sort();
    for (text, n) in entries {
        dict.set_item(text, n)?;
    }
    Ok(dict)
}

/// Perft with the breakdown of the Chess Programming Wiki tables, counted at the leaf moves:
/// a dict with `nodes`, `captures`, `ep`, `castles`, `promotions`, `checks`,
/// `discovery_checks`, `double_checks`, `checkmates` (the crate's names). `table` (a `Table`)
/// memoises subtrees as statistics entries, which plain counts never read (nor these theirs).
/// Same errors as `perft`.
#[pyfunction]
#[pyo3(signature = (position, depth, threads = None, table = None))]
fn perft_stats<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    depth: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    table: Option<PyRef<'py, PyTable>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (depth, threads) = check_args(depth, threads)?;
    let board = board_of(position)?;
    let table = table.as_deref().map(|t| &t.table);
    let count = |b: &Board, d: u32| match table {
        Some(table) => perft_stats_hashed(b, d, table),
        None => crate_perft_stats(b, d),
    };
    // At depth 1 the root moves are the leaf moves, which counting below them cannot
    // classify: then the root is counted in one go (it is small).
    let stats = if depth <= 1 {
        py.detach(|| count(&board, depth))
    } else {
        let items: Vec<(Board, u32)> = board
            .legal_moves()
            .iter()
            .map(|&mv| (board.play_unchecked(mv), depth - 1))
            .collect();
        count_items::<Stats>(py, &items, threads, units::STATS_LIMIT, count)?
            .into_iter()
            .fold(Stats::default(), |total, s| total + s)
    };
    let dict = PyDict::new(py);
    for (name, value) in stats.fields() {
        dict.set_item(name, value)?;
    }
    Ok(dict)
}

/// The unique positions `ply` plies below `position` (a Board or a FEN), each with its
/// multiplicity (the number of move paths that reach it), sorted by FEN text: a list of
/// (Board, int). Positions are the same only when pieces, side to move, castling rights and
/// en-passant square are (compared in full, not by hash); the clocks are reset (perft ignores
/// them). The sum of multiplicity * perft(board, depth - ply) is perft(position, depth): the
/// units of a distributed perft. Memory grows with the positions (72,078 at ply 4 of the
/// start position, 9.4 million at ply 6). `order="tree"` lists them instead in the order a
/// depth-first walk first meets them (neighbours then share the most subtrees: what a worker
/// with a hash table wants). Raises ValueError for a ply above 30 or another order.
#[pyfunction]
#[pyo3(signature = (position, ply, order = "fen"))]
fn split<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    ply: &Bound<'py, PyAny>,
    order: &str,
) -> PyResult<Vec<(Bound<'py, PyBoard>, u64)>> {
    let tree = match order {
        "fen" => false,
        "tree" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "order {other:?}: expected \"fen\" or \"tree\""
            )));
        }
    };
    let ply = crate::query::int_arg(ply, "ply", 0, 30)? as u32;
    let chess960 = position
        .cast::<PyBoard>()
        .map(|b| b.borrow().chess960_mode())
        .ok();
    let board = board_of(position)?;
    let units = run_interruptible(py, |stop| {
        if tree {
            movegen::perft::split_in_tree_order_until(&board, ply, stop)
        } else {
            movegen::perft::split_until(&board, ply, stop)
        }
    })?
    .ok_or_else(|| PyKeyboardInterrupt::new_err("split stopped"))?;
    let mut out = Vec::with_capacity(units.len());
    for (i, (unit, paths)) in units.into_iter().enumerate() {
        // Millions of Boards take seconds to make: a signal is still noticed.
        if i % 65_536 == 65_535 {
            py.check_signals()?;
        }
        out.push((Bound::new(py, PyBoard::new_from(unit, chess960))?, paths));
    }
    Ok(out)
}

/// The sum over `units` of multiplicity * perft(position, depth): a list of (FEN or
/// Board, multiplicity, depth) tuples, as `split` makes them, a task payload of `plan_tasks`
/// (bytes: each unit's path replayed from the root and checked), or the text of `perft split`
/// (`FEN;multiplicity;depth` lines, blank and `#` lines skipped, as `perft units` reads a file;
/// the cheapest form to send to another process). All the
/// units are read first, then counted in one go without the GIL, with `table` when one is
/// given: a distributed perft task. With `per_unit=True`, the list of each unit's
/// perft(position, depth) instead (not multiplied: what another engine reports for the unit).
/// Raises FenError naming the unit for a bad FEN, ValueError for a malformed line or a depth
/// above 30.
#[pyfunction]
#[pyo3(signature = (units, table = None, *, per_unit = false))]
fn perft_units<'py>(
    py: Python<'py>,
    units: &Bound<'py, PyAny>,
    table: Option<PyRef<'py, PyTable>>,
    per_unit: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let mut parsed: Vec<(Board, u64, u32)> = Vec::new();
    let unit_error = |i: usize, e: PyErr| {
        if e.is_instance_of::<crate::FenError>(py) {
            crate::FenError::new_err(format!("unit {i}: {}", e.value(py)))
        } else {
            PyValueError::new_err(format!("unit {i}: {}", e.value(py)))
        }
    };
    let check_depth = |i: usize, depth: u32| {
        if depth > 30 {
            Err(PyValueError::new_err(format!(
                "unit {i}: depth {depth} is out of range (0 to 30)"
            )))
        } else {
            Ok(depth)
        }
    };
    if let Ok(payload) = units.cast::<pyo3::types::PyBytes>() {
        // A task of `plan_tasks`: every unit's path replayed and checked.
        let read = crate::plan::read_payload(payload.as_bytes(), true, &mut || py.check_signals())?;
        parsed = read
            .units
            .into_iter()
            .map(|(b, n)| (b, n, read.depth))
            .collect();
    } else if let Ok(text) = units.cast::<pyo3::types::PyString>() {
        let text = text.to_cow()?;
        // As `perft units` reads a file: blank and `#` lines skipped, errors by line number.
        for (number, line) in text.lines().enumerate().map(|(n, l)| (n + 1, l.trim())) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: String| PyValueError::new_err(format!("line {number}: {what}"));
            let fields: Vec<&str> = line.split(';').collect();
            let [fen, paths, depth] = fields.as_slice() else {
                return Err(bad(format!(
                    "expected FEN;multiplicity;depth, found {line:?}"
                )));
            };
            let board = crate::read_fen(fen.trim()).map_err(|e| {
                crate::FenError::new_err(format!("line {number}: FEN {:?}: {e}", fen.trim()))
            })?;
            let paths = paths
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    bad(format!(
                        "multiplicity: expected a positive number, found {paths:?}"
                    ))
                })?;
            let depth = depth
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&d| d <= 30)
                .ok_or_else(|| {
                    bad(format!(
                        "depth: expected a number from 0 to 30, found {depth:?}"
                    ))
                })?;
            parsed.push((board, paths, depth));
        }
    } else {
        for (i, item) in units.try_iter()?.enumerate() {
            let (position, paths, depth): (Bound<'_, PyAny>, u64, u32) =
                item?.extract().map_err(|e| unit_error(i, e))?;
            if paths == 0 {
                return Err(PyValueError::new_err(format!(
                    "unit {i}: multiplicity 0 (expected a positive number)"
                )));
            }
            let board = board_of(&position).map_err(|e| unit_error(i, e))?;
            parsed.push((board, paths, check_depth(i, depth)?));
        }
    }
    let items: Vec<(Board, u32)> = parsed.iter().map(|&(b, _, d)| (b, d)).collect();
    let totals: Vec<u128> =
        count_items(py, &items, 1, units::PERFT_LIMIT, counter(table.as_deref()))?;
    if per_unit {
        return Ok(pyo3::types::PyList::new(py, totals)?.into_any());
    }
    let sum: u128 = parsed
        .iter()
        .zip(totals)
        .map(|(&(_, paths, _), nodes)| u128::from(paths) * nodes)
        .sum();
    Ok(sum.into_pyobject(py)?.into_any())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(perft_units, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_class::<PyTable>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(divide, m)?)?;
    m.add_function(wrap_pyfunction!(perft_stats, m)?)?;
    Ok(())
}
