"""The array-at-a-time numpy Platypus engine, kept to measure why pnp's engine is compiled.

One lane per deal, one numpy operation per rule step for all lanes at once, Brent's repetition
check per lane, and finished lanes refilled with the next deals so long games do not stall the
batch. It plays the same rules (its finished games match pnp's engine exactly; it stops endless
games when Brent's search finds them rather than at the first repetition). On this machine it
makes about 1-2e7 steps per second with 100,000 lanes, a fifth to a third of the C peer, and
far less once only a few long games are left: a game of millions of turns then runs at the
speed of numpy's per-call overhead, about 5e4 steps per second.

    python benchmarks/platypus_numpy.py [GAMES] [LANES] [CAP]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CELLS, START_CELL = 21, 10
# NEXT[direction * 32 + cell]: direction 0 the Wattle (-1), 1 the Ghost Gum (+1), 2 stay
NEXT = np.array(
    [(c - 1) % CELLS for c in range(32)] + [(c + 1) % CELLS for c in range(32)] + list(range(32))
)


def entries(tables: np.ndarray) -> np.ndarray:
    """Per game, seat and column (8: the 8th, platypus on green, stays put): colour | animal * 2
    | direction * 8, flat, indexed game * 16 + seat * 8 + column."""
    colour, animal, tree = tables & 1, tables >> 1 & 3, tables >> 3
    packed = np.full((len(tables), 2, 8), 1 | 3 << 1 | 2 << 3, dtype=np.int64)
    packed[:, :, :7] = colour | animal << 1 | tree << 3
    return packed.reshape(-1)


def run_lanes(tables: np.ndarray, lanes: int, cap: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(outcome 0/1/2, turns, steps) of every game; seat 0 moves first."""
    table = entries(tables)
    games = len(tables)
    size = min(lanes, games)
    # lane state, mover first: cells, positions, animals * 2, table offsets, seat to move
    game = np.arange(size)
    cells = np.zeros(size, np.int64)
    pos_m, pos_w = np.full(size, START_CELL), np.full(size, START_CELL)
    ani_m, ani_w = np.zeros(size, np.int64), np.zeros(size, np.int64)
    off_m, off_w = game * 16, game * 16 + 8
    seat, turns = np.zeros(size, np.int64), np.zeros(size, np.int64)
    tortoise = np.full(size, START_CELL << 21 | START_CELL << 26)
    power, lam = np.ones(size, np.int64), np.ones(size, np.int64)
    outcome, length = np.full(games, -1), np.zeros(games, np.int64)
    following, steps = size, 0
    while len(game):
        colour = cells >> pos_m & 1
        column = ani_m | colour
        entry = table[off_m + column]
        halted = column == 7
        cells ^= ((entry & 1) ^ colour) << pos_m
        ani_m = entry & 6
        pos_m = NEXT[(entry >> 3) * 32 + pos_m]
        turns += 1
        steps += len(game)
        seat ^= 1
        pos_m, pos_w, ani_m, ani_w, off_m, off_w = pos_w, pos_m, ani_w, ani_m, off_w, off_m
        key = cells | pos_m << 21 | pos_w << 26 | ani_m << 31 | ani_w << 34 | seat << 37
        repeated = key == tortoise
        update = power == lam
        tortoise = np.where(update, key, tortoise)
        power = np.where(update, power * 2, power)
        lam = np.where(update, 1, lam + 1)
        done = halted | repeated | (turns >= cap)
        if not done.any():
            continue
        index = np.flatnonzero(done)
        outcome[game[index]] = np.where(halted[index], 0, np.where(repeated[index], 1, 2))
        length[game[index]] = turns[index] - halted[index]
        fresh = min(len(index), games - following)
        refill, drop = index[:fresh], index[fresh:]
        new = np.arange(following, following + fresh)
        following += fresh
        game[refill], cells[refill], turns[refill], seat[refill] = new, 0, 0, 0
        pos_m[refill] = pos_w[refill] = START_CELL
        ani_m[refill] = ani_w[refill] = 0
        off_m[refill], off_w[refill] = new * 16, new * 16 + 8
        tortoise[refill] = START_CELL << 21 | START_CELL << 26
        power[refill] = lam[refill] = 1
        if len(drop):
            keep = np.ones(len(game), bool)
            keep[drop] = False
            game, cells, turns, seat = game[keep], cells[keep], turns[keep], seat[keep]
            pos_m, pos_w, ani_m, ani_w = pos_m[keep], pos_w[keep], ani_m[keep], ani_w[keep]
            off_m, off_w, tortoise = off_m[keep], off_w[keep], tortoise[keep]
            power, lam = power[keep], lam[keep]
    return outcome, length, steps


def run_numpy(games: int, seed: int, cap: int, lanes: int = 100_000) -> tuple[int, float]:
    """Play `games` uniform deals; check the finished ones against pnp's engine; (steps, s)."""
    tables = np.random.default_rng(seed).integers(0, 16, size=(games, 2, 7)).astype(np.uint8)
    start = time.perf_counter()
    outcome, length, steps = run_lanes(tables, lanes, cap)
    seconds = time.perf_counter() - start
    from pnp.games.platypus.engine import FINISHED, play_games

    ended = play_games(tables, cap)
    same = (outcome == 0) == (ended.outcome == FINISHED)
    assert same.all() and (length[outcome == 0] == ended.turns[outcome == 0]).all()
    return steps, seconds


if __name__ == "__main__":
    games, lanes, cap = (int(a) for a in [*sys.argv[1:], "20000", "100000", "10000000"][:3])
    steps, seconds = run_numpy(games, 1, cap, lanes)
    print(f"numpy lanes: {games} games, {lanes} lanes: {steps / seconds:.3e} steps/s")
