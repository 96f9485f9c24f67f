"""Writing results without half-written files: everything goes to a temporary name first.

A kit or report folder is built as a hidden sibling folder and renamed into place only when
every file in it is complete; single files are written beside their target and renamed. Every
temporary name carries the id of the process writing it (`.kit.pnp-1234-x8f2.tmp`), so two
commands writing into one folder never share a name, and one that was killed (its process gone)
leaves names the next command in that folder removes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from pnp.errors import PnpError

#: A temporary name of this module: `.<name>.pnp-<pid>-<random>.tmp`, or `.tmp.old` for a
#: folder being replaced.
_TEMPORARY = re.compile(r"\A\..*\.pnp-(\d+)-[^.]+\.tmp(\.old)?\Z")
_RENAME_TRIES = 20  # another writer of the same folder can take the name between two renames


def check_folder(path: Path) -> Path:
    """`path` if it is, or can be created as, a writable folder; PnpError saying why not.

    Creates nothing, so a command that fails later leaves no trace.
    """
    if path.exists() and not path.is_dir():
        raise PnpError(f"--out {path} is a file; expected a folder to write into")
    existing = path
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise PnpError(f"--out {path}: {existing} is a file, so the folder cannot be made")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise PnpError(f"--out {path}: {existing} is not writable")
    return path


def output_folder(path: Path) -> Path:
    """`path` as a writable folder, created if missing; PnpError saying why it cannot be."""
    check_folder(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PnpError(f"--out {path}: cannot create the folder ({exc.strerror})") from None
    return path


def temporary_prefix(name: str) -> str:
    """The start of a temporary name for `name` written by this process."""
    return f".{name}.pnp-{os.getpid()}-"


def process_gone(pid: int) -> bool:
    """Whether process `pid` has ended (never this process; another user's counts as alive)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, but another user's
        return False
    return False


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files and folders that killed pnp processes left in `folder`."""
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            found = _TEMPORARY.match(entry.name)
            if found and process_gone(int(found[1])):
                path = Path(entry.path)
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    with contextlib.suppress(OSError):
                        path.unlink()
                removed.append(path)
    return removed


@contextlib.contextmanager
def naming(path: Path) -> Iterator[None]:
    """OSErrors of the block that name no file (a write to a full disk) name `path`, so that
    their one line says where."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            exc.filename = str(path)
        raise


@contextlib.contextmanager
def staged_folder(final: Path) -> Iterator[Path]:
    """A temporary folder that becomes `final` (replacing it) when the block ends without error.

    On any error or interrupt the temporary folder is removed and `final` is left as it was. A
    file named like `final` is never replaced: PnpError. When two writers finish together, each
    rename is whole: the folder is always one writer's complete folder, the last one's.
    """
    output_folder(final.parent)
    if _is_file(final):
        raise PnpError(f"{final} is a file; move it away or write into another folder")
    remove_stale_temporaries(final.parent)
    staging = Path(tempfile.mkdtemp(prefix=temporary_prefix(final.name), suffix=".tmp",
                                    dir=final.parent))  # fmt: skip
    try:
        with naming(final):
            yield staging
        staging.chmod(0o755)
        _rename_into_place(staging, final)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _is_file(path: Path) -> bool:
    """Whether something other than a folder is at `path`, read in one look: another writer may
    move a folder there aside at any moment, and a name it left free is no file."""
    try:
        return not stat.S_ISDIR(path.stat().st_mode)
    except FileNotFoundError:
        return False


def _rename_into_place(staging: Path, final: Path) -> None:
    """Rename `staging` to `final`, moving a folder already there aside and then removing it."""
    for _ in range(_RENAME_TRIES):
        try:
            staging.rename(final)  # replaces nothing but an empty folder
            return
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
        if _is_file(final):
            raise PnpError(f"{final} is a file; move it away or write into another folder")
        replaced = staging.with_name(f"{staging.name}.old")
        try:
            final.rename(replaced)
        except FileNotFoundError:  # another writer moved it aside first: try again
            continue
        shutil.rmtree(replaced, ignore_errors=True)
    raise PnpError(f"{final}: other commands keep writing this folder; try again")


@contextlib.contextmanager
def staged(path: Path) -> Iterator[BinaryIO]:
    """A stream to a temporary name beside `path`, renamed into place when the block ends well.

    The temporary name carries this process's id, so what a killed writer left is removed by the
    next write in the folder; on any error (Ctrl-C included) the temporary file is removed.
    """
    handle, temporary = tempfile.mkstemp(
        prefix=temporary_prefix(path.name), suffix=".tmp", dir=path.parent
    )
    try:
        with naming(path), os.fdopen(handle, "wb") as stream:
            yield stream
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def write_file(path: Path, content: bytes | str) -> Path:
    """Write `content` to a temporary name beside `path`, then rename it into place."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    remove_stale_temporaries(path.parent)
    with staged(path) as stream:
        stream.write(data)
    return path


_SHOWN_PATH = 100  # characters of a path an error line quotes


def shown_path(path: str) -> str:
    """A path as an error line quotes it: temporary names as the name they stand for, and a
    long path cut in the middle."""
    parts = [
        found[1] if (found := re.match(r"\A\.(.*)\.pnp-\d+-[^.]+\.tmp(?:\.old)?\Z", part)) else part
        for part in path.split(os.sep)
    ]
    text = os.sep.join(parts)
    if len(text) <= _SHOWN_PATH:
        return text
    half = (_SHOWN_PATH - 3) // 2
    return f"{text[:half]}...{text[-half:]}"


def os_error_line(error: OSError) -> str:
    """An OSError as one line: the path (or paths) and what the system said, e.g.
    `out/amazons-1/kit.pdf: No space left on device`."""
    why = error.strerror or str(error) or type(error).__name__
    paths = [os.fsdecode(p) for p in (error.filename, error.filename2) if p is not None]
    where = " -> ".join(dict.fromkeys(shown_path(str(p)) for p in paths))  # a temporary's rename
    return f"{where}: {why}" if where else why
