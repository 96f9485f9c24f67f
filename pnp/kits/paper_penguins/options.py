"""Paper Pen-guins' print options: how many distinct sheets the kit prints.

Sheet 1 is the setup of the kit's seed (so a kit of one sheet is the plain setup); each further
sheet is the setup of the next seed spawned from it (numpy SeedSequence.spawn), a sheet that
repeats one already drawn being drawn again from the next. A sheet given in a board file prints
that many times. setup.json lists the sheets in one file, the kit's seed being sheet 1's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pnp.errors import PnpError, SetupError
from pnp.games.base import Game, Setup
from pnp.games.options import GameOptions, IntOption, option
from pnp.games.paper_penguins.game import PaperPenguinsOptions
from pnp.games.paper_penguins.sheets import PaperPenguinsSetup
from pnp.games.setupfile import joined_setups
from pnp.kits.options import KitOptions

ATTEMPTS_PER_SHEET = 100


@dataclass(frozen=True)
class PaperPenguinsKitOptions(KitOptions):
    sheets: int = option(IntOption("sheets", "distinct sheets in the kit", 1, 1, 500))

    def sheet_count(self) -> int:
        return self.sheets

    def check_setup(self, setup: Setup) -> None:
        """A file that states its number of sheets holds that many."""
        held = len(PaperPenguinsSetup.of(setup.data).sheets)
        if "sheets" in setup.kit_options and self.sheets != held:
            raise SetupError(f"options.sheets is {self.sheets}, but the file holds {held} sheets")

    def drawn(self, game: Game[Any], seed: int, options: GameOptions) -> Setup:
        first = game.random_setup(seed, options)
        if PaperPenguinsOptions.of(options).board is not None:
            setups = [first] * self.sheets
        else:
            setups = self._distinct(game, first, seed, options)
        return joined_setups(game, [_numbered(s, k) for k, s in enumerate(setups, 1)])

    def _distinct(
        self, game: Game[Any], first: Setup, seed: int, options: GameOptions
    ) -> list[Setup]:
        """`first` and sheets drawn from seeds spawned from `seed`, each unlike the others."""
        spawner = np.random.SeedSequence(seed)
        setups, seen = [first], {_rows(first)}
        for _ in range(ATTEMPTS_PER_SHEET * self.sheets):
            if len(setups) == self.sheets:
                return setups
            child = int(spawner.spawn(1)[0].generate_state(1)[0])
            setup = game.random_setup(child, options)
            if _rows(setup) not in seen:
                setups.append(setup)
                seen.add(_rows(setup))
        if len(setups) == self.sheets:
            return setups
        size = PaperPenguinsOptions.of(options).size
        raise PnpError(f"a {size} sheet has too few layouts for {self.sheets} sheets")


def _rows(setup: Setup) -> tuple[str, ...]:
    return PaperPenguinsSetup.of(setup.data).sheets[0].rows


def _numbered(setup: Setup, number: int) -> Setup:
    """`setup` with its one sheet numbered `number` in the kit: `s1` becomes `s3`."""
    data = PaperPenguinsSetup.of(setup.data)
    sheet = data.sheets[0]
    own = replace(sheet, id=f"{str(sheet.id).removesuffix('1')}{number}")
    return replace(setup, data=replace(data, sheets=(own,)))
