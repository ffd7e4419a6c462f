"""A path rewritten through a temporary file beside it, renamed over it when the writing ends.

A log filtered in place (``lc.jsonl.write(p, <lazy reader of p>)``) reads the file as it was:
opening the path for writing truncated it before the reader read a byte. The rename happens only
once the temporary file is written whole and closed. Over an existing file, any exception (the
records' iterator raising, a record that cannot be encoded, a full disk: ENOSPC, EFBIG, Ctrl-C)
removes the temporary file and keeps the old one, which holds every record the writing did not
reach (review 9: a log filtered in place whose reader raised at line 10 was replaced by the 9
records before it). On a new path, an exception of the records leaves the records written before
it as the file (hostile-input L5); a failing file or an interrupted write (KeyboardInterrupt,
SystemExit: any BaseException that is no Exception) leaves no file, as the last record may be cut.

A path that is the file of an open standard stream (``/dev/stdout``, ``/dev/fd/1``, ``/dev/stderr``,
``/proc/self/fd/2``, or the name of the file the shell redirected fd 1 or 2 to), or that names
another open descriptor (``/dev/fd/3`` after ``3>> log``, however spelled: ``//dev/fd/3``,
``/dev/fd/../fd/3``, ``/dev/stdin``, a symlink to one), is written through that descriptor, as a
shell redirection writes: appended under ``>>``, at the stream's offset under ``>``. Its real path
is the redirect target: a rename over it replaced the file the shell had open and the script's
output with it (red team 38 F03). A named descriptor open for reading only, or on a directory, is
refused with the ``OSError`` naming the path (red team 45 F03: ``/dev/stdin`` after ``< log``
replaced the file the user opened read-only). Another FIFO or device is opened in place; a
symlink to a regular file has its target replaced, the link kept. So is not another process's
descriptor (``/proc/<pid>/fd/N``): its link names the file only as it was when opened (``log
(deleted)`` once unlinked), and the process writes on into the file it holds, so the path is
opened in place, as ``cat > /proc/<pid>/fd/N`` opens it, and so is a symlink to such an entry
(red team 49 F03) (rtfix52's left item: the file was
replaced, the process's later writes went to the file no name held, and an unlinked one came
back as a new file named ``log (deleted)``).
"""

from __future__ import annotations

import errno
import io
import os
import re
import secrets
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any, Final

if sys.platform != "win32":  # no descriptor flags to read on Windows: its writes fail there instead
    import fcntl

__all__ = [
    "descriptor_named",
    "held_by_another_process",
    "keep_owner",
    "refuse_a_directory_name",
    "refuse_unwritable_descriptor",
    "replaced_at_the_end",
    "standard_stream_of",
    "temporary_beside",
    "written_through",
]

_STANDARD_STREAMS = (1, 2)
"""The descriptors a path is compared with: the streams a shell redirects output to."""
_DESCRIPTOR_DIRECTORIES: Final = ("/dev/fd", "/proc/self/fd", "/proc/thread-self/fd")
"""The directories whose entry N is descriptor N itself, as their real paths are compared."""
_PROCESS_DESCRIPTORS: Final = re.compile(r"/proc/[0-9]+(?:/task/[0-9]+)?/fd")
"""The real path of a process's (or thread's) descriptor directory."""
_LINKS_FOLLOWED: Final = 40
"""As many symlinks as Linux follows in one path (past that, ELOOP): a loop ends."""


def standard_stream_of(dest: str | os.PathLike[str]) -> int | None:
    """The descriptor whose open file ``dest`` is (the same device and inode): 1 or 2, whatever
    the name; or N, for a path that names descriptor N itself (:func:`descriptor_named`: a file
    the shell opened for the user, ``3>> log``). None where there is no such file or descriptor."""
    try:
        mine = os.stat(dest)
    except (OSError, ValueError):
        return None
    named = descriptor_named(dest)
    for fd in _STANDARD_STREAMS if named is None else (named, *_STANDARD_STREAMS):
        try:
            theirs = os.fstat(fd)
        except OSError:
            continue
        if (theirs.st_dev, theirs.st_ino) == (mine.st_dev, mine.st_ino):
            return fd
    return None


