"""Where the project's data lives: `templates/` (rules summaries, paper presets, themes, the
JSON Schemas of setup files).

In a source checkout it is the `templates/` folder beside the packages; an installed wheel carries
the same files as `pnp/templates`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any


@cache
def templates_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "templates", here.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("pnp's templates folder is missing from this installation")


def load_json(name: str) -> Any:
    return json.loads((templates_dir() / name).read_text(encoding="utf-8"))


def load_text(name: str) -> str:
    return (templates_dir() / name).read_text(encoding="utf-8")
