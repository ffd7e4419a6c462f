"""The bytes of a local file a media part's ``path`` names, read only when it is a regular file.

lm15 reads the path with ``Path.read_bytes()``, whatever it names: a ``path`` of ``/dev/zero`` in a
~150-byte log record grew memory until ``MemoryError`` (or the OOM killer), a FIFO's blocked for
ever (red team 56 F02). A device, FIFO or socket is refused here, a deliberate departure from lm15
(docs/hostile-input.md); the file is opened non-blocking, so that a FIFO cannot block the check.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from lmcodec.errors import ValidationError

__all__ = ["regular_file_bytes"]

_KINDS = (
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


def regular_file_bytes(path: Path, what: str) -> bytes:
    """The content of the file at ``path`` (``what`` names it in the refusal): the ``OSError`` of
    opening it as ``open``'s (a directory too: ``IsADirectoryError``), a
    :class:`ValidationError` for anything else that is not a regular file."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):  # (tested before open(fd): its own error would name the descriptor)
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a file")
            raise ValidationError(
                f"{what} {str(path)!r} is not a regular file ({kind}): a device, FIFO or socket is "
                "not read (it may never end)"
            )
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb") as fh:
        return fh.read()
