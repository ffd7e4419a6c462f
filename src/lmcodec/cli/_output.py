"""Where the command writes: all or nothing, never over its own input.

A destination path is written under a temporary name beside it and renamed
over it only once everything is written (``os.replace``: atomic on POSIX), so
a run that fails midway leaves the destination as it was, and the temporary
file is removed. A symlink is written through (the file it names is replaced,
the link stays); a destination that is not a regular file (a FIFO, a device such
as /dev/stdout) is written in place, as a shell redirection would: it cannot be
renamed over. ``convert X X`` is refused before anything is opened.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

__all__ = ["UsageError", "atomic_path", "check_distinct", "check_readable"]


class UsageError(Exception):
    """A command line that cannot run (the message is printed after ``lmcodec:``; exit status 2)."""


def check_readable(src: str) -> None:
    """Fail before any output exists when ``src`` cannot be opened for reading."""
    if src == "-":
        return
    try:
        mode = os.stat(src).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory")
        if not stat.S_ISREG(mode):  # a FIFO or device: opening it now would consume what it holds
            if not os.access(src, os.R_OK):
                raise PermissionError(13, "Permission denied")
            return
        with open(src, "rb"):
            pass
    except OSError as exc:
        raise UsageError(f"cannot read {src}: {exc.strerror or exc}") from None


def check_distinct(src: str, dest: str) -> None:
    """Refuse to write over the input (the same path, or another name of the same file)."""
    if src == "-" or dest == "-":
        return
    same = os.path.abspath(src) == os.path.abspath(dest)
    if not same and os.path.exists(dest):
        with suppress(OSError):
            same = os.path.samefile(src, dest)
    if same:
        raise UsageError(f"{dest} is the input file: write to another file (then rename it)")


def _mode_for(dest: Path) -> int:
    try:
        return os.stat(dest).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def atomic_path(dest: str) -> Iterator[str]:
    """A temporary path beside ``dest`` (same suffix, so the same compression), renamed to
    ``dest`` when the block succeeds and removed when it fails; ``dest`` itself when it is
    not a regular file (nothing to rename over)."""
    try:
        existing = os.stat(dest).st_mode
    except OSError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing):
        if stat.S_ISDIR(existing):
            raise UsageError(f"cannot write {dest}: Is a directory")
        yield dest
        return
    path = Path(os.path.realpath(dest))
    directory = path.parent
    try:
        fd, tmp = tempfile.mkstemp(
            dir=directory, prefix=f".{path.name}.", suffix=f".partial{Path(dest).suffix}"
        )
    except OSError as exc:
        raise UsageError(f"cannot write {dest}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
