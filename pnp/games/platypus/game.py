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
from typing import Any

import numpy as np

from pnp.errors import SetupError, one_of
from pnp.games.base import Game, GameInfo, Outcome, Result, Seat, Setup, State, ranks_by
from pnp.games.options import ChoiceOption, Options
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
    table_json,
)

INFO = GameInfo(
    name="platypus",
    title="Platypus",
    players=(2,),
    default_players=2,
    options=(
        ChoiceOption(
            "deal",
            "uniform (every table card drawn independently) or pack (dealt from the printed packs)",
            "uniform",
            ("uniform", "pack"),
        ),
    ),
    has_choices=False,
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


class Platypus(Game[PlatypusState]):
    info = INFO

    def random_data(self, rng: np.random.Generator, options: Options) -> dict[str, Any]:
        rows = deal_bytes(rng, options["deal"])
        first = PLAYERS[int(rng.integers(2))]
        tables = {
            name: dict(zip(COLUMN_NAMES, (COLUMN_TEXT[b] for b in row), strict=True))
            for name, row in zip(PLAYERS, rows, strict=True)
        }
        return {"first": first, "tables": tables}

    def check_data(self, data: Mapping[str, Any], options: Options) -> dict[str, Any]:
        unknown = [key for key in data if key not in ("first", "tables", "deal_check")]
        if unknown:
            raise SetupError(
                f"unknown key {unknown[0]!r}; a Platypus setup has first, tables and deal_check"
            )
        first = data.get("first", "red")
        if first not in PLAYERS:
            raise SetupError(f"first {first!r} is not valid: expected {one_of(PLAYERS)}")
        given = data.get("tables")
        if not isinstance(given, Mapping) or sorted(given) != sorted(PLAYERS):
            raise SetupError("'tables' must be an object with a red and a blue table")
        tables = {name: parse_table(given[name], f"tables.{name}") for name in PLAYERS}
        if options["deal"] == "pack":
            check_pack_deal(tables, "tables")
        checked = {"first": first, "tables": {name: table_json(t) for name, t in tables.items()}}
        if "deal_check" in data:  # how the kit checked that the deal ends (platypus/ending.py)
            checked["deal_check"] = dict(data["deal_check"])
        return checked

    def tables(self, setup: Setup) -> tuple[Table, Table]:
        """Red's and blue's tables."""
        red, blue = (parse_table(setup.data["tables"][n], f"tables.{n}") for n in PLAYERS)
        return red, blue

    def player_names(self, setup: Setup) -> tuple[str, ...]:
        first = setup.data["first"]
        return (first, PLAYERS[1 - PLAYERS.index(first)])

    def rotated(self, setup: Setup, rotation: int) -> Setup:
        names = self.player_names(setup)
        return Setup(
            setup.game, setup.seed, setup.options, {**setup.data, "first": names[rotation % 2]}
        )

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
        tables = setup.data["tables"]
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
