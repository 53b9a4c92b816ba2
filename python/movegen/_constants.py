"""python-chess's module constants and square helpers, with the same names and values: colours
(``WHITE`` is True), piece types (``PAWN`` 1 to ``KING`` 6), squares 0..63 with ``A1`` = 0,
and the bitboard masks ``BB_ALL`` and ``BB_EMPTY``."""

import enum
from typing import List, Optional

__all__ = [
    "Status",
    "STATUS_VALID",
    "STATUS_NO_WHITE_KING",
    "STATUS_NO_BLACK_KING",
    "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS",
    "STATUS_TOO_MANY_BLACK_PAWNS",
    "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES",
    "STATUS_TOO_MANY_BLACK_PIECES",
    "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE",
    "STATUS_OPPOSITE_CHECK",
    "STATUS_EMPTY",
    "STATUS_RACE_CHECK",
    "STATUS_RACE_OVER",
    "STATUS_RACE_MATERIAL",
    "STATUS_TOO_MANY_CHECKERS",
    "STATUS_IMPOSSIBLE_CHECK",
    "WHITE",
    "BLACK",
    "COLORS",
    "COLOR_NAMES",
    "PAWN",
    "KNIGHT",
    "BISHOP",
    "ROOK",
    "QUEEN",
    "KING",
    "PIECE_TYPES",
    "PIECE_SYMBOLS",
    "PIECE_NAMES",
    "FILE_NAMES",
    "RANK_NAMES",
    "STARTING_BOARD_FEN",
    "SQUARES",
    "SQUARE_NAMES",
    "A1",
    "B1",
    "C1",
    "D1",
    "E1",
    "F1",
    "G1",
    "H1",
    "A2",
    "B2",
    "C2",
    "D2",
    "E2",
    "F2",
    "G2",
    "H2",
    "A3",
    "B3",
    "C3",
    "D3",
    "E3",
    "F3",
    "G3",
    "H3",
    "A4",
    "B4",
    "C4",
    "D4",
    "E4",
    "F4",
    "G4",
    "H4",
    "A5",
    "B5",
    "C5",
    "D5",
    "E5",
    "F5",
    "G5",
    "H5",
    "A6",
    "B6",
    "C6",
    "D6",
    "E6",
    "F6",
    "G6",
    "H6",
    "A7",
    "B7",
    "C7",
    "D7",
    "E7",
    "F7",
    "G7",
    "H7",
    "A8",
    "B8",
    "C8",
    "D8",
    "E8",
    "F8",
    "G8",
    "H8",
    "BB_EMPTY",
    "BB_ALL",
    "square",
    "square_file",
    "square_rank",
    "square_name",
    "parse_square",
    "square_distance",
    "square_mirror",
    "piece_symbol",
    "piece_name",
]

WHITE = True
BLACK = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

SQUARES = list(range(64))
SQUARE_NAMES = [file + rank for rank in RANK_NAMES for file in FILE_NAMES]
A1, B1, C1, D1, E1, F1, G1, H1 = 0, 1, 2, 3, 4, 5, 6, 7
A2, B2, C2, D2, E2, F2, G2, H2 = 8, 9, 10, 11, 12, 13, 14, 15
A3, B3, C3, D3, E3, F3, G3, H3 = 16, 17, 18, 19, 20, 21, 22, 23
A4, B4, C4, D4, E4, F4, G4, H4 = 24, 25, 26, 27, 28, 29, 30, 31
A5, B5, C5, D5, E5, F5, G5, H5 = 32, 33, 34, 35, 36, 37, 38, 39
A6, B6, C6, D6, E6, F6, G6, H6 = 40, 41, 42, 43, 44, 45, 46, 47
A7, B7, C7, D7, E7, F7, G7, H7 = 48, 49, 50, 51, 52, 53, 54, 55
A8, B8, C8, D8, E8, F8, G8, H8 = 56, 57, 58, 59, 60, 61, 62, 63

BB_EMPTY = 0
BB_ALL = (1 << 64) - 1


def _square_index(square: int) -> int:
    index = int(square.__index__())
    if not 0 <= index < 64:
        raise ValueError(f"square {square} is not 0..63")
    return index


def square(file_index: int, rank_index: int) -> int:
    """The square on file ``file_index`` (0 = a) and rank ``rank_index`` (0 = 1)."""
    return rank_index * 8 + file_index


def square_file(square: int) -> int:
    """The file of a square, 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: int) -> int:
    """The rank of a square, 0 (rank 1) to 7 (rank 8)."""
    return square >> 3


def square_name(square: int) -> str:
    """The name of a square: 0 is "a1". Raises ValueError outside 0..63."""
    return SQUARE_NAMES[_square_index(square)]


def parse_square(name: str) -> int:
    """The square named ``name`` ("e4" is 28). Raises ValueError for any other text."""
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"not a square name: {name!r}") from None


def square_distance(a: int, b: int) -> int:
    """The king-step distance between two squares."""
    return max(abs(square_file(a) - square_file(b)), abs(square_rank(a) - square_rank(b)))


def square_mirror(square: int) -> int:
    """The square with its rank flipped (a1 <-> a8)."""
    return square ^ 0x38


def _piece_type_index(piece_type: int) -> int:
    index = int(piece_type.__index__())
    if not PAWN <= index <= KING:
        raise ValueError(f"piece type {piece_type} is not 1..6 (PAWN..KING)")
    return index


def piece_symbol(piece_type: int) -> str:
    """The lower-case letter of a piece type: ``piece_symbol(KNIGHT)`` is "n"."""
    return str(PIECE_SYMBOLS[_piece_type_index(piece_type)])


def piece_name(piece_type: int) -> str:
    """The name of a piece type: ``piece_name(KNIGHT)`` is "knight"."""
    return str(PIECE_NAMES[_piece_type_index(piece_type)])


class Status(enum.IntFlag):
    """The bits of ``Board.status()``, python-chess's names and values: an ``IntFlag``, so a
    status is an int, compares equal to python-chess's, and prints the faults it names."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK
