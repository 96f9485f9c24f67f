"""`python -m pnp` and the `pnp` script: the command line of pnp/cli.py, loaded here so that a
Ctrl-C while the libraries load ends as every Ctrl-C does: one line and exit code 130."""

from __future__ import annotations

import sys

EXIT_INTERRUPTED = 130


def main() -> None:
    """The console script: load the command line, then run it."""
    try:
        from pnp.cli import main as run_command_line

        run_command_line()
    except KeyboardInterrupt:  # the command line handles its own; this is one while loading
        print("pnp: interrupted", file=sys.stderr)
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    main()
