"""Where the command writes: all or nothing, never over its own input.

A destination path is written under a temporary name beside it and renamed over it only once
everything is written (``os.replace``: atomic on POSIX), so a run that fails midway leaves the
destination as it was, and the temporary file is removed; DEST keeps its mode and, where the writer
may, its owner and group (other hard links of DEST keep the old content). A destination the user may
not write (a read-only file) is refused, as a shell redirection refuses it, though a rename over it
would succeed. A symlink is written through (the file it names is replaced, the link stays); a
destination that is not a regular file (a FIFO, a device) is written in place, as a shell
redirection would: it cannot be renamed over. The file of an open standard stream
(``/dev/stdout``, ``/dev/fd/1``, ``/dev/stderr``, the file fd 1 or 2 is redirected to), or a name of
another open descriptor (``/dev/fd/3`` after ``3>> log``, however spelled: ``//dev/fd/3``,
``/dev/stdin``), is written through that descriptor, as ``-`` is: renamed over, the redirect target
was replaced (red team 38 F03); one open for reading only (``/dev/stdin`` after ``< log``) or on a
directory is refused, status 2, the file behind it kept (red team 45 F03, F04).
``convert X X`` is refused before anything is opened, and so is an input that is the output by
another road: standard input redirected from DEST, ``--rejects`` or the file standard output
goes to (red team 38 F02).
"""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

from lmcodec.codecs._replace import (
    held_by_another_process,
    keep_owner,
    refuse_a_directory_name,
    refuse_unwritable_descriptor,
    standard_stream_of,
    temporary_beside,
    written_through,
)
from lmcodec.codecs.files import unsupported_compression

__all__ = [
    "UsageError",
    "atomic_file",
    "check_compression",
    "check_distinct",
    "check_readable",
    "named",
    "standard_stream_of",
    "stdout_bytes",
]


class UsageError(Exception):
    """A command line that cannot run (the message is printed after ``lmcodec:``; exit status 2)."""


def stdout_bytes() -> IO[bytes]:
    """Standard output's byte stream; a :class:`UsageError` where the process has none (started
    with fd 1 closed, ``>&-``: Python sets ``sys.stdout`` to None), as naming ``/dev/stdout``
    says there (red team 40 F02: an AttributeError traceback before)."""
    if sys.stdout is None:
        raise UsageError("cannot write standard output: it is closed (the process has no file descriptor 1)")
    return sys.stdout.buffer


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


def check_compression(*paths: str | None) -> None:
    """Refuse a path named for a compression that is neither read nor written here (``.bz2``, ``.xz``)."""
    for path in paths:
        kind = None if path is None or path == "-" else unsupported_compression(path)
        if kind is not None:
            raise UsageError(f"{path}: {kind} compression is not supported: use .gz, .zst or no compression")


def _same_file(a: str, b: str) -> bool:
    if a == "-" or b == "-":
        return False
    if os.path.abspath(a) == os.path.abspath(b):
        return True
    with suppress(OSError):
        return os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)
    return False


def _file_of(name: str) -> tuple[int, int] | None:
    """The (device, inode) of the regular file at path ``name``; else None."""
    with suppress(OSError, ValueError):
        found = os.stat(name)
        if stat.S_ISREG(found.st_mode):
            return found.st_dev, found.st_ino
    return None


def _is_stdout(name: str) -> bool:
    """Whether the regular file ``name`` is the one standard output is redirected to."""
    here = _file_of(name)
    return here is not None and here == _file_of_fd(1)


def _file_of_fd(fd: int) -> tuple[int, int] | None:
    """The (device, inode) of the regular file descriptor ``fd`` is open on; else None."""
    with suppress(OSError, ValueError):
        found = os.fstat(fd)
        if stat.S_ISREG(found.st_mode):
            return found.st_dev, found.st_ino
    return None


def check_distinct(src: str, dest: str, rejects: str | None = None) -> None:
    """Refuse to write over the input, or the rejects over the output (the same path, or
    another name of the same file, standard output redirected to the input included; with
    ``-`` as SRC, standard input redirected from the file written: red team 38 F02)."""
    if src == "-":
        _check_stdin_distinct(dest, rejects)
    elif dest == "-" and _is_stdout(src):
        raise UsageError(
            f"standard output is the input file {src}: the output would be read back as input "
            "(write to another file)"
        )
    if _same_file(src, dest):
        raise UsageError(f"{dest} is the input file: write to another file (then rename it)")
    if rejects is not None and _same_file(src, rejects):
        raise UsageError(f"--rejects {rejects} is the input file: write the rejects to another file")
    if rejects is not None and _same_file(dest, rejects):
        raise UsageError(f"--rejects {rejects} is the output file: write the rejects to another file")
    if rejects is not None and dest == "-" and standard_stream_of(rejects) == 1 and not _a_terminal(1):
        raise UsageError(
            f"--rejects {rejects} is standard output, where DEST - goes: write the rejects to another file"
        )


