"""Command line plumbing: one-line errors with exit code 2, and the game options on commands.

`PnpGroup` is the one place that turns every expected failure into a single line on stderr and
exit code 2, with no traceback and no usage dump: usage errors (click's and pnp's own PnpError)
and what the system refuses (any OSError: a full disk, a name too long, no permission, a folder
where a file should be, worded by pnp/output.py `os_error_line`). Ctrl-C, at any point of a
command, is one line and exit code 130 (pnp/__main__.py catches one while pnp loads). A group
called with nothing prints its help; a structured InputError of the library is worded here, its
inputs named as flags (`--size 7 is not valid: expected 6, 8 or 10`). `game_command` adds each
registered game's own options (e.g. `--size`, `--board`) to a command, and `kit_command` those
and each kit's print options (`--sheets`, `--tile-backs`), so the CLI never lists an option of a
game that is not built; the given ones reach the command as `game_options`. Both give a run's
command its `place: Place` as the options that make it (`--workers`, `--out`, ...).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import inspect
import os
import re
import select
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from pnp.commands.choices import game_option_metavar
from pnp.commands.common import COMMAND_LINE
from pnp.commands.runs import PLACE_OPTIONS, Place
from pnp.errors import EXIT_USAGE, InputError, PnpError, unloadable
from pnp.games import GAMES
from pnp.games.options import OptionRecord
from pnp.output import os_error_line
from pnp.stopping import new_command, stop_code, stop_words

EXIT_INTERRUPTED = 130

# click's base of every usage error, whether typer ships its own copy of click or uses click.
ClickException: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def fail(message: str) -> None:
    """click's message: its first line; pnp's own (`one_line`) are one line already."""
    first = message.strip().splitlines()[0] if message.strip() else "invalid input"
    print(f"pnp: error: {first}", file=sys.stderr)


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def one_line(message: str) -> str:
    """`message` on one line: a control character in it (a newline or an escape in a path the
    user gave) written as its escape, `\\n`, so the whole of it is shown and nothing reaches
    the terminal as a command."""
    return _CONTROL.sub(lambda found: repr(found[0])[1:-1], message.strip())


class PnpGroup(TyperGroup):
    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        words = sys.argv[1:] if args is None else args
        recorded = COMMAND_LINE.set(("pnp", *words))  # for summary.json
        new_command()
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # what is still buffered: a closed pipe shows here, not at exit
        except ClickException as exc:
            fail(exc.format_message())  # type: ignore[attr-defined]
            code = EXIT_USAGE
        except InputError as exc:
            fail(one_line(worded(exc)))
            code = EXIT_USAGE
        except PnpError as exc:
            fail(one_line(str(exc)))
            code = EXIT_USAGE
        except (ImportError, MemoryError) as exc:  # a library pnp loads when it needs it
            fail(one_line(unloadable(exc)))
            code = EXIT_USAGE
        except OSError as exc:  # what the system refused: a full disk, a name too long, ...
            fail(one_line(closed_output() if stdout_gone(exc) else os_error_line(exc)))
            code = EXIT_USAGE
        except (KeyboardInterrupt, typer.Abort):
            code = EXIT_INTERRUPTED
        finally:
            COMMAND_LINE.reset(recorded)
        code = code if isinstance(code, int) else 0
        if code == EXIT_INTERRUPTED:  # typer turns a Ctrl-C in a command into this exit code
            code = stop_code()  # SIGTERM and SIGHUP stop a command as Ctrl-C does
            print(f"pnp: {stop_words()}", file=sys.stderr)
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        """The command, its broken pipe kept from click (which would exit 1 without a word)."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            if stdout_gone(exc):
                raise PnpError(closed_output()) from None
            raise

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        """`pnp` (or `pnp platypus`) alone: the help, and click's usage exit code, no error line."""
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            text = ctx.get_help()  # typer's rich help prints itself and returns ""
            if text:
                typer.echo(text)
            ctx.exit(EXIT_USAGE)
        return super().parse_args(ctx, args)


def stdout_gone(error: OSError) -> bool:
    """Whether `error` is standard output's reader gone (`pnp ... | head -c 20`)."""
    if error.errno != errno.EPIPE:
        return False
    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):  # no file behind stdout
        return False


def closed_output() -> str:
    """The line of a broken standard output; what else would be printed there is dropped."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return ("standard output was closed before pnp had written all of it (its reader ended: "
            "a broken pipe)")  # fmt: skip


def worded(error: InputError) -> str:
    """A library error as the command line says it: each input named as its flag."""
    return error.worded(lambda name: f"--{name}")


def _option_help(records: Mapping[str, type[OptionRecord]]) -> dict[str, str]:
    """Each option name of the records (one per game), with its help per game."""
    helps: dict[str, list[str]] = {}
    for game, record in records.items():
        for _, option in record.specs():
            helps.setdefault(option.name, []).append(f"{game}: {option.help}")
    return {name: "; ".join(parts) for name, parts in helps.items()}


def game_command(func: Callable[..., None]) -> Callable[..., None]:
    """`func` with every game's own options added; they arrive as `game_options` (given only).
    A parameter `place: Place` is given by the options of PLACE_OPTIONS."""
    games = {name: game.info.options_type for name, game in GAMES.items()}
    return _with_options(func, {"Game options": _option_help(games)})


def kit_command(func: Callable[..., None]) -> Callable[..., None]:
    """`func` with every game's own options and every kit's print options added; they arrive
    together as `game_options` (given only)."""
    from pnp.kits import KIT_OPTIONS

    games = {name: game.info.options_type for name, game in GAMES.items()}
    panels = {"Game options": _option_help(games), "Kit options": _option_help(KIT_OPTIONS)}
    return _with_options(func, panels)


def _given_by(parameter: inspect.Parameter) -> list[inspect.Parameter]:
    """A command's parameter as the options that give it: `place: Place` as PLACE_OPTIONS, each
    defaulting to the parameter's default place; any other as itself."""
    if parameter.annotation is not Place:
        return [parameter]
    return [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=getattr(parameter.default, name),
            annotation=annotation,
        )
        for name, annotation in PLACE_OPTIONS.items()
    ]


def _with_options(
    func: Callable[..., None], panels: dict[str, dict[str, str]]
) -> Callable[..., None]:
    signature = inspect.signature(func, eval_str=True)
    kept = [p for p in signature.parameters.values() if p.name != "game_options"]
    takes_place = any(p.annotation is Place for p in kept)
    option_help = {name: text for helps in panels.values() for name, text in helps.items()}
    panel_of = {name: panel for panel, helps in panels.items() for name in helps}
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
                    rich_help_panel=panel_of[name],
                    show_default=False,
                ),
            ],
        )
        for name, text in option_help.items()
    ]

    @functools.wraps(func)
    def command(**kwargs: Any) -> None:
        given = {name: kwargs.pop(f"game_option_{name.replace('-', '_')}") for name in option_help}
        if takes_place:
            kwargs["place"] = Place(**{name: kwargs.pop(name) for name in PLACE_OPTIONS})
        func(**kwargs, game_options={k: v for k, v in given.items() if v is not None})

    parameters = [
        option.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in kept for option in _given_by(p)
    ] + added
    command.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    return command
