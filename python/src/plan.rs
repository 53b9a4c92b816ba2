//! The tasks of a distributed perft, planned in bounded memory and sent compactly.
//!
//! `plan_tasks` finds the units with the crate's `split_compact` (some 48 bytes a unit at the
//! peak, against some 400 for a Board object and its FEN text), estimates each unit's work,
//! groups the units into tasks and writes each task as a payload of bytes: the root FEN once,
//! then each unit as its first move path from the root (two bytes a move) and its multiplicity
//! (a LEB128 varint), some 14 bytes a unit at ply 6 against some 70 as `perft split` text.
//! A worker replays each path from the root, checking every move's legality, so a damaged
//! payload is an error, never a wrong count.
//!
//! A payload: `MGT1`; a flags byte (1: divide, 2: Chess960 move text); the remaining depth; the
//! path length; the root FEN (a u16 length, then its bytes); the root-move runs (a varint count,
//! then each run's move text, a byte length then its bytes, and its varint unit count: with
//! `divide`, the units of each root move follow one another); the varint unit count; the
//! units; the 64-bit FNV-1a hash of all that, little-endian.

use crate::board::{PyBoard, board_of};
use crate::interrupt::run_interruptible;
use movegen::perft::{SplitError, SplitUnits, split_compact};
use movegen::{Board, Move};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

const MAGIC: &[u8; 4] = b"MGT1";
const DIVIDE: u8 = 1;
const CHESS960: u8 = 2;

/// The units of a plan: one split of the root, or (divide) one per root move, with its text.
struct Parts {
    splits: Vec<(Option<(Move, String)>, SplitUnits)>,
}

fn move_text(mv: Move, chess960: bool) -> String {
    if chess960 {
        mv.uci_chess960().as_str().to_owned()
    } else {
        mv.uci().as_str().to_owned()
    }
}

fn stopped(error: SplitError) -> PyErr {
    match error {
        SplitError::Stopped => PyKeyboardInterrupt::new_err("planning stopped"),
        other => PyValueError::new_err(other.to_string()),
    }
}

impl Parts {
    fn new(
        board: &Board,
        ply: u32,
        divide: bool,
        chess960: bool,
        stop: &AtomicBool,
    ) -> Result<Parts, SplitError> {
        let mut splits = Vec::new();
        if divide {
            let mut moves: Vec<(String, Move)> = board
                .legal_moves()
                .iter()
                .map(|&mv| (move_text(mv, chess960), mv))
                .collect();
            moves.sort();
            for (text, mv) in moves {
                let child = board.play_unchecked(mv);
                splits.push((Some((mv, text)), split_compact(&child, ply - 1, stop)?));
            }
        } else {
            splits.push((None, split_compact(board, ply, stop)?));
        }
        Ok(Parts { splits })
    }

    fn len(&self) -> usize {
        self.splits.iter().map(|(_, units)| units.len()).sum()
    }

    /// Every unit in plan order: (its split, its index there).
    fn positions(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.splits
            .iter()
            .enumerate()
            .flat_map(|(s, (_, units))| (0..units.len()).map(move |i| (s, i)))
    }

    /// Every unit in plan order: (its split, its index there, its board, its multiplicity).
    fn each(&self) -> impl Iterator<Item = (usize, usize, Board, u64)> + '_ {
        self.splits.iter().enumerate().flat_map(|(s, (_, units))| {
            units
                .iter()
                .enumerate()
                .map(move |(i, (board, paths))| (s, i, board, paths))
        })
    }
}

fn push_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The 64-bit FNV-1a hash of `bytes`: a payload's last 8 bytes, so that a damaged payload
/// (a move changed into another legal move, say) is refused before it is counted.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// One payload being written.
struct Writer<'a> {
    parts: &'a Parts,
    header: Vec<u8>,
    body: Vec<u8>,
    /// (split, units) runs, in order.
    runs: Vec<(usize, u64)>,
    units: u64,
    path: Vec<Move>,
}

