"""Positions as the rules tests write them: text, indented with the test, read by the game."""

from __future__ import annotations

from functools import cache
from textwrap import dedent

from pnp.games import GAMES
from pnp.games.base import Game, Setup, StateT


def read_position(game: Game[StateT], text: str, setup: Setup | None = None) -> StateT:
    """The position `text` writes (as `State.to_text` does, indented as a test writes it) in a
    game of `setup`; by default the setup of seed 0 on the game's default options, which serves
    any position whose text carries the board (and the players)."""
    return game.state_from_text(setup or default_setup(game.info.name), dedent(text))


@cache
def default_setup(name: str) -> Setup:
    game = GAMES[name]
    return game.random_setup(0, game.info.resolve(None, None, {}))
