"""Where the command writes: all or nothing, never over its own input.

A destination path is written under a temporary name beside it and renamed
over it only once everything is written (``os.replace``: atomic on POSIX), so
a run that fails midway leaves the destination as it was, and the temporary
file is removed. ``convert X X`` is refused before anything is opened.
"""

from __future__ import annotations

import os
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
    ``dest`` when the block succeeds and removed when it fails."""
    path = Path(dest)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=f".partial{path.suffix}")
    except OSError as exc:
        raise UsageError(f"cannot write {dest}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, dest)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
