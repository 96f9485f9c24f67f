"""Balance results out: the terminal table, `summary.json` and `games.csv`.

Files are written to a temporary name and renamed, so a reader never sees half a file. Nothing
written depends on the number of workers or on timing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from pnp.games.base import FactValue
from pnp.output import output_folder, write_file
from simulate.runner import GameRecord
from simulate.setups import VERDICTS, SetupsVerdict
from simulate.stats import fact_kinds


def _cell(value: FactValue) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _fact_cells(record: GameRecord, kinds: dict[str, str], players: int) -> list[str]:
    """A record's facts in the columns of `kinds`: one per game fact, one per seat of a seat
    fact; empty where the record lacks the fact."""
    cells: list[str] = []
    for name, kind in kinds.items():
        value = record.facts.get(name)
        if kind == "seat":
            values = value if isinstance(value, tuple) else ("",) * players
            cells += ["" if v == "" else _cell(v) for v in values]
        else:
            cells.append("" if value is None or isinstance(value, tuple) else _cell(value))
    return cells


def games_csv(records: Sequence[GameRecord], players: int) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    seats = range(1, players + 1)
    kinds = fact_kinds(records)
    fact_columns = [
        column
        for name, kind in kinds.items()
        for column in ([f"{name}_{s}" for s in seats] if kind == "seat" else [name])
    ]
    writer.writerow(
        ["game", "setup_index", "setup", "game_seed", "rotation"]
        + [f"agent_{s}" for s in seats]
        + [f"score_{s}" for s in seats]
        + [f"rank_{s}" for s in seats]
        + ["turns", "outcome"]
        + fact_columns
    )
    for r in records:
        scores = [f"{v:g}" for v in r.scores] if r.scores is not None else [""] * players
        writer.writerow(
            [
                r.index,
                r.setup_index,
                r.setup,
                r.game_seed,
                r.rotation,
                *r.agents,
                *scores,
                *r.ranks,
                r.turns,
                r.outcome.value,
                *_fact_cells(r, kinds, players),
            ]
        )
    return buffer.getvalue()


RATES = ("completion", "draws", "cap_reached")


def _g(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def setups_csv(verdict: SetupsVerdict) -> str:
    """One row per setup: fairest first when the setups are shown to differ, else in setup
    order with no rank. `pnp kit GAME --seed <setup>` prints any of them."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
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
    return buffer.getvalue()


def write_results(
    folder: Path,
    summary: dict[str, Any],
    records: Sequence[GameRecord],
    players: int,
    verdict: SetupsVerdict | None = None,
) -> list[Path]:
    output_folder(folder)
    paths = [
        write_file(folder / "summary.json", json.dumps(summary, indent=2) + "\n"),
        write_file(folder / "games.csv", games_csv(records, players)),
    ]
    if verdict is not None and len(verdict.setups) > 1:
        paths.append(write_file(folder / "setups.csv", setups_csv(verdict)))
    return paths


def setup_lines(verdict: SetupsVerdict, shown: int = 5) -> list[str]:
    """What the run says about its setups: whether they differ, the verdicts, the power, and
    the fairest and least fair setups only when the setups are shown to differ."""
    fairness = verdict.setups
    statistic, df, p_value = verdict.homogeneity
    counts = {name: sum(1 for f in fairness if f.verdict == name) for name in VERDICTS}
    first, first_low, first_high = verdict.first_seat
    detectable = _pct(1 / len(fairness[0].wins) + verdict.detectable_share)
    test = f"homogeneity chi-square {statistic:.1f} on {df} df, p = {p_value:.2g}"
    lines = [
        f"setups differ ({test})" if verdict.ranked else
        f"setups indistinguishable at this sample size ({test}): none ranked as fairest",
        f"setup verdicts of {len(fairness)}: " + ", ".join(
            f"{name} {count}" for name, count in counts.items() if count or name != VERDICTS[3])
        + f" (fair: every seat's 95% interval inside 1/2 +- {verdict.tolerance:g}; unfair: "
        "5% false-discovery rate)",
        f"all setups (the setup as the unit): first seat mean s {first:.3f} "
        f"[{first_low:.3f}, {first_high:.3f}]",
        f"power: with {verdict.decisive_per_setup:.0f} decisive games per setup, a setup's test "
        f"detects (80%) a first seat winning {detectable} of them or more",
        "games per setup to tell these setups apart (80% power): "
        + _games_needed(verdict),
    ]  # fmt: skip
    if verdict.ranked and shown:
        ranked = [f for f in fairness if f.rank is not None]
        for label, group in (("fairest", ranked[:shown]), ("least fair", ranked[-shown:][::-1])):
            listed = ", ".join(f"{f.setup} (balance {f.shrunk_balance or 0:.2f}, {f.verdict})"
                               for f in group)  # fmt: skip
            lines.append(f"{label} (shrunk estimates): {listed}")
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


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _rate(entry: dict[str, Any]) -> str:
    """A rate with its 95% interval: `25.8% [25.6%-26.1%]`, finer below 1%."""
    lo, hi = entry["ci95"]
    if max(entry["rate"], hi) < 0.01:
        return f"{100 * entry['rate']:.3f}% [{100 * lo:.3f}%-{100 * hi:.3f}%]"
    return f"{_pct(entry['rate'])} [{_pct(lo)}-{_pct(hi)}]"


