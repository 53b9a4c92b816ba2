"""Ctrl-C stops the long calls: SIGINT to a process one second into a count that would take
minutes ends the call with KeyboardInterrupt within a second, and the module (and its table)
count correctly afterwards."""

import os
import signal
import subprocess
import sys
import time

import pytest

#: Each call takes minutes (perft(start, 9) is 2.4e12 leaves) unless it is stopped.
CALLS = {
    "perft": "movegen.perft(S, 9)",
    "perft threads=2": "movegen.perft(S, 9, threads=2)",
    "perft table": "movegen.perft(S, 9, table=table)",
    "perft threads=2 table": "movegen.perft(S, 9, threads=2, table=table)",
    "divide threads=2": "movegen.divide(S, 9, threads=2)",
    "perft_stats": "movegen.perft_stats(S, 8)",
    "perft_stats threads=2 table": "movegen.perft_stats(S, 8, threads=2, table=table)",
    "perft_units list": "movegen.perft_units([(S, 1, 9)], table=table)",
    "perft_units text": "movegen.perft_units(S + ';2;9')",
    "split": "movegen.split(S, 7)",
    "split tree": "movegen.split(S, 7, order='tree')",
}

PROGRAM = """
import movegen
S = movegen.STARTING_FEN
table = movegen.Table(16)
print("go", flush=True)
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted")
print(movegen.perft(S, 5, table=table), movegen.perft(S, 6, threads=2, table=table))
"""


@pytest.mark.parametrize("name", list(CALLS))
def test_sigint_one_second_in_stops_within_a_second(name):
    process = subprocess.Popen(
        [sys.executable, "-c", PROGRAM.format(call=CALLS[name])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().strip() == "go"
        time.sleep(1.0)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        first = process.stdout.readline().strip()
        stopped = time.monotonic() - sent
        rest, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
    assert first == "interrupted", err
    assert stopped < 1.0, f"{name}: {stopped:.2f} s after SIGINT"
    # Published counts: the table holds only whole subtrees, so nothing half-counted is read.
    assert rest.split() == ["4865609", "119060324"], err
    assert process.returncode == 0, err
