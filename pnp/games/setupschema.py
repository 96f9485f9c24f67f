"""The JSON Schemas of setup.json: `templates/schemas/<game>.schema.json`, JSON Schema 2020-12.

A game's schema describes its whole setup file: the common keys, the options with their allowed
values, and the game's own data (types, lengths, patterns, required keys, no unknown keys). The
parts every game shares (seed, fairness evidence) are in `common.schema.json`, which the game
schemas refer to by its file name, so any JSON Schema tool resolves it beside them. What a schema
cannot say (tile counts, a pack deal's card counts, a square in the lake) the game's check_data
checks afterwards. A schema error is told in one line: the JSON path and the problem in words.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from pnp.errors import SetupError, one_of
from pnp.templates import load_json

if TYPE_CHECKING:
    from jsonschema import ValidationError
    from jsonschema.protocols import Validator

FOLDER = "schemas"
COMMON = "common.schema.json"
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


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A schema of templates/schemas by file name."""
    schema: dict[str, Any] = load_json(f"{FOLDER}/{name}")
    return schema


@cache
def _validator(game: str) -> Validator:
    # jsonschema loads in ~0.1 s: only commands that read a setup file pay for it.
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    common = Resource.from_contents(load_schema(COMMON), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(COMMON, common)
    return Draft202012Validator(load_schema(schema_name(game)), registry=registry)


def schema_problem(document: Mapping[str, Any], game: str) -> str | None:
    """The first way `document` breaks `game`'s schema, in words, or None.

    Of all the errors, the one nearest the top of the file: the shallowest, and of those at one
    depth the first in the file's own order (a whole list of rows too short is told before one
    row in it, the board before the tiles set aside).
    """
    from jsonschema.exceptions import best_match

    def relevance(error: ValidationError) -> tuple[int, tuple[int, ...]]:
        path = error.absolute_path
        return -len(path), tuple(-k for k in _positions(document, path))

    error = best_match(_validator(game).iter_errors(document), key=relevance)
    return None if error is None else describe(error)


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
