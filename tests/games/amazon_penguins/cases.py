"""Amazon Penguins cases for the conformance tests (tests/conformance/): corruptions its
invariants catch, what one move changes, and bad setup files."""

from __future__ import annotations

from typing import Any

from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import gains, moved_piece
from tests.conformance.edits import drop, put
from tests.conformance.tampering import assign, bump, first, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("amazon-penguins", 2, "square"), turns=20, seed=1)


def corruptions(s: Any) -> list[Corruption]:
    chip = first(s.free, lambda c: s.free[c] == 1)
    penguin = s.pieces[1][0]

    def gap_under_a_penguin(s: Any) -> None:  # claimed as if speared: the counts add up
        s.chip[penguin] = 0
        s.chips[1] += 1
        s.fish[1] += s.values[penguin]

    return [
        Corruption("fish conserved", bump("fish", 0)),
        Corruption("chips conserved", put_item("chip", chip, 0)),
        Corruption("a penguin stands on a chip", gap_under_a_penguin),
        Corruption("one chip per move", assign("plies", lambda s: s.plies + 1)),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """A placement claims nothing; a move spears a chip without a penguin and its player
    claims it; the end claims the chips under each player's penguins."""
    ((source, target, shot),) = joint
    seat = before.turn
    claims = [0, 0]
    if after.over and not before.over:
        claims = [sum(after.values[c] for c in pieces) for pieces in after.pieces]
    if target >= 0:
        moved_piece(before, after, seat, source, target)
    if source >= 0:
        assert before.chip[shot] and (before.free[shot] or shot == source), "a free chip"
        assert not after.chip[shot]
        claims[seat] += after.values[shot]
    assert gains(before, after, "fish") == claims, "fish claimed"


BAD_FILES = [
    BadFile("missing key", drop("rows"), "missing key 'rows'"),
    BadFile("unknown key", put(8, "options", "size"),
            "options: unknown key 'size'; expected players or variant"),
    BadFile("wrong type", put(None, "rows", 0), "rows[0]: null is not a string"),
    BadFile("out of range", put("octagon", "options", "variant"),
            "options.variant: 'octagon' is not valid: expected 'square' or 'hex'"),
    BadFile("tampered row", put("1231231", "rows", 3),
            "rows[3]: '1231231' is not valid: expected 8 digits 1-3"),
    BadFile("square rows on hex", put("hex", "options", "variant"),
            "rows[0]: '31213121' is not valid: expected 7 digits 1-3"),
    BadFile("tampered chip mix", put("33333333", "rows", 0), "the layout has (28, 19, 17)"),
]  # fmt: skip
CASES = GameCases(MID_GAME, corruptions, effect, BAD_FILES)
