"""Regenerate templates/schemas/<game>.schema.json from the code: `python -m pnp.kits.schemas`.

The schema of a setup file is derived from the game's options and data records
(pnp.games.setupschema) and from its kit's print options, which setup.json records beside the
game's; this entry point lives in the kit layer because only it knows both.
"""

from __future__ import annotations

from pnp.games import GAMES
from pnp.games.setupschema import write_schemas
from pnp.kits import KIT_OPTIONS

if __name__ == "__main__":
    for written in write_schemas((game, KIT_OPTIONS[name]) for name, game in GAMES.items()):
        print(written)
