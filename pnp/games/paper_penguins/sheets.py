"""The sheets of a Paper Pen-guins setup: the setup record, board files and the 3:2:1 mix.

Rules: ../shared/RULES.md, "Paper Pen-guins": a sheet is rows of numbers 1-3, top row first, with
half ones, a third twos and a sixth threes. A kit of several sheets is one setup listing them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pnp.games.setupdata import Schema, SetupData

MIN_SIDE, MAX_SIDE = 4, 20
ZERO = ord("0")  # a digit's number is its character code less this


def mix(cells: int) -> tuple[int, int, int]:
    """How many 1s, 2s and 3s a sheet of `cells` numbers holds: the 3:2:1 mix of RULES.md."""
    ones, threes = round(cells / 2), round(cells / 6)
    return ones, cells - ones - threes, threes


def sheet_digits(rows: Sequence[str]) -> bytes:
    """A sheet's digits (as characters) cell by cell: row-major from the bottom row."""
    return "".join(reversed(rows)).encode()


def parse_sheet(text: str) -> list[str]:
    """Rows of digits 1-3, top row first, from a board file.

    Accepts plain rows (`23232231`), digits separated by spaces or tabs, and the rules' printed
    sheet with a letter header and rank numbers on both sides. Blank and `#` lines are skipped.
    """
    lines = [
        ln.split() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")
    ]
    lines = [tokens for tokens in lines if not all(t.isalpha() for t in tokens)]
    rows = [tokens[0] if len(tokens) == 1 else "".join(tokens) for tokens in lines]
    labelled = len(lines) > 0 and all(
        len(tokens) >= 3 and tokens[0] == tokens[-1] == str(len(lines) - i)
        for i, tokens in enumerate(lines)
    )
    if labelled:
        rows = ["".join(tokens[1:-1]) for tokens in lines]
    if not rows:
        raise ValueError("no rows of numbers found")
    for number, row in enumerate(rows, 1):
        bad = re.search(r"[^123]", row)
        if bad:
            raise ValueError(f"row {number} has {bad.group()!r}; cells must be 1, 2 or 3")
        if len(row) != len(rows[0]):
            raise ValueError(f"row {number} has {len(row)} numbers, row 1 has {len(rows[0])}")
    if not (MIN_SIDE <= len(rows) <= MAX_SIDE and MIN_SIDE <= len(rows[0]) <= MAX_SIDE):
        raise ValueError(
            f"the sheet is {len(rows)} x {len(rows[0])}; sides must be {MIN_SIDE} to {MAX_SIDE}"
        )
    return rows


def check_mix(rows: Sequence[str]) -> None:
    """ValueError unless the sheet holds the 3:2:1 mix of its size (RULES.md: every sheet does)."""
    digits = "".join(rows)
    found = tuple(digits.count(d) for d in "123")
    expected = mix(len(digits))
    if found != expected:
        raise ValueError(
            f"{found[0]} ones, {found[1]} twos and {found[2]} threes; expected "
            f"{expected[0]}, {expected[1]} and {expected[2]} for {len(rows)} x {len(rows[0])} "
            "(the 3:2:1 mix)"
        )


Row = Annotated[
    str,
    Schema(
        pattern=f"^[1-3]{{{MIN_SIDE},{MAX_SIDE}}}$",
        description=f"{MIN_SIDE} to {MAX_SIDE} digits 1-3, one row of the sheet",
    ),
]


@dataclass(frozen=True, kw_only=True)
class Sheet(SetupData):
    """One sheet of numbers: its name (None: not named in the file) and its rows, top first."""

    id: Annotated[
        str | None,
        Schema(
            pattern="^[A-Za-z0-9._-]{1,32}$",
            description="a name of 1 to 32 letters, digits, dots, dashes or underscores",
        ),
    ] = None
    rows: Annotated[
        tuple[Row, ...],
        Schema(
            minItems=MIN_SIDE, maxItems=MAX_SIDE, description="the rows of numbers, top row first"
        ),
    ]


@dataclass(frozen=True)
class PaperPenguinsSetup(SetupData):
    """The sheets of a kit (one file lists them all); a game is played on one sheet."""

    sheets: Annotated[tuple[Sheet, ...], Schema(minItems=1, maxItems=500)]
