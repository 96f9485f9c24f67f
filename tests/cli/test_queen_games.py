"""The queen-move games through the command line: perft from a start and from a setup file,
their own options and the one-line errors for bad ones, and a balance run through the batch
engine that gives each game the same moves however games are chunked."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.games import get_game
from simulate.run.runner import RunPlan, Worker
from tests.support.cli import invoke


def test_perft_of_amazons_10_at_depth_1() -> None:
    assert invoke("perft", "amazons", "--size", "10", "--depth", "1")[:2] == (0, "2176\n")


@pytest.mark.parametrize(
    ("game", "options", "count"),
    [
        ("penguins", ["--players", "3"], str(30 * 29 * 28)),
        ("amazon-penguins", ["--variant", "hex"], str(60 * 59 * 58)),
        ("amazons", ["--size", "6"], "544"),
    ],
)
def test_perft_from_a_setup_file(tmp_path: Path, game: str, options: list[str], count: str) -> None:
    code, _, _ = invoke(
        "kit", game, *options, "--seed", "3", "--format", "pdf", "--out", str(tmp_path)
    )
    assert code == 0
    setup = next(tmp_path.rglob("setup.json"))
    depth = "1" if game == "amazons" else "3"
    code, out, _ = invoke("perft", game, "--setup", str(setup), "--depth", depth)
    assert (code, out.strip()) == (0, count)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["perft", "amazons", "--size", "7"], "--size 7 is not valid: expected 6, 8 or 10"),
        (
            ["kit", "amazon-penguins", "--variant", "round"],
            "--variant round is not valid for amazon-penguins: expected square or hex",
        ),
        (["kit", "penguins", "--players", "5"], "--players 5 is not valid for penguins"),
        (["kit", "penguins", "--size", "8"], "--size does not apply to penguins"),
    ],
)
def test_bad_options_get_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, _, err = invoke(*args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("game", "options"), [("amazons", {"size": "6"}), ("amazon-penguins", {})])
def test_batch_games_do_not_depend_on_how_games_are_chunked(
    game: str, options: dict[str, str]
) -> None:
    """Workers play chunks of games; the batch engine must give each game the same moves in a
    chunk of 1, 20 or 60 (so any --workers gives the same records)."""
    info = get_game(game).info
    plan = RunPlan(
        game, info.resolve(None, None, options), ("random", "random"), 4, 60, random_setups=60
    )
    worker = Worker(plan)
    whole = worker.play_chunk(list(range(60)))
    pieces = worker.play_chunk(list(range(20))) + worker.play_chunk(list(range(20, 60)))
    alone = [worker.play_chunk([k])[0] for k in (0, 33, 59)]
    assert whole == pieces and [whole[k] for k in (0, 33, 59)] == alone
