"""simulate/agents/base.py's look-ahead agent, compiled: the same move as the reference, on a game's
compiled engine (pnp/games/compiled.py) instead of a `State`.

The agent values every move as greedy does (`engine.value`, `State.move_value`), keeps the
`width` best (a stable sort: equal values in list order), plays each, lets the other seats
answer in turn, each with greedy's own move (compiled_play's `_greedy`, drawing as greedy
draws), until the seat is to play again, plays on so for `rounds` rounds (the seat's own
greedy move, then the others' answers), and chooses the move whose answered position is best
for it: `engine.evaluate`, or for a finished game its reward (`engine.rewards`) scaled far
beyond any evaluation (`LOOKAHEAD_FINISHED`); among equal bests it draws one. So the agent
draws where greedy does, from its seat's generator (`draw`: the numbers numpy's
`Generator.integers` gives): two of them play different games from different seeds, as greedy
does, rather than one game over and over. The engines give the `State`'s moves in the same
order, its values, evaluations and rewards (tests/conformance/test_compiled.py), so the
reference and this choose alike from the same generator (a test checks it move for move over
whole games).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pnp.games.compiled import Compiled, Engine, specialised
from simulate.agents.compiled_play import ROOM, all_moves_of, greedy_of
from simulate.agents.seat_streams import draw
from simulate.scoring.metrics import LOOKAHEAD_FINISHED

engine: Any = None  # in each engine's copy of the functions below, that engine's module
all_moves: Any = None  # in `_lookahead`'s copies, compiled_play's `_all_moves` for the engine
greedy: Any = None  # in `_answered`'s copies, compiled_play's `_greedy` for the engine


def _answered(context, position, seat, rng, rounds, out):  # type: ignore[no-untyped-def]
    """How good `position` (a move just played) is for `seat` after `rounds` rounds of greedy
    moves (compiled_play's `_greedy`): the other seats answer until `seat` is to play again,
    and each further round is its own move and their answers (at most `rounds` times the
    number of seats, less one, moves): its evaluation, or a finished game's reward, scaled."""
    codes = np.empty(ROOM, dtype=np.int64)
    returned = 0
    for _ in range(rounds * out.shape[0] - 1):
        if engine.over(context, position):
            break
        mover = engine.to_act(context, position)
        if mover == seat:
            returned += 1
            if returned == rounds:
                break
        engine.apply(context, position, greedy(context, position, mover, rng, codes))
    if engine.over(context, position):
        engine.rewards(context, position, out)
        return LOOKAHEAD_FINISHED * (out[seat] - 1.0 / out.shape[0])
    return engine.evaluate(context, position, seat)


def _lookahead(context, position, seat, rng, width, rounds, players):  # type: ignore[no-untyped-def]
    """The code of the look-ahead agent's move for `seat`, the seat to play."""
    codes, moves = all_moves(context, position, np.empty(ROOM, dtype=np.int64))
    if moves == 1:
        return codes[0]
    values = np.empty(moves, dtype=np.float64)
    for i in range(moves):
        values[i] = engine.value(context, position, seat, codes[i])
    order = np.argsort(-values, kind="mergesort")  # stable: equal values in list order
    out = np.zeros(players, dtype=np.float64)
    looked = min(width, moves)
    best, ties = -np.inf, 0
    chosen = np.empty(looked, dtype=np.int64)  # the best moves so far, in the sorted order
    for k in range(looked):
        after = position.copy()
        engine.apply(context, after, codes[order[k]])
        score = _answered(context, after, seat, rng, rounds, out)  # type: ignore[no-untyped-call]
        if score > best:
            best, ties = score, 0
        if score == best:
            chosen[ties] = codes[order[k]]
            ties += 1
    return chosen[draw(rng, ties)]


def _lookahead_of(engine_: Engine) -> Any:
    answered = specialised(_answered, engine_, greedy=greedy_of(engine_))
    return specialised(_lookahead, engine_, all_moves=all_moves_of(engine_), _answered=answered)


def lookahead_move(
    compiled: Compiled, seat: int, rng: np.random.Generator, width: int, rounds: int
) -> Any:
    """The look-ahead agent's move for `seat` (the seat to play), as the `State` writes it."""
    choose = _lookahead_of(compiled.engine)
    position = compiled.position.copy()
    code = choose(compiled.context, position, seat, rng, width, rounds, compiled.players)
    return compiled.decode(int(code))
