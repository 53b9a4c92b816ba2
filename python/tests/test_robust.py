"""No input from Python aborts the interpreter: random bytes and strings as FENs and moves,
random move sequences, every entry of the invalid-FEN catalogue, and wrong argument types.
Each raises a Python exception (FenError, MoveError, ValueError, TypeError) or works."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import movegen
from conftest import DATA, data_lines

FEN_PIECES = st.text(alphabet="pnbrqkPNBRQK12345678/ -wKQkqabcdefghAH0123456789", max_size=90)
ANY_TEXT = st.one_of(st.text(max_size=120), FEN_PIECES, st.binary(max_size=120).map(lambda b: b.decode("latin-1")))


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
def test_any_text_as_a_fen(text):
    try:
        board = movegen.Board(text)
    except movegen.FenError as error:
        assert str(error)
        return
    # Accepted: the board is usable and round-trips.
    assert movegen.Board(board.fen()) == board
    board.legal_moves()


@settings(max_examples=3000, deadline=None)
@given(st.text(max_size=12), st.sampled_from([movegen.STARTING_FEN, "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1"]))
def test_any_text_as_a_move(text, fen):
    board = movegen.Board(fen)
    for parse in (board.parse_uci, board.parse_san, board.push_uci, board.push_san):
        try:
            parse(text)
        except movegen.MoveError as error:
            assert str(error)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10**6), max_size=120), st.booleans())
def test_random_move_sequences_push_and_pop(choices, chess960):
    board = movegen.Board(chess960=chess960)
    played = 0
    for choice in choices:
        moves = board.legal_moves()
        if not moves:
            assert board.outcome() is not None
            break
        move = moves[choice % len(moves)]
        san = board.san(move)
        assert board.parse_san(san) == move
        board.push(move)
        played += 1
        index = choice % movegen.MOVE_INDICES
        try:
            movegen.index_to_move(board, index)
        except movegen.MoveError:
            pass
    for _ in range(played):
        board.pop()
    assert board == movegen.Board()
    with pytest.raises(IndexError):
        board.pop()


def test_the_invalid_fen_catalogue():
    entries = 0
    for line in data_lines(DATA / "invalid-fens.txt"):
        _, fen, _ = line.split("\t")
        entries += 1
        if fen.split()[-1:] in (["0"], ["00"]):
            # The crate refuses a fullmove number of 0; the package reads it as 1, as
            # python-chess does (tests/test_interop.py).
            assert movegen.Board(fen).fullmove_number == 1
            continue
        with pytest.raises(movegen.FenError):
            movegen.Board(fen)
        with pytest.raises(movegen.FenError):
            movegen.perft(fen, 1)
        with pytest.raises(movegen.FenError):
            movegen.encode_planes([fen])
    assert entries >= 243


@pytest.mark.parametrize(
    "call",
    [
        lambda: movegen.Board(42),
        lambda: movegen.Board().push(None),
        lambda: movegen.Board().piece_at("e4"),
        lambda: movegen.perft(None, 1),
        lambda: movegen.perft(movegen.STARTING_FEN, "3"),
        lambda: movegen.Table(-1),
        lambda: movegen.legal_move_mask([None]),
        lambda: movegen.move_indices([movegen.STARTING_FEN], [42]),
        lambda: movegen.index_to_move(movegen.STARTING_FEN, 10**30),
        lambda: movegen.Board().is_repetition(-1),
        lambda: movegen.Table(2**60),
    ],
)
def test_wrong_types_raise(call):
    with pytest.raises((TypeError, ValueError, OverflowError)):
        call()
