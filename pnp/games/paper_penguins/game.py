"""Paper Pen-guins: penguins on a sheet of numbers, played with two pens.

Rules: ../shared/RULES.md, "Paper Pen-guins" (seed 001, Todd W. Neller). Squares are named a1..h8,
files left to right and ranks bottom to top; the first player (seat 0) draws squares, the second
circles. Four placements each, alternately, on any unmarked number (scoring it); then queen moves
to an unmarked number, the square left gets an X; pieces and X block. A player with no move
passes; the game ends when neither can move. Highest score wins, equal scores draw.

This module holds the options and the game; the position and its moves are in rules.py, the
sheets of numbers in sheets.py, and what the rules share with the compiled engine in marks.py.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

import numpy as np

from pnp.errors import InputError, SetupError
from pnp.games.base import Game, GameInfo, Setup
from pnp.games.compiled import Starts
from pnp.games.mechanics.grid import SquareGrid
from pnp.games.options import FileOption, GameOptions, GridSize, GridSizeOption, option
from pnp.games.paper_penguins.marks import CROSSED, FREE
from pnp.games.paper_penguins.rules import SEATS, PaperPenguinsState, starts
from pnp.games.paper_penguins.sheets import (
    MAX_SIDE,
    MIN_SIDE,
    ZERO,
    PaperPenguinsSetup,
    Sheet,
    check_mix,
    mix,
    parse_sheet,
    sheet_digits,
)
from pnp.games.setupdata import JsonObject, SetupData


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
        return starts([PaperPenguinsSetup.of(s.data).sheets[0].rows for s in setups])

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
