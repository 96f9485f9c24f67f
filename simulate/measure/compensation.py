"""The compensation of a balance verdict as a typed record: the komi of a two-player game
scored at the end, or the seat gaps of a race (simulate/measure/komi.py computes both).

`compensation` reads a run's stored games back into a `Compensation`, with its numbers as
summary.json records them (rounded to 6 decimals); `Compensation.to_json` is summary.json's
`compensation`, and `Compensation.text` the verdict's line, both from the same record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pnp.games.base import GameInfo
from simulate.measure.deals import ended_deals
from simulate.measure.komi import Komi, SeatGap, komi_of, seat_gaps
from simulate.measure.stats import _r
from simulate.run.runner import GameRecord


@dataclass(frozen=True)
class Compensation:
    """The points that would even the seats (`GameInfo.compensation`): `komi` for the method
    "end" with two players, else `seat_gaps` ("start", or "end" with more players); `unit`
    names the points, `hint` says how the game could give them. The komi's `unit` is what the
    bootstrap resampled: "games", "setups", or "deals" for a game without choices."""

    method: str
    unit: str
    hint: str
    komi: Komi | None = None
    seat_gaps: tuple[SeatGap, ...] = ()

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"method": self.method, "unit": self.unit, "hint": self.hint}
        k = self.komi
        if k is not None:
            entry["komi"] = {
                "points": k.points, "ci95": list(k.ci95),
                "first_share_before": k.first_share_before,
                "first_share_after": k.first_share_after, "games": k.games,
                "resampled": k.unit, "units": k.units,
            }  # fmt: skip
        else:
            entry["seat_gaps"] = [
                {"seat": g.seat, "mean_score": g.mean_score, "behind_best": g.behind_best,
                 "ci95": list(g.ci95)}
                for g in self.seat_gaps
            ]  # fmt: skip
        return entry

    def text(self, seat_names: Sequence[str]) -> str:
        """The compensation of the verdict, in a line: none needed when every interval holds 0
        (the games do not show that points would help), else the points to give and to whom
        (a negative komi is given to the first seat)."""
        hint = "; " + self.hint if self.hint else ""
        k = self.komi
        if k is not None:
            low, high = k.ci95
            bootstrap = f"95%, bootstrap over {k.units} {k.unit}"
            before = f"{seat_names[0]}'s points share {100 * k.first_share_before:.1f}% without"
            if low <= 0 <= high:
                return (f"komi: none needed, 0 is inside its interval [{low:g}, {high:g}] "
                        f"{self.unit} for {seat_names[1]} ({bootstrap}); {before} one")  # fmt: skip
            given, points, low, high = (1, k.points, low, high) if k.points > 0 else (
                0, -k.points, -high, -low)  # fmt: skip
            unit = self.unit.removesuffix("s") if points == 1 else self.unit  # 1 point, 1 fish
            return (
                f"komi: give {seat_names[given]} {points:g} {unit} [{low:g}, {high:g}] "
                f"({bootstrap}): {before}, {100 * k.first_share_after:.1f}% with it{hint}"
            )
        parts = [
            f"{seat_names[g.seat - 1]} {g.behind_best:.1f} [{g.ci95[0]:.1f}, {g.ci95[1]:.1f}]"
            for g in self.seat_gaps
        ]
        trailing = f"{self.unit} each seat trails the best seat's mean score, 95% bootstrap"
        if all(g.ci95[0] <= 0 for g in self.seat_gaps):
            return (f"to even the seats: none needed, no seat is shown to trail the best seat "
                    f"({trailing}: {', '.join(parts)})")  # fmt: skip
        return f"to even the seats ({trailing}): {', '.join(parts)}{hint}"


def _pair(values: tuple[float, float]) -> tuple[float, float]:
    return _r(values[0]), _r(values[1])


def compensation(
    records: Iterable[GameRecord], info: GameInfo, players: int, seed: int
) -> Compensation | None:
    """The verdict's compensation: the komi (two players, points added at the end) or the seat
    gaps (a race, or three or more players scored at the end: the points each seat trails the
    best seat by); None for games whose scores cannot be given (or with no scores)."""
    kind = info.compensation
    if kind is None or not info.has_scores:
        return None
    if not info.has_choices:  # a deal is the unit: its games in every seat order, or none
        records = ended_deals(records, players)
    found = Compensation(kind.method, kind.unit, kind.hint)
    if kind.method == "end" and players == 2:
        komi = komi_of(records, seed)
        if komi is None:
            return None
        resampled = "deals" if not info.has_choices and komi.unit == "setups" else komi.unit
        return replace(found, komi=replace(
            komi, ci95=_pair(komi.ci95), first_share_before=_r(komi.first_share_before),
            first_share_after=_r(komi.first_share_after), unit=resampled))  # fmt: skip
    if kind.method == "start" or players > 2:  # a race, or more than two to even at the end
        gaps = seat_gaps(records, players, seed)
        if not gaps:
            return None
        return replace(found, seat_gaps=tuple(
            SeatGap(g.seat, _r(g.mean_score), _r(g.behind_best), _pair(g.ci95))
            for g in gaps))  # fmt: skip
    return None
