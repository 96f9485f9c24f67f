"""Matches in paired runs: the games of one setup over every seat rotation, scored together.

A participant is one of the setup's own players (seat p of the setup as drawn or read); in the
game of rotation r it sits in seat (p - r) mod N (see RunPlan). A match is N games of one
setup, one per rotation: the run's games k*N .. k*N + N-1 (`RunPlan.place`). Its score per
participant is the sum of that participant's scores (for games without scores, its points: 1
for a win, 1/k for a rank shared by k); the larger sum wins the match, equal sums share it. A
match is finished when every game in it finished; otherwise it is endless if a game is endless,
else undecided, and has no winner, as a game would not.

Games arrive in any order; `MatchFold` holds each match's games that came so far (a few numbers
per game) until its last one comes, then folds the match into the counts of `MatchSummary`. A
match's games are neighbours, so a run holds only the matches its chunks in flight split.
Matches still open at the end (an interrupted run) are not counted.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.base import Outcome, ranks_by
from simulate.measure.stats import Rate, Standings, standing
from simulate.measure.tally import standings
from simulate.run.runner import GameRecord


@dataclass(frozen=True)
class Match:
    setup_index: int
    setup: str
    games: tuple[int, ...]  # game numbers, by rotation
    scores: tuple[float, ...]  # per participant
    ranks: tuple[int, ...]  # per participant
    outcome: Outcome
    one_player_won_every_game: bool
    one_seat_won_every_game: bool


@dataclass(frozen=True)
class MatchGame:
    """What a match needs of one of its games."""

    index: int
    rotation: int
    setup: str
    outcome: Outcome
    scores: tuple[float, ...]  # per participant (points for games without scores)
    sole_winner: int | None  # the seat that alone has rank 1


def participant_score(record: GameRecord, participant: int, players: int) -> float:
    seat = (participant - record.rotation) % players
    if record.scores is not None:
        return record.scores[seat]
    return standing(record.ranks, seat)[1]


def _outcome(games: Sequence[MatchGame]) -> Outcome:
    kinds = {game.outcome for game in games}
    if kinds == {Outcome.FINISHED}:
        return Outcome.FINISHED
    return Outcome.ENDLESS if Outcome.ENDLESS in kinds else Outcome.UNDECIDED


def _same_winner(games: Sequence[MatchGame], players: int, by_seat: bool) -> bool:
    """Whether one participant (or one seat) won every game of the match alone."""
    if any(game.sole_winner is None for game in games):
        return False
    return len({game.sole_winner if by_seat else (game.sole_winner + game.rotation) % players
                for game in games if game.sole_winner is not None}) == 1  # fmt: skip


def match_of(setup_index: int, games: Sequence[MatchGame], players: int) -> Match:
    """The match of `games` (one per rotation, in rotation order)."""
    scores = tuple(sum(game.scores[p] for game in games) for p in range(players))
    outcome = _outcome(games)
    ranks = ranks_by(scores) if outcome == Outcome.FINISHED else (1,) * players
    return Match(
        setup_index, games[0].setup, tuple(game.index for game in games), scores, ranks,
        outcome, _same_winner(games, players, by_seat=False),
        _same_winner(games, players, by_seat=True),
    )  # fmt: skip


@dataclass(frozen=True)
class MatchSummary:
    """Match results per participant (finished matches), drawn matches and sweeps."""

    matches: int
    outcomes: dict[Outcome, int]
    participants: tuple[Standings, ...]
    drawn: int
    one_player_won_every_game: int
    one_seat_won_every_game: int

    @property
    def finished(self) -> int:
        return self.outcomes[Outcome.FINISHED]

    def to_json(self) -> dict[str, Any]:
        n = self.finished
        return {
            "matches": self.matches,
            "outcomes": {kind.value: self.outcomes[kind] for kind in Outcome},
            "participants": [{"participant": p + 1, **standings.to_json()}
                             for p, standings in enumerate(self.participants)],
            "drawn": Rate(self.drawn, n).to_json(),
            "one_player_won_every_game": Rate(self.one_player_won_every_game, n).to_json(),
            "one_seat_won_every_game": Rate(self.one_seat_won_every_game, n).to_json(),
        }  # fmt: skip


class MatchFold:
    """The matches of a paired run, folded as their games arrive (in any order); `keep` also
    keeps every match (for a report that lists them)."""

    def __init__(self, players: int, keep: bool = False) -> None:
        self.players = players
        self.open: dict[tuple[int, int], dict[int, MatchGame]] = {}
        self.kept: list[Match] | None = [] if keep else None
        self.outcomes = dict.fromkeys(Outcome, 0)
        self.ranks: Counter[tuple[int, ...]] = Counter()  # finished matches per pattern of ranks
        self.drawn = self.one_player = self.one_seat = 0

    def add(self, record: GameRecord) -> None:
        players = self.players
        key = (record.setup_index, record.index // players)
        games = self.open.setdefault(key, {})
        alone = [seat for seat, rank in enumerate(record.ranks) if rank == 1]
        games[record.rotation] = MatchGame(
            record.index, record.rotation, record.setup, record.outcome,
            tuple(participant_score(record, p, players) for p in range(players)),
            alone[0] if len(alone) == 1 else None,
        )  # fmt: skip
        self._close(key, games)

    def merge(self, other: MatchFold) -> None:
        """Add the matches of `other` (a chunk's, folded elsewhere): its counted matches, and
        its open ones' games, counting the matches they complete."""
        for kind, count in other.outcomes.items():
            self.outcomes[kind] += count
        self.ranks.update(other.ranks)
        self.drawn += other.drawn
        self.one_player += other.one_player
        self.one_seat += other.one_seat
        if self.kept is not None:
            self.kept.extend(other.kept or ())
        for key, games in other.open.items():
            mine = self.open.setdefault(key, {})
            mine.update(games)
            self._close(key, mine)

    def _close(self, key: tuple[int, int], games: dict[int, MatchGame]) -> None:
        """Count the match `key` if `games` holds all its games."""
        if len(games) == self.players:
            del self.open[key]
            self._count(match_of(key[0], [games[r] for r in range(self.players)], self.players))

    def _count(self, match: Match) -> None:
        self.outcomes[match.outcome] += 1
        if self.kept is not None:
            self.kept.append(match)
        if match.outcome != Outcome.FINISHED:
            return
        self.ranks[match.ranks] += 1
        self.drawn += match.ranks.count(1) > 1
        self.one_player += match.one_player_won_every_game
        self.one_seat += match.one_seat_won_every_game

    def summary(self) -> MatchSummary:
        return MatchSummary(
            sum(self.outcomes.values()), dict(self.outcomes),
            tuple(self._standings(p) for p in range(self.players)), self.drawn, self.one_player,
            self.one_seat,
        )  # fmt: skip

    def _standings(self, participant: int) -> Standings:
        unit = math.lcm(*range(1, self.players + 1))
        return standings(((games, ranks[participant], ranks.count(1))
                          for ranks, games in self.ranks.items()), unit)  # fmt: skip

    def matches(self) -> list[Match]:
        """The kept matches, in setup order (then match order)."""
        return sorted(self.kept or (), key=lambda m: (m.setup_index, m.games[0]))


def match_json(match: Match, names: Sequence[str]) -> dict[str, Any]:
    """One match as a report lists it; `names` are the participants' names."""
    return {
        "setup": match.setup,
        "players": list(names),
        "scores": list(match.scores),
        "ranks": list(match.ranks),
        "outcome": match.outcome.value,
        "winners": [names[p] for p, rank in enumerate(match.ranks) if rank == 1]
        if match.outcome == Outcome.FINISHED
        else [],
        "games": list(match.games),
    }
