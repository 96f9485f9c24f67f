"""One typed result: summary.json and what the terminal and the report say are written from the
same typed records (`RunSummary` with its setups, deals, compensation and verdict), never from
summary.json read back by key.

Each test catches the `RunReport` a balance run writes summary.json from, then checks that the
file is that record's JSON and that the terminal's lines are that record's text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import simulate.studies.session
from pnp.games import get_game
from simulate.measure.compensation import Compensation
from simulate.measure.deals import DealStats
from simulate.measure.setups import SetupsVerdict, spread
from simulate.report.deal_report import deal_report
from simulate.report.verdict import RunReport, Verdict
from tests.support.cli import invoke


def _caught(monkeypatch: pytest.MonkeyPatch) -> list[RunReport]:
    """The reports (summary and verdict) the run writes summary.json from."""
    caught: list[RunReport] = []
    write = simulate.studies.session.write_results

    def catching(folder: Path, report: RunReport, *rest: SetupsVerdict | None) -> list[Path]:
        caught.append(report)
        return write(folder, report, *rest)

    monkeypatch.setattr(simulate.studies.session, "write_results", catching)
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
    (report,) = caught
    summary, verdict = report.summary, report.verdict
    assert isinstance(summary.deals, DealStats) and isinstance(verdict, Verdict)
    written = json.loads((tmp_path / "platypus-balance-3" / "summary.json").read_text())
    assert written == json.loads(json.dumps(report.to_json()))
    assert written["deals"] == json.loads(json.dumps(summary.deals.to_json()))
    lines = deal_report(summary)
    printed = _printed(out)
    assert printed[0] == f"{summary.title}{lines[0]}"
    for line in lines[1:]:
        assert line in printed
    assert all(line.rstrip() in printed for line in verdict.lines())


def test_a_balance_prints_its_typed_compensation_and_setups_and_writes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    caught = _caught(monkeypatch)
    code, out, err = invoke("balance", "penguins", "--setups", "4", "--games-per-setup", "4",
                            "--seed", "2", "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (report,) = caught
    summary, verdict = report.summary, report.verdict
    assert isinstance(summary.compensation, Compensation) and summary.compensation.komi
    assert isinstance(summary.setups, SetupsVerdict)
    written = json.loads((tmp_path / "penguins-balance-2" / "summary.json").read_text())
    assert written == json.loads(json.dumps(report.to_json()))
    assert written["compensation"] == json.loads(json.dumps(summary.compensation.to_json()))
    assert written["setup_fairness"] == json.loads(json.dumps(spread(summary.setups)))
    info = get_game("penguins").info
    names = [info.seat_name(seat) for seat in range(2)]
    line = summary.compensation.text(names)
    assert line in " ".join(out.split()) or line in _printed(out)
    assert f"compensation: {line}" in verdict.lines()
