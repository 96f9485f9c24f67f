"""The values the command line offers: what the shell completes and what `--help` shows.

Everything comes from the registry (`pnp.games.GAMES`) and the agent table, so a new game, variant
or option shows in completion and help without a word here. Completion functions take typer's
(ctx, incomplete) and return the candidates that start with what was typed.
"""

from __future__ import annotations

from typing import Any

import typer

from pnp.errors import PnpError, one_of
from pnp.games import GAMES
from pnp.games.base import Game
from pnp.games.options import FileOption, GridSizeOption, IntOption, Option

#: The GAME argument's help: every registered game (typer's argument panel would cut a metavar
#: this long, so the names go in the help text).
GAME_HELP = f"The game: {one_of(GAMES)} (see `pnp games`)."


def default_agents_help() -> str:
    """Each game's own agent (`GameInfo.agent`), the games that share one together:
    `greedy (platypus, amazons), random (colour-diplomacy)`."""
    games: dict[str, list[str]] = {}
    for name, game in GAMES.items():
        games.setdefault(game.info.agent, []).append(name)
    return ", ".join(f"{agent} ({', '.join(names)})" for agent, names in games.items())


AGENT_HELP = {
    "random": "uniform over legal moves",
    "greedy": "best immediate value",
    "lookahead": "greedy's best moves, each after greedy answers (lookahead:WIDTH[:ROUNDS])",
    "mcts": "Monte Carlo tree search (mcts:ITERATIONS or mcts:Nx per legal move, [:ROLLOUT])",
}


def complete_game(incomplete: str) -> list[str]:
    """Game names that start with `incomplete`, in registry order."""
    return [name for name in GAMES if name.startswith(incomplete)]


def _named_game(ctx: typer.Context) -> Game[Any] | None:
    """The game already on the command line, if one is."""
    # While an option waits for its value, click leaves the positional GAME in ctx.args.
    named = [ctx.params.get("game"), *ctx.args]
    return next((GAMES[name] for name in named if isinstance(name, str) and name in GAMES), None)


def complete_variant(ctx: typer.Context, incomplete: str) -> list[str]:
    """The variants of the game already on the command line, or of every game if none is."""
    game = _named_game(ctx)
    infos = [game.info] if game else [each.info for each in GAMES.values()]
    variants = dict.fromkeys(v for info in infos for v in info.variants)
    return [v for v in variants if v.startswith(incomplete)]


def complete_agents(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """Agent names for the seat being typed: `gr` -> `greedy`, `random,m` -> `random,mcts`;
    with a game on the command line, only the agents that can play it (`check_agent`)."""
    from simulate.agents.base import AGENTS, check_agent  # the simulator loads only when completing

    game = _named_game(ctx)

    def plays(name: str) -> bool:
        try:
            if game is not None:
                check_agent(name, game.info)
        except PnpError:
            return False
        return True

    done, comma, typing = incomplete.rpartition(",")
    return [
        (f"{done}{comma}{name}", AGENT_HELP.get(name, ""))
        for name in AGENTS
        if name.startswith(typing) and plays(name)
    ]


def complete_ladder(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """`--ladder`: `default` (the game's own ladder) as the whole value, or agents as
    `complete_agents` offers them, one per rung."""
    default = [("default", "the game's own ladder")] if "default".startswith(incomplete) else []
    return default + complete_agents(ctx, incomplete)


def _metavar(option: Option[Any]) -> str:
    """How --help writes the values of one game's option (typer's style: `a|b`, `<int>`): its
    choices where it has them (a list of numbers, of words, `no|yes`)."""
    choices = getattr(option, "choices", ())
    if choices:
        return "|".join(str(c) for c in choices)
    if isinstance(option, IntOption):
        return "<int>"
    if isinstance(option, GridSizeOption):
        return "ROWSxCOLS"
    if isinstance(option, FileOption):
        return "<path>"
    return "<str>"


def game_option_metavar(name: str) -> str:
    """The values of `--name` over every game that has it: `--size` is `6|8|10|ROWSxCOLS`."""
    from pnp.kits import KIT_OPTIONS

    records = [game.info.options_type for game in GAMES.values()] + list(KIT_OPTIONS.values())
    specs = [spec for record in records for _, spec in record.specs()]
    forms = [_metavar(spec) for spec in specs if spec.name == name]
    return "|".join(dict.fromkeys(forms))
