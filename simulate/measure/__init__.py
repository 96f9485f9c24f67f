"""Measuring a run: tallies folded game by game, rates and their intervals, the tests over
setups, shrinkage, compensation (komi and seat gaps), deals and matches of paired runs.

Imports only simulate.run and the floors below it.
"""
