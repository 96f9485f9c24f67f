"""Billabong cases for the conformance tests (tests/conformance/): corruptions its invariants
catch, what one move changes, and bad setup files (on a fixed placement)."""

from __future__ import annotations

from typing import Any

from pnp.games.billabong.board import FINISH, LAKE, OUT, PASS, PLACE
from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import unchanged_but
from tests.conformance.edits import drop, put
from tests.conformance.tampering import assign, bump, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("billabong", 2, "standard"), turns=40, seed=1)

PLACEMENT = [["a1", "a2", "a3", "a4", "a5"], ["p14", "p13", "p12", "p11", "p10"]]


def fixed_placement(document: dict[str, Any]) -> None:
    document["placement"] = [list(squares) for squares in PLACEMENT]  # fresh lists to edit


def corruptions(s: Any) -> list[Corruption]:
    kangaroo = s.kangaroos[0][0]
    return [
        Corruption("a kangaroo in the lake", put_item("owner", LAKE[0], 0)),
        Corruption("on the board or finished", bump("finished", 0)),
        Corruption("a kangaroo at +2 is finished", put_item("count", kangaroo, FINISH)),
        Corruption("occupancy bits disagree", assign("bits", lambda s: s.bits ^ 1 << kangaroo)),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """A move carries its kangaroo's lap count plus the move's change and touches no other
    square; a finishing move ends at exactly +2."""
    ((source, target, change),) = joint
    seat = before.turn
    touched = {source, target}
    if (source, target, change) == PASS:
        touched = set()
    elif source == PLACE:
        assert after.owner[target] == seat and after.count[target] == 0
        assert after.placed[seat] == before.placed[seat] + 1
    else:
        assert before.owner[source] == seat and after.owner[source] == -1
        if target == OUT:
            assert before.count[source] + change == FINISH, "a kangaroo finishes at +2"
            assert after.finished[seat] == before.finished[seat] + 1
        else:
            assert target != source and after.owner[target] == seat
            assert after.count[target] == before.count[source] + change, "the lap count moves"
    unchanged_but(before, after, "owner", touched)
    unchanged_but(before, after, "count", touched)


BAD_FILES = [
    BadFile("missing key", drop("seed"), "missing key 'seed'"),
    BadFile("unknown key", put([], "board"), "unknown key 'board'; expected game, "
            "format_version, seed, options, placement or fairness"),
    BadFile("wrong type", put("a1 a2 a3 a4 a5", "placement", 0),
            "placement[0]: 'a1 a2 a3 a4 a5' is not a list"),
    BadFile("out of range", put(5, "options", "players"),
            "options.players: 5 is not valid: expected 2, 3 or 4"),
    BadFile("tampered square", put("q2", "placement", 0, 4),
            "placement[0][4]: 'q2' is not valid: expected a square name"),
    BadFile("square in the lake", put("h7", "placement", 1, 0),
            "placement of blue: h7 is in the lake"),
    BadFile("placement for other players", put(3, "options", "players"),
            "placement: 2 items; expected 3"),
]  # fmt: skip
CASES = GameCases(MID_GAME, corruptions, effect, BAD_FILES, default_edit=fixed_placement)
