"""The registry of games: every module of this package that ends with `GAME = ...`.

Modules are found, not listed, so adding a game is adding its module; only games that exist are
registered, and the CLI lists exactly these, in the order of ORDER.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from pnp.errors import PnpError, one_of
from pnp.games.base import Game

ORDER = (
    "platypus", "amazons", "penguins", "amazon-penguins",
    "paper-penguins", "colour-diplomacy", "billabong", "wallaby",
)  # fmt: skip


def _discover() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.info.name] = game
    rank = {name: k for k, name in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(ORDER)), item[0])))


GAMES: dict[str, Game[Any]] = _discover()


def get_game(name: str) -> Game[Any]:
    """The registered game called `name`, or PnpError listing the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise PnpError(f"unknown game {name!r}; expected {one_of(GAMES)}") from None
