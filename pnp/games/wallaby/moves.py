"""Wallaby moves: what a move is, how it is written, and the lazy list of a turn's complete moves.

Rules: ../shared/RULES.md, "Wallaby". A play turn is one complete move: the jump direction (its
length is the number on the tile the wallaby stands on), the bounce direction and length (the
number on the tile bounced from, or 1-3 by choice where that spot has no tile), whether to harvest
the tile bounced from, where the scarecrow goes after a one-plant harvest, and which harvested
tile is put down in the ground check. The setup is played as single steps: a placement, an initial
harvest, the scarecrow.

Move text (no spaces, so a test can play a line of moves):
- `W2/S3`: jump west 2, bounce south 3, no harvest;
- `W2/S3/harvest`: and take the tile bounced from; `.../harvest/scarecrow:d4` after a one-plant
  harvest moves the scarecrow to d4 (without it the scarecrow stays);
- `.../put:1`: the bounce ended where no tile is, and the player puts a harvested 1 there;
  `.../out`: the player has no tile to put down and leaves the game;
- `pass`; setup steps `place:a1`, `harvest:d4`, `harvest:none`, `scarecrow:c3`.

The rules (rules.py) and the compiled engine (engine.py) both read moves here, and what greedy
players count a move that wins or leaves the game (`WIN`, `LOSS`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from pnp.lazylist import LazySequence

Cell = int  # row * cols + col, row 0 at the bottom, as pnp.games.mechanics.grid numbers squares
Direction = int  # index into STEPS
Value = int  # plants on a tile: 1, 2 or 3; 0 where no tile is

STEPS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))  # (d_row, d_col)
DIRECTION_LETTERS = "NESW"
VALUES: tuple[Value, ...] = (1, 2, 3)
FREE_LENGTHS = (1, 2, 3)  # a bounce from a spot with no tile
NO_CELL: Cell = -1
STAYS: Cell = -1  # the scarecrow is not moved
NO_PUT, OUT = 0, -1  # `put`: no ground check needed; no tile to put down (the player leaves)
WIN, LOSS = 1000.0, -1000.0  # greedy values of a winning and of a self-eliminating move


class Turn(NamedTuple):
    """One complete play turn."""

    jump: Direction
    bounce: Direction
    length: int  # of the bounce
    harvest: bool
    scarecrow: Cell  # STAYS, or where the scarecrow goes after a one-plant harvest
    put: Value  # the harvested tile put down in the ground check; NO_PUT or OUT


class Step(NamedTuple):
    """One setup step (`place`, `harvest`, `scarecrow`) or a pass; `cell` NO_CELL for none."""

    kind: str
    cell: Cell


PASS = Step("pass", NO_CELL)
Move = Turn | Step


class Route(NamedTuple):
    """A legal jump and bounce, and the choices that complete it into moves.

    `puts_kept` are the ground-check choices without a harvest, `puts_taken` with one; `targets`
    counts the scarecrow choices after a harvest (1 = it stays, the only choice unless a one-plant
    tile is taken while the scarecrow is on the board); 0 when the bounce spot cannot be harvested.
    """

    jump: Direction
    bounce: Direction
    length: int
    spot: Cell  # where the jump landed (the tile bounced from), NO_CELL outside the board
    puts_kept: tuple[Value, ...]
    puts_taken: tuple[Value, ...]
    targets: int


class TurnList(LazySequence[Turn]):
    """Every complete move of a turn, made one at a time on demand.

    A turn can have a few thousand complete moves (the scarecrow may go to any tile), so the list
    is not built: `len` and indexing work from the routes, and a random agent draws uniformly
    over complete moves at the cost of one route scan.
    """

    def __init__(self, routes: Sequence[Route], scarecrow_tiles: Sequence[Cell]) -> None:
        self.routes = tuple(routes)
        self.tiles = tuple(scarecrow_tiles)  # tiles the scarecrow may go to, before a harvest
        self.starts: list[int] = []
        self.counts = [len(r.puts_kept) + r.targets * len(r.puts_taken) for r in self.routes]
        total = 0
        for count in self.counts:
            self.starts.append(total)
            total += count
        self.total = total

    def __len__(self) -> int:
        return self.total

    def item(self, index: int) -> Turn:
        position = bisect_left(self.starts, index + 1) - 1
        return self._turn(self.routes[position], index - self.starts[position])

    def __iter__(self) -> Iterator[Turn]:
        """The moves in index order, made without index arithmetic (greedy agents walk them all)."""
        for jump, bounce, length, spot, kept, taken, targets in self.routes:
            for put in kept:
                yield Turn(jump, bounce, length, False, STAYS, put)
            if not targets:
                continue
            for put in taken:
                yield Turn(jump, bounce, length, True, STAYS, put)
            if targets > 1:
                for cell in self.tiles:
                    if cell != spot:
                        for put in taken:
                            yield Turn(jump, bounce, length, True, cell, put)

    def _turn(self, route: Route, k: int) -> Turn:
        kept = len(route.puts_kept)
        if k < kept:
            return Turn(route.jump, route.bounce, route.length, False, STAYS, route.puts_kept[k])
        target, put = divmod(k - kept, len(route.puts_taken))
        return Turn(
            route.jump,
            route.bounce,
            route.length,
            True,
            self._target(target, route.spot),
            route.puts_taken[put],
        )

    def _target(self, choice: int, taken: Cell) -> Cell:
        """Scarecrow choice `choice`: 0 stays, k the k-th tile left after `taken` is harvested."""
        if choice == 0:
            return STAYS
        k = choice - 1
        return self.tiles[k if k < bisect_left(self.tiles, taken) else k + 1]


def turn_text(turn: Turn, jump_length: int, name: str) -> str:
    """`turn` as players write it; `name` names the scarecrow's cell (e.g. `d4`)."""
    parts = [
        f"{DIRECTION_LETTERS[turn.jump]}{jump_length}",
        f"{DIRECTION_LETTERS[turn.bounce]}{turn.length}",
    ]
    if turn.harvest:
        parts.append("harvest")
    if turn.scarecrow != STAYS:
        parts.append(f"scarecrow:{name}")
    if turn.put == OUT:
        parts.append("out")
    elif turn.put != NO_PUT:
        parts.append(f"put:{turn.put}")
    return "/".join(parts)


def step_text(step: Step, name: str) -> str:
    if step == PASS:
        return "pass"
    return f"{step.kind}:{name if step.cell != NO_CELL else 'none'}"
