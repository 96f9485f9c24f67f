"""Running games: the run request, the runner and its lockstep searches, the executors (this
process, a local worker pool, Dask), results.jsonl and the run folder.

Imports only simulate.agents, simulate.scoring and the games.
"""
