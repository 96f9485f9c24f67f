"""`pnp simulate` and `pnp balance` as one family (issue 17, provenance): the same name means the
same count in both (`--games` in all, `--games-per-setup` on each setup), the same default agents,
`--json` in both, and `balance --tolerance` meaning and checked as `kit --fair --tolerance`."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from pnp.games import GAMES, get_game
from pnp.games.base import Outcome
from simulate.agents.base import check_agent, make_agent
from simulate.run.play import play as play_one
from tests.support.cli import invoke


def summary_of(out: Path) -> dict[str, Any]:
    (folder,) = [p for p in out.iterdir() if p.is_dir()]
    data: dict[str, Any] = json.loads((folder / "summary.json").read_text())
    return data


def play(tmp_path: Path, name: str, *args: str) -> dict[str, Any]:
    out = tmp_path / name
    code, _, err = invoke(*args, "--seed", "3", "--workers", "1", "--out", str(out))
    assert code == 0, err
    return summary_of(out)


def test_games_is_the_total_in_simulate_and_balance_counts_per_setup_by_its_own_name(
    tmp_path: Path,
) -> None:
    sim = play(tmp_path, "sim", "simulate", "penguins", "--setups", "2", "--games", "6")
    bal = play(tmp_path, "bal", "balance", "penguins", "--setups", "2", "--games-per-setup", "3")
    assert sim["games_planned"] == 6 and bal["games_planned"] == 6
    assert sim["setups"] == bal["setups"] == 2


def test_balance_refuses_games_in_one_line_naming_the_per_setup_option(tmp_path: Path) -> None:
    code, _, err = invoke("balance", "penguins", "--games", "3", "--out", str(tmp_path / "o"))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "--games-per-setup" in err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("game", ["penguins", "wallaby", "colour-diplomacy"])
def test_simulate_and_balance_have_the_same_default_agents(tmp_path: Path, game: str) -> None:
    """The game's own agent, in every seat."""
    sim = play(tmp_path, "sim", "simulate", game, "--games", "2")
    bal = play(tmp_path, "bal", "balance", game, "--setups", "1", "--games-per-setup", "2")
    assert sim["agents"] == bal["agents"] == [get_game(game).info.agent] * len(sim["seats"])


@pytest.mark.parametrize("game", [name for name in GAMES if GAMES[name].info.has_choices])
def test_a_game_s_default_agent_finishes_its_games_and_tries_to_win(game: str) -> None:
    """A default verdict rests on finished games between players who try: Colour Diplomacy's
    greedy players camp at the center and left 98% of its games undecided, so its default is
    not greedy. Never random where random play misleads, always an agent the game can play,
    and always said why."""
    info = get_game(game).info
    check_agent(info.agent, info)
    assert info.agent_note
    assert info.agent in info.ladder  # a rung shown to beat the ones below it
    assert not (info.agent == "random" and info.random_misleads)
    state_game = get_game(game)
    resolved = info.resolve(None, None, {"size": "6"} if game == "amazons" else {})
    finished = 0
    for seed in range(8):
        state = state_game.new_state(state_game.random_setup(seed, resolved))
        agents = [make_agent(info.agent) for _ in range(resolved.players)]
        result = play_one(state, agents, seed, info.max_turns)
        finished += result.result.outcome is Outcome.FINISHED
    assert finished >= 7


def test_balance_json_prints_summary_json_alone(tmp_path: Path) -> None:
    out = tmp_path / "o"
    code, stdout, err = invoke("balance", "paper-penguins", "--setups", "2",
                               "--games-per-setup", "4", "--seed", "2", "--workers", "1",
                               "--out", str(out), "--json")  # fmt: skip
    assert code == 0, err
    assert json.loads(stdout) == summary_of(out)


def test_balance_tolerance_is_the_equivalence_margin_of_the_setup_verdicts(tmp_path: Path) -> None:
    args = ["balance", "penguins", "--setups", "2", "--games-per-setup", "4", "--agents", "random"]
    wide = play(tmp_path, "wide", *args, "--tolerance", "0.45")
    narrow = play(tmp_path, "narrow", *args)
    assert narrow["setup_fairness"]["tolerance"] == 0.05
    assert wide["setup_fairness"]["tolerance"] == 0.45
    # every interval of 4 games lies within 1/2 +- 0.45 only if the seats split evenly; with the
    # default none can be shown fair
    assert narrow["setup_fairness"]["verdicts"]["fair"] == 0
    # the verdict reads the first seat by the same margin
    assert (narrow["verdict"]["tolerance"], wide["verdict"]["tolerance"]) == (0.05, 0.45)
    reading = wide["verdict"]["levels"][0]["reading"]
    assert "0.45" in reading or reading.startswith(("favoured", "handicapped")), reading


def test_balance_tolerance_of_a_game_without_choices_is_points_of_the_match(
    tmp_path: Path,
) -> None:
    summary = play(tmp_path, "deals", "balance", "platypus", "--setups", "12", "--tolerance", "40")
    within = summary["deals"]["within_tolerance"]
    assert within["tolerance"] == 40
    (folder,) = (tmp_path / "deals").iterdir()
    rows = list(csv.DictReader((folder / "deals.csv").open()))
    assert within["count"] == sum(int(r["within_tolerance"]) for r in rows)
    expected = sum(r["outcome"] == "finished" and int(r["margin"]) <= 40 for r in rows)
    assert within["count"] == expected > summary["deals"]["both_end"]["count"] // 2


@pytest.mark.parametrize(
    ("game", "value"),
    [("penguins", "0.5"), ("penguins", "0"), ("penguins", "-0.1"), ("platypus", "-1"),
     ("penguins", "nan"), ("platypus", "nan")],
)  # fmt: skip
def test_balance_checks_tolerance_as_the_kit_does(tmp_path: Path, game: str, value: str) -> None:
    kit = invoke("kit", game, "--fair", "--tolerance", value, "--out", str(tmp_path / "k"))
    balance = invoke("balance", game, "--tolerance", value, "--out", str(tmp_path / "b"))
    assert kit[0] == balance[0] == 2
    assert balance[2] == kit[2] and len(balance[2].strip().splitlines()) == 1, balance[2]
    assert not (tmp_path / "k").exists() and not (tmp_path / "b").exists()
