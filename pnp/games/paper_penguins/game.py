"""Paper Pen-guins: penguins on a sheet of numbers, played with two pens.

Rules: ../shared/RULES.md, "Paper Pen-guins" (seed 001, Todd W. Neller). Squares are named a1..h8,
files left to right and ranks bottom to top; the first player (seat 0) draws squares, the second
circles. Four placements each, alternately, on any unmarked number (scoring it); then queen moves
to an unmarked number, the square left gets an X; pieces and X block. A player with no move
passes; the game ends when neither can move. Highest score wins, equal scores draw.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from pnp.errors import PnpError, SetupError
from pnp.games.base import Game, GameInfo, Result, Seat, Setup, State, ranks_by
from pnp.games.mechanics.grid import FILES, Cell, SquareGrid
from pnp.games.options import FileOption, GridSizeOption, IntOption, Options, grid_size
from pnp.games.paper_penguins.sheets import (
    MAX_SIDE,
    MIN_SIDE,
    PaperPenguinsSetup,
    Sheet,
    check_mix,
    mix,
    parse_sheet,
)
from pnp.games.setupdata import JsonObject, SetupData

Move = tuple[Cell, Cell]  # (from, to); from is PLACE for a placement
PLACE: Cell = -1
PASS: Move = (-1, -1)
PIECES_EACH = 4
SEATS = ("square", "circle")

FREE, CROSSED = -1, 2  # cell marks besides the seat (0 or 1) whose piece stands there


@dataclass(frozen=True)
class BoardFileOption(FileOption):
    def parse(self, text: str) -> tuple[str, ...]:  # type: ignore[override]
        try:
            rows = parse_sheet(super().parse(text))
            check_mix(rows)
            return tuple(rows)
        except ValueError as exc:
            raise PnpError(f"--{self.name} {text}: {exc}") from None


@dataclass(frozen=True)
class PaperPenguinsInfo(GameInfo):
    def resolve(
        self, players: int | None, variant: str | None, given: Mapping[str, str]
    ) -> dict[str, Any]:
        """As for every game, and a --size that contradicts the --board sheet is refused."""
        resolved = super().resolve(players, variant, given)
        board = resolved.get("board")
        if board is not None and "size" in given:
            size = f"{len(board)}x{len(board[0])}"
            if grid_size(resolved["size"]) != grid_size(size):
                raise PnpError(
                    f"--size {given['size']} does not match --board {given['board']} "
                    f"({size}): expected --size {size} or no --size"
                )
        return resolved


INFO = PaperPenguinsInfo(
    name="paper-penguins",
    title="Paper Pen-guins",
    players=(2,),
    default_players=2,
    options=(
        GridSizeOption("size", "sheet size ROWSxCOLS", "8x8", MIN_SIDE, MAX_SIDE),
        IntOption("sheets", "distinct sheets in the kit", 1, 1, 500),
        BoardFileOption("board", "a file of digit rows 1-3, top row first"),
    ),
    max_turns=2_000,
    seat_names=SEATS,
    rules="Paper Pen-guins",
)


class PaperPenguinsState(State[Move]):
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

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.over else (self.turn,)

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

    def is_over(self) -> bool:
        return self.over

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
        other = PaperPenguinsState.__new__(PaperPenguinsState)
        other.grid, other.values = self.grid, self.values
        other.mark = self.mark.copy()
        other.pieces = (self.pieces[0].copy(), self.pieces[1].copy())
        other.score = self.score.copy()
        other.turn, other.over = self.turn, self.over
        return other

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


class PaperPenguins(Game[PaperPenguinsState]):
    info = INFO
    data_type = PaperPenguinsSetup
    schema_notes: ClassVar[JsonObject] = {
        "description": "A Paper Pen-guins setup: one or more sheets of numbers 1-3, rows top "
        "first. That every sheet has the rows and columns of options.size is checked by the game."
    }

    def random_setup(self, seed: int, options: Options) -> Setup:
        board = options.get("board")
        if board is not None:
            options = {**options, "size": f"{len(board)}x{len(board[0])}"}
        return super().random_setup(seed, options)

    def random_data(self, rng: np.random.Generator, options: Options) -> PaperPenguinsSetup:
        count = int(options["sheets"])
        board = options.get("board")
        if board is not None:
            rows = tuple(board)
            sheet_id = hashlib.sha256("".join(rows).encode()).hexdigest()[:6]
            return PaperPenguinsSetup(
                tuple(Sheet(id=f"{sheet_id}-{k + 1}", rows=rows) for k in range(count))
            )
        rows_n, cols_n = grid_size(options["size"])
        ones, twos, threes = mix(rows_n * cols_n)
        deck = np.array([1] * ones + [2] * twos + [3] * threes, dtype=np.int8)
        sheets: list[tuple[str, ...]] = []
        for _ in range(100 * count):
            values = rng.permutation(deck)
            rows = tuple(
                "".join(str(v) for v in values[r * cols_n : (r + 1) * cols_n])
                for r in range(rows_n)
            )
            if rows not in sheets:
                sheets.append(rows)
            if len(sheets) == count:
                break
        else:
            raise PnpError(f"a {options['size']} sheet has too few layouts for {count} sheets")
        return PaperPenguinsSetup(
            tuple(Sheet(id=f"s{k + 1}", rows=rows) for k, rows in enumerate(sheets))
        )

    def check_data(self, data: SetupData, options: Options) -> PaperPenguinsSetup:
        """Every sheet of the size of the options and of the 3:2:1 mix; unnamed sheets named."""
        rows_n, cols_n = grid_size(options["size"])
        checked = []
        for k, sheet in enumerate(PaperPenguinsSetup.of(data).sheets, 1):
            rows = sheet.rows
            for number, row in enumerate(rows, 1):
                if len(row) != len(rows[0]):
                    raise SetupError(
                        f"sheet {k}: row {number} has {len(row)} numbers, row 1 has {len(rows[0])}"
                    )
            if (len(rows), len(rows[0])) != (rows_n, cols_n):
                raise SetupError(
                    f"sheet {k} is {len(rows)}x{len(rows[0])}, options.size is {options['size']}"
                )
            try:
                check_mix(rows)
            except ValueError as exc:
                raise SetupError(f"sheet {k}: {exc}") from None
            checked.append(Sheet(id=f"s{k}" if sheet.id is None else sheet.id, rows=rows))
        return PaperPenguinsSetup(tuple(checked))

    def setup_label(self, setup: Setup) -> str:
        sheets = PaperPenguinsSetup.of(setup.data).sheets
        own = str(sheets[0].id) if len(sheets) == 1 else f"{len(sheets)} sheets"
        return own if setup.seed is None else f"{setup.seed}/{own}"

    def playable(self, setup: Setup) -> list[Setup]:
        options = {**setup.options, "sheets": 1}
        data = PaperPenguinsSetup.of(setup.data)
        return [
            Setup(setup.game, setup.seed, options, replace(data, sheets=(sheet,)))
            for sheet in data.sheets
        ]

    def new_state(self, setup: Setup) -> PaperPenguinsState:
        rows = PaperPenguinsSetup.of(setup.data).sheets[0].rows
        grid = SquareGrid(len(rows), len(rows[0]))
        values = [0] * grid.cells
        for i, row in enumerate(rows):
            for col, digit in enumerate(row):
                values[grid.cell(grid.rows - 1 - i, col)] = int(digit)
        return PaperPenguinsState(grid, values)

    def state_from_text(self, setup: Setup, text: str) -> PaperPenguinsState:
        """The text carries the whole sheet (the letter header is optional). Pieces on the
        sheet count as placed; the status line gives scores and who plays."""
        lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
        status = " ".join(lines.pop())
        found = re.fullmatch(r"score (\d+) (\d+); (square|circle) to play", status)
        if not found:
            raise ValueError(f"status line {status!r}: expected 'score A B; square to play'")
        rows = [
            tokens[1:] if tokens[0].isdigit() and len(tokens) > 1 else tokens
            for tokens in lines
            if not all(t.isalpha() for t in tokens)
        ]
        grid = SquareGrid(len(rows), len(rows[0]))
        values, marks = [0] * grid.cells, [FREE] * grid.cells
        for i, tokens in enumerate(rows):
            for col, token in enumerate(tokens):
                cell = grid.cell(grid.rows - 1 - i, col)
                values[cell] = int(token.strip("[]()x"))
                marks[cell] = {"[": 0, "(": 1, "x": CROSSED}.get(token[0], FREE)
        state = PaperPenguinsState(grid, values)
        state.mark = marks
        for cell, mark in enumerate(marks):
            if mark in (0, 1):
                state.pieces[mark].append(cell)
        state.score = [int(found[1]), int(found[2])]
        state.turn = SEATS.index(found[3])
        state.over = not state.placing() and not (state.can_move(0) or state.can_move(1))
        return state


GAME = PaperPenguins()
