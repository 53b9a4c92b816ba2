"""Distributed perft on Dask (`python -m movegen.distributed`): exact totals on real scheduler
and worker processes, a worker killed while it is busy, the checkpoint resumed after the
driver is killed, statistics against perft.csv, and clear errors. Every server listens on
127.0.0.1 and every process started here is stopped by its pid, however the test ends.

The opt-in ``MOVEGEN_DEEP=1`` run counts startpos depth 9 on a local two-worker cluster."""

import csv
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

import movegen  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
DEPTH_7 = 3_195_901_860


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dask_command(*args):
    dask = Path(sys.executable).with_name("dask")
    return [str(dask) if dask.exists() else "dask", *args]


class Cluster:
    """A `dask scheduler` and `dask worker` processes on 127.0.0.1, stopped by pid."""

    def __init__(self, tmp_path, env=None):
        self.env = env
        self.port = free_port()
        self.address = f"tcp://127.0.0.1:{self.port}"
        self.processes = []
        self.workers = 0
        self.logs = tmp_path
        self.start(dask_command("scheduler", "--host", "127.0.0.1", "--port", str(self.port), "--no-dashboard"), "scheduler")
        deadline = time.time() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("the scheduler did not start")
                time.sleep(0.1)

    def start(self, command, name):
        log = open(self.logs / f"{name}-{len(self.processes)}.log", "w")
        env = None if self.env is None else {**os.environ, **self.env}
        self.processes.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env))

    def add_workers(self, count, *extra, wait=True, nanny=False, memory_limit="0"):
        for _ in range(count):
            self.start(
                dask_command(
                    "worker", self.address, "--host", "127.0.0.1", "--nthreads", "1",
                    *([] if nanny else ["--no-nanny"]), "--no-dashboard", "--memory-limit", memory_limit, *extra,
                ),
                "worker",
            )
        self.workers += count
        if not wait:
            return None
        client = distributed.Client(self.address, timeout=30)
        client.wait_for_workers(self.workers, timeout=60)
        return client

    def stop(self):
        for process in self.processes:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path)
    try:
        yield c
    finally:
        c.stop()


@pytest.fixture(scope="module")
def shared_cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        c.add_workers(2).close()
        yield c
    finally:
        c.stop()


