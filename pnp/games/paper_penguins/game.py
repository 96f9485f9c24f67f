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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

import numpy as np

from pnp.errors import InputError, SetupError
from pnp.games.base import Game, GameInfo, Result, Seat, Setup, State, ranks_by
from pnp.games.compiled import Compiled, Starts
from pnp.games.mechanics.grid import FILES, Cell, SquareGrid
from pnp.games.options import FileOption, GameOptions, GridSize, GridSizeOption, option
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
ZERO = ord("0")  # a digit's number is its character code less this


@dataclass(frozen=True)
class BoardSheet:
    """A sheet of numbers given in a board file: its rows, top row first, and the file's path."""

    rows: tuple[str, ...]
    path: str

    @property
    def size(self) -> GridSize:
        return GridSize(len(self.rows), len(self.rows[0]))


@dataclass(frozen=True)
class BoardFileOption(FileOption[BoardSheet]):
    def load(self, path: str, content: str) -> BoardSheet:
        rows = parse_sheet(content)
        check_mix(rows)
        return BoardSheet(tuple(rows), path)

    def to_json(self, value: BoardSheet | None) -> str:
        return "" if value is None else value.path


DEFAULT_SIZE = GridSize(8, 8)


@dataclass(frozen=True)
class PaperPenguinsOptions(GameOptions):
    """The sheet's size, or a sheet given in a board file (the size is then the sheet's own).

    A setup never holds the board: its data holds the sheet it gave.
    """

    size: GridSize = option(
        GridSizeOption("size", "sheet size ROWSxCOLS", DEFAULT_SIZE, MIN_SIDE, MAX_SIDE)
    )
    board: BoardSheet | None = option(
        BoardFileOption("board", "a file of digit rows 1-3, top row first")
    )

    def __post_init__(self) -> None:
        if self.board is not None and self.size != self.board.size:
            raise InputError(
                "size", self.size, str(self.board.size), file=self.board.path,
                template="{field} {value} does not match {board} {file} ({accepted}): "
                "expected {field} {accepted} or no {field}",
            )  # fmt: skip

    @classmethod
    def build(cls, values: dict[str, Any]) -> Self:
        board = values.get("board")
        if isinstance(board, BoardSheet) and "size" not in values:
            values = {**values, "size": board.size}
        return super().build(values)


INFO = GameInfo(
    name="paper-penguins",
    title="Paper Pen-guins",
    players=(2,),
    default_players=2,
    options_type=PaperPenguinsOptions,
    max_turns=2_000,
    seat_names=SEATS,
    ladder=("random", "greedy", "mcts:4x:2", "mcts:8x:2"),
    ladder_note="greedy is strong here (it beat mcts:200 17-7 and mcts:2x 6-0); searches per "
    "legal move with rollouts of 2 moves then the score lead beat it (mcts:8x:2: 33-1-6)",
    agent="mcts:8x:2",
    agent_note="the top of the ladder (greedy, mcts:4x:2, mcts:8x:2, each beating the one "
    "below), a default balance in 49 s on two cores",
    rules="Paper Pen-guins",
    listed="sheets",
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
        from pnp.games.paper_penguins import engine  # numba loads only when an engine plays

        return engine.compiled(self)

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


def sheet_digits(rows: Sequence[str]) -> bytes:
    """A sheet's digits (as characters) cell by cell: row-major from the bottom row."""
    return "".join(reversed(rows)).encode()


class PaperPenguins(Game[PaperPenguinsState]):
    info = INFO
    data_type = PaperPenguinsSetup
    schema_notes: ClassVar[JsonObject] = {
        "description": "A Paper Pen-guins setup: one or more sheets of numbers 1-3, rows top "
        "first. That every sheet has the rows and columns of options.size is checked by the game."
    }

    def random_setup(self, seed: int, options: GameOptions) -> Setup:
        """The setup of `seed`, or of the sheet a board file gave (its options then hold the
        sheet's size, not the board)."""
        own = PaperPenguinsOptions.of(options)
        if own.board is None:
            return super().random_setup(seed, options)
        sheet_id = hashlib.sha256("".join(own.board.rows).encode()).hexdigest()[:6]
        data = PaperPenguinsSetup((Sheet(id=f"{sheet_id}-1", rows=own.board.rows),))
        return Setup(self.info.name, seed, replace(own, board=None), data)

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> PaperPenguinsSetup:
        size = PaperPenguinsOptions.of(options).size
        ones, twos, threes = mix(size.rows * size.cols)
        deck = np.array([1] * ones + [2] * twos + [3] * threes, dtype=np.int8)
        values = rng.permutation(deck)
        rows = tuple(
            "".join(str(v) for v in values[r * size.cols : (r + 1) * size.cols])
            for r in range(size.rows)
        )
        return PaperPenguinsSetup((Sheet(id="s1", rows=rows),))

    def check_data(self, data: SetupData, options: GameOptions) -> PaperPenguinsSetup:
        """Every sheet of the size of the options and of the 3:2:1 mix, ids unique; unnamed sheets
        named."""
        size = PaperPenguinsOptions.of(options).size
        checked = []
        for k, sheet in enumerate(PaperPenguinsSetup.of(data).sheets, 1):
            rows = sheet.rows
            for number, row in enumerate(rows, 1):
                if len(row) != len(rows[0]):
                    raise SetupError(
                        f"sheet {k}: row {number} has {len(row)} numbers, row 1 has {len(rows[0])}"
                    )
            if (len(rows), len(rows[0])) != (size.rows, size.cols):
                raise SetupError(f"sheet {k} is {len(rows)}x{len(rows[0])}, options.size is {size}")
            try:
                check_mix(rows)
            except ValueError as exc:
                raise SetupError(f"sheet {k}: {exc}") from None
            checked.append(Sheet(id=f"s{k}" if sheet.id is None else sheet.id, rows=rows))
        ids = [sheet.id for sheet in checked]
        for k, name in enumerate(ids, 1):
            if name in ids[: k - 1]:
                first = ids.index(name) + 1
                raise SetupError(f"sheet {k}: id {name!r} is already the id of sheet {first}")
        return PaperPenguinsSetup(tuple(checked))

    def setup_label(self, setup: Setup) -> str:
        """The seed and the id of the setup's (first) sheet, e.g. `11/s1`."""
        own = str(PaperPenguinsSetup.of(setup.data).sheets[0].id)
        return own if setup.seed is None else f"{setup.seed}/{own}"

    def new_state(self, setup: Setup) -> PaperPenguinsState:
        rows = PaperPenguinsSetup.of(setup.data).sheets[0].rows
        grid = SquareGrid(len(rows), len(rows[0]))
        return PaperPenguinsState(grid, [digit - ZERO for digit in sheet_digits(rows)])

    def compiled_starts(self, setups: Sequence[Setup]) -> Starts | None:
        from pnp.games.paper_penguins import engine  # numba loads only when an engine plays

        return engine.starts([PaperPenguinsSetup.of(s.data).sheets[0].rows for s in setups])

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
