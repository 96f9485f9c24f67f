"""Game facts (State.facts) in simulation results: games.csv columns and the summary's figures."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from pnp.games.base import Facts, Outcome
from simulate.measure.tally import measures_of
from simulate.report.gamestable import header, row
from simulate.run.records import record_json
from simulate.run.runner import GameRecord
from simulate.studies.session import fact_kinds


def record(index: int, ranks: tuple[int, ...], outcome: Outcome, facts: Facts) -> GameRecord:
    return GameRecord(
        index, index, str(index), 7, 0, ("random",) * 3, None, ranks, 10, outcome, facts=facts
    )


RECORDS = [
    record(0, (1, 2, 3), Outcome.FINISHED, {"ring": (2, 1, 3), "hit": True, "n": 2, "who": "2"}),
    record(1, (2, 1, 2), Outcome.FINISHED, {"ring": (1, 2, 3), "hit": False, "n": 0, "who": "10"}),
    record(2, (1, 1, 3), Outcome.FINISHED, {"ring": (3, 2, 1), "hit": True, "n": 1, "who": "none"}),
    record(3, (1, 1, 1), Outcome.UNDECIDED, {"ring": (1, 3, 2), "hit": True, "n": 4, "who": "2"}),
]


def summarize(records: list[GameRecord], players: int) -> dict[str, Any]:
    return measures_of(records, players).to_json()


def games_csv(records: list[GameRecord], players: int) -> str:
    """games.csv of `records` (in game order), as the run writes it from results.jsonl."""
    kinds = fact_kinds(measures_of(records, players))
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header(kinds, players))
    for one in records:
        writer.writerow(row(json.loads(record_json(one)), kinds, players))
    return buffer.getvalue()


def test_seat_facts_group_the_seat_results_over_finished_games() -> None:
    facts = summarize(RECORDS, 3)["facts"]
    ring = facts["ring"]["by_value"]
    assert list(ring) == ["1", "2", "3"]
    # ring 1: game 0 seat 1 (loss), game 1 seat 0 (loss), game 2 seat 2 (loss)
    assert (ring["1"]["wins"], ring["1"]["losses"], ring["1"]["seats"]) == (0, 3, 3)
    # ring 2: game 0 seat 0 wins, game 1 seat 1 wins, game 2 seat 1 shares the win
    assert (ring["2"]["wins"], ring["2"]["draws"], ring["2"]["points_share"]) == (2, 1, 0.833333)


def test_game_facts_are_rates_distributions_or_counts_over_all_games() -> None:
    facts = summarize(RECORDS, 3)["facts"]
    assert facts["hit"]["count"] == 3 and facts["hit"]["rate"] == 0.75
    assert facts["n"]["mean"] == 1.75 and facts["n"]["max"] == 4
    assert facts["who"]["counts"] == {"none": 1, "2": 2, "10": 1}


def test_games_csv_has_a_column_per_game_fact_and_per_seat_of_a_seat_fact() -> None:
    rows = list(csv.DictReader(io.StringIO(games_csv(RECORDS, 3))))
    assert [rows[0][f"ring_{s}"] for s in (1, 2, 3)] == ["2", "1", "3"]
    assert (rows[0]["hit"], rows[1]["hit"], rows[0]["n"], rows[1]["who"]) == ("1", "0", "2", "10")


def test_records_without_facts_keep_the_summary_and_columns_unchanged() -> None:
    plain = [record(0, (1, 2, 3), Outcome.FINISHED, {})]
    assert "facts" not in summarize(plain, 3)
    header = games_csv(plain, 3).splitlines()[0]
    assert header.endswith(",turns,outcome,lead_changes")
