"""Wallaby positions as text, as the tests write them (the rules are in rules.py beside this).

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
left to right, as pnp.games.mechanics.grid names squares. `WallabyState.to_text` writes a
position, `Wallaby.state_from_text` reads it in the variant of a setup.
"""

from __future__ import annotations

import re

from pnp.games.mechanics.grid import FILES
from pnp.games.wallaby.moves import NO_CELL
from pnp.games.wallaby.rules import SEATS, Field, WallabyState, make_field

LETTERS = "".join(seat[0].upper() for seat in SEATS)  # RBGY
SCARECROW = "S"
_TOKEN = re.compile(r"^([.123])([RBGYS]*)$")
_HOLDING = re.compile(r"^(red|blue|green|yellow)=(-|out|[123]+)$")
_STATUS = re.compile(
    r"harvest (.+); (?:(\w+) (?:to (play|place|harvest|place the scarecrow)|wins)|endless)"
)
STEP_VERBS = {"place": "place", "harvest": "harvest", "scarecrow": "place the scarecrow"}


def position_text(state: WallabyState) -> str:
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


def _holding(state: WallabyState, seat: int) -> str:
    if not state.alive[seat]:
        return f"{SEATS[seat]}=out"
    tiles = "".join(str(v) * state.held[seat][v] for v in (1, 2, 3))
    return f"{SEATS[seat]}={tiles or '-'}"


def _status(state: WallabyState) -> str:
    if state.winner is not None:
        return f"{SEATS[state.winner]} wins"
    if state.endless:
        return "endless"
    if state.setting_up():
        kind, seat = state.field.steps[state.step]
        return f"{SEATS[seat]} to {STEP_VERBS[kind]}"
    return f"{SEATS[state.turn]} to play"


def read_position(text: str, valley: bool, scarecrow: bool) -> WallabyState:
    """The position `text` describes, on a field with or without the Valley's jumps off the
    board and the scarecrow. ValueError says what is wrong."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    status = " ".join(lines.pop())
    found = _STATUS.fullmatch(status)
    if not found or (found[2] and found[2] not in SEATS):
        raise ValueError(f"last line {status!r}: expected 'harvest red=13 blue=-; red to play'")
    holdings = [_HOLDING.match(part) for part in found[1].split()]
    if not all(holdings) or [m[1] for m in holdings if m] != list(SEATS[: len(holdings)]):
        raise ValueError(f"holdings {found[1]!r}: expected red=.. blue=.. in seat order")
    rows = [tokens[1:] for tokens in lines if tokens[0].isdigit()]
    field = make_field(len(rows), len(rows[0]), len(holdings), valley, scarecrow)
    state = WallabyState(field, [0] * (field.rows * field.cols))
    state.step = _step(field, found[2], found[3])
    for i, tokens in enumerate(rows):
        for col, token in enumerate(tokens):
            _place(state, (field.rows - 1 - i) * field.cols + col, token)
    for seat, match in enumerate(holdings):
        assert match is not None
        if match[2] == "out":
            state.alive[seat] = False
            state.out_order.append(seat)
        else:
            for digit in match[2].strip("-"):
                state.held[seat][int(digit)] += 1
                state.score[seat] += int(digit)
    placed = [seat for kind, seat in field.steps[: state.step] if kind == "place"]
    missing = [SEATS[s] for s in placed if state.alive[s] and state.pos[s] == NO_CELL]
    if missing:
        raise ValueError(f"no wallaby on the board for {', '.join(missing)}")
    if found[3] == "play":
        state.turn = SEATS.index(found[2])
    elif found[2] and not found[3]:
        state.turn = state.winner = SEATS.index(found[2])
    state.endless = not found[2]
    state.dealt = state.tiles_in_play()
    return state


def _step(field: Field, seat: str | None, verb: str | None) -> int:
    """The setup step a status names (`blue to harvest`), or past the setup."""
    if verb is None or verb == "play":
        return len(field.steps)
    kind = next(kind for kind, text in STEP_VERBS.items() if text == verb)
    step = (kind, SEATS.index(seat or ""))
    if step not in field.steps:
        raise ValueError(f"{seat} does not {verb} in the setup of this game")
    return field.steps.index(step)


def _place(state: WallabyState, cell: int, token: str) -> None:
    match = _TOKEN.match(token)
    if not match:
        raise ValueError(f"token {token!r}: expected a digit 1-3 or '.', then letters RBGYS")
    state.tile[cell] = 0 if match[1] == "." else int(match[1])
    for letter in match[2]:
        if letter == SCARECROW:
            state.scarecrow = cell
        elif LETTERS.index(letter) < state.players:
            state.pos[LETTERS.index(letter)] = cell
        else:
            raise ValueError(f"token {token!r}: no {letter} wallaby with {state.players} players")
    if match[2] and not state.tile[cell]:
        raise ValueError(f"token {token!r}: wallabies and the scarecrow stand on tiles")
