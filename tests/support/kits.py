"""Kits as the tests print them: the configurations worth printing (every option value, every
player count and variant) and the setup `pnp kit` draws for one of them."""

from __future__ import annotations

import itertools

from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.games.base import Setup
from pnp.kits import KIT_OPTIONS, KITS
from pnp.kits.options import kit_setup

Config = tuple[str, int | None, str | None, dict[str, str]]  # game, players, variant, options


def setup_of(config: Config, seed: int) -> Setup:
    """The setup `pnp kit` prints of `config` from `seed` (game and kit options alike)."""
    name, players, variant, given = config
    return kit_setup(GAMES[name], seed, players, variant, given, KIT_OPTIONS[name])


def option_configs() -> list[Config]:
    """Every non-default value of every game and kit option with a fixed list of values (board
    sizes, deals, tile backs, ...), on the first player count and variant that accepts it; and
    Paper Pen-guins' free sizes and sheet counts."""
    configs: list[Config] = []
    for name, game in GAMES.items():
        if name not in KITS:
            continue
        info = game.info
        specs = [*info.options_type.specs(), *KIT_OPTIONS[name].specs()]
        for _, option in specs:
            values = [str(v) for v in getattr(option, "choices", ())]
            for value in values:
                if value == str(option.to_json(option.default_value())):
                    continue
                for players, variant in itertools.product(info.players, info.variants):
                    config: Config = (name, players, variant, {option.name: value})
                    try:
                        setup_of(config, 1)
                    except PnpError:
                        continue
                    configs.append(config)
                    break
                else:
                    raise AssertionError(f"{name} --{option.name} {value} is never accepted")
    configs.append(("paper-penguins", 2, "standard", {"size": "6x9", "sheets": "5"}))
    configs.append(("paper-penguins", 2, "standard", {"size": "12x12"}))
    return configs


def default_configs() -> list[Config]:
    """Every game with its default options, at every player count and variant."""
    return [
        (name, players, variant, {})
        for name, game in GAMES.items()
        if name in KITS
        for players, variant in itertools.product(game.info.players, game.info.variants)
    ]


def config_id(config: Config) -> str:
    name, players, variant, given = config
    return "-".join([name, str(players), str(variant), *given.values()])
