"""The Colour Diplomacy board: N concentric circles of N fields and the center, and its orders.

Follows ../shared/RULES.md, "Colour Diplomacy". Circles are numbered 1 (outermost) to N
(innermost) and fields 1..N on every circle, as players name them. Field k of circle c borders
fields k and k+1 (mod N) of circle c+1, so fields k-1 and k of circle c-1; every field of circle
N borders the center. For supports, fields k-1 and k+1 of the same circle are adjacent too.

Two pseudo-circles make the rules read as arithmetic: circle 0 is off the board (one step out of
circle 1) and circle N+1 is the center (one step in from circle N).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

Seat = int  # 0-based; seat s is player s + 1, who starts on field s + 1 of circle 1
Field = tuple[int, int]  # (circle, field), both numbered from 1

OFF: Field = (0, 0)  # off the board: where a step out of circle 1 leads

HOLD, IN, OUT, SUPPORT = "hold", "in", "out", "support"
MOVES = (IN, OUT)


class Order(NamedTuple):
    """One player's order: hold; move in or out to `target` (the center, or OFF for a step out of
    circle 1); or support `player`'s move into `target`."""

    kind: str
    target: Field = OFF
    player: Seat = -1


HOLD_ORDER = Order(HOLD)


@dataclass(frozen=True)
class Board:
    """Adjacency of the circles of an n-player board, precomputed once per n."""

    n: int
    inward: dict[Field, tuple[Field, ...]]  # the fields (or the center) a step in reaches
    outward: dict[Field, tuple[Field, ...]]  # the fields (or OFF) a step out reaches
    sides: dict[Field, tuple[Field, ...]]  # fields k-1 and k+1 of the same circle
    entries: dict[Field, tuple[Field, ...]]  # the fields a move into this field can start from
    steps: dict[Field, tuple[Order, ...]]  # the move orders from a field: in, then out

    @property
    def center(self) -> Field:
        return (self.n + 1, 0)

    def fields(self) -> list[Field]:
        return [(c, k) for c in range(1, self.n + 1) for k in range(1, self.n + 1)]

    def name(self, spot: Field) -> str:
        """`c2f5`, `center` or `off`."""
        if spot == self.center:
            return "center"
        if spot == OFF:
            return "off"
        return f"c{spot[0]}f{spot[1]}"

    def parse(self, text: str) -> Field:
        """A field named as `name` writes it (`c2f5`, `center`); ValueError otherwise."""
        text = text.strip().lower()
        if text == "center":
            return self.center
        circle, sep, field = text.removeprefix("c").partition("f")
        if not (text.startswith("c") and sep and circle.isdigit() and field.isdigit()):
            raise ValueError(f"{text!r} is not a field: expected c<circle>f<field> or center")
        spot = (int(circle), int(field))
        if not (1 <= spot[0] <= self.n and 1 <= spot[1] <= self.n):
            raise ValueError(f"{text!r} is not on a {self.n}-circle board")
        return spot

    def step_out(self, source: Field) -> Field:
        """The field with the number of `source` one circle further out (OFF from circle 1):
        where a move from `source` into a held field ends, and where the outward shift takes a
        player on `source`."""
        circle, field = source
        return (circle - 1, field) if circle > 1 else OFF

    def order_text(self, order: Order) -> str:
        """An order as players write it: `in 3`, `out 5`, `in center`, `off`, `hold`,
        `support 4 into c2f5` (player numbers and field names from 1)."""
        if order.kind == HOLD:
            return "hold"
        if order.kind == SUPPORT:
            return f"support {order.player + 1} into {self.name(order.target)}"
        if order.target == OFF:
            return "off"
        if order.target == self.center:
            return "in center"
        return f"{order.kind} {order.target[1]}"

    def parse_order(self, text: str, source: Field) -> Order:
        """An order written as `order_text` writes it, for a player on `source`."""
        words = text.strip().lower().split()
        if words == ["hold"]:
            return HOLD_ORDER
        if words == ["off"]:
            return Order(OUT, OFF)
        if words == ["in", "center"]:
            return Order(IN, self.center)
        if len(words) == 2 and words[0] in MOVES and words[1].isdigit():
            step = 1 if words[0] == IN else -1
            return Order(words[0], (source[0] + step, int(words[1])))
        if len(words) == 4 and words[0] == "support" and words[1].isdigit() and words[2] == "into":
            return Order(SUPPORT, self.parse(words[3]), int(words[1]) - 1)
        raise ValueError(
            f"{text!r} is not an order: expected hold, in N, out N, in center, off "
            "or support P into cCfF"
        )


def _wrap(field: int, n: int) -> int:
    """Field numbers run 1..n round the circle."""
    return (field - 1) % n + 1


@cache
def board(n: int) -> Board:
    """The board of `n` circles of `n` fields."""
    inward: dict[Field, tuple[Field, ...]] = {}
    outward: dict[Field, tuple[Field, ...]] = {}
    sides: dict[Field, tuple[Field, ...]] = {}
    entries: dict[Field, tuple[Field, ...]] = {}
    for c in range(1, n + 1):
        for k in range(1, n + 1):
            inward[(c, k)] = ((c + 1, k), (c + 1, _wrap(k + 1, n))) if c < n else ((n + 1, 0),)
            outward[(c, k)] = ((c - 1, _wrap(k - 1, n)), (c - 1, k)) if c > 1 else (OFF,)
            sides[(c, k)] = ((c, _wrap(k - 1, n)), (c, _wrap(k + 1, n)))
    for source, targets in [*inward.items(), *outward.items()]:
        for target in targets:
            entries[target] = (*entries.get(target, ()), source)
    steps = {
        spot: (*(Order(IN, t) for t in inward[spot]), *(Order(OUT, t) for t in outward[spot]))
        for spot in inward
    }
    return Board(n, inward, outward, sides, entries, steps)


@cache
def field_numbers(n: int) -> dict[Field, int]:
    """The numbers of the fields of the board of `n` circles in the compiled engine's arrays:
    (circle - 1) * n + (field - 1), the center n * n and off the board n * n + 1."""
    rings = board(n)
    return {
        **{spot: i for i, spot in enumerate(rings.fields())},
        rings.center: n * n,
        OFF: n * n + 1,
    }
