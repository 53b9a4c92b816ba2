"""``SquareSet``: a set of squares kept as a 64-bit mask (a1 = bit 0), as python-chess's.

What ``Board.attackers``, ``attacks``, ``checkers``, ``pin`` and ``pieces`` return. It iterates
in ascending square order, has ``len``, ``in``, ``int()`` and the set operators, and compares
equal to an int mask, to another SquareSet and to python-chess's ``SquareSet`` of the same
squares. Like python-chess's it is mutable and so not hashable.
"""

from __future__ import annotations

from typing import Iterable, Iterator, SupportsIndex, Union

BB_ALL = 0xFFFF_FFFF_FFFF_FFFF

_Squares = Union[SupportsIndex, Iterable[SupportsIndex]]


def _mask(squares: object) -> int:
    """The mask of an int, an object with ``__int__`` (a SquareSet) or an iterable of squares."""
    if hasattr(squares, "__int__") and not isinstance(squares, (str, bytes)):
        return int(squares) & BB_ALL
    mask = 0
    for square in squares:  # type: ignore[attr-defined]
        mask |= 1 << _square(square)
    return mask


def _square(square: SupportsIndex) -> int:
    value = square.__index__()
    if not 0 <= value < 64:
        raise ValueError(f"square {value} is out of range (0 to 63)")
    return value


class SquareSet:
    """A set of squares: ``SquareSet(0x81)``, ``SquareSet([0, 7])`` or ``SquareSet()``."""

    __slots__ = ("_bits",)

    def __init__(self, squares: _Squares = 0) -> None:
        self._bits = _mask(squares)

    @property
    def mask(self) -> int:
        """The squares as a 64-bit int, a1 = bit 0."""
        return self._bits

    @mask.setter
    def mask(self, value: int) -> None:
        self._bits = value & BB_ALL

    # The set.
    def __iter__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __reversed__(self) -> Iterator[int]:
        mask = self.mask
        while mask:
            square = mask.bit_length() - 1
            yield square
            mask ^= 1 << square

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, square: object) -> bool:
        try:
            value = square.__index__()  # type: ignore[attr-defined]
        except AttributeError:
            return False
        return 0 <= value < 64 and bool(self.mask >> value & 1)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def add(self, square: SupportsIndex) -> None:
        """Add a square."""
        self.mask |= 1 << _square(square)

    def discard(self, square: SupportsIndex) -> None:
        """Remove a square if it is there."""
        self.mask &= ~(1 << _square(square))

    def remove(self, square: SupportsIndex) -> None:
        """Remove a square; KeyError if it is not there."""
        bit = 1 << _square(square)
        if not self.mask & bit:
            raise KeyError(square)
        self.mask ^= bit

    def pop(self) -> int:
        """Remove and return the lowest square; KeyError if empty."""
        if not self.mask:
            raise KeyError("pop from empty SquareSet")
        square = (self.mask & -self.mask).bit_length() - 1
        self.mask &= self.mask - 1
        return square

    def clear(self) -> None:
        """Remove every square."""
        self.mask = 0

    def copy(self) -> SquareSet:
        """A copy."""
        return SquareSet(self.mask)

    def tolist(self) -> list[bool]:
        """64 booleans, a1 first."""
        return [bool(self.mask >> square & 1) for square in range(64)]

    def isdisjoint(self, other: _Squares) -> bool:
        """No square in common."""
        return not self.mask & _mask(other)

    def issubset(self, other: _Squares) -> bool:
        """Every square also in ``other``."""
        return not self.mask & ~_mask(other)

    def issuperset(self, other: _Squares) -> bool:
        """Every square of ``other`` also here."""
        return not ~self.mask & _mask(other)

    # Operators, each with an int mask, a SquareSet or an iterable of squares.
    def __and__(self, other: _Squares) -> SquareSet:
        return SquareSet(self.mask & _mask(other))

    def __or__(self, other: _Squares) -> SquareSet:
        return SquareSet(self.mask | _mask(other))

    def __xor__(self, other: _Squares) -> SquareSet:
        return SquareSet(self.mask ^ _mask(other))

    def __sub__(self, other: _Squares) -> SquareSet:
        return SquareSet(self.mask & ~_mask(other))

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __invert__(self) -> SquareSet:
        return SquareSet(~self.mask & BB_ALL)

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask(other)
        except (TypeError, ValueError, AttributeError):
            return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            rows.append(" ".join("1" if self.mask >> (rank * 8 + file) & 1 else "." for file in range(8)))
        return "\n".join(rows)
