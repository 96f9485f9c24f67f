"""Many random move-then-shoot games at once (Amazons, Amazon Penguins), array-at-a-time.

pgx style: the batch dimension first, precomputed ray tables (mechanics.sliding), choices by
masks and cumulative sums instead of per-game branches. Every game draws its uniforms from its
own generator, seeded by its own seed, before play starts, so a game's moves never depend on the
rest of the batch, on chunking or on the number of workers.

Two random policies. `moves`: uniform over complete moves (slide and shot), the policy of the
`random` agent; sampled without listing the moves, by weighting each destination with its number
of shots (the cells a slide from it reaches, plus the cell left and the run beyond it).
`decisions`: uniform per decision, piece then destination then shot, as OpenSpiel splits a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from pnp.games.mechanics.grid import Cell
from pnp.games.mechanics.sliding import (
    IntArray,
    RayTable,
    cell_at,
    flip,
    line_patterns,
    reach_counts,
    runs,
)

BoolArray = npt.NDArray[np.bool_]
POLICIES = ("moves", "decisions")


@dataclass(frozen=True)
class Rules:
    table: RayTable
    start: tuple[list[Cell], list[Cell]]  # pieces on the board at the start, per seat
    placements: int  # pieces each placed first, alternately, on any free cell
    passing: bool  # a seat with no move passes (the game ends when neither can move); else loses


@dataclass
class BatchOutcome:
    """Per game: the winner of a won game (-1: none, see `finished`), turns, fish and chips."""

    winner: IntArray
    turns: IntArray
    finished: BoolArray
    fish: IntArray = field(default_factory=lambda: np.zeros((0, 2), dtype=np.intp))
    chips: IntArray = field(default_factory=lambda: np.zeros((0, 2), dtype=np.intp))


@dataclass
class _Batch:
    """The games still being played: row i is game `index[i]`."""

    index: IntArray
    patterns: IntArray  # (games, lines): the board as line patterns (sliding.RayTable)
    pieces: IntArray  # (games, 2, pieces each)
    fish: IntArray  # (games, 2)
    chips: IntArray
    values: IntArray  # (games, cells + 1) fish per cell

    def keep(self, rows: BoolArray) -> None:
        for name in ("index", "patterns", "pieces", "fish", "chips", "values"):
            setattr(self, name, getattr(self, name)[rows])


GAMMA = np.uint64(0x9E3779B97F4A7C15)


def _mix(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """SplitMix64's output function (Steele, Lea and Flood, 2014)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def uniforms(seeds: Sequence[int], plies: int) -> npt.NDArray[np.float64]:
    """(games, plies, 3) uniforms in [0, 1): each game's are the SplitMix64 stream of its own
    seed, so they depend on nothing else. (A numpy Generator per game costs about 70 us to
    build, a third of a whole random game; SplitMix64 is counter based and vectorises.)"""
    keys = _mix(np.array([seed % 2**64 for seed in seeds], dtype=np.uint64))
    counter = np.arange(1, plies * 3 + 1, dtype=np.uint64) * GAMMA
    words = _mix(keys[:, None] + counter[None, :])
    scaled = (words >> np.uint64(11)).astype(np.float64) * 2.0**-53
    return scaled.reshape(len(seeds), plies, 3)


def play_random(
    rules: Rules,
    seeds: Sequence[int],
    max_turns: int,
    values: IntArray | None = None,
    policy: str = "moves",
) -> BatchOutcome:
    """Play one random game per seed to its end (or `max_turns`); `values` (games, cells) are
    the fish of each cell for games that claim them."""
    table, count = rules.table, len(seeds)
    each = rules.placements or len(rules.start[0])
    plies = min(max_turns, _longest(rules, each))
    draws = uniforms(seeds, plies + 1)
    free = np.ones((count, table.cells + 1), dtype=np.bool_)
    free[:, table.sentinel] = False
    pieces = np.zeros((count, 2, each), dtype=np.intp)
    if not rules.placements:
        pieces[:] = np.array(rules.start, dtype=np.intp)
        free[:, pieces[0].reshape(-1)] = False
    fish_values = np.zeros((count, table.cells + 1), dtype=np.intp)
    if values is not None:
        fish_values[:, : table.cells] = values
    zeros = np.zeros((count, 2), dtype=np.intp)
    patterns = line_patterns(table, free)
    batch = _Batch(np.arange(count), patterns, pieces, zeros, zeros.copy(), fish_values)
    out = BatchOutcome(
        np.full(count, -1),
        np.full(count, plies),
        np.zeros(count, np.bool_),
        zeros.copy(),
        zeros.copy(),
    )
    for ply in range(plies + 1):
        if not len(batch.index):
            break
        u = draws[batch.index, ply]
        if ply < 2 * rules.placements:
            _place(table, batch, ply, u[:, 0])
        else:
            _turn(rules, batch, out, ply, u, policy, last=ply == plies)
    out.fish[batch.index], out.chips[batch.index] = batch.fish, batch.chips
    return out


def _longest(rules: Rules, each: int) -> int:
    """Plies after which every game is over: placements, then one cell used up per move (and,
    with passing, at most one pass between two moves); a ply's draws do not depend on it."""
    moves = rules.table.cells - 2 * each
    return 2 * rules.placements + (2 * moves + 2 if rules.passing else moves + 1)


