"""Paper Pen-guins rules: the position, its legal moves and how a move changes it.

Rules: ../shared/RULES.md, "Paper Pen-guins". Squares are named a1.. (files left to right, ranks
bottom to top) as mechanics.grid names them; the first player (seat 0) draws squares, the second
circles. Four placements each, alternately, on any unmarked number (scoring it); then queen moves
to an unmarked number, the square left gets an X; pieces and X block. A player with no move
passes; the game ends when neither can move. Highest score wins, equal scores draw.

Moves and square marks are in marks.py, the sheets of numbers in sheets.py. The compiled engine
(engine.py) plays the positions `position_of` makes of a state and `restorer` reads back;
`starts` lays out many start positions at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from pnp.games.base import Result, Seat, TurnState, ranks_by
from pnp.games.compiled import Compiled, Position, Starts
from pnp.games.mechanics.grid import FILES, Cell, SquareGrid
from pnp.games.mechanics.position_head import OVER, TURN
from pnp.games.paper_penguins.marks import CROSSED, FREE, PASS, PIECES_EACH, PLACE, Move
from pnp.games.paper_penguins.sheets import ZERO, sheet_digits

if TYPE_CHECKING:
    from pnp.games.paper_penguins.engine import Context

SEATS = ("square", "circle")


class PaperPenguinsState(TurnState[Move]):
    players = 2

    def __init__(self, grid: SquareGrid, values: Sequence[int]) -> None:
        self.grid = grid
        self.values = tuple(values)
        self.mark = [FREE] * grid.cells
        self.pieces: tuple[list[Cell], list[Cell]] = ([], [])
        self.score = [0, 0]
        self.turn: Seat = 0
        self.over = False

    # -- the contract ------------------------------------------------------------------------

    def legal_moves(self, seat: Seat) -> list[Move]:
        if self.placing():
            return [(PLACE, cell) for cell, mark in enumerate(self.mark) if mark == FREE]
        moves = [(source, target) for source in self.pieces[seat] for target in self.slides(source)]
        return moves or [PASS]

    def apply(self, move: Move) -> None:
        source, target = move
        seat = self.turn
        if move != PASS:
            if source == PLACE:
                self.pieces[seat].append(target)
            else:
                self.mark[source] = CROSSED
                self.pieces[seat][self.pieces[seat].index(source)] = target
            self.mark[target] = seat
            self.score[seat] += self.values[target]
        self.turn = 1 - seat
        self.over = not self.placing() and not (self.can_move(0) or self.can_move(1))

    def result(self) -> Result:
        return Result(self.scores(), ranks_by(self.score))

    def scores(self) -> tuple[float, ...]:
        return (float(self.score[0]), float(self.score[1]))

    def move_text(self, move: Move) -> str:
        source, target = move
        if move == PASS:
            return "pass"
        if source == PLACE:
            return self.grid.name(target)
        return f"{self.grid.name(source)}-{self.grid.name(target)}"

    def move_value(self, seat: Seat, move: Move) -> float:
        return 0.0 if move == PASS else float(self.values[move[1]])

    def clone(self) -> PaperPenguinsState:
        pieces = (self.pieces[0].copy(), self.pieces[1].copy())
        mark, score = self.mark.copy(), self.score.copy()
        return PaperPenguinsState.of_parts(
            self.grid, self.values, mark, pieces, score, self.turn, self.over
        )

    @classmethod
    def of_parts(
        cls,
        grid: SquareGrid,
        values: tuple[int, ...],
        mark: list[int],
        pieces: tuple[list[Cell], list[Cell]],
        score: list[int],
        turn: Seat,
        over: bool,
    ) -> PaperPenguinsState:
        """The state with these parts, taken as they are (no copies, no checks): for `clone` and
        the compiled engine's `restore`, which know them consistent."""
        state = cls.__new__(cls)
        state.grid, state.values, state.mark, state.pieces = grid, values, mark, pieces
        state.score, state.turn, state.over = score, turn, over
        return state

    def compiled(self) -> Compiled:
        # numba loads only when a compiled engine plays
        from pnp.games.paper_penguins.engine import ENGINE, decoder

        context, position = position_of(self)
        return Compiled(ENGINE, context, position, 2, decoder(self.grid), restorer(self.grid))

    def check_invariants(self) -> None:
        marks = self.mark
        assert all(m in (FREE, 0, 1, CROSSED) for m in marks), "unknown cell mark"
        for seat in (0, 1):
            assert len(self.pieces[seat]) <= PIECES_EACH, "more than four pieces"
            on = [c for c, m in enumerate(marks) if m == seat]
            assert sorted(self.pieces[seat]) == on, "pieces and marks disagree"
        ahead = len(self.pieces[0]) - len(self.pieces[1])
        assert ahead in (0, 1), "placements alternate, square first"
        if self.placing():
            assert self.turn == ahead, "the seat with fewer pieces places next"
        claimed = sum(v for v, m in zip(self.values, marks, strict=True) if m != FREE)
        assert sum(self.score) == claimed, "scores are the numbers marked"
        crossed = sum(1 for m in marks if m == CROSSED)
        placed = len(self.pieces[0]) + len(self.pieces[1])
        assert crossed == 0 or placed == 2 * PIECES_EACH, "no move before all are placed"
        stuck = not self.placing() and not (self.can_move(0) or self.can_move(1))
        assert self.over == stuck, "over exactly when neither player can move"

    # -- rules helpers -----------------------------------------------------------------------

    def placing(self) -> bool:
        return len(self.pieces[self.turn]) < PIECES_EACH

    def slides(self, source: Cell) -> list[Cell]:
        """Cells a queen move from `source` reaches over unmarked numbers."""
        targets = []
        for ray in self.grid.queen_rays[source]:
            for cell in ray:
                if self.mark[cell] != FREE:
                    break
                targets.append(cell)
        return targets

    def can_move(self, seat: Seat) -> bool:
        neighbours = self.grid.neighbours
        return any(self.mark[n] == FREE for source in self.pieces[seat] for n in neighbours[source])

    def parse_move(self, text: str) -> Move:
        """A move as `move_text` writes it: `d4` (placement), `d4-f6` or `pass`."""
        text = text.strip().lower()
        if text == "pass":
            return PASS
        if "-" in text:
            source, target = text.split("-")
            return (self.grid.parse(source), self.grid.parse(target))
        return (PLACE, self.grid.parse(text))

    # -- positions as text -------------------------------------------------------------------

    def to_text(self) -> str:
        """The sheet as in the tests: `[n]` square, `(n)` circle, `xn` crossed, then the status."""
        grid, lines = self.grid, []
        lines.append("   " + " ".join(f"{FILES[c]:>3}" for c in range(grid.cols)))
        for row in reversed(range(grid.rows)):
            tokens = []
            for col in range(grid.cols):
                cell = grid.cell(row, col)
                value, mark = self.values[cell], self.mark[cell]
                token = {FREE: f"{value}", 0: f"[{value}]", 1: f"({value})"}.get(mark, f"x{value}")
                tokens.append(f"{token:>3}")
            lines.append(f"{row + 1:>2} " + " ".join(tokens))
        lines.append(f"score {self.score[0]} {self.score[1]}; {SEATS[self.turn]} to play")
        return "\n".join(lines)


