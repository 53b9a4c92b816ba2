"""Shared by the tests: the repository's data files and seeded random games."""

import os
import pathlib
import random

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

#: MOVEGEN_SLOW=1 runs the long comparisons (100,000 positions and more).
SLOW = os.environ.get("MOVEGEN_SLOW") == "1"


def data_lines(path):
    """The lines of a data file without blank and ``#`` lines."""
    for line in pathlib.Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            yield line


def perft_rows():
    """(name, fen, depth, nodes, breakdown dict or None) for every row of perft.csv."""
    header = None
    for line in data_lines(ROOT / "perft.csv"):
        fields = line.split(",")
        if header is None:
            header = fields
            continue
        row = dict(zip(header, fields))
        breakdown = {k: int(v) for k, v in row.items() if k not in ("name", "fen", "depth", "nodes") and v != ""}
        yield row["name"], row["fen"], int(row["depth"]), int(row["nodes"]), breakdown or None


def chess960_fens():
    """The 960 positions of chess960-fischer.epd."""
    return [line.split(";")[0].strip() for line in data_lines(DATA / "chess960-fischer.epd")]


def random_games(chess, seed, games, max_plies=200, chess960=False):
    """python-chess boards along seeded random games: yields every position (the board is
    the same object, pushed along; copy it to keep it)."""
    rng = random.Random(seed)
    for _ in range(games):
        if chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        for _ in range(max_plies):
            yield board
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))


@pytest.fixture(scope="session")
def chess():
    return pytest.importorskip("chess")
