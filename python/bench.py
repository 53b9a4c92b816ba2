"""Speed of the Python package against python-chess and fastchess (when installed), one core,
one process, the same positions for every library: positions (or operations) per second and
the ratios. Not a test: run it as ``python python/bench.py`` (``--quick`` for a short run).

Workloads:
- legal moves as Python objects, on boards built beforehand: ``board.legal_moves()`` against
  python-chess's ``list(board.legal_moves)`` and fastchess's ``legal_moves_uci()``;
- a batch of FENs to legal-move masks and to board planes (FEN parsing included, into a
  preallocated ``out=``), 1 and 2 threads, against fastchess's per-board ``to_tensor``
  (parsing included);
- ``push``/``pop`` of every legal move, and ``push_san`` of every move along the games.

Each figure is the median of several interleaved rounds.

``--perft PATH`` instead times ``movegen.perft`` (one thread, no table, perf_counter around
each call) against the ``perft`` command at PATH (``--threads 1``, its own timer) on the six
positions of the crate's peers benchmark, interleaved, and prints the medians and the ratio of
the sums.
"""

import argparse
import json
import os
import subprocess
import platform
import random
import statistics
import sys
import time

import numpy as np

import movegen

try:
    import chess
except ImportError:  # pragma: no cover
    chess = None
try:
    import fastchess
except ImportError:  # pragma: no cover
    fastchess = None


