"""numba's cache of compiled engines (pnp/games/compiled.py) after an edit: never stale.

A tiny engine package is written to a temporary folder: its engine reads a helper and a constant
from another module, and generic code (a driver calling a rollout, as simulate's compiled search
does) is compiled against it by `specialised`. Each run is a fresh process sharing one numba
cache folder, as successive `pnp` commands share the cache beside the sources; between runs one
file is edited, and the next run must compute with the edited code, through the specialised
copies and through the engine's functions called from Python alike.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

STEP = """
from numba import njit

STEP = 1


@njit(inline="always")
def advance(position, code):
    position[2] += STEP + code
"""

ENGINE = """
from numba import njit

from pnp.games.compiled import Engine
from pnp.games.mechanics.engine_header import over, to_act
from tiny.step import advance


@njit(cache=True, inline="always")
def count(context, position):
    return 2


@njit(cache=True, inline="always")
def move_at(context, position, index):
    return index


@njit(cache=True, inline="always")
def apply(context, position, code):
    advance(position, code)


@njit(cache=True, inline="always")
def rewards(context, position, out):
    out[0] = 1.0


@njit(cache=True, inline="always")
def evaluate(context, position, seat):
    return float(position[2])


@njit(cache=True, inline="always")
def value(context, position, seat, code):
    return float(code)


@njit(cache=True, inline="always")
def scores(context, position, out):
    out[0] = float(position[2])


ENGINE = Engine(__name__)
"""

PLAY = """
from typing import Any

from tiny.step import advance

engine: Any = None
rollout: Any = None


def bump(position):
    advance(position, 1)
    return position[2]


def walk(context, position, limit):
    for _ in range(limit):
        engine.apply(context, position, engine.move_at(context, position, 0))
    return position[2]


def drive(context, position, limit):
    return rollout(context, position, limit)
"""

RUN = """
import numpy as np

from pnp.games.compiled import cached, specialised
from tiny import play
from tiny.engine import ENGINE

drive = specialised(play.drive, ENGINE, rollout=specialised(play.walk, ENGINE))
position = np.zeros(3, dtype=np.int64)
ENGINE.apply(0, position, 0)
print(drive(0, np.zeros(3, dtype=np.int64), 3), position[2],
      cached(play.bump)(np.zeros(3, dtype=np.int64)))
"""


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    package = tmp_path / "tiny"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in (("step", STEP), ("engine", ENGINE), ("play", PLAY)):
        (package / f"{name}.py").write_text(textwrap.dedent(text))
    (tmp_path / "run.py").write_text(RUN)
    return tmp_path


def run(folder: Path) -> str:
    """One fresh process: the driver's result over 3 plies, one ply's from Python, and what a
    function `cached` (not specialised) makes of a helper of another module."""
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(folder), str(root)]),
        "NUMBA_CACHE_DIR": str(folder / "numba-cache"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run(
        [sys.executable, str(folder / "run.py")], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_an_edited_helper_or_callee_is_compiled_again_not_read_stale(tiny: Path) -> None:
    assert run(tiny) == "3 1 2"
    assert run(tiny) == "3 1 2", "the second run reads the cache"
    edit(tiny / "tiny" / "play.py", "position, 0)", "position, 1)")  # the called rollout only
    assert run(tiny) == "6 1 2"
    edit(tiny / "tiny" / "step.py", "STEP = 1", "STEP = 10")  # another module's constant
    assert run(tiny) == "33 10 11"
    edit(tiny / "tiny" / "step.py", "STEP + code", "STEP + 2 * code")  # another module's helper
    assert run(tiny) == "36 10 12"
    numba_cache = tiny / "numba-cache"
    assert any(numba_cache.rglob("*.nbc")), "the runs went through numba's cache"


def test_no_compiled_copy_reaches_the_game_side_so_its_edits_keep_the_cache() -> None:
    """Every copy `specialised` makes of every engine (its entry points, whole games, the
    searches, the lockstep batch, the look-ahead) is named by the sources it can reach: none of
    them may be the game side (pnp/games/base.py, a game's `game.py` or `rules.py`) or the run
    and agents around the compiled code. Editing pnp/games/base.py used to rename, and so
    compile afresh, every copy of three engines and of the lockstep search (10 minutes of
    compiling for the suite)."""
    from pnp.games import GAMES
    from pnp.games.compiled import _ENTRIES, _REACH, Engine
    from simulate.agents import compiled_duct, compiled_lookahead, compiled_mcts, compiled_play
    from simulate.agents.compiled_lockstep import compiled_play as lockstep_play

    engines: set[Engine] = set()
    for game in GAMES.values():
        options = game.info.resolve(None, None, {})
        compiled = game.new_state(game.random_setup(1, options)).compiled()
        if compiled is not None:
            engines.add(compiled.engine)
    assert len(engines) >= 6
    for engine in engines:
        copies = [getattr(engine, name) for name in _ENTRIES
                  if name != "moves" or hasattr(sys.modules[engine.module], "moves")]  # fmt: skip
        copies += [compiled_play._play_of(engine), compiled_lookahead._lookahead_of(engine)]
        if engine.joint:
            copies.append(compiled_duct.search_for(engine))
        else:
            copies += [compiled_mcts.search_for(engine), lockstep_play(engine)]
        for copy in copies:
            reached = sorted(path.split("/work/main/")[-1] for path in _REACH[copy])
            side = [path for path in reached if path.endswith(("/base.py", "/game.py", "/rules.py"))
                    or "/run/" in path]  # fmt: skip
            assert not side, (engine.module, copy.__name__, side)
