"""Billabong: kangaroos race clockwise round a lake, stepping or leaping in chains of jumps.

Rules: ../shared/RULES.md, "Billabong" (seed 003, in French). 2 to 4 players with 5 kangaroos
each; seat 1 places first and moves first (a setup has nothing random: "a player is designated to
go first", and that is seat 1). Players place one kangaroo at a time, in seat order, on any free
square outside the lake. Then a turn moves one kangaroo: a step to a free neighbouring square, or
a chain of jumps (board.py). Each kangaroo counts its line crossings (+1 clockwise); it
is finished, and leaves the board, the moment its count reaches +2. The first player with all 5
finished wins. A player with no move passes (some player can always move: the kangaroos at the
edge of any group have a free square beside them, so a game never stalls).

A setup file may fix the placement (`"placement": [["i6", ...], ...]`, one list of 5 squares per
seat): the game then starts with the first move, e.g. to study one opening or count perft.

This module holds the game's record, the setup and the game; the position and its moves are in
rules.py, the board, its steps and jump chains in board.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

import numpy as np

from pnp.errors import SetupError
from pnp.games.base import Game, GameInfo, Setup
from pnp.games.billabong.board import GRID, KANGAROOS, LAKE, PLACE
from pnp.games.billabong.rules import SEATS, BillabongState
from pnp.games.mechanics.grid import Cell
from pnp.games.options import GameOptions
from pnp.games.setupdata import JsonObject, Schema, SetupData, players_rule

INFO = GameInfo(
    name="billabong",
    title="Billabong",
    players=(2, 3, 4),
    default_players=2,
    has_scores=True,
    compensation=None,  # kangaroos home count toward a race, not points to give
    max_turns=1_000,
    seat_names=SEATS,
    random_play_ends=False,  # random kangaroos almost never finish a race within the cap
    random_misleads="random kangaroos almost never finish a race: random games end undecided "
    "at the turn cap",
    ladder=("greedy", "lookahead:2:2", "lookahead:4:2"),
    ladder_note="no random rung (random games do not end); lookahead:WIDTH:2 plays greedy's "
    "WIDTH best moves two rounds of greedy moves ahead. With 2 players (4,000 games a rung, seed "
    "1) lookahead:2:2 beat greedy 0.913 and lookahead:4:2 beat lookahead:2:2 0.710; one round "
    "(lookahead, width 8) lost to lookahead:4:2 (0.255 of 200 points), and beat the searches "
    "tried (mcts:400:10: 97 of 100 points)",
    agent="lookahead:4:2",
    agent_note="the top of the ladder, a default balance in 19 s on two cores (greedy's games "
    "read red even, the ladder's top red favoured)",
    rules="Billabong",
)


Square = Annotated[
    str,
    Schema(
        pattern="^[a-p]([1-9]|1[0-4])$",
        description="a square name, files a-p and ranks 1-14, e.g. i6",
    ),
]
Squares = Annotated[
    tuple[Square, ...],
    Schema(
        minItems=KANGAROOS,
        maxItems=KANGAROOS,
        uniqueItems=True,
        description=f"the {KANGAROOS} squares of one seat's kangaroos",
    ),
]


@dataclass(frozen=True)
class BillabongSetup(SetupData):
    """Nothing is random; a file may fix the placement: one tuple of squares per seat, in seat
    order (None: the game starts with the placement)."""

    placement: tuple[Squares, ...] | None = None


def _seats(players: int) -> JsonObject:
    """The schema rule: a placement for `players` players has one list per seat."""
    then = {"properties": {"placement": {"$ref": f"#/$defs/seats-{players}"}}}
    return players_rule(players, INFO.default_players, then)


SCHEMA_NOTES: JsonObject = {
    "description": "A Billabong setup: nothing is random (seat 1 places first), so the file holds "
    "the common keys and the options; it may fix the placement, one list of 5 squares per seat "
    "in seat order, and the game then starts with the first move. That no square is in the lake "
    "(g7-j8) or holds two kangaroos is checked by the game.",
    "allOf": [_seats(n) for n in INFO.players],
    "$defs": {
        f"seats-{n}": {
            "minItems": n,
            "maxItems": n,
            "description": f"one list of squares per seat, for {n} players",
        }
        for n in INFO.players
    },
}


class Billabong(Game[BillabongState]):
    info = INFO
    data_type = BillabongSetup
    schema_notes = SCHEMA_NOTES

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> BillabongSetup:
        return BillabongSetup()  # nothing is random: seat 1 places first, played as moves

    def check_data(self, data: SetupData, options: GameOptions) -> BillabongSetup:
        """No square in the lake or taken twice (the schema checked the rest)."""
        placement = BillabongSetup.of(data).placement
        if placement is None:
            return BillabongSetup()
        seen: set[Cell] = set()
        return BillabongSetup(
            tuple(
                _check_squares(squares, SEATS[seat], seen) for seat, squares in enumerate(placement)
            )
        )

    def new_state(self, setup: Setup) -> BillabongState:
        state = BillabongState(setup.players)
        placement = BillabongSetup.of(setup.data).placement
        if placement:
            for k in range(KANGAROOS):  # in turn order: seat 1's first, seat 2's first, ...
                for squares in placement:
                    state.apply((PLACE, GRID.parse(squares[k]), 0))
        return state

    def state_from_text(self, setup: Setup, text: str) -> BillabongState:
        """The text carries the whole position, the players included (the file letters and
        rank numbers are optional). Kangaroos on the board and finished ones count as placed."""
        lines = [ln for ln in text.strip().splitlines() if ln.strip()]
        found = re.fullmatch(r"finished ((?:\d+ ?)+); (\w+) to play", lines.pop().strip())
        if not found:
            raise ValueError("status line: expected 'finished 0 0; red to play'")
        finished = [int(n) for n in found[1].split()]
        state = BillabongState(len(finished))
        rows = [ln.replace("|", " ").split() for ln in lines]
        rows = [r[1:] if r[0].isdigit() else r for r in rows if not all(t.isalpha() for t in r)]
        if len(rows) != GRID.rows or any(len(r) != GRID.cols for r in rows):
            raise ValueError(f"expected {GRID.rows} rows of {GRID.cols} squares")
        for i, tokens in enumerate(rows):
            for col, token in enumerate(tokens):
                state.read_token(GRID.cell(GRID.rows - 1 - i, col), token)
        state.finished = finished
        state.placed = [len(k) + f for k, f in zip(state.kangaroos, finished, strict=True)]
        for seat, placed in enumerate(state.placed):
            if placed > KANGAROOS:
                raise ValueError(f"{SEATS[seat]} has {placed} kangaroos; each player has 5")
        state.turn = SEATS.index(found[2])
        state.over = KANGAROOS in finished  # the turn passed on after the last one finished
        return state


def _check_squares(squares: tuple[str, ...], seat: str, seen: set[Cell]) -> tuple[str, ...]:
    where = f"placement of {seat}"
    for name in squares:
        cell = GRID.parse(name)
        if cell in LAKE:
            raise SetupError(f"{where}: {GRID.name(cell)} is in the lake (g7-j8)")
        if cell in seen:
            raise SetupError(f"{where}: {GRID.name(cell)} holds two kangaroos")
        seen.add(cell)
    return squares


GAME = Billabong()
