"""Per-game facts (Result.facts): recorded by the runner, summarised with a rate for 0/1 facts,
written as games.csv columns, and absent from games that report none."""

from __future__ import annotations

from pnp.games.base import Outcome
from simulate.report import games_csv
from simulate.runner import GameRecord
from simulate.stats import summarize


def record(index: int, facts: tuple[tuple[str, float], ...], outcome: Outcome) -> GameRecord:
    return GameRecord(index, index, str(index), index, 0, ("random", "random"), (1.0, 0.0),
                      (1, 2), 10, outcome, facts)  # fmt: skip


def test_facts_are_described_over_finished_games_with_a_rate_for_yes_no_facts() -> None:
    records = [
        record(0, (("ended_early", 1.0), ("rounds", 4.0)), Outcome.FINISHED),
        record(1, (("ended_early", 0.0), ("rounds", 6.0)), Outcome.FINISHED),
        record(2, (("ended_early", 1.0), ("rounds", 9.0)), Outcome.FINISHED),
        record(3, (("ended_early", 1.0), ("rounds", 99.0)), Outcome.UNDECIDED),
    ]
    facts = summarize(records, 2)["facts"]
    assert list(facts) == ["ended_early", "rounds"]
    assert facts["ended_early"]["rate"]["count"] == 2 and facts["ended_early"]["n"] == 3
    assert facts["rounds"]["mean"] == round(19 / 3, 6) and "rate" not in facts["rounds"]
    lines = games_csv(records, 2).splitlines()
    assert lines[0].endswith("turns,outcome,ended_early,rounds")
    assert lines[1].endswith(",finished,1,4")


def test_games_without_facts_keep_their_summary_and_columns() -> None:
    records = [record(0, (), Outcome.FINISHED)]
    assert "facts" not in summarize(records, 2)
    assert games_csv(records, 2).splitlines()[0].endswith("turns,outcome")
