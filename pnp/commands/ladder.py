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


def play_ladder(request: RunRequest, agents: tuple[str, ...], note: str) -> None:
    """Play the ladder of `request` into its folder and print its table and reading."""
    from simulate.run.executors import start_workers

    start_workers(request.execution)  # they start while this process imports the rest
    from pnp.games import get_game
    from simulate.measure.compensation import compensation
    from simulate.report.verdict import print_verdict
    from simulate.run.runfolder import locked
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

    info = get_game(request.game).info
    seat_names = [info.seat_name(seat) for seat in range(request.players)]
    folder = request.folder
    with locked(folder):
        plan = plan_json(request, agents, note)
        path = folder / LADDER
        if request.resume and path.exists():
            before = ladder_file(path)
            if before.get("ladder") != plan["ladder"]:
                raise PnpError(
                    f"--resume: {path} is the ladder {','.join(before.get('ladder', []))}, "
                    f"not {','.join(agents)}"
                )
        write_ladder(folder, {**plan, "complete": False})
        progress = Console(stderr=True, highlight=False) if request.as_json else console
        ladder = run_ladder(request, agents, seat_names, progress)
        if ladder is None:
            console.print("interrupted: kept the finished games of every rung (--resume)")
            raise KeyboardInterrupt
        evened = None
        if request.kind == "balance":  # the compensation of the top rung's games
            top = ladder.rungs[-1].folder
            evened = compensation(results_in(top), info, request.players, request.seed)
        verdict = ladder_verdict(request, ladder, seat_names, evened)
        document = {**ladder_json(request, ladder, seat_names, note), "verdict": verdict.to_json()}
        write_ladder(folder, document)
        report = write_ladder_report(folder, verdict, ladder)
        remove_other_rungs(folder, ladder)
    if request.as_json:
        print(json.dumps(document, indent=2))
        return
    print_ladder(request, ladder, note, seat_names, console, info.title)
    console.print(str(path))
    console.print(str(report))
    print_verdict(verdict, console)


def play_timed_ladder(request: RunRequest, agents: tuple[str, ...], note: str,
                      seconds: float) -> None:  # fmt: skip
    """Play the ladder of `request` on a time budget (simulate/studies/timed.py) into its folder,
    and print its table, how it stopped and its verdict."""
    from simulate.run.executors import start_workers

    start_workers(request.execution)  # they start while this process imports the rest
    from pnp.games import get_game
    from simulate.report.verdict import print_verdict
    from simulate.run.runfolder import locked
    from simulate.scoring.metrics import fair_tolerance
    from simulate.studies.ladder import remove_other_rungs
    from simulate.studies.ladder_chart import write_ladder_report
    from simulate.studies.ladder_report import LADDER, ladder_json, print_ladder, write_ladder
    from simulate.studies.ladder_verdict import ladder_verdict
    from simulate.studies.timed import duration_text, run_timed

    info = get_game(request.game).info
    seat_names = [info.seat_name(seat) for seat in range(request.players)]
    folder = request.folder
    tolerance = fair_tolerance(True, request.tolerance)
    with locked(folder):
        path = folder / LADDER
        plan = {**timed_plan(request, agents, note), "complete": False}
        if request.resume and path.exists():
            before = ladder_file(path)
            if before.get("ladder") != plan["ladder"] or "timed" not in before:
                what = "a timed ladder" if "timed" in before else "a ladder with counts"
                raise PnpError(
                    f"--resume: {path} is {what} of {','.join(before.get('ladder', []))}, not "
                    f"the timed ladder {','.join(agents)}; resume it with its own options"
                )
        write_ladder(folder, plan)
        shown = Console(stderr=True, highlight=False) if request.as_json else console
        shown.print(f"{info.title}: ladder {', '.join(agents)} on a time budget of "
                    f"{duration_text(seconds)}, one seat rotation a setup -> {folder}")  # fmt: skip
        played = run_timed(request, agents, seat_names, seconds, tolerance, shown)
        if played is None:
            console.print("interrupted: kept the finished games of every rung (--resume)")
            raise KeyboardInterrupt
        ladder, timed = played.ladder, played.timed
        verdict = ladder_verdict(request, ladder, seat_names, played.compensation, timed)
        document = {**ladder_json(request, ladder, seat_names, note), "games_per_rung": None,
                    "timed": timed.to_json(), "verdict": verdict.to_json()}  # fmt: skip
        write_ladder(folder, document)
        report = write_ladder_report(folder, verdict, ladder)
        remove_other_rungs(folder, ladder)
    shown.print(f"stopped {timed.stopped_words()} after {duration_text(played.seconds)} of play "
                f"({timed.setups:,} setups read)")  # fmt: skip
    if request.as_json:
        print(json.dumps(document, indent=2))
        return
    print_ladder(request, ladder, note, seat_names, console, info.title, verdict.played,
                 "95% confidence sequences, the setup as the unit")  # fmt: skip
    console.print(str(path))
    console.print(str(report))
    print_verdict(verdict, console)


def timed_plan(request: RunRequest, agents: tuple[str, ...], note: str) -> dict[str, object]:
    """What a timed ladder is, as ladder.json records it before it plays."""
    from simulate.studies.ladder_report import plan_json

    return {**plan_json(request, agents, note), "games_per_rung": None, "timed": {}}
