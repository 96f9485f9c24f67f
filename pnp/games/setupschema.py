"""The JSON Schemas of setup.json: `templates/schemas/<game>.schema.json`, JSON Schema 2020-12.

A game's schema describes its whole setup file: the common keys, the options with their allowed
values, and the game's own data (types, lengths, patterns, required keys, no unknown keys). It is
derived, never written by hand: the options from the game's `GameInfo`, the data from its record
(`Game.data_type`, see setupdata.py), plus the game's `schema_notes` for what types cannot say
(a description, shapes that depend on the options). `write_schemas` writes the files
(`python -m pnp.kits.schemas`) and a test checks they equal what the code derives. The
parts every game shares (seed, fairness evidence) are in `common.schema.json`, which the game
schemas refer to by its file name, so any JSON Schema tool resolves it beside them. What a schema
cannot say (tile counts, a pack deal's card counts, a square in the lake) the game's check_data
checks afterwards. A schema error is told in one line: the JSON path and the problem in words.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import SetupError, one_of
from pnp.games.base import Game, GameInfo
from pnp.games.options import (
    ChoiceOption,
    FileOption,
    GridSizeOption,
    IntOption,
    Option,
    OptionRecord,
    YesNoOption,
)
from pnp.games.setupdata import JsonObject, record_schema
from pnp.templates import load_json, templates_dir

if TYPE_CHECKING:
    from jsonschema import ValidationError
    from jsonschema.protocols import Validator

FOLDER = "schemas"
COMMON = "common.schema.json"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
HEAD = ("game", "format_version", "seed", "options")  # checked before the game's data
_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "a string",
    "array": "a list",
    "object": "an object",
    "boolean": "true or false",
    "null": "null",
}
_SHOWN = 40  # characters of a value an error message quotes


def schema_name(game: str) -> str:
    return f"{game}.schema.json"


def derive_schema(game: Game[Any], printed: type[OptionRecord] = OptionRecord) -> JsonObject:
    """The JSON Schema of `game`'s setup.json, from its info, its data record and its notes;
    `printed` is the record of its kit's print options, which setup.json records beside the
    game's own (the kit layer passes it: games know no kit)."""
    info, notes = game.info, dict(game.schema_notes)
    data = record_schema(game.data_type)
    schema: JsonObject = {
        "$schema": DRAFT,
        "title": f"pnp setup.json of {info.title}",
        "description": notes.pop("description"),
        "type": "object",
        "properties": {
            "game": {"const": info.name},
            "format_version": {"const": game.format_version},
            "seed": {"$ref": f"{COMMON}#/$defs/seed"},
            "options": options_schema(info, printed),
            **data["properties"],
            "fairness": {"$ref": f"{COMMON}#/$defs/fairness"},
        },
        "required": [*HEAD, *data.get("required", [])],
        "additionalProperties": False,
    }
    return _merged(schema, notes)


def options_schema(info: GameInfo, printed: type[OptionRecord] = OptionRecord) -> JsonObject:
    """The `options` object: players, variant, the game's options and its kit's print options,
    each with the values accepted; a left-out option takes its default. A file option (a board
    file) is never recorded: the setup holds what it read."""
    properties: JsonObject = {
        "players": {"enum": list(info.players)},
        "variant": {"enum": list(info.variants)},
    }
    specs = [spec for record in (info.options_type, printed) for _, spec in record.specs()]
    properties.update(
        {spec.name: _option_schema(spec) for spec in specs if not isinstance(spec, FileOption)}
    )
    return {
        "description": "the options the setup was drawn with; any left out take their defaults",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }


def _option_schema(option: Option[Any]) -> JsonObject:
    if isinstance(option, ChoiceOption):
        return {"enum": list(option.choices)}
    if isinstance(option, YesNoOption):
        return {"enum": ["no", "yes"]}
    if isinstance(option, IntOption):
        if option.choices:
            return {"enum": list(option.choices)}
        return {"type": "integer", "minimum": option.minimum, "maximum": option.maximum}
    if isinstance(option, GridSizeOption):
        side = "|".join(str(n) for n in range(option.min_side, option.max_side + 1))
        return {
            "type": "string",
            "pattern": f"^({side})x({side})$",
            "description": option.accepted(),
        }
    raise TypeError(f"no JSON Schema for the stored option {option.name!r}")


