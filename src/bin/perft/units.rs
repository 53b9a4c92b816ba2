//! `perft split` and `perft units`: a deep perft cut into units (unique positions with their
//! multiplicities, `movegen::perft::split`), written one a line as `FEN;multiplicity;depth` in tree order,
//! so any job runner can count them; and the sum of a units file.

// Untrusted text (units files) is parsed here: no unwrap, expect or unchecked indexing.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::cli::{MAX_DEPTH, Position, RunOptions, excerpt};
use crate::count::{STAT_LABELS, hash_label, written};
use movegen::perft::{Table, perft_hashed, perft_stats_hashed, split_compact};
use movegen::{Board, Stats, perft, perft_stats};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// One unit: count `perft(board, depth)` and multiply by `paths`.
#[derive(Debug)]
pub struct Unit {
    pub board: Board,
    pub paths: u64,
    pub depth: u32,
}

/// `perft split`: the units of `position` at `ply`, for a perft of `depth`, on stdout in tree
/// order (`movegen::perft::split_compact`: about 48 bytes a unit at the peak, the boards
/// replayed as they are written); a summary on stderr.
pub fn split_command(position: &Position, ply: u32, depth: u32) -> Result<(), String> {
    if ply > depth {
        return Err(format!(
            "--ply {ply} is deeper than DEPTH {depth} (the units would be below the leaves)"
        ));
    }
    let start = Instant::now();
    let units = split_compact(&position.board, ply, &AtomicBool::new(false))
        .map_err(|e| format!("--ply {ply}: {e}"))?;
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut paths: u128 = 0;
    let result = (|| {
        for (board, n) in units.iter() {
            paths += u128::from(n);
            writeln!(out, "{board};{n};{}", depth - ply)?;
        }
        out.flush()
    })();
    if !written(result, "the units")? {
        return Ok(());
    }
    eprintln!(
        "{} unique positions at ply {ply} ({paths} move paths) in {:.3} s",
        units.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Reads a units file: `FEN;multiplicity;depth` lines; blank lines and lines starting with
/// `#` are skipped. An error names the line and what is wrong with it.
pub fn read_units(path: &Path) -> Result<Vec<Unit>, String> {
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut units = Vec::new();
    for (i, line) in io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let unit =
            parse_unit(text).map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))?;
        units.push(unit);
    }
    Ok(units)
}

fn parse_unit(text: &str) -> Result<Unit, String> {
    let fields: Vec<&str> = text.split(';').collect();
    let [fen, paths, depth] = fields.as_slice() else {
        return Err(format!(
            "expected FEN;multiplicity;depth (3 fields), found {} in {}",
            fields.len(),
            excerpt(text)
        ));
    };
    let board = Board::from_fen(fen.trim()).map_err(|e| format!("FEN {}: {e}", excerpt(fen)))?;
    let paths = paths
        .trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("multiplicity: expected a positive number, found {paths:?}"))?;
    let depth = depth
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|&d| d <= MAX_DEPTH)
        .ok_or_else(|| {
            format!("depth: expected a number from 0 to {MAX_DEPTH}, found {depth:?}")
        })?;
    Ok(Unit {
        board,
        paths,
        depth,
    })
}

/// The table of `hash_mib` MiB (none for 0) whose keys `hash_seed` changes.
fn make_table(hash_mib: usize, hash_seed: u64) -> Result<Option<Table>, String> {
    match hash_mib {
        0 => Ok(None),
        mib => Table::with_seed(mib, hash_seed)
            .map(Some)
            .ok_or_else(|| format!("--hash {mib}: cannot allocate that much memory")),
    }
}

/// The sum of `count` over `units`, on `threads` threads taking units in turn.
fn sum_units<T: Default + Send + std::ops::AddAssign>(
    units: &[Unit],
    threads: usize,
    count: impl Fn(&Unit) -> T + Sync,
) -> T {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, units.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut sum = T::default();
                    while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                        sum += count(unit);
                    }
                    sum
                })
            })
            .collect();
        let mut total = T::default();
        for worker in workers {
            total += worker
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
        }
        total
    })
}

/// From this depth on a unit is counted by root move (see `wide`).
const WIDE_DEPTH: u32 = 13;

/// The sum of multiplicity * perft over `units`, on `threads` threads taking units in turn,
/// with one shared table of `hash_mib` MiB (none for 0) whose keys `hash_seed` changes.
pub fn count_units(
    units: &[Unit],
    threads: usize,
    hash_mib: usize,
    hash_seed: u64,
) -> Result<u128, String> {
    let table = make_table(hash_mib, hash_seed)?;
    let leaves = |board: &Board, depth: u32| match &table {
        Some(table) => perft_hashed(board, depth, table),
        None => perft(board, depth),
    };
    Ok(sum_units(units, threads, |unit: &Unit| {
        u128::from(unit.paths) * wide(unit, |board, depth| u128::from(leaves(board, depth)))
    }))
}

