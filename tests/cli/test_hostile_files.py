"""Run and kit folders that cannot be turned against their user (issue 37).

- A symbolic link where pnp keeps a file or folder of its own (every file a run, a ladder, a
  sweep or a kit writes, the `charts` folder, the run or kit folder itself), or a hard link
  where a run writes in place (its lock and results), is refused in one line naming it, and
  what it points to is unchanged: someone who can write a shared output folder cannot make pnp
  overwrite a file it can reach. A kit's files are never written in place: its old folder,
  links and all, is replaced whole.
- A named pipe there is refused at once (with real processes: opening one would wait forever).
- A run folder removed while the run plays stays removed: the run stops in one line.
- A disk that fills (or a file size limit) at any point leaves a line naming the file and no
  half report: the folder holds `results.jsonl` alone, for `--resume`.
- A run is resumed only by the pnp version that began it.
"""

from __future__ import annotations

import errno
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

import pytest

from tests.cli.test_concurrency_faults import pnp as pnp_process
from tests.support.cli import invoke
from tests.support.disks import tmpfs
from tests.support.waiting import finished, wait_for

SIM = ["simulate", "amazons", "--size", "6", "--games", "4", "--seed", "1", "--workers", "1"]
BALANCE = ["balance", "amazons", "--size", "6", "--setups", "2", "--games-per-setup", "4",
           "--seed", "1", "--workers", "1"]  # fmt: skip
SCORES = ["simulate", "penguins", "--games", "4", "--seed", "1", "--workers", "1", "--agents",
          "random"]  # fmt: skip
DEALS = ["balance", "platypus", "--setups", "2", "--seed", "1", "--workers", "1"]
LADDER = [*SIM, "--ladder", "random,greedy"]
SWEEP = ["sweep", "amazons", "--over", "size=6,8", "--setups", "2", "--games-per-setup", "2",
         "--seed", "1", "--workers", "1", "--agents", "random"]  # fmt: skip
KIT = ["kit", "amazons", "--seed", "1", "--format", "both"]
LASER = ["kit", "amazons", "--seed", "1", "--format", "laser"]

# (the command, its folder in --out, a name in it where the command writes a file)
RUN_FILES = [
    *((SIM, "amazons-sim-1", name) for name in (
        ".lock", "results.jsonl", "summary.json", "games.csv", "seats.csv", "report.pdf",
        "charts/seats.png", "charts/seats.svg", "charts/duration.png", "charts/duration.svg")),
    *((BALANCE, "amazons-balance-1", name)
      for name in ("setups.csv", "charts/setups.png", "charts/setups.svg")),
    *((SCORES, "penguins-sim-1", name) for name in ("charts/margin.png", "charts/margin.svg")),
    *((DEALS, "platypus-balance-1", name)
      for name in ("deals.csv", "charts/deals.png", "charts/deals.svg")),
    *((LADDER, "amazons-sim-1", name) for name in (
        ".lock", "ladder.json", "report.pdf", "rung-1-random/results.jsonl",
        "duel-2-greedy-vs-random/summary.json")),
    *((SWEEP, "amazons-sweep-1", name) for name in (
        ".lock", "sweep.json", "sweep.csv", "charts/sweep.png", "charts/sweep.svg",
        "size-8/results.jsonl")),
]  # fmt: skip
# (the command, its folder in --out, a folder in it where the command keeps its own files)
RUN_FOLDERS = [
    (SIM, "amazons-sim-1", ""),
    (SIM, "amazons-sim-1", "charts"),
    (LADDER, "amazons-sim-1", "rung-1-random"),
    (SWEEP, "amazons-sweep-1", "size-6"),
    (SWEEP, "amazons-sweep-1", "charts"),
    (KIT, "amazons-1", ""),
]
KIT_FILES = [(KIT, "kit.pdf"), (KIT, "kit-p01.svg"), (KIT, "setup.json"),
             (LASER, "kit-laser-p02.svg")]  # fmt: skip


def command_id(args: list[str]) -> str:
    """`simulate --ladder --resume`: the command and the flags that change what it writes."""
    return " ".join([args[0], *(flag for flag in ("--ladder", "--resume") if flag in args)])


def case_id(case: tuple[list[str], str, str]) -> str:
    args, folder, name = case
    return f"{command_id(args)} {folder}/{name}".rstrip("/")


