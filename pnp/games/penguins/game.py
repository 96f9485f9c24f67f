"""Penguins (Hey That's My Fish): penguins slide over a floe of hex tiles and take the tiles left.

Rules: ../shared/RULES.md, "Penguins / Hey That's My Fish" (seed 001, Todd W. Neller). 60 tiles
(30 one-fish, 20 two-fish, 10 three-fish) at random in 8 rows of 7 and 8, top row of 7; 2, 3 or 4
players with 4, 3 or 2 penguins. Placement in turn on free one-fish tiles; then a penguin slides
along one of the 6 hex directions over tiles without penguins, and its player takes the tile it
left. A player who cannot move at their turn removes their penguins, keeps the tiles under them
and is out. The game ends when no penguin is left: most fish, then most tiles, else shared rank.

The floe, its tile mix and its layouts are in floe.py beside this. The compiled engine (engine.py)
plays the positions this module makes of a state (`position_of`) and reads back (`restorer`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Annotated, ClassVar

import numpy as np

from pnp.games.base import Compensation, Game, GameInfo, Result, Seat, Setup, TurnState, ranks_by
from pnp.games.compiled import Compiled, Position, Starts
from pnp.games.mechanics.boardtext import parse_board, render_board
from pnp.games.mechanics.grid import Cell
from pnp.games.mechanics.hexgrid import HexGrid
from pnp.games.mechanics.position_head import OVER, TURN
from pnp.games.mechanics.sliding import can_slide, reach
from pnp.games.options import GameOptions
from pnp.games.penguins.floe import (
    FLOE,
    MIX,
    PENGUINS_EACH,
    PLACE,
    ZERO,
    Move,
    check_fish_conserved,
    check_mix,
    layout_index,
    random_rows,
    rows_shape,
    values_of,
)
from pnp.games.setupdata import JsonObject, Schema, SetupData

if TYPE_CHECKING:
    from pnp.games.penguins.engine import Context

SEATS = ("red", "blue", "green", "yellow")  # the penguin colours, player1..player4 swatches
LETTERS = "RBGY"

INFO = GameInfo(
    name="penguins",
    title="Penguins",
    players=(2, 3, 4),
    default_players=2,
    max_turns=200,  # 8 placements and at most one move per tile
    seat_names=SEATS,
    compensation=Compensation("end", "fish"),
    ladder=("random", "greedy", "mcts:200", "mcts:1000"),
    ladder_note="searches with random rollouts suit Penguins' short games (mcts:200 beat greedy "
    "8 of 8 at 2 players)",
    agent="mcts:200",
    agent_note="it beat greedy 0.827 (4,000 games) and plays a default balance in 3.0 minutes "
    "on two cores; mcts:1000, the ladder's top, would take about 20",
    rules="Penguins / Hey That's My Fish",
)


class PenguinsState(TurnState[Move]):
    def __init__(self, grid: HexGrid, values: Sequence[int], players: int) -> None:
        self.grid = grid
        self.players = players
        self.values = tuple(values)  # fish per cell; 0 where no tile was ever laid
        self.each = PENGUINS_EACH[players]
        self.tile = bytearray(map(bool, values))  # a tile where fish were laid
        self.free = self.tile.copy()  # a tile with no penguin
        self.pieces: list[list[Cell]] = [[] for _ in range(players)]
        self.fish = [0] * players
        self.tiles = [0] * players
        self.placed = 0
        self.turn: Seat = 0
        self.over = False

    # -- the contract ------------------------------------------------------------------------

    def legal_moves(self, seat: Seat) -> list[Move]:
        if self.placing():
            return [(PLACE, c) for c, v in enumerate(self.values) if v == 1 and self.free[c]]
        rays = self.grid.queen_rays
        return [(s, t) for s in self.pieces[seat] for t in reach(rays[s], self.free)]

    def apply(self, move: Move) -> None:
        source, target = move
        seat = self.turn
        if source == PLACE:
            self.pieces[seat].append(target)
            self.placed += 1
        else:
            pieces = self.pieces[seat]
            pieces[pieces.index(source)] = target
            self.take(seat, source)
        self.free[target] = 0
        self.pass_turn(seat)

    def result(self) -> Result:
        return Result(self.scores(), ranks_by(list(zip(self.fish, self.tiles, strict=True))))

    def scores(self) -> tuple[float, ...]:
        return tuple(float(f) for f in self.fish)

    def move_text(self, move: Move) -> str:
        source, target = move
        if source == PLACE:
            return self.grid.name(target)
        return f"{self.grid.name(source)}-{self.grid.name(target)}"

    def evaluate(self, seat: Seat) -> float:
        """Greedy: fish taken plus the fish under one's penguins (a player always ends up with
        the tile under each penguin: by leaving it, or by keeping it when stuck), minus the
        best other player's. Fish taken alone cannot tell destinations apart: a move scores the
        tile it leaves."""
        banked = [
            fish + sum(self.values[c] for c in pieces)
            for fish, pieces in zip(self.fish, self.pieces, strict=True)
        ]
        others = [v for s, v in enumerate(banked) if s != seat]
        return float(banked[seat] - max(others))

    def clone(self) -> PenguinsState:
        other = PenguinsState.__new__(PenguinsState)
        other.__dict__.update(self.__dict__)
        other.tile, other.free = self.tile.copy(), self.free.copy()
        other.pieces = [p.copy() for p in self.pieces]
        other.fish, other.tiles = self.fish.copy(), self.tiles.copy()
        return other

    @classmethod
    def of_parts(
        cls,
        grid: HexGrid,
        values: tuple[int, ...],
        players: int,
        *,
        tile: bytearray,
        free: bytearray,
        pieces: list[list[Cell]],
        fish: list[int],
        tiles: list[int],
        placed: int,
        turn: Seat,
        over: bool,
    ) -> PenguinsState:
        """The state with these parts, taken as they are (no copies, no checks): for the
        compiled engine's `restore`, which knows them consistent."""
        state = cls.__new__(cls)
        state.grid, state.values, state.players = grid, values, players
        state.each = PENGUINS_EACH[players]
        state.tile, state.free, state.pieces = tile, free, pieces
        state.fish, state.tiles, state.placed = fish, tiles, placed
        state.turn, state.over = turn, over
        return state

    def compiled(self) -> Compiled:
        # numba loads only when a compiled engine plays
        from pnp.games.penguins.engine import ENGINE, decoder

        context, position = position_of(self)
        restore = restorer(self.grid, self.players)
        return Compiled(ENGINE, context, position, self.players, decoder(self.grid), restore)

    def check_invariants(self) -> None:
        cells, tile = range(self.grid.cells), self.tile
        check_fish_conserved(self.values, tile, self.tiles, self.fish, "tile")
        penguins = [c for pieces in self.pieces for c in pieces]
        assert len(set(penguins)) == len(penguins), "two penguins on one tile"
        assert all(tile[c] for c in penguins), "a penguin off the floe"
        on = set(penguins)
        free = [bool(tile[c]) and c not in on for c in cells]
        assert list(map(bool, self.free)) == free, "free means a tile without a penguin"
        self._check_turns(len(penguins))

    def _check_turns(self, penguins: int) -> None:
        """Placements in turn order on one-fish tiles first; then a player has all their
        penguins or none (out); the player to move has a move; over when no penguin is left."""
        counts = [len(pieces) for pieces in self.pieces]
        if self.placing():
            assert self.placed == penguins, "every placement puts a penguin on the floe"
            rounds, extra = divmod(self.placed, self.players)
            expected = [rounds + (seat < extra) for seat in range(self.players)]
            assert counts == expected and self.turn == extra, "placements go round the seats"
            assert sum(self.tiles) == 0, "no tile is taken before all penguins are placed"
            placed_on = [self.values[c] for pieces in self.pieces for c in pieces]
            assert all(v == 1 for v in placed_on), "penguins are placed on one-fish tiles"
        else:
            assert self.placed == self.players * self.each, "every penguin placed, no more"
            assert all(n in (0, self.each) for n in counts), "penguins leave all at once"
            kept = [t for t, n in zip(self.tiles, counts, strict=True) if n == 0]
            assert all(t >= self.each for t in kept), "an out player kept the tiles under them"
        assert self.over == (penguins == 0 and not self.placing()), "over when none is left"
        if not self.over and not self.placing():
            assert self.can_move(self.turn), "the player to move has a penguin that can move"

    # -- rules helpers -----------------------------------------------------------------------

    def placing(self) -> bool:
        return self.placed < self.players * self.each

    def take(self, seat: Seat, cell: Cell) -> None:
        self.tile[cell] = 0
        self.fish[seat] += self.values[cell]
        self.tiles[seat] += 1

    def can_move(self, seat: Seat) -> bool:
        neighbours = self.grid.neighbours
        return any(can_slide(neighbours[p], self.free) for p in self.pieces[seat])

    def pass_turn(self, seat: Seat) -> None:
        """The turn goes round to the next player with penguins; one who cannot move removes
        them, keeping the tiles under them, and is out. No penguins left: the game is over."""
        for k in range(1, self.players + 1):
            following = (seat + k) % self.players
            if self.placing():
                self.turn = following
                return
            if not self.pieces[following]:
                continue
            if self.can_move(following):
                self.turn = following
                return
            for cell in self.pieces[following]:
                self.take(following, cell)
            self.pieces[following] = []
        self.over = True

    # -- positions as text -------------------------------------------------------------------

    def to_text(self) -> str:
        """Rows top first: a digit is a tile, `.` a gap, `R2` a red penguin on a two-fish tile
        (B blue, G green, Y yellow); then fish and tiles per player and who plays."""
        owner = {c: LETTERS[s] for s in range(self.players) for c in self.pieces[s]}

        def token(cell: Cell) -> str:
            value = str(self.values[cell]) if self.tile[cell] else "."
            return owner.get(cell, "") + value

        fish, tiles = " ".join(map(str, self.fish)), " ".join(map(str, self.tiles))
        verb = "place" if self.placing() else "play"
        who = "over" if self.over else f"{SEATS[self.turn]} to {verb}"
        return render_board(self.grid, token, f"fish {fish}; tiles {tiles}; {who}", 4)


