"""Wallaby positions as text, as the tests write them, and `position_text`, which writes them.

```
    a  b  c  d
 4  1  2  3R 1
 3  2  .  3  1
 2  1  1S 2  3
 1  3B 2  1  .
harvest red=13 blue=-; red to play
```

A digit is a tile with that many plants, `.` a spot with no tile; letters after it are the
wallabies on it (R red, B blue, G green, Y yellow: the seats in turn order) and S the scarecrow.
The last line lists every seat's harvested tiles (`-` none, `out` left the game) and who plays:
`red to play`; during the setup the step to make (`red to place`, `blue to harvest`, `blue to
place the scarecrow`); at the end `red wins` or `endless`. Ranks run bottom to top and files
left to right, as pnp.games.mechanics.grid names squares. `WallabyState.to_text` (rules.py)
writes a position with `position_text`, `Wallaby.state_from_text` (game.py) reads it in the
variant of a setup. It reads a position only through `Parts`, so rules.py can call it without
this module importing rules.py back.
"""

from __future__ import annotations

from typing import Protocol

from pnp.games.base import Seat
from pnp.games.mechanics.grid import FILES
from pnp.games.wallaby.field import SEATS, Field
from pnp.games.wallaby.moves import Cell

LETTERS = "".join(seat[0].upper() for seat in SEATS)  # RBGY
SCARECROW = "S"
STEP_VERBS = {"place": "place", "harvest": "harvest", "scarecrow": "place the scarecrow"}


class Parts(Protocol):
    """What `position_text` reads of a position: a `WallabyState`'s (rules.py)."""

    field: Field
    tile: list[int]
    pos: list[Cell]
    scarecrow: Cell
    held: list[list[int]]
    alive: list[bool]
    winner: Seat | None
    endless: bool
    step: int
    turn: Seat

    def setting_up(self) -> bool: ...


def position_text(state: Parts) -> str:
    field = state.field
    lines = ["   " + "".join(f"{FILES[c]:<3}" for c in range(field.cols)).rstrip()]
    for row in reversed(range(field.rows)):
        tokens = []
        for col in range(field.cols):
            cell = row * field.cols + col
            token = str(state.tile[cell]) if state.tile[cell] else "."
            token += "".join(LETTERS[s] for s, p in enumerate(state.pos) if p == cell)
            token += SCARECROW if state.scarecrow == cell else ""
            tokens.append(f"{token:<2} ")  # a space after each, the longest too: 3RS
        lines.append(f"{row + 1:>2} " + "".join(tokens).rstrip())
    lines.append(f"harvest {' '.join(_holding(state, s) for s in range(field.players))}; "
                 f"{_status(state)}")  # fmt: skip
    return "\n".join(lines)


def _holding(state: Parts, seat: int) -> str:
    if not state.alive[seat]:
        return f"{SEATS[seat]}=out"
    tiles = "".join(str(v) * state.held[seat][v] for v in (1, 2, 3))
    return f"{SEATS[seat]}={tiles or '-'}"


def _status(state: Parts) -> str:
    if state.winner is not None:
        return f"{SEATS[state.winner]} wins"
    if state.endless:
        return "endless"
    if state.setting_up():
        kind, seat = state.field.steps[state.step]
        return f"{SEATS[seat]} to {STEP_VERBS[kind]}"
    return f"{SEATS[state.turn]} to play"
