"""Writing results without half-written files: everything goes to a temporary name first.

A kit or report folder is built as a hidden sibling folder and renamed into place only when
every file in it is complete; single files are written beside their target and renamed. Every
temporary name carries the id of the process writing it (`.kit.pnp-1234-x8f2.tmp`), so two
commands writing into one folder never share a name, and one that was killed (its process gone)
leaves names the next command in that folder removes.

pnp writes only its own files: a symbolic link, named pipe or device where it keeps a file or
folder of its own is refused (`check_own`), never written through, and the files it writes in
place (a run's lock and results) are opened without following a link (`open_own`). Anyone who
can write a shared output folder could otherwise make pnp overwrite any file it can reach.
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


#: What pnp calls each kind of thing it finds where it keeps a file or folder of its own.
_FOREIGN = {
    stat.S_IFLNK: "a symbolic link",
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
}


def check_own(path: Path, folder: bool = False, in_place: bool = False) -> None:
    """PnpError naming `path`, where pnp keeps a file (or, `folder`, a folder) of its own, when a
    symbolic link is there (pnp would write through it into whatever it points to), a named
    pipe (opening it waits forever), a socket or a device; for a file pnp writes `in_place`
    (not renamed over), a hard link too (a file with another name, which the writes would
    change). Nothing there, a file or a folder passes: a folder where a file goes is refused by
    the system when it is written, named."""
    try:
        found = path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return
    kind = stat.S_IFMT(found.st_mode)
    if kind in _FOREIGN:
        raise _foreign(path, _FOREIGN[kind], folder)
    if in_place and kind == stat.S_IFREG and found.st_nlink > 1:
        raise _foreign(path, "a hard link")


def _foreign(path: Path, what: str, folder: bool = False) -> PnpError:
    own = "its own folder" if folder else "a file of its own"
    never = "never through a link" if what.endswith("link") else "only to files"
    return PnpError(f"{path} is {what}; pnp writes {own} there, and {never}: remove it or "
                    "write into another folder")  # fmt: skip


def open_own(path: Path, flags: int) -> int:
    """A descriptor of pnp's own file at `path` (`os.open` with `flags`, 0o644 when created),
    opened without following a symbolic link or waiting on a named pipe: PnpError naming
    `path` when anything but a regular file is there (a folder: the system's "Is a
    directory"), or, to write, a file with another name (a hard link). `O_TRUNC` empties the
    file only once it is known to be pnp's."""
    opened = flags & ~os.O_TRUNC | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        handle = os.open(path, opened, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):  # a link; a pipe with no reader
            check_own(path)
        raise
    found = os.fstat(handle)
    writes = flags & (os.O_WRONLY | os.O_RDWR)
    if stat.S_ISREG(found.st_mode) and not (writes and found.st_nlink > 1):
        os.set_blocking(handle, True)
        if flags & os.O_TRUNC:
            os.ftruncate(handle, 0)
        return handle
    os.close(handle)
    if stat.S_ISDIR(found.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    kind = stat.S_IFMT(found.st_mode)
    raise _foreign(path, "a hard link" if kind == stat.S_IFREG else _FOREIGN.get(kind, "no file"))


def own_folder(path: Path) -> Path:
    """`path`, a folder of pnp's own inside one that exists (a run's `charts`), created if
    missing; PnpError when a link or pipe is there. Its parent is never made: a run folder
    removed while the run wrote it stays removed."""
    check_own(path, folder=True)
    with naming(path):
        path.mkdir(exist_ok=True)
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
    check_own(final, folder=True)
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
    A link or pipe at `path` is refused (`check_own`): the rename would replace it, but it is not
    pnp's to remove.
    """
    check_own(path)
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
