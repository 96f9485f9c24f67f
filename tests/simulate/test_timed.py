"""A ladder on a time budget (simulate/studies/timed.py): where it stops, its intervals still
hold their means; a run that stops on its reading stops at the same setup with any workers and
after any resumes; `--time` refused where it cannot apply."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pnp.commands.common import duration_seconds
from pnp.errors import PnpError
from simulate.studies import timed
from simulate.studies.timed import DECIDED, OPEN, SETTLED, SetupValues, Streams, duration_text
from tests.support.cli import invoke
from tests.support.waiting import finished, wait_for

RUNS = 200  # simulated ladders per case: a miss rate of 5% is known to +-1.5%
BOUND = 0.05 + 3 * math.sqrt(0.05 * 0.95 / RUNS)
LONGEST = 200  # setups a simulated ladder may read before its budget is spent
GRID = 401


def simulated(rng: np.random.Generator, below: float, top: float, duel: float,
              tolerance: float) -> tuple[str, dict[str, tuple[float, float]]]:  # fmt: skip
    """One two-rung ladder of a two-player game read setup by setup as `run_timed` reads it,
    each setup one rotation (two games, no draws): the first seat wins with probability
    `below` under the lower rung and `top` under the upper, the upper rung beats the lower with
    probability `duel`. How it stopped, and its intervals there."""
    runs = [SetupValues(Path("unused"), 2) for _ in range(3)]
    runs[2].stronger = "top"
    streams = Streams(2, 2, grid=GRID)
    state = OPEN
    for index in range(LONGEST):
        for run, p in zip(runs, (below, top, duel), strict=True):
            wins = float(rng.binomial(2, p))
            run.sums[index] = np.array([wins, 2 - wins]) if run.stronger is None else \
                np.array([wins])  # fmt: skip
            run.finished[index] = run.games[index] = 2
        streams.feed(index, runs)
        state = streams.state(tolerance)
        if state != OPEN:
            break
    return state, {
        "below": tuple(streams.seats.intervals()[0]),
        "top": tuple(streams.seats.intervals()[2]),
        "shift": tuple(streams.shift.intervals()[0]),
        "duel": tuple(streams.duels.intervals()[0]),
    }


@pytest.mark.parametrize(
    ("below", "top", "duel", "tolerance", "stops"),
    [
        (0.6, 0.6, 0.75, 0.15, SETTLED),  # the rungs agree, the top one is stronger
        (0.5, 0.75, 0.7, 0.05, DECIDED),  # stronger play turns the game: more setups won't help
        (0.55, 0.58, 0.5, 0.05, "time"),  # the top is no stronger: the budget runs out
    ],
)
def test_where_the_ladder_stops_its_intervals_still_hold_their_means(
    below: float, top: float, duel: float, tolerance: float, stops: str
) -> None:
    """Stopped on what it read, each interval misses its true mean in at most 5% of ladders
    (plus three standard errors of the simulation); the stop is the one the case expects in
    most ladders."""
    rng = np.random.default_rng([3, int(1000 * below), int(1000 * top), int(1000 * duel)])
    truth = {"below": below, "top": top, "shift": top - below, "duel": duel}
    missed = dict.fromkeys(truth, 0)
    stopped = dict.fromkeys((SETTLED, DECIDED, "time"), 0)
    for _ in range(RUNS):
        state, intervals = simulated(rng, below, top, duel, tolerance)
        stopped[state if state != OPEN else "time"] += 1
        for name, (low, high) in intervals.items():
            missed[name] += not low <= truth[name] <= high
    assert max(stopped, key=lambda name: stopped[name]) == stops, stopped
    for name, count in missed.items():
        assert count / RUNS <= BOUND, (name, count)


def test_a_first_setup_leaves_everything_open_and_a_clear_disagreement_decides() -> None:
    """One setup can show nothing (every interval is still the whole range); twenty setups on
    which the lower rung's first seat always loses and the upper's always wins, the upper rung
    winning every head-to-head, show the rungs disagree beyond any tolerance (the bets, sized
    for 500 setups, rule out a difference of +0.05 or less after 17)."""
    runs = [SetupValues(Path("unused"), 2) for _ in range(3)]
    runs[2].stronger = "top"
    streams = Streams(2, 2)
    for index in range(20):
        runs[0].sums[index], runs[1].sums[index] = np.array([0.0, 2.0]), np.array([2.0, 0.0])
        runs[2].sums[index], runs[2].results[index] = np.array([2.0]), [2, 0, 0]
        for run in runs:
            run.finished[index] = run.games[index] = 2
        streams.feed(index, runs)
        if index == 0:
            assert streams.state(0.05) == OPEN
            assert tuple(streams.shift.intervals()[0]) == (-1.0, 1.0)
    assert streams.state(0.05) == DECIDED
    assert streams.shift.intervals()[0][0] > 0.05
    assert streams.games == [40, 40, 40] and streams.results == [[40, 0, 0]]


def test_a_lower_rung_and_head_to_head_stop_once_their_answer_is_in() -> None:
    """Three rungs: the lowest (first seat always wins) reads both seats, and greedy beats it
    in every head-to-head, within twenty setups; from then on neither is read, while the two
    strongest rungs (even) and their head-to-head (no better) go on."""
    runs = [SetupValues(Path("unused"), 2) for _ in range(5)]
    runs[3].stronger, runs[4].stronger = "middle", "top"
    streams = Streams(3, 2)
    for index in range(30):
        for rung, wins in zip(runs[:3], (2.0, 1.0, 1.0), strict=True):
            rung.sums[index] = np.array([wins, 2 - wins])
        runs[3].sums[index], runs[4].sums[index] = np.array([2.0]), np.array([1.0])
        for run in runs:
            run.finished[index] = run.games[index] = 2
        streams.feed(index, runs)
        streams.retire(0.05)
    assert streams.active == [False, True, True, False, True]
    assert streams.games[0] == streams.games[3] < 40 < 60 == streams.games[1] == streams.games[4]
    assert streams.state(0.05) == OPEN


@pytest.mark.parametrize(
    ("text", "seconds"), [("90s", 90), ("4m", 240), ("1h30m", 5400), ("2m30s", 150), ("45", 45)]
)
def test_a_duration_reads_as_its_seconds_and_back(text: str, seconds: float) -> None:
    assert duration_seconds(text) == seconds
    assert duration_seconds(duration_text(seconds)) == seconds


@pytest.mark.parametrize("text", ["", "0", "0.5", "5x", "m", "-3", "8d", "1h1h"])
def test_a_duration_that_is_no_time_is_refused_naming_the_forms(text: str) -> None:
    with pytest.raises(PnpError, match="expected a duration from 1s to 7 days, such as 90s"):
        duration_seconds(text)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["amazons", "--time", "1m", "--setups", "3"], "--setups and --games-per-setup count"),
        (["amazons", "--time", "1m", "--agents", "greedy"], "--agents plays one level"),
        (["platypus", "--time", "1m"], "a platypus deal has no choices"),
        (["amazons", "--no-paired"], "--no-paired: a balance on a time budget"),
        (["amazons", "--time", "soon"], "--time soon: expected a duration"),
    ],
)
def test_time_where_it_cannot_apply_is_refused_in_one_line(
    tmp_path: Path, args: list[str], says: str
) -> None:
    code, _, err = invoke("balance", *args, "--out", str(tmp_path / "o"))
    assert code == 2 and says in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "o").exists()


def ladder_of(out: Path, *args: str) -> dict[str, object]:
    """`pnp balance amazons --size 6 --ladder random,greedy --tolerance 0.01 ... --seed 4` into
    `out`, which must succeed: its ladder.json."""
    code, _, err = invoke("balance", "amazons", "--size", "6", "--ladder", "random,greedy",
                          "--tolerance", "0.01", "--seed", "4", "--out", str(out),
                          *args)  # fmt: skip
    assert code == 0, err
    document: dict[str, object] = json.loads(
        (out / "amazons-balance-4" / "ladder.json").read_text()
    )
    return document


class TickingClock:
    """A clock for the timed ladder that moves `tick` seconds each time it is read, so a budget
    runs out after the same rounds on any machine, however fast."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


