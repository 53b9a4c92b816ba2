"""The port test: ordinary python-chess programs run unchanged, once under python-chess and once
with their ``import chess`` line replaced by ``import movegen as chess``, and print the same
output line by line. The games are seeded; every program picks moves from the legal moves
sorted by UCI, so both libraries play the same games."""

import contextlib
import io

import pytest

chess = pytest.importorskip("chess")

PLAYOUTS = """
import chess
import random

rng = random.Random(31)
for game in range(40):
    board = chess.Board()
    sans = []
    while not board.is_game_over() and board.ply() < 160:
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        for move in moves[:4]:  # a one-ply look at the first moves, undone
            board.push(move)
            reply_count = board.legal_moves.count()
            mate = board.is_checkmate()
            board.pop()
            print(game, board.ply(), "try", move, reply_count, mate)
        move = rng.choice(moves)
        san = board.san(move)
        sans.append(san)
        print(game, board.ply(), san, move, board.is_capture(move), board.gives_check(move),
              board.is_castling(move), board.is_en_passant(move), len(moves))
        board.push(move)
        assert board.peek() == move
    print(game, "end", board.result(), board.fen(), board.outcome())
    print(game, "last", " ".join(sans[-6:]), board.move_stack[-2:])
"""

CLAIMS = """
import chess
import random

STARTS = [
    chess.STARTING_FEN,
    "8/8/4k3/8/8/3NK3/8/7R w - - 90 60",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
]
rng = random.Random(200)
for game in range(200):
    board = chess.Board(STARTS[game % len(STARTS)])
    for _ in range(90):
        print(game, board.ply(), board.is_game_over(), board.is_game_over(claim_draw=True),
              board.result(), board.result(claim_draw=True), board.can_claim_draw(),
              board.can_claim_threefold_repetition(), board.can_claim_fifty_moves(),
              board.is_repetition(2), board.is_seventyfive_moves(), board.is_fivefold_repetition(),
              board.is_insufficient_material(), board.halfmove_clock)
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            print(game, "outcome", outcome.termination, outcome.winner, outcome.result(), outcome)
            break
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if len(board.move_stack) >= 2 and rng.random() < 0.6:
            back = board.move_stack[-2]
            undo = chess.Move(back.to_square, back.from_square)
            if undo in board.legal_moves:
                board.push(undo)
                continue
        board.push(rng.choice(moves))
    print(game, "final", board.outcome(), board.outcome(claim_draw=True), board.fen())
"""

QUERIES = """
import chess
import random

rng = random.Random(7)
for game in range(12):
    board = chess.Board()
    while not board.is_game_over() and board.ply() < 120:
        if board.ply() % 6 == 0:
            print(sorted((square, piece.symbol()) for square, piece in board.piece_map().items()))
            for color in chess.COLORS:
                print(chess.COLOR_NAMES[color], board.king(color), board.has_castling_rights(color),
                      board.has_kingside_castling_rights(color), board.has_queenside_castling_rights(color),
                      board.has_insufficient_material(color))
                for piece_type in chess.PIECE_TYPES:
                    print(" ", chess.piece_name(piece_type), sorted(board.pieces(piece_type, color)))
                print(" attacked", [square for square in chess.SQUARES if board.is_attacked_by(color, square)])
                print(" attackers of e4", list(board.attackers(color, chess.E4)), int(board.attackers(color, chess.D5)))
                print(" pinned", [chess.square_name(s) for s in chess.SQUARES if board.is_pinned(color, s)])
            # ep_square is left out: it is a documented difference (movegen keeps it only when a
            # capture is possible there).
            print("checkers", list(board.checkers()), board.is_check(), board.has_legal_en_passant())
            for square in (chess.E1, chess.E4, chess.D5, chess.G8):
                piece = board.piece_at(square)
                print(chess.square_name(square), piece, board.piece_type_at(square), board.color_at(square),
                      sorted(board.attacks(square)), piece.unicode_symbol() if piece else None)
            print(board)
            print(board.unicode(borders=True))
            print(repr(board), board.turn, board.fullmove_number, board.castling_rights)
        board.push(rng.choice(sorted(board.legal_moves, key=lambda m: m.uci())))
"""

MOVE_LISTS = """
import chess
import random

rng = random.Random(5)
for game in range(30):
    board = chess.Board()
    while not board.is_game_over() and board.ply() < 100:
        move = rng.choice(sorted(board.legal_moves, key=lambda m: m.uci()))
        print(board.lan(move), board.uci(move), end=" ")
        board.push(move)
    print()
    print(chess.Board().variation_san(board.move_stack))
    replay = chess.Board()
    print(" ".join(replay.san_and_push(move) for move in board.move_stack))
    print(replay == board, replay.fen() == board.fen(), board.board_fen(), board.epd())
    print(board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number))
    print(chess.Move.from_uci(board.move_stack[0].uci()) == board.move_stack[0], board.move_stack[:2])
    print(chess.Board().find_move(chess.G1, chess.F3), chess.Board().find_move(chess.E2, chess.E4))
"""

PROGRAMS = {"playouts": PLAYOUTS, "claims": CLAIMS, "queries": QUERIES, "move lists": MOVE_LISTS}


def output_of(program: str) -> list:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(program, "<port>", "exec"), {"__name__": "__port__"})
    return out.getvalue().splitlines()


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_python_chess_programs_run_unchanged(name):
    program = PROGRAMS[name]
    assert program.count("import chess\n") == 1
    theirs = output_of(program)
    ours = output_of(program.replace("import chess\n", "import movegen as chess\n"))
    assert len(theirs) > 200
    for number, (a, b) in enumerate(zip(theirs, ours), 1):
        assert b == a, f"{name}, line {number}:\n python-chess: {a}\n movegen:      {b}"
    assert len(ours) == len(theirs)
