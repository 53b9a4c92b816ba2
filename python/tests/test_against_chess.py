"""movegen against python-chess on positions from seeded random games, standard and Chess960:
the legal moves, SAN of every move, FEN after every move, the Zobrist key (standard chess),
check, mate, stalemate, insufficient material, fifty and 75 moves, repetitions, the claims and the
outcome with and without claim_draw.

About 20,000 positions by default; MOVEGEN_SLOW=1 compares 100,000 (and prints the time)."""

import time

import pytest

import movegen
from conftest import SLOW, random_games

POSITIONS = 100_000 if SLOW else 20_000


def same_outcome(ours, theirs):
    """Two outcomes (ours, python-chess's) alike: both None, or the same termination by name
    and value, winner and result."""
    if ours is None or theirs is None:
        return ours is None and theirs is None
    return (
        (ours.termination.name, ours.termination.value) == (theirs.termination.name, theirs.termination.value)
        and ours.winner == theirs.winner
        and ours.result() == theirs.result()
    )


def compare_game_state(ours, theirs, where):
    """Every game-over question asked of both, with python-chess's meaning."""
    for claim_draw in (False, True):
        assert same_outcome(ours.outcome(claim_draw=claim_draw), theirs.outcome(claim_draw=claim_draw)), (
            where, claim_draw, ours.outcome(claim_draw=claim_draw), theirs.outcome(claim_draw=claim_draw))
        assert ours.is_game_over(claim_draw=claim_draw) == theirs.is_game_over(claim_draw=claim_draw), where
        assert ours.result(claim_draw=claim_draw) == theirs.result(claim_draw=claim_draw), where
    for name in ["is_fifty_moves", "is_seventyfive_moves", "is_fivefold_repetition", "can_claim_fifty_moves",
                 "can_claim_threefold_repetition", "can_claim_draw", "is_repetition"]:
        assert getattr(ours, name)() == getattr(theirs, name)(), (where, name)
    for color in (True, False):
        assert ours.has_insufficient_material(color) == theirs.has_insufficient_material(color), where


def compare(chess, positions, chess960, seed):
    polyglot = pytest.importorskip("chess.polyglot")
    ours = None
    count = 0
    seen = dict.fromkeys(["check", "checkmate", "stalemate", "insufficient", "fifty", "repetition",
                          "claim_fifty", "claim_threefold"], 0)
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
        compare_game_state(ours, theirs, where)
        for name, value in zip(
            seen,
            [ours.is_check(), ours.is_checkmate(), ours.is_stalemate(), ours.is_insufficient_material(),
             ours.is_fifty_moves(), ours.is_repetition(),
             ours.can_claim_fifty_moves() and not ours.is_fifty_moves(),
             ours.can_claim_threefold_repetition() and not ours.is_repetition()],
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
