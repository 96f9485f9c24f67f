"""Reading the manual's Markdown for the docs tests: its pages, tables, code and paths."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def pages() -> list[Path]:
    """The README and every page of the manual."""
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def cells(line: str) -> list[str]:
    """A table row's cells, stripped (a `\\|` inside a cell is a pipe, not a border)."""
    inner = line.strip().removeprefix("|").removesuffix("|")
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def table(path: Path, first_header: str) -> list[list[str]]:
    """The body rows of the first table of `path` whose first header cell is `first_header`."""
    lines = text(path).splitlines()
    for number, line in enumerate(lines):
        if line.startswith("|") and cells(line)[0] == first_header:
            rows = []
            for row in lines[number + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(cells(row))
            return rows
    raise AssertionError(f"{path.relative_to(ROOT)}: no table headed {first_header!r}")


def code_spans(markdown: str) -> list[str]:
    """The inline code of a page (fenced blocks left out)."""
    outside = re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)
    return re.findall(r"`([^`\n]+)`", outside)


def fenced(markdown: str, language: str) -> list[str]:
    """The lines of the page's fenced blocks of `language` (```sh)."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```", markdown, flags=re.S | re.M)
    return [line for block in blocks for line in block.splitlines()]
