#!/usr/bin/env python3
"""Writes tests/data/python-chess-rules.txt: python-chess 1.11's answers, the reference for
movegen's has_insufficient_material_for and is_irreversible (tests/rules.rs reads it).

Positions: every perftsuite.epd position, seeded random playouts from it, and seeded sparse
endings (two kings and up to three minor pieces, pawns or queens). One line per position:
FEN, a tab, whether White and Black have insufficient material (0/1 each), a tab, and the
legal moves python-chess calls irreversible (UCI, space-separated, sorted).

    python3 -m venv venv && venv/bin/pip install chess==1.11.2
    venv/bin/python scripts/python-chess-rules.py > tests/data/python-chess-rules.txt
"""
import random
import sys
from pathlib import Path

import chess

root = Path(__file__).resolve().parent.parent
rng = random.Random(20261204)
fens = []
for line in (root / "tests/data/perftsuite.epd").read_text().splitlines():
    if line and not line.startswith("#"):
        fens.append(line.split(";")[0].strip())
positions = []
for fen in fens:
    board = chess.Board(fen)
    positions.append(board.copy())
    for _ in range(2):
        walk = board.copy()
        for _ in range(rng.randrange(1, 60)):
            moves = list(walk.legal_moves)
            if not moves:
                break
            walk.push(rng.choice(moves))
        positions.append(walk.copy(stack=False))
letters = "NBNBNBPpQqnbnbnb"
while len(positions) < 1500:
    board = chess.Board(None)
    squares = rng.sample(chess.SQUARES, 5)
    board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
    board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
    for sq in squares[2 : 2 + rng.randrange(0, 4)]:
        board.set_piece_at(sq, chess.Piece.from_symbol(rng.choice(letters)))
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    if board.is_valid():
        positions.append(board)
print("# python-chess %s: FEN, insufficient material for White and Black, irreversible legal moves"
      % chess.__version__)
print("# Written by scripts/python-chess-rules.py (seeded); read by tests/rules.rs.")
for board in positions:
    flags = "%d%d" % (board.has_insufficient_material(chess.WHITE),
                      board.has_insufficient_material(chess.BLACK))
    irreversible = sorted(m.uci() for m in board.legal_moves if board.is_irreversible(m))
    sys.stdout.write("%s\t%s\t%s\n" % (board.fen(en_passant="fen"), flags, " ".join(irreversible)))
