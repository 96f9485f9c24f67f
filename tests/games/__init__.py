"""One folder per game: its traced rule sequences, kit and CLI tests, and its conformance cases."""
