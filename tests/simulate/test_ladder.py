"""The strength ladder and budgets per legal move: `mcts:Nx` searches every root move, a ladder
plays the same setups and seeds at every rung, and its reading is settled only when the two
strongest rungs agree and the strongest beats the next clearly."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from pnp.errors import PnpError
from pnp.games import GAMES, get_game
from pnp.games.base import Outcome
from simulate.agents.base import make_agent
from simulate.agents.budget import PER_MOVE_CAP, PER_MOVE_FLOOR, iterations_for
from simulate.agents.mcts import MCTSAgent
from simulate.measure.setups import SeatCounts, SetupCounts, SetupMeasures, judge_setups
from simulate.report.advantage import widened
from simulate.run.executors import Execution
from simulate.run.request import RandomSetups, RunRequest
from simulate.run.runner import GameRecord, Worker
from simulate.studies.ladder import (
    Duel,
    Estimate,
    Rung,
    duel_request,
    estimate,
    head_to_head,
    read_ladder,
    rung_request,
)
from tests.support.cli import invoke

SEATS = ("light", "dark")


def _position(name: str, plies: int, **options: str) -> object:
    game = get_game(name)
    state = game.new_state(game.random_setup(2, game.info.resolve(None, None, options)))
    rng = np.random.default_rng(0)
    greedy = make_agent("greedy")
    for _ in range(plies):
        seat = state.to_act()[0]
        state.apply_joint([greedy.choose(state, seat, rng)])
    return state


def test_a_budget_per_legal_move_scales_with_the_moves_within_its_floor_and_cap() -> None:
    assert iterations_for(200, False, 805) == 200  # mcts:200, as before
    assert iterations_for(4, True, 805) == 3220
    assert iterations_for(4, True, 3) == PER_MOVE_FLOOR
    assert iterations_for(40, True, 2176) == PER_MOVE_CAP


def test_mcts_per_move_tries_every_root_move_where_a_fixed_budget_cannot() -> None:
    state = _position("amazons", 2, size="6")
    moves = list(state.legal_moves(state.to_act()[0]))  # type: ignore[attr-defined]
    assert len(moves) > 200
    rng = np.random.default_rng(1)
    root = make_agent("mcts:1x:0").search(state, len(moves), rng)  # type: ignore[attr-defined]
    assert set(root.stats[0]) == set(moves)
    assert sum(visits for visits, _ in root.stats[0].values()) == len(moves)
    fixed = make_agent("mcts:200:0").search(state, len(moves), rng)  # type: ignore[attr-defined]
    assert len(fixed.stats[0]) == 200


@pytest.mark.parametrize(
    ("spec", "iterations", "rollout", "per_move"),
    [("mcts", 200, 200, False), ("mcts:200", 200, 200, False), ("mcts:200:10", 200, 10, False),
     ("mcts:4x", 4, 200, True), ("mcts:2x:0", 2, 0, True)],
)  # fmt: skip
def test_agent_specs_old_and_new(spec: str, iterations: int, rollout: int, per_move: bool) -> None:
    agent = make_agent(spec)
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.rollout, agent.per_move) == (iterations, rollout, per_move)


@pytest.mark.parametrize("spec", ["mcts:x", "mcts:0x", "mcts:4x:", "mcts:4y", "mcts:1:2:3",
                                  "mcts:0", "mcts:2x:1000001", "mcts:4x:5x"])  # fmt: skip
def test_bad_agent_specs_are_refused(spec: str) -> None:
    with pytest.raises(PnpError, match="mcts:Nx"):
        make_agent(spec)


def _request(tmp_path: Path, paired: bool, games: int = 6) -> RunRequest:
    info = get_game("amazons").info
    options = info.resolve(None, None, {"size": "6"})
    setups = RandomSetups(3 if paired else games)
    return RunRequest("amazons", options, 2, setups, games, ("random", "random"), paired, 5,
                      Execution(1), tmp_path, "balance")  # fmt: skip


def test_every_rung_plays_the_same_setups_and_seeds_and_duels_play_every_seat_order(
    tmp_path: Path,
) -> None:
    request = _request(tmp_path, paired=False)
    low, high = rung_request(request, 1, "random"), rung_request(request, 2, "mcts:4x:0")
    assert high.agents == ("mcts:4x:0",) * 2 and high.folder.parent == request.folder
    assert low.folder.name == "rung-1-random" and high.folder.name == "rung-2-mcts-4x-0"
    for index in range(request.games):
        a, b = Worker(low.plan()).spec(index), Worker(high.plan()).spec(index)
        assert (a.setup_index, a.seed, a.rotation) == (b.setup_index, b.seed, b.rotation)
        assert a.setup == b.setup
    duel = duel_request(request, 2, "mcts:4x:0", "random")
    assert duel.paired and duel.setups == RandomSetups(3)
    seats = [Worker(duel.plan()).spec(i).agents.index("mcts:4x:0") for i in range(duel.games)]
    assert sorted(seats) == [0, 0, 0, 1, 1, 1]


def _rung(agent: str, light: tuple[float, float, float]) -> Rung:
    dark = (1 - light[0], 1 - light[2], 1 - light[1])
    return Rung(agent, (Estimate(*light, 200), Estimate(*dark, 200)), 200, True, Path(agent))


def _duel(stronger: str, weaker: str, skill: tuple[float, float, float]) -> Duel:
    return Duel(stronger, weaker, Estimate(*skill, 200), 0, 0, 0, 200, True, Path(stronger))


def _rung_of(agent: str, light: float, games: int) -> Rung:
    """A rung of `games` finished games whose light seat's mean s is `light`, with the Wilson
    intervals the ladder computes for it."""
    seats = tuple(estimate(mean * games, games) for mean in (light, 1 - light))
    return Rung(agent, seats, games, True, Path(agent))


def test_settled_when_the_top_rungs_agree_and_the_top_beats_the_next_clearly() -> None:
    # 2,000 games a rung: the difference 0.61 - 0.60 has the interval [-0.02, 0.04]
    rungs = [_rung_of("greedy", 0.61, 2000), _rung_of("mcts:1x:0", 0.60, 2000)]
    reading = read_ladder(rungs, [_duel("mcts:1x:0", "greedy", (0.62, 0.55, 0.69))], SEATS)
    assert reading.settled and not reading.reasons
    assert reading.verdict.startswith("settled under mcts:1x:0: light favoured (mean s 0.600")


def test_a_settled_ladder_reads_a_small_shown_advantage_as_the_verdict_does() -> None:
    """Penguins' default ladder, 4,000 games a rung: red's mean s 0.522 [0.507, 0.538] under
    mcts:1000 leaves 1/2 out and lies inside 1/2 +- 0.05. The verdict reads it *even* (a smaller
    advantage shown); the ladder's reading said "red favoured" in the same output. Both now say
    even, naming the smaller advantage, with the verdict's band (--tolerance), and a seat off by
    more than the band is favoured."""
    rungs = [_rung_of("mcts:200", 0.517, 4000), _rung_of("mcts:1000", 0.522, 4000)]
    reading = read_ladder(rungs, [_duel("mcts:1000", "mcts:200", (0.86, 0.85, 0.87))], SEATS)
    assert reading.settled
    assert reading.verdict == (
        "settled under mcts:1000: light even within +-0.05, a little ahead (mean s 0.522 "
        "[0.507, 0.537]); dark even within +-0.05, a little behind (mean s 0.478 [0.463, 0.493])"
    )
    duel = [_duel("mcts:1000", "mcts:200", (0.86, 0.85, 0.87))]
    # the verdict's band is --tolerance's: at +-0.03 the same seat is favoured
    reading = read_ladder(rungs, duel, SEATS, 0.03)
    assert reading.verdict.startswith("settled under mcts:1000: light favoured (mean s 0.522")
    rungs = [_rung_of("mcts:200", 0.571, 4000), _rung_of("mcts:1000", 0.572, 4000)]
    reading = read_ladder(rungs, duel, SEATS)
    assert reading.verdict.startswith("settled under mcts:1000: light favoured (mean s 0.572")


def test_overlapping_intervals_of_few_games_are_not_agreement() -> None:
    # 4 games a rung: light won 3 under greedy and 2 under mcts; the intervals overlap only
    # because they are wide, so the ladder cannot say that stronger play leaves the answer alone
    rungs = [_rung_of("random", 0.5, 4), _rung_of("greedy", 0.75, 4), _rung_of("mcts:2", 0.5, 4)]
    duels = [_duel("greedy", "random", (1.0, 0.51, 1.0)),
             _duel("mcts:2", "greedy", (1.0, 0.51, 1.0))]  # fmt: skip
    reading = read_ladder(rungs, duels, SEATS)
    assert not reading.settled
    (reason, _) = reading.reasons
    assert reason.startswith("light: mean s 0.500 [0.150, 0.850] under mcts:2 against 0.750 ")
    assert "not shown to agree within +-0.05" in reason
    assert reason.endswith("more games per rung may settle it")
    close = [_rung_of("greedy", 0.61, 200), _rung_of("mcts:1x:0", 0.60, 200)]
    (near,) = read_ladder(close, duels[1:], SEATS).reasons[:1]
    assert near.endswith(
        "(difference -0.010 [-0.105, +0.085]); about 1,200 games per rung would show it"
    )


def test_not_settled_when_the_top_rungs_disagree_or_the_top_is_not_shown_stronger() -> None:
    rungs = [_rung("random", (0.50, 0.45, 0.55)), _rung("greedy", (0.61, 0.56, 0.66))]
    reading = read_ladder(rungs, [_duel("greedy", "random", (0.99, 0.97, 1.0))], SEATS)
    assert not reading.settled
    assert len(reading.reasons) == 2 and "the two strongest rungs disagree" in reading.reasons[0]
    even = [_rung_of("mcts:200", 0.52, 2000), _rung_of("mcts:1000", 0.53, 2000)]
    weak = read_ladder(even, [_duel("mcts:1000", "mcts:200", (0.55, 0.48, 0.62))], SEATS)
    assert not weak.settled and weak.verdict == "not settled under mcts:1000"
    assert weak.reasons == ("mcts:1000 is not shown stronger than mcts:200: head-to-head mean s "
                            "0.550 [0.480, 0.620], interval not above 1/2",)  # fmt: skip
    assert read_ladder(even[:1], [], SEATS).reasons == ("a ladder needs two rungs to compare",)


def test_not_settled_when_a_rung_is_shown_weaker_than_the_one_below() -> None:
    # Amazons 6 x 6, seed 1: mcts:200 lost 2-10 to greedy, so greedy may beat mcts:1000 too
    rungs = [_rung("greedy", (0.83, 0.55, 0.95)), _rung_of("mcts:200", 0.33, 2000),
             _rung_of("mcts:1000", 0.33, 2000)]  # fmt: skip
    duels = [_duel("mcts:200", "greedy", (0.167, 0.047, 0.448)),
             _duel("mcts:1000", "mcts:200", (0.833, 0.552, 0.953))]  # fmt: skip
    reading = read_ladder(rungs, duels, SEATS)
    assert not reading.settled
    assert reading.reasons == (
        "mcts:200 is shown weaker than greedy below it (head-to-head mean "
        "s 0.167 [0.047, 0.448]): the rungs are not in order of strength",
    )


def _ladder(tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    return invoke("balance", "amazons", "--size", "6", "--setups", "2", "--games-per-setup", "2",
                  "--seed", "4", "--workers", "1", "--out", str(tmp_path),
                  "--ladder", "random,greedy", *extra)  # fmt: skip


def test_balance_ladder_writes_each_rung_and_names_the_agents_of_its_reading(
    tmp_path: Path,
) -> None:
    code, out, err = _ladder(tmp_path)
    assert code == 0, err
    folder = tmp_path / "amazons-balance-4"
    document = json.loads((folder / "ladder.json").read_text())
    assert document["ladder"] == ["random", "greedy"] and document["complete"]
    assert [r["agent"] for r in document["rungs"]] == ["random", "greedy"]
    assert [(d["stronger"], d["weaker"]) for d in document["head_to_head"]] == [
        ("greedy", "random")
    ]
    assert document["reading"]["agents"] == "greedy"
    for name in ("rung-1-random", "rung-2-greedy", "duel-2-greedy-vs-random"):
        summary = json.loads((folder / name / "summary.json").read_text())
        assert summary["games"] == 4
    assert "reading: " in out and "under greedy" in out
    first = (folder / "ladder.json").read_bytes()
    code, out, err = _ladder(tmp_path, "--resume")
    assert code == 0, err
    assert (folder / "ladder.json").read_bytes() == first
    code, _, err = _ladder(tmp_path, "--resume", "--ladder", "random,mcts:2:1")
    assert code == 2 and "is the ladder random,greedy, not random,mcts:2:1" in err
    code, _, err = invoke("balance", "amazons", "--size", "6", "--setups", "2",
                          "--games-per-setup", "2", "--seed", "4", "--workers", "1",
                          "--out", str(tmp_path), "--ladder", "random,mcts:2:1")  # fmt: skip
    assert code == 0, err  # a new ladder in the folder: the earlier ladder's runs are removed
    assert sorted(p.name for p in folder.iterdir() if p.is_dir()) == [
        "duel-2-mcts-2-1-vs-random",
        "rung-1-random",
        "rung-2-mcts-2-1",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["balance", "amazons", "--ladder", "greedy"], "two or more different agents"),
        (["balance", "amazons", "--ladder", "greedy,greedy"], "two or more different agents"),
        (["balance", "amazons", "--ladder", "random,chess"], "unknown agent 'chess'"),
        (["simulate", "platypus", "--ladder", "default"], "platypus has no choices"),
        (["balance", "amazons", "--ladder", "random,greedy", "--agents", "greedy"],
         "--agents and --ladder"),
    ],
)  # fmt: skip
def test_a_bad_ladder_is_refused_in_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    code, _, err = invoke(*args, "--out", str(tmp_path / "out"))
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_states_its_default_ladder_and_why(name: str) -> None:
    info = GAMES[name].info
    assert info.ladder_note
    if not info.has_choices:
        assert info.ladder == ()
        return
    assert len(info.ladder) >= 2 and len(set(info.ladder)) == len(info.ladder)
    for agent in info.ladder:
        make_agent(agent)
    if info.random_misleads:  # never random where random play is known to mislead
        assert "random" not in info.ladder


def test_a_run_not_told_its_agents_plays_the_game_s_own_never_random_where_random_misleads(
    tmp_path: Path,
) -> None:
    code, _, err = invoke("simulate", "wallaby", "--games", "2", "--seed", "1", "--workers", "1",
                          "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    summary = json.loads((tmp_path / "wallaby-sim-1" / "summary.json").read_text())
    info = get_game("wallaby").info
    assert summary["agents"] == [info.agent, info.agent] and info.agent != "random"
    assert info.random_misleads.startswith("random players eliminate")


def _judged_rung(agent: str, light_wins: list[int], games: int) -> Rung:
    """A rung of a balance run on len(light_wins) setups of `games` two-player games each, light
    winning `light_wins[j]` of setup j's (no draws): its setups judged as the run judges them."""
    tallies = [
        SetupCounts(index, str(index), games, games,
                    (SeatCounts(wins, 0, float(wins), float(wins)),
                     SeatCounts(games - wins, 0, float(games - wins), float(games - wins))))
        for index, wins in enumerate(light_wins)
    ]  # fmt: skip
    measures = SetupMeasures(games, (1.0, 1.0, 1.0), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 10.0,
                             None, None)  # fmt: skip
    judged = judge_setups(tallies, [measures] * len(light_wins))
    total = sum(light_wins)
    seats = (estimate(total, games * len(light_wins)),
             estimate(games * len(light_wins) - total, games * len(light_wins)))  # fmt: skip
    every = tuple(widened((s.mean, s.low, s.high), s.mean * s.games, s.games, over)
                  for s, over in zip(seats, judged.by_setup, strict=True))  # fmt: skip
    return Rung(agent, seats, games * len(light_wins), True, Path(agent), judged, every)


