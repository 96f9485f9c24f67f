"""Platypus through the command line: the exact report of a setup file, random deals with
matches, the longest-game search, and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import Result

from pnp.games import get_game
from pnp.games.platypus.tables import parse_short_table, table_json
from pnp.games.setupdata import to_json
from tests.support.cli import run

GAME: Any = get_game("platypus")


def setup_file(tmp_path: Path, red: str, blue: str, first: str = "red") -> Path:
    document = {
        "game": "platypus",
        "format_version": 1,
        "seed": None,
        "options": {"deal": "uniform"},
        "first": first,
        "tables": {
            "red": table_json(parse_short_table(red)),
            "blue": table_json(parse_short_table(blue)),
        },
    }
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(document))
    return path


def simulate_setup(tmp_path: Path, setup: Path, *more: str) -> Result:
    """`pnp simulate platypus --setup SETUP` on one worker, its run folder under tmp_path."""
    where = ("--setup", str(setup), "--workers", "1", "--out", str(tmp_path))
    return run("simulate", "platypus", *where, *more)


def test_a_setup_file_is_reported_exactly_red_first_blue_first_and_the_match(
    tmp_path: Path,
) -> None:
    # Red first: the game of test_rules.py that ends after 4 turns, red 2, blue 0.
    path = setup_file(tmp_path, "gP> yK> yK> yK> yK> yK> gP<", "yK> gK< yK> yK> yK> yK> yK>")
    result = simulate_setup(tmp_path, path, "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    red_first, blue_first = summary["results"]
    assert red_first["players"] == ["red", "blue"] and blue_first["players"] == ["blue", "red"]
    assert (red_first["outcome"], red_first["turns"], red_first["scores"]) == (
        "finished",
        4,
        [2.0, 0.0],
    )
    assert red_first["winners"] == ["red"]
    (match,) = summary["match_results"]
    assert match["players"] == ["red", "blue"]
    red_total = red_first["scores"][0] + blue_first["scores"][1]
    blue_total = red_first["scores"][1] + blue_first["scores"][0]
    assert match["scores"] == [red_total, blue_total]
    assert summary["games"] == 2 and summary["paired"] is True
    text = simulate_setup(tmp_path, path).stdout
    assert "game 1, red first: red 2, blue 0: red wins after 4 turns" in text
    assert "match (custom): red " in text


def test_an_endless_deal_is_reported_endless_in_both_orders(tmp_path: Path) -> None:
    path = setup_file(tmp_path, "gE> yK> yE> gE> yW> yW> yP>", "yK< yK< yE> yE> yW> yW> yP>")
    result = simulate_setup(tmp_path, path, "--json")
    summary = json.loads(result.stdout)
    red_first = summary["results"][0]
    assert (red_first["outcome"], red_first["turns"]) == ("endless", 44)
    assert summary["match_results"][0]["winners"] == []


def test_random_deals_report_rates_lengths_and_matches(tmp_path: Path) -> None:
    args = ("simulate", "platypus", "--games", "400", "--seed", "2", "--out", str(tmp_path))
    result = run(*args, "--workers", "1")  # every game its own deal: games are samples
    assert result.exit_code == 0, result.stderr
    assert "longest finished game" in result.stdout
    summary = json.loads((tmp_path / "platypus-sim-2" / "summary.json").read_text())
    rates = summary["outcome_rates"]
    for kind in ("finished", "endless"):  # each rate printed with its Wilson interval
        low, high = (f"{100 * v:.1f}%" for v in rates[kind]["ci95"])
        assert (
            f"{kind} {rates[kind]['count']} ({100 * rates[kind]['rate']:.1f}% [{low}-{high}])"
            in (result.stdout)
        )
    low, high = (f"{100 * v:.1f}%" for v in summary["draws"]["ci95"])
    assert f"draws {100 * summary['draws']['rate']:.1f}% [{low}-{high}] are of finished" in (
        result.stdout
    )
    assert sum(summary["outcomes"].values()) == 400
    assert summary["longest_finished"]["turns"] == summary["turns"]["max"]
    paired = ("simulate", "platypus", "--games", "400", "--seed", "2", "--out", str(tmp_path / "m"))
    result = run(*paired, "--match", "--workers", "1")  # every deal in both seat orders
    assert "longest finished game" in result.stdout and "200 deals" in result.stdout
    summary = json.loads((tmp_path / "m" / "platypus-sim-2" / "summary.json").read_text())
    assert summary["matches"]["matches"] == 200 and summary["deals"]["deals"] == 200
    again = run(*paired, "--match", "--workers", "2", "--json")
    assert json.loads(again.stdout) == summary


def test_the_longest_game_search_prints_the_tables_and_writes_the_kit(tmp_path: Path) -> None:
    result = run(
        "platypus", "longest", "--deals", "300", "--seed", "4", "--workers", "1", "--kit",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "red's table" in result.stdout and "blue's table" in result.stdout
    seed = result.stdout.split("`pnp kit platypus --seed ")[1].split()[0]
    folder = tmp_path / f"platypus-{seed}"
    assert (folder / "kit.pdf").is_file()
    saved = json.loads((folder / "setup.json").read_text())
    assert (
        saved["tables"]
        == to_json(GAME.random_setup(int(seed), GAME.info.resolve(None, None, {})).data)["tables"]
    )
    # the command it prints (with --allow-endless yes if the deal never ends one way) prints it
    command = result.stdout.split("`pnp ")[1].split("`")[0].split()
    again = run(*command, "--format", "pdf", "--out", str(tmp_path / "again"))
    assert again.exit_code == 0, again.stderr
    reprinted = json.loads((tmp_path / "again" / f"platypus-{seed}" / "setup.json").read_text())
    assert reprinted["tables"] == saved["tables"] and reprinted["deal_check"]["draws"] == 1


def test_bad_platypus_input_gets_one_line() -> None:
    for args, message in (
        (["kit", "platypus", "--deal", "shuffled"], "--deal shuffled is not valid"),
        (["platypus", "longest", "--deals", "0"], "--deals 0 is not valid"),
        (["platypus", "longest", "--deal", "x"], "--deal x is not valid"),
    ):
        result = run(*args)
        assert result.exit_code == 2 and message in result.stderr, result.stderr
