"""Wallaby: wallabies jump and bounce over a field of plant tiles and harvest them.

Rules: ../shared/RULES.md, "Wallaby" (seed 004, Giuliano Polverari); the position and its rules
are in rules.py, the board and its jumps in field.py, the moves in moves.py. This module holds
what is fixed before the first move: the tiles (17 one-plant, 16 two-plant, 16 three-plant), the
tiles set aside (five 1s, four 2s and four 3s with 2 players; one random tile more in the Valley)
and the random board; and it reads positions written as text (text.py: `read_position`).

Boards (rows x cols): 7 x 7 for 3-4 players, 6 x 6 for 2 players; the Valley 6 x 8 (2 players
5 x 7); the children's variant has no scarecrow, and with 2 players the full board option plays
the 7 x 7 board of all 49 tiles.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Annotated

import numpy as np

from pnp.errors import InputError, SetupError
from pnp.games.base import Compensation, Game, GameInfo, Setup
from pnp.games.options import GameOptions, YesNoOption, option
from pnp.games.setupdata import JsonObject, Schema, SetupData
from pnp.games.wallaby.field import SEATS, Field, make_field
from pnp.games.wallaby.moves import NO_CELL
from pnp.games.wallaby.rules import WallabyState
from pnp.games.wallaby.text import LETTERS, SCARECROW, STEP_VERBS

TILES = {1: 17, 2: 16, 3: 16}  # RULES.md [decision]: no published count was found
TWO_PLAYER_REMOVAL = {1: 5, 2: 4, 3: 4}
VARIANTS = ("standard", "valley", "children")


@dataclass(frozen=True)
class WallabyOptions(GameOptions):
    """Wallaby's options: the full board is only for the children's variant with 2 players."""

    full_board: bool = option(
        YesNoOption(
            "full-board",
            "children's variant with 2 players: yes plays the full 7x7 board of 49 tiles",
        )
    )

    def __post_init__(self) -> None:
        if self.full_board and (self.variant != "children" or self.players != 2):
            raise InputError(
                "full-board", "yes", template="{field} {value} applies only to {variant} "
                "children with {players} 2 (3-4 players always use all 49 tiles)",
            )  # fmt: skip


INFO = GameInfo(
    name="wallaby",
    title="Wallaby",
    players=(2, 3, 4),
    default_players=2,
    variants=VARIANTS,
    options_type=WallabyOptions,
    max_turns=4_000,
    seat_names=SEATS,
    random_misleads="random players eliminate themselves (a jump that fails the ground check), "
    "so random games are won by whoever falls last",
    ladder=("greedy", "lookahead:2:2", "lookahead:4:2"),
    ladder_note="no random rung: random players eliminate themselves. lookahead:WIDTH:2 plays "
    "greedy's WIDTH best moves two rounds of greedy moves ahead; one round misleads with 3-4 "
    "players (the three answers come before the seat's own next move: lookahead lost to greedy, "
    "22% of wins where 25% is par). With 2 players (4,000 games a rung, seed 1) lookahead:2:2 "
    "beat greedy 0.699 and lookahead:4:2 beat lookahead:2:2 0.725; lookahead:4:2 beat the "
    "searches of the earlier ladder (mcts:16x:0: 0.66 of 200 points)",
    agent="lookahead:4:2",
    agent_note="the top of the ladder, a default balance (2 players) in 13 s on two cores",
    rules="Wallaby",
    compensation=Compensation(
        "start",
        "plants",
        "give a seat that many more plants in its setup harvest (tiles hold 1-3 plants; seats "
        "2-4 now take a 1, a 2 and a 3), or lower its goal by as many",
    ),
)


def board_size(options: GameOptions) -> tuple[int, int]:
    """(rows, cols) of the board for these players, variant and options."""
    own = WallabyOptions.of(options)
    two = own.players == 2 and not own.full_board
    if own.variant == "valley":
        return (5, 7) if two else (6, 8)
    return (6, 6) if two else (7, 7)


def field_of(options: GameOptions) -> Field:
    rows, cols = board_size(options)
    variant = options.variant
    return make_field(rows, cols, options.players, variant == "valley", variant != "children")


def tile_set(options: GameOptions) -> list[int]:
    """The tiles the game starts from before the Valley's random removal, sorted."""
    own = WallabyOptions.of(options)
    removal = TWO_PLAYER_REMOVAL if own.players == 2 and not own.full_board else {}
    return [v for v, n in TILES.items() for _ in range(n - removal.get(v, 0))]


