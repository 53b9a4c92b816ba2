"""The documentation runs: the README's Python example, the package docstring's doctest,
docstrings on every public function and class, and stubs that mypy accepts."""

import doctest
import importlib.util
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import movegen
from conftest import ROOT


def test_readme_python_example_runs():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Python", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the README has a Python example"
    exec(compile(blocks[0], "README.md", "exec"), {})


def test_every_python_block_of_docs_runs():
    ran = 0
    for page in sorted((ROOT / "docs").glob("*.md")):
        for block in re.findall(r"```python\n(.*?)```", page.read_text(), re.S):
            exec(compile(block, str(page.relative_to(ROOT)), "exec"), {})
            ran += 1
    assert ran >= 1, "docs/python.md has a Python example"


def test_package_docstring_doctest():
    failures, tests = doctest.testmod(movegen, verbose=False)
    assert tests > 0 and failures == 0


def test_every_public_name_has_a_docstring():
    for name in movegen.__all__:
        item = getattr(movegen, name)
        if inspect.isclass(item) or callable(item):
            assert item.__doc__ and len(item.__doc__) > 20, name
        if inspect.isclass(item) and name not in ("FenError", "MoveError"):
            for attr, member in vars(item).items():
                if not attr.startswith("_"):
                    assert member.__doc__, f"{name}.{attr}"


TYPED_EXAMPLE = '''
import numpy as np
import numpy.typing as npt
import movegen

board: movegen.Board = movegen.Board()
moves: list[movegen.Move] = board.legal_moves()
first: movegen.Move = moves[0]
square: int = first.from_square
text: str = board.san(first)
board.push(first)
undone: movegen.Move = board.pop()
nodes: int = movegen.perft(board, 3, threads=2, table=movegen.Table(1))
split: dict[str, int] = movegen.divide(movegen.STARTING_FEN, 2)
planes: npt.NDArray[np.uint8] = movegen.encode_planes([board.fen()])
masks: npt.NDArray[np.bool_] = movegen.legal_move_mask([board])
index: int = movegen.move_to_index(board, first)
outcome = board.outcome()
if outcome is not None:
    winner: bool | None = outcome.winner
'''


def test_stubs_satisfy_mypy(tmp_path):
    pytest.importorskip("mypy")
    example = tmp_path / "typed_example.py"
    example.write_text(TYPED_EXAMPLE)
    bad = tmp_path / "typed_mistake.py"
    bad.write_text("import movegen\nn: str = movegen.perft(movegen.Board(), 2)\n")
    run = lambda path: subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(path)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    ok = run(example)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    mistake = run(bad)
    assert mistake.returncode != 0 and "incompatible types" in mistake.stdout.lower(), mistake.stdout


def test_stubs_match_the_built_module(tmp_path):
    """mypy's stubtest: every name, signature, default and @final of _movegen.pyi against
    the installed extension (run from an empty directory, so the installed package is the
    one checked), with the reasoned exceptions of stubtest-allowlist.txt."""
    pytest.importorskip("mypy")
    allowlist = Path(__file__).resolve().parent.parent / "stubtest-allowlist.txt"
    command = [sys.executable, "-m", "mypy.stubtest", "movegen", "--allowlist", str(allowlist)]
    if importlib.util.find_spec("distributed") is None:
        # Without the [distributed] extra, mypy cannot find Dask's modules that
        # movegen.distributed imports: let it take them as unknown (CI installs the extra).
        config = tmp_path / "mypy.ini"
        config.write_text("[mypy]\n[mypy-dask.*,distributed.*]\nignore_missing_imports = True\n")
        command += ["--mypy-config-file", str(config)]
    run = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_package_readme_stands_alone_and_runs():
    """python/README.md is the package's description on its own: its example runs and it has
    no links into the repository (they break once the text is a package's metadata)."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    links = re.findall(r"\]\(([^)]*)\)", readme)
    assert all(link.startswith("https://") for link in links), links
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "python/README.md has a Python example"
    exec(compile(blocks[0], "python/README.md", "exec"), {})
