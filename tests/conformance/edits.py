"""Edits of a setup document, for the bad setup files of the conformance cases
(tests/games/<game>/cases.py, refused by test_setup_files.py): `put(5, "options", "players")`
sets the value at a path of keys and list positions, `drop("rows")` deletes one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Edit = Callable[[dict[str, Any]], None]  # changes a setup document in place
Key = str | int


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
