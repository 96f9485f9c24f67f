"""The simulator's typed entry: a RunRequest built without the command line runs as the CLI does,
and the simulator's input errors are structured (input, value, accepted values), worded as
`--options` only by pnp/commands/.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pnp.errors import InputError
from pnp.games import GAMES, get_game
from pnp.games.setupfile import read_setup
from simulate.agents.base import parse_agents
from simulate.report.summary import RunResult
from simulate.run.executors import Execution, make_executor
from simulate.run.request import FixedSetups, RandomSetups, RunRequest
from simulate.run.store import ResultStore
from simulate.studies import session
from simulate.studies.fair import check_search
from simulate.studies.session import run_and_report
from tests.simulate.test_simulate import InterruptedExecutor, plan
from tests.support.cli import invoke


def outputs(folder: Path) -> dict[str, bytes]:
    """The files a run writes whose bytes depend only on the run (not the PDF, which dates)."""
    return {name: (folder / name).read_bytes() for name in ("summary.json", "games.csv")}


def recorded(folder: Path) -> str:
    command: str = json.loads((folder / "summary.json").read_text())["command"]
    return command


def run_directly(tmp_path: Path, cli_run: str, **given: Any) -> tuple[RunRequest, RunResult]:
    """The CLI run in tmp_path/cli/`cli_run` asked for again as a RunRequest of `given` (random
    agents, paired, on one worker, with the command the CLI run recorded: None from a script)
    and run into tmp_path/direct, where it must write the CLI run's summary.json and games.csv."""
    request = RunRequest(agents=("random", "random"), paired=True, execution=Execution(1),
                         out=tmp_path / "direct", command=recorded(tmp_path / "cli" / cli_run),
                         **given)  # fmt: skip
    result = run_and_report(request, Console(quiet=True))
    assert outputs(request.folder) == outputs(tmp_path / "cli" / cli_run)
    return request, result


def test_a_request_built_directly_gives_the_summary_of_the_cli_run(tmp_path: Path) -> None:
    code, _, err = invoke("simulate", "amazons", "--size", "6", "--games", "12", "--setups", "3",
                          "--paired", "--seed", "5", "--agents", "random", "--workers", "1",
                          "--out", str(tmp_path / "cli"))  # fmt: skip
    assert code == 0, err
    options = get_game("amazons").info.resolve(None, None, {"size": "6"})
    request, result = run_directly(tmp_path, "amazons-sim-5", game="amazons", options=options,
                                   players=2, setups=RandomSetups(3), games=12, seed=5)  # fmt: skip
    assert result.complete and result.played == 12
    assert request.folder == tmp_path / "direct" / "amazons-sim-5"


def test_a_request_of_fixed_setups_gives_the_summary_of_the_cli_run(tmp_path: Path) -> None:
    code, _, err = invoke(
        "kit", "platypus", "--seed", "4", "--format", "pdf", "--out", str(tmp_path)
    )
    assert code == 0, err
    (setup_file,) = tmp_path.glob("platypus-4/setup.json")
    code, _, err = invoke("simulate", "platypus", "--setup", str(setup_file), "--seed", "2",
                          "--agents", "random", "--workers", "1",
                          "--out", str(tmp_path / "cli"))  # fmt: skip
    assert code == 0, err
    setup = read_setup(setup_file, GAMES, expected="platypus")
    # a game without choices on a setup file: each seat order once, paired
    run_directly(tmp_path, "platypus-sim-2", game="platypus", options=setup.options, players=2,
                 setups=FixedSetups((setup,)), games=2, seed=2)  # fmt: skip


def raised(action: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as caught:
        action()
    return caught.value


CASES: list[tuple[Callable[[], object], str, object, str]] = [
    (lambda: Execution(0), "workers", 0, "a whole number from 1 to 256"),
    (lambda: make_executor(1, "spark"), "executor", "spark", "local or dask"),
    (lambda: parse_agents("random,greedy,random", 2, get_game("amazons").info), "agents",
     "random,greedy,random",
     "one agent for every seat or exactly 2 (one per seat), from random, greedy, lookahead or "
     "mcts"),
    (lambda: check_search(0.7, 600), "tolerance", 0.7, "a number between 0 and 0.5"),
    (lambda: check_search(0.05, 1), "games", 1, "a whole number from 2 to 1,000,000,000,000"),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[c[1] for c in CASES])
def test_the_simulator_names_the_input_the_value_and_what_it_accepts(
    case: tuple[Callable[[], object], str, object, str],
) -> None:
    action, field, value, accepted = case
    error = raised(action)
    assert (error.field, error.value, error.accepted) == (field, value, accepted)
    assert "--" not in str(error) and str(error).startswith(f"{field} ")
    assert error.worded(lambda name: f"--{name}").startswith(f"--{field} ")


def test_a_message_names_every_input_it_mentions_as_the_front_end_calls_it(
    tmp_path: Path,
) -> None:
    error = raised(lambda: make_executor(1, "local", "10.0.0.1:8786"))
    assert str(error) == "scheduler needs executor dask"
    assert error.worded(lambda name: f"<{name}>") == "<scheduler> needs <executor> dask"
    store = ResultStore(tmp_path, plan(60), resume=False)
    store.append([])
    store.close()
    error = raised(lambda: ResultStore(tmp_path, plan(40), resume=True))
    assert error.field == "resume" and "--" not in str(error)
    assert str(error).endswith("run without resume to start again")
    again = pickle.loads(pickle.dumps(error))  # as from a worker process
    assert isinstance(again, InputError) and str(again) == str(error)


def test_resume_without_a_seed_continues_the_one_run_in_the_folder(tmp_path: Path) -> None:
    base = ["simulate", "amazons", "--size", "6", "--games", "4", "--workers", "1",
            "--out", str(tmp_path)]  # fmt: skip
    assert invoke(*base, "--seed", "3")[0] == 0
    code, out, err = invoke(*base, "--resume")
    assert code == 0, err
    assert "resuming: 4 of 4 games already played" in out and "amazons-sim-3" in out
    assert invoke(*base, "--seed", "4")[0] == 0
    code, _, err = invoke(*base, "--resume")
    assert code == 2
    assert err == (
        f"pnp: error: --resume without --seed needs exactly one sim run of amazons in {tmp_path}; "
        "found amazons-sim-3 or amazons-sim-4: give --seed\n"
    )


def test_ctrl_c_in_a_cli_run_says_what_was_kept_and_how_to_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session, "make_executor", lambda *_: InterruptedExecutor())
    monkeypatch.setattr(session, "chunk_size", lambda *_: 7)
    code, out, _ = invoke("simulate", "paper-penguins", "--games", "60", "--seed", "11",
                          "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 130
    assert out.endswith("interrupted: kept the 14 finished games (--resume)\n")