impl<'a> Writer<'a> {
    fn new(
        parts: &'a Parts,
        root: &Board,
        depth: u32,
        ply: u32,
        divide: bool,
        chess960: bool,
    ) -> Writer<'a> {
        let mut header = MAGIC.to_vec();
        header.push((u8::from(divide) * DIVIDE) | (u8::from(chess960) * CHESS960));
        header.push(depth as u8);
        header.push(ply as u8);
        let fen = root.to_string();
        header.extend_from_slice(&(fen.len() as u16).to_le_bytes());
        header.extend_from_slice(fen.as_bytes());
        Writer {
            parts,
            header,
            body: Vec::new(),
            runs: Vec::new(),
            units: 0,
            path: Vec::new(),
        }
    }

    fn push(&mut self, split: usize, unit: usize) {
        let (root_move, units) = &self.parts.splits[split];
        units.path_into(unit, &mut self.path);
        for mv in root_move
            .iter()
            .map(|(mv, _)| *mv)
            .chain(self.path.iter().copied())
        {
            self.body.extend_from_slice(&mv.raw().to_le_bytes());
        }
        push_varint(&mut self.body, units.paths(unit).unwrap_or(0));
        match self.runs.last_mut() {
            Some((s, n)) if *s == split => *n += 1,
            _ => self.runs.push((split, 1)),
        }
        self.units += 1;
    }

    fn finish(mut self, divide: bool) -> (Vec<u8>, u64) {
        let runs: Vec<(usize, u64)> = if divide {
            std::mem::take(&mut self.runs)
        } else {
            Vec::new()
        };
        push_varint(&mut self.header, runs.len() as u64);
        for (split, n) in runs {
            let text = self.parts.splits[split]
                .0
                .as_ref()
                .map_or("", |(_, t)| t.as_str());
            self.header.push(text.len() as u8);
            self.header.extend_from_slice(text.as_bytes());
            push_varint(&mut self.header, n);
        }
        push_varint(&mut self.header, self.units);
        self.header.extend_from_slice(&self.body);
        let sum = fnv1a(&self.header);
        self.header.extend_from_slice(&sum.to_le_bytes());
        (self.header, self.units)
    }
}

/// Each unit's estimated work, multiplicity * perft to 1 or 2 plies (at least 1).
fn estimates(parts: &Parts, remaining: u32, ply: u32, stop: &AtomicBool) -> Option<Vec<u64>> {
    let plies = remaining.min(if ply < 5 { 2 } else { 1 });
    let mut out = Vec::with_capacity(parts.len());
    for (n, (_, _, board, paths)) in parts.each().enumerate() {
        if n % 65_536 == 65_535 && stop.load(Relaxed) {
            return None;
        }
        out.push(paths.saturating_mul(movegen::perft(&board, plies)).max(1));
    }
    Some(out)
}

