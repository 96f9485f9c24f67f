"""Platypus: rules traced move by move, its kit and command line, its conformance cases."""
