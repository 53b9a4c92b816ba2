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


@pytest.mark.parametrize("fullmove", ["0", "00"])
def test_fullmove_zero_reads_as_python_chess_reads_it(fullmove):
    fen = f"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 {fullmove}"
    theirs = chess.Board(fen)
    ours = movegen.Board(fen)
    assert ours.fen() == theirs.fen() and ours.fullmove_number == theirs.fullmove_number == 1
    one = fen.rsplit(" ", 1)[0] + " 1"
    assert movegen.perft(fen, 2) == movegen.perft(one, 2)
    masks = movegen.legal_move_mask([fen, fen.encode()])
    assert masks.sum() == 2 * theirs.legal_moves.count()


@pytest.mark.parametrize(
    "fen, field",
    [
        ("8/8/8/8/8/8/8/K6k w - - 65536 1", "halfmove clock"),
        ("8/8/8/8/8/8/8/K6k w - - 0 65536", "fullmove number"),
        ("8/8/8/8/8/8/8/K6k w - - 0 -1", "fullmove number"),
    ],
)
def test_clocks_over_65535_are_value_errors_naming_the_field(fen, field):
    # The choice: refused, not clamped (a clamped clock would change what the FEN says).
    with pytest.raises(ValueError, match=field):
        movegen.Board(fen)
    with pytest.raises(ValueError, match=field):
        movegen.legal_move_mask([fen])


def test_clocks_up_to_65535_read_back():
    fen = "8/8/8/8/8/8/8/K6k w - - 65535 65535"
    assert movegen.Board(fen).fen() == chess.Board(fen).fen() == fen


def test_outcomes_pickle_and_tables_refuse_clearly():
    import copy
    import pickle

    outcome = movegen.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome()
    assert outcome is not None and pickle.loads(pickle.dumps(outcome)) == outcome
    assert pickle.loads(pickle.dumps(movegen.Termination.CHECKMATE)) is movegen.Termination.CHECKMATE
    table = movegen.Table(1)
    for attempt in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match=r"Table\(1\) in each process"):
            attempt(table)


def test_move_to_index_takes_uci_text_as_move_indices_does():
    board = movegen.Board()
    for move in board.legal_moves:
        index = movegen.move_to_index(board, move.uci())
        assert index == movegen.move_to_index(board, move) == movegen.move_to_index(movegen.STARTING_FEN, move.uci())
        assert movegen.move_indices([board], [move.uci()])[0] == index
    with pytest.raises(movegen.MoveError, match="e2e5"):
        movegen.move_to_index(board, "e2e5")
    with pytest.raises(movegen.MoveError):
        movegen.move_to_index(board, "not a move")
    with pytest.raises(TypeError, match="UCI string"):
        movegen.move_to_index(board, 42)
