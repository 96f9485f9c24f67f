"""Colour Diplomacy: 4-10 players race for the center of a ring board by simultaneous orders.

Rules: ../shared/RULES.md, "Colour Diplomacy" (seed 002, Bjørn Westling). The setup is the
random colour of each circle; player p starts on field p of circle 1. The last player on the
board wins; players who fall off in the same turn share their place, so the last players falling
off together share the win.

This module holds the game's record, the setup and the game. Beside it: the position and its
orders in rules.py, the board in rings.py, the resolution of a joint order in adjudicator.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

import numpy as np

from pnp.games.base import Game, GameInfo, Setup
from pnp.games.colour_diplomacy.rings import OFF, Field, Seat, board
from pnp.games.colour_diplomacy.rules import ColourDiplomacyState, starts
from pnp.games.compiled import Starts
from pnp.games.options import GameOptions
from pnp.games.setupdata import JsonObject, Schema, SetupData, players_rule

PLAYERS = tuple(range(4, 11))

INFO = GameInfo(
    name="colour-diplomacy",
    title="Colour Diplomacy",
    players=PLAYERS,
    default_players=6,
    simultaneous=True,
    ladder=("random", "mcts:25", "mcts:50"),
    ladder_note="no greedy rung: greedy players camp at the center and most of their games end "
    "undecided. Decoupled UCT with the budget doubled per rung, small enough to play a default "
    "ladder in about an hour on two cores (random, mcts:200, mcts:400 took about 20 h): with 6 "
    "players, one seat against five of the rung below (120 games, seed 5), mcts:25 won 119 of "
    "120 against random and mcts:50 won 49 of the 68 decided against mcts:25",
    has_scores=False,
    max_turns=500,
    seat_names=tuple(f"player {p}" for p in range(1, max(PLAYERS) + 1)),
    agent="random",
    agent_note="greedy players camp at the center (98% of greedy games end undecided), and the "
    "ladder's first search, mcts:25, takes 14 minutes for a default balance: random players "
    "finish every game",
    rules="Colour Diplomacy",
)


def check_colours(colours: Sequence[Seat], n: int) -> list[Seat]:
    if sorted(colours) != list(range(n)):
        raise ValueError(f"circle colours must be the player numbers 1 to {n}, each once")
    return list(colours)


@dataclass(frozen=True)
class ColourDiplomacySetup(SetupData):
    """The colour of each circle, circle 1 (the outermost) first, as the number (from 1) of the
    player whose colour it is: each player number once, as the schema says."""

    circle_colours: Annotated[
        tuple[Annotated[int, Schema(minimum=1)], ...], Schema(uniqueItems=True)
    ]


def _colours_for(players: int) -> JsonObject:
    """The schema rule: a file for `players` players has one circle per player."""
    then = {"properties": {"circle_colours": {"$ref": f"#/$defs/colours-{players}"}}}
    return players_rule(players, INFO.default_players, then)


SCHEMA_NOTES: JsonObject = {
    "description": "A Colour Diplomacy setup: the colour of each circle, circle 1 (the outermost) "
    "first, as the number of the player whose colour it is; each player number 1 to N once.",
    "allOf": [{"$ref": f"#/$defs/players-{n}"} for n in PLAYERS],
    "$defs": {
        **{f"players-{n}": _colours_for(n) for n in PLAYERS},
        **{
            f"colours-{n}": {
                "minItems": n,
                "maxItems": n,
                "items": {"type": "integer", "minimum": 1, "maximum": n},
                "description": f"one player number 1-{n} per circle, for {n} players",
            }
            for n in PLAYERS
        },
    },
}


class ColourDiplomacy(Game[ColourDiplomacyState]):
    info = INFO
    data_type = ColourDiplomacySetup
    schema_notes = SCHEMA_NOTES

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> ColourDiplomacySetup:
        order = rng.permutation(options.players)
        return ColourDiplomacySetup(tuple(int(seat) + 1 for seat in order))

    def new_state(self, setup: Setup) -> ColourDiplomacyState:
        return ColourDiplomacyState(board(setup.players), _colours(setup))

    def compiled_starts(self, setups: Sequence[Setup]) -> Starts | None:
        players = {setup.players for setup in setups}
        if len(players) != 1:
            return None
        return starts([_colours(setup) for setup in setups], players.pop())

    def state_from_text(self, setup: Setup, text: str) -> ColourDiplomacyState:
        """The text carries the board, the players and the orders they must give; the turns
        played, the order of falls and the visits to the center start again from here, and
        the colours of the text count as the start colours."""
        lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
        gone_line = lines.pop() if lines and lines[-1].startswith("off:") else "off: -"
        rows = [re.fullmatch(r"circle (\d+) colour (\d+):\s*(.*)", line) for line in lines]
        n = len(rows)
        if n not in PLAYERS or not all(rows):
            raise ValueError(f"expected 4 to 10 lines 'circle C colour P: fields', got {lines}")
        colours = [int(row[2]) - 1 for row in rows if row]
        state = ColourDiplomacyState(board(n), check_colours(colours, n))
        positions: dict[Seat, Field] = {}
        hold: set[Seat] = set()
        for circle, row in enumerate(rows, 1):
            tokens = row[3].split() if row else []
            if len(tokens) != n:
                raise ValueError(f"circle {circle} has {len(tokens)} fields, expected {n}")
            for field, token in enumerate(tokens, 1):
                for part in token.split("+") if token != "." else []:
                    seat = int(part.rstrip("*")) - 1
                    if seat in positions:
                        raise ValueError(f"player {seat + 1} is on two fields")
                    positions[seat] = (circle, field)
                    if part.endswith("*"):
                        hold.add(seat)
        for part in gone_line.removeprefix("off:").split():
            if part != "-":
                positions[int(part) - 1] = OFF
        if sorted(positions) != list(range(n)):
            raise ValueError(f"each of the players 1 to {n} must be on one field or off")
        state.positions = tuple(positions[s] for s in range(n))
        state.must_hold = frozenset(hold)
        state.forget()
        return state


def _colours(setup: Setup) -> list[Seat]:
    """The seat whose colour each circle has, as `ColourDiplomacyState` takes them."""
    return [p - 1 for p in ColourDiplomacySetup.of(setup.data).circle_colours]


GAME = ColourDiplomacy()
