"""Corruptions for the conformance cases (tests/games/<game>/cases.py): each builder breaks one
field of a position, so that test_corruption.py can show the game's invariants catch it.
`bump("score", 1)` adds one to a score, `put_item("free", cell, 0)` overwrites one entry,
`assign("turn", ...)` replaces a whole field; `first` finds the cell to break."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Tamper = Callable[[Any], None]  # breaks one field of a position


def first(values: Any, wanted: Callable[[int], bool]) -> int:
    return next(index for index in range(len(values)) if wanted(index))


def bump(field: str, index: int, by: int = 1) -> Tamper:
    def tamper(state: Any) -> None:
        getattr(state, field)[index] += by

    return tamper


def put_item(field: str, index: int, value: Any) -> Tamper:
    def tamper(state: Any) -> None:
        getattr(state, field)[index] = value

    return tamper


def assign(field: str, value: Callable[[Any], Any]) -> Tamper:
    return lambda state: setattr(state, field, value(state))
