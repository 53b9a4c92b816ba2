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


def _random_setups(chess, seed, count):
    """Pairs of boards, ours and python-chess's, through the same random setup calls: pieces
    put and removed on positions of random games and on empty boards, the side to move
    flipped."""
    import random

    rng = random.Random(seed)
    starts = [g.fen() for g in random_games(chess, seed, games=30, max_plies=80)]
    symbols = "PNBRQKpnbrqk"
    for n in range(count):
        if n % 4 == 0:
            ours, theirs = movegen.Board(None), chess.Board(None)
        else:
            fen = rng.choice(starts)
            ours, theirs = movegen.Board(fen), chess.Board(fen)
        for _ in range(rng.randrange(1, 9)):
            action = rng.random()
            square = rng.randrange(64)
            if action < 0.5:
                symbol = rng.choice(symbols)
                ours.set_piece_at(square, movegen.Piece.from_symbol(symbol))
                theirs.set_piece_at(square, chess.Piece.from_symbol(symbol))
            elif action < 0.85:
                removed = ours.remove_piece_at(square)
                expected = theirs.remove_piece_at(square)
                assert (removed and removed.symbol()) == (expected and expected.symbol())
            else:
                ours.turn = not ours.turn
                theirs.turn = not theirs.turn
        yield ours, theirs


def test_status_and_setup_follow_python_chess_on_random_setups(chess):
    valid = invalid = 0
    bits = 0
    for ours, theirs in _random_setups(chess, 7, 3000):
        assert ours.board_fen() == theirs.board_fen()
        assert ours.turn == theirs.turn
        assert ours.status() == int(theirs.status()), (theirs.fen(), ours.status(), theirs.status())
        assert ours.is_valid() == theirs.is_valid()
        assert {s: p.symbol() for s, p in ours.piece_map().items()} == {
            s: p.symbol() for s, p in theirs.piece_map().items()
        }
        assert str(ours) == str(theirs)
        bits |= ours.status()
        if ours.is_valid():
            valid += 1
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
        else:
            invalid += 1
    # The setups cover valid and invalid boards and most of python-chess's bits.
    assert valid > 300 and invalid > 300, (valid, invalid)
    for bit in ("NO_WHITE_KING", "NO_BLACK_KING", "TOO_MANY_KINGS", "PAWNS_ON_BACKRANK",
                "BAD_CASTLING_RIGHTS", "OPPOSITE_CHECK", "EMPTY"):
        assert bits & getattr(movegen, f"STATUS_{bit}"), bit


def test_an_invalid_board_answers_setup_calls_and_refuses_moves_pointing_at_status(chess):
    board = movegen.Board(None)
    assert board.board_fen() == "8/8/8/8/8/8/8/8" and board.piece_map() == {}
    assert board.fen() == chess.Board(None).fen() == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert board.status() == int(chess.Board(None).status())
    assert board.status() & movegen.STATUS_EMPTY and not board.is_valid()
    for call in (
        lambda: list(board.legal_moves),
        lambda: len(board.legal_moves),
        lambda: board.push_uci("e2e4"),
        lambda: board.push_san("e4"),
        lambda: board.is_checkmate(),
        lambda: board.is_game_over(),
        lambda: board.outcome(),
        lambda: board.result(),
        lambda: board.zobrist_hash(),
        lambda: board.san(movegen.Move.from_uci("e2e4")),
        lambda: movegen.perft(board, 1),
    ):
        with pytest.raises(ValueError, match=r"status\(\)"):
            call()
    board.set_piece_at(movegen.E1, movegen.Piece.from_symbol("K"))
    board.set_piece_at(movegen.E8, movegen.Piece.from_symbol("k"))
    assert board.is_valid() and board.legal_move_count() == 5
    board.push_uci("e1d1")
    assert board.remove_piece_at(movegen.E8).symbol() == "k"
    assert board.move_stack == [] and not board.is_valid()
    assert board.status() & movegen.STATUS_NO_BLACK_KING
    board.clear()
    assert board == movegen.Board(None) and hash(board) == hash(movegen.Board(None))
    board.set_board_fen("4k3/8/8/8/8/8/8/4K2R")
    assert board.fen() == "4k3/8/8/8/8/8/8/4K2R w - - 0 1" and board.is_valid()
    for bad in ("8/8/8", "4k3/8/8/8/8/8/8/4K2X", "9/8/8/8/8/8/8/8", "4k4/8/8/8/8/8/8/4K3",
                "44/8/8/8/8/8/8/8", "7/8/8/8/8/8/8/8", "ppppppppp/8/8/8/8/8/8/8", ""):
        with pytest.raises(ValueError):
            board.set_board_fen(bad)
    assert board.fen() == "4k3/8/8/8/8/8/8/4K2R w - - 0 1"


def test_a_board_being_set_up_copies_pickles_and_converts():
    import copy
    import pickle

    board = movegen.Board()
    board.remove_piece_at(movegen.E1)
    assert not board.is_valid() and board.castling_rights == chess_castling_mask()
    for other in (board.copy(), copy.deepcopy(board), pickle.loads(pickle.dumps(board))):
        assert other == board and other.fen() == board.fen() and not other.is_valid()
    board.set_piece_at(movegen.E1, movegen.Piece.from_symbol("K"))
    assert board.is_valid() and board == movegen.Board()


def chess_castling_mask():
    return (1 << movegen.A1) | (1 << movegen.H1) | (1 << movegen.A8) | (1 << movegen.H8)