/// The tasks: (payload, units) each, as `distributed.plan` documents the grouping.
fn plan(
    board: &Board,
    depth: u32,
    ply: u32,
    tasks: usize,
    divide: bool,
    chess960: bool,
    stop: &AtomicBool,
) -> Result<Vec<(Vec<u8>, u64)>, SplitError> {
    let parts = Parts::new(board, ply, divide, chess960, stop)?;
    let remaining = depth - ply;
    let sizes = estimates(&parts, remaining, ply, stop).ok_or(SplitError::Stopped)?;
    let count = tasks.clamp(1, sizes.len().max(1));
    let writer = || Writer::new(&parts, &root_of(board), remaining, ply, divide, chess960);
    let mut writers: Vec<Writer<'_>> = (0..count).map(|_| writer()).collect();
    if sizes.len() >= 50 * count {
        // Runs of about equal work, in tree order.
        let total: u128 = sizes.iter().map(|&e| u128::from(e)).sum();
        let mut done = 0u128;
        for ((s, i), &estimate) in parts.positions().zip(&sizes) {
            let task = ((done * count as u128 / total) as usize).min(count - 1);
            writers[task].push(s, i);
            done += u128::from(estimate);
        }
        return Ok(writers
            .into_iter()
            .filter(|w| w.units > 0)
            .map(|w| w.finish(divide))
            .collect());
    }
    // Few units a task: largest first to the least loaded task, ties by FEN then root move.
    let index: Vec<(usize, usize)> = parts.positions().collect();
    let fens: Vec<String> = parts.each().map(|(_, _, b, _)| b.to_string()).collect();
    let root_text = |s: usize| parts.splits[s].0.as_ref().map_or("", |(_, t)| t.as_str());
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by(|&a, &b| {
        (std::cmp::Reverse(sizes[a]), &fens[a], root_text(index[a].0)).cmp(&(
            std::cmp::Reverse(sizes[b]),
            &fens[b],
            root_text(index[b].0),
        ))
    });
    let mut loads: BinaryHeap<std::cmp::Reverse<(u128, usize)>> =
        (0..count).map(|i| std::cmp::Reverse((0, i))).collect();
    let mut first: Vec<Option<usize>> = vec![None; count];
    for unit in order {
        let Some(std::cmp::Reverse((load, task))) = loads.pop() else {
            break;
        };
        writers[task].push(index[unit].0, index[unit].1);
        first[task].get_or_insert(unit);
        loads.push(std::cmp::Reverse((load + u128::from(sizes[unit]), task)));
    }
    let mut weight = vec![0u128; count];
    for std::cmp::Reverse((load, task)) in loads {
        weight[task] = load;
    }
    let mut tasks: Vec<usize> = (0..count).filter(|&t| first[t].is_some()).collect();
    tasks.sort_by(|&a, &b| {
        let fen = |t: usize| first[t].map_or("", |u| fens[u].as_str());
        (std::cmp::Reverse(weight[a]), fen(a)).cmp(&(std::cmp::Reverse(weight[b]), fen(b)))
    });
    let mut slots: Vec<Option<Writer<'_>>> = writers.into_iter().map(Some).collect();
    Ok(tasks
        .into_iter()
        .filter_map(|t| slots[t].take())
        .map(|w| w.finish(divide))
        .collect())
}

/// The root as a payload holds it: clocks reset, as the units' are.
fn root_of(board: &Board) -> Board {
    reset_clocks(board)
}

/// `board` with halfmove clock 0 and fullmove number 1 (perft ignores both).
fn reset_clocks(board: &Board) -> Board {
    let text = board.to_string();
    let fields: Vec<&str> = text.split(' ').collect();
    let reset = format!("{} 0 1", fields[..fields.len().min(4)].join(" "));
    Board::from_fen(&reset).unwrap_or(*board)
}