/// `count` of a unit's position at its depth, or from depth `WIDE_DEPTH` on summed over its
/// root moves, where one subtree's count can pass 2^64 leaves.
fn wide<T: Default + std::ops::AddAssign>(unit: &Unit, count: impl Fn(&Board, u32) -> T) -> T {
    if unit.depth < WIDE_DEPTH {
        return count(&unit.board, unit.depth);
    }
    let mut sum = T::default();
    for &mv in unit.board.legal_moves().iter() {
        sum += count(&unit.board.play_unchecked(mv), unit.depth - 1);
    }
    sum
}

/// The breakdown of `perft --stats` summed over units, each field in 128 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatSums(pub [u128; 9]);

impl std::ops::AddAssign for StatSums {
    fn add_assign(&mut self, other: StatSums) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

impl StatSums {
    /// `stats` times `paths`.
    fn of(stats: &Stats, paths: u64) -> StatSums {
        let mut out = [0u128; 9];
        for (o, (_, value)) in out.iter_mut().zip(stats.fields()) {
            *o = u128::from(paths) * u128::from(value);
        }
        StatSums(out)
    }
}

/// The sum of multiplicity * perft statistics over `units`, as `count_units`, with the table
/// when `hash_mib` is not 0 (statistics entries, which plain counts never read).
pub fn count_units_stats(
    units: &[Unit],
    threads: usize,
    hash_mib: usize,
    hash_seed: u64,
) -> Result<StatSums, String> {
    let table = make_table(hash_mib, hash_seed)?;
    let stats = |board: &Board, depth: u32| match &table {
        Some(table) if depth > 0 => perft_stats_hashed(board, depth, table),
        _ => perft_stats(board, depth),
    };
    Ok(sum_units(units, threads, |unit: &Unit| {
        wide(unit, |board, depth| {
            StatSums::of(&stats(board, depth), unit.paths)
        })
    }))
}

/// `perft units FILE`: prints `Nodes searched: N` (or one JSON object), time on stderr.
pub fn units_command(path: &Path, run: &RunOptions) -> Result<(), String> {
    let units = read_units(path)?;
    let start = Instant::now();
    if run.stats
        && let Some(unit) = units.iter().find(|u| u.depth == 0)
    {
        return Err(format!(
            "--stats: the unit {} has depth 0, and its breakdown belongs to the move into it \
             (split one ply less deep)",
            unit.board
        ));
    }
    let (total, stats) = if run.stats {
        let sums = count_units_stats(&units, run.threads, run.hash_mib, run.hash_seed)?;
        (sums.0[0], Some(sums))
    } else {
        (
            count_units(&units, run.threads, run.hash_mib, run.hash_seed)?,
            None,
        )
    };
    let seconds = start.elapsed().as_secs_f64();
    let names = Stats::default().fields();
    let stats_json = stats.map_or(String::new(), |sums| {
        let fields: Vec<String> = names[1..]
            .iter()
            .zip(&sums.0[1..])
            .map(|((name, _), value)| format!("\"{name}\":{value}"))
            .collect();
        format!(",\"stats\":{{{}}}", fields.join(","))
    });
    let mut out = io::stdout().lock();
    let result = if run.json {
        writeln!(
            out,
            "{{\"units\":{},\"nodes\":{total},\"seconds\":{seconds:.6},\"nps\":{:.0},\"threads\":{},\"hash_mib\":{}{stats_json}}}",
            units.len(),
            total as f64 / seconds.max(1e-9),
            run.threads,
            run.hash_mib
        )
    } else {
        (|| {
            writeln!(out, "Nodes searched: {total}")?;
            for (value, (_, label)) in stats.iter().flat_map(|s| &s.0[1..]).zip(STAT_LABELS) {
                writeln!(out, "{label}: {value}")?;
            }
            Ok(())
        })()
    };
    if !written(result.and_then(|()| out.flush()), "the result")? {
        return Ok(());
    }
    if !run.json {
        eprintln!(
            "{} units in {seconds:.3} s, {:.1} million nodes/s ({} threads, {})",
            units.len(),
            total as f64 / seconds.max(1e-9) / 1e6,
            run.threads,
            hash_label(run.hash_mib)
        );
    }
    Ok(())
}
