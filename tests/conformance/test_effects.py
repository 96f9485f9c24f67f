"""What one move changes, checked on every move of random and greedy games (hypothesis).

Where the invariants say the totals add up (tiles, fish, plants), these say each move did what
it says and nothing else: the arrow lands where it was shot, the mover takes the tile it left,
a kangaroo carries its lap count plus the move's change and finishes at exactly +2, a Wallaby
turn scores the tile harvested less the tile put down, the fallen stay off the board.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_play import Chooser, Config, configs_of, examples, play

from pnp.games.billabong.board import FINISH
from pnp.games.billabong.game import OUT, PASS, PLACE
from pnp.games.platypus.tables import CELLS, GHOST_GUM, GREEN
from pnp.games.wallaby.game import TILES, WallabySetup, board_size
from pnp.games.wallaby.moves import NO_CELL, NO_PUT, Turn
from pnp.games.wallaby.moves import OUT as LEAVES


def unchanged_but(before: Any, after: Any, field: str, cells: set[int]) -> None:
    old, new = getattr(before, field), getattr(after, field)
    assert all(old[c] == new[c] for c in range(len(old)) if c not in cells), f"{field} elsewhere"


def moved_piece(before: Any, after: Any, seat: int, source: int, target: int) -> None:
    """The seat's piece on `source` is now on `target` (a placement adds one: source < 0)."""
    pieces = [target if c == source else c for c in before.pieces[seat]]
    assert after.pieces[seat] == (pieces if source >= 0 else [*pieces, target]), "piece moved"


def gains(before: Any, after: Any, field: str) -> list[int]:
    return [a - b for a, b in zip(getattr(after, field), getattr(before, field), strict=True)]


def _amazons(before: Any, joint: list[Any], after: Any) -> None:
    """The amazon slides to an empty square and its arrow blocks another (or the one left)."""
    ((source, target, shot),) = joint
    seat = before.turn
    moved_piece(before, after, seat, source, target)
    assert after.pieces[1 - seat] == before.pieces[1 - seat]
    assert before.free[target] and (before.free[shot] or shot == source)
    assert not after.free[target] and not after.free[shot]
    assert after.free[source] == (shot != source)
    unchanged_but(before, after, "free", {source, target, shot})


def _amazon_penguins(before: Any, joint: list[Any], after: Any) -> None:
    """A placement claims nothing; a move spears a chip without a penguin and its player
    claims it; the end claims the chips under each player's penguins."""
    ((source, target, shot),) = joint
    seat = before.turn
    claims = [0, 0]
    if after.over and not before.over:
        claims = [sum(after.values[c] for c in pieces) for pieces in after.pieces]
    if target >= 0:
        moved_piece(before, after, seat, source, target)
    if source >= 0:
        assert before.chip[shot] and (before.free[shot] or shot == source), "a free chip"
        assert not after.chip[shot]
        claims[seat] += after.values[shot]
    assert gains(before, after, "fish") == claims, "fish claimed"


def _penguins(before: Any, joint: list[Any], after: Any) -> None:
    """A placement takes nothing; a move takes the tile left; a player who cannot move keeps
    the tiles under their penguins and is out."""
    ((source, target),) = joint
    seat = before.turn
    pieces = [[target if c == source else c for c in p] for p in before.pieces]
    taken = [0] * before.players
    if source < 0:
        pieces[seat].append(target)
    else:
        taken[seat] = before.values[source]
        assert not after.tile[source]
    for other, kept in enumerate(pieces):
        if kept and not after.pieces[other]:
            taken[other] += sum(before.values[c] for c in kept)
        else:
            assert after.pieces[other] == kept, "only the mover's penguin moves"
    assert gains(before, after, "fish") == taken, "fish taken"


def _paper_penguins(before: Any, joint: list[Any], after: Any) -> None:
    """The mover scores the number reached; the square left is crossed out."""
    ((source, target),) = joint
    seat = before.turn
    if source == target == -1:  # a pass
        assert after.score == before.score and after.mark == before.mark
        return
    assert after.mark[target] == seat and (source < 0 or after.mark[source] == 2)
    assert after.score[seat] - before.score[seat] == before.values[target]
    unchanged_but(before, after, "mark", {source, target})


def _platypus(before: Any, joint: list[Any], after: Any) -> None:
    """The mover's table column recolours the cell left (a point if its colour changed),
    changes the token's animal and moves it one cell towards the column's tree."""
    ((column, source, target),) = joint
    seat = before.turn
    entry = before.tables[seat][column]
    assert before.positions[seat] == source
    assert target == (source + (1 if entry.tree == GHOST_GUM else -1)) % CELLS
    assert after.positions[seat] == target and after.animals[seat] == entry.animal
    assert after.green[source] == (entry.colour == GREEN)
    assert gains(before, after, "score")[seat] == int(before.green[source] != after.green[source])
    unchanged_but(before, after, "green", {source})


