"""Concurrency and faults (issue 18), each with real `pnp` processes: two runs into one folder,
four kits into one folder at once, kits and runs killed (`kill -9`) in each phase, corrupt
records on resume, Ctrl-C while pnp loads, a real full disk (a 2 MB tmpfs, where the machine
lets a test mount one), and the temporaries and scratch folders that killed commands leave,
removed by the next command.

Every case checks that nothing is lost: a kit folder is whole or absent, a resumed run gives the
bytes of a run never killed, a refused resume leaves results.jsonl as it was.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pnp.output import remove_stale_temporaries, staged_folder
from simulate.run.scratch import remove_stale_scratch
from tests.support.disks import tmpfs
from tests.support.waiting import PATIENCE, finished, wait_for, wait_until

DEAD_PID = 2**22 + 17  # above Linux's largest pid: no such process
RUN = ["simulate", "amazons", "--size", "6", "--games", "300", "--seed", "4", "--workers", "2",
       "--agents", "random"]  # fmt: skip


def pnp(*args: str, tmp: Path | None = None) -> subprocess.Popen[bytes]:
    """`python -m pnp ARGS` as its own process; `tmp` as its TMPDIR, to see what it leaves."""
    env = {**os.environ, "TMPDIR": str(tmp)} if tmp is not None else None
    return subprocess.Popen([sys.executable, "-m", "pnp", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


def run_outputs(folder: Path) -> tuple[bytes, bytes, bytes]:
    """summary.json, games.csv and results.jsonl (in plan order whatever the workers)."""
    names = ("summary.json", "games.csv", "results.jsonl")
    summary, games, results = ((folder / name).read_bytes() for name in names)
    return summary, games, results


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def whole_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes, bytes]:
    """The files of RUN played once, never killed."""
    out = tmp_path_factory.mktemp("whole")
    code, err = finished(pnp(*RUN, "--out", str(out)))
    assert code == 0, err
    return run_outputs(out / "amazons-sim-4")


# -- two commands into one folder at once -----------------------------------------------------


def test_two_runs_into_one_folder_one_is_refused_naming_the_holder_and_the_other_is_whole(
    tmp_path: Path, whole_run: tuple[bytes, bytes, bytes]
) -> None:
    first = pnp(*RUN, "--out", str(tmp_path))
    results = tmp_path / "amazons-sim-4" / "results.jsonl"
    wait_for(lambda: results.exists(), "the first run to start playing")
    first.send_signal(signal.SIGSTOP)  # held mid-run, however slowly the second one starts
    try:
        code, err = finished(pnp(*RUN, "--setups", "10", "--out", str(tmp_path)))
    finally:
        first.send_signal(signal.SIGCONT)
    assert code == 2 and err.count("\n") == 1, err
    assert f"is in use by another run (process {first.pid} on " in err
    code, err = finished(first)
    assert code == 0, err
    folder = tmp_path / "amazons-sim-4"
    assert run_outputs(folder) == whole_run


def test_four_kits_into_one_folder_at_once_all_succeed_and_leave_one_whole_kit(
    tmp_path: Path,
) -> None:
    reference = tmp_path / "reference"
    assert finished(pnp("kit", "amazons", "--seed", "1", "--out", str(reference)))[0] == 0
    shared = tmp_path / "shared"
    runs = [pnp("kit", "amazons", "--seed", "1", "--out", str(shared)) for _ in range(4)]
    results = [finished(run) for run in runs]
    assert all(code == 0 for code, _ in results), results
    assert os.listdir(shared) == ["amazons-1"], "no staging folder left"
    assert files(shared / "amazons-1") == files(reference / "amazons-1")


def land_this_kit(
    final: Path, monkeypatch: pytest.MonkeyPatch, rename: Callable[[Path, str | Path], Path]
) -> None:
    """This writer's kit staged and moved to `final` with `Path.rename` as `rename` (which plays
    the other writer's part): `final` then holds this kit."""
    monkeypatch.setattr(Path, "rename", rename)
    with staged_folder(final) as staging:
        (staging / "setup.json").write_text("this kit")
    assert (final / "setup.json").read_text() == "this kit"