def positions(count, seed=11):
    """FENs from seeded random self-play (played with movegen)."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = movegen.Board()
        for _ in range(rng.randrange(20, 160)):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens[:count]


def rate(work, items):
    start = time.perf_counter()
    work()
    return items / (time.perf_counter() - start)


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


#: The peers benchmark's positions and depths, with their published counts.
PERFT_POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15_833_292),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164_075_551),
]


def perft_against_cli(binary, rounds):
    times = {(name, who): [] for name, *_ in PERFT_POSITIONS for who in ("python", "cli")}
    for r in range(rounds):
        for name, fen, depth, nodes in PERFT_POSITIONS:
            start = time.perf_counter()
            got = movegen.perft(fen, depth)
            times[name, "python"].append(time.perf_counter() - start)
            assert got == nodes, (name, got)
            out = subprocess.run(
                [binary, "--threads", "1", "--quiet", "--json", "--fen", fen, str(depth)],
                capture_output=True, text=True, check=True,
            )
            report = json.loads(out.stdout)
            assert report["nodes"] == nodes, (name, report["nodes"])
            times[name, "cli"].append(report["seconds"])
        print(f"round {r + 1}/{rounds}", file=sys.stderr)
    print(f"movegen.perft against `perft --threads 1` ({binary}), one thread, no table, "
          f"{movegen.BACKEND} backend, {cpu_name()}; medians of {rounds} interleaved rounds")
    print(f"{'position':<10} {'depth':>5} {'nodes':>12} {'python s':>9} {'cli s':>9} {'ratio':>6}")
    total = {"python": 0.0, "cli": 0.0}
    for name, fen, depth, nodes in PERFT_POSITIONS:
        py, cli = (statistics.median(times[name, who]) for who in ("python", "cli"))
        total["python"] += py
        total["cli"] += cli
        print(f"{name:<10} {depth:>5} {nodes:>12,} {py:>9.3f} {cli:>9.3f} {py / cli:>6.3f}")
    print(f"{'total':<30} {total['python']:>9.3f} {total['cli']:>9.3f} {total['python'] / total['cli']:>6.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--perft", metavar="PATH", help="compare perft with this perft binary")
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 7)
    if args.perft:
        perft_against_cli(args.perft, args.rounds or 5)
        return
    n_list = 2_000 if args.quick else 20_000
    n_batch = 10_000 if args.quick else 100_000
    fens = positions(max(n_list, n_batch))
    list_fens = fens[:n_list]

    ours = [movegen.Board(f) for f in list_fens]
    theirs = [chess.Board(f) for f in list_fens] if chess else []
    fast = [fastchess.Board(f) for f in list_fens] if fastchess else []

    def mg_list():
        for b in ours:
            b.legal_moves()

    def pc_list():
        for b in theirs:
            list(b.legal_moves)

    def fc_list():
        for b in fast:
            b.legal_moves_uci()

    batch = fens[:n_batch]
    # Touched before timing (np.zeros would leave the pages to fault in during the first round).
    masks = np.ones((n_batch, movegen.MOVE_INDICES), dtype=bool)
    planes = np.ones((n_batch, movegen.PLANES, 8, 8), dtype=np.uint8)
    tensor_fens = batch[: n_batch // 10]
    tensors = np.ones((len(tensor_fens), 18, 8, 8), dtype=np.float32)

    def fc_tensor():
        for f in tensor_fens:
            fastchess.Board(f).to_tensor()

    def fc_tensor_out():
        # The same job as movegen's batches: parse, encode, store into a preallocated array.
        for i, f in enumerate(tensor_fens):
            tensors[i] = fastchess.Board(f).to_tensor()

    san_games = []
    rng = random.Random(5)
    for _ in range(40 if args.quick else 200):
        b = movegen.Board()
        sans = []
        for _ in range(rng.randrange(20, 120)):
            moves = b.legal_moves()
            if not moves:
                break
            mv = rng.choice(moves)
            sans.append(b.san(mv))
            b.push(mv)
        san_games.append(sans)
    san_moves = sum(map(len, san_games))

    def mg_san():
        for game in san_games:
            b = movegen.Board()
            for s in game:
                b.push_san(s)

    def pc_san():
        for game in san_games:
            b = chess.Board()
            for s in game:
                b.push_san(s)

    push_boards = ours[:2_000]
    push_moves = [b.legal_moves() for b in push_boards]
    push_count = sum(map(len, push_moves))
    pc_push_boards = theirs[:2_000]
    pc_push_moves = [list(b.legal_moves) for b in pc_push_boards]

    def mg_push():
        for b, moves in zip(push_boards, push_moves):
            for m in moves:
                b.push(m)
                b.pop()

    def pc_push():
        for b, moves in zip(pc_push_boards, pc_push_moves):
            for m in moves:
                b.push(m)
                b.pop()

    work = {
        "legal moves: movegen": (mg_list, n_list),
        "legal moves: python-chess": (pc_list, n_list) if chess else None,
        "legal moves: fastchess": (fc_list, n_list) if fastchess else None,
        "masks: movegen, 1 thread": (lambda: movegen.legal_move_mask(batch, out=masks), n_batch),
        "masks: movegen, 2 threads": (lambda: movegen.legal_move_mask(batch, out=masks, threads=2), n_batch),
        "planes: movegen, 1 thread": (lambda: movegen.encode_planes(batch, out=planes), n_batch),
        "planes: movegen, 2 threads": (lambda: movegen.encode_planes(batch, out=planes, threads=2), n_batch),
        "to_tensor: fastchess": (fc_tensor, len(tensor_fens)) if fastchess else None,
        "to_tensor into out: fastchess": (fc_tensor_out, len(tensor_fens)) if fastchess else None,
        "push/pop: movegen": (mg_push, push_count),
        "push/pop: python-chess": (pc_push, push_count) if chess else None,
        "push_san: movegen": (mg_san, san_moves),
        "push_san: python-chess": (pc_san, san_moves) if chess else None,
    }
    work = {k: v for k, v in work.items() if v is not None}
    results = {k: [] for k in work}
    for r in range(rounds):
        for name, (fn, items) in work.items():
            results[name].append(rate(fn, items))
        print(f"round {r + 1}/{rounds}", file=sys.stderr)
    median = {k: statistics.median(v) for k, v in results.items()}

    print(f"movegen {movegen.__version__} ({movegen.BACKEND} backend), Python {platform.python_version()}, "
          f"{cpu_name()}, {os.cpu_count()} cores; medians of {rounds} interleaved rounds")
    print(f"legal moves on {n_list} boards, masks and planes over {n_batch} FENs (parsing included), "
          f"push/pop of {push_count} moves, push_san of {san_moves} moves")
    print(f"{'workload':<30} {'per second':>14}")
    for name, value in median.items():
        print(f"{name:<30} {value:>14,.0f}")

    def ratio(a, b, label):
        if a in median and b in median:
            print(f"{label:<48} {median[a] / median[b]:>6.1f}x")

    print()
    ratio("legal moves: movegen", "legal moves: python-chess", "legal moves, movegen / python-chess")
    ratio("legal moves: movegen", "legal moves: fastchess", "legal moves, movegen / fastchess")
    for base, label in (("to_tensor into out: fastchess", "to_tensor into out"), ("to_tensor: fastchess", "to_tensor")):
        for t in ("1 thread", "2 threads"):
            ratio(f"masks: movegen, {t}", base, f"masks ({t}) / fastchess {label}")
            ratio(f"planes: movegen, {t}", base, f"planes ({t}) / fastchess {label}")
    ratio("masks: movegen, 2 threads", "masks: movegen, 1 thread", "masks, 2 threads / 1 thread")
    ratio("planes: movegen, 2 threads", "planes: movegen, 1 thread", "planes, 2 threads / 1 thread")
    ratio("push/pop: movegen", "push/pop: python-chess", "push/pop, movegen / python-chess")
    ratio("push_san: movegen", "push_san: python-chess", "push_san, movegen / python-chess")


if __name__ == "__main__":
    main()
