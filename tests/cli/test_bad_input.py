"""Hardening (issue 10): a matrix of wrong invocations, and determinism for every game.

Every wrong invocation ends with one line on stderr naming the problem (and the accepted
values), exit code 2, no traceback, and no file left behind. Every game gives byte-identical kit
files for the same seed, and the same simulation numbers for 1 and 2 workers.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.commands.runs import default_agents
from pnp.games import GAMES
from tests.support.cli import invoke


def tree(root: Path) -> set[str]:
    """Every file and folder below `root`, as paths relative to it."""
    return {str(p.relative_to(root)) for p in root.rglob("*")}


# -- fixtures the wrong invocations point at -------------------------------------------------


def platypus_setup(folder: Path) -> dict[str, object]:
    code, _, err = invoke("kit", "platypus", "--seed", "5", "--format", "pdf", "--out", str(folder))
    assert code == 0, err
    return dict(json.loads((folder / "platypus-5" / "setup.json").read_text()))


def write_setup(folder: Path, name: str, edit: Callable[[dict[str, object]], object]) -> str:
    document = platypus_setup(folder / "source")
    text = edit(document)
    path = folder / name
    path.write_text(text if isinstance(text, str) else json.dumps(document))
    return str(path)


def truncated(folder: Path) -> str:
    return write_setup(folder, "truncated.json", lambda d: json.dumps(d)[: len(json.dumps(d)) // 2])


def tampered(folder: Path) -> str:
    def edit(document: dict[str, object]) -> None:
        tables = document["tables"]
        assert isinstance(tables, dict)
        tables["red"]["emu-yellow"] = "green dingo wattle"

    return write_setup(folder, "tampered.json", edit)


def paper_setup_mix(folder: Path) -> str:
    """A Paper Pen-guins setup whose first row was rewritten: the sheet loses its 3:2:1 mix."""
    code, _, err = invoke("kit", "paper-penguins", "--seed", "5", "--format", "pdf",
                          "--out", str(folder / "source"))  # fmt: skip
    assert code == 0, err
    document = json.loads((folder / "source" / "paper-penguins-5" / "setup.json").read_text())
    document["sheets"][0]["rows"][0] = "33333333"
    path = folder / "mix.json"
    path.write_text(json.dumps(document))
    return str(path)


def versioned(version: int) -> Callable[[Path], str]:
    def make(folder: Path) -> str:
        return write_setup(folder, f"v{version}.json", lambda d: d.update(format_version=version))

    return make


def text_file(name: str, content: str | bytes) -> Callable[[Path], str]:
    def make(folder: Path) -> str:
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        return str(path)

    return make


def a_file(folder: Path) -> str:
    (folder / "taken").write_text("x")
    return str(folder / "taken")


def a_folder(folder: Path) -> str:
    (folder / "folder.json").mkdir()
    return str(folder / "folder.json")


def interrupted_run(folder: Path) -> str:
    code, _, err = invoke("simulate", "amazons", "--size", "6", "--games", "8", "--seed", "3",
                          "--workers", "1", "--out", str(folder / "runs"))  # fmt: skip
    assert code == 0, err
    return str(folder / "runs")


Make = Callable[[Path], str]
# (arguments with {} for a prepared path, how to prepare it, words the one line must contain)
MATRIX: list[tuple[list[str], Make | None, str]] = [
    (["kit", "chess"], None, "unknown game 'chess'; expected platypus, amazons, penguins"),
    (["simulate", "chess"], None, "unknown game 'chess'"),
    (["perft", "chess"], None, "unknown game 'chess'"),
    (["balance", "chess"], None, "unknown game 'chess'"),
    (["kit", "amazons", "--variant", "hex"], None, "--variant hex is not valid for amazons"),
    (["simulate", "amazon-penguins", "--variant", "triangle"], None, "expected square or hex"),
    (["simulate", "penguins", "--agents", "wizard"], None, "unknown agent 'wizard'; expected"),
    (["balance", "wallaby", "--agents", "mcts:abc"], None, "expected mcts:ITERATIONS"),
    (["simulate", "wallaby", "--agents", "random,greedy,random"], None, "exactly 2"),
    (["kit", "colour-diplomacy", "--players", "3"], None, "expected 4, 5, 6, 7, 8, 9 or 10"),
    (["kit", "colour-diplomacy", "--players", "11"], None, "--players 11 is not valid"),
    (["simulate", "penguins", "--players", "5"], None, "expected 2, 3 or 4"),
    (["kit", "wallaby", "--players", "1"], None, "--players 1 is not valid for wallaby"),
    (["perft", "billabong", "--players", "0"], None, "--players 0 is not valid for billabong"),
    (["kit", "platypus", "--seed", "-1"], None, "--seed -1 is not valid: expected a whole number"),
    (["simulate", "amazons", "--seed", "-5"], None, "--seed -5 is not valid"),
    (["simulate", "amazons", "--games", "0"], None, "--games 0 is not valid: expected a whole "
     "number from 1 to 1,000,000,000,000"),
    (["simulate", "amazons", "--games", "-3"], None, "--games -3 is not valid"),
    (["simulate", "amazons", "--setups", "0"], None, "--setups 0 is not valid: expected a whole "
     "number from 1 to 1,000,000,000,000"),
    (["balance", "wallaby", "--setups", "0"], None, "--setups 0 --games-per-setup 200"),
    (["balance", "wallaby", "--games-per-setup", "-1"], None,
     "expected whole numbers from 1 to 1,000,000,000,000"),
    (["kit", "paper-penguins", "--sheets", "0"], None, "--sheets 0 is not valid"),
    (["perft", "amazons", "--depth", "-1"], None, "--depth -1 is not valid"),
    (["kit", "wallaby", "--fair", "--fair-games", "0"], None, "--fair-games 0 is not valid"),
    (["kit", "wallaby", "--fair", "--tolerance", "0.7"], None, "--tolerance 0.7 is not valid"),
    (["simulate", "amazons", "--workers", "0"], None, "--workers 0 is not valid"),
    (["simulate", "amazons", "--workers", "-2"], None, "--workers -2 is not valid"),
    (["simulate", "amazons", "--executor", "spark"], None, "expected local or dask"),
    (["simulate", "amazons", "--scheduler", "10.0.0.1:8786"], None, "--scheduler needs"),
    (["kit", "billabong", "--paper", "a5"], None, "--paper a5 is not valid: expected a4 or letter"),
    (["kit", "billabong", "--format", "png"], None, "expected pdf, svg, both or laser"),
    (["kit", "billabong", "--ink", "gold"], None, "expected color, saver or bw"),
    (["kit", "billabong", "--duplex", "flip"], None, "expected long, short or none"),
    (["kit", "billabong", "--bleed", "9"], None, "expected 0 to 5 (mm)"),
    (["kit", "billabong", "--back-offset", "x"], None, "expected X,Y in mm"),
    (["kit", "amazons", "--size", "7"], None, "--size 7 is not valid: expected 6, 8 or 10"),
    (["kit", "amazons", "--sheets", "3"], None, "--sheets does not apply to amazons"),
    (["kit", "paper-penguins", "--size", "3x3"], None, "sides from 4 to 20"),
    (["kit", "wallaby", "--setup", "/nowhere/setup.json"], None, "no such file"),
    (["kit", "platypus", "--setup", "{}"], text_file("empty.json", ""), "the file is empty"),
    (["kit", "platypus", "--setup", "{}"], text_file("binary.json", b"\xff\xfe\x00\x81"),
     "cannot read it (UnicodeDecodeError)"),
    (["kit", "platypus", "--setup", "{}"], a_folder, "is a folder, expected a setup.json"),
    (["kit", "platypus", "--setup", "{}"], truncated, "not valid JSON"),
    (["kit", "wallaby", "--setup", "{}"], tampered, "is a setup of platypus, not of wallaby"),
    (["simulate", "platypus", "--setup", "{}"], tampered, "dingo"),
    (["kit", "platypus", "--setup", "{}"], versioned(0), "format_version 0 is older"),
    (["perft", "platypus", "--setup", "{}"], versioned(99), "format_version 99 is newer"),
    (["kit", "paper-penguins", "--board", "{}"],
     text_file("digits.txt", "1231\n1241\n1111\n1111\n"), "row 2 has '4'; cells must be 1, 2 or 3"),
    (["simulate", "paper-penguins", "--board", "{}"],
     text_file("shape.txt", "1231\n121\n1111\n1111\n"), "row 2 has 3 numbers"),
    (["kit", "paper-penguins", "--board", "{}"],
     text_file("mix.txt", "1231\n3211\n1111\n2222\n"), "expected 8, 5 and 3 for 4 x 4"),
    (["kit", "paper-penguins", "--board", "{}"], text_file("blank.txt", "\n"), "no rows"),
    (["kit", "paper-penguins", "--board", "{}"], a_folder, "a folder (expected a file of digit"),
    (["kit", "paper-penguins", "--setup", "{}"], paper_setup_mix, "(the 3:2:1 mix)"),
    (["kit", "paper-penguins", "--setup", "{}"], tampered, "a setup of platypus, not of paper"),
    (["simulate", "paper-penguins", "--size", "8x21"], None, "sides from 4 to 20"),
    (["kit", "paper-penguins", "--size", "6x6", "--board", "{}"],
     text_file("sheet.txt", "1231\n3211\n1113\n2122\n"), "(4x4): expected --size 4x4 or no"),
    (["perft", "paper-penguins", "--players", "3"], None, "expected 2"),
    (["kit", "paper-penguins", "--seed", "abc"], None, "Invalid value for '--seed'"),
    (["kit", "paper-penguins", "--out", "{}/sub"], a_file, "is a file, so the folder cannot"),
    (["kit", "amazons", "--out", "{}"], a_file, "is a file; expected a folder"),
    (["kit", "amazons", "--seed", "1", "--out", "/sys/pnp-out"], None, "cannot create the folder"),
    (["simulate", "amazons", "--size", "6", "--games", "9", "--seed", "3", "--resume",
      "--workers", "1", "--out", "{}"], interrupted_run, "belongs to another run"),
]  # fmt: skip


def case_id(case: tuple[list[str], Make | None, str]) -> str:
    args, make, _ = case
    return " ".join(args) + (f" [{make.__name__}]" if make else "")


def test_the_matrix_is_large() -> None:
    assert len(MATRIX) >= 30


def check_refused_in_one_line(
    tmp_path: Path, case: tuple[list[str], Make | None, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run a wrong invocation in `tmp_path` (its {} the path `make` prepared, an --out below
    tmp_path where the command writes one): exit code 2, nothing on stdout, one line on stderr
    with the case's words, no traceback, no file or folder added and no file changed."""
    args, make, words = case
    monkeypatch.chdir(tmp_path)  # a default --out of output/ lands here, where we look
    prepared = make(tmp_path) if make else ""
    args = [a.replace("{}", prepared) for a in args]
    words = words.replace("{}", prepared)
    if "--out" not in args and args[0] in ("kit", "simulate", "balance"):
        args += ["--out", str(tmp_path / "out")]
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    listing = tree(tmp_path)
    code, stdout, stderr = invoke(*args)
    lines = stderr.strip().splitlines()
    assert code == 2, (stdout, stderr)
    assert not stdout.strip(), "the one line goes to stderr and nothing else is printed"
    assert len(lines) == 1 and lines[0].startswith("pnp: error: "), stderr
    assert words in lines[0], lines[0]
    assert "Traceback" not in stdout + stderr
    assert tree(tmp_path) == listing, "a failed command left files behind"
    assert {p: p.read_bytes() for p in before} == before, "a user's file was changed"
    assert not any(name.startswith(".") for name in os.listdir(tmp_path))


