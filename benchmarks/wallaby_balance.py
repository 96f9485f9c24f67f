"""Wallaby balance by player count and variant: seat win rates against 1/N, game length and how
often games end by elimination, for one kind of agent in every seat.

Each configuration is a `pnp simulate` run (random setups, one game each, master seed fixed), so
any line can be reproduced with
`python -m pnp simulate wallaby --players N --variant V --agents A --games G --seed S`.

    python -m benchmarks.wallaby_balance [--games 2000] [--agents greedy] [--workers 2]
"""

from __future__ import annotations

import argparse

from pnp.games import get_game
from pnp.games.base import Outcome
from simulate.agents.base import parse_agents
from simulate.measure.measures import GameFact
from simulate.measure.stats import Distribution, Rate
from simulate.run.executors import Execution
from simulate.run.runner import RunPlan
from simulate.studies.session import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    game = get_game("wallaby")
    print(f"agents {args.agents}, {args.games} games per line, seed {args.seed}")
    print(f"N variant   {'seat win rates %, 95% interval (* = 1/N outside it)':<84}"
          "play turns  elim.end  undecided")  # fmt: skip
    for players in (2, 3, 4):
        for variant in ("standard", "valley", "children"):
            options = game.info.resolve(players, variant, {})
            agents = parse_agents(args.agents, players, game.info)
            plan = RunPlan("wallaby", options, agents, args.seed, args.games,
                           random_setups=args.games)  # fmt: skip
            measures = run(plan, Execution(args.workers), show_progress=False).measures
            seats = "  ".join(
                f"{100 * rate.rate:4.1f} [{100 * rate.ci95[0]:4.1f}-{100 * rate.ci95[1]:4.1f}]"
                f"{' ' if measures.fair_in_ci95(seat) else '*'}"
                for seat, rate in enumerate(s.standings.win_rate for s in measures.tally.seats)
            )
            play_turns = measures.fact("play_turns")
            ended_fact = measures.fact("ended_by_elimination")
            turns = float("nan")
            if isinstance(play_turns, GameFact) and isinstance(play_turns.value, Distribution):
                turns = play_turns.value.mean
            ended = 0.0
            if isinstance(ended_fact, GameFact) and isinstance(ended_fact.value, Rate):
                ended = ended_fact.value.rate
            undecided = measures.tally.outcomes[Outcome.UNDECIDED]
            print(
                f"{players} {variant:9} {seats:<84} {turns:10.1f} {100 * ended:8.1f}% "
                f"{undecided:9d}"
            )


if __name__ == "__main__":
    main()
