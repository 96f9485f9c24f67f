"""A hostile or careless user (issue 37): names pnp did not make, addresses that are not Dask
schedulers, depths without end, control characters in paths, duplicate keys, empty agents.

Each case ends as every wrong invocation does (tests/cli/test_bad_input.py): one line on stderr
naming the problem and the accepted values, exit code 2, no traceback, nothing written.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import re
import shutil
import signal
import socketserver
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pnp import stopping
from simulate.run.executors import InlineExecutor
from tests.cli.test_bad_input import Make, case_id, check_refused_in_one_line, platypus_setup
from tests.support.cli import invoke, run
from tests.support.waiting import PATIENCE, finished, wait_for


def foreign_run(name: str, marker: str) -> Make:
    """An --out holding a folder named like a run but for its seed (`name`), with `marker`."""

    def make(folder: Path) -> str:
        run = folder / "runs" / name
        run.mkdir(parents=True)
        (run / marker).write_text("{}\n")
        return str(folder / "runs")

    return make


def duplicated_key(key: str) -> Make:
    """A Platypus setup.json with `key` given a second time, after the first."""

    def make(folder: Path) -> str:
        text = json.dumps(platypus_setup(folder / "source"))
        value = json.dumps(json.loads(text)[key])
        path = folder / "twice.json"
        path.write_text(text[:-1] + f', "{key}": {value}}}')
        return str(path)

    return make


CASES: list[tuple[list[str], Make | None, str]] = [
    # a folder named like a run, its seed not a number: not pnp's, so not the run to resume
    (["simulate", "amazons", "--size", "6", "--resume", "--out", "{}"],
     foreign_run("amazons-sim-xyz", "results.jsonl"),
     "--resume without --seed needs exactly one sim run of amazons in {}; found none"),
    (["sweep", "penguins", "--over", "players=2,3", "--resume", "--out", "{}"],
     foreign_run("penguins-sweep-xyz", "sweep.json"),
     "--resume without --seed needs exactly one sweep of penguins in {}; found none"),
    # a scheme Dask does not speak
    (["simulate", "amazons", "--executor", "dask", "--scheduler", "http://127.0.0.1:1"], None,
     "--scheduler http://127.0.0.1:1 is not valid: expected [tcp://|tls://|ws://|wss://|ucx://]"),
    # a depth no machine finishes
    (["perft", "amazons", "--size", "6", "--depth", "1000000"], None,
     "--depth 1000000 is not valid: expected a whole number from 0 to 20"),
    # a path with a newline in it, shown whole
    (["kit", "amazons", "--setup", "no\nsuch.json"], None,
     "setup file no\\nsuch.json: no such file"),
    # a key given twice: the reader would keep the last silently
    (["kit", "platypus", "--setup", "{}"], duplicated_key("seed"),
     "setup file {}: the key 'seed' is given twice"),
    (["simulate", "platypus", "--setup", "{}", "--games", "2"], duplicated_key("game"),
     "the key 'game' is given twice"),
    # no agent named is not the default agents
    (["simulate", "amazons", "--size", "6", "--agents", ""], None,
     "--agents '' is not valid: expected"),
    (["balance", "amazons", "--size", "6", "--agents", ""], None,
     "--agents '' is not valid: expected"),
    (["sweep", "amazons", "--over", "size=6,8", "--agents", ""], None,
     "--agents '' is not valid: expected"),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_hostile_invocation_gets_one_line_exit_2_and_leaves_nothing(
    tmp_path: Path, case: tuple[list[str], Make | None, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check_refused_in_one_line(tmp_path, case, monkeypatch)


# -- long work says how long it will take, also off a terminal --------------------------------


def first_progress_line(args: list[str], cwd: Path) -> str:
    """Start `pnp ARGS` with stderr a pipe (no terminal) and a line every second, read its
    stderr until a progress line comes, then Ctrl-C it: that line (the command must not end
    first)."""
    environment = {**os.environ, "PNP_PROGRESS_EVERY": "1"}
    process = subprocess.Popen([sys.executable, "-m", "pnp", *args], cwd=cwd, env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    assert process.stderr is not None
    line = process.stderr.readline().decode()  # blocks until the first line, or the end
    process.send_signal(signal.SIGINT)
    code, rest = finished(process)
    assert line.startswith("pnp: ") and " of " in line, line + rest
    assert code == 130 and "pnp: interrupted" in rest, rest
    return line


def test_a_count_without_end_says_how_far_it_is_and_how_long_is_left(tmp_path: Path) -> None:
    line = first_progress_line(["perft", "amazons", "--size", "6", "--depth", "4"], tmp_path)
    assert re.fullmatch(r"pnp: first moves counted: [\d,]+ of 544 after \d+ (s|min), about .+ "
                        r"left\n", line), line  # fmt: skip


def test_a_run_of_a_trillion_games_says_it_would_take_years(tmp_path: Path) -> None:
    line = first_progress_line(
        ["simulate", "amazons", "--size", "6", "--agents", "random", "--games", "10" + "0" * 11,
         "--workers", "1", "--seed", "1", "--out", "o"], tmp_path,
    )  # fmt: skip
    found = re.fullmatch(r"pnp: amazons: [\d,]+ of 1,000,000,000,000 after \d+ (s|min), about (.+) "
                         r"left\n", line)  # fmt: skip
    assert found and found[2].endswith("years"), line


# -- Ctrl-C before the first game ends (the first run on a machine compiles for a while) ----


def test_ctrl_c_before_any_game_finished_is_one_line_and_a_resume_plays_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It printed a traceback (zip() argument 2 is shorter than argument 1: the rows of
    games.csv had no files yet)."""

    def interrupted(*_: object) -> Iterator[object]:
        raise KeyboardInterrupt
        yield  # a generator, as the executors' play

    args = ["simulate", "amazons", "--size", "6", "--agents", "random", "--games", "20",
            "--workers", "1", "--seed", "1", "--out", str(tmp_path)]  # fmt: skip
    with monkeypatch.context() as patched:
        patched.setattr(InlineExecutor, "play", interrupted)
        result = run(*args)
    assert result.exit_code == 130 and result.stderr.strip().endswith("pnp: interrupted")
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert not [p for p in (tmp_path / "amazons-sim-1").iterdir() if p.name.startswith(".")]
    code, _, err = invoke(*args, "--resume")
    assert code == 0, err
    assert json.loads((tmp_path / "amazons-sim-1" / "summary.json").read_text())["games"] == 20


