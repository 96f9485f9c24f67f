"""Random Amazons games per second: pnp's array-at-a-time engine against OpenSpiel's `amazons`.

Same board (10 x 10 and 6 x 6, the same start squares), same random policy, one process:
- `moves`: uniform over complete moves (amazon, destination and arrow together), the policy of
  pnp's `random` agent. OpenSpiel splits a move into three actions, so it is sampled there by
  counting the arrows behind every (amazon, destination) with child states and drawing one
  complete move by weight: the natural way to get this policy from OpenSpiel's API.
- `decisions`: uniform per decision, amazon then destination then arrow, OpenSpiel's own split.
  OpenSpiel plays it with `legal_actions` and `apply_action`; pnp with its batch engine.

Two OpenSpiel peers: OpenSpiel driven from Python (`legal_actions` and `apply_action` per action,
the rows above; what a Python user of OpenSpiel gets) and OpenSpiel's own C++ game loop
(`pyspiel.evaluate_bots` with two uniform random bots, the last row of each board: one call per
game, no Python per move; uniform per decision).

Each side is measured `--rounds` times, alternating, and keeps its best rate (other work on the
machine slows both sides alike). Prints games/s for both, the ratio, and the mean moves per game
(the same policy gives the same mean). OpenSpiel (PyPI `open-spiel`) is only needed here, not by
pnp: without it the script says so and prints pnp's figures alone.

    python benchmarks/amazons_vs_openspiel.py [--seconds 2] [--rounds 3] [--batch 1000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from pnp.games.amazons.game import _rules
from pnp.games.mechanics.shooting_batch import play_random

Rate = tuple[float, float]  # games per second, mean moves per game


def timed(play_some: Callable[[int], list[int]], seconds: float) -> Rate:
    """Call `play_some(round)` (returns the moves of each game played) until `seconds` pass."""
    lengths: list[int] = []
    start = time.perf_counter()
    round_ = 0
    while time.perf_counter() - start < seconds:
        lengths += play_some(round_)
        round_ += 1
    elapsed = time.perf_counter() - start
    return len(lengths) / elapsed, sum(lengths) / len(lengths)


def pnp_rate(size: int, policy: str, batch: int, seconds: float) -> Rate:
    rules = _rules(size)

    def play_some(round_: int) -> list[int]:
        seeds = range(round_ * batch, (round_ + 1) * batch)
        return [int(t) for t in play_random(rules, list(seeds), 10_000, policy=policy).turns]

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per side, best kept")
    parser.add_argument("--batch", type=int, default=1000, help="pnp games played at once")
    args = parser.parse_args()
    try:
        openspiel_game(6)
        have_openspiel = True
    except ImportError:
        have_openspiel = False
        print("OpenSpiel is not installed (pip install open-spiel): pnp figures only\n")
    print(
        f"{'board':>6} {'policy':>10} {'pnp games/s':>12} {'OpenSpiel':>10} {'ratio':>7}"
        f" {'moves/game pnp':>15} {'OpenSpiel':>10}"
    )
    for size in (10, 6):
        for policy in ("moves", "decisions"):
            ours, theirs = (0.0, 0.0), (0.0, 0.0)
            for _ in range(args.rounds):  # alternate, keep each side's best: load hits both
                ours = max(ours, pnp_rate(size, policy, args.batch, args.seconds))
                if have_openspiel:
                    theirs = max(theirs, openspiel_rate(size, policy, args.seconds))
            line = f"{size:>3}x{size:<2} {policy:>10} {ours[0]:>12.0f}"
            if have_openspiel:
                line += f" {theirs[0]:>10.0f} {ours[0] / theirs[0]:>6.1f}x {ours[1]:>15.1f}"
                line += f" {theirs[1]:>10.1f}"
            else:
                line += f" {'-':>10} {'-':>7} {ours[1]:>15.1f} {'-':>10}"
            print(line, flush=True)
        if have_openspiel:  # the other peer: OpenSpiel's own C++ loop, per decision
            cpp = max(openspiel_cpp_rate(size, args.seconds)[0] for _ in range(args.rounds))
            batch = max(pnp_rate(size, "decisions", args.batch, args.seconds)[0]
                        for _ in range(args.rounds))  # fmt: skip
            print(
                f"{size:>3}x{size:<2} {'decisions':>10} {batch:>12.0f} {cpp:>10.0f} "
                f"{batch / cpp:>6.1f}x  (peer: OpenSpiel's C++ loop, evaluate_bots)",
                flush=True,
            )


if __name__ == "__main__":
    main()
