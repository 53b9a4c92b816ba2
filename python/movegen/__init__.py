"""movegen: fast legal chess move generation (a Rust crate) for Python.

Boards with python-chess's method names, perft at the speed of the ``perft`` command, and
NumPy encodings for neural networks (AlphaZero board planes, 8x8x73 legal-move masks and
move indices), batched and without the GIL.

>>> import movegen
>>> board = movegen.Board()
>>> len(board.legal_moves())
20
>>> board.push_san("e4")
Move.from_uci('e2e4')
>>> movegen.perft(movegen.STARTING_FEN, 4)
197281
"""

from ._movegen import (
    BACKEND,
    MOVE_INDICES,
    PLANES,
    STARTING_FEN,
    Board,
    FenError,
    LegalMoveGenerator,
    Move,
    MoveError,
    Piece,
    Table,
    __version__,
    divide,
    encode_planes,
    index_to_move,
    legal_move_mask,
    move_indices,
    move_to_index,
    payload_info,
    payload_units,
    perft,
    perft_stats,
    perft_units,
    plan_tasks,
    split,
    split_len,
)
from ._constants import *  # noqa: F403 (python-chess's constants, listed in _constants.__all__)
from ._constants import __all__ as _constant_names
from ._outcome import Outcome, Termination
from ._squareset import SquareSet

__all__ = [
    "BACKEND",
    "MOVE_INDICES",
    "PLANES",
    "STARTING_FEN",
    "Board",
    "FenError",
    "LegalMoveGenerator",
    "Move",
    "MoveError",
    "Outcome",
    "Piece",
    "SquareSet",
    "Table",
    "Termination",
    "__version__",
    "divide",
    "encode_planes",
    "index_to_move",
    "legal_move_mask",
    "move_indices",
    "move_to_index",
    "payload_info",
    "payload_units",
    "perft",
    "perft_stats",
    "perft_units",
    "plan_tasks",
    "split",
    "split_len",
    *_constant_names,
]