def _merged(schema: JsonObject, notes: Mapping[str, Any]) -> JsonObject:
    """`schema` with `notes` merged in: objects key by key, anything else replaced."""
    merged = dict(schema)
    for key, value in notes.items():
        old = merged.get(key)
        if isinstance(old, dict) and isinstance(value, Mapping):
            merged[key] = _merged(old, value)
        else:
            merged[key] = value
    return merged


def schema_text(game: Game[Any], printed: type[OptionRecord] = OptionRecord) -> str:
    """The text of `game`'s schema file, as `write_schemas` writes it."""
    return json.dumps(derive_schema(game, printed), indent=2, ensure_ascii=False) + "\n"


def write_schemas(
    games: Iterable[tuple[Game[Any], type[OptionRecord]]], folder: Path | None = None
) -> list[Path]:
    """Write the schema file of each (game, its kit's print options) (by default into
    templates/schemas); the paths written. `python -m pnp.kits.schemas` runs it for every game."""
    folder = templates_dir() / FOLDER if folder is None else folder
    written = []
    for game, printed in games:
        path = folder / schema_name(game.info.name)
        path.write_text(schema_text(game, printed), encoding="utf-8")
        written.append(path)
    return written


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A schema of templates/schemas by file name."""
    schema: dict[str, Any] = load_json(f"{FOLDER}/{name}")
    return schema


def head_schema(schema: Mapping[str, Any]) -> JsonObject:
    """The part of a game's schema for the common keys and the options, which are checked
    before the data: a file for 5 players is told so, not that its board is 6 rows short."""
    properties = schema["properties"]
    return {
        "$schema": DRAFT,
        "type": "object",
        "properties": {key: properties[key] for key in HEAD},
        "required": [key for key in schema["required"] if key in HEAD],
    }


def whole_string_pattern(pattern: str) -> str:
    r"""`pattern` for Python's `re.search` with JSON Schema's meaning: `$` ends the string.

    A schema's pattern is an ECMA-262 regex, where `$` matches only at the very end; Python's
    `$` also matches before a final newline, so `"s1\n"` would pass `^[a-z0-9]+$`. Each `$`
    not escaped becomes `\Z`.
    """
    return re.sub(r"(?<!\\)\$", r"\\Z", pattern)


def _pattern(
    validator: Validator, pattern: str, instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    """The `pattern` keyword with JSON Schema's `$` (see `whole_string_pattern`)."""
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not re.search(
        whole_string_pattern(pattern), instance
    ):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@cache
def _validator(game: str, head: bool) -> Validator:
    # jsonschema loads in ~0.1 s: only commands that read a setup file pay for it.
    from jsonschema import Draft202012Validator, validators
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    common = Resource.from_contents(load_schema(COMMON), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(COMMON, common)
    schema = load_schema(schema_name(game))
    checker: type[Validator] = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, {"pattern": _pattern}
    )
    return checker(head_schema(schema) if head else schema, registry=registry)


def schema_problem(document: Mapping[str, Any], game: str) -> str | None:
    """The first way `document` breaks `game`'s schema, in words, or None.

    The common keys and options first (see `head_schema`), then the whole file. Of all the
    errors, the one nearest the top of the file: the shallowest, and of those at one depth the
    first in the file's own order (a whole list of rows too short is told before one row in it,
    the board before the tiles set aside).
    """
    from jsonschema.exceptions import best_match

    def relevance(error: ValidationError) -> tuple[int, tuple[int, ...]]:
        path = error.absolute_path
        return -len(path), tuple(-k for k in _positions(document, path))

    for head in (True, False):
        error = best_match(_validator(game, head).iter_errors(document), key=relevance)
        if error is not None:
            return describe(error)
    return None


