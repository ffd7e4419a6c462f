"""Opening log files: paths, file objects and bytes; gzip and zstd chosen by suffix."""

from __future__ import annotations

import gzip
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

__all__ = ["open_read", "open_write"]

Source = str | os.PathLike[str] | bytes | bytearray | memoryview | IO[bytes]


def _zstd() -> Any:
    try:
        import zstandard
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise ImportError(
            "reading or writing .zst files needs the 'zstd' extra: pip install lmcodec[zstd]"
        ) from exc
    return zstandard


@contextmanager
def open_read(src: Source) -> Iterator[IO[bytes]]:
    """A binary reader over ``src``: a path (``.gz``/``.zst`` decompressed), bytes, or a file object."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        yield io.BytesIO(bytes(src))
        return
    if isinstance(src, (str, os.PathLike)):
        path = Path(src)
        if path.suffix == ".gz":
            with gzip.open(path, "rb") as fh:
                yield fh  # type: ignore[misc]
        elif path.suffix == ".zst":
            with path.open("rb") as raw:
                reader = _zstd().ZstdDecompressor().stream_reader(raw)
                with io.BufferedReader(reader) as fh:
                    yield fh
        else:
            with path.open("rb") as fh:
                yield fh
        return
    yield src


@contextmanager
def open_write(dest: str | os.PathLike[str] | IO[bytes]) -> Iterator[IO[bytes]]:
    """A binary writer to ``dest``: a path (``.gz``/``.zst`` compressed) or a file object."""
    if isinstance(dest, (str, os.PathLike)):
        path = Path(dest)
        if path.suffix == ".gz":
            with gzip.open(path, "wb") as fh:
                yield fh  # type: ignore[misc]
        elif path.suffix == ".zst":
            with path.open("wb") as raw:
                with _zstd().ZstdCompressor().stream_writer(raw) as fh:
                    yield fh
        else:
            with path.open("wb") as fh:
                yield fh
        return
    yield dest
