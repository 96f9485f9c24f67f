"""Wallaby rules: the position, its legal moves and how a move changes it.

Rules: ../shared/RULES.md, "Wallaby". Setup steps in seat order (placement on a free perimeter
tile; seats 2, 3, 4 then harvest a free 1, 2, 3; the last seat places the scarecrow), then turns:
jump, bounce, optional harvest (and scarecrow move after a one-plant harvest), ground check. A
player with no tile for the ground check leaves the game; with 3-4 players the others play on and
the last one left wins. A player at or above the goal at the end of their turn wins. A player with
no legal jump and bounce passes; when every player still in passes in a row, nothing can change
any more and the game is reported endless.

Squares are named a1.. (files left to right, ranks bottom to top) as mechanics.grid names them.
The board and its jumps are in field.py, positions as text in text.py. The compiled engine
(engine.py) plays the positions `position_of` makes of a state and `restorer` reads back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from pnp.games.base import Facts, Outcome, Result, Seat, State, ranks_by
from pnp.games.compiled import Compiled, Position
from pnp.games.mechanics.position_head import OVER, TURN
from pnp.games.wallaby import layout
from pnp.games.wallaby.field import Field
from pnp.games.wallaby.moves import (
    LOSS,
    NO_CELL,
    NO_PUT,
    OUT,
    PASS,
    STAYS,
    STEPS,
    VALUES,
    WIN,
    Cell,
    Move,
    Route,
    Step,
    Turn,
    TurnList,
    step_text,
    turn_text,
)
from pnp.games.wallaby.text import position_text

Holding = list[int]  # harvested tiles by value: holding[v] tiles of v plants (index 0 unused)

LANDED = (NO_PUT,)  # the only ground-check choice where the bounce ends on a tile


class WallabyState(State[Move]):
    def __init__(self, field: Field, tiles: Sequence[int]) -> None:
        self.field = field
        self.players = field.players
        self.tile = list(tiles)  # plants per cell, 0 where no tile is
        self.pos = [NO_CELL] * field.players  # each wallaby's cell; NO_CELL before and after
        self.scarecrow = NO_CELL
        self.held: list[Holding] = [[0, 0, 0, 0] for _ in range(field.players)]
        self.score = [0] * field.players
        self.alive = [True] * field.players
        self.out_order: list[Seat] = []
        self.step = 0  # index into field.steps; past the end the turns are played
        self.turn: Seat = 0
        self.winner: Seat | None = None
        self.endless = False
        self.passes_in_row = 0
        self.play_turns = 0
        self.passes = 0
        self.dealt = self.tiles_in_play()  # per value: the tiles laid out at the start

    # -- the contract ------------------------------------------------------------------------

    def to_act(self) -> tuple[Seat, ...]:
        if self.is_over():
            return ()
        return (self.field.steps[self.step][1],) if self.setting_up() else (self.turn,)

    def legal_moves(self, seat: Seat) -> Sequence[Move]:
        if self.setting_up():
            return self.setup_moves()
        routes = self.routes()
        if not routes:
            return [PASS]
        moving = any(route.targets > 1 for route in routes)
        tiles = [c for c, v in enumerate(self.tile) if v and c != self.scarecrow] if moving else []
        return TurnList(routes, tiles)

    def apply(self, move: Move) -> None:
        if isinstance(move, Turn):
            self._play(move)
        elif move == PASS:
            self._pass()
        else:
            self._setup_step(move)

    def is_over(self) -> bool:
        return self.winner is not None or self.endless

    def facts(self) -> Facts:
        return {
            "eliminations": len(self.out_order),
            "ended_by_elimination": sum(self.alive) == 1,
            "play_turns": self.play_turns,
            "passes": self.passes,
        }

    def result(self) -> Result:
        scores = self.scores()
        if self.endless:
            return Result(scores, (1,) * self.players, Outcome.ENDLESS, self.facts())
        keys = [
            (3, 0)
            if seat == self.winner
            else (2, self.score[seat])
            if self.alive[seat]
            else (1, self.out_order.index(seat))
            for seat in range(self.players)
        ]
        return Result(scores, ranks_by(keys), Outcome.FINISHED, self.facts())

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.score)

    def move_text(self, move: Move) -> str:
        name = self.field.grid.name
        if isinstance(move, Step):
            return step_text(move, name(move.cell) if move.cell != NO_CELL else "")
        where = name(move.scarecrow) if move.scarecrow != STAYS else ""
        return turn_text(move, self.tile[self.pos[self.turn]], where)

    def to_text(self) -> str:
        """The position as text.py beside this writes it (`Wallaby.state_from_text` reads it)."""
        return position_text(self)

    def move_value(self, seat: Seat, move: Move) -> float:
        """Plants gained now (harvest less the tile put down); leaving the game is the worst
        move, reaching the goal the best."""
        if not isinstance(move, Turn):
            return 0.0
        if move.put == OUT:
            return LOSS
        gain = -max(move.put, 0)
        if move.harvest:
            gain += self.tile[self.landing(move)]
        if self.score[seat] + gain >= self.field.goal:
            return WIN + gain
        return float(gain)

    def compiled(self) -> Compiled:
        # numba loads only when a compiled engine plays
        from pnp.games.wallaby.engine import ENGINE, decoder

        context, position = position_of(self)
        restore = restorer(self)
        return Compiled(ENGINE, context, position, self.players, decoder(self.field), restore)

    def clone(self) -> WallabyState:
        other = WallabyState.__new__(WallabyState)
        other.__dict__.update(self.__dict__)
        other.tile = self.tile.copy()
        other.pos = self.pos.copy()
        other.held = [h.copy() for h in self.held]
        other.score = self.score.copy()
        other.alive = self.alive.copy()
        other.out_order = self.out_order.copy()
        return other

    def tiles_in_play(self) -> tuple[int, ...]:
        """Per value (index 0 unused): the tiles on the board and in the players' harvests."""
        board = [self.tile.count(v) for v in VALUES]
        return (0, *(n + sum(h[v] for h in self.held) for v, n in zip(VALUES, board, strict=True)))

    def check_invariants(self) -> None:
        f, tile = self.field, self.tile
        assert all(v in (0, *VALUES) for v in tile), "a tile holds 1 to 3 plants"
        assert self.tiles_in_play() == self.dealt, "tiles conserved between board and harvests"
        for seat in range(self.players):
            held = self.held[seat]
            assert min(held) >= 0, "a negative harvest"
            assert self.score[seat] == sum(v * held[v] for v in VALUES), "score is plants held"
            if not self.alive[seat]:
                assert self.pos[seat] == NO_CELL and not any(held), "the out hold nothing"
            elif self.pos[seat] != NO_CELL:
                assert tile[self.pos[seat]], "a wallaby stands on a tile"
        out = [s for s in range(self.players) if not self.alive[s]]
        assert sorted(self.out_order) == out, "the out are those who left, each once"
        placed = [seat for kind, seat in f.steps[: self.step] if kind == "place"]
        on_board = [s for s, p in enumerate(self.pos) if p != NO_CELL]
        assert on_board == [s for s in placed if s not in out], "wallabies placed and in the game"
        scarecrow = ("scarecrow", self.players - 1) in f.steps[: self.step]
        assert (self.scarecrow != NO_CELL) == scarecrow, "the scarecrow is placed once, for good"
        assert self.scarecrow == NO_CELL or tile[self.scarecrow], "the scarecrow is on a tile"
        self._check_turns()

    def _check_turns(self) -> None:
        assert 0 <= self.passes_in_row <= self.passes <= self.play_turns, "pass counts"
        if self.setting_up():
            assert self.play_turns == 0, "no turn is played during the setup"
            for seat, held in enumerate(self.held):  # seats 2, 3, 4 harvest a 1, 2, 3
                assert sum(held) == (held[seat] if seat in VALUES else 0) <= 1, "setup harvest"
        alive = sum(self.alive)
        if self.winner is not None:
            won = self.score[self.winner] >= self.field.goal or alive == 1
            assert self.alive[self.winner] and won, "a winner reached the goal or is last left"
        else:
            assert alive > 1, "the last one left wins"
            assert max(self.score) < self.field.goal, "the goal reached ends the game"
        assert self.endless == (self.passes_in_row >= alive), "endless when all pass in a row"
        if not self.is_over() and not self.setting_up():
            assert self.alive[self.turn], "the player to move is in the game"

    # -- setup -------------------------------------------------------------------------------

    def setting_up(self) -> bool:
        return self.step < len(self.field.steps)

    def setup_moves(self) -> list[Move]:
        kind, seat = self.field.steps[self.step]
        tile = self.tile
        if kind == "place":
            cells = [c for c in self.field.perimeter if tile[c] and c not in self.pos]
        elif kind == "harvest":
            cells = [
                c
                for c, v in enumerate(tile)
                if v == seat and c not in self.pos and c != self.scarecrow
            ] or [NO_CELL]
        else:
            cells = [c for c, v in enumerate(tile) if v]
        return [Step(kind, c) for c in cells]

    def _setup_step(self, step: Step) -> None:
        seat = self.field.steps[self.step][1]
        if step.kind == "place":
            self.pos[seat] = step.cell
        elif step.kind == "harvest" and step.cell != NO_CELL:
            self._take(seat, step.cell)
        elif step.kind == "scarecrow":
            self.scarecrow = step.cell
        self.step += 1

    # -- turns -------------------------------------------------------------------------------

    def routes(self) -> list[Route]:
        """Every legal jump and bounce of the player to act, with what completes each."""
        f, seat, tile = self.field, self.turn, self.tile
        start = self.pos[seat]
        held = self.held[seat]
        have = tuple(v for v in VALUES if held[v]) or (OUT,)
        rivals = [p for s, p in enumerate(self.pos) if s != seat]
        tiles_left = -1
        routes: list[Route] = []
        for j, spot, extended in f.jumps[start][tile[start]]:
            value = tile[spot] if spot != NO_CELL else 0
            targets = 0
            if value and spot not in rivals and spot != self.scarecrow:
                targets = 1
                if value == 1 and self.scarecrow != NO_CELL:
                    if tiles_left < 0:
                        tiles_left = len(tile) - tile.count(0)
                    targets = tiles_left - 1  # any other tile but its own, or it stays
            taken = tuple(v for v in VALUES if held[v] or v == value)
            for b, length, end in f.bounces[extended][value]:
                if end == start:
                    continue
                if tile[end]:
                    routes.append(Route(j, b, length, spot, LANDED, LANDED, targets))
                else:
                    routes.append(Route(j, b, length, spot, have, taken, targets))
        return routes

    def landing(self, turn: Turn) -> Cell:
        """The cell the jump of `turn` lands on (only meaningful inside the board)."""
        cols = self.field.cols
        start = self.pos[self.turn]
        dr, dc = STEPS[turn.jump]
        jump = self.tile[start]
        return start + (dr * cols + dc) * jump

    def _play(self, turn: Turn) -> None:
        seat, cols = self.turn, self.field.cols
        spot = self.landing(turn)
        er, ec = STEPS[turn.bounce]
        end = spot + (er * cols + ec) * turn.length
        self.pos[seat] = end
        if turn.harvest:
            self._take(seat, spot)
            if turn.scarecrow != STAYS:
                self.scarecrow = turn.scarecrow
        if turn.put == OUT:
            self._leave(seat)
        elif turn.put != NO_PUT:
            self.held[seat][turn.put] -= 1
            self.score[seat] -= turn.put
            self.tile[end] = turn.put
        self.play_turns += 1
        self.passes_in_row = 0
        if self.score[seat] >= self.field.goal:
            self.winner = seat
        elif self.winner is None:
            self._next()

    def _take(self, seat: Seat, cell: Cell) -> None:
        value = self.tile[cell]
        self.tile[cell] = 0
        self.held[seat][value] += 1
        self.score[seat] += value

    def _leave(self, seat: Seat) -> None:
        self.alive[seat] = False
        self.pos[seat] = NO_CELL
        self.out_order.append(seat)
        left = [s for s in range(self.players) if self.alive[s]]
        if len(left) == 1:
            self.winner = left[0]

    def _pass(self) -> None:
        self.play_turns += 1
        self.passes += 1
        self.passes_in_row += 1
        if self.passes_in_row >= sum(self.alive):
            self.endless = True  # no one can move and nothing changes: it repeats for ever
        else:
            self._next()

    def _next(self) -> None:
        seat = self.turn
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.alive[seat]:
                break
        self.turn = seat


