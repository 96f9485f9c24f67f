"""Stopping pnp from outside: Ctrl-C (SIGINT), `kill` (SIGTERM) and a closed terminal (SIGHUP)
all stop a command the same way, keeping what it finished, with one line and the shell's exit
code for the signal (130, 143, 129).

pnp/__main__.py makes each of them raise `Interrupted`, a KeyboardInterrupt of pnp's own type
(see there why a subclass), which every `except KeyboardInterrupt` of the commands catches; the
signal that came is remembered for the line and the exit code.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

#: The signals that stop a command, with the words of its last line.
STOPS = {
    signal.SIGINT: "interrupted",
    signal.SIGTERM: "terminated (SIGTERM)",
    signal.SIGHUP: "hung up (SIGHUP)",
}
_came: list[int] = []  # the stop signals the running command received, in order


class Interrupted(KeyboardInterrupt):
    """A stop signal, as pnp raises it."""


def interrupt(number: int, _frame: FrameType | None) -> None:
    """The handler of every stop signal: remember it, and stop."""
    _came.append(number)
    raise Interrupted


def stop_handlers(handler: signal.Handlers | object) -> dict[int, object]:
    """Set `handler` for every stop signal: the handlers it replaced, for `restore`."""
    return {number: signal.signal(number, handler) for number in STOPS}  # type: ignore[arg-type]


def restore(handlers: dict[int, object]) -> None:
    for number, handler in handlers.items():
        signal.signal(number, handler)  # type: ignore[arg-type]


def new_command() -> None:
    """Forget the stop signals of an earlier command in this process (a test session's)."""
    _came.clear()


def stopped_by() -> int:
    """The first stop signal the command received (SIGINT when none was: a Ctrl-C typer or
    click saw)."""
    return _came[0] if _came else signal.SIGINT


def stop_words() -> str:
    return STOPS[signal.Signals(stopped_by())]


def stop_code() -> int:
    """The exit code of a command stopped by a signal: 128 + its number, as shells report."""
    return 128 + stopped_by()


@contextlib.contextmanager
def deferred_stop() -> Iterator[None]:
    """A stop signal inside the block takes effect at its end, so what the block does is done
    whole or not at all: a chunk stored and counted, a worker pool started (in the main
    thread; elsewhere Python delivers no signals anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = stop_handlers(lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        restore(previous)
    if caught:
        interrupt(caught[0], None)
