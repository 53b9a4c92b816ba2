"""Overhead of distributed perft: ``movegen.distributed`` on a local cluster of two worker
processes (one thread each, ``--hash`` MiB each, started before the timing) against ``perft
--threads 2 --hash 2*MiB`` (the same total memory, its own timer), interleaved rounds, start
position. The distributed time runs from submitting the work to the total; the workers are
restarted before each round, so each starts with an empty table as the command does.
Not a test: ``python python/bench_distributed.py PERFT_BINARY [--depths 8 9] [--rounds 3]``.
"""

import argparse
import json
import statistics
import subprocess
import sys

import movegen
from movegen import distributed as d


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("perft", help="the perft binary (target/release/perft)")
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hash", type=int, default=256, help="MiB per worker (the command gets twice this)")
    parser.add_argument("--tasks", type=int, default=None)
    parser.add_argument("--split-ply", type=int, default=None)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0")
    client = Client(cluster)
    client.wait_for_workers(2)
    board = movegen.Board()
    times = {}
    for r in range(args.rounds):
        for depth in args.depths:
            client.restart()
            client.wait_for_workers(2)
            result = d.run(client, board, depth, hash_mib=args.hash, tasks=args.tasks, split_ply=args.split_ply, workers=2)
            out = subprocess.run(
                [args.perft, "--threads", "2", "--hash", str(2 * args.hash), "--quiet", "--json", str(depth)],
                capture_output=True, text=True, check=True,
            )
            cli = json.loads(out.stdout)
            assert result["nodes"] == cli["nodes"], (result["nodes"], cli["nodes"])
            times.setdefault(depth, {"dask": [], "cli": [], "tasks": result["tasks"], "units": result["units"], "nodes": cli["nodes"]})
            times[depth]["dask"].append(result["seconds"])
            times[depth]["cli"].append(cli["seconds"])
            print(f"round {r + 1} depth {depth}: dask {result['seconds']:.2f} s, perft {cli['seconds']:.2f} s", file=sys.stderr)
    client.close()
    cluster.close()
    print(f"startpos, 2 workers x 1 thread x {args.hash} MiB against perft --threads 2 --hash {2 * args.hash}, "
          f"{movegen.BACKEND} backend; medians of {args.rounds} interleaved rounds")
    print(f"{'depth':>5} {'nodes':>18} {'units':>6} {'tasks':>5} {'dask s':>8} {'perft s':>8} {'ratio':>6}")
    for depth, t in times.items():
        a, b = statistics.median(t["dask"]), statistics.median(t["cli"])
        print(f"{depth:>5} {t['nodes']:>18,} {t['units']:>6} {t['tasks']:>5} {a:>8.2f} {b:>8.2f} {a / b:>6.3f}")


if __name__ == "__main__":
    main()
