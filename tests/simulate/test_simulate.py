"""The simulator: statistics against known values, agents, resume, executors, balance and --fair.

Exact values cite their source in the comments.
"""

from __future__ import annotations

import csv
import io
import json
import math
import multiprocessing
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.agents.base import make_agent
from simulate.measure.inference import binomial_p, equal_shares_p, fdr_reject, wilson
from simulate.measure.setuptable import table_of_fold
from simulate.measure.tally import RunFold, measures_of
from simulate.report.summary import RunFolds
from simulate.run.executors import (
    BaseExecutor,
    Execution,
    Finish,
    InlineExecutor,
    ProcessExecutor,
    T,
)
from simulate.run.play import play
from simulate.run.runner import GameRecord, RunPlan, Worker
from simulate.run.store import ResultStore, record_json
from simulate.scoring.metrics import LeadTracker, balance, seat_scores
from simulate.studies import session
from simulate.studies.fair import paired_counts
from simulate.studies.session import run
from tests.support import cli
from tests.support.waiting import wait_for


def test_wilson_interval_matches_published_values() -> None:
    # Wilson (1927); Newcombe (1998), Table I: 81 of 263 gives 0.2553 to 0.3662.
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_seat_scores_share_average_ranks() -> None:
    assert seat_scores((1, 2)) == [1.0, 0.0]
    assert seat_scores((1, 1)) == [0.5, 0.5]
    assert seat_scores((1, 2, 3)) == [1.0, 0.5, 0.0]
    assert seat_scores((1, 1, 3, 4)) == pytest.approx([5 / 6, 5 / 6, 1 / 3, 0.0])
    assert balance([0.6, 0.4]) == pytest.approx(0.8)


def test_tests_and_false_discovery_control_match_known_values() -> None:
    assert binomial_p(5, 10) == pytest.approx(1.0)
    assert binomial_p(0, 10) == pytest.approx(2 / 1024)
    assert binomial_p(8, 10) == pytest.approx(112 / 1024)  # 2 * P(X >= 8), X ~ B(10, 1/2)
    assert equal_shares_p([8, 2]) == pytest.approx(112 / 1024)
    # Pearson's statistic of (10, 5, 3) against equal shares is 4.333 on 2 df: p = exp(-4.333/2).
    assert equal_shares_p([10, 5, 3]) == pytest.approx(math.exp(-13 / 6), rel=1e-9)
    # Benjamini and Hochberg (1995), section 4: 15 p-values, 4 rejected at q = 0.05.
    p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240,
         0.4262, 0.5719, 0.6528, 0.7590, 1.000]  # fmt: skip
    assert fdr_reject(p) == [True] * 4 + [False] * 11


def test_lead_changes_count_changes_of_the_sole_leader() -> None:
    lead = LeadTracker()
    for scores in ([0, 0], [2, 0], [2, 2], [2, 3], [4, 3], [4, 4], [4, 5]):
        lead.see(scores)
    assert lead.changes == 3  # seat 1 -> seat 2 -> seat 1 -> seat 2; ties lead nobody


def make_record(
    index: int, ranks: tuple[int, ...], outcome: Outcome = Outcome.FINISHED
) -> GameRecord:
    return GameRecord(index, 0, "1", index, 0, ("random", "random"), (1.0, 0.0), ranks, 10, outcome)


def test_summary_counts_endless_and_undecided_apart_from_draws() -> None:
    records = [
        make_record(0, (1, 2)),
        make_record(1, (1, 1)),
        make_record(2, (2, 1)),
        make_record(3, (1, 1), Outcome.UNDECIDED),
        make_record(4, (1, 2), Outcome.ENDLESS),
    ]
    summary = measures_of(records, 2).to_json()
    assert [s["wins"] for s in summary["seats"]] == [1, 1]
    assert summary["draws"]["count"] == 1
    assert summary["outcomes"] == {"finished": 3, "endless": 1, "undecided": 1}
    assert summary["completion"]["rate"] == pytest.approx(0.6)
    assert [s["mean_s"] for s in summary["seats"]] == [0.5, 0.5]
    assert summary["balance"] == 1.0


