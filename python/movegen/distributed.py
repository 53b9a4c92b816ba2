"""Deep perft on a Dask cluster: ``python -m movegen.distributed [OPTIONS] DEPTH``.

The root is split into units (the unique positions ``--split-ply`` plies below it, each with
its multiplicity), the units are grouped into ``--tasks`` tasks, the same on every run (runs of
consecutive units in tree order with about equal estimated work; see ``plan``), each task a
compact payload of move paths (``movegen.plan_tasks``, in bounded memory: ply 6 of the start
position in some 0.7 GB), and Dask runs the tasks on its workers, each with a
``movegen.Table`` kept for the worker's lifetime. Every
task returns exact integers, summed here as Python ints. A worker that dies mid-task changes
nothing: Dask recomputes its tasks on the others. With ``--checkpoint FILE`` every finished
task is appended to FILE (flushed, with a checksum); run again with the same file, the
finished tasks are skipped.

Without ``--scheduler`` a ``LocalCluster`` is started on this machine (one worker process per
core, everything on 127.0.0.1). Needs Dask: the ``distributed`` extra
(``pip install "./python[distributed]"`` in the repository, or ``pip install dask distributed``).

Defaults: ``--tasks`` 20 per worker; ``--split-ply`` 5 (or DEPTH - 3 when smaller), deeper
(up to 6) while there are fewer units than tasks; ``--hash 256`` MiB per worker process; ``--timeout
30`` seconds for reaching the scheduler and finding workers.

Exit status: 0 success; 2 bad arguments, a refused checkpoint, a cluster that cannot be
reached or has no workers, a worker memory limit below ``--hash``, or a run stopped by a lost
scheduler or a task Dask gave up on; 130 Ctrl-C. Each failure is one line on stderr, and a run
stopped mid-way says how many tasks are saved (the same command resumes them).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import logging
import os
import re
import socket
import sys
import threading
import time
from typing import Any, Optional

import movegen

#: The breakdown of ``perft --stats``, in its order: (key of movegen.perft_stats, label).
STAT_LABELS = [
    ("captures", "Captures"),
    ("ep", "E.p."),
    ("castles", "Castles"),
    ("promotions", "Promotions"),
    ("checks", "Checks"),
    ("discovery_checks", "Discovery checks"),
    ("double_checks", "Double checks"),
    ("checkmates", "Checkmates"),
]

#: The split ply chosen by default when the depth allows it (822,518 units at ply 5 of the
#: start position), and the deepest (9.4 million units at ply 6).
PREFERRED_SPLIT = 5
MAX_DEFAULT_SPLIT = 6
TASKS_PER_WORKER = 20


class DistributedError(Exception):
    """A run that cannot go on: bad arguments, a refused checkpoint, an unreachable cluster."""


class RunStopped(DistributedError):
    """A run stopped after it started counting (a lost scheduler, a task Dask gave up on,
    Ctrl-C): the message says how many tasks are saved and how to go on."""

    def __init__(self, why: str, saved: int, tasks: int, checkpoint: Optional[str], interrupted: bool = False):
        if checkpoint is None:
            where = f"{saved} of {tasks} tasks were finished, none saved: run with --checkpoint FILE to keep them"
        else:
            where = f"{saved} of {tasks} tasks are saved in {checkpoint}: the same command resumes"
        super().__init__(f"{why}; {where}")
        self.interrupted = interrupted


def _reason(error: BaseException) -> str:
    """An exception as one line: its type and its message's first line."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


# ----- the work, run on the workers -----

#: The table of this worker process by its size in MiB, made on its first task and kept for
#: its lifetime: one table, a task with another ``--hash`` replacing it (a long-lived worker
#: kept one per size seen before).
_worker_table: dict[tuple[int, int], movegen.Table] = {}
_worker_table_lock = threading.Lock()


def units_text(units: list[tuple[str, int, int]]) -> str:
    """Units as the text of ``perft split`` (``FEN;multiplicity;depth`` lines): a task's
    payload, far cheaper to send than a list of tuples."""
    return "".join(f"{fen};{paths};{depth}\n" for fen, paths, depth in units)


_build_identity: Optional[dict[str, str]] = None


