"""Billabong: kangaroos race clockwise round a lake, stepping or leaping in chains of jumps.

Rules: ../shared/RULES.md, "Billabong" (seed 003, in French). 2 to 4 players with 5 kangaroos
each; seat 1 places first and moves first (a setup has nothing random: "a player is designated to
go first", and that is seat 1). Players place one kangaroo at a time, in seat order, on any free
square outside the lake. Then a turn moves one kangaroo: a step to a free neighbouring square, or
a chain of jumps (billabong_board.py). Each kangaroo counts its line crossings (+1 clockwise); it
is finished, and leaves the board, the moment its count reaches +2. The first player with all 5
finished wins. A player with no move passes (some player can always move: the kangaroos at the
edge of any group have a free square beside them, so a game never stalls).

A setup file may fix the placement (`"placement": [["i6", ...], ...]`, one list of 5 squares per
seat): the game then starts with the first move, e.g. to study one opening or count perft.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

import numpy as np

from pnp.errors import SetupError
from pnp.games.base import Game, GameInfo, Result, Seat, Setup, State, ranks_by
from pnp.games.billabong.board import (
    CELLS,
    FINISH,
    GRID,
    KANGAROOS,
    LAKE,
    LINE_FILE,
    LINE_TOP,
    SQUARES,
    STEPS,
    Jumps,
    chain_ends,
    progress,
    steps_to_finish,
)
from pnp.games.compiled import Compiled
from pnp.games.mechanics.grid import FILES, Cell
from pnp.games.options import GameOptions
from pnp.games.setupdata import JsonObject, Schema, SetupData

Move = tuple[Cell, Cell, int]  # (from, to, lap change); from is PLACE for a placement
PLACE: Cell = -1
OUT: Cell = -2  # the `to` of a move that finishes the kangaroo: it leaves the board
PASS: Move = (-3, -3, 0)
FREE = -1
SEATS = ("red", "blue", "green", "yellow")
LETTERS = "RBGY"
FINISH_VALUE = 100.0  # greedy: finishing beats any progress (a whole race is 2)

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


class BillabongState(State[Move]):
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

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.over else (self.turn,)

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

    def is_over(self) -> bool:
        return self.over

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
        """Greedy: the clockwise progress the move makes (billabong_board.progress); finishing a
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
        from pnp.games.billabong import engine  # numba loads only when a compiled engine plays

        return engine.compiled(self)

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
    given: JsonObject = {"properties": {"players": {"const": players}}}
    if players != INFO.default_players:  # a left-out player count is the default
        given["required"] = ["players"]
    return {
        "if": {"properties": {"options": given}},
        "then": {"properties": {"placement": {"$ref": f"#/$defs/seats-{players}"}}},
    }


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
