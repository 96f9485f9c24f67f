"""Games without choices (`GameInfo.has_choices` false, as Platypus): a deal is a sample of one.

A deal (a setup) fixes its game in each seat order, so playing it again gives the same game:
its result is its **match**, every seat order played exactly once (simulate/measure/matches.py),
never a sample of games. Over many random deals, the run reports the distribution of match results
with the deal as the unit of every interval (Wilson for rates, Student's t for means, over
deals):

- `both_end`: deals whose game ends by the rules in every seat order; `endless_in_some_order`
  and `endless_in_every_order` count the others (undecided ones are those stopped by the cap);
- `margin`: the match margin of the deals that end, the best player's points minus the second
  best's over all seat orders (a game without scores counts 1 for a win, 1/k for a shared win):
  how far one dealt table is ahead of the other;
- `drawn`, `one_player_won_every_game` (the table decides), `one_seat_won_every_game` (the
  seat decides), over the deals that end;
- `first_seat_effect`: per deal, the first seat's points minus the mean of the other seats',
  averaged over the seat orders (the tables cancel out), then its mean over the deals that end;
- `within_tolerance`: the deals `pnp kit --fair` accepts, over all deals: every seat order
  ends and the margin is at most DEAL_TOLERANCE points.

`find_fair_deal` is `pnp kit --fair` for such a game: deals are drawn from the seed in order
(as `find_fair_setup` draws setups) until one is accepted.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console

from pnp.errors import InputError
from pnp.games.base import Game, Outcome, Setup
from pnp.games.options import GameOptions
from pnp.output import staged
from simulate.measure.inference import counted_t_interval
from simulate.measure.matches import participant_score
from simulate.measure.stats import Distribution, Rate, standing
from simulate.measure.tally import margin
from simulate.run.runner import GameRecord, RunPlan, Worker, setup_seed
from simulate.scoring.metrics import DEAL_TOLERANCE, check_tolerance

ATTEMPTS = 1000  # deals are cheap (one game per seat order); a thousand misses do not happen


@dataclass(frozen=True)
class OrderGame:
    """One game of a deal: its rotation (seat s holds the deal's player (s + rotation) mod N),
    scores by seat, outcome and turns."""

    rotation: int
    scores: tuple[float, ...] | None
    outcome: Outcome
    turns: int


@dataclass(frozen=True)
class DealResult:
    """One deal's match: its outcome (FINISHED when every seat order ended), the points of each
    of the deal's players over all seat orders, and what the summary counts of it."""

    setup_index: int
    setup: str
    outcome: Outcome
    endless_orders: int
    points: tuple[float, ...]
    margin: float  # best points - second best points
    first_seat_effect: float  # points per game
    one_player_won_every_game: bool
    one_seat_won_every_game: bool
    games: tuple[OrderGame, ...]  # by rotation

    def within(self, tolerance: float) -> bool:
        return self.outcome == Outcome.FINISHED and self.margin <= tolerance


def _seat_points(record: GameRecord, seat: int) -> float:
    if record.scores is not None:
        return record.scores[seat]
    return standing(record.ranks, seat)[1]


def first_seat_effect(games: Sequence[GameRecord], players: int) -> float:
    """The first seat's points minus the mean of the other seats', averaged over `games`."""
    effects = [
        _seat_points(g, 0) - sum(_seat_points(g, s) for s in range(1, players)) / (players - 1)
        for g in games
    ]
    return float(np.mean(effects))


def _sole_winner(record: GameRecord) -> int | None:
    alone = [seat for seat, rank in enumerate(record.ranks) if rank == 1]
    return alone[0] if len(alone) == 1 and record.outcome == Outcome.FINISHED else None


def _same_winner(games: Sequence[GameRecord], players: int, by_seat: bool) -> bool:
    winners = [_sole_winner(g) for g in games]
    return None not in winners and len(
        {w if by_seat else (w + g.rotation) % players for w, g in zip(winners, games, strict=True)
         if w is not None}) == 1  # fmt: skip


def deal_result(games: Sequence[GameRecord], players: int) -> DealResult:
    """The match of one deal's games (one per rotation, in rotation order)."""
    points = tuple(sum(participant_score(g, p, players) for g in games) for p in range(players))
    kinds = {g.outcome for g in games}
    outcome = Outcome.FINISHED if kinds == {Outcome.FINISHED} else (
        Outcome.ENDLESS if Outcome.ENDLESS in kinds else Outcome.UNDECIDED)  # fmt: skip
    return DealResult(
        games[0].setup_index, games[0].setup, outcome,
        sum(1 for g in games if g.outcome == Outcome.ENDLESS), points, margin(points),
        first_seat_effect(games, players), _same_winner(games, players, by_seat=False),
        _same_winner(games, players, by_seat=True),
        tuple(OrderGame(g.rotation, g.scores, g.outcome, g.turns) for g in games),
    )  # fmt: skip


def deal_games(records: Iterable[GameRecord], players: int) -> Iterator[list[GameRecord]]:
    """The games of each deal of a paired run whose every seat order was played (in rotation
    order), as their last game comes. A deal's games are neighbouring game numbers
    (`RunPlan.place`), so records in game order give the deals in setup order holding one
    deal's games at a time."""
    open_deals: dict[int, dict[int, GameRecord]] = {}
    for record in records:
        games = open_deals.setdefault(record.index // players, {})
        games[record.rotation] = record
        if len(games) == players:
            del open_deals[record.index // players]
            yield [games[r] for r in range(players)]


def deals_of(records: Iterable[GameRecord], players: int) -> Iterator[DealResult]:
    """The match of each deal of a paired run whose every seat order was played (`deal_games`)."""
    return (deal_result(games, players) for games in deal_games(records, players))


def ended_deals(records: Iterable[GameRecord], players: int) -> Iterator[GameRecord]:
    """The games of the deals that end in every seat order: the deals a deal's match, its
    first-seat effect and its komi are measured over (one ending in a single order would count
    its table's advantage for one seat alone)."""
    for games in deal_games(records, players):
        if all(game.outcome == Outcome.FINISHED for game in games):
            yield from games


@dataclass(frozen=True)
class MeanInterval:
    """A mean over deals with its Student's t 95% interval (None below two deals)."""

    n: int
    mean: float
    ci95: tuple[float, float] | None

    @property
    def ci95_json(self) -> list[float] | None:
        return None if self.ci95 is None else [round(v, 6) for v in self.ci95]

    @property
    def mean_json(self) -> float:
        return round(self.mean, 6) if self.ci95 else self.mean

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "mean": self.mean_json, "ci95": self.ci95_json}


def mean_interval(values: Mapping[float, int]) -> MeanInterval:
    """The mean of a count per value with its Student's t 95% interval (None below two
    values; a point when every value is equal)."""
    found = Distribution.of(values)
    if found.n < 2:
        return MeanInterval(found.n, found.mean, None)
    if found.sd == 0:  # every value equal: the interval is the point
        return MeanInterval(found.n, found.mean, (found.mean, found.mean))
    return MeanInterval(found.n, found.mean, counted_t_interval(values))


def mean_t(values: Mapping[float, int]) -> dict[str, Any]:
    """`mean_interval` as JSON."""
    return mean_interval(values).to_json()


@dataclass(frozen=True)
class DealStats:
    """The distribution of match results over deals, the deal as the unit of every interval
    (see the module docstring): rates with Wilson intervals, means with t intervals."""

    deals: int
    games_per_deal: int
    outcomes: tuple[tuple[Outcome, int], ...]  # deals per match outcome, in Outcome order
    both_end: Rate  # over all deals
    endless_in_some_order: Rate  # over all deals
    endless_in_every_order: int
    drawn: Rate  # over the deals that end
    one_player_won_every_game: Rate  # the table decides
    one_seat_won_every_game: Rate  # the seat decides
    within_tolerance: Rate  # over all deals: what `pnp kit --fair` accepts
    tolerance: float
    margins: tuple[tuple[float, int], ...]  # deals that end per match margin, by margin
    margin: MeanInterval
    first_seat_effect: MeanInterval  # points per game, over the deals that end

    @property
    def margin_distribution(self) -> Distribution:
        return Distribution.of(dict(self.margins))

    def to_json(self) -> dict[str, Any]:
        """The distribution of match results, as JSON (summary.json's `deals`)."""
        return {
            "unit": "deal",
            "deals": self.deals,
            "games_per_deal": self.games_per_deal,
            "outcomes": {kind.value: count for kind, count in self.outcomes},
            "both_end": self.both_end.to_json(),
            "endless_in_some_order": self.endless_in_some_order.count,
            "endless_in_every_order": self.endless_in_every_order,
            "margin": {**self.margin_distribution.to_json(), "mean_ci95": self.margin.ci95_json},
            "drawn": self.drawn.to_json(),
            "one_player_won_every_game": self.one_player_won_every_game.to_json(),
            "one_seat_won_every_game": self.one_seat_won_every_game.to_json(),
            "first_seat_effect": self.first_seat_effect.to_json(),
            "within_tolerance": {"tolerance": self.tolerance, **self.within_tolerance.to_json()},
        }


class DealFold:
    """Deals folded one at a time into the distribution of match results (see the module
    docstring), holding a count per distinct margin and first-seat effect, never a deal."""

    def __init__(self, players: int, tolerance: float = DEAL_TOLERANCE) -> None:
        self.players, self.tolerance = players, tolerance
        self.deals = self.endless_some = self.endless_every = 0
        self.outcomes = dict.fromkeys(Outcome, 0)
        self.margins: Counter[float] = Counter()  # of the deals that end
        self.effects: Counter[float] = Counter()  # first-seat effect of the deals that end
        self.drawn = self.one_player = self.one_seat = self.within = 0

    def add(self, deal: DealResult) -> None:
        self.deals += 1
        self.outcomes[deal.outcome] += 1
        self.endless_some += deal.endless_orders > 0
        self.endless_every += deal.endless_orders == len(deal.games)
        self.within += deal.within(self.tolerance)
        if deal.outcome != Outcome.FINISHED:
            return
        self.margins[deal.margin] += 1
        self.effects[deal.first_seat_effect] += 1
        self.drawn += deal.margin == 0
        self.one_player += deal.one_player_won_every_game
        self.one_seat += deal.one_seat_won_every_game

    def stats(self) -> DealStats:
        ended, total = self.outcomes[Outcome.FINISHED], self.deals
        return DealStats(
            total, self.players if total else 0, tuple(self.outcomes.items()), Rate(ended, total),
            Rate(self.endless_some, total), self.endless_every, Rate(self.drawn, ended),
            Rate(self.one_player, ended), Rate(self.one_seat, ended), Rate(self.within, total),
            self.tolerance, tuple(sorted(self.margins.items())), mean_interval(self.margins),
            mean_interval(self.effects),
        )  # fmt: skip


def write_deals(path: Path, deals: Iterable[DealResult], players: int,
                tolerance: float = DEAL_TOLERANCE) -> DealFold:  # fmt: skip
    """Write deals.csv at `path`, one row per deal in the order they come (`pnp kit GAME --seed
    <setup>` prints any of them), folding each into the fold it returns; no deal is kept."""
    fold = DealFold(players, tolerance)
    with staged(path) as raw, io.TextIOWrapper(raw, encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(
            ["setup_index", "setup", "outcome", *(f"points_{p}" for p in range(1, players + 1)),
             "margin", "first_seat_effect", *(f"outcome_order_{r}" for r in range(1, players + 1)),
             *(f"turns_order_{r}" for r in range(1, players + 1)), "within_tolerance"]
        )  # fmt: skip
        for d in deals:
            fold.add(d)
            writer.writerow(
                [d.setup_index, d.setup, d.outcome.value, *(f"{v:g}" for v in d.points),
                 f"{d.margin:g}", f"{d.first_seat_effect:g}", *(g.outcome.value for g in d.games),
                 *(g.turns for g in d.games), int(d.within(tolerance))]
            )  # fmt: skip
    return fold


def play_deal(game: Game[Any], setup: Setup) -> DealResult:
    """`setup` played once in every seat order (the runner's rotations), as its match."""
    players = setup.options.players
    plan = RunPlan(game.info.name, setup.options, ("random",) * players, 0, players,
                   setups=(setup,), paired=True)  # fmt: skip
    (deal,) = deals_of(Worker(plan).play_chunk(range(players)), players)
    return deal


def _told(game: Game[Any], setup: Setup, deal: DealResult) -> str:
    names = game.player_names(setup)
    points = ", ".join(f"{n} {v:g}" for n, v in zip(names, deal.points, strict=True))
    if deal.outcome != Outcome.FINISHED:
        starters = [names[g.rotation] for g in deal.games if g.outcome != Outcome.FINISHED]
        return f"no end with {' or '.join(starters)} starting"
    return f"{points} over both seat orders, margin {deal.margin:g}"


def find_fair_deal(
    game: Game[Any], options: GameOptions, seed: int, *, tolerance: float, console: Console
) -> Setup:
    """The first deal drawn from `seed` whose game ends in every seat order with a match margin
    of at most `tolerance` points, carrying the evidence (`fairness` in setup.json)."""
    check_tolerance(tolerance)
    for attempt in range(ATTEMPTS):
        candidate = setup_seed(seed, attempt)
        drawn = game.random_setup(candidate, options)
        deal = play_deal(game, drawn)
        accepted = deal.within(tolerance)
        if accepted or attempt < 20 or attempt % 100 == 0:
            verdict = "accepted" if accepted else "not within tolerance"
            console.print(f"deal {candidate}: {_told(game, drawn, deal)}: {verdict}")
        if accepted:
            return replace(drawn, fairness=_evidence(game, drawn, deal, tolerance, attempt, seed))
    raise InputError(
        "tolerance", tolerance, tries=ATTEMPTS,
        template="no deal within {value} points in {tries} tries: raise {field}",
    )  # fmt: skip


def _evidence(
    game: Game[Any], setup: Setup, deal: DealResult, tolerance: float, attempt: int, seed: int
) -> dict[str, Any]:
    names = game.player_names(setup)
    return {
        "method": "a deal has no choices: each seat order played once, exactly; accepted when "
        "every game ends and the match margin (the best player's points minus the other's, "
        "over all seat orders) is at most the tolerance",
        "unit": "points",
        "tolerance": tolerance,
        "orders": [
            {
                "players": [names[(s + g.rotation) % len(names)] for s in range(len(names))],
                "scores": list(g.scores or ()),
                "outcome": g.outcome.value,
                "turns": g.turns,
            }
            for g in deal.games
        ],
        "points": dict(zip(names, deal.points, strict=True)),
        "margin": deal.margin,
        "setups_tried": attempt + 1,
        "search_seed": seed,
    }
