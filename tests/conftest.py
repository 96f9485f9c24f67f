"""Shared test setup: the seed's example sheet and small helpers."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Off a terminal a long command prints a progress line now and then (pnp/progress.py); a test
# slowed by a loaded machine must print what it prints on a quiet one, so the suite turns the
# lines off (tests/cli/test_hostile_input.py turns them on where it checks them).
os.environ["PNP_PROGRESS_EVERY"] = "0"

# The example sheet printed in the rules (seed 001, Paper Pen-guins), as printed there.
EXAMPLE_SHEET = """\
\ta\tb\tc\td\te\tf\tg\th\t
8\t2\t3\t2\t3\t2\t2\t3\t1\t8
7\t1\t1\t3\t2\t1\t3\t1\t2\t7
6\t2\t1\t1\t1\t1\t2\t2\t2\t6
5\t1\t1\t1\t1\t1\t2\t1\t3\t5
4\t1\t1\t1\t1\t1\t2\t1\t1\t4
3\t1\t2\t3\t2\t3\t1\t3\t2\t3
2\t2\t2\t2\t1\t2\t1\t1\t1\t2
1\t3\t2\t2\t1\t1\t1\t1\t3\t1
\ta\tb\tc\td\te\tf\tg\th\t
"""


@pytest.fixture
def example_sheet(tmp_path: Path) -> Path:
    path = tmp_path / "example-sheet.txt"
    path.write_text(EXAMPLE_SHEET)
    return path


@pytest.fixture(scope="session", autouse=True)
def every_summary_follows_its_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """After the session's tests (in each worker): every summary.json they wrote under their
    temporary folders follows templates/schemas/summary.schema.json."""
    yield
    from simulate.report.schema import summary_problems

    broken = []
    for path in sorted(tmp_path_factory.getbasetemp().rglob("summary.json")):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # a file a test damaged or left half-written on purpose
            continue
        broken += [f"{path}: {line}" for line in summary_problems(document)[:3]]
    assert not broken, "\n".join(broken)
