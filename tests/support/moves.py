"""Helpers for rules tests: play moves written as players write them."""

from __future__ import annotations

from typing import Any

from pnp.games.base import State


def play(state: State[Any], line: str) -> None:
    """Play each whitespace-separated move of `line` (as `move_text` writes it), in turn.

    Fails with the legal moves listed if a move is not legal, so a test can never play an
    illegal move by accident.
    """
    for text in line.split():
        (seat,) = state.to_act()
        legal = {state.move_text(move): move for move in state.legal_moves(seat)}
        assert text in legal, f"{text} is not legal here; legal: {sorted(legal)}"
        state.apply(legal[text])
