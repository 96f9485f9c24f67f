"""The Platypus engine: whole games from packed states, compiled with numba, many deals per call.

Rules: ../shared/RULES.md, "Platypus". The game has no choices, so a deal fixes its game; what
is worth computing is how each game ends, as fast as a C loop. A numpy lane engine (every deal
one lane, one array operation per rule step) reaches about 0.2-0.3x the C peer's steps per second
with 100,000 lanes and far less once a few long games are left (see benchmarks/platypus.py), so
the loop is compiled instead: one game after another, no lanes to stall.

A state is one int64, packed as `pnp.games.platypus.game.pack` says (the state without scores, what
repeats in an endless game; cell 0 is next to the Wattle). A column of a table is one
byte: bit 0 its COLOUR (1 = green), bits 1-2 its ANIMAL, bit 3 its TREE (1 = the Ghost Gum,
towards the higher cells). Tables are indexed by seat, then column = animal * 2 + cell colour.

How a game ends, for a turn cap C (the runner's guard):
- FINISHED after H turns: the player to move has a platypus on a green cell, H <= C;
- ENDLESS after R = mu + lam turns: the state after R turns equals the state after mu turns (the
  first repetition; lam is the cycle length), R <= C; scores are those after R turns;
- UNDECIDED otherwise, with the scores after C turns.
Repetitions are found with Brent's algorithm (O(1) memory), then mu by replaying from the start.
A game that passes the cap is followed up to C more turns to tell exactly whether its first
repetition came before the cap (it did if and only if the state at the cap recurs within C turns
and the replay puts mu + lam <= C), so the outcome never depends on when Brent's search looks.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from pnp.games.platypus.tables import START

FINISHED, ENDLESS, UNDECIDED = 0, 1, 2


@njit(cache=True, inline="always")
def _turn(x: int, tables: np.ndarray) -> tuple[int, int]:
    """One turn from state `x`: (next state, points scored), or (x, -1) when the game ends."""
    seat = (x >> 35) & 1
    shift_pos = 21 + 5 * seat
    shift_animal = 31 + 2 * seat
    pos = (x >> shift_pos) & 31
    colour = (x >> pos) & 1
    column = ((x >> shift_animal) & 3) * 2 + colour
    if column == 7:
        return x, -1
    entry = int(tables[seat, column])
    new_colour = entry & 1
    new_pos = pos + 1 if entry & 8 else pos - 1
    if new_pos < 0:  # past the Wattle end: to the cell next to the Ghost Gum
        new_pos = 20
    elif new_pos > 20:
        new_pos = 0
    x ^= (colour ^ new_colour) << pos
    x = (x & ~(31 << shift_pos)) | (new_pos << shift_pos)
    x = (x & ~(3 << shift_animal)) | (((entry >> 1) & 3) << shift_animal)
    return x ^ (1 << 35), colour ^ new_colour


@njit(cache=True)
def _first_repeat(tables: np.ndarray, start: int, lam: int) -> tuple[int, int, int]:
    """(mu, score of seat 0, score of seat 1) at turn mu + lam, the first repeated state."""
    hare, s0, s1 = start, 0, 0
    for _ in range(lam):
        seat = (hare >> 35) & 1
        hare, points = _turn(hare, tables)
        s0, s1 = (s0, s1 + points) if seat else (s0 + points, s1)
    tortoise, mu = start, 0
    while tortoise != hare:
        tortoise, _ = _turn(tortoise, tables)
        seat = (hare >> 35) & 1
        hare, points = _turn(hare, tables)
        s0, s1 = (s0, s1 + points) if seat else (s0 + points, s1)
        mu += 1
    return mu, s0, s1


@njit(cache=True)
def _past_cap(tables: np.ndarray, at_cap: int, cap: int) -> tuple[int, int]:
    """(lam, turns searched): a game still running at the cap has its first repetition by then
    only if the state at the cap recurs within `cap` turns, after lam turns (0: it does not)."""
    x = at_cap
    for lam in range(1, cap + 1):
        x, points = _turn(x, tables)
        if points < 0:
            return 0, lam
        if x == at_cap:
            return lam, lam
    return 0, cap


@njit(cache=True)
def _play(tables: np.ndarray, start: int, cap: int, out: np.ndarray) -> None:
    """One game: out = [outcome, turns, score 0, score 1, mu, lam, rule steps computed]."""
    x, tortoise, power, lam, turns, s0, s1 = start, start, 1, 1, 0, 0, 0
    repeated = False
    while True:
        seat = (x >> 35) & 1
        following, points = _turn(x, tables)
        if points < 0:
            out[0], out[1], out[2], out[3], out[6] = FINISHED, turns, s0, s1, turns + 1
            return
        if turns == cap:
            break
        x, turns = following, turns + 1
        s0, s1 = (s0, s1 + points) if seat else (s0 + points, s1)
        if x == tortoise:
            repeated = True
            break
        if power == lam:
            tortoise, power, lam = x, power * 2, 0
        lam += 1
    steps = turns
    if not repeated:  # at the cap: did the first repetition come before it?
        lam, searched = _past_cap(tables, x, cap)
        steps += 1 + searched
    if lam:
        mu, r0, r1 = _first_repeat(tables, start, lam)
        steps += lam + 2 * mu
        if mu + lam <= cap:
            out[0], out[1], out[2], out[3] = ENDLESS, mu + lam, r0, r1
            out[4], out[5], out[6] = mu, lam, steps
            return
    out[0], out[1], out[2], out[3], out[6] = UNDECIDED, cap, s0, s1, steps


@njit(cache=True)
def _play_all(tables: np.ndarray, starts: np.ndarray, cap: int, out: np.ndarray) -> None:
    for game in range(starts.shape[0]):
        _play(tables[game], starts[game], cap, out[game])


@dataclass(frozen=True)
class Outcomes:
    """How each game of a batch ended: arrays with one entry per game."""

    outcome: np.ndarray  # FINISHED, ENDLESS or UNDECIDED
    turns: np.ndarray  # H, R = mu + lam, or the cap
    scores: np.ndarray  # (games, 2), per seat
    mu: np.ndarray  # endless games: turns before the cycle
    lam: np.ndarray  # endless games: the cycle length in turns
    steps: np.ndarray  # turns the engine computed for the game (searches and replays included)


def play_games(tables: np.ndarray, cap: int, starts: np.ndarray | None = None) -> Outcomes:
    """Play every game to its end: `tables` is (games, 2, 7) column bytes in seat order,
    `starts` the packed starting states (default: the rules' start, seat 0 to move)."""
    tables = np.ascontiguousarray(tables, dtype=np.uint8)
    if tables.ndim != 3 or tables.shape[1:] != (2, 7):
        raise ValueError("tables must have the shape (games, 2, 7)")
    if cap < 0:
        raise ValueError("the turn cap must not be negative")
    count = tables.shape[0]
    if starts is None:
        starts = np.full(count, START, dtype=np.int64)
    out = np.zeros((count, 7), dtype=np.int64)
    _play_all(tables, np.ascontiguousarray(starts, dtype=np.int64), cap, out)
    return Outcomes(out[:, 0], out[:, 1], out[:, 2:4], out[:, 4], out[:, 5], out[:, 6])
