"""Platypus: two tokens on a ring of 21 green/yellow cards, moved by dealt tables; no choices.

Rules: ../shared/RULES.md, "Platypus" (seed 000). Cells are numbered 1-21 from the Wattle end to
the Ghost Gum end (cell 11 is the Billabong); code counts them 0-20. Seats are turn order: seat 0
is the player who starts, red or blue as the setup says. A table has 7 columns, one per (token,
cell colour) in the fixed order of COLUMNS, each a COLOUR, an ANIMAL and a TREE.

A deal fixes its game, so the State's only legal move is the rules' move, and a game that does
not end repeats a state (the state without scores is finite). `is_over()` is true at the end by
the rules, and at the first repeated state (reported as endless). Which turn that is comes from
the engine (pnp/games/platypus_engine.py), which also plays whole batches for the simulator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pnp.errors import SetupError, one_of
from pnp.games.base import Game, GameInfo, Outcome, Result, Seat, Setup, State, ranks_by
from pnp.games.options import ChoiceOption, Options

CELLS = 21
BILLABONG = 10  # index of cell 11, the middle
YELLOW, GREEN = 0, 1
KANGAROO, EMU, WOMBAT, PLATYPUS = 0, 1, 2, 3
WATTLE, GHOST_GUM = 0, 1  # trees; a Wattle move goes to the lower cell number

COLOURS = ("yellow", "green")
ANIMALS = ("kangaroo", "emu", "wombat", "platypus")
TREES = ("wattle", "ghost gum")
PLAYERS = ("red", "blue")
COLUMNS = (  # the fixed column order of every table: (token, cell colour)
    (KANGAROO, YELLOW),
    (KANGAROO, GREEN),
    (EMU, YELLOW),
    (EMU, GREEN),
    (WOMBAT, YELLOW),
    (WOMBAT, GREEN),
    (PLATYPUS, YELLOW),
)
COLUMN_NAMES = tuple(f"{ANIMALS[a]}-{COLOURS[c]}" for a, c in COLUMNS)

# A state without scores packed in one int (the engine's form; it is what repeats): bits 0-20 the
# cells (1 = green), 21-25 and 26-30 the positions of seats 0 and 1, 31-32 and 33-34 their
# animals, 35 the seat to move.
POSITION_BITS = (21, 26)
ANIMAL_BITS = (31, 33)
MOVER_BIT = 35


def pack(cells: int, positions: Sequence[int], animals: Sequence[int], mover: int) -> int:
    return (
        cells
        | positions[0] << POSITION_BITS[0]
        | positions[1] << POSITION_BITS[1]
        | animals[0] << ANIMAL_BITS[0]
        | animals[1] << ANIMAL_BITS[1]
        | mover << MOVER_BIT
    )


START = pack(0, (BILLABONG, BILLABONG), (KANGAROO, KANGAROO), 0)

# The packs of the `pack` deal: 16 cards each, 7 dealt to each player.
ANIMAL_PACK = (KANGAROO,) * 4 + (EMU,) * 4 + (WOMBAT,) * 4 + (PLATYPUS,) * 4
COLOUR_PACK = (YELLOW,) * 8 + (GREEN,) * 8
TREE_PACK = (WATTLE,) * 8 + (GHOST_GUM,) * 8


@dataclass(frozen=True)
class Column:
    """One column of a table: the cell's new COLOUR, the token's new ANIMAL, the TREE to go to."""

    colour: int
    animal: int
    tree: int

    def text(self) -> str:
        return f"{COLOURS[self.colour]} {ANIMALS[self.animal]} {TREES[self.tree]}"

    def byte(self) -> int:
        """As the engine packs it: bit 0 colour, bits 1-2 animal, bit 3 tree."""
        return self.colour | self.animal << 1 | self.tree << 3


Table = tuple[Column, ...]  # 7 columns in the order of COLUMNS


def column_index(animal: int, colour: int) -> int:
    """The table column for a token on a cell; the platypus on green has none (the game ends)."""
    return animal * 2 + colour


def _word(kind: str, names: Sequence[str], text: str, where: str) -> int:
    key = " ".join(text.replace("-", " ").replace("_", " ").split()).lower()
    if key not in names:
        raise SetupError(f"{where}: {kind} {text!r} is not one of {one_of(names)}")
    return names.index(key)


def parse_column(text: object, where: str) -> Column:
    """A column written as `COLOUR ANIMAL TREE`, e.g. `green emu ghost gum`."""
    if not isinstance(text, str) or len(text.split()) not in (3, 4):
        raise SetupError(f"{where}: expected 'COLOUR ANIMAL TREE', e.g. 'green emu ghost gum'")
    colour, animal, *tree = text.replace("-", " ").replace("_", " ").split()
    return Column(
        _word("colour", COLOURS, colour, where),
        _word("animal", ANIMALS, animal, where),
        _word("tree", TREES, " ".join(tree), where),
    )


def parse_table(value: object, where: str) -> Table:
    """A table as setup.json holds it: {"kangaroo-yellow": "green emu wattle", ...}."""
    if not isinstance(value, Mapping):
        raise SetupError(
            f"{where}: expected an object with the 7 columns {', '.join(COLUMN_NAMES)}"
        )
    keys = {" ".join(str(k).replace("_", "-").lower().split()): k for k in value}
    unknown = [k for k in keys if k not in COLUMN_NAMES]
    if unknown:
        raise SetupError(f"{where}: unknown column {unknown[0]!r}; columns: {one_of(COLUMN_NAMES)}")
    missing = [name for name in COLUMN_NAMES if name not in keys]
    if missing:
        raise SetupError(f"{where}: missing column {one_of(missing)}")
    return tuple(parse_column(value[keys[n]], f"{where}.{n}") for n in COLUMN_NAMES)


def table_json(table: Table) -> dict[str, str]:
    return {name: column.text() for name, column in zip(COLUMN_NAMES, table, strict=True)}


# Short form for tests and terminals: colour y/g, animal K/E/W/P, tree < (Wattle) or > (Ghost Gum).
_SHORT_COLOUR, _SHORT_ANIMAL, _SHORT_TREE = "yg", "KEWP", "<>"


def short_table(table: Table) -> str:
    """`yE< gK> ...`: the 7 columns in order, each colour, animal and direction of the tree."""
    return " ".join(
        _SHORT_COLOUR[c.colour] + _SHORT_ANIMAL[c.animal] + _SHORT_TREE[c.tree] for c in table
    )


def parse_short_table(text: str) -> Table:
    words = text.split()
    if len(words) != len(COLUMNS) or any(
        len(w) != 3 or w[0] not in _SHORT_COLOUR or w[1] not in _SHORT_ANIMAL or w[2] not in "<>"
        for w in words
    ):
        raise ValueError(f"{text!r}: expected 7 columns like 'yE<' (y/g, K/E/W/P, < or >)")
    return tuple(
        Column(_SHORT_COLOUR.index(w[0]), _SHORT_ANIMAL.index(w[1]), _SHORT_TREE.index(w[2]))
        for w in words
    )


def deal_tables(rng: np.random.Generator, deal: str) -> tuple[Table, Table]:
    """Red's and blue's tables. `uniform`: every card drawn independently (one draw of 0-15 per
    column: colour, animal and tree bits); `pack`: 7 cards of each shuffled pack to red, then 7
    to blue, in column order."""
    if deal == "uniform":
        bytes_ = rng.integers(0, 16, size=(2, len(COLUMNS)))
        rows = [[(int(b) & 1, int(b) >> 1 & 3, int(b) >> 3) for b in player] for player in bytes_]
    else:
        packs = [rng.permutation(np.array(p)) for p in (COLOUR_PACK, ANIMAL_PACK, TREE_PACK)]
        rows = [
            [
                (int(packs[0][k]), int(packs[1][k]), int(packs[2][k]))
                for k in range(7 * p, 7 * p + 7)
            ]
            for p in (0, 1)
        ]
    red, blue = (tuple(Column(*column) for column in row) for row in rows)
    return red, blue


def check_pack_deal(tables: Mapping[str, Table], where: str) -> None:
    """SetupError if the two tables hold more cards of a kind than the packs of the `pack` deal."""
    for kind, pack, names, attribute in (
        ("Colour", COLOUR_PACK, COLOURS, "colour"),
        ("Animal", ANIMAL_PACK, ANIMALS, "animal"),
        ("Tree", TREE_PACK, TREES, "tree"),
    ):
        for value, name in enumerate(names):
            used = sum(getattr(c, attribute) == value for t in tables.values() for c in t)
            if used > pack.count(value):
                raise SetupError(
                    f"{where}: the tables hold {used} {name} cards but the {kind} pack of the "
                    f"pack deal has {pack.count(value)}; use options.deal uniform"
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
_COLUMN_BYTES = {
    Column(c, a, t).text(): Column(c, a, t).byte()
    for c in range(2)
    for a in range(4)
    for t in range(2)
}


class _History:
    """Where a game's history starts, and the turn of its first repeated state (found once, by
    the engine, and shared by every clone); -1 when no state repeats within the turn cap."""

    def __init__(self, origin: int, tables: np.ndarray, cap: int) -> None:
        self.origin, self.tables, self.cap = origin, tables, cap
        self._repeat_at: int | None = None

    @property
    def repeat_at(self) -> int:
        if self._repeat_at is None:
            from pnp.games.platypus_engine import ENDLESS, play_games

            ended = play_games(self.tables[None], self.cap, np.array([self.origin]))
            endless = int(ended.outcome[0]) == ENDLESS
            self._repeat_at = int(ended.turns[0]) if endless else -1
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
        column = column_index(self.animals[seat], self.colour(self.positions[seat]))
        source = self.positions[seat]
        step = 1 if self.tables[seat][column].tree == GHOST_GUM else -1
        return [(column, source, (source + step) % CELLS)]

    def apply(self, move: Move) -> None:
        seat = self.turn
        if self._history is None:
            self._history = _History(self.packed(), self.table_bytes(), self.cap)
        if move not in self.legal_moves(seat) or self.halted():
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
            row[self.positions[seat]] = _SHORT_ANIMAL[self.animals[seat]]
            lines.append(f"{name:<5} " + "".join(row))
        red, blue = (self.score[self.names.index(name)] for name in PLAYERS)
        status = "game over" if self.is_over() else f"{self.names[self.turn]} to play"
        lines.append(f"red {red}, blue {blue}; {status}; turn {self.turns}")
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str, red: Table, blue: Table, first: str = "red") -> PlatypusState:
        """A position written as `to_text` writes it; its game's history starts here."""
        lines = [line.split() for line in text.strip().splitlines()]
        rows = {line[0]: line[1] for line in lines[:3]}
        names = (first, PLAYERS[1 - PLAYERS.index(first)])
        state = cls([red, blue] if first == "red" else [blue, red], names)
        state.green = [c == "g" for c in rows["cells"]]
        for seat, name in enumerate(names):
            cell = next(k for k, c in enumerate(rows[name]) if c != ".")
            state.positions[seat] = cell
            state.animals[seat] = _SHORT_ANIMAL.index(rows[name][cell])
        status = " ".join(lines[3]).replace(",", "").replace(";", "").split()
        scores = {"red": int(status[1]), "blue": int(status[3])}
        state.score = [scores[name] for name in names]
        state.turn = names.index(status[4])
        return state


