"""Amazons: four queens each, every move a queen move and an arrow that blocks a square for ever.

Rules: ../shared/RULES.md, "Amazons" (seed 001, Todd W. Neller). N x N board, N = 10, 8 or 6
(start squares per RULES.md; 8 x 8 is pnp's decision), light (seat 0) moves first. A move: an
amazon slides like a chess queen through empty squares, then shoots an arrow a queen move from
its new square (the square it left counts as empty). The player to move with no move loses.

Greedy agents value a move by mobility: the squares one's amazons reach with one queen move
afterwards (each square once) minus the squares the opponent's reach.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from pnp.games.base import Game, GameInfo, Result, Seat, Setup
from pnp.games.compiled import Compiled, Position, Starts
from pnp.games.mechanics.boardtext import parse_board, render_board
from pnp.games.mechanics.grid import Cell, SquareGrid
from pnp.games.mechanics.shooting import Move, ShootingState
from pnp.games.mechanics.sliding import ray_table, reached_cells
from pnp.games.options import GameOptions, IntOption, option
from pnp.games.setupdata import JsonObject, SetupData

SEATS = ("light", "dark")
PIECES_EACH = 4
SIZES = (6, 8, 10)
START: dict[int, tuple[str, str]] = {
    10: ("a4 d1 g1 j4", "a7 d10 g10 j7"),
    8: ("a3 c1 f1 h3", "a6 c8 f8 h6"),  # [decision] RULES.md
    6: ("b1 e1 a2 f2", "a5 f5 b6 e6"),
}
TOKENS = {"L": 0, "D": 1}  # in text positions: L light amazon, D dark amazon, x arrow, . empty


@dataclass(frozen=True)
class AmazonsOptions(GameOptions):
    size: int = option(IntOption("size", "board side: 6, 8 or 10", 10, 6, 10, choices=SIZES))


INFO = GameInfo(
    name="amazons",
    title="Amazons",
    players=(2,),
    default_players=2,
    options_type=AmazonsOptions,
    has_scores=False,
    max_turns=200,  # a game cannot last longer than the board has squares
    seat_names=SEATS,
    ladder=("random", "greedy", "lookahead"),
    ladder_note="greedy plays by mobility and beat searches with random rollouts on 6 x 6 "
    "(mcts:200 10-2, mcts:1000 9-3); searches scoring leaves by mobility climb on 6 x 6 but were "
    "weaker than greedy on 10 x 10 (about 2,000 moves at the start). lookahead, a round of greedy "
    "answers ahead, beat greedy 0.824 [0.812, 0.835] on 10 x 10 (4,000 games) and mcts:2x:0 78 "
    "of 100 points on 6 x 6",
    agent="lookahead",
    agent_note="the top of the ladder (settled on 10 x 10: even), a default balance on 10 x 10 "
    "in 6.6 minutes on two cores; lookahead:2, in 2.6 minutes, read light handicapped "
    "(-0.052 [-0.068, -0.037]) where the stronger agent reads even",
    rules="Amazons",
    fixed_start=True,
)


def start_squares(size: int) -> tuple[list[Cell], list[Cell]]:
    grid = SquareGrid(size, size)
    light, dark = START[size]
    return [grid.parse(n) for n in light.split()], [grid.parse(n) for n in dark.split()]


class AmazonsState(ShootingState):
    board: SquareGrid

    def __init__(
        self, grid: SquareGrid, pieces: tuple[list[Cell], list[Cell]], arrows: Sequence[Cell] = ()
    ) -> None:
        free = [1] * grid.cells
        for cell in arrows:
            free[cell] = 0
        super().__init__(grid, free, pieces, PIECES_EACH)
        self.values: dict[Move, float] | None = None
        self.over = self.ended()

    def legal_moves(self, seat: Seat) -> list[Move]:
        return self.shots(seat)

    def move_count(self, seat: Seat) -> int:
        return self.shot_count(seat)

    def ended(self) -> bool:
        self.values = None
        return not self.can_move(self.turn)

    def result(self) -> Result:
        loser = self.turn
        return Result(None, (2, 1) if loser == 0 else (1, 2))

    def scores(self) -> None:
        return None

    def copied(self) -> None:
        self.values = None

    def compiled(self) -> Compiled:
        from pnp.games.mechanics import shooting_engine  # numba loads only for a search

        unpack = shooting_engine.unpacker(self.board, PIECES_EACH)
        board = self.board

        def restore(position: Position) -> AmazonsState:
            free, pieces, turn, over, plies = unpack(position)
            taken = set(pieces[0] + pieces[1])
            arrows = [cell for cell in range(board.cells) if not free[cell] and cell not in taken]
            restored = AmazonsState(board, pieces, arrows)
            restored.turn, restored.over, restored.plies = turn, over, plies
            return restored

        parts = (self.free, self.pieces, self.turn, self.over, self.plies)
        return shooting_engine.compiled(self.board, parts, restore)

    def check_invariants(self) -> None:
        assert [len(p) for p in self.pieces] == [PIECES_EACH] * 2, "four amazons each"
        self.check_pieces()
        arrows = self.free.count(0) - 2 * PIECES_EACH
        assert arrows == self.plies, "one arrow per move made"
        assert self.passes == 0, "Amazons has no passing"
        assert self.turn == self.plies % 2, "light and dark alternate, light first"
        assert self.over == (not self.can_move(self.turn)), "over exactly when stuck"

    # -- greedy: mobility --------------------------------------------------------------------

    def evaluate(self, seat: Seat) -> float:
        free = np.array([*self.free, 0], dtype=np.bool_)[None, :]
        own, other = (np.array([self.pieces[s]]) for s in (seat, 1 - seat))
        table = ray_table(self.board)
        return float(reached_cells(table, free, own)[0] - reached_cells(table, free, other)[0])

    def move_value(self, seat: Seat, move: Move) -> float:
        """Mobility after `move`; all moves of the position are valued at once, then looked up."""
        if self.values is None:
            moves = self.shots(self.turn)
            self.values = dict(zip(moves, self._mobility_after(moves), strict=True))
        value = self.values[move]
        return value if seat == self.turn else -value

    def _mobility_after(self, moves: list[Move]) -> list[float]:
        table, seat = ray_table(self.board), self.turn
        played = np.array(moves, dtype=np.intp).reshape(-1, 3)
        count = len(played)
        rows = np.arange(count)
        free = np.tile(np.array([*self.free, 0], dtype=np.bool_), (count, 1))
        free[rows, played[:, 0]] = True
        free[rows, played[:, 1]] = False
        free[rows, played[:, 2]] = False
        own = np.tile(np.array(self.pieces[seat], dtype=np.intp), (count, 1))
        own[own == played[:, :1]] = played[:, 1]
        other = np.tile(np.array(self.pieces[1 - seat], dtype=np.intp), (count, 1))
        mobility = reached_cells(table, free, own) - reached_cells(table, free, other)
        return [float(v) for v in mobility]

    # -- positions as text -------------------------------------------------------------------

    def to_text(self) -> str:
        """Ranks top to bottom: `L` light, `D` dark, `x` arrow, `.` empty; then who plays."""
        owner = {cell: "LD"[seat] for seat in (0, 1) for cell in self.pieces[seat]}
        status = f"{SEATS[self.turn]} to play"
        return render_board(
            self.board, lambda c: owner.get(c, "." if self.free[c] else "x"), status, 2
        )


class Amazons(Game[AmazonsState]):
    info = INFO
    schema_notes: ClassVar[JsonObject] = {
        "description": "An Amazons setup: the start is fixed by the board size, so the file holds "
        "only the common keys and the options."
    }

    def random_setup(self, seed: int, options: GameOptions) -> Setup:
        """The fixed start: nothing is drawn, so no generator is built (balance runs draw a
        setup per game)."""
        return Setup(self.info.name, seed, AmazonsOptions.of(options))

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> SetupData:
        return SetupData()  # the start is fixed: nothing is drawn

    def new_state(self, setup: Setup) -> AmazonsState:
        size = AmazonsOptions.of(setup.options).size
        return AmazonsState(SquareGrid(size, size), start_squares(size))

    def compiled_starts(self, setups: Sequence[Setup]) -> Starts | None:
        """The fixed start's position once, a row for each game: the board, its reach tables
        and the position are built once per chunk of games instead of once per game."""
        if not setups or len({AmazonsOptions.of(s.options).size for s in setups}) != 1:
            return None
        start = self.new_state(setups[0]).compiled()
        assert start.restore is not None
        positions = np.tile(start.position, (len(setups), 1))
        return Starts(start.engine, start.context, positions, [start.restore] * len(setups))

    def state_from_text(self, setup: Setup, text: str) -> AmazonsState:
        """The text carries the whole position, the board's size included (tests use small
        boards no setup has); one arrow was shot per move made."""
        grid, tokens, status = parse_board(text)
        found = re.fullmatch(r"(light|dark) to play", status)
        if not found or not isinstance(grid, SquareGrid):
            raise ValueError(f"status line {status!r}: expected 'light to play' or 'dark to play'")
        pieces: tuple[list[Cell], list[Cell]] = ([], [])
        for cell, token in sorted(tokens.items()):
            if token in TOKENS:
                pieces[TOKENS[token]].append(cell)
        arrows = [cell for cell, token in tokens.items() if token == "x"]
        state = AmazonsState(grid, pieces, arrows)
        state.plies = len(arrows)  # the moves that shot them
        state.turn = SEATS.index(found[1])
        state.over = state.ended()
        return state


GAME = Amazons()
