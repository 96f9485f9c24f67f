"""The words every report of a run shares: its options, its percentages, the power of its
per-setup test, and what the verdict's terms mean (the terminal, the verdict and report.pdf say
them alike)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pnp.games import get_game
from pnp.games.options import GameOptions
from simulate.measure.inference import wilson
from simulate.measure.setups import SetupsVerdict


def options_text(options: GameOptions) -> str:
    """Every option as the user gives it: `players 2, variant standard, size 6`."""
    return ", ".join(f"{name} {value}" for name, value in options.to_json().items())


def on_setups(game: str, count: int, from_file: bool = False) -> str:
    """What a run's games were played on: `on 20 random setups`, `on 1 setup from the setup
    file`, or `from the fixed start` for a game whose every setup is the same
    (`GameInfo.fixed_start`)."""
    if get_game(game).info.fixed_start and not from_file:
        return "from the fixed start"
    kind = "" if from_file else "random "
    source = " from the setup file" if from_file else ""
    return f"on {count:,} {kind}setup{'' if count == 1 else 's'}{source}"


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def power_line(verdict: SetupsVerdict) -> str:
    """The power of a run's per-setup test: the smallest first-seat share it detects, and how
    many games a setup needs before it can be called fair at all."""
    detectable = pct(1 / len(verdict.setups[0].wins) + verdict.detectable_share)
    return (f"power: with {verdict.decisive_per_setup:.0f} decisive games per setup, a setup's "
            f"test detects (80%) a first seat winning {detectable} of them or more; a setup can "
            f"be called fair only from {games_for_fair(verdict.tolerance):,} finished games "
            f"(fewer leave its interval wider than 1/2 +- {verdict.tolerance:g} even at "
            "exactly 1/2)")  # fmt: skip


@functools.cache
def games_for_fair(tolerance: float) -> int:
    """The fewest finished games whose Wilson 95% interval, at a mean s of exactly 1/2, lies
    inside 1/2 +- `tolerance`: fewer games can never call a setup fair (381 at 0.05)."""
    low, high = 1, 1 << 40
    while low < high:  # the interval narrows as the games grow
        middle = (low + high) // 2
        below, above = wilson(middle / 2, middle)
        if below >= 0.5 - tolerance and above <= 0.5 + tolerance:
            high = middle
        else:
            low = middle + 1
    return low


# What a verdict's terms mean, each said once in plain words under the verdict (`legend`).
TERMS = (
    ("mean s", "a seat's average result per game: 1 a sole win, 0 a sole last, places between "
     "in between; 1/2 for a seat with no advantage, whatever the number of players"),
    ("95% interval", "the range of values these games cannot rule out; it holds the true value "
     "in 95 of 100 runs like this one"),
    ("95% confidence sequence", "an interval that holds the true value at every number of "
     "setups at once (in 95 of 100 runs), so a run may stop as soon as its reading is clear; "
     "wider than an interval read once"),
    ("the setup as the unit", "each random setup counts once, by the mean of its games: games "
     "on one board are not independent draws of the game"),
    ("the game as the unit", "each game counts once, as an independent draw of the game (each "
     "on its own setup, or all on the setups named)"),
    ("undetermined", "the interval is too wide to say: more games would tell"),
    ("settled", "stronger agents were played and shown not to change the reading"),
    ("decisive games", "games with a sole winner"),
    ("80%", "a test with 80% power finds a real effect of that size in 4 runs of 5"),
    ("komi", "points given to one seat at the end, before comparing scores"),
    ("bootstrap", "an interval from the run's own games (or setups) resampled 999 times"),
)  # fmt: skip


def legend(lines: Sequence[str]) -> list[str]:
    """A line per term of `TERMS` that `lines` use, saying what it means."""
    text = " ".join(lines)
    return [f"  {term}: {meaning}" for term, meaning in TERMS if term in text]