# -- the compiled engine's positions (engine.py) ---------------------------------------------


def position_of(state: PenguinsState) -> tuple[Context, Position]:
    from pnp.games.penguins.engine import FREE, PLACED, tables

    context = tables(state.grid, state.players)
    cells, players, each, tile, pieces, counts, fish, tiles, values = context[1].tolist()
    position = np.zeros(values + cells + 1, dtype=np.int64)
    position[TURN], position[OVER], position[PLACED] = state.turn, state.over, state.placed
    position[FREE : FREE + cells] = np.frombuffer(state.free, dtype=np.uint8)
    position[tile : tile + cells] = np.frombuffer(state.tile, dtype=np.uint8)
    for seat, placed in enumerate(state.pieces):
        position[pieces + seat * each : pieces + seat * each + len(placed)] = placed
        position[counts + seat] = len(placed)
    position[fish : fish + players] = state.fish
    position[tiles : tiles + players] = state.tiles
    position[values : values + cells] = state.values
    return context, position


@cache
def restorer(grid: HexGrid, players: int) -> Callable[[Position], PenguinsState]:
    """A position of the engine back to a `PenguinsState` on `grid` with `players` players."""
    from pnp.games.penguins.engine import FREE, PLACED, tables

    cells, _, each, tile, pieces, counts, fish, tiles, values = tables(grid, players)[1].tolist()

    def restore(position: Position) -> PenguinsState:
        placed = position[counts : counts + players].tolist()
        held = position[pieces : pieces + players * each].tolist()
        return PenguinsState.of_parts(
            grid, tuple(position[values : values + cells].tolist()), players,
            tile=bytearray(position[tile : tile + cells].astype(np.uint8).tobytes()),
            free=bytearray(position[FREE : FREE + cells].astype(np.uint8).tobytes()),
            pieces=[held[s * each : s * each + placed[s]] for s in range(players)],
            fish=position[fish : fish + players].tolist(),
            tiles=position[tiles : tiles + players].tolist(),
            placed=int(position[PLACED]), turn=int(position[TURN]), over=bool(position[OVER]),
        )  # fmt: skip

    return restore


