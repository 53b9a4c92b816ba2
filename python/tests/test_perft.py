"""Perft from Python against the published counts of perft.csv, the breakdowns, the table,
threads, divide and the errors."""

import pytest

import movegen
from conftest import SLOW, chess960_fens, data_lines, DATA, perft_rows

#: Leaves per row checked by default (every row up to it); MOVEGEN_SLOW=1 raises it.
BUDGET = 10**9 if SLOW else 2 * 10**7

ROWS = list(perft_rows())


@pytest.mark.parametrize("name,fen,depth,nodes", [r[:4] for r in ROWS if r[3] <= BUDGET])
def test_perft_csv_rows(name, fen, depth, nodes):
    assert movegen.perft(fen, depth) == nodes


def test_every_budgeted_breakdown_cell():
    checked = 0
    for name, fen, depth, nodes, breakdown in ROWS:
        if breakdown is None or nodes > BUDGET // 10:
            continue
        stats = movegen.perft_stats(fen, depth, threads=2)
        assert stats["nodes"] == nodes, (name, depth)
        for key, value in breakdown.items():
            assert stats[key] == value, (name, depth, key)
            checked += 1
    assert checked > 50


def test_breakdown_through_a_table():
    # A small table shared by every row, read twice: statistics and plain entries never mix.
    table = movegen.Table(1)
    checked = 0
    for _ in range(2):
        for name, fen, depth, nodes, breakdown in ROWS:
            if breakdown is None or nodes > BUDGET // 10:
                continue
            assert movegen.perft(fen, depth, table=table) == nodes
            stats = movegen.perft_stats(fen, depth, threads=2, table=table)
            assert stats["nodes"] == nodes, (name, depth)
            for key, value in breakdown.items():
                assert stats[key] == value, (name, depth, key)
                checked += 1
    assert checked > 100


def test_threads_table_and_divide_agree():
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    table = movegen.Table(16)
    assert table.bytes == 16 << 20
    # Published: Kiwipete depth 4 is 4,085,603.
    for threads in (1, 2):
        assert movegen.perft(fen, 4, threads=threads) == 4_085_603
        assert movegen.perft(fen, 4, threads=threads, table=table) == 4_085_603
    divide = movegen.divide(movegen.Board(fen), 3, threads=2, table=table)
    assert sum(divide.values()) == 97_862 and len(divide) == 48
    assert list(divide) == sorted(divide)
    assert "e1g1" in divide
    assert movegen.divide(fen, 0) == {}
    assert movegen.perft(fen, 0) == 1
    assert movegen.perft_stats(fen, 0)["nodes"] == 1


def test_chess960_divide_uses_king_takes_rook():
    fen = chess960_fens()[0]
    divide = movegen.divide(fen, 1)
    board = movegen.Board(fen)
    assert set(divide) == {m.uci() for m in board.legal_moves()}
    # A standard position on a board in Chess960 notation: the keys follow the board.
    standard = movegen.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    keys = set(movegen.divide(standard, 1))
    assert keys == {m.uci() for m in standard.legal_moves()}
    assert "e1h1" in keys and "e1g1" not in keys
    assert "e1g1" in movegen.divide(standard.fen(), 1)


def test_totals_are_exact_python_ints():
    total = movegen.perft(movegen.STARTING_FEN, 5, threads=2)
    assert type(total) is int and total == 4_865_609


def test_bad_arguments():
    with pytest.raises(movegen.FenError):
        movegen.perft("not a fen", 1)
    with pytest.raises(ValueError, match="depth"):
        movegen.perft(movegen.STARTING_FEN, 31)
    with pytest.raises(ValueError, match="threads"):
        movegen.perft(movegen.STARTING_FEN, 1, threads=0)
    with pytest.raises(ValueError, match="depth"):
        movegen.perft(movegen.STARTING_FEN, -1)
    with pytest.raises(ValueError, match="depth"):
        movegen.perft(movegen.STARTING_FEN, 2**70)
    with pytest.raises(ValueError, match="threads"):
        movegen.perft(movegen.STARTING_FEN, 1, threads=-1)
    with pytest.raises(ValueError, match="ply"):
        movegen.split(movegen.STARTING_FEN, -1)
    with pytest.raises(TypeError):
        movegen.perft(movegen.STARTING_FEN, 1.5)
    with pytest.raises(TypeError):
        movegen.perft(42, 1)
    with pytest.raises(ValueError):
        movegen.Table(0)


