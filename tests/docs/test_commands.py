"""Every `pnp ...` command line the README and the manual show parses with pnp's own
command-line parser: no page shows a command or an option pnp does not have.

Commands are taken from ```sh blocks and inline code. Synopses with placeholders (`GAME`, `N`,
`[--seed N]`, `A|B`, `...`) are left out: the reference (docs/reference/cli.md) is generated."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer

from pnp.cli import app
from tests.docs.markdown import ROOT, code_spans, fenced, pages, text

# typer carries its own click: its usage error is the base of typer.BadParameter.
USAGE_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)
PLACEHOLDER = re.compile(r"[\[\]<>|]|\.\.\.|\b[A-Z][A-Z0-9_]*\b")


def commands(markdown: str) -> list[str]:
    """The concrete `pnp` command lines of a page."""
    found = []
    for line in fenced(markdown, "sh") + code_spans(markdown):
        line = re.sub(r"(^|\s)#.*$", "", line).removeprefix("$ ")  # comments, prompts
        for part in re.split(r"&&|;|\|\||\s&\s|\s&$", line):
            words = part.strip().removeprefix(".venv/bin/")
            if (
                words.startswith("pnp ")
                and not PLACEHOLDER.search(words.replace("pnp ", "", 1))
                and "completion" not in words  # its option's callback would install it
            ):
                found.append(words)
    return found


def parse(line: str) -> None:
    """Parse `line` as pnp would, down to its command, without running it: each command word
    leads into its group's command, then the command parses the rest (options, arguments)."""
    words = shlex.split(line)[1:]
    command = typer.main.get_command(app)
    context = typer.Context(command, info_name="pnp")
    while words and hasattr(command, "get_command") and not words[0].startswith("-"):
        sub = command.get_command(context, words[0])
        assert sub is not None, f"no command {words[0]!r}"
        command, words = sub, words[1:]
        context = typer.Context(command, info_name=command.name, parent=context)
    if hasattr(command, "get_command") and not words:
        return  # a group named alone (`pnp platypus`): its help
    command.make_context(context.info_name, words, parent=context.parent)


def shown() -> list[tuple[Path, str]]:
    return [(page, line) for page in pages() for line in commands(text(page))]


@pytest.mark.parametrize(
    ("page", "line"), shown(), ids=[f"{p.relative_to(ROOT)}: {c}" for p, c in shown()]
)
def test_a_command_shown_parses(page: Path, line: str) -> None:
    try:
        parse(line)
    except typer.Exit:
        pass  # an eager option (`--version`, `-h`) parsed, and ended the parse
    except USAGE_ERROR as error:
        message: str = error.format_message()  # type: ignore[attr-defined]
        if type(error).__name__ == "MissingParameter":
            return  # a command shown without its game (`pnp balance` in a sentence)
        if line.split()[-1].startswith("-") and "requires an argument" in message:
            return  # an option named in a sentence (`pnp simulate --setup`), its value left out
        pytest.fail(f"{page.relative_to(ROOT)}: `{line}`: {message}")


def test_commands_are_found() -> None:
    assert len(shown()) > 40
