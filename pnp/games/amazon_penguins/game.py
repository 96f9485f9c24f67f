"""Amazon Penguins: the Penguins aim (most fish) with Amazons moves: slide, then spear a chip.

Rules: ../shared/RULES.md, "Amazon Penguins" (seed 001, Todd W. Neller). Variant `square`: an
8 x 8 board of fish chips, 32 one-fish, 21 two-fish, 11 three-fish at random; variant `hex`: the
Penguins floe (8 rows of 7 and 8, 30/20/10). Two players, 4 penguins each, placed alternately on
any chip without a penguin (placing claims nothing). A move: a queen move (hex: a slide along
one of 6 directions) over chips without penguins, then the same penguin spears a chip one such
slide from its new place (the chip it left included) and its player claims it; the gap blocks.
A player with no move passes; when neither can move, each claims the chips under their own
penguins. Most fish wins, then most chips, else a shared rank.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from pnp.games.amazon_penguins.layout import (
    CHIP,
    CHIPS,
    COUNTS,
    DIRECTIONS,
    FISH,
    FREE,
    PASSES,
    PIECES,
    PLIES,
    SEGMENTS,
    VALUES,
    Context,
    tables,
)
from pnp.games.base import Compensation, Game, GameInfo, Result, Seat, Setup, ranks_by
from pnp.games.compiled import Compiled, Position
from pnp.games.mechanics.boardtext import parse_board, render_board
from pnp.games.mechanics.grid import Cell, SquareGrid
from pnp.games.mechanics.position_head import OVER, TURN
from pnp.games.mechanics.shooting import PASS, PLACE, Move, ShootingState
from pnp.games.mechanics.sliding import Grid
from pnp.games.options import GameOptions
from pnp.games.penguins.floe import (
    FLOE,
    MIX,
    check_fish_conserved,
    check_mix,
    random_rows,
    rows_shape,
    values_of,
)
from pnp.games.setupdata import JsonObject, SetupData

SEATS = ("light", "dark")
LETTERS = "LD"
PENGUINS_EACH = 4
SQUARE = SquareGrid(8, 8)
SQUARE_MIX = (32, 21, 11)
BOARDS: dict[str, tuple[Grid, tuple[int, int, int]]] = {
    "square": (SQUARE, SQUARE_MIX),
    "hex": (FLOE, MIX),
}

INFO = GameInfo(
    name="amazon-penguins",
    title="Amazon Penguins",
    players=(2,),
    default_players=2,
    variants=("square", "hex"),
    max_turns=400,  # 8 placements, one chip per move, and passes in between
    seat_names=SEATS,
    compensation=Compensation("end", "fish"),
    ladder=("random", "greedy", "mcts:1x:0", "mcts:2x:0"),
    ladder_note="600-1,531 moves after placement: a fixed budget never tries most of them "
    "(greedy beats mcts:200 12-0), so budgets per legal move, new leaves scored by the score lead "
    "(mcts:1x:0 won 30 of 48 against greedy, mcts:1x 1 of 4)",
    agent="mcts:1x:0",
    agent_note="it beat greedy 0.656 [0.642, 0.671] (4,000 games), mcts:2x:0 above it on the "
    "ladder is no stronger (0.505) at twice the cost, and it plays a default balance in 32 s "
    "on two cores",
    rules="Amazon Penguins",
)


class AmazonPenguinsState(ShootingState):
    def __init__(self, grid: Grid, values: Sequence[int]) -> None:
        super().__init__(grid, [v > 0 for v in values], ([], []), PENGUINS_EACH)
        self.values = tuple(values)
        self.chip = bytearray(v > 0 for v in values)
        self.fish = [0, 0]
        self.chips = [0, 0]

    def legal_moves(self, seat: Seat) -> list[Move]:
        if self.placing():
            return [(PLACE, cell, PLACE) for cell, free in enumerate(self.free) if free]
        return self.shots(seat) or [PASS]

    def move_count(self, seat: Seat) -> int:
        if self.placing():
            return sum(self.free)
        return self.shot_count(seat) or 1

    def shot(self, seat: Seat, cell: Cell) -> None:
        self.chip[cell] = 0
        self.fish[seat] += self.values[cell]
        self.chips[seat] += 1

    def ended(self) -> bool:
        if self.placing() or self.can_move(0) or self.can_move(1):
            return False
        for seat in (0, 1):  # each claims the chips under their own penguins
            for cell in self.pieces[seat]:
                self.shot(seat, cell)
        return True

    def result(self) -> Result:
        return Result(self.scores(), ranks_by(list(zip(self.fish, self.chips, strict=True))))

    def scores(self) -> tuple[float, ...]:
        return (float(self.fish[0]), float(self.fish[1]))

    def copied(self) -> None:
        self.chip = self.chip.copy()
        self.fish, self.chips = self.fish.copy(), self.chips.copy()

    def compiled(self) -> Compiled:
        # numba loads only when a compiled engine plays
        from pnp.games.amazon_penguins.engine import ENGINE, decoder

        context, position = position_of(self)
        return Compiled(ENGINE, context, position, 2, decoder(self.board), restorer(self))

    def check_invariants(self) -> None:
        self.check_pieces()
        cells, chip = range(self.board.cells), self.chip
        check_fish_conserved(self.values, chip, self.chips, self.fish, "chip")
        penguins = set(self.pieces[0] + self.pieces[1])
        free = [bool(chip[c]) and c not in penguins for c in cells]
        assert list(map(bool, self.free)) == free, "free means a chip without a penguin"
        if self.over:
            assert not any(chip[c] for c in penguins), "at the end, chips under penguins claimed"
        else:
            assert all(chip[c] for c in penguins), "a penguin stands on a chip"
        placed = len(penguins)
        assert placed == min(self.plies, 2 * self.each), "placements come first"
        moves = self.plies - placed - self.passes
        assert sum(self.chips) == moves + (placed if self.over else 0), "one chip per move"
        stuck = not (self.placing() or self.can_move(0) or self.can_move(1))
        assert self.over == stuck, "over exactly when neither player can move"

    def move_value(self, seat: Seat, move: Move) -> float:
        """Greedy: the fish lead after the move, counting the chip it spears."""
        lead = self.fish[seat] - self.fish[1 - seat]
        source, _, shot = move
        return float(lead + (self.values[shot] if source != PLACE and move != PASS else 0))

    # -- positions as text -------------------------------------------------------------------

    def to_text(self) -> str:
        """Rows top first: a digit is a chip, `.` a gap, `L2` a light penguin on a two-fish chip
        (D dark); then fish and chips claimed per player and who plays."""
        owner = {c: LETTERS[s] for s in (0, 1) for c in self.pieces[s]}

        def token(cell: Cell) -> str:
            return owner.get(cell, "") + (str(self.values[cell]) if self.chip[cell] else ".")

        verb = "place" if self.placing() else "play"
        status = f"fish {self.fish[0]} {self.fish[1]}; chips {self.chips[0]} {self.chips[1]}; " + (
            "over" if self.over else f"{SEATS[self.turn]} to {verb}"
        )
        return render_board(
            self.board, token, status, 3 if isinstance(self.board, SquareGrid) else 4
        )


# -- the compiled engine's positions (engine.py) ---------------------------------------------


def position_of(state: AmazonPenguinsState) -> tuple[Context, Position]:
    context = tables(state.board, state.each)
    dims = context[1]
    cells, each = state.board.cells, state.each
    position = np.zeros(int(dims[SEGMENTS] + each * dims[DIRECTIONS]) + 1, dtype=np.int64)
    position[TURN], position[OVER] = state.turn, state.over
    position[PLIES], position[PASSES] = state.plies, state.passes
    position[FREE : FREE + cells] = np.frombuffer(bytes(state.free), dtype=np.uint8)
    position[dims[CHIP] : dims[CHIP] + cells] = np.frombuffer(bytes(state.chip), dtype=np.uint8)
    for seat, pieces in enumerate(state.pieces):
        start = int(dims[PIECES]) + seat * each
        position[start : start + len(pieces)] = pieces
        position[dims[COUNTS] + seat] = len(pieces)
    position[dims[FISH] : dims[FISH] + 2] = state.fish
    position[dims[CHIPS] : dims[CHIPS] + 2] = state.chips
    position[dims[VALUES] : dims[VALUES] + cells] = state.values
    return context, position


def restorer(state: AmazonPenguinsState) -> Callable[[Position], AmazonPenguinsState]:
    """A position of the engine back to an `AmazonPenguinsState` of `state`'s board."""
    board, values, each = state.board, state.values, state.each
    dims = tables(board, each)[1]
    cells = board.cells

    def restore(position: Position) -> AmazonPenguinsState:
        restored = AmazonPenguinsState(board, values)
        restored.each = each
        restored.free = bytearray(position[FREE : FREE + cells].astype(np.uint8).tobytes())
        chip = position[dims[CHIP] : dims[CHIP] + cells]
        restored.chip = bytearray(chip.astype(np.uint8).tobytes())
        for seat in (0, 1):
            start = int(dims[PIECES]) + seat * each
            placed = position[start : start + position[dims[COUNTS] + seat]].tolist()
            restored.pieces[seat][:] = placed
        restored.fish = position[dims[FISH] : dims[FISH] + 2].tolist()
        restored.chips = position[dims[CHIPS] : dims[CHIPS] + 2].tolist()
        restored.turn, restored.over = int(position[TURN]), bool(position[OVER])
        restored.plies, restored.passes = int(position[PLIES]), int(position[PASSES])
        return restored

    return restore


