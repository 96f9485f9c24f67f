"""Options: typed records per game, kit print options in the kit layer, structured errors.

The library raises InputError (field, value, accepted values) and never words a command-line
flag; only the commands do. Kit print options (`--sheets`, `--tile-backs`) belong to `pnp kit`
alone: the simulator and perft refuse them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pnp.errors import InputError
from pnp.games import GAMES
from pnp.games.options import FileOption, GameOptions
from pnp.games.setupfile import parse_setup, setup_json
from pnp.kits import KIT_OPTIONS
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from tests.support.cli import invoke


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "wallaby", "--tile-backs", "field", "--games", "4"],
        ["simulate", "paper-penguins", "--sheets", "3", "--games", "4"],
        ["balance", "wallaby", "--tile-backs", "field"],
        ["simulate", "wallaby", "--tiles", "all", "--games", "4"],
        ["balance", "wallaby", "--tiles", "all"],
        ["simulate", "platypus", "--allow-endless", "yes", "--games", "4"],
        ["balance", "platypus", "--allow-endless", "yes"],
        ["perft", "paper-penguins", "--sheets", "2"],
    ],
)
def test_kit_print_options_are_refused_outside_the_kit(args: list[str], tmp_path: Path) -> None:
    code, _, err = invoke(*args, "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert f"No such option: {args[2]}" in err
    assert not list(tmp_path.iterdir())


def test_perft_help_lists_no_kit_option_and_kit_help_lists_them() -> None:
    _, perft_help, _ = invoke("perft", "--help")
    assert "--sheets" not in perft_help and "--tile-backs" not in perft_help
    assert "--size" in perft_help and "--full-board" in perft_help
    _, kit_help, _ = invoke("kit", "--help")
    assert "--sheets" in kit_help and "--tile-backs" in kit_help
    assert "--tiles" in kit_help and "--allow-endless" in kit_help


def test_kit_options_apply_only_to_their_kit(tmp_path: Path) -> None:
    code, _, err = invoke("kit", "wallaby", "--sheets", "2", "--out", str(tmp_path))
    assert code == 2
    assert (
        "--sheets does not apply to wallaby; its own options: --full-board, --tile-backs or --tiles"
        in err
    )


def test_one_sheet_is_the_plain_kit_and_three_are_distinct(tmp_path: Path) -> None:
    for folder, extra in (("plain", []), ("one", ["--sheets", "1"]), ("three", ["--sheets", "3"])):
        out = str(tmp_path / folder)
        code, _, err = invoke("kit", "paper-penguins", "--seed", "21", *extra, "--out", out)
        assert code == 0, err
    assert files(tmp_path / "plain") == files(tmp_path / "one")
    three = json.loads((tmp_path / "three" / "paper-penguins-21" / "setup.json").read_text())
    plain = json.loads((tmp_path / "plain" / "paper-penguins-21" / "setup.json").read_text())
    rows = [tuple(sheet["rows"]) for sheet in three["sheets"]]
    assert len(set(rows)) == 3 and rows[0] == tuple(plain["sheets"][0]["rows"])
    assert three["options"] == {"players": 2, "variant": "standard", "size": "8x8", "sheets": 3}


def test_a_setup_file_of_three_sheets_plays_every_sheet(tmp_path: Path) -> None:
    invoke("kit", "paper-penguins", "--seed", "4", "--sheets", "3", "--out", str(tmp_path))
    setup = tmp_path / "paper-penguins-4" / "setup.json"
    code, out, err = invoke("perft", "paper-penguins", "--setup", str(setup))
    assert code == 0, err
    assert [line.split()[0] for line in out.splitlines()] == ["4/s1", "4/s2", "4/s3"]
    code, _, err = invoke(
        "simulate", "paper-penguins", "--setup", str(setup), "--games", "6",
        "--seed", "1", "--workers", "1", "--out", str(tmp_path / "sim"), "--json",
    )  # fmt: skip
    assert code == 0, err
    lines = (tmp_path / "sim" / "paper-penguins-sim-1" / "results.jsonl").read_text().splitlines()
    labels = {json.loads(line)["setup"] for line in lines[1:]}
    assert labels == {"4/s1", "4/s2", "4/s3"}


def test_tile_backs_are_recorded_and_reprinted_from_the_setup_file(tmp_path: Path) -> None:
    invoke(
        "kit", "wallaby", "--seed", "3", "--tile-backs", "field", "--tiles", "all",
        "--out", str(tmp_path / "a"),
    )  # fmt: skip
    setup = tmp_path / "a" / "wallaby-3" / "setup.json"
    options = json.loads(setup.read_text())["options"]
    assert options == {
        "players": 2,
        "variant": "standard",
        "full-board": "no",
        "tile-backs": "field",
        "tiles": "all",
    }
    code, _, err = invoke("kit", "wallaby", "--setup", str(setup), "--out", str(tmp_path / "b"))
    assert code == 0, err
    assert files(tmp_path / "a") == files(tmp_path / "b")


def every_given_options() -> list[tuple[str, dict[str, str]]]:
    """For each game, options given one at a time at a non-default value it accepts."""
    cases: list[tuple[str, dict[str, str]]] = [(name, {}) for name in GAMES]
    cases += [
        ("amazons", {"size": "6"}),
        ("platypus", {"deal": "pack"}),
        ("paper-penguins", {"size": "5x7"}),
    ]
    return cases


@pytest.mark.parametrize(("name", "given"), every_given_options())
def test_typed_options_round_trip_through_setup_json(name: str, given: dict[str, str]) -> None:
    game = GAMES[name]
    options = game.info.resolve(None, None, given)
    assert type(options) is game.info.options_type and isinstance(options, GameOptions)
    setup = game.random_setup(2, options)
    document = json.loads(setup_json(game, setup))
    assert document["options"] == options.to_json()
    back = parse_setup(document, GAMES, name, "here")
    assert back.options == setup.options and back.data == setup.data


@pytest.mark.parametrize("name", list(GAMES))
def test_library_option_errors_carry_their_parts_and_no_flag(name: str) -> None:
    record = GAMES[name].info.options_type
    for _, spec in record.specs():
        if isinstance(spec, FileOption):
            continue
        with pytest.raises(InputError) as caught:
            spec.parse("nonsense")
        error = caught.value
        assert (error.field, error.value, error.accepted) == (
            spec.name,
            "nonsense",
            spec.accepted(),
        )
        assert "--" not in str(error)
    for players, variant in ((99, None), (None, "nonsense")):
        with pytest.raises(InputError) as caught:
            GAMES[name].info.resolve(players, variant, {})
        assert caught.value.field == ("players" if players else "variant")
        assert "--" not in str(caught.value) and f"for {name}" in str(caught.value)
    with pytest.raises(InputError) as caught:
        GAMES[name].info.resolve(None, None, {"nonsense": "1"})
    assert caught.value.field == "nonsense" and "--" not in str(caught.value)


@pytest.mark.parametrize(
    ("settings", "field", "flagged"),
    [
        ({"ink": "gold"}, "ink", "--ink gold is not valid: expected color, saver or bw"),
        ({"bleed": 9.0}, "bleed", "--bleed 9 is not valid: expected 0 to 5 (mm)"),
        ({"back_offset": (30.0, 0.0)}, "back-offset", "--back-offset is not valid: expected X,Y"),
        ({"cut_colour": "red"}, "cut-colour", "--cut-colour red is not valid: expected a colour"),
    ],
)
def test_print_settings_raise_structured_errors(
    settings: dict[str, Any], field: str, flagged: str
) -> None:
    with pytest.raises(InputError) as caught:
        PrintSettings(get_paper("a4"), **settings)
    assert caught.value.field == field and "--" not in str(caught.value)
    assert caught.value.worded(lambda name: f"--{name}").startswith(flagged)


def test_every_kit_declares_its_print_options_as_a_record() -> None:
    assert KIT_OPTIONS["wallaby"].names() == ("tile-backs", "tiles")
    assert KIT_OPTIONS["paper-penguins"].names() == ("sheets",)
    assert KIT_OPTIONS["platypus"].names() == ("allow-endless",)
    assert KIT_OPTIONS["colour-diplomacy"].names() == ("start-colours",)
    assert all(not KIT_OPTIONS[name].names() for name in GAMES if name not in (
        "wallaby", "paper-penguins", "platypus", "colour-diplomacy"))  # fmt: skip
    for name in GAMES:
        assert not set(KIT_OPTIONS[name].names()) & set(GAMES[name].info.options_type.names())


def test_print_options_given_with_fair_are_kept(tmp_path: Path) -> None:
    code, _, err = invoke(
        "kit", "wallaby", "--fair", "--fair-games", "8", "--tolerance", "0.45", "--seed", "1",
        "--tile-backs", "field", "--tiles", "all", "--format", "pdf", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    (setup,) = tmp_path.glob("wallaby-*/setup.json")
    options = json.loads(setup.read_text())["options"]
    assert options["tile-backs"] == "field" and options["tiles"] == "all"
