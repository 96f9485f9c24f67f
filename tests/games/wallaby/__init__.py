"""Wallaby: traced rules, kit and command-line tests, and its conformance cases."""
