"""A Wallaby setup file's options are read before its data: the options choose the shape of the
data (a board's rows for these players), so a wrong player count is named as that."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import refused


def test_the_options_are_checked_before_the_data(tmp_path: Path) -> None:
    """A file for 5 players is told that, not that its board is short (the options of a file
    choose the shape of its data, so they are checked first)."""
    document = {
        "game": "wallaby", "format_version": 1, "seed": 1,
        "options": {"players": 5, "variant": "standard"}, "board": ["123"],
    }  # fmt: skip
    assert refused(tmp_path, "wallaby", document) == (
        "options.players: 5 is not valid: expected 2, 3 or 4"
    )
    document["options"] = {"players": 3, "variant": "river"}
    assert refused(tmp_path, "wallaby", document) == (
        "options.variant: 'river' is not valid: expected 'standard', 'valley' or 'children'"
    )
