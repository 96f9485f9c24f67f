"""Wallaby cases for the conformance tests (tests/conformance/): corruptions its invariants
catch, what one turn changes, the full board that changes play, and bad setup files."""

from __future__ import annotations

from typing import Any

from pnp.games.wallaby.moves import NO_CELL, NO_PUT, Turn
from pnp.games.wallaby.moves import OUT as LEAVES
from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import gains
from tests.conformance.edits import drop, put
from tests.conformance.tampering import assign, bump, first, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("wallaby", 3, "standard"), turns=30, seed=1)


def corruptions(s: Any) -> list[Corruption]:
    standing = {*s.pos, s.scarecrow}
    tile = first(s.tile, lambda c: s.tile[c] > 0 and c not in standing)
    gap = first(s.tile, lambda c: s.tile[c] == 0)

    def harvest_from_nowhere(s: Any) -> None:
        s.held[0][2] += 1
        s.score[0] += 2

    return [
        Corruption("tiles conserved", put_item("tile", tile, 0)),
        Corruption("tiles conserved", harvest_from_nowhere),
        Corruption("score is plants held", bump("score", 0)),
        Corruption("the scarecrow is on a tile", assign("scarecrow", lambda s: gap)),
        Corruption("the out are those who left", lambda s: s.out_order.append(1)),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """A turn scores the tile harvested less the tile put down; only `out` leaves the game."""
    (move,) = joint
    if not isinstance(move, Turn):
        return
    seat = before.turn
    gained = before.tile[before.landing(move)] if move.harvest else 0
    spent = move.put if move.put not in (NO_PUT, LEAVES) else 0
    assert gains(before, after, "score")[seat] == gained - spent, "plants gained in a turn"
    assert after.alive[seat] == (move.put != LEAVES), "only `out` leaves the game"
    assert after.alive[seat] or after.pos[seat] == NO_CELL


BAD_FILES = [
    BadFile("missing key", drop("board"), "missing key 'board'"),
    BadFile("unknown key", put("yes", "options", "scarecrow"),
            "options: unknown key 'scarecrow'; expected players, variant, full-board, "
            "tile-backs or tiles"),
    BadFile("wrong type", put(13, "set_aside"), "set_aside: 13 is not a string"),
    BadFile("out of range", put("maybe", "options", "full-board"),
            "options.full-board: 'maybe' is not valid: expected 'no' or 'yes'"),
    BadFile("tampered row", put("1111311", "board", 0),
            "board[0]: '1111311' is not valid: expected 6 digits 1-3"),
    BadFile("board for other players", put(3, "options", "players"), "board: 6 items; expected 7"),
    BadFile("player count before the board", put(5, "options", "players"),
            "options.players: 5 is not valid: expected 2, 3 or 4"),
    BadFile("tampered tile counts", put("111111", "board", 1),
            "board and set_aside hold 22 of 1, 12 of 2, 15 of 3"),
    BadFile("full board off the children's variant", put("yes", "options", "full-board"),
            "options: full-board yes applies only to variant children with players 2 "
            "(3-4 players"),
]  # fmt: skip
CASES = GameCases(MID_GAME, corruptions, effect, BAD_FILES, option_sets=[{"full-board": "yes"}])
