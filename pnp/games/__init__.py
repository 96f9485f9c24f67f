"""The registry of games: `ORDER` names every game, and each name is a package
`pnp/games/<name>/` (hyphens as underscores) whose `GAME` is that game.

The registry is explicit and loud: a name whose package is missing, or whose `GAME` is not the
game of that name, fails at import with the name in the message, never by leaving the game out.
Its kit is the package of the same name under `pnp/kits/` (see `pnp.kits`); games never import
kits, so simulator workers load no drawing code.
"""

from __future__ import annotations

import importlib
from typing import Any

from pnp.errors import PnpError, one_of
from pnp.games.base import Game

ORDER = (
    "platypus", "amazons", "penguins", "amazon-penguins",
    "paper-penguins", "colour-diplomacy", "billabong", "wallaby",
)  # fmt: skip


def package_name(game: str) -> str:
    """The Python package name of a game: `paper-penguins` -> `paper_penguins`."""
    return game.replace("-", "_")


def _load(name: str) -> Game[Any]:
    module = importlib.import_module(f"{__name__}.{package_name(name)}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game) or game.info.name != name:
        raise ImportError(f"pnp.games.{package_name(name)}.GAME is not the game {name!r}")
    return game


GAMES: dict[str, Game[Any]] = {name: _load(name) for name in ORDER}


def get_game(name: str) -> Game[Any]:
    """The registered game called `name`, or PnpError listing the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise PnpError(f"unknown game {name!r}; expected {one_of(GAMES)}") from None
