"""The ids the OpenAI writers mint (``resp_``, ``chatcmpl-``, and the Responses items' ``msg_`` /
``rs_``) differ between processes forked after import (red team 48 F02): a forked child draws its
own random part at the fork (``os.register_at_fork``), where it had the parent's, counter and all,
and two workers of one gateway wrote the same ids in the same order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

# Imports lmcodec, mints an id, forks two children that each write a Responses and a Chat stream
# with minted ids, and prints each child's ids on a line of its own.
_FORKING = r"""
import os, re, sys
import lmcodec as lc
from lmcodec.wire import StreamDeltaEvent, StreamEndEvent, StreamStartEvent, TextDelta
events = [  # a start without an id, as from a Gemini stream without responseId
    StreamStartEvent(model="m"),
    StreamDeltaEvent(delta=TextDelta(part_index=0, text="Hello")),
    StreamEndEvent(finish_reason="stop"),
]
lc.stream.Encoder("openai").feed(events[0])  # (the parent mints first: its counter moves)
def ids():
    out = b"".join(lc.stream.encode("openai", events)) + b"".join(lc.stream.encode("openai_chat", events))
    return sorted(set(re.findall(rb'"((?:resp|msg|rs|chatcmpl)[_-][0-9a-f]{24,})"', out)))
read, write = os.pipe()
for _ in range(2):
    if os.fork() == 0:
        os.write(write, b" ".join(ids()) + b"\n")
        os._exit(0)
os.close(write)
for _ in range(2):
    os.wait()
sys.stdout.buffer.write(os.read(read, 1 << 16))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no fork")
def test_children_forked_after_import_mint_ids_no_other_child_mints() -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    run = subprocess.run(
        [sys.executable, "-c", _FORKING], capture_output=True, env=env, timeout=120, check=True
    )
    children = [line.split() for line in run.stdout.splitlines()]
    assert len(children) == 2, run
    first, second = children
    # each child wrote a response id, a message item id and a completion id
    assert [sorted({i.split(b"_")[0].split(b"-")[0] for i in c}) for c in children] == [
        [b"chatcmpl", b"msg", b"resp"]
    ] * 2
    assert not set(first) & set(second), children