# -- stopped by a signal: SIGTERM and SIGHUP as Ctrl-C, and Ctrl-C to the whole process group --


def playing(out: Path, name: str, games: int) -> Callable[[], bool]:
    """Whether the run folder `name` in `out` has kept more than `games` games."""
    results = out / name / "results.jsonl"
    return lambda: results.exists() and results.read_bytes().count(b"\n") > games


def stopped_cleanly(code: int, err: str, expected: int, words: str, tmp: Path, run: Path) -> None:
    """The one line of a stopped command, its exit code, and nothing left behind: no traceback
    or worker's message, no temporary file in the run folder, no scratch folder in TMPDIR."""
    lines = err.strip().splitlines()
    assert code == expected and lines[-1] == f"pnp: {words}", err
    assert "Traceback" not in err and "Process " not in err and "leaked" not in err, err
    assert not [p.name for p in run.iterdir() if p.name.startswith(".")]
    assert not list(tmp.glob("pnp-run-*")), "a scratch folder was left in TMPDIR"


@pytest.mark.parametrize(
    ("number", "code", "words"),
    [(signal.SIGTERM, 143, "terminated (SIGTERM)"), (signal.SIGHUP, 129, "hung up (SIGHUP)")],
    ids=["SIGTERM", "SIGHUP"],
)
def test_sigterm_and_sighup_stop_a_run_as_ctrl_c_does(
    tmp_path: Path, number: int, code: int, words: str
) -> None:
    """They ended the process by the signal (exit -15, -1) with no line, a "leaked semaphore"
    warning and the scratch folder left in TMPDIR."""
    tmp, out = Path(tempfile.mkdtemp(prefix="pnp-t-", dir="/tmp")), tmp_path / "o"  # short: sockets
    args = ["simulate", "amazons", "--size", "6", "--agents", "random", "--games", "100000",
            "--workers", "2", "--seed", "1", "--out", str(out)]  # fmt: skip
    try:
        process = subprocess.Popen([sys.executable, "-m", "pnp", *args],
                                   env={**os.environ, "TMPDIR": str(tmp)},
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        wait_for(lambda: process.poll() is not None or playing(out, "amazons-sim-1", 2000)(),
                 "the run to play")  # fmt: skip
        process.send_signal(number)
        stopped, err = finished(process)
        stopped_cleanly(stopped, err, code, words, tmp, out / "amazons-sim-1")
        kept = (out / "amazons-sim-1" / "results.jsonl").read_bytes()
        assert kept.endswith(b"\n") and kept.count(b"\n") > 2000, "whole chunks kept"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def starting(out: Path) -> bool:
    """Whether the balance has taken its run folder: it starts its worker pool next."""
    return any(out.glob("amazons-balance-1/**/.lock"))


@pytest.mark.parametrize("phase", ["starting", "playing"])
def test_ctrl_c_on_a_terminal_reaches_the_workers_too_and_still_prints_one_line(
    tmp_path: Path, phase: str
) -> None:
    """Ctrl-C on a terminal goes to every process of the group, the forkserver and the pool's
    workers included: each printed its traceback ("Process ForkServerProcess-1: ...", or
    a worker forked as pnp exited: "FileNotFoundError" of the pool's semaphore) after pnp's
    line, 6 times in 8 at two seconds into `pnp balance amazons --size 6 --workers 2`."""
    tmp, out = Path(tempfile.mkdtemp(prefix="pnp-t-", dir="/tmp")), tmp_path / "o"
    args = ["balance", "amazons", "--size", "6", "--workers", "2", "--seed", "1",
            "--out", str(out)]  # fmt: skip
    reached = (lambda: starting(out)) if phase == "starting" else playing(
        out, "amazons-balance-1/rung-1-random", 10)  # fmt: skip
    try:
        process = subprocess.Popen([sys.executable, "-m", "pnp", *args],
                                   env={**os.environ, "TMPDIR": str(tmp)}, start_new_session=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
        wait_for(lambda: process.poll() is not None or reached(), f"the balance {phase}")
        os.killpg(process.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
        code, err = finished(process)
        stopped_cleanly(code, err, 130, "interrupted", tmp, out / "amazons-balance-1")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# -- standard output and error closed ----------------------------------------------------------


def pnp_closed(args: list[str], close: int, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """`pnp ARGS` with its file descriptor `close` (1: stdout, 2: stderr) closed, as `>&-` and
    `2>&-` leave it."""
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd, capture_output=True,
                          preexec_fn=lambda: os.close(close), timeout=PATIENCE)  # fmt: skip


def test_no_standard_output_is_one_line_exit_2_not_a_silent_success(tmp_path: Path) -> None:
    """`pnp games >&-` printed nothing and exited 0."""
    done = pnp_closed(["games"], 1, tmp_path)
    assert done.returncode == 2, done
    assert done.stderr.decode() == (
        "pnp: error: standard output is closed, so pnp cannot print; give it somewhere to "
        "write (>/dev/null to drop what it prints)\n"
    )


def test_no_standard_error_keeps_the_error_off_standard_output(tmp_path: Path) -> None:
    """`pnp kit chess 2>&-` printed its error line on stdout, where a script reads data."""
    done = pnp_closed(["kit", "chess"], 2, tmp_path)
    assert (done.returncode, done.stdout) == (2, b"")


def test_a_reader_that_stops_early_gets_one_line_exit_2(tmp_path: Path) -> None:
    """`pnp simulate ... --json | head -c 20`: exit 1 and no word (click's own exit on EPIPE)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", "simulate", "amazons", "--size", "6", "--games", "20",
         "--agents", "random", "--workers", "1", "--seed", "1", "--json", "--out", "o"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert process.stdout is not None
    process.stdout.close()  # the reader is gone before pnp writes
    code, err = finished(process)
    assert code == 2 and err == (
        "pnp: error: standard output was closed before pnp had written all of it (its reader "
        "ended: a broken pipe)\n"
    ), err
    assert (tmp_path / "o" / "amazons-sim-1" / "summary.json").exists(), "the run's files stay"


# -- worker processes that cannot start, or are killed --------------------------------------

BROKEN_START = """
import sys

import simulate.run.executors as executors

executors.PRELOAD = [*executors.PRELOAD, "broken_preload"]  # the forkserver dies importing it

import pnp.__main__ as entry

sys.argv = ["pnp", *sys.argv[1:]]
entry.main()
"""


def test_workers_that_cannot_start_are_one_line_exit_2(tmp_path: Path) -> None:
    """A forkserver that runs out of memory importing the workers' modules (`ulimit -v`): its
    traceback, then "pnp: interrupted" and exit 130 (the pool's EOFError, which click takes
    for Ctrl-D), or a main process spinning without end."""
    (tmp_path / "broken_preload.py").write_text("raise MemoryError\n")
    (tmp_path / "probe.py").write_text(BROKEN_START)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(Path.cwd())])}
    done = subprocess.run([sys.executable, "-m", "probe", *RANDOM_RUN, "--out", "o"], env=env,
                          cwd=tmp_path, capture_output=True, timeout=PATIENCE)  # fmt: skip
    assert done.returncode == 2 and done.stderr.decode() == (
        "pnp: error: --workers 2: a worker process could not start or ended abruptly "
        "(MemoryError); the finished games are kept (--resume), and --workers 1 plays without "
        "worker processes\n"
    ), done


def grandchildren(pid: int) -> list[int]:
    """The children of the children of `pid`, from /proc."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            parents[int(stat.parent.name)] = int(fields[1])
    children = {child for child, parent in parents.items() if parent == pid}
    return sorted(child for child, parent in parents.items() if parent in children)


def test_a_worker_killed_mid_run_is_one_line_and_the_resume_finishes_the_run(
    tmp_path: Path,
) -> None:
    """`kill -9` of a worker (or the kernel's out-of-memory killer): a traceback ending in
    BrokenProcessPool, exit 1."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", *RANDOM_RUN, "--out", "o"],
                               cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)  # fmt: skip
    wait_for(lambda: process.poll() is not None or playing(tmp_path / "o", "amazons-sim-1",
                                                           200)(), "the run to play")  # fmt: skip
    # the workers are the forkserver's children (the main process's are the forkserver and
    # multiprocessing's resource tracker)
    os.kill(grandchildren(process.pid)[-1], signal.SIGKILL)
    code, err = finished(process)
    assert code == 2 and err.startswith("pnp: error: --workers 2: a worker process could not "
                                        "start or ended abruptly ("), err  # fmt: skip
    assert len(err.splitlines()) == 1, err
    code, _, err = invoke(*RANDOM_RUN, "--resume", "--out", str(tmp_path / "o"))
    assert code == 0, err


RANDOM_RUN = ["simulate", "amazons", "--size", "6", "--agents", "random", "--games", "20000",
              "--workers", "2", "--seed", "1"]  # fmt: skip


# -- a scheduler address where another kind of server listens ----------------------------------


class Greeting(socketserver.BaseRequestHandler):
    """A server that speaks first, in text, as SSH does."""

    def handle(self) -> None:
        self.request.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
        self.request.recv(64)


class Http(http.server.BaseHTTPRequestHandler):
    """An HTTP server (as `python -m http.server`) that logs nothing."""

    def log_message(self, *_: object) -> None:
        pass


@pytest.mark.parametrize(
    ("handler", "what"),
    [(Http, "an HTTP server"),
     (Greeting, "a server saying 'SSH-2.0-OpenSSH_9.6'")],
    ids=["http", "ssh"],
)  # fmt: skip
def test_a_server_that_is_no_dask_scheduler_is_named_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, handler: type, what: str
) -> None:
    """`python -m http.server` at the --scheduler address: no output after 900 s, the run
    folder's lock held throughout."""
    pytest.importorskip("dask.distributed")
    import dask

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.server_address[1]}"
    try:
        with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
            check_refused_in_one_line(tmp_path, (
                ["simulate", "amazons", "--size", "6", "--games", "4", "--executor", "dask",
                 "--scheduler", address], None,
                f"--scheduler {address}: {what} answered there, not a Dask scheduler",
            ), monkeypatch)  # fmt: skip
    finally:
        server.shutdown()
        server.server_close()


# -- what killed runs left in TMPDIR, removed by any later run ---------------------------------


def test_a_resume_that_plays_no_game_still_removes_the_scratch_of_killed_runs(
    tmp_path: Path,
) -> None:
    """Only a run that started worker processes removed them: the last resume of a killed run,
    with nothing left to play, left the killed runs' pnp-run-* folders in TMPDIR."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    args = [sys.executable, "-m", "pnp", "simulate", "amazons", "--size", "6", "--agents",
            "random", "--games", "4", "--workers", "1", "--seed", "1", "--out", "o"]  # fmt: skip
    environment = {**os.environ, "TMPDIR": str(tmp)}
    subprocess.run(args, cwd=tmp_path, env=environment, check=True, capture_output=True,
                   timeout=PATIENCE)  # fmt: skip
    dead = tmp / f"pnp-run-{2**22 + 17}-x1"  # above Linux's largest pid: a process gone
    dead.mkdir()
    done = subprocess.run([*args, "--resume"], cwd=tmp_path, env=environment,
                          capture_output=True, timeout=PATIENCE)  # fmt: skip
    assert done.returncode == 0 and b"resuming: 4 of 4 games" in done.stdout, done
    assert not dead.exists()


def test_a_library_that_cannot_load_or_memory_that_runs_out_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under `ulimit -v` the main process fails to map a library it loads when the command
    needs it (numpy's, scipy's, llvmlite's), or runs out of memory: an 80-line traceback."""
    args = ["simulate", "amazons", "--size", "6", "--games", "4", "--workers", "1", "--out",
            str(tmp_path)]  # fmt: skip
    with monkeypatch.context() as patched:
        patched.setitem(sys.modules, "simulate.studies.session", None)  # its import fails
        code, stdout, err = invoke(*args)
    assert (code, stdout) == (2, "") and err.startswith(
        "pnp: error: a library could not be loaded (import of simulate.studies.session halted; "
    ) and err.endswith("; under a memory limit such as ulimit -v, raise it, else reinstall "
                       "pnp\n"), err  # fmt: skip

    def exhausted(*_: object) -> None:
        raise MemoryError

    with monkeypatch.context() as patched:
        patched.setattr(InlineExecutor, "play", exhausted)
        code, stdout, err = invoke(*args)
    assert (code, err) == (
        2,
        "pnp: error: out of memory (under a memory limit such as ulimit "
        "-v, raise it; else free memory or play with fewer --workers)\n",
    )


def test_each_command_is_stopped_by_its_own_signal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The signal that stopped a command was remembered for the life of the process: in one
    process (a test session, a notebook) a Ctrl-C after a SIGTERM still said "terminated", 143."""

    def stopped_by(number: int) -> Callable[..., Iterator[object]]:
        def play(*_: object) -> Iterator[object]:
            stopping.interrupt(number, None)
            yield  # a generator, as the executors' play

        return play

    args = ["simulate", "amazons", "--size", "6", "--agents", "random", "--games", "4",
            "--workers", "1", "--seed", "1"]  # fmt: skip
    for number, code, words in [(signal.SIGTERM, 143, "terminated (SIGTERM)"),
                                (signal.SIGINT, 130, "interrupted")]:  # fmt: skip
        with monkeypatch.context() as patched:
            patched.setattr(InlineExecutor, "play", stopped_by(number))
            result = run(*args, "--out", str(tmp_path / words))
        assert (result.exit_code, result.stderr.splitlines()[-1]) == (code, f"pnp: {words}")


ORPHANED = """
import os, sys, time
from multiprocessing import forkserver

import simulate.run.executors as executors

if sys.argv[1:] == ["unguarded"]:  # the forkserver as it was: nothing ends it with its parent
    executors.PRELOAD.remove("simulate.run.orphan")
executors.PRELOAD.append("stuck_preload")  # a forkserver stuck importing (as under ulimit -v)
executors._start_context()
print(forkserver._forkserver._forkserver_pid, flush=True)
time.sleep(1)  # the forkserver is importing
os._exit(1)  # this process dies (a memory limit it ran into)
"""


def test_the_workers_forkserver_ends_with_the_process_that_started_it(tmp_path: Path) -> None:
    """A main process that died under `ulimit -v` left its forkserver, stuck importing the
    workers' modules, as an orphan spinning at 96% CPU (simulate/run/orphan.py; the probe's
    `unguarded` shows the orphan)."""
    (tmp_path / "stuck_preload.py").write_text("import time\ntime.sleep(600)\n")
    (tmp_path / "probe.py").write_text(ORPHANED)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(Path.cwd())])}
    done = subprocess.run([sys.executable, "-m", "probe"], env=env, cwd=tmp_path,
                          capture_output=True, timeout=PATIENCE)  # fmt: skip
    server = Path(f"/proc/{int(done.stdout)}")
    try:
        wait_for(lambda: not server.exists() or server.joinpath("stat").read_text().split()[2]
                 == "Z", "the forkserver of a dead process to end")  # fmt: skip
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(done.stdout), signal.SIGKILL)