def _digits(values: list[int]) -> str:
    return "".join(str(v) for v in sorted(values))


@dataclass(frozen=True)
class WallabySetup(SetupData):
    """The board of plant tiles, a row of digits 1-3 per board row, top row first (its shape is
    `board_size`), and the tiles set aside, sorted."""

    board: tuple[str, ...]
    set_aside: Annotated[
        str, Schema(pattern="^[1-3]*$", description="digits 1-3, one per tile set aside")
    ] = ""


def _shape(players: int, variant: str, words: str, aside: str) -> JsonObject:
    """The board and set_aside of one board shape, as `board_size` gives it."""
    rows, cols = board_size(WallabyOptions(players, variant))
    return {
        "properties": {
            "board": {
                "minItems": rows,
                "maxItems": rows,
                "items": {"$ref": f"#/$defs/row{cols}"},
                "description": f"{words}: {rows} rows of {cols} tiles, top row first",
            },
            "set_aside": {
                "minLength": sum(TILES.values()) - rows * cols,
                "maxLength": sum(TILES.values()) - rows * cols,
                "description": aside,
            },
        }
    }


def _options_are(**values: object) -> JsonObject:
    return {"properties": {"options": {"properties": {k: {"const": v} for k, v in values.items()}}}}


SCHEMA_NOTES: JsonObject = {
    "description": "A Wallaby setup: the board of plant tiles (digits 1-3), top row first, and "
    "the tiles set aside. The board's shape follows the players, variant and full-board options. "
    "That board and set_aside hold the 49 tiles (17 ones, 16 twos, 16 threes) is checked by the "
    "game.",
    "if": {"$ref": "#/$defs/valley"},
    "then": {
        "if": {"$ref": "#/$defs/two-players"},
        "then": {"$ref": "#/$defs/valley-2"},
        "else": {"$ref": "#/$defs/valley-3-4"},
    },
    "else": {
        "if": {"$ref": "#/$defs/two-players-small-board"},
        "then": {"$ref": "#/$defs/field-2"},
        "else": {"$ref": "#/$defs/field-3-4"},
    },
    "$defs": {
        "valley": {
            "properties": {
                "options": {"properties": {"variant": {"const": "valley"}}, "required": ["variant"]}
            }
        },
        "two-players": _options_are(players=2),
        "two-players-small-board": {
            "description": "2 players, unless the children's variant is played on the full board",
            "properties": {
                "options": {
                    "properties": {"players": {"const": 2}},
                    "not": {
                        **_options_are(variant="children", **{"full-board": "yes"})["properties"][
                            "options"
                        ],
                        "required": ["variant", "full-board"],
                    },
                }
            },
        },
        "valley-2": _shape(
            2, "valley", "the Valley with 2 players",
            "the Valley with 2 players sets 14 tiles aside: 13, and 1 at random",
        ),
        "valley-3-4": _shape(
            3, "valley", "the Valley with 3 or 4 players",
            "the Valley with 3 or 4 players sets 1 tile aside, at random",
        ),
        "field-2": _shape(
            2, "standard", "2 players",
            "2 players set 13 tiles aside: five 1s, four 2s and four 3s",
        ),
        "field-3-4": _shape(
            3, "standard", "3 or 4 players, or the children's full board",
            "all 49 tiles are on the board: no tile is set aside",
        ),
        **{
            f"row{n}": {
                "type": "string",
                "pattern": f"^[1-3]{{{n}}}$",
                "description": f"{n} digits 1-3, the plants on each tile",
            }
            for n in (6, 7, 8)
        },
    },
}  # fmt: skip


