"""python-chess's module surface under movegen: every constant equal to python-chess's, every
square helper giving the same answers, and Outcome/Termination with its names and values."""

import pickle

import pytest

import movegen
from movegen import _constants


def test_constants_equal_python_chess(chess):
    values = [name for name in _constants.__all__ if not callable(getattr(movegen, name))]
    assert len(values) > 64
    for name in values:
        assert getattr(movegen, name) == getattr(chess, name), name
    assert movegen.STARTING_FEN == chess.STARTING_FEN


def test_square_helpers_agree(chess):
    for sq in range(64):
        assert movegen.square_name(sq) == chess.square_name(sq)
        assert movegen.parse_square(chess.square_name(sq)) == sq
        assert movegen.square_file(sq) == chess.square_file(sq)
        assert movegen.square_rank(sq) == chess.square_rank(sq)
        assert movegen.square_mirror(sq) == chess.square_mirror(sq)
        assert movegen.square(chess.square_file(sq), chess.square_rank(sq)) == sq
        for other in range(0, 64, 7):
            assert movegen.square_distance(sq, other) == chess.square_distance(sq, other)
    for bad in ["e9", "E4", "", "e44"]:
        with pytest.raises(ValueError, match="not a square name"):
            movegen.parse_square(bad)
    with pytest.raises(ValueError, match="0..63"):
        movegen.square_name(64)
    for piece_type in chess.PIECE_TYPES:
        assert movegen.piece_symbol(piece_type) == chess.piece_symbol(piece_type)
        assert movegen.piece_name(piece_type) == chess.piece_name(piece_type)
    with pytest.raises(ValueError, match="piece type"):
        movegen.piece_symbol(7)


def test_termination_and_outcome_match_python_chess(chess):
    assert [(t.name, t.value) for t in movegen.Termination] == [(t.name, t.value) for t in chess.Termination]
    ours = movegen.Outcome(movegen.Termination.CHECKMATE, False)
    theirs = chess.Outcome(chess.Termination.CHECKMATE, False)
    assert ours.result() == theirs.result() == "0-1"
    assert movegen.Outcome(movegen.Termination.STALEMATE, None).result() == "1/2-1/2"
    assert pickle.loads(pickle.dumps(ours)) == ours
    assert repr(ours) == repr(theirs) == "Outcome(termination=<Termination.CHECKMATE: 1>, winner=False)"
