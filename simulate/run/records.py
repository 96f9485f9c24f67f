"""One game record as a line of results.jsonl, and the checks a line read back must pass.

A resumed run counts only records that its own plan could have produced: the game number in
range and seen once, the setup and seat rotation that number gets (`RunPlan`), one agent, rank
and score per seat, competition ranks, a known outcome. `record_problem` says what is wrong with
a line in a few words, so the store can name the line.
"""

from __future__ import annotations

import json
from typing import Any

from pnp.games.base import Outcome
from simulate.run.runner import GameRecord, IndexSet, RunPlan

OUTCOMES = tuple(kind.value for kind in Outcome)


def record_data(record: GameRecord) -> dict[str, Any]:
    """The record as its line of results.jsonl holds it (`json.loads` of `record_json` gives
    this dictionary back)."""
    return {
        "index": record.index, "setup_index": record.setup_index, "setup": record.setup,
        "game_seed": record.game_seed, "rotation": record.rotation,
        "agents": list(record.agents),
        "scores": list(record.scores) if record.scores is not None else None,
        "ranks": list(record.ranks), "turns": record.turns,
        "outcome": record.outcome.value, "lead_changes": record.lead_changes,
        "facts": {k: list(v) if isinstance(v, tuple) else v for k, v in record.facts.items()},
    }  # fmt: skip


def data_json(data: dict[str, Any]) -> str:
    """A record's line of results.jsonl from its `record_data`."""
    return json.dumps(data, separators=(",", ":"))


def record_json(record: GameRecord) -> str:
    return data_json(record_data(record))


def record_from(data: dict[str, Any]) -> GameRecord:
    scores = data["scores"]
    return GameRecord(
        data["index"], data["setup_index"], data["setup"], data["game_seed"], data["rotation"],
        tuple(data["agents"]), tuple(scores) if scores is not None else None,
        tuple(data["ranks"]), data["turns"], Outcome(data["outcome"]), data["lead_changes"],
        {k: tuple(v) if isinstance(v, list) else v for k, v in data.get("facts", {}).items()},
    )  # fmt: skip


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def competition_ranks(ranks: list[Any]) -> bool:
    """Whether `ranks` are competition ranks: each one more than the seats ranked ahead."""
    if not all(_whole(rank) for rank in ranks):
        return False
    return all(rank == 1 + sum(1 for other in ranks if other < rank) for rank in ranks)


def _shape_problem(data: dict[str, Any], players: int) -> str | None:
    """What is wrong with the fields of a record, whatever the plan; None if nothing."""
    for name in ("index", "setup_index", "game_seed", "rotation", "turns"):
        if not _whole(data.get(name)) or data[name] < 0:
            return f"{name} {data.get(name)!r} is not a whole number >= 0"
    if not isinstance(data.get("setup"), str):
        return "setup is not a label"
    lists = {name: data.get(name) for name in ("agents", "ranks")}
    if data.get("scores") is not None:
        lists["scores"] = data["scores"]
    for name, value in lists.items():
        if not isinstance(value, list) or len(value) != players:
            return f"{name} {value!r} is not one value per seat ({players} players)"
    if not all(isinstance(agent, str) for agent in data["agents"]):
        return f"agents {data['agents']!r} are not agent names"
    if "scores" in lists and not all(_number(score) for score in data["scores"]):
        return f"scores {data['scores']!r} are not numbers"
    if not competition_ranks(data["ranks"]):
        return f"ranks {data['ranks']!r} are not ranks of {players} players"
    if data.get("outcome") not in OUTCOMES:
        return f"outcome {data.get('outcome')!r} is not one of {', '.join(OUTCOMES)}"
    lead = data.get("lead_changes")
    if lead is not None and (not _whole(lead) or lead < 0):
        return f"lead_changes {lead!r} is not a whole number >= 0"
    if not isinstance(data.get("facts", {}), dict):
        return "facts are not a mapping"
    return None


def record_problem(data: object, plan: RunPlan, players: int, seen: IndexSet) -> str | None:
    """What makes `data` (one parsed line) a record `plan` cannot have produced, or a game
    already in `seen`; None for a good record, which is then added to `seen`."""
    if not isinstance(data, dict):
        return "not a game record"
    problem = _shape_problem(data, players)
    if problem is not None:
        return problem
    index = data["index"]
    if index >= plan.games:
        return f"game {index} is not in this run (games 0 to {plan.games - 1})"
    place = plan.place(index)
    setup_index, rotation = place.setup_index, place.rotation
    if data["setup_index"] != setup_index:
        return f"game {index} has setup {data['setup_index']}; this run plays it on {setup_index}"
    if data["rotation"] != rotation:
        return f"game {index} has rotation {data['rotation']}; this run gives it {rotation}"
    agents = [plan.agents[(s + rotation) % players] for s in range(players)]
    if data["agents"] != agents:
        return f"game {index} has agents {data['agents']}; this run seats {agents}"
    if not seen.add(index):
        return f"game {index} is already on an earlier line"
    return None