# -- the compiled engine's positions (engine.py) ---------------------------------------------


def position_of(state: PaperPenguinsState) -> tuple[Context, Position]:
    from pnp.games.paper_penguins.engine import EACH, tables
    from pnp.games.paper_penguins.engine import FREE as FREE_AT

    context = tables(state.grid)
    cells, _, mark, pieces, counts, score, values = _offsets(state.grid)
    position = np.zeros(values + cells + 1, dtype=np.int64)
    position[TURN], position[OVER] = state.turn, state.over
    marks = np.array(state.mark, dtype=np.int64)
    position[FREE_AT : FREE_AT + cells] = marks == FREE
    position[mark : mark + cells] = marks
    for seat, placed in enumerate(state.pieces):
        position[pieces + seat * EACH : pieces + seat * EACH + len(placed)] = placed
        position[counts + seat] = len(placed)
    position[score : score + 2] = state.score
    position[values : values + cells] = state.values
    return context, position


@cache
def restorer(grid: SquareGrid) -> Callable[[Position], PaperPenguinsState]:
    """A position of the engine back to a `PaperPenguinsState` on a sheet of `grid`'s size."""
    from pnp.games.paper_penguins.engine import EACH
    from pnp.games.paper_penguins.engine import FREE as FREE_AT

    cells, _, mark, pieces, counts, score, values = _offsets(grid)

    def restore(position: Position) -> PaperPenguinsState:
        turn, ended = position[:FREE_AT].tolist()
        placed = position[counts : counts + 2].tolist()
        held = position[pieces : pieces + 2 * EACH].tolist()
        return PaperPenguinsState.of_parts(
            grid, tuple(position[values : values + cells].tolist()),
            position[mark : mark + cells].tolist(),
            (held[: placed[0]], held[EACH : EACH + placed[1]]),
            position[score : score + 2].tolist(), turn, bool(ended),
        )  # fmt: skip

    return restore


def starts(sheets: Sequence[Sequence[str]]) -> Starts | None:
    """The start positions of games on `sheets` (rows top first), if all are of one size: a
    fresh sheet's position with each sheet's numbers."""
    from pnp.games.paper_penguins.engine import ENGINE, VALUES

    rows, cols = len(sheets[0]), len(sheets[0][0])
    if any(len(sheet) != rows or len(sheet[0]) != cols for sheet in sheets):
        return None
    grid = SquareGrid(rows, cols)
    cells, values = grid.cells, _offsets(grid)[VALUES]
    context, blank = position_of(PaperPenguinsState(grid, [0] * cells))
    positions = np.tile(blank, (len(sheets), 1))
    digits = np.frombuffer(b"".join(sheet_digits(sheet) for sheet in sheets), dtype=np.uint8)
    positions[:, values : values + cells] = digits.reshape(len(sheets), cells) - ZERO
    return Starts(ENGINE, context, positions, [restorer(grid)] * len(sheets))


@cache
def _offsets(grid: SquareGrid) -> tuple[int, ...]:
    """`tables(grid)`'s `dims` as Python numbers (slicing by them is quicker)."""
    from pnp.games.paper_penguins.engine import tables

    return tuple(tables(grid)[1].tolist())
