"""`--ladder` of `pnp simulate` and `pnp balance`: the rungs from the option, checked, then the
run played once per rung and head to head between neighbouring rungs
(simulate/studies/ladder.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from pnp.commands.common import console, marked_seed
from pnp.errors import PnpError
from pnp.games.base import GameInfo

if TYPE_CHECKING:
    from simulate.run.request import RunRequest

DEFAULT = "default"


def ladder_agents(text: str, info: GameInfo) -> tuple[str, ...]:
    """The rungs `--ladder` names, weakest first (`default`: the game's own ladder), checked."""
    from simulate.agents.base import check_agent

    if not info.has_choices:
        raise PnpError(f"--ladder: {info.name} has no choices; every agent plays the same game")
    names = info.ladder if text == DEFAULT else tuple(part.strip() for part in text.split(","))
    if len(names) < 2 or len(set(names)) < len(names):
        raise PnpError(
            f"--ladder {text}: expected two or more different agents, weakest first "
            f"(this game's default: {','.join(info.ladder)}), or {DEFAULT}"
        )
    for name in names:
        check_agent(name, info)
    return names


def ladder_note(text: str, info: GameInfo) -> str:
    """Why the default ladder of the game is what it is ("" for a ladder the user named)."""
    return info.ladder_note if text == DEFAULT else ""


def ladder_seed(seed: int | None, out: Path, game: str, kind: str, resume: bool) -> int | None:
    """With --resume alone, the seed of the one ladder of `game` in `out`; else `seed`."""
    from simulate.studies.ladder_report import LADDER

    return marked_seed(seed, out, game, kind, resume, LADDER, f"{kind} ladder")


def ladder_file(path: Path) -> dict[str, Any]:
    """The ladder.json a `--resume` continues; PnpError in one line when it is not one."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PnpError(f"--resume: {path} cannot be read as a ladder ({error}); run without "
                       "--resume to start again") from None  # fmt: skip
    if not isinstance(found, dict) or not isinstance(found.get("ladder"), list):
        raise PnpError(f"--resume: {path} is not a ladder's record (no list of rungs); run "
                       "without --resume to start again")  # fmt: skip
    return found


def play_ladder(
    request: RunRequest, agents: tuple[str, ...], note: str, seconds: float | None = None
) -> None:
    """Play the ladder of `request` into its folder, with its counts or, given `seconds`, on
    that time budget (simulate/studies/timed.py), and print its table, its reading and its
    verdict."""
    from simulate.run.executors import start_workers

    start_workers(request.execution)  # they start while this process imports the rest
    from pnp.games import get_game
    from simulate.measure.compensation import compensation
    from simulate.report.verdict import print_verdict
    from simulate.run.runfolder import locked
    from simulate.scoring.metrics import fair_tolerance
    from simulate.studies.ladder import remove_other_rungs, results_in, run_ladder
    from simulate.studies.ladder_chart import write_ladder_report
    from simulate.studies.ladder_report import (
        LADDER,
        ladder_json,
        plan_json,
        print_ladder,
        write_ladder,
    )
    from simulate.studies.ladder_verdict import ladder_verdict
    from simulate.studies.timed import duration_text, run_timed

    info = get_game(request.game).info
    seat_names = [info.seat_name(seat) for seat in range(request.players)]
    folder = request.folder
    timed_plan: dict[str, Any] = {} if seconds is None else {"games_per_rung": None, "timed": {}}
    with locked(folder, own=(LADDER,)):
        plan = {**plan_json(request, agents, note), **timed_plan}
        path = folder / LADDER
        if request.resume and path.exists():
            check_resumed(path, ladder_file(path), agents, seconds is not None)
        write_ladder(folder, {**plan, "complete": False})
        shown = Console(stderr=True, highlight=False) if request.as_json else console
        played = None
        if seconds is None:
            ladder = run_ladder(request, agents, seat_names, shown)
        else:
            shown.print(f"{info.title}: ladder {', '.join(agents)} on a time budget of "
                        f"{duration_text(seconds)}, one seat rotation a setup -> "
                        f"{folder}")  # fmt: skip
            tolerance = fair_tolerance(True, request.tolerance)
            played = run_timed(request, agents, seat_names, seconds, tolerance, shown)
            ladder = played.ladder if played is not None else None
        if ladder is None:
            console.print("interrupted: kept the finished games of every rung (--resume)")
            raise KeyboardInterrupt
        timed = played.timed if played is not None else None
        evened = None
        if request.kind == "balance":  # the compensation of the top rung's games
            read = timed.setups if timed is not None else None  # a timed ladder's read setups
            records = (record for record in results_in(ladder.rungs[-1].folder)
                       if read is None or record.setup_index < read)  # fmt: skip
            evened = compensation(records, info, request.players, request.seed)
        verdict = ladder_verdict(request, ladder, seat_names, evened, timed)
        document = {**ladder_json(request, ladder, seat_names, note), **timed_plan,
                    "verdict": verdict.to_json()}  # fmt: skip
        if timed is not None:
            document["timed"] = timed.to_json()
        write_ladder(folder, document)
        report = write_ladder_report(folder, verdict, ladder)
        remove_other_rungs(folder, ladder)
    if played is not None:
        shown.print(f"stopped {played.timed.stopped_words()} after "
                    f"{duration_text(played.seconds)} of play ({played.timed.setups:,} setups "
                    "read)")  # fmt: skip
    if request.as_json:
        print(json.dumps(document, indent=2))
        return
    if timed is None:
        print_ladder(request, ladder, note, seat_names, console, info.title)
    else:
        print_ladder(request, ladder, note, seat_names, console, info.title, verdict.played,
                     "95% confidence sequences, the setup as the unit")  # fmt: skip
    console.print(str(path))
    console.print(str(report))
    print_verdict(verdict, console)


def check_resumed(path: Path, before: dict[str, Any], agents: tuple[str, ...], timed: bool) -> None:
    """PnpError when the ladder.json a `--resume` finds is another ladder: other rungs, or
    counts where a time budget is asked for (or the other way round)."""
    if before["ladder"] != list(agents):
        raise PnpError(f"--resume: {path} is the ladder {','.join(map(str, before['ladder']))}, "
                       f"not {','.join(agents)}")  # fmt: skip
    if ("timed" in before) != timed:
        kind = "a timed ladder" if "timed" in before else "a ladder with counts"
        raise PnpError(f"--resume: {path} is {kind}; resume it with its own options (--time, or "
                       "--setups and --games-per-setup)")  # fmt: skip