def print_summary(summary: dict[str, Any], console: Console, seat_names: Sequence[str]) -> None:
    if "results" in summary:
        print_results(summary, console)
        return
    played, planned = summary["games"], summary["games_planned"]
    state = "" if summary["complete"] else f" (interrupted: {played} of {planned})"
    console.print(
        f"[bold]{summary['title']}[/]: {played} games on {summary['setups']} setup(s), "
        f"{summary['players']} players, agents {', '.join(summary['agents'])}, "
        f"seed {summary['seed']}{state}"
    )
    table = Table(show_edge=False, pad_edge=False)
    for column in ("seat", "wins", "draws", "losses", "win rate", "95% interval", "mean score"):
        table.add_column(column, justify="left" if column == "seat" else "right")
    for seat, name in zip(summary["seats"], seat_names, strict=True):
        lo, hi = seat["ci95"]
        table.add_row(
            name,
            str(seat["wins"]),
            str(seat["draws"]),
            str(seat["losses"]),
            _pct(seat["win_rate"]),
            f"{_pct(lo)} - {_pct(hi)}",
            f"{seat['mean_score']:.2f}" if "mean_score" in seat else "-",
        )
    console.print(table)
    outcomes, rates = summary["outcomes"], summary.get("outcome_rates", {})
    draws = summary["draws"]
    ended = [
        f"{label} {outcomes[kind]}" + (f" ({_rate(rates[kind])})" if kind in rates else "")
        for kind, label in (
            ("finished", "finished"),
            ("endless", "endless"),
            ("undecided", "undecided (turn cap)"),
        )
    ]
    console.print(
        f"{', '.join(ended)}; win rates and draws {_rate(draws)} are of finished games; "
        f"first-seat points advantage {summary['first_seat_points_advantage']:+.3f} "
        "(points share - 1/N)"
    )
    unfair = [
        f"{name} {_pct(seat['points_share'])}"
        for seat, name in zip(summary["seats"], seat_names, strict=True)
        if not seat.get("fair_in_ci95", True)
    ]
    if outcomes["finished"]:
        console.print(
            f"fair share 1/{summary['players']} = {_pct(1 / summary['players'])} of the points "
            f"(a draw shares them); seats whose points share's 95% interval leaves it out: "
            f"{', '.join(unfair) if unfair else 'none'}"
        )
    turns, margin = summary["turns"], summary["margin"]
    if turns["n"]:
        console.print(
            f"turns: mean {turns['mean']:.1f} (sd {turns['sd']:.1f}), median {turns['p50']:g}, "
            f"5-95% {_n(turns['p5'])}-{_n(turns['p95'])}, longest {_n(turns['max'])}"
        )
    if margin["n"]:
        console.print(
            f"score margin (best - second): mean {margin['mean']:.2f}, sd {margin['sd']:.2f}"
        )
    print_facts(summary.get("facts", {}), console)
    _print_extras(summary, console, seat_names)


