"""Compensation in the balance verdict: the komi of a two-player scored game (points given to
the second seat, from score margins, with a bootstrap interval), verified on fresh seeds, and
Wallaby's seat gaps in plants (a setup harvest or a lower goal)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.measure.bootstrap import RESAMPLES, PoissonWeights, interval
from simulate.measure.komi import first_share, komi_of, seat_gaps, second_share_with
from simulate.run.runner import GameRecord, RunPlan, Worker
from tests.support.cli import balance_run


def record(index: int, scores: tuple[float, float], setup_index: int | None = None) -> GameRecord:
    ranks = (1, 2) if scores[0] > scores[1] else (2, 1) if scores[1] > scores[0] else (1, 1)
    return GameRecord(index, index if setup_index is None else setup_index, str(index), 0, 0,
                      ("greedy", "greedy"), scores, ranks, 10, Outcome.FINISHED)  # fmt: skip


def records_of(margins: list[float]) -> list[GameRecord]:
    return [record(i, (10.0 + m, 10.0)) for i, m in enumerate(margins)]


def test_first_share_counts_a_tie_at_the_komi_as_half() -> None:
    margins = np.array([2.0, 3.0, 3.0, 4.0])
    assert first_share(margins, 3.0) == pytest.approx((1 + 0.5 * 2) / 4)
    assert first_share(margins, 0.0) == 1.0 and first_share(margins, 4.5) == 0.0


@pytest.mark.parametrize(
    ("margins", "expected"),
    [
        ([2, 3, 4] * 10, 3.0),  # a tie at 3 halves the middle: exactly fair
        ([2] * 6 + [4] * 4, 2.5),  # 2.5 leaves 60% / 40%, closer to even than 2 (70%) or 3
        ([-1, 0, 1] * 10, 0.0),  # already fair: no komi
        ([5] * 30, 5.0),  # every game by 5: a komi of 5 makes every game a draw
    ],
)
def test_the_komi_is_the_points_that_bring_the_first_share_nearest_one_half(
    margins: list[float], expected: float
) -> None:
    found = komi_of(records_of([float(m) for m in margins]), seed=1)
    assert found is not None and found.points == expected
    low, high = found.ci95
    assert low <= expected <= high and found.unit == "games"


def test_the_interval_resamples_setups_when_a_setup_holds_several_games() -> None:
    games = [record(i, (10.0 + m, 10.0), setup_index=i // 10) for i, m in enumerate(
        [3.0] * 10 + [1.0] * 10 + [5.0] * 10 + [2.0] * 10)]  # fmt: skip
    found = komi_of(games, seed=1)
    assert found is not None and found.unit == "setups" and found.units == 4
    assert found.ci95[0] <= found.points <= found.ci95[1]
    assert found.ci95[1] - found.ci95[0] >= 2  # four setups far apart: a wide interval


def test_no_komi_without_scores_or_with_more_players() -> None:
    no_scores = [replace(record(i, (1.0, 0.0)), scores=None) for i in range(5)]
    assert komi_of(no_scores, seed=1) is None


def paper_penguins_games(board: Path | None, seed: int, games: int) -> list[GameRecord]:
    game = get_game("paper-penguins")
    given = {"board": str(board)} if board else {}
    options = game.info.resolve(None, None, given)
    setups = 1 if board else games
    plan = RunPlan("paper-penguins", options, ("greedy", "greedy"), seed, games,
                   random_setups=setups, paired=False)  # fmt: skip
    return Worker(plan).play_chunk(list(plan.tasks()))


@pytest.mark.parametrize("sheet", ["example", "random"])
def test_the_komi_evens_paper_penguins_on_fresh_seeds(sheet: str, example_sheet: Path) -> None:
    board = example_sheet if sheet == "example" else None
    estimated = komi_of(paper_penguins_games(board, seed=1, games=300), seed=1)
    assert estimated is not None and estimated.points > 0  # the first player is ahead
    fresh = paper_penguins_games(board, seed=2, games=300)
    # The interval claims the fairest komi lies in it: on fresh games, the second seat's share
    # (rising with the komi) is not above 1/2 at its low end, nor below 1/2 at its high end.
    low, high = estimated.ci95
    _, (at_low, _) = second_share_with(fresh, low, seed=2)
    _, (_, at_high) = second_share_with(fresh, high, seed=2)
    assert at_low <= 0.5 <= at_high, (estimated, at_low, at_high)
    _, (_, unaided) = second_share_with(fresh, 0.0, seed=2)
    assert unaided < 0.5  # without komi the second seat is clearly behind


def test_wallaby_seat_gaps_are_plants_behind_the_best_seat() -> None:
    scores = [(20.0, 18.0 + (i % 2), 15.0) for i in range(40)]
    games = [GameRecord(i, i, str(i), 0, 0, ("greedy",) * 3, s, (1, 2, 3), 10, Outcome.FINISHED)
             for i, s in enumerate(scores)]  # fmt: skip
    gaps = seat_gaps(games, 3, seed=1)
    assert [g.behind_best for g in gaps] == [0.0, 1.5, 5.0]
    assert gaps[1].ci95[0] <= 1.5 <= gaps[1].ci95[1] and gaps[0].ci95 == (0.0, 0.0)


def test_balance_prints_and_records_the_komi(tmp_path: Path) -> None:
    summary, out = balance_run(tmp_path, "paper-penguins", 3, "--setups", "4",
                               "--games-per-setup", "20")  # fmt: skip
    komi = summary["compensation"]["komi"]
    assert komi["resampled"] == "setups" and komi["units"] == 4
    low, high = komi["ci95"]
    unit = "point" if komi["points"] == 1 else "points"
    if low <= 0 <= high:  # this run's: 1 point [-1, 2.5]
        assert f"komi: none needed, 0 is inside its interval [{low:g}, {high:g}] points" in out
    else:
        assert f"komi: give circle {komi['points']:g} {unit} [{low:g}, {high:g}]" in out


def test_balance_of_wallaby_prints_the_plants_each_seat_trails(tmp_path: Path) -> None:
    summary, out = balance_run(tmp_path, "wallaby", 3, "--players", "3", "--setups", "3",
                               "--games-per-setup", "6")  # fmt: skip
    gaps = summary["compensation"]["seat_gaps"]
    assert len(gaps) == 3 and min(g["behind_best"] for g in gaps) == 0
    # 18 games show no seat trailing: no compensation, so no word of how to give one
    # (tests/simulate/test_verdict_words.py reads the line with a gap, and its hint)
    assert "to even the seats: none needed, no seat is shown to trail the best seat (plants" in out
    assert "setup harvest" not in out


def test_platypus_komi_counts_the_deals_that_end_in_both_seat_orders(tmp_path: Path) -> None:
    """A game without choices takes the deal as the unit: the komi is measured over the deals
    that end in both seat orders (as the first-seat effect is) and resampled by deal; a deal
    ending in one order alone would give its table's advantage to one seat."""
    summary, out = balance_run(tmp_path, "platypus", 3, "--setups", "40")
    ended = summary["deals"]["both_end"]["count"]
    assert ended < 40  # some deals are endless in one order: the case at hand
    komi = summary["compensation"]["komi"]
    assert (komi["resampled"], komi["units"], komi["games"]) == ("deals", ended, 2 * ended)
    assert f"bootstrap over {ended} deals" in out