def _colour_diplomacy(before: Any, joint: list[Any], after: Any) -> None:
    """A turn passes; no one comes back onto the board; the colours turn only when an order
    into the center was given and the center was reached."""
    assert after.turn == before.turn + 1
    assert set(after.on_board()) <= set(before.on_board()), "the fallen stay off"
    reached = after.center_turns - before.center_turns
    assert reached in (0, 1)
    if reached:
        assert any(order.target == before.board.center for order in joint)
    else:
        assert after.colours == before.colours, "colours turn only at the center"


def _billabong(before: Any, joint: list[Any], after: Any) -> None:
    """A move carries its kangaroo's lap count plus the move's change and touches no other
    square; a finishing move ends at exactly +2."""
    ((source, target, change),) = joint
    seat = before.turn
    touched = {source, target}
    if (source, target, change) == PASS:
        touched = set()
    elif source == PLACE:
        assert after.owner[target] == seat and after.count[target] == 0
        assert after.placed[seat] == before.placed[seat] + 1
    else:
        assert before.owner[source] == seat and after.owner[source] == -1
        if target == OUT:
            assert before.count[source] + change == FINISH, "a kangaroo finishes at +2"
            assert after.finished[seat] == before.finished[seat] + 1
        else:
            assert target != source and after.owner[target] == seat
            assert after.count[target] == before.count[source] + change, "the lap count moves"
    unchanged_but(before, after, "owner", touched)
    unchanged_but(before, after, "count", touched)


def _wallaby(before: Any, joint: list[Any], after: Any) -> None:
    """A turn scores the tile harvested less the tile put down; only `out` leaves the game."""
    (move,) = joint
    if not isinstance(move, Turn):
        return
    seat = before.turn
    gained = before.tile[before.landing(move)] if move.harvest else 0
    spent = move.put if move.put not in (NO_PUT, LEAVES) else 0
    assert gains(before, after, "score")[seat] == gained - spent, "plants gained in a turn"
    assert after.alive[seat] == (move.put != LEAVES), "only `out` leaves the game"
    assert after.alive[seat] or after.pos[seat] == NO_CELL


EFFECTS = {
    "amazons": _amazons,
    "amazon-penguins": _amazon_penguins,
    "penguins": _penguins,
    "paper-penguins": _paper_penguins,
    "platypus": _platypus,
    "colour-diplomacy": _colour_diplomacy,
    "billabong": _billabong,
    "wallaby": _wallaby,
}


@pytest.mark.parametrize("name", sorted(EFFECTS))
@examples(8)
@given(data=st.data())
def test_a_move_changes_what_it_says_and_nothing_else(name: str, data: st.DataObject) -> None:
    config = data.draw(st.sampled_from(configs_of(name)), label="config")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    greed = data.draw(st.sampled_from([0.0, 0.9]), label="greed")
    state = config.start(seed)
    play(state, Chooser([], np.random.default_rng(seed), greed), 400, moved=EFFECTS[name])


@examples(24)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    choices=st.lists(st.integers(0, 2**16), max_size=30),
    greed=st.sampled_from([0.8, 1.0]),
)
def test_billabong_races_carry_each_kangaroos_lap_count_to_the_finish(
    players: int, seed: int, choices: list[int], greed: float
) -> None:
    state = Config("billabong", players, "standard").start(seed)
    play(state, Chooser(choices, np.random.default_rng(seed), greed), 1_000, moved=_billabong)


@examples(24)
@given(config=st.sampled_from(configs_of("wallaby")), seed=st.integers(0, 2**32 - 1))
def test_wallaby_tiles_add_up_to_the_set_and_games_keep_them(config: Config, seed: int) -> None:
    """The board starts full; board and set-aside tiles are the 17, 16, 16 of the set; then
    every turn keeps the tiles between the board and the harvests (the invariants)."""
    setup = config.setup(seed)
    state: Any = config.game.new_state(setup)
    aside = [int(d) for d in WallabySetup.of(setup.data).set_aside]
    rows, cols = board_size(setup.options)
    assert sum(state.dealt) == rows * cols, "the board starts full"
    assert [state.dealt[v] + aside.count(v) for v in TILES] == list(TILES.values())
    play(state, Chooser([], np.random.default_rng(seed), 0.5), 2_000, moved=_wallaby)