def test_a_kit_landing_between_two_renames_of_another_leaves_the_later_kit_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race of two kits into one folder, made certain: another writer's whole folder lands
    on the kit's name just before this writer renames its own there."""
    final = tmp_path / "amazons-1"
    rename = Path.rename
    raced: list[Path] = []

    def rename_after_another(self: Path, target: str | Path) -> Path:
        if Path(target) == final and not raced:
            other = tmp_path / "other"
            other.mkdir()
            (other / "setup.json").write_text("the other kit")
            raced.append(rename(other, final))
        return rename(self, target)

    land_this_kit(final, monkeypatch, rename_after_another)
    assert raced, "the other writer landed first"
    assert os.listdir(tmp_path) == ["amazons-1"], "no staging or replaced folder left"


def test_a_kit_whose_place_another_writer_empties_at_that_moment_lands_and_is_not_called_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race `.ci/run` met at load 4 (four kits into one folder at once: one said "is a
    file"), made certain: this writer's rename finds the earlier kit in place, and before it
    looks again another writer has moved that kit aside, so the name is free, not a file."""
    final = tmp_path / "amazons-1"
    final.mkdir()
    (final / "setup.json").write_text("the earlier kit")
    rename = Path.rename
    raced: list[Path] = []

    def rename_while_another_moves_it_aside(self: Path, target: str | Path) -> Path:
        if Path(target) == final and self != final and not raced:
            raced.append(rename(final, tmp_path / "another-writer.old"))
            raise OSError(errno.ENOTEMPTY, "Directory not empty")
        return rename(self, target)

    land_this_kit(final, monkeypatch, rename_while_another_moves_it_aside)
    assert raced, "the other writer moved the earlier kit aside"


# -- kills in each phase ----------------------------------------------------------------------


@pytest.mark.parametrize("delay", [0.5, 2.5, 5.0])
def test_a_kit_killed_in_any_phase_leaves_no_half_kit_and_the_next_cleans_up(
    tmp_path: Path, delay: float
) -> None:
    run = pnp("kit", "paper-penguins", "--sheets", "30", "--seed", "2", "--out", str(tmp_path))
    time.sleep(delay)
    run.kill()
    run.wait()
    final = tmp_path / "paper-penguins-2"
    if final.exists():
        assert (final / "setup.json").exists(), "a kit folder is whole or absent"
    assert finished(pnp("kit", "amazons", "--seed", "1", "--out", str(tmp_path)))[0] == 0
    left = [name for name in os.listdir(tmp_path) if name.startswith(".")]
    assert left == [], "the next kit removed what the killed one left"


def _started(out: Path) -> bool:
    return (out / "amazons-sim-4").exists()


def _playing(out: Path) -> bool:
    path = out / "amazons-sim-4" / "results.jsonl"
    return path.exists() and path.read_bytes().count(b"\n") > 50


def _reporting(out: Path) -> bool:
    return any((out / "amazons-sim-4").glob("*summary.json*"))


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A TMPDIR with a short path: a worker pool's socket must fit AF_UNIX's 108 bytes."""
    folder = Path(tempfile.mkdtemp(prefix="pnp-t-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    "phase", [_started, _playing, _reporting], ids=["starting", "playing", "reporting"]
)
def test_a_run_killed_in_any_phase_resumes_to_the_bytes_of_a_whole_run_and_leaves_no_scratch(
    tmp_path: Path,
    whole_run: tuple[bytes, bytes, bytes],
    phase: Callable[[Path], bool],
    short_tmp: Path,
) -> None:
    out = tmp_path / "killed"
    run = pnp(*RUN, "--out", str(out), tmp=short_tmp)
    wait_until(lambda: phase(out) or run.poll() is not None)
    run.kill()
    run.wait()
    code, err = finished(pnp(*RUN, "--resume", "--out", str(out), tmp=short_tmp))
    assert code == 0, err
    folder = out / "amazons-sim-4"
    assert run_outputs(folder) == whole_run
    assert not [p for p in folder.rglob(".*")], "no temporary or lock left"
    assert os.listdir(short_tmp) == [], "the killed run's pool folder was removed by the next"


CORRUPTIONS: dict[str, Callable[[list[bytes]], list[bytes]]] = {
    "binary line": lambda lines: [*lines[:20], b"\x00\xff\xfe garbage\n", *lines[20:]],
    "game out of the plan": lambda lines: [
        *lines,
        lines[5].replace(b'"index":4,', b'"index":999999,'),
    ],
    "ranks [7,7]": lambda lines: [
        *lines[:3],
        json.dumps({**json.loads(lines[3]), "ranks": [7, 7]}, separators=(",", ":")).encode()
        + b"\n",
        *lines[4:],
    ],
}


SMALL = ["simulate", "amazons", "--size", "6", "--games", "40", "--seed", "4", "--workers", "1"]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of SMALL played once."""
    out = tmp_path_factory.mktemp("small")
    code, err = finished(pnp(*SMALL, "--out", str(out)))
    assert code == 0, err
    return out


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_corrupt_records_refuse_the_resume_in_one_line_and_change_nothing(
    tmp_path: Path, small_run: Path, name: str
) -> None:
    shutil.copytree(small_run, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "amazons-sim-4" / "results.jsonl"
    path.write_bytes(b"".join(CORRUPTIONS[name](path.read_bytes().splitlines(keepends=True))))
    before = path.read_bytes()
    code, err = finished(pnp(*SMALL, "--resume", "--out", str(tmp_path)))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"pnp: error: --resume: {path} line "), err
    assert path.read_bytes() == before, "nothing of the results is lost"


# -- Ctrl-C while pnp loads -------------------------------------------------------------------


def loading_libraries(process: subprocess.Popen[bytes]) -> bool:
    """Whether `process` has mapped a compiled library of site-packages (numpy and the like):
    the interpreter has started and pnp's code is loading what it needs, or has ended."""
    if process.poll() is not None:
        return True
    with contextlib.suppress(OSError):
        return "site-packages" in Path(f"/proc/{process.pid}/maps").read_text()
    return True


@pytest.mark.parametrize("delay", [0.0, 0.2, 0.5, 1.0])
def test_ctrl_c_while_pnp_loads_is_one_line_and_exit_130(delay: float) -> None:
    """Ctrl-C at `delay` seconds after pnp began loading its libraries. The interpreter's own
    start-up comes before any code of pnp (a Ctrl-C there is Python's: "Could not import runpy
    module", exit 1), and takes over 0.2 s on a loaded machine, so the delay counts from there."""
    run = pnp("games")
    wait_for(lambda: loading_libraries(run), "pnp to begin loading its libraries")
    time.sleep(delay)
    run.send_signal(signal.SIGINT)
    code, err = finished(run)
    if code == 0:
        pytest.skip("pnp finished before the Ctrl-C")
    assert (code, err) == (130, "pnp: interrupted\n")


PROBE = """
import os, signal, sys, time, types

import pnp.__main__ as entry

def command_line() -> None:  # a Ctrl-C in a string exec, as when dataclasses build methods
    exec("os.kill(os.getpid(), signal.SIGINT); time.sleep(5)", {**globals(), "time": time})

loading = types.ModuleType("pnp.cli")
loading.main = command_line
sys.modules["pnp.cli"] = loading
entry.main()
"""


def test_ctrl_c_inside_a_string_exec_while_loading_is_exit_130_under_python_m(
    tmp_path: Path,
) -> None:
    """CPython marks a KeyboardInterrupt that leaves a string `exec` (dataclasses and
    namedtuples build their methods so while pnp loads) as unhandled, and `python -m` then ends
    by SIGINT (-2) whatever code pnp exits with: the flaky case above, made certain."""
    (tmp_path / "probe.py").write_text(PROBE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(Path.cwd())])}
    run = subprocess.run([sys.executable, "-m", "probe"], env=env, capture_output=True,
                         timeout=PATIENCE, cwd=tmp_path)  # fmt: skip
    assert (run.returncode, run.stderr.decode()) == (130, "pnp: interrupted\n")


