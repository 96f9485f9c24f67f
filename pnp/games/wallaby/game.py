"""Wallaby: wallabies jump and bounce over a field of plant tiles and harvest them.

Rules: ../shared/RULES.md, "Wallaby" (seed 004, Giuliano Polverari); the rules engine is in
wallaby_rules.py and the moves in wallaby_moves.py. This module holds what is fixed before the
first move: the tiles (17 one-plant, 16 two-plant, 16 three-plant), the tiles set aside (five 1s,
four 2s and four 3s with 2 players; one random tile more in the Valley) and the random board.

Boards (rows x cols): 7 x 7 for 3-4 players, 6 x 6 for 2 players; the Valley 6 x 8 (2 players
5 x 7); the children's variant has no scarecrow, and with 2 players `--full-board yes` plays the
7 x 7 board of all 49 tiles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from pnp.errors import PnpError, SetupError
from pnp.games.base import Game, GameInfo, Setup
from pnp.games.options import ChoiceOption, Options
from pnp.games.wallaby.rules import SEATS, Field, WallabyState, make_field
from pnp.games.wallaby.text import read_position

TILES = {1: 17, 2: 16, 3: 16}  # RULES.md [decision]: no published count was found
TWO_PLAYER_REMOVAL = {1: 5, 2: 4, 3: 4}
VARIANTS = ("standard", "valley", "children")

INFO = GameInfo(
    name="wallaby",
    title="Wallaby",
    players=(2, 3, 4),
    default_players=2,
    variants=VARIANTS,
    options=(
        ChoiceOption(
            "full-board",
            "children's variant with 2 players: yes plays the full 7x7 board of 49 tiles",
            "no",
            ("no", "yes"),
        ),
        ChoiceOption(
            "tile-backs",
            "kit: print a back behind every tile (none or field)",
            "none",
            ("none", "field"),
        ),
        ChoiceOption(
            "tiles",
            "kit: print the setup's tiles, or all 49 with those set aside for 2 players marked "
            "(setup or all)",
            "setup",
            ("setup", "all"),
        ),
    ),
    max_turns=4_000,
    seat_names=SEATS,
    rules="Wallaby",
)


def full_board(options: Options) -> bool:
    """Whether the setup uses all 49 tiles on 7 x 7 with 2 players (children's variant only)."""
    wanted = bool(options.get("full-board", "no") == "yes")
    if wanted and (options["variant"] != "children" or int(options["players"]) != 2):
        raise PnpError(
            "--full-board yes applies only to --variant children with --players 2 "
            "(3-4 players always use all 49 tiles)"
        )
    return wanted


def board_size(options: Options) -> tuple[int, int]:
    """(rows, cols) of the board for these players, variant and options."""
    full = full_board(options)
    two = int(options["players"]) == 2 and not full
    if options["variant"] == "valley":
        return (5, 7) if two else (6, 8)
    return (6, 6) if two else (7, 7)


def field_of(options: Options) -> Field:
    rows, cols = board_size(options)
    variant = options["variant"]
    return make_field(
        rows, cols, int(options["players"]), variant == "valley", variant != "children"
    )


def tile_set(options: Options) -> list[int]:
    """The tiles the game starts from before the Valley's random removal, sorted."""
    full = full_board(options)
    removal = TWO_PLAYER_REMOVAL if int(options["players"]) == 2 and not full else {}
    return [v for v, n in TILES.items() for _ in range(n - removal.get(v, 0))]


def _digits(values: list[int]) -> str:
    return "".join(str(v) for v in sorted(values))


class Wallaby(Game[WallabyState]):
    info = INFO

    def random_data(self, rng: np.random.Generator, options: Options) -> dict[str, Any]:
        tiles = tile_set(options)
        aside = [v for v in TILES for _ in range(TILES[v] - tiles.count(v))]
        if options["variant"] == "valley":
            aside.append(tiles.pop(int(rng.integers(len(tiles)))))
        rows, cols = board_size(options)
        order = rng.permutation(np.array(tiles, dtype=np.int8))
        board = ["".join(str(v) for v in order[r * cols : (r + 1) * cols]) for r in range(rows)]
        return {"board": board, "set_aside": _digits(aside)}

    def check_data(self, data: Mapping[str, Any], options: Options) -> dict[str, Any]:
        try:
            rows, cols = board_size(options)
        except PnpError as exc:
            raise SetupError(str(exc)) from None
        board, aside = data.get("board"), data.get("set_aside", "")
        shape = f"{rows} rows of {cols} digits 1-3"
        if not isinstance(board, list) or len(board) != rows:
            raise SetupError(f"'board' must be a list of {shape}, top row first")
        for number, row in enumerate(board, 1):
            if not isinstance(row, str) or len(row) != cols or set(row) - set("123"):
                raise SetupError(f"board row {number} is {row!r}; expected {cols} digits 1-3")
        if not isinstance(aside, str) or set(aside) - set("123"):
            raise SetupError(f"'set_aside' is {aside!r}; expected a string of digits 1-3")
        counts = Counter(int(d) for d in "".join(board) + aside)
        if counts != Counter(TILES):
            found = ", ".join(f"{counts[v]} of {v}" for v in TILES)
            raise SetupError(
                f"board and set_aside hold {found}; Wallaby has 17 ones, 16 twos and 16 threes"
            )
        removal = Counter(TILES) - Counter(tile_set(options))
        if removal - Counter(int(d) for d in aside):
            raise SetupError(
                f"'set_aside' is {aside!r}; with these options it holds at least "
                f"{_digits(list(removal.elements()))}"
            )
        return {"board": list(board), "set_aside": _digits([int(d) for d in aside])}

    def new_state(self, setup: Setup) -> WallabyState:
        field = field_of(setup.options)
        tiles = [0] * (field.rows * field.cols)
        for i, row in enumerate(setup.data["board"]):
            for col, digit in enumerate(row):
                tiles[(field.rows - 1 - i) * field.cols + col] = int(digit)
        return WallabyState(field, tiles)

    def state_from_text(self, setup: Setup, text: str) -> WallabyState:
        """The text carries the board (tests use small ones no setup has), the players, their
        harvests and the step or turn; the setup's variant says whether jumps may land off the
        board (the Valley) and whether there is a scarecrow (not for children)."""
        return read_position(text, setup.variant == "valley", setup.variant != "children")


GAME = Wallaby()
