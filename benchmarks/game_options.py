"""The command line of a benchmark that times games one by one (benchmarks/ladder_time.py,
benchmarks/mcts_games.py): its whole-number options, then the games to time."""

from __future__ import annotations

import argparse

from pnp.games import ORDER, get_game


def parse_game_options(doc: str, **defaults: int) -> tuple[argparse.Namespace, list[str]]:
    """The options and the games named on the command line, described by the first paragraph
    of `doc`: an option per keyword (`games_per_setup=10`: `--games-per-setup`, default 10),
    then the games, every game with choices when none is named; an unknown game stops it."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    for name, default in defaults.items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=int, default=default)
    parser.add_argument("names", nargs="*", metavar="GAME")
    args = parser.parse_args()
    names = args.names or [name for name in ORDER if get_game(name).info.has_choices]
    unknown = set(names) - set(ORDER)
    if unknown:
        parser.error(f"unknown games {sorted(unknown)}; games: {', '.join(ORDER)}")
    return args, names
