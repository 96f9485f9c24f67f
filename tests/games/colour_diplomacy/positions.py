"""Helpers for Colour Diplomacy rules tests: positions as text, orders as players write them.

Positions are written as text, one line per circle from circle 1 (outermost) inwards: the player
whose colour the circle has, then its fields 1..N: `.` empty, a player number, `2+5` for two
players on one field, `*` after a player who must hold. `off:` lists the players off the board.
"""

from __future__ import annotations

from textwrap import dedent

from pnp.games import get_game
from pnp.games.colour_diplomacy.rules import ColourDiplomacyState
from tests.support.positions import read_position

GAME = get_game("colour-diplomacy")


def position(text: str) -> ColourDiplomacyState:
    """A position as text; it carries the board and the players, so any setup reads it."""
    return read_position(GAME, text)


def lines(text: str) -> list[list[str]]:
    """A position's text, whitespace aside."""
    return [line.split() for line in dedent(text).strip().splitlines()]


def assert_position(state: ColourDiplomacyState, expected: str) -> None:
    assert lines(state.to_text()) == lines(expected), "\n" + state.to_text()


def orders(state: ColourDiplomacyState, player: int) -> set[str]:
    return {state.move_text(order) for order in state.legal_moves(player - 1)}


def resolve(state: ColourDiplomacyState, written: dict[int, str]) -> None:
    """Resolve one order per player on the board, written as players write them; each must be
    legal, so a test can never resolve an illegal order by accident. The compiled engine
    (pnp/games/colour_diplomacy/engine.py) resolves the same orders beside the `State`: the
    same orders listed for each player, and the same position, facts and ranks after."""
    seats = state.to_act()
    assert sorted(written) == [seat + 1 for seat in seats], "one order per player on the board"
    compiled = state.compiled()
    engine, context, at = compiled.engine, compiled.context, compiled.position.copy()
    joint = []
    for seat in seats:
        legal = {state.move_text(order): order for order in state.legal_moves(seat)}
        text = written[seat + 1]
        assert text in legal, f"player {seat + 1}: {text!r} is not legal; legal: {sorted(legal)}"
        joint.append(legal[text])
        listed = [engine.move_at(context, at, i) for i in range(engine.count(context, at))]
        assert [compiled.decode(code) for code in listed] == list(state.legal_moves(seat))
        engine.apply(context, at, listed[list(legal.values()).index(legal[text])])
    state.apply_joint(joint)
    assert compiled.restore is not None
    restored = compiled.restore(at)
    assert restored.to_text() == state.to_text(), "the engine resolved otherwise"
    assert (restored.facts(), restored.ranks()) == (state.facts(), state.ranks())
    assert engine.over(context, at) == state.is_over()


START = """
    circle 1 colour 3:  1  2  3  4
    circle 2 colour 1:  .  .  .  .
    circle 3 colour 4:  .  .  .  .
    circle 4 colour 2:  .  .  .  .
    off: -
"""
