"""The verdict of a strength ladder (simulate/studies/ladder.py): the one-page verdict of
simulate/report/verdict.py, with a line per level and the ladder's reading.

A verdict is *settled* only from a ladder's reading; it names every rung's agent.
"""

from __future__ import annotations

from collections.abc import Sequence

from pnp.games import get_game
from simulate.measure.compensation import Compensation
from simulate.report.advantage import first_seat_reading, seat_lines
from simulate.report.verdict import (
    Level,
    Verdict,
    budgets,
    compensation_line,
    setup_findings,
)
from simulate.report.wording import options_text
from simulate.run.request import RandomSetups, RunRequest
from simulate.scoring.metrics import fair_tolerance
from simulate.studies.ladder import Ladder, seat_at
from simulate.studies.timed import Timed


def ladder_verdict(
    request: RunRequest,
    ladder: Ladder,
    seat_names: Sequence[str],
    compensation: Compensation | None,
    timed: Timed | None = None,
) -> Verdict:
    """The verdict of a strength ladder: the first seat's advantage at every level with each
    level's head-to-head against the one below, the ladder's reading (settled or not), and the
    setups and compensation of its top level (`compensation`, computed from the top rung's games
    by a balance ladder). `timed`: how a timed ladder (simulate/studies/timed.py) played and
    stopped, its intervals confidence sequences."""
    info = get_game(request.game).info
    tolerance = fair_tolerance(True, request.tolerance)
    levels = []
    for index, rung in enumerate(ladder.rungs):
        seat = seat_at(rung, 0)
        duel = ladder.duels[index - 1] if index else None
        against = None if duel is None else (
            f"mean s {duel.skill.text()} against {duel.weaker} (wins-draws-losses "
            f"{duel.wins}-{duel.draws}-{duel.losses})")  # fmt: skip
        levels.append(Level(f"{rung.agent} in every seat", seat,
                            first_seat_reading(seat, tolerance), against,
                            seat_lines(rung.every_seat, seat_names, tolerance)))  # fmt: skip
    reading = ladder.reading
    settled = reading.verdict + "".join(f"; {reason}" for reason in reading.reasons)
    if reading.settled:
        settled += (". The two strongest levels agree and the strongest beats the next: more "
                    "skill stopped changing the answer at these levels, which does not say that "
                    "no stronger play could.")  # fmt: skip
    top = ladder.rungs[-1]
    evened = compensation_line(compensation, info, seat_names, top.seats[0].games)
    if compensation is not None:
        evened += f" (under {top.agent})"
    setups = request.setups
    count = setups.count if isinstance(setups, RandomSetups) else len(setups.setups)
    played = (f"{request.games:,} games per level and per head-to-head on {count:,} setups, "
              f"seed {request.seed}")  # fmt: skip
    unit = levels[0].first_seat.unit
    agents = ", ".join(r.agent for r in ladder.rungs)
    caveat = (
        f"It holds for these agents ({agents}) only; stronger play than {top.agent} may still "
        f"change it. Each level rests on its {request.games:,} games, taking the {unit[:-1]} as "
        "the independent unit."
    )
    if timed is not None:
        played, caveat = timed.played(request), timed.caveat(agents, top.agent)
    return Verdict(
        info.title, options_text(request.options), budgets([r.agent for r in ladder.rungs]),
        played, tuple(levels), reading.settled, settled, (), evened,
        setup_findings(top.setups), caveat, tolerance,
        "95% confidence sequence" if timed is not None else "95% interval",
    )  # fmt: skip
