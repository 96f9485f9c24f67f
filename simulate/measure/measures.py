"""The measures of a group of games (the whole run, or one setup's games) as typed records.

`Tally` is what every group keeps in O(seats) numbers: games per outcome, shared first places,
per seat the standings and the sums of s and of scores (with their squares), the turns of
finished games, the score margins and the lead changes (a setup's games are kept as a row of
numbers instead: simulate/measure/setupfold.py). `Measures` adds what only the whole run keeps:
exact distributions, results per agent, the game's own facts and the longest game.
All are built by the folds of simulate/measure/tally.py; `Measures.to_json` is summary.json's
measures.

Definitions (README, "What the numbers mean" and "Metrics"):
- win_rate, points share: `Standings`; first_seat_points_advantage = the first seat's points
  share - 1/N; per seat, vs_fair = its points share - 1/N and fair_in_ci95 = whether 1/N lies
  in its points share's 95% interval (a draw shares the point: a fair game with draws is fair).
- s per game and seat (simulate/scoring/metrics.py); mean_s with Wilson's 95% interval on the sum of
  s (simulate/measure/inference.py: inside [0, 1], conservative when s varies less than a coin);
  balance.
- margin = best score - second best score over finished games with scores; turns over finished
  games; turns_endless: moves until an endless game's repetition was found; longest_finished:
  the finished game with the most turns (the first such game).
- lead changes per move = lead changes / turns, over finished games with running scores.
- facts (State.facts): a game fact is a rate when true/false, a distribution when a number, else
  counts per value; a seat fact gives the seats' standings by value, over finished games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.games.base import Outcome
from simulate.measure.inference import wilson
from simulate.measure.stats import Distribution, Exact, Rate, Standings, _r
from simulate.scoring.metrics import balance


@dataclass(frozen=True)
class SeatTally:
    """One seat over a group of games: standings of finished games, the sums of its s and s^2
    (finished games), and of its score and score^2 (finished games with scores, `scored`)."""

    standings: Standings
    s_sum: Fraction
    s_squares: Fraction
    scored: int
    score_sum: Exact
    score_squares: Exact

    @property
    def mean_s(self) -> tuple[float, float, float]:
        """(mean, low, high): mean s with Wilson's 95% interval on the sum of s."""
        n = self.standings.finished
        low, high = wilson(float(self.s_sum), n)
        return (float(self.s_sum / n) if n else 0.0), low, high


@dataclass(frozen=True)
class Tally:
    """What any group of games keeps (see the module docstring)."""

    games: int
    outcomes: Mapping[Outcome, int]
    shared: int  # finished games with rank 1 shared
    seats: tuple[SeatTally, ...]
    turns: int  # sum over finished games
    margins: int  # finished games with a margin
    margin_sum: Exact
    lead_changes: int  # over finished games with running scores
    lead_moves: int  # their turns

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def finished(self) -> int:
        return self.outcomes[Outcome.FINISHED]

    @property
    def completion(self) -> Rate:
        return Rate(self.finished, self.games)

    @property
    def draws(self) -> Rate:
        return Rate(self.shared, self.finished)

    def outcome_rate(self, outcome: Outcome) -> Rate:
        return Rate(self.outcomes[outcome], self.games)

    @property
    def turns_mean(self) -> float | None:
        return self.turns / self.finished if self.finished else None

    @property
    def margin_mean(self) -> float | None:
        return float(Fraction(self.margin_sum) / self.margins) if self.margins else None

    @property
    def lead_changes_per_move(self) -> float | None:
        return self.lead_changes / self.lead_moves if self.lead_moves else None


@dataclass(frozen=True)
class LongestGame:
    """The finished game with the most turns, to find it again."""

    game: int
    setup: str
    rotation: int
    turns: int


@dataclass(frozen=True)
class GameFact:
    """A fact with one value per game: a rate (true/false), a distribution (numbers) or counts
    per value (text, in natural order; `fact_key` form)."""

    name: str
    value: Rate | Distribution | tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, Any]:
        if isinstance(self.value, Rate | Distribution):
            return {"kind": "game", **self.value.to_json()}
        n = sum(count for _, count in self.value)
        return {"kind": "game", "n": n, "counts": dict(self.value)}


