"""Interop with python-chess (issue 31 part 2) and the batch inputs of part 5: objects compare
and hash as python-chess's, from_chess keeps a pinned en-passant square, byte FENs and
errors="skip" in batches, and bad thread counts are ValueErrors naming the argument."""

import numpy as np
import pytest

import movegen

chess = pytest.importorskip("chess")
import chess.polyglot  # noqa: E402


def test_from_chess_keeps_a_pinned_en_passant_square():
    fen = "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"
    theirs = chess.Board(fen)
    ours = movegen.Board.from_chess(theirs)
    assert ours.zobrist_hash() == chess.polyglot.zobrist_hash(theirs)


@pytest.mark.parametrize("symbol", "PNBRQKpnbrqk")
def test_pieces_equal_and_hash_as_python_chess(symbol):
    ours, theirs = movegen.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
    assert ours == theirs and theirs == ours and hash(ours) == hash(theirs)
    other = chess.Piece.from_symbol(symbol.swapcase())
    assert ours != other and other != ours


def test_terminations_and_outcomes_equal_python_chess():
    for t in movegen.Termination:
        theirs = chess.Termination[t.name]
        assert t == theirs and theirs == t and hash(t) == hash(theirs)
    assert movegen.Termination.CHECKMATE != chess.Termination.STALEMATE
    fen = "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1"
    ours, theirs = movegen.Board(fen).outcome(), chess.Board(fen).outcome()
    assert ours == theirs and theirs == ours
    assert ours != chess.Outcome(chess.Termination.CHECKMATE, chess.BLACK)


def test_python_chess_board_in_a_batch_names_from_chess():
    with pytest.raises(TypeError, match="from_chess"):
        movegen.encode_planes([movegen.STARTING_FEN, chess.Board()])


def test_byte_fens_in_batches():
    fens = [movegen.STARTING_FEN, "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"]
    want = movegen.legal_move_mask(fens)
    got = movegen.legal_move_mask(np.array([f.encode() for f in fens], dtype="S"))
    assert (got == want).all()
    assert (movegen.encode_planes([f.encode() for f in fens]) == movegen.encode_planes(fens)).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_errors_skip_marks_bad_rows(threads):
    fens = [movegen.STARTING_FEN, "junk", movegen.STARTING_FEN] * 700
    masks, bad = movegen.legal_move_mask(fens, errors="skip", threads=threads)
    assert list(bad) == list(range(1, len(fens), 3))
    assert (masks.sum(axis=1)[bad] == 0).all()
    assert (np.delete(masks.sum(axis=1), bad) == 20).all()
    planes, bad2 = movegen.encode_planes(fens, errors="skip", threads=threads)
    assert list(bad2) == list(bad) and not planes[bad].any()
    with pytest.raises(movegen.FenError, match="position 1"):
        movegen.legal_move_mask(fens, threads=threads)
    with pytest.raises(ValueError, match="errors"):
        movegen.legal_move_mask(fens, errors="ignore")


@pytest.mark.parametrize("threads", [-1, 0, 2**70])
def test_bad_thread_counts_name_the_argument(threads):
    with pytest.raises(ValueError, match="threads"):
        movegen.encode_planes([movegen.STARTING_FEN], threads=threads)
    with pytest.raises(ValueError, match="threads"):
        movegen.legal_move_mask([movegen.STARTING_FEN], threads=threads)


def test_numpy_integers_as_thread_counts():
    assert movegen.legal_move_mask([movegen.STARTING_FEN], threads=np.int64(2)).sum() == 20


@pytest.mark.parametrize("bad", [-1, 0, 2**70])
def test_bad_table_sizes_name_the_argument(bad):
    with pytest.raises(ValueError, match="mib"):
        movegen.Table(bad)


@pytest.mark.parametrize("bad", [-1, 2**70])
def test_bad_repetition_counts_name_the_argument(bad):
    with pytest.raises(ValueError, match="count"):
        movegen.Board().is_repetition(bad)
    assert movegen.Board().is_repetition(1) and not movegen.Board().is_repetition()
