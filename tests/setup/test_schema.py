"""setup.json and its JSON Schema (templates/schemas/<game>.schema.json), for every game.

Every setup a game draws validates (every player count, variant and option value, several seeds),
so the schema and the game cannot drift apart; the schema's options are the game's options; and
a bad setup file is refused through the CLI in one line naming the JSON path and the problem.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import pytest
from jsonschema import Draft202012Validator
from rich.console import Console

from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.games.base import Game, Setup
from pnp.games.options import (
    ChoiceOption,
    FileOption,
    GridSizeOption,
    IntOption,
    Option,
    YesNoOption,
)
from pnp.games.setupdata import Schema, SetupData, from_json, record_schema, to_json
from pnp.games.setupfile import parse_setup, setup_json
from pnp.games.setupschema import (
    COMMON,
    FOLDER,
    json_path,
    load_schema,
    schema_name,
    schema_text,
    write_schemas,
)
from pnp.games.setupschema import schema_problem as problem
from pnp.kits import KIT_OPTIONS
from pnp.templates import templates_dir

SEEDS = range(4)


def stored_options(game: Game[Any]) -> list[Option[Any]]:
    """The options a setup.json of `game` records: the game's, then its kit's print options."""
    name = game.info.name
    specs = [*game.info.options_type.specs(), *KIT_OPTIONS[name].specs()]
    return [spec for _, spec in specs if not isinstance(spec, FileOption)]


def option_values(option: Option[Any]) -> list[str]:
    """Command line values of `option` that change what a setup holds."""
    if isinstance(option, ChoiceOption):
        return list(option.choices)
    if isinstance(option, YesNoOption):
        return ["no", "yes"]
    if isinstance(option, IntOption):
        values = option.choices or sorted({option.minimum, option.default, option.maximum})
        return [str(v) for v in values]
    if isinstance(option, GridSizeOption):
        low, high = option.min_side, option.max_side
        return [f"{low}x{low}", str(option.default), f"{high}x{high}", f"{low}x{high}"]
    raise AssertionError(f"no values for {type(option).__name__}")


def drawn_setups(game: Game[Any]) -> Iterator[tuple[str, Setup]]:
    """A setup for every player count, variant and option value (one option varied at a time),
    for several seeds; combinations the game refuses (PnpError) are left out."""
    info, kit = game.info, KIT_OPTIONS[game.info.name]
    varied = [{}] + [{o.name: v} for o in stored_options(game) for v in option_values(o)]
    for players in info.players:
        for variant in info.variants:
            for given in varied:
                label = f"{players} players, {variant}, {given}"
                try:
                    options = info.resolve(players, variant, given, others=kit.names())
                    printed = kit.given({k: v for k, v in given.items() if k in kit.names()})
                    setups = [printed.draw(game, seed, options) for seed in SEEDS]
                except PnpError:
                    continue
                yield from ((f"{label}, seed {s.seed}", s) for s in setups)


def document_of(game: Game[Any], setup: Setup) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(setup_json(game, setup))
    return document


@pytest.mark.parametrize("name", list(GAMES))
def test_every_setup_a_game_draws_validates_against_its_schema(name: str) -> None:
    game = GAMES[name]
    drawn = list(drawn_setups(game))
    for label, setup in drawn:
        assert problem(document_of(game, setup), name) is None, label
    for option in stored_options(game):  # each value drawn at least once
        values = {
            json.dumps(document_of(game, setup)["options"][option.name]) for _, setup in drawn
        }
        assert len(values) == len(option_values(option)), option.name


@pytest.mark.parametrize("name", list(GAMES))
def test_the_schema_file_is_the_one_the_code_derives(name: str) -> None:
    """templates/schemas/<game>.schema.json is generated (`python -m pnp.kits.schemas`)
    from the game's data record, options and schema notes; it never drifts from them."""
    path = templates_dir() / FOLDER / schema_name(name)
    assert path.read_text(encoding="utf-8") == schema_text(GAMES[name], KIT_OPTIONS[name]), (
        f"{path.name} differs from the code: run python -m pnp.kits.schemas"
    )


def test_write_schemas_writes_what_the_test_compares(tmp_path: Path) -> None:
    written = write_schemas([(GAMES["wallaby"], KIT_OPTIONS["wallaby"])], tmp_path)
    assert written == [tmp_path / "wallaby.schema.json"]
    assert written[0].read_text(encoding="utf-8") == schema_text(
        GAMES["wallaby"], KIT_OPTIONS["wallaby"]
    )


@pytest.mark.parametrize("name", list(GAMES))
def test_a_drawn_setup_reads_back_as_the_same_record(name: str) -> None:
    """The JSON form is the record's: drawn, written, read and checked, it is the same record."""
    game = GAMES[name]
    for label, setup in drawn_setups(game):
        assert isinstance(setup.data, game.data_type), label
        read = parse_setup(document_of(game, setup), GAMES, name, "test")
        assert read.data == setup.data, label
        assert from_json(game.data_type, to_json(setup.data)) == setup.data, label


