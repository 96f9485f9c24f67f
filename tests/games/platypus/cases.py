"""Platypus cases for the conformance tests (tests/conformance/): corruptions its invariants
catch, what one move changes, the pack deal that changes play, and bad setup files."""

from __future__ import annotations

from typing import Any

from pnp.games.platypus.tables import CELLS, GHOST_GUM, GREEN
from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import gains, unchanged_but
from tests.conformance.edits import Edit, drop, put
from tests.conformance.tampering import assign, first, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("platypus", 2, "standard"), turns=60, seed=16)


def corruptions(s: Any) -> list[Corruption]:
    yellow = first(s.green, lambda c: not s.green[c])
    return [
        Corruption("a token off the 21 cells", put_item("positions", 0, 21)),
        Corruption("no such animal", put_item("animals", 1, 4)),
        Corruption("a point is a cell changing colour", put_item("green", yellow, True)),
        Corruption("at most one point a move", put_item("score", 1, s.turns)),
        Corruption("seats alternate", assign("turn", lambda s: 1 - s.turn)),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """The mover's table column recolours the cell left (a point if its colour changed),
    changes the token's animal and moves it one cell towards the column's tree."""
    ((column, source, target),) = joint
    seat = before.turn
    entry = before.tables[seat][column]
    assert before.positions[seat] == source
    assert target == (source + (1 if entry.tree == GHOST_GUM else -1)) % CELLS
    assert after.positions[seat] == target and after.animals[seat] == entry.animal
    assert after.green[source] == (entry.colour == GREEN)
    assert gains(before, after, "score")[seat] == int(before.green[source] != after.green[source])
    unchanged_but(before, after, "green", {source})


def every_column(text: str) -> Edit:
    """Every column of both tables set to `text`."""

    def edit(document: dict[str, Any]) -> None:
        for table in document["tables"].values():
            for column in table:
                table[column] = text

    return edit


def pack_deal_of_green_platypuses(document: dict[str, Any]) -> None:
    put("pack", "options", "deal")(document)
    every_column("green platypus wattle")(document)


BAD_FILES = [
    BadFile("missing key", drop("tables", "blue", "emu-green"),
            "tables.blue: missing key 'emu-green'"),
    BadFile("unknown key", put({}, "tables", "green"),
            "tables: unknown key 'green'; expected red or blue"),
    BadFile("wrong type", put(7, "tables", "red", "emu-yellow"),
            "tables.red.emu-yellow: 7 is not a string"),
    BadFile("out of range", put("deck", "options", "deal"),
            "options.deal: 'deck' is not valid: expected 'uniform' or 'pack'"),
    BadFile("tampered table", put("purple emu wattle", "tables", "red", "emu-yellow"),
            "tables.red.emu-yellow: 'purple emu wattle' is not valid: "
            "expected COLOUR ANIMAL TREE, e.g. 'green emu ghost gum'"),
    BadFile("tampered pack deal", pack_deal_of_green_platypuses,
            "tables: the tables hold 14 green cards but the Colour pack of the pack deal "
            "has 8"),
]  # fmt: skip
CASES = GameCases(MID_GAME, corruptions, effect, BAD_FILES, option_sets=[{"deal": "pack"}])
