"""movegen's python-chess surface against python-chess on positions of seeded random games:
the piece queries, attacks, attackers, checkers and pins (as SquareSets), castling rights, the
move predicates, LAN, find_move, variation_san, board_fen, epd, unicode and ``str``; and
moves and pieces made without a board.

Every fifth of 5,000 positions by default (every square, both colours, every legal move and
every pseudo-legal one); MOVEGEN_SLOW=1 compares 25,000."""

import pytest

import movegen
from conftest import SLOW, random_games

POSITIONS = 25_000 if SLOW else 5_000


def compare_squares(ours, theirs, where):
    for sq in range(64):
        assert ours.piece_type_at(sq) == theirs.piece_type_at(sq), (where, sq)
        assert ours.color_at(sq) == theirs.color_at(sq), (where, sq)
        assert ours.attacks_mask(sq) == theirs.attacks_mask(sq), (where, sq)
        for color in (True, False):
            assert ours.attackers_mask(color, sq) == theirs.attackers_mask(color, sq), (where, sq, color)
            assert ours.is_attacked_by(color, sq) == theirs.is_attacked_by(color, sq), (where, sq, color)
            assert ours.pin_mask(color, sq) == theirs.pin_mask(color, sq), (where, sq, color)
            assert ours.is_pinned(color, sq) == theirs.is_pinned(color, sq), (where, sq, color)


def compare_board(chess, ours, theirs, where):
    assert {sq: p.symbol() for sq, p in ours.piece_map().items()} == {
        sq: p.symbol() for sq, p in theirs.piece_map().items()}, where
    mask = 0x00FF_00FF_00FF_00FF
    assert set(ours.piece_map(mask=mask)) == set(theirs.piece_map(mask=mask)), where
    compare_squares(ours, theirs, where)
    for color in (True, False):
        assert ours.king(color) == theirs.king(color), where
        for piece_type in range(1, 7):
            assert ours.pieces_mask(piece_type, color) == theirs.pieces_mask(piece_type, color), where
            assert ours.pieces(piece_type, color) == theirs.pieces(piece_type, color), where
        assert ours.has_castling_rights(color) == theirs.has_castling_rights(color), where
        assert ours.has_kingside_castling_rights(color) == theirs.has_kingside_castling_rights(color), where
        assert ours.has_queenside_castling_rights(color) == theirs.has_queenside_castling_rights(color), where
    assert ours.castling_rights == theirs.castling_rights, where
    assert ours.clean_castling_rights() == theirs.clean_castling_rights(), where
    assert ours.has_legal_en_passant() == theirs.has_legal_en_passant(), where
    assert ours.checkers_mask() == theirs.checkers_mask(), where
    # The SquareSets print and compare as python-chess's.
    assert repr(ours.checkers()) == repr(theirs.checkers()), where
    king = theirs.king(theirs.turn)
    assert str(ours.attackers(not theirs.turn, king)) == str(theirs.attackers(not theirs.turn, king)), where
    assert list(ours.attacks(king)) == list(theirs.attacks(king)), where
    assert ours.pin(theirs.turn, king) == theirs.pin(theirs.turn, king), where
    assert theirs.attacks(king) == ours.attacks(king), where
    # Text.
    assert ours.board_fen() == theirs.board_fen(), where
    assert ours.epd() == theirs.epd(), where
    assert ours.ply() == theirs.ply(), where
    assert str(ours) == str(theirs), where
    assert ours.unicode() == theirs.unicode(), where
    assert ours.unicode(invert_color=True, borders=True, orientation=False, empty_square=".") == theirs.unicode(
        invert_color=True, borders=True, orientation=False, empty_square="."), where


def compare_moves(chess, ours, theirs, where):
    for theirs_move in theirs.legal_moves:
        ours_move = movegen.Move.from_uci(theirs_move.uci())
        for name in ["is_capture", "is_en_passant", "is_castling", "is_kingside_castling",
                     "is_queenside_castling", "is_zeroing", "is_into_check", "lan", "san", "is_legal"]:
            assert getattr(ours, name)(ours_move) == getattr(theirs, name)(theirs_move), (where, name, theirs_move)
            assert getattr(ours, name)(theirs_move) == getattr(theirs, name)(theirs_move), (where, name, theirs_move)
        found = ours.find_move(theirs_move.from_square, theirs_move.to_square, theirs_move.promotion)
        assert found == theirs_move, where
        assert theirs_move in ours.legal_moves, where
    for theirs_move in theirs.generate_pseudo_legal_moves():
        assert ours.is_into_check(theirs_move) == theirs.is_into_check(theirs_move), (where, theirs_move)
        assert ours.is_legal(theirs_move) == theirs.is_legal(theirs_move), (where, theirs_move)


