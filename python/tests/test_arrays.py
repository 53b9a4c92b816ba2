"""NumPy encodings: masks with one entry per legal move, index <-> move identity, planes,
in-place `out=`, threads, and errors for wrong arrays."""

import numpy as np
import pytest

import movegen
from conftest import chess960_fens, random_games

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def fens(chess):
    standard = [b.fen() for b in random_games(chess, 7, games=40, max_plies=150)]
    chess960 = [b.fen() for b in random_games(chess, 8, games=20, max_plies=150, chess960=True)]
    return standard + chess960 + chess960_fens()


def test_masks_and_indices_on_every_position(fens):
    masks = movegen.legal_move_mask(fens)
    assert masks.shape == (len(fens), movegen.MOVE_INDICES) and masks.dtype == np.bool_
    castles = 0
    for fen, mask in zip(fens, masks):
        board = movegen.Board(fen)
        moves = board.legal_moves()
        assert mask.sum() == len(moves), fen
        indices = [movegen.move_to_index(board, m) for m in moves]
        assert len(set(indices)) == len(moves), fen
        assert sorted(indices) == list(np.flatnonzero(mask)), fen
        for mv, i in zip(moves, indices):
            assert movegen.index_to_move(board, i) == mv, (fen, mv)
            castles += mv.is_castling()
        assert list(movegen.move_indices([fen] * len(moves), moves)) == indices
        assert list(movegen.move_indices([board] * len(moves), [m.uci() for m in moves])) == indices
    assert castles > 400, "Chess960 castling covered"


def test_known_indices_and_errors():
    board = movegen.Board()
    e2e4 = board.parse_uci("e2e4")
    assert movegen.move_to_index(board, e2e4) == 12 * 73 + 1
    assert movegen.move_to_index(movegen.STARTING_FEN, e2e4) == 12 * 73 + 1
    assert movegen.index_to_move(board, 12 * 73 + 1) == e2e4
    with pytest.raises(movegen.MoveError, match="no legal move"):
        movegen.index_to_move(board, 0)
    with pytest.raises(movegen.MoveError):
        movegen.index_to_move(board, -1)
    with pytest.raises(movegen.MoveError):
        movegen.index_to_move(board, movegen.MOVE_INDICES)
    black = movegen.Board()
    black.push(e2e4)
    with pytest.raises(movegen.MoveError, match="illegal"):
        movegen.move_to_index(black, e2e4)
    with pytest.raises(movegen.MoveError, match="move 1"):
        movegen.move_indices([board, board], ["e2e4", "e2e5"])
    with pytest.raises(ValueError, match="2 positions but 1 moves"):
        movegen.move_indices([board, board], ["e2e4"])
    with pytest.raises(ValueError, match="1 positions but 2 moves"):
        movegen.move_indices([board], ["e2e4", "d2d4"])


def test_planes():
    planes = movegen.encode_planes([movegen.STARTING_FEN, KIWIPETE])
    assert planes.shape == (2, movegen.PLANES, 8, 8) and planes.dtype == np.uint8
    start = planes[0]
    assert start[0].sum() == 8 and start[0][1].all()  # our pawns on rank 2
    assert start[6][6].all()  # theirs on rank 7
    assert start[5][0][4] == 1 and start[11][7][4] == 1  # kings on e1, e8
    assert start[12].all() and start[13:17].all() and not start[17].any() and not start[18].any()
    # Black to move: ranks flipped, Black's pieces first.
    board = movegen.Board()
    board.push_uci("e2e4")
    black = movegen.encode_planes([board])[0]
    assert black[0][1].all() and black[6][4][4] == 1 and not black[12].any()  # e4 seen as e5
    white = movegen.encode_planes([board], perspective="white")[0]
    assert white[0][3][4] == 1 and white[6][6].all()
    assert (movegen.encode_planes([movegen.Board("4k3/8/8/8/8/8/8/4K3 w - - 300 200")])[0][18] == 255).all()


def test_out_threads_and_numpy_string_arrays(fens):
    fens = fens[:500]
    planes = np.full((len(fens), movegen.PLANES, 8, 8), 7, dtype=np.uint8)
    result = movegen.encode_planes(np.array(fens), out=planes, threads=2)
    assert result is planes
    assert np.array_equal(planes, movegen.encode_planes(fens))
    masks = np.ones((len(fens), movegen.MOVE_INDICES), dtype=bool)
    assert movegen.legal_move_mask(fens, out=masks, threads=2) is masks
    assert np.array_equal(masks, movegen.legal_move_mask(fens, threads=1))
    assert movegen.legal_move_mask([]).shape == (0, movegen.MOVE_INDICES)
    assert movegen.encode_planes([], threads=3).shape == (0, movegen.PLANES, 8, 8)