def test_perftsuite_rows_within_budget():
    checked = 0
    for line in data_lines(DATA / "perftsuite.epd"):
        fen, *depths = [part.strip() for part in line.split(";")]
        for entry in depths[:3]:
            depth, nodes = entry[1:].split()
            if int(nodes) <= 10**5:
                assert movegen.perft(fen, int(depth)) == int(nodes), (fen, depth)
                checked += 1
    assert checked > 300


def test_split_units_sum_to_the_published_counts():
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    units = movegen.split(movegen.Board(), 4)
    assert len(units) == 72_078  # OEIS A083276
    assert sum(n for _, n in units) == 197_281
    assert sum(n * movegen.perft(b, 2) for b, n in units) == 119_060_324
    assert all(isinstance(b, movegen.Board) and isinstance(n, int) for b, n in units[:10])
    fens = [b.fen() for b, _ in units]
    assert fens == sorted(fens) and len(set(fens)) == len(fens)
    units = movegen.split(kiwipete, 2)
    assert sum(n * movegen.perft(b, 2) for b, n in units) == 4_085_603
    assert movegen.split(kiwipete, 0) == [(movegen.Board(kiwipete), 1)]
    tree = movegen.split(movegen.Board(), 4, order="tree")
    assert sorted((b.fen(), n) for b, n in tree) == [(b.fen(), n) for b, n in movegen.split(movegen.Board(), 4)]
    assert tree[0][0].fen() != fens[0]  # the walk's first unit, not the smallest FEN
    with pytest.raises(ValueError, match="ply 31"):
        movegen.split(movegen.Board(), 31)
    with pytest.raises(ValueError, match="order"):
        movegen.split(movegen.Board(), 2, order="random")
    with pytest.raises(movegen.FenError):
        movegen.split("not a fen", 2)


def test_perft_units_from_tuples_or_text():
    units = [(b, n, 2) for b, n in movegen.split(movegen.Board(), 2)]
    assert movegen.perft_units(units) == 197_281
    text = "".join(f"{b.fen()};{n};3\n" for b, n, _ in units)
    assert movegen.perft_units(text, movegen.Table(1)) == 4_865_609
    assert movegen.perft_units([]) == 0 and movegen.perft_units("") == 0
    with pytest.raises(movegen.FenError, match="unit 1"):
        movegen.perft_units([(movegen.STARTING_FEN, 1, 1), ("bad", 1, 1)])
    with pytest.raises(movegen.FenError, match="line 2"):
        movegen.perft_units("# units\nbad;1;1\n")
    assert movegen.perft_units("# a comment\n\n" + movegen.STARTING_FEN + ";2;3\n") == 2 * 8_902
    with pytest.raises(ValueError, match="multiplicity"):
        movegen.perft_units(movegen.STARTING_FEN + ";0;1\n")
    with pytest.raises(ValueError, match="unit 0: multiplicity 0"):
        movegen.perft_units([(movegen.STARTING_FEN, 0, 1)])
    with pytest.raises(ValueError, match="unit 1"):
        movegen.perft_units([(movegen.STARTING_FEN, 1, 1), (movegen.STARTING_FEN, 1)])
    with pytest.raises(ValueError, match="FEN;multiplicity;depth"):
        movegen.perft_units(movegen.STARTING_FEN + ";1\n")
    with pytest.raises(ValueError, match="depth 31"):
        movegen.perft_units([(movegen.STARTING_FEN, 1, 31)])
    with pytest.raises(ValueError, match="multiplicity"):
        movegen.perft_units(movegen.STARTING_FEN + ";x;1\n")
