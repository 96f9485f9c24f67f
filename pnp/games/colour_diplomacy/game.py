"""Colour Diplomacy: 4-10 players race for the center of a ring board by simultaneous orders.

Rules: ../shared/RULES.md, "Colour Diplomacy" (seed 002, Bjørn Westling). The board and the
orders are in rings.py, the resolution of a joint order in adjudicator.py (both beside this file).
The setup is the random colour of each circle; player p starts on field p of circle 1. The last
player on the board wins; players who fall off in the same turn share their place, so the last
players falling off together share the win.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

import numpy as np

from pnp.errors import PnpError
from pnp.games.base import Facts, Game, GameInfo, Outcome, Result, Setup, State, ranks_by
from pnp.games.colour_diplomacy.adjudicator import adjudicate, start_field
from pnp.games.colour_diplomacy.rings import (
    HOLD,
    HOLD_ORDER,
    MOVES,
    OFF,
    SUPPORT,
    Board,
    Field,
    Order,
    Seat,
    board,
)
from pnp.games.compiled import Compiled, Starts
from pnp.games.options import GameOptions
from pnp.games.setupdata import JsonObject, Schema, SetupData

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

# Greedy values: a step inward is worth 10, standing on a circle of one's own colour 3 (a place
# where one may hold); falling off and reaching the center outweigh everything.
LOST, CENTER_REACHED = -1000.0, 1000.0
CIRCLE_VALUE, OWN_COLOUR_VALUE, SUPPORT_COST = 10.0, 3.0, 0.5


class ColourDiplomacyState(State[Order]):
    def __init__(self, rings: Board, colours: Sequence[Seat]) -> None:
        self.board = rings
        self.players = rings.n
        self.colours = tuple(colours)  # colours[c - 1]: the seat whose colour circle c has
        self.start_colours = self.colours
        self.positions: tuple[Field, ...] = tuple(start_field(s) for s in range(rings.n))
        self.must_hold: frozenset[Seat] = frozenset()
        self.fell = [0] * rings.n  # the turn in which each seat fell off the board
        self.turn = 0
        self.center_turns = 0  # turns in which one or more players reached the center
        self.reached: list[Seat] = []  # the seats that reached the center alone, first first
        self.forget()

    def forget(self) -> None:
        """Drop what was worked out for the position (after it changes)."""
        self._legal: dict[Seat, tuple[Order, ...]] = {}
        self._occupants: dict[Field, tuple[Seat, ...]] | None = None

    # -- the contract ------------------------------------------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        seats = self.on_board()
        return seats if len(seats) > 1 else ()

    def legal_moves(self, seat: Seat) -> tuple[Order, ...]:
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.orders(seat)
        return legal

    def apply(self, move: Order) -> None:
        raise PnpError("Colour Diplomacy orders are simultaneous: resolve them with apply_joint")

    def apply_joint(self, moves: Sequence[Order]) -> None:
        seats = self.to_act()
        if len(moves) != len(seats):
            raise ValueError(f"expected one order for each of {len(seats)} players on the board")
        orders = dict(zip(seats, moves, strict=True))
        for seat, order in orders.items():
            if order not in self.legal_moves(seat):
                raise ValueError(f"player {seat + 1} cannot order {self.move_text(order)!r}")
        done = adjudicate(self.board, self.positions, self.colours, orders)
        self.turn += 1
        for seat in seats:
            if done.positions[seat] == OFF:
                self.fell[seat] = self.turn
        self.positions, self.colours = done.positions, done.colours
        self.must_hold = frozenset(
            s for s, order in orders.items() if order.kind in MOVES and self.on_colour(s)
        )
        self.forget()
        self.center_turns += bool(done.reachers)
        if len(done.reachers) == 1 and done.reachers[0] not in self.reached:
            self.reached.append(done.reachers[0])

    def is_over(self) -> bool:
        return len(self.on_board()) <= 1

    def result(self) -> Result:
        return Result(None, self.ranks())

    def undecided_result(self) -> Result:
        """The turn cap: the players still on the board share the first place (a draw)."""
        return Result(None, self.ranks(), Outcome.UNDECIDED)

    def scores(self) -> None:
        return None

    def move_text(self, move: Order) -> str:
        return self.board.order_text(move)

    def clone(self) -> ColourDiplomacyState:
        other = ColourDiplomacyState.__new__(ColourDiplomacyState)
        other.__dict__.update(self.__dict__)
        other.fell = self.fell.copy()
        other.reached = self.reached.copy()
        other.forget()
        return other

    @classmethod
    def of_parts(
        cls,
        rings: Board,
        colours: tuple[Seat, ...],
        start_colours: tuple[Seat, ...],
        positions: tuple[Field, ...],
        *,
        must_hold: frozenset[Seat],
        fell: list[int],
        turn: int,
        center_turns: int,
        reached: list[Seat],
    ) -> ColourDiplomacyState:
        """The state with these parts, taken as they are (no copies, no checks): for the
        compiled engine's `restore`, which knows them consistent."""
        state = cls.__new__(cls)
        state.board, state.players = rings, rings.n
        state.colours, state.start_colours, state.positions = colours, start_colours, positions
        state.must_hold, state.fell, state.turn = must_hold, fell, turn
        state.center_turns, state.reached = center_turns, reached
        state.forget()
        return state

    def compiled(self) -> Compiled:
        from pnp.games.colour_diplomacy import engine  # numba loads only when an engine plays

        return engine.compiled(self)

    def facts(self) -> Facts:
        """Per seat: the circle of its colour at the start and whether it reached the center
        alone; per game: whether anyone reached the center, in how many turns, and the player
        (and their starting ring) who first reached it alone, or `none`."""
        rings = tuple(self.start_colours.index(s) + 1 for s in range(self.players))
        first = self.reached[0] if self.reached else None
        return {
            "start_ring": rings,
            "reached_center": tuple(s in self.reached for s in range(self.players)),
            "center_reached": self.center_turns > 0,
            "center_turns": self.center_turns,
            "first_at_center": "none" if first is None else str(first + 1),
            "first_at_center_ring": "none" if first is None else str(rings[first]),
        }

    def check_invariants(self) -> None:
        n, fields = self.players, set(self.board.fields())
        assert sorted(self.colours) == list(range(n)), "circle colours are a permutation"
        assert sorted(self.start_colours) == list(range(n)), "start colours are a permutation"
        if self.center_turns == 0:
            assert self.colours == self.start_colours, "colours turn only at the center"
        assert all(p == OFF or p in fields for p in self.positions), "a player not on a field"
        for seat, spot in enumerate(self.positions):
            fallen = 1 <= self.fell[seat] <= self.turn
            assert fallen == (spot == OFF), "the fallen and only they are off the board, for good"
        for seat in self.must_hold:
            spot = self.positions[seat]
            assert spot != OFF and self.colour(spot) == seat, "one holds only on one's own colour"
        assert 0 <= self.center_turns <= self.turn, "the center is reached at most once a turn"
        reached = self.reached
        assert len(set(reached)) == len(reached) <= self.center_turns, "reached alone, once each"
        if self.turn == 0:
            assert self.positions == tuple(start_field(s) for s in range(n)), "start fields"

    # -- greedy agents -----------------------------------------------------------------------

    def evaluate(self, seat: Seat) -> float:
        spot = self.positions[seat]
        return LOST if spot == OFF else self.standing(seat, spot)

    def move_value(self, seat: Seat, move: Order) -> float:
        """The value of an order assuming the others stay where they are if they may hold, and
        leave their fields if they must move."""
        spot = self.positions[seat]
        if move.kind in (HOLD, SUPPORT):
            return self.standing(seat, spot) - (SUPPORT_COST if move.kind == SUPPORT else 0.0)
        if move.target == self.board.center:
            return CENTER_REACHED
        stays = self.colour(move.target) in self.occupants().get(move.target, ())
        landing = self.board.step_out(spot) if stays else move.target
        return LOST if landing == OFF else self.standing(seat, landing)

    def standing(self, seat: Seat, spot: Field) -> float:
        own = OWN_COLOUR_VALUE if self.colour(spot) == seat else 0.0
        return CIRCLE_VALUE * spot[0] + own

    # -- rules helpers -----------------------------------------------------------------------

    def on_board(self) -> tuple[Seat, ...]:
        return tuple(s for s, spot in enumerate(self.positions) if spot != OFF)

    def on_colour(self, seat: Seat) -> bool:
        """Whether `seat` is on the board on a circle of its own colour."""
        spot = self.positions[seat]
        return spot != OFF and self.colour(spot) == seat

    def colour(self, spot: Field) -> Seat:
        """The seat whose colour the circle of `spot` has."""
        return self.colours[spot[0] - 1]

    def occupants(self) -> dict[Field, tuple[Seat, ...]]:
        """The players on each occupied field."""
        if self._occupants is None:
            found: dict[Field, tuple[Seat, ...]] = {}
            for seat, spot in enumerate(self.positions):
                if spot != OFF:
                    found[spot] = (*found.get(spot, ()), seat)
            self._occupants = found
        return self._occupants

    def orders(self, seat: Seat) -> tuple[Order, ...]:
        """The legal orders of `seat`: off its colour it must move; on its colour after a move
        order (wherever the move ended) it must hold; otherwise it may hold, move or support."""
        spot = self.positions[seat]
        moves = self.board.steps[spot]
        if self.colour(spot) != seat:
            return moves
        if seat in self.must_hold:
            return (HOLD_ORDER,)
        return (HOLD_ORDER, *moves, *self.supports(seat, spot))

    def supports(self, seat: Seat, spot: Field) -> list[Order]:
        """Supports of another player's move into a field beside `spot` on the same circle."""
        occupants = self.occupants()
        return [
            Order(SUPPORT, side, other)
            for side in self.board.sides[spot]
            for source in self.board.entries[side]
            for other in occupants.get(source, ())
            if other != seat
        ]

    def ranks(self) -> tuple[int, ...]:
        """Later falls rank higher; players still on the board share the best place."""
        alive = self.turn + 1
        keys = [alive if spot != OFF else self.fell[s] for s, spot in enumerate(self.positions)]
        return ranks_by(keys)

    def parse_order(self, seat: Seat, text: str) -> Order:
        """An order as `move_text` writes it, for the player in `seat`."""
        return self.board.parse_order(text, self.positions[seat])

    # -- positions as text -------------------------------------------------------------------

    def to_text(self) -> str:
        """One line per circle, outermost first: its colour (a player number) and its fields,
        each `.` or the players on it (`2+5`), `*` after a player who must hold; then `off:`."""
        n = self.players
        lines = []
        for circle in range(1, n + 1):
            tokens = [self.field_token((circle, k)) for k in range(1, n + 1)]
            head = f"circle {circle} colour {self.colours[circle - 1] + 1}:"
            lines.append(f"{head:<20}" + "".join(f"{t:<5}" for t in tokens).rstrip())
        gone = [str(s + 1) for s, spot in enumerate(self.positions) if spot == OFF]
        lines.append(f"off: {' '.join(gone) or '-'}")
        return "\n".join(lines)

    def field_token(self, spot: Field) -> str:
        here = [s for s, where in enumerate(self.positions) if where == spot]
        return "+".join(f"{s + 1}{'*' if s in self.must_hold else ''}" for s in here) or "."


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
    given: JsonObject = {"properties": {"players": {"const": players}}}
    if players != INFO.default_players:  # a left-out player count is the default
        given["required"] = ["players"]
    return {
        "if": {"properties": {"options": given}},
        "then": {"properties": {"circle_colours": {"$ref": f"#/$defs/colours-{players}"}}},
    }


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
        from pnp.games.colour_diplomacy import engine  # numba loads only when an engine plays

        return engine.starts([_colours(setup) for setup in setups], players.pop())

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