def descriptor_named(dest: str | os.PathLike[str]) -> int | None:
    """N, where ``dest`` is an entry of this process's descriptor directory (``/dev/fd/N``,
    ``/proc/self/fd/N``) by what it is, not how it is spelled: its directory compared by real
    path (``//dev/fd/3``, ``/dev/./fd/3``, ``/dev/fd/../fd/3``), a symlink to such an entry
    followed (``/dev/stdin``) but never the entry itself (its target is the file behind the
    descriptor). Red team 45 F03: the literal text was matched, so other spellings replaced the
    file the descriptor was open on. None for any other path."""
    try:
        name = os.fsdecode(dest)
        for _ in range(_LINKS_FOLLOWED):
            folder, last = os.path.split(name)
            numeric = last.isdigit() and last.isascii()
            # Real paths only for a numeric name: a log's path costs one lstat (a realpath is tens).
            if numeric and os.path.realpath(folder or ".") in _descriptor_directories():
                return int(last)
            if not os.path.islink(name):
                return None
            name = os.path.join(folder, os.readlink(name))
    except (OSError, ValueError):
        return None
    return None


def held_by_another_process(dest: str | os.PathLike[str]) -> bool:
    """Whether ``dest`` is an entry of another process's descriptor directory (``/proc/<pid>/fd/N``,
    its directory compared by real path; this process's own are :func:`descriptor_named`'s), or a
    symlink to one (followed as :func:`descriptor_named` follows them, never past the entry: red
    team 49 F03, ``app.out -> /proc/<pid>/fd/3`` was replaced): a file that process holds open,
    opened in place (see the module docstring)."""
    try:
        name = os.fsdecode(dest)
        for _ in range(_LINKS_FOLLOWED):
            if name[-1:].isdigit():  # (a log's path: one test and one lstat, no split, no real path)
                folder, last = os.path.split(name)
                numeric = last.isdigit() and last.isascii()
                if numeric and _PROCESS_DESCRIPTORS.fullmatch(os.path.realpath(folder or ".")):
                    return True
            if not os.path.islink(name):
                return False
            name = os.path.join(os.path.dirname(name), os.readlink(name))
    except (OSError, ValueError):
        return False
    return False


def _descriptor_directories() -> set[str]:
    """The real paths of this process's (and thread's) descriptor directories."""
    return {os.path.realpath(d) for d in _DESCRIPTOR_DIRECTORIES if os.path.isdir(d)}


def refuse_unwritable_descriptor(fd: int, name: str | os.PathLike[str]) -> None:
    """The ``OSError`` naming ``name`` where descriptor ``fd`` cannot take a write: open for
    reading only (``< log``: writing failed with EBADF, or a spelling that was not matched
    replaced the file the user opened read-only; red team 45 F03) or on a directory (``3< .``:
    the error named lmcodec's own dup, "4: Is a directory"; red team 45 F04)."""
    path = os.fspath(name)
    if stat.S_ISDIR(os.fstat(fd).st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if sys.platform != "win32" and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
        reason = f"{os.strerror(errno.EBADF)} (descriptor {fd} is open for reading only)"
        raise OSError(errno.EBADF, reason, path)


@contextmanager
def written_through(fd: int, name: str | os.PathLike[str]) -> Iterator[io.FileIO]:
    """An unbuffered writer into a copy of descriptor ``fd`` (its open file shared: its offset,
    its append mode), closed at the end; ``fd`` stays open. What Python's own ``sys.stdout`` /
    ``sys.stderr`` hold for ``fd`` is flushed first, so the bytes stay in order. A descriptor
    that takes no write is refused first, naming ``name`` (:func:`refuse_unwritable_descriptor`)."""
    refuse_unwritable_descriptor(fd, name)
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError, AttributeError):  # replaced, closed or fileno-less streams
            if stream is not None and stream.fileno() == fd:
                stream.flush()
    with io.FileIO(os.dup(fd), "wb") as raw:
        yield raw


def refuse_a_directory_name(dest: str | os.PathLike[str]) -> None:
    """The ``OSError`` ``open(dest, "wb")`` raises when ``dest`` names a directory by its form
    (``out/``, ``out/.``, ``out/..``): ``pathlib.Path`` drops a trailing slash and ``.``, so
    ``Path("x/")`` wrote (or replaced) the file ``x``, which the caller did not name (red team 23
    F01). IsADirectoryError for a trailing slash; for ``x/.`` the error of stat() where x is no
    directory (NotADirectoryError, FileNotFoundError), else IsADirectoryError: as open() says on
    Linux. The empty name: FileNotFoundError, as open("") says."""
    name = os.fspath(dest)
    if not name:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), name)
    last = os.path.basename(name)
    if last not in ("", ".", ".."):
        return
    if last:  # "x/.": stat's error where x is no directory
        os.stat(name)
    raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), name)