def test_the_top_rungs_agree_only_when_their_setups_agree_too() -> None:
    """Both top rungs give light 0.500 over 4,000 games on the same 10 setups, so over the games
    they agree within +-0.02 (Newcombe). But the stronger agent turns each setup round: light
    wins 300 of 400 on the odd setups under mcts:200 and 100 of 400 under mcts:1000. The games of
    one setup are not independent draws of the game (brief: never treat them so), and the
    difference taken setup by setup, [-0.377, +0.377] with the setup as the unit, does not show
    that stronger play left the answer alone. On main the ladder read this as settled."""
    below = _judged_rung("mcts:200", [300, 100] * 5, 400)
    top = _judged_rung("mcts:1000", [100, 300] * 5, 400)
    duel = [_duel("mcts:1000", "mcts:200", (0.86, 0.85, 0.87))]
    reading = read_ladder([below, top], duel, SEATS)
    assert not reading.settled
    light = reading.reasons[0]
    assert light.startswith("light: mean s 0.500 [0.485, 0.515] under mcts:1000 against 0.500")
    assert light.endswith(
        "not shown to agree within +-0.05 (difference +0.000 [-0.377, +0.377], "
        "the setup as the unit); about 430 setups per rung (now 10) would "
        "show it"
    )
    # the same rungs turned the same way on every setup agree, setup by setup too
    steady = _judged_rung("mcts:1000", [300, 100] * 5, 400)
    assert read_ladder([below, steady], duel, SEATS).settled