AFTER_THE_WORK = """
import atexit, os, signal, sys, time, types

import pnp.__main__ as entry

def command_line() -> None:  # the work is done; a Ctrl-C comes while Python shuts down
    print("done")
    atexit.register(lambda: (os.kill(os.getpid(), signal.SIGINT), time.sleep(0.5)))
    sys.exit(0)

loading = types.ModuleType("pnp.cli")
loading.main = command_line
sys.modules["pnp.cli"] = loading
entry.main()
"""


def test_ctrl_c_after_the_work_is_done_changes_nothing(tmp_path: Path) -> None:
    """A Ctrl-C while the interpreter shuts down, after the command ended: the flaky case of
    `test_ctrl_c_while_pnp_loads_is_one_line_and_exit_130` (`pnp games` had printed everything
    and the process died by SIGINT, -2, with no message), made certain. The command's exit code
    stands; nothing is printed."""
    (tmp_path / "after.py").write_text(AFTER_THE_WORK)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(Path.cwd())])}
    run = subprocess.run([sys.executable, "-m", "after"], env=env, capture_output=True,
                         timeout=PATIENCE, cwd=tmp_path)  # fmt: skip
    assert (run.returncode, run.stdout.decode(), run.stderr.decode()) == (0, "done\n", "")


# -- what killed commands leave, removed by the next ------------------------------------------


