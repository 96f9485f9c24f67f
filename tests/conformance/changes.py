"""What one move changed, for the `effect` of the conformance cases (tests/games/<game>/cases.py,
checked on every move by test_effects.py): `gains(before, after, "fish")` per seat, the one
piece `moved_piece` moved, and a field `unchanged_but` on the cells the move touched."""

from __future__ import annotations

from typing import Any


def unchanged_but(before: Any, after: Any, field: str, cells: set[int]) -> None:
    old, new = getattr(before, field), getattr(after, field)
    assert all(old[c] == new[c] for c in range(len(old)) if c not in cells), f"{field} elsewhere"


def moved_piece(before: Any, after: Any, seat: int, source: int, target: int) -> None:
    """The seat's piece on `source` is now on `target` (a placement adds one: source < 0)."""
    pieces = [target if c == source else c for c in before.pieces[seat]]
    assert after.pieces[seat] == (pieces if source >= 0 else [*pieces, target]), "piece moved"


def gains(before: Any, after: Any, field: str) -> list[int]:
    return [a - b for a, b in zip(getattr(after, field), getattr(before, field), strict=True)]
