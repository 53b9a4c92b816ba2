"""The Board API: construction, moves, the stack, notation, errors, pickling, conversions."""

import copy
import pickle

import pytest

import movegen
from movegen import Board, FenError, MoveError

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_start_position_and_fen():
    board = Board()
    assert board.fen() == movegen.STARTING_FEN
    assert board.turn is True
    assert len(board.legal_moves()) == 20
    assert board.legal_move_count() == 20
    assert Board(KIWIPETE).fen() == KIWIPETE
    assert len(Board(KIWIPETE).legal_moves()) == 48
    assert repr(board) == f"Board('{movegen.STARTING_FEN}')"
    assert str(board).splitlines()[0] == "r n b q k b n r"


def test_push_pop_and_the_stack():
    board = Board()
    e4 = board.push_san("e4")
    assert e4.uci() == "e2e4" and str(e4) == "e2e4"
    assert (e4.from_square, e4.to_square, e4.promotion) == (12, 28, None)
    assert board.turn is False
    assert board.ep_square is None  # no black pawn beside e4
    e5 = board.push_uci("e7e5")
    assert board.move_stack == [e4, e5]
    assert board.peek() == e5
    assert board.pop() == e5
    assert board.pop() == e4
    assert board == Board()
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()
    move = board.legal_moves()[0]
    board.push(move)
    assert board.move_stack == [move]
    assert board.root() == Board()


def test_moves_are_shared_hashable_and_compare_by_value():
    a = Board().legal_moves()
    b = Board().legal_moves()
    assert a == b
    assert {m for m in a} == set(b)
    assert a[0] is b[0]  # one object per move
    e2e4 = Board().parse_uci("e2e4")
    assert repr(e2e4) == "Move.from_uci('e2e4')" and eval(repr(e2e4), {"Move": movegen.Move}) == e2e4
    for clone in [pickle.loads(pickle.dumps(e2e4)), copy.copy(e2e4), copy.deepcopy(e2e4)]:
        assert clone is e2e4
    castle = Board("1k6/8/8/8/8/8/8/RK5R w HA - 0 1").parse_uci("b1a1")
    assert pickle.loads(pickle.dumps(castle)) is castle and castle.uci() == "b1a1"


def test_errors_are_value_errors_with_the_crates_message():
    assert issubclass(FenError, ValueError) and issubclass(MoveError, ValueError)
    with pytest.raises(FenError, match="side to move"):
        Board("8/8/8/8/8/8/8/8 x - - 0 1")
    with pytest.raises(FenError, match="kings"):
        Board("8/8/8/8/8/8/8/8 w - - 0 1")
    board = Board()
    with pytest.raises(MoveError, match="not a UCI move"):
        board.push_uci("e2-e4")
    with pytest.raises(MoveError, match="not a legal move"):
        board.push_uci("e2e5")
    with pytest.raises(MoveError):
        board.push_san("Nf6")
    with pytest.raises(MoveError, match="several legal moves"):
        Board("4k3/8/8/8/8/8/7K/R6R w - - 0 1").parse_san("Rd1")
    black = Board()
    black.push_uci("e2e4")
    with pytest.raises(MoveError):
        board.push(black.legal_moves()[0])  # a Black move on White's turn
    with pytest.raises(MoveError):
        board.san(black.legal_moves()[0])
    with pytest.raises(ValueError, match="out of range"):
        board.piece_at(64)
    with pytest.raises(ValueError, match="out of range"):
        board.piece_at(-1)
    with pytest.raises(TypeError):
        board.push("e2e4")
    assert board.fen() == movegen.STARTING_FEN, "a refused move changes nothing"


def test_pieces():
    board = Board()
    knight = board.piece_at(1)
    assert (knight.piece_type, knight.color, knight.symbol()) == (2, True, "N")
    assert board.piece_at(62).symbol() == "n"
    assert board.piece_at(27) is None
    assert board.piece_at(1) == board.piece_at(6)
    assert repr(knight) == "Piece.from_symbol('N')" and eval(repr(knight), {"Piece": movegen.Piece}) == knight
    assert pickle.loads(pickle.dumps(knight)) == knight


def test_san_check_mate_stalemate_material():
    board = Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    mate = board.parse_san("Ra8")
    assert board.san(mate) == "Ra8#"
    assert board.gives_check(mate)
    board.push(mate)
    assert board.is_check() and board.is_checkmate() and not board.is_stalemate()
    outcome = board.outcome()
    assert outcome == movegen.Outcome(movegen.Termination.CHECKMATE, True) and outcome.result() == "1-0"
    assert board.result() == "1-0" and board.is_game_over()
    assert pickle.loads(pickle.dumps(outcome)) == outcome and hash(outcome) == hash(pickle.loads(pickle.dumps(outcome)))
    stalemate = Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and stalemate.outcome().termination == movegen.Termination.STALEMATE
    assert Board("8/8/4k3/8/8/2B5/4K3/8 w - - 0 1").is_insufficient_material()
    assert not Board().is_insufficient_material()
    assert Board().outcome() is None
    fifty = Board("8/8/4k3/8/8/2R5/4K3/8 w - - 100 80")
    # The fifty-move rule is a claim; 75 moves end the game without one.
    assert fifty.is_fifty_moves() and fifty.outcome() is None and fifty.result() == "*"
    assert fifty.outcome(claim_draw=True).termination == movegen.Termination.FIFTY_MOVES
    assert fifty.result(claim_draw=True) == "1/2-1/2" and fifty.can_claim_draw()
    seventyfive = Board("8/8/4k3/8/8/2R5/4K3/8 w - - 150 80")
    assert seventyfive.outcome().termination == movegen.Termination.SEVENTYFIVE_MOVES
    # On the 99th ply the claim is by the next move (a king step), not by a pawn move.
    almost = Board("8/8/4k3/8/8/2R5/4K3/8 w - - 99 80")
    assert not almost.is_fifty_moves() and almost.can_claim_fifty_moves()
    assert not Board("8/8/4k3/8/8/8/4KP2/8 w - - 98 80").can_claim_fifty_moves()