# -- the compiled engine's positions (engine.py; where their parts sit: layout.py) -----------


def position_of(state: WallabyState) -> tuple[layout.Context, Position]:
    context = layout.tables(state.field)
    dims = context[5]
    players, cells = state.players, int(dims[layout.CELLS])
    position = np.zeros(int(dims[layout.LEFT]) + players, dtype=np.int64)
    setting_up = state.setting_up()
    position[TURN] = state.field.steps[state.step][1] if setting_up else state.turn
    position[OVER] = state.is_over()
    position[layout.STEP], position[layout.PLAYS] = state.step, state.turn
    position[layout.WINNER] = -1 if state.winner is None else state.winner
    position[layout.ENDLESS], position[layout.IN_ROW] = state.endless, state.passes_in_row
    position[layout.TURNS], position[layout.PASSES] = state.play_turns, state.passes
    position[layout.SCARECROW], position[layout.OUTS] = state.scarecrow, len(state.out_order)
    position[layout.TILE : layout.TILE + cells] = state.tile
    position[dims[layout.POS] : dims[layout.POS] + players] = state.pos
    position[dims[layout.ALIVE] : dims[layout.ALIVE] + players] = state.alive
    held = [v for holding in state.held for v in holding]
    position[dims[layout.HELD] : dims[layout.HELD] + 4 * players] = held
    position[dims[layout.SCORE] : dims[layout.SCORE] + players] = state.score
    for order, seat in enumerate(state.out_order):
        position[dims[layout.LEFT] + seat] = order
    return context, position


