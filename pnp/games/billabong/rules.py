"""Billabong rules: the position, its legal moves and how a move changes it.

Rules: ../shared/RULES.md, "Billabong". 2 to 4 players with 5 kangaroos each, seat 1 placing and
moving first. Players place one kangaroo at a time, in seat order, on any free square outside the
lake. Then a turn moves one kangaroo: a step to a free neighbouring square, or a chain of jumps.
Each kangaroo counts its line crossings (+1 clockwise); it is finished, and leaves the board, the
moment its count reaches +2. The first player with all 5 finished wins. A player with no move
passes.

Squares are named a1.. (files left to right, ranks bottom to top) as mechanics.grid names them.
The board, its steps and jump chains and the moves' shape are in board.py. The compiled engine
(engine.py) plays the positions `position_of` makes of a state and `restorer` reads back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from pnp.games.base import Result, Seat, TurnState, ranks_by
from pnp.games.billabong.board import (
    CELLS,
    FINISH,
    FINISH_VALUE,
    FREE,
    GRID,
    KANGAROOS,
    LAKE,
    LINE_FILE,
    LINE_TOP,
    OUT,
    PASS,
    PLACE,
    SQUARES,
    STEPS,
    Jumps,
    Move,
    chain_ends,
    progress,
    steps_to_finish,
)
from pnp.games.compiled import Compiled, Position
from pnp.games.mechanics.grid import FILES, Cell
from pnp.games.mechanics.position_head import OVER, TURN

if TYPE_CHECKING:
    from pnp.games.billabong.engine import Context

SEATS = ("red", "blue", "green", "yellow")
LETTERS = "RBGY"


class BillabongState(TurnState[Move]):
    def __init__(self, players: int) -> None:
        self.players = players
        self.owner = [FREE] * CELLS  # seat of the kangaroo on each square
        self.count = [0] * CELLS  # lap count of the kangaroo on each square
        self.occupied = bytearray(CELLS)
        self.bits = 0  # the occupancy again, one bit per cell, for the jump tables
        self.kangaroos: list[list[Cell]] = [[] for _ in range(players)]  # squares, per seat
        self.placed = [0] * players
        self.finished = [0] * players
        self.turn: Seat = 0
        self.over = False
        self._moves: tuple[Move, ...] | None = None  # legal moves of the seat to play

    # -- the contract ------------------------------------------------------------------------

    def legal_moves(self, seat: Seat) -> tuple[Move, ...]:
        if seat == self.turn and self._moves is not None:
            return self._moves
        if self.placed[seat] < KANGAROOS:
            moves = tuple((PLACE, cell, 0) for cell in SQUARES if not self.occupied[cell])
        else:
            jumps = Jumps(self.bits)
            found = [move for cell in self.kangaroos[seat] for move in self.moves_of(cell, jumps)]
            moves = tuple(found) or (PASS,)
        if seat == self.turn:
            self._moves = moves
        return moves

    def apply(self, move: Move) -> None:
        source, target, change = move
        seat = self.turn
        if source == PLACE:
            self.placed[seat] += 1
            self.put(seat, target, 0)
        elif move != PASS:
            count = self.count[source] + change
            self.lift(seat, source)
            if target == OUT:
                self.finished[seat] += 1
                self.over = self.finished[seat] == KANGAROOS
            else:
                self.put(seat, target, count)
        self.turn = (seat + 1) % self.players
        self._moves = None

    def result(self) -> Result:
        return Result(self.scores(), ranks_by(self.finished))

    def scores(self) -> tuple[float, ...]:
        """Kangaroos finished, per seat."""
        return tuple(float(n) for n in self.finished)

    def move_text(self, move: Move) -> str:
        source, target, change = move
        if move == PASS:
            return "pass"
        if source == PLACE:
            return GRID.name(target)
        if target == OUT:
            return f"{GRID.name(source)}-out"
        laps = f"{change:+d}" if change else ""
        return f"{GRID.name(source)}-{GRID.name(target)}{laps}"

    def evaluate(self, seat: Seat) -> float:
        """Own total progress (finished kangaroos count 2) minus the best other player's."""
        totals = [self.total_progress(s) for s in range(self.players)]
        others = [t for s, t in enumerate(totals) if s != seat]
        return totals[seat] - max(others)

    def move_value(self, seat: Seat, move: Move) -> float:
        """Greedy: the clockwise progress the move makes (board.progress); finishing a
        kangaroo beats any progress; a placement is worth minus the steps it leaves to go."""
        source, target, change = move
        if move == PASS:
            return 0.0
        if source == PLACE:
            return -float(steps_to_finish()[target])
        if target == OUT:
            return FINISH_VALUE
        count = self.count[source]
        return progress(target, count + change) - progress(source, count)

    def clone(self) -> BillabongState:
        other = BillabongState.__new__(BillabongState)
        other.players = self.players
        other.owner, other.count = self.owner.copy(), self.count.copy()
        other.occupied, other.bits = self.occupied[:], self.bits
        other.kangaroos = [cells.copy() for cells in self.kangaroos]
        other.placed, other.finished = self.placed.copy(), self.finished.copy()
        other.turn, other.over = self.turn, self.over
        other._moves = self._moves
        return other

    def compiled(self) -> Compiled:
        # numba loads only when a compiled engine plays
        from pnp.games.billabong.engine import ENGINE, decode

        context, position = position_of(self)
        return Compiled(ENGINE, context, position, self.players, decode, restorer(self.players))

    def check_invariants(self) -> None:
        self._check_board()
        for seat in range(self.players):
            on_board = len(self.kangaroos[seat])
            assert on_board + self.finished[seat] == self.placed[seat] <= KANGAROOS, (
                "a seat's kangaroos are on the board or finished, five at most"
            )
        assert self.scores() == tuple(map(float, self.finished)), "scores are kangaroos finished"
        assert self.over == (KANGAROOS in self.finished), "over when one has finished all five"
        assert self.finished.count(KANGAROOS) <= 1, "the game ends at the first to finish five"
        if min(self.placed) < KANGAROOS:
            first = self.placed[0]
            behind = [seat for seat, n in enumerate(self.placed) if n < first]
            assert all(n in (first, first - 1) for n in self.placed), "placing in seat order"
            last = list(range(self.players - len(behind), self.players))
            assert behind == last, "placing in seat order"
            assert self.turn == (behind[0] if behind else 0), "placing in seat order"
            assert not any(self.finished) and not any(self.count), "no move before placing ends"
        if self._moves is not None and not self.over:
            fresh = self.clone()
            fresh._moves = None
            assert fresh.legal_moves(self.turn) == self._moves, "stale legal moves"

    def _check_board(self) -> None:
        """The board's views agree: owners, lap counts, occupancy bits, each seat's squares;
        no one in the lake; a kangaroo's count is below +2 (it leaves the board at +2)."""
        on = [c for c in range(CELLS) if self.owner[c] != FREE]
        assert not set(on) & set(LAKE), "a kangaroo in the lake"
        assert all(self.owner[c] in range(self.players) for c in on), "an owner with no seat"
        assert [c for c in range(CELLS) if self.occupied[c]] == on, "occupancy disagrees"
        assert self.bits == sum(1 << c for c in on), "occupancy bits disagree"
        for seat, cells in enumerate(self.kangaroos):
            assert sorted(cells) == [c for c in on if self.owner[c] == seat], "squares disagree"
        assert all(self.count[c] == 0 for c in range(CELLS) if self.owner[c] == FREE), (
            "a lap count on an empty square"
        )
        assert all(self.count[c] < FINISH for c in on), "a kangaroo at +2 is finished, off"

    # -- rules helpers -----------------------------------------------------------------------

    def moves_of(self, source: Cell, jumps: Jumps) -> list[Move]:
        """The moves of the kangaroo on `source`: steps, then the ends of jump chains that no
        step reaches; every way of finishing it is one move, `source-out`."""
        count = self.count[source]
        ends = [(t, change) for t, change in STEPS[source] if not self.occupied[t]]
        finishes = any(count + change >= FINISH for _, change in ends)
        ends = [end for end in ends if count + end[1] < FINISH]
        chained, chain_finishes = chain_ends(source, count, jumps)
        stepped = set(ends)
        ends += [end for end in chained if end not in stepped]
        moves = [(source, target, change) for target, change in ends]
        if finishes or chain_finishes:
            moves.append((source, OUT, FINISH - count))
        return moves

    def total_progress(self, seat: Seat) -> float:
        on_board = sum(progress(cell, self.count[cell]) for cell in self.kangaroos[seat])
        return on_board + FINISH * self.finished[seat]

    # -- positions as text --------------------------------------------------------------------

    def to_text(self) -> str:
        """The board as in the tests, rank 14 at the top: `.` free, `~` lake, a kangaroo as its
        colour letter with its lap count when not 0 (`R`, `B1`, `G-1`), `|` the line; then
        the kangaroos finished per seat and who plays."""
        lines = [("   " + "".join(f" {FILES[col]} " for col in range(GRID.cols))).rstrip()]
        for row in reversed(range(GRID.rows)):
            fields = []
            for col in range(GRID.cols):
                line = col == LINE_FILE and row < LINE_TOP
                fields.append(("|" if line else " ") + f"{self._token(GRID.cell(row, col)):<2}")
            lines.append(f"{row + 1:>2} " + "".join(fields).rstrip())
        finished = " ".join(str(n) for n in self.finished)
        lines.append(f"finished {finished}; {SEATS[self.turn]} to play")
        return "\n".join(lines)

    def _token(self, cell: Cell) -> str:
        if cell in LAKE:
            return "~"
        seat = self.owner[cell]
        if seat == FREE:
            return "."
        count = self.count[cell]
        return LETTERS[seat] + (str(count) if count else "")

    def read_token(self, cell: Cell, token: str) -> None:
        """Put what a text position's token for `cell` says there (`Billabong.state_from_text`)."""
        if (token == "~") != (cell in LAKE):
            raise ValueError(f"{GRID.name(cell)}: {token!r}; the lake is exactly g7-j8 (~)")
        if token in ("~", "."):
            return
        if token[0] not in LETTERS[: self.players]:
            raise ValueError(f"{GRID.name(cell)}: {token!r} is not a kangaroo of this game")
        self.put(LETTERS.index(token[0]), cell, int(token[1:] or 0))

    def put(self, seat: Seat, cell: Cell, count: int) -> None:
        self.owner[cell], self.count[cell], self.occupied[cell] = seat, count, 1
        self.bits |= 1 << cell
        self.kangaroos[seat].append(cell)

    def lift(self, seat: Seat, cell: Cell) -> None:
        self.owner[cell], self.count[cell], self.occupied[cell] = FREE, 0, 0
        self.bits &= ~(1 << cell)
        self.kangaroos[seat].remove(cell)


