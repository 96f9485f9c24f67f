"""numba's start, paid once: the worker processes' forkserver (simulate/run/executors.py) imports
this module for a game with a compiled engine, so numba's compiler target (1-2 s: it imports
scipy's BLAS and its own registries on the first compiled call) starts there before the workers
fork, instead of in every worker; each worker then only loads the engine's cached functions."""

from __future__ import annotations

import numpy as np

from pnp.games.mechanics.engine_header import over

over(0, np.zeros(2, dtype=np.int64))
