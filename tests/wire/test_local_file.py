"""A media part's (or file upload's) ``path`` naming no regular file (red team 56 F02).

lm15 reads the path with ``Path.read_bytes()`` whatever it names: ``/dev/zero`` from a ~150-byte
log record grew memory until ``MemoryError``, a FIFO blocked for ever. A device, FIFO or socket is
a :class:`lc.ValidationError` naming the path now (a deliberate departure from lm15:
docs/hostile-input.md), opened non-blocking so that a FIFO with no writer cannot block the check;
a regular file reads as before, a directory is still ``open``'s ``IsADirectoryError``.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

import lmcodec as lc

from ..hang_guard import within


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.png"
    os.mkfifo(path)
    return path


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "s.png"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        yield path


def test_a_device_is_refused_naming_the_path() -> None:
    part = lc.ImagePart(media_type="image/png", path=Path("/dev/null"))
    with pytest.raises(
        lc.ValidationError, match=r"ImagePart.path '/dev/null' is not a regular file \(a character device\)"
    ):
        part.bytes  # noqa: B018


def test_a_fifo_with_no_writer_is_refused_at_once(fifo: Path) -> None:
    part = lc.AudioPart(media_type="audio/wav", path=fifo)
    with within(5), pytest.raises(lc.ValidationError, match=r"is not a regular file \(a FIFO\)"):
        part.bytes  # noqa: B018


def test_a_socket_is_refused_as_open_fails_on_it(unix_socket: Path) -> None:
    """``open`` cannot open a socket (ENXIO): its OSError goes through, as for any path it refuses."""
    part = lc.ImagePart(media_type="image/png", path=unix_socket)
    with pytest.raises(OSError):
        part.bytes  # noqa: B018


def test_a_file_upload_path_too(fifo: Path) -> None:
    upload = lc.FileUploadRequest(filename="x.png", media_type="image/png", path=fifo)
    with within(5), pytest.raises(lc.ValidationError, match=r"FileUploadRequest\.path"):
        upload.bytes  # noqa: B018


def test_a_regular_file_reads_and_a_directory_is_open_s_error(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(b"\x89PNG")
    assert lc.ImagePart(media_type="image/png", path=tmp_path / "a.png").bytes == b"\x89PNG"
    with pytest.raises(IsADirectoryError):
        lc.ImagePart(media_type="image/png", path=tmp_path).bytes  # noqa: B018


@pytest.mark.parametrize("provider", ["openai", "openai_chat", "anthropic", "gemini"])
def test_a_directory_s_error_is_lm15_s_word_for_word(tmp_path: Path, provider: str) -> None:
    """The thorough profile drew ``path=Path('/')``: the error named the descriptor (``Is a
    directory: 172``) where lm15's ``Path.read_bytes()`` names the path."""
    with pytest.raises(IsADirectoryError) as theirs:
        tmp_path.read_bytes()
    request = lc.Request(
        model="gpt-4.1-mini"
        if provider.startswith("openai")
        else "claude-sonnet-4-5"
        if provider == "anthropic"
        else "gemini-2.5-flash",
        messages=(lc.Message(role="user", parts=(lc.ImagePart(media_type="image/png", path=tmp_path),)),),
    )
    with pytest.raises(IsADirectoryError) as ours:
        lc.build_request(provider, request)  # type: ignore[arg-type]
    assert str(ours.value) == str(theirs.value)