# -- the compiled engine's positions (engine.py) ---------------------------------------------


def position_of(state: BillabongState, capacity: int | None = None) -> tuple[Context, Position]:
    """The engine's context and position of `state`, the context keeping `capacity` moves of a
    position (None: the engine's `MOVES_KEPT`)."""
    from pnp.games.billabong.engine import (
        CAPACITY,
        CODES,
        FINISHED,
        LAPS,
        MOVES_KEPT,
        ON,
        OWNER,
        PLACED,
        ROOS,
        context_of,
    )

    context = context_of(state.players, MOVES_KEPT if capacity is None else capacity)
    dims = context[6]
    position = np.zeros(int(dims[CODES] + dims[CAPACITY]), dtype=np.int64)
    position[TURN], position[OVER] = state.turn, state.over
    position[OWNER:LAPS] = state.owner
    position[LAPS : LAPS + CELLS] = state.count
    for seat, cells in enumerate(state.kangaroos):
        start = int(dims[ROOS]) + seat * KANGAROOS
        position[start : start + len(cells)] = cells
        position[dims[ON] + seat] = len(cells)
        position[dims[PLACED] + seat] = state.placed[seat]
        position[dims[FINISHED] + seat] = state.finished[seat]
    return context, position


def restorer(players: int) -> Callable[[Position], BillabongState]:
    """A position of the engine back to a `BillabongState` of `players` players."""
    from pnp.games.billabong.engine import FINISHED, LAPS, ON, OWNER, PLACED, ROOS, context_of

    dims = context_of(players)[6]

    def restore(position: Position) -> BillabongState:
        restored = BillabongState(players)
        restored.owner = position[OWNER:LAPS].tolist()
        restored.count = position[LAPS : LAPS + CELLS].tolist()
        restored.occupied = bytearray((position[OWNER:LAPS] != FREE).astype(np.uint8).tobytes())
        restored.bits = sum(1 << cell for cell in range(CELLS) if restored.occupied[cell])
        for seat in range(players):
            start = int(dims[ROOS]) + seat * KANGAROOS
            on = int(position[dims[ON] + seat])
            restored.kangaroos[seat] = position[start : start + on].tolist()
        restored.placed = position[dims[PLACED] : dims[PLACED] + players].tolist()
        restored.finished = position[dims[FINISHED] : dims[FINISHED] + players].tolist()
        restored.turn, restored.over = int(position[TURN]), bool(position[OVER])
        return restored

    return restore