def build_identity() -> dict[str, str]:
    """The movegen build of this process: its version, a build id (the first 16 hex digits of
    the SHA-256 of the extension module's file, so two builds of one version differ) and its
    slider backend. A worker's results are accepted only when this equals the driver's."""
    global _build_identity
    if _build_identity is None:
        from . import _movegen

        digest = hashlib.sha256()
        try:
            with open(_movegen.__file__, "rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
            build = digest.hexdigest()[:16]
        except (OSError, AttributeError, TypeError):
            build = "unknown"
        _build_identity = {"build": build, "backend": movegen.BACKEND}
    return {"version": movegen.__version__, **_build_identity}


def _table(hash_mib: int, hash_seed: int) -> "Optional[movegen.Table]":
    """This worker process's table: one, of the last size and seed asked for (a task with
    another ``--hash`` replaces it)."""
    if hash_mib <= 0:
        return None
    with _worker_table_lock:  # a worker with several threads makes one table
        table = _worker_table.get((hash_mib, hash_seed))
        if table is None:
            _worker_table.clear()  # the old table goes before the new one is made
            table = _worker_table[(hash_mib, hash_seed)] = movegen.Table(hash_mib, hash_seed)
    return table


def count_task(
    units: "bytes | str | list[tuple[str, int, int]]",
    stats: bool,
    hash_mib: int,
    per_unit: bool = False,
    hash_seed: int = 0,
) -> dict[str, Any]:
    """The sum over a task's units of multiplicity * perft (with ``stats``, of every
    ``movegen.perft_stats`` field), as exact ints, with the ``build`` that counted them
    (``build_identity``) and the ``worker`` (its host name and process id). ``units`` is a
    payload of ``movegen.plan_tasks`` (each unit's move path replayed from the root and
    checked), or FEN, multiplicity, depth tuples or their text. A payload planned with
    ``divide`` adds ``divide``, the nodes of each root move's units; ``per_unit``
    (``--results``) adds ``units``, each unit's own counts, in order. Both counts use this
    worker's table (``hash_mib`` MiB, keys of ``hash_seed``) when ``hash_mib`` is positive.
    Runs on a worker."""
    table = _table(hash_mib, hash_seed)
    runs: list[tuple[str, int]] = []
    if isinstance(units, bytes):
        info = movegen.payload_info(units)
        runs, paths = info["divide"], info["multiplicities"]
    elif isinstance(units, str):
        rows = [line.split(";") for line in units.splitlines() if line]
        paths = [int(row[1]) for row in rows]
    else:
        paths = [int(unit[1]) for unit in units]
    if stats:
        listed = movegen.payload_units(units) if isinstance(units, bytes) else (
            [(fen, int(n), int(depth)) for fen, n, depth in (line.split(";") for line in units.splitlines() if line)]
            if isinstance(units, str) else list(units)
        )
        totals: dict[str, Any] = {"nodes": 0, **{key: 0 for key, _ in STAT_LABELS}}
        each = []
        for fen, n, depth in listed:
            counts = movegen.perft_stats(fen, depth, table=table)
            for key, value in counts.items():
                totals[key] += n * value
            each.append([counts["nodes"], *(counts[key] for key, _ in STAT_LABELS)])
    elif per_unit or runs:
        # One call for the whole task: the units are counted without the GIL in between (one
        # call per unit cost about 7 us each in a Dask worker, a third of the work at ply 5).
        each = [[n] for n in movegen.perft_units(units, table, per_unit=True)]
        totals = {"nodes": sum(n * row[0] for n, row in zip(paths, each))}
    else:
        totals = {"nodes": movegen.perft_units(units, table)}
        each = []
    if runs:
        per_move: dict[str, int] = {}
        at = 0
        for move, count in runs:
            nodes = sum(n * row[0] for n, row in zip(paths[at:at + count], each[at:at + count]))
            per_move[move] = per_move.get(move, 0) + nodes
            at += count
        totals["divide"] = per_move
    if per_unit:
        totals["units"] = each
    return {**totals, "build": build_identity(), "worker": f"{socket.gethostname()}:{os.getpid()}"}


# ----- planning -----


def root_board(fen: Optional[str], moves: list[str]) -> movegen.Board:
    """The position to count: ``fen`` (default the start position) after ``moves``."""
    try:
        board = movegen.Board(fen) if fen is not None else movegen.Board()
    except movegen.FenError as e:
        raise DistributedError(f"--fen {fen!r}: {e}") from None
    for text in moves:
        try:
            board.push_uci(text)
        except ValueError as e:
            raise DistributedError(f"--moves: {text!r} in {board.fen()}: {e}") from None
    return board


def choose_split(board: movegen.Board, depth: int, tasks: int) -> int:
    """The default split ply: deep enough that transpositions merge in the split (ply 5, with
    at least 3 plies left below it: each worker's table only sees its own units, and a
    shallow split leaves the workers counting the same positions; at depth 8 of the start
    position two workers took 7.5 s from a ply-4 split, 5.2 s from ply 5), and deeper still,
    up to ply 6, if that gives fewer units than ``tasks``."""
    ply = max(0, min(PREFERRED_SPLIT, depth - 3))
    while ply < min(depth - 1, MAX_DEFAULT_SPLIT) and movegen.split_len(board, ply) < tasks:
        ply += 1
    return ply


def plan(board: movegen.Board, depth: int, split_ply: int, tasks: int, divide: bool = False) -> list[tuple[bytes, int]]:
    """The units of ``board`` at ``split_ply`` grouped into at most ``tasks`` tasks, the same
    on every run: ``movegen.plan_tasks``, a list of (payload, number of units). Planning keeps
    some 48 bytes a unit at its peak and sends some 14 (ply 6 of the start position: 9,417,681
    units in 126 MB of payloads); ``movegen.payload_units`` reads a payload back.

    The work of a unit is estimated as multiplicity * perft to 1 or 2 plies. With at least 50
    units a task, each task is a run of consecutive units in tree order
    (``movegen.split(..., order="tree")``) with about equal estimated work, and the tasks run
    in that order: neighbouring subtrees share a worker and are counted one after another, so
    its table finds more of their common positions (startpos depth 8 from ply 5, two workers:
    6.0 s of work each with runs of consecutive FENs, 7.6 s with the units scattered over the
    tasks). With fewer units a task, the units go largest first to the task with the least
    work so far, and the tasks run largest first (ties by their first FEN), for balance. With
    ``divide`` the units are, for each root move in move-text order, the units of its child
    ``split_ply - 1`` plies below it (a position reached from two root moves is a unit of
    each), and each payload records which root move each run of its units belongs to."""
    return movegen.plan_tasks(board, depth, split_ply, tasks, divide=divide)


# ----- the checkpoint -----


def record_line(record: dict[str, Any]) -> str:
    """One checkpoint line: the record and a checksum of its canonical JSON."""
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(body.encode()).hexdigest()[:16]
    return json.dumps({"record": record, "sum": digest}, sort_keys=True, separators=(",", ":"))


def parse_line(line: str) -> Optional[dict[str, Any]]:
    """The record of a checkpoint line, or None when it is torn or corrupt."""
    try:
        outer = json.loads(line)
        record = outer["record"]
        body = json.dumps(record, sort_keys=True, separators=(",", ":"))
        if hashlib.sha256(body.encode()).hexdigest()[:16] != outer["sum"]:
            return None
        return record
    except (ValueError, KeyError, TypeError):
        return None


def read_checkpoint(path: str, identity: dict[str, Any]) -> dict[int, dict[str, int]]:
    """The finished tasks of the checkpoint at ``path`` (none when it does not exist).
    Refuses a checkpoint of another run, or one damaged anywhere but in its last line (a
    line torn by a crash while it was written is ignored, and its task counted again)."""
    if not os.path.exists(path):
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except (OSError, UnicodeDecodeError) as e:
        raise DistributedError(f"checkpoint {path}: cannot read it ({e})") from None
    complete = lines[:-1]  # the text after the last newline is a torn line, if any
    if not complete:
        if lines[0] and not lines[0].startswith('{"record"'):
            raise DistributedError(f"checkpoint {path}: not a movegen.distributed checkpoint")
        return {}  # empty, or a header torn while it was written
    header = parse_line(complete[0])
    if header is None or "identity" not in header:
        raise DistributedError(f"checkpoint {path}: not a movegen.distributed checkpoint")
    if header["identity"] != identity:
        theirs = header["identity"] if isinstance(header["identity"], dict) else {}
        differ = sorted(k for k in set(theirs) | set(identity) if theirs.get(k) != identity.get(k))
        fields = "; ".join(f"{k}: checkpoint {theirs.get(k)!r}, this run {identity.get(k)!r}" for k in differ)
        raise DistributedError(
            f"checkpoint {path} belongs to another run ({fields}): "
            "use another --checkpoint file or the same arguments"
        )
    done: dict[int, dict[str, int]] = {}
    for number, line in enumerate(complete[1:], start=2):
        record = parse_line(line)
        if record is None:
            if number == len(complete):
                continue  # the last whole line, damaged: counted again
            raise DistributedError(f"checkpoint {path}: line {number} is damaged")
        done.setdefault(int(record["task"]), record["result"])
    return done


#: The deepest split ply (96.4 million units below the start position, OEIS A083276) and
#: the most tasks a run may have.
MAX_SPLIT = 7
MAX_TASKS = 100_000
#: Published counts of unique positions below the start position by ply (OEIS A083276), for
#: the estimate shown before a large split.
STARTPOS_UNITS = [1, 20, 400, 5362, 72078, 822518, 9417681, 96400068]
#: Driver memory per unit while planning (``plan_tasks``): peak RSS 664 MB for the 9.4 million
#: units of ply 6 of the start position, 5.8 GB for the 96.4 million of ply 7 (2026-12-07).
PLAN_BYTES_PER_UNIT = 72


def check_bounds(depth: int, split_ply: Optional[int], tasks: Optional[int]) -> None:
    """Refuses a split ply deeper than DEPTH - 1 or ``MAX_SPLIT`` (units below the last ply
    are single leaves: all the work moves into planning), and a task count over ``MAX_TASKS``."""
    if split_ply is not None:
        top = min(max(depth - 1, 0), MAX_SPLIT)
        if not 0 <= split_ply <= top:
            raise DistributedError(f"--split-ply {split_ply}: expected 0 to {top} (DEPTH - 1, at most {MAX_SPLIT})")
    if tasks is not None and not 1 <= tasks <= MAX_TASKS:
        raise DistributedError(f"--tasks {tasks}: expected 1 to {MAX_TASKS:,}")


def normal_fen(fen: Optional[str]) -> str:
    """The root's FEN as movegen writes it back (the start position's when none is given)."""
    if fen is None:
        return movegen.STARTING_FEN
    try:
        return movegen.Board(fen).fen()
    except movegen.FenError as e:
        raise DistributedError(f"--fen {fen!r}: {e}") from None


def refuse_foreign(path: str, previous: dict[str, Any], given: dict[str, Any]) -> None:
    """Refuses the checkpoint at ``path`` when its identity differs from what this run was
    given, naming the fields that differ (before any planning or adopted setting)."""
    differ = [key for key, value in given.items() if previous.get(key) != value]
    if differ:
        fields = "; ".join(f"{key}: checkpoint {previous.get(key)!r}, this run {given[key]!r}" for key in differ)
        raise DistributedError(
            f"checkpoint {path} belongs to another run ({fields}): use another --checkpoint file or the same arguments"
        )


def announce_plan(board: movegen.Board, split_ply: int) -> None:
    """Before a split of ply 6 or deeper, a line on stderr with the units to expect (the
    published count below the start position; at most perft(ply) elsewhere) and the
    driver's memory for them."""
    if split_ply < 6:
        return
    if board.fen() == movegen.STARTING_FEN:
        units, how = STARTPOS_UNITS[split_ply], "about"
    else:
        units, how = movegen.perft(board, split_ply), "at most"
    print(
        f"movegen.distributed: planning ply {split_ply}: {how} {units:,} units, "
        f"about {units * PLAN_BYTES_PER_UNIT / 2**30:,.1f} GiB in this driver",
        file=sys.stderr,
    )


class CheckpointLock:
    """An exclusive lock on ``FILE.lock`` beside the checkpoint for the run's duration, so two
    drivers never write one checkpoint (``flock``; where there is none, no lock)."""

    def __init__(self, path: Optional[str]):
        self.file = None
        if path is None:
            return
        try:
            import fcntl
        except ImportError:
            return
        try:
            self.file = open(f"{path}.lock", "a+", encoding="utf-8")
        except OSError as e:
            raise DistributedError(f"checkpoint {path}: cannot create its lock file ({e})") from None
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.file.seek(0)
            holder = self.file.read().strip() or "?"
            self.file.close()
            self.file = None
            raise DistributedError(f"checkpoint {path} is in use by another driver (pid {holder})") from None
        self.file.seek(0)
        self.file.truncate()
        self.file.write(f"{os.getpid()}\n")
        self.file.flush()

    def release(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None


def checkpoint_identity(path: Optional[str]) -> Optional[dict[str, Any]]:
    """The identity in the header of the checkpoint at ``path``, if it has one."""
    if not path or not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            header = parse_line(f.readline().rstrip("\n"))
    except (OSError, UnicodeDecodeError):
        return None
    return header.get("identity") if header else None


class Checkpoint:
    """Appends finished tasks to the checkpoint file, each line flushed to the disk. A file
    resumed from is first rewritten with its header and valid records only (atomically), so
    a torn or damaged last line never ends up in the middle."""

    def __init__(self, path: Optional[str], identity: dict[str, Any], done: dict[int, dict[str, int]]):
        self.file = None
        if path is None:
            return
        temporary = f"{path}.tmp{os.getpid()}"
        try:
            with open(temporary, "w", encoding="utf-8") as f:
                f.write(record_line({"identity": identity}) + "\n")
                for task, result in sorted(done.items()):
                    f.write(record_line({"task": task, "result": result}) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, path)
            self.file = open(path, "a", encoding="utf-8")
        except OSError as e:
            raise DistributedError(f"checkpoint {path}: cannot write it ({e})") from None

    def done(self, task: int, result: dict[str, int]) -> None:
        if self.file is not None:
            self.file.write(record_line({"task": task, "result": result}) + "\n")
            self.file.flush()
            os.fsync(self.file.fileno())

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


# ----- the cluster -----


def available_cores() -> int:
    """The cores this process may run on (its affinity where the OS tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def connect(scheduler: Optional[str], timeout: float):
    """A Dask client of the scheduler at ``scheduler``, or of a new LocalCluster on this
    machine; with at least one worker within ``timeout`` seconds. Returns (client, cluster)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise DistributedError(
            "Dask is not installed: pip install dask distributed (the package's distributed extra)"
        ) from None
    cluster = None
    try:
        if scheduler is None:
            cluster = LocalCluster(
                n_workers=available_cores(),
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",
            )
            client = Client(cluster, timeout=timeout)
        else:
            _check_address(scheduler)
            client = _bounded(lambda: Client(scheduler, timeout=timeout), timeout, scheduler)
    except DistributedError:
        raise
    except (OSError, TimeoutError, asyncio.TimeoutError) as e:
        if cluster is not None:
            cluster.close()
        where = scheduler or "of the local cluster"
        raise DistributedError(f"cannot reach the scheduler {where} within {timeout:g} s: {_reason(e)}") from None
    except Exception as e:  # noqa: BLE001 (whatever answered, it is not a scheduler)
        if cluster is not None:
            cluster.close()
        raise DistributedError(f"{scheduler or 'the local cluster'} is not a Dask scheduler ({_reason(e)})") from None
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (TimeoutError, asyncio.TimeoutError, OSError):
        client.close()
        if cluster is not None:
            cluster.close()
        raise DistributedError(f"no worker joined the scheduler at {scheduler or 'the local cluster'} within {timeout:g} s") from None
    return client, cluster


def _check_address(scheduler: str) -> None:
    """Refuses an address Dask cannot parse (no port, a port that is not a number)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        protocol, location = parse_address(scheduler)
        if protocol in ("tcp", "tls"):
            parse_host_port(location)
    except (ValueError, TypeError) as e:
        raise DistributedError(f"--scheduler {scheduler!r}: not an address Dask understands ({e})") from None


def _bounded(connect_client, timeout: float, scheduler: str):
    """``connect_client()`` within about ``timeout`` seconds: a service that accepts the
    connection and never answers as Dask does (a dashboard's HTTP port, say) would otherwise
    hold the driver far longer. The attempt runs in a daemon thread, left behind if late."""
    outcome: dict[str, Any] = {}

    def attempt() -> None:
        try:
            outcome["client"] = connect_client()
        except BaseException as e:  # noqa: BLE001 (handed to the caller's thread)
            outcome["error"] = e

    thread = threading.Thread(target=attempt, name="movegen-connect", daemon=True)
    thread.start()
    thread.join(timeout + 1)
    if thread.is_alive():
        raise DistributedError(
            f"{scheduler} did not answer as a Dask scheduler within {timeout:g} s "
            "(a dashboard's port? the scheduler's own is 8786 by default)"
        )
    if "error" in outcome:
        raise outcome["error"]
    return outcome["client"]


#: Memory a worker process needs beside its table (the interpreter, Dask and movegen), and
#: the fraction of its limit at which Dask's nanny restarts it.
PROCESS_MIB = 256
NANNY_TERMINATE = 0.95


def check_memory(client, hash_mib: int) -> None:
    """Refuses, before anything is submitted, a run whose ``--hash`` table does not fit the
    memory limit of a worker: Dask would restart that worker at every task until it gave up."""
    if hash_mib == 0:
        return
    need = (hash_mib + PROCESS_MIB) * 2**20
    for address, info in sorted(client.scheduler_info()["workers"].items()):
        limit = info.get("memory_limit") or 0
        if limit and limit * NANNY_TERMINATE < need:
            raise DistributedError(
                f"worker {address} has a memory limit of {limit / 2**20:,.0f} MiB, below --hash "
                f"{hash_mib} MiB plus about {PROCESS_MIB} MiB for the process: lower --hash or give "
                "the workers more memory (dask worker --memory-limit)"
            )


def check_versions(client) -> int:
    """The number of workers, after checking that Dask's packages agree (``get_versions(check=True)``)
    and that every worker runs this driver's movegen build (``build_identity``). Workers that
    join later are checked by their results (``Counter``)."""
    try:
        client.get_versions(check=True)
    except ValueError as e:
        raise DistributedError(f"the cluster's Dask packages differ: {e}") from None
    builds = client.run(build_identity)
    ours = build_identity()
    wrong = {w: describe_build(b) for w, b in builds.items() if b != ours}
    if wrong:
        raise DistributedError(
            f"workers run another movegen build than this driver ({describe_build(ours)}): {wrong}"
        )
    return len(builds)


class ProgressBar:
    """Tasks done, leaves, leaves per second and ETA on stderr: on a terminal, one line kept
    up to date; otherwise (a batch job's log) a line a minute."""

    #: Seconds between lines when stderr is not a terminal.
    LOG_EVERY = 60.0

    def __init__(self, tasks: int, resumed: int):
        self.tty = sys.stderr.isatty()
        self.tasks, self.done, self.start = tasks, resumed, time.perf_counter()
        self.first, self.leaves, self.shown = resumed, 0, 0.0 if self.tty else time.perf_counter()

    def update(self, leaves: int) -> None:
        self.done += 1
        self.leaves += leaves
        self.tick()

    def tick(self) -> None:
        """Shows the figures if it is time to."""
        now = time.perf_counter()
        if now - self.shown < (0.2 if self.tty else self.LOG_EVERY) and not (self.tty and self.done == self.tasks):
            return
        self.shown = now
        elapsed = max(now - self.start, 1e-9)
        rate = self.leaves / elapsed
        ran = self.done - self.first
        eta = elapsed / ran * (self.tasks - self.done) if ran else 0.0
        text = (
            f"tasks {self.done}/{self.tasks}, {self.leaves:,} leaves, "
            f"{rate / 1e6:,.0f} million leaves/s, ETA {eta:,.0f} s"
        )
        sys.stderr.write(f"\r{text}   " if self.tty else f"movegen.distributed: {text}\n")
        sys.stderr.flush()

    def finish(self) -> None:
        if self.tty and self.shown:
            sys.stderr.write("\n")


class PlanningProgress:
    """While planning runs, a line on stderr every ``ProgressBar.LOG_EVERY`` seconds (1 at least; from a
    daemon thread), so a long plan is not silence."""

    def __init__(self, split_ply: int):
        self.split_ply, self.stop = split_ply, threading.Event()
        self.start = time.perf_counter()
        self.thread = threading.Thread(target=self.report, name="movegen-planning", daemon=True)

    def report(self) -> None:
        while not self.stop.wait(max(ProgressBar.LOG_EVERY, 1.0)):
            elapsed = time.perf_counter() - self.start
            print(f"movegen.distributed: planning ply {self.split_ply}, {elapsed:,.0f} s so far", file=sys.stderr, flush=True)

    def __enter__(self) -> "PlanningProgress":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()


class Counter:
    """Submits the tasks and hands back their results, each checked: a result is accepted only
    when the build that counted it (``build_identity``, carried with every result) is this
    driver's. A result of another build (a worker of another movegen that joined mid-run, say)
    is thrown away and its task submitted again, restricted to the workers that run this
    build; a task whose allowed workers have all left is restricted again to the matching
    workers present then. With no matching worker left, the run stops with a
    ``DistributedError`` and nothing of the other build is summed."""

    #: Seconds between looks at the cluster while restricted tasks wait.
    WATCH = 2.0

    def __init__(
        self, client, texts: list[Any], stats: bool, hash_mib: int, run_id: str, per_unit: bool = False, hash_seed: int = 0
    ):
        self.client, self.texts, self.stats, self.hash_mib, self.run_id = client, texts, stats, hash_mib, run_id
        self.per_unit, self.hash_seed = per_unit, hash_seed
        self.ours = build_identity()
        self.futures: dict[Any, int] = {}
        self.allowed: dict[int, list[str]] = {}  # restricted tasks: the workers they may run on
        self.rejected: list[str] = []
        self.refused_workers: set[str] = set()

    def submit(self, i: int, workers: Optional[list[str]] = None) -> None:
        future = self.client.submit(
            count_task,
            self.texts[i],
            self.stats,
            self.hash_mib,
            self.per_unit,
            self.hash_seed,
            key=f"movegen-perft-{self.run_id}-{i}-{os.getpid()}-{time.time_ns()}",
            priority=len(self.texts) - i,
            pure=False,
            workers=workers,
            allow_other_workers=False,
        )
        self.futures[future] = i
        if workers is not None:
            self.allowed[i] = workers

    def matching_workers(self) -> list[str]:
        """The addresses of the workers that run this driver's build, now (a worker that
        cannot be asked, one just lost say, is not one of them)."""
        builds = self.client.run(build_identity, on_error="ignore")
        return sorted(address for address, build in builds.items() if build == self.ours)

    def resubmit(self, i: int) -> None:
        workers = self.matching_workers()
        if not workers:
            raise DistributedError(
                f"no worker runs this driver's movegen build {describe_build(self.ours)}; "
                f"results of other builds were refused ({'; '.join(self.rejected[-3:])})"
            )
        self.submit(i, workers)

    def results(self, idle=None):
        """Yields (task, counts) for every task, checked, as they finish; calls ``idle()``
        between waits (every ``WATCH`` seconds at most)."""
        from distributed import wait

        while self.futures:
            if idle is not None:
                idle()
            try:
                finished = wait(list(self.futures), timeout=self.WATCH, return_when="FIRST_COMPLETED").done
            except (TimeoutError, asyncio.TimeoutError):
                finished = set()
            for future in finished:
                i = self.futures.pop(future)
                reply = future.result()
                build = reply.get("build") if isinstance(reply, dict) else None
                if build != self.ours:
                    worker = reply.get("worker", "?") if isinstance(reply, dict) else "?"
                    self.rejected.append(f"task {i} from {worker}: {describe_build(build)}")
                    if worker not in self.refused_workers:
                        # One line per worker: its later results are refused the same way.
                        self.refused_workers.add(worker)
                        print(
                            f"movegen.distributed: refused task {i}'s result from worker {worker}, "
                            f"another build ({describe_build(build)}; this driver: "
                            f"{describe_build(self.ours)}); its results are counted again on "
                            "workers of this build",
                            file=sys.stderr,
                        )
                    self.resubmit(i)
                    continue
                self.allowed.pop(i, None)
                kept = {k: v for k, v in reply.items() if k not in ("build", "worker")}
                if self.per_unit:  # who counted the units, for the results file
                    kept["by"] = f"worker={reply.get('worker', '?')};build={describe_build_short(build)}"
                yield i, kept
            if not finished and self.allowed:
                present = set(self.client.scheduler_info()["workers"])
                for future, i in list(self.futures.items()):
                    if i in self.allowed and not present.intersection(self.allowed[i]):
                        del self.futures[future]
                        future.cancel()
                        self.resubmit(i)


def _stop_reason(error: Exception) -> str:
    """What stopped a run, for its one line."""
    name = type(error).__name__
    if name == "KilledWorker":
        return (
            f"Dask gave up on a task after the workers running it died ({_reason(error)}); "
            "a worker's memory limit, or one killed from outside, is the usual cause"
        )
    if name in ("CancelledError", "FutureCancelledError", "FuturesCancelledError", "CommClosedError") or isinstance(error, (OSError, TimeoutError)):
        return f"the connection to the scheduler was lost ({_reason(error)})"
    return _reason(error)


def describe_build_short(build: Any) -> str:
    """A build identity as one field: ``0.3.0/1a2b3c4d5e6f7a8b/pext``."""
    if not isinstance(build, dict):
        return "?"
    return f"{build.get('version')}/{build.get('build')}/{build.get('backend')}"


def describe_build(build: Any) -> str:
    """A build identity as text: ``version 0.3.0, build 1a2b..., backend pext``."""
    if not isinstance(build, dict):
        return "no build identity"
    return f"version {build.get('version')}, build {build.get('build')}, backend {build.get('backend')}"


# ----- the run -----


def run(
    client,
    board: movegen.Board,
    depth: int,
    *,
    fen: Optional[str] = None,
    moves: Optional[list[str]] = None,
    split_ply: Optional[int] = None,
    tasks: Optional[int] = None,
    checkpoint: Optional[str] = None,
    stats: bool = False,
    hash_mib: int = 256,
    workers: Optional[int] = None,
    timeout: float = 30.0,
    divide: bool = False,
    results: Optional[str] = None,
    hash_seed: int = 0,
) -> dict[str, Any]:
    """Counts perft(``board``, ``depth``) on the workers of ``client``. Returns the totals
    (``nodes`` and, with ``stats``, the breakdown) with the run's figures: units, tasks,
    workers, resumed, seconds (from submitting the work to the total), counted (the leaves of
    this run's own tasks), planning_seconds and wall_seconds (planning included); with
    ``divide``, ``divide``: the nodes below each root move (by move text, sorted).

    The run is recorded (in a checkpoint) as ``board``'s root position, ``board.root()``,
    and the moves played from it (``moves``, by default ``board.move_stack``). Without
    ``workers`` (the CLI passes what it checked), it waits up to ``timeout`` seconds for a
    worker and checks that every worker runs this build (``check_versions``)."""
    if workers is None:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, asyncio.TimeoutError, OSError):
            raise DistributedError(f"no worker joined the scheduler within {timeout:g} s") from None
        workers = check_versions(client)
    if moves is None:
        moves = [m.uci() for m in board.move_stack]
    if depth == 0 or (divide and depth == 1):
        # Nothing to send: the root itself, or its moves.
        result: dict[str, Any] = movegen.perft_stats(board, depth) if stats else {"nodes": movegen.perft(board, depth)}
        if divide:
            result["divide"] = {m.uci(): 1 for m in sorted(board.legal_moves(), key=lambda m: m.uci())} if depth else {}
        return {**result, "units": 1, "tasks": 0, "workers": workers, "resumed": 0, "seconds": 0.0, "split_ply": 0,
                "counted": result["nodes"], "planning_seconds": 0.0, "wall_seconds": 0.0}
    began = time.perf_counter()
    check_bounds(depth, split_ply, tasks)
    check_memory(client, hash_mib)
    # The root as written back from its FEN, so that the 4-field start FEN and the 6-field
    # one are the same run (``fen`` itself is the same position as ``board.root()``).
    root = normal_fen(fen) if fen is not None else board.root().fen()
    lock = CheckpointLock(checkpoint)
    try:
        # The checkpoint is compared before anything is planned, on what this run already
        # knows; only then, resuming, the defaults that depend on the cluster (the task
        # count, and so the split) are the checkpoint's: a run may resume on fewer or more
        # workers.
        previous = checkpoint_identity(checkpoint)
        if previous is not None and checkpoint is not None:
            given = {"fen": root, "moves": list(moves or []), "depth": depth, "stats": stats, "version": movegen.__version__}
            if divide or "divide" in previous:
                given["divide"] = divide or None
            if results is not None or "results" in previous:
                given["results"] = (results is not None) or None
            if hash_seed or "hash_seed" in previous:
                given["hash_seed"] = hash_seed or None
            if split_ply is not None:
                given["split_ply"] = split_ply
            if tasks is not None:
                given["tasks"] = tasks
            refuse_foreign(checkpoint, previous, given)
            tasks = tasks or previous.get("tasks")
            if split_ply is None and isinstance(previous.get("split_ply"), int):
                split_ply = previous["split_ply"]
            check_bounds(depth, split_ply, tasks)
        tasks = tasks or TASKS_PER_WORKER * workers
        if split_ply is None:
            split_ply = choose_split(board, depth, tasks)
        if divide:
            split_ply = max(split_ply, 1)  # the root moves are the first ply
        announce_plan(board, split_ply)
        with PlanningProgress(split_ply):
            planned = plan(board, depth, split_ply, tasks, divide=divide)
        texts = [payload for payload, _ in planned]
        unit_counts = [units for _, units in planned]
        del planned
        identity = {
            "fen": root,
            "moves": list(moves or []),
            "depth": depth,
            "split_ply": split_ply,
            "tasks": tasks,
            "stats": stats,
            "version": movegen.__version__,
            # The tasks themselves: a checkpoint is only resumed by the same plan.
            "plan": _digest(texts),
        }
        if divide:
            identity["divide"] = True
        if results is not None:
            identity["results"] = True  # the checkpoint then holds each unit's counts
        if hash_seed:
            identity["hash_seed"] = hash_seed  # a second run with other keys is another run
        planning = time.perf_counter() - began
        if planning > 10:
            units_planned = sum(unit_counts)
            print(f"movegen.distributed: planned {units_planned:,} units in {len(texts)} tasks in {planning:.1f} s", file=sys.stderr)
        report = _count_run(client, depth, unit_counts, texts, identity, checkpoint, stats, hash_mib, workers, split_ply)
        if results is not None:
            write_results(results, texts, report.pop("task_results"), stats)
        report["planning_seconds"] = planning
        report["wall_seconds"] = time.perf_counter() - began
        return report
    finally:
        lock.release()


def _digest(payloads: list[bytes]) -> str:
    """The plan's digest: the SHA-256 of its payloads, each after its length."""
    digest = hashlib.sha256()
    for payload in payloads:
        digest.update(len(payload).to_bytes(8, "little"))
        digest.update(payload)
    return digest.hexdigest()[:16]


def write_results(path: str, payloads: list[bytes], results: dict[int, dict[str, Any]], stats: bool) -> None:
    """The ``--results`` file: a line per unit, ``FEN;multiplicity;depth;count`` (with
    ``stats``, the breakdown after the count, in ``perft --stats`` order), then who counted it
    (``worker=HOST:PID;build=VERSION/BUILD/BACKEND``), in task order; a ``#`` header names the
    fields. Written to a temporary file first, then renamed."""
    columns = ["FEN", "multiplicity", "depth", "count", *([key for key, _ in STAT_LABELS] if stats else []), "worker", "build"]
    temporary = f"{path}.tmp{os.getpid()}"
    try:
        with open(temporary, "w", encoding="utf-8") as f:
            f.write(f"# {';'.join(columns)}\n")
            for i, payload in enumerate(payloads):
                result = results[i]
                by = result.get("by", "worker=?;build=?")
                for (fen, paths, depth), counts in zip(movegen.payload_units(payload), result["units"]):
                    f.write(f"{fen};{paths};{depth};{';'.join(map(str, counts))};{by}\n")
        os.replace(temporary, path)
    except OSError as e:
        raise DistributedError(f"--results {path}: cannot write it ({e})") from None


def _count_run(client, depth, unit_counts, texts, identity, checkpoint, stats, hash_mib, workers, split_ply) -> dict[str, Any]:
    """The counting part of ``run``: the plan made, the checkpoint's finished tasks skipped."""
    done = read_checkpoint(checkpoint, identity) if checkpoint else {}
    done = {i: r for i, r in done.items() if 0 <= i < len(texts)}
    writer = Checkpoint(checkpoint, identity, done)
    results: dict[int, dict[str, Any]] = dict(done)
    bar = ProgressBar(len(texts), len(done))
    start = time.perf_counter()
    try:
        run_id = hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:12]
        counter = Counter(
            client, texts, stats, hash_mib, run_id,
            per_unit=bool(identity.get("results")), hash_seed=int(identity.get("hash_seed", 0)),
        )
        for i in range(len(texts)):
            if i not in done:
                counter.submit(i)
        for i, result in counter.results(idle=bar.tick):
            results[i] = result
            writer.done(i, result)
            bar.update(result["nodes"])
    except KeyboardInterrupt:
        raise RunStopped("interrupted", len(results), len(texts), checkpoint, interrupted=True) from None
    except DistributedError as e:
        raise RunStopped(str(e), len(results), len(texts), checkpoint) from None
    except Exception as e:  # noqa: BLE001 (a lost scheduler, KilledWorker...: one line, not a traceback)
        raise RunStopped(f"the run stopped: {_stop_reason(e)}", len(results), len(texts), checkpoint) from None
    finally:
        writer.close()
        bar.finish()
    seconds = time.perf_counter() - start
    if counter.rejected:
        print(
            f"movegen.distributed: {len(counter.rejected)} results of other builds refused; "
            "every task of the total was counted by this driver's build",
            file=sys.stderr,
        )
    keys = ["nodes"] + ([key for key, _ in STAT_LABELS] if stats else [])
    totals: dict[str, Any] = {key: sum(r[key] for r in results.values()) for key in keys}
    # The leaves this run counted itself (not those of resumed tasks): its speed.
    totals["counted"] = sum(r["nodes"] for i, r in results.items() if i not in done)
    if identity.get("divide"):
        per_move: dict[str, int] = {}
        for r in results.values():
            for move, nodes in r.get("divide", {}).items():
                per_move[move] = per_move.get(move, 0) + nodes
        totals["divide"] = dict(sorted(per_move.items()))
    unit_count = sum(unit_counts)
    if identity.get("results"):
        totals["task_results"] = results
    return {
        **totals,
        "units": unit_count,
        "tasks": len(texts),
        "workers": workers,
        "resumed": len(done),
        "seconds": seconds,
        "split_ply": split_ply,
    }


def parse_args(argv: Optional[list[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m movegen.distributed",
        description="Deep perft on a Dask cluster (a LocalCluster on this machine by default).",
        epilog="Prints 'Nodes searched: N' as the perft command does. Exit status: 0 success; "
        "2 bad arguments, a refused checkpoint, a cluster that cannot be reached or has no workers, "
        "a worker memory limit below --hash, or a run stopped by a lost scheduler or a task Dask "
        "gave up on (one line, saying how many tasks are saved); 130 Ctrl-C.",
    )
    parser.add_argument("depth", metavar="DEPTH", nargs="?", help="plies to count, 0 to 30 (the last argument)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://10.0.0.5:8786 (default: a LocalCluster)")
    parser.add_argument("--fen", help="root position (default: the start position)")
    parser.add_argument("--moves", nargs="+", default=[], metavar="UCI", help="moves played from the root first")
    parser.add_argument("--split-ply", type=int, metavar="K", help="plies below the root of the units (default: 5, or DEPTH - 3 when smaller, deeper while there are fewer units than tasks)")
    parser.add_argument("--tasks", type=int, metavar="N", help=f"tasks the units are grouped into (default: {TASKS_PER_WORKER} per worker)")
    parser.add_argument("--checkpoint", metavar="FILE", help="append finished tasks to FILE; run again with it to resume")
    parser.add_argument("--stats", action="store_true", help="also count the breakdown of perft --stats (with the table too, in statistics entries of its own)")
    parser.add_argument("--hash", type=int, default=256, metavar="MIB", help="table per worker process in MiB (default 256, 0 for none)")
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S", help="seconds for reaching the scheduler and finding workers (default 30)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hash-seed", type=int, default=0, metavar="N", help="seed of the tables' keys (default 0): a second run with another seed shares no table entry, so no collision, with the first")
    parser.add_argument("--results", metavar="FILE", help="write each unit's count, with the worker and build that counted it, to FILE (FEN;multiplicity;depth;count;...)")
    parser.add_argument("--divide", action="store_true", help="also the nodes below each root move, as perft prints them (each root move's subtree split on its own)")
    parser.add_argument("--dask-logs", action="store_true", help="show the Dask client's own log lines (hidden by default: a failure is reported in one line)")
    args = parser.parse_args(argv)
    # `--moves e2e4 e7e5 7`: the moves option takes every word after it, DEPTH included (a
    # UCI move is never all digits).
    if args.depth is None and args.moves and re.fullmatch(r"[0-9]+", args.moves[-1]):
        args.depth = args.moves.pop()
    if args.depth is None:
        parser.error("missing DEPTH (the last argument)")
    if not re.fullmatch(r"[0-9]+", args.depth) or int(args.depth) > 30:
        parser.error(f"DEPTH: expected a number from 0 to 30, found {args.depth!r}")
    args.depth = int(args.depth)
    try:
        check_bounds(args.depth, args.split_ply, args.tasks)
    except DistributedError as e:
        parser.error(str(e))
    if not 0 <= args.hash_seed < 1 << 64:
        parser.error(f"--hash-seed {args.hash_seed}: expected 0 to 2**64 - 1")
    if args.hash_seed and args.hash == 0:
        parser.error("--hash-seed: there is no table to seed (--hash 0)")
    if not 0 <= args.hash <= 1 << 20:
        parser.error(f"--hash {args.hash}: expected 0 to {1 << 20} MiB")
    if not args.timeout > 0:
        parser.error(f"--timeout {args.timeout}: expected a positive number of seconds")
    return args


def _quiet_dask() -> None:
    """Silences Dask's own log lines (a lost scheduler makes the client log a traceback; the
    driver's one line says what happened). Dask sets its loggers' levels when it is
    imported, so it is imported first."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return
    for name in list(logging.root.manager.loggerDict):
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)


def _close(client, cluster, timeout: float) -> None:
    """Closes the client and the local cluster; a scheduler already lost is no error here."""
    try:
        client.close(timeout=timeout)
    except Exception:  # noqa: BLE001,S110 (the run's own outcome is what is reported)
        pass
    if cluster is not None:
        try:
            cluster.close(timeout=timeout)
        except Exception:  # noqa: BLE001,S110
            pass


def read_unit_counts(path: str) -> dict[tuple[str, int], tuple[int, int]]:
    """The units of a results file (``FEN;multiplicity;depth;count`` first, any fields after;
    ``#`` and blank lines skipped), by (FEN as movegen writes it back, depth): (multiplicity,
    count). A ``DistributedError`` naming the line for a malformed one."""
    units: dict[tuple[str, int], tuple[int, int]] = {}
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, start=1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                fields = line.split(";")
                try:
                    fen, paths, depth, count = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
                    key = (movegen.Board(fen).fen(), depth)
                except (IndexError, ValueError) as e:
                    raise DistributedError(f"{path}: line {number}: expected FEN;multiplicity;depth;count ({e})") from None
                if key in units and units[key][1] != count:
                    raise DistributedError(f"{path}: line {number}: unit {fen} depth {depth} again, with another count")
                units[key] = (paths, count)
    except OSError as e:
        raise DistributedError(f"cannot read {path} ({e})") from None
    except UnicodeDecodeError:
        raise DistributedError(f"{path}: not UTF-8 text") from None
    return units


def compare_main(argv: list[str]) -> int:
    """``python -m movegen.distributed compare A B``: the unit counts of two results files
    (or of one and another engine's, in the same first four fields) unit by unit. Exit status
    0 when every unit is in both with the same count, 1 otherwise, 2 for an unreadable file."""
    parser = argparse.ArgumentParser(
        prog="python -m movegen.distributed compare",
        description="Compare two --results files (or one with another engine's unit counts) unit by unit.",
        epilog="Exit status: 0 the same units and counts, 1 a difference, 2 a file that cannot be read.",
    )
    parser.add_argument("a", metavar="A")
    parser.add_argument("b", metavar="B")
    args = parser.parse_args(argv)
    try:
        a, b = read_unit_counts(args.a), read_unit_counts(args.b)
    except DistributedError as e:
        print(f"movegen.distributed compare: {e}", file=sys.stderr)
        return 2
    both = a.keys() & b.keys()
    differ = sorted(key for key in both if a[key][1] != b[key][1])
    only_a, only_b = sorted(a.keys() - b.keys()), sorted(b.keys() - a.keys())
    for (fen, depth) in differ[:10]:
        print(f"differs: {fen} depth {depth}: {a[(fen, depth)][1]} in A, {b[(fen, depth)][1]} in B")
    for name, keys in (("A", only_a), ("B", only_b)):
        for fen, depth in keys[:10]:
            print(f"only in {name}: {fen} depth {depth}")

    def total(units: dict[tuple[str, int], tuple[int, int]]) -> int:
        return sum(paths * count for paths, count in units.values())

    print(
        f"compare: {len(both)} units in both, {len(differ)} differ, {len(only_a)} only in A, "
        f"{len(only_b)} only in B; totals {total(a)} (A), {total(b)} (B)"
    )
    return 0 if not differ and not only_a and not only_b else 1


def main(argv: Optional[list[str]] = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "compare":
        return compare_main(argv[1:])
    args = parse_args(argv)
    if not args.dask_logs:
        _quiet_dask()
    try:
        board = root_board(args.fen, args.moves)
        client, cluster = connect(args.scheduler, args.timeout)
        try:
            workers = check_versions(client)
            result = run(
                client,
                board,
                args.depth,
                fen=args.fen,
                moves=args.moves,
                split_ply=args.split_ply,
                tasks=args.tasks,
                checkpoint=args.checkpoint,
                stats=args.stats,
                hash_mib=args.hash,
                workers=workers,
                divide=args.divide,
                results=args.results,
                hash_seed=args.hash_seed,
            )
        finally:
            _close(client, cluster, args.timeout)
    except RunStopped as e:
        print(f"movegen.distributed: {e}", file=sys.stderr)
        return 130 if e.interrupted else 2
    except DistributedError as e:
        print(f"movegen.distributed: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("movegen.distributed: interrupted before counting began; nothing to save", file=sys.stderr)
        return 130
    if args.json:
        report = {
            "fen": args.fen if args.fen is not None else movegen.STARTING_FEN,
            "moves": args.moves,
            "position": board.fen(),
            "depth": args.depth,
            "nodes": result["nodes"],
            "seconds": round(result["seconds"], 6),
            # This run's own work: the leaves of resumed tasks took no time here.
            "nps": round(result.get("counted", result["nodes"]) / max(result["seconds"], 1e-9)),
            "hash_mib": args.hash,
            "backend": movegen.BACKEND,
        }
        if args.stats:
            report["stats"] = {key: result[key] for key, _ in STAT_LABELS}
        if args.divide:
            report["divide"] = result["divide"]
        for key in ("units", "tasks", "workers", "resumed", "split_ply"):
            report[key] = result[key]
        report["planning_seconds"] = round(result.get("planning_seconds", 0.0), 6)
        report["wall_seconds"] = round(result.get("wall_seconds", result["seconds"]), 6)
        print(json.dumps(report))
    else:
        if args.divide:
            # perft's (and Stockfish's go perft) divide: a line per root move, a blank line.
            for move, nodes in result["divide"].items():
                print(f"{move}: {nodes}")
            print()
        print(f"Nodes searched: {result['nodes']}")
        if args.stats:
            for key, label in STAT_LABELS:
                print(f"{label}: {result[key]}")
        resumed = f", {result['resumed']} resumed from the checkpoint" if result["resumed"] else ""
        print(
            f"depth {args.depth} in {result['seconds']:.3f} s on {result['workers']} workers "
            f"({result.get('wall_seconds', result['seconds']):.3f} s with planning): "
            f"{result['units']} units at ply {result['split_ply']} in {result['tasks']} tasks{resumed}",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    # Run as a module (python -m), this file is __main__: take the functions from the
    # importable module, so the workers import count_task (and keep their tables) rather
    # than receive a pickled copy of it with each task.
    from movegen.distributed import main as _main

    sys.exit(_main())
