"""Write docs/reference/cli.md, the command-line reference, from the typer app itself.

The page is typer's own Markdown for `pnp.cli:app` (what `typer pnp.cli utils docs --name pnp`
prints), so it says what `pnp COMMAND --help` says. tests/docs/test_cli_reference.py fails when
the file differs from what the app generates; run this to write it again:

    .venv/bin/python -m docs.gen_cli
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PAGE = Path(__file__).resolve().parent / "reference" / "cli.md"

# typer writes this Markdown without asking the terminal, but the environment is fixed all the
# same, so the page is the same on any machine and in any shell: no colour, a fixed width.
FIXED_ENV = {"COLUMNS": "100", "LINES": "40", "NO_COLOR": "1", "TERM": "dumb"}

HEADER = "<!-- Written by `python -m docs.gen_cli` from pnp.cli:app: do not edit by hand. -->\n\n"


@contextmanager
def fixed_environment() -> Iterator[None]:
    """FIXED_ENV for the duration, the caller's environment restored after."""
    saved = {name: os.environ.get(name) for name in FIXED_ENV}
    os.environ.update(FIXED_ENV)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def typer_markdown() -> str:
    """typer's Markdown of every command of `pnp`, as `typer pnp.cli utils docs --name pnp`
    writes it (the app's markup mode passed the way that command passes it)."""
    import typer
    import typer.cli
    from typer.core import MARKUP_MODE_KEY

    from pnp.cli import app

    with fixed_environment():
        command = typer.main.get_command(app)
        context = typer.Context(command, info_name="pnp")
        context.obj = {MARKUP_MODE_KEY: app.rich_markup_mode}
        text = typer.cli.get_docs_for_click(obj=command, ctx=context, name="pnp")
    return text.strip() + "\n"


def reference() -> str:
    """The page: a line saying how it is made, then typer's Markdown."""
    return HEADER + typer_markdown()


def main() -> None:
    PAGE.write_text(reference(), encoding="utf-8")
    print(f"wrote {PAGE}", file=sys.stderr)


if __name__ == "__main__":
    main()