def print_facts(facts: dict[str, Any], console: Console) -> None:
    """The game's own facts: a line per game fact, a table of results per seat fact's value."""
    for name, fact in facts.items():
        if fact["kind"] == "seat":
            table = Table(title=f"results by {name}", show_edge=False, pad_edge=False)
            for column in (name, "seats", "wins", "draws", "win rate", "95% interval"):
                table.add_column(column, justify="right")
            for value, row in fact["by_value"].items():
                lo, hi = row["ci95"]
                table.add_row(
                    value,
                    str(row["seats"]),
                    str(row["wins"]),
                    str(row["draws"]),
                    _pct(row["win_rate"]),
                    f"{_pct(lo)} - {_pct(hi)}",
                )
            console.print(table)
        else:
            console.print(fact_line(name, fact, _pct))


def fact_line(name: str, fact: dict[str, Any], rate: Callable[[float], str]) -> str:
    """One game fact that is not per seat, as a line: a rate with its interval, a
    distribution, or counts per value."""
    if "ci95" in fact:
        lo, hi = fact["ci95"]
        return f"{name}: {rate(fact['rate'])} of games ({rate(lo)} - {rate(hi)})"
    if "mean" in fact:
        return f"{name}: mean {fact['mean']:.2f}, median {fact['p50']:g}, max {fact['max']:g}"
    counts = ", ".join(f"{value} {count}" for value, count in fact["counts"].items())
    return f"{name}: {counts}"


def _n(value: float) -> str:
    """A count or measure as people read it: 2,097,154 rather than 2.09715e+06."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def _spread(d: dict[str, Any]) -> str:
    return f"median {_n(d['p50'])}, 5-95% {_n(d['p5'])}-{_n(d['p95'])}, max {_n(d['max'])}"


def _print_extras(summary: dict[str, Any], console: Console, seat_names: Sequence[str]) -> None:
    scored = [(n, s.get("score", {})) for n, s in zip(seat_names, summary["seats"], strict=True)]
    parts = [f"{name} {_spread(d)}" for name, d in scored if d.get("n")]
    if parts:
        console.print("scores (finished games): " + "; ".join(parts))
    longest = summary.get("longest_finished")
    if longest:
        console.print(
            f"longest finished game: {_n(longest['turns'])} turns "
            f"(game {longest['game']}, setup {longest['setup']})"
        )
    endless = summary.get("turns_endless", {})
    if endless.get("n"):
        console.print(f"endless games, turns until the repetition: {_spread(endless)}")
    matches = summary.get("matches")
    if matches:
        outcomes = matches["outcomes"]
        won = ", ".join(
            f"player {p['participant']} {p['wins']} ({_pct(p['ci95'][0])} - {_pct(p['ci95'][1])})"
            for p in matches["participants"]
        )
        console.print(
            f"matches (every seat order of a setup): {matches['matches']}; finished "
            f"{outcomes['finished']}, endless {outcomes['endless']}, undecided "
            f"{outcomes['undecided']}; won by {won}; drawn {_pct(matches['drawn']['rate'])}; "
            f"one player won every game {_pct(matches['one_player_won_every_game']['rate'])}; "
            f"one seat won every game {_pct(matches['one_seat_won_every_game']['rate'])}"
        )


def _line(entry: dict[str, Any]) -> str:
    scores = entry["scores"]
    named = (
        ", ".join(f"{n} {v:g}" for n, v in zip(entry["players"], scores, strict=True))
        if scores is not None
        else ", ".join(entry["players"])
    )
    if entry["outcome"] != "finished":
        return f"{named}: {entry['outcome']}"
    winners = entry["winners"]
    verdict = f"{winners[0]} wins" if len(winners) == 1 else "draw"
    return f"{named}: {verdict}"


def print_results(summary: dict[str, Any], console: Console) -> None:
    """An exact report: every game (in seat order) and every match of the setup file."""
    console.print(f"[bold]{summary['title']}[/]: each seat order of the setup played once")
    for entry in summary["results"]:
        console.print(
            f"game {entry['game'] + 1}, {entry['players'][0]} first: {_line(entry)} "
            f"after {entry['turns']} turns"
        )
    for entry in summary["match_results"]:
        console.print(f"match ({entry['setup']}): {_line(entry)}")
