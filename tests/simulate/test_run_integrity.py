"""A run folder belongs to one run: its lock, the plan's fingerprint, checked records, no stale
outputs, Ctrl-C counts what was kept, and counts no run can finish refused (issue 18)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.errors import InputError
from pnp.games import get_game
from simulate.run import store as store_module
from simulate.run.executors import Execution
from simulate.run.runfolder import LOCK, locked
from simulate.run.runner import MAX_GAMES, IndexSet, RunPlan, missing_chunks
from simulate.run.store import ResultStore
from simulate.studies.session import run

runner = CliRunner()
BASE = ["simulate", "amazons", "--size", "6", "--seed", "21", "--workers", "1"]


def cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stderr


def folder_of(out: Path) -> Path:
    return out / "amazons-sim-21"


def test_a_second_run_into_a_held_folder_is_refused_naming_the_holder(tmp_path: Path) -> None:
    folder = folder_of(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from simulate.run.runfolder import locked\n"
         "with locked(Path(sys.argv[1])):\n    print('held', flush=True); sys.stdin.readline()",
         str(folder)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        code, err = cli(*BASE, "--games", "4", "--out", str(tmp_path))
        assert code == 2 and err.count("\n") == 1
        assert err.startswith(f"pnp: error: --out {folder} is in use by another run (process ")
        assert f"process {holder.pid} on " in err and f": -c {folder})" in err
        assert "wait for it to end or choose another --out" in err
        assert sorted(p.name for p in folder.iterdir()) == [LOCK], "nothing written"
    finally:
        holder.kill()
        holder.wait()
    code, err = cli(*BASE, "--games", "4", "--out", str(tmp_path))  # a dead holder's lock
    assert code == 0, err
    assert not (folder / LOCK).exists() and (folder / "summary.json").exists()


def test_the_lock_is_held_in_this_process_too_and_removed_with_an_unused_folder(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "new" / "run"
    refused = pytest.raises(InputError, match=f"in use by another run \\(process {os.getpid()} ")
    with locked(folder), refused, locked(folder):
        pass
    assert not (tmp_path / "new").exists(), "a run that wrote nothing leaves no folder"


def make_plan(setups: int, games: int = 40) -> RunPlan:
    options = get_game("amazons").info.resolve(None, None, {"size": "6"})
    return RunPlan("amazons", options, ("random", "random"), 21, games, random_setups=setups)


def test_records_of_another_plan_under_this_header_refuse_the_resume(tmp_path: Path) -> None:
    first = run(make_plan(40), Execution(1), ResultStore(tmp_path, make_plan(40), False), False)
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    second = ResultStore(tmp_path, make_plan(10), resume=False)
    second.append([])  # the second run's header, then the first run's records
    second.close()
    with (tmp_path / "results.jsonl").open("a") as stream:
        stream.write("\n".join(lines[1:]) + "\n")
    with pytest.raises(InputError) as raised:
        ResultStore(tmp_path, make_plan(10), resume=True)
    assert str(raised.value) == (
        f"resume: {tmp_path / 'results.jsonl'} line 12: game 10 has setup 10; this run plays it "
        "on 0; run without resume to start again"
    )
    assert first.played == 40


def test_a_header_of_another_plan_is_refused_naming_the_difference(tmp_path: Path) -> None:
    run(make_plan(40), Execution(1), ResultStore(tmp_path, make_plan(40), False), False)
    with pytest.raises(InputError, match=r"belongs to another run \(setups 40 there, 10 here\)"):
        ResultStore(tmp_path, make_plan(10), resume=True)
    header = json.loads((tmp_path / "results.jsonl").read_text().splitlines()[0])["plan"]
    assert len(header["fingerprint"]) == 16 and header["setups"] == 40


BAD_LINES = [
    ("index", 999999, "game 999999 is not in this run (games 0 to 39)"),
    ("ranks", [7, 7], "ranks [7, 7] are not ranks of 2 players"),
    ("ranks", [1], "ranks [1] is not one value per seat (2 players)"),
    ("outcome", "won", "outcome 'won' is not one of finished, endless, undecided"),
    ("scores", ["a", 1], "scores ['a', 1] are not numbers"),
    ("turns", -1, "turns -1 is not a whole number >= 0"),
]


@pytest.mark.parametrize(("field", "value", "why"), BAD_LINES)
def test_a_bad_record_is_reported_by_line_and_never_counted(
    tmp_path: Path, field: str, value: object, why: str
) -> None:
    run(make_plan(40), Execution(1), ResultStore(tmp_path, make_plan(40), False), False)
    path = tmp_path / "results.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[5])
    record[field] = value
    lines[5] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as raised:
        ResultStore(tmp_path, make_plan(40), resume=True)
    assert str(raised.value) == f"resume: {path} line 6: {why}; run without resume to start again"


@pytest.mark.parametrize(
    ("line", "why"),
    [(b"not json\n", "not JSON text"), (b"\xff\n", "not JSON text"), (None, "game 3 is already")],
)
def test_garbage_and_repeated_lines_are_reported_by_line(
    tmp_path: Path, line: bytes | None, why: str
) -> None:
    run(make_plan(40), Execution(1), ResultStore(tmp_path, make_plan(40), False), False)
    path = tmp_path / "results.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    lines.append(lines[4] if line is None else line)
    path.write_bytes(b"".join(lines))
    with pytest.raises(InputError, match=f"line 42: {why}"):
        ResultStore(tmp_path, make_plan(40), resume=True)


def test_the_cli_refuses_a_mixed_resume_in_one_line(tmp_path: Path) -> None:
    code, err = cli(*BASE, "--games", "40", "--out", str(tmp_path))
    assert code == 0, err
    path = folder_of(tmp_path) / "results.jsonl"
    lines = path.read_text().splitlines()
    lines.append(lines[3].replace('"index":2,', '"index":999999,'))
    path.write_text("\n".join(lines) + "\n")
    code, err = cli(*BASE, "--games", "40", "--out", str(tmp_path), "--resume")
    assert code == 2 and err == (
        f"pnp: error: --resume: {path} line 42: game 999999 is not in this run (games 0 to 39); "
        "run without --resume to start again\n"
    )


def test_a_rerun_removes_the_outputs_it_does_not_write(tmp_path: Path) -> None:
    balance = ["balance", "paper-penguins", "--setups", "3", "--agents", "random", "--seed", "3",
               "--workers", "1", "--out", str(tmp_path)]  # fmt: skip
    folder = tmp_path / "paper-penguins-balance-3"
    (tmp_path / "paper-penguins-balance-3").mkdir()
    (folder / "notes.txt").write_text("mine")
    assert runner.invoke(app, [*balance, "--games-per-setup", "2"]).exit_code == 0
    assert (folder / "setups.csv").exists() and (folder / "charts" / "setups.svg").exists()
    assert runner.invoke(app, [*balance, "--games-per-setup", "1"]).exit_code == 0  # 1 game a setup
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["games"] == 3 and "setup_fairness" not in summary
    assert not (folder / "setups.csv").exists(), "the first run's setup ranking is gone"
    assert not (folder / "charts" / "setups.svg").exists()
    assert not (folder / "charts" / "setups.png").exists()
    assert (folder / "notes.txt").read_text() == "mine", "files pnp does not write are kept"


def test_ctrl_c_counts_exactly_the_games_results_jsonl_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fsync = os.fsync
    calls: list[int] = []

    def fsync_then_ctrl_c(descriptor: int) -> None:  # Ctrl-C just after a chunk is on disk
        fsync(descriptor)
        calls.append(descriptor)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.1)  # the signal arrives while the chunk is being counted

    monkeypatch.setattr(store_module.os, "fsync", fsync_then_ctrl_c)
    plan = make_plan(40, games=400)
    cut = run(plan, Execution(1), ResultStore(tmp_path, plan, False), False)
    kept = (tmp_path / "results.jsonl").read_text().count("\n") - 1
    assert not cut.complete and cut.played == kept > 0


def test_counts_no_run_can_finish_are_refused_naming_the_limit(tmp_path: Path) -> None:
    code, err = cli(*BASE, "--games", str(10**13), "--out", str(tmp_path))
    assert (code, err) == (2, "pnp: error: --games 10000000000000 is not valid: expected a "
                              "whole number from 1 to 1,000,000,000,000\n")  # fmt: skip
    code, err = cli(*BASE[:-2], "--workers", "257", "--games", "4", "--out", str(tmp_path))
    assert (code, err) == (2, "pnp: error: --workers 257 is not valid: expected a whole number "
                              "from 1 to 256\n")  # fmt: skip
    code, err = cli("platypus", "longest", "--deals", str(10**13))
    assert (code, err) == (2, "pnp: error: --deals 10000000000000 is not valid: expected a "
                              "whole number from 1 to 1,000,000,000,000\n")  # fmt: skip
    code, err = cli("kit", "amazons", "--fair", "--fair-games", str(10**13), "--out",
                    str(tmp_path))  # fmt: skip
    assert (code, err) == (2, "pnp: error: --fair-games 10000000000000 is not valid: expected a "
                              "whole number from 2 to 1,000,000,000,000\n")  # fmt: skip
    code, err = cli("balance", "amazons", "--setups", str(10**6), "--games-per-setup",
                    str(10**7),
                    "--out", str(tmp_path))  # fmt: skip
    assert (code, err) == (2, "pnp: error: --setups 1000000 x --games-per-setup 10000000 is "
                              "10,000,000,000,000 games: at most 1,000,000,000,000\n")  # fmt: skip
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("seed", range(40))
def test_a_chunk_of_games_added_at_once_gives_the_set_added_one_by_one(seed: int) -> None:
    """`IndexSet.update` (a finished chunk's games; a run of numbers is joined in one step) holds
    and counts what `add`, number by number, does: runs that touch, overlap, repeat or fill a
    gap, and chunks out of order (a resumed run's)."""
    rng = random.Random(seed)
    at_once, one_by_one = IndexSet(), IndexSet()
    for _ in range(30):
        start = rng.randrange(60)
        if rng.random() < 0.8:
            chunk: list[int] = list(range(start, start + rng.randrange(0, 9)))
        else:
            chunk = rng.sample(range(60), rng.randrange(1, 6))
        at_once.update(chunk)
        for index in chunk:
            one_by_one.add(index)
        assert list(at_once.ranges()) == list(one_by_one.ranges())
        assert at_once.count == one_by_one.count == len(set().union(*map(set, at_once.ranges())))


def test_planning_the_most_games_allowed_builds_nothing_big() -> None:
    started = time.perf_counter()
    plan = make_plan(MAX_GAMES, games=MAX_GAMES)
    tasks = plan.tasks()
    done = IndexSet()
    for index in (5, 3, 4, 0, 10**11):
        done.add(index)
    chunks = missing_chunks(done, plan.games, 1000)
    first = [next(chunks) for _ in range(3)]
    assert time.perf_counter() - started < 0.5
    assert len(tasks) == MAX_GAMES and sys.getsizeof(tasks) < 100
    assert first == [[1, 2], [6, *range(7, 1006)], list(range(1006, 2006))]
    assert done.count == 5 and 4 in done and 6 not in done and 10**11 in done
    assert [(r.start, r.stop) for r in done.missing(12)] == [(1, 3), (6, 12)]
