"""Files written under temporary names, put in place together: replacing what is there, or never.

``lc.dask.to_parquet`` writes its parts as ``.part-NNNNN.parquet.XXXXXXXX.partial`` and renames
them into place once every part is written. Without ``overwrite`` a rename must replace nothing,
also a file another run put there after the graph was built (red team 24 F01: ``os.replace``
swapped another run's part for this one's). Locally each is renamed without replacing, by a hard
link the kernel refuses over an existing name (then the temporary name unlinked), or where the
file system makes no hard links by claiming the name with ``O_EXCL`` first. Through fsspec (a
URL) there is no such move: each final name is checked, then moved (best effort: a file another
writer puts there between the two is replaced). A name taken refuses the whole set, the ones
already put in place removed again.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

__all__ = ["discard", "place_all", "remove_others", "rename_without_replacing"]


def _fs(url: str) -> tuple[Any, str]:
    import fsspec  # type: ignore[import-untyped, import-not-found, unused-ignore]

    fs, path = fsspec.core.url_to_fs(url)
    return fs, path


def rename_without_replacing(temporary: str, final: str) -> None:
    """Rename ``temporary`` to ``final``; ``FileExistsError`` (nothing changed) if ``final`` exists."""
    try:
        os.link(temporary, final)
    except FileExistsError:
        raise
    except OSError:  # no hard links here (FAT, some network mounts): claim the name, then replace it
        os.close(os.open(final, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            os.replace(temporary, final)
        except BaseException:
            with suppress(OSError):
                os.remove(final)
            raise
        return
    os.remove(temporary)


def _place(temporary: str, final: str, replace: bool) -> None:
    if "://" in final:
        fs, path = _fs(final)
        if not replace and fs.exists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), final)
        fs.mv(_fs(temporary)[1], path)
    elif replace:
        os.replace(temporary, final)
    else:
        try:
            rename_without_replacing(temporary, final)
        except FileExistsError:
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), final) from None


def place_all(parts: Sequence[tuple[str, str]], *, replace: bool) -> None:
    """Rename each (temporary, final) pair, local paths or URLs; with ``replace`` over what is
    there, without it all or none: a final name that exists is ``FileExistsError`` naming it,
    after the finals this call put in place are removed (the temporaries are the caller's). One
    file at a time: a process killed midway leaves the finals placed so far (review 15 F01)."""
    placed: list[str] = []
    try:
        for temporary, final in parts:
            _place(temporary, final, replace)
            placed.append(final)
    except BaseException:
        if not replace:
            discard(placed)
        raise


def discard(paths: Sequence[str]) -> None:
    """Remove each of ``paths`` that exists (local or a URL); what cannot be removed stays."""
    for path in paths:
        if "://" in path:
            fs, name = _fs(path)
            with suppress(OSError):
                fs.rm(name)
        else:
            with suppress(OSError):
                os.remove(path)


def remove_others(root: str, pattern: re.Pattern[str], keep: set[str]) -> None:
    """Remove the files of directory ``root`` (a path or a URL) whose name ``pattern`` matches
    whole, but for the names in ``keep``."""
    if "://" in root:
        fs, path = _fs(root)
        names = [(old, old.rsplit("/", 1)[-1]) for old in fs.ls(path, detail=False)]
        for old, name in names:
            if pattern.fullmatch(name) and name not in keep:
                fs.rm(old)
        return
    for name in os.listdir(root):
        if pattern.fullmatch(name) and name not in keep:
            os.remove(os.path.join(root, name))
