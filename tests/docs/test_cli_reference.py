"""The command-line reference (docs/reference/cli.md) is what the typer app generates now, so it
never drifts from `pnp COMMAND --help`. After changing a command or option, write it again with
`.venv/bin/python -m docs.gen_cli`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from docs.gen_cli import HEADER, PAGE, fixed_environment, reference, typer_markdown


def test_the_cli_reference_is_what_the_app_generates() -> None:
    assert PAGE.read_text(encoding="utf-8") == reference(), (
        "docs/reference/cli.md differs from what pnp.cli:app generates: "
        "run `.venv/bin/python -m docs.gen_cli`"
    )


def test_the_page_is_typers_own_docs_command(tmp_path: Path) -> None:
    """docs.gen_cli writes what `typer pnp.cli utils docs --name pnp` writes, below its header."""
    written = tmp_path / "cli.md"
    with fixed_environment():
        subprocess.run(
            [sys.executable, "-m", "typer", "pnp.cli", "utils", "docs", "--name", "pnp",
             "--output", str(written)],
            check=True, capture_output=True, cwd=PAGE.parents[2],
        )  # fmt: skip
    assert written.read_text(encoding="utf-8") == typer_markdown()
    assert reference() == HEADER + typer_markdown()


def test_the_reference_names_every_command() -> None:
    page = PAGE.read_text(encoding="utf-8")
    for command in ("games", "kit", "simulate", "balance", "sweep", "perft", "demo", "platypus"):
        assert f"## `pnp {command}`" in page
    assert "### `pnp platypus longest`" in page
