"""Bad setup files, for every game, through the CLI: each is refused in one line.

For every game: a missing key, an unknown key, a wrong type, a value out of range, tampered board,
table or deal content (what the schema says and what only the game can check), and an older or
newer format_version. Each gives exit code 2, one line naming the JSON path and the problem, no
traceback, and writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.games import GAMES
from pnp.games.setupfile import setup_json
from pnp.games.setupschema import schema_problem

Edit = Callable[[dict[str, Any]], None]
Key = str | int
runner = CliRunner()


def put(value: Any, *path: Key) -> Edit:
    """An edit setting the value at `path` (keys and list positions) of the document."""

    def edit(document: dict[str, Any]) -> None:
        node: Any = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def drop(*path: Key) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        node: Any = document
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return edit


def every_column(text: str) -> Edit:
    """Platypus: every column of both tables set to `text`."""

    def edit(document: dict[str, Any]) -> None:
        for table in document["tables"].values():
            for column in table:
                table[column] = text

    return edit


PLACEMENT = [["a1", "a2", "a3", "a4", "a5"], ["p14", "p13", "p12", "p11", "p10"]]

# game: (cases of (what is wrong, edit of the game's seed-1 default setup, message)).
CASES: dict[str, list[tuple[str, Edit, str]]] = {
    "penguins": [
        ("missing key", drop("rows"), "missing key 'rows'"),
        ("unknown key", put("red", "colour"), "unknown key 'colour'; expected game, "
         "format_version, seed, options, rows or fairness"),
        ("wrong type", put("3121211", "rows"), "rows: '3121211' is not a list"),
        ("out of range", put(5, "options", "players"),
         "options.players: 5 is not valid: expected 2, 3 or 4"),
        ("tampered row", put("1221241", "rows", 2),
         "rows[2]: '1221241' is not valid: expected 7 digits 1-3, the fish on each tile"),
        ("short row", put("1221", "rows", 1),
         "rows[1]: '1221' is not valid: expected 8 digits 1-3"),
        ("tampered tile mix", put("3333333", "rows", 0), "the layout has (26, 18, 16) one/two/"),
    ],
    "amazon-penguins": [
        ("missing key", drop("rows"), "missing key 'rows'"),
        ("unknown key", put(8, "options", "size"),
         "options: unknown key 'size'; expected players or variant"),
        ("wrong type", put(None, "rows", 0), "rows[0]: null is not a string"),
        ("out of range", put("octagon", "options", "variant"),
         "options.variant: 'octagon' is not valid: expected 'square' or 'hex'"),
        ("tampered row", put("1231231", "rows", 3),
         "rows[3]: '1231231' is not valid: expected 8 digits 1-3"),
        ("square rows on hex", put("hex", "options", "variant"),
         "rows[0]: '31213121' is not valid: expected 7 digits 1-3"),
        ("tampered chip mix", put("33333333", "rows", 0), "the layout has (28, 19, 17)"),
    ],
    "amazons": [
        ("missing key", drop("options"), "missing key 'options'"),
        ("unknown key", put(["3121211"], "rows"), "unknown key 'rows'; expected game, "
         "format_version, seed, options or fairness"),
        ("wrong type", put("1", "seed"), "seed: '1' is not a whole number or null"),
        ("negative seed", put(-1, "seed"), "seed: -1 is out of range: expected >= 0"),
        ("out of range", put(12, "options", "size"),
         "options.size: 12 is not valid: expected 6, 8 or 10"),
        ("tampered players", put(3, "options", "players"),
         "options.players: 3 is not valid: expected 2"),
    ],
    "paper-penguins": [
        ("missing key", drop("sheets", 0, "rows"), "sheets[0]: missing key 'rows'"),
        ("unknown key", put(1, "sheets", 0, "score"),
         "sheets[0]: unknown key 'score'; expected id or rows"),
        ("wrong type", put("8", "options", "sheets"), "options.sheets: '8' is not a whole number"),
        ("out of range", put(0, "options", "sheets"),
         "options.sheets: 0 is out of range: expected 1 to 500"),
        ("tampered row", put("12a41231", "sheets", 0, "rows", 2),
         "sheets[0].rows[2]: '12a41231' is not valid: expected 4 to 20 digits 1-3"),
        ("bad size", put("8x21", "options", "size"),
         "options.size: '8x21' is not valid: expected ROWSxCOLS with sides from 4 to 20"),
        ("sheet not of the size", put("6x8", "options", "size"),
         "sheet 1 is 8x8, options.size is 6x8"),
        ("tampered mix", put("33333333", "sheets", 0, "rows", 0),
         "expected 32, 21 and 11 for 8 x 8 (the 3:2:1 mix)"),
    ],
    "colour-diplomacy": [
        ("missing key", drop("circle_colours"), "missing key 'circle_colours'"),
        ("unknown key", put("big", "options", "board"),
         "options: unknown key 'board'; expected players or variant"),
        ("wrong type", put("1", "circle_colours", 0),
         "circle_colours[0]: '1' is not a whole number"),
        ("out of range", put(11, "options", "players"),
         "options.players: 11 is not valid: expected 4, 5, 6, 7, 8, 9 or 10"),
        ("tampered colour", put(7, "circle_colours", 0),
         "circle_colours[0]: 7 is out of range: expected 1 to 6"),
        ("repeated colour", put(1, "circle_colours", 0),
         "circle_colours: 1 appears more than once"),
        ("colours for other players", put(5, "options", "players"),
         "circle_colours: 6 items; expected 5 (one player number 1-5 per circle, for 5 players)"),
    ],
    "billabong": [
        ("missing key", drop("seed"), "missing key 'seed'"),
        ("unknown key", put([], "board"), "unknown key 'board'; expected game, format_version, "
         "seed, options, placement or fairness"),
        ("wrong type", put("a1 a2 a3 a4 a5", "placement", 0),
         "placement[0]: 'a1 a2 a3 a4 a5' is not a list"),
        ("out of range", put(5, "options", "players"),
         "options.players: 5 is not valid: expected 2, 3 or 4"),
        ("tampered square", put("q2", "placement", 0, 4),
         "placement[0][4]: 'q2' is not valid: expected a square name"),
        ("square in the lake", put("h7", "placement", 1, 0),
         "placement of blue: h7 is in the lake"),
        ("placement for other players", put(3, "options", "players"),
         "placement: 2 items; expected 3"),
    ],
    "platypus": [
        ("missing key", drop("tables", "blue", "emu-green"),
         "tables.blue: missing key 'emu-green'"),
        ("unknown key", put({}, "tables", "green"),
         "tables: unknown key 'green'; expected red or blue"),
        ("wrong type", put(7, "tables", "red", "emu-yellow"),
         "tables.red.emu-yellow: 7 is not a string"),
        ("out of range", put("deck", "options", "deal"),
         "options.deal: 'deck' is not valid: expected 'uniform' or 'pack'"),
        ("tampered table", put("purple emu wattle", "tables", "red", "emu-yellow"),
         "tables.red.emu-yellow: 'purple emu wattle' is not valid: "
         "expected COLOUR ANIMAL TREE, e.g. 'green emu ghost gum'"),
        ("tampered pack deal", lambda d: (put("pack", "options", "deal")(d),
                                          every_column("green platypus wattle")(d)),
         "tables: the tables hold 14 green cards but the Colour pack of the pack deal has 8"),
    ],
    "wallaby": [
        ("missing key", drop("board"), "missing key 'board'"),
        ("unknown key", put("yes", "options", "scarecrow"),
         "options: unknown key 'scarecrow'; expected players, variant, full-board, tile-backs "
         "or tiles"),
        ("wrong type", put(13, "set_aside"), "set_aside: 13 is not a string"),
        ("out of range", put("maybe", "options", "full-board"),
         "options.full-board: 'maybe' is not valid: expected 'no' or 'yes'"),
        ("tampered row", put("1111311", "board", 0),
         "board[0]: '1111311' is not valid: expected 6 digits 1-3"),
        ("board for other players", put(3, "options", "players"), "board: 6 items; expected 7"),
        ("tampered tile counts", put("111111", "board", 1),
         "board and set_aside hold 22 of 1, 12 of 2, 15 of 3"),
        ("full board off the children's variant", put("yes", "options", "full-board"),
         "--full-board yes applies only to --variant children with --players 2"),
    ],
}  # fmt: skip


def default_document(name: str) -> dict[str, Any]:
    game = GAMES[name]
    document: dict[str, Any] = json.loads(
        setup_json(game, game.random_setup(1, game.info.resolve(None, None, {})))
    )
    if name == "billabong":
        document["placement"] = [list(squares) for squares in PLACEMENT]
    return document


def refused(tmp_path: Path, name: str, document: dict[str, Any]) -> str:
    """The one line `pnp kit` prints refusing `document`, after checking it wrote nothing."""
    path, out = tmp_path / "setup.json", tmp_path / "out"
    path.write_text(json.dumps(document))
    result = runner.invoke(app, ["kit", name, "--setup", str(path), "--out", str(out)])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert not out.exists()
    prefix = f"pnp: error: setup file {path}: "
    assert lines[0].startswith(prefix), lines[0]
    return lines[0].removeprefix(prefix)


def test_every_game_has_its_cases() -> None:
    assert set(CASES) == set(GAMES)
    for name, cases in CASES.items():
        assert schema_problem(default_document(name), name) is None, name
        assert len(cases) >= 6, name


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [(name, edit, message) for name, cases in CASES.items() for _, edit, message in cases],
    ids=[f"{name}-{what}" for name, cases in CASES.items() for what, _, _ in cases],
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
