"""A slow, independent Wallaby turn generator that the engine's turns are checked against.

Written from ../shared/RULES.md, "Wallaby", without the engine's lookup tables: the wallaby's
square is walked as (row, col), a Valley jump may land up to 3 cells off the board, and every
complete turn (jump, bounce, harvest, scarecrow, ground check) is listed with the position it
leads to, worked out here: where each wallaby stands, the tiles on the board, each harvest.
"""

from __future__ import annotations

from typing import NamedTuple

from pnp.games.wallaby.moves import NO_PUT, OUT, STAYS, Turn
from pnp.games.wallaby.rules import WallabyState

DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # north, east, south, west: the Turn's numbering
REACH = 3


class After(NamedTuple):
    """What a turn leaves: the tiles, the wallabies' squares (None: out), the scarecrow, the
    mover's harvest as a sorted tuple of values."""

    tiles: tuple[int, ...]
    wallabies: tuple[int | None, ...]
    scarecrow: int | None
    harvest: tuple[int, ...]


def harvest_of(state: WallabyState, seat: int) -> tuple[int, ...]:
    return tuple(v for v in (1, 2, 3) for _ in range(state.held[seat][v]))


def snapshot(state: WallabyState, seat: int) -> After:
    return After(
        tuple(state.tile),
        tuple(p if p >= 0 and state.alive[s] else None for s, p in enumerate(state.pos)),
        state.scarecrow if state.scarecrow >= 0 else None,
        harvest_of(state, seat),
    )


def turns(state: WallabyState) -> dict[Turn, After]:
    """Every complete turn of the player to act and the position each leads to."""
    rows, cols, valley = state.field.rows, state.field.cols, state.field.valley
    seat = state.turn
    before = snapshot(state, seat)
    start = state.pos[seat]
    row, col = divmod(start, cols)
    length = state.tile[start]

    def inside(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols

    found: dict[Turn, After] = {}
    for j, (dr, dc) in enumerate(DIRECTIONS):
        r1, c1 = row + dr * length, col + dc * length
        if not inside(r1, c1) and not (
            valley and -REACH <= r1 < rows + REACH and -REACH <= c1 < cols + REACH
        ):
            continue
        spot = r1 * cols + c1 if inside(r1, c1) else None
        value = state.tile[spot] if spot is not None else 0
        rivals = [p for s, p in enumerate(before.wallabies) if s != seat]
        free = value > 0 and spot not in rivals and spot != before.scarecrow
        for b, (er, ec) in enumerate(DIRECTIONS):
            for n in (value,) if value else (1, 2, 3):
                r2, c2 = r1 + er * n, c1 + ec * n
                if not inside(r2, c2) or (r2, c2) == (row, col):
                    continue
                end = r2 * cols + c2
                for take in (False, True) if free else (False,):
                    _complete(found, before, seat, (j, b, n), spot, end, take)
    return found


def _complete(
    found: dict[Turn, After],
    before: After,
    seat: int,
    route: tuple[int, int, int],
    spot: int | None,
    end: int,
    take: bool,
) -> None:
    tiles = list(before.tiles)
    harvest = list(before.harvest)
    if take:
        assert spot is not None
        harvest.append(tiles[spot])
        tiles[spot] = 0
    movers = [STAYS]
    if take and before.tiles[spot] == 1 and before.scarecrow is not None:  # type: ignore[index]
        movers += [c for c, v in enumerate(tiles) if v and c != before.scarecrow]
    puts = [NO_PUT] if tiles[end] else sorted(set(harvest)) or [OUT]
    for scarecrow in movers:
        for put in puts:
            after_tiles, after_harvest = list(tiles), list(harvest)
            wallabies = list(before.wallabies)
            wallabies[seat] = end
            if put == OUT:
                wallabies[seat] = None
            elif put != NO_PUT:
                after_harvest.remove(put)
                after_tiles[end] = put
            crow = before.scarecrow if scarecrow == STAYS else scarecrow
            turn = Turn(*route, take, scarecrow, put)
            assert turn not in found, f"two ways to one turn: {turn}"
            found[turn] = After(
                tuple(after_tiles), tuple(wallabies), crow, tuple(sorted(after_harvest))
            )
