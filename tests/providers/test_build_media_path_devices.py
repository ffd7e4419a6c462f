"""``build_request`` of a media part whose ``path`` names a device or a FIFO (red team 56 F02):
lm15 reads it without bound (``/dev/zero``: memory until MemoryError; a FIFO: blocked for ever);
lmcodec refuses it on every wire with a ValidationError naming the path, in bounded time. The
refusal is a departure from lm15 (docs/hostile-input.md): the other unreadable paths still fail
as lm15's do (tests/providers/test_build_media_path.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import lmcodec as lc

from .test_build_media_path import PROVIDERS, _request

CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # /dev/zero read whole: MemoryError
import lmcodec as lc
from pathlib import Path
part = lc.ImagePart(media_type="image/png", path=Path(sys.argv[2]))
request = lc.Request(model="m", messages=[lc.Message.user([lc.TextPart(text="see"), part])])
try:
    lc.build_request(sys.argv[1], request)
except lc.ValidationError as exc:
    print(exc)
"""


@pytest.mark.parametrize("provider", PROVIDERS)
def test_dev_null_is_refused_naming_the_path(provider: str) -> None:
    image = lc.ImagePart(media_type="image/png", path=Path("/dev/null"))
    with pytest.raises(lc.ValidationError, match=r"the image part's path '/dev/null' is not a regular file"):
        lc.build_request(provider, _request(provider, image))


@pytest.mark.parametrize("provider", ["anthropic", "gemini"])
@pytest.mark.parametrize("path", ["/dev/zero", "fifo"])
def test_an_endless_path_is_refused_in_bounded_time(provider: str, path: str, tmp_path: Path) -> None:
    """In a child process with a time limit: before the fix it grew until MemoryError (/dev/zero)
    or blocked (a FIFO with no writer)."""
    if path == "fifo":
        path = str(tmp_path / "pipe.png")
        os.mkfifo(path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.run(
        [sys.executable, "-c", CHILD, provider, path], capture_output=True, text=True, timeout=30, env=env
    )
    assert child.returncode == 0, child.stderr[-400:]
    assert "is not a regular file" in child.stdout
