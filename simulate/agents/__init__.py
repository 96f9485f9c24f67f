"""Agents that choose moves: random, greedy, look-ahead, MCTS and the decoupled search for
simultaneous orders, each with its compiled (numba) form on a game's compiled engine.

Imports only simulate.scoring and the games.
"""
