"""`python -m pnp` and the `pnp` script: the command line of pnp/cli.py, loaded here so that a
Ctrl-C while the libraries load ends as every Ctrl-C does: one line and exit code 130.

The first thing pnp does is to make Ctrl-C raise `Interrupted`, a KeyboardInterrupt of its own
type. CPython marks a plain KeyboardInterrupt that leaves a string `exec` (dataclasses and
namedtuples build their methods so, while pnp loads and later) as unhandled, and under
`python -m` then ends the process by SIGINT (exit -2) whatever code pnp exits with, even after
pnp caught it; the mark is set only for exactly KeyboardInterrupt, so a subclass is caught by
every `except KeyboardInterrupt` and leaves the exit code to pnp.

Once the command has ended, a Ctrl-C is ignored: its work is written and its exit code stands.
Left to Python, a Ctrl-C while the interpreter shuts down prints a traceback from an exit hook,
or, once Python has handed SIGINT back to the system, kills the process (exit -2, no message).
"""

from __future__ import annotations

import signal
import sys
from types import FrameType

EXIT_INTERRUPTED = 130


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, as pnp raises it (see the module docstring)."""


def interrupt(_number: int, _frame: FrameType | None) -> None:
    raise Interrupted


def main() -> None:
    """The console script: load the command line, then run it."""
    signal.signal(signal.SIGINT, interrupt)
    try:
        try:
            from pnp.cli import main as run_command_line

            run_command_line()
        finally:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
    except KeyboardInterrupt:  # the command line handles its own; this is one while loading
        print("pnp: interrupted", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    main()
