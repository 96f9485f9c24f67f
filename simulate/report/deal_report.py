"""The deal report of a game without choices (Platypus): the match results over deals, as
the terminal prints them and report.pdf's summary page shows them, from the run's typed
`RunSummary` (its `deals`, simulate/measure/deals.py) with every number as summary.json records
it."""

from __future__ import annotations

from rich.console import Console

from pnp.games.base import Outcome
from simulate.measure.stats import Rate, _r
from simulate.report.summary import RunSummary


def _pct(rate: Rate) -> str:
    """A rate with its interval, from the numbers summary.json records."""
    low, high = rate.ci95
    return f"{100 * _r(rate.rate):.1f}% [{100 * _r(low):.1f}%-{100 * _r(high):.1f}%]"


def _interval(ci: list[float] | None, sign: str = "") -> str:
    return "" if ci is None else f" [{ci[0]:{sign}.2f}, {ci[1]:{sign}.2f}]"


def print_deals(summary: RunSummary, console: Console) -> None:
    """The deal report of a run of a game without choices: the match results over deals."""
    for index, line in enumerate(deal_report(summary)):
        console.print(f"[bold]{summary.title}[/]{line}" if index == 0 else line)


def deal_report(summary: RunSummary) -> list[str]:
    """The deal report's lines (the first one after the game's title): the match results over
    deals (`summary.deals`), then the games themselves, described without intervals; every
    number as summary.json records it."""
    deals, result = summary.deals, summary.result
    if deals is None:
        raise ValueError("a deal report needs the run's deals")
    measures, count, per = result.measures, deals.deals, deals.games_per_deal
    state = "" if result.complete else " (interrupted)"
    lines = [
        f": {count} deals, each played once per seat order ({count * per} games), seed "
        f"{result.plan.seed}{state}",
        "A deal leaves no choices: its result is its match over every seat order, computed "
        "exactly; the deal is the unit of every interval.",
        f"deals whose game ends in every seat order: {deals.both_end.count} of {count}, "
        f"{_pct(deals.both_end)}; endless in some order {deals.endless_in_some_order.count} "
        f"(in every order {deals.endless_in_every_order}); undecided (turn cap) "
        f"{dict(deals.outcomes)[Outcome.UNDECIDED]}",
    ]
    margin = deals.margin_distribution
    if margin.n:
        effect = deals.first_seat_effect
        p5, _, p50, _, p95 = (_r(value) for value in margin.percentiles)
        lines += [
            f"match margin (the best player's points - the next one's, over every seat order), "
            f"{margin.n} deals that end: mean {_r(margin.mean):.2f}"
            f"{_interval(deals.margin.ci95_json)}, median {p50:g}, "
            f"5-95% {p5:g}-{p95:g}, max {_r(margin.maximum):g}",
            f"drawn matches {_pct(deals.drawn)}; one player won every game "
            f"{_pct(deals.one_player_won_every_game)}; one seat won every game "
            f"{_pct(deals.one_seat_won_every_game)}",
            f"first-seat effect (the first seat's points - the others', per game, both tables "
            f"in both seats): {effect.mean_json:+.2f}{_interval(effect.ci95_json, '+')} points",
        ]
    outcomes, turns = measures.tally.outcomes, measures.turns
    t5, _, t50, _, t95 = (_r(value) for value in turns.percentiles) if turns.n else (0.0,) * 5
    lines.append(
        f"games: finished {outcomes[Outcome.FINISHED]}, endless {outcomes[Outcome.ENDLESS]}, "
        f"undecided {outcomes[Outcome.UNDECIDED]}"
        + (f"; turns of finished games: median {t50:g}, 5-95% {t5:g}-{t95:g}, max "
           f"{_r(turns.maximum):,g}" if turns.n else "")
    )  # fmt: skip
    longest = measures.longest
    if longest is not None:
        lines.append(
            f"longest finished game: {longest.turns:,} turns (setup {longest.setup}, "
            f"{'first' if longest.rotation == 0 else 'second'} player of the deal starting)"
        )
    within = deals.within_tolerance
    lines.append(
        f"deals `pnp kit --fair` accepts (every order ends, margin <= {deals.tolerance:g} "
        f"points): {within.count} of {count}, {_pct(within)}"
    )
    return lines
