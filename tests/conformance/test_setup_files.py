"""Bad setup files, for every game, through the CLI: each is refused in one line.

For every game (the bad files of its cases, tests/games/<game>/cases.py): a missing key, an
unknown key, a wrong type, a value out of range, tampered board, table or deal content (what the
schema says and what only the game can check), and an older or newer format_version. Each gives
exit code 2, one line naming the JSON path and the problem, no traceback, and writes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pnp.games import GAMES
from pnp.games.setupfile import setup_json
from pnp.games.setupschema import schema_problem
from tests.conformance.cases import cases_of, every_game
from tests.conformance.edits import Edit, drop, put
from tests.support.cli import refused


def default_document(name: str) -> dict[str, Any]:
    """The setup file of a game's seed-1 default setup (or its cases' fixed base for it)."""
    game = GAMES[name]
    document: dict[str, Any] = json.loads(
        setup_json(game, game.random_setup(1, game.info.resolve(None, None, {})))
    )
    edit = cases_of(name).default_edit
    if edit is not None:
        edit(document)
    return document


def test_every_game_has_its_cases() -> None:
    assert sorted(name for name, _ in every_game()) == sorted(GAMES)
    for name, cases in every_game():
        assert schema_problem(default_document(name), name) is None, name
        assert len(cases.bad_files) >= 6, name


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        pytest.param(name, bad.edit, bad.message, id=f"{name}-{bad.what}")
        for name, cases in every_game()
        for bad in cases.bad_files
    ],
)
def test_a_bad_setup_file_is_refused_in_one_line(
    tmp_path: Path, name: str, edit: Edit, message: str
) -> None:
    document = default_document(name)
    edit(document)
    assert message in refused(tmp_path, name, document)


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(("step", "age"), [(-1, "older"), (1, "newer")])
def test_an_older_or_newer_format_version_is_refused(
    tmp_path: Path, name: str, step: int, age: str
) -> None:
    version = GAMES[name].format_version
    document = {**default_document(name), "format_version": version + step}
    assert refused(tmp_path, name, document) == (
        f"format_version {version + step} is {age} than the version {version} this pnp reads "
        f"for {name}; draw the setup again with this pnp"
    )


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (drop("format_version"), "missing key 'format_version'"),
        (put("1", "format_version"), "format_version must be a whole number"),
        (drop("game"), "missing key 'game'"),
    ],
    ids=["no format_version", "format_version as text", "no game"],
)
def test_the_game_and_format_version_are_read_first(
    tmp_path: Path, name: str, edit: Edit, message: str
) -> None:
    document = default_document(name)
    edit(document)
    assert refused(tmp_path, name, document) == message
