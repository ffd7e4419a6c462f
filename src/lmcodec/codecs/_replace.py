"""A path rewritten through a temporary file beside it, renamed over it when the writing ends.

A log filtered in place (``lc.jsonl.write(p, <lazy reader of p>)``) reads the file as it was:
opening the path for writing truncated it before the reader read a byte.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

__all__ = ["replaced_at_the_end"]


@contextmanager
def replaced_at_the_end(path: Path) -> Iterator[IO[bytes]]:
    """A binary file to write ``path``'s new content in: a temporary file beside it, renamed over
    it on leaving (see :func:`lmcodec.codecs.files.open_write`), or ``path`` itself opened in place."""
    try:
        mode: int | None = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError:  # let open() say what is wrong
        mode = 0
    if mode is not None and not stat.S_ISREG(mode):
        with path.open("wb") as raw:
            yield raw
        return
    if mode is not None and not os.access(path, os.W_OK):  # a rename would replace it regardless
        raise PermissionError(13, "Permission denied", str(path))
    real = Path(os.path.realpath(path))
    created = _temporary_beside(real)
    if created is None:
        with path.open("wb") as raw:
            yield raw
        return
    tmp, fd = created
    try:
        with os.fdopen(fd, "wb") as raw:
            yield raw
    finally:
        try:
            if mode is not None:
                os.chmod(tmp, stat.S_IMODE(mode))
            os.replace(tmp, real)
        except OSError:
            with suppress(OSError):
                os.unlink(tmp)
            raise


def _temporary_beside(path: Path) -> tuple[str, int] | None:
    """A new file beside ``path`` (its name and descriptor), created with the mode open() gives a
    new file (0o666 less the umask); None when the directory takes no new file."""
    for _ in range(100):
        tmp = str(path.with_name(f".{path.name}.{secrets.token_hex(4)}.partial"))
        try:
            return tmp, os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:
            continue
        except OSError:
            return None
    return None