@dataclass(frozen=True)
class Inner(SetupData):
    digits: Annotated[str, Schema(pattern="^[1-3]+$")]


@dataclass(frozen=True)
class Outer(SetupData):
    rows: tuple[Inner, ...]
    pair: tuple[int, int]
    note: str | None = None


def test_a_record_gives_its_json_and_its_schema() -> None:
    record = Outer((Inner("12"),), (1, 2))
    assert to_json(record) == {"rows": [{"digits": "12"}], "pair": [1, 2]}
    assert from_json(Outer, {"rows": [{"digits": "12"}], "pair": [1, 2]}) == record
    assert record_schema(Outer) == {
        "type": "object",
        "properties": {
            "rows": {"type": "array", "items": {
                "type": "object",
                "properties": {"digits": {"type": "string", "pattern": "^[1-3]+$"}},
                "required": ["digits"], "additionalProperties": False,
            }},
            "pair": {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "integer"}],
                     "minItems": 2, "maxItems": 2},
            "note": {"type": "string"},
        },
        "required": ["rows", "pair"],
        "additionalProperties": False,
    }  # fmt: skip
    with pytest.raises(TypeError, match="expected Outer data, got Inner"):
        Outer.of(Inner("1"))


def test_a_setup_from_a_board_file_validates(example_sheet: Path) -> None:
    game = GAMES["paper-penguins"]
    options = game.info.resolve(None, None, {"board": str(example_sheet)})
    setup = KIT_OPTIONS["paper-penguins"](sheets=2).draw(game, 3, options)  # type: ignore[call-arg]
    assert problem(document_of(game, setup), game.info.name) is None


def test_fairness_evidence_validates_and_reads_back() -> None:
    from simulate.run.executors import Execution
    from simulate.studies.fair import find_fair_setup

    game = GAMES["amazons"]
    options = game.info.resolve(None, None, {"size": "6"})
    setup = find_fair_setup(
        game, options, 3, tolerance=0.45, games=20, agents=("random", "random"),
        execution=Execution(1), console=Console(quiet=True),
    )  # fmt: skip
    document = document_of(game, setup)
    assert "fairness" in document and problem(document, "amazons") is None
    assert parse_setup(document, GAMES, "amazons", "test").fairness == setup.fairness
    document["fairness"]["seats"][0]["mean_s"] = 1.5
    assert problem(document, "amazons") == (
        "fairness.seats[0].mean_s: 1.5 is out of range: expected 0 to 1"
    )


SUMMARY = "summary.schema.json"  # a run's summary.json (tests/simulate/test_summary_schema.py)


def test_every_game_has_a_valid_schema_and_no_schema_lacks_a_game() -> None:
    folder = templates_dir() / FOLDER
    names = {path.name for path in folder.glob("*.schema.json")}
    assert names == {COMMON, SUMMARY} | {schema_name(name) for name in GAMES}
    for name in names:
        Draft202012Validator.check_schema(load_schema(name))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_schema_states_the_games_name_version_and_options(name: str) -> None:
    game, schema = GAMES[name], load_schema(schema_name(name))
    properties = schema["properties"]
    assert properties["game"] == {"const": name}
    assert properties["format_version"] == {"const": game.format_version}
    assert {"game", "format_version", "seed", "options"} <= set(schema["required"])
    assert schema["additionalProperties"] is False
    options = properties["options"]
    stored = stored_options(game)
    assert list(options["properties"]) == ["players", "variant", *(o.name for o in stored)]
    assert options["properties"]["players"] == {"enum": list(game.info.players)}
    assert options["properties"]["variant"] == {"enum": list(game.info.variants)}
    for option in stored:
        check_option_schema(option, options["properties"][option.name])


def check_option_schema(option: Option[Any], schema: dict[str, Any]) -> None:
    """The schema of an option accepts exactly what the option accepts, in its stored form."""
    valid = Draft202012Validator(schema).is_valid
    if isinstance(option, ChoiceOption):
        assert schema["enum"] == list(option.choices)
    elif isinstance(option, YesNoOption):
        assert schema["enum"] == ["no", "yes"]
    elif isinstance(option, IntOption):
        tried = range(option.minimum - 2, option.maximum + 3)
        assert [v for v in tried if valid(v)] == [option.parse(str(v)) for v in tried
                                                  if _parses(option, str(v))]  # fmt: skip
    elif isinstance(option, GridSizeOption):
        sizes = [f"{r}x{c}" for r in range(1, 25) for c in range(1, 25)]
        assert [s for s in sizes if valid(s)] == [s for s in sizes if _parses(option, s)]
    else:
        raise AssertionError(f"no schema check for {type(option).__name__}")


def _parses(option: Option[Any], text: str) -> bool:
    try:
        option.parse(text)
    except PnpError:
        return False
    return True


def test_json_paths_read_as_players_write_them() -> None:
    assert json_path(["sheets", 0, "rows", 2]) == "sheets[0].rows[2]"
    assert json_path(["placement", 1, 4]) == "placement[1][4]"
    assert json_path(["options", "full-board"]) == "options.full-board"
    assert json_path([]) == ""
