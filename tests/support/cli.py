"""pnp's command line as every test calls it: typer's CliRunner over the app, in-process.

`invoke` gives the exit code, stdout and stderr; `run` the whole result (its exception too);
`runner` is there for the calls that set an environment or a program name; `refused` is the
one line `pnp kit` refuses a setup file with; `balance_run` a balance run's summary.json.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from pnp.cli import app

runner = CliRunner()


def run(*args: str) -> Result:
    """`pnp ARGS`, in-process: the whole result."""
    return runner.invoke(app, list(args))


def invoke(*args: str) -> tuple[int, str, str]:
    """`pnp ARGS`, in-process: its exit code, stdout and stderr."""
    result = run(*args)
    return result.exit_code, result.stdout, result.stderr


def balance_run(out: Path, game: str, seed: int, *args: str) -> tuple[dict[str, Any], str]:
    """`pnp balance GAME ARGS --seed SEED --workers 1 --out OUT`, which must succeed: the
    summary.json of its run folder (GAME-balance-SEED) and what it printed."""
    code, stdout, err = invoke("balance", game, *args, "--seed", str(seed), "--workers", "1",
                               "--out", str(out))  # fmt: skip
    assert code == 0, err
    folder = out / f"{game}-balance-{seed}"
    summary: dict[str, Any] = json.loads((folder / "summary.json").read_text())
    return summary, stdout


def refused(tmp_path: Path, name: str, document: dict[str, Any]) -> str:
    """The one line `pnp kit` prints refusing `document`, after checking it wrote nothing."""
    path, out = tmp_path / "setup.json", tmp_path / "out"
    path.write_text(json.dumps(document))
    result = run("kit", name, "--setup", str(path), "--out", str(out))
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert not out.exists()
    prefix = f"pnp: error: setup file {path}: "
    assert lines[0].startswith(prefix), lines[0]
    return lines[0].removeprefix(prefix)