def test_wrong_arrays_and_positions():
    fens = [movegen.STARTING_FEN] * 2
    with pytest.raises(TypeError, match="uint8"):
        movegen.encode_planes(fens, out=np.zeros((2, movegen.PLANES, 8, 8), dtype=np.float32))
    with pytest.raises(ValueError, match="shape"):
        movegen.encode_planes(fens, out=np.zeros((3, movegen.PLANES, 8, 8), dtype=np.uint8))
    with pytest.raises(ValueError, match="shape"):
        movegen.encode_planes(fens, out=np.zeros((2, movegen.PLANES, 8, 8), dtype=np.uint8)[:, :, :, ::-1])
    with pytest.raises(TypeError, match="bool"):
        movegen.legal_move_mask(fens, out=np.zeros((2, movegen.MOVE_INDICES), dtype=np.uint8))
    with pytest.raises(ValueError, match="shape"):
        movegen.legal_move_mask(fens, out=np.zeros((2, 10), dtype=bool))
    read_only = np.zeros((2, movegen.MOVE_INDICES), dtype=bool)
    read_only.flags.writeable = False
    with pytest.raises(ValueError):
        movegen.legal_move_mask(fens, out=read_only)
    with pytest.raises(movegen.FenError, match="position 1"):
        movegen.encode_planes([movegen.STARTING_FEN, "bad fen"])
    with pytest.raises(TypeError):
        movegen.encode_planes(movegen.STARTING_FEN)
    with pytest.raises(TypeError):
        movegen.encode_planes([1, 2])
    with pytest.raises(TypeError):
        movegen.legal_move_mask(42)
    with pytest.raises(ValueError, match="perspective"):
        movegen.encode_planes(fens, perspective="black")
    with pytest.raises(ValueError, match="threads"):
        movegen.legal_move_mask(fens, threads=0)


def test_threaded_batches_match_one_thread():
    """With threads > 1 each thread fills a part of the array: the result, errors and their
    positions are those of the one-thread path."""
    fens = [movegen.STARTING_FEN, KIWIPETE] * 1500
    one = movegen.legal_move_mask(fens)
    assert np.array_equal(movegen.legal_move_mask(fens, threads=2), one)
    assert np.array_equal(movegen.legal_move_mask(iter(fens), threads=2), one)  # no len()
    planes = movegen.encode_planes(fens)
    assert np.array_equal(movegen.encode_planes(np.array(fens), threads=3), planes)
    bad = list(fens)
    bad[2500] = "bad fen"
    bad[1500] = "8/8/8/8/8/8/8/8 w - - 0 1"
    for threads in (1, 2):
        with pytest.raises(movegen.FenError, match="position 1500"):
            movegen.legal_move_mask(bad, threads=threads)
    bad[1200] = 42
    with pytest.raises(TypeError, match="position 1200"):
        movegen.encode_planes(bad, threads=2)


def aligned_view(shape, dtype, offset):
    """A C-contiguous array of `shape` whose data starts `offset` bytes past a 64-byte line."""
    size = int(np.prod(shape)) * np.dtype(dtype).itemsize
    raw = np.zeros(size + 128, dtype=np.uint8)
    start = (-raw.ctypes.data) % 64 + offset
    view = raw[start : start + size].view(dtype).reshape(shape)
    view[...] = 1  # what the batch must overwrite
    return view


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_out_at_every_alignment(fens, threads):
    """Rows are streamed to memory a cache line at a time, with ordinary stores where a line
    is shared (the ends of the array, of each thread's part, of each batch): any alignment of
    `out`, any split between threads, gives the same arrays."""
    fens = (fens * 3)[:2100]  # more than two batches of 1,024
    masks = movegen.legal_move_mask(fens)
    planes = movegen.encode_planes(fens)
    for offset in [0, 1, 15, 16, 31, 48, 63] if threads > 1 else range(64):
        out = aligned_view(masks.shape, bool, offset)
        movegen.legal_move_mask(fens, out=out, threads=threads)
        assert np.array_equal(out, masks), offset
        out = aligned_view(planes.shape, np.uint8, offset)
        movegen.encode_planes(fens, out=out, threads=threads)
        assert np.array_equal(out, planes), offset
    for n in [1, 2, 13, 64, 1025]:  # short batches: all rows within a line or two
        out = aligned_view((n, movegen.MOVE_INDICES), bool, 40)
        movegen.legal_move_mask(fens[:n], out=out, threads=threads)
        assert np.array_equal(out, masks[:n]), n


def test_text_without_utf8_is_an_error_not_a_crash():
    with pytest.raises(UnicodeEncodeError):
        movegen.legal_move_mask([movegen.STARTING_FEN, "\ud800"])
    with pytest.raises(UnicodeEncodeError):
        movegen.encode_planes(["\udc80" * 3], threads=2)
