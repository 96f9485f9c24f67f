"""Amazons cases for the conformance tests (tests/conformance/): corruptions its invariants
catch, what one move changes, the board sizes that change play, and bad setup files."""

from __future__ import annotations

from typing import Any

from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import moved_piece, unchanged_but
from tests.conformance.edits import drop, put
from tests.conformance.tampering import assign, first, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("amazons", 2, "standard"), turns=10, seed=1)


def corruptions(s: Any) -> list[Corruption]:
    empty = first(s.free, lambda c: s.free[c] == 1)
    return [
        Corruption("one arrow per move made", put_item("free", empty, 0)),
        Corruption("two pieces on one cell", lambda s: s.pieces[0].__setitem__(0, s.pieces[1][0])),
        Corruption("light and dark alternate", assign("turn", lambda s: 1 - s.turn)),
        Corruption("four amazons each", lambda s: s.pieces[1].pop()),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """The amazon slides to an empty square and its arrow blocks another (or the one left)."""
    ((source, target, shot),) = joint
    seat = before.turn
    moved_piece(before, after, seat, source, target)
    assert after.pieces[1 - seat] == before.pieces[1 - seat]
    assert before.free[target] and (before.free[shot] or shot == source)
    assert not after.free[target] and not after.free[shot]
    assert after.free[source] == (shot != source)
    unchanged_but(before, after, "free", {source, target, shot})


BAD_FILES = [
    BadFile("missing key", drop("options"), "missing key 'options'"),
    BadFile("unknown key", put(["3121211"], "rows"), "unknown key 'rows'; expected game, "
            "format_version, seed, options or fairness"),
    BadFile("wrong type", put("1", "seed"), "seed: '1' is not a whole number or null"),
    BadFile("negative seed", put(-1, "seed"), "seed: -1 is out of range: expected >= 0"),
    BadFile("out of range", put(12, "options", "size"),
            "options.size: 12 is not valid: expected 6, 8 or 10"),
    BadFile("tampered players", put(3, "options", "players"),
            "options.players: 3 is not valid: expected 2"),
]  # fmt: skip
CASES = GameCases(
    MID_GAME, corruptions, effect, BAD_FILES, option_sets=[{"size": "6"}, {"size": "8"}]
)
