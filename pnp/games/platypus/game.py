"""Platypus: two tokens on a ring of 21 green/yellow cards, moved by dealt tables; no choices.

Rules: ../shared/RULES.md, "Platypus" (seed 000). Cells are numbered 1-21 from the Wattle end to
the Ghost Gum end (cell 11 is the Billabong); code counts them 0-20. Seats are turn order: seat 0
is the player who starts, red or blue as the setup says. A table has 7 columns, one per (token,
cell colour) in the fixed order of COLUMNS, each a COLOUR, an ANIMAL and a TREE.

A deal fixes its game, so the State's only legal move is the rules' move, and a game that does
not end repeats a state (the state without scores is finite). `is_over()` is true at the end by
the rules, and at the first repeated state (reported as endless). Which turn that is comes from
the engine (pnp/games/platypus/engine.py), which also plays whole batches for the simulator.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, ClassVar

import numpy as np

from pnp.games.base import Game, GameInfo, Outcome, Result, Seat, Setup, State, ranks_by
from pnp.games.options import ChoiceOption, GameOptions, option
from pnp.games.platypus.tables import (
    BILLABONG,
    CELLS,
    COLUMN_BYTE,
    COLUMN_NAMES,
    COLUMN_TEXT,
    COLUMNS,
    EMU,
    GHOST_GUM,
    GREEN,
    KANGAROO,
    PLATYPUS,
    PLAYERS,
    SHORT_ANIMAL,
    WOMBAT,
    YELLOW,
    Table,
    check_pack_deal,
    column_index,
    deal_bytes,
    pack,
    parse_table,
)
from pnp.games.setupdata import JsonObject, Keys, Schema, SetupData


@dataclass(frozen=True)
class PlatypusOptions(GameOptions):
    deal: str = option(
        ChoiceOption(
            "deal",
            "uniform (every table card drawn independently) or pack (dealt from the printed packs)",
            "uniform",
            ("uniform", "pack"),
        )
    )


INFO = GameInfo(
    name="platypus",
    title="Platypus",
    players=(2,),
    default_players=2,
    options_type=PlatypusOptions,
    has_choices=False,
    ladder=(),
    ladder_note="no choices: every agent plays the same game",
    agent_note="no choices: every agent plays the same games",
    max_turns=10_000_000,
    seat_names=("first", "second"),
    rules="Platypus",
)

Move = tuple[int, int, int]  # (table column, cell left, cell reached), cells 0-20


class _History:
    """Where a game's history starts (the state packed, at turn `start`), and the turn of its
    first repeated state (found once, by the engine, and shared by every clone); -1 when no
    state repeats within the turn cap."""

    def __init__(
        self, origin: int, tables: np.ndarray, cap: int, start: int, repeat_at: int | None = None
    ) -> None:
        self.origin, self.tables, self.cap, self.start = origin, tables, cap, start
        self._repeat_at = repeat_at

    @property
    def repeat_at(self) -> int:
        if self._repeat_at is None:
            from pnp.games.platypus.engine import ENDLESS, play_games

            ended = play_games(self.tables[None], self.cap, np.array([self.origin]))
            endless = int(ended.outcome[0]) == ENDLESS
            self._repeat_at = self.start + int(ended.turns[0]) if endless else -1
        return self._repeat_at


class PlatypusState(State[Move]):
    """A position: cell colours, each seat's cell and animal, scores, turns made, who moves."""

    players = 2

    def __init__(
        self, tables: Sequence[Table], names: Sequence[str], cap: int = INFO.max_turns
    ) -> None:
        self.tables = tuple(tables)  # per seat
        self.names = tuple(names)  # colour per seat
        self.green = [False] * CELLS
        self.positions = [BILLABONG, BILLABONG]
        self.animals = [KANGAROO, KANGAROO]
        self.turn: Seat = 0
        self.score = [0, 0]
        self.turns = 0
        self.cap = cap
        self._history: _History | None = None

    # -- the contract ------------------------------------------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_moves(self, seat: Seat) -> list[Move]:
        if seat != self.turn or self.is_over():
            return []
        column = column_index(self.animals[seat], self.colour(self.positions[seat]))
        source = self.positions[seat]
        step = 1 if self.tables[seat][column].tree == GHOST_GUM else -1
        return [(column, source, (source + step) % CELLS)]

    def apply(self, move: Move) -> None:
        seat = self.turn
        if self._history is None:
            self._history = _History(self.packed(), self.table_bytes(), self.cap, self.turns)
        if move not in self.legal_moves(seat):
            raise ValueError(f"{move!r} is not the move of this position")
        column, source, target = move
        entry = self.tables[seat][column]
        self.score[seat] += int(entry.colour != self.colour(source))
        self.green[source] = entry.colour == GREEN
        self.animals[seat] = entry.animal
        self.positions[seat] = target
        self.turn = 1 - seat
        self.turns += 1

    def is_over(self) -> bool:
        return self.halted() or self.repeated()

    def result(self) -> Result:
        if self.halted():
            return Result(self.scores(), ranks_by(self.score))
        return Result(self.scores(), (1, 1), Outcome.ENDLESS)

    def scores(self) -> tuple[float, ...]:
        return (float(self.score[0]), float(self.score[1]))

    def move_text(self, move: Move) -> str:
        column, source, target = move
        return f"{COLUMN_NAMES[column]}:{source + 1}-{target + 1}"

    def clone(self) -> PlatypusState:
        other = PlatypusState.__new__(PlatypusState)
        other.__dict__.update(self.__dict__)
        other.green, other.score = self.green.copy(), self.score.copy()
        other.positions, other.animals = self.positions.copy(), self.animals.copy()
        return other

    def check_invariants(self) -> None:
        """Bounds, and the counts a game played from its start keeps: a point is scored exactly
        when a move changes its cell's colour, so the green cells (all yellow at the start)
        number at most the points and have their parity; a seat scores at most once a move."""
        green = self.green
        assert len(green) == CELLS and all(isinstance(g, bool) for g in green), "21 y/g cells"
        assert all(0 <= p < CELLS for p in self.positions), "a token off the 21 cells"
        assert all(a in (KANGAROO, EMU, WOMBAT, PLATYPUS) for a in self.animals), "no such animal"
        assert self.turn in (0, 1) and self.turn == self.turns % 2, "seats alternate, seat 0 first"
        moves = ((self.turns + 1) // 2, self.turns // 2)
        assert all(0 <= s <= m for s, m in zip(self.score, moves, strict=True)), (
            "a seat scores at most one point a move"
        )
        greens, points = sum(green), sum(self.score)
        assert greens <= points and (points - greens) % 2 == 0, "a point is a cell changing colour"
        history = self._history
        if history is not None and history.repeat_at >= 0:
            assert self.turns <= history.repeat_at, "played past the first repeated state"

    # -- the rules ---------------------------------------------------------------------------

    def colour(self, cell: int) -> int:
        return GREEN if self.green[cell] else YELLOW

    def halted(self) -> bool:
        """The rules' end: the player to move has a platypus on a green cell."""
        seat = self.turn
        return self.animals[seat] == PLATYPUS and self.green[self.positions[seat]]

    def repeated(self) -> bool:
        """Whether this state (without scores) already occurred in the game."""
        return self._history is not None and self.turns == self._history.repeat_at

    def end_repeated(self) -> None:
        """End the game here as endless: this state repeats an earlier one (a text says so)."""
        self._history = _History(self.packed(), self.table_bytes(), self.cap, 0, self.turns)

    def packed(self) -> int:
        cells = sum(1 << cell for cell in range(CELLS) if self.green[cell])
        return pack(cells, self.positions, self.animals, self.turn)

    def table_bytes(self) -> np.ndarray:
        return np.array([[c.byte() for c in table] for table in self.tables], dtype=np.uint8)

    # -- positions as text -------------------------------------------------------------------

    def to_text(self) -> str:
        """The cells (y/g, cell 1 at the Wattle end on the left), each token's row (K, E, W, P
        under its cell) in red, blue order, then scores, who plays and the turns made."""
        lines = ["cells " + "".join("g" if g else "y" for g in self.green)]
        for name in PLAYERS:
            seat = self.names.index(name)
            row = ["."] * CELLS
            row[self.positions[seat]] = SHORT_ANIMAL[self.animals[seat]]
            lines.append(f"{name:<5} " + "".join(row))
        red, blue = (self.score[self.names.index(name)] for name in PLAYERS)
        status = "game over" if self.is_over() else f"{self.names[self.turn]} to play"
        lines.append(f"red {red}, blue {blue}; {status}; turn {self.turns}")
        return "\n".join(lines)


ColumnText = Annotated[
    str,
    Schema(
        pattern="^(yellow|green) (kangaroo|emu|wombat|platypus) (wattle|ghost gum)$",
        description="COLOUR ANIMAL TREE, e.g. 'green emu ghost gum'",
    ),
]
TableText = Annotated[Mapping[str, ColumnText], Keys(COLUMN_NAMES)]


@dataclass(frozen=True)
class DealCheck(SetupData):
    """How `pnp kit` checked its deal (pnp/games/platypus/ending.py): whether a game of it ends
    with either player starting, and how many deals it drew from the seed to find it."""

    ends: bool
    draws: Annotated[int, Schema(minimum=1, description="1: the seed's first deal")]


@dataclass(frozen=True, kw_only=True)
class PlatypusSetup(SetupData):
    """Who starts, and red's and blue's tables: per column name, 'COLOUR ANIMAL TREE'; and,
    for a deal a kit printed, the record of the check that its game ends."""

    first: Annotated[
        str, Schema(enum=list(PLAYERS), description="the colour of the player who starts")
    ] = PLAYERS[0]
    tables: Annotated[Mapping[str, TableText], Keys(PLAYERS)]
    deal_check: Annotated[
        DealCheck | None,
        Schema(
            description="how `pnp kit` checked the deal: whether a game of it ends with red and "
            "with blue starting, and how many deals it drew from the seed to find one that does"
        ),
    ] = None


class Platypus(Game[PlatypusState]):
    info = INFO
    data_type = PlatypusSetup
    schema_notes: ClassVar[JsonObject] = {
        "description": "A Platypus setup: who starts (red by default) and red's and blue's "
        "tables, one entry per column (token and cell colour), each 'COLOUR ANIMAL TREE'. That a "
        "pack deal holds no more cards of a kind than the packs is checked by the game."
    }

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> PlatypusSetup:
        rows = deal_bytes(rng, PlatypusOptions.of(options).deal)
        first = PLAYERS[int(rng.integers(2))]
        tables = {
            name: dict(zip(COLUMN_NAMES, (COLUMN_TEXT[b] for b in row), strict=True))
            for name, row in zip(PLAYERS, rows, strict=True)
        }
        return PlatypusSetup(first=first, tables=tables)

    def check_data(self, data: SetupData, options: GameOptions) -> PlatypusSetup:
        """A pack deal holds no more cards of a kind than the packs (the schema checks the rest)."""
        if PlatypusOptions.of(options).deal == "pack":
            tables = PlatypusSetup.of(data).tables
            check_pack_deal({n: parse_table(tables[n], f"tables.{n}") for n in PLAYERS}, "tables")
        return PlatypusSetup.of(data)

    def tables(self, setup: Setup) -> tuple[Table, Table]:
        """Red's and blue's tables."""
        tables = PlatypusSetup.of(setup.data).tables
        red, blue = (parse_table(tables[n], f"tables.{n}") for n in PLAYERS)
        return red, blue

    def player_names(self, setup: Setup) -> tuple[str, ...]:
        first = PlatypusSetup.of(setup.data).first
        return (first, PLAYERS[1 - PLAYERS.index(first)])

    def rotated(self, setup: Setup, rotation: int) -> Setup:
        names = self.player_names(setup)
        data = replace(PlatypusSetup.of(setup.data), first=names[rotation % 2])
        return Setup(setup.game, setup.seed, setup.options, data)

    def new_state(self, setup: Setup) -> PlatypusState:
        red, blue = self.tables(setup)
        names = self.player_names(setup)
        return PlatypusState([red, blue] if names[0] == "red" else [blue, red], names)

    def state_from_text(self, setup: Setup, text: str) -> PlatypusState:
        """The text carries the cells, the tokens, the scores and the turns made (0 if left
        out); the setup carries the tables and who starts. The game's history starts here: a
        repeat is of a state from here on, unless the text says the game is over."""
        lines = [line.split() for line in text.strip().splitlines()]
        status = " ".join(" ".join(line) for line in lines[3:])
        found = re.fullmatch(
            r"red (\d+), blue (\d+); (?:(red|blue) to play|game over)(?:; turn (\d+))?", status
        )
        rows = {line[0]: line[1] for line in lines[:3] if len(line) == 2}
        if not found or sorted(rows) != sorted(("cells", *PLAYERS)):
            raise ValueError(
                "expected lines cells, red, blue, 'red 0, blue 0; red to play; turn 0'"
            )
        state = self.new_state(setup)
        state.green = [c == "g" for c in rows["cells"]]
        for seat, name in enumerate(state.names):
            cell = next(k for k, c in enumerate(rows[name]) if c != ".")
            state.positions[seat] = cell
            state.animals[seat] = SHORT_ANIMAL.index(rows[name][cell])
        scores = {"red": int(found[1]), "blue": int(found[2])}
        state.score = [scores[name] for name in state.names]
        state.turns = int(found[4] or 0)
        state.turn = state.names.index(found[3]) if found[3] else state.turns % 2
        if not found[3] and not state.halted():
            state.end_repeated()
        return state

    def seat_bytes(self, setup: Setup) -> list[list[int]]:
        """The engine's column bytes of each seat's table."""
        tables = PlatypusSetup.of(setup.data).tables
        return [[COLUMN_BYTE[tables[n][c]] for c in COLUMN_NAMES] for n in self.player_names(setup)]

    def play_random_batch(
        self, games: Sequence[tuple[Setup, int]], max_turns: int
    ) -> list[tuple[Result, int]]:
        """Every game at once through the engine; a deal leaves nothing to choose."""
        from pnp.games.platypus.engine import play_games

        tables = np.array([self.seat_bytes(setup) for setup, _ in games], dtype=np.uint8)
        ended = play_games(tables.reshape(len(games), 2, len(COLUMNS)), max_turns)
        outcomes = (Outcome.FINISHED, Outcome.ENDLESS, Outcome.UNDECIDED)
        results = []
        for kind, turns, (first, second) in zip(
            ended.outcome.tolist(), ended.turns.tolist(), ended.scores.tolist(), strict=True
        ):
            scores = (float(first), float(second))
            ranks = ranks_by(scores) if kind == 0 else (1, 1)
            results.append((Result(scores, ranks, outcomes[kind]), turns))
        return results


GAME = Platypus()