def starts(layouts: Sequence[Sequence[str]], players: int) -> Starts:
    """The start positions of games of `players` on the floes of `layouts` (rows top first):
    an empty floe's position with each layout's fish, a tile (free) wherever there are some."""
    from pnp.games.penguins.engine import ENGINE, FREE, tables

    grid, games = FLOE, len(layouts)
    cells, _, _, tile, _, _, _, _, values = tables(grid, players)[1].tolist()
    context, blank = position_of(PenguinsState(grid, [0] * cells, players))
    digits = np.frombuffer("".join(row for rows in layouts for row in rows).encode(), np.uint8)
    fish = (digits.reshape(games, -1) - ZERO)[:, layout_index(grid)]
    positions = np.tile(blank, (games, 1))
    positions[:, values : values + cells] = fish
    positions[:, FREE : FREE + cells] = positions[:, tile : tile + cells] = fish > 0
    return Starts(ENGINE, context, positions, [restorer(grid, players)] * games)


@dataclass(frozen=True)
class PenguinsSetup(SetupData):
    """The floe: a row of digits 1-3 (fish per tile) per floe row, top row (of 7) first."""

    rows: Annotated[tuple[str, ...], Schema(**rows_shape(FLOE, "tile"))]


class Penguins(Game[PenguinsState]):
    info = INFO
    data_type = PenguinsSetup
    schema_notes: ClassVar[JsonObject] = {
        "description": "A Penguins setup: the floe of 60 fish tiles, 8 rows of 7 and 8 tiles, "
        "top row (of 7) first. The tile mix (30 one-fish, 20 two-fish, 10 three-fish) is checked "
        "by the game."
    }

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> PenguinsSetup:
        return PenguinsSetup(tuple(random_rows(rng, FLOE, MIX)))

    def check_data(self, data: SetupData, options: GameOptions) -> PenguinsSetup:
        check_mix(PenguinsSetup.of(data).rows, MIX)
        return PenguinsSetup.of(data)

    def new_state(self, setup: Setup) -> PenguinsState:
        rows = PenguinsSetup.of(setup.data).rows
        return PenguinsState(FLOE, values_of(FLOE, rows), setup.players)

    def compiled_starts(self, setups: Sequence[Setup]) -> Starts | None:
        players = {setup.players for setup in setups}
        if len(players) != 1:
            return None
        return starts([PenguinsSetup.of(s.data).rows for s in setups], players.pop())

    def state_from_text(self, setup: Setup, text: str) -> PenguinsState:
        """The text carries the whole position, the floe and the players included. `red to
        place` means the placement phase, `red to play` the moves, `over` the end."""
        grid, tokens, status = parse_board(text)
        found = re.fullmatch(
            r"fish ([\d ]+); tiles ([\d ]+); (?:(\w+) to (play|place)|over)", status
        )
        if not found or not isinstance(grid, HexGrid):
            raise ValueError(f"status {status!r}: expected 'fish A B; tiles A B; red to play'")
        fish, tiles = [int(v) for v in found[1].split()], [int(v) for v in found[2].split()]
        values = [0] * grid.cells
        state = PenguinsState(grid, values, len(fish))
        for cell, token in sorted(tokens.items()):
            if token[0] in LETTERS:
                state.pieces[LETTERS.index(token[0])].append(cell)
            values[cell] = 0 if token[-1] == "." else int(token[-1])
            state.tile[cell] = token[-1] != "."
            state.free[cell] = state.tile[cell] and token[0] not in LETTERS
        state.values = tuple(values)
        state.fish, state.tiles = fish, tiles
        placed = sum(len(p) for p in state.pieces)
        state.placed = placed if found[4] == "place" else state.players * state.each
        state.turn = SEATS.index(found[3]) if found[3] else 0
        state.over = found[3] is None
        return state


GAME = Penguins()