def victim_file(tmp_path: Path) -> Path:
    path = tmp_path / "victim.txt"
    path.write_text("the user's own words\n")
    return path


def victim_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "victim"
    folder.mkdir()
    for name in ("duration.png", "summary.json", "results.jsonl", "kit.pdf"):
        (folder / name).write_text(f"the user's own {name}\n")
    return folder


def contents(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def linked(link: Path, target: Path) -> Path:
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(target)
    return link


def refused(args: list[str], out: Path, where: Path, what: str) -> str:
    """The one line `pnp ARGS --out OUT` is refused with, naming `where` as `what`."""
    code, _, err = invoke(*args, "--out", str(out))
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(f"pnp: error: {where} is {what}"), lines[0]
    return lines[0]


# -- symbolic links -------------------------------------------------------------------------


@pytest.mark.parametrize("case", RUN_FILES, ids=case_id)
def test_a_link_where_a_run_writes_a_file_is_refused_in_one_line_and_its_target_is_unchanged(
    tmp_path: Path, case: tuple[list[str], str, str]
) -> None:
    args, folder, name = case
    victim = victim_file(tmp_path)
    out = tmp_path / "out"
    link = linked(out / folder / name, victim)
    refused(args, out, link, "a symbolic link")
    assert victim.read_text() == "the user's own words\n"
    assert link.is_symlink(), "the link is the user's: left where it was"


@pytest.mark.parametrize("name", [".lock", "results.jsonl", "summary.json"])
def test_a_dangling_link_in_a_run_folder_makes_no_file_where_it_points(
    tmp_path: Path, name: str
) -> None:
    out = tmp_path / "out"
    target = tmp_path / "elsewhere" / "made-by-pnp"
    (tmp_path / "elsewhere").mkdir()
    link = linked(out / "amazons-sim-1" / name, target)
    refused(SIM, out, link, "a symbolic link")
    assert os.listdir(tmp_path / "elsewhere") == []


@pytest.mark.parametrize("name", [".lock", "results.jsonl"])
def test_a_hard_link_where_a_run_writes_in_place_is_refused_and_its_other_name_unchanged(
    tmp_path: Path, name: str
) -> None:
    """The lock and the results are written in place (the other files are renamed over), so a
    second name of another file there would have pnp write that file."""
    victim = victim_file(tmp_path)
    folder = tmp_path / "out" / "amazons-sim-1"
    folder.mkdir(parents=True)
    os.link(victim, folder / name)
    refused(SIM, tmp_path / "out", folder / name, "a hard link")
    assert victim.read_text() == "the user's own words\n"


@pytest.mark.parametrize("case", RUN_FOLDERS, ids=case_id)
def test_a_link_where_pnp_keeps_a_folder_is_refused_in_one_line_and_its_target_is_unchanged(
    tmp_path: Path, case: tuple[list[str], str, str]
) -> None:
    """The run or kit folder itself, its `charts`, a rung's or a configuration's folder: pnp
    would write its files into the folder the link points to."""
    args, folder, name = case
    victim = victim_folder(tmp_path)
    before = contents(victim)
    out = tmp_path / "out"
    link = linked(out / folder / name if name else out / folder, victim)
    refused(args, out, link, "a symbolic link")
    assert contents(victim) == before and sorted(os.listdir(victim)) == sorted(before)
    assert link.is_symlink()


def test_a_link_named_like_an_earlier_rung_is_left_and_what_it_points_to_unchanged(
    tmp_path: Path,
) -> None:
    """A ladder removes an earlier ladder's rung folders; a link named like one is not a run
    of its folder (removing the folder it points to would lose the user's files)."""
    victim = victim_folder(tmp_path)
    before = contents(victim)
    out = tmp_path / "out"
    link = linked(out / "amazons-sim-1" / "rung-3-mcts", victim)
    code, _, err = invoke(*LADDER, "--out", str(out))
    assert code == 0, err
    assert link.is_symlink() and contents(victim) == before


def test_a_dangling_link_at_a_kit_folder_is_refused_and_nothing_is_made_where_it_points(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    link = linked(out / "amazons-1", tmp_path / "nowhere")
    refused(KIT, out, link, "a symbolic link")
    assert not (tmp_path / "nowhere").exists()
    assert os.listdir(out) == ["amazons-1"], "no staging folder left"


@pytest.mark.parametrize("case", KIT_FILES, ids=lambda case: f"{case[0][-1]} {case[1]}")
def test_a_link_in_a_kit_folder_goes_with_the_old_kit_and_its_target_is_unchanged(
    tmp_path: Path, case: tuple[list[str], str]
) -> None:
    """A kit folder is built aside and renamed into place whole, so no file of it is written
    where a link points: the old folder, the link in it, is replaced by the new kit."""
    args, name = case
    reference = tmp_path / "reference"
    assert invoke(*args, "--out", str(reference))[0] == 0
    victim = victim_file(tmp_path)
    out = tmp_path / "out"
    linked(out / "amazons-1" / name, victim)
    code, _, err = invoke(*args, "--out", str(out))
    assert code == 0, err
    assert victim.read_text() == "the user's own words\n"
    assert contents(out / "amazons-1") == contents(reference / "amazons-1")
    assert not (out / "amazons-1" / name).is_symlink()


# -- named pipes: real processes, since opening one can wait forever --------------------------


FIFO_CASES = [
    (SIM, "amazons-sim-1/results.jsonl"),
    ([*SIM, "--resume"], "amazons-sim-1/results.jsonl"),
    (SIM, "amazons-sim-1/.lock"),
    (SIM, "amazons-sim-1/summary.json"),
    ([*LADDER, "--resume"], "amazons-sim-1/ladder.json"),
    ([*SWEEP, "--resume"], "amazons-sweep-1/sweep.json"),
]


@pytest.mark.parametrize("case", FIFO_CASES, ids=lambda case: f"{command_id(case[0])} {case[1]}")
def test_a_named_pipe_where_pnp_keeps_a_file_is_refused_at_once_in_one_line(
    tmp_path: Path, case: tuple[list[str], str]
) -> None:
    args, name = case
    out = tmp_path / "out"
    pipe = out / name
    pipe.parent.mkdir(parents=True)
    os.mkfifo(pipe)
    try:
        code, err = finished(pnp_process(*args, "--out", str(out)), f"pnp to refuse {name}")
    finally:
        pipe.unlink(missing_ok=True)  # tests/conftest.py reads the summaries left: it would wait
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith(f"pnp: error: {pipe} is a named pipe (FIFO)"), err


# -- the run folder removed while the run plays ------------------------------------------------


def test_a_run_folder_removed_while_the_run_plays_is_not_made_again(tmp_path: Path) -> None:
    """`rm -rf OUT` while two workers play: one line, and no folder, results or report is made
    again (a summary beside an empty results.jsonl would refuse the `--resume` it invites)."""
    out = tmp_path / "out"
    run = ["simulate", "amazons", "--size", "6", "--games", "1000000", "--seed", "4",
           "--workers", "2", "--agents", "random"]  # fmt: skip
    process = pnp_process(*run, "--out", str(out))
    results = out / "amazons-sim-4" / "results.jsonl"
    wait_for(lambda: (results.exists() and results.stat().st_size > 1000) or
             process.poll() is not None, "the run to store its first games")  # fmt: skip
    process.send_signal(signal.SIGSTOP)  # nothing is written in the folder while it goes
    try:
        shutil.rmtree(out)
    finally:
        process.send_signal(signal.SIGCONT)
    code, err = finished(process, "the run to stop")
    assert code == 2 and err.count("\n") == 1, err
    assert not out.exists(), "nothing made again"
    assert err.startswith(f"pnp: error: {results} was removed while the run wrote it"), err


# -- a full disk: no half report, and the file named -------------------------------------------


@contextmanager
def full_disk_at(name: str) -> Iterator[None]:
    """Every staged write of pnp fails as on a full disk at the file `name` (the disk filled
    up just then); the files before it are written."""
    import pnp.output
    from simulate.measure import deals
    from simulate.report import gamestable, terminal

    real = pnp.output.staged

    @contextmanager
    def staged(path: Path) -> Iterator[BinaryIO]:
        if path.name == name:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        with real(path) as stream:
            yield stream

    with pytest.MonkeyPatch.context() as patch:
        for module in (pnp.output, deals, gamestable, terminal):  # write_file's, and direct ones
            patch.setattr(module, "staged", staged)
        yield


@pytest.mark.parametrize("name", ["seats.csv", "duration.png", "report.pdf"])
def test_a_disk_full_while_the_report_is_written_leaves_no_report_file(
    tmp_path: Path, name: str
) -> None:
    """What was written of the report before the disk filled is removed with it: the folder
    holds the games (results.jsonl) alone, and `--resume` writes the whole report."""
    folder = tmp_path / "amazons-sim-1"
    with full_disk_at(name):
        code, _, err = invoke(*SIM, "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1, err
    assert err.endswith(f"/{name}: No space left on device\n"), err
    assert sorted(os.listdir(folder)) == ["results.jsonl"]
    code, _, err = invoke(*SIM, "--resume", "--out", str(tmp_path))
    assert code == 0, err
    assert (folder / "charts" / "duration.png").exists() and (folder / "report.pdf").exists()


@pytest.mark.parametrize("room", [40, 60, 80, 100, 140])
def test_a_real_disk_filling_at_any_point_of_a_run_names_the_file_and_leaves_no_half_report(
    tmp_path: Path, room: int
) -> None:
    """A 2 MB tmpfs with `room` KB left: the run fills it while playing, while writing its
    tables or while drawing its report."""
    with tmpfs(tmp_path / "disk", 2 * 1024 * 1024, room=room * 1024) as disk:
        run = ["simulate", "amazons", "--size", "6", "--games", "300", "--seed", "2",
               "--workers", "1", "--agents", "random"]  # fmt: skip
        code, err = finished(pnp_process(*run, "--out", str(disk)))
        folder = disk / "amazons-sim-2"
        assert code == 2 and err.count("\n") == 1, err
        assert err.startswith("pnp: error: ") and err.endswith(": No space left on device\n")
        assert "amazons-sim-2/" in err, "the line names the file"
        assert sorted(os.listdir(folder)) in ([], ["results.jsonl"]), "no half report"


def test_a_balance_on_a_48k_disk_names_the_file(tmp_path: Path) -> None:
    """The default balance (a timed ladder, its rungs' results appended as they come)."""
    with tmpfs(tmp_path / "disk", 48 * 1024) as disk:
        run = ["balance", "amazons", "--size", "6", "--time", "3s", "--seed", "1", "--workers",
               "1"]  # fmt: skip
        code, err = finished(pnp_process(*run, "--out", str(disk)))
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith("pnp: error: /") and err.endswith(": No space left on device\n"), err
    assert "/amazons-balance-1/" in err, "the line names the file (a long path cut short)"


def limited(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


@pytest.mark.parametrize("args", [BALANCE, SWEEP], ids=["balance", "sweep"])
def test_a_file_size_limit_names_the_file_it_stopped(tmp_path: Path, args: list[str]) -> None:
    """`ulimit -f 64`: the table of the setups, kept in the run's temporary folder, outgrows
    the limit; the line names where it was being written."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", *args, "--out", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=lambda: limited(64 * 1024))  # fmt: skip
    code, err = finished(process)
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith("pnp: error: /") and err.endswith(": File too large\n"), err


# -- the pnp version on --resume --------------------------------------------------------------


def test_a_run_begun_by_another_pnp_version_is_not_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A partial balance resumed by another version would mix the games of two programs."""
    monkeypatch.setattr("pnp.__version__", "0.1.0")
    code, _, err = invoke(*BALANCE, "--out", str(tmp_path))
    assert code == 0, err
    path = tmp_path / "amazons-balance-1" / "results.jsonl"
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:4]))  # killed
    before = path.read_bytes()
    monkeypatch.setattr("pnp.__version__", "0.2.0")
    code, _, err = invoke(*BALANCE, "--resume", "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1, err
    assert "pnp 0.1.0" in err and "0.2.0" in err, err
    assert path.read_bytes() == before


def test_a_run_of_a_pnp_that_recorded_no_version_is_not_resumed(tmp_path: Path) -> None:
    code, _, err = invoke(*SIM, "--out", str(tmp_path))
    assert code == 0, err
    path = tmp_path / "amazons-sim-1" / "results.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["plan"].pop("pnp_version", None)
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:3]))
    code, _, err = invoke(*SIM, "--resume", "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1, err
    assert "records no version" in err, err