def test_castling_ep_and_clock_setters_follow_python_chess(chess):
    """The setters python-chess scripts use as attributes, on positions of random games:
    status, validity, clean rights, FEN and moves as python-chess's after each."""
    import random

    rng = random.Random(11)
    positions = [board.copy() for board in random_games(chess, 11, games=30, max_plies=60)]
    compared = 0
    for n in range(1500):
        theirs = rng.choice(positions).copy()
        ours = movegen.Board.from_chess(theirs)
        op = n % 5
        if op == 0:
            field = rng.choice(["KQkq", "-", "Kk", "Qq", "K", "q", "HAha", "AHah", "kq", "Hh", "Ee", "Bb", ""])
            theirs.set_castling_fen(field)
            ours.set_castling_fen(field)
            assert ours.move_stack == []
        elif op == 1:
            theirs.clear_stack()
            ours = movegen.Board.from_chess(theirs)
            mask = 0
            for rank in ([chess.A1, chess.H1, chess.B1], [chess.A8, chess.H8, chess.G8]):
                for square in rng.sample(rank, rng.randrange(3)):
                    mask |= 1 << square
            theirs.castling_rights = mask
            ours.castling_rights = mask
            assert ours.castling_rights == mask
        elif op == 2:
            square = rng.choice([None, *range(16, 24), *range(40, 48), rng.randrange(64)])
            theirs.ep_square = square
            ours.ep_square = square
            if theirs.ep_square is not None and not theirs.has_legal_en_passant():
                # The documented difference: a square no pawn can take on is not kept.
                assert ours.ep_square is None or not ours.is_valid()
                continue
        elif op == 3:
            theirs.halfmove_clock = ours.halfmove_clock = rng.randrange(200)
            theirs.fullmove_number = ours.fullmove_number = rng.randrange(1, 300)
        else:
            square = rng.randrange(64)
            theirs.remove_piece_at(square)
            ours.remove_piece_at(square)
            theirs.set_castling_fen("KQkq")
            ours.set_castling_fen("KQkq")
        if ours.chess960 and not theirs.chess960:
            # The documented rule: rights that need Chess960 castling switch its notation on.
            theirs.chess960 = True
        compared += 1
        assert ours.status() == theirs.status(), (theirs.fen(), ours.status(), theirs.status())
        assert ours.is_valid() == theirs.is_valid()
        assert ours.clean_castling_rights() == theirs.clean_castling_rights()
        if ours.is_valid():
            assert ours.fen() == theirs.fen() and ours.castling_rights == theirs.castling_rights
            assert sorted(m.uci() for m in ours.legal_moves) == sorted(m.uci() for m in theirs.legal_moves)
    assert compared > 1100, compared


def test_setter_examples_and_errors(chess):
    board = movegen.Board()
    board.castling_rights = chess.BB_H1 | chess.BB_A8
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq - 0 1"
    board.castling_rights &= ~chess.BB_H1
    assert board.has_castling_rights(chess.BLACK) and not board.has_castling_rights(chess.WHITE)
    board.set_castling_fen("HAha")
    assert board.fen() == movegen.STARTING_FEN
    board.halfmove_clock, board.fullmove_number = 7, 0
    assert board.fen().endswith(" 7 1")
    board.push_san("e4")
    board.ep_square = None
    assert board.ep_square is None and len(board.move_stack) == 1
    for bad, message in (
        (lambda: setattr(board, "castling_rights", chess.BB_E4), "e4 is on no back rank"),
        (lambda: setattr(board, "castling_rights", -1), "castling_rights must be a mask"),
        (lambda: setattr(board, "castling_rights", chess.BB_RANK_1), "three rights for white"),
        (lambda: setattr(board, "ep_square", 64), "ep_square 64 is out of range"),
        (lambda: setattr(board, "halfmove_clock", 70000), "halfmove_clock 70000 is out of range"),
        (lambda: setattr(board, "fullmove_number", -1), "fullmove_number -1 is out of range"),
        (lambda: board.set_castling_fen("KX"), "invalid castling fen"),
        (lambda: board.set_castling_fen("kK"), "invalid castling fen"),
    ):
        before = board.fen()
        with pytest.raises(ValueError, match=message):
            bad()
        assert board.fen() == before
    # A right without its rook: a board being set up, as python-chess's status says.
    board = movegen.Board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    board.castling_rights = chess.BB_H1
    assert board.status() == chess.STATUS_BAD_CASTLING_RIGHTS and board.clean_castling_rights() == 0
    with pytest.raises(ValueError, match=r"status\(\)"):
        board.legal_moves()


def test_status_is_python_chess_intflag(chess):
    import enum

    status = movegen.Board(None).status()
    assert isinstance(status, enum.IntFlag) and isinstance(status, movegen.Status)
    assert status == chess.Board(None).status() == 2051
    assert movegen.STATUS_EMPTY in status and movegen.Status.EMPTY is movegen.STATUS_EMPTY
    assert movegen.Board().status() is movegen.Status.VALID


def test_from_chess_keeps_boards_being_set_up(chess):
    for _, theirs in _random_setups(chess, 5, 600):
        ours = movegen.Board.from_chess(theirs)
        assert ours.status() == theirs.status(), theirs.fen()
        assert ours.board_fen() == theirs.board_fen() and ours.turn == theirs.turn
        if not theirs.is_valid():
            # No legal moves to ask: the en-passant square as pawns attack it.
            assert ours.fen() == theirs.fen(en_passant="fen")
    empty = movegen.Board.from_chess(chess.Board(None))
    assert empty == movegen.Board(None)