/// The tasks of a distributed perft of `position` at `depth`, split at `split_ply` into at most
/// `tasks` tasks: a list of (payload, number of units), the same on every run. The units are
/// the unique positions `split_ply` plies below the root, in tree order (with `divide`: for
/// each root move in move-text order, the units of its child one ply less deep); with at
/// least 50 units a task each task is a run of consecutive units of about equal estimated
/// work (multiplicity * perft to 1 or 2 plies), otherwise the units go largest first to the
/// least loaded task and the tasks come largest first. Read a payload with `payload_units`
/// or `payload_info`, count it with `perft_units`. Ctrl-C stops it (KeyboardInterrupt).
/// Raises ValueError for `split_ply` not between 0 (1 with `divide`) and `depth` - 1 (0 at
/// depth 0), a depth above 30 or no tasks.
#[pyfunction]
#[pyo3(signature = (position, depth, split_ply, tasks, *, divide = false))]
fn plan_tasks<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    depth: &Bound<'py, PyAny>,
    split_ply: &Bound<'py, PyAny>,
    tasks: &Bound<'py, PyAny>,
    divide: bool,
) -> PyResult<Vec<(Bound<'py, PyBytes>, u64)>> {
    let depth = crate::query::int_arg(depth, "depth", 0, 30)? as u32;
    let lowest = i64::from(divide);
    let highest = (i64::from(depth) - 1).max(lowest);
    let ply = crate::query::int_arg(split_ply, "split_ply", lowest, highest)? as u32;
    if ply > depth {
        return Err(PyValueError::new_err(format!(
            "split_ply {ply} is deeper than depth {depth}"
        )));
    }
    let tasks = crate::query::int_arg(tasks, "tasks", 1, 1 << 32)? as usize;
    let chess960 = position
        .cast::<PyBoard>()
        .is_ok_and(|b| b.borrow().chess960_mode());
    let board = board_of(position)?;
    let planned = run_interruptible(py, |stop| {
        plan(&board, depth, ply, tasks, divide, chess960, stop)
    })?
    .map_err(stopped)?;
    Ok(planned
        .into_iter()
        .map(|(bytes, units)| (PyBytes::new(py, &bytes), units))
        .collect())
}

/// A payload read back: its header and its units (each its board and multiplicity).
pub(crate) struct Payload {
    pub(crate) root: String,
    pub(crate) depth: u32,
    pub(crate) chess960: bool,
    pub(crate) runs: Vec<(String, u64)>,
    pub(crate) units: Vec<(Board, u64)>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| format!("payload: cut short at byte {}", self.bytes.len()))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Ok(n);
            }
        }
        Err(format!("payload: a number at byte {} is too long", self.at))
    }

    fn text(&mut self, n: usize) -> Result<String, String> {
        let at = self.at;
        String::from_utf8(self.take(n)?.to_vec())
            .map_err(|_| format!("payload: text at byte {at} is not UTF-8"))
    }
}

/// Reads a payload, replaying and checking every unit's path (with `replay`; otherwise each
/// unit's board is the root and only the layout is checked).
pub(crate) fn read_payload(
    bytes: &[u8],
    replay: bool,
    check_signals: &mut dyn FnMut() -> PyResult<()>,
) -> PyResult<Payload> {
    fn bad(message: impl Into<String>) -> PyErr {
        PyValueError::new_err(message.into())
    }
    if bytes.get(..4) != Some(MAGIC.as_slice()) {
        return Err(bad(
            "payload: not a movegen task (expected it to start with MGT1)",
        ));
    }
    let Some((bytes, sum)) = bytes.split_last_chunk::<8>() else {
        return Err(bad("payload: cut short (no checksum)"));
    };
    if fnv1a(bytes) != u64::from_le_bytes(*sum) {
        return Err(bad(
            "payload: the checksum does not match (the payload is damaged)",
        ));
    }
    let mut r = Reader { bytes, at: 4 };
    let header = (|| -> Result<_, String> {
        let flags = r.byte()?;
        let depth = u32::from(r.byte()?);
        let ply = usize::from(r.byte()?);
        let fen_len = u16::from_le_bytes([r.byte()?, r.byte()?]);
        let root = r.text(usize::from(fen_len))?;
        let mut runs = Vec::new();
        for _ in 0..r.varint()? {
            let len = r.byte()?;
            runs.push((r.text(usize::from(len))?, r.varint()?));
        }
        Ok((flags, depth, ply, root, runs, r.varint()?))
    })()
    .map_err(bad)?;
    let (flags, depth, ply, root, runs, count) = header;
    if depth > 30 || flags & !(DIVIDE | CHESS960) != 0 {
        return Err(bad(format!(
            "payload: depth {depth} or flags {flags} out of range"
        )));
    }
    let start =
        crate::read_fen(&root).map_err(|e| bad(format!("payload: root FEN {root:?}: {e}")))?;
    let mut units = Vec::with_capacity(count.min(bytes.len() as u64) as usize);
    for i in 0..count {
        if i % 65_536 == 65_535 {
            check_signals()?;
        }
        let mut board = start;
        if !replay {
            r.take(2 * ply).map_err(bad)?;
        }
        for step in (0..ply).filter(|_| replay) {
            let raw = r.take(2).map_err(bad)?;
            let raw = u16::from_le_bytes([raw[0], raw[1]]);
            board = Move::from_raw(raw)
                .and_then(|mv| board.play(mv).ok())
                .ok_or_else(|| {
                    bad(format!(
                        "payload: unit {i}: move {step} (code {raw}) is not legal in {board}"
                    ))
                })?;
        }
        let paths = r.varint().map_err(bad)?;
        if paths == 0 {
            return Err(bad(format!("payload: unit {i}: multiplicity 0")));
        }
        units.push((board, paths));
    }
    if r.at != bytes.len() {
        return Err(bad(format!(
            "payload: {} bytes after the last unit",
            bytes.len() - r.at
        )));
    }
    if runs.iter().map(|(_, n)| n).sum::<u64>() != if runs.is_empty() { 0 } else { count } {
        return Err(bad(
            "payload: the root-move runs do not add up to the units",
        ));
    }
    Ok(Payload {
        root,
        depth,
        chess960: flags & CHESS960 != 0,
        runs,
        units,
    })
}

