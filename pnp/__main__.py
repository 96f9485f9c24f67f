"""`python -m pnp` and the `pnp` script: the command line of pnp/cli.py, loaded here so that a
Ctrl-C while the libraries load ends as every Ctrl-C does: one line and exit code 130.

The first thing pnp does is to make Ctrl-C (and SIGTERM, SIGHUP: pnp/stopping.py) raise
`Interrupted`, a KeyboardInterrupt of its own type. CPython marks a plain KeyboardInterrupt
that leaves a string `exec` (dataclasses and namedtuples build their methods so, while pnp
loads and later) as unhandled, and under
`python -m` then ends the process by SIGINT (exit -2) whatever code pnp exits with, even after
pnp caught it; the mark is set only for exactly KeyboardInterrupt, so a subclass is caught by
every `except KeyboardInterrupt` and leaves the exit code to pnp.

Once the command has ended, a Ctrl-C is ignored: its work is written and its exit code stands.
Left to Python, a Ctrl-C while the interpreter shuts down prints a traceback from an exit hook,
or, once Python has handed SIGINT back to the system, kills the process (exit -2, no message).
"""

from __future__ import annotations

import os
import signal
import sys

from pnp.errors import EXIT_USAGE, unloadable
from pnp.stopping import interrupt, stop_code, stop_handlers, stop_words


def main() -> None:
    """The console script: load the command line, then run it."""
    stop_handlers(interrupt)
    if sys.stderr is None:  # closed (2>&-): an error line would go to stdout, among the data
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (open until the process ends)
    if sys.stdout is None:  # closed (>&-): everything pnp prints would be lost without a word
        print("pnp: error: standard output is closed, so pnp cannot print; give it somewhere "
              "to write (>/dev/null to drop what it prints)", file=sys.stderr)  # fmt: skip
        sys.exit(EXIT_USAGE)
    try:
        try:
            from pnp.cli import main as run_command_line

            run_command_line()
        finally:
            stop_handlers(signal.SIG_IGN)
    except KeyboardInterrupt:  # the command line handles its own; this is one while loading
        print(f"pnp: {stop_words()}", file=sys.stderr)
        sys.exit(stop_code())
    except (ImportError, MemoryError) as exc:  # the same, while the command line loads
        print(f"pnp: error: {unloadable(exc)}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


if __name__ == "__main__":
    main()
