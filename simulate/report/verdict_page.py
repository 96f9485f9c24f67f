"""The verdict typeset as report.pdf's first page: a title, the run's facts beside their names,
and each part of the verdict under its own heading, in a proportional face a designer reads.

It sets `Verdict.lines()` (simulate/report/verdict.py), the very words the terminal prints and
summary.json keeps, as a page: paragraphs stay paragraphs, a paragraph opening with a known
name ("options:", "caveat:", "first-seat advantage (...):") gets it as a heading, and the legend
of terms ("the words:") its terms in bold. A verdict longer than a page goes on to the next.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

A4 = (8.27, 11.69)  # inches
LEFT, TOP, BOTTOM = 0.07, 0.95, 0.05  # figure fractions
FACTS = ("options", "agents", "played")  # shown beside their names
HEADED = re.compile(r"^(?P<name>[a-z][a-z -]*?)(?: \((?P<note>.*)\))?:(?: (?P<rest>.*))?$")
BODY, NOTE, HEADING, TITLE = 9.5, 8, 11, 17  # points
CHARACTERS = 112  # of a body line at BODY points across the page (DejaVu Sans)
GREY = "#555555"


class _Pages:
    """Figures written top to bottom; a new page when the text reaches the bottom margin."""

    def __init__(self) -> None:
        self.figures: list[Figure] = []
        self.y = 0.0
        self._new()

    def _new(self) -> None:
        self.figures.append(plt.figure(figsize=A4))
        self.y = TOP

    def text(self, x: float, text: str, size: float, advance: bool = True, **style: object) -> None:
        step = size * 1.45 / (A4[1] * 72)
        if self.y - step < BOTTOM:
            self._new()
        self.figures[-1].text(x, self.y, text, va="top", fontsize=size, **style)  # type: ignore[arg-type]
        if advance:
            self.y -= step

    def gap(self, size: float) -> None:
        self.y -= size * 0.9 / (A4[1] * 72)


def _wrapped(text: str, size: float, indent: float = 0.0) -> list[str]:
    """`text` in lines that fit the page at `size` points, `indent` (a figure fraction) in."""
    width = int(CHARACTERS * BODY / size * (1 - 2 * LEFT - indent) / (1 - 2 * LEFT))
    lead = len(text) - len(text.lstrip(" "))
    return textwrap.wrap(text.strip(), width - lead) or [""]


def verdict_pages(lines: Sequence[str]) -> list[Figure]:
    """The verdict's `lines` (its title first, then paragraphs apart by empty lines) as A4
    pages."""
    pages = _Pages()
    pages.text(LEFT, lines[0], TITLE, weight="bold")
    pages.gap(TITLE)
    paragraphs: list[list[str]] = [[]]
    for line in lines[1:]:
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    for paragraph in paragraphs:
        _paragraph(pages, paragraph)
        pages.gap(BODY)
    return pages.figures


def _paragraph(pages: _Pages, paragraph: Sequence[str]) -> None:
    if all(line.partition(": ")[0] in FACTS for line in paragraph):
        for line in paragraph:  # the run's facts, each beside its name
            name, _, value = line.partition(": ")
            pages.text(LEFT, name, BODY, advance=False, weight="bold")
            for part in _wrapped(value, BODY, 0.12):
                pages.text(LEFT + 0.12, part, BODY)
        return
    opening = HEADED.match(paragraph[0])
    rest = list(paragraph)
    if opening:
        pages.text(LEFT, opening["name"][0].upper() + opening["name"][1:], HEADING,
                   weight="bold")  # fmt: skip
        if opening["note"]:
            for part in _wrapped(opening["note"], NOTE):
                pages.text(LEFT, part, NOTE, color=GREY)
        rest = ([opening["rest"]] if opening["rest"] else []) + rest[1:]
    terms = opening is not None and opening["name"] == "the words"
    for line in rest:
        indent = 0.03 * (len(line) - len(line.lstrip(" "))) / 2
        if terms:
            term, _, meaning = line.strip().partition(": ")
            pages.text(LEFT + indent, term, NOTE + 0.5, advance=False, weight="bold")
            for part in _wrapped(meaning, NOTE + 0.5, indent + 0.2):
                pages.text(LEFT + indent + 0.2, part, NOTE + 0.5)
            continue
        hanging = 0.03 if indent else 0.0  # an item's further lines stand in from its first
        for index, part in enumerate(_wrapped(line, BODY, indent + hanging)):
            pages.text(LEFT + indent + (hanging if index else 0), part, BODY)