/// The units of a `plan_tasks` payload: a list of (FEN, multiplicity, depth), each FEN exact
/// for its unit (clocks 0 and 1), in the payload's order. Raises ValueError for a payload that
/// is damaged or whose moves are not legal.
#[pyfunction]
fn payload_units(py: Python<'_>, payload: &[u8]) -> PyResult<Vec<(String, u64, u32)>> {
    let read = read_payload(payload, true, &mut || py.check_signals())?;
    Ok(read
        .units
        .iter()
        .map(|(b, n)| (reset_clocks(b).to_string(), *n, read.depth))
        .collect())
}

/// What a `plan_tasks` payload holds, without replaying its units: a dict with `fen` (the
/// root), `depth` (remaining below each unit), `units`, `multiplicities` (each unit's, in
/// order), `chess960` and `divide` (a list of (root move, units) runs, in order, empty without
/// divide). Raises ValueError for a damaged payload (`perft_units` and `payload_units` also
/// check each move's legality).
#[pyfunction]
fn payload_info<'py>(py: Python<'py>, payload: &[u8]) -> PyResult<Bound<'py, PyDict>> {
    let read = read_payload(payload, false, &mut || py.check_signals())?;
    let dict = PyDict::new(py);
    dict.set_item("fen", read.root)?;
    dict.set_item("depth", read.depth)?;
    dict.set_item("units", read.units.len())?;
    let paths: Vec<u64> = read.units.iter().map(|&(_, n)| n).collect();
    dict.set_item("multiplicities", paths)?;
    dict.set_item("chess960", read.chess960)?;
    dict.set_item("divide", read.runs)?;
    Ok(dict)
}

/// The number of unique positions `ply` plies below `position` (what `split` would list),
/// found in bounded memory. Ctrl-C stops it. Raises ValueError for a ply above 30.
#[pyfunction]
fn split_len(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    ply: &Bound<'_, PyAny>,
) -> PyResult<usize> {
    let ply = crate::query::int_arg(ply, "ply", 0, 30)? as u32;
    let board = board_of(position)?;
    let units = run_interruptible(py, |stop| split_compact(&board, ply, stop))?.map_err(stopped)?;
    Ok(units.len())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(plan_tasks, m)?)?;
    m.add_function(wrap_pyfunction!(payload_units, m)?)?;
    m.add_function(wrap_pyfunction!(payload_info, m)?)?;
    m.add_function(wrap_pyfunction!(split_len, m)?)?;
    Ok(())
}
