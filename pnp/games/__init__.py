"""The registry of games: for each name in ORDER, the module pnp/games/<name>.py (hyphens as
underscores) if it exists, ending with `GAME = ...`.

Only games whose module exists are registered, and the CLI lists exactly these. Helper modules
(engines, tables, boards) are imported only by the games that use them, so `import pnp.games`
stays cheap: Platypus's compiled engine, for one, loads only when Platypus is played.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from pnp.errors import PnpError, one_of
from pnp.games.base import Game

ORDER = (
    "platypus", "amazons", "penguins", "amazon-penguins",
    "paper-penguins", "colour-diplomacy", "billabong", "wallaby",
)  # fmt: skip


def _discover() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    for name in ORDER:
        module_name = f"{__name__}.{name.replace('-', '_')}"
        if importlib.util.find_spec(module_name) is None:
            continue  # not built yet
        game = importlib.import_module(module_name).GAME
        assert isinstance(game, Game) and game.info.name == name, module_name
        found[name] = game
    return found


GAMES: dict[str, Game[Any]] = _discover()


def get_game(name: str) -> Game[Any]:
    """The registered game called `name`, or PnpError listing the games there are."""
    try:
        return GAMES[name]
    except KeyError:
        raise PnpError(f"unknown game {name!r}; expected {one_of(GAMES)}") from None