def test_a_ladder_stopped_on_its_reading_is_the_same_on_any_workers_and_after_a_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random and greedy Amazons 6 x 6 read the first seat differently, which decides the
    ladder (not settled: they differ by more than the tolerance of 0.01) after about a hundred
    rotations; a run on two workers cut by its budget (a clock moving a tenth of it at every
    reading: a few rounds), resumed on one with time enough, stops at that same setup with the
    same numbers."""
    one = ladder_of(tmp_path / "one", "--workers", "1", "--time", "10m")
    assert one["timed"] == {"budget": "10m", "stopped": DECIDED, "setups": one["timed"]["setups"],  # type: ignore[index]
                            "bets_sized_for_setups": 500}  # fmt: skip
    verdict = one["verdict"]
    assert "95% confidence sequence" in json.dumps(verdict)
    assert "from the fixed start" in json.dumps(verdict)
    with monkeypatch.context() as patched:
        patched.setattr(timed, "time", TickingClock(0.1))
        cut = ladder_of(tmp_path / "cut", "--workers", "2", "--time", "1s")
    assert cut["timed"]["stopped"] == "time"  # type: ignore[index]
    assert cut["timed"]["setups"] < one["timed"]["setups"]  # type: ignore[index]
    resumed = ladder_of(tmp_path / "cut", "--workers", "1", "--time", "10m", "--resume")
    assert resumed == one


def test_ctrl_c_keeps_every_game_and_the_resume_ends_as_an_uninterrupted_ladder(
    tmp_path: Path,
) -> None:
    """Ctrl-C while the head-to-head plays (its results.jsonl growing): one line, exit 130,
    the ladder marked incomplete; `--resume` reads the kept games and stops at the setup an
    uninterrupted ladder stops at, with its ladder.json."""
    whole = ladder_of(tmp_path / "whole", "--workers", "1", "--time", "10m")
    out = tmp_path / "stopped"
    args = ["balance", "amazons", "--size", "6", "--ladder", "random,greedy", "--tolerance",
            "0.01", "--seed", "4", "--workers", "2", "--time", "10m",
            "--out", str(out)]  # fmt: skip
    run = subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)  # fmt: skip
    results = out / "amazons-balance-4" / "duel-2-greedy-vs-random" / "results.jsonl"
    wait_for(lambda: run.poll() is not None or (results.exists() and
                                                results.read_bytes().count(b"\n") > 20),
             "the head-to-head to play")  # fmt: skip
    run.send_signal(signal.SIGINT)
    code, err = finished(run)
    assert code == 130 and "interrupted" in err, err
    kept = json.loads((out / "amazons-balance-4" / "ladder.json").read_text())
    assert kept["complete"] is False and kept["timed"] == {}
    assert ladder_of(out, "--workers", "1", "--time", "10m", "--resume") == whole


@pytest.mark.parametrize("text", ["garbage{", "[1, 2]", '{"ladder": 3}'])
def test_a_ladder_record_that_is_not_one_refuses_the_resume_in_one_line(
    tmp_path: Path, text: str
) -> None:
    folder = tmp_path / "amazons-balance-4"
    folder.mkdir()
    (folder / "ladder.json").write_text(text)
    for extra in (["--time", "1m"], ["--setups", "2", "--games-per-setup", "2"]):
        code, _, err = invoke("balance", "amazons", "--size", "6", "--ladder", "random,greedy",
                              "--seed", "4", "--out", str(tmp_path), "--resume",
                              *extra)  # fmt: skip
        assert code == 2 and len(err.strip().splitlines()) == 1, err
        assert "--resume:" in err and "run without --resume" in err and "Traceback" not in err
    assert (folder / "ladder.json").read_text() == text


def test_resuming_a_ladder_of_the_other_kind_is_refused_in_one_line(tmp_path: Path) -> None:
    """A ladder played by counts resumed with --time (or the other way round) names what it
    is: its run folders hold other plans."""
    folder = tmp_path / "amazons-balance-4"
    folder.mkdir()
    for record, extra, says in (
        ({"ladder": ["random", "greedy"]}, ["--time", "1m"], "is a ladder with counts"),
        ({"ladder": ["random", "greedy"], "timed": {}}, ["--setups", "2"], "is a timed ladder"),
    ):
        (folder / "ladder.json").write_text(json.dumps(record))
        code, _, err = invoke("balance", "amazons", "--size", "6", "--ladder", "random,greedy",
                              "--seed", "4", "--out", str(tmp_path), "--resume",
                              *extra)  # fmt: skip
        assert code == 2 and says in err and len(err.strip().splitlines()) == 1, err
