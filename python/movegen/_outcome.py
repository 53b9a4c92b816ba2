"""How a game ended: ``Termination`` and ``Outcome``, with python-chess's names and values.

``Board.outcome()`` returns an ``Outcome``; both compare, hash and pickle as plain values."""

import dataclasses
import enum
from typing import Optional


class Termination(enum.Enum):
    """Why a game is over, numbered as python-chess numbers it."""

    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    VARIANT_WIN = 8
    VARIANT_LOSS = 9
    VARIANT_DRAW = 10


@dataclasses.dataclass(frozen=True)
class Outcome:
    """The end of a game: its ``termination`` and the ``winner`` (True White, False Black, None
    for a draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """"1-0", "0-1" or "1/2-1/2"."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