class Wallaby(Game[WallabyState]):
    info = INFO
    data_type = WallabySetup
    schema_notes = SCHEMA_NOTES

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> WallabySetup:
        tiles = tile_set(options)
        aside = [v for v in TILES for _ in range(TILES[v] - tiles.count(v))]
        if options.variant == "valley":
            aside.append(tiles.pop(int(rng.integers(len(tiles)))))
        rows, cols = board_size(options)
        order = rng.permutation(np.array(tiles, dtype=np.int8))
        board = ["".join(str(v) for v in order[r * cols : (r + 1) * cols]) for r in range(rows)]
        return WallabySetup(tuple(board), _digits(aside))

    def check_data(self, data: SetupData, options: GameOptions) -> WallabySetup:
        """The schema has checked the board's shape for these options; the tile counts here."""
        record = WallabySetup.of(data)
        board, aside = record.board, record.set_aside
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
        return WallabySetup(board, _digits([int(d) for d in aside]))

    def new_state(self, setup: Setup) -> WallabyState:
        field = field_of(setup.options)
        tiles = [0] * (field.rows * field.cols)
        for i, row in enumerate(WallabySetup.of(setup.data).board):
            for col, digit in enumerate(row):
                tiles[(field.rows - 1 - i) * field.cols + col] = int(digit)
        return WallabyState(field, tiles)

    def state_from_text(self, setup: Setup, text: str) -> WallabyState:
        """The text carries the board (tests use small ones no setup has), the players, their
        harvests and the step or turn; the setup's variant says whether jumps may land off the
        board (the Valley) and whether there is a scarecrow (not for children)."""
        return read_position(text, setup.variant == "valley", setup.variant != "children")


# -- positions as text (text.py) -------------------------------------------------------------

_TOKEN = re.compile(r"^([.123])([RBGYS]*)$")
_HOLDING = re.compile(r"^(red|blue|green|yellow)=(-|out|[123]+)$")
_STATUS = re.compile(
    r"harvest (.+); (?:(\w+) (?:to (play|place|harvest|place the scarecrow)|wins)|endless)"
)


def read_position(text: str, valley: bool, scarecrow: bool) -> WallabyState:
    """The position `text` describes, on a field with or without the Valley's jumps off the
    board and the scarecrow. ValueError says what is wrong."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    status = " ".join(lines.pop())
    found = _STATUS.fullmatch(status)
    if not found or (found[2] and found[2] not in SEATS):
        raise ValueError(f"last line {status!r}: expected 'harvest red=13 blue=-; red to play'")
    holdings = [_HOLDING.match(part) for part in found[1].split()]
    if not all(holdings) or [m[1] for m in holdings if m] != list(SEATS[: len(holdings)]):
        raise ValueError(f"holdings {found[1]!r}: expected red=.. blue=.. in seat order")
    rows = [tokens[1:] for tokens in lines if tokens[0].isdigit()]
    field = make_field(len(rows), len(rows[0]), len(holdings), valley, scarecrow)
    state = WallabyState(field, [0] * (field.rows * field.cols))
    state.step = _step(field, found[2], found[3])
    for i, tokens in enumerate(rows):
        for col, token in enumerate(tokens):
            _place(state, (field.rows - 1 - i) * field.cols + col, token)
    for seat, match in enumerate(holdings):
        assert match is not None
        if match[2] == "out":
            state.alive[seat] = False
            state.out_order.append(seat)
        else:
            for digit in match[2].strip("-"):
                state.held[seat][int(digit)] += 1
                state.score[seat] += int(digit)
    placed = [seat for kind, seat in field.steps[: state.step] if kind == "place"]
    missing = [SEATS[s] for s in placed if state.alive[s] and state.pos[s] == NO_CELL]
    if missing:
        raise ValueError(f"no wallaby on the board for {', '.join(missing)}")
    if found[3] == "play":
        state.turn = SEATS.index(found[2])
    elif found[2] and not found[3]:
        state.turn = state.winner = SEATS.index(found[2])
    state.endless = not found[2]
    state.dealt = state.tiles_in_play()
    return state


def _step(field: Field, seat: str | None, verb: str | None) -> int:
    """The setup step a status names (`blue to harvest`), or past the setup."""
    if verb is None or verb == "play":
        return len(field.steps)
    kind = next(kind for kind, text in STEP_VERBS.items() if text == verb)
    step = (kind, SEATS.index(seat or ""))
    if step not in field.steps:
        raise ValueError(f"{seat} does not {verb} in the setup of this game")
    return field.steps.index(step)


def _place(state: WallabyState, cell: int, token: str) -> None:
    match = _TOKEN.match(token)
    if not match:
        raise ValueError(f"token {token!r}: expected a digit 1-3 or '.', then letters RBGYS")
    state.tile[cell] = 0 if match[1] == "." else int(match[1])
    for letter in match[2]:
        if letter == SCARECROW:
            state.scarecrow = cell
        elif LETTERS.index(letter) < state.players:
            state.pos[LETTERS.index(letter)] = cell
        else:
            raise ValueError(f"token {token!r}: no {letter} wallaby with {state.players} players")
    if match[2] and not state.tile[cell]:
        raise ValueError(f"token {token!r}: wallabies and the scarecrow stand on tiles")


GAME = Wallaby()
