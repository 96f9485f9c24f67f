"""summary.json says what made it (issue 17, provenance): the pnp version, the command line as
run, the agents with their budgets; and it follows its published JSON Schema
(templates/schemas/summary.schema.json). tests/conftest.py also validates every summary.json
any test writes against that schema."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import pnp
from simulate.report.schema import SCHEMA_PATH, schema_text, summary_problems
from tests.support.cli import invoke


def run_summaries(out: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(out.rglob("summary.json"))]


def played(out: Path, *args: str) -> None:
    code, _, err = invoke(*args, "--seed", "2", "--workers", "1", "--out", str(out))
    assert code == 0, err


def test_the_published_schema_is_a_valid_2020_12_schema() -> None:
    schema = json.loads(SCHEMA_PATH.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_summary_records_the_version_the_command_line_and_the_agents_budgets(
    tmp_path: Path,
) -> None:
    out = tmp_path / "runs with a space"
    args = ["balance", "penguins", "--setups", "2", "--games-per-setup", "2", "--agents",
            "greedy,mcts:5:3", "--seed", "1"]  # fmt: skip
    code, _, err = invoke(*args, "--workers", "1", "--out", str(out))
    assert code == 0, err
    (summary,) = run_summaries(out)
    assert summary["pnp_version"] == pnp.__version__
    assert summary["command"] == shlex.join(["pnp", *args])  # not --workers nor --out
    assert summary["agents"] == ["greedy", "mcts:5:3"]
    assert summary["agent_settings"] == {
        "greedy": {"kind": "greedy"},
        "mcts:5:3": {"kind": "mcts", "iterations": 5, "per_legal_move": False, "rollout_limit": 3},
    }


def summary_bytes(out: Path, *args: str) -> bytes:
    code, _, err = invoke(*args, "--out", str(out))
    assert code == 0, err
    (path,) = out.rglob("summary.json")
    return path.read_bytes()


def test_the_same_run_records_the_same_summary_whatever_runs_it_and_its_command_replays_it(
    tmp_path: Path,
) -> None:
    """The command recorded leaves out what never changes a number (workers, executor, folder,
    --resume, --json), so the same run on 1 or 2 workers, resumed or not, writes the same bytes;
    a drawn seed is recorded, so the command, run again, writes them again."""
    run = ("balance", "penguins", "--setups", "2", "--games-per-setup", "3")
    drawn = summary_bytes(tmp_path / "drawn", *run, "--workers", "1")
    command = json.loads(drawn)["command"]
    words = shlex.split(command)
    assert words[:7] == ["pnp", *run] and words[7] == "--seed" and len(words) == 9
    seed = words[8]
    assert summary_bytes(tmp_path / "again", *words[1:], "--workers", "2") == drawn
    assert summary_bytes(tmp_path / "json", *run, "--seed", seed, "--workers=2", "--json",
                         "--executor", "local") == drawn  # fmt: skip
    folder = tmp_path / "resumed"
    summary_bytes(folder, *run, "--seed", seed, "--workers", "1")
    (results,) = folder.rglob("results.jsonl")
    lines = results.read_bytes().splitlines(keepends=True)
    results.write_bytes(b"".join(lines[:3]))  # the plan and two of the six games
    resumed = summary_bytes(folder, *run, "--resume", "--workers", "2")
    assert resumed == drawn


def test_a_budget_per_legal_move_is_recorded_with_its_floor_and_cap(tmp_path: Path) -> None:
    played(tmp_path, "simulate", "paper-penguins", "--games", "1", "--agents", "mcts:1x:0")
    (summary,) = run_summaries(tmp_path)
    assert summary["agent_settings"]["mcts:1x:0"] == {
        "kind": "mcts",
        "iterations": 1,
        "per_legal_move": True,
        "rollout_limit": 0,
        "iterations_floor": 100,
        "iterations_cap": 20_000,
    }


RUNS = [
    ["simulate", "amazons", "--size", "6", "--games", "4"],
    ["simulate", "penguins", "--games", "4", "--paired"],
    ["balance", "penguins", "--players", "3", "--setups", "2", "--games-per-setup", "3"],
    ["balance", "platypus", "--setups", "4"],
    ["balance", "wallaby", "--setups", "2", "--games-per-setup", "2"],
    ["simulate", "paper-penguins", "--games", "4", "--ladder", "random,greedy"],
    ["simulate", "amazons", "--size", "6", "--games", "4", "--agents", "lookahead:4,greedy"],
]


@pytest.mark.parametrize("args", RUNS, ids=[" ".join(a[:2]) for a in RUNS])
def test_every_kind_of_run_writes_a_summary_the_schema_accepts(
    tmp_path: Path, args: list[str]
) -> None:
    played(tmp_path, *args)
    summaries = run_summaries(tmp_path)
    assert summaries
    for summary in summaries:
        assert summary_problems(summary) == []


def test_the_schema_refuses_a_summary_that_lost_or_gained_a_key(tmp_path: Path) -> None:
    played(tmp_path, "simulate", "penguins", "--games", "2")
    (summary,) = run_summaries(tmp_path)
    assert summary_problems({k: v for k, v in summary.items() if k != "pnp_version"})
    assert summary_problems({**summary, "surprise": 1})
    seats = [{**summary["seats"][0], "mean_s": "high"}, *summary["seats"][1:]]
    assert summary_problems({**summary, "seats": seats})


def test_the_published_schema_is_what_the_code_builds() -> None:
    # regenerate with `python -m simulate.report.schema`
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text()