def test_queries_agree_with_python_chess(chess):
    count = 0
    ours = None
    seen = {"pinned": 0, "checkers": 0, "en_passant": 0, "castling": 0}
    for index, theirs in enumerate(random_games(chess, 31, games=10**6, max_plies=300)):
        if not theirs.move_stack:
            ours = movegen.Board()
        else:
            ours.push(theirs.peek())
        if index % 5:
            continue
        where = theirs.fen()
        compare_board(chess, ours, theirs, where)
        compare_moves(chess, ours, theirs, where)
        seen["pinned"] += any(theirs.is_pinned(theirs.turn, sq) for sq in theirs.occupied_co[theirs.turn] and
                              chess.SquareSet(theirs.occupied_co[theirs.turn]))
        seen["checkers"] += bool(theirs.checkers_mask())
        seen["en_passant"] += theirs.has_legal_en_passant()
        seen["castling"] += any(theirs.is_castling(m) for m in theirs.legal_moves)
        count += 1
        if count == POSITIONS // 5:
            break
    assert all(seen.values()), seen


def test_variation_san_agrees(chess):
    for index, theirs in enumerate(random_games(chess, 32, games=20, max_plies=60)):
        if len(theirs.move_stack) == 59:
            moves = list(theirs.move_stack)
            for start in (0, 1, 7):
                root = chess.Board()
                for mv in moves[:start]:
                    root.push(mv)
                ours = movegen.Board(root.fen())
                assert ours.variation_san(moves[start:]) == root.variation_san(moves[start:])
    ours = movegen.Board()
    with pytest.raises(ValueError, match="illegal move e2e5"):
        ours.variation_san([movegen.Move.from_uci("e2e4"), movegen.Move.from_uci("e2e5")])
    assert ours.fen() == movegen.STARTING_FEN


def test_epd_operations_agree(chess):
    theirs = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    ours = movegen.Board(theirs.fen())
    bm = chess.Move.from_uci("f1b5")
    cases = [dict(hmvc=2, fmvn=3), dict(id='a "quoted"\tname'), dict(bm=bm), dict(noop=None),
             dict(am=[chess.Move.from_uci("f3g5"), bm]), dict(pv=[bm, chess.Move.from_uci("a7a6")]),
             dict(ce=0.5)]
    for ops in cases:
        assert ours.epd(**ops) == theirs.epd(**ops), ops
    for bad in ["-", "1x"]:
        with pytest.raises(ValueError):
            ours.epd(**{bad: 1})
    ep = chess.Board("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    for mode in ("legal", "xfen"):
        assert movegen.Board(ep.fen()).epd(en_passant=mode) == ep.epd(en_passant=mode)


def test_moves_and_pieces_without_a_board(chess):
    for uci in ["e2e4", "e7e8q", "a2a1n", "e1g1", "0000"]:
        ours, theirs = movegen.Move.from_uci(uci), chess.Move.from_uci(uci)
        assert ours == theirs and theirs == ours and hash(ours) == hash(theirs)
        assert (ours.from_square, ours.to_square, ours.promotion, ours.drop) == (
            theirs.from_square, theirs.to_square, theirs.promotion, theirs.drop)
        assert str(ours) == str(theirs) == uci and bool(ours) == bool(theirs)
        assert movegen.Move(theirs.from_square, theirs.to_square, theirs.promotion) == ours
    assert movegen.Move.null() == chess.Move.null() and not movegen.Move.null()
    assert movegen.Move(12, 28) != movegen.Move(12, 20)
    assert {movegen.Move(12, 28), movegen.Board().parse_san("e4")} == {movegen.Move(12, 28)}
    for bad in ["e2e9", "e2", "", "e7e8k", "e2e4 "]:
        with pytest.raises(ValueError, match="invalid uci"):
            movegen.Move.from_uci(bad)
    with pytest.raises(ValueError, match="from_square 64"):
        movegen.Move(64, 0)
    with pytest.raises(ValueError, match="promotion 6"):
        movegen.Move(52, 60, 6)
    for symbol in "PNBRQKpnbrqk":
        ours, theirs = movegen.Piece.from_symbol(symbol), chess.Piece.from_symbol(symbol)
        assert (ours.piece_type, ours.color, ours.symbol()) == (theirs.piece_type, theirs.color, theirs.symbol())
        for invert in (False, True):
            assert ours.unicode_symbol(invert_color=invert) == theirs.unicode_symbol(invert_color=invert)
        assert movegen.Piece(theirs.piece_type, theirs.color) == ours
    for bad in ["x", "", "PP"]:
        with pytest.raises(ValueError, match="not a piece symbol"):
            movegen.Piece.from_symbol(bad)


def test_moves_made_without_a_board_are_played(chess):
    board = movegen.Board()
    board.push(movegen.Move(12, 28))  # e2e4, a double push found by its squares
    board.push(chess.Move.from_uci("e7e5"))
    assert board.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert board.san(chess.Move.from_uci("g1f3")) == "Nf3"
    with pytest.raises(ValueError, match="illegal move e1e3"):
        board.push(movegen.Move(4, 20))
    with pytest.raises(ValueError, match="no matching legal move|illegal move"):
        board.find_move(12, 36)
    board = movegen.Board("4k3/P7/8/8/8/8/8/4K2R w K - 0 1")
    assert board.find_move(48, 56) == movegen.Move.from_uci("a7a8q")  # a queen unless told
    assert board.find_move(48, 56, movegen.KNIGHT).uci() == "a7a8n"
    assert board.find_move(4, 6).uci() == "e1g1" and board.is_castling(board.find_move(4, 7))
    with pytest.raises(TypeError, match="expected a Move"):
        board.push("e2e4")