@dataclass(frozen=True)
class SeatFact:
    """A fact with one value per seat: the seats' standings by value (finished games)."""

    name: str
    by_value: tuple[tuple[str, Standings], ...]

    def to_json(self) -> dict[str, Any]:
        rows = {key: {"seats": s.finished, **s.to_json()} for key, s in self.by_value}
        return {"kind": "seat", "by_value": rows}


Fact = GameFact | SeatFact


@dataclass(frozen=True)
class Measures:
    """Everything a run reports about its games (see the module docstring)."""

    tally: Tally
    scores: tuple[Distribution | None, ...]  # per seat, None for games without scores
    agents: tuple[tuple[str, Standings], ...]  # by agent name
    margin: Distribution
    turns: Distribution
    turns_endless: Distribution
    facts: tuple[Fact, ...]  # by name
    longest: LongestGame | None

    @property
    def players(self) -> int:
        return self.tally.players

    def agent(self, name: str) -> Standings:
        return dict(self.agents)[name]

    def fact(self, name: str) -> Fact | None:
        return next((fact for fact in self.facts if fact.name == name), None)

    @property
    def first_seat_points_advantage(self) -> float:
        """The first seat's points share - 1/N (0 without a finished game)."""
        if not self.tally.finished:
            return 0.0
        return self.tally.seats[0].standings.points_share - 1 / self.players

    @property
    def balance(self) -> float:
        if not self.tally.finished:
            return 0.0
        return balance([seat.mean_s[0] for seat in self.tally.seats])

    def fair_in_ci95(self, seat: int) -> bool:
        """Whether 1/N lies in the seat's points share's 95% interval (as summary.json rounds
        it): a draw shares the point, so a fair game with draws is fair."""
        low, high = self.tally.seats[seat].standings.points_ci95
        return _r(low) <= 1 / self.players <= _r(high)

    def to_json(self) -> dict[str, Any]:
        """summary.json's measures, in its order."""
        tally = self.tally
        facts = {fact.name: fact.to_json() for fact in self.facts}
        longest = self.longest
        return {
            "seats": [self._seat_json(seat) for seat in range(self.players)],
            "agent_results": {name: standings.to_json() for name, standings in self.agents},
            "first_seat_points_advantage": _r(self.first_seat_points_advantage),
            "balance": _r(self.balance),
            "completion": tally.completion.to_json(),
            "draws": tally.draws.to_json(),
            "outcomes": {kind.value: tally.outcomes[kind] for kind in Outcome},
            "outcome_rates": {kind.value: tally.outcome_rate(kind).to_json() for kind in Outcome},
            "margin": self.margin.to_json(),
            "turns": self.turns.to_json(),
            "lead_changes_per_move": _maybe(tally.lead_changes_per_move),
            **({"facts": facts} if facts else {}),
            "turns_endless": self.turns_endless.to_json(),
            "longest_finished": None if longest is None else {
                "game": longest.game, "setup": longest.setup, "rotation": longest.rotation,
                "turns": longest.turns,
            },
        }  # fmt: skip

    def _seat_json(self, seat: int) -> dict[str, Any]:
        tally = self.tally.seats[seat]
        finished = bool(self.tally.finished)
        mean, low, high = tally.mean_s
        entry: dict[str, Any] = {"seat": seat + 1, **tally.standings.to_json()}
        entry["vs_fair"] = _r(tally.standings.points_share - 1 / self.players) if finished else 0.0
        entry["fair_in_ci95"] = self.fair_in_ci95(seat)
        entry["mean_s"], entry["s_ci95"] = _r(mean), [_r(low), _r(high)]
        score = self.scores[seat]
        if score is not None and score.n:
            entry["mean_score"] = _r(score.mean)
            entry["score"] = score.to_json()
        return entry


def _maybe(value: float | None) -> float | None:
    return None if value is None else _r(value)
