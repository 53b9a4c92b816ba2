"""How a game ended: ``Termination`` and ``Outcome``, with python-chess's names and values.

``Board.outcome()`` returns an ``Outcome``; both compare, hash and pickle as plain values, and
compare equal to python-chess's ``Termination`` and ``Outcome`` of the same value."""

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

    def __eq__(self, other: object) -> bool:
        if isinstance(other, enum.Enum) and type(other).__name__ == "Termination":
            return (other.name, other.value) == (self.name, self.value)
        return NotImplemented

    # As every Enum hashes (by name), so equal to python-chess's of the same name.
    __hash__ = enum.Enum.__hash__


@dataclasses.dataclass(frozen=True)
class Outcome:
    """The end of a game: its ``termination`` and the ``winner`` (True White, False Black, None
    for a draw)."""

    termination: Termination
    winner: Optional[bool]

    def __eq__(self, other: object) -> bool:
        if type(other).__name__ == "Outcome" and hasattr(other, "termination"):
            return (self.termination, self.winner) == (
                other.termination,
                getattr(other, "winner", None),
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.termination, self.winner))

    def result(self) -> str:
        """"1-0", "0-1" or "1/2-1/2"."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
