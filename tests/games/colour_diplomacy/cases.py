"""Colour Diplomacy cases for the conformance tests (tests/conformance/): corruptions its
invariants catch, what one turn changes, and bad setup files."""

from __future__ import annotations

from typing import Any

from pnp.games.colour_diplomacy.rings import OFF
from tests.conformance.cases import BadFile, Corruption, GameCases, MidGame
from tests.conformance.edits import drop, put
from tests.conformance.tampering import Tamper, assign
from tests.support.random_play import Config

MID_GAME = MidGame(Config("colour-diplomacy", 6, "standard"), turns=3, seed=1)


def corruptions(s: Any) -> list[Corruption]:
    fallen = s.positions.index(OFF)
    off_colour = next(
        seat for seat, spot in enumerate(s.positions) if spot != OFF and s.colour(spot) != seat
    )

    def moved(seat: int, spot: tuple[int, int]) -> Tamper:
        return assign("positions", lambda s: (*s.positions[:seat], spot, *s.positions[seat + 1 :]))

    return [
        Corruption(
            "colours are a permutation", assign("colours", lambda s: (s.colours[0],) * s.players)
        ),
        Corruption("the fallen and only they are off the board", moved(fallen, (1, 1))),
        Corruption("a player not on a field", moved(off_colour, s.board.center)),
        Corruption(
            "one holds only on one's own colour", assign("must_hold", lambda s: {off_colour})
        ),
    ]


def effect(before: Any, joint: list[Any], after: Any) -> None:
    """A turn passes; no one comes back onto the board; the colours turn only when an order
    into the center was given and the center was reached."""
    assert after.turn == before.turn + 1
    assert set(after.on_board()) <= set(before.on_board()), "the fallen stay off"
    reached = after.center_turns - before.center_turns
    assert reached in (0, 1)
    if reached:
        assert any(order.target == before.board.center for order in joint)
    else:
        assert after.colours == before.colours, "colours turn only at the center"


BAD_FILES = [
    BadFile("missing key", drop("circle_colours"), "missing key 'circle_colours'"),
    BadFile("unknown key", put("big", "options", "board"),
            "options: unknown key 'board'; expected players, variant or start-colours"),
    BadFile("wrong type", put("1", "circle_colours", 0),
            "circle_colours[0]: '1' is not a whole number"),
    BadFile("out of range", put(11, "options", "players"),
            "options.players: 11 is not valid: expected 4, 5, 6, 7, 8, 9 or 10"),
    BadFile("tampered colour", put(7, "circle_colours", 0),
            "circle_colours[0]: 7 is out of range: expected 1 to 6"),
    BadFile("repeated colour", put(1, "circle_colours", 0),
            "circle_colours: 1 appears more than once"),
    BadFile("colours for other players", put(5, "options", "players"),
            "circle_colours: 6 items; expected 5 (one player number 1-5 per circle, "
            "for 5 players)"),
]  # fmt: skip
CASES = GameCases(MID_GAME, corruptions, effect, BAD_FILES)