@contextmanager
def replaced_at_the_end(dest: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary file to write ``dest``'s new content in: a temporary file beside it, renamed over
    it when the block ends without an exception (on a new path, also after an exception of the
    records; see the module docstring and :func:`lmcodec.codecs.files.open_write`), or ``dest``
    itself opened in place; the file of a standard stream, written through it
    (:func:`standard_stream_of`). A name of a directory's form (``out/``) is refused as open()
    refuses it."""
    refuse_a_directory_name(dest)
    stream = standard_stream_of(dest)
    if stream is not None:
        with written_through(stream, dest) as through, io.BufferedWriter(through) as buffered:
            yield buffered
        return
    path = Path(dest)
    old: os.stat_result | None = None
    try:
        old = os.stat(path)
        mode: int | None = old.st_mode
    except FileNotFoundError:
        mode = None
    except OSError:  # let open() say what is wrong
        mode = 0
    if mode is not None and (not stat.S_ISREG(mode) or held_by_another_process(dest)):
        with path.open("wb") as raw:
            yield raw
        return
    if mode is not None and not os.access(path, os.W_OK):  # a rename would replace it regardless
        raise PermissionError(13, "Permission denied", str(path))
    real = Path(os.path.realpath(path))
    try:
        tmp, fd = temporary_beside(real)
    except OSError:  # the directory takes no new file
        with path.open("wb") as raw:
            yield raw
        return
    raw = _Destination(fd)
    records_error: Exception | None = None
    try:
        try:
            yield raw
        except Exception as exc:
            if mode is not None or raw.failed:  # the old file holds what was not written
                raise
            records_error = exc  # a new path: the records before their failure are the file (L5)
        raw.close()
        if old is not None:
            keep_owner(tmp, old)
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
        os.replace(tmp, real)
    except BaseException:  # the old file stays (none, on a new path)
        with suppress(OSError):
            raw.close()
        with suppress(OSError):
            os.unlink(tmp)
        raise
    if records_error is not None:
        raise records_error


class _Destination(io.BufferedWriter):
    """The temporary file, which remembers whether writing to it failed: on a new path that
    failure (a full disk) leaves no file, where an exception of the records leaves the records
    before it."""

    def __init__(self, fd: int) -> None:
        super().__init__(io.FileIO(fd, "wb"))
        self.failed = False

    def write(self, data: Any, /) -> int:
        try:
            return super().write(data)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            super().flush()
        except OSError:
            self.failed = True
            raise


def keep_owner(tmp: str, old: os.stat_result) -> None:
    """Give the temporary file the owner and group of the file it replaces, where the writer may
    (root, or a group the writer is in): a rename left another user's file owned by the writer
    (red team 23 F04: 1234:1234 -> 0:0). Best effort: any OSError of chown leaves the writer's
    owner (EPERM; EINVAL for an owner a user namespace does not map, review 14 F04; EOPNOTSUPP on
    some mounts). Before the mode is set: chown clears set-id bits."""
    here = os.stat(tmp)
    if (here.st_uid, here.st_gid) != (old.st_uid, old.st_gid):
        with suppress(OSError):
            os.chown(tmp, old.st_uid, old.st_gid)


def temporary_beside(path: Path) -> tuple[str, int]:
    """A new file beside ``path`` (its name and descriptor): ``.NAME.XXXXXXXX.partial``, created
    with the mode open() gives a new file (0o666 less the umask); the ``OSError`` of a directory
    that takes no new file. The library's writers and the command's share it (the command writes
    DEST's, compressed by DEST's name, in place: one temporary file a destination)."""
    name = _name_that_fits(path)
    for _ in range(100):
        tmp = str(path.with_name(f".{name}.{secrets.token_hex(4)}.partial"))
        try:
            return tmp, os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(17, "File exists (100 temporary names tried)", str(path))


_ADDED = len(".") + len(".") + 8 + len(".partial")  # the bytes the temporary name adds to NAME


def _name_that_fits(path: Path) -> str:
    """``path``'s name, cut so that the temporary name fits the directory's name limit: for a NAME
    of 238 bytes or more (255 allowed) no temporary file could be made, and the path was written
    in place (red team 12 F19: a log filtered in place came out empty); the command refused such
    a DEST, "File name too long"."""
    try:
        limit = os.pathconf(path.parent, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no such query here
        limit = 255
    name = path.name
    while name and len(os.fsencode(name)) > limit - _ADDED:
        name = name[:-1]
    return name