def driver(*args, **kwargs):
    return subprocess.Popen(
        [sys.executable, "-m", "movegen.distributed", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs,
    )


def finish(process, timeout=300):
    try:
        out, err = process.communicate(timeout=timeout)
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, out, err


def test_a_worker_killed_while_busy_changes_nothing(cluster):
    client = cluster.add_workers(2)
    run = driver("--scheduler", cluster.address, "--hash", "0", "--split-ply", "3", "--tasks", "120", "--json", "7")
    try:
        deadline = time.time() + 120
        while True:
            assert run.poll() is None, "the run ended before a worker could be killed"
            assert time.time() < deadline, "no task ever ran"
            processing = {w: [k for k in keys if str(k).startswith("movegen-perft")] for w, keys in client.processing().items()}
            states = client.run_on_scheduler(
                lambda dask_scheduler: [ts.state for k, ts in dask_scheduler.tasks.items() if str(k).startswith("movegen-perft")]
            )
            pending = sum(state != "memory" for state in states)
            busy = [w for w, keys in processing.items() if keys]
            if busy and pending - sum(map(len, processing.values())) >= 10:
                break
            time.sleep(0.005)
        victim = busy[0]
        pid = client.run(os.getpid, workers=[victim])[victim]
        os.kill(pid, signal.SIGKILL)
        lost = len(processing[victim])
        print(f"killed worker {victim} (pid {pid}) running {lost} task(s), {pending} of {len(states)} tasks not finished")
    finally:
        code, out, err = finish(run)
        client.close()
    assert code == 0, err
    report = json.loads(out)
    assert report["nodes"] == DEPTH_7
    assert report["tasks"] == 120 and report["split_ply"] == 3
    assert lost >= 1 and pending >= 10


#: Loaded into a worker with `dask worker --preload`: a simulated other movegen build, whose
#: version differs and whose perft_units is off by one.
WRONG_BUILD = """
import movegen

movegen.__version__ = "0.2.1-dev"
# Dask may run a preload more than once: wrap the real function only.
_right = getattr(movegen, "_right_perft_units", movegen.perft_units)
movegen._right_perft_units = _right
movegen.perft_units = lambda units, table=None: _right(units, table) + 1
"""


def started_tasks(client, count, run):
    """Waits until `count` of the run's tasks are finished (and the run still going)."""
    deadline = time.time() + 120
    while True:
        assert run.poll() is None, "the run ended too soon"
        assert time.time() < deadline, "no task ever finished"
        states = client.run_on_scheduler(
            lambda dask_scheduler: [ts.state for k, ts in dask_scheduler.tasks.items() if str(k).startswith("movegen-perft")]
        )
        if sum(state == "memory" for state in states) >= count:
            return
        time.sleep(0.01)


def start_with_one_good_worker(cluster, tmp_path):
    """One worker of this build, a depth-7 run of 200 tasks started on it and 3 of them done;
    returns the wrong build's preload file, a client and the run."""
    wrong = tmp_path / "wrong_build.py"
    wrong.write_text(WRONG_BUILD)
    client = cluster.add_workers(1)
    run = driver("--scheduler", cluster.address, "--hash", "0", "--split-ply", "3", "--tasks", "200", "--json", "7")
    try:
        started_tasks(client, 3, run)
    except BaseException:
        finish(run)
        client.close()
        raise
    return wrong, client, run


def test_a_late_worker_of_another_build_is_never_summed(cluster, tmp_path):
    wrong, client, run = start_with_one_good_worker(cluster, tmp_path)
    try:
        cluster.add_workers(1, "--nthreads", "2", "--preload", str(wrong))
        code, out, err = finish(run)
    finally:
        finish(run)
        client.close()
    assert code == 0, err
    assert json.loads(out)["nodes"] == DEPTH_7
    # The wrong build did count some tasks, and every one of them was refused.
    assert "refused task" in err and "version 0.2.1-dev" in err, err


def test_no_worker_of_this_build_left_is_one_line_and_exit_2(cluster, tmp_path):
    wrong, client, run = start_with_one_good_worker(cluster, tmp_path)
    try:
        good = list(client.scheduler_info()["workers"])
        client.close()
        client = cluster.add_workers(1, "--preload", str(wrong))
        pid = client.run(os.getpid, workers=good)[good[0]]
        os.kill(pid, signal.SIGKILL)
        code, out, err = finish(run)
    finally:
        finish(run)
        client.close()
    assert code == 2 and out == "", (code, out, err)
    assert "no worker runs this driver's movegen build" in err and "Traceback" not in err, err


def test_depth_7_and_the_default_local_cluster(shared_cluster):
    code, out, err = finish(driver("--scheduler", shared_cluster.address, "7"))
    assert code == 0, err
    assert out == f"Nodes searched: {DEPTH_7}\n"
    code, out, err = finish(driver("--json", "--moves", "e2e4", "e7e5", "4"))  # a LocalCluster; DEPTH after the moves
    assert code == 0, err
    report = json.loads(out)
    assert report["nodes"] == movegen.perft("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 4)
    assert report["workers"] == os.cpu_count()


def perft_csv_rows(name):
    with open(ROOT / "perft.csv") as f:
        rows = [r for r in csv.reader(line for line in f if not line.startswith("#"))]
    header, body = rows[0], rows[1:]
    return [dict(zip(header, r)) for r in body if r[0] == name]


def test_stats_equal_every_breakdown_cell_of_perft_csv(shared_cluster):
    rows = {int(r["depth"]): r for r in perft_csv_rows("kiwipete")}
    for depth in (4, 5):
        row = rows[depth]
        code, out, err = finish(driver("--scheduler", shared_cluster.address, "--fen", KIWIPETE, "--stats", "--json", str(depth)))
        assert code == 0, err
        report = json.loads(out)
        assert report["nodes"] == int(row["nodes"])
        for key in ("captures", "ep", "castles", "promotions", "checks", "discovery_checks", "double_checks", "checkmates"):
            assert report["stats"][key] == int(row[key]), (depth, key)
    code, out, err = finish(driver("--scheduler", shared_cluster.address, "--fen", KIWIPETE, "--stats", "3"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Nodes searched: 97862" and lines[1] == "Captures: 17102" and lines[-1] == "Checkmates: 1"


def test_the_checkpoint_resumes_after_the_driver_is_killed(shared_cluster, tmp_path):
    checkpoint = tmp_path / "run.ckpt"
    args = ["--scheduler", shared_cluster.address, "--hash", "0", "--split-ply", "3", "--tasks", "80", "--checkpoint", str(checkpoint), "--json", "7"]
    run = driver(*args)
    try:
        deadline = time.time() + 120
        while not checkpoint.exists() or checkpoint.read_text().count("\n") < 6:
            assert run.poll() is None, "the run ended before it could be killed"
            assert time.time() < deadline
            time.sleep(0.01)
        os.kill(run.pid, signal.SIGKILL)
    finally:
        finish(run)
    written = checkpoint.read_text().count("\n") - 1
    code, out, err = finish(driver(*args))
    assert code == 0, err
    report = json.loads(out)
    assert report["nodes"] == DEPTH_7
    assert report["resumed"] >= min(written, 5) and report["resumed"] > 0
    assert report["resumed"] < 80
    # A torn last line (a crash mid-write) is ignored; everything else is resumed, once.
    with open(checkpoint, "a") as f:
        f.write('{"record":{"result":{"nodes":12345')
    code, out, err = finish(driver(*args))
    assert code == 0, err
    report = json.loads(out)
    assert report["nodes"] == DEPTH_7 and report["resumed"] == 80
    # Resumed without --tasks and --split-ply (say on another number of workers), the run
    # takes them from the checkpoint.
    code, out, err = finish(driver(*[a for a in args if a not in ("--split-ply", "3", "--tasks", "80")]))
    assert code == 0, err
    report = json.loads(out)
    assert report["nodes"] == DEPTH_7 and report["resumed"] == 80 and report["tasks"] == 80
    assert report["nps"] == 0  # every task resumed: this run counted nothing itself
    # Another run's checkpoint is refused, naming both.
    code, out, err = finish(driver(*[a if a != "80" else "81" for a in args]))
    assert code == 2 and "belongs to another run (tasks: checkpoint 80, this run 81)" in err, err
    # A damaged line that is not the last one is refused.
    lines = checkpoint.read_text().split("\n")
    lines[3] = lines[3].replace('"nodes":', '"nodes":1')
    checkpoint.write_text("\n".join(lines))
    code, out, err = finish(driver(*args))
    assert code == 2 and "line 4 is damaged" in err
    # A checkpoint that cannot be written is an error, not a traceback.
    code, out, err = finish(driver("--scheduler", shared_cluster.address, "--checkpoint", "/nonexistent/dir/x.ckpt", "5"))
    assert code == 2 and "checkpoint /nonexistent/dir/x.ckpt" in err and "Traceback" not in err, err


def test_bad_arguments_and_unreachable_clusters(cluster):
    for args, message in [
        (["x"], "DEPTH: expected a number from 0 to 30, found 'x'"),
        (["31"], "DEPTH: expected a number from 0 to 30, found '31'"),
        (["--json"], "missing DEPTH"),
        (["--split-ply", "8", "9"], "--split-ply 8: expected 0 to 7 (DEPTH - 1, at most 7)"),
        (["--split-ply", "7", "7"], "--split-ply 7: expected 0 to 6 (DEPTH - 1, at most 7)"),
        (["--tasks", "0", "5"], "--tasks 0: expected 1 to 100,000"),
        (["--tasks", "100001", "5"], "--tasks 100001: expected 1 to 100,000"),
        (["--hash", "-1", "5"], "--hash -1: expected 0 to"),
        (["--timeout", "0", "5"], "--timeout 0.0: expected a positive number"),
        (["--fen", "not a fen", "5"], "--fen 'not a fen'"),
        (["--moves", "e2e5", "5"], "--moves: 'e2e5' in"),
    ]:
        code, out, err = finish(driver("--scheduler", cluster.address, "--timeout", "2", *args))
        assert code == 2 and message in err and "Traceback" not in err, (args, err)
    for address in ["foo", "tcp://127.0.0.1:notaport"]:
        code, out, err = finish(driver("--scheduler", address, "--timeout", "2", "5"))
        assert code == 2 and "not an address" in err and "Traceback" not in err, (address, err)
    closed = free_port()
    start = time.time()
    code, out, err = finish(driver("--scheduler", f"tcp://127.0.0.1:{closed}", "--timeout", "2", "5"))
    assert code == 2 and "cannot reach the scheduler" in err, err
    assert time.time() - start < 60
    start = time.time()
    code, out, err = finish(driver("--scheduler", cluster.address, "--timeout", "2", "5"))  # no workers yet
    assert code == 2 and "no worker joined" in err, err
    assert time.time() - start < 60


def one_line_failure(code, out, err, status=2):
    """A failure as the driver reports one: that exit status, nothing on stdout, one line on
    stderr (Dask's own log lines aside), no traceback."""
    ours = [line for line in err.splitlines() if line.startswith("movegen.distributed:")]
    assert code == status and out == "" and len(ours) == 1 and "Traceback" not in err, (code, out, err)
    return ours[0]


def serve(kind, port):
    """A service on 127.0.0.1:port that is not a Dask scheduler: an HTTP server (as a
    dashboard is) or one that answers any connection with junk bytes."""
    code = (
        "import http.server, socket, sys\n"
        "port = int(sys.argv[2])\n"
        "if sys.argv[1] == 'http':\n"
        "    http.server.ThreadingHTTPServer(('127.0.0.1', port), http.server.BaseHTTPRequestHandler).serve_forever()\n"
        "s = socket.socket(); s.bind(('127.0.0.1', port)); s.listen()\n"
        "while True:\n"
        "    c, _ = s.accept()\n"
        "    try: c.sendall(b'\\xff' * 4096)\n"
        "    except OSError: pass\n"
    )
    process = subprocess.Popen([sys.executable, "-c", code, kind, str(port)], stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process
        except OSError:
            assert time.time() < deadline, "the service did not start"
            time.sleep(0.05)


def test_a_service_that_is_not_a_scheduler_is_one_line_within_the_timeout():
    for kind, message in (("http", "did not answer as a Dask scheduler within 3 s"), ("junk", "is not a Dask scheduler")):
        port = free_port()
        service = serve(kind, port)
        try:
            start = time.time()
            line = one_line_failure(*finish(driver("--scheduler", f"tcp://127.0.0.1:{port}", "--timeout", "3", "5"), timeout=60))
            assert message in line, line
            assert time.time() - start < 3 + 10, time.time() - start
        finally:
            os.kill(service.pid, signal.SIGKILL)
            service.wait()


def test_a_worker_memory_limit_below_the_table_is_refused_before_submitting(cluster):
    cluster.add_workers(1, memory_limit="600MiB").close()
    line = one_line_failure(*finish(driver("--scheduler", cluster.address, "--hash", "1024", "6")))
    assert "memory limit of 600 MiB, below --hash 1024 MiB" in line, line
    code, out, err = finish(driver("--scheduler", cluster.address, "--hash", "64", "5"))
    assert code == 0 and out == "Nodes searched: 4865609\n", err


def test_a_task_dask_gives_up_on_is_one_line_and_exit_2(tmp_path):
    # Workers whose every task kills their process: the nanny restarts each, and the
    # scheduler gives the task up (KilledWorker) after one retry.
    killer = tmp_path / "killer.py"
    killer.write_text("import os\nimport movegen.distributed as d\nd._table = lambda *a, **k: os._exit(1)\n")
    c = Cluster(tmp_path, env={"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "1"})
    try:
        c.add_workers(1, "--preload", str(killer), nanny=True).close()
        checkpoint = tmp_path / "run.ckpt"
        line = one_line_failure(*finish(driver("--scheduler", c.address, "--checkpoint", str(checkpoint), "--timeout", "10", "5")))
        assert "Dask gave up on a task" in line and "KilledWorker" in line, line
        assert "0 of " in line and f"saved in {checkpoint}: the same command resumes" in line, line
    finally:
        c.stop()


def test_a_lost_scheduler_and_ctrl_c_are_one_line(cluster, tmp_path):
    cluster.add_workers(1).close()
    for stop, status, message in ((signal.SIGINT, 130, "interrupted"), (signal.SIGKILL, 2, "the connection to the scheduler was lost")):
        checkpoint = tmp_path / f"run-{stop}.ckpt"
        run = driver("--scheduler", cluster.address, "--hash", "0", "--split-ply", "3", "--tasks", "400",
                     "--checkpoint", str(checkpoint), "--timeout", "5", "7")
        try:
            deadline = time.time() + 120
            while not checkpoint.exists() or checkpoint.read_text().count("\n") < 3:
                assert run.poll() is None, run.communicate()
                assert time.time() < deadline
                time.sleep(0.01)
            if stop == signal.SIGINT:
                os.kill(run.pid, signal.SIGINT)
            else:
                scheduler = cluster.processes[0]
                os.kill(scheduler.pid, signal.SIGKILL)
                scheduler.wait()
            start = time.time()
            line = one_line_failure(*finish(run, timeout=120), status=status)
            assert time.time() - start < 60
        finally:
            finish(run)
        assert message in line and " of 400 tasks are saved in " in line and "the same command resumes" in line, line


def test_the_checkpoint_is_checked_before_planning_and_locked(cluster, tmp_path):
    cluster.add_workers(1).close()
    checkpoint = tmp_path / "run.ckpt"
    args = ["--scheduler", cluster.address, "--checkpoint", str(checkpoint), "--json"]
    code, out, err = finish(driver(*args, "--split-ply", "4", "6"))
    assert code == 0 and json.loads(out)["nodes"] == 119060324, err
    # Another root and depth: refused at once, naming the fields, without taking the
    # checkpoint's split ply (ply 4 of Kiwipete at depth 5 would plan 2.7 million units).
    start = time.time()
    line = one_line_failure(*finish(driver(*args, "--fen", KIWIPETE, "5")))
    assert time.time() - start < 20
    assert "belongs to another run (fen: checkpoint " in line and "; depth: checkpoint 6, this run 5)" in line, line
    # The start position written with four fields is the same run.
    code, out, err = finish(driver(*args, "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "6"))
    assert code == 0 and json.loads(out)["resumed"] == json.loads(out)["tasks"], err
    # A second driver on a checkpoint in use is refused.
    with open(f"{checkpoint}.lock", "a+") as held:
        import fcntl

        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        line = one_line_failure(*finish(driver(*args, "6")))
        assert f"checkpoint {checkpoint} is in use by another driver" in line, line


def test_the_api_waits_for_workers_and_records_the_root(cluster, tmp_path, monkeypatch, capsys):
    from movegen import distributed as md

    monkeypatch.setattr(md.ProgressBar, "LOG_EVERY", 0.0)  # a line per task, not per minute

    client = distributed.Client(cluster.address, timeout=30)
    try:
        cluster.add_workers(1, wait=False)  # run() is called before the worker has joined
        board = movegen.Board(KIWIPETE)
        board.push_uci("e1g1")
        checkpoint = tmp_path / "api.ckpt"
        result = md.run(client, board, 3, checkpoint=str(checkpoint), timeout=60)
        assert result["nodes"] == movegen.perft(board, 3) and result["workers"] == 1
        identity = md.checkpoint_identity(str(checkpoint))
        assert identity["fen"] == KIWIPETE and identity["moves"] == ["e1g1"], identity
        assert result["wall_seconds"] >= result["seconds"] + result["planning_seconds"] * 0.99
        # Not a terminal: progress as log lines on stderr.
        progress = [line for line in capsys.readouterr().err.splitlines() if line.startswith("movegen.distributed: tasks ")]
        assert progress and progress[-1].startswith(f"movegen.distributed: tasks {result['tasks']}/{result['tasks']}, "), progress
    finally:
        client.close()


def test_a_worker_keeps_one_table(cluster):
    client = cluster.add_workers(1)
    try:
        for mib in (64, 128):
            code, out, err = finish(driver("--scheduler", cluster.address, "--hash", str(mib), "5"))
            assert code == 0 and out == "Nodes searched: 4865609\n", err

        def tables():
            from movegen import distributed as md

            return sorted(mib for mib, _ in md._worker_table)

        assert list(client.run(tables).values()) == [[128]]
    finally:
        client.close()


def test_planning_reports_while_it_runs(monkeypatch, capsys):
    from movegen import distributed as md

    monkeypatch.setattr(md.ProgressBar, "LOG_EVERY", 1.0)
    with md.PlanningProgress(5):
        time.sleep(2.5)
    lines = capsys.readouterr().err.splitlines()
    assert lines[:2] == ["movegen.distributed: planning ply 5, 1 s so far", "movegen.distributed: planning ply 5, 2 s so far"], lines


def test_divide_is_perfts_divide_and_resumes(shared_cluster, tmp_path):
    # Kiwipete depth 4: the published total, every root move as the perft command counts it.
    code, out, err = finish(driver("--scheduler", shared_cluster.address, "--divide", "--fen", KIWIPETE, "4"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[-2:] == ["", "Nodes searched: 4085603"] and len(lines) == 48 + 2, out
    expected = movegen.divide(movegen.Board(KIWIPETE), 4)
    assert dict(line.split(": ") for line in lines[:-2]) == {m: str(n) for m, n in expected.items()}
    assert [line.split(":")[0] for line in lines[:-2]] == sorted(expected)
    # Startpos depth 6 split at ply 3 (units deduplicated within each root move), resumed.
    checkpoint = tmp_path / "divide.ckpt"
    args = ["--scheduler", shared_cluster.address, "--divide", "--split-ply", "3", "--checkpoint", str(checkpoint), "--json", "6"]
    for resumed in (False, True):
        code, out, err = finish(driver(*args))
        assert code == 0, err
        report = json.loads(out)
        assert report["nodes"] == 119060324 and sum(report["divide"].values()) == 119060324
        assert report["divide"] == movegen.divide(movegen.Board(), 6)
        assert (report["resumed"] == report["tasks"]) == resumed
    # A checkpoint of a run without --divide is another run.
    line = one_line_failure(*finish(driver(*[a for a in args if a != "--divide"])))
    assert "divide: checkpoint True, this run None" in line, line


def test_results_per_unit_and_compare_against_python_chess(shared_cluster, tmp_path):
    from movegen.distributed import build_identity

    chess = pytest.importorskip("chess")
    results = tmp_path / "units.txt"
    code, out, err = finish(driver("--scheduler", shared_cluster.address, "--results", str(results), "--split-ply", "3", "4"))
    assert code == 0 and out == "Nodes searched: 197281\n", err
    lines = results.read_text().splitlines()
    assert lines[0] == "# FEN;multiplicity;depth;count;worker;build" and len(lines) == 1 + 5362
    fields = lines[1].split(";")
    assert fields[4].startswith("worker=") and fields[5] == "build=" + "/".join(
        build_identity()[k] for k in ("version", "build", "backend")
    )
    # Another engine's unit counts (python-chess, one ply each), in the same first fields.
    theirs = tmp_path / "python-chess.txt"
    rows = []
    for line in lines[1:]:
        fen, paths, depth = line.split(";")[:3]
        assert depth == "1"
        rows.append(f"{fen};{paths};1;{chess.Board(fen).legal_moves.count()}")
    theirs.write_text("\n".join(rows) + "\n")
    compare = [sys.executable, "-m", "movegen.distributed", "compare", str(results), str(theirs)]
    done = subprocess.run(compare, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.endswith("5362 units in both, 0 differ, 0 only in A, 0 only in B; totals 197281 (A), 197281 (B)\n")
    fen = rows[7].split(";")[0]
    rows[7] = rows[7].rsplit(";", 1)[0] + ";1000"
    theirs.write_text("\n".join(rows[:-1]) + "\n")  # one count off, one unit left out
    done = subprocess.run(compare, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and f"differs: {movegen.Board(fen).fen()} depth 1: " in done.stdout, done.stdout
    assert "1 differ, 1 only in A, 0 only in B" in done.stdout, done.stdout
    theirs.write_text("not a unit\n")
    done = subprocess.run(compare, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "line 1: expected FEN;multiplicity;depth;count" in done.stderr, done.stderr
    # With --stats, the breakdown columns after the count.
    code, out, err = finish(driver("--scheduler", shared_cluster.address, "--results", str(results), "--stats", "--split-ply", "2", "3"))
    assert code == 0, err
    header = results.read_text().splitlines()[0]
    assert header == "# FEN;multiplicity;depth;count;captures;ep;castles;promotions;checks;discovery_checks;double_checks;checkmates;worker;build"
    # Resumed from a checkpoint, the file still has every unit (the checkpoint keeps them).
    checkpoint = tmp_path / "results.ckpt"
    args = ["--scheduler", shared_cluster.address, "--results", str(results), "--checkpoint", str(checkpoint), "--split-ply", "3", "--json", "4"]
    first = finish(driver(*args))
    results.unlink()
    code, out, err = finish(driver(*args))
    assert first[0] == 0 and code == 0, err
    assert json.loads(out)["resumed"] == json.loads(out)["tasks"]
    def units_of(text_lines):
        return [line.rsplit(";", 2)[0] for line in text_lines]

    assert units_of(results.read_text().splitlines()[1:]) == units_of(lines[1:])


def test_hash_seed_counts_the_same_with_other_keys(shared_cluster, tmp_path):
    table = movegen.Table(1, 2**64 - 1)
    assert table.seed == 2**64 - 1 and movegen.Table(1).seed == 0
    assert movegen.perft(KIWIPETE, 4, table=table) == 4085603
    with pytest.raises(ValueError, match="seed -1 is out of range"):
        movegen.Table(1, -1)
    checkpoint = tmp_path / "seed.ckpt"
    args = ["--scheduler", shared_cluster.address, "--hash", "16", "--checkpoint", str(checkpoint), "--json", "6"]
    code, out, err = finish(driver(*args, "--hash-seed", "12345"))
    assert code == 0 and json.loads(out)["nodes"] == 119060324, err
    # The checkpoint of seed 12345 is not another seed's run.
    line = one_line_failure(*finish(driver(*args, "--hash-seed", "6789")))
    assert "hash_seed: checkpoint 12345, this run 6789" in line, line
    for bad, message in ((["--hash-seed", "-1", "5"], "--hash-seed -1: expected 0 to"), (["--hash", "0", "--hash-seed", "3", "5"], "no table to seed")):
        code, out, err = finish(driver("--scheduler", shared_cluster.address, *bad))
        assert code == 2 and message in err, err


def test_plan_is_deterministic_and_exact():
    from movegen import distributed as d

    board = movegen.Board(KIWIPETE)
    one = d.plan(board, 4, 2, 7)
    assert one == d.plan(movegen.Board(KIWIPETE), 4, 2, 7)
    assert len(one) == 7
    units = [u for payload, n in one for u in movegen.payload_units(payload)]
    assert sum(n for _, n in one) == len(units)
    # The same units as the split that keeps Boards, each once.
    assert sorted(units) == sorted((b.fen(), n, 2) for b, n in movegen.split(board, 2))
    assert sum(paths * movegen.perft(fen, depth) for fen, paths, depth in units) == 4_085_603
    assert sum(d.count_task(payload, False, 1)["nodes"] for payload, _ in one) == 4_085_603
    assert d.count_task(units, False, 1)["nodes"] == 4_085_603
    assert d.choose_split(movegen.Board(), 8, 40) == 5
    assert d.choose_split(movegen.Board(), 7, 40) == 4
    assert d.choose_split(movegen.Board(), 4, 40) == 2  # ply 1 has 20 units: one deeper
    assert d.choose_split(movegen.Board(), 1, 40) == 0
    many = d.plan(movegen.Board(), 6, 3, 20)  # 5,362 units: runs in tree order
    assert len(many) == 20 and sum(n for _, n in many) == 5_362
    tree = [(b.fen(), n, 3) for b, n in movegen.split(movegen.Board(), 3, order="tree")]
    assert [u for payload, _ in many for u in movegen.payload_units(payload)] == tree
    assert d.count_task(d.units_text(tree), False, 0)["nodes"] == 119_060_324
    assert movegen.perft_units(d.units_text(units)) == 4_085_603


def test_divide_payloads_name_their_root_moves():
    from movegen import distributed as d

    board = movegen.Board(KIWIPETE)
    planned = d.plan(board, 4, 2, 7, divide=True)
    per_move: dict[str, int] = {}
    for payload, _ in planned:
        for move, nodes in d.count_task(payload, False, 1)["divide"].items():
            per_move[move] = per_move.get(move, 0) + nodes
    assert per_move == movegen.divide(board, 4)  # 48 root moves, 4,085,603 leaves
    info = movegen.payload_info(planned[0][0])
    assert info["fen"] == board.fen() and info["depth"] == 2 and sum(n for _, n in info["divide"]) == info["units"]


def test_a_damaged_payload_is_an_error_never_a_count():
    payload, _ = movegen.plan_tasks(movegen.Board(), 5, 3, 1)[0]
    assert movegen.perft_units(payload) == 4_865_609
    flipped = bytearray(payload)
    flipped[len(payload) // 2] ^= 1
    for bad, message in (
        (b"XXXX" + payload[4:], "not a movegen task"),
        (payload[:-1], "checksum does not match"),
        (payload + b"\0", "checksum does not match"),
        (bytes(flipped), "checksum does not match"),
        (payload[:10], "checksum does not match"),
    ):
        with pytest.raises(ValueError, match=message):
            movegen.perft_units(bad)
        with pytest.raises(ValueError, match=message):
            movegen.payload_info(bad)
    # A payload with a right checksum whose first move is made into one no piece can play:
    # refused by the replay, which checks each move.
    info = movegen.payload_info(payload)
    body = payload[:-8]
    start = len(body) - sum(6 + len(_varint(n)) for n in info["multiplicities"])
    damaged = bytearray(body)
    damaged[start] ^= 0x3F
    damaged[start + 1] ^= 0x0F
    damaged += _fnv1a(bytes(damaged)).to_bytes(8, "little")
    with pytest.raises(ValueError, match="unit 0: move 0 .* is not legal"):
        movegen.perft_units(bytes(damaged))


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _fnv1a(data: bytes) -> int:
    """64-bit FNV-1a (the published offset basis and prime)."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) % (1 << 64)
    return h


@pytest.mark.skipif(os.environ.get("MOVEGEN_DEEP") != "1", reason="opt-in: MOVEGEN_DEEP=1")
def test_depth_9_on_a_local_two_worker_cluster():
    start = time.time()
    code, out, err = finish(driver("--json", "9"), timeout=7200)
    assert code == 0, err
    report = json.loads(out)
    assert report["nodes"] == 2_439_530_234_167
    print(f"startpos depth 9: {report['seconds']:.1f} s of work, {time.time() - start:.1f} s in all, {report['workers']} workers")
