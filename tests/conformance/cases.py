"""What each registered game gives the conformance tests: tests/games/<game>/cases.py.

A game's cases module ends with `CASES = GameCases(...)`: a position reached in play and the
corruptions its invariants must catch (test_corruption.py), the check of what one move changes
(test_effects.py), the options that change what is played (every test that plays random games)
and the bad setup files that must be refused in one line (test_setup_files.py). `cases_of`
imports them for a registered game (pnp.games.ORDER) and fails loudly if a game has none.

The cases are written as short lines with the builders beside this module: tampering.py
corrupts a position (`bump("score", 1)`), edits.py edits a setup document
(`put(5, "options", "players")`), changes.py reads what a move changed
(`gains(before, after, "fish")`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pnp.errors import PnpError
from pnp.games import GAMES, ORDER
from tests.conformance.edits import Edit
from tests.conformance.tampering import Tamper
from tests.support.random_play import Chooser, Config, Moved, play


@dataclass(frozen=True)
class Corruption:
    """A position broken in one field, and the message of the invariant that must catch it."""

    message: str
    tamper: Tamper


@dataclass(frozen=True)
class MidGame:
    """The running position after `turns` random turns of a game from `seed`."""

    config: Config
    turns: int
    seed: int

    def position(self) -> Any:
        state = self.config.start(self.seed)
        played = play(state, Chooser([], np.random.default_rng(self.seed)), self.turns)
        assert played == self.turns, "the game ended before the position"
        return state


@dataclass(frozen=True)
class BadFile:
    """What is wrong with a setup file, the edit of the game's seed-1 default that makes it,
    and what the one-line refusal must say."""

    what: str
    edit: Edit
    message: str


@dataclass(frozen=True)
class GameCases:
    mid_game: MidGame
    corruptions: Callable[[Any], Sequence[Corruption]]  # made from mid_game's position
    effect: Moved  # (before, joint order, after): what one move changed
    bad_files: Sequence[BadFile]
    option_sets: Sequence[dict[str, str]] = ()  # options that change play, beyond the defaults
    default_edit: Edit | None = None  # a fixed base for bad_files where seed 1 is not one


def package(name: str) -> str:
    """The test package of a game: tests/games/<name with underscores>/."""
    return name.replace("-", "_")


def cases_of(name: str) -> GameCases:
    """A registered game's cases; a game without a cases module, or without CASES in it, fails."""
    module = importlib.import_module(f"tests.games.{package(name)}.cases")
    cases = getattr(module, "CASES", None)
    if not isinstance(cases, GameCases):
        raise TypeError(f"tests/games/{package(name)}/cases.py defines no CASES = GameCases(...)")
    return cases


def every_game() -> list[tuple[str, GameCases]]:
    """Every registered game with its cases, in the registry's order."""
    assert sorted(ORDER) == sorted(GAMES)
    return [(name, cases_of(name)) for name in ORDER]


def configs_of(name: str) -> list[Config]:
    """Every player count and variant of a game with its default options, then each of its
    option sets with every player count and variant that accepts it."""
    info = GAMES[name].info
    found = []
    for options in [{}, *cases_of(name).option_sets]:
        for players in info.players:
            for variant in info.variants:
                config = Config(name, players, variant, tuple(sorted(options.items())))
                try:
                    config.start(0)
                except PnpError:
                    continue  # e.g. Wallaby's full board is for the children's 2-player game
                found.append(config)
    return found


def every_config() -> list[Config]:
    """The configurations of every registered game, games in alphabetical order."""
    return [config for name in sorted(ORDER) for config in configs_of(name)]
