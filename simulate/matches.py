"""Matches in paired runs: the games of one setup over every seat rotation, scored together.

A participant is one of the setup's own players (seat p of the setup as drawn or read); in the
game of rotation r it sits in seat (p - r) mod N (see RunPlan). A match is N games of one setup,
one per rotation (game numbers k*N .. k*N + N-1 of that setup). Its score per participant is the
sum of that participant's scores (for games without scores, its points: 1 for a win, 1/k for a
rank shared by k); the larger sum wins the match, equal sums share it. A match is finished when
every game in it finished; otherwise it is endless if a game is endless, else undecided, and has
no winner, as a game would not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.games.base import Outcome, ranks_by
from simulate.runner import GameRecord
from simulate.stats import rate, standing, tally


@dataclass(frozen=True)
class Match:
    setup_index: int
    setup: str
    games: tuple[GameRecord, ...]  # by rotation
    scores: tuple[float, ...]  # per participant
    ranks: tuple[int, ...]  # per participant
    outcome: Outcome

    def winner_of_every_game(self, by_seat: bool) -> bool:
        """Whether one participant (or one seat) won every game of the match alone."""
        players = len(self.ranks)
        winners = set()
        for record in self.games:
            alone = [s for s, rank in enumerate(record.ranks) if rank == 1]
            if len(alone) != 1:
                return False
            winners.add(alone[0] if by_seat else (alone[0] + record.rotation) % players)
        return len(winners) == 1


def _outcome(games: Sequence[GameRecord]) -> Outcome:
    kinds = {record.outcome for record in games}
    if kinds == {Outcome.FINISHED}:
        return Outcome.FINISHED
    return Outcome.ENDLESS if Outcome.ENDLESS in kinds else Outcome.UNDECIDED


def participant_score(record: GameRecord, participant: int, players: int) -> float:
    seat = (participant - record.rotation) % players
    if record.scores is not None:
        return record.scores[seat]
    return standing(record.ranks, seat)[1]


def matches(records: Sequence[GameRecord], players: int, setup_count: int) -> list[Match]:
    """The complete matches among `records` of a paired run, in setup order."""
    groups: dict[tuple[int, int], dict[int, GameRecord]] = {}
    for record in records:
        game_in_setup = record.index // setup_count
        key = (record.setup_index, game_in_setup // players)
        groups.setdefault(key, {})[record.rotation] = record
    found = []
    for (setup_index, _), by_rotation in sorted(groups.items()):
        if len(by_rotation) != players:
            continue
        games = tuple(by_rotation[r] for r in range(players))
        scores = tuple(sum(participant_score(g, p, players) for g in games) for p in range(players))
        outcome = _outcome(games)
        ranks = ranks_by(scores) if outcome == Outcome.FINISHED else (1,) * players
        found.append(Match(setup_index, games[0].setup, games, scores, ranks, outcome))
    return found


def match_summary(found: Sequence[Match], players: int) -> dict[str, Any]:
    """Match results per participant (Wilson intervals), drawn matches and sweeps."""
    finished = [m for m in found if m.outcome == Outcome.FINISHED]
    n = len(finished)
    participants = [
        {"participant": p + 1, **tally([standing(m.ranks, p) for m in finished], n)}
        for p in range(players)
    ]
    drawn = sum(1 for m in finished if m.ranks.count(1) > 1)
    return {
        "matches": len(found),
        "outcomes": {kind.value: sum(1 for m in found if m.outcome == kind) for kind in Outcome},
        "participants": participants,
        "drawn": rate(drawn, n),
        "one_player_won_every_game": rate(
            sum(1 for m in finished if m.winner_of_every_game(by_seat=False)), n
        ),
        "one_seat_won_every_game": rate(
            sum(1 for m in finished if m.winner_of_every_game(by_seat=True)), n
        ),
    }


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
        "games": [record.index for record in match.games],
    }
