"""`setup.json`: a setup written so it can be printed again or simulated, and read back checked.

The file is `{"game", "format_version", "seed", "options", ...}` followed by the game's own keys,
as the game's JSON Schema (templates/schemas/<game>.schema.json) describes it. Reading checks
every part and fails with one line that says what is wrong; the file itself is read within the
limits of pnp/games/userfile.py (a regular file of at most 1 MB, JSON at most 32 levels deep).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.errors import PnpError, SetupError, one_of
from pnp.games.base import MAX_SEED, Game, Setup
from pnp.games.setupdata import SetupData, from_json, to_json
from pnp.games.setupschema import check_against_schema
from pnp.games.userfile import FileProblem, JsonLimit, load_json, read_text

_COMMON_KEYS = ("game", "format_version", "seed", "options")
FAIRNESS = "fairness"  # optional: the evidence `pnp kit --fair` recorded


def setup_json(game: Game[Any], setup: Setup) -> str:
    """The text of `setup.json`: common keys first, then the game's data, stable key order."""
    document: dict[str, Any] = {
        "game": setup.game,
        "format_version": game.format_version,
        "seed": setup.seed,
        "options": {**setup.options.to_json(), **setup.kit_options},
    }
    document.update(to_json(setup.data))
    if setup.fairness is not None:
        document[FAIRNESS] = dict(setup.fairness)
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def read_setup(path: Path, games: dict[str, Game[Any]], expected: str | None = None) -> Setup:
    """The setup in `path`, checked; `expected` is the game the command was asked for."""
    where = f"setup file {path}"
    try:
        text = read_text(path)
    except FileProblem as problem:
        if problem.kind == "folder":
            raise SetupError(f"{where}: is a folder, expected a setup.json file") from None
        raise SetupError(f"{where}: {problem.detail}") from None
    if not text.strip():
        raise SetupError(f"{where}: the file is empty")
    try:
        document = load_json(text)
    except json.JSONDecodeError as exc:
        wording = exc.msg.removesuffix(" at").removesuffix(" starting")  # json's own wording
        raise SetupError(
            f"{where}: not valid JSON at line {exc.lineno}, column {exc.colno} ({wording})"
        ) from None
    except JsonLimit as exc:
        raise SetupError(f"{where}: {exc}") from None
    return parse_setup(document, games, expected, where)


def parse_setup(
    document: Any, games: dict[str, Game[Any]], expected: str | None, where: str
) -> Setup:
    """The setup a parsed setup.json holds, checked in three steps: the game and its format
    version, then the game's JSON Schema (the options first, then the data: shape, types,
    allowed values), then the game's own checks of what a schema cannot say. Each failure is
    one line starting with `where`."""
    if not isinstance(document, dict):
        raise SetupError(f"{where}: expected a JSON object with keys {one_of(_COMMON_KEYS)}")
    missing = [key for key in _COMMON_KEYS[:2] if key not in document]
    if missing:
        raise SetupError(f"{where}: missing key {missing[0]!r}")
    name = document["game"]
    if not isinstance(name, str) or name not in games:
        raise SetupError(f"{where}: unknown game {name!r}; expected {one_of(sorted(games))}")
    if expected is not None and name != expected:
        raise SetupError(f"{where}: is a setup of {name}, not of {expected}")
    game = games[name]
    _check_version(document["format_version"], game, where)
    try:
        check_against_schema(document, name)
    except SetupError as exc:
        raise SetupError(f"{where}: {exc}") from None
    _check_seed(document.get("seed"), where)
    own = {k: v for k, v in document.items() if k not in (*_COMMON_KEYS, FAIRNESS)}
    data = from_json(game.data_type, own)
    try:
        options, kit_options = game.info.read_options(document["options"])
    except SetupError as exc:
        raise SetupError(f"{where}: {exc}") from None
    except PnpError as exc:
        raise SetupError(f"{where}: options: {exc}") from None
    setup = Setup(name, document["seed"], options, data, document.get(FAIRNESS), kit_options)
    try:
        return game.check_setup(setup)
    except SetupError as exc:
        raise SetupError(f"{where}: {exc}") from None
    except PnpError as exc:
        raise SetupError(f"{where}: options: {exc}") from None


def listed_setups(game: Game[Any], setup: Setup) -> tuple[Setup, ...]:
    """The setups one setup lists (`GameInfo.listed`: a kit of several sheets), one per item;
    a setup that lists none is its own one."""
    key = game.info.listed
    items = _listed(setup.data, key) if key else ()
    if len(items) <= 1:
        return (setup,)
    return tuple(replace(setup, data=replace(setup.data, **{key: (item,)})) for item in items)


def joined_setups(game: Game[Any], setups: Sequence[Setup]) -> Setup:
    """One setup listing the items of `setups` (drawn with the same options), in order: the
    setup of a kit of several sheets, as its setup.json lists them."""
    key = game.info.listed
    if len(setups) == 1:
        return setups[0]
    if not key:
        raise ValueError(f"{game.info.name} lists no setups in one setup file")
    items = tuple(item for setup in setups for item in _listed(setup.data, key))
    return replace(setups[0], data=replace(setups[0].data, **{key: items}))


def _listed(data: SetupData, key: str) -> tuple[SetupData, ...]:
    """The items a setup's data lists under `key` (its field of that name)."""
    items: tuple[SetupData, ...] = getattr(data, key)
    return items


def _check_seed(seed: Any, where: str) -> None:
    """SetupError unless `seed` is null or a whole number written as one, within the seeds
    `--seed` takes: `1e20` would name a folder (`amazons-1e+20`) no command can draw again."""
    whole = isinstance(seed, int) and not isinstance(seed, bool)
    if seed is None or (whole and 0 <= seed <= MAX_SEED):
        return
    raise SetupError(
        f"{where}: seed {json.dumps(seed)} is not valid: expected null or a whole number from "
        f"0 to {MAX_SEED:,}, written without a decimal point or exponent"
    )


def _check_version(version: Any, game: Game[Any], where: str) -> None:
    """SetupError unless `version` is the format version this pnp reads for `game`."""
    if not isinstance(version, int) or isinstance(version, bool):
        raise SetupError(f"{where}: format_version must be a whole number")
    if version != game.format_version:
        age = "older" if version < game.format_version else "newer"
        raise SetupError(
            f"{where}: format_version {version} is {age} than the version {game.format_version} "
            f"this pnp reads for {game.info.name}; draw the setup again with this pnp"
        )