def _positions(document: Any, path: Iterable[str | int]) -> list[int]:
    """Where each step of `path` is in the document: a key's place among its object's keys (in
    the file's order), a list position as it is."""
    positions, node = [], document
    for part in path:
        positions.append(list(node).index(part) if isinstance(node, Mapping) else int(part))
        node = node[part]
    return positions


def check_against_schema(document: Mapping[str, Any], game: str) -> None:
    """SetupError naming the JSON path and the problem if `document` breaks the schema."""
    problem = schema_problem(document, game)
    if problem is not None:
        raise SetupError(problem)


def describe(error: ValidationError) -> str:
    """`path: problem`, e.g. `rows[2]: '12a4' is not valid: expected 7 digits 1-3, the fish on each
    tile`: the schema's description of the failing value, where it has one, says what it expects."""
    where = json_path(error.absolute_path)
    problem = _problem(error)
    words = error.schema.get("description") if isinstance(error.schema, Mapping) else None
    if words and error.validator not in ("required", "additionalProperties", "type", "pattern"):
        problem += f" ({words})"
    return f"{where}: {problem}" if where else problem


def json_path(parts: Iterable[str | int]) -> str:
    """`sheets[0].rows[2]`: keys joined by dots, list positions in brackets."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


def _problem(error: ValidationError) -> str:
    keyword = str(error.validator)
    value: Any = error.instance
    rule: Any = error.validator_value
    schema: Mapping[str, Any] = error.schema if isinstance(error.schema, Mapping) else {}
    if keyword == "required":
        missing = [key for key in rule if key not in value]
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        return f"missing key {missing[0]!r}{more}"
    if keyword == "additionalProperties":
        known = list(schema.get("properties", {}))
        unknown = [key for key in value if key not in known]
        return f"unknown key {unknown[0]!r}; expected {one_of(known)}"
    if keyword == "type":
        expected = [rule] if isinstance(rule, str) else rule
        return f"{shown(value)} is not {one_of(_TYPE_WORDS[t] for t in expected)}"
    if keyword == "enum":
        return f"{shown(value)} is not valid: expected {one_of(shown(v) for v in schema['enum'])}"
    if keyword == "const":
        return f"{shown(value)} is not valid: expected {shown(schema['const'])}"
    if keyword == "pattern":
        if "description" in schema:  # the pattern in words
            return f"{shown(value)} is not valid: expected {schema['description']}"
        return f"{shown(value)} does not match {schema['pattern']}"
    if keyword in ("minLength", "maxLength"):
        span = _span(schema, "minLength", "maxLength")
        characters = "character" if len(value) == 1 else "characters"
        return f"{shown(value)} has {len(value)} {characters}; expected {span}"
    if keyword in ("minItems", "maxItems"):
        items = "item" if len(value) == 1 else "items"
        return f"{len(value)} {items}; expected {_span(schema, 'minItems', 'maxItems')}"
    if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{shown(value)} is out of range: expected {_range(schema)}"
    if keyword == "uniqueItems":
        repeated = [v for k, v in enumerate(value) if v in value[:k]]
        return f"{shown(repeated[0])} appears more than once" if repeated else "repeats an item"
    return error.message[:100]


def _span(schema: Mapping[str, Any], low: str, high: str) -> str:
    least, most = schema.get(low), schema.get(high)
    if least is not None and least == most:
        return str(least)
    if most is None:
        return f"at least {least}"
    return f"at most {most}" if least is None else f"{least} to {most}"


def _range(schema: Mapping[str, Any]) -> str:
    if "minimum" in schema and "maximum" in schema:
        return f"{schema['minimum']} to {schema['maximum']}"
    bounds = [
        f"{sign} {schema[key]}"
        for key, sign in (
            ("minimum", ">="),
            ("exclusiveMinimum", ">"),
            ("maximum", "<="),
            ("exclusiveMaximum", "<"),
        )
        if key in schema
    ]
    return " and ".join(bounds)


def shown(value: Any) -> str:
    """A value as a message quotes it: strings quoted, the rest as JSON, long ones cut short."""
    text = repr(value) if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