def restorer(state: WallabyState) -> Callable[[Position], WallabyState]:
    """A position of the engine back to a `WallabyState` of `state`'s field and tiles dealt."""
    field, dealt = state.field, state.dealt
    dims = layout.tables(field)[5]
    players, cells = field.players, int(dims[layout.CELLS])

    def restore(position: Position) -> WallabyState:
        restored = WallabyState.__new__(WallabyState)
        restored.field, restored.players, restored.dealt = field, players, dealt
        restored.tile = position[layout.TILE : layout.TILE + cells].tolist()
        restored.pos = position[dims[layout.POS] : dims[layout.POS] + players].tolist()
        restored.scarecrow = int(position[layout.SCARECROW])
        held = position[dims[layout.HELD] : dims[layout.HELD] + 4 * players].tolist()
        restored.held = [held[4 * seat : 4 * seat + 4] for seat in range(players)]
        restored.score = position[dims[layout.SCORE] : dims[layout.SCORE] + players].tolist()
        alive = position[dims[layout.ALIVE] : dims[layout.ALIVE] + players]
        restored.alive = [bool(a) for a in alive]
        left = position[dims[layout.LEFT] : dims[layout.LEFT] + players]
        out = [seat for seat in range(players) if not restored.alive[seat]]
        restored.out_order = sorted(out, key=lambda seat: int(left[seat]))
        restored.step, restored.turn = int(position[layout.STEP]), int(position[layout.PLAYS])
        winner = int(position[layout.WINNER])
        restored.winner = None if winner < 0 else winner
        restored.endless = bool(position[layout.ENDLESS])
        restored.passes_in_row = int(position[layout.IN_ROW])
        restored.play_turns = int(position[layout.TURNS])
        restored.passes = int(position[layout.PASSES])
        return restored

    return restore
