"""Games without choices (Platypus): a deal's result is its match, each seat order played once.

`balance` reports the distribution of match results with the deal as the unit of every
interval; `simulate` never plays a (deal, seat order) twice; `kit --fair` accepts a deal only
when both of its games end and its match is within the tolerance in points. Every figure is
recomputed here from games.csv, independently of simulate/measure/deals.py.
"""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rich.console import Console
from scipy import stats

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.measure.deals import find_fair_deal
from simulate.scoring.metrics import DEAL_TOLERANCE
from tests.support.cli import invoke

GAME: Any = get_game("platypus")
OPTIONS = GAME.info.resolve(None, None, {})


def games_by_deal(folder: Path) -> dict[int, list[dict[str, str]]]:
    with (folder / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    deals: dict[int, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        deals[int(row["setup_index"])].append(row)
    return deals


def test_balance_plays_each_deal_once_per_seat_order_with_the_deal_as_unit(
    tmp_path: Path,
) -> None:
    code, out, err = invoke("balance", "platypus", "--setups", "40", "--seed", "3",
                            "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    folder = tmp_path / "platypus-balance-3"
    deals = games_by_deal(folder)
    assert len(deals) == 40
    for rows in deals.values():  # each seat order once, never replayed
        assert sorted(int(r["rotation"]) for r in rows) == [0, 1]
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["games"] == 80 and "setup_fairness" not in summary
    assert not (folder / "setups.csv").exists()
    found = summary["deals"]
    # Recomputed from games.csv: each deal's match (points per table over both games).
    ended, margins, effects, drawn, sweeps = 0, [], [], 0, 0
    for rows in deals.values():
        if any(r["outcome"] != "finished" for r in rows):
            continue
        ended += 1
        first = next(r for r in rows if r["rotation"] == "0")
        second = next(r for r in rows if r["rotation"] == "1")
        player_1 = float(first["score_1"]) + float(second["score_2"])
        player_2 = float(first["score_2"]) + float(second["score_1"])
        margins.append(abs(player_1 - player_2))
        drawn += player_1 == player_2
        effects.append(np.mean([float(r["score_1"]) - float(r["score_2"]) for r in rows]))
        sole = [[s for s in (1, 2) if r[f"rank_{s}"] == "1"] for r in rows]
        won = [(w[0] - 1 + int(r["rotation"])) % 2 for w, r in zip(sole, rows, strict=True) if w]
        sweeps += all(len(w) == 1 for w in sole) and len(set(won)) == 1
    assert found["deals"] == 40
    assert found["both_end"]["count"] == ended
    assert found["both_end"]["ci95"] == pytest.approx(
        list(stats.binomtest(ended, 40).proportion_ci(method="wilson")), abs=1e-6
    )
    assert found["margin"]["mean"] == pytest.approx(np.mean(margins), abs=1e-6)
    assert found["margin"]["n"] == ended
    assert found["drawn"]["count"] == drawn
    assert found["one_player_won_every_game"]["count"] == sweeps
    effect = stats.ttest_1samp(effects, 0.0).confidence_interval()
    assert found["first_seat_effect"]["mean"] == pytest.approx(np.mean(effects), abs=1e-6)
    assert found["first_seat_effect"]["ci95"] == pytest.approx([effect.low, effect.high], abs=1e-6)
    within = sum(1 for m in margins if m <= DEAL_TOLERANCE)
    assert found["within_tolerance"]["count"] == within
    assert "the deal is the unit of every interval" in out
    assert "setups unfair" not in out and "seats whose 95% interval" not in out
    with (folder / "deals.csv").open() as handle:
        assert len(list(csv.DictReader(handle))) == 40


def test_balance_refuses_games_per_deal_for_a_game_without_choices(tmp_path: Path) -> None:
    code, _, err = invoke("balance", "platypus", "--games-per-setup", "200", "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "--games-per-setup 200" in err and "once per seat order" in err
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "limit"),
    [
        (("--games", "60", "--setups", "6", "--paired"), "12"),
        (("--games", "7", "--setups", "6"), "6"),
    ],
)
def test_simulate_refuses_to_replay_a_deal_in_the_same_seat_order(
    tmp_path: Path, args: tuple[str, ...], limit: str
) -> None:
    code, _, err = invoke("simulate", "platypus", *args, "--seed", "1", "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert f"at most {limit} games" in err
    assert not any(tmp_path.iterdir())


def test_the_exact_report_lists_the_file_s_games_whatever_games_is_asked(tmp_path: Path) -> None:
    """The exact report of a setup file lists every game it plays, a number the file fixes
    (each seat order of each deal once): more --games would replay a deal and are refused, so
    the list cannot grow with --games."""
    code, _, err = invoke("kit", "platypus", "--seed", "3", "--format", "pdf",
                          "--out", str(tmp_path / "kit"))  # fmt: skip
    assert code == 0, err
    setup = str(tmp_path / "kit" / "platypus-3" / "setup.json")
    for games in ("3", str(10**9)):
        code, _, err = invoke("simulate", "platypus", "--setup", setup, "--games", games,
                              "--out", str(tmp_path / "runs"))  # fmt: skip
        assert code == 2 and "ask for at most 2 games" in err, err
    assert not (tmp_path / "runs").exists()
    code, out, err = invoke("simulate", "platypus", "--setup", setup, "--json", "--workers", "1",
                            "--out", str(tmp_path / "runs"))  # fmt: skip
    assert code == 0, err
    assert len(json.loads(out)["results"]) == 2


def test_simulate_with_setups_plays_each_seat_order_of_each_deal_once(tmp_path: Path) -> None:
    code, out, err = invoke("simulate", "platypus", "--setups", "6", "--paired", "--seed", "1",
                            "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    deals = games_by_deal(tmp_path / "platypus-sim-1")
    assert len(deals) == 6 and all(len(rows) == 2 for rows in deals.values())
    assert "the deal is the unit of every interval" in out


def test_simulate_says_each_game_is_its_own_deal(tmp_path: Path) -> None:
    code, out, err = invoke("simulate", "platypus", "--games", "30", "--seed", "1",
                            "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    assert "every game is a different deal" in out


def replayed_match(setup: Any) -> tuple[list[Outcome], float]:
    """Both seat orders of `setup` played move by move (not through the batch engine): the
    outcomes and the match margin in points."""
    points = dict.fromkeys(GAME.player_names(setup), 0.0)
    outcomes = []
    for rotation in (0, 1):
        order = GAME.rotated(setup, rotation)
        state = GAME.new_state(order)
        while not state.is_over():
            (seat,) = state.to_act()
            (move,) = state.legal_moves(seat)
            state.apply_joint([move])
        outcomes.append(state.result().outcome)
        for name, score in zip(GAME.player_names(order), state.scores(), strict=True):
            points[name] += score
    red, blue = points.values()
    return outcomes, abs(red - blue)


def test_fair_kit_of_seed_5_is_a_deal_that_ends_and_is_close(tmp_path: Path) -> None:
    code, _, err = invoke("kit", "platypus", "--seed", "5", "--fair", "--format", "pdf",
                            "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (path,) = tmp_path.glob("platypus-*/setup.json")
    document = json.loads(path.read_text())
    fairness = document["fairness"]
    assert fairness["tolerance"] == DEAL_TOLERANCE and fairness["unit"] == "points"
    setup = GAME.random_setup(document["seed"], OPTIONS)
    outcomes, margin = replayed_match(setup)
    assert outcomes == [Outcome.FINISHED, Outcome.FINISHED]
    assert margin <= DEAL_TOLERANCE and fairness["margin"] == margin
    code, _, err = invoke("kit", "platypus", "--setup", str(path), "--format", "pdf",
                          "--out", str(tmp_path / "again"))  # fmt: skip
    assert code == 0, err  # the evidence validates against the published schema
    assert json.loads(next((tmp_path / "again").glob("*/setup.json")).read_text()) == document


def test_no_fair_deal_from_any_of_40_seeds_is_lopsided_or_endless() -> None:
    quiet = Console(file=None, quiet=True)
    for seed in range(40):
        for tolerance in (0.0, DEAL_TOLERANCE, 6.0):
            found = find_fair_deal(GAME, OPTIONS, seed, tolerance=tolerance, console=quiet)
            outcomes, margin = replayed_match(found)
            assert outcomes == [Outcome.FINISHED] * 2, (seed, tolerance)
            assert margin <= tolerance, (seed, tolerance, margin)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--tolerance", "-1"), "--tolerance -1 is not valid: expected points >= 0"),
        (("--fair-games", "600"), "--fair-games: a platypus deal has no choices"),
    ],
)
def test_fair_kit_of_a_game_without_choices_refuses_sampling_options(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    code, _, err = invoke("kit", "platypus", "--fair", *args, "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert message in err
    assert not any(tmp_path.iterdir())