def test_a_settled_reading_takes_the_setup_as_the_unit_as_the_verdict_does() -> None:
    """The reading names each seat's interval as the verdict's levels do: over the setups (a t
    interval, widened to hold the games'), not over the games alone."""
    below = _judged_rung("mcts:200", [250, 270, 290, 310] * 3, 400)
    top = _judged_rung("mcts:1000", [252, 268, 291, 309] * 3, 400)
    reading = read_ladder([below, top], [_duel("mcts:1000", "mcts:200", (0.86, 0.85, 0.87))],
                          SEATS)  # fmt: skip
    assert reading.settled, reading.reasons
    # over the games alone light's interval would be [0.687, 0.713]; the setups spread wider:
    # a t interval over the 12 setups' means (0.630, 0.670, 0.7275, 0.7725, three times each)
    assert reading.verdict.startswith(
        "settled under mcts:1000: light favoured (mean s 0.700 [0.664, 0.736], the setup as the "
        "unit)"
    ), reading.verdict


def _duel_games(wins_by_setup: list[int], games: int) -> list[GameRecord]:
    """Head-to-head games of mcts:1000 against mcts:200 on each setup, `games` each, mcts:1000
    winning `wins_by_setup[j]` of setup j's, seats alternating."""
    records = []
    for setup, wins in enumerate(wins_by_setup):
        for k in range(games):
            seat = k % 2
            agents = ("mcts:1000", "mcts:200") if seat == 0 else ("mcts:200", "mcts:1000")
            won = k < wins
            ranks = (1, 2) if won == (seat == 0) else (2, 1)
            records.append(GameRecord(len(records), setup, str(setup), k, seat, agents, None,
                                      ranks, 30, Outcome.FINISHED))  # fmt: skip
    return records


def test_the_top_beats_the_next_clearly_only_across_its_setups() -> None:
    """mcts:1000 wins every game on two setups and 30 of 100 on two others: 0.650 over 400
    games, whose Wilson interval [0.602, 0.695] lies above 1/2 as if it were clearly
    stronger. Over the four setups (the unit the verdict takes) its skill is 0.650 with a t
    interval reaching far below 1/2: it is not shown stronger. On main the head-to-head took
    each game as independent."""
    skill, (wins, draws, losses) = head_to_head(_duel_games([100, 100, 30, 30], 100), "mcts:1000")
    assert (wins, draws, losses) == (260, 0, 140)
    assert skill.mean == pytest.approx(0.65)
    assert skill.low < 0.5 and skill.high == 1.0
    steady, _ = head_to_head(_duel_games([66, 64, 65, 65], 100), "mcts:1000")
    assert steady.low > 0.5  # the same share on every setup: clearly stronger