@dataclass(frozen=True)
class AmazonPenguinsSetup(SetupData):
    """The fish chips, a row of digits 1-3 per board row, top row first (the shape of the
    variant's board: see `BOARDS`)."""

    rows: tuple[str, ...]


class AmazonPenguins(Game[AmazonPenguinsState]):
    info = INFO
    data_type = AmazonPenguinsSetup
    schema_notes: ClassVar[JsonObject] = {
        "description": "An Amazon Penguins setup: the fish chips, rows top first. Variant square "
        "(the default): 8 rows of 8 chips; variant hex: the Penguins floe, 8 rows of 7 and 8, top "
        "row (of 7) first. The chip mix is checked by the game.",
        "if": {
            "properties": {
                "options": {"properties": {"variant": {"const": "hex"}}, "required": ["variant"]}
            }
        },
        "then": {"properties": {"rows": rows_shape(FLOE, "chip", " on the hex floe")}},
        "else": {"properties": {"rows": rows_shape(SQUARE, "chip", " on the square board")}},
    }

    def random_data(self, rng: np.random.Generator, options: GameOptions) -> AmazonPenguinsSetup:
        grid, mix = BOARDS[options.variant]
        return AmazonPenguinsSetup(tuple(random_rows(rng, grid, mix)))

    def check_data(self, data: SetupData, options: GameOptions) -> AmazonPenguinsSetup:
        check_mix(AmazonPenguinsSetup.of(data).rows, BOARDS[options.variant][1])
        return AmazonPenguinsSetup.of(data)

    def new_state(self, setup: Setup) -> AmazonPenguinsState:
        grid, _ = BOARDS[setup.variant]
        return AmazonPenguinsState(grid, values_of(grid, AmazonPenguinsSetup.of(setup.data).rows))

    def state_from_text(self, setup: Setup, text: str) -> AmazonPenguinsState:
        """The text carries the whole position, the board included. `light to place` means
        the placement phase (4 penguins each), `light to play` the moves with the penguins
        shown, `over` the end (the chips under the penguins already claimed)."""
        grid, tokens, status = parse_board(text)
        found = re.fullmatch(
            r"fish (\d+) (\d+); chips (\d+) (\d+); (?:(light|dark) to (play|place)|over)", status
        )
        if not found:
            raise ValueError(f"status {status!r}: expected 'fish A B; chips A B; light to play'")
        values = [0 if token[-1] == "." else int(token[-1]) for _, token in sorted(tokens.items())]
        state = AmazonPenguinsState(grid, values)
        for cell, token in sorted(tokens.items()):
            if token[0] in LETTERS:
                state.pieces[LETTERS.index(token[0])].append(cell)
                state.free[cell] = 0
        state.fish = [int(found[1]), int(found[2])]
        state.chips = [int(found[3]), int(found[4])]
        state.turn = SEATS.index(found[5]) if found[5] else 0
        if found[6] != "place":  # the penguins on the board are all there are
            state.each = max(len(pieces) for pieces in state.pieces)
        state.plies = sum(map(len, state.pieces)) + sum(state.chips)  # as if no one passed
        state.over = found[5] is None or state.ended()
        return state


GAME = AmazonPenguins()
