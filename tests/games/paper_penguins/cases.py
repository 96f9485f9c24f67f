"""Paper Pen-guins cases for the conformance tests (tests/conformance/): corruptions its
invariants catch, what one move changes, the sheet sizes that change play, and bad setup
files."""

from __future__ import annotations

from typing import Any

from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.changes import unchanged_but
from tests.conformance.edits import drop, put
from tests.conformance.tampering import assign, bump, first, put_item
from tests.support.random_play import Config

MID_GAME = MidGame(Config("paper-penguins", 2, "standard"), turns=20, seed=1)


def corruptions(s: Any) -> list[Corruption]:
    free = first(s.mark, lambda c: s.mark[c] == -1)

    def fifth_square(s: Any) -> None:  # a fifth piece drawn on a free number
        s.pieces[0].append(free)
        s.mark[free] = 0

    return [
        Corruption("scores are the numbers marked", bump("score", 1)),
        Corruption("pieces and marks disagree", lambda s: s.pieces[1].pop()),
        Corruption("unknown cell mark", put_item("mark", free, 7)),
        Corruption("more than four pieces", fifth_square),
        Corruption("over exactly when neither player can move", assign("over", lambda s: True)),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """The mover scores the number reached; the square left is crossed out."""
    ((source, target),) = joint
    seat = before.turn
    if source == target == -1:  # a pass
        assert after.score == before.score and after.mark == before.mark
        return
    assert after.mark[target] == seat and (source < 0 or after.mark[source] == 2)
    assert after.score[seat] - before.score[seat] == before.values[target]
    unchanged_but(before, after, "mark", {source, target})


BAD_FILES = [
    BadFile("missing key", drop("sheets", 0, "rows"), "sheets[0]: missing key 'rows'"),
    BadFile("unknown key", put(1, "sheets", 0, "score"),
            "sheets[0]: unknown key 'score'; expected id or rows"),
    BadFile("wrong type", put("8", "options", "sheets"),
            "options.sheets: '8' is not a whole number"),
    BadFile("out of range", put(0, "options", "sheets"),
            "options.sheets: 0 is out of range: expected 1 to 500"),
    BadFile("tampered row", put("12a41231", "sheets", 0, "rows", 2),
            "sheets[0].rows[2]: '12a41231' is not valid: expected 4 to 20 digits 1-3"),
    BadFile("bad size", put("8x21", "options", "size"),
            "options.size: '8x21' is not valid: expected ROWSxCOLS with sides from 4 to 20"),
    BadFile("sheet not of the size", put("6x8", "options", "size"),
            "sheet 1 is 8x8, options.size is 6x8"),
    BadFile("tampered mix", put("33333333", "sheets", 0, "rows", 0),
            "expected 32, 21 and 11 for 8 x 8 (the 3:2:1 mix)"),
]  # fmt: skip
CASES = GameCases(
    MID_GAME, corruptions, effect, BAD_FILES, option_sets=[{"size": "4x4"}, {"size": "5x9"}]
)
