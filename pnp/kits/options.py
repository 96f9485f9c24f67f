"""A kit's print options: what a game's kit prints beyond the setup (e.g. Wallaby's tile backs,
Paper Pen-guins' number of sheets), declared in the kit's package as its `OPTIONS` record.

They are options of `pnp kit` only: the game contract, the simulator and `pnp perft` never see
them. setup.json records them beside the game's options, so `pnp kit --setup` prints the same kit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Self

from pnp.games.base import Game, Setup
from pnp.games.options import GameOptions, OptionRecord


@dataclass(frozen=True)
class KitOptions(OptionRecord):
    """A kit's print options; a kit with its own subclasses this with typed fields."""

    @classmethod
    def of(cls, setup: Setup) -> Self:
        """The print options recorded with `setup`, the others at their defaults."""
        return cls.from_json(setup.kit_options)

    def sheet_count(self) -> int:
        """How many setups the kit prints together (each on its own sheet); one by default."""
        return 1

    def check_setup(self, setup: Setup) -> None:
        """SetupError if `setup`, read from a file that records these options, disagrees with
        them; a kit whose options say what the setup holds (a count of sheets) checks it here."""

    def draw(self, game: Game[Any], seed: int, options: GameOptions) -> Setup:
        """The setup the kit prints from `seed`, checked, with these print options recorded."""
        return self.checked(game, self.drawn(game, seed, options))

    def drawn(self, game: Game[Any], seed: int, options: GameOptions) -> Setup:
        """The setup of `seed`; a kit that prints several setups together joins them here."""
        return game.random_setup(seed, options)

    def checked(self, game: Game[Any], setup: Setup) -> Setup:
        """`setup` as the kit prints it, these print options recorded, whether it was drawn,
        read from a file or found balanced. A kit whose print options ask for a check of the
        setup (Platypus: that its deal ends) makes it here and raises InputError naming the
        option that would let it print anyway."""
        return self.recorded(setup)

    def recorded(self, setup: Setup) -> Setup:
        """`setup` recording these print options, as setup.json holds them."""
        return replace(setup, kit_options=self.to_json())


def kit_setup(
    game: Game[Any],
    seed: int,
    players: int | None,
    variant: str | None,
    given: Mapping[str, str],
    printed: type[KitOptions] = KitOptions,
) -> Setup:
    """The setup a kit with print options `printed` prints of `game` from `seed`, with option
    texts `given` (the game's own and the kit's, e.g. `{"size": "6x8", "sheets": "3"}`), the
    print options recorded as setup.json keeps them."""
    resolved = game.info.resolve(players, variant, given, others=printed.names())
    own = printed.given({name: text for name, text in given.items() if name in printed.names()})
    return own.draw(game, seed, resolved)
