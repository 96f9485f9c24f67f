"""Moves as players write them, for rules tests: the legal ones listed, and a line of them
played."""

from __future__ import annotations

from typing import Any

from pnp.games.base import State


def legal_texts(state: State[Any]) -> set[str]:
    """The legal moves of the player to move, as `move_text` writes them."""
    return {state.move_text(move) for move in state.legal_moves(state.turn)}


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