@pytest.mark.parametrize("case", MATRIX, ids=case_id)
def test_a_wrong_invocation_gets_one_line_exit_2_and_leaves_nothing(
    tmp_path: Path, case: tuple[list[str], Make | None, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_refused_in_one_line(tmp_path, case, monkeypatch)


# -- determinism for every game ---------------------------------------------------------------


def small_options(game: str) -> list[str]:
    return ["--size", "6"] if game == "amazons" else []


@pytest.mark.parametrize("game", list(GAMES))
def test_the_same_seed_gives_byte_identical_kit_files(tmp_path: Path, game: str) -> None:
    outputs = []
    for run in ("a", "b"):
        code, _, err = invoke("kit", game, "--seed", "11", "--out", str(tmp_path / run))
        assert code == 0, err
        folder = tmp_path / run / f"{game}-11"
        outputs.append({p.name: p.read_bytes() for p in sorted(folder.iterdir())})
    assert outputs[0] == outputs[1]
    assert {"kit.pdf", "kit-p01.svg", "setup.json"} <= set(outputs[0])


@pytest.mark.parametrize("game", list(GAMES))
def test_summaries_are_the_same_for_one_and_two_workers(tmp_path: Path, game: str) -> None:
    """12 games, a chunk each (simulate.studies.session `chunk_size`): one worker plays them all
    in order, two share them out."""
    agent = default_agents(game)
    summaries = []
    for workers in ("1", "2"):
        code, _, err = invoke("simulate", game, "--games", "12", "--seed", "5", "--agents", agent,
                              "--workers", workers, "--out", str(tmp_path / workers),
                              *small_options(game))  # fmt: skip
        assert code == 0, err
        folder = tmp_path / workers / f"{game}-sim-5"
        names = ("summary.json", "games.csv", "seats.csv", "results.jsonl")
        summaries.append([(folder / name).read_bytes() for name in names])
    # byte for byte: the command recorded leaves out --workers and --out
    assert summaries[0] == summaries[1]
