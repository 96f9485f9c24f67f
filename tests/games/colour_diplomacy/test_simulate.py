"""Colour Diplomacy through `pnp simulate`: the game's facts reach games.csv and summary.json,
and the numbers do not depend on the number of workers."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from pypdf import PdfReader

from tests.support.cli import run


def simulate(out: Path, *args: str) -> tuple[dict[str, object], list[dict[str, str]]]:
    result = run("simulate", "colour-diplomacy", "--seed", "4", "--out", str(out), *args)
    assert result.exit_code == 0, result.stderr
    folder = out / "colour-diplomacy-sim-4"
    summary = json.loads((folder / "summary.json").read_text())
    with (folder / "games.csv").open() as handle:
        return summary, list(csv.DictReader(handle))


def test_facts_are_recorded_and_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    args = ("--players", "5", "--games", "60")
    one, rows = simulate(tmp_path / "one", *args, "--workers", "1")
    two, rows_two = simulate(tmp_path / "two", *args, "--workers", "2")
    assert one == two and rows == rows_two
    facts = one["facts"]
    assert isinstance(facts, dict)
    assert set(facts) == {
        "start_ring", "reached_center", "center_reached", "center_turns",
        "first_at_center", "first_at_center_ring",
    }  # fmt: skip
    assert list(facts["start_ring"]["by_value"]) == ["1", "2", "3", "4", "5"]
    for row in rows:  # each game: every ring once, and the center flag matches the count
        assert sorted(row[f"start_ring_{s}"] for s in range(1, 6)) == ["1", "2", "3", "4", "5"]
        assert row["center_reached"] == ("1" if int(row["center_turns"]) > 0 else "0")
    # the PDF report's summary page carries the same facts: results per starting colour ring
    pages = PdfReader(tmp_path / "one" / "colour-diplomacy-sim-4" / "report.pdf").pages
    assert pages[0].extract_text().startswith("Verdict: Colour Diplomacy")
    lines = pages[1].extract_text().splitlines()
    assert "results by start_ring (finished games)" in lines
    ring_rows = lines[lines.index("results by start_ring (finished games)") + 2 :][:5]
    assert [row.split()[0] for row in ring_rows] == ["1", "2", "3", "4", "5"]
    assert any(line.startswith("center_reached: ") for line in lines)


def test_greedy_beats_random(tmp_path: Path) -> None:
    summary, _ = simulate(
        tmp_path, "--players", "4", "--games", "40", "--agents", "greedy,random,random,random",
        "--paired", "--workers", "1",
    )  # fmt: skip
    agents = summary["agent_results"]
    assert isinstance(agents, dict)
    assert agents["greedy"]["win_rate"] > 0.8 > 0.1 > agents["random"]["win_rate"]