def _place(table: RayTable, batch: _Batch, ply: int, u: npt.NDArray[np.float64]) -> None:
    """A piece on a cell without one, uniformly (every cell holds a chip while placing)."""
    rows = np.arange(len(batch.index))
    free = np.ones((len(rows), table.cells + 1), dtype=np.intp)
    free[:, table.sentinel] = 0
    for done in range(ply):
        free[rows, batch.pieces[:, done % 2, done // 2]] = 0
    cell, _ = _pick(free, u)
    batch.pieces[rows, ply % 2, ply // 2] = cell
    flip(table, batch.patterns, cell)


def _pick(weights: IntArray, u: npt.NDArray[np.float64]) -> tuple[IntArray, IntArray]:
    """Per row, an index drawn with probability proportional to `weights` (rows, n), and the
    offset inside the chosen weight (for a second draw within it)."""
    cumulative = np.cumsum(weights, axis=1)
    total = cumulative[:, -1]
    target = np.minimum(np.floor(u * total).astype(np.intp), np.maximum(total - 1, 0))
    index = np.minimum((cumulative <= target[:, None]).sum(axis=1), weights.shape[1] - 1)
    rows = np.arange(len(index))
    return index, target - (cumulative[rows, index] - weights[rows, index])


def _turn(
    rules: Rules,
    batch: _Batch,
    out: BatchOutcome,
    ply: int,
    u: npt.NDArray[np.float64],
    policy: str,
    last: bool,
) -> None:
    """One ply of every game: end the games where the seat to play cannot move (and, with
    passing, neither can the other), pass where only it cannot, else move and shoot."""
    table, seat = rules.table, ply % 2
    own = batch.pieces[:, seat, :]
    run = runs(table, batch.patterns, own)  # (games, pieces, directions)
    if policy == "moves":
        index = _destination_by_moves(table, batch, own, run, u[:, 0])
    else:
        index = _destination_by_decisions(run, u[:, 0], u[:, 1])
    stuck = run.sum(axis=(1, 2)) == 0
    if rules.passing:
        other = runs(table, batch.patterns, batch.pieces[:, 1 - seat, :])
        ended = stuck & (other.sum(axis=(1, 2)) == 0)
    else:
        ended = stuck
    if ended.any():
        _end(rules, batch, out, ended, ply, seat)
    if last:  # the turn cap: games not over now are undecided
        return
    if stuck.any():
        movers = np.flatnonzero(~stuck)
        patterns = batch.patterns[movers]  # a copy, written back below
    else:  # every game moves (the rule in Amazons, where stuck means lost): work in place
        movers = np.arange(len(stuck))
        patterns = batch.patterns
    piece, direction, step = (axis[movers] for axis in index)
    source = own[movers, piece]
    target = cell_at(table, source, direction, step)
    shot = _shot(table, patterns, source, target, u[movers, 2])
    batch.pieces[movers, seat, piece] = target
    for cell in (source, target, shot):
        flip(table, patterns, cell)
    if patterns is not batch.patterns:
        batch.patterns[movers] = patterns
    batch.fish[movers, seat] += batch.values[movers, shot]
    batch.chips[movers, seat] += 1
    if ended.any():
        batch.keep(~ended)


def _end(
    rules: Rules, batch: _Batch, out: BatchOutcome, ended: BoolArray, ply: int, seat: int
) -> None:
    games = batch.index[ended]
    out.turns[games], out.finished[games] = ply, True
    if rules.passing:
        rows = np.flatnonzero(ended)
        for owner in (0, 1):  # each claims the chips under their own pieces
            under = batch.values[rows[:, None], batch.pieces[rows, owner, :]]
            batch.fish[rows, owner] += under.sum(axis=1)
            batch.chips[rows, owner] += under.shape[1]
    else:
        out.winner[games] = 1 - seat  # the seat to play cannot move: it loses
    out.fish[games], out.chips[games] = batch.fish[ended], batch.chips[ended]


Choice = tuple[IntArray, IntArray, IntArray]  # piece, direction, step, per game


def _destination_by_moves(
    table: RayTable, batch: _Batch, own: IntArray, run: IntArray, u: npt.NDArray[np.float64]
) -> Choice:
    """A destination drawn with weight = its number of shots: uniform over complete moves.

    The shots from a destination are the cells a slide from it reaches now, plus the cell left
    and the free run beyond it (seen from the destination, the cell left is straight behind)."""
    games = len(own)
    rays = np.take(table.rays, own, axis=0)  # (games, pieces, directions, longest)
    longest = rays.shape[-1]
    open_ = np.arange(longest) < run[..., None]
    reach = reach_counts(table, batch.patterns)
    shots = np.take(reach, (np.arange(games) * reach.shape[1])[:, None, None, None] + rays)
    beyond = run[:, :, table.opposite]
    weights = np.where(open_, shots + 1 + beyond[..., None], 0).reshape(games, -1)
    index, _ = _pick(weights, u)
    piece, rest = np.divmod(index, rays.shape[2] * longest)
    direction, step = np.divmod(rest, longest)
    return piece, direction, step


def _destination_by_decisions(
    run: IntArray, u_piece: npt.NDArray[np.float64], u_target: npt.NDArray[np.float64]
) -> Choice:
    """A piece that can move, uniformly; then one of its destinations, uniformly."""
    movable = (run.sum(axis=2) > 0).astype(np.intp)  # (games, pieces)
    piece, _ = _pick(movable, u_piece)
    rows = np.arange(len(piece))
    direction, step = _pick(run[rows, piece], u_target)
    return piece, direction, step


def _shot(
    table: RayTable,
    patterns: IntArray,
    source: IntArray,
    target: IntArray,
    u: npt.NDArray[np.float64],
) -> IntArray:
    """For the games on `patterns` (the moving ones), a cell a slide from `target` reaches,
    uniformly, counting `source` (the cell left) as free."""
    run = runs(table, patterns, target, freed=source)  # (movers, directions)
    direction, step = _pick(run, u)
    return cell_at(table, target, direction, step)
