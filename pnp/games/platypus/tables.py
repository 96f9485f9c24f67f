"""Platypus tables: the board's constants, table columns, the two deals, and their text forms.

Rules: ../shared/RULES.md, "Platypus". A table has 7 columns, one per (token, cell colour) in the
fixed order of COLUMNS; each holds a COLOUR, an ANIMAL and a TREE. setup.json writes a table as
{"kangaroo-yellow": "green emu wattle", ...}; tests and terminals use a short form, `gE<` (green,
emu, towards the Wattle). The engine packs a column in one byte: bit 0 the colour (1 = green),
bits 1-2 the animal, bit 3 the tree (1 = the Ghost Gum).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from pnp.errors import SetupError, one_of

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

    @classmethod
    def from_byte(cls, byte: int) -> Column:
        return cls(byte & 1, byte >> 1 & 3, byte >> 3 & 1)

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


COLUMN_TEXT = tuple(Column.from_byte(byte).text() for byte in range(16))
COLUMN_BYTE = {text: byte for byte, text in enumerate(COLUMN_TEXT)}


def table_json(table: Table) -> dict[str, str]:
    return {name: column.text() for name, column in zip(COLUMN_NAMES, table, strict=True)}


# Short form for tests and terminals: colour y/g, animal K/E/W/P, tree < (Wattle) or > (Ghost Gum).
_SHORT_COLOUR, SHORT_ANIMAL, _SHORT_TREE = "yg", "KEWP", "<>"


def short_table(table: Table) -> str:
    """`yE< gK> ...`: the 7 columns in order, each colour, animal and direction of the tree."""
    return " ".join(
        _SHORT_COLOUR[c.colour] + SHORT_ANIMAL[c.animal] + _SHORT_TREE[c.tree] for c in table
    )


def parse_short_table(text: str) -> Table:
    words = text.split()
    if len(words) != len(COLUMNS) or any(
        len(w) != 3 or w[0] not in _SHORT_COLOUR or w[1] not in SHORT_ANIMAL or w[2] not in "<>"
        for w in words
    ):
        raise ValueError(f"{text!r}: expected 7 columns like 'yE<' (y/g, K/E/W/P, < or >)")
    return tuple(
        Column(_SHORT_COLOUR.index(w[0]), SHORT_ANIMAL.index(w[1]), _SHORT_TREE.index(w[2]))
        for w in words
    )


def deal_bytes(rng: np.random.Generator, deal: str) -> list[list[int]]:
    """Red's and blue's columns as bytes. `uniform`: every card drawn on its own (one draw of
    0-15 per column gives its colour, animal and tree bits, each uniform and independent);
    `pack`: 7 cards of each shuffled pack to red, then 7 to blue, in column order."""
    if deal == "uniform":
        return [list(row) for row in rng.integers(0, 16, size=(2, len(COLUMNS))).tolist()]
    colours, animals, trees = (
        rng.permutation(np.array(p)).tolist() for p in (COLOUR_PACK, ANIMAL_PACK, TREE_PACK)
    )
    return [
        [colours[k] | animals[k] << 1 | trees[k] << 3 for k in range(7 * p, 7 * p + 7)]
        for p in (0, 1)
    ]


def deal_tables(rng: np.random.Generator, deal: str) -> tuple[Table, Table]:
    """Red's and blue's tables, dealt as `deal_bytes` says."""
    red, blue = (tuple(Column.from_byte(b) for b in row) for row in deal_bytes(rng, deal))
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
