"""movegen against python-chess on positions from seeded random games, standard and Chess960:
the legal moves, SAN of every move, FEN after every move, the Zobrist key (standard chess),
check, mate, stalemate, insufficient material, fifty moves, repetition and the outcome.

About 20,000 positions by default; MOVEGEN_SLOW=1 compares 100,000 (and prints the time)."""

import time

import pytest

import movegen
from conftest import SLOW, random_games

POSITIONS = 100_000 if SLOW else 20_000


def compare_outcomes(chess, ours, theirs, where):
    """Our outcome() against python-chess's outcome(claim_draw=True), with the documented
    differences: python-chess names a stalemate with insufficient material after the material,
    knows the 75-move and fivefold rules, and claims draws one move ahead."""
    T = chess.Termination
    claimed = theirs.outcome(claim_draw=True)
    if ours is None:
        # python-chess may claim a draw by a move still to be played; never a decisive end.
        assert claimed is None or claimed.termination in (T.FIFTY_MOVES, T.THREEFOLD_REPETITION), where
        return
    names = {
        "checkmate": (T.CHECKMATE,),
        "stalemate": (T.STALEMATE, T.INSUFFICIENT_MATERIAL),
        "insufficient_material": (T.INSUFFICIENT_MATERIAL,),
        "fifty_moves": (T.FIFTY_MOVES, T.SEVENTYFIVE_MOVES),
        "threefold_repetition": (T.THREEFOLD_REPETITION, T.FIVEFOLD_REPETITION, T.FIFTY_MOVES, T.SEVENTYFIVE_MOVES),
    }
    assert claimed is not None and claimed.termination in names[ours.termination], (where, ours, claimed)
    assert ours.winner == claimed.winner and ours.result() == claimed.result(), where


def compare(chess, positions, chess960, seed):
    polyglot = pytest.importorskip("chess.polyglot")
    ours = None
    count = 0
    seen = dict.fromkeys(["check", "checkmate", "stalemate", "insufficient", "fifty", "repetition"], 0)
    start = time.perf_counter()
    for theirs in random_games(chess, seed, games=10**6, max_plies=400, chess960=chess960):
        if not theirs.move_stack:
            ours = movegen.Board(theirs.fen(), chess960=chess960)
        else:
            ours.push_uci(theirs.peek().uci())
        where = f"{theirs.fen()} after {' '.join(m.uci() for m in theirs.move_stack)}"
        assert ours.fen() == theirs.fen(en_passant="xfen"), where
        their_moves = {m.uci(): m for m in theirs.legal_moves}
        our_moves = {m.uci(): m for m in ours.legal_moves()}
        assert set(our_moves) == set(their_moves), where
        for text, mv in our_moves.items():
            assert ours.san(mv) == theirs.san(their_moves[text]), f"{where}: {text}"
        if not chess960:
            assert ours.zobrist_hash() == polyglot.zobrist_hash(theirs), where
        assert ours.is_check() == theirs.is_check(), where
        assert ours.is_checkmate() == theirs.is_checkmate(), where
        assert ours.is_stalemate() == theirs.is_stalemate(), where
        assert ours.is_insufficient_material() == theirs.is_insufficient_material(), where
        # python-chess also asks for a legal move (a mate on the 100th ply wins); the crate
        # reports the mate first in outcome(), and is_fifty_moves() reads the clock alone.
        no_moves = not their_moves
        assert ours.is_fifty_moves() == (theirs.is_fifty_moves() or (no_moves and theirs.halfmove_clock >= 100)), where
        compare_outcomes(chess, ours.outcome(), theirs, where)
        assert ours.is_repetition() == theirs.is_repetition(), where
        for name, value in zip(
            seen,
            [ours.is_check(), ours.is_checkmate(), ours.is_stalemate(), ours.is_insufficient_material(),
             ours.is_fifty_moves(), ours.is_repetition()],
        ):
            seen[name] += value
        count += 1
        if count == positions:
            break
    elapsed = time.perf_counter() - start
    print(f"{'Chess960' if chess960 else 'standard'}: {count} positions compared in {elapsed:.1f} s, {seen}")
    # Each predicate was true somewhere in the standard games (the shorter Chess960 sample
    # need not reach a stalemate or a repetition), so each comparison could have failed.
    assert all(v for k, v in seen.items() if not chess960 or k in ("check", "fifty")), seen
    return count


def test_standard_games(chess):
    assert compare(chess, POSITIONS * 3 // 4, chess960=False, seed=1) == POSITIONS * 3 // 4


def test_chess960_games(chess):
    assert compare(chess, POSITIONS // 4, chess960=True, seed=2) == POSITIONS // 4
