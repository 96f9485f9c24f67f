"""Colour Diplomacy rules: the position, each player's legal orders and a joint order played.

Rules: ../shared/RULES.md, "Colour Diplomacy". Player p starts on field p of circle 1. Orders are
written at once and resolved together (adjudicator.py). A player off their colour must move; on
it after a move order they must hold; otherwise they may hold, move, or support another player's
move into a field beside theirs on the same circle. The last player on the board wins; players
who fall off in the same turn share their place, so the last players falling off together share
the win.

The board and the orders are in rings.py, what greedy players count an order worth in
valuation.py. The compiled engine (engine.py) plays the positions `position_of` makes of a state
and `restorer` reads back; `starts` lays out many start positions at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from pnp.errors import PnpError
from pnp.games.base import Facts, Outcome, Result, State, ranks_by
from pnp.games.colour_diplomacy import valuation
from pnp.games.colour_diplomacy.adjudicator import adjudicate, start_field
from pnp.games.colour_diplomacy.layout import (
    CENTER_TURNS,
    COLOURS,
    FELL,
    HOLDS,
    REACHED,
    REACHED_COUNT,
    SPOT,
    START,
    TURNS,
    Context,
    context_of,
)
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
    field_numbers,
)
from pnp.games.compiled import Compiled, Position, Starts
from pnp.games.mechanics.position_head import HEAD, OVER, TURN


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
        # numba loads only when a compiled engine plays
        from pnp.games.colour_diplomacy.engine import ENGINE, decoder

        context, position = position_of(self)
        n = self.players
        return Compiled(ENGINE, context, position, n, decoder(n), restorer(n))

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
        return valuation.LOST if spot == OFF else self.standing(seat, spot)

    def move_value(self, seat: Seat, move: Order) -> float:
        """The value of an order assuming the others stay where they are if they may hold, and
        leave their fields if they must move."""
        spot = self.positions[seat]
        if move.kind in (HOLD, SUPPORT):
            cost = valuation.SUPPORT_COST if move.kind == SUPPORT else 0.0
            return self.standing(seat, spot) - cost
        if move.target == self.board.center:
            return valuation.CENTER_REACHED
        stays = self.colour(move.target) in self.occupants().get(move.target, ())
        landing = self.board.step_out(spot) if stays else move.target
        return valuation.LOST if landing == OFF else self.standing(seat, landing)

    def standing(self, seat: Seat, spot: Field) -> float:
        own = valuation.OWN_COLOUR_VALUE if self.colour(spot) == seat else 0.0
        return valuation.CIRCLE_VALUE * spot[0] + own

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


# -- the compiled engine's positions (engine.py) ---------------------------------------------


def position_of(state: ColourDiplomacyState) -> tuple[Context, Position]:
    n = state.players
    number = field_numbers(n)
    position = np.zeros(HEAD + 3 + 7 * n, dtype=np.int64)
    seats = state.to_act()
    position[TURN], position[OVER] = (seats[0] if seats else 0), state.is_over()
    position[TURNS], position[CENTER_TURNS] = state.turn, state.center_turns
    position[REACHED_COUNT] = len(state.reached)
    for seat in range(n):
        position[HEAD + 3 + seat] = number[state.positions[seat]]
    parts: dict[int, Sequence[int]] = {
        FELL: state.fell,
        HOLDS: [seat in state.must_hold for seat in range(n)],
        COLOURS: state.colours,
        START: state.start_colours,
        REACHED: state.reached,
    }
    for part, values in parts.items():
        first = HEAD + 3 + (part - HEAD - 3) * n
        position[first : first + len(values)] = values
    return context_of(n), position


@cache
def restorer(n: int) -> Callable[[Position], ColourDiplomacyState]:
    """A position of the engine (between turns) back to a `ColourDiplomacyState`."""
    rings, fields = board(n), {i: spot for spot, i in field_numbers(n).items()}
    first = HEAD + 3  # where the parts of n numbers each start, `SPOT`'s first

    def restore(position: Position) -> ColourDiplomacyState:
        parts = position[first : first + 7 * n].tolist()
        spots, fell, holds, colours, start, reached = (
            parts[(which - first) * n : (which - first + 1) * n]
            for which in (SPOT, FELL, HOLDS, COLOURS, START, REACHED)
        )
        turns, center_turns, reached_count = position[[TURNS, CENTER_TURNS, REACHED_COUNT]].tolist()
        return ColourDiplomacyState.of_parts(
            rings, tuple(colours), tuple(start), tuple(fields[i] for i in spots),
            must_hold=frozenset(s for s, hold in enumerate(holds) if hold), fell=fell,
            turn=turns, center_turns=center_turns, reached=reached[:reached_count],
        )  # fmt: skip

    return restore


def starts(colourings: Sequence[Sequence[Seat]], n: int) -> Starts:
    """The start positions of `n`-player games whose circles have these colours (a seat per
    circle, the innermost first, as `ColourDiplomacyState` takes them)."""
    from pnp.games.colour_diplomacy.engine import ENGINE

    context, blank = position_of(ColourDiplomacyState(board(n), range(n)))
    positions = np.tile(blank, (len(colourings), 1))
    for part in (COLOURS, START):
        first = HEAD + 3 + (part - HEAD - 3) * n
        positions[:, first : first + n] = colourings
    return Starts(ENGINE, context, positions, [restorer(n)] * len(colourings))
