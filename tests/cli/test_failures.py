"""Bad input, round two (issue 18): what the system refuses and files that are not what they
seem, each ending in one line and exit code 2 with nothing written.

OSErrors of any kind (a name too long, a full disk, a folder where a file should be), setup and
board files that are pipes, devices, too large, too deep or hold numbers too long, seeds out of
range or not whole, fair-search options without --fair, values with a trailing newline,
duplicate sheet ids, a kit folder name taken by a file. The cases join the matrix of
tests/cli/test_bad_input.py.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from pnp.games.base import MAX_SEED
from tests.cli.test_bad_input import MATRIX, Make, check_refused_in_one_line, text_file, tree
from tests.support.cli import invoke

LONG_SEED = "9" * 300
SEED_RANGE = f"expected a whole number from 0 to {MAX_SEED:,}"


def fifo(folder: Path) -> str:
    path = folder / "fifo.json"
    os.mkfifo(path)
    return str(path)


def setup_text(seed: str) -> Make:
    return text_file("seed.json", f'{{"game": "amazons", "format_version": 1, "seed": {seed}, '
                                  '"options": {"players": 2, "variant": "standard"}}')  # fmt: skip


def paper_edit(name: str, edit: str) -> Make:
    """A Paper Pen-guins setup of three sheets with `edit` applied: a duplicate id, a sheet
    count that disagrees with the sheets, or an id with a trailing newline."""

    def make(folder: Path) -> str:
        code, _, err = invoke("kit", "paper-penguins", "--seed", "4", "--sheets", "3",
                              "--format", "pdf", "--out", str(folder / "source"))  # fmt: skip
        assert code == 0, err
        document = json.loads((folder / "source" / "paper-penguins-4" / "setup.json").read_text())
        if edit == "duplicate":
            document["sheets"][2]["id"] = document["sheets"][0]["id"]
        elif edit == "count":
            document["options"]["sheets"] = 2
        else:
            document["sheets"][0]["id"] = "s1\n"
        (folder / name).write_text(json.dumps(document))
        return str(folder / name)

    make.__name__ = f"paper_{edit}"
    return make


def kit_folder_taken(folder: Path) -> str:
    (folder / "amazons-1").write_text("my notes")
    return str(folder)


def out_folder(folder: Path) -> str:
    return str(folder)


def run_folder_taken(name: str) -> Make:
    """A folder whose run folder's name (`name`) is taken by a user's file."""

    def make(folder: Path) -> str:
        (folder / name).write_text("my notes")
        return str(folder)

    make.__name__ = f"taken_{name}"
    return make


NEW_CASES: list[tuple[list[str], Make | None, str]] = [
    (["kit", "amazons", "--seed", LONG_SEED], None,
     f"--seed {LONG_SEED} is not valid: {SEED_RANGE}"),
    (["kit", "amazons", "--seed", str(MAX_SEED + 1)], None, SEED_RANGE),
    (["simulate", "amazons", "--seed", LONG_SEED], None, SEED_RANGE),
    (["platypus", "longest", "--seed", LONG_SEED], None, SEED_RANGE),
    (["demo", "--seed", LONG_SEED, "--out", "{}/demo"], out_folder, SEED_RANGE),
    (["kit", "amazons", "--seed", "1", "--out", "a" * 300], None, "File name too long"),
    (["simulate", "amazons", "--out", "b" * 300], None, "File name too long"),
    (["kit", "amazons", "--setup", "{}"], fifo, "is a pipe (FIFO), not a regular file"),
    (["simulate", "amazons", "--setup", "/dev/zero"], None, "is a device, not a regular file"),
    (["kit", "paper-penguins", "--board", "{}"], fifo, "--board {}: is a pipe (FIFO), not a"),
    (["kit", "paper-penguins", "--board", "/dev/zero"], None, "is a device, not a regular file"),
    (["kit", "amazons", "--setup", "{}"], text_file("deep.json", "[" * 100_000 + "]" * 100_000),
     "nested more than 32 levels deep"),
    (["kit", "amazons", "--setup", "{}"], text_file("deep40.json", "[" * 40 + "]" * 40),
     "nested more than 32 levels deep"),
    (["kit", "amazons", "--setup", "{}"], setup_text("9" * 5000), "a number with 5000 digits"),
    (["kit", "amazons", "--setup", "{}"], setup_text("1e20"),
     "seed 1e+20 is not valid: expected null or"),
    (["kit", "amazons", "--setup", "{}"], setup_text("1e5"), "without a decimal point"),
    (["kit", "amazons", "--setup", "{}"], setup_text("NaN"), "NaN is not a JSON number"),
    (["kit", "amazons", "--setup", "{}"], setup_text("1e999"), "is not one pnp reads"),
    (["kit", "amazons", "--setup", "{}"], setup_text(str(MAX_SEED + 1)),
     f"from 0 to {MAX_SEED:,}, written"),
    (["kit", "amazons", "--setup", "{}"], text_file("large.json", " " * 1_000_001),
     "is larger than 1 MB, the limit"),
    (["kit", "paper-penguins", "--board", "{}"], text_file("large.txt", "1" * 1_000_001),
     "is larger than 1 MB, the limit"),
    (["simulate", "amazons", "--executor", "dask", "--scheduler", "bad string!!"], None,
     "--scheduler bad string!! is not valid: expected [tcp://|tls://|ws://|wss://|ucx://]HOST:PORT"),
    (["simulate", "amazons", "--executor", "dask", "--scheduler", "tcp://host"], None,
     "HOST:PORT, e.g. tcp://10.0.0.1:8786"),
    (["demo", "--games", "0", "--out", "{}/demo"], out_folder,
     "--games 0 is not valid: expected a whole number from 1 to 1,000,000,000,000"),
    (["kit", "amazons", "--tolerance", "0.2"], None, "--tolerance needs --fair"),
    (["kit", "amazons", "--fair-games", "10", "--tolerance", "0.1"], None,
     "--tolerance and --fair-games need --fair"),
    (["kit", "amazons", "--agents", "random"], None, "--agents needs --fair"),
    (["kit", "amazons", "--agents", "random", "--fair-games", "10", "--tolerance", "0.1"], None,
     "--tolerance, --fair-games and --agents need --fair"),
    (["kit", "paper-penguins", "--setup", "{}"], paper_edit("dup.json", "duplicate"),
     "sheet 3: id 's1' is already the id of sheet 1"),
    (["kit", "paper-penguins", "--setup", "{}"], paper_edit("count.json", "count"),
     "options.sheets is 2, but the file holds 3 sheets"),
    (["kit", "paper-penguins", "--setup", "{}"], paper_edit("newline.json", "newline"),
     "sheets[0].id: 's1\\n' is not valid"),
    (["kit", "amazons", "--cut-colour", "#ff0000\n"], None,
     "--cut-colour '#ff0000\\n' is not valid: expected a colour like #ff0000"),
    (["kit", "amazons", "--seed", "1", "--out", "{}"], kit_folder_taken,
     "amazons-1 is a file; move it away"),
    (["simulate", "amazons", "--size", "6", "--games", "4", "--seed", "3", "--workers", "1",
      "--out", "{}"], run_folder_taken("amazons-sim-3"),
     "{}/amazons-sim-3 is a file; move it away or choose another --out"),
    (["balance", "amazons", "--size", "6", "--setups", "2", "--games-per-setup", "2", "--seed",
      "3", "--workers", "1", "--out", "{}"], run_folder_taken("amazons-balance-3"),
     "{}/amazons-balance-3 is a file; move it away or choose another --out"),
    (["kit", "amazons", "--fair", "--fair-games", str(10**13)], None,
     "--fair-games 10000000000000 is not valid: expected a whole number from 2 to "
     "1,000,000,000,000"),
]  # fmt: skip


def case_id(case: tuple[list[str], Make | None, str]) -> str:
    args, _, words = case
    shown = " ".join(a if len(a) < 20 else f"{a[:8]}..." for a in args)
    return f"{shown} [{words[:32]}]"


def test_the_matrix_grew_by_every_new_case() -> None:
    assert len(NEW_CASES) >= 30
    assert len(MATRIX) + len(NEW_CASES) >= 92


@pytest.mark.parametrize("case", NEW_CASES, ids=case_id)
def test_a_new_wrong_invocation_gets_one_line_exit_2_and_leaves_nothing(
    tmp_path: Path, case: tuple[list[str], Make | None, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_refused_in_one_line(tmp_path, case, monkeypatch)


# -- files of a run that are folders, and a full disk (simulated: this always runs) ------------


@pytest.mark.parametrize("name", ["summary.json", "results.jsonl"])
def test_a_run_file_that_is_a_folder_is_one_line(tmp_path: Path, name: str) -> None:
    (tmp_path / "amazons-sim-3" / name).mkdir(parents=True)
    code, _, stderr = invoke("simulate", "amazons", "--size", "6", "--games", "4", "--seed", "3",
                             "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 2, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnp: error: "), stderr
    assert f"amazons-sim-3/{name}" in lines[0] and "Is a directory" in lines[0], lines[0]
    assert not [p for p in tmp_path.rglob(".*")], "a temporary file was left"


class FullDisk:
    """A stream whose writes fail as on a full disk, after `room` bytes."""

    def __init__(self, stream: object, room: int) -> None:
        self.stream, self.room = stream, room

    def write(self, data: bytes) -> int:
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.room -= len(data)
        return self.stream.write(data)  # type: ignore[attr-defined, no-any-return]

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)

    def __enter__(self) -> FullDisk:
        return self

    def __exit__(self, *_: object) -> None:
        self.stream.close()  # type: ignore[attr-defined]


def test_a_full_disk_while_a_kit_is_written_is_one_line_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(self: Path, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.setattr(Path, "write_bytes", full)
    code, _, stderr = invoke("kit", "amazons", "--seed", "1", "--out", str(tmp_path))
    assert code == 2
    assert stderr == f"pnp: error: {tmp_path}/amazons-1/kit.pdf: No space left on device\n"
    assert tree(tmp_path) == set()


def test_a_full_disk_while_a_report_is_written_is_one_line_and_no_file_is_half_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pnp.output

    real = os.fdopen
    written = pnp.output.os  # type: ignore[attr-defined]  # the os module as pnp.output sees it
    monkeypatch.setattr(written, "fdopen", lambda fd, mode: FullDisk(real(fd, mode), 100))
    code, _, stderr = invoke("simulate", "amazons", "--size", "6", "--games", "4", "--seed", "3",
                             "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    folder = tmp_path / "amazons-sim-3"
    assert code == 2
    assert stderr.startswith(f"pnp: error: {folder}/"), "the line names the file"
    assert stderr.endswith(": No space left on device\n") and stderr.count("\n") == 1
    assert not [p for p in folder.iterdir() if p.name.startswith(".")], "no temporary left"
    assert {"summary.json", "games.csv"}.isdisjoint(p.name for p in folder.iterdir())


def test_a_full_disk_while_results_are_appended_names_results_jsonl(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write to a full disk raises an OSError naming no file; the line names the one written."""
    from simulate.run.store import ResultStore

    class Full:
        def write(self, _: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(ResultStore, "_open", lambda self: Full())
    code, _, stderr = invoke("simulate", "amazons", "--size", "6", "--games", "4", "--seed", "3",
                             "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    path = tmp_path / "amazons-sim-3" / "results.jsonl"
    assert (code, stderr) == (2, f"pnp: error: {path}: No space left on device\n")
