"""Errors that reach the user as one line and exit code 2 (bad input), never as a traceback."""

from __future__ import annotations

from collections.abc import Iterable


class PnpError(Exception):
    """A problem with what the user asked for: a wrong name, value, file or path.

    The message is one line that names the problem and, where there is a fixed set, the accepted
    values. The CLI prints it and exits with code 2.
    """


class SetupError(PnpError):
    """A setup file or setup data that cannot be used (unreadable, wrong game, invalid content)."""


def one_of(values: Iterable[object]) -> str:
    """'a, b or c': the accepted values of a choice, for error messages."""
    items = [str(v) for v in values]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