def test_few_setups_that_agree_never_give_a_narrower_interval_than_their_games() -> None:
    # Two setups whose games differ widely but whose means agree: resampling the two setups
    # alone gives one value (3 distinct resamples, all alike), which 8 games cannot show. As
    # for the first-seat interval, the games' own interval is the floor (found on Wallaby 4p:
    # red 2.0 [1.8, 2.2] plants behind from 8 games on 2 setups; over the games [-0.1, 4.0]).
    margins = [0.0, 4.0, 0.0, 4.0]
    komi_games = [record(i, (10.0 + m, 10.0), setup_index=i // 4)
                  for i, m in enumerate(margins * 2)]  # fmt: skip
    by_games = komi_of([replace(g, setup_index=0) for g in komi_games], seed=1)
    found = komi_of(komi_games, seed=1)
    assert found is not None and by_games is not None and found.unit == "setups"
    assert found.ci95[0] <= by_games.ci95[0] and found.ci95[1] >= by_games.ci95[1]
    assert found.ci95[1] - found.ci95[0] > 0
    scores = [(20.0, 20.0 - m, 15.0) for m in margins * 2]
    gap_games = [GameRecord(i, i // 4, str(i // 4), 0, 0, ("greedy",) * 3, s, (1, 2, 3), 10,
                            Outcome.FINISHED) for i, s in enumerate(scores)]  # fmt: skip
    pooled = seat_gaps([replace(g, setup_index=0) for g in gap_games], 3, seed=1)
    gaps = seat_gaps(gap_games, 3, seed=1)
    assert gaps[1].behind_best == 2.0
    assert gaps[1].ci95[0] <= pooled[1].ci95[0] and gaps[1].ci95[1] >= pooled[1].ci95[1]
    assert gaps[1].ci95[1] - gaps[1].ci95[0] > 0


def test_a_game_read_back_in_any_order_draws_at_most_one_setups_weights() -> None:
    # The weights of a setup were drawn with those of its block of 256 setups, and 4 blocks
    # kept: a read-back out of setup order (a ladder reads chunks as they finished) redrew a
    # block of 256 x 999 weights nearly every game (204,357 weights a game for 3,000 setups
    # shuffled); now a game draws no more than its own setup's 999, whatever the order.
    shuffled = PoissonWeights(seed=4)
    order = np.random.default_rng(0).permutation(np.arange(6000) % 3000)
    for setup in order:
        shuffled.of(int(setup))
    assert shuffled.drawn <= RESAMPLES * len(order)
    cycled = PoissonWeights(seed=4)  # a balance of 1,000 setups cycled 3 times: each drawn once
    for game in range(3000):
        cycled.of(game % 1000)
    assert cycled.drawn == RESAMPLES * 1000
    assert all(np.array_equal(cycled.of(s), PoissonWeights(seed=4).of(s)) for s in (0, 999, 5))
    assert not np.array_equal(cycled.of(0), PoissonWeights(seed=5).of(0))


def test_the_intervals_over_setups_do_not_depend_on_the_order_the_games_come_in() -> None:
    # Each setup's bootstrap weights come from the seed and the setup's number alone, so a
    # read-back in any order (workers, executors, resumes) gives the same numbers; 1,100
    # setups, more than the weights kept at once, so some are drawn again.
    games = [record(i, (10.0 + (i * 7 + i // 1100) % 9, 10.0), setup_index=i % 1100)
             for i in range(3300)]  # fmt: skip
    shuffled = list(games)
    np.random.default_rng(3).shuffle(shuffled)
    found = komi_of(games, seed=4)
    assert found is not None and found.unit == "setups" and found.units == 1100
    assert komi_of(shuffled, seed=4) == found
    share = second_share_with(games, 4.0, seed=4)
    assert second_share_with(shuffled, 4.0, seed=4) == share
    assert second_share_with(games, 4.0, seed=5) != share  # another seed, other resamples
    scores = [replace(g, scores=(*(g.scores or ()), 9.0), ranks=(1, 2, 3), agents=("greedy",) * 3)
              for g in games]  # fmt: skip
    by_order = [replace(g, scores=(*(g.scores or ()), 9.0), ranks=(1, 2, 3),
                        agents=("greedy",) * 3) for g in shuffled]  # fmt: skip
    assert seat_gaps(by_order, 3, seed=4) == seat_gaps(scores, 3, seed=4)


@pytest.mark.parametrize(
    ("unit", "points", "said"),
    [("points", 1.0, "give circle 1 point [1, 1.5]"), ("points", 1.5, "give circle 1.5 points"),
     ("fish", 1.0, "give circle 1 fish [1, 1.5]"), ("points", 0.5, "give circle 0.5 points")],
)  # fmt: skip
def test_the_komi_line_says_one_point_not_one_points(unit: str, points: float, said: str) -> None:
    """Paper Pen-guins' default ladder printed "komi: give circle 1 points [1, 1]"."""
    from simulate.measure.compensation import Compensation
    from simulate.measure.komi import Komi

    komi = Komi(points, (1.0, 1.5), 0.58, 0.5, 4000, "setups", 20)
    line = Compensation("komi", unit, "", komi).text(["square", "circle"])
    assert line.startswith(f"komi: {said}"), line


def test_balance_of_penguins_for_three_gives_the_fish_each_seat_trails(tmp_path: Path) -> None:
    """A komi evens two players; with three or four Penguins players the verdict said
    "not computed in this run (`pnp balance` computes it)", inside `pnp balance` (helper audit,
    2026-11-28). A game scored at the end gives each seat the fish it trails the best seat by,
    as Wallaby's race gives plants."""
    summary, out = balance_run(tmp_path, "penguins", 3, "--players", "3", "--setups", "3",
                               "--games-per-setup", "6", "--agents", "greedy")  # fmt: skip
    gaps = summary["compensation"]["seat_gaps"]
    assert [g["seat"] for g in gaps] == [1, 2, 3] and min(g["behind_best"] for g in gaps) == 0
    assert "not computed" not in out
    assert "fish each seat trails the best seat's mean score" in out


def test_a_bootstrap_interval_holds_only_values_its_resamples_took() -> None:
    """A komi is a half point or a whole one; its percentile interval interpolated between two
    resampled komis (Platypus read [-0.525, 1], helper audit 2026-11-28). The interval's ends
    are resampled values, taken outward (numpy's "lower" and "higher" percentiles)."""
    resampled = np.array([-1.0] * 25 + [-0.5] * 949 + [1.0] * 25)  # 999 resamples
    assert np.percentile(resampled, [2.5, 97.5]) == pytest.approx([-0.525, -0.425])
    assert interval(resampled, -0.5) == (-1.0, 1.0)
    assert interval(np.array([0.5] * 999), 0.5) == (0.5, 0.5)
