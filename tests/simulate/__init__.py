"""The simulator: runs, requests, agents, facts and the benchmarks that call it."""