class Platypus(Game[PlatypusState]):
    info = INFO

    def random_data(self, rng: np.random.Generator, options: Options) -> dict[str, Any]:
        red, blue = deal_tables(rng, options["deal"])
        first = PLAYERS[int(rng.integers(2))]
        return {"first": first, "tables": {"red": table_json(red), "blue": table_json(blue)}}

    def check_data(self, data: Mapping[str, Any], options: Options) -> dict[str, Any]:
        unknown = [key for key in data if key not in ("first", "tables")]
        if unknown:
            raise SetupError(f"unknown key {unknown[0]!r}; a Platypus setup has first and tables")
        first = data.get("first", "red")
        if first not in PLAYERS:
            raise SetupError(f"first {first!r} is not valid: expected {one_of(PLAYERS)}")
        given = data.get("tables")
        if not isinstance(given, Mapping) or sorted(given) != sorted(PLAYERS):
            raise SetupError("'tables' must be an object with a red and a blue table")
        tables = {name: parse_table(given[name], f"tables.{name}") for name in PLAYERS}
        if options["deal"] == "pack":
            check_pack_deal(tables, "tables")
        return {"first": first, "tables": {name: table_json(t) for name, t in tables.items()}}

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

    def seat_bytes(self, setup: Setup) -> list[list[int]]:
        """The engine's column bytes of each seat's table."""
        tables = setup.data["tables"]
        return [
            [_COLUMN_BYTES[tables[n][c]] for c in COLUMN_NAMES] for n in self.player_names(setup)
        ]

    def play_batch(
        self, games: Sequence[tuple[Setup, int, tuple[str, ...]]], max_turns: int
    ) -> list[tuple[Result, int]]:
        """Every game at once through the engine; agents have nothing to choose here."""
        from pnp.games.platypus_engine import play_games

        tables = np.array([self.seat_bytes(setup) for setup, _, _ in games], dtype=np.uint8)
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
