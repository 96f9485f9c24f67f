"""One typed result: summary.json and what the terminal and the report say are written from the
same typed records (`RunSummary` with its setups, deals, compensation and verdict), never from
summary.json read back by key.

Each test catches the `RunSummary` a balance run writes summary.json from, then checks that the
file is that record's JSON and that the terminal's lines are that record's text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import simulate.session
from pnp.games import get_game
from simulate.compensation import Compensation
from simulate.deal_report import deal_report
from simulate.deals import DealStats
from simulate.setups import SetupsVerdict, spread
from simulate.summary import RunSummary
from simulate.verdict import Verdict
from tests.support.cli import invoke


def _caught(monkeypatch: pytest.MonkeyPatch) -> list[RunSummary]:
    """The summaries the run writes summary.json from."""
    caught: list[RunSummary] = []
    write = simulate.session.write_results

    def catching(folder: Path, summary: RunSummary, *rest: SetupsVerdict | None) -> list[Path]:
        caught.append(summary)
        return write(folder, summary, *rest)

    monkeypatch.setattr(simulate.session, "write_results", catching)
    return caught


def _printed(out: str) -> list[str]:
    return [line.rstrip() for line in out.splitlines()]


def test_a_deal_run_prints_its_typed_deals_and_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    caught = _caught(monkeypatch)
    code, out, err = invoke("balance", "platypus", "--setups", "12", "--seed", "3",
                            "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (summary,) = caught
    assert isinstance(summary.deals, DealStats) and isinstance(summary.verdict, Verdict)
    written = json.loads((tmp_path / "platypus-balance-3" / "summary.json").read_text())
    assert written == json.loads(json.dumps(summary.to_json()))
    assert written["deals"] == json.loads(json.dumps(summary.deals.to_json()))
    report = deal_report(summary)
    printed = _printed(out)
    assert printed[0] == f"{summary.title}{report[0]}"
    for line in report[1:]:
        assert line in printed
    assert all(line.rstrip() in printed for line in summary.verdict.lines())


def test_a_balance_prints_its_typed_compensation_and_setups_and_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    caught = _caught(monkeypatch)
    code, out, err = invoke("balance", "penguins", "--setups", "4", "--games-per-setup", "4",
                            "--seed", "2", "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (summary,) = caught
    assert isinstance(summary.compensation, Compensation) and summary.compensation.komi
    assert isinstance(summary.setups, SetupsVerdict)
    written = json.loads((tmp_path / "penguins-balance-2" / "summary.json").read_text())
    assert written == json.loads(json.dumps(summary.to_json()))
    assert written["compensation"] == json.loads(json.dumps(summary.compensation.to_json()))
    assert written["setup_fairness"] == json.loads(json.dumps(spread(summary.setups)))
    info = get_game("penguins").info
    names = [info.seat_name(seat) for seat in range(2)]
    line = summary.compensation.text(names)
    assert line in " ".join(out.split()) or line in _printed(out)
    assert summary.verdict is not None and f"compensation: {line}" in summary.verdict.lines()