def test_temporaries_of_dead_processes_are_removed_and_live_ones_kept(tmp_path: Path) -> None:
    dead = tmp_path / f".amazons-1.pnp-{DEAD_PID}-abcd.tmp"
    dead_old = tmp_path / f".amazons-1.pnp-{DEAD_PID}-abcd.tmp.old"
    live = tmp_path / f".amazons-1.pnp-{os.getppid()}-efgh.tmp"
    mine = tmp_path / f".summary.json.pnp-{os.getpid()}-ijkl.tmp"
    for folder in (dead, dead_old, live):
        folder.mkdir()
    mine.write_text("{}")
    user = tmp_path / ".my-notes.tmp"
    user.write_text("keep")
    assert sorted(remove_stale_temporaries(tmp_path)) == sorted([dead, dead_old])
    assert live.exists() and mine.exists() and user.exists()


def test_scratch_folders_of_dead_runs_are_removed(tmp_path: Path) -> None:
    (tmp_path / f"pnp-run-{DEAD_PID}-x1").mkdir()
    (tmp_path / f"pnp-run-{os.getpid()}-x2").mkdir()
    (tmp_path / "pnp-run-notes").mkdir()
    assert remove_stale_scratch(tmp_path) == [tmp_path / f"pnp-run-{DEAD_PID}-x1"]
    assert sorted(os.listdir(tmp_path)) == [f"pnp-run-{os.getpid()}-x2", "pnp-run-notes"]


# -- a real full disk -------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs nearly full, or a skip saying why the machine does not allow one."""
    with tmpfs(tmp_path / "disk", 2 * 1024 * 1024, room=96 * 1024) as mount:
        yield mount


@pytest.mark.parametrize(
    "args",
    [["kit", "penguins", "--seed", "1"],
     ["simulate", "amazons", "--size", "6", "--games", "3000", "--seed", "2", "--workers", "1",
      "--agents", "random"]],
    ids=["kit", "simulate"],
)  # fmt: skip
def test_a_real_full_disk_is_one_line_and_leaves_nothing_half_written(
    small_disk: Path, args: list[str]
) -> None:
    code, err = finished(pnp(*args, "--out", str(small_disk)))
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith("pnp: error: ") and err.endswith(": No space left on device\n"), err
    where = err.removeprefix("pnp: error: ").removesuffix(": No space left on device\n")
    written = "penguins-1" if args[0] == "kit" else "amazons-sim-2/"  # a long path is cut short
    assert where.endswith(written) or written in where, "the line names what was being written"
    assert not (small_disk / "penguins-1").exists()
    assert not [p for p in small_disk.rglob(".*")], "no temporary left on the full disk"
    assert not (small_disk / "amazons-sim-2" / "summary.json").exists(), "no report of a cut run"


def test_a_run_cut_by_a_full_disk_resumes_to_the_bytes_of_a_whole_run(
    small_disk: Path, tmp_path: Path
) -> None:
    """Nothing is lost: once there is room again, `--resume` finishes the run a full disk cut
    (a last record cut short is dropped) with the files of a run that never ran out of room."""
    run = ["simulate", "amazons", "--size", "6", "--games", "3000", "--seed", "2", "--workers",
           "1", "--agents", "random"]  # fmt: skip
    assert finished(pnp(*run, "--out", str(small_disk)))[0] == 2
    (small_disk / "filler").unlink()
    code, err = finished(pnp(*run, "--resume", "--out", str(small_disk)))
    assert code == 0, err
    assert finished(pnp(*run, "--out", str(tmp_path)))[0] == 0
    assert run_outputs(small_disk / "amazons-sim-2") == run_outputs(tmp_path / "amazons-sim-2")