def test_repetition():
    board = Board()
    for _ in range(2):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            assert not board.is_repetition()
            board.push_san(san)
    assert board.is_repetition()
    assert board.is_repetition(2)
    assert not board.is_repetition(4)
    assert board.outcome() is None and not board.is_game_over()
    assert board.outcome(claim_draw=True).termination == movegen.Termination.THREEFOLD_REPETITION
    # One move earlier the claim is by the move that repeats.
    board.pop()
    assert not board.is_repetition() and board.can_claim_threefold_repetition()
    assert board.is_game_over(claim_draw=True) and not board.can_claim_fifty_moves()
    for san in ["Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]:
        board.push_san(san)
    assert board.is_repetition(4) and not board.is_fivefold_repetition()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        board.push_san(san)
    assert board.is_fivefold_repetition() and board.outcome().termination == movegen.Termination.FIVEFOLD_REPETITION


def test_legal_moves_object():
    board = Board()
    moves = board.legal_moves
    assert len(moves) == moves.count() == 20 and bool(moves)
    assert list(moves) == board.legal_moves() == list(board.generate_legal_moves())
    assert board.parse_san("e4") in moves and None not in moves and "e2e4" not in moves
    assert repr(moves).startswith("<LegalMoveGenerator at 0x") and repr(moves).endswith("Nf3, Nh3)>")
    # It follows the board.
    board.push_san("e4")
    assert board.parse_san("e5") in moves and len(moves) == 20
    assert [m.uci() for m in board.generate_legal_moves(from_mask=1 << movegen.G8)] == ["g8f6", "g8h6"]
    assert [m.uci() for m in board.generate_legal_moves(to_mask=1 << movegen.E5)] == ["e7e5"]
    mated = Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    assert not mated.legal_moves and len(mated.legal_moves) == 0 and list(mated.legal_moves) == []


def test_legal_captures():
    board = Board("r3k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 2")
    assert sorted(m.uci() for m in board.generate_legal_captures()) == ["a1a8", "e5d6"]
    board = Board("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 2")
    # A promotion counts only when it captures.
    assert sorted(m.uci() for m in board.generate_legal_captures()) == ["b2a1b", "b2a1n", "b2a1q", "b2a1r"]


def test_noisy_quiet_and_legality():
    board = Board(KIWIPETE)
    noisy, quiet = board.noisy_moves(), board.quiet_moves()
    assert (len(noisy), len(quiet)) == (8, 40)
    assert set(noisy) | set(quiet) == set(board.legal_moves())
    assert all(board.is_legal(m) for m in noisy + quiet)
    assert not Board().is_legal(noisy[0])


def test_zobrist_hash_is_polyglot():
    # The Polyglot reference keys.
    board = Board()
    assert board.zobrist_hash() == 0x463B96181691FC9C
    board.push_uci("e2e4")
    assert board.zobrist_hash() == 0x823C9B50FD114196


def test_chess960_notation():
    board = Board("1k6/8/8/8/8/8/8/RK5R w HA - 0 1")
    assert board.chess960
    texts = sorted(m.uci() for m in board.legal_moves())
    assert "b1a1" in texts and "b1c1" in texts and "b1h1" in texts
    castle = board.parse_uci("b1a1")
    assert castle.is_castling() and castle.to_square == 0  # the rook's square
    assert board.san(castle) == "O-O-O"
    standard = Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    castle = standard.parse_uci("e1g1")
    assert castle.uci() == "e1g1" and castle.to_square == 6
    assert standard.parse_uci("e1h1") == castle
    assert Board(chess960=True).chess960 and not Board().chess960


def test_equality_hashing_copy_and_pickle():
    board = Board(KIWIPETE)
    board.push_san("O-O")
    board.push_san("O-O-O")
    assert board == board.copy()
    assert hash(board) == hash(board.copy())
    assert board != Board(KIWIPETE)
    assert board.copy(stack=False).move_stack == []
    for clone in [pickle.loads(pickle.dumps(board)), copy.copy(board), copy.deepcopy(board)]:
        assert clone == board
        assert clone.move_stack == board.move_stack
        assert clone.root() == board.root()
    assert len({Board(), Board(), Board(KIWIPETE)}) == 2
    assert Board() != "not a board"


def test_python_chess_conversions(chess):
    ours = Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]:
        ours.push_san(san)
    theirs = ours.to_chess()
    assert theirs.fen() == ours.fen()
    assert [m.uci() for m in theirs.move_stack] == [m.uci() for m in ours.move_stack]
    back = Board.from_chess(theirs)
    assert back == ours and back.move_stack == ours.move_stack
    c960 = chess.Board.from_chess960_pos(518 + 1)
    c960.push_uci(next(iter(c960.legal_moves)).uci())
    ours = Board.from_chess(c960)
    assert ours.chess960 and ours.fen() == c960.fen()
    assert ours.to_chess().fen() == c960.fen()
