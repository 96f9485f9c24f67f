"""Penguins cases for the conformance tests (tests/conformance/): corruptions its invariants
catch, what one move changes, and bad setup files."""

from __future__ import annotations

from typing import Any

from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import gains
from tests.conformance.edits import drop, put
from tests.conformance.tampering import bump, first, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("penguins", 3, "standard"), turns=15, seed=1)


def corruptions(s: Any) -> list[Corruption]:
    tile = first(s.free, lambda c: s.free[c] == 1)

    def one_penguin_leaves(s: Any) -> None:
        s.free[s.pieces[2].pop()] = 1

    return [
        Corruption("tiles conserved", bump("tiles", 0)),
        Corruption(
            "two penguins on one tile", lambda s: s.pieces[1].__setitem__(0, s.pieces[0][0])
        ),
        Corruption("free means a tile without a penguin", put_item("free", tile, 0)),
        Corruption("penguins leave all at once", one_penguin_leaves),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """A placement takes nothing; a move takes the tile left; a player who cannot move keeps
    the tiles under their penguins and is out."""
    ((source, target),) = joint
    seat = before.turn
    pieces = [[target if c == source else c for c in p] for p in before.pieces]
    taken = [0] * before.players
    if source < 0:
        pieces[seat].append(target)
    else:
        taken[seat] = before.values[source]
        assert not after.tile[source]
    for other, kept in enumerate(pieces):
        if kept and not after.pieces[other]:
            taken[other] += sum(before.values[c] for c in kept)
        else:
            assert after.pieces[other] == kept, "only the mover's penguin moves"
    assert gains(before, after, "fish") == taken, "fish taken"


BAD_FILES = [
    BadFile("missing key", drop("rows"), "missing key 'rows'"),
    BadFile("unknown key", put("red", "colour"), "unknown key 'colour'; expected game, "
            "format_version, seed, options, rows or fairness"),
    BadFile("wrong type", put("3121211", "rows"), "rows: '3121211' is not a list"),
    BadFile("out of range", put(5, "options", "players"),
            "options.players: 5 is not valid: expected 2, 3 or 4"),
    BadFile("tampered row", put("1221241", "rows", 2),
            "rows[2]: '1221241' is not valid: expected 7 digits 1-3, the fish on each tile"),
    BadFile("short row", put("1221", "rows", 1),
            "rows[1]: '1221' is not valid: expected 8 digits 1-3"),
    BadFile("tampered tile mix", put("3333333", "rows", 0), "the layout has (26, 18, 16) one/two/"),
]  # fmt: skip
CASES = GameCases(MID_GAME, corruptions, effect, BAD_FILES)
