"""Setting a board up, against python-chess: reset, set_fen, mirror, Board.from_chess960_pos,
and the SVG drawing a notebook shows."""

import xml.etree.ElementTree as ElementTree

import pytest

import movegen
from conftest import chess960_fens, random_games


def test_from_chess960_pos_is_python_chess_for_every_number(chess):
    fens = chess960_fens()
    assert len(fens) == 960
    for n in range(960):
        ours = movegen.Board.from_chess960_pos(n)
        theirs = chess.Board.from_chess960_pos(n)
        assert ours.fen() == theirs.fen(), n
        assert ours.chess960 and ours.shredder_fen() == theirs.shredder_fen()
        assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert movegen.Board.from_chess960_pos(518).fen() == movegen.STARTING_FEN
    for bad in (-1, 960, 2**70):
        with pytest.raises(ValueError, match="scharnagl"):
            movegen.Board.from_chess960_pos(bad)


def test_mirror_reset_and_set_fen_follow_python_chess(chess):
    for index, theirs in enumerate(random_games(chess, 41, games=40, max_plies=120)):
        if index % 3:
            continue
        ours = movegen.Board.from_chess(theirs)
        mirrored = ours.mirror()
        assert mirrored.fen() == theirs.mirror().fen(en_passant="xfen"), theirs.fen()
        assert mirrored.move_stack == [] and len(ours.move_stack) == len(theirs.move_stack)
        assert mirrored.mirror().fen() == ours.fen()
        copy = movegen.Board()
        copy.push_san("e4")
        copy.set_fen(theirs.fen())
        assert copy.fen() == theirs.fen(en_passant="xfen") and copy.move_stack == []
        copy.reset()
        assert copy == movegen.Board() and copy.move_stack == []


def test_set_fen_refuses_bad_text_and_keeps_the_board():
    board = movegen.Board()
    board.push_san("e4")
    before = board.fen()
    with pytest.raises(movegen.FenError):
        board.set_fen("not a fen")
    assert board.fen() == before and len(board.move_stack) == 1


def test_the_svg_is_a_drawn_board():
    board = movegen.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    board.push_uci("a1a8")
    root = ElementTree.fromstring(board._repr_svg_())
    assert root.tag.endswith("svg")
    texts = [element for element in root.iter() if element.tag.endswith("text")]
    pieces = [t for t in texts if "piece" in t.get("class", "")]
    assert sorted(t.get("class").split()[1] for t in pieces) == sorted("kKRrR")
    assert sorted(t.text for t in texts if t.text in "abcdefgh12345678") == sorted("abcdefgh12345678")
    rects = [element for element in root.iter() if element.tag.endswith("rect")]
    assert len(rects) == 1 + 64 + 1  # the frame, the squares, the checked king
