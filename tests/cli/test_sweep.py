"""`pnp sweep`: one balance per configuration, its table, JSON and chart; resume after an
interrupted configuration; the same bytes whatever the workers; bad --over in one line."""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest

from pnp.games import get_game
from simulate.report.chunkfold import FinishedChunk
from simulate.run.executors import BaseExecutor, Finish, InlineExecutor, T, make_executor
from simulate.run.runner import RunPlan
from simulate.studies import session
from tests.support.cli import invoke

AMAZONS = ("sweep", "amazons", "--over", "size=6,8", "--setups", "2", "--games-per-setup", "2",
           "--seed", "4")  # fmt: skip
OUTPUTS = ("sweep.csv", "sweep.json", "charts/sweep.png", "charts/sweep.svg")
RUN_OUTPUTS = ("summary.json", "games.csv", "setups.csv", "results.jsonl")


def _rows(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((folder / "sweep.csv").read_text())))


def _files(folder: Path, configurations: Sequence[str]) -> dict[str, bytes]:
    names = [*OUTPUTS, *(f"{c}/{name}" for c in configurations for name in RUN_OUTPUTS)]
    return {name: (folder / name).read_bytes() for name in names}


@pytest.fixture(scope="module")
def amazons(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("sweep")
    code, stdout, stderr = invoke(*AMAZONS, "--workers", "1", "--out", str(out))
    assert code == 0, stderr
    return out / "amazons-sweep-4", stdout


def test_a_sweep_writes_a_row_per_configuration_and_its_chart(amazons: tuple[Path, str]) -> None:
    folder, stdout = amazons
    rows = _rows(folder)
    assert [(row["configuration"], row["size"]) for row in rows] == [("size-6", "6"),
                                                                     ("size-8", "8")]  # fmt: skip
    for row in rows:
        assert row["games"] == "4" and row["setups"] == "2"
        assert row["agents"] == ",".join([get_game("amazons").info.agent] * 2)  # the game's own
        assert row["reading"] in ("fair", "unfair", "undetermined")
        assert row["complete"] == "yes"
        summary = json.loads((folder / row["folder"] / "summary.json").read_text())
        by_setup = summary["setup_fairness"]["first_seat_mean_s_by_setup"]
        # the setup as the unit when the setups give an interval, else the games (size 8 here:
        # the first seat lost all four games, so the setups do not spread)
        assert row["interval_unit"] == ("setup" if by_setup["ci95"] is not None else "game")
        low, mean, high = (float(row[k]) for k in ("advantage_ci95_low", "first_seat_s_advantage",
                                                    "advantage_ci95_high"))  # fmt: skip
        assert low <= mean <= high
    document = json.loads((folder / "sweep.json").read_text())
    assert document["complete"] and document["over"] == {"size": ["6", "8"]}
    assert document["configurations"] == ["size-6", "size-8"]
    assert (folder / "charts" / "sweep.png").read_bytes().startswith(b"\x89PNG")
    assert "size 6" in stdout and "size 8" in stdout and "advantage [95%]" in stdout


def test_each_configuration_is_the_balance_run_of_its_options(
    amazons: tuple[Path, str], tmp_path: Path
) -> None:
    """A configuration's folder holds what `pnp balance` with its options writes, byte for
    byte, and its row is that balance's first seat, setup as the unit."""
    folder, _ = amazons
    code, _, err = invoke("balance", "amazons", "--size", "8", "--setups", "2",
                          "--games-per-setup", "2", "--seed", "4", "--workers", "1",
                          "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    alone = tmp_path / "amazons-balance-4"
    for name in RUN_OUTPUTS:
        assert (folder / "size-8" / name).read_bytes() == (alone / name).read_bytes(), name
    recorded = json.loads((alone / "summary.json").read_text())["command"]
    assert recorded == ("pnp balance amazons --size 8 --setups 2 --games-per-setup 2 --seed 4")
    document = json.loads((alone / "summary.json").read_text())
    summary = document["setup_fairness"]
    row = _rows(folder)[1]
    # the balance verdict's own estimate of the first seat, read the same way (one reading)
    first = document["verdict"]["levels"][0]["first_seat"]
    assert float(row["first_seat_mean_s"]) == pytest.approx(first["mean_s"], abs=1e-6)
    assert float(row["advantage_ci95_low"]) == pytest.approx(first["ci95"][0] - 0.5, abs=1e-6)
    assert float(row["advantage_ci95_high"]) == pytest.approx(first["ci95"][1] - 0.5, abs=1e-6)
    assert row["interval_unit"] == first["unit"][:-1]
    verdicts = summary["verdicts"]
    assert [int(row[f"setups_{k}"]) for k in ("fair", "unfair", "undetermined")] == [
        verdicts["fair"], verdicts["unfair"], verdicts["undetermined"]]  # fmt: skip


def test_two_names_sweep_every_combination_first_name_slowest(tmp_path: Path) -> None:
    code, _, err = invoke("sweep", "penguins", "--over", "players=2,3", "--over",
                          "agents=random,greedy", "--setups", "2", "--games-per-setup", "1",
                          "--seed", "1", "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    rows = _rows(tmp_path / "penguins-sweep-1")
    assert [(r["players"], r["agents"]) for r in rows] == [
        ("2", "random,random"), ("2", "greedy,greedy"),
        ("3", "random,random,random"), ("3", "greedy,greedy,greedy"),
    ]  # fmt: skip
    assert [r["configuration"] for r in rows] == [
        "players-2_agents-random", "players-2_agents-greedy",
        "players-3_agents-random", "players-3_agents-greedy",
    ]  # fmt: skip
    assert all(r["games"] == "2" for r in rows)  # --games is per setup, as in balance


class _Interrupting(BaseExecutor):
    """Plays the first configuration whole, then two chunks of the second, then Ctrl-C."""

    def __init__(self) -> None:
        self.runs = 0

    def __call__(self, *_: object) -> _Interrupting:
        self.runs += 1
        return self

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        inner = InlineExecutor().play(plan, chunks, finish)
        if self.runs == 1:
            yield from inner
            return
        yield next(inner)
        yield next(inner)
        raise KeyboardInterrupt


def test_an_interrupted_sweep_resumes_to_the_bytes_of_an_uninterrupted_one(
    amazons: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole, _ = amazons
    with monkeypatch.context() as patched:
        patched.setattr(session, "make_executor", _Interrupting())
        code, stdout, err = invoke(*AMAZONS, "--workers", "1", "--out", str(tmp_path))
    assert code == 130 and "pnp: interrupted" in err, err
    assert "--resume" in stdout
    folder = tmp_path / "amazons-sweep-4"
    assert not json.loads((folder / "sweep.json").read_text())["complete"]
    assert [row["configuration"] for row in _rows(folder)] == ["size-6"]
    assert len((folder / "size-8" / "results.jsonl").read_text().splitlines()) == 1 + 2
    finished = {p: p.stat().st_mtime_ns for p in (folder / "size-6").rglob("*") if p.is_file()}
    played: list[int] = []

    def counted(*args: object) -> object:
        executor = make_executor(*args)  # type: ignore[arg-type]

        class Counting(BaseExecutor):
            def play(
                self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]
            ) -> Iterator[T]:
                for chunk in executor.play(plan, chunks, finish):
                    assert isinstance(chunk, FinishedChunk)
                    played.extend(chunk.games)
                    yield chunk

        return Counting()

    monkeypatch.setattr(session, "make_executor", counted)
    # no --seed: --resume finds the one sweep in --out
    code, stdout, err = invoke("sweep", "amazons", "--over", "size=6,8", "--setups", "2",
                               "--games-per-setup", "2", "--workers", "2", "--resume",
                               "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    assert "resuming: 1 of 2 configurations finished" in stdout
    assert "resuming: 2 of 4 games already played" in stdout
    assert len(played) == 2, "only the interrupted configuration's missing games are played"
    assert {p: p.stat().st_mtime_ns for p in finished} == finished, "read back, not rewritten"
    configurations = ("size-6", "size-8")
    resumed, uninterrupted = _files(folder, configurations), _files(whole, configurations)
    for name, data in uninterrupted.items():
        assert resumed[name] == data, name


def test_a_resumed_sweep_writes_again_the_report_of_a_finished_configuration_lost_since(
    amazons: tuple[Path, str], tmp_path: Path
) -> None:
    """A finished configuration whose summary.json and report.pdf were deleted: the resume
    exited 0 without them; it writes them again (from its results, no game played)."""
    whole, _ = amazons
    shutil.copytree(whole, tmp_path / "amazons-sweep-4")
    folder = tmp_path / "amazons-sweep-4" / "size-6"
    lost = {name: (folder / name).read_bytes() for name in ("summary.json", "report.pdf")}
    for name in lost:
        (folder / name).unlink()
    code, _, err = invoke(*AMAZONS, "--workers", "1", "--resume", "--out", str(tmp_path))
    assert code == 0, err
    assert {name: (folder / name).read_bytes() for name in lost} == lost


def test_a_sweep_gives_the_same_bytes_whatever_the_workers(
    amazons: tuple[Path, str], tmp_path: Path
) -> None:
    whole, _ = amazons
    code, _, err = invoke(*AMAZONS, "--workers", "2", "--out", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "amazons-sweep-4"
    for name in (*OUTPUTS, "size-6/summary.json", "size-8/games.csv", "size-8/setups.csv"):
        assert (folder / name).read_bytes() == (whole / name).read_bytes(), name


def test_resume_refuses_another_sweep_and_a_new_sweep_replaces_the_old(tmp_path: Path) -> None:
    base = ("sweep", "amazons", "--setups", "2", "--games-per-setup", "1", "--seed", "3",
            "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    code, _, err = invoke(*base, "--over", "size=6,8")
    assert code == 0, err
    code, _, err = invoke(*base, "--over", "size=6", "--resume")
    assert code == 2 and "is another sweep" in err and len(err.strip().splitlines()) == 1, err
    code, _, err = invoke(*base, "--over", "size=6")
    assert code == 0, err
    folder = tmp_path / "amazons-sweep-3"
    assert sorted(p.name for p in folder.iterdir() if p.is_dir()) == ["charts", "size-6"]
    assert [row["configuration"] for row in _rows(folder)] == ["size-6"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["amazons"], "--over: give at least one NAME=V1,V2,... with NAME one of players, "
                      "variant, size or agents"),
        (["amazons", "--over", "size"], "--over size: expected NAME=V1,V2,..."),
        (["amazons", "--over", "board=6"], "board is not swept in amazons; expected players, "
                                           "variant, size or agents"),
        (["amazons", "--over", "size=6,7"], "--over size=7: size 7 is not valid: expected 6, 8 "
                                            "or 10"),
        (["amazons", "--over", "size=6", "--over", "size=8"], "--over size is given twice"),
        (["amazons", "--over", "size="], "--over size=: expected one or more values"),
        (["amazons", "--over", "size=6,,8"], "expected one or more values"),
        (["amazons", "--over", "size=6,6"], "--over size=6,6: 6 given twice"),
        (["amazons", "--size", "8", "--over", "size=6,10"], "--size and --over size: give one"),
        (["penguins", "--over", "players=2,5"], "--over players=5: players 5 is not valid for "
                                                "penguins: expected 2, 3 or 4"),
        (["penguins", "--over", "players=two"], "expected 2, 3 or 4"),
        (["amazon-penguins", "--over", "variant=square,cube"], "expected square or hex"),
        (["amazons", "--over", "agents=greedy,wizard"], "--over agents=wizard: unknown agent"),
        (["amazons", "--agents", "random", "--over", "agents=greedy"], "--agents and --over "
                                                                       "agents: give one"),
        (["wallaby", "--variant", "children", "--full-board", "yes", "--over", "players=2,3"],
         "--over: the configuration players 3 is refused: --full-board yes applies only to "
         "--variant children with --players 2"),
        (["wallaby", "--over", "size=6"], "size is not swept in wallaby; expected players, "
                                          "variant, full-board or agents"),
        (["platypus", "--over", "deal=uniform,pack"], "platypus has no choices"),
        (["amazons", "--over", "size=6", "--setups", "0"], "--setups 0"),
        (["amazons", "--over", "size=6", "--workers", "0"], "--workers 0"),
    ],
)  # fmt: skip
def test_a_bad_sweep_is_one_line_before_any_game(
    tmp_path: Path, args: list[str], message: str
) -> None:
    code, _, err = invoke("sweep", *args, "--out", str(tmp_path / "out"))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert message in err, err
    assert not (tmp_path / "out").exists()
