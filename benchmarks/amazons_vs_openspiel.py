"""Random Amazons games per second: pnp as a run plays them against OpenSpiel's `amazons`.

Same board (10 x 10 and 6 x 6, the same start squares), one process, one core. pnp plays its
games as a run's worker does (simulate/run/runner.py `play_games`: a chunk of `--batch` games with
the `random` agent in every seat, all inside one compiled call, simulate/agents/compiled_play.py
`play_many`), timed from the setups to the games' records. Its `random` agent is uniform over
complete moves (amazon, destination and arrow together). OpenSpiel splits a move into three
actions, and its peers play:

- `moves`, OpenSpiel from Python: the same policy as pnp's, drawn by counting the arrows behind
  every (amazon, destination) with child states and picking one complete move by weight (the
  natural way to get it from OpenSpiel's API).
- `decisions`, OpenSpiel from Python: uniform per decision (amazon, then destination, then
  arrow) with `legal_actions` and `apply_action`: OpenSpiel's own split, a different policy
  (its games are of another length: see moves per game).
- `decisions`, OpenSpiel's own C++ game loop: `pyspiel.evaluate_bots` with two uniform random
  bots, one call per game and no Python per move; uniform per decision as the row above (moves
  per game are not reported).

pnp has no per-decision policy: every row's pnp figure is its `random` agent, uniform over
complete moves, which lists every move of a turn to draw one (more work per move than a
decision's draw). Rates are games per second of this process's CPU time. Each side is measured
`--rounds` times, alternating, and keeps its best rate (other work on the machine slows both
sides alike). Prints games/s for both, the ratio and the mean moves per game. OpenSpiel (PyPI
`open-spiel`) is only needed here, not by pnp: without it the script says so and prints pnp's
figures alone.

    python benchmarks/amazons_vs_openspiel.py [--seconds 2] [--rounds 3] [--batch 1000]
        [--sizes 10 6]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from pnp.games import get_game
from simulate.agents.base import make_agent
from simulate.run.runner import play_games

Rate = tuple[float, float]  # games per second, mean moves per game


def timed(play_some: Callable[[int], list[int]], seconds: float) -> Rate:
    """Call `play_some(round)` (returns the moves of each game played) until `seconds` of this
    process's CPU time pass (OpenSpiel's C++ runs in this process too): games per CPU second,
    which other work on the cores does not thin out as it does the wall clock's."""
    lengths: list[int] = []
    start = time.process_time()
    round_ = 0
    while time.process_time() - start < seconds:
        lengths += play_some(round_)
        round_ += 1
    elapsed = time.process_time() - start
    return len(lengths) / elapsed, sum(lengths) / len(lengths)


def pnp_rate(size: int, batch: int, seconds: float) -> Rate:
    """Chunks of `batch` random games as a run's worker plays them (the seeds run on)."""
    game = get_game("amazons")
    options = game.info.resolve(None, None, {"size": str(size)})
    setups = [game.random_setup(seed, options) for seed in range(batch)]  # the fixed start
    agents = [[make_agent("random"), make_agent("random")]] * batch
    cap = game.info.max_turns
    play_games(game, setups[:1], agents[:1], [0], cap)  # numba's cache, untimed

    def play_some(round_: int) -> list[int]:
        seeds = list(range(round_ * batch, (round_ + 1) * batch))
        return [played.turns for played in play_games(game, setups, agents, seeds, cap)]

    return timed(play_some, seconds)


def openspiel_game(size: int) -> Any:
    import pyspiel  # type: ignore[import-not-found]

    return pyspiel.load_game(f"amazons(board_size={size})")


def openspiel_decisions(game: Any, rng: random.Random) -> int:
    state, actions = game.new_initial_state(), 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        actions += 1
    return actions // 3


def openspiel_moves(game: Any, rng: random.Random) -> int:
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        options, total = [], 0
        for amazon in state.legal_actions():
            chosen = state.child(amazon)
            for target in chosen.legal_actions():
                arrows = len(chosen.child(target).legal_actions())
                options.append((amazon, target, total, arrows))
                total += arrows
        pick = rng.randrange(total)
        amazon, target, first, _ = next(o for o in options if o[2] <= pick < o[2] + o[3])
        state.apply_action(amazon)
        state.apply_action(target)
        state.apply_action(state.legal_actions()[pick - first])
        moves += 1
    return moves


def openspiel_rate(size: int, policy: str, seconds: float) -> Rate:
    game, rng = openspiel_game(size), random.Random(1)
    play = openspiel_moves if policy == "moves" else openspiel_decisions
    return timed(lambda _: [play(game, rng)], seconds)


def openspiel_cpp_rate(size: int, seconds: float) -> Rate:
    """Uniform per decision with OpenSpiel's own C++ game loop: `evaluate_bots` plays a whole
    game between two uniform random bots in one call (moves per game are not reported: 0)."""
    import pyspiel

    game = openspiel_game(size)
    bots = [pyspiel.make_uniform_random_bot(seat, 1 + seat) for seat in (0, 1)]

    def play_some(round_: int) -> list[int]:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, round_)
        return [0]

    return timed(play_some, seconds)


PEERS = (
    ("moves", "OpenSpiel from Python, the same policy"),
    ("decisions", "OpenSpiel from Python, per decision"),
    ("c++", "OpenSpiel's C++ loop (evaluate_bots), per decision"),
)


def peer_rate(size: int, peer: str, seconds: float) -> Rate:
    return (
        openspiel_cpp_rate(size, seconds) if peer == "c++" else openspiel_rate(size, peer, seconds)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per side, best kept")
    parser.add_argument("--batch", type=int, default=1000, help="pnp games in one chunk")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 6], help="board sides")
    args = parser.parse_args()
    try:
        openspiel_game(6)
        have_openspiel = True
    except ImportError:
        have_openspiel = False
        print("OpenSpiel is not installed (pip install open-spiel): pnp figures only\n")
    print(
        f"{'board':>6} {'pnp games/s':>12} {'OpenSpiel':>10} {'ratio':>7}"
        f" {'moves/game pnp':>15} {'OpenSpiel':>10}  peer"
    )
    for size in args.sizes:
        board = f"{size:>3}x{size:<2}"
        if not have_openspiel:
            ours = pnp_rate(size, args.batch, args.seconds)
            print(f"{board} {ours[0]:>12.0f} {'-':>10} {'-':>7} {ours[1]:>15.1f}", flush=True)
            continue
        for peer, label in PEERS:
            ours, theirs = (0.0, 0.0), (0.0, 0.0)
            for _ in range(args.rounds):  # alternate, keep each side's best: load hits both
                ours = max(ours, pnp_rate(size, args.batch, args.seconds))
                theirs = max(theirs, peer_rate(size, peer, args.seconds))
            moves = f"{theirs[1]:>10.1f}" if theirs[1] else f"{'-':>10}"
            print(
                f"{board} {ours[0]:>12.0f} {theirs[0]:>10.0f} {ours[0] / theirs[0]:>6.1f}x"
                f" {ours[1]:>15.1f} {moves}  {label}",
                flush=True,
            )


if __name__ == "__main__":
    main()
