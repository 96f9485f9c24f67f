"""The JSON Schema of summary.json: `templates/schemas/summary.schema.json`, JSON Schema 2020-12.

summary.json is written by the `to_json` of the run's typed records (simulate/measure/stats.py
`Rate`, `Distribution`, `Standings`; measures.py `Measures`; matches.py, setups.py `spread`,
deals.py, komi.py, verdict.py `Verdict`; summary.py `RunSummary` with the run's provenance). Their
JSON forms are not a field for field copy of the records (intervals as pairs, rounding, empty
forms), so the schema is built here, one definition per record, with every list of names taken
from the code that writes them (the outcomes, the percentiles, the setup verdicts, the measures
over setups, an agent's settings), so a name added there is a name added here.
`python -m simulate.report.schema` writes the file; a test checks it equals what this module
builds, and tests/conftest.py checks every summary.json the tests write against it. Every
object is closed (`additionalProperties` false): a key summary.json gains or loses fails the
tests until the schema says so.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pnp.games.base import Outcome
from pnp.templates import templates_dir
from simulate.agents.base import SETTINGS_FIELDS
from simulate.measure.setups import MEASURES, VERDICTS
from simulate.measure.stats import PERCENTILES

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_PATH = templates_dir() / "schemas" / "summary.schema.json"

Json = dict[str, Any]

INTEGER: Json = {"type": "integer"}
NUMBER: Json = {"type": "number"}
STRING: Json = {"type": "string"}
BOOLEAN: Json = {"type": "boolean"}
NULL: Json = {"type": "null"}


def ref(name: str) -> Json:
    return {"$ref": f"#/$defs/{name}"}


def closed(properties: Mapping[str, Json], optional: Sequence[str] = ()) -> Json:
    """An object with exactly these keys, all required but `optional`."""
    return {
        "type": "object",
        "properties": dict(properties),
        "required": [key for key in properties if key not in optional],
        "additionalProperties": False,
    }


def array(items: Json) -> Json:
    return {"type": "array", "items": items}


def maybe(schema: Json) -> Json:
    return {"anyOf": [schema, NULL]}


def per_outcome(schema: Json) -> Json:
    return closed({kind.value: schema for kind in Outcome})


# A distribution of at least one value (simulate/measure/stats.py `Distribution.to_json`).
DISTRIBUTION: Json = {
    "n": {"type": "integer", "minimum": 1},
    "mean": NUMBER,
    "sd": NUMBER,
    "min": NUMBER,
    **{f"p{q}": NUMBER for q in PERCENTILES},
    "max": NUMBER,
}


def _distribution() -> Json:
    return {"oneOf": [closed({"n": {"const": 0}}), closed(DISTRIBUTION)]}


STANDINGS = {
    "wins": INTEGER,
    "draws": INTEGER,
    "losses": INTEGER,
    "win_rate": NUMBER,
    "ci95": ref("interval"),
    "points_share": NUMBER,
    "points_ci95": ref("interval"),
}
SEAT = {
    "seat": INTEGER,
    **STANDINGS,
    "vs_fair": NUMBER,
    "fair_in_ci95": BOOLEAN,
    "mean_s": NUMBER,
    "s_ci95": ref("interval"),
    "mean_score": NUMBER,
    "score": ref("distribution"),
}
RATE = {"count": INTEGER, "rate": NUMBER, "ci95": ref("interval")}


def _fact() -> Json:
    game = {"kind": {"const": "game"}}
    counts = {"type": "object", "additionalProperties": INTEGER}
    by_value = {"type": "object", "additionalProperties": closed({"seats": INTEGER, **STANDINGS})}
    return {
        "oneOf": [
            closed({**game, **RATE}),
            closed({**game, **DISTRIBUTION}),
            closed({**game, "n": INTEGER, "counts": counts}),
            closed({**game, "n": {"const": 0}}),
            closed({"kind": {"const": "seat"}, "by_value": by_value}),
        ]
    }


def _matches() -> Json:
    return closed(
        {
            "matches": INTEGER,
            "outcomes": per_outcome(INTEGER),
            "participants": array(closed({"participant": INTEGER, **STANDINGS})),
            "drawn": ref("rate"),
            "one_player_won_every_game": ref("rate"),
            "one_seat_won_every_game": ref("rate"),
        }
    )


def _listed_game() -> Json:
    return closed(
        {
            "game": INTEGER,
            "setup": STRING,
            "players": array(STRING),
            "scores": maybe(array(NUMBER)),
            "ranks": array(INTEGER),
            "turns": INTEGER,
            "outcome": ref("outcome"),
            "winners": array(STRING),
        }
    )


def _listed_match() -> Json:
    return closed(
        {
            "setup": STRING,
            "players": array(STRING),
            "scores": array(NUMBER),
            "ranks": array(INTEGER),
            "outcome": ref("outcome"),
            "winners": array(STRING),
            "games": array(INTEGER),
        }
    )


def _over_setups() -> Json:
    over = {
        "oneOf": [
            closed({"setups": {"const": 0}}),
            closed(
                {
                    "setups": {"type": "integer", "minimum": 1},
                    "mean": NUMBER,
                    "sd": NUMBER,
                    "min": NUMBER,
                    "max": NUMBER,
                }
            ),
        ]
    }
    return closed({name: over for name in MEASURES}, optional=tuple(MEASURES))


def _setup_fairness() -> Json:
    full = closed(
        {
            "setups": INTEGER,
            "homogeneity": closed(
                {"chi_square": NUMBER, "df": INTEGER, "p_value": NUMBER, "setups_differ": BOOLEAN}
            ),
            "tolerance": NUMBER,
            "verdicts": closed({name: INTEGER for name in VERDICTS}),
            "unfair_at_fdr_5pct": INTEGER,
            "decisive_games_per_setup": NUMBER,
            "detectable_first_seat_share": NUMBER,
            "games_per_setup_to_separate": maybe(INTEGER),
            "games_per_setup_to_separate_is_lower_bound": BOOLEAN,
            "first_seat_mean_s_by_setup": closed({"mean": NUMBER, "ci95": maybe(ref("interval"))}),
            "between_setup_sd": array(NUMBER),
            "first_seat_s_advantage_mean": maybe(NUMBER),
            "first_seat_s_advantage_sd": maybe(NUMBER),
            "balance_mean": maybe(NUMBER),
            "balance_min": maybe(NUMBER),
            "over_setups": _over_setups(),
        }
    )
    return {"oneOf": [closed({"setups": {"const": 0}}), full]}


def _deals() -> Json:
    mean_t = closed({"n": INTEGER, "mean": NUMBER, "ci95": maybe(ref("interval"))})
    margin = {
        "oneOf": [
            closed({"n": {"const": 0}, "mean_ci95": NULL}),
            closed({**DISTRIBUTION, "mean_ci95": maybe(ref("interval"))}),
        ]
    }
    return closed(
        {
            "unit": {"const": "deal"},
            "deals": INTEGER,
            "games_per_deal": INTEGER,
            "outcomes": per_outcome(INTEGER),
            "both_end": ref("rate"),
            "endless_in_some_order": INTEGER,
            "endless_in_every_order": INTEGER,
            "margin": margin,
            "drawn": ref("rate"),
            "one_player_won_every_game": ref("rate"),
            "one_seat_won_every_game": ref("rate"),
            "first_seat_effect": mean_t,
            "within_tolerance": closed({"tolerance": NUMBER, **RATE}),
        }
    )


def _compensation() -> Json:
    komi = closed(
        {
            "points": NUMBER,
            "ci95": ref("interval"),
            "first_share_before": NUMBER,
            "first_share_after": NUMBER,
            "games": INTEGER,
            "resampled": STRING,
            "units": INTEGER,
        }
    )
    gap = closed(
        {"seat": INTEGER, "mean_score": NUMBER, "behind_best": NUMBER, "ci95": ref("interval")}
    )
    return closed(
        {
            "method": {"enum": ["end", "start"]},
            "unit": STRING,
            "hint": STRING,
            "komi": komi,
            "seat_gaps": array(gap),
        },
        optional=("komi", "seat_gaps"),
    )


def _agent_settings() -> Json:
    kinds = {"kind": {"enum": ["random", "greedy", "lookahead", "mcts"]}}
    settings = {name: INTEGER for name in SETTINGS_FIELDS if name != "per_legal_move"}
    return {
        "type": "object",
        "additionalProperties": closed(
            {**kinds, **settings, "per_legal_move": BOOLEAN}, optional=tuple(SETTINGS_FIELDS)
        ),
    }


def _verdict() -> Json:
    first_seat = closed(
        {
            # null with no finished game: nothing was measured
            "mean_s": maybe(NUMBER),
            "ci95": maybe(ref("interval")),
            "advantage": maybe(NUMBER),
            "units": INTEGER,
            "unit": {"enum": ["games", "setups"]},
        }
    )
    seat = closed({"seat": STRING, **first_seat["properties"], "reading": STRING})
    level = closed(
        {
            "agents": STRING,
            "first_seat": first_seat,
            "reading": STRING,
            "against_below": maybe(STRING),
            "seats": array(seat),
        }
    )
    setups = closed(
        {
            "judged": INTEGER,
            **{name: INTEGER for name in VERDICTS},
            "setups_differ": BOOLEAN,
            "power": STRING,
        }
    )
    return closed(
        {
            "title": STRING,
            "options": STRING,
            "agents": array(STRING),
            "played": STRING,
            "levels": array(level),
            "settled": maybe(BOOLEAN),
            "settled_text": STRING,
            "findings": array(STRING),
            "compensation": STRING,
            "setups": maybe(setups),
            "caveat": STRING,
            "tolerance": NUMBER,
        }
    )


OPTIONAL = ("mean_score", "score")
TOP_OPTIONAL = (
    "facts",
    "matches",
    "results",
    "match_results",
    "setup_fairness",
    "deals",
    "compensation",
)


def summary_schema() -> Json:
    """The schema of summary.json (see the module docstring)."""
    option_value = {"type": ["string", "integer", "number", "boolean", "null"]}
    top = closed(
        {
            "game": STRING,
            "title": STRING,
            "pnp_version": STRING,
            "command": maybe(STRING),
            "games": INTEGER,
            "games_planned": INTEGER,
            "complete": BOOLEAN,
            "setups": INTEGER,
            "setup_source": {"enum": ["file", "random"]},
            "players": INTEGER,
            "variant": STRING,
            "options": {"type": "object", "additionalProperties": option_value},
            "agents": array(STRING),
            "agent_settings": _agent_settings(),
            "paired": BOOLEAN,
            "seed": INTEGER,
            "seats": array(closed(SEAT, optional=OPTIONAL)),
            "agent_results": {"type": "object", "additionalProperties": closed(STANDINGS)},
            "first_seat_points_advantage": NUMBER,
            "balance": NUMBER,
            "completion": ref("rate"),
            "draws": ref("rate"),
            "outcomes": per_outcome(INTEGER),
            "outcome_rates": per_outcome(ref("rate")),
            "margin": ref("distribution"),
            "turns": ref("distribution"),
            "lead_changes_per_move": maybe(NUMBER),
            "facts": {"type": "object", "additionalProperties": _fact()},
            "turns_endless": ref("distribution"),
            "longest_finished": maybe(
                closed({"game": INTEGER, "setup": STRING, "rotation": INTEGER, "turns": INTEGER})
            ),
            "matches": _matches(),
            "results": array(_listed_game()),
            "match_results": array(_listed_match()),
            "setup_fairness": _setup_fairness(),
            "deals": _deals(),
            "compensation": _compensation(),
            "verdict": _verdict(),
        },
        optional=TOP_OPTIONAL,
    )
    return {
        "$schema": DRAFT,
        "$id": "https://pnp.invalid/schemas/summary.schema.json",
        "title": "pnp summary.json",
        "description": "What `pnp simulate` and `pnp balance` write as summary.json (README, "
        "'What the numbers mean'); generated by `python -m simulate.report.schema`.",
        **top,
        "$defs": {
            "interval": {
                "type": "array",
                "prefixItems": [NUMBER, NUMBER],
                "items": False,
                "minItems": 2,
            },
            "rate": closed(RATE),
            "distribution": _distribution(),
            "outcome": {"enum": [kind.value for kind in Outcome]},
        },
    }


def schema_text() -> str:
    return json.dumps(summary_schema(), indent=2) + "\n"


def summary_problems(document: Any) -> list[str]:
    """Every way `document` breaks the published schema, one line each (JSON path: problem)."""
    from jsonschema import Draft202012Validator

    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    errors = Draft202012Validator(schema).iter_errors(document)
    return sorted(f"{error.json_path}: {error.message}" for error in errors)


def write_schema(path: Path = SCHEMA_PATH) -> Path:
    path.write_text(schema_text(), encoding="utf-8")
    return path


if __name__ == "__main__":
    print(write_schema())
