"""Command line plumbing: one-line errors with exit code 2, and the game options on commands.

`PnpGroup` turns every usage error (click's and pnp's own PnpError) into a single line on stderr
and exit code 2, with no traceback and no usage dump; a group called with nothing prints its
help. `game_command` adds each registered game's own options (e.g. `--size`, `--board`) to a
command, so the CLI never lists an option of a game that is not built, and hands the given ones
to the command as `game_options`.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from pnp.commands.choices import game_option_metavar
from pnp.errors import PnpError
from pnp.games import GAMES

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

# click's base of every usage error, whether typer ships its own copy of click or uses click.
ClickException: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def fail(message: str) -> None:
    first = message.strip().splitlines()[0] if message.strip() else "invalid input"
    print(f"pnp: error: {first}", file=sys.stderr)


class PnpGroup(TyperGroup):
    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except ClickException as exc:
            fail(exc.format_message())  # type: ignore[attr-defined]
            code = EXIT_USAGE
        except PnpError as exc:
            fail(str(exc))
            code = EXIT_USAGE
        except (KeyboardInterrupt, typer.Abort):
            print("pnp: interrupted", file=sys.stderr)
            code = EXIT_INTERRUPTED
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        """`pnp` (or `pnp platypus`) alone: the help, and click's usage exit code, no error line."""
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            text = ctx.get_help()  # typer's rich help prints itself and returns ""
            if text:
                typer.echo(text)
            ctx.exit(EXIT_USAGE)
        return super().parse_args(ctx, args)


def _game_option_help() -> dict[str, str]:
    """Each option name of the registered games, with its help per game."""
    helps: dict[str, list[str]] = {}
    for game in GAMES.values():
        for option in game.info.options:
            helps.setdefault(option.name, []).append(f"{game.info.name}: {option.help}")
    return {name: "; ".join(parts) for name, parts in helps.items()}


def game_command(func: Callable[..., None]) -> Callable[..., None]:
    """`func` with every game's own options added; they arrive as `game_options` (given only)."""
    signature = inspect.signature(func, eval_str=True)
    kept = [p for p in signature.parameters.values() if p.name != "game_options"]
    option_help = _game_option_help()
    added = [
        inspect.Parameter(
            f"game_option_{name.replace('-', '_')}",
            inspect.Parameter.KEYWORD_ONLY,
            default=None,
            annotation=Annotated[
                str | None,
                typer.Option(
                    f"--{name}",
                    metavar=game_option_metavar(name),
                    help=text,
                    rich_help_panel="Game options",
                    show_default=False,
                ),
            ],
        )
        for name, text in option_help.items()
    ]

    @functools.wraps(func)
    def command(**kwargs: Any) -> None:
        given = {name: kwargs.pop(f"game_option_{name.replace('-', '_')}") for name in option_help}
        func(**kwargs, game_options={k: v for k, v in given.items() if v is not None})

    parameters = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in kept] + added
    command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    return command