def test_agents_are_reproducible_and_mcts_beats_random() -> None:
    game = get_game("paper-penguins")
    options = game.info.resolve(None, None, {})
    state = game.new_state(game.random_setup(2, options))
    for _ in range(8):
        state.apply(state.legal_moves(state.turn)[0])
    mcts = make_agent("mcts:60")
    first = mcts.choose(state, state.turn, np.random.default_rng(9))
    assert all(mcts.choose(state, state.turn, np.random.default_rng(9)) == first for _ in range(2))
    wins = 0
    for seed in range(4):  # mcts:60 against random, each seat twice
        seats = [make_agent("mcts:60"), make_agent("random")][:: 1 if seed % 2 == 0 else -1]
        played = play(game.new_state(game.random_setup(seed, options)), seats, seed, 500)
        mcts_seat = 0 if seed % 2 == 0 else 1
        wins += played.result.ranks[mcts_seat] == 1
    assert wins >= 3


def plan(games: int = 60) -> RunPlan:
    info = get_game("paper-penguins").info
    options = info.resolve(None, None, {})
    return RunPlan("paper-penguins", options, ("random", "greedy"), 11, games,
                   random_setups=games // 2, paired=True)  # fmt: skip


def played(plan: RunPlan) -> list[GameRecord]:
    """Every game of `plan`, in game order, played in this process."""
    return Worker(plan).play_chunk(list(plan.tasks()))


def test_a_killed_run_resumes_to_exactly_the_uninterrupted_records(tmp_path: Path) -> None:
    whole = run(plan(), Execution(1), show_progress=False)
    records = played(plan())
    store = ResultStore(tmp_path, plan(), resume=False)
    store.append([r for r in records if r.index % 3 == 0])  # finished out of order
    store.close()
    with (tmp_path / "results.jsonl").open("a") as stream:  # a writer killed mid-line
        stream.write(record_json(records[1])[:25])
    folds = RunFolds(plan())
    store = ResultStore(tmp_path, plan(), True, folds.add)
    resumed = run(plan(), Execution(2), store, False, folds=folds)
    assert resumed.complete and resumed == whole
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 1 + 60 and all(json.loads(line) for line in lines)
    assert sorted(json.loads(line)["index"] for line in lines[1:]) == list(range(60))
    assert [json.loads(line) for line in lines[1:21]] == [
        json.loads(record_json(r)) for r in records if r.index % 3 == 0
    ]


class InterruptedExecutor(BaseExecutor):
    """Plays the first two chunks of games, then raises KeyboardInterrupt as Ctrl-C does."""

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        inner = InlineExecutor().play(plan, chunks, finish)
        yield next(inner)
        yield next(inner)
        raise KeyboardInterrupt


def test_ctrl_c_keeps_the_finished_games_and_no_progress_shows_off_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    records = played(plan())
    monkeypatch.setattr(session, "make_executor", lambda *_: InterruptedExecutor())
    monkeypatch.setattr(session, "chunk_size", lambda *_: 7)
    store = ResultStore(tmp_path, plan(), resume=False)
    cut = run(plan(), Execution(1), store)  # show_progress from the terminal: none here
    assert not cut.complete and cut.played == 14
    assert cut.measures == measures_of(records[:14], 2)
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 1 + 14, "the finished games are on disk for --resume"
    assert capsys.readouterr().err == "", "no progress bar when stderr is not a terminal"


def test_resume_refuses_the_results_of_another_run(tmp_path: Path) -> None:
    store = ResultStore(tmp_path, plan(60), resume=False)
    store.append([])
    store.close()
    with pytest.raises(Exception, match="belongs to another run"):
        ResultStore(tmp_path, plan(40), resume=True)


def test_the_dask_local_cluster_gives_the_local_numbers() -> None:
    pytest.importorskip("dask.distributed")
    local = run(plan(40), Execution(1), show_progress=False)
    cluster = run(plan(40), Execution(2, "dask"), show_progress=False)
    assert cluster == local


def test_balance_judges_setups_and_writes_the_report(tmp_path: Path) -> None:
    result = cli.run("balance", "paper-penguins", "--setups", "6", "--games-per-setup", "10",
                     "--agents", "random", "--seed", "3", "--workers", "1",
                     "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "setups indistinguishable at this sample size" in result.stdout
    assert "fairest:" not in result.stdout and "fairest (" not in result.stdout
    folder = tmp_path / "paper-penguins-balance-3"
    names = {p.name for p in folder.iterdir()}
    assert {"summary.json", "games.csv", "setups.csv", "report.pdf", "results.jsonl"} <= names
    assert {p.name for p in (folder / "charts").iterdir()} >= {"seats.png", "setups.svg"}
    rows = list(csv.DictReader(io.StringIO((folder / "setups.csv").read_text())))
    assert [row["setup_index"] for row in rows] == ["0", "1", "2", "3", "4", "5"]
    assert all(row["rank"] == "" and row["verdict"] == "undetermined" for row in rows)
    assert all(row["played"] == "10" and float(row["completion_ci_low"]) <= float(
        row["completion"]) <= float(row["completion_ci_high"]) for row in rows)  # fmt: skip
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["paired"] is True and summary["setup_fairness"]["setups"] == 6
    assert summary["setup_fairness"]["homogeneity"]["setups_differ"] is False
    over = summary["setup_fairness"]["over_setups"]
    turns = [float(row["turns_mean"]) for row in rows]
    assert over["turns_mean"]["min"] == pytest.approx(min(turns), abs=1e-6)
    assert over["turns_mean"]["max"] == pytest.approx(max(turns), abs=1e-6)


def test_per_setup_measures_follow_their_definitions() -> None:
    def record(
        ranks: tuple[int, ...],
        scores: tuple[float, ...],
        turns: int,
        lead: int | None,
        outcome: Outcome = Outcome.FINISHED,
    ) -> GameRecord:
        return GameRecord(0, 0, "1", 0, 0, ("random", "random"), scores, ranks, turns, outcome,
                          lead)  # fmt: skip

    records = [
        record((1, 2), (5, 3), 10, 2),
        record((1, 1), (4, 4), 20, 0),
        record((1, 1), (4, 4), 500, 9, Outcome.UNDECIDED),
        record((1, 2), (0, 0), 70, None, Outcome.ENDLESS),
    ]
    fold = RunFold(2, per_setup=True)
    for one in records:
        fold.add(one)
    assert fold.setups is not None and len(fold.setups) == 1
    m = table_of_fold(fold.setups).measures(0)
    assert m.played == 4
    assert m.completion[0] == 0.5 and m.draws[0] == 0.5 and m.cap_reached[0] == 0.25
    assert (m.cap_reached[1], m.cap_reached[2]) == pytest.approx(wilson(1, 4), abs=1e-6)
    assert m.turns_mean == 15 and m.margin_mean == 1.0
    assert m.lead_changes_per_move == pytest.approx(2 / 30, abs=1e-6)


def test_fair_kit_records_its_evidence_and_prints_again_from_it(tmp_path: Path) -> None:
    result = cli.run("kit", "paper-penguins", "--fair", "--tolerance", "0.45",
                     "--fair-games", "8", "--agents", "random", "--seed", "2",
                     "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.stderr
    (setup_file,) = tmp_path.glob("paper-penguins-*/setup.json")
    evidence = json.loads(setup_file.read_text())["fairness"]
    assert evidence["games"] == 8 and evidence["tolerance"] == 0.45
    assert all(abs(s["ci95"][0] - 0.5) <= 0.45 and abs(s["ci95"][1] - 0.5) <= 0.45
               for s in evidence["seats"])  # fmt: skip
    again = cli.run("kit", "paper-penguins", "--setup", str(setup_file),
                    "--out", str(tmp_path / "again"))  # fmt: skip
    assert again.exit_code == 0, again.stderr
    reprinted = next((tmp_path / "again").glob("*/setup.json"))
    assert reprinted.read_text() == setup_file.read_text()
    assert math.isfinite(evidence["seats"][0]["mean_s"])


def test_pool_workers_end_when_the_main_process_is_killed(tmp_path: Path) -> None:
    """`kill -9` of a run must not leave its worker processes waiting for work for ever."""
    script = tmp_path / "run.py"
    script.write_text(
        "import multiprocessing, sys\n"
        "from simulate.run.executors import ProcessExecutor\n"
        "from tests.simulate.test_simulate import plan\n"
        "if __name__ == '__main__':\n"
        "    for _ in ProcessExecutor(2).run(plan(400), [[i] for i in range(400)]):\n"
        "        pids = (str(c.pid) for c in multiprocessing.active_children())\n"
        "        print(' '.join(pids), flush=True)\n"
        "        sys.stdin.readline()\n"  # waits here, pool alive, until killed
    )
    root = Path(__file__).resolve().parents[2]
    main = subprocess.Popen([sys.executable, str(script)], cwd=root, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert main.stdout is not None
    line = main.stdout.readline()
    pids = [int(p) for p in line.split()]
    assert pids, "no worker processes seen"
    main.kill()
    main.wait()
    wait_for(lambda: not any(_alive(p) for p in pids), "the killed run's workers to end")


def test_the_runs_of_a_process_share_one_pool_of_workers() -> None:
    """Workers start once per process, not once per run: a ladder's rungs and a fair search's
    rounds pay no process start-up after the first."""
    seen = []
    for _ in range(2):
        pids: set[int] = set()
        for _ in ProcessExecutor(2).run(plan(8), [[i] for i in range(8)]):
            pids |= {child.pid for child in multiprocessing.active_children() if child.pid}
        seen.append(pids)
    assert len(seen[0]) == 2
    assert seen[1] == seen[0]


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except (FileNotFoundError, ProcessLookupError):  # gone before, or while, its stat was read
        return False
    return state != "Z"


def test_fair_search_plays_whole_rotations_in_all_and_at_half_time() -> None:
    assert paired_counts(600, 2) == (600, 300)
    assert paired_counts(600, 7) == (602, 301)  # 86 rotations; the look after 43 of them
    assert paired_counts(9, 2) == (10, 4)
    for games, players in ((600, 3), (100, 4), (35, 5)):
        total, half = paired_counts(games, players)
        assert total >= games and total % players == 0 and half % players == 0
        assert total - players < games and 0 < half <= total // 2


def test_a_run_that_plays_no_game_leaves_no_folder(tmp_path: Path) -> None:
    """A run that fails before its first game (an unreachable Dask scheduler) writes nothing."""
    folder = tmp_path / "out" / "run"
    store = ResultStore(folder, plan(), resume=False)
    store.close()
    assert not (tmp_path / "out").exists()
    folder.mkdir(parents=True)  # made by the run's lock (runfolder.locked), never by the store
    store = ResultStore(folder, plan(), resume=True)
    store.append([])
    store.close()
    assert (folder / "results.jsonl").read_text().count("\n") == 1  # the plan line only


@pytest.mark.parametrize(
    ("name", "agents", "batched"),
    [
        ("amazons", ("random", "random"), False),  # its compiled engine plays the State's games
        ("amazons", ("greedy", "random"), False),
        ("amazon-penguins", ("random", "mcts:4"), False),
        ("platypus", ("greedy", "mcts:4"), True),  # a deal leaves no choice to any agent
    ],
)
def test_the_runner_uses_a_batch_engine_only_for_a_game_without_choices(
    name: str, agents: tuple[str, str], batched: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simulate.run.runner import Worker

    game = get_game(name)
    asked: list[int] = []
    engine = game.play_random_batch

    def counted(games: Sequence[Any], max_turns: int) -> Any:
        asked.append(len(games))
        return engine(games, max_turns)

    monkeypatch.setattr(game, "play_random_batch", counted)
    options = game.info.resolve(None, None, {"size": "6"} if name == "amazons" else {})
    records = Worker(RunPlan(name, options, agents, 3, 4, random_setups=2)).play_chunk(range(4))
    assert asked == ([4] if batched else []) and len(records) == 4
