"""Move-then-shoot games: a piece slides, then shoots a cell one slide away from where it landed.

Amazons (the shot places an arrow) and Amazon Penguins (the shot spear-fishes a chip, which leaves
a gap) are both this, on square or hex boards (../shared/RULES.md, "Amazons" and "Amazon
Penguins"). The cell the piece left counts as free for the shot. What is free: an empty square
(Amazons), a chip with no penguin on it (Amazon Penguins). Each game adds its own end.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable

from pnp.games.base import Seat, TurnState
from pnp.games.mechanics.grid import Cell, Shot
from pnp.games.mechanics.sliding import Grid, can_slide, reach, reach_count

Move = Shot  # (source, destination, shot); a placement is (PLACE, cell, PLACE)
PLACE: Cell = -1
PASS: Move = (-1, -1, -1)


class ShootingState(TurnState[Move]):
    """Two seats, `each` pieces per seat; pieces given at the start count as placed."""

    players = 2

    def __init__(
        self, board: Grid, free: Iterable[int], pieces: tuple[list[Cell], list[Cell]], each: int
    ) -> None:
        self.board = board
        self.free = bytearray(free)
        self.pieces = (list(pieces[0]), list(pieces[1]))
        for cell in self.pieces[0] + self.pieces[1]:
            self.free[cell] = 0
        self.each = each
        self.turn: Seat = 0
        self.over = False
        self.plies = 0  # moves played: placements, moves and passes
        self.passes = 0

    # -- the contract ------------------------------------------------------------------------

    def apply(self, move: Move) -> None:
        source, target, shot = move
        seat = self.turn
        self.plies += 1
        if move == PASS:
            self.passes += 1
        elif source == PLACE:
            self.pieces[seat].append(target)
            self.free[target] = 0
        else:
            pieces = self.pieces[seat]
            pieces[pieces.index(source)] = target
            self.free[source] = 1
            self.free[target] = 0
            self.free[shot] = 0
            self.shot(seat, shot)
        self.turn = 1 - seat
        self.over = self.ended()

    def move_text(self, move: Move) -> str:
        source, target, shot = move
        name = self.board.name
        if move == PASS:
            return "pass"
        if source == PLACE:
            return name(target)
        return f"{name(source)}-{name(target)}/{name(shot)}"

    def clone(self) -> ShootingState:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.free = self.free.copy()
        other.pieces = (self.pieces[0].copy(), self.pieces[1].copy())
        other.copied()
        return other

    # -- hooks for each game -----------------------------------------------------------------

    @abstractmethod
    def ended(self) -> bool:
        """Whether the game is over now that `turn` is the seat to play."""

    def shot(self, seat: Seat, cell: Cell) -> None:
        """What a shot at `cell` does beyond blocking it (Amazon Penguins claims the chip)."""

    def copied(self) -> None:
        """Called on a clone after the shared parts were copied: copy what else may change."""

    def check_pieces(self) -> None:
        """The invariants every move-then-shoot game shares (its own check_invariants adds the
        rest): pieces on distinct cells of the board and not free, placed alternately."""
        cells = self.pieces[0] + self.pieces[1]
        assert all(0 <= c < self.board.cells for c in cells), "a piece off the board"
        assert len(set(cells)) == len(cells), "two pieces on one cell"
        assert not any(self.free[c] for c in cells), "a cell under a piece counts as free"
        placed = [len(pieces) for pieces in self.pieces]
        assert max(placed) <= self.each, f"more than {self.each} pieces for one seat"
        assert placed[0] - placed[1] in (0, 1), "placements alternate, seat 0 first"
        if min(placed) < self.each:
            assert self.turn == placed[0] - placed[1], "the seat with fewer pieces places next"
        assert 0 <= self.passes <= self.plies, "passes are moves played"

    # -- rules helpers -----------------------------------------------------------------------

    def placing(self) -> bool:
        return len(self.pieces[self.turn]) < self.each

    def shots(self, seat: Seat) -> list[Move]:
        """Every slide-then-shoot move of `seat`."""
        rays, free = self.board.queen_rays, self.free
        moves: list[Move] = []
        for source in self.pieces[seat]:
            free[source] = 1  # the cell left is free for the shot
            for target in reach(rays[source], free):
                moves.extend((source, target, shot) for shot in reach(rays[target], free))
            free[source] = 0
        return moves

    def shot_count(self, seat: Seat) -> int:
        """`len(self.shots(seat))`, counted without building the moves (perft's hot path)."""
        rays, free, count = self.board.queen_rays, self.free, 0
        for source in self.pieces[seat]:
            free[source] = 1
            count += sum(reach_count(rays[target], free) for target in reach(rays[source], free))
            free[source] = 0
        return count

    def can_move(self, seat: Seat) -> bool:
        """A piece that can slide can always shoot: back at the cell it left."""
        neighbours, free = self.board.neighbours, self.free
        return any(can_slide(neighbours[source], free) for source in self.pieces[seat])

    def parse_move(self, text: str) -> Move:
        """A move as `move_text` writes it: `pass`, `d4` (placement) or `d1-d7/g7`."""
        text = text.strip().lower()
        parse = self.board.parse
        if text == "pass":
            return PASS
        if "-" not in text:
            return (PLACE, parse(text), PLACE)
        source, rest = text.split("-", 1)
        target, _, shot = rest.partition("/")
        return (parse(source), parse(target), parse(shot))
