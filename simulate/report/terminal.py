"""Balance results out: the terminal table, `summary.json` and `setups.csv`, from the typed result.

Files are written to a temporary name and renamed, so a reader never sees half a file. Nothing
written depends on the number of workers or on timing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.table import Table

from pnp.games.base import Outcome
from pnp.output import staged, write_file
from simulate.measure.measures import Fact, GameFact, SeatFact
from simulate.measure.setups import UNFAIR, VERDICTS, SetupsVerdict
from simulate.measure.stats import Distribution, Rate
from simulate.report.summary import RunResult, RunSummary
from simulate.report.verdict import RunReport
from simulate.report.wording import on_setups, options_text, pct, power_line

RATES = ("completion", "draws", "cap_reached")


def whole_words(table: Table) -> Table:
    """`table` with every column at least as wide as its longest word (header or cell), so a
    narrow terminal wraps its cells between words and never cuts one ("handicap…")."""
    for column in table.columns:
        texts = [str(column.header), *(str(cell) for cell in column.cells)]
        column.min_width = max((len(word) for text in texts for word in text.split()), default=1)
    return table


def _g(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def setups_csv(verdict: SetupsVerdict) -> str:
    """setups.csv as text (`write_setups_csv`)."""
    buffer = io.StringIO()
    write_setups_csv(buffer, verdict)
    return buffer.getvalue()


def write_setups_csv(stream: TextIO, verdict: SetupsVerdict) -> None:
    """One row per setup: fairest first when the setups are shown to differ, else in setup
    order with no rank. `pnp kit GAME --seed <setup>` prints any of them. Written a row at a
    time: a million setups never stand in memory together."""
    writer = csv.writer(stream, lineterminator="\n")
    fairness = verdict.setups
    players = len(fairness[0].wins) if fairness else 0
    seats = range(1, players + 1)
    writer.writerow(
        ["rank", "setup_index", "setup", "games", *(f"wins_{s}" for s in seats),
         *(f"mean_s_{s}" for s in seats), *(f"mean_s_{s}_shrunk" for s in seats),
         *(f"s_ci_{end}_{s}" for s in seats for end in ("low", "high")),
         "first_seat_s_advantage", "balance", "balance_shrunk", "p_value", "unfair_fdr_5pct",
         "verdict", "played",
         *(f"{name}{end}" for name in RATES for end in ("", "_ci_low", "_ci_high")),
         "turns_mean", "margin_mean", "lead_changes_per_move"]
    )  # fmt: skip
    for f in fairness:
        m = f.measures
        blank = [""] * players
        writer.writerow(
            ["" if f.rank is None else f.rank, f.setup_index, f.setup, f.games, *f.wins,
             *([_g(round(v, 6)) for v in f.mean_s] or blank),
             *([_g(round(v, 6)) for v in f.shrunk_s] or blank),
             *([_g(round(v, 6)) for pair in f.s_ci95 for v in pair] or blank * 2),
             *(_g(None if v is None else round(v, 6))
               for v in (f.advantage, f.balance, f.shrunk_balance)),
             f"{f.p_value:.6g}", int(f.unfair), f.verdict, m.played,
             *(f"{v:g}" for triple in (m.completion, m.draws, m.cap_reached) for v in triple),
             *(_g(v) for v in (m.turns_mean, m.margin_mean, m.lead_changes_per_move))]
        )  # fmt: skip


def write_results(
    folder: Path, report: RunReport, verdict: SetupsVerdict | None = None
) -> list[Path]:
    """summary.json (the run's summary and its verdict) and, with more than one setup judged,
    setups.csv (games.csv is written from results.jsonl: simulate/report/gamestable.py), into
    the run's folder, which is never made here: one removed while the run played stays removed."""
    paths = [write_file(folder / "summary.json", json.dumps(report.to_json(), indent=2) + "\n")]
    if verdict is not None and len(verdict.setups) > 1:
        path = folder / "setups.csv"
        with staged(path) as stream, io.TextIOWrapper(stream, "utf-8", newline="") as text:
            write_setups_csv(text, verdict)
        paths.append(path)
    return paths


def setup_lines(verdict: SetupsVerdict, shown: int = 5) -> list[str]:
    """What the run says about its setups: whether they differ, the verdicts, the power, and
    the fairest and least fair setups only when the setups are shown to differ."""
    fairness = verdict.setups
    statistic, df, p_value = verdict.homogeneity
    counts = verdict.counts
    test = f"homogeneity chi-square {statistic:.1f} on {df} df, p = {p_value:.2g}"
    lines = [
        f"setups differ ({test})" if verdict.ranked else
        f"setups indistinguishable at this sample size ({test}): none ranked as fairest",
        f"setup verdicts of {len(fairness)}: " + ", ".join(
            f"{name} {count}" for name, count in counts.items() if count or name != VERDICTS[3])
        + f" (fair: every seat's 95% interval inside 1/2 +- {verdict.tolerance:g}; unfair: "
        "5% false-discovery rate)",
        f"all setups (the setup as the unit): first seat mean s {verdict.first_seat.text()}",
        power_line(verdict),
        "games per setup to tell these setups apart (80% power): "
        + _games_needed(verdict),
    ]  # fmt: skip
    if verdict.ranked and shown:
        lines += _ranked_lines(verdict, shown)
    return lines


def _ranked_lines(verdict: SetupsVerdict, shown: int) -> list[str]:
    """The fairest and least fair ranked setups, at most `shown` each and none on both lists
    (the ranked setups split in two when there are fewer than twice `shown`); a setup flagged
    unfair is never listed among the fairest."""
    fairness, ranked = verdict.setups, verdict.ranked_rows
    half = min(shown, -(-ranked // 2))
    fairest = [f for f in fairness[:half] if f.verdict != UNFAIR]
    least = fairness[max(half, ranked - shown) : ranked][::-1]
    lines = []
    for label, group in (("fairest", fairest), ("least fair", least)):
        listed = ", ".join(f"{f.setup} (balance {f.shrunk_balance or 0:.2f}, {f.verdict})"
                           for f in group)  # fmt: skip
        lines.append(f"{label} (shrunk estimates): {listed or 'none: each is flagged unfair'}")
    return lines


def _games_needed(verdict: SetupsVerdict) -> str:
    if verdict.games_needed is None:
        return "none can be named: their spread is no larger than chance"
    if verdict.games_needed_exact:
        return f"about {verdict.games_needed:,}"
    return (f"at least {verdict.games_needed:,} (the spread measured is no larger than chance; "
            "this is the games its 80% upper bound would need)")  # fmt: skip


def print_setups(verdict: SetupsVerdict | None, console: Console) -> None:
    if verdict is None or len(verdict.setups) < 2:
        return
    for line in setup_lines(verdict):
        console.print(line, highlight=False)


def _rate(rate: Rate) -> str:
    """A rate with its 95% interval: `25.8% [25.6%-26.1%]`, finer below 1% (as rounded in
    summary.json)."""
    value, (lo, hi) = round(rate.rate, 6), (round(end, 6) for end in rate.ci95)
    if max(value, hi) < 0.01:
        return f"{100 * value:.3f}% [{100 * lo:.3f}%-{100 * hi:.3f}%]"
    return f"{pct(value)} [{pct(lo)}-{pct(hi)}]"


def _interval(rate: Rate) -> tuple[float, float]:
    low, high = rate.ci95
    return round(low, 6), round(high, 6)


def print_summary(summary: RunSummary, console: Console, seat_names: Sequence[str]) -> None:
    result = summary.result
    if result.listed is not None:
        print_results(summary, console)
        return
    plan, measures = result.plan, result.measures
    tally = measures.tally
    state = "" if result.complete else f" (interrupted: {result.played} of {plan.games})"
    console.print(
        f"[bold]{summary.title}[/] ({options_text(plan.options)}): {result.played} games "
        f"{on_setups(plan.game, plan.setup_count, bool(plan.setups))}, agents "
        f"{', '.join(plan.agents)}, seed {plan.seed}{state}"
    )
    table = Table(show_edge=False, pad_edge=False)
    for column in ("seat", "wins", "draws", "losses", "win rate", "95% interval", "mean score"):
        table.add_column(column, justify="left" if column == "seat" else "right")
    for seat, score, name in zip(tally.seats, measures.scores, seat_names, strict=True):
        standings = seat.standings
        lo, hi = _interval(standings.win_rate)
        table.add_row(
            name,
            str(standings.wins),
            str(standings.draws),
            str(standings.losses),
            pct(round(standings.win_rate.rate, 6)),
            f"{pct(lo)} - {pct(hi)}",
            f"{round(score.mean, 6):.2f}" if score is not None and score.n else "-",
        )
    console.print(whole_words(table))
    ended = [
        f"{label} {tally.outcomes[kind]} ({_rate(tally.outcome_rate(kind))})"
        for kind, label in (
            (Outcome.FINISHED, "finished"),
            (Outcome.ENDLESS, "endless"),
            (Outcome.UNDECIDED, "undecided (turn cap)"),
        )
    ]
    console.print(
        f"{', '.join(ended)}; win rates and draws {_rate(tally.draws)} are of finished games; "
        f"first-seat points advantage {round(measures.first_seat_points_advantage, 6):+.3f} "
        "(points share - 1/N)"
    )
    unfair = [
        f"{name} {pct(round(seat.standings.points_share, 6))}"
        for number, (seat, name) in enumerate(zip(tally.seats, seat_names, strict=True))
        if not measures.fair_in_ci95(number)
    ]
    if tally.finished:
        console.print(
            f"fair share 1/{tally.players} = {pct(1 / tally.players)} of the points (a draw "
            f"shares them); seats whose points share's 95% interval leaves it out: "
            f"{', '.join(unfair) if unfair else 'none'}"
        )
    turns, margin = measures.turns, measures.margin
    if turns.n:
        p5, _, p50, _, p95 = turns.percentiles
        console.print(
            f"turns: mean {_6(turns.mean):.1f} (sd {_6(turns.sd):.1f}), median {_6(p50):g}, "
            f"5-95% {_n(p5)}-{_n(p95)}, longest {_n(turns.maximum)}"
        )
    if margin.n:
        console.print(
            f"score margin (best - second): mean {_6(margin.mean):.2f}, sd {_6(margin.sd):.2f}"
        )
    print_facts(measures.facts, console)
    _print_extras(result, console, seat_names)


def print_facts(facts: Sequence[Fact], console: Console) -> None:
    """The game's own facts: a line per game fact, a table of results per seat fact's value."""
    for fact in facts:
        if isinstance(fact, SeatFact):
            table = Table(title=f"results by {fact.name}", show_edge=False, pad_edge=False)
            for column in (fact.name, "seats", "wins", "draws", "win rate", "95% interval"):
                table.add_column(column, justify="right")
            for value, standings in fact.by_value:
                lo, hi = _interval(standings.win_rate)
                table.add_row(
                    value,
                    str(standings.finished),
                    str(standings.wins),
                    str(standings.draws),
                    pct(round(standings.win_rate.rate, 6)),
                    f"{pct(lo)} - {pct(hi)}",
                )
            console.print(whole_words(table))
        else:
            console.print(fact_line(fact, pct))


def fact_line(fact: GameFact, rate: Callable[[float], str]) -> str:
    """One game fact that is not per seat, as a line: a rate with its interval, a
    distribution, or counts per value."""
    value = fact.value
    if isinstance(value, Rate):
        lo, hi = _interval(value)
        return f"{fact.name}: {rate(round(value.rate, 6))} of games ({rate(lo)} - {rate(hi)})"
    if isinstance(value, Distribution):
        if not value.n:
            return f"{fact.name}: no games"
        median = round(value.percentiles[2], 6)
        return (f"{fact.name}: mean {_6(value.mean):.2f}, median {median:g}, "
                f"max {round(value.maximum, 6):g}")  # fmt: skip
    counts = ", ".join(f"{key} {count}" for key, count in value)
    return f"{fact.name}: {counts}"


def _6(value: float) -> float:
    """A measure as summary.json rounds it, so the table shows what the file holds."""
    return round(float(value), 6)


def _n(value: float) -> str:
    """A count or measure as people read it: 2,097,154 rather than 2.09715e+06."""
    value = round(float(value), 6)
    return f"{value:,.0f}" if value.is_integer() else f"{value:,.1f}"


def _spread(d: Distribution) -> str:
    p5, _, p50, _, p95 = d.percentiles
    return f"median {_n(p50)}, 5-95% {_n(p5)}-{_n(p95)}, max {_n(d.maximum)}"


def _print_extras(result: RunResult, console: Console, seat_names: Sequence[str]) -> None:
    measures = result.measures
    scored = zip(seat_names, measures.scores, strict=True)
    parts = [f"{name} {_spread(d)}" for name, d in scored if d is not None and d.n]
    if parts:
        console.print("scores (finished games): " + "; ".join(parts))
    longest = measures.longest
    if longest:
        console.print(
            f"longest finished game: {_n(longest.turns)} turns "
            f"(game {longest.game}, setup {longest.setup})"
        )
    endless = measures.turns_endless
    if endless.n:
        console.print(f"endless games, turns until the repetition: {_spread(endless)}")
    matches = result.matches
    if matches:
        outcomes = matches.outcomes
        won = ", ".join(
            f"player {p} {s.wins} ({pct(lo)} - {pct(hi)})"
            for p, s in enumerate(matches.participants, 1)
            for lo, hi in [_interval(s.win_rate)]
        )
        n = matches.finished
        console.print(
            f"matches (every seat order of a setup): {matches.matches}; finished "
            f"{outcomes[Outcome.FINISHED]}, endless {outcomes[Outcome.ENDLESS]}, undecided "
            f"{outcomes[Outcome.UNDECIDED]}; won by {won}; drawn "
            f"{pct(round(Rate(matches.drawn, n).rate, 6))}; one player won every game "
            f"{pct(round(Rate(matches.one_player_won_every_game, n).rate, 6))}; "
            f"one seat won every game "
            f"{pct(round(Rate(matches.one_seat_won_every_game, n).rate, 6))}"
        )


def _line(players: Sequence[str], scores: Sequence[float] | None, outcome: Outcome,
          winners: Sequence[str]) -> str:  # fmt: skip
    named = (
        ", ".join(f"{n} {v:g}" for n, v in zip(players, scores, strict=True))
        if scores is not None
        else ", ".join(players)
    )
    if outcome != Outcome.FINISHED:
        return f"{named}: {outcome.value}"
    verdict = f"{winners[0]} wins" if len(winners) == 1 else "draw"
    return f"{named}: {verdict}"


def print_results(summary: RunSummary, console: Console) -> None:
    """An exact report: every game (in seat order) and every match of the setup file."""
    console.print(f"[bold]{summary.title}[/]: each seat order of the setup played once")
    for line in result_lines(summary):
        console.print(line)


def result_lines(summary: RunSummary) -> list[str]:
    """The lines of an exact report after its title: every game, then every match."""
    lines = [
        f"game {game.game + 1}, {game.players[0]} first: "
        f"{_line(game.players, game.scores, game.outcome, game.winners)} after {game.turns} turns"
        for game in summary.result.listed or ()
    ]
    for match, names in summary.result.listed_matches:
        winners = [names[p] for p, rank in enumerate(match.ranks) if rank == 1]
        lines.append(f"match ({match.setup}): {_line(names, match.scores, match.outcome, winners)}")
    return lines