def _a_terminal(fd: int) -> bool:
    """Whether ``fd`` is a terminal: the records and the rejects shown on it together lose
    nothing, where in a file or a pipe the rejects would be mixed into the converted records."""
    try:
        return os.isatty(fd)
    except OSError:
        return False


def _check_stdin_distinct(dest: str, rejects: str | None) -> None:
    """``-`` as SRC: standard input, when it is a regular file, is neither DEST (or the file
    standard output goes to, for DEST ``-``) nor ``--rejects``."""
    stdin = _file_of_fd(0)
    if stdin is None:
        return
    if dest == "-" and _file_of_fd(1) == stdin:
        raise UsageError(
            "standard output is the input file (standard input): the output would be read back as "
            "input (write to another file)"
        )
    if dest != "-" and _file_of(dest) == stdin:
        raise UsageError(f"{dest} is the input file: write to another file (then rename it)")
    if rejects is not None and _file_of(rejects) == stdin:
        raise UsageError(f"--rejects {rejects} is the input file: write the rejects to another file")


def named(exc: OSError, path: str) -> OSError:
    """``exc`` naming ``path`` (a failed write or flush names no file: "No space left on device")."""
    if exc.filename is not None:
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), path)


class _Naming(io.BufferedWriter):
    """DEST's file: a write or flush that fails (a full disk, a file-size limit) names DEST, as a
    failure of ``--rejects`` names that file (it said "lmcodec: No space left on device": red team
    16 F03)."""

    def __init__(self, raw: io.FileIO, name: str) -> None:
        super().__init__(raw)
        self._name = name

    def write(self, data: Any, /) -> int:
        try:
            return super().write(data)
        except OSError as exc:
            raise named(exc, self._name) from exc

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as exc:
            raise named(exc, self._name) from exc


def _mode_for(dest: Path) -> int:
    try:
        return os.stat(dest).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def atomic_file(dest: str) -> Iterator[IO[bytes]]:
    """``dest`` open for writing through a temporary file beside it
    (``codecs._replace.temporary_beside``: NAME cut to fit the name limit), renamed to ``dest``
    when the block succeeds and removed when it fails; ``dest`` itself, opened, when it is not a
    regular file (nothing to rename over) or another process's descriptor (``/proc/<pid>/fd/N``,
    as ``cat >`` opens it: ``codecs._replace.held_by_another_process``); the open descriptor
    whose file ``dest`` is (fd 1 or 2, or N for ``/dev/fd/N`` however spelled:
    ``codecs._replace.standard_stream_of``), written through (``codecs._replace.written_through``),
    refused where it takes no write (read-only, a directory). The writers write into the file given
    (compressed by DEST's name: ``codecs.files.compressing``), so DEST has this
    one temporary file: given the temporary path, they made one of their own beside it. A name of
    a directory's form (``out/``) is refused, as a shell redirection refuses it (it wrote the
    file ``out``)."""
    try:
        refuse_a_directory_name(dest)
    except OSError as exc:
        raise UsageError(f"cannot write {dest}: {exc.strerror}") from None
    try:
        existing: int | None = os.stat(dest).st_mode
    except FileNotFoundError:  # none yet, or a dangling symlink: written through to its target
        existing = None
    except OSError as exc:  # a symlink loop (ELOOP): open() refuses it, a rename would replace the link
        raise UsageError(f"cannot write {dest}: {exc.strerror or exc}") from None
    if existing is not None and stat.S_ISDIR(existing):  # `3< .` too: the error named the dup (F04)
        raise UsageError(f"cannot write {dest}: Is a directory")
    stream = None if existing is None else standard_stream_of(dest)
    if stream is not None:  # as `-` is: renamed over, the redirect target was replaced (F03)
        try:
            refuse_unwritable_descriptor(stream, dest)
        except OSError as exc:  # `/dev/stdin < log`: the file the user opened read-only is kept
            raise UsageError(f"cannot write {dest}: {exc.strerror or exc}") from None
        with written_through(stream, dest) as raw, _Naming(raw, dest) as fh:
            yield fh
        return
    if existing is not None and (not stat.S_ISREG(existing) or held_by_another_process(dest)):
        with _Naming(io.FileIO(dest, "wb"), dest) as fh:
            yield fh
        return
    if existing is not None and not os.access(dest, os.W_OK):  # a rename would replace it regardless
        raise UsageError(f"cannot write {dest}: Permission denied")
    path = Path(os.path.realpath(dest))
    try:
        tmp, fd = temporary_beside(path)
    except OSError as exc:
        raise UsageError(f"cannot write {dest}: {exc.strerror or exc}") from None
    try:
        fh = _Naming(io.FileIO(fd, "wb"), dest)
        try:
            yield fh
        except BaseException:
            with suppress(OSError):  # its buffered tail is not wanted: what raised is what is said
                fh.close()
            raise
        fh.close()
        with suppress(OSError):  # (none yet: the new file keeps the writer's)
            keep_owner(tmp, os.stat(path))
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
