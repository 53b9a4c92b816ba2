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
"""

import argparse
import os
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
    """FENs from seeded random self-play (python-chess when installed, else movegen)."""
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and rounds")
    parser.add_argument("--rounds", type=int, default=None)
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 7)
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
    masks = np.zeros((n_batch, movegen.MOVE_INDICES), dtype=bool)
    planes = np.zeros((n_batch, movegen.PLANES, 8, 8), dtype=np.uint8)
    tensor_fens = batch[: n_batch // 10]

    def fc_tensor():
        for f in tensor_fens:
            fastchess.Board(f).to_tensor()

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
    for t in ("1 thread", "2 threads"):
        ratio(f"masks: movegen, {t}", "to_tensor: fastchess", f"masks ({t}) / fastchess to_tensor")
        ratio(f"planes: movegen, {t}", "to_tensor: fastchess", f"planes ({t}) / fastchess to_tensor")
    ratio("push/pop: movegen", "push/pop: python-chess", "push/pop, movegen / python-chess")
    ratio("push_san: movegen", "push_san: python-chess", "push_san, movegen / python-chess")


if __name__ == "__main__":
    main()
