"""Writing results without half-written files: everything goes to a temporary name first.

A kit or report folder is built as a hidden sibling folder and renamed into place only when
every file in it is complete; single files are written beside their target and renamed.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from pnp.errors import PnpError


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


@contextlib.contextmanager
def staged_folder(final: Path) -> Iterator[Path]:
    """A temporary folder that becomes `final` (replacing it) when the block ends without error.

    On any error or interrupt the temporary folder is removed and `final` is left as it was.
    """
    output_folder(final.parent)
    staging = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".tmp", dir=final.parent))
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    replaced = None
    if final.exists():
        replaced = final.with_name(f"{staging.name}.old")
        final.rename(replaced)
    staging.chmod(0o755)
    staging.rename(final)
    if replaced is not None:
        shutil.rmtree(replaced, ignore_errors=True)


def write_file(path: Path, content: bytes | str) -> Path:
    """Write `content` to a temporary name beside `path`, then rename it into place."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    return path
